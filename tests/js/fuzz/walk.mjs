// Fuzz target of the paginator: paginate() over a random service whose fetchPage misbehaves
// at random (throws, rejects with hostile errors and Retry-Afters, returns thenables whose
// `then` throws, pages with throwing getters and lying item arrays, fake abort events on
// ctx.signal and on options.signal, real aborts, promises that never settle), with hostile
// numeric options.
import { USER, show } from "./values.mjs";
import { attempt, typed, describeError } from "./oracle.mjs";

const BIG_WAIT = 3e9; // beyond setTimeout's 2^31 - 1 ms
const NUMBER_OPTIONS = ["maxItems", "maxPages", "maxRequests", "timeLimitMs", "minIntervalMs", "prefetch", "pageSize"];
const POOL = [0, 1, 2, 3, 5, 1.5, -1, NaN, Infinity, 2 ** 31, BIG_WAIT, 2 ** 53 - 1, 2 ** 53, 1e21, "3", null, 10n, {}];

/** What a number option must give: "ok", "TypeError", "RangeError", or "ok|RangeError". */
function numberVerdict(v) {
  if (typeof v !== "number") return "TypeError";
  if (Number.isNaN(v) || v < 0 || (Number.isFinite(v) && !Number.isInteger(v))) return "RangeError";
  if (v > 2 ** 31 - 1) return "ok|RangeError"; // a documented upper bound may refuse it
  return "ok";
}

/** A fake Date for Retry-After, or another hostile retryAfter. */
function hostileRetryAfter(rng) {
  const kinds = [
    () => { class D extends Date { getTime() { throw USER; } } return [new D(Date.now() + 5), "a Date subclass whose getTime throws"]; },
    () => { const d = Object.create(Date.prototype); d.getTime = () => { throw USER; }; return [d, "Object.create(Date.prototype) whose getTime throws"]; },
    () => [new Proxy(new Date(), { get() { throw USER; } }), "a Proxy of a Date whose traps throw"],
    () => { const p = Proxy.revocable({}, {}); p.revoke(); return [p.proxy, "a revoked Proxy"]; },
    () => [{ valueOf() { throw USER; } }, "an object whose valueOf throws"],
    () => [Symbol("s"), "a symbol"],
    () => [10n, "a bigint"],
    () => [NaN, "NaN"],
    () => [-5, "-5"],
  ];
  return rng.pick(kinds)();
}

/** Outcomes of two number options together: either may be reported; ok only if both allow it. */
function merge(a, b) {
  if (a === undefined) return b;
  const x = a.split("|"), y = b.split("|");
  const ok = x.includes("ok") && y.includes("ok");
  return [...new Set([...x, ...y].filter((v) => v !== "ok")), ...(ok ? ["ok"] : [])].join("|");
}

