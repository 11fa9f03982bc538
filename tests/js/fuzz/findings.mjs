// Reproducers of what the boundary fuzzer found on main (commit 9cf71ac), one per class,
// deduplicated. Each `run(lib)` returns what went wrong (a text), or undefined once fixed;
// `expected` says what the fixed library does. `node tests/js/fuzz/findings.mjs` runs every
// one in a worker of its own (some poison or freeze the module) and prints a table.
//
//   { name, issue: item of issue #14, expected, run: async (lib) => string | undefined }
import { Worker, isMainThread, workerData, parentPort } from "node:worker_threads";

const USER = new Error("thrown by user code");
const outcome = (lib, err) => {
  if (err === USER) return "the user's error";
  if (err instanceof lib.CursorError || err instanceof lib.PaginationError) return `${err.name}:${err.code}`;
  if (err instanceof WebAssembly.RuntimeError) return `WebAssembly.RuntimeError: ${err.message}`;
  return `${err?.constructor?.name}${err?.code ? `(${err.code})` : "(no code)"}: ${err?.message}`;
};
const tryCall = (lib, f) => { try { return ["ok", f()]; } catch (e) { return [outcome(lib, e), e]; } };
/** Settles within `ms` or names the hang (a guard, not a timing assertion). */
const within = (p, ms) => Promise.race([p.then((v) => ["ok", v], (e) => ["err", e]), new Promise((r) => setTimeout(() => r(["hang"]), ms))]);
const pages = () => async (token) => (token === undefined ? { items: [1, 2], next_cursor: "p2" } : token === "p2" ? { items: [3], next_cursor: "p3" } : { items: [4] });
const lyingBytes = (real, lie) => { const u = Uint8Array.from(real); Object.defineProperty(u, "length", { value: lie }); return u; };

