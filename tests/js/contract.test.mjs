// Black-box acceptance suite written from /work/shared/API.md alone: every testable sentence of
// the contract, checked through the installed package exactly as a consumer imports it. Each test
// is named after the sentence it checks. A test marked `todo: "deviation: …"` records a place where
// the build differs from the contract (the suite stays green, the finding stays visible).
import { test, describe, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import * as pkg from "pagecursor";
// Read through the namespace so that one missing export fails its own tests, not the whole file.
const {
  CursorCodec, encodeCursor, decodeCursor, CursorError, PaginationError,
  paginate, CursorStack, InfiniteList, offsetPage, paginateOffset, paginateKeyset,
} = pkg;

// ---------------------------------------------------------------- helpers
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const B64URL = /^[A-Za-z0-9_-]+$/;
const KEY1 = { id: "k1", secret: "first secret, long enough for HMAC" };
const KEY2 = { id: "k2", secret: "second secret, long enough too!!" };
const T0 = 1_700_000_000_000; // a whole second, so second- and ms-precision clocks agree

function checkErr(err, name, code) {
  assert.ok(err instanceof Error, `not an Error: ${err}`);
  assert.equal(err.name, name, `name of ${err}`);
  assert.ok(err instanceof (name === "CursorError" ? CursorError : PaginationError), `instanceof ${name}: ${err}`);
  if (code !== undefined) {
    if (Array.isArray(code)) assert.ok(code.includes(err.code), `code ${err.code} not in ${code}: ${err.message}`);
    else assert.equal(err.code, code, `code of ${err.name}: ${err.message}`);
  }
  return true;
}
const throwsCursor = (fn, code, msg) => assert.throws(fn, (e) => checkErr(e, "CursorError", code), msg);
async function rejectsPag(fn, code, msg) {
  await assert.rejects(async () => fn(), (e) => checkErr(e, "PaginationError", code), msg);
}
async function drain(p) { for await (const _ of p) { /* consume */ } }

/** Strict structural equality: types, -0, NaN, Date ms, Uint8Array class and map key order. */
function same(a, b, path = "value") {
  assert.equal(typeof b, typeof a, `${path}: typeof`);
  if (typeof a === "number") return assert.ok(Object.is(a, b), `${path}: ${b} is not ${a}`);
  if (typeof a !== "object" || a === null) return assert.equal(b, a, path);
  assert.notEqual(b, null, `${path}: null`);
  if (a instanceof Date) {
    assert.equal(Object.getPrototypeOf(b), Date.prototype, `${path}: not a Date`);
    return assert.ok(Object.is(a.getTime(), b.getTime()), `${path}: ${b.getTime()} vs ${a.getTime()}`);
  }
  if (a instanceof Uint8Array) {
    assert.equal(Object.getPrototypeOf(b), Uint8Array.prototype, `${path}: not a Uint8Array`);
    return assert.deepEqual([...b], [...a], path);
  }
  if (Array.isArray(a)) {
    assert.ok(Array.isArray(b), `${path}: not an array`);
    assert.equal(b.length, a.length, `${path}: length`);
    return a.forEach((x, i) => same(x, b[i], `${path}[${i}]`));
  }
  assert.ok(!Array.isArray(b) && !(b instanceof Date) && !(b instanceof Uint8Array), `${path}: not a map`);
  assert.deepEqual(Object.keys(b), Object.keys(a), `${path}: key order`);
  for (const k of Object.keys(a)) same(a[k], b[k], `${path}.${k}`);
}

const codecs = {
  plain: () => new CursorCodec(),
  signed: () => new CursorCodec({ keys: [KEY1] }),
  sealed: () => new CursorCodec({ keys: [KEY1], mode: "sealed" }),
};

// ================================================================= Package
describe("Package", () => {
  test("import { … } from \"pagecursor\" works with no init() call (exports usable at once)", () => {
    const t = encodeCursor({ a: 1 });
    same(decodeCursor(t).value, { a: 1 });
  });

  test("the contract's names are exported", () => {
    for (const [name, v] of Object.entries({
      CursorCodec, encodeCursor, decodeCursor, CursorError, PaginationError,
      paginate, CursorStack, InfiniteList, offsetPage, paginateOffset, paginateKeyset,
    })) assert.equal(typeof v, "function", name);
    assert.equal(typeof CursorStack.from, "function", "CursorStack.from");
    assert.equal(typeof InfiniteList.from, "function", "InfiniteList.from");
  });

  test("a default export, if the package has one, is an idempotent init()", async () => {
    if (pkg.default === undefined) return;
    assert.equal(typeof pkg.default, "function");
    await pkg.default();
    await pkg.default();
    same(decodeCursor(encodeCursor([1n, 2])).value, [1n, 2]);
  });

  test("an explicit async ready/init, if present, resolves and is harmless", async () => {
    for (const n of ["ready", "init"]) {
      if (pkg[n] === undefined) continue;
      if (typeof pkg[n] === "function") { await pkg[n](); await pkg[n](); } else await pkg[n];
    }
    same(decodeCursor(encodeCursor("x")).value, "x");
  });
});

// ================================================================= Errors
describe("Errors", () => {
  test("CursorError: an Error subclass, name \"CursorError\", stable string code, instanceof works", () => {
    try { decodeCursor(""); assert.fail("no throw"); } catch (e) {
      checkErr(e, "CursorError", "malformed");
      assert.equal(typeof e.message, "string");
      assert.ok(!(e instanceof PaginationError));
    }
  });

  test("PaginationError: an Error subclass, name \"PaginationError\", instanceof works", async () => {
    await rejectsPag(() => drain(paginate(async () => { throw new TypeError("boom"); },
      { items: "items", next: "next", retry: { retries: 0 } })), "fetch_failed");
    await rejectsPag(() => drain(paginate(async () => { throw new TypeError("boom"); },
      { items: "items", next: "next", retry: { retries: 0 } })), undefined);
  });

  test("the CursorError codes listed are the ones produced", () => {
    const seen = new Set();
    const grab = (fn) => { try { fn(); } catch (e) { if (e instanceof CursorError) seen.add(e.code); } };
    let now = T0;
    const signed = new CursorCodec({ keys: [KEY1], ttl: 1, now: () => now });
    const tok = signed.encode(1);
    grab(() => decodeCursor(""));
    grab(() => encodeCursor("x".repeat(10_000)));
    grab(() => signed.decode(tok.slice(0, -2) + (tok.at(-2) === "A" ? "B" : "A") + tok.at(-1)));
    grab(() => new CursorCodec({ keys: [KEY2] }).decode(tok));
    grab(() => signed.decode(tok, { scope: "other" }));
    grab(() => encodeCursor(undefined));
    now += 1000;
    grab(() => signed.decode(tok));
    for (const c of ["malformed", "too_large", "bad_signature", "unknown_key", "expired", "scope_mismatch", "unsupported_value"]) {
      assert.ok(seen.has(c), `code ${c} never produced; saw ${[...seen]}`);
    }
  });
});

// ================================================================= Cursor codec
describe("Cursor codec: round trip", () => {
  const values = {
    "null": null, "true": true, "false": false,
    "zero": 0, "negative zero": -0, "NaN": NaN, "Infinity": Infinity, "-Infinity": -Infinity,
    "fraction": 1.5, "max double": Number.MAX_VALUE, "min subnormal": 5e-324,
    "integral number beyond 2^53": 2 ** 53 + 2, "huge integral number": 1e300,
    "negative integral number beyond 2^53": -(2 ** 60),
    "small bigint": 1n, "bigint zero": 0n, "negative small bigint": -5n,
    "bigint -2^63": -(2n ** 63n), "bigint 2^64-1": 2n ** 64n - 1n, "bigint 2^63": 2n ** 63n,
    "empty string": "", "unicode string": "héllo wörld 😀 \u0000 \uFFFF \uFEFF 𝄞 \u{10FFFF} 中文",
    "bytes": new Uint8Array([0, 1, 127, 128, 255]), "empty bytes": new Uint8Array(0),
    "epoch Date": new Date(0), "pre-epoch Date": new Date(-1), "Date with ms": new Date(1_234_567_890_123),
    "max Date": new Date(8.64e15), "min Date": new Date(-8.64e15),
    "empty array": [], "empty map": {},
    "map key order": { z: 1, a: 2, m: { y: 1, b: 2 }, "": 3, "ключ😀": 4 },
    "mixed nesting": [1, 1n, "s", null, [new Uint8Array([9])], { d: new Date(5), n: -0, x: [NaN] }],
  };
  for (const mode of Object.keys(codecs)) {
    for (const [name, v] of Object.entries(values)) {
      test(`decode(encode(v)) strictly equals v, types included — ${name} (${mode})`, () => {
        const c = codecs[mode]();
        const token = c.encode(v);
        assert.match(token, B64URL);
        same(c.decode(token).value, v);
      });
    }
  }

  test("encodeCursor/decodeCursor (plain shorthands) round-trip strictly", () => {
    for (const v of Object.values(values)) same(decodeCursor(encodeCursor(v)).value, v);
  });

  test("all of Unicode is kept (every scalar value, in chunks)", () => {
    const c = new CursorCodec({ maxLength: 1_000_000 });
    for (let start = 0; start <= 0x10ffff; start += 0x8000) {
      let s = "";
      for (let cp = start; cp < Math.min(start + 0x8000, 0x110000); cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        s += String.fromCodePoint(cp);
      }
      const got = c.decode(c.encode({ [s.slice(0, 50)]: s })).value;
      assert.equal(Object.keys(got)[0], s.slice(0, 50));
      assert.ok(got[s.slice(0, 50)] === s, `chunk at U+${start.toString(16)}`);
    }
  });

  test("no limit on item counts other than maxLength: long arrays and wide maps round-trip", () => {
    const c = new CursorCodec({ maxLength: 1_000_000 });
    const arr = Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? i : i % 3 === 1 ? null : `s${i}`));
    const map = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${(i * 7919) % 3000}`, i]));
    same(c.decode(c.encode(arr)).value, arr);
    same(c.decode(c.encode(map)).value, map);
  });
  test("very deep nesting is either carried or refused with a CursorError — never a crash", () => {
    for (const depth of [64, 200, 5000, 100_000]) {
      let v = 0;
      for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
      try {
        const c = new CursorCodec({ maxLength: 10_000_000 });
        same(c.decode(c.encode(v)).value, v);
      } catch (e) {
        checkErr(e, "CursorError");
      }
    }
    same(decodeCursor(encodeCursor([[1]])).value, [[1]], "the module still works");
  });
  test("a map key \"__proto__\" round-trips as an own key", () => {
    const v = JSON.parse('{"a":1,"__proto__":{"b":2}}');
    const got = decodeCursor(encodeCursor(v)).value;
    assert.deepEqual(Object.keys(got), ["a", "__proto__"]);
    assert.equal(Object.getPrototypeOf(got), Object.prototype);
    same(Object.getOwnPropertyDescriptor(got, "__proto__").value, { b: 2 });
  });

  test("a nesting depth of at least 32 works (arrays and maps)", () => {
    let a = 1, m = "leaf";
    for (let i = 0; i < 32; i++) { a = [a]; m = { k: m }; }
    for (const mode of Object.keys(codecs)) {
      const c = codecs[mode]();
      same(c.decode(c.encode(a)).value, a);
      same(c.decode(c.encode(m)).value, m);
      same(c.decode(c.encode([m, a])).value, [m, a]);
    }
  });
});

describe("Cursor codec: unsupported_value", () => {
  class Thing { constructor() { this.a = 1; } }
  const cyc = { a: 1 }; cyc.self = cyc;
  const cycArr = [1]; cycArr.push(cycArr);
  const bad = {
    "undefined": undefined, "Map": new Map([["a", 1]]), "Set": new Set([1]),
    "ArrayBuffer": new ArrayBuffer(4), "Int8Array": new Int8Array(2), "Uint16Array": new Uint16Array(2),
    "Float64Array": new Float64Array(1), "Uint8ClampedArray": new Uint8ClampedArray(2),
    "BigInt64Array": new BigInt64Array(1), "DataView": new DataView(new ArrayBuffer(2)),
    "class instance": new Thing(), "RegExp": /x/, "Error": new Error("x"), "function": () => 1,
    "symbol": Symbol("s"), "object cycle": cyc, "array cycle": cycArr,
    "bigint 2^64": 2n ** 64n, "bigint -2^63-1": -(2n ** 63n) - 1n, "huge bigint": 10n ** 40n,
    "lone high surrogate": "\uD800", "lone low surrogate inside": "a\uDC00b", "reversed pair": "\uDC00\uD800",
    "invalid Date": new Date(NaN),
    "nested undefined in a map": { a: undefined }, "nested undefined in an array": [1, undefined],
    "nested function": { f() {} }, "lone surrogate as a map key": { "\uD800": 1 },
    "nested invalid Date": [new Date("nope")], "nested bigint out of range": { n: 2n ** 64n },
  };
  for (const mode of Object.keys(codecs)) {
    test(`what cannot be carried exactly is refused with unsupported_value at encode (${mode})`, () => {
      const c = codecs[mode]();
      for (const [name, v] of Object.entries(bad)) throwsCursor(() => c.encode(v), "unsupported_value", name);
    });
  }
  test("symbol-keyed properties are refused, never silently dropped", () => {
    throwsCursor(() => encodeCursor({ [Symbol("s")]: 1, a: 1 }), "unsupported_value");
  });
  test("encodeCursor refuses the same values with unsupported_value", () => {
    for (const [name, v] of Object.entries(bad)) throwsCursor(() => encodeCursor(v), "unsupported_value", name);
  });
  test("a scope that is not a CursorValue is unsupported_value, never silently changed", () => {
    throwsCursor(() => encodeCursor(1, { scope: new Map() }), "unsupported_value");
    throwsCursor(() => encodeCursor(1, { scope: "\uD800" }), "unsupported_value");
  });
});

describe("Cursor codec: sizes, malformed input, optional fields", () => {
  test("maxLength default 4096: encode throws too_large rather than mint an over-long token", () => {
    throwsCursor(() => encodeCursor("x".repeat(5000)), "too_large");
    throwsCursor(() => new CursorCodec().encode(new Uint8Array(4000)), "too_large");
    const ok = encodeCursor("y".repeat(2500));
    assert.ok(ok.length <= 4096);
  });
  test("maxLength default 4096: a 4096-character token is accepted, a longer one is too_large", () => {
    const big = new CursorCodec({ maxLength: 100_000 });
    let n = 2900, t = big.encode("a".repeat(n));
    while (t.length < 4096) t = big.encode("a".repeat(++n));
    assert.equal(t.length, 4096, "a plain token of exactly 4096 characters");
    same(decodeCursor(t).value, "a".repeat(n));
    same(new CursorCodec().decode(t).value, "a".repeat(n));
    assert.equal(encodeCursor("a".repeat(n)), t);
    const longer = big.encode("a".repeat(n + 1));
    assert.ok(longer.length > 4096);
    throwsCursor(() => decodeCursor(longer), "too_large");
    throwsCursor(() => encodeCursor("a".repeat(n + 1)), "too_large");
  });
  test("maxLength is checked at encode in every mode", () => {
    for (const mode of ["plain", "signed", "sealed"]) {
      const c = new CursorCodec({ keys: mode === "plain" ? undefined : [KEY1], mode, maxLength: 200 });
      const t = c.encode("s".repeat(40));
      assert.ok(t.length <= 200);
      throwsCursor(() => c.encode("s".repeat(400)), "too_large", mode);
    }
  });
  test("maxLength at decode: a token longer than maxLength is too_large", () => {
    const big = new CursorCodec({ maxLength: 100_000 });
    const t = big.encode("z".repeat(6000));
    throwsCursor(() => new CursorCodec().decode(t), "too_large");
    throwsCursor(() => decodeCursor(t), "too_large");
    const small = new CursorCodec({ maxLength: 50 });
    const t2 = big.encode("z".repeat(100));
    assert.ok(t2.length > 50);
    throwsCursor(() => small.decode(t2), "too_large");
    same(big.decode(t).value, "z".repeat(6000));
  });
  test("tokens of exactly maxLength are accepted", () => {
    const probe = new CursorCodec({ maxLength: 100_000 });
    const t = probe.encode("q".repeat(300));
    const exact = new CursorCodec({ maxLength: t.length });
    same(exact.decode(t).value, "q".repeat(300));
    assert.equal(exact.encode("q".repeat(300)).length, t.length);
  });
  test("decode of a non-string, \"\", null or undefined throws malformed", () => {
    for (const mode of Object.keys(codecs)) {
      const c = codecs[mode]();
      for (const bad of ["", null, undefined, 42, {}, [], true, 1n, new Uint8Array(3)]) {
        throwsCursor(() => c.decode(bad), "malformed", `${mode}: ${String(bad)}`);
      }
      throwsCursor(() => c.decode(), "malformed", `${mode}: no argument`);
    }
    for (const bad of ["", null, undefined, 42, {}]) throwsCursor(() => decodeCursor(bad), "malformed");
  });
  test("garbage strings are a CursorError (malformed), never a crash", () => {
    for (const bad of ["!", "a b", "abc+", "abc/", "abc=", "AAAA", "A", "%%", "😀"]) {
      throwsCursor(() => decodeCursor(bad), ["malformed", "unsupported_version"], bad);
    }
  });
  test("absent optional fields of a decoded Cursor are undefined, never null", () => {
    for (const mode of Object.keys(codecs)) {
      const cur = codecs[mode]().decode(codecs[mode]().encode({ id: 1 }));
      assert.equal(cur.direction, "after");
      for (const f of ["expiresAt", "segment"]) assert.equal(cur[f], undefined, `${mode}.${f}`);
      if (mode === "plain") assert.equal(cur.keyId, undefined);
      for (const f of ["issuedAt", "expiresAt", "keyId", "segment"]) assert.notEqual(cur[f], null, `${mode}.${f}`);
    }
  });
  test("direction \"before\" and segment round-trip; keyId is the signing key's id", () => {
    for (const mode of Object.keys(codecs)) {
      const c = codecs[mode]();
      const cur = c.decode(c.encode("v", { direction: "before", segment: { segment: 2, total: 5 } }));
      assert.equal(cur.direction, "before");
      assert.deepEqual({ ...cur.segment }, { segment: 2, total: 5 });
      same(cur.value, "v");
      assert.equal(cur.keyId, mode === "plain" ? undefined : "k1");
      assert.equal(c.decode(c.encode("v", { direction: "after" })).direction, "after");
    }
  });
  test("ttl: tokens carry issuedAt and an expiry (expiresAt = issuedAt + ttl seconds)", () => {
    for (const mode of Object.keys(codecs)) {
      const keys = mode === "plain" ? undefined : [KEY1];
      const c = new CursorCodec({ keys, mode, ttl: 60, now: () => T0 });
      const cur = c.decode(c.encode(1));
      assert.ok(cur.issuedAt instanceof Date && cur.expiresAt instanceof Date, mode);
      assert.equal(cur.issuedAt.getTime(), T0, mode);
      assert.equal(cur.expiresAt.getTime(), T0 + 60_000, mode);
      const cur2 = c.decode(c.encode(1, { ttl: 5 }));
      assert.equal(cur2.expiresAt.getTime(), T0 + 5000, `${mode}: per-encode ttl`);
    }
  });
  test("tokens are base64url, no padding, no '+', '/', '='", () => {
    for (const mode of Object.keys(codecs)) {
      const c = codecs[mode]();
      for (let i = 0; i < 40; i++) {
        const t = c.encode({ i, s: "?".repeat(i), b: new Uint8Array(i).fill(0xfb) });
        assert.match(t, B64URL, mode);
      }
    }
  });
});

describe("Cursor codec: scope", () => {
  for (const mode of Object.keys(codecs)) {
    test(`scope works in every mode: equal scope decodes, a different one is scope_mismatch (${mode})`, () => {
      const c = codecs[mode]();
      const t = c.encode({ id: 7 }, { scope: { q: "shoes", sort: "price" } });
      same(c.decode(t, { scope: { q: "shoes", sort: "price" } }).value, { id: 7 });
      throwsCursor(() => c.decode(t, { scope: { q: "boots", sort: "price" } }), "scope_mismatch");
      throwsCursor(() => c.decode(t, { scope: "shoes" }), "scope_mismatch");
      throwsCursor(() => c.decode(t, { scope: [1n] }), "scope_mismatch");
    });
    test(`decode must present the scope: a scoped token decoded without a scope is scope_mismatch (${mode})`, () => {
      const c = codecs[mode]();
      const t = c.encode(1, { scope: "q=1" });
      throwsCursor(() => c.decode(t), "scope_mismatch");
      throwsCursor(() => c.decode(t, {}), "scope_mismatch");
    });
    test(`an unscoped token decoded with a scope is scope_mismatch (${mode})`, () => {
      const c = codecs[mode]();
      throwsCursor(() => c.decode(c.encode(1), { scope: "q=1" }), "scope_mismatch");
    });
    test(`the scope is not sent in the token (${mode})`, () => {
      const c = codecs[mode]();
      const scope = { needle: "SCOPEMARKERSTRING" };
      const bytes = Buffer.from(c.encode(1, { scope }), "base64url").toString("latin1");
      assert.ok(!bytes.includes("SCOPEMARKERSTRING") && !bytes.includes("needle"));
    });
  }
  test("encodeCursor/decodeCursor take the scope option too", () => {
    const t = encodeCursor("v", { scope: "a" });
    same(decodeCursor(t, { scope: "a" }).value, "v");
    throwsCursor(() => decodeCursor(t, { scope: "b" }), "scope_mismatch");
  });
});

describe("Cursor codec: signed and sealed integrity", () => {
  const allowed = ["bad_signature", "malformed", "unsupported_version", "unknown_key"];
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (const mode of ["signed", "sealed"]) {
    test(`${mode} tokens reject any change of any character (every position, every other character)`, () => {
      const c = codecs[mode]();
      const t = c.encode({ id: 42, name: "abc" }, { scope: "s" });
      const codesAt = [];
      for (let i = 0; i < t.length; i++) {
        const seen = new Set();
        for (const ch of alphabet) {
          if (ch === t[i]) continue;
          const bad = t.slice(0, i) + ch + t.slice(i + 1);
          let decoded;
          try { decoded = c.decode(bad, { scope: "s" }); } catch (e) {
            checkErr(e, "CursorError", allowed);
            seen.add(e.code);
            continue;
          }
          assert.fail(`position ${i}: ${t[i]} -> ${ch} accepted, decoded ${JSON.stringify(decoded.value)}`);
        }
        codesAt.push(seen);
      }
      const badSig = codesAt.filter((s) => s.size === 1 && s.has("bad_signature")).length;
      assert.ok(badSig > t.length / 2, `bad_signature for most positions: ${badSig}/${t.length}`);
    });
    test(`${mode} tokens reject truncation and appended characters`, () => {
      const c = codecs[mode]();
      const t = c.encode([1, 2, 3]);
      for (let n = 1; n < t.length; n++) throwsCursor(() => c.decode(t.slice(0, n)), allowed.concat("too_large"), `truncated to ${n}`);
      for (const ch of "AQz_-") throwsCursor(() => c.decode(t + ch), allowed, `appended ${ch}`);
    });
    test(`a ${mode} token signed by a key id the codec does not hold is unknown_key`, () => {
      const t = new CursorCodec({ keys: [KEY1], mode }).encode(1);
      throwsCursor(() => new CursorCodec({ keys: [KEY2], mode }).decode(t), "unknown_key");
    });
    test(`a ${mode} token checked with the same key id but another secret is rejected (bad_signature)`, () => {
      const t = new CursorCodec({ keys: [KEY1], mode }).encode(1);
      throwsCursor(() => new CursorCodec({ keys: [{ id: "k1", secret: "another secret entirely..." }], mode }).decode(t), "bad_signature");
    });
    test(`a plain token handed to a ${mode} codec is rejected (no downgrade)`, () => {
      const c = codecs[mode]();
      for (const v of [1, "x", { a: 1 }]) {
        assert.throws(() => c.decode(encodeCursor(v)), (e) => checkErr(e, "CursorError"));
        assert.throws(() => c.decode(new CursorCodec().encode(v, { scope: "s" }), { scope: "s" }), (e) => checkErr(e, "CursorError"));
      }
    });
    test(`rotation (${mode}): the first key signs, all keys verify`, () => {
      const old = new CursorCodec({ keys: [KEY1], mode });
      const rotated = new CursorCodec({ keys: [KEY2, KEY1], mode });
      const tOld = old.encode("old");
      const cur = rotated.decode(tOld);
      same(cur.value, "old");
      assert.equal(cur.keyId, "k1");
      const tNew = rotated.encode("new");
      assert.equal(rotated.decode(tNew).keyId, "k2");
      throwsCursor(() => old.decode(tNew), "unknown_key");
      same(new CursorCodec({ keys: [KEY2], mode }).decode(tNew).value, "new");
    });
    test(`a Uint8Array secret works like a string secret (${mode})`, () => {
      const c = new CursorCodec({ keys: [{ id: "b", secret: new Uint8Array(32).fill(7) }], mode });
      same(c.decode(c.encode({ x: 1n })).value, { x: 1n });
      throwsCursor(() => new CursorCodec({ keys: [{ id: "b", secret: new Uint8Array(32).fill(8) }], mode }).decode(c.encode(1)), "bad_signature");
    });
  }

  test("mode defaults to \"signed\" when keys are given (a tampered value is rejected, the value is readable)", () => {
    const c = new CursorCodec({ keys: [KEY1] });
    const t = c.encode({ marker: "VISIBLEMARKER" });
    assert.equal(c.decode(t).keyId, "k1");
    throwsCursor(() => new CursorCodec({ keys: [{ id: "k1", secret: "different secret here........" }] }).decode(t), "bad_signature");
    assert.throws(() => c.decode(encodeCursor({ marker: "VISIBLEMARKER" })), (e) => checkErr(e, "CursorError"));
  });

  test("mode defaults to \"plain\" without keys", () => {
    const a = new CursorCodec().encode({ a: 1 });
    same(decodeCursor(a).value, { a: 1 });
    same(new CursorCodec().decode(encodeCursor({ a: 1 })).value, { a: 1 });
  });

  test("sealed tokens do not reveal the value (base64-decoded bytes show no plaintext)", () => {
    const c = codecs.sealed();
    const v = { secretField: "TOPSECRETVALUE", list: ["ANOTHERSECRET"], n: 123456789 };
    const t = c.encode(v);
    const bytes = Buffer.from(t, "base64url");
    for (const enc of ["latin1", "utf8", "utf16le"]) {
      const s = bytes.toString(enc);
      for (const needle of ["TOPSECRETVALUE", "secretField", "ANOTHERSECRET", "TOPSECRET", "secret"]) {
        assert.ok(!s.includes(needle), `${needle} visible (${enc})`);
      }
    }
    assert.ok(!t.includes(Buffer.from("TOPSECRETVALUE").toString("base64url").slice(0, 12)));
    same(c.decode(t).value, v);
  });

  test("sealed tokens are not padded unless asked: a longer value gives a longer token", () => {
    const c = codecs.sealed();
    assert.ok(c.encode("x".repeat(200)).length > c.encode("x").length + 100);
  });

  test("a sealed token is rejected by a codec of another key", () => {
    const t = codecs.sealed().encode("v");
    throwsCursor(() => new CursorCodec({ keys: [KEY2], mode: "sealed" }).decode(t), "unknown_key");
  });
});

describe("Cursor codec: every failure is a CursorError (fuzzed input never crashes)", () => {
  let seed = 12345;
  const rnd = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32; };
  const accept = (fn, what) => {
    try { fn(); } catch (e) { checkErr(e, "CursorError", undefined); assert.equal(typeof e.code, "string", what); }
  };
  test("every single-character change of plain tokens decodes or throws a CursorError", () => {
    const values = [{ a: [1, 2n, "x", new Date(5), new Uint8Array([1, 2])], b: { c: null, d: -0 } }, "hello", 2n ** 64n - 1n, [[[]]]];
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const v of values) {
      for (const extra of [{}, { scope: "s", direction: "before", segment: { segment: 1, total: 3 } }]) {
        const t = encodeCursor(v, extra);
        for (let i = 0; i < t.length; i++) {
          for (const ch of alphabet) {
            if (ch !== t[i]) accept(() => decodeCursor(t.slice(0, i) + ch + t.slice(i + 1), { scope: extra.scope }), `${t} @${i}`);
          }
        }
        for (let n = 0; n < t.length; n++) accept(() => decodeCursor(t.slice(0, n)), `truncated ${n}`);
      }
    }
    same(decodeCursor(encodeCursor([1, "ok"])).value, [1, "ok"], "the module still works");
  });
  test("random bytes as tokens (every mode) decode or throw a CursorError", () => {
    const cs = Object.values(codecs).map((f) => f());
    for (let i = 0; i < 3000; i++) {
      const len = Math.floor(rnd() * 120);
      const bytes = Buffer.alloc(len);
      for (let j = 0; j < len; j++) bytes[j] = Math.floor(rnd() * 256);
      if (i % 4 === 0 && len > 0) bytes[0] = 1; // a plausible version byte
      const t = bytes.toString("base64url");
      for (const c of cs) accept(() => c.decode(t), t);
    }
    same(decodeCursor(encodeCursor({ still: "works" })).value, { still: "works" });
  });
});

describe("Cursor codec: expiry (Precise semantics)", () => {
  for (const mode of ["plain", "signed", "sealed"]) {
    test(`expired once now() >= issuedAt + ttl — no grace period; valid 1 ms before (${mode})`, () => {
      let now = T0;
      const c = new CursorCodec({ keys: mode === "plain" ? undefined : [KEY1], mode, ttl: 60, now: () => now });
      const t = c.encode({ id: 1 });
      now = T0 + 60_000 - 1;
      same(c.decode(t).value, { id: 1 });
      now = T0 + 60_000;
      throwsCursor(() => c.decode(t), "expired");
      now = T0 + 3_600_000;
      throwsCursor(() => c.decode(t), "expired");
    });
    test(`per-encode ttl overrides the codec ttl, same boundary (${mode})`, () => {
      let now = T0;
      const c = new CursorCodec({ keys: mode === "plain" ? undefined : [KEY1], mode, now: () => now });
      const t = c.encode(1, { ttl: 2 });
      now = T0 + 1999; same(c.decode(t).value, 1);
      now = T0 + 2000; throwsCursor(() => c.decode(t), "expired");
      now = T0 + 10_000_000; same(c.decode(c.encode(5)).value, 5); // no ttl: never expires
    });
    test(`a future issuedAt within the clock-skew allowance is accepted (${mode})`, () => {
      let now = T0 + 5000; // minting server's clock runs 5 s ahead
      const keys = mode === "plain" ? undefined : [KEY1];
      const ahead = new CursorCodec({ keys, mode, ttl: 60, now: () => now });
      const t = ahead.encode("early");
      const local = new CursorCodec({ keys, mode, ttl: 60, now: () => T0 });
      same(local.decode(t).value, "early");
    });
  }
  test("the skew allowance does not extend the expiry: a future-issued token expires exactly at issuedAt + ttl", () => {
    for (const mode of ["plain", "signed", "sealed"]) {
      const keys = mode === "plain" ? undefined : [KEY1];
      const t = new CursorCodec({ keys, mode, ttl: 60, now: () => T0 + 5000 }).encode(1);
      let now = T0;
      const c = new CursorCodec({ keys, mode, now: () => now });
      same(c.decode(t).value, 1);
      now = T0 + 5000 + 60_000 - 1; same(c.decode(t).value, 1);
      now = T0 + 5000 + 60_000; throwsCursor(() => c.decode(t), "expired", mode);
    }
  });
  test("an issuedAt far in the future (beyond any skew allowance: one day) is rejected", () => {
    for (const mode of ["plain", "signed", "sealed"]) {
      const keys = mode === "plain" ? undefined : [KEY1];
      const t = new CursorCodec({ keys, mode, ttl: 600, now: () => T0 + 86_400_000 }).encode(1);
      assert.throws(() => new CursorCodec({ keys, mode, now: () => T0 }).decode(t), (e) => checkErr(e, "CursorError"), mode);
    }
  });
  test("expiry is checked with the decoding codec's clock, not the wall clock", () => {
    let now = 1000; // 1970: a token "issued" long ago by wall-clock standards
    const c = new CursorCodec({ keys: [KEY1], ttl: 10, now: () => now });
    const t = c.encode(1);
    same(c.decode(t).value, 1);
  });
});

// ================================================================= Paginator
/** A service of pages: page i holds items[i]; its next token is "t<i+1>" (absent on the last). */
function service(pages, { endToken = undefined, delay = 0 } = {}) {
  const calls = [];
  const fetchPage = async (token, ctx) => {
    calls.push({ token, attempt: ctx.attempt, pageSize: ctx.pageSize, signal: ctx.signal, segment: ctx.segment, totalSegments: ctx.totalSegments });
    if (delay) await sleep(delay);
    const i = token === undefined ? 0 : Number(String(token).slice(1));
    return { items: pages[i], next: i + 1 < pages.length ? `t${i + 1}` : endToken };
  };
  return { fetchPage, calls };
}
const IN = { items: "items", next: "next" };
const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);
const FAST = { retries: 3, baseDelayMs: 1, maxDelayMs: 5 };

describe("Paginator: the end of the walk", () => {
  for (const [name, end] of [["undefined", undefined], ["null", null], ["\"\"", ""], ["an empty object", {}]]) {
    test(`the walk ends only when the next token is absent — ${name}`, async () => {
      const { fetchPage, calls } = service([[1, 2], [3]], { endToken: end });
      const p = paginate(fetchPage, IN);
      assert.equal(p.stopReason, undefined, "undefined before running");
      same(await p.toArray(), [1, 2, 3]);
      assert.equal(calls.length, 2);
      assert.equal(p.stopReason, "end");
      assert.equal(p.resumeToken, undefined, "undefined once the walk reached the end");
    });
  }
  test("only the listed absent forms end the walk: 0, false and a non-empty object are real tokens", async () => {
    for (const tok of [0, false, { k: null }, " "]) {
      const seen = [];
      const fetchPage = async (t) => { seen.push(t); return seen.length === 1 ? { items: [1], next: tok } : { items: [2], next: undefined }; };
      same(await paginate(fetchPage, IN).toArray(), [1, 2], JSON.stringify(tok));
      same(seen, [undefined, tok]);
    }
  });
  test("short and empty pages never end the walk", async () => {
    const { fetchPage, calls } = service([[], [1], [], [], [2, 3], []]);
    const p = paginate(fetchPage, { ...IN, pageSize: 10 });
    same(await p.toArray(), [1, 2, 3]);
    assert.equal(calls.length, 6);
    assert.equal(p.stats.pages, 6);
    assert.equal(p.stats.emptyPages, 4);
    assert.equal(p.stats.items, 3);
    assert.equal(p.stopReason, "end");
  });
  test("`more` saying false ends the walk even with a next token present", async () => {
    let n = 0;
    const p = paginate(async () => ({ data: [++n], cursor: `c${n}`, hasMore: n < 3 }), { items: "data", next: "cursor", more: "hasMore" });
    same(await p.toArray(), [1, 2, 3]);
    assert.equal(p.stopReason, "end");
    assert.equal(p.resumeToken, undefined);
  });
  test("`more` as a function; `items` and `next` as functions (items may return a promise)", async () => {
    let n = 0;
    const p = paginate(async () => ({ r: { list: [n] }, tok: ++n }), {
      items: async (pg) => pg.r.list, next: (pg) => pg.tok, more: (pg) => pg.tok < 4,
    });
    same(await p.toArray(), [0, 1, 2, 3]);
  });
  test("dotted paths for items and next", async () => {
    let n = 0;
    const p = paginate(async () => ({ a: { b: { rows: [n] } }, meta: { next: n++ < 2 ? { k: n } : undefined } }), { items: "a.b.rows", next: "meta.next" });
    same(await p.toArray(), [0, 1, 2]);
  });
  test("the page iterator yields the pages themselves; stopReason is undefined while running", async () => {
    const { fetchPage } = service([[1], [2]]);
    const p = paginate(fetchPage, IN);
    const pages = [];
    for await (const pg of p) { pages.push(pg); assert.equal(p.stopReason, undefined); }
    same(pages, [{ items: [1], next: "t1" }, { items: [2], next: undefined }]);
  });
  test("startToken: a raw service token to start from is what the first fetchPage receives", async () => {
    const { fetchPage, calls } = service([[0], [1], [2], [3]]);
    same(await paginate(fetchPage, { ...IN, startToken: "t2" }).toArray(), [2, 3]);
    assert.equal(calls[0].token, "t2");
  });
  test("a missing items array is a bad_page PaginationError", async () => {
    await rejectsPag(() => paginate(async () => ({ items: 5 }), IN).toArray(), "bad_page");
  });
});

describe("Paginator: repeated tokens", () => {
  const scripted = (nexts) => {
    const calls = [];
    return { calls, fetchPage: async (token) => { calls.push(token); const i = calls.length - 1; return { items: [i], next: nexts[i] }; } };
  };
  test("a token equal to the one just sent is repeated_token", async () => {
    const { fetchPage } = scripted(["A", "A", "A"]);
    await rejectsPag(() => paginate(fetchPage, IN).toArray(), "repeated_token");
  });
  test("a cycle A, B, A is repeated_token", async () => {
    const { fetchPage, calls } = scripted(["A", "B", "A", "B", "C"]);
    await rejectsPag(() => paginate(fetchPage, IN).toArray(), "repeated_token");
    assert.equal(calls.length, 3, "the repeated A is never fetched again");
  });
  test("deep equality with map key order ignored counts as repeated", async () => {
    const { fetchPage } = scripted([{ pk: 1, sk: { a: "x", b: 2 } }, { sk: { b: 2, a: "x" }, pk: 1 }, undefined]);
    await rejectsPag(() => paginate(fetchPage, IN).toArray(), "repeated_token");
  });
  test("a repeat of the startToken is repeated_token", async () => {
    const { fetchPage } = scripted(["S"]);
    await rejectsPag(() => paginate(fetchPage, { ...IN, startToken: "S" }).toArray(), "repeated_token");
  });
  test("tokens that differ only deep inside are not repeats", async () => {
    const { fetchPage } = scripted([{ k: [1, { a: 1 }] }, { k: [1, { a: 2 }] }, { k: [1, { a: 1, b: 0 }] }, undefined]);
    same(await paginate(fetchPage, IN).toArray(), [0, 1, 2, 3]);
  });
  test("onSameToken \"stop\": a quiet stop, and the items of the page that returned the repeated token are yielded", async () => {
    const { fetchPage, calls } = scripted(["A", "B", "A"]);
    const p = paginate(fetchPage, { ...IN, onSameToken: "stop" });
    same(await p.toArray(), [0, 1, 2]);
    assert.equal(calls.length, 3);
    assert.notEqual(p.stopReason, undefined);
  });
});

describe("Paginator: maxItems, budgets and resumeToken", () => {
  const pages = [[1, 2, 3], [4, 5, 6], [], [7, 8, 9], [10]];
  const all = range(1, 11);
  const resume = (fetchPage, resumeToken, extra = {}) => paginate(fetchPage, { ...IN, ...extra, resumeToken });

  for (const maxItems of [1, 2, 3, 4, 5, 7, 9]) {
    test(`maxItems ${maxItems}: exactly maxItems items, and a new paginator from the resumeToken yields exactly the rest`, async () => {
      const { fetchPage } = service(pages);
      const p = paginate(fetchPage, { ...IN, maxItems });
      const first = await p.toArray();
      same(first, all.slice(0, maxItems));
      assert.equal(p.stopReason, "maxItems");
      assert.equal(typeof p.resumeToken, "string");
      const q = resume(fetchPage, p.resumeToken);
      same(await q.toArray(), all.slice(maxItems));
      assert.equal(q.resumeToken, undefined);
    });
  }
  test("maxItems through items(): exactly maxItems, resume yields the rest", async () => {
    const { fetchPage } = service(pages);
    const p = paginate(fetchPage, { ...IN, maxItems: 4 });
    const got = [];
    for await (const it of p.items()) got.push(it);
    same(got, [1, 2, 3, 4]);
    same(await resume(fetchPage, p.resumeToken).toArray(), all.slice(4));
  });
  test("chained resumes with maxItems visit every item exactly once", async () => {
    const { fetchPage } = service(pages);
    const got = [];
    let token;
    for (let i = 0; i < 20; i++) {
      const p = paginate(fetchPage, { ...IN, maxItems: 2, resumeToken: token });
      got.push(...await p.toArray());
      token = p.resumeToken;
      if (token === undefined) break;
    }
    same(got, all);
  });
  test("maxPages: stopReason maxPages, resumeToken defined, resume continues after the last page", async () => {
    const { fetchPage, calls } = service(pages);
    const p = paginate(fetchPage, { ...IN, maxPages: 2, prefetch: 3 });
    same(await p.toArray(), [1, 2, 3, 4, 5, 6]);
    assert.equal(p.stopReason, "maxPages");
    assert.equal(calls.length, 2, "prefetching never exceeds maxPages");
    same(await resume(fetchPage, p.resumeToken).toArray(), [7, 8, 9, 10]);
  });
  test("maxRequests: a budget of fetchPage calls; stops with a resumeToken", async () => {
    const { fetchPage, calls } = service(pages);
    const p = paginate(fetchPage, { ...IN, maxRequests: 3, prefetch: 4 });
    same(await p.toArray(), [1, 2, 3, 4, 5, 6]);
    assert.equal(p.stopReason, "maxRequests");
    assert.equal(calls.length, 3);
    assert.equal(p.stats.requests, 3);
    same(await resume(fetchPage, p.resumeToken).toArray(), [7, 8, 9, 10]);
  });
  test("maxRequests counts retries too (a budget of fetchPage calls)", async () => {
    let n = 0;
    const fetchPage = async (t) => { n++; if (n === 1) throw Object.assign(new Error("x"), { $retryable: {} }); return { items: [n], next: `n${n}` }; };
    const p = paginate(fetchPage, { ...IN, maxRequests: 3, retry: FAST });
    await p.toArray();
    assert.equal(n, 3);
    assert.equal(p.stopReason, "maxRequests");
    assert.notEqual(p.resumeToken, undefined);
  });
  test("timeLimitMs: stops cleanly at a page boundary with a resumeToken (stopReason timeLimit)", async () => {
    const { fetchPage } = service(range(0, 20).map((i) => [i]), { delay: 25 });
    const p = paginate(fetchPage, { ...IN, timeLimitMs: 60 });
    const got = await p.toArray();
    assert.ok(got.length < 20);
    assert.equal(p.stopReason, "timeLimit");
    same([...got, ...await resume(fetchPage, p.resumeToken).toArray()], range(0, 20));
  });
  test("break out of pages: ends quietly, resumeToken resumes after the last page received", async () => {
    const { fetchPage } = service(pages);
    const p = paginate(fetchPage, IN);
    const got = [];
    for await (const pg of p) { got.push(...pg.items); if (got.length >= 6) break; }
    assert.equal(typeof p.resumeToken, "string");
    same([...got, ...await resume(fetchPage, p.resumeToken).toArray()], all);
  });
  test("break out of items in the middle of a page: resumeToken resumes after the last item received", async () => {
    const { fetchPage } = service(pages);
    for (const cut of [1, 2, 4, 5, 8]) {
      const p = paginate(fetchPage, { ...IN, prefetch: 1 });
      const got = [];
      for await (const it of p.items()) { got.push(it); if (got.length === cut) break; }
      assert.equal(typeof p.resumeToken, "string", `cut ${cut}`);
      same([...got, ...await resume(fetchPage, p.resumeToken).toArray()], all, `cut ${cut}`);
    }
  });
  test("resumeToken after a failure resumes after the last page received", async () => {
    let fail = true;
    const { fetchPage: inner } = service(pages);
    const fetchPage = async (t, ctx) => { if (t === "t3" && fail) throw new TypeError("down"); return inner(t, ctx); };
    const p = paginate(fetchPage, { ...IN, retry: FAST });
    const got = [];
    let err;
    try { for await (const it of p.items()) got.push(it); } catch (e) { err = e; }
    checkErr(err, "PaginationError", "fetch_failed");
    assert.equal(p.stopReason, "error");
    assert.equal(typeof p.resumeToken, "string");
    assert.equal(err.resumeToken, p.resumeToken);
    fail = false;
    same([...got, ...await resume(fetchPage, err.resumeToken).toArray()], all);
  });
  test("resumeToken read inside the loop (a checkpoint) resumes exactly after the page or item received so far", async () => {
    const { fetchPage } = service(pages);
    for (const prefetch of [0, 2]) {
      const p = paginate(fetchPage, { ...IN, prefetch });
      const saved = [];
      let last = 0;
      for await (const pg of p) { last = pg.items.at(-1) ?? last; saved.push([last, p.resumeToken]); }
      for (const [last, tok] of saved.slice(0, -1)) {
        assert.equal(typeof tok, "string");
        same(await resume(fetchPage, tok).toArray(), all.filter((x) => x > last), `after page ending ${last}`);
      }
      const q = paginate(fetchPage, { ...IN, prefetch });
      const at = new Map();
      for await (const it of q.items()) at.set(it, q.resumeToken);
      for (const k of [1, 2, 3, 5, 8]) same(await resume(fetchPage, at.get(k)).toArray(), all.filter((x) => x > k), `after item ${k}`);
    }
  });
  test("resumeToken is undefined at the end, also through items()", async () => {
    const { fetchPage } = service(pages);
    const p = paginate(fetchPage, IN);
    for await (const _ of p.items()) { /* all */ }
    assert.equal(p.resumeToken, undefined);
    assert.equal(p.stopReason, "end");
  });
  test("a resumeToken taken at the very end of a page that has a next token resumes with the next page", async () => {
    const { fetchPage } = service(pages);
    const p = paginate(fetchPage, { ...IN, maxItems: 6 });
    same(await p.toArray(), [1, 2, 3, 4, 5, 6]);
    same(await resume(fetchPage, p.resumeToken).toArray(), [7, 8, 9, 10]);
  });
  test("a resumeToken is a string and works with the walk's other options (pageSize passed on)", async () => {
    const { fetchPage, calls } = service(pages);
    const p = paginate(fetchPage, { ...IN, maxPages: 1, pageSize: 3 });
    await p.toArray();
    await resume(fetchPage, p.resumeToken, { pageSize: 3 }).toArray();
    assert.ok(calls.every((c) => c.pageSize === 3));
  });
});

describe("Paginator: resumeToken integrity and scope", () => {
  async function token(extra = {}) {
    const { fetchPage } = service([[1], [2], [3]]);
    const p = paginate(fetchPage, { ...IN, maxPages: 1, ...extra });
    await p.toArray();
    return p.resumeToken;
  }
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (const [label, extra] of [["plain (checksum)", {}], ["signed codec (MAC)", { codec: new CursorCodec({ keys: [KEY1] }) }]]) {
    test(`any damaged resumeToken is bad_resume_token before anything is fetched — ${label}`, async () => {
      const t = await token(extra);
      let fetched = 0;
      const fetchPage = async () => { fetched++; return { items: [], next: undefined }; };
      for (let i = 0; i < t.length; i++) {
        for (const ch of [alphabet[(alphabet.indexOf(t[i]) + 1) % 64], alphabet[(alphabet.indexOf(t[i]) + 33) % 64]]) {
          const bad = t.slice(0, i) + ch + t.slice(i + 1);
          await rejectsPag(() => paginate(fetchPage, { ...IN, ...extra, resumeToken: bad }).toArray(), "bad_resume_token", `position ${i}`);
        }
      }
      for (const bad of ["x", "!!!", t.slice(0, -1), t + "A", "", encodeCursor({ a: 1 })]) {
        await rejectsPag(async () => { for await (const _ of paginate(fetchPage, { ...IN, ...extra, resumeToken: bad })) { /* none */ } }, "bad_resume_token", JSON.stringify(bad));
      }
      assert.equal(fetched, 0);
    });
  }
  test("a resumeToken from another scope is bad_resume_token", async () => {
    const t = await token({ scope: { q: "a" } });
    let fetched = 0;
    const fetchPage = async () => { fetched++; return { items: [], next: undefined }; };
    await rejectsPag(() => paginate(fetchPage, { ...IN, scope: { q: "b" }, resumeToken: t }).toArray(), "bad_resume_token");
    await rejectsPag(() => paginate(fetchPage, { ...IN, resumeToken: t }).toArray(), "bad_resume_token");
    assert.equal(fetched, 0);
    const { fetchPage: ok } = service([[1], [2], [3]]);
    same(await paginate(ok, { ...IN, scope: { q: "a" }, resumeToken: t }).toArray(), [2, 3]);
  });
  test("a resumeToken minted with a codec is rejected by a codec of another key", async () => {
    const t = await token({ codec: new CursorCodec({ keys: [KEY1] }) });
    const { fetchPage } = service([[1], [2], [3]]);
    await rejectsPag(() => paginate(fetchPage, { ...IN, codec: new CursorCodec({ keys: [KEY2] }), resumeToken: t }).toArray(), "bad_resume_token");
    same(await paginate(fetchPage, { ...IN, codec: new CursorCodec({ keys: [KEY1] }), resumeToken: t }).toArray(), [2, 3]);
  });
  test("a sealed codec's resumeToken does not reveal the raw service token", async () => {
    const { fetchPage } = service([[1], [2]]);
    const raw = async (t, c) => { const pg = await fetchPage(t, c); return { ...pg, next: pg.next && { secretKey: "RAWTOKENMARKER" + pg.next } }; };
    const p = paginate(raw, { ...IN, maxPages: 1, codec: new CursorCodec({ keys: [KEY1], mode: "sealed" }) });
    await p.toArray();
    assert.ok(!Buffer.from(p.resumeToken, "base64url").toString("latin1").includes("RAWTOKENMARKER"));
  });
  test("a resumeToken is never a raw token: resuming hands fetchPage the raw token exactly", async () => {
    const seen = [];
    const key = { pk: { S: "user#1" }, sk: { N: "42" }, big: 2n ** 60n };
    const fetchPage = async (t) => { seen.push(t); return seen.length === 1 ? { items: [1], next: key } : { items: [2], next: undefined }; };
    const p = paginate(fetchPage, { ...IN, maxPages: 1 });
    await p.toArray();
    await paginate(fetchPage, { ...IN, resumeToken: p.resumeToken }).toArray();
    same(seen[1], key);
  });
});

describe("Paginator: retries", () => {
  const failing = (errs, pages = [[1], [2]]) => {
    const { fetchPage: inner, calls } = service(pages);
    let i = 0;
    const attempts = [];
    return {
      calls, attempts,
      fetchPage: async (t, ctx) => { attempts.push({ t, attempt: ctx.attempt }); if (i < errs.length) throw errs[i++]; return inner(t, ctx); },
    };
  };
  for (const status of [429, 500, 502, 503, 504]) {
    test(`default retryable: a thrown Response with HTTP ${status} is retried`, async () => {
      const { fetchPage, attempts } = failing([new Response(null, { status })]);
      const p = paginate(fetchPage, { ...IN, retry: FAST });
      same(await p.toArray(), [1, 2]);
      assert.equal(attempts.length, 3);
      assert.equal(p.stats.retries, 1);
    });
  }
  for (const status of [400, 401, 403, 404, 409, 501]) {
    test(`not retried by default: HTTP ${status}`, async () => {
      const r = new Response(null, { status });
      const { fetchPage, attempts } = failing([r]);
      await rejectsPag(() => paginate(fetchPage, { ...IN, retry: FAST }).toArray(), "fetch_failed");
      assert.equal(attempts.length, 1);
    });
  }
  for (const name of ["ThrottlingException", "ProvisionedThroughputExceededException", "RequestLimitExceeded", "TooManyRequestsException"]) {
    test(`default retryable: error name ${name}`, async () => {
      const e = new Error("slow down"); e.name = name;
      const { fetchPage, attempts } = failing([e, e]);
      same(await paginate(fetchPage, { ...IN, retry: FAST }).toArray(), [1, 2]);
      assert.equal(attempts.length, 4);
    });
  }
  test("default retryable: err.$retryable", async () => {
    const e = Object.assign(new Error("x"), { $retryable: { throttling: false } });
    const { fetchPage, attempts } = failing([e]);
    same(await paginate(fetchPage, { ...IN, retry: FAST }).toArray(), [1, 2]);
    assert.equal(attempts.length, 3);
  });
  test("never retried: TypeError", async () => {
    const { fetchPage, attempts } = failing([new TypeError("fetch failed")]);
    await rejectsPag(() => paginate(fetchPage, { ...IN, retry: FAST }).toArray(), "fetch_failed");
    assert.equal(attempts.length, 1);
  });
  test("never retried: ValidationException", async () => {
    const e = new Error("bad"); e.name = "ValidationException";
    const { fetchPage, attempts } = failing([e]);
    await rejectsPag(() => paginate(fetchPage, { ...IN, retry: FAST }).toArray(), "fetch_failed");
    assert.equal(attempts.length, 1);
  });
  test("a plain Error is not retried by default", async () => {
    const { fetchPage, attempts } = failing([new Error("nope")]);
    await rejectsPag(() => paginate(fetchPage, { ...IN, retry: FAST }).toArray(), "fetch_failed");
    assert.equal(attempts.length, 1);
  });
  test("retry.retryable decides instead of the default", async () => {
    const { fetchPage, attempts } = failing([new Error("custom"), new Error("custom")]);
    same(await paginate(fetchPage, { ...IN, retry: { ...FAST, retryable: (e) => e.message === "custom" } }).toArray(), [1, 2]);
    assert.equal(attempts.length, 4);
    const f2 = failing([new Response(null, { status: 503 })]);
    await rejectsPag(() => paginate(f2.fetchPage, { ...IN, retry: { ...FAST, retryable: () => false } }).toArray(), "fetch_failed");
  });
  test("exhausted retries: fetch_failed with cause = the last error (same object) and a resumeToken that continues without loss", async () => {
    const errs = [1, 2, 3].map((i) => new Response(null, { status: 503, statusText: `e${i}` }));
    const { fetchPage: inner } = service([[1], [2], [3]]);
    let failing2 = true, n = 0;
    const attempts = [];
    const fetchPage = async (t, ctx) => { attempts.push([t, ctx.attempt]); if (t === "t1" && failing2) throw errs[n++]; return inner(t, ctx); };
    const p = paginate(fetchPage, { ...IN, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    const got = [];
    let err;
    try { for await (const it of p.items()) got.push(it); } catch (e) { err = e; }
    checkErr(err, "PaginationError", "fetch_failed");
    assert.equal(err.cause, errs[2], "cause is the last error object itself");
    same(got, [1]);
    same(attempts, [[undefined, 1], ["t1", 1], ["t1", 2], ["t1", 3]], "ctx.attempt counts from 1 for each page");
    assert.equal(typeof err.resumeToken, "string");
    assert.equal(p.stopReason, "error");
    assert.equal(p.stats.retries, 2);
    failing2 = false;
    same(await paginate(fetchPage, { ...IN, resumeToken: err.resumeToken }).toArray(), [2, 3]);
  });
  test("a fetchPage that throws synchronously is a failure like any other (fetch_failed, cause kept)", async () => {
    const err = new TypeError("sync");
    await assert.rejects(paginate(() => { throw err; }, { ...IN, retry: FAST }).toArray(), (e) => checkErr(e, "PaginationError", "fetch_failed") && e.cause === err);
  });
  test("ctx.attempt counts from 1 for each page", async () => {
    const e = Object.assign(new Error("x"), { $retryable: {} });
    const { fetchPage: inner } = service([[1], [2], [3]]);
    const log = [];
    const seen = new Set();
    const fetchPage = async (t, ctx) => { log.push(ctx.attempt); if (!seen.has(t)) { seen.add(t); throw e; } return inner(t, ctx); };
    await paginate(fetchPage, { ...IN, retry: FAST }).toArray();
    same(log, [1, 2, 1, 2, 1, 2]);
  });
  test("maxDelayMs caps the backoff", async () => {
    const e = Object.assign(new Error("x"), { $retryable: {} });
    const { fetchPage, attempts } = failing([e, e, e]);
    const t = Date.now();
    same(await paginate(fetchPage, { ...IN, retry: { retries: 3, baseDelayMs: 20_000, maxDelayMs: 10 } }).toArray(), [1, 2]);
    assert.equal(attempts.length, 5);
    assert.ok(Date.now() - t < 5000, "three waits of at most maxDelayMs");
  });
  test("retries: 0 means one attempt", async () => {
    const { fetchPage, attempts } = failing([new Response(null, { status: 503 })]);
    await rejectsPag(() => paginate(fetchPage, { ...IN, retry: { retries: 0 } }).toArray(), "fetch_failed");
    assert.equal(attempts.length, 1);
  });
  test("Retry-After in seconds on a thrown Response is honoured before the backoff", async () => {
    const { fetchPage } = failing([new Response(null, { status: 429, headers: { "Retry-After": "1" } })]);
    const t = Date.now();
    same(await paginate(fetchPage, { ...IN, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 60_000 } }).toArray(), [1, 2]);
    assert.ok(Date.now() - t >= 950, `waited only ${Date.now() - t} ms`);
  });
  test("Retry-After as an HTTP date on a thrown Response is honoured", async () => {
    const when = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    const { fetchPage } = failing([new Response(null, { status: 503, headers: { "Retry-After": when.toUTCString() } })]);
    same(await paginate(fetchPage, { ...IN, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 60_000 } }).toArray(), [1, 2]);
    assert.ok(Date.now() >= when.getTime() - 50, `resumed ${when.getTime() - Date.now()} ms early`);
  });
  test("err.retryAfter as an HTTP date is honoured", async () => {
    const when = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    const e = Object.assign(new Error("throttled"), { $retryable: {}, retryAfter: when.toUTCString() });
    const { fetchPage } = failing([e]);
    same(await paginate(fetchPage, { ...IN, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 60_000 } }).toArray(), [1, 2]);
    assert.ok(Date.now() >= when.getTime() - 50, `resumed ${when.getTime() - Date.now()} ms early`);
  });
  test("err.retryAfter (seconds, like the header) is honoured", async () => {
    const e = Object.assign(new Error("throttled"), { name: "ThrottlingException", retryAfter: 1 });
    const { fetchPage } = failing([e]);
    const t = Date.now();
    same(await paginate(fetchPage, { ...IN, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 60_000 } }).toArray(), [1, 2]);
    assert.ok(Date.now() - t >= 950, `waited only ${Date.now() - t} ms`);
  });
});

describe("Paginator: abort and break", () => {
  const hanging = () => {
    const signals = [];
    let issued = 0;
    const fetchPage = (t, ctx) => {
      issued++;
      signals.push(ctx.signal);
      assert.ok(ctx.signal instanceof AbortSignal);
      if (t === undefined) return Promise.resolve({ items: [1], next: "t1" });
      return new Promise((_, rej) => {
        const timer = setTimeout(() => rej(new Error("never aborted")), 5000);
        ctx.signal.addEventListener("abort", () => { clearTimeout(timer); rej(ctx.signal.reason ?? new Error("aborted")); });
      });
    };
    return { fetchPage, signals, issued: () => issued };
  };
  test("aborting options.signal before the first request rejects with aborted and fetches nothing", async () => {
    const ac = new AbortController();
    ac.abort();
    let fetched = 0;
    const p = paginate(async () => { fetched++; return { items: [1], next: undefined }; }, { ...IN, signal: ac.signal });
    await rejectsPag(() => drain(p), "aborted");
    assert.equal(fetched, 0);
    assert.equal(p.stopReason, "aborted");
    const p2 = paginate(async () => { fetched++; return { items: [1], next: undefined }; }, { ...IN, signal: ac.signal });
    await rejectsPag(() => p2.toArray(), "aborted");
    const p3 = paginate(async () => { fetched++; return { items: [1], next: undefined }; }, { ...IN, signal: ac.signal });
    await rejectsPag(async () => { for await (const _ of p3.items()) { /* none */ } }, "aborted");
    assert.equal(fetched, 0);
  });
  test("aborting options.signal mid-walk rejects with aborted and aborts the in-flight fetchPage through ctx.signal", async () => {
    const ac = new AbortController();
    const h = hanging();
    const p = paginate(h.fetchPage, { ...IN, signal: ac.signal });
    const got = [];
    await rejectsPag(async () => { for await (const pg of p) { got.push(...pg.items); setTimeout(() => ac.abort(), 20); } }, "aborted");
    same(got, [1]);
    await sleep(10);
    assert.ok(h.signals.length >= 2 && h.signals.slice(1).every((s) => s.aborted), "in-flight fetchPage aborted");
    assert.equal(p.stopReason, "aborted");
    assert.equal(typeof p.resumeToken, "string", "resumeToken defined: the walk did not reach its end");
    const n = h.issued();
    await sleep(30);
    assert.equal(h.issued(), n, "no fetch after abort");
  });
  test("aborting options.signal while the retry backoff waits rejects with aborted", async () => {
    const ac = new AbortController();
    let n = 0;
    const p = paginate(async () => { n++; throw new Response(null, { status: 503, headers: { "retry-after": "2" } }); }, { ...IN, signal: ac.signal, retry: { retries: 5, baseDelayMs: 2000, maxDelayMs: 2000 } }); // Retry-After fixes the wait at 2 s: full jitter alone may pick a delay under 30 ms
    setTimeout(() => ac.abort(), 30);
    const t = Date.now();
    await rejectsPag(() => p.toArray(), "aborted");
    assert.ok(Date.now() - t < 1500, "the backoff wait is cut short by the abort");
    assert.equal(n, 1);
  });
  test("breaking out of for await ends quietly and aborts the in-flight fetchPage through ctx.signal", async () => {
    const h = hanging();
    const p = paginate(h.fetchPage, { ...IN, prefetch: 1 });
    for await (const _ of p) break;
    await sleep(20);
    assert.ok(h.signals.length >= 2, "request 2 was in flight (issued before page 1 was handed over)");
    assert.ok(h.signals.slice(1).every((s) => s.aborted));
    const n = h.issued();
    await sleep(30);
    assert.equal(h.issued(), n, "no fetch after break");
  });
  test("breaking out of items() aborts the in-flight fetchPage too", async () => {
    const h = hanging();
    const p = paginate(h.fetchPage, { ...IN, prefetch: 2 });
    for await (const _ of p.items()) break;
    await sleep(20);
    assert.ok(h.signals.slice(1).every((s) => s.aborted));
    assert.equal(typeof p.resumeToken, "string");
  });
  test("an abort reason surfaces as a PaginationError aborted, not a raw AbortError", async () => {
    const ac = new AbortController();
    const p = paginate((t, ctx) => new Promise((_, rej) => ctx.signal.addEventListener("abort", () => rej(new DOMException("x", "AbortError")))), { ...IN, signal: ac.signal });
    setTimeout(() => ac.abort(new Error("user left")), 10);
    await rejectsPag(() => p.toArray(), "aborted");
  });
});

describe("Paginator: prefetch (Precise semantics)", () => {
  function probe(k, nPages, extra = {}) {
    let issued = 0, received = 0;
    const problems = [];
    const fetchPage = async (t) => {
      issued++;
      // Issued while page `received + 1` may be on its way to the consumer ("request n+1 is issued
      // before page n is handed over"), or awaited by it, so that page already counts here.
      if (issued - (received + 1) > k) problems.push(`request ${issued} issued with only ${received} pages received`);
      await sleep(1);
      const i = t === undefined ? 0 : Number(t.slice(1));
      return { items: [i], next: i + 1 < nPages ? `t${i + 1}` : undefined };
    };
    return {
      problems, issued: () => issued,
      run: async (breakAt) => {
        const p = paginate(fetchPage, { ...IN, prefetch: k, ...extra });
        const order = [];
        for await (const pg of p) {
          received++;
          order.push(pg.items[0]);
          if (k >= 1 && pg.next !== undefined && issued < received + 1 && (extra.maxPages ?? Infinity) > received) problems.push(`request ${received + 1} not issued before page ${received} was handed over`);
          if (received === breakAt) break;
          await sleep(8);
          if (issued - received > k) problems.push(`${issued} issued, ${received} received`);
        }
        return { p, order };
      },
    };
  }
  for (const k of [1, 2, 4]) {
    test(`prefetch ${k}: at most k requests beyond the pages received or awaited; request n+1 issued before page n is handed over; order preserved`, async () => {
      const pr = probe(k, 10);
      const { order } = await pr.run();
      same(order, range(0, 10));
      assert.deepEqual(pr.problems, [], pr.problems.join("; "));
      assert.equal(pr.issued(), 10);
    });
  }
  test("prefetch default 0: nothing is requested until the consumer asks for the next page", async () => {
    const pr = probe(0, 6);
    const { order } = await pr.run();
    same(order, range(0, 6));
    assert.deepEqual(pr.problems, [], pr.problems.join("; "));
    assert.equal(pr.issued(), 6);
    // Two pages received and a break: two requests (the AWS SDK and botocore paginators).
    const lazy = probe(0, 6);
    await lazy.run(2);
    await sleep(20);
    assert.equal(lazy.issued(), 2);
  });
  test("prefetching never exceeds maxPages", async () => {
    const pr = probe(5, 20, { maxPages: 3 });
    const { p } = await pr.run();
    await sleep(20);
    assert.equal(pr.issued(), 3);
    assert.equal(p.stopReason, "maxPages");
  });
  test("prefetching never exceeds maxRequests", async () => {
    const pr = probe(5, 20, { maxRequests: 4 });
    const { p } = await pr.run();
    await sleep(20);
    assert.equal(pr.issued(), 4);
    assert.equal(p.stopReason, "maxRequests");
  });
  test("prefetching does not continue after a break", async () => {
    const pr = probe(3, 50);
    const { p } = await pr.run(2);
    const n = pr.issued();
    assert.ok(n <= 2 + 3);
    await sleep(40);
    assert.equal(pr.issued(), n);
    same(await paginate((t) => ({ items: [Number(t.slice(1))], next: undefined }), { ...IN, resumeToken: p.resumeToken }).toArray(), [2]);
  });
  test("prefetch with maxItems: exactly maxItems and an exact resume", async () => {
    const { fetchPage } = service([[1, 2], [3, 4], [5, 6], [7, 8]]);
    const p = paginate(fetchPage, { ...IN, prefetch: 3, maxItems: 3 });
    same(await p.toArray(), [1, 2, 3]);
    same(await paginate(fetchPage, { ...IN, prefetch: 3, resumeToken: p.resumeToken }).toArray(), [4, 5, 6, 7, 8]);
  });
  test("prefetch preserves order when later pages answer first", async () => {
    const delays = [30, 1, 20, 1, 10, 1];
    const fetchPage = async (t) => { const i = t === undefined ? 0 : t; await sleep(delays[i]); return { items: [i], next: i + 1 < delays.length ? i + 1 : undefined }; };
    same(await paginate(fetchPage, { ...IN, prefetch: 4 }).toArray(), range(0, 6));
  });
});

describe("Paginator: segments", () => {
  const segService = (total, perSeg = 3) => {
    const calls = [];
    const fetchPage = async (t, ctx) => {
      calls.push({ t, segment: ctx.segment, totalSegments: ctx.totalSegments });
      const i = t === undefined ? 0 : t.i;
      await sleep(ctx.segment === 0 ? 3 : 1);
      return { items: [`${ctx.segment}:${i}`], next: i + 1 < perSeg ? { seg: ctx.segment, i: i + 1 } : undefined };
    };
    const all = [];
    for (let s = 0; s < total; s++) for (let i = 0; i < perSeg; i++) all.push(`${s}:${i}`);
    return { fetchPage, calls, all };
  };
  test("segments n: parallel segments with 0-based ctx.segment and ctx.totalSegments; every item once", async () => {
    const { fetchPage, calls, all } = segService(3);
    const got = await paginate(fetchPage, { ...IN, segments: 3 }).toArray();
    same([...got].sort(), all);
    same([...new Set(calls.map((c) => c.segment))].sort(), [0, 1, 2]);
    assert.ok(calls.every((c) => c.totalSegments === 3));
    assert.equal(calls.filter((c) => c.t === undefined).length, 3, "each segment starts with no token");
    for (const c of calls) if (c.t !== undefined) assert.equal(c.t.seg, c.segment, "a segment's token goes back to its segment");
  });
  test("segment { segment, total }: walks one segment only, 0-based", async () => {
    const { fetchPage, calls } = segService(4);
    const got = await paginate(fetchPage, { ...IN, segment: { segment: 0, total: 4 } }).toArray();
    same(got, ["0:0", "0:1", "0:2"]);
    assert.ok(calls.every((c) => c.segment === 0 && c.totalSegments === 4));
    const got3 = await paginate(fetchPage, { ...IN, segment: { segment: 3, total: 4 } }).toArray();
    same(got3, ["3:0", "3:1", "3:2"]);
  });
  test("a one-segment walk has its own resumeToken", async () => {
    const { fetchPage, calls } = segService(4);
    const p = paginate(fetchPage, { ...IN, segment: { segment: 2, total: 4 }, maxItems: 1 });
    same(await p.toArray(), ["2:0"]);
    calls.length = 0;
    same(await paginate(fetchPage, { ...IN, segment: { segment: 2, total: 4 }, resumeToken: p.resumeToken }).toArray(), ["2:1", "2:2"]);
    assert.ok(calls.every((c) => c.segment === 2));
  });
  test("a failure in one of parallel segments: fetch_failed whose resumeToken continues every segment without loss or repeat", async () => {
    const { fetchPage: inner, all } = segService(3, 4);
    let broken = true;
    const fetchPage = async (t, ctx) => { if (broken && ctx.segment === 1 && t && t.i === 2) throw new TypeError("segment 1 down"); return inner(t, ctx); };
    const got = [];
    let err;
    try { for await (const it of paginate(fetchPage, { ...IN, segments: 3 }).items()) got.push(it); } catch (e) { err = e; }
    checkErr(err, "PaginationError", "fetch_failed");
    broken = false;
    const rest = await paginate(fetchPage, { ...IN, segments: 3, resumeToken: err.resumeToken }).toArray();
    same([...got, ...rest].sort(), all);
  });
  test("breaking out of a parallel-segment walk: the resumeToken yields exactly the rest", async () => {
    const { fetchPage, all } = segService(3, 4);
    const p = paginate(fetchPage, { ...IN, segments: 3, prefetch: 1 });
    const got = [];
    for await (const it of p.items()) { got.push(it); if (got.length === 7) break; }
    const rest = await paginate(fetchPage, { ...IN, segments: 3, resumeToken: p.resumeToken }).toArray();
    same([...got, ...rest].sort(), all);
  });
  test("parallel segments stopped by maxItems resume with exactly the rest", async () => {
    const { fetchPage, all } = segService(3, 4);
    const p = paginate(fetchPage, { ...IN, segments: 3, maxItems: 5 });
    const first = await p.toArray();
    assert.equal(first.length, 5);
    const rest = await paginate(fetchPage, { ...IN, segments: 3, resumeToken: p.resumeToken }).toArray();
    same([...first, ...rest].sort(), all);
  });
});

describe("Paginator: presets", () => {
  test("dynamodb: Items / LastEvaluatedKey; fetchPage receives the LastEvaluatedKey object as the page carried it, and ctx.pageSize", async () => {
    const lek = [{ pk: { S: "a" }, sk: { N: "1" } }, { pk: { S: "b" }, sk: { N: "2" } }];
    const seen = [];
    const fetchPage = async (token, ctx) => {
      seen.push({ token, limit: ctx.pageSize });
      const i = token === undefined ? 0 : lek.findIndex((k) => k.pk.S === token.pk.S) + 1;
      return { Items: [{ i }], Count: 1, ...(i < 2 ? { LastEvaluatedKey: lek[i] } : {}) };
    };
    const got = await paginate(fetchPage, { preset: "dynamodb", pageSize: 25 }).toArray();
    same(got, [{ i: 0 }, { i: 1 }, { i: 2 }]);
    same(seen.map((s) => s.token), [undefined, lek[0], lek[1]]);
    assert.ok(seen.every((s) => s.limit === 25));
  });
  test("fetchPage receives the very token object the page carried (no copy, Buffers and undefined fields intact)", async () => {
    const tok = { pk: { B: Buffer.from("bin") }, sk: { S: "x" }, extra: undefined };
    const seen = [];
    await paginate(async (t) => { seen.push(t); return seen.length === 1 ? { Items: [1], LastEvaluatedKey: tok } : { Items: [2] }; }, { preset: "dynamodb" }).toArray();
    assert.equal(seen[1], tok);
  });
  test("dynamodb with parallel segments: ctx.segment / ctx.totalSegments map to Segment / TotalSegments", async () => {
    const fetchPage = async (token, ctx) => ({ Items: [`${ctx.segment}/${ctx.totalSegments}:${token ? token.n : 0}`], LastEvaluatedKey: token ? undefined : { n: 1 } });
    const got = await paginate(fetchPage, { preset: "dynamodb", segments: 2 }).toArray();
    same([...got].sort(), ["0/2:0", "0/2:1", "1/2:0", "1/2:1"]);
  });
  test("aws: NextToken with the items path given by the user", async () => {
    const seen = [];
    const fetchPage = async (token) => { seen.push(token); const n = seen.length; return { Reservations: [n], ...(n < 3 ? { NextToken: `tok/${n}+=` } : {}) }; };
    same(await paginate(fetchPage, { preset: "aws", items: "Reservations" }).toArray(), [1, 2, 3]);
    same(seen, [undefined, "tok/1+=", "tok/2+="]);
  });
  test("keyset: items / next_cursor", async () => {
    const seen = [];
    const fetchPage = async (t) => { seen.push(t); const n = seen.length; return { items: [n], next_cursor: n < 3 ? `c${n}` : null }; };
    same(await paginate(fetchPage, { preset: "keyset" }).toArray(), [1, 2, 3]);
    same(seen, [undefined, "c1", "c2"]);
  });
  test("keyset: items / nextCursor", async () => {
    let n = 0;
    same(await paginate(async () => ({ items: [++n], nextCursor: n < 2 ? `c${n}` : undefined }), { preset: "keyset" }).toArray(), [1, 2]);
  });
  test("keyset: paginateKeyset's own pages can be walked", async () => {
    const data = range(0, 23).map((i) => ({ id: (i * 7) % 23, name: `n${i}` }));
    const got = await paginate(async (after) => paginateKeyset(data, { keys: ["id"], after, limit: 5 }), { preset: "keyset" }).toArray();
    same(got.map((x) => x.id), range(0, 23));
  });
  test("relay: edges.node / pageInfo.endCursor with pageInfo.hasNextPage", async () => {
    const seen = [];
    const fetchPage = async (t) => {
      seen.push(t);
      const n = seen.length;
      return { edges: [{ node: { id: n }, cursor: `e${n}` }], pageInfo: { endCursor: `c${n}`, hasNextPage: n < 3 } };
    };
    same(await paginate(fetchPage, { preset: "relay" }).toArray(), [{ id: 1 }, { id: 2 }, { id: 3 }]);
    same(seen, [undefined, "c1", "c2"]);
  });
  test("relay: nodes / pageInfo, with root \"data.orders\" applied before the preset", async () => {
    let n = 0;
    const fetchPage = async () => { n++; return { data: { orders: { nodes: [n, n + 10], pageInfo: { endCursor: `c${n}`, hasNextPage: n < 2 } } } }; };
    same(await paginate(fetchPage, { preset: "relay", root: "data.orders" }).toArray(), [1, 11, 2, 12]);
  });
  test("relay: hasNextPage false ends the walk even with an endCursor", async () => {
    let n = 0;
    const p = paginate(async () => ({ nodes: [++n], pageInfo: { endCursor: "same-forever", hasNextPage: false } }), { preset: "relay" });
    same(await p.toArray(), [1]);
    assert.equal(p.stopReason, "end");
  });

  describe("link preset (a real Response from a 127.0.0.1 server)", () => {
    let base;
    let flaky = 0;
    const hits = [];
    const server = http.createServer((req, res) => {
      const u = new URL(req.url, "http://x");
      hits.push(u.pathname + u.search);
      const p = Number(u.searchParams.get("p") ?? 1);
      const send = (status, body, link) => {
        res.writeHead(status, { "content-type": "application/json", ...(link ? { link } : {}) });
        res.end(JSON.stringify(body));
      };
      if (u.pathname === "/list") {
        const links = [];
        if (p > 1) links.push(`<${base}/list?p=${p - 1}>; rel="prev"`);
        if (p < 3) links.push(`</list?p=${p + 1}>; rel="next"`);
        if (p === 1) links.push(`<${base}/list?p=3>; rel="last"`);
        return send(200, [p * 10, p * 10 + 1], links.join(", "));
      }
      if (u.pathname === "/wrapped") return send(200, { data: { rows: [p] } }, p < 2 ? `<wrapped?p=${p + 1}>; rel=next` : undefined);
      if (u.pathname === "/redir") { res.writeHead(302, { location: "/sub/dir/page?p=1" }); return res.end(); }
      if (u.pathname === "/sub/dir/page") return send(200, [`sub${p}`], p < 2 ? `<page?p=${p + 1}>; rel="next"` : undefined);
      if (u.pathname === "/flaky") {
        if (flaky++ === 0) return send(503, { error: "busy" });
        return send(200, ["ok"]);
      }
      if (u.pathname === "/slow-down") {
        if (flaky++ === 0) { res.writeHead(429, { "retry-after": "1" }); return res.end(); }
        return send(200, ["after-wait"]);
      }
      if (u.pathname === "/missing") return send(404, { error: "nope" });
      send(500, {});
    });
    const ready = new Promise((r) => server.listen(0, "127.0.0.1", () => { base = `http://127.0.0.1:${server.address().port}`; r(); }));
    after(() => { server.closeAllConnections?.(); server.close(); });

    test("link: items = the JSON body; next = the rel=\"next\" URL of the Link header, resolved against the response URL", async () => {
      await ready;
      const seen = [];
      const got = await paginate(async (url) => { seen.push(url); return fetch(url ?? `${base}/list?p=1`); }, { preset: "link" }).toArray();
      same(got, [10, 11, 20, 21, 30, 31]);
      same(seen, [undefined, `${base}/list?p=2`, `${base}/list?p=3`]);
    });
    test("link: items may be a path in the JSON body; a relative next URL is resolved", async () => {
      await ready;
      const got = await paginate(async (url) => fetch(url ?? `${base}/wrapped?p=1`), { preset: "link", items: "data.rows" }).toArray();
      same(got, [1, 2]);
    });
    test("link: resolved against the final response URL after a redirect", async () => {
      await ready;
      const seen = [];
      const got = await paginate(async (url) => { seen.push(url); return fetch(url ?? `${base}/redir`); }, { preset: "link" }).toArray();
      same(got, ["sub1", "sub2"]);
      assert.equal(seen[1], `${base}/sub/dir/page?p=2`);
    });
    test("link: a non-2xx response is a failure, retried when its status is retryable", async () => {
      await ready;
      flaky = 0;
      const p = paginate(async () => fetch(`${base}/flaky`), { preset: "link", retry: FAST });
      same(await p.toArray(), ["ok"]);
      assert.equal(p.stats.retries, 1);
    });
    test("link: a 429 response's Retry-After header is honoured before retrying", async () => {
      await ready;
      flaky = 0;
      const t = Date.now();
      same(await paginate(async () => fetch(`${base}/slow-down`), { preset: "link", retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 60_000 } }).toArray(), ["after-wait"]);
      assert.ok(Date.now() - t >= 950, `retried after ${Date.now() - t} ms`);
    });
    test("link: a non-retryable non-2xx response is fetch_failed at once", async () => {
      await ready;
      const before = hits.filter((h) => h.startsWith("/missing")).length;
      await rejectsPag(() => paginate(async () => fetch(`${base}/missing`), { preset: "link", retry: FAST }).toArray(), "fetch_failed");
      assert.equal(hits.filter((h) => h.startsWith("/missing")).length - before, 1);
    });
  });
});

