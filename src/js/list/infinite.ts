// The public InfiniteList: infinite scroll in exact chunks with a bounded window that keeps the
// cursors of what it dropped (docs/paginator.md, "InfiniteList"). Owns the object users hold;
// the window and its decisions are the wasm `InfiniteList`'s (crates/pagecursor-wasm/src/infinite.rs), kept in a
// private field. Its loads are run by the paginator's driver (paginator.ts): every wasm list
// is given the driver's `runLoad` and `checkOptions` when it is made (see `wasmList`), so no
// class of the glue is changed after it loaded.
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
import { checkOptions, runLoad, type Lists } from "./paginator.js";
import { isLoaded, notReady, whenLoaded } from "./loading.js";
import { CLIENT } from "./uses-client.js";
import { makeArgumentError, makePaginationError } from "./errors.js";
import { codecOf } from "./codec-of.js";
import { checkBag } from "./options.js";

// Captured at load: a listener's own `call` (or a patched Function.prototype.call) never runs.
const apply = Reflect.apply;

// Each list its own load runner: what its pages showed of the items location lasts across
// its loads (an absent list is an empty page once one held a list there).
const loadRunner = () => {
  const lists: Lists = { seen: false };
  return (load: InfiniteLoad, prior: Promise<unknown> | undefined) => runLoad(load, prior, lists);
};
// A wasm list with the paginator driver's load runner and option check.
const wasmList = (fetchPage: FetchPage<any, unknown>, options: InfiniteListOptions | undefined) =>
  new WasmList(fetchPage, options, codecOf(options, true), loadRunner(), checkOptions);

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
  #args: [FetchPage<any, unknown>, InfiniteListOptions | undefined] | undefined; // [fetchPage, options]: the wasm list is created from them (again at reset)
  #state: 0 | 1 | 2 = 0; // 0 waiting for the wasm, 1 live, 2 freed
  #listeners: (() => void)[] = [];
  #busy = 0;
  #pending = 0; // loads of this generation whose promise has not settled
  #error: unknown; // the error of the last failed load, until a load starts or reset()
  #failed: Load | undefined; // which load failed: "loadMore" or "loadPrevious"
  // Counts reset(): a load of an earlier generation is stale. In an object of its own, which the
  // fetchPage guards read instead of the list: the wasm list holds the guard (a JS value held
  // by wasm is a root until the wasm list is freed), so a guard that led back to this list
  // would keep it, and so the wasm list, alive forever.
  #era = { generation: 0 };

  constructor(fetchPage: FetchPage<any, unknown> | typeof FROM, options?: InfiniteListOptions) {
    if (fetchPage === FROM) return;
    checkBag(options);
    this.#args = [fetchPage, options];
    if (isLoaded(CLIENT)) {
      this.#wasm = wasmList(this.#guard(fetchPage), options);
      this.#state = 1;
    }
  }

  /** Restores a list's window position from `toString()`. */
  static from<Item = unknown>(state: string, fetchPage: FetchPage<any, unknown>, options?: InfiniteListOptions): InfiniteList<Item> {
    if (!isLoaded(CLIENT)) throw notReady("InfiniteList.from", CLIENT);
    checkBag(options);
    const list = new InfiniteList<Item>(FROM);
    list.#args = [fetchPage, options];
    list.#wasm = WasmList.from(state, list.#guard(fetchPage), options, codecOf(options, true), loadRunner(), checkOptions);
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
      self.#wasm = wasmList(self.#guard(fetchPage), options);
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

  // Starts `what` on the wasm list (after the wasm arrived, when it is not there yet) and
  // returns the promise callers get. The wasm list returns the same promise for a second call
  // of the same kind while one is in flight; so does this (one promise per wasm promise).
  static #load(self: InfiniteList<unknown>, what: Load): Promise<any[]> {
    const wasm = InfiniteList.#live(self, what);
    let run: Promise<any[]>;
    if (wasm === undefined) {
      // A second call of the same kind while one waits for the wasm gets the same promise,
      // as the wasm list does once it runs (a listener that loads more on every change must
      // not start a load per notification).
      if (self.#early?.[0] === what && self.#early[2] === self.#era.generation) return self.#early[1];
      const generation = self.#era.generation;
      run = Promise.resolve(whenLoaded(CLIENT, `InfiniteList.${what}`)).then(() => {
        if (generation !== self.#era.generation) throw resetError();
        // The wasm is there now: the list is live (or freed, which #live throws for).
        const live = InfiniteList.#live(self, what)!;
        return what === "loadMore" ? live.loadMore() : live.loadPrevious();
      });
    } else {
      run = what === "loadMore" ? wasm.loadMore() : wasm.loadPrevious();
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
    return wasm === undefined ? NOTHING : wasm.items;
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
      this.#wasm = wasmList(this.#guard(fetchPage), options);
      // Its loads hold the window they write to: freeing the list itself is safe.
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
    this.#wasm = undefined;
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
