// The public CursorStack: Back/Forward over forward-only APIs (docs/cursor-stack.md). Owns the
// object users hold; the decisions and the serialized state are the wasm `CursorStack`'s
// (crates/pagecursor-wasm/src/stack.rs, crates/pagecursor/src/stack.rs), kept in a private field that user code never reaches.
//
// Why a JS class around the wasm one: a stack built during a page's first render, before the
// wasm arrived, must not throw (API.md "Package"), and it answers its first-page state (page 1,
// no token, nothing before or after) until the wasm is there. The wasm object is then created
// with the options given, read once then. Every other call before `ready` is `not_ready`.
// Holding the wasm object privately also means no user value can stand in for its pointer.
import { CursorStack as WasmStack } from "./pagecursor.js";
// The published declarations (pkg/index.d.ts): the class below is checked against its
// declaration there (the last line), so `tsc` fails when the two drift apart.
import type * as Public from "./index.js";
import type { CursorStackOptions, CursorValue } from "./index.js";
import { isLoaded, notReady } from "./loading.js";
import { CLIENT } from "./uses-client.js";
import { makeArgumentError } from "./errors.js";
import { codecOf } from "./codec-of.js";
import { checkBag } from "./options.js";

const FROM = Symbol("from");

// `Token` is what `fetchPage` receives (docs/cursor-stack.md): the wasm stack hands back the
// values recorded, so its `unknown` results are the `Token`s this stack was given.
export class CursorStack<Token = unknown> {
  #wasm: WasmStack | undefined; // the wasm stack, once created
  #options: CursorStackOptions | undefined; // the constructor's options, until the wasm stack is created from them
  #state: 0 | 1 | 2 = 0; // 0 waiting for the wasm, 1 live, 2 freed
  #busy = 0; // calls of this stack in progress (a getter of an argument may call free())

  constructor(options?: CursorStackOptions | typeof FROM) {
    if (options === FROM) return;
    checkBag(options);
    if (isLoaded(CLIENT)) {
      this.#wasm = new WasmStack(options, codecOf(options, true));
      this.#state = 1;
    } else {
      this.#options = options;
    }
  }

  /** Restores a stack from `toString()` (URL or sessionStorage). */
  static from<Token = unknown>(state: string, options?: CursorStackOptions): CursorStack<Token> {
    if (!isLoaded(CLIENT)) throw notReady("CursorStack.from", CLIENT);
    checkBag(options);
    const stack = new CursorStack<Token>(FROM);
    stack.#wasm = WasmStack.from(state, options, codecOf(options, true));
    stack.#state = 1;
    return stack;
  }

  // The wasm stack for `what`, created from the constructor's options once the wasm is there;
  // undefined while it is not (the caller answers the first page's state or throws).
  // `self` is a method's `this`, whatever the caller made it: `#state in self` is the brand.
  static #check(self: CursorStack<unknown>, what: string): void {
    // `#state in 5` would throw the engine's own TypeError, without a code: a primitive `this`
    // (a method taken off the prototype and called on one) gets the same typed error as a fake.
    if (typeof self !== "object" || self === null || !(#state in self)) {
      throw makeArgumentError(false, `CursorStack.${what}: the receiver is not a CursorStack`);
    }
    if (self.#state === 2) throw makeArgumentError(false, `CursorStack.${what}: the stack was freed`);
  }

  static #live(self: CursorStack<unknown>, what: string): WasmStack | undefined {
    CursorStack.#check(self, what);
    if (self.#state === 0) {
      if (!isLoaded(CLIENT)) return undefined;
      const options = self.#options;
      self.#options = undefined;
      self.#wasm = new WasmStack(options, codecOf(options, true));
      self.#state = 1;
    }
    return self.#wasm;
  }

  // Runs one call of the wasm stack; throws not_ready before the wasm is there.
  static #call<R>(self: CursorStack<unknown>, what: string, call: (wasm: WasmStack) => R): R {
    const wasm = CursorStack.#live(self, what);
    if (wasm === undefined) throw notReady(`CursorStack.${what}`, CLIENT);
    self.#busy++;
    try {
      return call(wasm);
    } finally {
      self.#busy--;
    }
  }

  /** 1-based number of the current page. */
  get page(): number {
    const wasm = CursorStack.#live(this, "page");
    return wasm === undefined ? 1 : wasm.page;
  }
  /** The token that fetches the current page (undefined: the first page). */
  get current(): Token | undefined {
    const wasm = CursorStack.#live(this, "current");
    return wasm === undefined ? undefined : (wasm.current as Token | undefined);
  }
  /** True exactly when back() can return a real token. */
  get hasPrevious(): boolean {
    const wasm = CursorStack.#live(this, "hasPrevious");
    return wasm === undefined ? false : wasm.hasPrevious;
  }
  /** True only when the next page's token is known. */
  get hasNext(): boolean {
    const wasm = CursorStack.#live(this, "hasNext");
    return wasm === undefined ? false : wasm.hasNext;
  }
  /** The option `maxDepth`, undefined when unbounded. */
  get maxDepth(): number | undefined {
    return CursorStack.#call(this, "maxDepth", (s) => s.maxDepth);
  }
  /** The current page loaded: remember its next token (absent: this is the end). */
  record(nextToken: Token | null | undefined): void {
    return CursorStack.#call(this, "record", (s) => s.record(nextToken));
  }
  /** Moves to the next page (recording `nextToken` first when given); returns its token. */
  forward(nextToken?: Token | null): Token {
    return CursorStack.#call(this, "forward", (s) => s.forward(nextToken) as Token);
  }
  /** The token of the previous page; on page 1 stays there and returns undefined. */
  back(): Token | undefined {
    return CursorStack.#call(this, "back", (s) => s.back() as Token | undefined);
  }
  /** Any page already visited. */
  goTo(page: number): Token | undefined {
    return CursorStack.#call(this, "goTo", (s) => s.goTo(page) as Token | undefined);
  }
  /** The query changed: start over (with a new scope when given). */
  reset(scope?: CursorValue): void {
    return CursorStack.#call(this, "reset", (s) => s.reset(scope));
  }
  /** URL-safe state; `CursorStack.from(string, options)` restores it. */
  toString(): string {
    return CursorStack.#call(this, "toString", (s) => s.toString());
  }
  toJSON(): string {
    return CursorStack.#call(this, "toJSON", (s) => s.toJSON());
  }
  /** Releases the wasm memory now instead of at garbage collection; later calls are TypeErrors. */
  free(): void {
    CursorStack.#check(this, "free");
    if (this.#busy) throw makeArgumentError(false, "free: the object is in use by one of its own calls");
    const wasm = this.#wasm;
    this.#wasm = undefined;
    this.#options = undefined;
    this.#state = 2;
    if (wasm !== undefined) wasm.free();
  }
  [Symbol.dispose](): void {
    this.free();
  }
}

// The class above against its published declaration (a type only: nothing of it ships).
type Assignable<T extends U, U> = T;
export type CursorStackMatchesItsDeclaration = Assignable<typeof CursorStack, typeof Public.CursorStack>;
