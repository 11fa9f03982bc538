// Boundary cases of the codec area (see ./index.mjs for the shape of each export): the cursor
// codec at the JS boundary (encodeCursor, decodeCursor, CursorCodec and its options, scope).
// A case whose call returns normally has the outcome "ok"; a case that checks a value throws
// an Error naming what it got, so a wrong value can never pass as "ok".
import { USER } from "../hostile.mjs";

const CV = "CursorError:unsupported_value";
const KEYS = [{ id: "k1", secret: "boundary secret" }];

function must(ok, what) {
  if (!ok) throw new Error(what);
}

/** `value` with a getter at `key` whose value is computed when read. */
function withGetter(value, key, get) {
  return Object.defineProperty(value, key, { enumerable: true, configurable: true, get });
}

/** A real Uint8Array whose own `length` property says `n`. */
function lyingBytes(bytes, n) {
  return Object.defineProperty(bytes, "length", { value: n });
}

const revoked = () => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
};

/** Runs `fn` while `Object.prototype[key]` (or `Array.prototype[key]`) is a throwing setter. */
function pollute(proto, key, fn) {
  const had = Object.getOwnPropertyDescriptor(proto, key);
  // The descriptors have no prototype: they must not read the accessors being planted.
  Object.defineProperty(proto, key, { __proto__: null, configurable: true, get() { return undefined; }, set() { throw USER; } });
  try {
    return fn();
  } finally {
    if (had) Object.defineProperty(proto, key, Object.setPrototypeOf(had, null));
    else delete proto[key];
  }
}

function sameBytes(a, b) {
  return a instanceof Uint8Array && a.length === b.length && a.every((x, i) => x === b[i]);
}

