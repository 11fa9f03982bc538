// What the hooks keep of the page around a list: the element that scrolls it (a sentinel's
// nearest scrollable ancestor), the user's gestures toward a sentinel, and `restore`'s entries
// in sessionStorage. Part of controller.ts, in a file of its own for its size; browser only
// (called from `start()` on, never during a server render).
// `restore`: a list's window and scroll position in sessionStorage, by name and key.

export interface Entry {
  snapshot: { items: unknown[]; state: string; firstIndex: number };
  scroll: number; // the scroll container's scrollTop (or the window's scrollY)
  row?: number | undefined; // the row at the top of the view (its index in the items) and how far
  offset?: number | undefined; // below the top it started: what puts it back, whatever else moved
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
    const place = e?.row === undefined || (Number.isInteger(e.row) && typeof e.offset === "number");
    if (e && typeof e === "object" && e.snapshot && Array.isArray(e.snapshot.items) && typeof e.snapshot.state === "string" && typeof e.scroll === "number" && place) entry = e;
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

// Keeping the user's place when rows go on top of the list or leave from above it: before the
// framework renders a change, the row at the top of the view and where it is; after, the
// container scrolls by as much as that row moved. The rows are the children of the element
// under the sentinels' parent that has one child per item shown, all of one tag, sentinels
// aside (a <ul> of <li>s, a <tbody> of <tr>s, or the sentinels' parent itself); a list rendered
// otherwise (a virtualizer renders fewer rows) is left alone: its own place keeping
// (firstIndex) holds.
export interface Place {
  row: Element;
  top: number; // its top in the viewport
  index: number; // its index among the rows
  offset: number; // how far below the top of the view it starts
}
// How many elements the search for the rows looks at, at most (a list's rows sit a level or
// two under the sentinels' parent; this bounds the work for any markup).
const ROWS_SEARCH = 256;

// Where a list's rows are: under `scope`, the sentinels' nearest common parent (the sentinels
// themselves aside), scrolled by `root` (undefined: the window).
export interface Where {
  scope: Element;
  sentinels: Element[];
  root: Element | undefined;
}
// The sentinels in the document now, or else where they were last (a list at its end may
// render none), if that is still in the document.
export function whereOf(sentinels: readonly (Element | undefined)[], root: Element | undefined, last: Where | undefined): Where | undefined {
  const present = sentinels.filter((e): e is Element => e !== undefined && e.isConnected);
  let scope = present[0]?.parentElement ?? null;
  while (scope !== null && !present.every((e) => scope!.contains(e))) scope = scope.parentElement;
  if (scope !== null) return { scope, sentinels: present, root };
  return last?.scope.isConnected ? last : undefined;
}

export function placeOf(where: Where | undefined, shown: number): Place | undefined {
  const rows = where && rowsUnder(where.scope, shown, where.sentinels);
  if (rows === undefined) return undefined;
  // The first row whose bottom is below the top of the view (rows go down the page in order).
  const viewTop = topOf(where!.root);
  let lo = 0, hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((rows[mid] as Element).getBoundingClientRect().bottom > viewTop + 0.5) hi = mid;
    else lo = mid + 1;
  }
  const row = rows[lo];
  if (row === undefined) return undefined;
  const top = row.getBoundingClientRect().top;
  return { row, top, index: lo, offset: top - viewTop };
}

// Puts a restored list back: the scroll position saved, then the row that was at the top of the
// view where it was (content above the list, or the rows' heights, may have changed since).
export function putBack(entry: Entry, where: Where | undefined, shown: number): void {
  const root = where?.root;
  if (root !== undefined) root.scrollTop = entry.scroll;
  else window.scrollTo(0, entry.scroll);
  const row = entry.row === undefined || where === undefined ? undefined : rowsUnder(where.scope, shown, where.sentinels)?.[entry.row];
  if (row !== undefined) keepPlace(row, topOf(root) + entry.offset!, root);
}

// The top of the view: the scroll container's inner top, or the window's.
const topOf = (root: Element | undefined): number => (root === undefined ? 0 : root.getBoundingClientRect().top + root.clientTop);

function rowsUnder(scope: Element, shown: number, sentinels: readonly Element[]): Element[] | undefined {
  if (shown === 0) return undefined;
  const queue = [scope];
  for (let i = 0; i < queue.length && i < ROWS_SEARCH; i++) {
    const e = queue[i] as Element;
    const children = Array.from(e.children).filter((c) => !sentinels.includes(c));
    if (children.length === shown && children.every((c) => c.tagName === (children[0] as Element).tagName)) return children;
    queue.push(...children);
  }
  return undefined;
}

// Scrolls by as much as `row` moved from `top` (its top in the viewport before a change, or
// where it belongs): back where it was.
export function keepPlace(row: Element, top: number, root: Element | undefined): void {
  if (!row.isConnected) return;
  const moved = row.getBoundingClientRect().top - top;
  if (Math.abs(moved) < 0.5) return;
  if (root !== undefined) root.scrollTop += moved;
  else window.scrollBy(0, moved);
}
