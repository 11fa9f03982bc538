// What an InfiniteList holds for one wasm list (its `View`) and everything that applies the
// core list's answers to it: making the wasm list and the view (from options, a saved state
// or a snapshot's items), a chunk's paginator options from the core's plan, running a load
// with the paginator's driver (`runLoad`), laying a load's items out by chunk id, and the
// edits of the window. infinite.ts holds the class users hold around it. May call the glue's
// wasm InfiniteList, the paginator (runLoad, checkOptions, the walk's key copies), the error
// factories and codec-of.
import { InfiniteList as WasmList, type InfiniteLoad, type ListLoadKind } from "./pagecursor.js";
import type { FetchPage, InfiniteListOptions } from "./index.js";
import { checkOptions, runLoad, type Lists, type ListLoad } from "./paginator.js";
import { at as valueAt, copyKey } from "./user-values.js";
import { BACKWARD } from "./walk-options.js";
import { makeArgumentError } from "./errors.js";
import { codecOf } from "./codec-of.js";

// Captured at load: a listener's own `call` (or a patched Function.prototype.call) never runs,
// and a page that replaces Object.assign later changes no chunk's options.
export const apply = Reflect.apply, define = Object.defineProperty, assign = Object.assign, remove = Reflect.deleteProperty;
// An own data property: defined, so no setter planted on a prototype runs (the descriptor has
// no prototype, so a planted `get` or `set` is not read either).
export const field = (value: unknown) => ({ __proto__: null, value, writable: true, enumerable: true, configurable: true }) as PropertyDescriptor;
const BOUNDS = ["chunkItems", "maxChunks", "maxItems", "maxPages", "initial"];

// The paginator options of one chunk: the user's `options`, bounded to `maxItems` items (one
// page without) and started at `resumeToken`, as the core's plan says. Copying the options
// runs the user's getters: a getter that throws at a later load is that load's error.
function chunkOptions(options: unknown, maxItems: number | undefined, resumeToken: string | undefined): Record<string, unknown> {
  const opts = {};
  if (typeof options === "object" && options !== null) assign(opts, options);
  for (let i = 0; i < BOUNDS.length; i++) remove(opts, BOUNDS[i]);
  if (maxItems === undefined) define(opts, "maxPages", field(1));
  else define(opts, "maxItems", field(maxItems));
  if (resumeToken !== undefined) define(opts, "resumeToken", field(resumeToken));
  return opts;
}

// Whether a walk with these (copied) chunk options reads a page without user functions or a
// response body: reading a page again then finds the same items and token (the core keeps a
// cut page for the next chunk only then).
const rereadable = (o: Record<string, unknown>) => o.preset !== "link" && typeof o.items !== "function" && typeof o.next !== "function" && typeof o.more !== "function";

// What the JS list holds for one wasm list (reset() makes a new one of each): the user's
// fetchPage (guarded) and options, the items of the chunks in memory by chunk id
// (`chunks[id - first]`) and their concatenation (the same array until the next load, so UI
// frameworks can compare snapshots by identity), the page the core kept for the next chunk
// with its request token, the promise of the load started last, and what the list's pages
// showed of the items location (`lists`, across its loads). A load writes to the view it
// started in: a load that reset() made stale changes nothing the list shows. The wasm list
// holds no JS value, so nothing here keeps the JS list alive.
export interface View {
  fetchPage: FetchPage<any, unknown>;
  options: InfiniteListOptions | undefined;
  // options.itemKey as read once when the view was made: a dotted path, split, or a function.
  itemKey: string[] | Function | undefined;
  first: number;
  chunks: unknown[][];
  items: unknown[];
  kept: [unknown, unknown] | undefined;
  tail: Promise<any[]> | undefined;
  lists: Lists;
}

// A wasm list and its view (`saved`: restored from `state`; `initial`: a snapshot's items and
// state, shown at once). The core reads the options it owns (chunkItems, maxChunks, scope, the
// saved state); then the driver checks the paginator's options as `paginate` would, without
// making a walk, and the core refuses what a walk refuses of the driver's copy of the scope: a
// bad option fails here, as it would fail `paginate`.
export function make(fetchPage: FetchPage<any, unknown>, options: InfiniteListOptions | undefined, saved?: boolean, state?: unknown, initial?: Snapshot): [WasmList, View] {
  const codec = codecOf(options, true);
  const itemKey = readItemKey(options);
  let wasm: WasmList;
  if (initial !== undefined) {
    const keys = itemKey === undefined ? undefined : initial.items.map((item) => keyCopy(itemKey, item, "InfiniteList: initial"));
    wasm = WasmList.withItems(initial.state, fetchPage, options, codec, keys, initial.items.length);
  } else {
    wasm = saved ? WasmList.from(state, fetchPage, options, codec) : new WasmList(fetchPage, options, codec);
  }
  try {
    wasm.checkScope(checkOptions(fetchPage, chunkOptions(options, wasm.chunkItems, undefined)));
  } catch (err) {
    wasm.free();
    throw err;
  }
  const view: View = { fetchPage, options, itemKey, first: 0, chunks: [], items: [], kept: undefined, tail: undefined, lists: { seen: false } };
  if (initial !== undefined) layOut(view, wasm.windowStart, wasm.windowStart, wasm.counts(), initial.items);
  return [wasm, view];
}

