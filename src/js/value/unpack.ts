// Format v1 payload bytes -> JS value: the reader every binding calls
// (crates/pagecursor-wasm/src/convert.rs, codec.rs) to hand a value or a decoded cursor to JS in
// one crossing. It sees only bytes Rust has already checked, so it trusts their shape.
// Objects, arrays and the cursor get own data properties only: plain assignment when no
// prototype has the key (`k in Object.prototype`, `i in Array.prototype` while
// Array.prototype's prototype is Object.prototype), else `defineProperty` with a descriptor
// without a prototype, so no setter planted on `Object.prototype` or `Array.prototype` ever
// runs during a decode.
//
// Owns: the reading of payload bytes and of a decoded cursor's metadata. May call:
// intrinsics.ts, memory.ts.

import { ARRAY_PROTO, BigIntC, DateC, OBJECT_PROTO, U8, define, field, filled, fromCharCode, getProto, unutf8 } from "./intrinsics.js";
import { heapBuffer, heapView, mem } from "./memory.js";

// What `src` holds between reads: no reference to the memory is kept.
const NONE: Uint8Array = new U8(0);
let src = NONE;
let at = 0;

function readVarint(): number {
  let n = 0;
  let scale = 1;
  for (;;) {
    const b = src[at++]!;
    n += (b & 127) * scale;
    if (b < 128) return n;
    scale *= 128;
  }
}

function readBigVarint(): bigint {
  const start = at;
  while (src[at]! >= 128) at++;
  at++;
  if (at - start <= 7) {
    at = start;
    return BigIntC(readVarint());
  }
  let n = 0n;
  for (let i = at - 1; i >= start; i--) n = (n << 7n) | BigIntC(src[i]! & 127);
  return n;
}

// Short ASCII is built from char codes eight, then four, then one at a time; anything else
// through one TextDecoder call.
function readText(n: number): string {
  const end = at + n;
  if (n < 32) {
    const b = src;
    let s = "";
    let i = at;
    for (; i + 8 <= end; i += 8) {
      const c0 = b[i]!, c1 = b[i + 1]!, c2 = b[i + 2]!, c3 = b[i + 3]!;
      const c4 = b[i + 4]!, c5 = b[i + 5]!, c6 = b[i + 6]!, c7 = b[i + 7]!;
      if ((c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7) > 127) break;
      s += fromCharCode(c0, c1, c2, c3, c4, c5, c6, c7);
    }
    for (; i + 4 <= end; i += 4) {
      const c0 = b[i]!, c1 = b[i + 1]!, c2 = b[i + 2]!, c3 = b[i + 3]!;
      if ((c0 | c1 | c2 | c3) > 127) break;
      s += fromCharCode(c0, c1, c2, c3);
    }
    for (; i < end; i++) {
      const c = b[i]!;
      if (c > 127) break;
      s += fromCharCode(c);
    }
    if (i === end) {
      at = end;
      return s;
    }
  }
  const s = unutf8(src.subarray(at, end));
  at = end;
  return s;
}

// Map keys repeat from one cursor to the next, so the last ASCII key per hash slot is kept and
// reused when its chars equal the bytes. Only ASCII keys are kept: then equal char codes mean
// equal bytes. The key id of a signed or sealed cursor is read the same way.
const keys = filled(256) as (string | undefined)[];

function readKey(n: number): string {
  if (n > 24) return readText(n);
  const h = (n * 31 + src[at]! * 7 + src[at + n - 1]!) & 255;
  const k = keys[h];
  if (k !== undefined && k.length === n) {
    let i = 0;
    while (i < n && k.charCodeAt(i) === src[at + i]) i++;
    if (i === n) {
      at += n;
      return k;
    }
  }
  const s = readText(n);
  if (s.length === n) keys[h] = s;
  return s;
}

function readSize(info: number): number {
  return info < 31 ? info : readVarint();
}

/** `o[k] = v` as an own data property: no setter of a prototype ever runs. */
function put(o: object, k: string, v: unknown): void {
  if (k in OBJECT_PROTO) define(o, k, field(v));
  else (o as Record<string, unknown>)[k] = v;
}

function read(): unknown {
  const h = src[at++]!;
  switch (h & 0xe0) {
    case 0x20:
      return readText(readSize(h & 31));
    case 0x40: {
      const n = readSize(h & 31);
      const out = new U8(new U8(heapBuffer, at, n));
      at += n;
      return out;
    }
    case 0x60: {
      const n = readSize(h & 31);
      const out = new Array(n);
      const plain = getProto(ARRAY_PROTO) === OBJECT_PROTO;
      for (let i = 0; i < n; i++) {
        const v = read();
        if (plain && !(i in ARRAY_PROTO)) out[i] = v;
        else define(out, i, field(v));
      }
      return out;
    }
    case 0x80: {
      const n = readSize(h & 31);
      const out = {};
      for (let i = 0; i < n; i++) {
        const k = readKey(readVarint());
        put(out, k, read());
      }
      return out;
    }
  }
  switch (h) {
    case 0x00:
      return null;
    case 0x01:
      return false;
    case 0x02:
      return true;
    case 0x03: {
      const f = heapView.getFloat64(at);
      at += 8;
      return f;
    }
    case 0x04:
      return readVarint();
    case 0x05:
      return -1 - readVarint();
    case 0x06:
      return readBigVarint();
    case 0x07:
      return -1n - readBigVarint();
    default: {
      // 0x08, a Date: a zigzag varint of its ms.
      const start = at;
      while (src[at]! >= 128) at++;
      at++;
      if (at - start <= 7) {
        at = start;
        const z = readVarint();
        return new DateC(z % 2 ? -(z - 1) / 2 - 1 : z / 2);
      }
      at = start;
      const z = readBigVarint();
      return new DateC(Number(z & 1n ? -(z >> 1n) - 1n : z >> 1n));
    }
  }
}

/** The JS value of the checked payload bytes at `from` in the module's memory. */
export function unpackValue(from: number): unknown {
  src = mem();
  at = from;
  const value = read();
  src = NONE;
  return value;
}

/**
 * A decoded `Cursor` from its metadata at `meta` and its checked payload at `payload`. The
 * metadata, written by crates/pagecursor-wasm/src/codec.rs: a flags byte (1 before, 2 time,
 * 4 segment, 8 key id), then issued-at and expires-at as f64 (time), segment and total as u32
 * (segment), the key id as a length byte and UTF-8 (key id); little-endian.
 */
export function unpackCursor(meta: number, payload: number): unknown {
  const bytes = mem();
  const dv = heapView;
  const flags = bytes[meta]!;
  let i = meta + 1;
  let issuedAt, expiresAt, segment, keyId;
  if (flags & 2) {
    issuedAt = new DateC(dv.getFloat64(i, true));
    expiresAt = new DateC(dv.getFloat64(i + 8, true));
    i += 16;
  }
  if (flags & 4) {
    segment = { segment: dv.getUint32(i, true), total: dv.getUint32(i + 4, true) };
    i += 8;
  }
  src = bytes;
  if (flags & 8) {
    at = i + 1;
    keyId = readKey(bytes[i]!);
  }
  at = payload;
  const cursor = { value: read(), direction: flags & 1 ? "before" : "after" };
  src = NONE;
  if (issuedAt !== undefined) {
    put(cursor, "issuedAt", issuedAt);
    put(cursor, "expiresAt", expiresAt);
  }
  if (keyId !== undefined) put(cursor, "keyId", keyId);
  if (segment !== undefined) put(cursor, "segment", segment);
  return cursor;
}
