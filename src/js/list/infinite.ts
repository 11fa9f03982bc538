// The public InfiniteList: infinite scroll in exact chunks with a bounded window that keeps the
// cursors of what it dropped (docs/paginator.md, "InfiniteList"). Owns the object users hold,
// the items by chunk id, and everything asynchronous; the decisions are the core list's
// (crates/pagecursor/src/list/, through the wasm `InfiniteList` of
// crates/pagecursor-wasm/src/infinite.rs, kept in a private field): which chunk a load fetches
// and from where, what the window keeps and drops, which items a chunk keeps by key, whether a
// kept page serves the next chunk. This file builds a chunk's paginator options from the core's
// plan, runs each load with the paginator's driver (`runLoad`, paginator.ts) and applies the
// answers (view.ts).
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
import type { InfiniteList as WasmList, ItemAt, ListLoadKind } from "./pagecursor.js";
// The published declarations (pkg/index.d.ts): the class below is checked against its
// declaration there (the last line), so `tsc` fails when the two drift apart.
import type * as Public from "./index.js";
import type { FetchContext, FetchPage, InfiniteListOptions } from "./index.js";
import { apply, edit, givenKey, indexIn, keyCopy, make, readInitial, setChunk, start, type Snapshot, type View } from "./view.js";
import { isLoaded, notReady, whenLoaded } from "./loading.js";
import { CLIENT } from "./uses-client.js";
import { makeArgumentError, makePaginationError } from "./errors.js";
import { checkBag } from "./options.js";

const FROM = Symbol("from");
// Typed as the declaration's `Item[]` (a type only): the getters answer it before the wasm
// list exists, and nothing is ever added to it.
const NOTHING = Object.freeze([]) as never[];
const ignore = (): boolean => false;
const nothing = (): void => {};