export const FINDINGS = [
  {
    name: "encodeCursor of a Uint8Array whose own length claims 2^31 + 100 traps",
    issue: "1 (poisoning)",
    expected: "CursorError unsupported_value, or the real 2 bytes; no trap",
    run(lib) {
      const [o] = tryCall(lib, () => lib.encodeCursor(lyingBytes([1, 2], 2 ** 31 + 100)));
      return o.startsWith("WebAssembly") || o.includes("no code") ? o : undefined;
    },
  },
  {
    name: "paginateOffset(revoked Proxy) throws an engine TypeError through wasm (288 bytes of shadow stack each)",
    issue: "1 (poisoning)",
    expected: "TypeError with code invalid_argument, thrown from JS (no unwinding)",
    run(lib) {
      const p = Proxy.revocable([], {});
      p.revoke();
      const [o] = tryCall(lib, () => lib.paginateOffset(p.proxy, { page: 1, limit: 1 }));
      return o.includes("no code") ? o : undefined;
    },
  },
  {
    name: "CursorCodec key secret: a Uint8Array with a lying own length is read by the lie",
    issue: "3 (lying length)",
    expected: "the real bytes are the key (a codec built from them verifies the token)",
    run(lib) {
      const real = new Uint8Array(16).fill(7);
      const out = [];
      for (const lie of [64, 0, 2 ** 31 + 100]) {
        const [o, codec] = tryCall(lib, () => new lib.CursorCodec({ keys: [{ id: "k", secret: lyingBytes(real, lie) }] }));
        if (o !== "ok") { out.push(`length ${lie}: ${o}`); continue; }
        const token = codec.encode(1);
        const [v] = tryCall(lib, () => new lib.CursorCodec({ keys: [{ id: "k", secret: Uint8Array.from(real) }] }).decode(token));
        if (v !== "ok") out.push(`length ${lie}: a codec with the real bytes says ${v}`);
      }
      return out.length ? out.join("; ") : undefined;
    },
  },
  {
    name: "stale scratch bytes: a lying-length byte array right after a sealed encode carries its plaintext",
    issue: "3 (cross-user leak)",
    expected: "the token carries only the value's own 2 bytes (or unsupported_value)",
    run(lib) {
      const sealer = new lib.CursorCodec({ keys: [{ id: "v", secret: "vault" }], mode: "sealed" });
      const marker = "CARD-4111-1111-1111";
      sealer.encode({ pan: `${marker}-${"9".repeat(40)}` });
      const [o, token] = tryCall(lib, () => lib.encodeCursor(lyingBytes([1, 2], 48)));
      if (o !== "ok") return undefined;
      const bytes = Buffer.from(token, "base64url").toString("latin1");
      if (bytes.includes("CARD-4111")) return `token ${token} carries "${marker}"`;
      const back = lib.decodeCursor(token).value;
      return back.length !== 2 ? `decodes as ${back.length} bytes` : undefined;
    },
  },
  {
    name: "a byte array with a lying own length of 1 is truncated",
    issue: "3",
    expected: "the real 3 bytes (or unsupported_value)",
    run(lib) {
      const [o, token] = tryCall(lib, () => lib.encodeCursor(lyingBytes([1, 2, 3], 1)));
      if (o !== "ok") return undefined;
      const back = lib.decodeCursor(token).value;
      return back.length !== 3 ? `decodes as [${[...back]}]` : undefined;
    },
  },
  {
    name: "re-entrant getter: a signed token authentic for a value never encoded",
    issue: "2",
    expected: "decodes as { user: 'alice', role: 'viewer' } (or the encode is refused)",
    run(lib) {
      const codec = new lib.CursorCodec({ keys: [{ id: "k1", secret: "s1" }] });
      const value = { user: "alice" };
      // The inner call is refused after it wrote "admin" and "x" into the shared scratch state.
      Object.defineProperty(value, "role", { enumerable: true, get() { try { lib.encodeCursor(["admin", "x", "\ud800"]); } catch {} return "viewer"; } });
      const [o, token] = tryCall(lib, () => codec.encode(value));
      if (o !== "ok") return undefined;
      const back = codec.decode(token).value;
      return back.user === "alice" && back.role === "viewer" && Object.keys(back).length === 2 ? undefined : `decodes as ${JSON.stringify(back)}`;
    },
  },
  {
    name: "re-entrant getter in an array: [getter -> 7] splices the inner call's bytes",
    issue: "2",
    expected: "[7]",
    run(lib) {
      const arr = [];
      Object.defineProperty(arr, 0, { enumerable: true, get() { try { lib.encodeCursor([5, 6, "\ud800"]); } catch {} return 7; } });
      const [o, token] = tryCall(lib, () => lib.encodeCursor(arr));
      if (o !== "ok") return undefined;
      const back = lib.decodeCursor(token).value;
      return JSON.stringify(back) === "[7]" ? undefined : `decodes as ${JSON.stringify(back)}`;
    },
  },
  {
    name: "a leading U+FEFF is dropped on decode (values, map keys, key ids)",
    issue: "4",
    expected: "every U+FEFF kept",
    run(lib) {
      const out = [];
      if (lib.decodeCursor(lib.encodeCursor("\uFEFFabc")).value !== "\uFEFFabc") out.push("value");
      if (!Object.keys(lib.decodeCursor(lib.encodeCursor({ "\uFEFFk": 1 })).value).includes("\uFEFFk")) out.push("map key");
      const codec = new lib.CursorCodec({ keys: [{ id: "\uFEFFk", secret: "s" }] });
      if (codec.decode(codec.encode(1)).keyId !== "\uFEFFk") out.push("key id");
      return out.length ? `dropped in: ${out.join(", ")}` : undefined;
    },
  },
  {
    name: "fake Dates: a subclass overriding getTime, and Object.create(Date.prototype), encode the fake",
    issue: "Major: lying Dates",
    expected: "the intrinsic time value (Date(1000)) or unsupported_value; the non-Date is unsupported_value",
    run(lib) {
      const out = [];
      class D extends Date { getTime() { return 5; } }
      const [o1, t1] = tryCall(lib, () => lib.encodeCursor(new D(1000)));
      if (o1 === "ok" && lib.decodeCursor(t1).value.getTime() !== 1000) out.push(`new D(1000) decodes as Date(${lib.decodeCursor(t1).value.getTime()})`);
      const fake = Object.create(Date.prototype);
      fake.getTime = () => 7;
      const [o2, t2] = tryCall(lib, () => lib.encodeCursor(fake));
      if (o2 === "ok") out.push(`Object.create(Date.prototype) encodes as ${lib.decodeCursor(t2).value}`);
      return out.length ? out.join("; ") : undefined;
    },
  },
  {
    name: "paginateKeyset sorts by an overridden getTime",
    issue: "Major: lying Dates",
    expected: "order by the real time values (or unsupported_value)",
    run(lib) {
      class D extends Date { getTime() { return -super.getTime(); } }
      const rows = [{ id: 1, at: new D(1000) }, { id: 2, at: new Date(2000) }, { id: 3, at: new D(3000) }];
      const [o, page] = tryCall(lib, () => lib.paginateKeyset(rows, { keys: ["at", "id"], limit: 3 }));
      if (o !== "ok") return undefined;
      const ids = page.items.map((r) => r.id).join();
      return ids === "1,2,3" ? undefined : `order ${ids}`;
    },
  },
  {
    name: "a getter re-entering the same CursorStack throws wasm-bindgen's aliasing Error",
    issue: "1 / rules (no &mut self across user code)",
    expected: "the inner call works (or a typed error); never 'recursive use of an object detected'",
    run(lib) {
      const stack = new lib.CursorStack();
      let inner;
      const token = { get id() { try { stack.toString(); } catch (e) { inner = e; } return 1; } };
      const [o] = tryCall(lib, () => stack.record(token));
      if (inner) return `inner call: ${outcome(lib, inner)}`;
      return o === "ok" || o.startsWith("CursorError") || o.startsWith("PaginationError") ? undefined : o;
    },
  },
  {
    name: "a throwing setter on Object.prototype during decode unwinds through wasm and leaves the codec borrowed",
    issue: "1 (poisoning)",
    expected: "decode builds own properties (unaffected by setters); free() works afterwards",
    run(lib) {
      const codec = new lib.CursorCodec({ keys: [{ id: "k", secret: "s" }], mode: "sealed" });
      const token = codec.encode({ a: 1 });
      Object.defineProperty(Object.prototype, "a", { set() { throw USER; }, configurable: true });
      let o;
      try { [o] = tryCall(lib, () => codec.decode(token)); } finally { delete Object.prototype.a; }
      const [f] = tryCall(lib, () => codec.free());
      return o === "ok" && f === "ok" ? undefined : `decode: ${o}; then free(): ${f}`;
    },
  },
  {
    name: "a getter or trap read more than once (Proxy of a Uint8Array: 4 reads of length)",
    issue: "rules (read each value once)",
    expected: "one read per property",
    run(lib) {
      const reads = new Map();
      const p = new Proxy(new Uint8Array([9]), { get(t, k) { reads.set(k, (reads.get(k) ?? 0) + 1); return k === "length" ? 0 : Reflect.get(t, k); } });
      tryCall(lib, () => lib.encodeCursor(p));
      const worst = Math.max(0, ...reads.values());
      return worst > 1 ? `reads ${JSON.stringify([...reads].map(([k, n]) => [String(k), n]))}` : undefined;
    },
  },
  {
    name: "engine TypeErrors and RangeErrors without a code (revoked Proxies, lying lengths)",
    issue: "rules (every mistake is a typed error with a stable code)",
    expected: "TypeError/RangeError with code invalid_argument, CursorError or PaginationError",
    async run(lib) {
      const revoked = () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; };
      const out = [];
      const probe = async (what, f) => {
        let o = "ok";
        try { await f(); } catch (e) { o = outcome(lib, e); }
        if (o.includes("(no code)") || o.startsWith("WebAssembly")) out.push(`${what}: ${o}`);
      };
      await probe("paginate({codec: revoked Proxy})", () => lib.paginate(pages(), { preset: "keyset", codec: revoked() }).toArray());
      await probe("paginateKeyset(rows with a revoked Proxy value)", () => lib.paginateKeyset([{ at: revoked(), id: 1 }], { keys: ["at", "id"], limit: 1 }));
      await probe("paginateKeyset(Proxy rows, length 1.5)", () => lib.paginateKeyset(new Proxy([{ at: 1, id: 1 }], { get: (t, k) => (k === "length" ? 1.5 : t[k]) }), { keys: ["at", "id"], limit: 5 }));
      class Lying extends Uint8Array { get length() { return 1.5; } }
      await probe("CursorStack.forward(Uint8Array subclass, length 1.5)", () => new lib.CursorStack().forward(new Lying(8)));
      await probe("encodeCursor(Uint8Array subclass, length NaN)", () => lib.encodeCursor(new (class extends Uint8Array { get length() { return NaN; } })(8)));
      return out.length ? out.join("; ") : undefined;
    },
  },
  {
    name: "an allocation sized by a user's number: a Proxy of a Uint8Array claiming 2^31 + 100 bytes",
    issue: "rules (no allocation sized by a user's number) / 7",
    expected: "unsupported_value at once",
    async run(lib) {
      const p = new Proxy(new Uint8Array(8), { get: (t, k) => (k === "length" ? 2 ** 31 + 100 : Reflect.get(t, k)) });
      // (Today it zero-fills a 2 GiB scratch array first: the runner's watchdog reports that.)
      const [o, token] = tryCall(lib, () => lib.encodeCursor(p));
      if (o === "ok") return lib.decodeCursor(token).value.length <= 8 ? undefined : "encoded bytes the value did not have";
      return o.startsWith("CursorError") ? undefined : o;
    },
  },
  {
    name: "an abort Event on ctx.signal without aborting leaves the walk pending forever",
    issue: "5",
    expected: "the walk goes on: [1,2,3,4]",
    async run(lib) {
      const inner = pages();
      const fetchPage = (t, ctx) => { if (t === "p2") ctx.signal.dispatchEvent(new Event("abort")); return inner(t); };
      const [s, v] = await within(lib.paginate(fetchPage, { preset: "keyset" }).toArray(), 1500);
      return s === "ok" && v.join() === "1,2,3,4" ? undefined : s === "hang" ? "never settles" : `${s} ${v?.message ?? v}`;
    },
  },
  {
    name: "an abort Event on options.signal without aborting freezes the event loop (microtask spin)",
    issue: "5",
    expected: "the walk goes on; timers keep running",
    freezes: true,
    async run(lib) {
      const c = new AbortController();
      const inner = pages();
      const fetchPage = (t) => { if (t === "p2") c.signal.dispatchEvent(new Event("abort")); return inner(t); };
      const [s, v] = await within(lib.paginate(fetchPage, { preset: "keyset", signal: c.signal }).toArray(), 1500);
      return s === "ok" && v.join() === "1,2,3,4" ? undefined : s === "hang" ? "never settles" : `${s} ${v?.message ?? v}`;
    },
  },
  {
    name: "a failing page whose error has a retryAfter Date subclass with a throwing getTime: never settles, unhandled rejection",
    issue: "6",
    expected: "fetch_failed (or a retry) with a resumeToken; no unhandled rejection",
    async run(lib) {
      class D extends Date { getTime() { throw USER; } }
      const strays = [];
      const stray = (e) => strays.push(e);
      process.on("unhandledRejection", stray);
      const fetchPage = async () => { throw Object.assign(new Error("busy"), { status: 503, retryAfter: new D() }); };
      const [s, v] = await within(lib.paginate(fetchPage, { preset: "keyset", retry: { retries: 1, baseDelayMs: 1 } }).toArray(), 1500);
      await new Promise((r) => setTimeout(r, 20));
      process.off("unhandledRejection", stray);
      const bad = [];
      if (s === "hang") bad.push("never settles");
      else if (s === "err" && !(v instanceof lib.PaginationError)) bad.push(outcome(lib, v));
      if (strays.length) bad.push(`${strays.length} unhandled rejection(s)`);
      return bad.length ? bad.join("; ") : undefined;
    },
  },
  {
    name: "waits beyond 2^31 - 1 ms become 1 ms: timeLimitMs 3e9 (TimeoutOverflowWarning), Retry-After of 35 days retried at once",
    issue: "Major: timer overflow",
    expected: "no TimeoutOverflowWarning; no second request before the Retry-After (fetch_failed with a resumeToken within the budget)",
    async run(lib) {
      const warnings = [];
      const onWarning = (w) => { if (w.name === "TimeoutOverflowWarning") warnings.push(w.message); };
      process.on("warning", onWarning);
      let calls = 0;
      const fetchPage = async (t) => {
        calls++;
        if (t === undefined) return { items: [1], next_cursor: "p2" };
        throw Object.assign(new Error("slow down"), { status: 429, retryAfter: 3e6 });
      };
      await within(lib.paginate(fetchPage, { preset: "keyset", timeLimitMs: 3e9 }).toArray().catch(() => {}), 1500);
      await new Promise((r) => setTimeout(r, 20));
      process.off("warning", onWarning);
      const bad = [];
      if (warnings.length) bad.push(`TimeoutOverflowWarning x${warnings.length}`);
      if (calls > 2) bad.push(`${calls - 2} retries despite a Retry-After of 3,000,000 s`);
      return bad.length ? bad.join("; ") : undefined;
    },
  },
  {
    name: "minIntervalMs 2^53 - 1 is not honoured (requests go out at once)",
    issue: "Major: timer overflow",
    expected: "one request, then a stop at the time limit with a resumeToken",
    async run(lib) {
      let calls = 0;
      const inner = pages();
      const fetchPage = (t) => { calls++; return inner(t); };
      await within(lib.paginate(fetchPage, { preset: "keyset", minIntervalMs: 2 ** 53 - 1, timeLimitMs: 40 }).toArray().catch(() => {}), 1500);
      return calls > 1 ? `${calls} requests` : undefined;
    },
  },
  {
    name: "one policy for numbers: maxItems/maxPages/timeLimitMs 1.5 accepted, minIntervalMs -1 a TypeError, pageSize not checked",
    issue: "Major: one error policy",
    expected: "RangeError with code invalid_argument for every non-integer or negative number",
    async run(lib) {
      const out = [];
      for (const [k, v, want] of [["maxItems", 1.5, RangeError], ["maxPages", 1.5, RangeError], ["minIntervalMs", -1, RangeError],
        ["prefetch", 0.5, RangeError], ["timeLimitMs", 1.5, RangeError], ["pageSize", 10n, TypeError], ["pageSize", "3", TypeError]]) {
        let o = "ok";
        try { await lib.paginate(pages(), { preset: "keyset", [k]: v }).toArray(); } catch (e) { o = e instanceof want && e.code === "invalid_argument" ? "as expected" : outcome(lib, e); }
        if (o !== "as expected") out.push(`${k}: ${typeof v === "bigint" ? `${v}n` : JSON.stringify(v)} -> ${o}`);
      }
      return out.length ? out.join("; ") : undefined;
    },
  },
];

