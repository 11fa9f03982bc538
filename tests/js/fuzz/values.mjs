// Hostile cursor values for the boundary fuzzer, each with its model: the value a strict
// decoder must give back if the library accepts it (types included), or the outcomes it must
// be refused with. A value is built together with a short description (for the failure
// report) and counters of every getter and Proxy trap in it (for the read-once oracle).
//
// Kinds of hostility (see docs/security.md, "Fuzzing the JS boundary"): getters that throw,
// that return another value at each read, that re-enter the library; Proxies with throwing or
// lying traps; revoked Proxies; lying `length`s on byte arrays (own property, subclass getter,
// Proxy) and on arrays (Proxy); fake Dates (a subclass or an own property overriding `getTime`,
// `Object.create(Date.prototype)`, a Proxy of a Date); huge and non-integral numbers; strings
// with lone surrogates and a leading U+FEFF; deep nesting; cycles; bigints at and beyond 64 bits.

/** The error a user getter, trap or callback throws: it may reach the caller as this object. */
export class UserError extends Error {}
export const USER = new UserError("thrown by the fuzzer's user code");

export const UNSUPPORTED = "CursorError:unsupported_value";

/** A model node that matches any of its alternatives (filled lazily by unstable getters). */
export class OneOf {
  constructor(list) {
    this.list = list;
  }
}