export function cases(lib) {
  const { encodeCursor, decodeCursor, CursorCodec } = lib;
  const signed = new CursorCodec({ keys: KEYS });
  const sealed = new CursorCodec({ keys: KEYS, mode: "sealed" });
  const roundTrip = (codec, v) => codec.decode(codec.encode(v)).value;
  const plain = { encode: encodeCursor, decode: decodeCursor };
  const rows = [];

  // 1. Poisoning: lying lengths, throwing setters of prototypes, fake byte arrays as secrets.
  rows.push(
    ["encode(Uint8Array with own length 2^31 + 100)", "ok", () => {
      const back = decodeCursor(encodeCursor(lyingBytes(new Uint8Array(3).fill(7), 2 ** 31 + 100))).value;
      must(sameBytes(back, [7, 7, 7]), `got ${back}`);
    }],
    ["encode(Uint8Array with own length 2^32)", "ok", () => encodeCursor(lyingBytes(new Uint8Array(1), 2 ** 32))],
    ["encode(Uint8Array with own length -1)", "ok", () => encodeCursor(lyingBytes(new Uint8Array(1), -1))],
    ["encode(Uint8Array with a length getter that throws)", "ok", () =>
      encodeCursor(withGetter(new Uint8Array(2), "length", () => { throw USER; }))],
    ["encode(Proxy of a Uint8Array)", CV, () => encodeCursor(new Proxy(new Uint8Array(4), {}))],
    ["encode(Object.create(Uint8Array.prototype))", CV, () => encodeCursor(Object.create(Uint8Array.prototype))],
    ["encode(Uint16Array)", CV, () => encodeCursor(new Uint16Array(2))],
    ["encode(revoked Proxy)", CV, () => encodeCursor(revoked())],
    ["encode([revoked Proxy])", CV, () => encodeCursor([revoked()])],
    ["encode({ a: revoked Proxy }) signed", CV, () => signed.encode({ a: revoked() })],
    ["encode(throwing getter) names the error", "ok", () => {
      try {
        encodeCursor(withGetter({}, "a", () => { throw new Error("boom"); }));
      } catch (e) {
        must(e instanceof lib.CursorError && e.code === "unsupported_value" && /boom/.test(e.message), e.message);
        return;
      }
      throw new Error("no error");
    }],
    ["encode(Proxy whose ownKeys trap throws)", CV, () => encodeCursor(new Proxy({}, { ownKeys() { throw USER; } }))],
    ["encode(Proxy whose getPrototypeOf trap throws)", CV, () => encodeCursor(new Proxy({}, { getPrototypeOf() { throw USER; } }))],
    ["encode(Proxy array whose length is 2^32 - 1)", ["CursorError:too_large", CV], () =>
      encodeCursor(new Proxy([], { get: (t, k) => (k === "length" ? 2 ** 32 - 1 : null) }))],
    ["encode(Proxy array whose length is 1.5)", CV, () =>
      encodeCursor(new Proxy([], { get: (t, k) => (k === "length" ? 1.5 : 1) }))],
    ["decode while Object.prototype has a throwing setter for a value's key", "ok", () => {
      const t = encodeCursor({ createdAt: new Date(5), id: 1n });
      const back = pollute(Object.prototype, "id", () => decodeCursor(t).value);
      must(Object.getOwnPropertyDescriptor(back, "id")?.value === 1n, "id lost");
    }],
    ["decode while Object.prototype has a throwing setter for 'value'", "ok", () => {
      const t = encodeCursor(1);
      must(pollute(Object.prototype, "value", () => Object.getOwnPropertyDescriptor(decodeCursor(t), "value")?.value) === 1, "value lost");
    }],
    ["decode while Object.prototype has throwing setters for cursor fields (signed, ttl, segment)", "ok", () => {
      const c = new CursorCodec({ keys: KEYS, ttl: 60 });
      const t = c.encode([1], { segment: { segment: 0, total: 2 } });
      const cur = pollute(Object.prototype, "keyId", () => pollute(Object.prototype, "issuedAt", () =>
        pollute(Object.prototype, "expiresAt", () => pollute(Object.prototype, "segment", () => c.decode(t)))));
      for (const k of ["keyId", "issuedAt", "expiresAt", "segment"]) must(Object.hasOwn(cur, k), `${k} lost`);
    }],
    ["decode while Object.prototype[0] and Array.prototype[1] have throwing setters", "ok", () => {
      const t = encodeCursor([1, 2, 3]);
      const back = pollute(Object.prototype, "0", () => pollute(Array.prototype, "1", () => decodeCursor(t).value));
      must(Object.hasOwn(back, 0) && Object.hasOwn(back, 1) && back.length === 3, "elements lost");
    }],
    ["decode while Object.prototype.value/get have setters (descriptors stay prototype-free)", "ok", () => {
      const t = encodeCursor({ ["__proto__"]: 1, toString: 2 });
      const back = pollute(Object.prototype, "get", () => pollute(Object.prototype, "value", () => decodeCursor(t).value));
      must(Object.getOwnPropertyDescriptor(back, "__proto__")?.value === 1 && back.toString === 2, "keys lost");
    }],
    ["CursorCodec secret: Uint8Array with own length 2^31 + 100", "ok", () => {
      const a = new CursorCodec({ keys: [{ id: "k", secret: lyingBytes(new Uint8Array(32).fill(1), 2 ** 31 + 100) }] });
      const b = new CursorCodec({ keys: [{ id: "k", secret: new Uint8Array(32).fill(1) }] });
      must(b.decode(a.encode(1)).value === 1, "the secret was not its 32 bytes");
    }],
    ["CursorCodec secret: Proxy of a Uint8Array", "TypeError", () => new CursorCodec({ keys: [{ id: "k", secret: new Proxy(new Uint8Array(32), {}) }] })],
    ["CursorCodec secret: Object.create(Uint8Array.prototype)", "TypeError", () =>
      new CursorCodec({ keys: [{ id: "k", secret: Object.create(Uint8Array.prototype) }] })],
    ["CursorCodec keys: revoked Proxy", ["user", CV, "TypeError"], () => new CursorCodec({ keys: revoked() })],
    ["CursorCodec keys: Proxy whose get trap throws", "user", () => new CursorCodec({ keys: new Proxy([], { get() { throw USER; } }) })],
    ["encode scope: revoked Proxy", CV, () => signed.encode(1, { scope: revoked() })],
    ["decode scope: Proxy whose ownKeys trap throws", CV, () => signed.decode(signed.encode(1, { scope: {} }), { scope: new Proxy({}, { ownKeys() { throw USER; } }) })],
  );

  // 2. Re-entrancy: getters that call the codec in the middle of an encode.
  rows.push(
    ["[getter -> 7] whose getter's own encode fails half-way is [7], not [5,6,7]", "ok", () => {
      const v = withGetter([0], 0, () => {
        try { encodeCursor([5, 6, Symbol("x")]); } catch {}
        return 7;
      });
      const back = decodeCursor(encodeCursor(v)).value;
      must(back.length === 1 && back[0] === 7, JSON.stringify(back));
    }],
    ["signed {user: 'alice', role: getter} is never a token for ['admin','x','viewer']", "ok", () => {
      const v = withGetter({ user: "alice" }, "role", () => {
        try { signed.encode(["admin", "x", Symbol("x")]); } catch {}
        return "viewer";
      });
      const back = signed.decode(signed.encode(v)).value;
      must(!Array.isArray(back) && back.user === "alice" && back.role === "viewer", JSON.stringify(back));
    }],
    ["sealed {user: 'alice', role: getter} with a half-way sealed encode", "ok", () => {
      const v = withGetter({ user: "alice" }, "role", () => {
        try { sealed.encode(["admin", "x", undefined]); } catch {}
        return "viewer";
      });
      const back = sealed.decode(sealed.encode(v)).value;
      must(!Array.isArray(back) && back.user === "alice" && back.role === "viewer", JSON.stringify(back));
    }],
    ["getter -> codec.free() of the encoding codec", ["ok", "TypeError", "Error:null pointer passed to rust", CV], () => {
      const c = new CursorCodec({ keys: KEYS });
      c.encode(withGetter({}, "a", () => (c.free(), 1)));
    }],
    ["[getter -> encodeCursor] encodes the outer value only", "ok", () => {
      const v = [withGetter({}, "x", () => (encodeCursor([5, 6]), 7))];
      const back = decodeCursor(encodeCursor(v)).value;
      must(JSON.stringify(back) === '[{"x":7}]', JSON.stringify(back));
    }],
    ["[getter -> 7] with a re-entrant encode", "ok", () => {
      const v = withGetter([0], 0, () => (encodeCursor("inner value"), 7));
      const back = decodeCursor(encodeCursor(v)).value;
      must(back.length === 1 && back[0] === 7, JSON.stringify(back));
    }],
    ["signed {user, role: getter -> codec.encode} is the value the caller encoded", "ok", () => {
      const v = withGetter({ user: "alice" }, "role", () => (signed.encode(["admin", "x"]), "viewer"));
      const back = signed.decode(signed.encode(v)).value;
      must(back.user === "alice" && back.role === "viewer" && Object.keys(back).length === 2, JSON.stringify(back));
    }],
    ["sealed getter -> sealed.encode of a large value", "ok", () => {
      const v = withGetter({ a: 1 }, "b", () => (sealed.encode("y".repeat(2000)), 2));
      const back = sealed.decode(sealed.encode(v)).value;
      must(back.a === 1 && back.b === 2, JSON.stringify(back));
    }],
    ["getter -> decode during encode", "ok", () => {
      const t = signed.encode({ deep: [1, 2, 3] });
      const v = withGetter({ a: 1 }, "b", () => signed.decode(t).value.deep[2]);
      const back = signed.decode(signed.encode(v)).value;
      must(back.b === 3, JSON.stringify(back));
    }],
    ["getter -> new CursorCodec during encode", "ok", () => {
      const v = withGetter({}, "a", () => new CursorCodec({ keys: KEYS }).encode(1).length);
      must(typeof signed.decode(signed.encode(v)).value.a === "number", "lost");
    }],
    ["Proxy ownKeys trap -> encodeCursor", "ok", () => {
      const p = new Proxy({ a: 1 }, { ownKeys(t) { encodeCursor({ zzz: [1, 2, 3] }); return Reflect.ownKeys(t); } });
      must(JSON.stringify(decodeCursor(encodeCursor(p)).value) === '{"a":1}', "spliced");
    }],
    ["getter -> encode that throws inside", "ok", () => {
      const v = withGetter({ a: 1 }, "b", () => {
        try { encodeCursor(Symbol("x")); } catch {}
        return 2;
      });
      const back = decodeCursor(encodeCursor(v)).value;
      must(back.a === 1 && back.b === 2, JSON.stringify(back));
    }],
  );

  // 3. Stale bytes: a lying length never carries scratch memory, and never truncates.
  rows.push(
    ["lying length 48 after a sealed encode carries only the array's own bytes", "ok", () => {
      sealed.encode({ card: "CARD-4111-1111-1111-1111", pad: "x".repeat(40) });
      const back = decodeCursor(encodeCursor(lyingBytes(new Uint8Array([1, 2]), 48))).value;
      must(sameBytes(back, [1, 2]), `got ${back}`);
    }],
    ["lying length 1 does not truncate", "ok", () => {
      const back = decodeCursor(encodeCursor(lyingBytes(new Uint8Array([1, 2, 3, 4]), 1))).value;
      must(sameBytes(back, [1, 2, 3, 4]), `got ${back}`);
    }],
    ["Uint8Array subclass with a lying length getter", "ok", () => {
      class Lying extends Uint8Array { get length() { return 100; } }
      const back = signed.decode(signed.encode(new Lying([9, 8]))).value;
      must(sameBytes(back, [9, 8]), `got ${back}`);
    }],
    ["a view into a larger buffer carries only its window", "ok", () => {
      const big = new Uint8Array([1, 2, 3, 4, 5, 6]);
      must(sameBytes(roundTrip(sealed, big.subarray(2, 4)), [3, 4]), "window");
    }],
    ["detached Uint8Array encodes as empty bytes", "ok", () => {
      const b = new Uint8Array(8);
      if (typeof structuredClone !== "function") return;
      structuredClone(b.buffer, { transfer: [b.buffer] });
      must(sameBytes(roundTrip(plain, b), []), "not empty");
    }],
  );

  // 4. A leading U+FEFF survives in every mode, in values, keys and key ids.
  for (const [mode, codec] of [["plain", plain], ["signed", signed], ["sealed", sealed]]) {
    rows.push(
      [`${mode}: value "\\uFEFFabc" round-trips`, "ok", () => must(roundTrip(codec, "\uFEFFabc") === "\uFEFFabc", "BOM dropped")],
      [`${mode}: map key "\\uFEFFk" and "k" are two keys`, "ok", () => {
        const back = roundTrip(codec, { "\uFEFFk": 1, k: 2 });
        must(back["\uFEFFk"] === 1 && back.k === 2, JSON.stringify(Object.keys(back)));
      }],
      [`${mode}: long value with a leading BOM`, "ok", () => must(roundTrip(codec, "\uFEFF" + "é".repeat(40)) === "\uFEFF" + "é".repeat(40), "BOM dropped")],
    );
  }
  rows.push(["key id with a leading BOM", "ok", () => {
    const c = new CursorCodec({ keys: [{ id: "\uFEFFk1", secret: "s" }] });
    must(c.decode(c.encode(1)).keyId === "\uFEFFk1", "BOM dropped");
  }]);

  // 5. Lying Dates: the time value is the intrinsic getTime's.
  rows.push(
    ["Date subclass overriding getTime encodes its real time", "ok", () => {
      class D extends Date { getTime() { return 5; } valueOf() { return 5; } }
      must(decodeCursor(encodeCursor(new D(1000))).value.getTime() === 1000, "override used");
    }],
    ["Object.create(Date.prototype) with a fake getTime", CV, () => {
      const fake = Object.create(Date.prototype);
      fake.getTime = () => 5;
      return encodeCursor(fake);
    }],
    ["a plain object with a getTime method is a map", "ok", () => {
      const back = decodeCursor(encodeCursor({ getTime: 5 })).value;
      must(back.getTime === 5, "not a map");
    }],
    ["Proxy of a Date", CV, () => encodeCursor(new Proxy(new Date(5), {}))],
    ["Date whose prototype getter throws (Proxy)", CV, () => encodeCursor(new Proxy(new Date(5), { getPrototypeOf() { throw USER; } }))],
    ["invalid Date subclass", CV, () => encodeCursor(new (class extends Date {})(NaN))],
    ["Date subclass as scope", "ok", () => {
      class D extends Date { getTime() { return 5; } }
      const t = signed.encode(1, { scope: new D(1000) });
      signed.decode(t, { scope: new Date(1000) });
    }],
  );

  // 6. Each value is read once: a getter runs once, also when the value is refused.
  rows.push(
    ["a getter runs once on success", "ok", () => {
      let n = 0;
      encodeCursor(withGetter({}, "a", () => ++n));
      must(n === 1, `ran ${n} times`);
    }],
    ["a getter runs once when a later value is refused", "ok", () => {
      let n = 0;
      const v = withGetter({}, "a", () => ++n);
      v.b = Symbol("no");
      try { encodeCursor(v); } catch {}
      must(n === 1, `ran ${n} times`);
    }],
    ["a Proxy cannot answer differently the second time", CV, () => {
      let n = 0;
      const p = new Proxy({}, { get: () => (n++ === 0 ? Symbol("first") : 1), ownKeys: () => ["a"], getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }) });
      return encodeCursor(p);
    }],
    ["the walker names lone surrogates", CV, () => encodeCursor(["ok", "a\ud800"])],
    ["the walker names a class instance", CV, () => encodeCursor(new (class Thing {})())],
    ["the walker refuses a cycle", CV, () => { const a = []; a.push(a); return encodeCursor(a); }],
    ["nesting of 64 is fine", "ok", () => {
      let v = 1;
      for (let i = 0; i < 64; i++) v = [v];
      encodeCursor(v);
    }],
    ["nesting of 65 is refused", CV, () => {
      let v = 1;
      for (let i = 0; i < 65; i++) v = [v];
      return encodeCursor(v);
    }],
    ["bigint 2^64 is refused", CV, () => encodeCursor(2n ** 64n)],
  );

  // 7. Size caps: refused before the bytes are built or copied into wasm memory.
  rows.push(
    ["decode of a 100 MB token string", "CursorError:too_large", () => decodeCursor("A".repeat(100e6))],
    ["encode of a 50 MB string", "CursorError:too_large", () => encodeCursor("x".repeat(50e6))],
    ["encode of 50 MB bytes", "CursorError:too_large", () => signed.encode(new Uint8Array(50e6))],
    ["encode of a 4 MB non-ASCII string", "CursorError:too_large", () => sealed.encode("é".repeat(2e6))],
    ["encode of 10^6 nulls", "CursorError:too_large", () => encodeCursor(new Array(1e6).fill(null))],
    ["maxLength 100 refuses 200 bytes at encode", "CursorError:too_large", () => new CursorCodec({ maxLength: 100 }).encode(new Uint8Array(200))],
    ["maxLength 2^20 mints a 700 KB value", "ok", () => {
      const c = new CursorCodec({ maxLength: 2 ** 20 });
      must(c.decode(c.encode("z".repeat(7e5))).value.length === 7e5, "length");
    }],
  );

  // 9. Number options: integers only, in their documented ranges. A number out of range is a
  // RangeError and a non-number a TypeError, both with code invalid_argument (the one policy of
  // every export, issue 15); what the user's clock returns stays unsupported_value.
  for (const [name, ...row] of [
    ["ttl 1.5", "RangeError", () => new CursorCodec({ ttl: 1.5 })],
    ["ttl -1", "RangeError", () => new CursorCodec({ ttl: -1 })],
    ["ttl 2^53", "RangeError", () => new CursorCodec({ ttl: 2 ** 53 })],
    ["maxLength 0", "RangeError", () => new CursorCodec({ maxLength: 0 })],
    ["maxLength 10.5", "RangeError", () => new CursorCodec({ maxLength: 10.5 })],
    ["maxLength '100'", "TypeError", () => new CursorCodec({ maxLength: "100" })],
    ["clockSkew 0.5", "RangeError", () => new CursorCodec({ clockSkew: 0.5 })],
    ["clockSkew NaN", "RangeError", () => new CursorCodec({ clockSkew: NaN })],
    ["padding 0", "RangeError", () => new CursorCodec({ padding: 0, mode: "sealed", keys: KEYS })],
    ["padding 65537", "RangeError", () => new CursorCodec({ padding: 65537, mode: "sealed", keys: KEYS })],
    ["padding 16.5", "RangeError", () => new CursorCodec({ padding: 16.5, mode: "sealed", keys: KEYS })],
    ["encode ttl 1.5", "RangeError", () => encodeCursor(1, { ttl: 1.5 })],
    ["encode ttl Infinity", "RangeError", () => encodeCursor(1, { ttl: Infinity })],
    ["segment 0.5 of 2", "RangeError", () => encodeCursor(1, { segment: { segment: 0.5, total: 2 } })],
    ["segment 0 of 2^32", "RangeError", () => encodeCursor(1, { segment: { segment: 0, total: 2 ** 32 } })],
    ["segment 0 of 1.5", "RangeError", () => encodeCursor(1, { segment: { segment: 0, total: 1.5 } })],
    ["now() returns 1.5", () => new CursorCodec({ ttl: 5, now: () => 1714566896789.5 }).encode(1)],
    ["now() returns 2^53", () => new CursorCodec({ ttl: 5, now: () => 2 ** 53 }).encode(1)],
    ["now() returns Infinity at decode", () => {
      let now = 1714566896789;
      const c = new CursorCodec({ ttl: 5, now: () => now });
      const t = c.encode(1);
      now = Infinity;
      return c.decode(t);
    }],
  ]) rows.push([`option ${name}`, row.length === 2 ? row[0] : CV, row.at(-1)]);
  rows.push(
    ["option padding 65536 is fine", "ok", () => new CursorCodec({ padding: 65536, mode: "sealed", keys: KEYS, maxLength: 2 ** 17 }).encode(1)],
    ["option ttl 0 and clockSkew 0 are fine", "ok", () => new CursorCodec({ ttl: 0, clockSkew: 0 })],
    ["option maxLength 2^53 - 1 is fine", "ok", () => new CursorCodec({ maxLength: 2 ** 53 - 1 }).encode(1)],
    ["now() returning a whole number is fine", "ok", () => new CursorCodec({ ttl: 5, now: () => 1714566896789 }).encode(1)],
    ["option getter that throws", "user", () => new CursorCodec(withGetter({}, "ttl", () => { throw USER; }))],
    ["now() that throws", "user", () => new CursorCodec({ ttl: 5, now: () => { throw USER; } }).encode(1)],
  );
  return rows;
}

