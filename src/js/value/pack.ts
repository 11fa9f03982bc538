// JS value -> format v1 payload bytes (docs/cursor-format.md, "Payload"): the walker every
// binding calls (crates/pagecursor-wasm/src/convert.rs) to hand a value to Rust in one
// crossing. Crossing the JS/wasm boundary once per property (typeof checks, Reflect.get,
// Object.keys, prototype checks) cost ten times more than the codec itself. Rust checks these
// bytes as strictly as a decoder does before it encodes, signs or seals anything, in every
// mode: no byte from JS is trusted, so a drift from the format fails loudly.
//
// The walker reads each user value exactly once and reports every refusal itself (always
// `unsupported_value`): no second reader ever sees the value, so a getter runs once and a Proxy
// cannot answer differently the second time.
//
// Owns: the walk and its refusals' words. May call: intrinsics.ts, memory.ts.

import {
  ARRAY_PROTO, BigIntC, DATE_PROTO, DV, U8, floor, isSafeInteger, maxOf, MAX_DEPTH, OBJECT_PROTO, filled, getProto, getTime, isArray, ownDesc, ownKeys, ownSymbols,
  taLength, taSet, taTag, utf8, wellFormed,
} from "./intrinsics.js";
import { mem } from "./memory.js";

type Fields = Record<string, unknown>;

const SMALL = 512;

let buf = new U8(SMALL);
let view = new DV(buf.buffer);
let pos = 0;
let limit = 0;
// The ancestors of the value being walked: cycles are told from deep nesting at depth 64 by
// them (own elements only, so no prototype setter runs when one is written).
let stack = filled(MAX_DEPTH + 1);
let busy = false;
let lax = false;
// Why the walk stopped: a message, or 0 for too large.
let why: string | 0 = "";
let failedAt = -1;
let last: Uint8Array | undefined;

function fail(message: string | 0): false {
  why = message;
  return false;
}

// A cut past the limit: the walk stops where the payload is known to reach at least `end`
// bytes, and `pack` reports that as the length the refusal's message gives (a lower bound:
// the rest of the value is never read).
function tooLong(end: number): false {
  pos = end;
  return fail(0);
}

function room(n: number): void {
  if (pos + n <= buf.length) return;
  const next = new U8(maxOf(buf.length * 2, pos + n + 64));
  taSet(next, buf.subarray(0, pos));
  buf = next;
  view = new DV(buf.buffer);
}

/** Unsigned LEB128 of a non-negative safe integer. */
function varint(n: number): void {
  room(10);
  while (n >= 128) {
    buf[pos++] = (n % 128) | 128;
    n = floor(n / 128);
  }
  buf[pos++] = n;
}

function bigVarint(n: bigint): void {
  if (n <= 9007199254740991n) return varint(Number(n));
  room(10);
  while (n >= 128n) {
    buf[pos++] = Number(n & 127n) | 128;
    n >>= 7n;
  }
  buf[pos++] = Number(n);
}

function head(base: number, len: number): void {
  room(1);
  if (len < 31) {
    buf[pos++] = base | len;
  } else {
    buf[pos++] = base | 31;
    varint(len);
  }
}

// The UTF-8 of a well-formed string, preceded by its length: a head byte with `base` (values)
// or a bare varint (map keys, `base < 0`). A short ASCII string (the common case) is copied
// char by char, which also proves it well-formed.
function text(s: string, base: number): boolean {
  const n = s.length;
  if (n < 64) {
    room(n + 2);
    const b = buf;
    let p = pos;
    if (base < 0) b[p++] = n;
    else if (n < 31) b[p++] = base | n;
    else {
      b[p++] = base | 31;
      b[p++] = n;
    }
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 127) break;
      b[p++] = c;
    }
    if (i === n) {
      pos = p;
      return true;
    }
  }
  if (!wellFormed(s)) return fail(base < 0 ? "map key contains a lone surrogate" : "string contains a lone surrogate");
  // A string far beyond the limit is refused before its UTF-8 is built (at least 1 byte a char).
  if (pos + n > limit) return tooLong(pos + n);
  const bytes = utf8(s);
  if (base < 0) varint(bytes.length);
  else head(base, bytes.length);
  room(bytes.length);
  taSet(buf, bytes, pos);
  pos += bytes.length;
  return true;
}

