// The cursor codec's contract (API.md "Cursor codec" and "Precise semantics"), through the
// npm package exactly as a consumer imports it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CursorCodec, CursorError, encodeCursor, decodeCursor } from "pagecursor";

const keys = [{ id: "k1", secret: "first secret" }, { id: "k0", secret: "older secret" }];
const keyset = { createdAt: new Date("2024-05-01T12:34:56.789Z"), id: 123456789 };
const lek = { pk: { S: "USER#123" }, sk: { S: "ORDER#2024-05-01#0001" } };
const ALPHABET = /^[A-Za-z0-9_-]+$/;

const codecs = () => [
  ["plain", new CursorCodec()],
  ["signed", new CursorCodec({ keys })],
  ["sealed", new CursorCodec({ keys, mode: "sealed" })],
];

// An option of the wrong type (TypeError) or a number out of range (RangeError): the one policy
// of every export, with code invalid_argument.
function throwsArg(fn, Cls, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Cls, `${message ?? ""}: ${e}`);
    assert.equal(e.code, "invalid_argument", `${message ?? ""}: ${e.message}`);
    return true;
  });
}

function throwsCode(fn, code, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof CursorError, `${message ?? ""}: ${e}`);
    assert.ok(e instanceof Error);
    assert.equal(e.name, "CursorError");
    assert.equal(e.code, code, `${message ?? ""}: ${e.message}`);
    return true;
  });
}

function same(got, want, path = "value") {
  if (typeof want === "number") return assert.ok(typeof got === "number" && Object.is(got, want), `${path}: ${got}`);
  if (want === null || typeof want !== "object") return assert.ok(typeof got === typeof want && got === want, `${path}: ${got}`);
  if (want instanceof Date) return assert.ok(got instanceof Date && got.getTime() === want.getTime(), path);
  if (want instanceof Uint8Array) {
    assert.ok(got instanceof Uint8Array && got.constructor === Uint8Array, `${path} Uint8Array`);
    return assert.deepEqual([...got], [...want], path);
  }
  if (Array.isArray(want)) {
    assert.ok(Array.isArray(got) && got.length === want.length, path);
    return want.forEach((w, i) => same(got[i], w, `${path}[${i}]`));
  }
  assert.equal(Object.getPrototypeOf(got), Object.prototype, `${path} plain object`);
  assert.deepEqual(Object.keys(got), Object.keys(want), `${path} key order`);
  for (const k of Object.keys(want)) same(got[k], want[k], `${path}.${k}`);
}

test("exports and the error class", () => {
  assert.equal(typeof CursorCodec, "function");
  assert.equal(typeof encodeCursor, "function");
  assert.equal(typeof decodeCursor, "function");
  const e = new CursorError("malformed", "x");
  assert.ok(e instanceof Error);
  assert.equal(e.name, "CursorError");
  assert.equal(e.code, "malformed");
});

test("every CursorValue round-trips strictly in every mode", () => {
  const value = {
    null: null, t: true, f: false,
    zero: 0, negZero: -0, nan: NaN, inf: Infinity, ninf: -Infinity,
    big53: 2 ** 53 + 2, fraction: 0.1, tiny: 5e-324, maxSafe: Number.MAX_SAFE_INTEGER,
    bigSmall: 1n, bigZero: 0n, bigMin: -(2n ** 63n), bigMax: 2n ** 64n - 1n, big53: 2n ** 53n + 1n,
    str: "Zoë Ångström 🦀 e\u0301 \u0000 \uffff", empty: "",
    bytes: new Uint8Array([0, 1, 255]), noBytes: new Uint8Array(),
    date: new Date(-1), epoch: new Date(0),
    list: [[], {}, [null, [1n]]],
    z: 1, a: 2, "": 3, "__proto__": 4,
  };
  // Defined, not assigned, so "__proto__" is an own key.
  Object.defineProperty(value, "__proto__", { value: 4, enumerable: true, writable: true, configurable: true });
  for (const [mode, codec] of codecs()) {
    const token = codec.encode(value);
    assert.match(token, ALPHABET, mode);
    same(codec.decode(token).value, value);
  }
  same(decodeCursor(encodeCursor(value)).value, value);
});

