// What the hooks keep of the page around a list: the element that scrolls it (a sentinel's
// nearest scrollable ancestor), the user's gestures toward a sentinel, and `restore`'s entries
// in sessionStorage. Part of controller.ts, in a file of its own for its size; browser only
// (called from `start()` on, never during a server render).
// `restore`: a list's window and scroll position in sessionStorage, by name and key.

export interface Entry {
  snapshot: { items: unknown[]; state: string; firstIndex: number };
  scroll: number;
}
export interface Saved {
  entry: Entry | undefined;
  write(entry: Entry): void;
  drop(): void;
}
// The entries are bounded: the most recent RESTORE_ENTRIES names and keys are kept.
const RESTORE_PREFIX = "pagecursor.restore:";
const RESTORE_INDEX = "pagecursor.restore";
const RESTORE_ENTRIES = 16;

export function savedAt(name: string, key: string): Saved {
  const id = `${RESTORE_PREFIX}${name}:${key}`;
  const storage = typeof sessionStorage === "object" ? sessionStorage : undefined;
  let entry: Entry | undefined;
  try {
    const text = storage?.getItem(id);
    const value: unknown = text ? JSON.parse(text) : undefined;
    const e = value as Entry | undefined;
    if (e && typeof e === "object" && e.snapshot && Array.isArray(e.snapshot.items) && typeof e.snapshot.state === "string" && typeof e.scroll === "number") entry = e;
    else if (text) storage?.removeItem(id);
  } catch {
    try {
      storage?.removeItem(id);
    } catch {}
  }
  return {
    entry,
    write(e: Entry) {
      if (storage === undefined) return;
      let ids: string[] = [];
      try {
        const list: unknown = JSON.parse(storage.getItem(RESTORE_INDEX) ?? "[]");
        if (Array.isArray(list)) ids = list.filter((x): x is string => typeof x === "string" && x !== id);
      } catch {}
      ids.push(id);
      while (ids.length > RESTORE_ENTRIES) storage.removeItem(ids.shift()!);
      storage.setItem(id, JSON.stringify(e));
      storage.setItem(RESTORE_INDEX, JSON.stringify(ids));
    },
    drop() {
      try {
        storage?.removeItem(id);
      } catch {}
    },
  };
}

// The events onIntent reads, added on start and removed on stop as one list.
export const INTENTS = ["wheel", "keydown", "touchstart", "touchmove"];
export const KEYS_UP = new Set(["ArrowUp", "PageUp", "Home"]);
export const KEYS_DOWN = new Set(["ArrowDown", "PageDown", "End", " "]);

// The element that scrolls the sentinel (its nearest ancestor with overflow auto or scroll),
// or undefined for the document: a wheel or key counts toward a sentinel only inside it.
export function scrollRoot(element: Element): Element | undefined {
  for (let e = element.parentElement; e !== null && e !== document.body && e !== document.documentElement; e = e.parentElement) {
    const overflow = getComputedStyle(e).overflowY;
    if (overflow === "auto" || overflow === "scroll") return e;
  }
  return undefined;
}
export function inside(root: Element | undefined, target: EventTarget | null): boolean {
  if (root === undefined) return true;
  return target instanceof Node && (root === target || root.contains(target) || target === document.body || target === document.documentElement);
}


// Whether a gesture goes toward the top (true), the bottom (false) or neither (undefined): a
// wheel's direction, a key's, or a finger dragged since the last touch (`touch.touchY`).
export function towardTop(event: Event, touch: { touchY: number | undefined }): boolean | undefined {
  if (event.type === "wheel") return (event as WheelEvent).deltaY < 0 ? true : (event as WheelEvent).deltaY > 0 ? false : undefined;
  if (event.type === "keydown") {
    const { key, shiftKey } = event as KeyboardEvent;
    return KEYS_UP.has(key) || (key === " " && shiftKey) ? true : KEYS_DOWN.has(key) ? false : undefined;
  }
  const y = (event as TouchEvent).touches?.[0]?.clientY;
  const up = event.type === "touchmove" && typeof y === "number" && typeof touch.touchY === "number" && y !== touch.touchY ? y > touch.touchY : undefined;
  touch.touchY = y;
  return up;
}
