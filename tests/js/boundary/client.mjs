// Boundary cases of the client area (see ./index.mjs for the shape of each export): CursorStack,
// offsetPage / paginateOffset / paginateKeyset, the error factories, and the guard of
// pkg/api.js around the wasm objects' pointers. A case whose call returns normally has the
// outcome "ok"; a case that checks a value throws an Error naming what it got, so a wrong value
// can never pass as "ok".
import { USER } from "../hostile.mjs";

const CV = "CursorError:unsupported_value";
const MAX = Number.MAX_SAFE_INTEGER;

function must(ok, what) {
  if (!ok) throw new Error(what);
}

const revoked = (target = {}) => {
  const r = Proxy.revocable(target, {});
  r.revoke();
  return r.proxy;
};

/** A Proxy array whose `length` reads `lengths[0]`, then `lengths[1]`, … (the last one stays). */
function lyingLength(items, ...lengths) {
  let reads = 0;
  return new Proxy(items, {
    get(t, k, r) {
      if (k === "length") return lengths[Math.min(reads++, lengths.length - 1)];
      return Reflect.get(t, k, r);
    },
  });
}

/** Runs `fn` while `Object.prototype[key]` is an accessor whose setter and getter throw. */
function pollutedObjectPrototype(keys, fn) {
  const saved = keys.map((k) => [k, Object.getOwnPropertyDescriptor(Object.prototype, k)]);
  for (const k of keys) {
    Object.defineProperty(Object.prototype, k, { configurable: true, get() { throw USER; }, set() { throw USER; } });
  }
  try {
    return fn();
  } finally {
    for (const [k, d] of saved) {
      if (d) Object.defineProperty(Object.prototype, k, d);
      else delete Object.prototype[k];
    }
  }
}

const rows = () => Array.from({ length: 5 }, (_, i) => ({ id: i + 1, t: new Date(Date.UTC(2026, 0, 1 + i)) }));

/** A token whose property `a` is a getter that runs `fn` when the stack reads the token. */
const tokenCalling = (fn) => Object.defineProperty({}, "a", { enumerable: true, get: () => (fn(), 1) });