test("a number stays a number and a bigint a bigint", () => {
  for (const v of [1, 2 ** 60, 1n, 2n ** 60n, 0, -0]) {
    const back = decodeCursor(encodeCursor(v)).value;
    assert.equal(typeof back, typeof v);
    assert.ok(Object.is(back, v));
  }
  assert.notEqual(encodeCursor(1), encodeCursor(1n));
});

test("DynamoDB keys: AWS SDK attribute values and lib-dynamodb plain values", () => {
  const sdk = { PK: { S: "TENANT#9" }, amount: { N: "12.5000" }, blob: { B: new Uint8Array([0, 254]) }, ...lek };
  const lib = { pk: "USER#123", n: 12.5, big: 12345678901234567890n, set: ["a", "b"], bin: new Uint8Array([9]) };
  for (const [, codec] of codecs()) {
    for (const v of [sdk, lib]) same(codec.decode(codec.encode(v)).value, v);
    assert.equal(codec.decode(codec.encode(sdk)).value.amount.N, "12.5000");
  }
});

test("values that cannot be carried exactly are unsupported_value", () => {
  class Thing { constructor() { this.a = 1; } }
  const cyclic = { a: 1 }; cyclic.self = cyclic;
  const cyclicList = []; cyclicList.push(cyclicList);
  const bad = {
    undefined: undefined, map: new Map(), set: new Set(), arrayBuffer: new ArrayBuffer(2),
    int8: new Int8Array(2), uint16: new Uint16Array(2), float64: new Float64Array(1),
    clamped: new Uint8ClampedArray(1), dataView: new DataView(new ArrayBuffer(1)),
    instance: new Thing(), fn: () => 1, symbol: Symbol("s"), cyclic, cyclicList,
    bigTooLarge: 2n ** 64n, bigTooSmall: -(2n ** 63n) - 1n, invalidDate: new Date(NaN),
    loneHigh: "a\ud800", loneLow: "\udc00b", promise: Promise.resolve(1), regexp: /x/,
    nestedUndefined: { a: [1, undefined] }, hole: [1, , 3], // eslint-disable-line no-sparse-arrays
    weak: new WeakMap(), error: new Error("x"),
  };
  for (const [name, v] of Object.entries(bad)) {
    throwsCode(() => encodeCursor(v), "unsupported_value", name);
    throwsCode(() => new CursorCodec({ keys }).encode({ wrapped: v }), "unsupported_value", name);
  }
  throwsCode(() => encodeCursor({ ["k\ud800"]: 1 }), "unsupported_value", "lone surrogate key");
  throwsCode(() => encodeCursor(1, { scope: new Map() }), "unsupported_value", "scope");
  // Object.create(null) is a plain object too.
  const bare = Object.create(null); bare.x = 1n;
  same(decodeCursor(encodeCursor(bare)).value, { x: 1n });
});

test("decode of a non-string, empty, null or undefined is malformed", () => {
  for (const [, codec] of codecs()) {
    for (const bad of [undefined, null, "", 42, {}, [], true, 1n, new Uint8Array(3)]) {
      throwsCode(() => codec.decode(bad), "malformed", String(bad));
    }
  }
  for (const bad of [undefined, null, "", 42]) throwsCode(() => decodeCursor(bad), "malformed");
  for (const bad of [" ", "AQ==", "a+b/", "AQAGAR", "%%", "AQ\n"]) throwsCode(() => decodeCursor(bad), "malformed", bad);
});

test("absent optional Cursor fields are undefined, never null", () => {
  const cursor = decodeCursor(encodeCursor(1));
  assert.equal(cursor.direction, "after");
  for (const k of ["issuedAt", "expiresAt", "keyId", "segment"]) assert.equal(cursor[k], undefined, k);
});

