// The public CursorStack: Back/Forward over forward-only APIs (docs/cursor-stack.md). Owns the
// object users hold; the decisions and the serialized state are the wasm `CursorStack`'s
// (src/wasm/stack.rs, src/stack.rs), kept in a private field that user code never reaches.
//
// Why a JS class around the wasm one: a stack built during a page's first render, before the
// wasm arrived, must not throw (API.md "Package"), and it answers its first-page state (page 1,
// no token, nothing before or after) until the wasm is there. The wasm object is then created
// with the options given, read once then. Every other call before `ready` is `not_ready`.
// Holding the wasm object privately also means no user value can stand in for its pointer.
import { CursorStack as WasmStack } from "./pagecursor.js";
import { isLoaded, notReady } from "./loading.js";
import { makeArgumentError } from "./errors.js";

const FROM = Symbol("from");

export class CursorStack {
  #wasm; // the wasm stack, once created
  #options; // the constructor's options, until the wasm stack is created from them
  #state = 0; // 0 waiting for the wasm, 1 live, 2 freed
  #busy = 0; // calls of this stack in progress (a getter of an argument may call free())

  constructor(options) {
    if (options === FROM) return;
    if (isLoaded()) {
      this.#wasm = new WasmStack(options);
      this.#state = 1;
    } else {
      this.#options = options;
    }
  }

  /** Restores a stack from `toString()` (URL or sessionStorage). */
  static from(state, options) {
    if (!isLoaded()) throw notReady("CursorStack.from");
    const stack = new CursorStack(FROM);
    stack.#wasm = WasmStack.from(state, options);
    stack.#state = 1;
    return stack;
  }

  // The wasm stack for `what`, created from the constructor's options once the wasm is there;
  // undefined while it is not (the caller answers the first page's state or throws).
  static #check(self, what) {
    if (!(#state in self)) throw makeArgumentError(false, `CursorStack.${what}: the receiver is not a CursorStack`);
    if (self.#state === 2) throw makeArgumentError(false, `CursorStack.${what}: the stack was freed`);
  }

  static #live(self, what) {
    CursorStack.#check(self, what);
    if (self.#state === 0) {
      if (!isLoaded()) return undefined;
      const options = self.#options;
      self.#options = undefined;
      self.#wasm = new WasmStack(options);
      self.#state = 1;
    }
    return self.#wasm;
  }

  // Runs one call of the wasm stack; throws not_ready before the wasm is there.
  static #call(self, what, call) {
    const wasm = CursorStack.#live(self, what);
    if (wasm === undefined) throw notReady(`CursorStack.${what}`);
    self.#busy++;
    try {
      return call(wasm);
    } finally {
      self.#busy--;
    }
  }

  /** 1-based number of the current page. */
  get page() {
    const wasm = CursorStack.#live(this, "page");
    return wasm === undefined ? 1 : wasm.page;
  }
  /** The token that fetches the current page (undefined: the first page). */
  get current() {
    const wasm = CursorStack.#live(this, "current");
    return wasm === undefined ? undefined : wasm.current;
  }
  /** True exactly when back() can return a real token. */
  get hasPrevious() {
    const wasm = CursorStack.#live(this, "hasPrevious");
    return wasm === undefined ? false : wasm.hasPrevious;
  }
  /** True only when the next page's token is known. */
  get hasNext() {
    const wasm = CursorStack.#live(this, "hasNext");
    return wasm === undefined ? false : wasm.hasNext;
  }
  /** The option `maxDepth`, undefined when unbounded. */
  get maxDepth() {
    return CursorStack.#call(this, "maxDepth", (s) => s.maxDepth);
  }
  /** The current page loaded: remember its next token (absent: this is the end). */
  record(nextToken) {
    return CursorStack.#call(this, "record", (s) => s.record(nextToken));
  }
  /** Moves to the next page (recording `nextToken` first when given); returns its token. */
  forward(nextToken) {
    return CursorStack.#call(this, "forward", (s) => s.forward(nextToken));
  }
  /** The token of the previous page; on page 1 stays there and returns undefined. */
  back() {
    return CursorStack.#call(this, "back", (s) => s.back());
  }
  /** Any page already visited. */
  goTo(page) {
    return CursorStack.#call(this, "goTo", (s) => s.goTo(page));
  }
  /** The query changed: start over (with a new scope when given). */
  reset(scope) {
    return CursorStack.#call(this, "reset", (s) => s.reset(scope));
  }
  /** URL-safe state; `CursorStack.from(string, options)` restores it. */
  toString() {
    return CursorStack.#call(this, "toString", (s) => s.toString());
  }
  toJSON() {
    return CursorStack.#call(this, "toJSON", (s) => s.toJSON());
  }
  /** Releases the wasm memory now instead of at garbage collection; later calls are TypeErrors. */
  free() {
    CursorStack.#check(this, "free");
    if (this.#busy) throw makeArgumentError(false, "free: the object is in use by one of its own calls");
    const wasm = this.#wasm;
    this.#wasm = undefined;
    this.#options = undefined;
    this.#state = 2;
    if (wasm !== undefined) wasm.free();
  }
  [Symbol.dispose]() {
    this.free();
  }
}