describe("Paginator: caller objects and stats", () => {
  const deepFreeze = (o) => { if (o && typeof o === "object" && !Object.isFrozen(o)) { Object.freeze(o); for (const v of Object.values(o)) deepFreeze(v); } return o; };
  test("caller objects are never mutated (frozen options, pages, tokens and items work)", async () => {
    const pages = deepFreeze([
      { Items: [{ a: 1 }], LastEvaluatedKey: { pk: { S: "x" } } },
      { Items: [{ a: 2 }], LastEvaluatedKey: { pk: { S: "y" } } },
      { Items: [] },
    ]);
    const options = deepFreeze({ preset: "dynamodb", retry: { retries: 1, baseDelayMs: 1 }, scope: { q: [1] }, maxItems: 5 });
    let i = 0;
    const got = await paginate(async () => pages[i++], options).toArray();
    assert.equal(got[0], pages[0].Items[0], "items are the caller's objects, not copies");
    same(got, [{ a: 1 }, { a: 2 }]);
  });
  test("caller objects are never mutated (unfrozen: deep snapshot unchanged)", async () => {
    const pages = [{ items: [{ x: [1] }], next: { k: 1 } }, { items: [{ y: 2 }], next: null }];
    const options = { items: "items", next: "next", prefetch: 1, maxPages: 5, scope: { s: 1 } };
    const snap = JSON.stringify([pages, options]);
    let i = 0;
    const p = paginate(async () => pages[i++], options);
    await p.toArray();
    assert.equal(JSON.stringify([pages, options]), snap);
  });
  test("stats: pages, items, emptyPages, retries, requests, elapsedMs", async () => {
    const { fetchPage: inner } = service([[1, 2], [], [3], []]);
    let failed = false;
    const fetchPage = async (t, c) => { if (t === "t2" && !failed) { failed = true; throw new Response(null, { status: 500 }); } return inner(t, c); };
    const p = paginate(fetchPage, { ...IN, retry: FAST });
    await p.toArray();
    const s = p.stats;
    assert.equal(s.pages, 4);
    assert.equal(s.items, 3);
    assert.equal(s.emptyPages, 2);
    assert.equal(s.retries, 1);
    assert.equal(s.requests, 5);
    assert.equal(typeof s.elapsedMs, "number");
    assert.ok(s.elapsedMs >= 0 && Number.isFinite(s.elapsedMs));
  });
  test("minIntervalMs paces requests", async () => {
    const { fetchPage } = service([[1], [2], [3]]);
    const t = Date.now();
    await paginate(fetchPage, { ...IN, minIntervalMs: 60 }).toArray();
    assert.ok(Date.now() - t >= 110, `3 requests in ${Date.now() - t} ms`);
  });
  test("toArray collects every item; the paginator is async iterable (Symbol.asyncIterator)", async () => {
    const { fetchPage } = service([[1], [2]]);
    const p = paginate(fetchPage, IN);
    assert.equal(typeof p[Symbol.asyncIterator], "function");
    assert.equal(typeof p.items()[Symbol.asyncIterator], "function");
    same(await p.toArray(), [1, 2]);
  });
});