function message(err: unknown): string {
  let m;
  try {
    m = (err as { message?: unknown }).message;
  } catch {}
  return "reading a property threw: " + (typeof m === "string" ? m : "an error");
}

function className(proto: object | null): string {
  try {
    const c = ownDesc(proto, "constructor");
    const name = c && typeof c.value === "function" && ownDesc(c.value, "name");
    if (name && typeof name.value === "string" && name.value) return name.value;
  } catch {}
  return "object";
}

// False with `why` set. The walk stops as soon as the payload passes `limit` (the payload of a
// `maxLength` token), so a 50 MB value is never built in full nor copied into wasm memory,
// which never shrinks. A NaN is written as the one NaN the format carries; a Date as a zigzag
// varint of its ms.
function write(v: unknown, depth: number): boolean {
  if (pos > limit) return fail(0);
  switch (typeof v) {
    case "number":
      if (isSafeInteger(v) && (v !== 0 || 1 / v > 0)) {
        room(1);
        if (v >= 0) {
          buf[pos++] = 0x04;
          varint(v);
        } else {
          buf[pos++] = 0x05;
          varint(-1 - v);
        }
      } else {
        room(9);
        buf[pos++] = 0x03;
        if (v !== v) {
          view.setUint32(pos, 0x7ff80000);
          view.setUint32(pos + 4, 0);
        } else {
          view.setFloat64(pos, v);
        }
        pos += 8;
      }
      return true;
    case "string":
      return text(v, 0x20);
    case "boolean":
      room(1);
      buf[pos++] = v ? 0x02 : 0x01;
      return true;
    case "bigint":
      if (v < -9223372036854775808n || v > 18446744073709551615n) return fail("bigint is outside [-2^63, 2^64-1]");
      room(1);
      if (v >= 0n) {
        buf[pos++] = 0x06;
        bigVarint(v);
      } else {
        buf[pos++] = 0x07;
        bigVarint(-1n - v);
      }
      return true;
    case "object":
      break;
    case "undefined":
      return fail("undefined is not a cursor value");
    case "symbol":
      return fail("a symbol is not a cursor value");
    case "function":
      return fail("a function is not a cursor value");
    default:
      return fail("value of unknown type");
  }
  if (v === null) {
    room(1);
    buf[pos++] = 0x00;
    return true;
  }
  const array = isArray(v);
  const proto = array ? ARRAY_PROTO : getProto(v);
  if (!array && proto !== OBJECT_PROTO && proto !== null) {
    const tag = proto === DATE_PROTO ? undefined : taTag(v);
    if (tag !== undefined) {
      if (tag !== "Uint8Array") return fail(tag + " is not a cursor value (bytes are a Uint8Array)");
      const n = taLength(v);
      if (pos + n > limit) return tooLong(pos + n);
      head(0x40, n);
      room(n);
      // A detached array is empty (and `set` would throw for it).
      if (n !== 0) taSet(buf, v as Uint8Array, pos);
      pos += n;
      return true;
    }
    let ms;
    try {
      ms = getTime(v);
    } catch {
      return fail(proto === DATE_PROTO ? "not a Date: Date.prototype.getTime refuses it" : className(proto) + " is not a plain object");
    }
    if (ms !== ms) return fail("invalid Date");
    room(1);
    buf[pos++] = 0x08;
    if (ms >= -4503599627370496 && ms < 4503599627370496) varint(ms >= 0 ? ms * 2 : -ms * 2 - 1);
    else bigVarint(ms >= 0 ? BigIntC(ms) * 2n : BigIntC(-ms) * 2n - 1n);
    return true;
  }
  if (depth >= MAX_DEPTH) {
    for (let i = 0; i < depth; i++) if (stack[i] === v) return fail("cyclic value");
    return fail("nesting deeper than 64");
  }
  stack[depth] = v;
  if (array) {
    const n = (v as unknown[]).length;
    if (n !== n >>> 0) return fail("an array's length must be a whole number in [0, 2^32 - 1]");
    // What decode could not give back exactly: a subclass comes back a plain Array, and named
    // properties are not carried (a token, read as JSON would send it, drops them as JSON does).
    if (!lax) {
      const p = getProto(v);
      if (p !== ARRAY_PROTO) return fail(className(p) + " is not a cursor value (an Array subclass comes back a plain Array)");
      if (ownKeys(v).length > n) return fail("an array with named properties is not a cursor value");
    }
    head(0x60, n);
    // The element of a top-level array being walked: where a refusal or a throw stopped it.
    const top = depth === 0;
    if (lax) {
      for (let i = 0; i < n; i++) {
        if (top) failedAt = i;
        const x = (v as unknown[])[i];
        if (!write(x === undefined ? null : x, depth + 1)) return false;
      }
      return true;
    }
    for (let i = 0; i < n; i++) {
      if (top) failedAt = i;
      if (!write((v as unknown[])[i], depth + 1)) return false;
    }
    return true;
  }
  if (ownSymbols(v).length !== 0) return fail("an object with symbol keys is not a cursor value");
  const keys = ownKeys(v);
  if (lax) return laxMap(v as Fields, keys, depth);
  head(0x80, keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (!text(k, -1) || !write((v as Fields)[k], depth + 1)) return false;
  }
  return true;
}

