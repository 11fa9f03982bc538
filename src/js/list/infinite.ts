// The public InfiniteList: infinite scroll in exact chunks with a bounded window that keeps the
// cursors of what it dropped (docs/paginator.md, "InfiniteList"). Owns the object users hold,
// the items by chunk id, and everything asynchronous; the decisions are the core list's
// (crates/pagecursor/src/list/, through the wasm `InfiniteList` of
// crates/pagecursor-wasm/src/infinite.rs, kept in a private field): which chunk a load fetches
// and from where, what the window keeps and drops, which items a chunk keeps by key, whether a
// kept page serves the next chunk. This file builds a chunk's paginator options from the core's
// plan, runs each load with the paginator's driver (`runLoad`, paginator.ts) and applies the
// answers (see `View` and `chunkLoad`).
//
// Why a JS class around the wasm one: a list is typically built while a page renders, before
// the wasm arrived. Its constructor must not throw for that (API.md "Package"), its getters
// answer the state of a list with nothing loaded yet (UI frameworks read them during the first
// render), and loadMore()/loadPrevious() wait for the wasm themselves. The wasm list is created
// from the options given, read once then; an option error rejects the first load instead of
// throwing from the constructor, which is the only difference from a list built after `ready`.
//
// This class also owns what a UI subscribes to: the listeners, `loading` (loads whose promise
// has not settled), `error` and `retry()`, and `reset()`. It notifies when a load starts and
// when its promise settles, so a failed load is heard once, with its error already set (never
// "idle, no error" first). `reset()` replaces the wasm list with a new one built from the same
// arguments; loads of the old one are stale: their promises reject `aborted`, and their walks
// stop at their next request (the one in flight is not aborted: the paginator owns its signal).
import { InfiniteList as WasmList, type InfiniteLoad } from "./pagecursor.js";
// The published declarations (pkg/index.d.ts): the class below is checked against its
// declaration there (the last line), so `tsc` fails when the two drift apart.
import type * as Public from "./index.js";
import type { FetchContext, FetchPage, InfiniteListOptions } from "./index.js";
import { checkOptions, runLoad, type Lists, type ListLoad } from "./paginator.js";
import { isLoaded, notReady, whenLoaded } from "./loading.js";
import { CLIENT } from "./uses-client.js";
import { makeArgumentError, makePaginationError } from "./errors.js";
import { codecOf } from "./codec-of.js";
import { checkBag } from "./options.js";

// Captured at load: a listener's own `call` (or a patched Function.prototype.call) never runs,
// and a page that replaces Object.assign later changes no chunk's options.
const apply = Reflect.apply, define = Object.defineProperty, assign = Object.assign, remove = Reflect.deleteProperty;
// An own data property: defined, so no setter planted on a prototype runs (the descriptor has
// no prototype, so a planted `get` or `set` is not read either).
const field = (value: unknown) => ({ __proto__: null, value, writable: true, enumerable: true, configurable: true }) as PropertyDescriptor;
const BOUNDS = ["chunkItems", "maxChunks", "maxItems", "maxPages"];

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
interface View {
  fetchPage: FetchPage<any, unknown>;
  options: InfiniteListOptions | undefined;
  first: number;
  chunks: unknown[][];
  items: unknown[];
  kept: [unknown, unknown] | undefined;
  tail: Promise<any[]> | undefined;
  lists: Lists;
}

// A wasm list and its view (`saved`: restored from `state`). The core reads the options it
// owns (chunkItems, maxChunks, scope, the saved state); then the driver checks the paginator's
// options as `paginate` would, without making a walk, and the core refuses what a walk refuses
// of the driver's copy of the scope: a bad option fails here, as it would fail `paginate`.
function make(fetchPage: FetchPage<any, unknown>, options: InfiniteListOptions | undefined, saved?: boolean, state?: unknown): [WasmList, View] {
  const codec = codecOf(options, true);
  const wasm = saved ? WasmList.from(state, fetchPage, options, codec) : new WasmList(fetchPage, options, codec);
  try {
    wasm.checkScope(checkOptions(fetchPage, chunkOptions(options, wasm.chunkItems, undefined)));
  } catch (err) {
    wasm.free();
    throw err;
  }
  return [wasm, { fetchPage, options, first: 0, chunks: [], items: [], kept: undefined, tail: undefined, lists: { seen: false } }];
}