test("direction and segment", () => {
  for (const [, codec] of codecs()) {
    const c = codec.decode(codec.encode(lek, { direction: "before", segment: { segment: 2, total: 3 } }));
    assert.equal(c.direction, "before");
    assert.deepEqual(c.segment, { segment: 2, total: 3 });
    assert.equal(codec.decode(codec.encode(1, { direction: "after" })).direction, "after");
  }
  for (const bad of [{ segment: 3, total: 3 }, { segment: -1, total: 3 }, { segment: 0, total: 0 }, { segment: 0.5, total: 2 }, { total: 2 }]) {
    throwsArg(() => encodeCursor(1, { segment: bad }), RangeError, JSON.stringify(bad));
  }
  throwsArg(() => encodeCursor(1, { segment: 5 }), TypeError, "segment 5");
  throwsArg(() => encodeCursor(1, { segment: { segment: "0", total: 2 } }), TypeError, "segment '0'");
  throwsArg(() => encodeCursor(1, { direction: "sideways" }), TypeError);
});

test("maxLength: too_large before decoding and at encode", () => {
  const codec = new CursorCodec({ maxLength: 20 });
  throwsCode(() => codec.decode("!".repeat(21)), "too_large");
  throwsCode(() => codec.encode("x".repeat(50)), "too_large");
  throwsCode(() => decodeCursor("A".repeat(4097)), "too_large");
  const t = encodeCursor("x".repeat(10));
  assert.equal(t.length, 18);
  assert.equal(new CursorCodec({ maxLength: 18 }).decode(t).value, "x".repeat(10));
  const huge = { pk: { S: "p".repeat(2048) }, sk: { S: "s".repeat(1024) }, gpk: { S: "g".repeat(2048) } };
  throwsCode(() => new CursorCodec({ keys }).encode(huge), "too_large");
});

test("a value refused as too large to encode: its message gives a length between the cut and the token's", () => {
  // The walk stops at the first string or byte array that crosses the limit, so the length is
  // a lower bound: never 0, never more than the token the value would make.
  const roomy = new CursorCodec({ maxLength: 1e7 });
  for (const [name, value, bytes] of [
    ["an ASCII string", "x".repeat(1e6), 1e6],
    ["a string of two-byte characters", "é".repeat(5e5), 5e5],
    ["bytes", new Uint8Array(1e6), 1e6],
    ["a string inside an array", ["a", "x".repeat(1e6)], 1e6 + 2],
  ]) {
    assert.throws(() => encodeCursor(value), (e) => {
      assert.equal(e.code, "too_large", name);
      const m = /^cursor is (\d+) characters long, more than the limit of 4096$/.exec(e.message);
      assert.ok(m, `${name}: ${e.message}`);
      const length = Number(m[1]);
      assert.ok(length >= Math.ceil((bytes * 4) / 3), `${name}: ${length} is below the cut`);
      assert.ok(length <= roomy.encode(value).length, `${name}: ${length} is beyond the token`);
      return true;
    });
  }
});

test("nesting of at least 32 levels", () => {
  let v = 1n;
  for (let i = 0; i < 40; i++) v = i % 2 ? [v] : { k: v };
  same(decodeCursor(encodeCursor(v)).value, v);
});

test("mode defaults: signed with keys, plain without; keyId reported", () => {
  assert.equal(new CursorCodec().mode, "plain");
  assert.equal(new CursorCodec({ keys }).mode, "signed");
  const c = new CursorCodec({ keys }).decode(new CursorCodec({ keys }).encode(keyset));
  assert.equal(c.keyId, "k1");
  assert.equal(decodeCursor(encodeCursor(keyset)).keyId, undefined);
});

test("constructor errors", () => {
  throwsCode(() => new CursorCodec({ mode: "sealed" }), "unknown_key");
  throwsCode(() => new CursorCodec({ mode: "signed", keys: [] }), "unknown_key");
  throwsCode(() => new CursorCodec({ mode: "plain", keys }), "unsupported_value");
  throwsArg(() => new CursorCodec({ mode: "rot13" }), TypeError);
  throwsCode(() => new CursorCodec({ keys: [{ id: "a", secret: "x" }, { id: "a", secret: "y" }] }), "unsupported_value");
  throwsCode(() => new CursorCodec({ keys: [{ id: "a", secret: "" }] }), "unsupported_value");
  throwsArg(() => new CursorCodec({ keys: [{ id: "a", secret: 42 }] }), TypeError);
  throwsArg(() => new CursorCodec({ keys: [{ secret: "x" }] }), TypeError);
  throwsArg(() => new CursorCodec({ keys: "k" }), TypeError);
  throwsArg(() => new CursorCodec({ maxLength: 0 }), RangeError);
  throwsArg(() => new CursorCodec({ maxLength: "10" }), TypeError);
  throwsArg(() => new CursorCodec({ ttl: -1 }), RangeError);
  throwsArg(() => new CursorCodec({ ttl: NaN }), RangeError);
  throwsArg(() => new CursorCodec({ now: 5 }), TypeError);
  throwsArg(() => new CursorCodec(7), TypeError);
  new CursorCodec(undefined);
  new CursorCodec(null);
  new CursorCodec({});
});