/** Own enumerable data property, also for "__proto__". */
export function setOwn(obj, key, value) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A short printable form of a value (for descriptions): bounded in length. */
export function show(v, depth = 0) {
  if (depth > 3) return "…";
  switch (typeof v) {
    case "string": {
      const s = v.length > 24 ? `${v.slice(0, 24)}…(${v.length})` : v;
      return JSON.stringify(s).replace(/[\ud800-\udfff\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
    }
    case "bigint": return `${v}n`;
    case "number": return Object.is(v, -0) ? "-0" : String(v);
    case "undefined": return "undefined";
    case "symbol": return "Symbol()";
    case "function": return "function";
    case "boolean": return String(v);
    default:
  }
  if (v === null) return "null";
  try {
    if (v instanceof Uint8Array) return `Uint8Array(${Uint8Array.prototype.slice.call(v).length})`;
    if (v instanceof Date) return `Date(${Date.prototype.getTime.call(v)})`;
    if (Array.isArray(v)) return `[${v.slice(0, 6).map((x) => show(x, depth + 1)).join(",")}${v.length > 6 ? ",…" : ""}]`;
    const keys = Object.keys(v);
    return `{${keys.slice(0, 6).map((k) => `${show(k)}:${show(v[k], depth + 1)}`).join(",")}${keys.length > 6 ? ",…" : ""}}`;
  } catch {
    return "<unreadable>";
  }
}

const NUMBERS = [0, -0, 1, -1, 7, 255, 256, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 32 + 1, 2 ** 53 - 1, 2 ** 53,
  2 ** 53 + 2, -(2 ** 53), 2 ** 63, 2 ** 64, 1e21, 1e308, -1e308, 5e-324, 0.1, 1.5, -2.5, NaN, Infinity, -Infinity];
const BIGINTS = [0n, 1n, -1n, 127n, 128n, 2n ** 53n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 63n, 2n ** 64n - 1n];
const BIG_OUT = [2n ** 64n, -(2n ** 63n) - 1n, 2n ** 100n, -(2n ** 100n)];
const WORDS = ["", "a", "id", "createdAt", "Zoë", "日本語", "😀", "__proto__", "constructor", "0", "10", "-1",
  "length", "a.b", "\u0000", "x".repeat(40), "é".repeat(33)];
const BOM = "\uFEFF";

/**
 * A generator of hostile values for one iteration. `env` gives re-entrant getters their
 * targets: `env.lib`, and at read time `env.codec` (the codec of the call in progress),
 * `env.reenter` (an extra re-entrant action of the target, e.g. a method of the same stack).
 */
export function valueGen(rng, env) {
  const state = {
    /** Outcomes of which one is required: some part of the value must be refused. */
    refuse: new Set(),
    /** Outcomes allowed besides success: parts the library may accept or refuse. */
    soft: new Set(),
    /** Every getter and trap: { what, reads, stable, keyed } (keyed: counts per property). */
    counters: [],
    /** Re-entrant calls that went wrong (a finding even when the outer call succeeds). */
    inner: [],
  };

  const counter = (what, stable) => {
    const c = { what, reads: 0, stable, perKey: new Map() };
    state.counters.push(c);
    return c;
  };
  const countKey = (c, key) => {
    c.reads++;
    const k = typeof key === "symbol" ? key.toString() : String(key);
    c.perKey.set(k, (c.perKey.get(k) ?? 0) + 1);
  };

  function string() {
    const r = rng.int(10);
    if (r === 0) {
      state.refuse.add(UNSUPPORTED);
      const s = rng.pick(["\ud800", "a\udc00", "x\ud83d", "\udfff\ud800", `${BOM}\ud800`]);
      return { v: s, m: undefined, d: show(s) };
    }
    let s;
    if (r === 1) s = BOM + rng.pick(WORDS);
    else if (r === 2) s = rng.pick(WORDS) + BOM + rng.pick(WORDS);
    else if (r === 3) s = BOM;
    else if (r === 4) s = "s".repeat(rng.int(3000));
    else if (r === 5) s = BOM + BOM + "abc";
    else s = rng.pick(WORDS) + (rng.chance(0.5) ? rng.hex(rng.int(8)) : "");
    return { v: s, m: s, d: show(s) };
  }

  function key() {
    const r = rng.int(8);
    if (r === 0) return BOM + rng.pick(WORDS);
    if (r === 1) return BOM;
    return rng.pick(WORDS) + (rng.chance(0.3) ? rng.hex(2) : "");
  }

  function number() {
    const n = rng.chance(0.7) ? rng.pick(NUMBERS) : (rng.float() - 0.5) * 10 ** rng.int(20);
    return { v: n, m: n, d: show(n) };
  }

  function bigint() {
    if (rng.chance(0.2)) {
      state.refuse.add(UNSUPPORTED);
      const b = rng.pick(BIG_OUT);
      return { v: b, m: undefined, d: show(b) };
    }
    const b = rng.chance(0.7) ? rng.pick(BIGINTS) : BigInt(rng.int(2 ** 31)) * BigInt(rng.int(2 ** 31));
    return { v: b, m: b, d: show(b) };
  }

  function bytes() {
    const n = rng.pick([0, 1, 2, 3, 8, 31, 32, 100]);
    const real = rng.bytes(n);
    const lie = rng.pick([0, 1, n + 1, 48, 4096, 2 ** 31 + 100, -1, 1.5, NaN]);
    switch (rng.int(7)) {
      case 0: {
        // An own `length` that lies: the real bytes, or a refusal; never the lie.
        const u = Uint8Array.from(real);
        Object.defineProperty(u, "length", { value: lie });
        state.soft.add(UNSUPPORTED);
        return { v: u, m: Uint8Array.from(real), d: `Uint8Array(${n}, own length ${lie})` };
      }
      case 1: {
        // A subclass whose `length`/`byteLength` getters lie.
        class Lying extends Uint8Array {
          get length() { return lie; }
          get byteLength() { return lie; }
        }
        const u = new Lying(real);
        state.soft.add(UNSUPPORTED);
        return { v: u, m: Uint8Array.from(real), d: `Uint8Array subclass(${n}, length getter ${lie})` };
      }
      case 2: {
        // A Proxy of a byte array whose `length` trap lies: not a real typed array.
        const target = Uint8Array.from(real);
        const c = counter(`Proxy(Uint8Array(${n})) length ${lie}`, true);
        const p = new Proxy(target, {
          get(t, k) {
            countKey(c, k);
            if (k === "length" || k === "byteLength") return lie;
            const v = Reflect.get(t, k);
            return typeof v === "function" ? v.bind(t) : v;
          },
        });
        state.soft.add(UNSUPPORTED);
        return { v: p, m: Uint8Array.from(real), d: `Proxy(Uint8Array(${n}), length ${lie})` };
      }
      case 3: {
        // A view into a larger buffer: exactly its own bytes.
        const buf = rng.bytes(n + 16);
        buf.set(real, 8);
        const u = new Uint8Array(buf.buffer, 8, n);
        return { v: u, m: Uint8Array.from(real), d: `Uint8Array view(${n} at 8)` };
      }
      default: {
        const u = Uint8Array.from(real);
        return { v: u, m: Uint8Array.from(real), d: `Uint8Array(${n})` };
      }
    }
  }

  function date() {
    const ms = rng.pick([0, -1, 1714566896789, 8.64e15, -8.64e15, 2 ** 31, -(2 ** 40) - 3, rng.int(2 ** 40)]);
    const fake = rng.pick([5, 1.5, NaN, 8.64e15 + 1, 2 ** 53, -7]);
    switch (rng.int(8)) {
      case 0: {
        state.refuse.add(UNSUPPORTED);
        return { v: new Date(NaN), m: undefined, d: "Date(NaN)" };
      }
      case 1: {
        // A subclass that overrides getTime: the intrinsic time value, or a refusal.
        class Shifted extends Date {
          getTime() { return fake; }
          valueOf() { return fake; }
        }
        state.soft.add(UNSUPPORTED);
        return { v: new Shifted(ms), m: new Date(ms), d: `Date subclass(${ms}, getTime -> ${fake})` };
      }
      case 2: {
        const d = new Date(ms);
        d.getTime = () => fake;
        state.soft.add(UNSUPPORTED);
        return { v: d, m: new Date(ms), d: `Date(${ms}) with own getTime -> ${fake}` };
      }
      case 3: {
        // Not a Date at all, though its prototype says so.
        const o = Object.create(Date.prototype);
        o.getTime = () => ms;
        o.valueOf = () => ms;
        state.refuse.add(UNSUPPORTED);
        return { v: o, m: undefined, d: `Object.create(Date.prototype) getTime -> ${ms}` };
      }
      case 4: {
        const c = counter(`Proxy(Date(${ms}))`, true);
        const p = new Proxy(new Date(ms), {
          get(t, k) {
            countKey(c, k);
            if (k === "getTime" || k === "valueOf") return () => fake;
            return Reflect.get(t, k);
          },
        });
        state.refuse.add(UNSUPPORTED);
        return { v: p, m: undefined, d: `Proxy(Date(${ms}), getTime -> ${fake})` };
      }
      default:
        return { v: new Date(ms), m: new Date(ms), d: `Date(${ms})` };
    }
  }

  function leaf() {
    switch (rng.int(9)) {
      case 0: return { v: null, m: null, d: "null" };
      case 1: {
        const b = rng.chance(0.5);
        return { v: b, m: b, d: String(b) };
      }
      case 2: return number();
      case 3: return bigint();
      case 4: case 5: return string();
      case 6: return bytes();
      case 7: return date();
      default: return refused();
    }
  }

  function refused() {
    state.refuse.add(UNSUPPORTED);
    const kinds = [
      () => [undefined, "undefined"],
      () => [Symbol("s"), "Symbol()"],
      () => [() => 1, "function"],
      () => [new Map([[1, 2]]), "Map"],
      () => [new Set([1]), "Set"],
      () => [new ArrayBuffer(4), "ArrayBuffer"],
      () => [new Int8Array(3), "Int8Array"],
      () => [new Uint16Array(2), "Uint16Array"],
      () => [new (class Point { constructor() { this.x = 1; } })(), "class instance"],
      () => [Object(1), "Number object"],
      () => [Object("s"), "String object"],
      () => [{ [Symbol("k")]: 1 }, "object with a symbol key"],
      () => [/x/, "RegExp"],
      () => [new Error("e"), "Error"],
      () => { const p = Proxy.revocable({}, {}); p.revoke(); return [p.proxy, "revoked Proxy"]; },
      () => { const p = Proxy.revocable([], {}); p.revoke(); return [p.proxy, "revoked Proxy(array)"]; },
    ];
    const [v, d] = rng.pick(kinds)();
    return { v, m: undefined, d };
  }

  /** A value the getter or trap hands out at its i-th read (a simple leaf). */
  function simple() {
    const r = rng.int(4);
    if (r === 0) return rng.int(1000);
    if (r === 1) return `v${rng.hex(4)}`;
    if (r === 2) return BigInt(rng.int(1000));
    return rng.chance(0.5);
  }

  /** What a re-entrant getter does inside the outer call: one valid call of the library. */
  function reentrant() {
    const lib = env.lib;
    const innerValue = rng.pick([[5, 6], "inner-" + rng.hex(6), { inner: rng.int(100) }, 9007199254740993n]);
    const kind = rng.pick(["encodeCursor", "encodeCursor refused midway", "codec.encode", "codec.encode refused midway", "codec.decode", "decodeCursor", "target"]);
    // A value the library refuses only after it wrote part of it (a lone surrogate last): the
    // inner call's error is expected and caught; its bytes must not end up in the outer token.
    const refusedMidway = [5, 6, rng.pick(["admin", 7, [8]]), "\ud800"];
    const check = (what, got, want) => {
      if (!sameValue(got, want)) state.inner.push(`${what}: re-entrant call gave ${show(got)}, expected ${show(want)}`);
    };
    const run = () => {
      try {
        if (kind === "encodeCursor") check("encodeCursor", lib.decodeCursor(lib.encodeCursor(innerValue)).value, innerValue);
        else if (kind === "encodeCursor refused midway" || kind === "codec.encode refused midway") {
          const codec = kind === "codec.encode refused midway" ? env.codec : undefined;
          try {
            if (codec) codec.encode(refusedMidway);
            else lib.encodeCursor(refusedMidway);
            state.inner.push(`${kind}: a lone surrogate was accepted`);
          } catch (err) {
            if (!(err instanceof lib.CursorError)) throw err;
          }
        } else if (kind === "decodeCursor") check("decodeCursor", lib.decodeCursor(env.plainToken).value, env.plainValue);
        else if (kind === "codec.encode" && env.codec) check("codec.encode", env.codec.decode(env.codec.encode(innerValue)).value, innerValue);
        else if (kind === "codec.decode" && env.codec && env.codecToken) check("codec.decode", env.codec.decode(env.codecToken).value, env.codecValue);
        else if (kind === "target" && env.reenter) env.reenter();
        else check("encodeCursor", lib.decodeCursor(lib.encodeCursor(innerValue)).value, innerValue);
      } catch (err) {
        state.inner.push(`${kind}: re-entrant call threw ${describeError(err)}`);
      }
    };
    return { kind, run };
  }

  /**
   * A property (of an object or array) read through a getter: stable counted, unstable,
   * throwing, or re-entrant. Returns { get, m, d } where `m` is the model of what it gives.
   */
  function getterProp(depth, label) {
    const r = rng.int(5);
    if (r === 0) {
      state.refuse.add("user");
      state.refuse.add(UNSUPPORTED);
      return { get() { throw USER; }, m: undefined, d: "getter throws" };
    }
    if (r === 1) {
      // Another value at each read: whatever the library accepts must be one of them.
      const seen = [];
      const c = counter(`${label}: unstable getter`, false);
      return {
        get() {
          c.reads++;
          const v = simple();
          seen.push(v);
          return v;
        },
        m: new OneOf(seen),
        d: "getter (another value each read)",
      };
    }
    const inner = gen(depth + 1);
    const c = counter(`${label}: getter`, true);
    if (r === 2) {
      const re = reentrant();
      return {
        get() {
          c.reads++;
          re.run();
          return inner.v;
        },
        m: inner.m,
        d: `getter re-entering ${re.kind} -> ${inner.d}`,
      };
    }
    return { get() { c.reads++; return inner.v; }, m: inner.m, d: `getter -> ${inner.d}` };
  }

  function array(depth) {
    const n = rng.pick([0, 1, 2, 3, 5, 40]);
    // The form is chosen first: an element replaced later (by a getter) must not leave the
    // outcomes of what it replaced in the state.
    const form = rng.int(8);
    const getterAt = form === 0 && n > 0 ? rng.int(n) : -1;
    const arr = [], model = [], ds = [];
    for (let i = 0; i < n; i++) {
      if (i === getterAt) {
        const g = getterProp(depth, `[${i}]`);
        Object.defineProperty(arr, i, { get: g.get, enumerable: true, configurable: true });
        model[i] = g.m;
        ds[i] = g.d;
      } else if (form === 1) {
        // Elements of a lying-length Proxy are plain leaves, so that what the lie hides
        // forces no outcome.
        arr[i] = model[i] = simple();
        ds[i] = show(arr[i]);
      } else {
        const p = gen(depth + 1);
        arr[i] = p.v;
        model[i] = p.m;
        ds[i] = p.d;
      }
    }
    if (form === 1) {
      // A Proxy whose length trap lies (stable): JS reads it as an array of that length.
      const lie = rng.pick([0, 1, n + 1, n + 3, 2 ** 31 + 100, 2 ** 32 - 1, 1.5, -1]);
      const c = counter(`Proxy([${n}]) length ${lie}`, true);
      const p = new Proxy(arr, {
        get(t, k) {
          countKey(c, k);
          return k === "length" ? lie : Reflect.get(t, k);
        },
      });
      // What JS says this array is: `lie` elements read through the trap (holes are
      // undefined, which no cursor carries). A length that is not an array length may
      // also be refused.
      // ToLength: a negative length is 0, a fraction is cut (what Array.prototype methods read).
      const len = Number.isNaN(lie) ? 0 : Math.max(0, Math.floor(lie));
      if (len <= n) {
        state.soft.add(UNSUPPORTED);
        return { v: p, m: new OneOf([model.slice(0, len)]), d: `Proxy([${ds.join(",")}], length ${lie})` };
      }
      state.refuse.add(UNSUPPORTED);
      return { v: p, m: undefined, d: `Proxy([${ds.join(",")}], length ${lie})` };
    } else if (form === 2) {
      const trap = rng.pick(["get", "has", "getPrototypeOf", "ownKeys", "getOwnPropertyDescriptor"]);
      const p = new Proxy(arr, { [trap]() { throw USER; } });
      state.refuse.add("user");
      state.refuse.add(UNSUPPORTED);
      if (trap !== "get") {
        // Traps an array read does not need: the value may also be accepted as it is.
        state.refuse.delete("user");
        state.refuse.delete(UNSUPPORTED);
        state.soft.add("user");
        state.soft.add(UNSUPPORTED);
        return { v: p, m: model, d: `Proxy([${ds.join(",")}], ${trap} throws)` };
      }
      return { v: p, m: undefined, d: `Proxy([${ds.join(",")}], ${trap} throws)` };
    } else if (form === 3 && n > 0) {
      // A hole: no cursor carries undefined.
      delete arr[rng.int(n)];
      state.refuse.add(UNSUPPORTED);
      return { v: arr, m: undefined, d: `[${ds.join(",")}] with a hole` };
    }
    return { v: arr, m: model, d: `[${ds.join(",")}]` };
  }

  function object(depth) {
    const n = rng.pick([0, 1, 2, 3, 4, 12]);
    const nullProto = rng.chance(0.15);
    const obj = nullProto ? Object.create(null) : {};
    const model = {};
    const ds = [];
    const getterAt = n > 0 && rng.chance(0.4) ? rng.int(n) : -1;
    for (let i = 0; i < n; i++) {
      const k = key();
      if (Object.prototype.hasOwnProperty.call(obj, k)) continue;
      if (i === getterAt) {
        const g = getterProp(depth, show(k));
        Object.defineProperty(obj, k, { get: g.get, enumerable: true, configurable: true });
        setOwn(model, k, g.m);
        ds.push(`${show(k)}:${g.d}`);
      } else {
        const p = gen(depth + 1);
        setOwn(obj, k, p.v);
        setOwn(model, k, p.m);
        ds.push(`${show(k)}:${p.d}`);
      }
    }
    // Key order of the model follows JS's own order (integer-like keys first).
    const ordered = {};
    for (const k of Object.keys(obj)) setOwn(ordered, k, model[k]);
    if (rng.chance(0.15)) {
      // A non-enumerable getter is not part of the value: it must not even be read.
      const c = counter("non-enumerable getter", true);
      Object.defineProperty(obj, "hidden", { get() { c.reads++; c.perKey.set("hidden(non-enumerable)", c.reads); throw USER; }, enumerable: false });
      ds.push("hidden: non-enumerable getter");
    }
    const d = `${nullProto ? "nullproto" : ""}{${ds.join(",")}}`;
    const form = rng.int(7);
    if (form === 0) {
      // A Proxy whose traps lie consistently: ownKeys and getOwnPropertyDescriptor add a key
      // the target lacks, get answers it. JS reads it as an object with that key.
      // A key the target lacks (a ghost over a real key would hide a value whose outcomes
      // are already in the state).
      let ghost = key();
      while (Object.prototype.hasOwnProperty.call(obj, ghost)) ghost += "~";
      const ghostValue = simple();
      const c = counter("Proxy(object) with a ghost key", true);
      const p = new Proxy(obj, {
        ownKeys(t) { c.reads++; return [...Reflect.ownKeys(t).filter((k) => k !== ghost), ghost]; },
        getOwnPropertyDescriptor(t, k) {
          if (k === ghost) return { value: ghostValue, enumerable: true, configurable: true, writable: true };
          return Reflect.getOwnPropertyDescriptor(t, k);
        },
        get(t, k, r) {
          countKey(c, k);
          return k === ghost ? ghostValue : Reflect.get(t, k, r);
        },
      });
      const m = {};
      for (const k of Object.keys(p)) setOwn(m, k, k === ghost ? ghostValue : ordered[k]);
      c.reads = 0;
      c.perKey.clear();
      return { v: p, m, d: `Proxy(${d}, ghost key ${show(ghost)})` };
    }
    if (form === 1) {
      const trap = rng.pick(["get", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "has"]);
      const p = new Proxy(obj, { [trap]() { throw USER; } });
      if (trap === "has" || (trap === "get" && n === 0) || (trap === "getOwnPropertyDescriptor" && n === 0)) {
        state.soft.add("user");
        state.soft.add(UNSUPPORTED);
        return { v: p, m: ordered, d: `Proxy(${d}, ${trap} throws)` };
      }
      state.refuse.add("user");
      state.refuse.add(UNSUPPORTED);
      return { v: p, m: undefined, d: `Proxy(${d}, ${trap} throws)` };
    }
    if (form === 2 && depth < 6) {
      // A cycle.
      setOwn(obj, "self", obj);
      state.refuse.add(UNSUPPORTED);
      return { v: obj, m: undefined, d: `${d} with a cycle` };
    }
    if (form === 3) {
      // A Proxy claiming another prototype: an array, a Date or a byte array in disguise.
      const proto = rng.pick([Array.prototype, Date.prototype, Uint8Array.prototype, null]);
      const p = new Proxy(obj, { getPrototypeOf() { return proto; } });
      if (proto === null) return { v: p, m: ordered, d: `Proxy(${d}, prototype null)` };
      state.refuse.add(UNSUPPORTED);
      return { v: p, m: undefined, d: `Proxy(${d}, prototype of ${proto.constructor.name})` };
    }
    return { v: obj, m: ordered, d };
  }

  function deep() {
    const depth = rng.pick([31, 32, 33, 63, 64, 65, 100, 1000]);
    const asObject = rng.chance(0.5);
    let v = 0, m = 0;
    for (let i = 0; i < depth; i++) {
      v = asObject ? { n: v } : [v];
      m = asObject ? { n: m } : [m];
    }
    // At least 32 levels must be carried (docs/API.md); the documented limit is 64.
    if (depth > 64) {
      state.refuse.add(UNSUPPORTED);
      return { v, m: undefined, d: `${asObject ? "objects" : "arrays"} nested ${depth} deep` };
    }
    if (depth > 32) state.soft.add(UNSUPPORTED);
    return { v, m, d: `${asObject ? "objects" : "arrays"} nested ${depth} deep` };
  }

  function gen(depth = 0) {
    if (depth >= 4) return leaf();
    const r = rng.int(10);
    if (r < 4) return leaf();
    if (r < 6) return array(depth);
    if (r < 9) return object(depth);
    return depth === 0 ? deep() : leaf();
  }

  return { state, env, gen, string, key, simple, number };
}

/** Strict deep equality of a decoded value and a model (types included; OneOf matches any). */
export function sameValue(got, model) {
  if (model instanceof OneOf) return model.list.some((m) => sameValue(got, m));
  if (typeof got !== typeof model) return false;
  switch (typeof model) {
    case "number": return Object.is(got, model);
    case "bigint": case "string": case "boolean": return got === model;
    case "object": break;
    default: return false;
  }
  if (model === null || got === null) return got === model;
  if (model instanceof Uint8Array) {
    if (Object.getPrototypeOf(got) !== Uint8Array.prototype || got.length !== model.length) return false;
    for (let i = 0; i < model.length; i++) if (got[i] !== model[i]) return false;
    return true;
  }
  if (model instanceof Date) {
    return Object.getPrototypeOf(got) === Date.prototype && Object.is(Date.prototype.getTime.call(got), model.getTime());
  }
  if (Array.isArray(model)) {
    if (!Array.isArray(got) || got.length !== model.length) return false;
    for (let i = 0; i < model.length; i++) if (!sameValue(got[i], model[i])) return false;
    return true;
  }
  if (Array.isArray(got) || got instanceof Uint8Array || got instanceof Date) return false;
  const gk = Object.keys(got), mk = Object.keys(model);
  if (gk.length !== mk.length) return false;
  for (let i = 0; i < mk.length; i++) {
    if (gk[i] !== mk[i]) return false;
    if (!sameValue(got[gk[i]], model[mk[i]])) return false;
  }
  return true;
}

/** True when a model contains no OneOf (the value is fully determined). */
export function determined(model) {
  if (model instanceof OneOf) return false;
  if (model === null || typeof model !== "object" || model instanceof Uint8Array || model instanceof Date) return true;
  return Object.keys(model).every((k) => determined(model[k]));
}

/** Names an error for a report. */
export function describeError(err) {
  if (err === USER) return "the user's error";
  if (err === null || (typeof err !== "object" && typeof err !== "function")) return `a thrown ${typeof err}`;
  let name = "?", code, message = "";
  try {
    name = err.constructor?.name ?? Object.prototype.toString.call(err);
    code = err.code;
    message = String(err.message).slice(0, 160);
  } catch {}
  return `${name}${code !== undefined ? `(${code})` : ""}: ${message}`;
}