export function cases(lib) {
  const { CursorStack, CursorCodec, offsetPage, paginateOffset, paginateKeyset, decodeCursor } = lib;
  const fakeStack = (ptr) => Object.assign(Object.create(CursorStack.prototype), { __wbg_ptr: ptr });
  return [
    // --- poisoning: a throw through wasm frames (revoked Proxies, Array.isArray, instanceof) ---
    ["paginateOffset(revoked Proxy)", "TypeError", () => paginateOffset(revoked([]), { page: 1, limit: 1 })],
    ["paginateOffset(rows, revoked options)", "TypeError", () => paginateOffset([1], revoked())],
    ["paginateKeyset(revoked Proxy)", "TypeError", () => paginateKeyset(revoked([]), { keys: ["id"], limit: 1 })],
    ["paginateKeyset keys: revoked Proxy", "TypeError", () => paginateKeyset(rows(), { keys: revoked([]), limit: 1 })],
    ["paginateKeyset item is a revoked Proxy", "TypeError", () => paginateKeyset([revoked()], { keys: ["id"], limit: 1 })],
    ["paginateKeyset key value is a revoked Proxy", CV, () => paginateKeyset([{ id: revoked() }], { keys: ["id"], limit: 1 })],
    ["offsetPage(revoked Proxy)", "TypeError", () => offsetPage(revoked())],
    // The engine's TypeError of a revoked Proxy becomes the package's argument error: a code,
    // and a message that says what was wrong.
    ["paginateOffset/paginateKeyset of a revoked Proxy: TypeError with code invalid_argument", "ok", () => {
      for (const call of [
        () => paginateOffset(revoked([]), { page: 1, limit: 1 }),
        () => paginateKeyset(revoked([]), { keys: ["id"], limit: 1 }),
        () => paginateKeyset(rows(), { keys: revoked([]), limit: 1 }),
      ]) {
        let err;
        try { call(); } catch (e) { err = e; }
        if (!(err instanceof TypeError) || err.code !== "invalid_argument" || !/revoked Proxy/.test(err.message)) {
          throw new Error(`got ${err?.name} ${err?.code} ${err?.message}`);
        }
      }
    }],
    // A bound on the work: a Proxy claiming 2^32 - 1 rows was read row by row for minutes.
    ["paginateKeyset of a Proxy claiming 2^32 - 1 rows is a RangeError at once", "RangeError", () =>
      paginateKeyset(new Proxy([], { get: (t, k) => (k === "length" ? 4294967295 : Reflect.get(t, k)) }), { keys: ["id"], limit: 1 })],
    ["stack.record(revoked Proxy)", CV, () => new CursorStack().record(revoked())],
    ["stack.forward(revoked Proxy array)", CV, () => new CursorStack().forward(revoked([]))],
    ["stack.reset(revoked Proxy)", CV, () => new CursorStack().reset(revoked())],
    ["new CursorStack(revoked Proxy)", "TypeError", () => new CursorStack(revoked())],
    ["CursorStack.from(state, revoked Proxy)", "TypeError", () => CursorStack.from(new CursorStack().toString(), revoked())],
    ["CursorStack.from(revoked Proxy)", "CursorError:malformed", () => CursorStack.from(revoked())],
    ["new CursorStack({scope: revoked Proxy})", CV, () => new CursorStack({ scope: revoked() })],
    ["paginateOffset(Proxy array, throwing element trap)", "user", () =>
      paginateOffset(new Proxy([1, 2], { get: (t, k, r) => (k === "0" ? (() => { throw USER; })() : Reflect.get(t, k, r)) }), { page: 1, limit: 2 })],

    // --- lying lengths: read once, never truncated, never an allocation sized by them ---
    ["paginateOffset(Proxy array whose length is 2^40)", "RangeError", () =>
      paginateOffset(lyingLength([1, 2], 2 ** 40), { page: 1, limit: 2 })],
    ["paginateOffset(Proxy array whose length is '2')", "RangeError", () =>
      paginateOffset(lyingLength([1, 2], "2"), { page: 1, limit: 2 })],
    ["paginateOffset: length 2, then 10^9 at a second read", "ok", () => {
      const page = paginateOffset(lyingLength([1, 2], 2, 1e9), { page: 1, limit: 5 });
      must(page.total === 2 && page.items.length === 2 && page.items[1] === 2, `got ${JSON.stringify(page)}`);
    }],
    ["paginateKeyset: length 5, then 10^9 at a second read", "ok", () => {
      const page = paginateKeyset(lyingLength(rows(), 5, 1e9), { keys: ["id"], limit: 2 });
      must(page.items.length === 2 && page.hasNext, `got ${page.items.length} items`);
    }],
    ["paginateKeyset keys: length 1, then 10^9", "ok", () =>
      must(paginateKeyset(rows(), { keys: lyingLength(["id"], 1, 1e9), limit: 2 }).items.length === 2, "keys re-read")],
    ["paginateKeyset items Proxy whose length is 2^32", "RangeError", () =>
      paginateKeyset(lyingLength(rows(), 2 ** 32), { keys: ["id"], limit: 2 })],
    ["paginateKeyset reads each item once", "ok", () => {
      let reads = 0;
      const items = new Proxy(rows(), { get: (t, k, r) => (k === "2" && reads++, Reflect.get(t, k, r)) });
      paginateKeyset(items, { keys: ["t", "id"], limit: 2 });
      must(reads === 1, `item 2 read ${reads} times`);
    }],

    // --- fake and lying Dates as keys ---
    ["paginateKeyset key: Date subclass overriding getTime", "ok", () => {
      class D extends Date { getTime() { return 5; } }
      const page = paginateKeyset([{ t: new D(1000), id: 1 }, { t: new D(2000), id: 2 }], { keys: ["t", "id"], limit: 1 });
      const t = decodeCursor(page.nextCursor).value;
      must(JSON.stringify(t).includes("1970-01-01T00:00:01.000Z"), `cursor carries ${JSON.stringify(t)}`);
    }],
    ["paginateKeyset key: Object.create(Date.prototype) with getTime", CV, () => {
      const fake = Object.create(Date.prototype, { getTime: { value: () => 5 } });
      return paginateKeyset([{ t: fake, id: 1 }, { t: fake, id: 2 }], { keys: ["t", "id"], limit: 1 });
    }],
    ["paginateKeyset key: a Date in a Proxy", CV, () =>
      paginateKeyset([{ t: new Proxy(new Date(5), {}), id: 1 }], { keys: ["t", "id"], limit: 1 })],

    // --- a polluted Object.prototype: no setter runs, no getter is read through ---
    ["paginateOffset with throwing Object.prototype setters", "ok", () =>
      pollutedObjectPrototype(["items", "page", "total", "hasNext", "0"], () => {
        const p = paginateOffset([1, 2, 3], { page: 1, limit: 2 });
        must(Object.getOwnPropertyNames(p).join() === "items,page,limit,total,pages,offset,hasNext,hasPrevious", "fields");
        must(Object.getOwnPropertyDescriptor(p.items, "0").value === 1 && p.total === 3, "values");
      })],
    ["offsetPage with throwing Object.prototype setters", "ok", () =>
      pollutedObjectPrototype(["page", "pages", "offset"], () =>
        must(Object.getOwnPropertyDescriptor(offsetPage({ total: 95, page: 3, limit: 20 }), "offset").value === 40, "offset"))],
    ["paginateKeyset with throwing Object.prototype setters", "ok", () =>
      pollutedObjectPrototype(["items", "nextCursor", "hasNext", "0", "1"], () => {
        const p = paginateKeyset([{ id: 2 }, { id: 1 }, { id: 3 }], { keys: ["id"], limit: 2 });
        must(Object.getOwnPropertyDescriptor(p, "nextCursor") && Object.getOwnPropertyDescriptor(p.items, "0").value.id === 1, "page");
      })],
    ["errors with a throwing Object.prototype 'code', 'cause' and 'resumeToken'", "ok", () =>
      pollutedObjectPrototype(["code", "cause", "resumeToken"], () => {
        let err;
        try { new CursorStack().forward(); } catch (e) { err = e; }
        must(err instanceof lib.PaginationError && Object.getOwnPropertyDescriptor(err, "code").value === "bad_page", "stack error");
        try { offsetPage({ total: 1, page: 0, limit: 1 }); } catch (e) { err = e; }
        must(err instanceof RangeError && Object.getOwnPropertyDescriptor(err, "code").value === "invalid_argument", "range error");
        try { CursorStack.from("garbage!"); } catch (e) { err = e; }
        must(err instanceof lib.CursorError && Object.getOwnPropertyDescriptor(err, "code").value === "malformed", "cursor error");
      })],

    // --- re-entrancy: user code inside a call that calls the same stack ---
    ["stack.record(token whose getter reads stack.page)", "ok", () => {
      const st = new CursorStack();
      let seen;
      st.record(tokenCalling(() => { seen = st.page; }));
      must(seen === 1 && st.hasNext && st.forward().a === 1 && st.page === 2, "stack state");
    }],
    ["stack.record(token whose getter calls stack.forward)", "ok", () => {
      const st = new CursorStack();
      st.record("t2");
      st.record(tokenCalling(() => st.forward()));
      // The nested forward moved to page 2 before the outer record ran: it records page 2's next.
      must(st.page === 2 && st.hasNext && st.forward().a === 1 && st.page === 3, `page ${st.page}`);
      must(CursorStack.from(st.toString()).page === 3, "state round trip");
    }],
    ["stack.forward(token whose getter calls stack.back, record, goTo, reset, toString)", "ok", () => {
      const st = new CursorStack();
      st.record("t2");
      st.forward();
      const token = st.forward(tokenCalling(() => { st.back(); st.record("x"); st.goTo(1); st.toString(); st.reset(); }));
      must(token.a === 1 && st.page === 2 && CursorStack.from(st.toString()).page === 2, `page ${st.page}`);
    }],
    ["stack.reset(scope whose getter calls stack.record)", "ok", () => {
      const st = new CursorStack();
      st.reset(tokenCalling(() => st.record("t")));
      must(st.page === 1 && !st.hasNext, "reset after the nested record");
    }],
    ["stack.toString() with a codec whose now() calls stack.forward", "ok", () => {
      let st;
      const codec = new CursorCodec({ keys: [{ id: "k", secret: "s" }], ttl: 60, now: () => { if (st.hasNext) st.forward(); return Date.now(); } });
      st = new CursorStack({ codec });
      st.record("t2");
      const saved = st.toString();
      must(CursorStack.from(saved, { codec }).page === 1 && st.page === 2, "snapshot before the nested forward");
    }],
    ["CursorStack.from(state, options whose getter calls CursorStack.from)", "ok", () => {
      const state = new CursorStack().toString();
      const options = Object.defineProperty({}, "scope", { get: () => (CursorStack.from(state), undefined) });
      must(CursorStack.from(state, options).page === 1, "from");
    }],
    ["paginateKeyset rows whose getter calls paginateKeyset", "ok", () => {
      const inner = rows();
      const items = [{ get id() { paginateKeyset(inner, { keys: ["id"], limit: 1 }); return 1; } }, { id: 2 }];
      must(paginateKeyset(items, { keys: ["id"], limit: 1 }).hasNext, "outer page");
    }],
    ["stack.free() from a getter inside stack.record", CV, () => {
      const st = new CursorStack();
      try {
        st.record(tokenCalling(() => st.free()));
      } finally {
        must(st.page === 1, "the stack is still alive after the refused free");
        st.free();
      }
    }],

    // --- the guard of pkg/api.js: no call reaches wasm with a pointer that is not the object's ---
    ["a method on Object.create(prototype) with a fake __wbg_ptr", "TypeError", () => CursorStack.prototype.back.call(fakeStack(8))],
    ["a getter on a fake with __wbg_ptr", "TypeError", () => Object.getOwnPropertyDescriptor(CursorStack.prototype, "page").get.call(fakeStack(16))],
    ["free() of a fake", "TypeError", () => CursorStack.prototype.free.call({ __wbg_ptr: 8, __destroy_into_raw: () => 8 })],
    ["Symbol.dispose of a fake", "TypeError", () => {
      const dispose = CursorStack.prototype[Symbol.dispose];
      if (typeof dispose !== "function") throw new TypeError("no Symbol.dispose");
      dispose.call(fakeStack(8));
    }],
    ["a Proxy of a live stack", "TypeError", () => new Proxy(new CursorStack(), {}).page],
    ["a Proxy of a live codec whose __wbg_ptr lies", "TypeError", () => {
      const codec = new CursorCodec();
      return new Proxy(codec, { get: (t, k) => (k === "__wbg_ptr" ? 8 : Reflect.get(t, k)) }).encode(1);
    }],
    // The public CursorStack (pkg/stack.js) keeps its wasm object in a private field: a
    // `__wbg_ptr` written on it is an ordinary property that no call reads, so the stack goes
    // on with its own state (a second stack's pointer is never reached).
    ["__wbg_ptr written over on a live stack", "ok", () => {
      const other = new CursorStack();
      other.record("other");
      const st = new CursorStack();
      st.record("mine");
      st.__wbg_ptr += 8;
      must(st.page === 1 && st.forward() === "mine" && other.forward() === "other", "each stack keeps its own state");
    }],
    ["an accessor defined over __wbg_ptr of a live stack", "ok", () => {
      const st = new CursorStack();
      st.record("mine");
      let reads = 0;
      Object.defineProperty(st, "__wbg_ptr", { get: () => (reads++, 8) });
      must(st.forward() === "mine" && reads === 0, "the accessor is never read");
    }],
    ["__wbg_ptr restored after free()", "TypeError", () => {
      const st = new CursorStack();
      const ptr = st.__wbg_ptr;
      st.free();
      try { st.__wbg_ptr = ptr; } catch {}
      return st.page;
    }],
    ["own __destroy_into_raw on a live stack, then free()", "TypeError", () => {
      const st = new CursorStack();
      st.__destroy_into_raw = () => 8;
      st.free();
      return st.page;
    }],
    ["CursorStack.__wrap is out of reach", "TypeError", () => CursorStack.__wrap(8).page],
    ["new stack.constructor() is branded", "ok", () => must(new (new CursorStack().constructor)().page === 1, "constructor")],
    ["a subclass of CursorStack", "ok", () => {
      class Mine extends CursorStack {}
      const st = new Mine();
      st.record("t");
      must(st instanceof CursorStack && st.forward() === "t", "subclass");
    }],
    ["CursorStack.from(...) instanceof CursorStack", "ok", () =>
      must(CursorStack.from(new CursorStack().toString()) instanceof CursorStack, "instanceof")],

    // --- one policy for numbers: integers only, documented ranges, never truncated ---
    ["CursorStack({maxDepth: 2^53-1}).maxDepth", "ok", () => {
      const d = new CursorStack({ maxDepth: MAX }).maxDepth;
      must(d === MAX, `maxDepth reads ${d}`);
    }],
    ["CursorStack({maxDepth: 2^32}) state round trip", "ok", () => {
      const st = new CursorStack({ maxDepth: 2 ** 32 });
      must(CursorStack.from(st.toString()).maxDepth === 2 ** 32, "restored depth");
    }],
    ["CursorStack({maxDepth: 2^53})", "RangeError", () => new CursorStack({ maxDepth: 2 ** 53 })],
    ["CursorStack({maxDepth: 2.5})", "RangeError", () => new CursorStack({ maxDepth: 2.5 })],
    ["CursorStack({maxDepth: -Infinity})", "RangeError", () => new CursorStack({ maxDepth: -Infinity })],
    ["CursorStack({maxDepth: 3n})", "TypeError", () => new CursorStack({ maxDepth: 3n })],
    ["CursorStack.from(state, {maxDepth: 0})", "RangeError", () => CursorStack.from(new CursorStack().toString(), { maxDepth: 0 })],
    ["stack.goTo(2^53)", "RangeError", () => new CursorStack().goTo(2 ** 53)],
    ["stack.goTo(1.5)", "RangeError", () => new CursorStack().goTo(1.5)],
    ["stack.goTo(2^53-1)", "PaginationError:bad_page", () => new CursorStack().goTo(MAX)],
    ["offsetPage total 2^53", "ok", () => must(offsetPage({ total: 2 ** 53, page: 1, limit: 1 }).pages === 2 ** 53, "pages")],
    ["offsetPage total 2^53 + 2", "RangeError", () => offsetPage({ total: 2 ** 53 + 2, page: 1, limit: 1 })],
    ["offsetPage page 2^53", "RangeError", () => offsetPage({ total: 1, page: 2 ** 53, limit: 1 })],
    ["offsetPage limit 2^32 + 1", "ok", () => must(offsetPage({ total: 2 ** 33, page: 2, limit: 2 ** 32 + 1 }).offset === 2 ** 32 + 1, "offset")],
    ["offsetPage limit 1.5", "RangeError", () => offsetPage({ total: 10, page: 1, limit: 1.5 })],
    ["offsetPage total -1", "RangeError", () => offsetPage({ total: -1, page: 1, limit: 1 })],
    ["offsetPage total '5'", "TypeError", () => offsetPage({ total: "5", page: 1, limit: 1 })],
    ["offsetPage page beyond 2^53-1 rows", "RangeError", () => offsetPage({ total: 1, page: 2 ** 30, limit: 2 ** 30 })],
    ["paginateOffset limit 2^53-1", "ok", () => must(paginateOffset([1, 2], { page: 1, limit: MAX }).items.length === 2, "items")],
    ["paginateOffset page 0", "RangeError", () => paginateOffset([1], { page: 0, limit: 1 })],
    ["paginateKeyset limit 1.5", "RangeError", () => paginateKeyset(rows(), { keys: ["id"], limit: 1.5 })],
    ["paginateKeyset limit 2^53", "RangeError", () => paginateKeyset(rows(), { keys: ["id"], limit: 2 ** 53 })],
  ];
}

export function poisons(lib) {
  const { CursorStack, paginateOffset, paginateKeyset } = lib;
  const gone = revoked([]);
  const st = new CursorStack();
  const reentrant = tokenCalling(() => st.back());
  const ten = rows();
  return [
    ["paginateOffset(revoked Proxy)", "TypeError", () => paginateOffset(gone, { page: 1, limit: 1 })],
    ["paginateKeyset(revoked Proxy)", "TypeError", () => paginateKeyset(gone, { keys: ["id"], limit: 1 })],
    ["paginateKeyset keys: revoked Proxy", "TypeError", () => paginateKeyset(ten, { keys: gone, limit: 1 })],
    ["stack.record(token whose getter calls stack.back)", "ok", () => st.record(reentrant)],
    ["paginateOffset with a throwing Object.prototype setter", "ok", () =>
      pollutedObjectPrototype(["page"], () => paginateOffset([1], { page: 1, limit: 1 }))],
  ];
}
