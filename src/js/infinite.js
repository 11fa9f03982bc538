// The public InfiniteList: infinite scroll in exact chunks with a bounded window that keeps the
// cursors of what it dropped (docs/paginator.md, "InfiniteList"). Owns the object users hold;
// the window and its decisions are the wasm `InfiniteList`'s (src/wasm/infinite.rs), whose
// loads the paginator's driver runs (paginator.js), kept in a private field.
//
// Why a JS class around the wasm one: a list is typically built while a page renders, before
// the wasm arrived. Its constructor must not throw for that (API.md "Package"), its getters
// answer the state of a list with nothing loaded yet (UI frameworks read them during the first
// render), and loadMore()/loadPrevious() wait for the wasm themselves. The wasm list is created
// from the options given, read once then; an option error rejects the first load instead of
// throwing from the constructor, which is the only difference from a list built after `ready`.
import { InfiniteList as WasmList } from "./paginator.js";
import { isLoaded, notReady, whenLoaded } from "./loading.js";
import { makeArgumentError } from "./errors.js";

const FROM = Symbol("from");
const NOTHING = Object.freeze([]);

export class InfiniteList {
  #wasm; // the wasm list, once created
  #args; // [fetchPage, options] until the wasm list is created from them
  #state = 0; // 0 waiting for the wasm, 1 live, 2 freed
  #waiting = 0; // loads asked for before the wasm was there
  #listeners = []; // subscribed before the wasm was there: [listener, unsubscribe | undefined]
  #busy = 0;

  constructor(fetchPage, options) {
    if (fetchPage === FROM) return;
    if (isLoaded()) {
      this.#wasm = new WasmList(fetchPage, options);
      this.#state = 1;
    } else {
      this.#args = [fetchPage, options];
    }
  }

  /** Restores a list's window position from `toString()`. */
  static from(state, fetchPage, options) {
    if (!isLoaded()) throw notReady("InfiniteList.from");
    const list = new InfiniteList(FROM);
    list.#wasm = WasmList.from(state, fetchPage, options);
    list.#state = 1;
    return list;
  }

  static #check(self, what) {
    if (!(#state in self)) throw makeArgumentError(false, `InfiniteList.${what}: the receiver is not an InfiniteList`);
    if (self.#state === 2) throw makeArgumentError(false, `InfiniteList.${what}: the list was freed`);
  }

  // The wasm list, created once the wasm is there; undefined while it is not.
  static #live(self, what) {
    InfiniteList.#check(self, what);
    if (self.#state === 0) {
      if (!isLoaded()) return undefined;
      const [fetchPage, options] = self.#args;
      self.#args = undefined;
      self.#wasm = new WasmList(fetchPage, options);
      self.#state = 1;
      // Listeners subscribed early now hear the wasm list (each once, in order).
      for (const entry of self.#listeners) entry[1] = self.#wasm.subscribe(entry[0]);
    }
    return self.#wasm;
  }

  static #notify(self) {
    for (const [listener] of self.#listeners.slice()) listener();
  }

  // A load asked for before the wasm was there: the list reports `loading` meanwhile, then
  // starts it on the wasm list, in the order asked (promise reactions run in order).
  static #later(self, what) {
    const wait = whenLoaded();
    if (self.#waiting++ === 0) InfiniteList.#notify(self);
    return Promise.resolve(wait).then(
      () => {
        self.#waiting--;
        const wasm = InfiniteList.#live(self, what);
        return what === "loadMore" ? wasm.loadMore() : wasm.loadPrevious();
      },
      (err) => {
        self.#waiting--;
        InfiniteList.#notify(self);
        throw err;
      },
    );
  }

  /** The current window, in order. */
  get items() {
    const wasm = InfiniteList.#live(this, "items");
    return wasm === undefined ? NOTHING : wasm.items;
  }
  /** True until the walk reached its end. */
  get hasMore() {
    const wasm = InfiniteList.#live(this, "hasMore");
    return wasm === undefined ? true : wasm.hasMore;
  }
  /** True when chunks before the window were dropped and can be loaded again. */
  get hasPrevious() {
    const wasm = InfiniteList.#live(this, "hasPrevious");
    return wasm === undefined ? false : wasm.hasPrevious;
  }
  /** True while a load runs (or waits for the wasm). */
  get loading() {
    const wasm = InfiniteList.#live(this, "loading");
    return wasm === undefined ? this.#waiting > 0 : wasm.loading;
  }
  /** Appends the next chunk. */
  loadMore() {
    try {
      const wasm = InfiniteList.#live(this, "loadMore");
      return wasm === undefined ? InfiniteList.#later(this, "loadMore") : wasm.loadMore();
    } catch (err) {
      return Promise.reject(err);
    }
  }
  /** Loads the chunk before the window again, from its kept cursor. */
  loadPrevious() {
    try {
      const wasm = InfiniteList.#live(this, "loadPrevious");
      return wasm === undefined ? InfiniteList.#later(this, "loadPrevious") : wasm.loadPrevious();
    } catch (err) {
      return Promise.reject(err);
    }
  }
  /** For UI frameworks: `listener` runs after every change; returns unsubscribe. */
  subscribe(listener) {
    const wasm = InfiniteList.#live(this, "subscribe");
    if (wasm !== undefined) return wasm.subscribe(listener);
    if (typeof listener !== "function") throw makeArgumentError(false, "subscribe: listener must be a function");
    const entry = [listener, undefined];
    this.#listeners.push(entry);
    return () => {
      const i = this.#listeners.indexOf(entry);
      if (i < 0) return;
      this.#listeners.splice(i, 1);
      if (entry[1] !== undefined) entry[1]();
    };
  }
  /** The window's position, URL/sessionStorage-safe; `InfiniteList.from` restores it. */
  toString() {
    return this.#sync("toString", (l) => l.toString());
  }
  toJSON() {
    return this.#sync("toJSON", (l) => l.toJSON());
  }
  #sync(what, call) {
    const wasm = InfiniteList.#live(this, what);
    if (wasm === undefined) throw notReady(`InfiniteList.${what}`);
    this.#busy++;
    try {
      return call(wasm);
    } finally {
      this.#busy--;
    }
  }
  /** Releases the wasm memory now instead of at garbage collection. */
  free() {
    InfiniteList.#check(this, "free");
    if (this.#busy) throw makeArgumentError(false, "free: the object is in use by one of its own calls");
    const wasm = this.#wasm;
    this.#wasm = undefined;
    this.#args = undefined;
    this.#state = 2;
    this.#listeners = [];
    if (wasm !== undefined) wasm.free();
  }
  [Symbol.dispose]() {
    this.free();
  }
}
