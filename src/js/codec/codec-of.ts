// How the bindings get the wasm codec of an `options.codec` (paginate, InfiniteList, CursorStack,
// paginateKeyset), without the CursorCodec class: the class (codec.ts) needs a module with signing,
// the client classes do not, so they import this file and a bundle of them alone has no class.
//
// Owns: the rule "options.codec is a live CursorCodec made by its class, or absent (the shared
// plain codec)". May call: the wasm glue (./pagecursor.js) and the error classes. Why the
// bindings get the wasm object itself (a `&CursorCodec` argument) and not the user's value: the
// only proof that a value is a codec is the class's private field, which user code cannot forge
// or reach, so no id, registry or lookup of the value's properties is needed in the wasm.
import * as wasm from "./pagecursor.js";
import type { CursorCodecOptions } from "./index.js";
import { makeArgumentError } from "./errors.js";

// The wasm codec inside a value that is a CursorCodec (undefined for any other value, or a
// freed codec); set by the first codec made (codec.ts).
let unwrap: ((value: object) => wasm.CursorCodec | undefined) | undefined;
// The codec of everything made without `options.codec`: plain, shared, never freed.
let plain: wasm.CursorCodec | undefined;
// The codec of `LONG_RESUME_TOKENS`: plain, shared, never freed.
let long: wasm.CursorCodec | undefined;

/** For the CursorCodec class: how to find the wasm codec of one of its objects. */
export function brandCodecs(of: (value: object) => wasm.CursorCodec | undefined): void {
  unwrap ??= of;
}

/**
 * An `options.codec` for the package's own walks whose resume tokens may be long (the React
 * stack's, react.ts says why): a plain codec with `maxLength` 1 MiB. Not a CursorCodec, so the
 * React entry needs no class (and no module with signing); a symbol of this file's, so no user
 * value stands for it.
 */
export const LONG_RESUME_TOKENS: unique symbol = Symbol();

/**
 * The wasm codec of `options.codec` (`value`): the shared plain codec when it is absent
 * (`undefined`, or `null` where `nullIsAbsent`), else the TypeError of a value that is not a live
 * CursorCodec. Reads nothing of the value: a Proxy's traps never run. Only after `ready`.
 */
export function codecOption(value: unknown, nullIsAbsent: boolean): wasm.CursorCodec {
  if (value === undefined || (nullIsAbsent && value === null)) return (plain ??= new wasm.CursorCodec(undefined as unknown as CursorCodecOptions));
  if (value === LONG_RESUME_TOKENS) return (long ??= new wasm.CursorCodec({ maxLength: 1 << 20 }));
  const core = typeof value === "object" && value !== null ? unwrap?.(value) : undefined;
  if (core === undefined) throw makeArgumentError(false, "options.codec must be a CursorCodec");
  return core;
}

/** `codecOption` of `options.codec`, read once (a bag that is no object has none: the reader of
 * the other options reports it). */
export function codecOf(options: unknown, nullIsAbsent: boolean): wasm.CursorCodec {
  return codecOption(typeof options === "object" && options !== null ? (options as { codec?: unknown }).codec : undefined, nullIsAbsent);
}
