// The public CursorCodec class, and how the other bindings get the wasm codec of an
// `options.codec` (paginate, InfiniteList, CursorStack, paginateKeyset).
//
// Owns: the object users hold and the rule "options.codec is a live CursorCodec made by this
// class, or absent (the shared plain codec)". May call: the wasm glue (./pagecursor.js), the
// error classes and loading.ts. Why the bindings get the wasm object itself (a `&CursorCodec`
// argument) and not the user's value: the only proof that a value is a codec is this class's
// private field, which user code cannot forge or reach, so no id, registry or lookup of the
// value's properties is needed in the wasm.
import * as wasm from "./pagecursor.js";
import type * as Public from "./index.js";
import type { Cursor, CursorCodecOptions, CursorValue, DecodeOptions, EncodeOptions } from "./index.js";
import { makeArgumentError } from "./errors.js";
import { isLoaded, notReady } from "./loading.js";

// The wasm codec inside a value that is a CursorCodec (undefined for any other value, or a
// freed codec); set by the first codec made.
let unwrap: ((value: object) => wasm.CursorCodec | undefined) | undefined;
// The codec of everything made without `options.codec`: plain, shared, never freed.
let plain: wasm.CursorCodec | undefined;

/**
 * The wasm codec of `options.codec` (`value`): the shared plain codec when it is absent
 * (`undefined`, or `null` where `nullIsAbsent`), else the TypeError of a value that is not a live
 * CursorCodec. Reads nothing of the value: a Proxy's traps never run. Only after `ready`.
 */
export function codecOption(value: unknown, nullIsAbsent: boolean): wasm.CursorCodec {
  if (value === undefined || (nullIsAbsent && value === null)) return (plain ??= new wasm.CursorCodec(undefined as unknown as CursorCodecOptions));
  const core = typeof value === "object" && value !== null && unwrap !== undefined ? unwrap(value) : undefined;
  if (core === undefined) throw makeArgumentError(false, "options.codec must be a CursorCodec");
  return core;
}

/** `codecOption` of `options.codec`, read once (a bag that is no object has none: the reader of
 * the other options reports it). */
export function codecOf(options: unknown, nullIsAbsent: boolean): wasm.CursorCodec {
  return codecOption(typeof options === "object" && options !== null ? (options as { codec?: unknown }).codec : undefined, nullIsAbsent);
}

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
    // Set here rather than in a static block, which bundlers must keep: a bundle that never
    // makes a codec drops the class, and then no value can be one.
    unwrap ??= (value) => (#wasm in value ? (value as CursorCodec).#wasm : undefined);
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