test("a string secret is its UTF-8 bytes", () => {
  const a = new CursorCodec({ keys: [{ id: "k", secret: "sécret" }] });
  const b = new CursorCodec({ keys: [{ id: "k", secret: new TextEncoder().encode("sécret") }] });
  assert.equal(a.encode(keyset), b.encode(keyset));
  assert.equal(b.decode(a.encode(keyset)).value.id, 123456789);
});

test("signed and sealed tokens reject any change of any character", () => {
  const allowed = ["bad_signature", "malformed", "unsupported_version", "unknown_key"];
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (const [mode, codec] of codecs().slice(1)) {
    const token = codec.encode(keyset, { scope: "q", ttl: 3600 });
    assert.ok(codec.decode(token, { scope: "q" }));
    for (let i = 0; i < token.length; i++) {
      for (const ch of [alphabet[(alphabet.indexOf(token[i]) + 1) % 64], alphabet[(alphabet.indexOf(token[i]) + 33) % 64]]) {
        const t = token.slice(0, i) + ch + token.slice(i + 1);
        assert.throws(() => codec.decode(t, { scope: "q" }), (e) => e instanceof CursorError && allowed.includes(e.code), `${mode} ${i}`);
      }
    }
    for (let n = 0; n < token.length; n++) {
      assert.throws(() => codec.decode(token.slice(0, n), { scope: "q" }), CursorError, `${mode} cut at ${n}`);
    }
    assert.throws(() => codec.decode(token + "A", { scope: "q" }), CursorError);
  }
});

test("no downgrade, no mode confusion, unknown keys, rotation", () => {
  const signed = new CursorCodec({ keys });
  const sealed = new CursorCodec({ keys, mode: "sealed" });
  throwsCode(() => signed.decode(encodeCursor(keyset)), "bad_signature");
  throwsCode(() => sealed.decode(encodeCursor(keyset)), "bad_signature");
  throwsCode(() => sealed.decode(signed.encode(keyset)), "bad_signature");
  throwsCode(() => signed.decode(sealed.encode(keyset)), "bad_signature");
  throwsCode(() => decodeCursor(signed.encode(keyset)), "unknown_key");
  const stranger = new CursorCodec({ keys: [{ id: "other", secret: "x" }] });
  throwsCode(() => signed.decode(stranger.encode(keyset)), "unknown_key");
  const impostor = new CursorCodec({ keys: [{ id: "k1", secret: "guessed" }] });
  throwsCode(() => signed.decode(impostor.encode(keyset)), "bad_signature");
  // Rotation: tokens of the old key verify while it is listed, then become unknown_key.
  const old = new CursorCodec({ keys: [keys[1]] });
  const token = old.encode(keyset);
  assert.equal(signed.decode(token).keyId, "k0");
  throwsCode(() => new CursorCodec({ keys: [keys[0]] }).decode(token), "unknown_key");
});

test("sealed tokens do not reveal the value and differ each time", () => {
  const sealed = new CursorCodec({ keys, mode: "sealed" });
  const v = { email: "alice@example.com", id: 4242n };
  const a = sealed.encode(v), b = sealed.encode(v);
  assert.notEqual(a, b);
  for (const t of [a, b]) {
    const text = Buffer.from(t, "base64url").toString("latin1");
    assert.ok(!text.includes("alice") && !text.includes("example") && !text.includes("email"));
    same(sealed.decode(t).value, v);
  }
  const signedText = Buffer.from(new CursorCodec({ keys }).encode(v), "base64url").toString("latin1");
  assert.ok(signedText.includes("alice"), "signed tokens are readable, by design");
});