// ================================================================= CursorStack
describe("CursorStack", () => {
  const URLSAFE = /^[A-Za-z0-9._~-]+$/;
  const walk = (stack, n) => { for (let i = 2; i <= n; i++) { stack.record(`tok${i}`); assert.equal(stack.forward(), `tok${i}`); } };
  test("a new stack: page 1, current undefined (= first page), no previous, no next", () => {
    const s = new CursorStack();
    assert.equal(s.page, 1);
    assert.equal(s.current, undefined);
    assert.equal(s.hasPrevious, false);
    assert.equal(s.hasNext, false);
  });
  test("record(nextToken): the current page loaded; hasNext true only when the next token is known", () => {
    const s = new CursorStack();
    s.record("t2");
    assert.equal(s.hasNext, true);
    assert.equal(s.page, 1);
    assert.equal(s.current, undefined);
  });
  for (const [name, absent] of [["undefined", undefined], ["null", null]]) {
    test(`record(absent token: ${name}) -> hasNext false: this is the end`, () => {
      const s = new CursorStack();
      s.record(absent);
      assert.equal(s.hasNext, false);
      s.record("t2");
      s.forward();
      s.record(absent);
      assert.equal(s.hasNext, false);
      assert.equal(s.page, 2);
    });
  }
  test("forward(): moves to the next page and returns the token to fetch with", () => {
    const s = new CursorStack();
    s.record("t2");
    assert.equal(s.forward(), "t2");
    assert.equal(s.page, 2);
    assert.equal(s.current, "t2");
    assert.equal(s.hasPrevious, true);
    assert.equal(s.hasNext, false, "the next page's token is not known yet");
  });
  test("forward(nextToken): records nextToken first", () => {
    const s = new CursorStack();
    assert.equal(s.forward("a"), "a");
    assert.equal(s.forward({ k: 1 }).k, 1);
    assert.equal(s.page, 3);
    same(s.current, { k: 1 });
  });
  test("back(): returns the token of the previous page", () => {
    const s = new CursorStack();
    walk(s, 4);
    assert.equal(s.back(), "tok3");
    assert.equal(s.page, 3);
    assert.equal(s.current, "tok3");
    assert.equal(s.hasNext, true, "the page after is known");
    assert.equal(s.back(), "tok2");
    assert.equal(s.back(), undefined, "page 1 is fetched with no token");
    assert.equal(s.page, 1);
    assert.equal(s.forward(), "tok2", "forward after back follows the known tokens");
    assert.equal(s.page, 2);
  });
  test("back() on page 1 stays there and returns undefined", () => {
    const s = new CursorStack();
    assert.equal(s.back(), undefined);
    assert.equal(s.page, 1);
    s.record("t2");
    assert.equal(s.back(), undefined);
    assert.equal(s.page, 1);
    assert.equal(s.hasNext, true);
    assert.equal(s.hasPrevious, false);
  });
  test("goTo(page): any page already visited returns its token", () => {
    const s = new CursorStack();
    walk(s, 5);
    assert.equal(s.goTo(2), "tok2");
    assert.equal(s.page, 2);
    assert.equal(s.current, "tok2");
    assert.equal(s.goTo(4), "tok4");
    assert.equal(s.page, 4);
    assert.equal(s.goTo(1), undefined);
    assert.equal(s.page, 1);
    assert.equal(s.hasPrevious, false);
  });
  test("goTo(a page never visited) is refused (throws) or leaves the stack unchanged", () => {
    const s = new CursorStack();
    walk(s, 3);
    let threw = false;
    try { s.goTo(9); } catch { threw = true; }
    if (!threw) assert.equal(s.page, 3);
  });
  test("reset(scope?): the query changed — start over", () => {
    const s = new CursorStack({ scope: "q=a" });
    walk(s, 3);
    s.reset("q=b");
    assert.equal(s.page, 1);
    assert.equal(s.current, undefined);
    assert.equal(s.hasPrevious, false);
    assert.equal(s.hasNext, false);
    s.reset();
    assert.equal(s.page, 1);
  });
  test("hasPrevious is true exactly when back() can return a real token", () => {
    const s = new CursorStack();
    assert.equal(s.hasPrevious, false);
    walk(s, 3);
    assert.equal(s.hasPrevious, true);
    assert.equal(s.back(), "tok2");
    assert.equal(s.hasPrevious, true);
    assert.equal(s.back(), undefined);
    assert.equal(s.hasPrevious, false);
  });
  test("maxDepth N keeps the tokens of the N most recent pages; page numbers keep counting past it", () => {
    const s = new CursorStack({ maxDepth: 3 });
    walk(s, 10);
    assert.equal(s.page, 10);
    assert.equal(s.current, "tok10");
    assert.equal(s.back(), "tok9");
    assert.equal(s.page, 9);
    assert.equal(s.back(), "tok8");
    assert.equal(s.page, 8);
    assert.equal(s.hasPrevious, false, "page 7's token was dropped");
    assert.equal(s.forward(), "tok9");
    assert.equal(s.forward(), "tok10");
    s.record("tok11");
    assert.equal(s.forward(), "tok11");
    assert.equal(s.page, 11);
  });
  test("maxDepth: back() with the older token dropped does not invent a token", () => {
    const s = new CursorStack({ maxDepth: 2 });
    walk(s, 6);
    assert.equal(s.back(), "tok5");
    assert.equal(s.hasPrevious, false);
    const r = s.back();
    assert.equal(r, undefined, "hasPrevious false: back() cannot return a real token");
    assert.notEqual(s.page, 4, "page 4's token was dropped, so the stack cannot be on page 4");
  });
  test("model check: random record/forward/back/goTo/toString agree with a plain list of tokens", () => {
    let seed = 7;
    const rnd = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32; };
    let s = new CursorStack();
    const tokens = [undefined]; // tokens[i] fetches page i + 1
    let page = 1, fresh = 0, ended = false;
    for (let step = 0; step < 400; step++) {
      const r = rnd();
      const ctx = `step ${step}`;
      if (r < 0.3 && page === tokens.length && !ended) {
        const t = rnd() < 0.5 ? `t${fresh++}` : { k: fresh++, n: BigInt(fresh) };
        if (rnd() < 0.5) { s.record(t); tokens.push(t); } else { same(s.forward(t), t, ctx); tokens.push(t); page++; }
      } else if (r < 0.35 && page === tokens.length) {
        s.record(undefined); ended = true;
      } else if (r < 0.55 && page < tokens.length) {
        same(s.forward(), tokens[page], ctx); page++;
      } else if (r < 0.75) {
        const t = s.back(); if (page > 1) page--; same(t, tokens[page - 1], ctx);
      } else if (r < 0.9) {
        const k = 1 + Math.floor(rnd() * tokens.length); same(s.goTo(k), tokens[k - 1], ctx); page = k;
      } else {
        s = CursorStack.from(s.toString());
      }
      if (page < tokens.length) ended = false;
      assert.equal(s.page, page, ctx);
      same(s.current, tokens[page - 1], ctx);
      assert.equal(s.hasPrevious, page > 1, ctx);
      assert.equal(s.hasNext, page < tokens.length, ctx);
    }
  });
  test("toString() is URL-safe and CursorStack.from(string) restores page, current, hasPrevious, hasNext and the tokens", () => {
    const s = new CursorStack();
    walk(s, 4);
    s.record({ pk: { S: "x" }, n: 5n });
    const str = s.toString();
    assert.equal(typeof str, "string");
    assert.match(str, URLSAFE);
    const r = CursorStack.from(str);
    assert.ok(r instanceof CursorStack);
    assert.equal(r.page, 4);
    assert.equal(r.current, "tok4");
    assert.equal(r.hasPrevious, true);
    assert.equal(r.hasNext, true);
    same(r.forward(), { pk: { S: "x" }, n: 5n });
    r.back();
    assert.equal(r.back(), "tok3");
    assert.equal(r.goTo(2), "tok2");
  });
  test("toString/from round trip of a fresh stack", () => {
    const r = CursorStack.from(new CursorStack().toString());
    assert.equal(r.page, 1);
    assert.equal(r.current, undefined);
    assert.equal(r.hasNext, false);
    assert.equal(r.hasPrevious, false);
  });
  test("toString/from keeps maxDepth page numbering", () => {
    const s = new CursorStack({ maxDepth: 2 });
    walk(s, 7);
    const r = CursorStack.from(s.toString(), { maxDepth: 2 });
    assert.equal(r.page, 7);
    assert.equal(r.back(), "tok6");
    assert.equal(r.page, 6);
    assert.equal(r.hasPrevious, false);
  });
  test("toString/from with a signed codec round-trips; a tampered string is a CursorError", () => {
    const codec = new CursorCodec({ keys: [KEY1] });
    const s = new CursorStack({ codec });
    walk(s, 3);
    const str = s.toString();
    assert.match(str, URLSAFE);
    const r = CursorStack.from(str, { codec });
    assert.equal(r.page, 3);
    assert.equal(r.current, "tok3");
    for (let i = 0; i < str.length; i += Math.max(1, Math.floor(str.length / 40))) {
      const bad = str.slice(0, i) + (str[i] === "A" ? "B" : "A") + str.slice(i + 1);
      assert.throws(() => CursorStack.from(bad, { codec }), (e) => checkErr(e, "CursorError"), `position ${i}`);
    }
    assert.throws(() => CursorStack.from(str, { codec: new CursorCodec({ keys: [KEY2] }) }), (e) => checkErr(e, "CursorError"));
    assert.throws(() => CursorStack.from(new CursorStack().toString(), { codec }), (e) => checkErr(e, "CursorError"), "plain state to a signing codec");
  });
  test("CursorStack.from of garbage is a CursorError", () => {
    for (const bad of ["", "!!!", "abc", encodeCursor(5)]) {
      assert.throws(() => CursorStack.from(bad), (e) => checkErr(e, "CursorError"), JSON.stringify(bad));
    }
  });
  test("a stack bound to a scope: from() with another scope is a CursorError", () => {
    const s = new CursorStack({ scope: { q: "a" } });
    walk(s, 2);
    assert.equal(CursorStack.from(s.toString(), { scope: { q: "a" } }).page, 2);
    assert.throws(() => CursorStack.from(s.toString(), { scope: { q: "b" } }), (e) => checkErr(e, "CursorError"));
  });
  test("reset(scope) rebinds the stack: its state restores under the new scope only", () => {
    const s = new CursorStack({ scope: "a" });
    s.forward("x");
    s.reset("b");
    s.forward("y");
    const r = CursorStack.from(s.toString(), { scope: "b" });
    assert.equal(r.page, 2);
    assert.equal(r.current, "y");
    assert.throws(() => CursorStack.from(s.toString(), { scope: "a" }), (e) => checkErr(e, "CursorError"));
  });
  test("the serialized state is capped only by the codec's maxLength", () => {
    const codec = new CursorCodec({ maxLength: 200_000 });
    const s = new CursorStack({ codec });
    // Tokens with little in common (the state shares what consecutive tokens have in common).
    let seed = 7;
    const noise = () => {
      let t = "";
      while (t.length < 40) t += (seed = (seed * 1103515245 + 12345) % 2147483648).toString(36);
      return t.slice(0, 40);
    };
    const tokens = [];
    for (let i = 2; i <= 400; i++) s.forward((tokens[i] = noise()));
    const str = s.toString();
    assert.ok(str.length > 4096);
    const r = CursorStack.from(str, { codec });
    assert.equal(r.page, 400);
    assert.equal(r.goTo(3), tokens[3]);
    const small = new CursorStack({ codec: new CursorCodec({ maxLength: 100 }) });
    for (let i = 2; i <= 20; i++) small.forward(`t${i}`.padEnd(30, "y"));
    throwsCursor(() => small.toString(), "too_large");
  });
});

