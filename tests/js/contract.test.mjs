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
  test("expiry is checked with the decoding codec's clock, not the wall clock", () => {
    let now = 1000; // 1970: a token "issued" long ago by wall-clock standards
    const c = new CursorCodec({ keys: [KEY1], ttl: 10, now: () => now });
    const t = c.encode(1);
    same(c.decode(t).value, 1);
  });
});
