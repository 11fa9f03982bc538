// The JS base64url of the value module (`tokenText`, `tokenBytes` in src/js/value/token-text.ts), tested
// directly: shared by the Node test (tests/js/codec-base64.test.mjs) and Chromium
// (tests/browser/codec-base64.test.mjs). `snippet` is a separate instance of the shipped,
// minified snippet module (imported with a query string, so that the package's own instance
// keeps the real wasm memory); it is handed a fake memory, an ArrayBuffer, and addresses in it.
// Every length mod 3 also goes through the package's own encode (the tests that call this), so
// the two zero bytes Rust puts after the token bytes are tested there.
// Returns the failures, as sentences (an empty array when everything holds).

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** RFC 4648 §5 without padding, bit by bit: another algorithm than the glue's pair table. */
export function reference(bytes) {
  let out = "";
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET[(acc >> bits) & 63];
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(acc << (6 - bits)) & 63];
  return out;
}

/** Strict unpadded base64url, bit by bit (null when `text` is not exactly one encoding). */
export function referenceDecode(text) {
  if (text.length % 4 === 1) return null;
  const out = [];
  let acc = 0;
  let bits = 0;
  for (const ch of text) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0 || ch.length !== 1) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 255);
    }
    acc &= (1 << bits) - 1;
  }
  return acc === 0 ? Uint8Array.from(out) : null;
}

/** Deterministic bytes (xorshift32), so that a failure names a reproducible case. */
function bytesOf(n, seed) {
  const out = new Uint8Array(n);
  let x = seed | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 255;
  }
  return out;
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * `tokens`: the tokens of tests/vectors (every file, valid and not). `extra(bytes)`: the
 * environment's own base64url to compare with too (Buffer in Node, btoa in Chromium).
 */
export function runBase64Checks(snippet, tokens, extra) {
  const failures = [];
  const memory = { buffer: new ArrayBuffer(65536) };
  snippet.setMemory(memory);
  const heap = new Uint8Array(memory.buffer);
  const AT = 1000;
  const encode = (bytes) => {
    heap.set(bytes, AT);
    // Two zero bytes follow the token (Rust puts them there); the rest are not zero.
    heap.fill(0, AT + bytes.length, AT + bytes.length + 2);
    heap.fill(0xff, AT + bytes.length + 2, AT + bytes.length + 8);
    return snippet.tokenText(AT, bytes.length);
  };
  const decode = (text, cap) => {
    heap.fill(0xa5, AT, AT + cap + 16);
    const got = snippet.tokenBytes(text, AT, cap);
    for (let i = AT + cap; i < AT + cap + 16; i++) {
      if (heap[i] !== 0xa5) {
        failures.push(`tokenBytes(${JSON.stringify(text.slice(0, 40))}, cap ${cap}) wrote past its cap`);
        break;
      }
    }
    return got >= 0 ? { length: got, bytes: heap.slice(AT, AT + ((got * 3) >> 2)) } : { length: got };
  };

  // Every length 0..300, bytes of three kinds: the encoder against the bit-by-bit reference
  // and the environment's own, and back through the decoder.
  for (let n = 0; n <= 300; n++) {
    for (const bytes of [bytesOf(n, n + 1), new Uint8Array(n).fill(0xff), new Uint8Array(n)]) {
      const want = reference(bytes);
      const got = encode(bytes);
      if (got !== want) failures.push(`tokenText of ${n} bytes ${hex(bytes)}: ${got}, want ${want}`);
      const other = extra(bytes);
      if (other !== want) failures.push(`the environment's base64url of ${hex(bytes)} is ${other}, the reference ${want}`);
      if (n === 0) continue;
      const back = decode(want, 3072);
      if (back.length !== want.length || hex(back.bytes) !== hex(bytes)) {
        failures.push(`tokenBytes(${want}): ${back.length} ${back.bytes && hex(back.bytes)}, want ${hex(bytes)}`);
      }
    }
  }

  // The tokens of the vectors (minted by the Rust encoder when the vectors were made): each
  // one that is strict base64url decodes to its bytes and re-encodes to itself; each one that
  // is not is refused by the decoder (Rust then reports why).
  let strict = 0;
  for (const token of tokens) {
    const want = referenceDecode(token);
    const got = decode(token, 3072);
    if (want === null) {
      if (got.length >= 0) failures.push(`tokenBytes accepted ${JSON.stringify(token)}, which is not strict base64url`);
      continue;
    }
    strict++;
    if (got.length !== token.length || hex(got.bytes) !== hex(want)) {
      failures.push(`tokenBytes(${token}): ${got.length}, want ${token.length} chars of ${hex(want)}`);
      continue;
    }
    const again = encode(want);
    if (again !== token) failures.push(`tokenText of the bytes of ${token}: ${again}`);
  }
  if (strict < 50) failures.push(`only ${strict} vector tokens are strict base64url`);

  // Not base64url: every outsider in every position of a group, and a non-zero unused bit.
  for (const bad of ["AR", "AQF", "A", "AQ==", "AQ=", "A+", "A/", " AQ", "AQ\n", "AQ.", "é", "AQ\u0141", "\u0141AAA", "AA\u{1F600}"]) {
    if (decode(bad, 3072).length >= 0) failures.push(`tokenBytes accepted ${JSON.stringify(bad)}`);
  }
  for (let code = 0; code < 512; code++) {
    const ch = String.fromCharCode(code);
    if (ALPHABET.includes(ch)) continue;
    for (let at = 0; at < 4; at++) {
      const text = "QUJD".slice(0, at) + ch + "QUJD".slice(at + 1);
      if (decode(text, 3072).length >= 0) failures.push(`tokenBytes accepted char ${code} at ${at}`);
    }
  }
  // Groups that would write past the cap are left to Rust (-2 - length), not cut short.
  for (const [text, cap] of [["QUJD", 2], ["QUJDRA", 4], ["QUJDRA", 5], ["QUJDREU", 5]]) {
    if (decode(text, cap).length !== -2 - text.length) failures.push(`tokenBytes(${text}, cap ${cap}) did not refuse`);
  }
  if (decode("QUJDREU", 6).length !== 7) failures.push("tokenBytes(QUJDREU, cap 6) refused");
  if (snippet.tokenBytes(42, AT, 3072) !== -1) failures.push("tokenBytes of a number is not -1");

  // A token longer than the glue's buffer (4,100 bytes of ASCII) is encoded whole.
  const long = bytesOf(5000, 7);
  if (encode(long) !== reference(long)) failures.push("tokenText of 5,000 bytes differs");
  return failures;
}