// A token's object as JSON reads it: a field set to `undefined` is left out.
function laxMap(v: Fields, keys: string[], depth: number): boolean {
  const n = keys.length;
  const values = filled(n);
  let kept = 0;
  for (let i = 0; i < n; i++) if ((values[i] = v[keys[i]!]) !== undefined) kept++;
  head(0x80, kept);
  for (let i = 0; i < n; i++) {
    const x = values[i];
    if (x !== undefined && (!text(keys[i]!, -1) || !write(x, depth + 1))) return false;
  }
  return true;
}

/**
 * Walks `value` into payload bytes and copies them to `to` in the module's memory when they
 * fit in `cap` bytes. Returns their length; -1 when the value is not a cursor value (the reason
 * is `packError()`); `-2 - n` when the walk passed `max` payload bytes (it stopped after `n`).
 * Longer than `cap`: they wait for `packed`, which Rust calls before any other call into JS.
 * With `tokens`, `undefined` inside the value reads as JSON reads it.
 *
 * Re-entrant: a getter that calls the codec during a walk gets a fresh buffer, stack and limit,
 * and the outer walk's are restored afterwards (a shared buffer once let an inner encode's
 * bytes splice into the outer token: `[getter -> 7]` minted `[5,6,7]`). What a getter or trap
 * throws is caught ("reading a property threw: ..."). A buffer that grew past 64 KiB is dropped
 * after the walk.
 */
export function pack(value: unknown, to: number, cap: number, max: number, tokens: boolean): number {
  const outer = busy ? ([buf, view, pos, limit, stack, lax, failedAt] as const) : undefined;
  if (outer) {
    buf = new U8(SMALL);
    view = new DV(buf.buffer);
    stack = filled(MAX_DEPTH + 1);
  }
  busy = true;
  pos = 0;
  limit = max;
  lax = tokens;
  failedAt = -1;
  why = "";
  last = undefined;
  let ok;
  try {
    ok = write(value, 0);
  } catch (err) {
    ok = false;
    why = message(err);
  }
  let got = -1;
  if (ok) {
    got = pos;
    if (pos <= cap) mem().set(buf.subarray(0, pos), to);
    else last = buf.subarray(0, pos);
  } else if ((why as string | 0) === 0) {
    got = -2 - pos;
  }
  if (buf.length > 65536) {
    buf = new U8(SMALL);
    view = new DV(buf.buffer);
  }
  if (outer) {
    [buf, view, pos, limit, stack, lax, failedAt] = outer;
  } else {
    busy = false;
  }
  return got;
}

/**
 * Whether `value` is a cursor value the codec carries exactly, by the walker's own rules (what
 * `pack` would refuse, it refuses), within `max` payload bytes. Nothing is written anywhere.
 */
export function isCursorValue(value: unknown, max: number): boolean {
  const got = pack(value, 0, -1, max, false);
  last = undefined;
  return got >= 0;
}

/** Copies the bytes of the last `pack` (longer than its `cap`) to `to`. */
export function packed(to: number): void {
  mem().set(last!, to);
  last = undefined;
}

/** The index of the element of a top-level array where the last `pack` stopped (-1: none). */
export function packFailedAt(): number {
  return failedAt;
}

/** Why the last `pack` refused its value, in the words of an `unsupported_value` message. */
export function packError(): string {
  return typeof why === "string" ? why : "";
}