test("scope works in every mode; map key order is ignored; absence must match", () => {
  const scope = { tenant: "t-1", sort: ["createdAt", "id"], filter: { status: "open" } };
  const reordered = { filter: { status: "open" }, sort: ["createdAt", "id"], tenant: "t-1" };
  for (const [mode, codec] of codecs()) {
    const token = codec.encode(keyset, { scope });
    same(codec.decode(token, { scope: reordered }).value, keyset);
    for (const other of [{ ...scope, tenant: "t-2" }, { ...scope, sort: ["id", "createdAt"] }, null, "t-1"]) {
      throwsCode(() => codec.decode(token, { scope: other }), "scope_mismatch", mode);
    }
    throwsCode(() => codec.decode(token), "scope_mismatch", `${mode} no scope`);
    throwsCode(() => codec.decode(codec.encode(keyset), { scope }), "scope_mismatch", `${mode} extra scope`);
    assert.ok(codec.decode(codec.encode(keyset, { scope: undefined })));
  }
  assert.equal(decodeCursor(encodeCursor(1, { scope: 7n }), { scope: 7n }).value, 1);
  throwsCode(() => decodeCursor(encodeCursor(1, { scope: 7n }), { scope: 7 }), "scope_mismatch");
});

test("ttl: expired once now >= issuedAt + ttl, no grace; now is injectable", () => {
  let now = Date.UTC(2024, 4, 1);
  const codec = new CursorCodec({ keys, ttl: 60, now: () => now });
  const token = codec.encode(keyset);
  const c = codec.decode(token);
  assert.ok(c.issuedAt instanceof Date && c.expiresAt instanceof Date);
  assert.equal(c.issuedAt.getTime(), now);
  assert.equal(c.expiresAt.getTime(), now + 60_000);
  const minted = now;
  now = minted + 59_999; codec.decode(token);
  now = minted + 60_000; throwsCode(() => codec.decode(token), "expired");
  // Clock skew: an issued-at up to 60 s in the future is accepted, beyond it is not.
  now = minted - 60_000; codec.decode(token);
  now = minted - 60_001; throwsCode(() => codec.decode(token), "expired");
  // Per-encode ttl overrides the codec's; plain codecs expire too.
  now = minted;
  const short = codec.encode(keyset, { ttl: 1 });
  assert.equal(codec.decode(short).expiresAt.getTime(), minted + 1000);
  now = minted + 1000; throwsCode(() => codec.decode(short), "expired");
  const plain = new CursorCodec({ now: () => now });
  const p = plain.encode(1, { ttl: 5 });
  now += 5000; throwsCode(() => plain.decode(p), "expired");
  // Tokens without a ttl carry no time and never expire.
  const forever = new CursorCodec({ keys, now: () => now }).encode(1);
  now = 8.64e15; assert.equal(new CursorCodec({ keys, now: () => now }).decode(forever).issuedAt, undefined);
  throwsArg(() => encodeCursor(1, { ttl: -5 }), RangeError);
  throwsArg(() => encodeCursor(1, { ttl: 1.5 }), RangeError);
  // The default clock is the real one.
  const real = new CursorCodec({ keys, ttl: 60 }).decode(new CursorCodec({ keys, ttl: 60 }).encode(1));
  assert.ok(Math.abs(real.issuedAt.getTime() - Date.now()) < 60_000);
  // Expiry is judged only after authenticity.
  now = minted;
  const t2 = codec.encode(keyset);
  now = minted + 120_000;
  const forged = t2.slice(0, -3) + (t2.at(-3) === "A" ? "B" : "A") + t2.slice(-2);
  throwsCode(() => codec.decode(forged), "bad_signature");
});

test("what the user's now() throws reaches the caller unchanged", () => {
  const boom = new Error("clock broke");
  const codec = new CursorCodec({ ttl: 5, now: () => { throw boom; } });
  assert.throws(() => codec.encode(1), (e) => e === boom);
  throwsCode(() => new CursorCodec({ ttl: 5, now: () => "soon" }).encode(1), "unsupported_value");
});

