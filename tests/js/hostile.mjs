// Hostile inputs through every export of pagecursor, shared by the Node test
// (tests/js/hardening.test.mjs) and the Chromium test (tests/browser/hardening.test.mjs), so
// that both engines run exactly the same cases. No Node or DOM API beyond what both have.
//
// Each case calls an export with something hostile and names the outcome it must have: a
// typed error (`CursorError:<code>`, `PaginationError:<code>`, `TypeError`), the user's own
// error object passed through unchanged (`user`), or a documented success (`ok`). After every
// case a sanity check (encode/decode in plain and signed mode, and a 3-page paginate walk)
// must pass: a trap inside WebAssembly would leave the module unusable for the whole page.

/** The error a user callback or getter throws; it must reach the caller as this object. */
export const USER = new Error("thrown by the test");

/** Names the outcome of a call: "ok", "user", "CursorError:<code>", "TypeError", … */
export function classify(lib, err) {
  if (err === USER) return "user";
  if (err instanceof lib.CursorError) return `CursorError:${err.code}`;
  if (err instanceof lib.PaginationError) {
    return err.cause === USER ? `PaginationError:${err.code}(cause=user)` : `PaginationError:${err.code}`;
  }
  if (typeof WebAssembly !== "undefined" && err instanceof WebAssembly.RuntimeError) {
    return `WebAssembly.RuntimeError:${err.message}`;
  }
  if (err instanceof TypeError) return "TypeError";
  if (err instanceof RangeError) return "RangeError";
  if (err instanceof Error) return `Error:${err.message}`;
  return `non-error:${typeof err}`;
}

const throwingGetter = (key) =>
  Object.defineProperty({}, key, { enumerable: true, get() { throw USER; } });

/** A proxy whose every trap throws USER. */
export const throwingProxy = (target = {}) =>
  new Proxy(target, {
    get() { throw USER; },
    has() { throw USER; },
    ownKeys() { throw USER; },
    getOwnPropertyDescriptor() { throw USER; },
    getPrototypeOf() { throw USER; },
  });

function cyclicObject() {
  const o = { a: 1 };
  o.self = o;
  return o;
}
function cyclicArray() {
  const a = [1];
  a.push(a);
  return a;
}
function nested(depth, asObject) {
  let v = 0;
  for (let i = 0; i < depth; i++) v = asObject ? { n: v } : [v];
  return v;
}

/** Three pages [1,2] [] [3], each found with the keyset preset. */
function threePages() {
  return async (token) => {
    if (token === undefined) return { items: [1, 2], next_cursor: "p2" };
    if (token === "p2") return { items: [], next_cursor: "p3" };
    return { items: [3] };
  };
}

/** The module still works: plain and signed round trips and a small paginate walk. */
export async function sanity(lib) {
  const value = { createdAt: new Date(1714566896789), id: 123456789n, name: "Zoë" };
  const back = lib.decodeCursor(lib.encodeCursor(value)).value;
  if (!(back.createdAt instanceof Date) || back.id !== 123456789n || back.name !== "Zoë") {
    throw new Error("plain round trip changed the value");
  }
  const signed = new lib.CursorCodec({ keys: [{ id: "k1", secret: "sanity secret" }] });
  const cursor = signed.decode(signed.encode([1, "x"], { scope: "q" }), { scope: "q" });
  if (cursor.value[1] !== "x" || cursor.keyId !== "k1") throw new Error("signed round trip failed");
  const items = await lib.paginate(threePages(), { preset: "keyset" }).toArray();
  if (items.join() !== "1,2,3") throw new Error(`paginate walk gave ${items}`);
}

/**
 * The cases: [name, expected outcomes (one string, or an array of acceptable ones), call].
 * `call` may return a promise; a paginator is drained with toArray() when it returns one.
 */