// ================================================================= InfiniteList
describe("InfiniteList", () => {
  const list = (pages, extra = {}) => {
    const { fetchPage, calls } = service(pages);
    return { l: new InfiniteList(fetchPage, { ...IN, ...extra }), fetchPage, calls };
  };
  const pages = [[1, 2], [], [3], [4, 5, 6, 7], [], [], [8], [9, 10, 11]];
  test("chunkItems: each load yields exactly this many items, filling across short and empty pages, unless the end comes first", async () => {
    const { l } = list(pages, { chunkItems: 3 });
    assert.equal(l.hasMore, true);
    same(await l.loadMore(), [1, 2, 3]);
    same(await l.loadMore(), [4, 5, 6]);
    same(await l.loadMore(), [7, 8, 9]);
    same(await l.loadMore(), [10, 11]);
    assert.equal(l.hasMore, false);
    same(l.items, range(1, 12));
    same(await l.loadMore(), []);
    same(l.items, range(1, 12));
  });
  test("without chunkItems, loadMore appends the next chunk and items is the window in order", async () => {
    const { l } = list([[1, 2], [3], [4, 5]]);
    const a = await l.loadMore();
    assert.ok(a.length > 0);
    while (l.hasMore) await l.loadMore();
    same(l.items, [1, 2, 3, 4, 5]);
  });
  test("maxChunks: older chunks are dropped (their cursors kept); loadPrevious restores identical items", async () => {
    const { l } = list(pages, { chunkItems: 2, maxChunks: 2 });
    const chunks = [];
    for (let i = 0; i < 4; i++) chunks.push(await l.loadMore());
    same(chunks, [[1, 2], [3, 4], [5, 6], [7, 8]]);
    same(l.items, [5, 6, 7, 8]);
    assert.equal(l.hasPrevious, true);
    same(await l.loadPrevious(), [3, 4]);
    assert.equal(l.items.slice(0, 2).join(), "3,4");
    assert.ok(l.items.length <= 4, "the window stays within maxChunks");
    same(await l.loadPrevious(), [1, 2]);
    same(l.items.slice(0, 2), [1, 2]);
    assert.equal(l.hasPrevious, false);
    same(await l.loadMore(), [5, 6], "loadMore appends the chunk after the window");
  });
  test("loadPrevious restores items identical to the dropped chunk, also for chunks cut mid-page", async () => {
    const { l } = list([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12]], { chunkItems: 3, maxChunks: 1 });
    const chunks = [];
    while (l.hasMore) chunks.push(await l.loadMore());
    same(chunks, [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]);
    same(l.items, [10, 11, 12]);
    for (let i = chunks.length - 2; i >= 0; i--) {
      same(await l.loadPrevious(), chunks[i]);
      same(l.items, chunks[i]);
    }
    assert.equal(l.hasPrevious, false);
  });
  test("concurrent loadMore calls do not load the same chunk twice", async () => {
    const { l } = list(pages, { chunkItems: 3 });
    const a = l.loadMore();
    assert.equal(l.loading, true);
    const b = l.loadMore();
    const [ra, rb] = await Promise.all([a, b]);
    assert.equal(l.loading, false);
    const all = l.items;
    assert.equal(new Set(all).size, all.length, "no item twice");
    same(all, range(1, all.length + 1));
    assert.ok(a === b || (ra.length === 3 && (rb.length === 3 || rb.length === 0)));
  });
  test("loading is true while a load runs, false after", async () => {
    const { l } = list(pages, { chunkItems: 2 });
    assert.equal(l.loading, false);
    const pr = l.loadMore();
    assert.equal(l.loading, true);
    await pr;
    assert.equal(l.loading, false);
  });
  test("subscribe(listener) is called on changes and returns an unsubscribe", async () => {
    const { l } = list(pages, { chunkItems: 2 });
    let n = 0;
    const un = l.subscribe(() => { n++; });
    assert.equal(typeof un, "function");
    await l.loadMore();
    assert.ok(n >= 1, "notified of the load");
    const seen = n;
    un();
    await l.loadMore();
    assert.equal(n, seen, "no calls after unsubscribe");
  });
  test("toString() is URL-safe; InfiniteList.from(string, fetchPage, options) continues after the window without loss or repeat", async () => {
    const { l, fetchPage } = list(pages, { chunkItems: 2, maxChunks: 2 });
    for (let i = 0; i < 3; i++) await l.loadMore(); // window [3,4,5,6]
    const str = l.toString();
    assert.match(str, /^[A-Za-z0-9._~-]+$/);
    const r = InfiniteList.from(str, fetchPage, { ...IN, chunkItems: 2, maxChunks: 2 });
    assert.ok(r instanceof InfiniteList);
    assert.equal(r.hasPrevious, l.hasPrevious);
    assert.equal(r.hasMore, true);
    const got = [];
    while (r.hasMore) got.push(...await r.loadMore());
    const seen = [...new Set([...r.items, ...got])];
    assert.ok(!seen.includes(1) && !seen.includes(2), "nothing before the window comes back");
    for (const x of range(7, 12)) assert.ok(seen.includes(x), `item ${x} reached`);
    assert.equal(got.filter((x) => x >= 7).length, 5, "no item after the window twice");
  });
  test("model check: random loadMore/loadPrevious keep a window of whole, exact chunks", async () => {
    let seed = 99;
    const rnd = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32; };
    for (let round = 0; round < 6; round++) {
      const pageList = range(0, 12).map(() => range(0, Math.floor(rnd() * 5)));
      let n = 0;
      const numbered = pageList.map((pg) => pg.map(() => n++));
      const total = n;
      const chunkItems = 1 + Math.floor(rnd() * 4), maxChunks = 1 + Math.floor(rnd() * 3);
      const { fetchPage } = service(numbered);
      const l = new InfiniteList(fetchPage, { ...IN, chunkItems, maxChunks });
      let lo = 0, hi = 0; // the window as chunk indexes [lo, hi)
      const nChunks = Math.ceil(total / chunkItems);
      const chunk = (i) => range(i * chunkItems, Math.min(total, (i + 1) * chunkItems));
      for (let step = 0; step < 25; step++) {
        if (rnd() < 0.65) {
          const got = await l.loadMore();
          if (hi < nChunks) { same(got, chunk(hi), `round ${round} step ${step}: loadMore`); hi++; if (hi - lo > maxChunks) lo = hi - maxChunks; } else same(got, []);
        } else if (l.hasPrevious) {
          assert.ok(lo > 0, "hasPrevious only when chunks were dropped");
          same(await l.loadPrevious(), chunk(lo - 1), `round ${round} step ${step}: loadPrevious`);
          lo--; if (hi - lo > maxChunks) hi = lo + maxChunks;
        } else assert.equal(lo, 0, "hasPrevious false only at the start");
        const expect = range(lo * chunkItems, Math.min(total, hi * chunkItems));
        same(l.items, expect, `round ${round} step ${step}: window`);
        assert.equal(l.hasMore, hi < nChunks, `round ${round} step ${step}: hasMore`);
      }
    }
  });
  test("InfiniteList takes the paginator's options: the keyset preset over paginateKeyset pages", async () => {
    const data = range(0, 10).map((id) => ({ id: 9 - id }));
    const l = new InfiniteList(async (after) => paginateKeyset(data, { keys: ["id"], after, limit: 3 }), { preset: "keyset", chunkItems: 4 });
    same((await l.loadMore()).map((x) => x.id), [0, 1, 2, 3]);
    same((await l.loadMore()).map((x) => x.id), [4, 5, 6, 7]);
    same((await l.loadMore()).map((x) => x.id), [8, 9]);
    assert.equal(l.hasMore, false);
  });
  test("a failed load rejects with PaginationError fetch_failed, keeps the window, and the next loadMore continues without loss", async () => {
    let down = true;
    const { fetchPage: inner } = service([[1, 2], [3, 4], [5, 6], [7]]);
    const fetchPage = async (t, c) => { if (down && t === "t2") throw new TypeError("down"); return inner(t, c); };
    const l = new InfiniteList(fetchPage, { ...IN, chunkItems: 3, retry: FAST });
    same(await l.loadMore(), [1, 2, 3]);
    await assert.rejects(l.loadMore(), (e) => checkErr(e, "PaginationError", "fetch_failed"));
    assert.equal(l.loading, false);
    same(l.items, [1, 2, 3]);
    assert.equal(l.hasMore, true);
    down = false;
    same(await l.loadMore(), [4, 5, 6]);
    same(await l.loadMore(), [7]);
    same(l.items, range(1, 8));
  });
  test("InfiniteList toString/from with a signed codec and a scope: tampering, another key or another scope is a CursorError", async () => {
    const codec = new CursorCodec({ keys: [KEY1] });
    const { fetchPage } = service([[1, 2], [3, 4], [5, 6], [7]]);
    const opts = { ...IN, chunkItems: 2, maxChunks: 1, codec, scope: "q1" };
    const l = new InfiniteList(fetchPage, opts);
    await l.loadMore(); await l.loadMore();
    const str = l.toString();
    const r = InfiniteList.from(str, fetchPage, opts);
    assert.equal(r.hasPrevious, true);
    const got = [];
    while (r.hasMore) got.push(...await r.loadMore());
    same(got.slice(-3), [5, 6, 7]);
    assert.ok(!got.includes(1) && !got.includes(2));
    const bad = str.slice(0, 12) + (str[12] === "A" ? "B" : "A") + str.slice(13);
    assert.throws(() => InfiniteList.from(bad, fetchPage, opts), (e) => checkErr(e, "CursorError"));
    assert.throws(() => InfiniteList.from(str, fetchPage, { ...opts, codec: new CursorCodec({ keys: [KEY2] }) }), (e) => checkErr(e, "CursorError"));
    assert.throws(() => InfiniteList.from(str, fetchPage, { ...opts, scope: "q2" }), (e) => checkErr(e, "CursorError"));
  });
  test("InfiniteList.from of a tampered string is a CursorError", () => {
    const { l, fetchPage } = list(pages, { chunkItems: 2 });
    assert.throws(() => InfiniteList.from("!!garbage", fetchPage, IN), (e) => checkErr(e, "CursorError"));
    assert.equal(typeof l.toString(), "string");
  });
});

