// The public CursorCodec class. A page that uses it loads a WebAssembly module with signing and
// sealing (a codec may have keys, and the class cannot know before it is constructed), so it
// checks `isLoaded(KEYED)` (uses-keyed.ts, loading.ts); the client classes find a codec's wasm object through
// codec-of.ts, which this class brands its objects for.
//
// Owns: the object users hold. May call: the wasm glue (./pagecursor.js), the error classes,
// loading.ts, uses-keyed.ts and codec-of.ts.
import * as wasm from "./pagecursor.js";
import type * as Public from "./index.js";
import type { Cursor, CursorCodecOptions, CursorValue, DecodeOptions, EncodeOptions } from "./index.js";
import { makeArgumentError } from "./errors.js";
import { isLoaded, notReady } from "./loading.js";
import { KEYED } from "./uses-keyed.js";
import { brandCodecs } from "./codec-of.js";

/**
 * The public CursorCodec: owns the object users hold; the keys, the format and the checks are
 * the wasm codec's (crates/pagecursor-wasm/src/codec.rs, crates/pagecursor/src/codec/), kept in a private field.
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
    if (!isLoaded(KEYED)) throw notReady("new CursorCodec", KEYED);
    this.#wasm = new wasm.CursorCodec(options as CursorCodecOptions);
    // Set here rather than in a static block, which bundlers must keep: a bundle that never
    // makes a codec drops the class, and then no value can be one.
    brandCodecs(CursorCodec.#of);
  }

  // The wasm codec inside a value that is a CursorCodec (codec-of.ts asks; no user code runs).
  static #of(value: object): wasm.CursorCodec | undefined {
    return #wasm in value ? (value as CursorCodec).#wasm : undefined;
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