export function cases(lib) {
  const { CursorCodec, encodeCursor, decodeCursor, paginate } = lib;
  const plain = new CursorCodec();
  const signed = new CursorCodec({ keys: [{ id: "k1", secret: "s1" }] });
  const token = encodeCursor({ id: 1 });
  const cv = "CursorError:unsupported_value";
  const bigString = "x".repeat(16 * 1024 * 1024);
  const bigArray = new Array(1_000_000).fill(7);
  const sparse = [];
  sparse.length = 2 ** 32 - 1;
  const getterOrCv = ["user", cv];
  const neverSettles = () => new Promise(() => {});
  const abortSoon = () => {
    const c = new AbortController();
    setTimeout(() => c.abort(), 20);
    return c.signal;
  };
  const keyset = (extra = {}) => ({ preset: "keyset", ...extra });
  const walk = (fetchPage, options) => paginate(fetchPage, options).toArray();

  return [
    // --- new CursorCodec(options) ---
    ["CursorCodec(42)", "TypeError", () => new CursorCodec(42)],
    ["CursorCodec('signed')", "TypeError", () => new CursorCodec("signed")],
    ["CursorCodec(Symbol())", "TypeError", () => new CursorCodec(Symbol("s"))],
    ["CursorCodec(() => 1)", "TypeError", () => new CursorCodec(() => 1)],
    ["CursorCodec(null)", ["ok", cv], () => new CursorCodec(null)],
    ["CursorCodec({keys: 'k'})", "TypeError", () => new CursorCodec({ keys: "k" })],
    ["CursorCodec({keys: [null]})", "TypeError", () => new CursorCodec({ keys: [null] })],
    ["CursorCodec({keys: [42]})", "TypeError", () => new CursorCodec({ keys: [42] })],
    ["CursorCodec key id 1", "TypeError", () => new CursorCodec({ keys: [{ id: 1, secret: "s" }] })],
    ["CursorCodec key id Symbol", "TypeError", () => new CursorCodec({ keys: [{ id: Symbol(), secret: "s" }] })],
    ["CursorCodec secret 42", "TypeError", () => new CursorCodec({ keys: [{ id: "k", secret: 42 }] })],
    ["CursorCodec secret ''", cv, () => new CursorCodec({ keys: [{ id: "k", secret: "" }] })],
    ["CursorCodec secret lone surrogate", cv, () => new CursorCodec({ keys: [{ id: "k", secret: "\ud800" }] })],
    ["CursorCodec secret Uint16Array", "TypeError", () => new CursorCodec({ keys: [{ id: "k", secret: new Uint16Array(4) }] })],
    ["CursorCodec key id of 256 bytes", cv, () => new CursorCodec({ keys: [{ id: "é".repeat(128), secret: "s" }] })],
    ["CursorCodec duplicate key ids", cv, () =>
      new CursorCodec({ keys: [{ id: "k", secret: "a" }, { id: "k", secret: "b" }] })],
    ["CursorCodec({mode: 5})", "TypeError", () => new CursorCodec({ mode: 5 })],
    ["CursorCodec({mode: 'SIGNED'})", "TypeError", () => new CursorCodec({ mode: "SIGNED", keys: [{ id: "k", secret: "s" }] })],
    ["CursorCodec sealed without keys", "CursorError:unknown_key", () => new CursorCodec({ mode: "sealed" })],
    ["CursorCodec({ttl: -1})", "RangeError", () => new CursorCodec({ ttl: -1 })],
    ["CursorCodec({ttl: 1.5})", "RangeError", () => new CursorCodec({ ttl: 1.5 })],
    ["CursorCodec({ttl: '60'})", "TypeError", () => new CursorCodec({ ttl: "60" })],
    ["CursorCodec({ttl: NaN})", "RangeError", () => new CursorCodec({ ttl: NaN })],
    ["CursorCodec({ttl: Infinity})", "RangeError", () => new CursorCodec({ ttl: Infinity })],
    ["CursorCodec({maxLength: 0})", "RangeError", () => new CursorCodec({ maxLength: 0 })],
    ["CursorCodec({maxLength: -5})", "RangeError", () => new CursorCodec({ maxLength: -5 })],
    ["CursorCodec({maxLength: 2**80})", "RangeError", () => new CursorCodec({ maxLength: 2 ** 80 })],
    ["CursorCodec({now: 5})", "TypeError", () => new CursorCodec({ now: 5 })],
    ["CursorCodec({padding: 0})", "RangeError", () =>
      new CursorCodec({ padding: 0, mode: "sealed", keys: [{ id: "k", secret: "s" }] })],
    ["CursorCodec({clockSkew: -1})", "RangeError", () => new CursorCodec({ clockSkew: -1 })],
    // F1 (fixed): an option that cannot be read is never taken for an absent one (a codec
    // silently built without its keys); what the getter or trap throws reaches the caller.
    ["CursorCodec options getter throws", "user", () => new CursorCodec(throwingGetter("keys"))],
    ["CursorCodec options Proxy throws", "user", () => new CursorCodec(throwingProxy())],
    ["CursorCodec keys Proxy throws", "user", () => new CursorCodec({ keys: throwingProxy([]) })],
    ["CursorCodec key id getter throws", "user", () => new CursorCodec({ keys: [throwingGetter("id")] })],
    ["CursorCodec key secret getter throws", "user", () =>
      new CursorCodec({ keys: [Object.defineProperty({ id: "k" }, "secret", { get() { throw USER; } })] })],
    ["CursorCodec mode getter throws", "user", () =>
      new CursorCodec(Object.defineProperty({ keys: [{ id: "k", secret: "s" }] }, "mode", { get() { throw USER; } }))],
    ["CursorCodec 300 keys", "ok", () =>
      new CursorCodec({ keys: Array.from({ length: 300 }, (_, i) => ({ id: `k${i}`, secret: `s${i}` })) })],

    // --- encode(value) ---
    ["encode(Symbol())", cv, () => plain.encode(Symbol("x"))],
    ["encode(function)", cv, () => plain.encode(() => 1)],
    ["encode(undefined)", cv, () => plain.encode(undefined)],
    ["encode({a: undefined})", cv, () => plain.encode({ a: undefined })],
    ["encode(new Map)", cv, () => plain.encode(new Map([["a", 1]]))],
    ["encode(new Set)", cv, () => plain.encode(new Set([1]))],
    ["encode(ArrayBuffer)", cv, () => plain.encode(new ArrayBuffer(4))],
    ["encode(Uint16Array)", cv, () => plain.encode(new Uint16Array(2))],
    ["encode(DataView)", cv, () => plain.encode(new DataView(new ArrayBuffer(2)))],
    ["encode(class instance)", cv, () => plain.encode(new (class Point { constructor() { this.x = 1; } })())],
    ["encode(new String('x'))", cv, () => plain.encode(new String("x"))],
    ["encode(cyclic object)", cv, () => plain.encode(cyclicObject())],
    ["encode(cyclic array)", cv, () => plain.encode(cyclicArray())],
    ["encode(2n ** 64n)", cv, () => plain.encode(2n ** 64n)],
    ["encode(-(2n ** 63n) - 1n)", cv, () => plain.encode(-(2n ** 63n) - 1n)],
    ["encode(lone surrogate)", cv, () => plain.encode("a\udc00b")],
    ["encode(lone surrogate key)", cv, () => plain.encode({ ["\ud800"]: 1 })],
    ["encode(invalid Date)", cv, () => plain.encode(new Date(NaN))],
    ["encode(getter throws)", getterOrCv, () => plain.encode(throwingGetter("a"))],
    ["encode(Proxy throws)", getterOrCv, () => plain.encode(throwingProxy())],
    ["encode(Proxy array throws)", getterOrCv, () => plain.encode(throwingProxy([1, 2]))],
    ["encode(array with a hole)", cv, () => plain.encode([1, , 2])], // eslint-disable-line no-sparse-arrays
    ["encode(sparse array of length 2^32-1)", [cv, "CursorError:too_large"], () => plain.encode(sparse)],
    ["encode(array of 10^6 numbers)", "CursorError:too_large", () => plain.encode(bigArray)],
    ["encode(string of 16 MiB)", "CursorError:too_large", () => plain.encode(bigString)],
    ["encode(Uint8Array of 1 MiB)", "CursorError:too_large", () => plain.encode(new Uint8Array(1 << 20))],
    ["encode(arrays nested 100000 deep)", cv, () => plain.encode(nested(100_000, false))],
    ["encode(objects nested 100000 deep)", cv, () => plain.encode(nested(100_000, true))],
    ["encode(arrays nested 65 deep)", cv, () => plain.encode(nested(65, false))],
    ["encode(arrays nested 32 deep)", "ok", () => plain.encode(nested(32, false))],
    ["sealed encode(cyclic object)", cv, () =>
      new CursorCodec({ mode: "sealed", keys: [{ id: "k", secret: "s" }] }).encode(cyclicObject())],

    // --- encode(value, options) ---
    ["encode options 42", "TypeError", () => plain.encode(1, 42)],
    ["encode options 'after'", "TypeError", () => plain.encode(1, "after")],
    ["encode direction 1", "TypeError", () => plain.encode(1, { direction: 1 })],
    ["encode direction 'sideways'", "TypeError", () => plain.encode(1, { direction: "sideways" })],
    ["encode segment 5 of 2", "RangeError", () => plain.encode(1, { segment: { segment: 5, total: 2 } })],
    ["encode segment -1", "RangeError", () => plain.encode(1, { segment: { segment: -1, total: 2 } })],
    ["encode segment total 2^32", "RangeError", () => plain.encode(1, { segment: { segment: 0, total: 2 ** 32 } })],
    ["encode segment 'x'", "TypeError", () => plain.encode(1, { segment: "x" })],
    ["encode segment getter throws", "user", () => plain.encode(1, { segment: throwingGetter("segment") })],
    ["encode ttl Infinity", "RangeError", () => plain.encode(1, { ttl: Infinity })],
    ["encode ttl -5", "RangeError", () => plain.encode(1, { ttl: -5 })],
    ["encode ttl 2^60 (expiry beyond Date range)", "RangeError", () => plain.encode(1, { ttl: 2 ** 60 })],
    ["encode scope Symbol", cv, () => signed.encode(1, { scope: Symbol() })],
    ["encode scope cyclic", cv, () => signed.encode(1, { scope: cyclicObject() })],
    ["encode scope nested 100000 deep", cv, () => signed.encode(1, { scope: nested(100_000, false) })],
    // F1 (fixed): a token is never minted without the scope its options could not give.
    ["encode options getter throws", "user", () => plain.encode(1, throwingGetter("scope"))],
    ["encode options Proxy throws", "user", () => plain.encode(1, throwingProxy())],
    ["signed encode scope getter throws", "user", () => signed.encode(1, throwingGetter("scope"))],
    ["encodeCursor options getter throws", "user", () => encodeCursor(1, throwingGetter("ttl"))],
    ["encodeCursor(Symbol())", cv, () => encodeCursor(Symbol())],
    ["encodeCursor(cyclic)", cv, () => encodeCursor(cyclicObject())],

    // --- decode(token) ---
    ["decode(42)", "CursorError:malformed", () => plain.decode(42)],
    ["decode(42n)", "CursorError:malformed", () => plain.decode(42n)],
    ["decode(null)", "CursorError:malformed", () => plain.decode(null)],
    ["decode(undefined)", "CursorError:malformed", () => plain.decode(undefined)],
    ["decode(Symbol())", "CursorError:malformed", () => plain.decode(Symbol())],
    ["decode({})", "CursorError:malformed", () => plain.decode({})],
    ["decode([token])", "CursorError:malformed", () => plain.decode([token])],
    ["decode(function)", "CursorError:malformed", () => plain.decode(() => token)],
    ["decode(new String(token))", "CursorError:malformed", () => plain.decode(new String(token))],
    ["decode({toString: token})", "CursorError:malformed", () => plain.decode({ toString: () => token })],
    ["decode(Proxy throws)", "CursorError:malformed", () => plain.decode(throwingProxy())],
    ["decode('')", "CursorError:malformed", () => plain.decode("")],
    ["decode('AQA=')", "CursorError:malformed", () => plain.decode("AQA=")],
    ["decode('AQ A')", "CursorError:malformed", () => plain.decode("AQ A")],
    ["decode('AQ\\u0000')", "CursorError:malformed", () => plain.decode("AQ\u0000")],
    ["decode(lone surrogate)", "CursorError:malformed", () => plain.decode("AQ\ud800")],
    ["decode(emoji)", "CursorError:malformed", () => plain.decode("AQ😀")],
    ["decode(16 MiB string)", "CursorError:too_large", () => plain.decode(bigString)],
    ["decode(4097 chars)", "CursorError:too_large", () => plain.decode("A".repeat(4097))],
    // maxLength counts characters, not UTF-8 bytes (F8): 4,096 "é" are within the limit.
    ["decode(4096 non-ASCII chars)", "CursorError:malformed", () => plain.decode("é".repeat(4096))],
    ["signed decode(plain token)", "CursorError:bad_signature", () => signed.decode(token)],
    ["plain decode(signed token)", "CursorError:unknown_key", () => plain.decode(signed.encode(1))],
    ["decode options 42", "TypeError", () => plain.decode(token, 42)],
    ["decode scope Symbol", cv, () => signed.decode(signed.encode(1), { scope: Symbol() })],
    ["decode scope cyclic", cv, () => signed.decode(signed.encode(1), { scope: cyclicArray() })],
    // F1 (fixed): a decode never skips the scope check because the scope could not be read.
    ["decode options getter throws", "user", () => plain.decode(token, throwingGetter("scope"))],
    ["decode options Proxy throws", "user", () => plain.decode(token, throwingProxy())],
    ["signed decode of a scoped token, scope getter throws", "user", () =>
      signed.decode(signed.encode(1, { scope: "tenant-a" }), throwingGetter("scope"))],
    ["decodeCursor options getter throws", "user", () => decodeCursor(token, throwingGetter("scope"))],
    ["decodeCursor(42)", "CursorError:malformed", () => decodeCursor(42)],
    ["decodeCursor(huge)", "CursorError:too_large", () => decodeCursor(bigString)],

    // --- the codec's clock ---
    ["now() throws", "user", () => new CursorCodec({ now: () => { throw USER; } }).decode(token)],
    ["now() returns 'x'", cv, () => new CursorCodec({ now: () => "x" }).decode(token)],
    ["now() returns NaN", cv, () => new CursorCodec({ now: () => NaN }).decode(token)],
    ["now() returns a Proxy", cv, () => new CursorCodec({ now: () => throwingProxy() }).decode(token)],
    ["now() returns -1e300 at encode with ttl", cv, () =>
      new CursorCodec({ ttl: 60, now: () => -1e300 }).encode(1)],
    ["now() returns 1e300 at decode of a ttl token", ["CursorError:expired", cv], () => {
      let t = 1714566896789;
      const c = new CursorCodec({ ttl: 60, now: () => t });
      const tok = c.encode(1);
      t = 1e300;
      return c.decode(tok);
    }],

    // --- methods with a wrong `this`, and the wasm classes misused ---
    ["CursorCodec.prototype.encode.call({})", "TypeError", () => CursorCodec.prototype.encode.call({}, 1)],
    ["CursorCodec.prototype.decode.call(null)", "TypeError", () => CursorCodec.prototype.decode.call(null, token)],
    ["codec used after free()", "TypeError", () => {
      const c = new CursorCodec();
      if (typeof c.free !== "function") throw new TypeError("no free()");
      c.free();
      return c.encode(1);
    }],
    // F6 (fixed for the codec, stack and list classes: pkg/api.js checks the receiver).
    ["codec getter after free()", "TypeError", () => {
      const c = new CursorCodec();
      c.free();
      return c.mode;
    }],
    ["misuse is a TypeError with code invalid_argument", "ok", () => {
      const c = new CursorCodec();
      c.free();
      for (const call of [() => c.decode(token), () => CursorCodec.prototype.encode.call({ __wbg_ptr: 8 }, 1)]) {
        try {
          call();
        } catch (e) {
          if (e instanceof TypeError && e.code === "invalid_argument") continue;
          throw e;
        }
        throw new Error("no error");
      }
    }],
    ["CursorStack methods called on a primitive: TypeError invalid_argument, not the engine's", "ok", () => {
      for (const receiver of [5, "stack", undefined, null, Symbol("s")]) {
        for (const call of [() => lib.CursorStack.prototype.forward.call(receiver), () => Object.getOwnPropertyDescriptor(lib.CursorStack.prototype, "page").get.call(receiver)]) {
          try {
            call();
          } catch (e) {
            if (e instanceof TypeError && e.code === "invalid_argument" && /not a CursorStack/.test(e.message)) continue;
            throw e;
          }
          throw new Error("no error");
        }
      }
    }],
    ["CursorCodec: a prototype-made object and a glue pointer are no codec", "ok", () => {
      const fake = Object.create(CursorCodec.prototype);
      for (const call of [() => fake.encode(1), () => fake.mode, () => CursorCodec.prototype.decode.call({ __wbg_ptr: 8, __codecId: 1 }, token)]) {
        try {
          call();
        } catch (e) {
          if (e instanceof TypeError && e.code === "invalid_argument" && /not a CursorCodec/.test(e.message)) continue;
          throw e;
        }
        throw new Error("no error");
      }
      if ("__wrap" in CursorCodec || CursorCodec.__wrap !== undefined) throw new Error("the glue's __wrap is reachable");
    }],
    // Freeing a codec from a getter of the value it is encoding would free the wasm object under
    // its own call: refused, and the codec goes on working.
    ["codec free() from a getter during its own encode", "TypeError", () => {
      const c = new CursorCodec();
      let refused;
      const value = Object.defineProperty({}, "a", {
        enumerable: true,
        get() {
          try {
            c.free();
          } catch (e) {
            refused = e;
          }
          return 1;
        },
      });
      c.encode(value);
      if (!(refused instanceof TypeError) || refused.code !== "invalid_argument") throw new Error("free() was not refused");
      if (c.decode(c.encode({ a: 2 })).value.a !== 2) throw new Error("the codec broke");
      throw refused;
    }],
    ["CursorStack.prototype.forward.call({})", "TypeError", () => lib.CursorStack.prototype.forward.call({}, "t")],
    ["CursorStack page getter on the prototype", "TypeError", () => lib.CursorStack.prototype.page],
    ["stack used after free()", "TypeError", () => {
      const st = new lib.CursorStack();
      st.free();
      return st.toString();
    }],
    ["InfiniteList.prototype.loadMore.call({})", "TypeError", () => lib.InfiniteList.prototype.loadMore.call({})],
    ["list used after free()", "TypeError", () => {
      const list = new lib.InfiniteList(threePages(), keyset());
      list.free();
      return list.items;
    }],
    ["new Paginator() used", "TypeError", () => new lib.Paginator().resumeToken],

    // --- CursorStack (docs/cursor-stack.md) ---
    ["CursorStack(42)", ["TypeError", cv, "ok"], () => new lib.CursorStack(42)],
    ["CursorStack({maxDepth: 0})", "RangeError", () => new lib.CursorStack({ maxDepth: 0 })],
    ["CursorStack({maxDepth: 1.5})", "RangeError", () => new lib.CursorStack({ maxDepth: 1.5 })],
    ["CursorStack({maxDepth: '3'})", ["TypeError", "RangeError"], () => new lib.CursorStack({ maxDepth: "3" })],
    ["CursorStack({codec: {}})", "TypeError", () => new lib.CursorStack({ codec: {} })],
    ["CursorStack({scope: cyclic})", ["TypeError", cv], () => new lib.CursorStack({ scope: cyclicObject() }).toString()],
    ["CursorStack options getter throws", "user", () => new lib.CursorStack(throwingGetter("maxDepth"))],
    ["CursorStack codec getter throws", "user", () => new lib.CursorStack(throwingGetter("codec"))],
    ["CursorStack.from scope getter throws", "user", () =>
      lib.CursorStack.from(new lib.CursorStack({ scope: "q" }).toString(), throwingGetter("scope"))],
    ["stack.record(Symbol())", cv, () => new lib.CursorStack().record(Symbol())],
    ["stack.record(function)", cv, () => new lib.CursorStack().record(() => 1)],
    ["stack.record(cyclic)", cv, () => new lib.CursorStack().record(cyclicObject())],
    ["stack.record(nested 100000 deep)", cv, () => new lib.CursorStack().record(nested(100_000, false))],
    ["stack.record(throwing Proxy)", ["user", cv], () => new lib.CursorStack().record(throwingProxy())],
    // A throw inside the value converter used to unwind through the wasm frames and leave the
    // stack borrowed: every later call was Error("recursive use of an object …").
    ["stack still usable after record/forward(throwing Proxy)", "ok", () => {
      const st = new lib.CursorStack();
      for (const bad of [throwingProxy(), throwingProxy([1]), new Proxy(new Date(0), { get() { throw USER; } }),
        new Proxy(new Uint8Array(2), { get() { throw USER; } }), { a: [throwingProxy()] }]) {
        try { st.record(bad); } catch (e) { if (e !== USER && !(e instanceof lib.CursorError)) throw e; }
        try { st.forward(bad); } catch (e) { if (e !== USER && !(e instanceof lib.CursorError)) throw e; }
      }
      if (st.forward("t2") !== "t2" || st.page !== 2 || lib.CursorStack.from(st.toString()).page !== 2) throw new Error("stack broken");
    }],
    ["encode(Proxy of a Date whose get throws)", getterOrCv, () => plain.encode(new Proxy(new Date(0), { get() { throw USER; } }))],
    ["encode(Proxy of a Uint8Array whose get throws)", getterOrCv, () =>
      plain.encode(new Proxy(new Uint8Array(2), { get() { throw USER; } }))],
    ["encode(revoked Proxy)", getterOrCv, () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return plain.encode(proxy);
    }],
    ["stack.forward() with no next token", "PaginationError:bad_page", () => new lib.CursorStack().forward()],
    ["stack.forward(Symbol())", cv, () => new lib.CursorStack().forward(Symbol())],
    ["stack.goTo('2')", "TypeError", () => new lib.CursorStack().goTo("2")],
    ["stack.goTo(0)", "RangeError", () => new lib.CursorStack().goTo(0)],
    ["stack.goTo(NaN)", "RangeError", () => new lib.CursorStack().goTo(NaN)],
    ["stack.goTo(Infinity)", "RangeError", () => new lib.CursorStack().goTo(Infinity)],
    ["stack.goTo(2**64)", ["RangeError", "PaginationError:bad_page"], () => new lib.CursorStack().goTo(2 ** 64)],
    ["stack.goTo(2n)", "TypeError", () => new lib.CursorStack().goTo(2n)],
    ["stack.reset(Symbol())", cv, () => new lib.CursorStack().reset(Symbol())],
    ["stack of 2000 huge tokens toString()", "CursorError:too_large", () => {
      const st = new lib.CursorStack();
      for (let i = 0; i < 2000; i++) st.forward(`token-${i}-${"x".repeat(100)}`);
      return st.toString();
    }],
    ["CursorStack.from(42)", "CursorError:malformed", () => lib.CursorStack.from(42)],
    ["CursorStack.from(null)", "CursorError:malformed", () => lib.CursorStack.from(null)],
    ["CursorStack.from('garbage!')", "CursorError:malformed", () => lib.CursorStack.from("garbage!")],
    ["CursorStack.from(16 MiB)", "CursorError:too_large", () => lib.CursorStack.from(bigString)],
    ["CursorStack.from(a cursor that is no state)", "CursorError:malformed", () => lib.CursorStack.from(token)],
    ["CursorStack.from(page beyond the kept tokens)", "CursorError:malformed", () =>
      lib.CursorStack.from(encodeCursor({ v: 1n, p: 2n ** 64n - 1n, o: 1n, t: [null] }))],
    ["CursorStack.from(state version 3)", "CursorError:unsupported_version", () =>
      lib.CursorStack.from(encodeCursor({ v: 3n, p: 1n, o: 1n, t: new Uint8Array([0]) }))],
    ["CursorStack.from(state version 2 with a version 1 token list)", "CursorError:malformed", () =>
      lib.CursorStack.from(encodeCursor({ v: 2n, p: 1n, o: 1n, t: [null] }))],
    ["CursorStack.from(state version 2, each entry copying the one before)", "CursorError:malformed", () => {
      // One 1,000-byte token, then 2,000 entries that copy all of it: refused past 1 MiB.
      const t = [1, 0, 0, 0xe8, 0x07, ...new Array(1000).fill(46)];
      for (let i = 0; i < 2000; i++) t.push(1, 0xe8, 0x07, 0, 0);
      const codec = new lib.CursorCodec({ maxLength: 100_000 });
      return lib.CursorStack.from(codec.encode({ v: 2n, p: 2n, o: 2n, t: new Uint8Array(t) }), { codec });
    }],
    ["CursorStack.from(plain state) by a signed codec", "CursorError:bad_signature", () =>
      lib.CursorStack.from(new lib.CursorStack().toString(), { codec: signed })],
    ["stack at page 2^64-1: forward() and goTo()", ["ok", "PaginationError:bad_page", "RangeError", "CursorError:malformed"], () => {
      const max = 2n ** 64n - 1n;
      const st = lib.CursorStack.from(encodeCursor({ v: 1n, p: max, o: max, t: ["x"], n: "y" }));
      try { st.forward(); } catch (e) { if (!(e instanceof lib.PaginationError)) throw e; }
      try { st.goTo(st.page + 1); } catch (e) { if (!(e instanceof lib.PaginationError) && !(e instanceof RangeError)) throw e; }
      if (typeof st.page !== "number") throw new Error("page is not a number");
      st.toString();
    }],

    ["CursorStack.from(state, {maxDepth}) saved and restored again", "ok", () => {
      const st = new lib.CursorStack();
      for (let i = 2; i <= 9; i++) st.forward(`t${i}`);
      st.goTo(5);
      const lowered = lib.CursorStack.from(st.toString(), { maxDepth: 4 });
      const again = lib.CursorStack.from(lowered.toString(), { maxDepth: 4 });
      if (again.page !== 5) throw new Error(`page ${again.page}`);
    }],

    // --- InfiniteList (docs/cursor-stack.md) ---
    ["InfiniteList(null)", "TypeError", () => new lib.InfiniteList(null, keyset())],
    ["InfiniteList({chunkItems: 0})", "RangeError", () => new lib.InfiniteList(threePages(), keyset({ chunkItems: 0 }))],
    ["InfiniteList({chunkItems: '5'})", "TypeError", () => new lib.InfiniteList(threePages(), keyset({ chunkItems: "5" }))],
    ["InfiniteList({maxChunks: -1})", "RangeError", () => new lib.InfiniteList(threePages(), keyset({ maxChunks: -1 }))],
    ["InfiniteList({maxChunks: NaN})", "RangeError", () => new lib.InfiniteList(threePages(), keyset({ maxChunks: NaN }))],
    ["InfiniteList options getter throws", "user", () => new lib.InfiniteList(threePages(), throwingGetter("chunkItems"))],
    // The options are copied for every load: a getter that throws at a later load is that
    // load's error, and the list keeps working (it used to unwind through wasm with the list
    // borrowed: the load never settled).
    ["InfiniteList options getter throws at a later load", "ok", async () => {
      let reads = 0;
      const options = Object.defineProperty({ preset: "keyset", chunkItems: 2 }, "extra", {
        enumerable: true,
        get() { if (++reads === 3) throw USER; return 1; },
      });
      const list = new lib.InfiniteList(threePages(), options);
      const first = await list.loadMore();
      const second = await list.loadMore().then(() => "resolved", (e) => e);
      const third = await list.loadMore();
      if (first.join() !== "1,2" || second !== USER || third.join() !== "3" || list.items.join() !== "1,2,3") {
        throw new Error(`got ${first} / ${second} / ${third} / ${list.items}`);
      }
    }],
    ["InfiniteList.from scope getter throws", "user", () => {
      const saved = new lib.InfiniteList(threePages(), keyset({ scope: "q" })).toString();
      return lib.InfiniteList.from(saved, threePages(), Object.defineProperty(keyset(), "scope", { get() { throw USER; } }));
    }],
    ["InfiniteList loadMore, fetchPage throws", "PaginationError:fetch_failed(cause=user)", () =>
      new lib.InfiniteList(() => { throw USER; }, keyset()).loadMore()],
    ["InfiniteList loadMore, page is null", "PaginationError:bad_page", () =>
      new lib.InfiniteList(async () => null, keyset()).loadMore()],
    ["InfiniteList loadMore never settles, signal aborts", "PaginationError:aborted", () =>
      new lib.InfiniteList(neverSettles, keyset({ signal: abortSoon() })).loadMore()],
    ["InfiniteList listener throws", "ok", async () => {
      const list = new lib.InfiniteList(threePages(), keyset({ chunkItems: 2 }));
      list.subscribe(() => { throw USER; });
      const got = await list.loadMore();
      if (got.join() !== "1,2") throw new Error(`got ${got}`);
    }],
    ["InfiniteList subscribe(42)", ["TypeError", "ok"], () => new lib.InfiniteList(threePages(), keyset()).subscribe(42)],
    ["InfiniteList.from(42)", "CursorError:malformed", () => lib.InfiniteList.from(42, threePages(), keyset())],
    ["InfiniteList.from('garbage!')", "CursorError:malformed", () => lib.InfiniteList.from("garbage!", threePages(), keyset())],
    ["InfiniteList.from(a stack state)", "CursorError:malformed", () =>
      lib.InfiniteList.from(new lib.CursorStack().toString(), threePages(), keyset())],
    ["InfiniteList.from(16 MiB)", "CursorError:too_large", () => lib.InfiniteList.from(bigString, threePages(), keyset())],

    // --- page models (docs/page-models.md) ---
    ["offsetPage(null)", "TypeError", () => lib.offsetPage(null)],
    ["offsetPage total '5'", "TypeError", () => lib.offsetPage({ total: "5", page: 1, limit: 1 })],
    ["offsetPage total -1", "RangeError", () => lib.offsetPage({ total: -1, page: 1, limit: 1 })],
    ["offsetPage total 2^60", "RangeError", () => lib.offsetPage({ total: 2 ** 60, page: 1, limit: 1 })],
    ["offsetPage offset beyond 2^53", "RangeError", () => lib.offsetPage({ total: 10, page: 2 ** 52, limit: 4 })],
    ["offsetPage limit 1.5", "RangeError", () => lib.offsetPage({ total: 10, page: 1, limit: 1.5 })],
    ["offsetPage page 5n", "TypeError", () => lib.offsetPage({ total: 10, page: 5n, limit: 1 })],
    ["offsetPage getter throws", "user", () => lib.offsetPage(throwingGetter("total"))],
    ["paginateOffset options Proxy throws", "user", () => lib.paginateOffset([1], throwingProxy())],
    ["paginateOffset(throwing Proxy array)", "user", () => lib.paginateOffset(throwingProxy([1, 2]), { page: 1, limit: 1 })],
    ["paginateKeyset keys getter throws", "user", () => lib.paginateKeyset([{ id: 1 }], { get keys() { throw USER; }, limit: 1 })],
    ["paginateKeyset keys Proxy throws", "user", () => lib.paginateKeyset([{ id: 1 }], { keys: throwingProxy(["id"]), limit: 1 })],
    ["paginateKeyset scope getter throws", "user", () =>
      lib.paginateKeyset([{ id: 1 }], Object.defineProperty({ keys: ["id"], limit: 1 }, "scope", { get() { throw USER; } }))],
    ["paginateKeyset items throwing Proxy array", "user", () =>
      lib.paginateKeyset(throwingProxy([{ id: 1 }]), { keys: ["id"], limit: 1 })],
    ["paginateOffset('abc')", "TypeError", () => lib.paginateOffset("abc", { page: 1, limit: 1 })],
    ["paginateOffset(10^6 items) last page", "ok", () => {
      const r = lib.paginateOffset(bigArray, { page: 1_000_000, limit: 1 });
      if (r.items.length !== 1 || r.hasNext) throw new Error("wrong last page");
    }],
    ["paginateKeyset keys []", "TypeError", () => lib.paginateKeyset([{ id: 1 }], { keys: [], limit: 1 })],
    ["paginateKeyset limit 0", "RangeError", () => lib.paginateKeyset([{ id: 1 }], { keys: ["id"], limit: 0 })],
    ["paginateKeyset items [1, 2]", "TypeError", () => lib.paginateKeyset([1, 2], { keys: ["id"], limit: 1 })],
    ["paginateKeyset duplicate keys", "RangeError", () => lib.paginateKeyset([{ id: 1 }, { id: 1 }], { keys: ["id"], limit: 1 })],
    ["paginateKeyset key is a function", cv, () => lib.paginateKeyset([{ id: () => 1 }], { keys: ["id"], limit: 1 })],
    ["paginateKeyset after 42", "CursorError:malformed", () => lib.paginateKeyset([{ id: 1 }], { keys: ["id"], limit: 1, after: 42 })],
    ["paginateKeyset after 'garbage!'", "CursorError:malformed", () =>
      lib.paginateKeyset([{ id: 1 }], { keys: ["id"], limit: 1, after: "garbage!" })],
    ["paginateKeyset after a plain cursor of other keys", "CursorError:malformed", () =>
      lib.paginateKeyset([{ id: 1 }], { keys: ["id"], limit: 1, after: encodeCursor({ other: 1 }) })],
    ["paginateKeyset after 16 MiB", "CursorError:too_large", () =>
      lib.paginateKeyset([{ id: 1 }], { keys: ["id"], limit: 1, after: bigString })],
    ["paginateKeyset item getter throws", ["user", "TypeError", cv], () =>
      lib.paginateKeyset([throwingGetter("id")], { keys: ["id"], limit: 1 })],

    // --- paginate(fetchPage, options): argument types ---
    ["paginate(null)", "TypeError", () => walk(null, keyset())],
    ["paginate(42)", "TypeError", () => walk(42, keyset())],
    ["paginate({})", "TypeError", () => walk({}, keyset())],
    ["paginate(Proxy throws)", "TypeError", () => walk(throwingProxy(), keyset())],
    ["paginate options 42", "TypeError", () => walk(threePages(), 42)],
    ["paginate options 'keyset'", "TypeError", () => walk(threePages(), "keyset")],
    ["paginate options getter throws", "user", () => walk(threePages(), throwingGetter("preset"))],
    ["paginate options Proxy throws", "user", () => walk(threePages(), throwingProxy())],
    ["paginate preset 'nope'", "TypeError", () => walk(threePages(), { preset: "nope" })],
    ["paginate preset 5", "TypeError", () => walk(threePages(), { preset: 5 })],
    ["paginate no preset, no next", "TypeError", () => walk(threePages(), {})],
    ["paginate items 42", "TypeError", () => walk(threePages(), keyset({ items: 42 }))],
    ["paginate next Symbol", "TypeError", () => walk(threePages(), keyset({ next: Symbol() }))],
    // docs/paginator.md: pageSize is an integer >= 1, passed to fetchPage as is.
    ["paginate pageSize 'x'", "TypeError", () => walk(threePages(), keyset({ pageSize: "x" }))],
    ["paginate maxPages NaN", "RangeError", () => walk(threePages(), keyset({ maxPages: NaN }))],
    ["paginate maxItems -1", "RangeError", () => walk(threePages(), keyset({ maxItems: -1 }))],
    ["paginate prefetch 'x'", "TypeError", () => walk(threePages(), keyset({ prefetch: "x" }))],
    ["paginate segments 0", "RangeError", () => walk(threePages(), keyset({ segments: 0 }))],
    ["paginate segments 2^40", "RangeError", () => walk(threePages(), keyset({ segments: 2 ** 40 }))],
    ["paginate segment 3 of 2", "RangeError", () => walk(threePages(), keyset({ segment: { segment: 3, total: 2 } }))],
    ["paginate segment getter throws", "user", () =>
      walk(threePages(), keyset({ segment: throwingGetter("segment") }))],
    ["paginate onSameToken 'maybe'", "TypeError", () => walk(threePages(), keyset({ onSameToken: "maybe" }))],
    ["paginate signal {}", "TypeError", () => walk(threePages(), keyset({ signal: {} }))],
    ["paginate retry 5", ["TypeError", "ok"], () => walk(threePages(), keyset({ retry: 5 }))],
    ["paginate retry.retries -1", "RangeError", () => walk(threePages(), keyset({ retry: { retries: -1 } }))],
    ["paginate codec {}", "TypeError", () => walk(threePages(), keyset({ codec: {} }))],
    ["paginate codec forged {__codecId}", "TypeError", () => {
      const secret = new CursorCodec({ keys: [{ id: "server", secret: "not for this caller" }] });
      // Code without a reference to `secret` can only guess its registry id (53 random bits).
      void secret;
      const forged = { __codecId: 1 };
      return walk(async () => ({ items: [1, 2], next_cursor: "n" }), keyset({ maxItems: 1, codec: forged }));
    }],
    ["paginate codec after free()", ["TypeError", "CursorError:unsupported_value"], () => {
      const c = new CursorCodec();
      if (typeof c.free !== "function") throw new TypeError("no free()");
      c.free();
      return walk(threePages(), keyset({ codec: c }));
    }],
    ["paginate scope Symbol", ["TypeError", cv], () => walk(threePages(), keyset({ scope: Symbol() }))],
    ["paginate scope cyclic", ["TypeError", cv], () => walk(threePages(), keyset({ scope: cyclicObject() }))],
    ["paginate resumeToken 42", ["TypeError", "PaginationError:bad_resume_token"], () =>
      walk(threePages(), keyset({ resumeToken: 42 }))],
    ["paginate resumeToken garbage", "PaginationError:bad_resume_token", () =>
      walk(threePages(), keyset({ resumeToken: "garbage!" }))],
    ["paginate resumeToken 16 MiB", "PaginationError:bad_resume_token", () =>
      walk(threePages(), keyset({ resumeToken: bigString }))],
    ["paginate resumeToken = a plain cursor", "PaginationError:bad_resume_token", () =>
      walk(threePages(), keyset({ resumeToken: token }))],

    // --- fetchPage misbehaving ---
    ["fetchPage returns a page, not a promise", "ok", () =>
      walk((t) => (t === undefined ? { items: [1], next_cursor: "n" } : { items: [2] }), keyset())],
    ["fetchPage throws synchronously", "PaginationError:fetch_failed(cause=user)", () =>
      walk(() => { throw USER; }, keyset())],
    ["fetchPage rejects", "PaginationError:fetch_failed(cause=user)", () => walk(() => Promise.reject(USER), keyset())],
    ["fetchPage throws a non-Error (42)", "PaginationError:fetch_failed", () => walk(() => { throw 42; }, keyset())],
    ["fetchPage resolves undefined", "PaginationError:bad_page", () => walk(async () => undefined, keyset())],
    ["fetchPage resolves null", "PaginationError:bad_page", () => walk(async () => null, keyset())],
    ["fetchPage resolves 42", "PaginationError:bad_page", () => walk(async () => 42, keyset())],
    ["fetchPage resolves 'page'", "PaginationError:bad_page", () => walk(async () => "page", keyset())],
    ["fetchPage resolves Symbol", "PaginationError:bad_page", () => walk(async () => Symbol(), keyset())],
    ["fetchPage resolves a function", ["ok", "PaginationError:bad_page"], () => walk(async () => () => 1, keyset())],
    // An async fetchPage cannot resolve to such a page: resolving a promise with it reads its
    // `then`, which throws, so the user's own promise rejects with that error before the
    // paginator sees a page — a failed fetch (cause = the error). Returned as is: bad_page.
    ["fetchPage resolves a throwing Proxy", "PaginationError:fetch_failed(cause=user)", () =>
      walk(async () => throwingProxy(), keyset())],
    ["fetchPage returns a throwing Proxy", "PaginationError:bad_page(cause=user)", () =>
      walk(() => throwingProxy(), keyset())],
    ["page.items getter throws", "PaginationError:bad_page(cause=user)", () =>
      walk(async () => throwingGetter("items"), keyset())],
    ["page.next_cursor getter throws", "PaginationError:bad_page(cause=user)", () =>
      walk(async () => Object.defineProperty({ items: [] }, "next_cursor", { get() { throw USER; } }), keyset())],
    ["page.items is 42", "PaginationError:bad_page", () => walk(async () => ({ items: 42 }), keyset())],
    ["page.items is a string", "PaginationError:bad_page", () => walk(async () => ({ items: "abc" }), keyset())],
    ["page.items is a throwing Proxy array", "PaginationError:bad_page(cause=user)", () =>
      walk(async () => ({ items: throwingProxy([1]) }), keyset())],
    ["items function throws", "PaginationError:bad_page(cause=user)", () =>
      walk(async () => ({ n: null }), { next: "n", items: () => { throw USER; } })],
    ["items function returns 42", "PaginationError:bad_page", () => walk(async () => ({ n: null }), { next: "n", items: () => 42 })],
    ["next function throws", "PaginationError:bad_page(cause=user)", () =>
      walk(async () => ({ items: [] }), { items: "items", next: () => { throw USER; } })],
    ["more function throws", "PaginationError:bad_page(cause=user)", () =>
      walk(async () => ({ items: [], n: "x" }), { items: "items", next: "n", more: () => { throw USER; } })],
    ["page of 10^6 items", "ok", () => walk(async () => ({ items: bigArray }), keyset())],
    ["cyclic next token is still followed", "ok", async () => {
      const seen = [];
      const items = await walk(async (t) => {
        seen.push(t);
        return t === undefined ? { items: [1], next_cursor: cyclicObject() } : { items: [2] };
      }, keyset());
      if (items.join() !== "1,2" || seen.length !== 2 || seen[1].self !== seen[1]) throw new Error("not followed");
    }],
    ["Symbol next token is still followed", "ok", async () => {
      const sym = Symbol("next");
      const items = await walk(async (t) => (t === sym ? { items: [2] } : { items: [1], next_cursor: sym }), keyset());
      if (items.join() !== "1,2") throw new Error(`got ${items}`);
    }],
    ["retryable() throws", ["PaginationError:fetch_failed(cause=user)", "PaginationError:fetch_failed", "user"], () =>
      walk(() => { throw new Error("boom"); }, keyset({ retry: { retryable: () => { throw USER; } } }))],
    ["then() of a thenable throws", "PaginationError:fetch_failed(cause=user)", () =>
      walk(() => ({ then() { throw USER; } }), keyset())],
    ["fetchPage never settles, signal aborts", "PaginationError:aborted", () =>
      walk(neverSettles, keyset({ signal: abortSoon() }))],
    ["a thenable that never settles, signal aborts", "PaginationError:aborted", () =>
      walk(() => ({ then() {} }), keyset({ signal: abortSoon() }))],
    ["aborted with a Symbol reason", "PaginationError:aborted", () => {
      const c = new AbortController();
      setTimeout(() => c.abort(Symbol("why")), 10);
      return walk(neverSettles, keyset({ signal: c.signal }));
    }],
    ["signal aborted before the first request", "PaginationError:aborted(cause=user)", () => {
      const c = new AbortController();
      c.abort(USER);
      return walk(threePages(), keyset({ signal: c.signal }));
    }],
    ["fetchPage never settles, timeLimitMs", "ok", () => walk(neverSettles, keyset({ timeLimitMs: 30 }))],
    ["concurrent next() calls", "ok", async () => {
      const it = paginate(threePages(), keyset())[Symbol.asyncIterator]();
      const all = await Promise.allSettled([it.next(), it.next(), it.next(), it.next(), it.next()]);
      for (const r of all) {
        if (r.status === "rejected" && classify(lib, r.reason).startsWith("WebAssembly")) throw r.reason;
      }
    }],
    ["return() while next() is pending", "ok", async () => {
      const it = paginate(neverSettles, keyset())[Symbol.asyncIterator]();
      const pending = it.next();
      await it.return();
      await Promise.race([pending.catch(() => {}), new Promise((r) => setTimeout(r, 50))]);
    }],
    ["items() and pages interleaved", ["ok", "PaginationError:aborted"], async () => {
      const p = paginate(threePages(), keyset());
      const items = p.items()[Symbol.asyncIterator]();
      const pages = p[Symbol.asyncIterator]();
      await items.next();
      await pages.next();
      await items.next();
    }],
  ];
}

