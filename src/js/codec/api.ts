// The synchronous part of pagecursor's public surface: the cursor codec (`encodeCursor`,
// `decodeCursor`, `CursorCodec`) and the page models. Every entry re-exports it through
// exports.ts; `pagecursor/web/codec` re-exports it alone, for pages without a bundler that only
// mint and read cursors (they then never fetch the paginator's and the client classes' JS).
// Nothing here waits for the module.
//
// Owns: the synchronous functions' not_ready check. May call: the wasm glue (./pagecursor.js,
// typed by wasm-bindgen's generated declarations), codec.ts (the CursorCodec class),
// codec-of.ts (the wasm codec of `options.codec`), loading.ts and uses-keyed.ts (the page
// models are in the modules with the "keyed" part: a bundle that uses one loads such a module).
import * as wasm from "./pagecursor.js";
// The hand-written public declarations (pkg/index.d.ts): each export below is typed by its
// declaration there, so `tsc` checks that the implementation and the published types agree.
import type * as Public from "./index.js";
import type { DecodeOptions, EncodeOptions } from "./index.js";
import { isLoaded, notReady } from "./loading.js";
import { KEYED } from "./uses-keyed.js";
import { codecOf } from "./codec-of.js";

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
  if (!isLoaded(KEYED)) throw notReady("offsetPage", KEYED);
  return wasm.offsetPage(options);
};
export const paginateOffset: typeof Public.paginateOffset = (items, options) => {
  if (!isLoaded(KEYED)) throw notReady("paginateOffset", KEYED);
  return wasm.paginateOffset(items, options);
};
export const paginateKeyset: typeof Public.paginateKeyset = (items, options) => {
  if (!isLoaded(KEYED)) throw notReady("paginateKeyset", KEYED);
  // The wasm reads the other options.
  return wasm.paginateKeyset(items, options as never, codecOf(options, true));
};

export { CursorCodec } from "./codec.js";