export function poisons(lib) {
  const { encodeCursor, decodeCursor, CursorCodec } = lib;
  const signed = new CursorCodec({ keys: KEYS });
  const trap = lyingBytes(new Uint8Array(3), 2 ** 31 + 100);
  const token = encodeCursor({ a: 1, b: [1, 2] });
  const secret = lyingBytes(new Uint8Array(32), 2 ** 31 + 100);
  const reentrant = withGetter({}, "x", () => (signed.encode([5, 6]), 7));
  const proxy = new Proxy({}, { ownKeys() { throw USER; } });
  const rev = revoked();
  const tooLarge = "A".repeat(8000);
  return [
    ["encode(Uint8Array with own length 2^31 + 100)", "ok", () => encodeCursor(trap)],
    ["decode while Object.prototype has a throwing setter", "ok", () =>
      pollute(Object.prototype, "a", () => decodeCursor(token))],
    ["CursorCodec secret Uint8Array with a lying length", "ok", () => new CursorCodec({ keys: [{ id: "k", secret }] }).free()],
    ["CursorCodec keys: revoked Proxy", ["user", "CursorError:unsupported_value", "TypeError"], () => new CursorCodec({ keys: rev })],
    ["re-entrant signed encode", "ok", () => signed.encode(reentrant)],
    ["encode(Proxy whose ownKeys trap throws)", CV, () => encodeCursor(proxy)],
    ["encode(revoked Proxy) as scope", CV, () => signed.encode(1, { scope: rev })],
    ["decode of an over-long token", "CursorError:too_large", () => decodeCursor(tooLarge)],
  ];
}