async function runOne(lib, f) {
  try {
    return { observed: await f.run(lib) };
  } catch (err) {
    return { observed: `the reproducer threw ${outcome(lib, err)}` };
  }
}

if (!isMainThread && workerData?.finding !== undefined) {
  const lib = await import("pagecursor");
  parentPort.postMessage(await runOne(lib, FINDINGS[workerData.finding]));
} else if (isMainThread && import.meta.url === `file://${process.argv[1]}`) {
  let open = 0;
  for (let i = 0; i < FINDINGS.length; i++) {
    const f = FINDINGS[i];
    const result = await new Promise((resolve) => {
      // (--no-warnings: a reproducer listens for TimeoutOverflowWarning itself.)
      const w = new Worker(new URL(import.meta.url), { workerData: { finding: i }, execArgv: [...process.execArgv, "--no-warnings"] });
      const dog = setTimeout(() => { w.terminate(); resolve({ observed: "froze the event loop (no timer ran for 4 s)" }); }, 4000);
      w.on("message", (m) => { clearTimeout(dog); resolve(m); w.terminate(); });
      w.on("error", (e) => { clearTimeout(dog); resolve({ observed: `the worker died: ${e}` }); });
    });
    if (result.observed !== undefined) open++;
    console.log(`${result.observed === undefined ? "fixed     " : "REPRODUCED"} ${f.name}\n           ${result.observed ?? `now: ${f.expected}`}`);
  }
  console.log(`findings: ${FINDINGS.length - open} fixed, ${open} reproduced`);
}