test("the keyset and DynamoDB examples stay short", () => {
  const signed = new CursorCodec({ keys: [{ id: "k1", secret: "s" }] });
  assert.ok(signed.encode(keyset).length <= 64, signed.encode(keyset));
  assert.ok(signed.encode({ ...keyset, id: 123456789n }).length <= 64);
  assert.ok(encodeCursor(lek).length < 70);
});

test("the module survives a storm of garbage", () => {
  const codec = new CursorCodec({ keys });
  for (let i = 0; i < 3000; i++) {
    const s = Buffer.from(Array.from({ length: i % 90 }, (_, j) => (i * 31 + j * 17) & 255)).toString("base64url");
    try { codec.decode(s); } catch (e) { assert.ok(e instanceof CursorError, String(e)); }
  }
  assert.ok(codec.decode(codec.encode(1)));
});

test("bug class 6 (timezone shifts): a Date is a UTC instant whatever the local zone", () => {
  const saved = process.env.TZ;
  try {
    process.env.TZ = "America/New_York";
    const d = new Date(2024, 2, 10, 2, 30); // a local time inside a DST change
    const token = encodeCursor({ at: d });
    process.env.TZ = "Asia/Kolkata";
    assert.equal(decodeCursor(token).value.at.getTime(), d.getTime());
    assert.equal(encodeCursor({ at: new Date(d.getTime()) }), token);
  } finally {
    if (saved === undefined) delete process.env.TZ; else process.env.TZ = saved;
  }
});

test("sealed tokens are not padded unless asked; padding hides value lengths", () => {
  const sealed = new CursorCodec({ keys, mode: "sealed" });
  assert.notEqual(sealed.encode("a").length, sealed.encode("abcdefghij").length);
  const padded = new CursorCodec({ keys, mode: "sealed", padding: 64 });
  const lengths = new Set(["", "a", "x".repeat(40), { id: 1n, name: "Zoë" }].map((v) => {
    const t = padded.encode(v);
    same(padded.decode(t).value, v);
    return t.length;
  }));
  assert.equal(lengths.size, 1);
  throwsCode(() => new CursorCodec({ keys, padding: 16 }), "unsupported_value");
  throwsArg(() => new CursorCodec({ keys, mode: "sealed", padding: 0 }), RangeError);
  throwsArg(() => new CursorCodec({ keys, mode: "sealed", padding: 1e9 }), RangeError);
});

test("refusals leave wasm memory as it was: a 100 MB token, 50 MB values over maxLength", async () => {
  // The instance's memory, as tests/js/longwalk.test.mjs reaches it: `initSync` of the glue
  // returns the live instance's exports once the entry has loaded it.
  const { createRequire } = await import("node:module");
  const { readFileSync } = await import("node:fs");
  const dir = createRequire(import.meta.url).resolve("pagecursor/package.json").replace(/package\.json$/, "");
  const glue = await import(`${dir}pagecursor.js`);
  const { memory } = glue.initSync({ module: readFileSync(`${dir}pagecursor_server_bg.wasm`) });
  assert.ok(memory instanceof WebAssembly.Memory);
  const signed = new CursorCodec({ keys });
  signed.decode(signed.encode({ warm: "up" }));
  const before = memory.buffer.byteLength;
  throwsCode(() => decodeCursor("A".repeat(100e6)), "too_large");
  throwsCode(() => encodeCursor("x".repeat(50e6)), "too_large");
  throwsCode(() => encodeCursor("é".repeat(25e6)), "too_large");
  throwsCode(() => signed.encode(new Uint8Array(50e6)), "too_large");
  throwsCode(() => signed.encode(["x".repeat(50e6), Symbol("never read")]), "too_large");
  // A lying own `length` is not read: 16 bytes are 16 bytes.
  const lying = Object.defineProperty(new Uint8Array(16), "length", { value: 2 ** 31 + 100 });
  assert.equal(decodeCursor(encodeCursor(lying)).value.length, 16);
  // The walk stops at the payload of a maxLength token: the value is never copied into wasm
  // memory (which never shrinks). One 64 KiB page of slack for the allocator's own needs.
  assert.ok(memory.buffer.byteLength - before <= 65536, `grew by ${memory.buffer.byteLength - before} bytes`);
});