// options.itemKey, read once: a dotted path (split) or a function; undefined without.
function readItemKey(options: InfiniteListOptions | undefined): string[] | Function | undefined {
  const key: unknown = typeof options === "object" && options !== null ? options.itemKey : undefined;
  if (typeof key === "string") return key.split(".").filter((p) => p !== "");
  return typeof key === "function" ? key : undefined;
}

// The driver's copy of `item`'s key, as the walk copies a page item's key (the paginator checked
// options.itemKey when the list was made): a TypeError when it has none, or none a cursor
// carries exactly.
export function keyCopy(itemKey: string[] | Function, item: unknown, what: string): unknown {
  const key = typeof itemKey === "function" ? apply(itemKey, undefined, [item]) : valueAt(item, itemKey, undefined);
  const copy = copyKey(key);
  if (typeof copy === "symbol") throw makeArgumentError(false, `${what}: an item's key (options.itemKey) is not a cursor value: ${String(key)}`);
  return copy;
}

// A key given to update() or remove(), copied as the walk copies keys.
export function givenKey(key: unknown, what: string): unknown {
  const copy = copyKey(key);
  if (typeof copy === "symbol") throw makeArgumentError(false, `InfiniteList.${what}: the key is not a cursor value: ${String(key)}`);
  return copy;
}

// Starts a load of the wasm list (`more`: loadMore) and answers its promise: the promise of
// the load that runs when the core joins this call to it; otherwise a new load, which runs
// after the one started before it settled.
export function start(wasm: WasmList, view: View, kind: ListLoadKind): Promise<any[]> {
  const load = wasm.start(kind);
  if (load === undefined) return view.tail!;
  return (view.tail = runLoad(chunkLoad(load, view), view.tail, view.lists) as Promise<any[]>);
}

// One load as the driver's runLoad runs it: asks the core, and applies its answers to `view`.
function chunkLoad(load: InfiniteLoad, view: View): ListLoad {
  let items: unknown[] = [], reread = false;
  return {
    begin() {
      if (!load.begin()) return undefined;
      // The core took the kept page for this load or let it go: either way it is no longer kept.
      const kept = view.kept;
      view.kept = undefined;
      const options = chunkOptions(view.options, load.want, load.start);
      // A chunk before the origin: a walk that follows the pages' previous tokens.
      if (load.backward) define(options, BACKWARD, field(true));
      reread = rereadable(options);
      const [token, page] = load.reusesPage ? kept! : [undefined, undefined];
      return { fetchPage: view.fetchPage, options, token, page };
    },
    loaded(walked, resumeToken, token, page, keys, prev) {
      const more = load.walked(walked.length, resumeToken, keys, token !== undefined, reread, prev);
      const keep = load.keep;
      // The items of every walk of the load, in order (a fill or a refresh walks again).
      if (keep === undefined && items.length === 0) items = walked;
      else for (let i = 0, n = items.length; i < walked.length; i++) if (keep === undefined || keep[i]) define(items, n++, field(walked[i]));
      if (more !== undefined) return more;
      // A backward walk handed out the chunk's items last first.
      if (load.backward) items = items.slice().reverse();
      const counts = load.counts, onTop = load.onTop;
      if (counts !== undefined) layOut(view, load.first, load.from, counts, items);
      else if (onTop !== undefined) putOnTop(view, items, onTop);
      else show(view, load.chunk, items, load.first, load.end);
      if (load.keepsPage) view.kept = [token, page];
      return items;
    },
    end() {
      load.finish();
    },
  };
}

// The window is `first` to `end` (chunk ids) after chunk `chunk` arrived with `items`: the view
// keeps those chunks' items, lets go of the others, and concatenates them afresh.
function show(view: View, chunk: number, items: unknown[], first: number, end: number): void {
  const chunks: unknown[][] = [], all: unknown[] = [];
  for (let id = first, n = 0; id < end; id++) {
    const c = id === chunk ? items : view.chunks[id - view.first];
    define(chunks, id - first, field(c));
    for (let i = 0; i < c.length; i++) define(all, n++, field(c[i]));
  }
  view.first = first;
  view.chunks = chunks;
  view.items = all;
}