// ================================================================= Page models
describe("offsetPage / paginateOffset", () => {
  test("offsetPage: page, limit, total, pages, offset, hasNext, hasPrevious", () => {
    same({ ...offsetPage({ total: 95, page: 2, limit: 10 }) }, { page: 2, limit: 10, total: 95, pages: 10, offset: 10, hasNext: true, hasPrevious: true });
    const first = offsetPage({ total: 95, page: 1, limit: 10 });
    assert.equal(first.offset, 0);
    assert.equal(first.hasPrevious, false);
    assert.equal(first.hasNext, true);
    const last = offsetPage({ total: 95, page: 10, limit: 10 });
    assert.equal(last.hasNext, false);
    assert.equal(last.offset, 90);
    const exact = offsetPage({ total: 100, page: 10, limit: 10 });
    assert.equal(exact.pages, 10);
    assert.equal(exact.hasNext, false);
  });
  test("offsetPage past the end: no error; metadata still describes the data", () => {
    const o = offsetPage({ total: 95, page: 12, limit: 10 });
    assert.equal(o.pages, 10);
    assert.equal(o.total, 95);
    assert.equal(o.offset, 110);
    assert.equal(o.hasNext, false);
    assert.equal(o.hasPrevious, true);
  });
  test("offsetPage of an empty collection", () => {
    const o = offsetPage({ total: 0, page: 1, limit: 10 });
    assert.equal(o.total, 0);
    assert.equal(o.hasNext, false);
    assert.equal(o.hasPrevious, false);
    assert.equal(o.offset, 0);
  });
  test("page models count with JS numbers (totals up to 2^53), not 32-bit sizes", () => {
    const total = Number.MAX_SAFE_INTEGER;
    const o = offsetPage({ total, page: 2 ** 40, limit: 1000 });
    assert.equal(o.total, total);
    assert.equal(o.pages, Math.ceil(total / 1000));
    assert.equal(o.offset, (2 ** 40 - 1) * 1000);
    assert.equal(o.hasNext, true);
    assert.equal(typeof o.pages, "number");
    const big = offsetPage({ total: 5_000_000_000, page: 3, limit: 2_000_000_000 });
    same([big.pages, big.offset, big.hasNext], [3, 4_000_000_000, false]);
    const last = offsetPage({ total, page: Math.ceil(total / 2 ** 32), limit: 2 ** 32 });
    assert.equal(last.hasNext, false);
  });
  test("a total of exactly 2^53 is accepted (\"totals up to 2^53\")", () => {
    const o = offsetPage({ total: 2 ** 53, page: 1, limit: 1024 });
    assert.equal(o.total, 2 ** 53);
    assert.equal(o.pages, 2 ** 43);
  });
  test("invalid arguments fail with an Error carrying a stable string code (\"Every failure is an Error subclass with a stable string code\")", async () => {
      const bad = {
        "offsetPage page 0": () => offsetPage({ total: 10, page: 0, limit: 10 }),
        "offsetPage limit 0": () => offsetPage({ total: 10, page: 1, limit: 0 }),
        "offsetPage total -1": () => offsetPage({ total: -1, page: 1, limit: 10 }),
        "paginateOffset page 0": () => paginateOffset([1], { page: 0, limit: 1 }),
        "paginateKeyset duplicate keys": () => paginateKeyset([{ id: 1 }, { id: 1 }], { keys: ["id"], limit: 5 }),
        "paginateKeyset missing key": () => paginateKeyset([{ id: 1 }, { x: 1 }], { keys: ["id"], limit: 5 }),
        "paginate prefetch -1": () => paginate(async () => ({}), { prefetch: -1 }),
        "paginate unknown preset": () => paginate(async () => ({}), { preset: "bogus" }),
        "CursorStack goTo(0)": () => new CursorStack().goTo(0),
        "InfiniteList chunkItems 0": () => new InfiniteList(async () => ({}), { chunkItems: 0 }),
      };
      for (const [name, fn] of Object.entries(bad)) {
        assert.throws(fn, (e) => e instanceof Error && typeof e.code === "string", name);
      }
    });
  test("paginateOffset: the page's items plus the offsetPage metadata", () => {
    const data = range(0, 25);
    const p = paginateOffset(data, { page: 3, limit: 10 });
    same(p.items, [20, 21, 22, 23, 24]);
    assert.equal(p.total, 25);
    assert.equal(p.pages, 3);
    assert.equal(p.offset, 20);
    assert.equal(p.hasNext, false);
    assert.equal(p.hasPrevious, true);
    same(paginateOffset(data, { page: 1, limit: 10 }).items, range(0, 10));
  });
  test("paginateOffset past the end: empty items, no error, metadata describes the data", () => {
    const p = paginateOffset(range(0, 25), { page: 4, limit: 10 });
    same(p.items, []);
    assert.equal(p.total, 25);
    assert.equal(p.pages, 3);
    assert.equal(p.hasNext, false);
    assert.equal(p.hasPrevious, true);
  });
  test("paginateOffset returns the caller's objects and does not mutate the array", () => {
    const data = Object.freeze([{ a: 1 }, { a: 2 }, { a: 3 }]);
    const p = paginateOffset(data, { page: 2, limit: 2 });
    assert.equal(p.items[0], data[2]);
  });
});

