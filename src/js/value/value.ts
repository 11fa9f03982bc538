// The value module: the one owner, on the JS side, of JS value <-> format v1 payload bytes
// (pack.ts, unpack.ts) and of a token's text (token-text.ts). The bindings import it as their
// snippet (crates/pagecursor-wasm/build.rs compiles it, with this folder, into one file before
// the wasm build), and the rest of the JS layer imports its constants from pkg/value.js, which
// re-exports that same snippet: one module instance, one definition of each limit.
//
// Owns: what a JS value is as a cursor value. May call: the files of this folder.

import { U8, isArray, taTag } from "./intrinsics.js";

export { MAX_DEPTH } from "./intrinsics.js";
export { setMemory } from "./memory.js";
export { isCursorValue, pack, packed, packError, packFailedAt } from "./pack.js";
export { unpackValue, unpackCursor } from "./unpack.js";
export { tokenText, tokenBytes } from "./token-text.js";

/** `Array.isArray`, which throws for a revoked Proxy (the bindings import it with `catch`). */
export function isArrayOf(v: unknown): boolean {
  return isArray(v);
}

/** A copy of a real `Uint8Array` (a secret), by its brand and real length; else `undefined`. */
export function bytesOf(v: unknown): Uint8Array | undefined {
  try {
    if (taTag(v) === "Uint8Array") return new U8(v as Uint8Array);
  } catch {}
  return undefined;
}
