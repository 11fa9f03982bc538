// The synchronous part of pagecursor's public surface: the cursor codec (`encodeCursor`,
// `decodeCursor`, `CursorCodec`) and the page models. Every entry re-exports it through
// exports.ts; `pagecursor/web/codec` re-exports it alone, for pages without a bundler that only
// mint and read cursors (they then never fetch the paginator's and the client classes' JS).
// Nothing here waits for the module.
//
// Owns: the synchronous functions' not_ready check and the public CursorCodec class. May call:
// the wasm glue (./pagecursor.js, typed by wasm-bindgen's generated declarations) and loading.ts.
import * as wasm from "./pagecursor.js";
// The hand-written public declarations (pkg/index.d.ts): each export below is typed by its
// declaration there, so `tsc` checks that the implementation and the published types agree.
import type * as Public from "./index.js";
import type { Cursor, CursorCodecOptions, CursorValue, DecodeOptions, EncodeOptions } from "./index.js";
import { makeArgumentError } from "./errors.js";
import { isLoaded, notReady } from "./loading.js";

export { CursorError, PaginationError } from "./errors.js";

// The synchronous functions of the wasm: before the module is instantiated each is a
// `not_ready` CursorError that says what to await (loading.ts), not a TypeError from the glue.
// The glue's own parameter types are looser (the Rust side checks every value); the casts
// below only hand the user's values through.
export const encodeCursor: typeof Public.encodeCursor = (value, options) => {
  if (!isLoaded()) throw notReady("encodeCursor");
  return wasm.encodeCursor(value, options as EncodeOptions);
};
export const decodeCursor: typeof Public.decodeCursor = (token, options) => {
  if (!isLoaded()) throw notReady("decodeCursor");
  return wasm.decodeCursor(token, options as DecodeOptions);
};
export const offsetPage: typeof Public.offsetPage = (options) => {
  if (!isLoaded()) throw notReady("offsetPage");
  return wasm.offsetPage(options);
};
export const paginateOffset: typeof Public.paginateOffset = (items, options) => {
  if (!isLoaded()) throw notReady("paginateOffset");
  return wasm.paginateOffset(items, options);
};
export const paginateKeyset: typeof Public.paginateKeyset = (items, options) => {
  if (!isLoaded()) throw notReady("paginateKeyset");
  return wasm.paginateKeyset(items, options as never);
};

/**
 * The public CursorCodec: owns the object users hold; the keys, the format and the checks are
 * the wasm codec's (src/wasm/codec.rs, src/codec/), kept in a private field.
 *
 * Why a class around the wasm one, as for CursorStack and InfiniteList (stack.js): a private
 * field is the brand. A method called on anything but a codec made by this constructor (`{}`,
 * `Object.create(CursorCodec.prototype)`, an object with a forged `__wbg_ptr`) is a TypeError,
 * and no user value can stand in for the wasm object's pointer (docs/security.md, F6 and F27),
 * with no patched prototype, no Proxy and no WeakMap. `free()` during one of the codec's own
 * calls (a getter of the value being encoded) is a TypeError, as for CursorStack.
 */
export class CursorCodec {
  #wasm: wasm.CursorCodec | undefined;
  #busy = 0; // calls of this codec in progress (a getter of an argument may call free())

  constructor(options?: CursorCodecOptions) {
    if (!isLoaded()) throw notReady("new CursorCodec");
    this.#wasm = new wasm.CursorCodec(options as CursorCodecOptions);
  }

  // The wasm codec of a call `what` on `self`, or the TypeError that says why there is none.
  static #live(self: unknown, what: string): wasm.CursorCodec {
    if (typeof self !== "object" || self === null || !(#wasm in self)) {
      throw makeArgumentError(false, `CursorCodec.${what}: the receiver is not a CursorCodec`);
    }
    const codec = (self as CursorCodec).#wasm;
    if (codec === undefined) throw makeArgumentError(false, `CursorCodec.${what}: the codec was freed`);
    return codec;
  }

  // Runs one call of the wasm codec, counted so that free() can refuse to run inside it.
  static #call<R>(self: unknown, what: string, call: (codec: wasm.CursorCodec) => R): R {
    const codec = CursorCodec.#live(self, what);
    const me = self as CursorCodec;
    me.#busy++;
    try {
      return call(codec);
    } finally {
      me.#busy--;
    }
  }

  /** The mode this codec mints and the only one it accepts. */
  get mode(): "plain" | "signed" | "sealed" {
    return CursorCodec.#live(this, "mode").mode;
  }
  /** Mints a token for `value`. */
  encode(value: CursorValue, options?: EncodeOptions): string {
    return CursorCodec.#call(this, "encode", (c) => c.encode(value, options as EncodeOptions));
  }
  /** Checks and decodes a token. */
  decode(token: string, options?: DecodeOptions): Cursor {
    return CursorCodec.#call(this, "decode", (c) => c.decode(token, options as DecodeOptions));
  }
  /** Internal: how the other bindings (paginate, CursorStack, InfiniteList, paginateKeyset) find this codec's core. */
  get __codecId(): number {
    return CursorCodec.#live(this, "__codecId").__codecId;
  }
  /** Internal: see `__codecId`. */
  get __codecSlot(): number {
    return CursorCodec.#live(this, "__codecSlot").__codecSlot;
  }
  /** Releases the wasm memory now instead of at garbage collection; later calls are TypeErrors. */
  free(): void {
    const codec = CursorCodec.#live(this, "free");
    if (this.#busy) throw makeArgumentError(false, "free: the object is in use by one of its own calls");
    this.#wasm = undefined;
    codec.free();
  }
  [Symbol.dispose](): void {
    this.free();
  }
}

// The class above against its published declaration (a type only: nothing of it ships).
type Assignable<T extends U, U> = T;
export type CursorCodecMatchesItsDeclaration = Assignable<typeof CursorCodec, typeof Public.CursorCodec>;
