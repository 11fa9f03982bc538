// Notes: src/wasm/codec.rs.

const OBJECT_PROTO = Object.prototype;
const isSafeInteger = Number.isSafeInteger;
const MAX_DEPTH = 64;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const wellFormed = typeof String.prototype.isWellFormed === "function"
  ? (s) => s.isWellFormed()
  : (s) => !/[\uD800-\uDFFF]/.test(s);

let buf = new Uint8Array(512);
let view = new DataView(buf.buffer);
let pos = 0;
let exact = true;
let walks = 0;

function room(n) {
  if (pos + n <= buf.length) return;
  const next = new Uint8Array(Math.max(buf.length * 2, pos + n + 64));
  next.set(buf.subarray(0, pos));
  buf = next;
  view = new DataView(buf.buffer);
}

function varint(n) {
  room(10);
  while (n >= 128) {
    buf[pos++] = (n % 128) | 128;
    n = Math.floor(n / 128);
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
    const at = pos;
    if (base < 0) buf[pos++] = n;
    else if (n < 31) buf[pos++] = base | n;
    else {
      buf[pos++] = base | 31;
      buf[pos++] = n;
    }
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 127) break;
      buf[pos++] = c;
    }
    if (i === n) return true;
    pos = at;
  }
  if (!wellFormed(s)) return false;
  const bytes = encoder.encode(s);
  if (base < 0) varint(bytes.length);
  else head(base, bytes.length);
  room(bytes.length);
  buf.set(bytes, pos);
  pos += bytes.length;
  return true;
}

function write(v, depth) {
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
      if (v < -9223372036854775808n || v > 18446744073709551615n) return false;
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
    default:
      return false;
  }
  if (v === null) {
    room(1);
    buf[pos++] = 0x00;
    return true;
  }
  if (v instanceof Uint8Array) {
    exact = false;
    head(0x40, v.length);
    room(v.length);
    buf.set(v, pos);
    pos += v.length;
    return true;
  }
  if (v instanceof Date) {
    const ms = v.getTime();
    if (ms !== ms) return false;
    if (!(ms >= -8.64e15 && ms <= 8.64e15 && Math.floor(ms) === ms)) exact = false;
    room(1);
    buf[pos++] = 0x08;
    if (ms >= -4503599627370496 && ms < 4503599627370496) varint(ms >= 0 ? ms * 2 : -ms * 2 - 1);
    else bigVarint(ms >= 0 ? BigInt(ms) * 2n : BigInt(-ms) * 2n - 1n);
    return true;
  }
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(v)) {
    const n = v.length;
    if (n !== n >>> 0) exact = false;
    head(0x60, n);
    for (let i = 0; i < n; i++) if (!write(v[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== OBJECT_PROTO && proto !== null) return false;
  if (Object.getOwnPropertySymbols(v).length !== 0) return false;
  const keys = Object.keys(v);
  head(0x80, keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (!text(k, -1) || !write(v[k], depth + 1)) return false;
  }
  return true;
}

let memory;
let heap = new Uint8Array(0);
let heapView;

function mem() {
  if (heap.byteLength === 0) {
    heap = new Uint8Array(memory.buffer);
    heapView = new DataView(memory.buffer);
  }
  return heap;
}

export function setMemory(m) {
  memory = m;
  heap = new Uint8Array(0);
}

export function pack(value, to, cap) {
  const walk = ++walks;
  pos = 0;
  exact = true;
  let ok;
  try {
    ok = write(value, 0);
  } catch {
    ok = false;
  }
  if (!ok) return -1;
  if (walks !== walk) exact = false;
  if (pos <= cap) mem().set(buf.subarray(0, pos), to);
  return pos * 2 + (exact ? 1 : 0);
}

export function packed(to, len) {
  mem().set(buf.subarray(0, len), to);
}

const B64 = new Int8Array(256).fill(-1);
for (let i = 0; i < 64; i++) B64["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".charCodeAt(i)] = i;
const ascii = new Uint8Array(4100);

export function tokenBytes(t, to, cap) {
  if (typeof t !== "string") return -1;
  const n = t.length;
  const tail = n & 3;
  if (tail === 1 || (n * 3) >> 2 > cap) return -2 - n;
  if (n < 64) {
    let all = 0;
    for (let i = 0; i < n; i++) all |= ascii[i] = t.charCodeAt(i);
    if (all > 127) return -2 - n;
  } else {
    const r = encoder.encodeInto(t, ascii);
    if (r.read !== n || r.written !== n) return -2 - n;
  }
  ascii[n] = ascii[n + 1] = 65;
  let o = 0;
  let x = 0;
  let bad = 0;
  for (let i = 0; i < n; i += 4) {
    x = (B64[ascii[i]] << 18) | (B64[ascii[i + 1]] << 12) | (B64[ascii[i + 2]] << 6) | B64[ascii[i + 3]];
    bad |= x;
    ascii[o++] = x >> 16;
    ascii[o++] = x >> 8;
    ascii[o++] = x;
  }
  if (bad < 0 || x & (tail === 2 ? 0xf000 : tail && 0xc0)) return -2 - n;
  mem().set(ascii.subarray(0, (n * 3) >> 2), to);
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
    return BigInt(readVarint());
  }
  let n = 0n;
  for (let i = at - 1; i >= start; i--) n = (n << 7n) | BigInt(src[i] & 127);
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
      s += String.fromCharCode(a, b, c, d, e, f, g, h);
    }
    for (; i + 4 <= end; i += 4) {
      const a = src[i], b = src[i + 1], c = src[i + 2], d = src[i + 3];
      if ((a | b | c | d) > 127) break;
      s += String.fromCharCode(a, b, c, d);
    }
    for (; i < end; i++) {
      const c = src[i];
      if (c > 127) break;
      s += String.fromCharCode(c);
    }
    if (i === end) {
      at = end;
      return s;
    }
  }
  const s = decoder.decode(src.subarray(at, end));
  at = end;
  return s;
}

const keys = new Array(256);

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

function read() {
  const h = src[at++];
  switch (h & 0xe0) {
    case 0x20:
      return readText(readSize(h & 31));
    case 0x40: {
      const n = readSize(h & 31);
      const out = src.slice(at, at + n);
      at += n;
      return out;
    }
    case 0x60: {
      const n = readSize(h & 31);
      const out = new Array(n);
      for (let i = 0; i < n; i++) out[i] = read();
      return out;
    }
    case 0x80: {
      const n = readSize(h & 31);
      const out = {};
      for (let i = 0; i < n; i++) {
        const k = readKey(readVarint());
        const v = read();
        if (k === "__proto__") {
          Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
        } else {
          out[k] = v;
        }
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
        return new Date(z % 2 ? -(z - 1) / 2 - 1 : z / 2);
      }
      at = start;
      const z = readBigVarint();
      return new Date(Number(z & 1n ? -(z >> 1n) - 1n : z >> 1n));
    }
  }
}

export function unpackCursor(meta, payload) {
  const bytes = mem();
  const dv = heapView;
  const flags = bytes[meta];
  let i = meta + 1;
  let issuedAt, expiresAt, segment, keyId;
  if (flags & 2) {
    issuedAt = new Date(dv.getFloat64(i, true));
    expiresAt = new Date(dv.getFloat64(i + 8, true));
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
    cursor.issuedAt = issuedAt;
    cursor.expiresAt = expiresAt;
  }
  if (keyId !== undefined) cursor.keyId = keyId;
  if (segment !== undefined) cursor.segment = segment;
  return cursor;
}