type Load = "loadMore" | "loadPrevious" | "refreshWindow" | "refreshHead";
const KIND: Record<Load, ListLoadKind> = { __proto__: null, loadMore: "more", loadPrevious: "previous", refreshWindow: "window", refreshHead: "head" } as never;

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

  #initial: Snapshot | undefined; // options.initial, until the wasm list shows it

  constructor(fetchPage: FetchPage<any, unknown> | typeof FROM, options?: InfiniteListOptions) {
    if (fetchPage === FROM) return;
    checkBag(options);
    this.#args = [fetchPage, options];
    this.#initial = readInitial(options);
    if (isLoaded(CLIENT)) {
      [this.#wasm, this.#view] = make(this.#guard(fetchPage), options, false, undefined, this.#initial);
      this.#initial = undefined;
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
      [self.#wasm, self.#view] = make(self.#guard(fetchPage), options, false, undefined, self.#initial);
      self.#initial = undefined;
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
        return start(live, self.#view!, KIND[what]);
      });
    } else {
      run = start(wasm, self.#view!, KIND[what]);
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
        InfiniteList.#heard(self, promise);
        InfiniteList.#notify(self);
        throw err;
      },
    );
    return promise;
  }
  // A failed load's rejection, when the list has listeners: they hear the failure as the list's
  // `error`, so the promise is marked handled (`void list.loadMore()` is no unhandled rejection).
  static #heard(self: InfiniteList<unknown>, promise: Promise<unknown>): void {
    if (self.#listeners.length > 0) promise.catch(ignore);
  }

  /** The current window, in order. */
  get items(): Item[] {
    const wasm = InfiniteList.#live(this, "items");
    return wasm === undefined ? ((this.#initial?.items ?? NOTHING) as Item[]) : (this.#view!.items as Item[]);
  }
  /** True until the walk reached its end. */
  get hasMore(): boolean {
    const wasm = InfiniteList.#live(this, "hasMore");
    return wasm === undefined ? (this.#initial?.hasMore ?? true) : wasm.hasMore;
  }
  /**
   * The index of `items[0]` counted from the list's origin: loading or dropping a chunk at
   * either edge never changes the index of an item that stays shown.
   */
  get firstIndex(): number {
    const wasm = InfiniteList.#live(this, "firstIndex");
    return wasm === undefined ? (this.#initial?.firstIndex ?? 0) : wasm.firstIndex;
  }
  /** True when chunks before the window were dropped and can be loaded again. */
  get hasPrevious(): boolean {
    const wasm = InfiniteList.#live(this, "hasPrevious");
    return wasm === undefined ? (this.#initial?.hasPrevious ?? false) : wasm.hasPrevious;
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
  /**
   * Walks the list again: `"window"` (the default) from the window's first chunk for as many
   * items as it holds, replacing it when done (items never empty in between); `"head"` one
   * chunk from the origin, whose new items go on top (with itemKey, when the window holds the
   * origin and a key it shows), or which becomes the window.
   */
  refresh(mode: "window" | "head" = "window"): Promise<void> {
    try {
      if (mode !== "window" && mode !== "head") {
        throw makeArgumentError(false, `InfiniteList.refresh: mode must be "window" or "head", got ${typeof mode === "string" ? JSON.stringify(mode) : typeof mode}`);
      }
      // Its own promise (a load's resolves with items) follows the load's rule (#heard).
      const done: Promise<void> = InfiniteList.#load(this, mode === "window" ? "refreshWindow" : "refreshHead").then(nothing, (err: unknown) => {
        InfiniteList.#heard(this, done);
        throw err;
      });
      return done;
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /**
   * Replaces the item with `key` by `next` (or by what `next(item)` returns) at once; returns
   * its undo. Needs itemKey; does nothing for a key the window does not show.
   */
  update(key: unknown, next: unknown): () => void {
    return this.#edit("update", (wasm, view, itemKey) => {
      // The key copied once: a key object's getters run once.
      const oldKey = givenKey(key, "update");
      const at = wasm.locate(oldKey);
      if (at === undefined) return ignore;
      const old = view.chunks[at.chunk - view.first]![at.index];
      const item: unknown = typeof next === "function" ? apply(next, undefined, [old]) : next;
      const newKey = keyCopy(itemKey!, item, "InfiniteList.update");
      wasm.rekey(at, newKey);
      edit(view, at.chunk, at.index, "replace", item);
      return () => {
        const now = wasm.relocate(newKey, at);
        if (now === undefined || indexIn(view, now.chunk, item, now.index) !== now.index) return false;
        wasm.rekey(now, oldKey);
        edit(view, now.chunk, now.index, "replace", old);
        return true;
      };
    }, true);
  }

  /** Removes the item with `key` at once; returns its undo. Needs itemKey. */
  remove(key: unknown): () => void {
    return this.#edit("remove", (wasm, view) => {
      const oldKey = givenKey(key, "remove");
      const at = wasm.locate(oldKey);
      if (at === undefined) return ignore;
      const old = view.chunks[at.chunk - view.first]![at.index];
      wasm.remove(at);
      edit(view, at.chunk, at.index, "remove");
      return () => {
        const index = wasm.unremove(at, oldKey);
        if (index === undefined) return false;
        edit(view, at.chunk, index, "insert", old);
        return true;
      };
    }, true);
  }

  /**
   * Puts `item` at the start of the window (the default; firstIndex falls by one) or at its
   * end, at once; returns its undo. With itemKey, an item the window shows with the same key
   * is taken out first (the undo puts it back).
   */
  insert(item: unknown, where: "start" | "end" = "start"): () => void {
    return this.#edit("insert", (wasm, view, itemKey) => {
      if (where !== "start" && where !== "end") {
        throw makeArgumentError(false, `InfiniteList.insert: where must be "start" or "end", got ${typeof where === "string" ? JSON.stringify(where) : typeof where}`);
      }
      const key = itemKey === undefined ? undefined : keyCopy(itemKey, item, "InfiniteList.insert");
      const shown = key === undefined ? undefined : wasm.locate(key);
      const undoShown = shown === undefined ? undefined : this.remove(key);
      const atStart = where === "start";
      let at: ItemAt;
      try {
        at = wasm.insert(atStart, key);
      } catch (err) {
        if (undoShown !== undefined) undoShown();
        throw err;
      }
      edit(view, at.chunk, at.index, "insert", item);
      return () => {
        // Without keys the item is found by identity in its chunk (the same fetch's array).
        const found = indexIn(view, at.chunk, item, at.index);
        const now = key !== undefined ? wasm.relocate(key, at) : found < 0 ? undefined : at.withIndex(found);
        if (now === undefined || indexIn(view, now.chunk, item, now.index) !== now.index || !wasm.uninsert(now, atStart)) return false;
        edit(view, now.chunk, now.index, "remove");
        if (undoShown !== undefined) undoShown();
        return true;
      };
    }, false);
  }

  // An edit of the window: `change` makes it and answers its undo (true when it changed the
  // window). Both notify when they changed something; the undo runs once.
  #edit(what: string, change: (wasm: WasmList, view: View, itemKey: string[] | Function | undefined) => () => boolean, needsKey: boolean): () => void {
    const wasm = InfiniteList.#live(this, what);
    if (wasm === undefined) throw notReady(`InfiniteList.${what}`, CLIENT);
    const view = this.#view!;
    if (needsKey && view.itemKey === undefined) throw makeArgumentError(false, `InfiniteList.${what} needs options.itemKey`);
    const undo = change(wasm, view, view.itemKey);
    if (undo === ignore) return ignore;
    InfiniteList.#notify(this);
    let done = false;
    return () => {
      if (done || this.#view !== view) return;
      done = true;
      if (undo()) InfiniteList.#notify(this);
    };
  }

  /**
   * The window's items and its state, for a list built elsewhere with `initial` (a server
   * render, an earlier page): it shows these items at once and does not fetch them again.
   */
  snapshot(): { items: Item[]; state: string; firstIndex: number; hasMore: boolean; hasPrevious: boolean } {
    return this.#sync("snapshot", (l) => ({ items: this.#view!.items.slice() as Item[], state: l.snapshot(), firstIndex: l.firstIndex, hasMore: l.hasMore, hasPrevious: l.hasPrevious }));
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
    this.#initial = undefined;
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