export async function walkCase(t) {
  const { rng, lib } = t;
  const P = 1 + rng.int(5);
  const tokenKind = rng.pick(["string", "bom", "object", "bigint-object"]);
  const tokenFor = (i) => tokenKind === "string" ? `p${i}` : tokenKind === "bom" ? `\uFEFFp${i}`
    : tokenKind === "object" ? { page: i, at: `x${i}` } : { page: i, big: 2n ** 63n + BigInt(i) };
  const keyOf = (tok) => (typeof tok === "object" && tok !== null ? `o${tok.page}|${String(tok.at ?? tok.big)}` : String(tok));
  const pages = [];
  const all = [];
  const index = new Map();
  for (let i = 0; i < P; i++) {
    const items = [];
    for (let n = rng.pick([0, 1, 2, 3, 5]); n > 0; n--) items.push(all.push(all.length) - 1);
    pages.push({ items, next: i + 1 < P ? tokenFor(i + 1) : undefined });
    if (i > 0) index.set(keyOf(tokenFor(i)), i);
  }
  t.note(`service: ${P} pages [${pages.map((p) => p.items.length).join(",")}], ${tokenKind} tokens`);

  const hostile = rng.chance(0.7);
  const opts = { preset: "keyset", retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 } };
  let mustType; // the class a bad option must give
  let optionOk = true;
  let long = false;
  let hostileOption = false;
  const controller = new AbortController();
  if (rng.chance(0.4)) opts.signal = controller.signal;
  if (rng.chance(0.35)) {
    const name = rng.pick(NUMBER_OPTIONS);
    const v = rng.pick(POOL);
    opts[name] = v;
    const verdict = numberVerdict(v);
    t.note(`options.${name} = ${show(v)}`);
    if (verdict !== "ok") mustType = verdict;
    if (verdict === "TypeError" || verdict === "RangeError") optionOk = false;
    if ((name === "minIntervalMs" || name === "timeLimitMs") && typeof v === "number" && v >= 100) long = name === "minIntervalMs";
  }
  if (rng.chance(0.15)) {
    const name = rng.pick(["retries", "baseDelayMs", "maxDelayMs"]);
    const v = rng.pick(POOL);
    opts.retry = { ...opts.retry, [name]: v };
    const verdict = numberVerdict(v);
    t.note(`options.retry.${name} = ${show(v)}`);
    if (verdict !== "ok") mustType = merge(mustType, verdict);
    if (verdict === "TypeError" || verdict === "RangeError") optionOk = false;
    if (name !== "retries" && typeof v === "number" && v >= 100) long = true;
  }
  if (long && opts.timeLimitMs === undefined) {
    // A long wait is only testable against a time budget: the walk must stop at the budget.
    opts.timeLimitMs = 40;
    t.note("options.timeLimitMs = 40");
  }
  if (rng.chance(0.12)) {
    // Hostile resume tokens, scopes, codecs and signals: typed errors, never a hang.
    const kind = rng.pick(["resumeToken", "scope", "codec", "signal"]);
    const revoked = () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; };
    const pick = {
      resumeToken: () => rng.pick([["", "empty"], ["A".repeat(5000), "5000 chars"], ["\ud800", "a lone surrogate"], [42, "a number"],
        [{ toString: () => "x" }, "an object"], [revoked(), "a revoked Proxy"],
        [lib.encodeCursor({ not: "a resume token" }), "a cursor that is not a resume token"]]),
      scope: () => rng.pick([[revoked(), "a revoked Proxy"], [new Proxy({}, { ownKeys() { throw USER; } }), "a Proxy whose ownKeys throws"],
        [Object.defineProperty({}, "q", { get() { throw USER; }, enumerable: true }), "a throwing getter"], [{ s: "\ud800" }, "a lone surrogate"],
        [{ "\uFEFFq": 1 }, "a U+FEFF key"]]),
      codec: () => rng.pick([[{ __codecId: 1 }, "a forged { __codecId }"], [revoked(), "a revoked Proxy"], [new Proxy({}, { get() { throw USER; } }), "a throwing Proxy"]]),
      signal: () => rng.pick([
        [{ aborted: false, addEventListener() {}, removeEventListener() { throw USER; } }, "a fake signal whose removeEventListener throws"],
        [{ get aborted() { throw USER; }, addEventListener() {} }, "a fake signal whose aborted getter throws"],
        [(() => { let n = 0; return { get aborted() { return ++n > 3; }, addEventListener() {}, removeEventListener() {}, reason: USER }; })(), "a fake signal that turns aborted without an event"],
        [revoked(), "a revoked Proxy"]]),
    }[kind]();
    opts[kind] = pick[0];
    t.note(`options.${kind}: ${pick[1]}`);
    hostileOption = true;
  }
  if (rng.chance(0.05)) {
    Object.defineProperty(opts, "maxPages", { get() { throw USER; }, enumerable: true });
    t.note("options.maxPages getter throws");
    mustType = merge(mustType, "user");
    optionOk = false;
  }

  // What each request does.
  const actions = [];
  const plan = (n) => {
    while (actions.length <= n) {
      actions.push(hostile ? rng.weighted([
        [10, "ok"], [2, "sync"], [1, "throw"], [2, "reject-503"], [1, "reject-hostile-retry-after"],
        [typeof opts.timeLimitMs === "number" && opts.timeLimitMs < 1e6 ? 1 : 0, "reject-long-retry-after"],
        [1, "then-throws"], [1, "page-getter-throws"], [1, "items-proxy-lies"], [2, "fake-abort-ctx"],
        [opts.signal ? 2 : 0, "fake-abort-user"], [opts.signal ? 1 : 0, "abort-user"], [opts.signal ? 1 : 0, "never"],
        [1, "primitive"], [1, "revoked-page"],
      ]) : "ok");
    }
    return actions[n];
  };
  const happened = new Set();
  const lying = new WeakSet();
  let calls = 0;
  let forbidCalls; // a reason no further request may happen during this walk
  const fetchPage = (token, ctx) => {
    const n = calls++;
    if (forbidCalls !== undefined) t.fail(`paginate: ${forbidCalls}`, `request ${n + 1} went out`);
    const i = token === undefined ? 0 : index.get(keyOf(token));
    if (i === undefined) {
      t.fail("paginate: fetchPage received a token no page carried", show(token));
      return Promise.reject(new Error("unknown token"));
    }
    const page = { items: pages[i].items.slice(), next_cursor: pages[i].next };
    const a = plan(n);
    happened.add(a);
    if (a !== "ok") t.note(`request ${n + 1}: ${a}`);
    switch (a) {
      case "sync": return page;
      case "throw": throw USER;
      case "reject-503": return Promise.reject(Object.assign(new Error("busy"), { status: 503, retryAfter: rng.pick([0, "0", undefined]) }));
      case "reject-hostile-retry-after": {
        const [ra, d] = hostileRetryAfter(rng);
        t.note(`request ${n + 1}: 503 with retryAfter ${d}`);
        return Promise.reject(Object.assign(new Error("busy"), { status: 503, retryAfter: ra }));
      }
      case "reject-long-retry-after": {
        forbidCalls = "a Retry-After of 3,000,000 s was not honoured";
        return Promise.reject(Object.assign(new Error("busy"), { status: 429, retryAfter: 3e6 }));
      }
      case "then-throws": return Object.defineProperty({}, "then", { get() { throw USER; } });
      case "page-getter-throws": return Object.defineProperty({ next_cursor: page.next_cursor }, "items", { get() { throw USER; }, enumerable: true });
      case "items-proxy-lies": {
        const lie = rng.pick([0, 1, 2 ** 32 - 1, 2 ** 31 + 100, -1, 1.5]);
        page.items = new Proxy(page.items, { get(tg, k) { return k === "length" ? lie : Reflect.get(tg, k); } });
        lying.add(page.items);
        t.note(`request ${n + 1}: items Proxy with length ${lie}`);
        return Promise.resolve(page);
      }
      case "fake-abort-ctx":
        ctx.signal.dispatchEvent(new Event("abort"));
        return Promise.resolve(page);
      case "fake-abort-user":
        controller.signal.dispatchEvent(new Event("abort"));
        return Promise.resolve(page);
      case "abort-user":
        queueMicrotask(() => controller.abort());
        return Promise.resolve(page);
      case "never":
        setTimeout(() => controller.abort(), 5);
        return new Promise(() => {});
      case "primitive": return Promise.resolve(42);
      case "revoked-page": { const p = Proxy.revocable({}, {}); p.revoke(); return Promise.resolve(p.proxy); }
      default: return Promise.resolve(page);
    }
  };
  const mode = rng.pick(["toArray", "toArray", "pages", "items"]);
  t.note(`consume with ${mode}; ${hostile ? "hostile" : "clean"} service`);
  const got = [];
  const [outcome, result] = await attempt(lib, async () => {
    const p = lib.paginate(fetchPage, opts);
    if (mode === "toArray") got.push(...(await p.toArray()));
    // (The fuzzer's own lying item Proxies are not spread: their length is the lie.)
    else if (mode === "pages") for await (const page of p) if (!lying.has(page.items) && Array.isArray(page.items)) got.push(...page.items);
    else for await (const item of p.items()) got.push(item);
    return p;
  });
  if (opts.minIntervalMs >= 2 ** 31 && calls > 1 && optionOk) {
    t.fail("paginate: minIntervalMs beyond 2^31 - 1 ms was not honoured", `${calls} requests`);
  }
  const desc = [...happened].join(",");
  // With a hostile option too, which of the two is reported first is not fixed.
  if (mustType && !hostileOption) {
    const accept = mustType.split("|");
    // A number that may be accepted lets the walk end in any typed way.
    if (!accept.includes("ok") && !accept.includes(outcome)) {
      t.fail(`paginate: a bad number option is ${outcome}, not ${mustType} (one policy for numbers)`, `${describeError(result)}; actions ${desc}`);
    }
  }
  if (mustType && !optionOk) return;
  // What a hostile option's getter or trap throws may reach the caller (docs/security.md F1);
  // the user's error from fetchPage must come wrapped (fetch_failed, bad_page).
  if (!typed(outcome) || (outcome === "user" && !hostileOption)) {
    t.fail(`paginate: ${typed(outcome) ? "the user's error escaped unwrapped" : "untyped error"} ${outcome}`, `${describeError(result)}; actions ${desc}`);
    return;
  }
  const fakeOnly = !hostileOption && [...happened].every((a) => a === "ok" || a === "sync" || a === "fake-abort-ctx" || a === "fake-abort-user");
  if (fakeOnly && (happened.has("fake-abort-ctx") || happened.has("fake-abort-user")) && outcome !== "ok") {
    t.fail("paginate: a fake abort event (signal not aborted) stopped the walk", `${outcome}; ${describeError(result)}`);
  }
  const limited = opts.maxItems !== undefined || opts.maxPages !== undefined || opts.maxRequests !== undefined || opts.timeLimitMs !== undefined;
  if (fakeOnly && outcome === "ok" && !limited && mode !== "items") {
    if (got.join() !== all.join()) t.fail("paginate: a clean walk lost or repeated items", `got [${got.join()}], expected [${all.join()}]`);
  }
  if (fakeOnly && outcome === "ok" && opts.maxItems !== undefined && Number.isInteger(opts.maxItems) && mode === "toArray"
    && opts.maxPages === undefined && opts.maxRequests === undefined && opts.timeLimitMs === undefined) {
    const want = all.slice(0, opts.maxItems);
    if (got.join() !== want.join()) t.fail("paginate: maxItems did not cut exactly", `got [${got.join()}], expected [${want.join()}]`);
    const token = result.resumeToken;
    if (token !== undefined) {
      const rest = await lib.paginate(fetchPage, { preset: "keyset", resumeToken: token }).toArray();
      if ([...got, ...rest].join() !== all.join()) t.fail("paginate: resuming after maxItems lost or repeated items", `[${got.join()}] + [${rest.join()}]`);
    }
  }
}