/**
 * Deviations found by these cases and reported (docs/security.md, "Findings"): the case name
 * and the outcome seen instead of the expected one. A listed case that shows its expected
 * outcome passes too (the bug was fixed: drop the entry); any other outcome fails.
 */
export const KNOWN = {
  // Empty: every finding of docs/security.md is fixed. A new finding is pinned here with the
  // outcome it has today until it is fixed.
};

const HANG_MS = 3000;

/**
 * The outcome of one case's call, classified (a returned paginator is walked to its end); a
 * guard, not a timing assertion: a call that never settles within `hangMs` is "hang".
 */
export async function settle(lib, call, hangMs) {
  let timer;
  const hang = new Promise((resolve) => { timer = setTimeout(() => resolve("hang"), hangMs); });
  const attempt = (async () => {
    try {
      const r = await call();
      if (r && typeof r === "object" && typeof r.toArray === "function") await r.toArray();
      return "ok";
    } catch (err) {
      return classify(lib, err);
    }
  })();
  const got = await Promise.race([attempt, hang]);
  clearTimeout(timer);
  return got;
}

/** Runs every case, then the sanity check; returns one row per case. */
export async function runHostile(lib) {
  const rows = [];
  for (const [name, expected, call] of cases(lib)) {
    const accept = Array.isArray(expected) ? expected : [expected];
    const got = await settle(lib, call, HANG_MS);
    let after = "ok";
    try {
      await sanity(lib);
    } catch (err) {
      after = `module broken: ${classify(lib, err)} ${err?.message ?? ""}`;
    }
    const status = after !== "ok" ? "fail" : accept.includes(got) ? "ok" : KNOWN[name] === got ? "known" : "fail";
    rows.push({ name, expected: accept.join(" | "), got, status, ok: status !== "fail", after });
  }
  return rows;
}