// The window is chunks `first` on: those before `from` as they were, then `items` cut into
// chunks of `counts` items (a refresh; a snapshot's items, from the first chunk).
function layOut(view: View, first: number, from: number, counts: Uint32Array, items: unknown[]): void {
  const chunks: unknown[][] = [];
  for (let id = first; id < from; id++) define(chunks, id - first, field(view.chunks[id - view.first] ?? []));
  for (let i = 0, at = 0; i < counts.length; i++) {
    const chunk: unknown[] = [];
    for (let j = 0; j < counts[i]!; j++) define(chunk, j, field(items[at++]));
    define(chunks, from - first + i, field(chunk));
  }
  view.first = first;
  view.chunks = chunks;
  view.items = concat(chunks);
}

// The first `n` of a head refresh's items go on top of the first chunk.
function putOnTop(view: View, items: unknown[], n: number): void {
  if (n === 0) return;
  const top = view.chunks[0] ?? [];
  const chunk: unknown[] = [];
  for (let i = 0; i < n; i++) define(chunk, i, field(items[i]));
  for (let i = 0; i < top.length; i++) define(chunk, n + i, field(top[i]));
  setChunk(view, view.first, chunk);
}

// Chunk `id`'s items become `chunk` (a new array, so that UI frameworks see the change).
export function setChunk(view: View, id: number, chunk: unknown[]): void {
  const chunks = view.chunks.slice();
  define(chunks, id - view.first, field(chunk));
  view.chunks = chunks;
  view.items = concat(chunks);
}

function concat(chunks: unknown[][]): unknown[] {
  const all: unknown[] = [];
  for (let c = 0, n = 0; c < chunks.length; c++) for (let i = 0; i < chunks[c]!.length; i++) define(all, n++, field(chunks[c]![i]));
  return all;
}

// Chunk `id` edited at `index`: `item` put there ("insert"), put in place of the item there
// ("replace"), or the item there taken out ("remove"); a new array, so UI frameworks see it.
export function edit(view: View, id: number, index: number, how: "insert" | "replace" | "remove", item?: unknown): void {
  const old = view.chunks[id - view.first] ?? [];
  const chunk: unknown[] = [];
  for (let i = 0, n = 0; i <= old.length; i++) {
    if (i === index && how !== "remove") define(chunk, n++, field(item));
    if (i < old.length && !(i === index && how !== "insert")) define(chunk, n++, field(old[i]));
  }
  setChunk(view, id, chunk);
}

// The index of `item` in chunk `id`, looked for at `near` first (where the edit put it).
export function indexIn(view: View, id: number, item: unknown, near: number): number {
  const chunk = view.chunks[id - view.first];
  if (chunk === undefined) return -1;
  return chunk[near] === item ? near : chunk.indexOf(item);
}

/** A snapshot's items and state (`snapshot()`, the `initial` option). */
export interface Snapshot {
  items: unknown[];
  state: string;
  firstIndex: number;
  hasMore: boolean;
  hasPrevious: boolean;
}

// options.initial read once: its items copied, its state a string; undefined without.
export function readInitial(options: InfiniteListOptions | undefined): Snapshot | undefined {
  const initial: unknown = typeof options === "object" && options !== null ? (options as { initial?: unknown }).initial : undefined;
  if (initial === undefined) return undefined;
  const items: unknown = typeof initial === "object" && initial !== null ? (initial as Snapshot).items : undefined;
  const state: unknown = typeof initial === "object" && initial !== null ? (initial as Snapshot).state : undefined;
  if (!Array.isArray(items) || typeof state !== "string") {
    throw makeArgumentError(false, "InfiniteList: options.initial must be a snapshot() of a list, { items: Item[], state: string }");
  }
  // What the getters answer until the wasm list decodes the state (a snapshot without them:
  // a list at its origin, with more to load).
  const { firstIndex, hasMore, hasPrevious } = initial as { firstIndex: unknown; hasMore: unknown; hasPrevious: unknown };
  const copy: unknown[] = [];
  for (let i = 0; i < items.length; i++) define(copy, i, field(items[i]));
  return {
    items: copy, state, firstIndex: typeof firstIndex === "number" && Number.isSafeInteger(firstIndex) ? firstIndex : 0,
    hasMore: typeof hasMore === "boolean" ? hasMore : true, hasPrevious: hasPrevious === true,
  };
}