describe("paginateKeyset", () => {
  const data = range(0, 23).map((i) => ({ id: (i * 7) % 23, name: `n${i}` }));
  const ids = (r) => r.items.map((x) => x.id);
  test("items sorted by keys; the first page has no previous", () => {
    const r = paginateKeyset(data, { keys: ["id"], limit: 5 });
    same(ids(r), [0, 1, 2, 3, 4]);
    assert.equal(r.hasNext, true);
    assert.equal(r.hasPrevious, false);
    assert.equal(typeof r.nextCursor, "string");
    assert.match(r.nextCursor, B64URL);
  });
  test("nextCursor walks forward to the end and previousCursor back to the start, visiting every item once; before pages come back ascending", () => {
    const forward = [];
    let r = paginateKeyset(data, { keys: ["id"], limit: 5 });
    const cursors = [];
    for (;;) {
      forward.push(...ids(r));
      if (!r.hasNext) break;
      assert.equal(typeof r.nextCursor, "string");
      r = paginateKeyset(data, { keys: ["id"], after: r.nextCursor, limit: 5 });
      assert.equal(r.hasPrevious, true);
      cursors.push(r);
    }
    same(forward, range(0, 23));
    assert.equal(r.nextCursor === undefined || !r.hasNext, true);
    const backward = [...ids(r)];
    while (r.hasPrevious) {
      assert.equal(typeof r.previousCursor, "string");
      r = paginateKeyset(data, { keys: ["id"], before: r.previousCursor, limit: 5 });
      const page = ids(r);
      same(page, [...page].sort((a, b) => a - b), "before pages ascending");
      assert.equal(r.hasNext, true);
      backward.unshift(...page);
    }
    same(backward, range(0, 23));
    same(ids(r).slice(0, 1), [0]);
  });
  test("compound keys: sorted by the keys in order", () => {
    const rows = [{ g: "b", id: 1 }, { g: "a", id: 2 }, { g: "b", id: 0 }, { g: "a", id: 1 }];
    const r = paginateKeyset(rows, { keys: ["g", "id"], limit: 3 });
    same(r.items.map((x) => `${x.g}${x.id}`), ["a1", "a2", "b0"]);
    const r2 = paginateKeyset(rows, { keys: ["g", "id"], after: r.nextCursor, limit: 3 });
    same(r2.items.map((x) => `${x.g}${x.id}`), ["b1"]);
    assert.equal(r2.hasNext, false);
  });
  test("string keys sort and page", () => {
    const rows = ["pear", "apple", "fig", "kiwi", "date"].map((name) => ({ name }));
    const a = paginateKeyset(rows, { keys: ["name"], limit: 2 });
    same(a.items.map((x) => x.name), ["apple", "date"]);
    const b = paginateKeyset(rows, { keys: ["name"], limit: 2, after: a.nextCursor });
    same(b.items.map((x) => x.name), ["fig", "kiwi"]);
  });
  test("the caller's array is not mutated (sorted copy) and the items are the caller's objects", () => {
    const rows = Object.freeze(data.slice());
    const r = paginateKeyset(rows, { keys: ["id"], limit: 3 });
    assert.ok(rows.includes(r.items[0]));
  });
  test("Date keys sort chronologically and page", () => {
    const rows = [5, 1, 4, 2, 3].map((d) => ({ at: new Date(Date.UTC(2024, 0, d)), d }));
    const a = paginateKeyset(rows, { keys: ["at"], limit: 3 });
    same(a.items.map((x) => x.d), [1, 2, 3]);
    same(paginateKeyset(rows, { keys: ["at"], limit: 3, after: a.nextCursor }).items.map((x) => x.d), [4, 5]);
  });
  test("an empty collection: no items, no next, no previous", () => {
    const r = paginateKeyset([], { keys: ["id"], limit: 5 });
    same(r.items, []);
    assert.equal(r.hasNext, false);
    assert.equal(r.hasPrevious, false);
  });
  test("limit larger than the collection: every item on one page, hasNext false", () => {
    const r = paginateKeyset(data, { keys: ["id"], limit: 100 });
    same(ids(r), range(0, 23));
    assert.equal(r.hasNext, false);
  });
  test("a malformed after/before is a CursorError", () => {
    for (const bad of ["garbage!!", "abc", "", encodeCursor({ something: "else" }).slice(0, -3)]) {
      assert.throws(() => paginateKeyset(data, { keys: ["id"], limit: 5, after: bad }), (e) => checkErr(e, "CursorError"), `after ${bad}`);
      assert.throws(() => paginateKeyset(data, { keys: ["id"], limit: 5, before: bad }), (e) => checkErr(e, "CursorError"), `before ${bad}`);
    }
  });
  test("with a codec and scope: cursors are signed and bound to the scope", () => {
    const codec = new CursorCodec({ keys: [KEY1] });
    const r = paginateKeyset(data, { keys: ["id"], limit: 5, codec, scope: "q" });
    same(ids(paginateKeyset(data, { keys: ["id"], limit: 5, codec, scope: "q", after: r.nextCursor })), [5, 6, 7, 8, 9]);
    assert.throws(() => paginateKeyset(data, { keys: ["id"], limit: 5, codec, scope: "other", after: r.nextCursor }), (e) => checkErr(e, "CursorError", "scope_mismatch"));
    assert.throws(() => paginateKeyset(data, { keys: ["id"], limit: 5, codec: new CursorCodec({ keys: [KEY2] }), scope: "q", after: r.nextCursor }), (e) => checkErr(e, "CursorError"));
    const plain = paginateKeyset(data, { keys: ["id"], limit: 5 });
    assert.throws(() => paginateKeyset(data, { keys: ["id"], limit: 5, codec, scope: "q", after: plain.nextCursor }), (e) => checkErr(e, "CursorError"));
  });
});

