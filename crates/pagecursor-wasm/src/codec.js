// Notes: src/convert.rs (the walker and the reader) and src/codec.rs (tokens).

const O = Object;
const OBJECT_PROTO = O.prototype;
const ARRAY_PROTO = Array.prototype;
const getProto = O.getPrototypeOf;
const ownKeys = O.keys;
const ownSymbols = O.getOwnPropertySymbols;
const ownDesc = O.getOwnPropertyDescriptor;
const define = O.defineProperty;
const isArray = Array.isArray;
const isSafeInteger = Number.isSafeInteger;
const floor = Math.floor;
const U8 = Uint8Array;
const DV = DataView;
const DateC = Date;
const DATE_PROTO = DateC.prototype;
const BigIntC = BigInt;
const fromCharCode = String.fromCharCode;
const uncurry = (f) => Function.prototype.call.bind(f);
const TA = getProto(U8.prototype);
const taTag = uncurry(ownDesc(TA, Symbol.toStringTag).get);
const taLength = uncurry(ownDesc(TA, "length").get);
const taSet = uncurry(TA.set);
const getTime = uncurry(DateC.prototype.getTime);
const isWellFormed = String.prototype.isWellFormed;
const wellFormed = isWellFormed ? uncurry(isWellFormed) : (s) => !/[\uD800-\uDFFF]/.test(s);
const utf8 = uncurry(TextEncoder.prototype.encode).bind(null, new TextEncoder());
const unutf8 = uncurry(TextDecoder.prototype.decode).bind(null, new TextDecoder("utf-8", { ignoreBOM: true }));
const MAX_DEPTH = 64;
const SMALL = 512;
const arrayFrom = Array.from.bind(Array);
const filled = (n) => arrayFrom({ __proto__: null, length: n });

let buf = new U8(SMALL);
let view = new DV(buf.buffer);
let pos = 0;
let limit = 0;
let stack = filled(MAX_DEPTH + 1);
let busy = false;
let lax = false;
let why = "";
let failedAt = -1;
let last;

function fail(message) {
  why = message;
  return false;
}

// A cut past the limit: the walk stops where the payload is known to reach at least `end`
// bytes, and `pack` reports that as the length the refusal's message gives (a lower bound:
// the rest of the value is never read).
function tooLong(end) {
  pos = end;
  return fail(0);
}

function room(n) {
  if (pos + n <= buf.length) return;
  const next = new U8(Math.max(buf.length * 2, pos + n + 64));
  taSet(next, buf.subarray(0, pos));
  buf = next;
  view = new DV(buf.buffer);
}

function varint(n) {
  room(10);
  while (n >= 128) {
    buf[pos++] = (n % 128) | 128;
    n = floor(n / 128);
  }
  buf[pos++] = n;
}

function bigVarint(n) {
  if (n <= 9007199254740991n) return varint(Number(n));
  room(10);
  while (n >= 128n) {
    buf[pos++] = Number(n & 127n) | 128;
    n >>= 7n;
  }
  buf[pos++] = Number(n);
}

function head(base, len) {
  room(1);
  if (len < 31) {
    buf[pos++] = base | len;
  } else {
    buf[pos++] = base | 31;
    varint(len);
  }
}

function text(s, base) {
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

function message(err) {
  let m;
  try {
    m = err.message;
  } catch {}
  return "reading a property threw: " + (typeof m === "string" ? m : "an error");
}

function className(proto) {
  try {
    const c = ownDesc(proto, "constructor");
    const name = c && typeof c.value === "function" && ownDesc(c.value, "name");
    if (name && typeof name.value === "string" && name.value) return name.value;
  } catch {}
  return "object";
}

function write(v, depth) {
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
      if (n !== 0) taSet(buf, v, pos);
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
    const n = v.length;
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
        const x = v[i];
        if (!write(x === undefined ? null : x, depth + 1)) return false;
      }
      return true;
    }
    for (let i = 0; i < n; i++) {
      if (top) failedAt = i;
      if (!write(v[i], depth + 1)) return false;
    }
    return true;
  }
  if (ownSymbols(v).length !== 0) return fail("an object with symbol keys is not a cursor value");
  const keys = ownKeys(v);
  if (lax) return laxMap(v, keys, depth);
  head(0x80, keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (!text(k, -1) || !write(v[k], depth + 1)) return false;
  }
  return true;
}

function laxMap(v, keys, depth) {
  const n = keys.length;
  const values = filled(n);
  let kept = 0;
  for (let i = 0; i < n; i++) if ((values[i] = v[keys[i]]) !== undefined) kept++;
  head(0x80, kept);
  for (let i = 0; i < n; i++) {
    const x = values[i];
    if (x !== undefined && (!text(keys[i], -1) || !write(x, depth + 1))) return false;
  }
  return true;
}

let memory;
let heap = new U8(0);
let heapView;
let heapBuffer;

function mem() {
  if (heap.byteLength === 0) {
    heapBuffer = memory.buffer;
    heap = new U8(heapBuffer);
    heapView = new DV(heapBuffer);
  }
  return heap;
}

