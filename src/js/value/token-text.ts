// A token's base64url, both ways, between a JS string and the module's memory, so that
// neither the text nor base64 passes through wasm (base64ct's constant-time encoder and the
// UTF-8 decode of a Rust `String` were a third of an `encodeCursor`). The alphabet and the
// strictness are those of crates/pagecursor/src/codec/base64url.rs, which decodes whatever
// `tokenBytes` declines and says exactly what is wrong; tests/js/codec-base64.test.mjs checks
// the two against each other.
//
// Owns: nothing of the format (only its spelling as text). May call: memory.ts, intrinsics.ts.

import { U16, U8, floor, unutf8 } from "./intrinsics.js";
import { mem } from "./memory.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B64 = new Int8Array(256).fill(-1);
for (let i = 0; i < 64; i++) B64[ALPHABET.charCodeAt(i)] = i;
// The 4,096 pairs of characters for 12 bits each, one u16 apiece, stored into the ASCII buffer
// through the same u16 view they are read by, so the platform's byte order cancels out.
const ascii = new U8(4100);
const PAIRS = new U16(4096);
const pairBytes = new U8(PAIRS.buffer);
for (let i = 0; i < 8192; i++) pairBytes[i] = ALPHABET.charCodeAt(i & 1 ? (i >> 1) & 63 : i >> 7);
const ascii16 = new U16(ascii.buffer);

/**
 * The token of the `n` bytes at `at` (header, payload, tag): two characters per 12 bits, then
 * one `TextDecoder` decode of the ASCII (a string built by concatenation is a rope, slower to
 * build and to read: 2-3x in V8). Rust puts two zero bytes after the token, so the last group
 * reads zeros for its unused bits, and the characters past the length are cut off.
 */
export function tokenText(at: number, n: number): string {
  const b = mem();
  const len = floor((n * 4 + 2) / 3);
  let out = ascii;
  let w = ascii16;
  if (len + 3 > out.length) {
    w = new U16((len >> 1) + 2);
    out = new U8(w.buffer);
  }
  let o = 0;
  for (let i = at; i < at + n; i += 3) {
    const x = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    w[o++] = PAIRS[x >> 12]!;
    w[o++] = PAIRS[x & 4095]!;
  }
  return unutf8(out.subarray(0, len));
}

/**
 * Decodes a token of strict unpadded base64url (exactly what Rust's decoder accepts) to `to`
 * (at most `cap` bytes), four characters at a time (`charCodeAt`, no copy of the text), and
 * returns its length in characters; -1 when it is not a string; `-2 - length` when it is not
 * strict base64url or would pass `cap` (Rust checks its length against `maxLength`, then
 * decodes it itself). A character past the end reads as NaN, which looks up and shifts as 0,
 * as the `A` a zero bit pads with; anything past the table (`all > 255`) is refused.
 */
export function tokenBytes(t: unknown, to: number, cap: number): number {
  if (typeof t !== "string") return -1;
  const n = t.length;
  const tail = n & 3;
  if (tail === 1 || ((n + 3) >> 2) * 3 > cap) return -2 - n;
  const h = mem();
  let o = to;
  let x = 0;
  let all = 0;
  let bad = 0;
  for (let i = 0; i < n; i += 4) {
    const a = t.charCodeAt(i);
    const b = t.charCodeAt(i + 1);
    const c = t.charCodeAt(i + 2);
    const d = t.charCodeAt(i + 3);
    all |= a | b | c | d;
    x = (B64[a]! << 18) | (B64[b]! << 12) | (B64[c]! << 6) | B64[d]!;
    bad |= x;
    h[o++] = x >> 16;
    h[o++] = x >> 8;
    h[o++] = x;
  }
  if (all > 255 || bad < 0 || x & (tail === 2 ? 0xf000 : tail && 0xc0)) return -2 - n;
  return n;
}