// ================================================================= Package layout and types
describe("Package layout and types", async () => {
  const fs = await import("node:fs");
  const path = await import("node:path");
  const { fileURLToPath } = await import("node:url");
  const { execFileSync } = await import("node:child_process");
  const entry = fileURLToPath(import.meta.resolve("pagecursor"));
  let root = path.dirname(entry);
  while (!fs.existsSync(path.join(root, "package.json"))) root = path.dirname(root);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

  test("npm package name pagecursor; the .wasm file sits at the root of the package", () => {
    assert.equal(manifest.name, "pagecursor");
    assert.ok(fs.readdirSync(root).some((f) => f.endsWith(".wasm")), "a .wasm at the package root");
  });
  test("the wasm is located with new URL(…, import.meta.url) (no fs path, no __dirname)", () => {
    const js = fs.readdirSync(root).filter((f) => f.endsWith(".js")).map((f) => fs.readFileSync(path.join(root, f), "utf8")).join("\n");
    assert.match(js, /new URL\([^)]*\.wasm[^)]*import\.meta\.url\)/);
  });
  test("types: string-literal unions for error codes, generics on paginate, every export declared", () => {
    const typesRel = manifest.types ?? manifest.typings ?? manifest.exports?.["."]?.types;
    assert.ok(typesRel, "package.json names its types");
    const dts = fs.readFileSync(path.join(root, typesRel), "utf8");
    for (const code of ["malformed", "too_large", "unsupported_version", "bad_signature", "unknown_key", "expired",
      "scope_mismatch", "unsupported_value", "not_ready", "repeated_token", "aborted", "fetch_failed", "bad_page", "bad_resume_token"]) {
      assert.ok(dts.includes(`"${code}"`) || dts.includes(`'${code}'`), code);
    }
    assert.match(dts, /function\s+paginate\s*</);
    for (const n of ["CursorCodec", "encodeCursor", "decodeCursor", "CursorError", "PaginationError", "paginate", "CursorStack",
      "InfiniteList", "offsetPage", "paginateOffset", "paginateKeyset", "ready", "init"]) assert.match(dts, new RegExp(`\\b${n}\\b`), n);
  });
  test("the browser entry needs no runtime dependency outside the package (only relative imports, no dependencies)", () => {
    assert.equal(Object.keys(manifest.dependencies ?? {}).length, 0, "no runtime dependencies");
    const browserEntry = manifest.exports?.["."]?.browser ?? manifest.exports?.["."]?.default ?? manifest.browser ?? manifest.module;
    assert.ok(browserEntry, "a browser entry");
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      assert.ok(fs.existsSync(file), `${path.relative(root, file)} is in the package`);
      const src = fs.readFileSync(file, "utf8");
      for (const m of src.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g)) {
        const spec = m[1] ?? m[2] ?? m[3];
        assert.ok(spec.startsWith("./") || spec.startsWith("../"), `${path.relative(root, file)} imports "${spec}"`);
        const target = path.resolve(path.dirname(file), spec);
        assert.ok(target.startsWith(root), `${spec} stays inside the package`);
        visit(target);
      }
    };
    visit(path.join(root, browserEntry));
    assert.ok(seen.size >= 2);
  });
  const tsc = [path.resolve(root, "../../../../node_modules/typescript/bin/tsc"), path.resolve(root, "../typescript/bin/tsc")].find((p) => fs.existsSync(p));
  test("types: a strict TypeScript consumer compiles; error codes are unions, not string", { skip: tsc ? false : "typescript not found" }, () => {
    const dir = fs.mkdtempSync(path.join(path.dirname(root), "..", ".contract-types-"));
    try {
      fs.writeFileSync(path.join(dir, "package.json"), '{"type":"module"}');
      fs.writeFileSync(path.join(dir, "check.ts"), `
import { paginate, CursorError, PaginationError, CursorCodec, CursorStack, InfiniteList, offsetPage,
  paginateOffset, paginateKeyset, encodeCursor, decodeCursor } from "pagecursor";
type Page = { items: number[]; next?: string };
type IsString<T> = string extends T ? true : false;
export async function run(): Promise<void> {
  const p = paginate<Page, number>(async (_t, ctx) => ({ items: [ctx.attempt] }), { items: "items", next: "next", prefetch: 1 });
  const all: number[] = await p.toArray();
  for await (const page of p) { const x: Page = page; void x; }
  for await (const item of p.items()) { const n: number = item; void n; }
  const r: string | undefined = p.resumeToken;
  const s: "end" | "maxItems" | "maxPages" | "maxRequests" | "timeLimit" | "aborted" | "error" | undefined = p.stopReason;
  const st: number = p.stats.pages + p.stats.items + p.stats.emptyPages + p.stats.retries + p.stats.requests + p.stats.elapsedMs;
  const ce = new CursorCodec({ keys: [{ id: "a", secret: "b" }], mode: "sealed", ttl: 5, maxLength: 100, now: () => 0 });
  const tok: string = ce.encode({ a: [1, 2n, "x", null, true, new Uint8Array(1), new Date()] }, { direction: "before", scope: "q", segment: { segment: 0, total: 2 }, ttl: 3 });
  const cur = ce.decode(tok, { scope: "q" });
  const d: "after" | "before" = cur.direction;
  const ia: Date | undefined = cur.issuedAt;
  const ki: string | undefined = cur.keyId;
  const enc: string = encodeCursor(1); decodeCursor(enc);
  const e = new Error() as unknown;
  if (e instanceof CursorError) { const c: IsString<typeof e.code> = false; const c2: "malformed" | "too_large" | "unsupported_version" | "bad_signature" | "unknown_key" | "expired" | "scope_mismatch" | "unsupported_value" | "not_ready" = e.code; void c; void c2; }
  if (e instanceof PaginationError) { const c: IsString<typeof e.code> = false; const c2: "repeated_token" | "aborted" | "fetch_failed" | "bad_page" | "bad_resume_token" = e.code; const rt: string | undefined = e.resumeToken; void c; void c2; void rt; }
  const stack = new CursorStack({ maxDepth: 3 });
  stack.record("x"); stack.forward(); stack.back(); stack.goTo(1); stack.reset();
  const pg: number = stack.page; const hp: boolean = stack.hasPrevious && stack.hasNext;
  const restored: CursorStack = CursorStack.from(stack.toString());
  const list = new InfiniteList<number>(async () => ({ items: [1] }), { items: "items", next: "next", chunkItems: 2, maxChunks: 3 });
  const more: number[] = await list.loadMore(); const prev: number[] = await list.loadPrevious();
  const un: () => void = list.subscribe(() => {}); un();
  const again: InfiniteList<number> = InfiniteList.from<number>(list.toString(), async () => ({ items: [2] }), { items: "items", next: "next", chunkItems: 2 });
  const win: number[] = again.items; const flags: boolean = again.hasMore && again.hasPrevious && again.loading; void win; void flags;
  const o = offsetPage({ total: 1, page: 1, limit: 1 });
  const po = paginateOffset([1, 2], { page: 1, limit: 1 }); const pi: number[] = po.items;
  const k = paginateKeyset([{ id: 1 }], { keys: ["id"], limit: 1 }); const ki2: { id: number }[] = k.items;
  const nc: string | undefined = k.nextCursor;
  void [all, r, s, st, d, ia, ki, pg, hp, restored, more, prev, o.pages, pi, ki2, nc];
}
`);
      fs.symlinkSync(path.join(root, ".."), path.join(dir, "node_modules"));
      execFileSync(process.execPath, [tsc, "--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", "--skipLibCheck", "false", path.join(dir, "check.ts")], { cwd: dir, stdio: "pipe" });
    } catch (e) {
      assert.fail(String(e.stdout ?? "") + String(e.stderr ?? "") || String(e));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
