// Pull-to-refresh for the feed of the demo's React and Vue pages: a finger put down while the
// feed's box is scrolled to its top, dragged down by more than PULL_PX and lifted calls
// `refresh` (the pages call `refresh("head")`). The listeners are passive, so they never hold
// up scrolling; the box's `overscroll-behavior-y: contain` (style.css, `.pull-area`) keeps the
// drag from scrolling the page or setting off the browser's own pull-to-refresh, a reload.
// The Refresh button does the same for a mouse, a keyboard or a screen reader.

/** How far down a finger must drag before lifting it refreshes. */
export const PULL_PX = 64;

/**
 * Watches `box` for the gesture. `show(state)` hears what the hint should say: "pull" (dragging,
 * not far enough yet), "release" (lifting now refreshes) or "" (no pull). Returns the function
 * that stops watching.
 */
export function pullToRefresh(box, { refresh, show }) {
  let startY; // where the finger went down, when that was at the top of the box
  let state = "";
  const set = (next) => {
    if (next !== state) show((state = next));
  };
  const down = (event) => {
    startY = event.touches.length === 1 && box.scrollTop <= 0 ? event.touches[0].clientY : undefined;
    set("");
  };
  const move = (event) => {
    if (startY === undefined) return;
    // A second finger, or a drag that scrolled the box after all (it went up first): not a pull.
    if (event.touches.length !== 1 || box.scrollTop > 0) {
      startY = undefined;
      set("");
      return;
    }
    const pulled = event.touches[0].clientY - startY;
    set(pulled > PULL_PX ? "release" : pulled > 0 ? "pull" : "");
  };
  const up = () => {
    const release = state === "release";
    startY = undefined;
    set("");
    if (release) refresh();
  };
  const cancel = () => {
    startY = undefined;
    set("");
  };
  const listeners = [["touchstart", down], ["touchmove", move], ["touchend", up], ["touchcancel", cancel]];
  for (const [type, listener] of listeners) box.addEventListener(type, listener, { passive: true });
  return () => {
    for (const [type, listener] of listeners) box.removeEventListener(type, listener);
  };
}