export function setMemory(m) {
  memory = m;
  heap = new U8(0);
}

export function pack(value, to, cap, max, tokens) {
  const outer = busy ? [buf, view, pos, limit, stack, lax, failedAt] : undefined;
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
  } else if (why === 0) {
    got = -2 - pos;
  }
  if (buf.length > 65536) {
    buf = new U8(SMALL);
    view = new DV(buf.buffer);
  }
  if (outer) {
    buf = outer[0];
    view = outer[1];
    pos = outer[2];
    limit = outer[3];
    stack = outer[4];
    lax = outer[5];
    failedAt = outer[6];
  } else {
    busy = false;
  }
  return got;
}

export function packed(to) {
  mem().set(last, to);
  last = undefined;
}

export function packFailedAt() {
  return failedAt;
}

export function packError() {
  return typeof why === "string" ? why : "";
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B64 = new Int8Array(256).fill(-1);
for (let i = 0; i < 64; i++) B64[ALPHABET.charCodeAt(i)] = i;
const ascii = new U8(4100);
const U16 = Uint16Array;
const PAIRS = new U16(4096);
const pairBytes = new U8(PAIRS.buffer);
for (let i = 0; i < 8192; i++) pairBytes[i] = ALPHABET.charCodeAt(i & 1 ? (i >> 1) & 63 : i >> 7);
const ascii16 = new U16(ascii.buffer);

export function tokenText(at, n) {
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
    const x = (b[i] << 16) | (b[i + 1] << 8) | b[i + 2];
    w[o++] = PAIRS[x >> 12];
    w[o++] = PAIRS[x & 4095];
  }
  return unutf8(out.subarray(0, len));
}

export function tokenBytes(t, to, cap) {
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
    x = (B64[a] << 18) | (B64[b] << 12) | (B64[c] << 6) | B64[d];
    bad |= x;
    h[o++] = x >> 16;
    h[o++] = x >> 8;
    h[o++] = x;
  }
  if (all > 255 || bad < 0 || x & (tail === 2 ? 0xf000 : tail && 0xc0)) return -2 - n;
  return n;
}

let src;
let at;

function readVarint() {
  let n = 0;
  let scale = 1;
  for (;;) {
    const b = src[at++];
    n += (b & 127) * scale;
    if (b < 128) return n;
    scale *= 128;
  }
}

function readBigVarint() {
  const start = at;
  while (src[at] >= 128) at++;
  at++;
  if (at - start <= 7) {
    at = start;
    return BigIntC(readVarint());
  }
  let n = 0n;
  for (let i = at - 1; i >= start; i--) n = (n << 7n) | BigIntC(src[i] & 127);
  return n;
}

function readText(n) {
  const end = at + n;
  if (n < 32) {
    let s = "";
    let i = at;
    for (; i + 8 <= end; i += 8) {
      const a = src[i], b = src[i + 1], c = src[i + 2], d = src[i + 3];
      const e = src[i + 4], f = src[i + 5], g = src[i + 6], h = src[i + 7];
      if ((a | b | c | d | e | f | g | h) > 127) break;
      s += fromCharCode(a, b, c, d, e, f, g, h);
    }
    for (; i + 4 <= end; i += 4) {
      const a = src[i], b = src[i + 1], c = src[i + 2], d = src[i + 3];
      if ((a | b | c | d) > 127) break;
      s += fromCharCode(a, b, c, d);
    }
    for (; i < end; i++) {
      const c = src[i];
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

const keys = filled(256);

function readKey(n) {
  if (n > 24) return readText(n);
  const h = (n * 31 + src[at] * 7 + src[at + n - 1]) & 255;
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

function readSize(info) {
  return info < 31 ? info : readVarint();
}

/** `o[k] = v` as an own data property: no setter of a prototype ever runs. */
function put(o, k, v) {
  if (k in OBJECT_PROTO) define(o, k, { __proto__: null, value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

function read() {
  const h = src[at++];
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
        else define(out, i, { __proto__: null, value: v, writable: true, enumerable: true, configurable: true });
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
      const start = at;
      while (src[at] >= 128) at++;
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

export function unpackValue(from) {
  src = mem();
  at = from;
  const value = read();
  src = undefined;
  return value;
}

export function isArrayOf(v) {
  return isArray(v);
}

export function unpackCursor(meta, payload) {
  const bytes = mem();
  const dv = heapView;
  const flags = bytes[meta];
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
    keyId = readKey(bytes[i]);
  }
  at = payload;
  const cursor = { value: read(), direction: flags & 1 ? "before" : "after" };
  src = undefined;
  if (issuedAt !== undefined) {
    put(cursor, "issuedAt", issuedAt);
    put(cursor, "expiresAt", expiresAt);
  }
  if (keyId !== undefined) put(cursor, "keyId", keyId);
  if (segment !== undefined) put(cursor, "segment", segment);
  return cursor;
}

export function bytesOf(v) {
  try {
    if (taTag(v) === "Uint8Array") return new U8(v);
  } catch {}
  return undefined;
}