// Starts a load of the wasm list (`more`: loadMore) and answers its promise: the promise of
// the load that runs when the core joins this call to it; otherwise a new load, which runs
// after the one started before it settled.
function start(wasm: WasmList, view: View, more: boolean): Promise<any[]> {
  const load = wasm.start(more);
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
      reread = rereadable(options);
      const [token, page] = load.reusesPage ? kept! : [undefined, undefined];
      return { fetchPage: view.fetchPage, options, token, page };
    },
    loaded(walked, resumeToken, token, page, keys) {
      const more = load.walked(walked.length, resumeToken, keys, token !== undefined, reread);
      const keep = load.keep;
      if (keep === undefined) items = walked;
      else for (let i = 0, n = items.length; i < walked.length; i++) if (keep[i]) define(items, n++, field(walked[i]));
      if (more !== undefined) return more;
      show(view, load.chunk, items, load.first, load.end);
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

const FROM = Symbol("from");
// Typed as the declaration's `Item[]` (a type only): the getters answer it before the wasm
// list exists, and nothing is ever added to it.
const NOTHING = Object.freeze([]) as never[];
const ignore = () => {};

type Load = "loadMore" | "loadPrevious";

// `Item` is what the wasm list's chunks hold: the items read by the walk of `fetchPage`'s
// pages (the declaration's constructor signatures tie it to the options).
export class InfiniteList<Item = unknown> {
  #wasm: WasmList | undefined; // the wasm list, once created
  #view: View | undefined; // what this list holds for it (set with it)
  #args: [FetchPage<any, unknown>, InfiniteListOptions | undefined] | undefined; // [fetchPage, options]: the wasm list is created from them (again at reset)
  #state: 0 | 1 | 2 = 0; // 0 waiting for the wasm, 1 live, 2 freed
  #listeners: (() => void)[] = [];
  #busy = 0;
  #pending = 0; // loads of this generation whose promise has not settled
  #error: unknown; // the error of the last failed load, until a load starts or reset()
  #failed: Load | undefined; // which load failed: "loadMore" or "loadPrevious"
  // Counts reset(): a load of an earlier generation is stale. In an object of its own, which the
  // fetchPage guards read instead of the list: a guard lives as long as the walks that call it,
  // and must not lead back to this list (the wasm list holds no JS value at all: a JS value
  // held by wasm would be a root until the wasm list is freed, keeping the list alive forever).
  #era = { generation: 0 };

  constructor(fetchPage: FetchPage<any, unknown> | typeof FROM, options?: InfiniteListOptions) {
    if (fetchPage === FROM) return;
    checkBag(options);
    this.#args = [fetchPage, options];
    if (isLoaded(CLIENT)) {
      [this.#wasm, this.#view] = make(this.#guard(fetchPage), options);
      this.#state = 1;
    }
  }

  /** Restores a list's window position from `toString()`. */
  static from<Item = unknown>(state: string, fetchPage: FetchPage<any, unknown>, options?: InfiniteListOptions): InfiniteList<Item> {
    if (!isLoaded(CLIENT)) throw notReady("InfiniteList.from", CLIENT);
    checkBag(options);
    const list = new InfiniteList<Item>(FROM);
    list.#args = [fetchPage, options];
    [list.#wasm, list.#view] = make(list.#guard(fetchPage), options, true, state);
    list.#state = 1;
    return list;
  }

  // The user's fetchPage, refusing the requests of a walk that a reset() made stale, so that
  // it stops at its next page. Anything but a function goes to the wasm list as given, which
  // reports it.
  #guard(fetchPage: FetchPage<any, unknown>): FetchPage<any, unknown> {
    if (typeof fetchPage !== "function") return fetchPage;
    const era = this.#era;
    const generation = era.generation;
    return (token: unknown, ctx: FetchContext) => (generation === era.generation ? fetchPage(token, ctx) : Promise.reject(resetError()));
  }

  static #check(self: InfiniteList<unknown>, what: string): void {
    if (!(#state in self)) throw makeArgumentError(false, `InfiniteList.${what}: the receiver is not an InfiniteList`);
    if (self.#state === 2) throw makeArgumentError(false, `InfiniteList.${what}: the list was freed`);
  }

  // The wasm list, created once the wasm is there; undefined while it is not.
  static #live(self: InfiniteList<unknown>, what: string): WasmList | undefined {
    InfiniteList.#check(self, what);
    if (self.#state === 0) {
      if (!isLoaded(CLIENT)) return undefined;
      // Set by the constructor of every list that can be waiting (only free() clears it).
      const [fetchPage, options] = self.#args!;
      [self.#wasm, self.#view] = make(self.#guard(fetchPage), options);
      self.#state = 1;
    }
    return self.#wasm;
  }

  static #notify(self: InfiniteList<unknown>): void {
    for (const listener of self.#listeners.slice()) {
      // A throwing listener must not break the list or the other listeners.
      try {
        apply(listener, undefined, []);
      } catch {}
    }
  }

  // Starts `what` (after the wasm arrived, when it is not there yet) and returns the promise
  // callers get. The core joins a second call of the same kind while one is in flight (`start`
  // answers the same load promise); so does this (one promise per load promise).
  static #load(self: InfiniteList<unknown>, what: Load): Promise<any[]> {
    const wasm = InfiniteList.#live(self, what);
    let run: Promise<any[]>;
    if (wasm === undefined) {
      // A second call of the same kind while one waits for the wasm gets the same promise,
      // as the core does once it runs (a listener that loads more on every change must
      // not start a load per notification).
      if (self.#early?.[0] === what && self.#early[2] === self.#era.generation) return self.#early[1];
      const generation = self.#era.generation;
      run = Promise.resolve(whenLoaded(CLIENT, `InfiniteList.${what}`)).then(() => {
        if (generation !== self.#era.generation) throw resetError();
        // The wasm is there now: the list is live (or freed, which #live throws for).
        const live = InfiniteList.#live(self, what)!;
        return start(live, self.#view!, what === "loadMore");
      });
    } else {
      run = start(wasm, self.#view!, what === "loadMore");
      if (run === self.#last?.[0]) return self.#last[1];
    }
    const promise = InfiniteList.#track(self, what, run);
    // Recorded before the listeners hear of the start: one that calls loadMore() again gets
    // this promise back instead of starting (and announcing) another load.
    if (wasm !== undefined) self.#last = [run, promise];
    else self.#early = [what, promise, self.#era.generation];
    InfiniteList.#notify(self);
    return promise;
  }
  #last: [Promise<any[]>, Promise<any[]>] | undefined; // [wasm promise, the promise callers got for it] of the last load started
  #early: [Load, Promise<any[]>, number] | undefined; // [kind, promise, generation] of the load waiting for the wasm

  // The load is in flight until `run` settles: listeners hear of its start and of its end, the
  // error set when it failed. The promise still rejects on failure (`await list.loadMore()`
  // sees the error); but a UI that calls `void list.loadMore()` from a scroll observer reads
  // the error from its subscription, so when the list has listeners the rejection is marked
  // handled: no unhandled rejection (which would end a Node process). A stale load (reset()
  // meanwhile) rejects `aborted`, always marked handled: whoever reset the list knows.
  static #track(self: InfiniteList<unknown>, what: Load, run: Promise<any[]>): Promise<any[]> {
    const generation = self.#era.generation;
    self.#error = self.#failed = undefined;
    self.#pending++;
    const promise: Promise<any[]> = run.then(
      (items) => {
        if (generation !== self.#era.generation) {
          promise.catch(ignore);
          throw resetError();
        }
        self.#pending--;
        InfiniteList.#notify(self);
        return items;
      },
      (err: unknown) => {
        if (generation !== self.#era.generation) {
          promise.catch(ignore);
          throw resetError();
        }
        self.#pending--;
        self.#error = err;
        self.#failed = what;
        if (self.#listeners.length > 0) promise.catch(ignore);
        InfiniteList.#notify(self);
        throw err;
      },
    );
    return promise;
  }

  /** The current window, in order. */
  get items(): Item[] {
    const wasm = InfiniteList.#live(this, "items");
    return wasm === undefined ? NOTHING : (this.#view!.items as Item[]);
  }
  /** True until the walk reached its end. */
  get hasMore(): boolean {
    const wasm = InfiniteList.#live(this, "hasMore");
    return wasm === undefined ? true : wasm.hasMore;
  }
  /** True when chunks before the window were dropped and can be loaded again. */
  get hasPrevious(): boolean {
    const wasm = InfiniteList.#live(this, "hasPrevious");
    return wasm === undefined ? false : wasm.hasPrevious;
  }
  /** True while a load runs (or waits for the wasm). */
  get loading(): boolean {
    InfiniteList.#check(this, "loading");
    return this.#pending > 0;
  }
  /** The error of the last load that failed (undefined otherwise), until a load starts again. */
  get error(): unknown {
    InfiniteList.#check(this, "error");
    return this.#error;
  }
  /** Appends the next chunk. */
  loadMore(): Promise<Item[]> {
    try {
      return InfiniteList.#load(this, "loadMore");
    } catch (err) {
      return Promise.reject(err);
    }
  }
  /** Loads the chunk before the window again, from its kept cursor. */
  loadPrevious(): Promise<Item[]> {
    try {
      return InfiniteList.#load(this, "loadPrevious");
    } catch (err) {
      return Promise.reject(err);
    }
  }
  /** Runs the failed load again and returns its promise; resolves to [] when none failed. */
  retry(): Promise<Item[]> {
    try {
      InfiniteList.#check(this, "retry");
      return this.#failed === undefined ? Promise.resolve([]) : InfiniteList.#load(this, this.#failed);
    } catch (err) {
      return Promise.reject(err);
    }
  }
  /**
   * Starts over on the same list: drops the window, its cursors and the error, makes the loads
   * in flight stale (their promises reject `aborted`) and notifies. The wasm list is built
   * again from the constructor's arguments (its options are read again).
   */
  reset(): void {
    InfiniteList.#check(this, "reset");
    if (this.#busy) throw makeArgumentError(false, "reset: the list is in use by one of its own calls");
    this.#era.generation++;
    this.#pending = 0;
    this.#error = this.#failed = undefined;
    this.#last = undefined;
    if (this.#state === 1) {
      // A live list has both (only free() clears them, and a freed list threw above).
      const old = this.#wasm!;
      const [fetchPage, options] = this.#args!;
      [this.#wasm, this.#view] = make(this.#guard(fetchPage), options);
      // Its loads hold the core list they end on, and the view they write to: freeing the
      // list itself is safe.
      old.free();
    }
    InfiniteList.#notify(this);
  }
  /**
   * For a scroll-driven UI: the sentinel after the items ("more") or before them ("previous")
   * is in view or not. Returns the load to start now ("more" or "previous"), or undefined: none
   * is wanted, one runs, or the last one failed (retry() is the user's). Report every sentinel
   * again after each load: a load that drops the chunk at one edge holds that edge's sentinel
   * until it is reported out of view, so that a window about the viewport's size never has its
   * two sentinels take turns (docs/cursor-stack.md, "Sentinels").
   */
  sentinel(which: "more" | "previous", inView: boolean): "more" | "previous" | undefined {
    InfiniteList.#check(this, "sentinel");
    if (which !== "more" && which !== "previous") {
      throw makeArgumentError(false, `InfiniteList.sentinel: which must be "more" or "previous", got ${typeof which === "string" ? JSON.stringify(which) : typeof which}`);
    }
    if (typeof inView !== "boolean") throw makeArgumentError(false, `InfiniteList.sentinel: inView must be a boolean, got ${typeof inView}`);
    const wasm = InfiniteList.#live(this, "sentinel");
    if (wasm === undefined) return undefined;
    const load: "more" | "previous" | undefined = wasm.sentinel(which === "more", inView);
    return this.#pending > 0 || this.#error !== undefined ? undefined : load;
  }
  /** For UI frameworks: `listener` runs after every change; returns unsubscribe. */
  subscribe(listener: () => void): () => void {
    InfiniteList.#check(this, "subscribe");
    if (typeof listener !== "function") throw makeArgumentError(false, "subscribe: listener must be a function");
    // One entry per call: the same function subscribed twice is called twice, and each
    // unsubscribe removes its own.
    // `(0, …)`: an anonymous arrow, so that `--keep-names` adds no naming call for it (the
    // comma is what tsc flags as unused: it is there for what it leaves out).
    // @ts-expect-error TS2695
    const entry = (0, () => apply(listener, undefined, []));
    this.#listeners.push(entry);
    return () => {
      const i = this.#listeners.indexOf(entry);
      if (i >= 0) this.#listeners.splice(i, 1);
    };
  }
  /** The window's position, URL/sessionStorage-safe; `InfiniteList.from` restores it. */
  toString(): string {
    return this.#sync("toString", (l) => l.toString());
  }
  toJSON(): string {
    return this.#sync("toJSON", (l) => l.toJSON());
  }
  #sync<R>(what: string, call: (list: WasmList) => R): R {
    const wasm = InfiniteList.#live(this, what);
    if (wasm === undefined) throw notReady(`InfiniteList.${what}`, CLIENT);
    this.#busy++;
    try {
      return call(wasm);
    } finally {
      this.#busy--;
    }
  }
  /** Releases the wasm memory now instead of at garbage collection. */
  free(): void {
    InfiniteList.#check(this, "free");
    if (this.#busy) throw makeArgumentError(false, "free: the object is in use by one of its own calls");
    const wasm = this.#wasm;
    this.#wasm = this.#view = undefined;
    this.#args = undefined;
    this.#state = 2;
    this.#listeners = [];
    if (wasm !== undefined) wasm.free();
  }
  [Symbol.dispose](): void {
    this.free();
  }
}

function resetError(): Error {
  return makePaginationError("aborted", "the InfiniteList was reset while this load was pending: its items belong to the list before the reset");
}

// The class above against its published declaration (a type only: nothing of it ships).
type Assignable<T extends U, U> = T;
export type InfiniteListMatchesItsDeclaration = Assignable<typeof InfiniteList, Public.InfiniteListConstructor>;
