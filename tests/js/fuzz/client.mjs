// Fuzz targets of the client side: CursorStack (constructor, every method, from()),
// InfiniteList, offsetPage, paginateOffset and paginateKeyset, with hostile values (the value
// generator's), hostile numbers and re-entrant getters that call the same object.
import { valueGen, sameValue, determined, show, USER } from "./values.mjs";
import { attemptSync, attempt, typed, describeError } from "./oracle.mjs";
import { checkReads, checkInner } from "./codec.mjs";

const NUMS = [0, 1, 2, 3, 5, 100, 1.5, -1, NaN, Infinity, -Infinity, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 1e21, "2", null, 3n];

/** "ok", "TypeError" or "RangeError" for a count that must be an integer >= min. */
function countVerdict(v, min) {
  if (typeof v !== "number") return "TypeError";
  if (!Number.isInteger(v) || v < min) return v === Infinity ? "ok|RangeError" : "RangeError";
  if (v > 2 ** 53) return "RangeError";
  if (v === 2 ** 53) return "ok|RangeError";
  return v > 2 ** 31 ? "ok|RangeError" : "ok";
}

function expectArg(t, where, got, verdict, err) {
  if (verdict === "ok") return true;
  const accept = verdict.split("|");
  if (!accept.includes(got)) t.fail(`${where}: a bad number is ${got}, not ${verdict} (one policy for numbers)`, describeError(err));
  return false;
}

export function stackCase(t) {
  const { rng, lib, env } = t;
  const opts = {};
  let verdict = "ok";
  if (rng.chance(0.4)) {
    opts.maxDepth = rng.pick(NUMS);
    verdict = countVerdict(opts.maxDepth, 1);
    t.note(`maxDepth ${show(opts.maxDepth)}`);
  }
  if (rng.chance(0.3)) opts.codec = env.codecs.signed;
  const [got, stack] = attemptSync(lib, () => new lib.CursorStack(opts));
  if (!typed(got)) return t.fail(`new CursorStack: untyped error ${got}`, describeError(stack));
  if (!expectArg(t, "new CursorStack", got, verdict, stack) && got !== "ok") return;
  if (got !== "ok") return;
  env.reenter = () => { stack.toString(); stack.page; stack.hasNext; };
  const tokens = []; // the model: tokens of pages 2.. as recorded
  let page = 1;
  const steps = 2 + rng.int(8);
  for (let s = 0; s < steps; s++) {
    const op = rng.pick(["record", "forward", "forwardWith", "back", "goTo", "toString", "reset", "from"]);
    const vg = valueGen(rng, env);
    const g = op === "record" || op === "forwardWith" || op === "reset" ? vg.gen(0) : undefined;
    if (g) t.note(`${op}(${g.d})`);
    else t.note(op);
    const call = () => {
      switch (op) {
        case "record": return stack.record(g.v);
        case "forward": return stack.forward();
        case "forwardWith": return stack.forward(g.v);
        case "back": return stack.back();
        case "goTo": return stack.goTo(rng.pick([...NUMS, page, 1]));
        case "toString": return stack.toString();
        case "reset": return stack.reset(g.v);
        default: {
          const text = stack.toString();
          const edited = rng.chance(0.5) ? text : text.slice(0, rng.int(text.length + 1)) + rng.pick(["A", "_", "\ud800", ""]);
          return lib.CursorStack.from(edited, opts);
        }
      }
    };
    const [o, r] = attemptSync(lib, call);
    const where = `CursorStack.${op}`;
    if (g) checkInner(t, where, vg.state);
    if (!typed(o)) {
      t.fail(`${where}: untyped error ${o}`, describeError(r));
      return;
    }
    if (o === "ok" && g) checkReads(t, where, vg.state);
    if (o === "ok" && op === "record" && g && determined(g.m) && g.m !== undefined) {
      tokens[page] = g.m;
      const [o2, fwd] = attemptSync(lib, () => stack.forward());
      const absent = g.m === null || g.m === "" || (typeof g.m === "object" && !Array.isArray(g.m) && !(g.m instanceof Uint8Array) && !(g.m instanceof Date) && Object.keys(g.m).length === 0);
      if (o2 === "ok") {
        page++;
        if (!sameValue(fwd, g.m)) t.fail("CursorStack.record then forward: the token changed", `got ${show(fwd)}, recorded ${show(g.m)}`);
      } else if (!absent && !typed(o2)) t.fail(`CursorStack.forward: untyped error ${o2}`, describeError(fwd));
    }
    if (o === "ok" && op === "from") {
      r.free();
    }
    if (o === "ok") page = stack.page;
  }
  env.reenter = undefined;
  stack.free();
}

export async function infiniteCase(t) {
  const { rng, lib } = t;
  const P = 1 + rng.int(6);
  const pages = [];
  let n = 0;
  for (let i = 0; i < P; i++) {
    const items = [];
    for (let k = rng.pick([0, 1, 2, 4]); k > 0; k--) items.push(n++);
    pages.push({ items, next_cursor: i + 1 < P ? `c${i + 1}` : undefined });
  }
  const fetchPage = async (token) => pages[token === undefined ? 0 : Number(String(token).slice(1))];
  const opts = { preset: "keyset" };
  let verdict = "ok";
  for (const k of ["chunkItems", "maxChunks"]) {
    if (rng.chance(0.5)) {
      opts[k] = rng.pick(NUMS);
      const v = countVerdict(opts[k], 1);
      if (v !== "ok") verdict = verdict === "ok" ? v : "TypeError|RangeError";
      t.note(`${k} ${show(opts[k])}`);
    }
  }
  const [got, list] = attemptSync(lib, () => new lib.InfiniteList(fetchPage, opts));
  if (!typed(got)) return t.fail(`new InfiniteList: untyped error ${got}`, describeError(list));
  if (!expectArg(t, "new InfiniteList", got, verdict, list) && got !== "ok") return;
  if (got !== "ok") return;
  const listener = rng.pick([
    [() => {}, "a quiet listener"],
    [() => { throw USER; }, "a listener that throws"],
    [() => { list.toString(); list.items; list.hasMore; }, "a listener that reads the list"],
    [() => { list.loadMore().catch(() => {}); }, "a listener that loads more"],
  ]);
  t.note(listener[1]);
  list.subscribe(listener[0]);
  const seen = [];
  for (let i = 0; i < P + 2; i++) {
    const [o, r] = await attempt(lib, () => list.loadMore());
    if (!typed(o) || o === "user") return t.fail(`InfiniteList.loadMore: ${o === "user" ? "a listener's error escaped" : "untyped error"} ${o}`, describeError(r));
    if (o !== "ok") return;
    seen.push(...r);
    if (!list.hasMore) break;
  }
  if (listener[1] === "a quiet listener" && opts.maxChunks === undefined && !list.hasMore && seen.join() !== pages.flatMap((p) => p.items).join()) {
    t.fail("InfiniteList: loadMore lost or repeated items", `got [${seen.join()}]`);
  }
  const [o, state] = attemptSync(lib, () => list.toString());
  if (o === "ok") {
    const [o2, again] = attemptSync(lib, () => lib.InfiniteList.from(state, fetchPage, opts));
    if (!typed(o2)) t.fail(`InfiniteList.from: untyped error ${o2}`, describeError(again));
    if (o2 === "ok") again.free();
  }
  list.free();
}

export function offsetCase(t) {
  const { rng, lib } = t;
  const total = rng.pick([0, 1, 95, 2 ** 53 - 1, ...NUMS]);
  const page = rng.pick(NUMS), limit = rng.pick(NUMS);
  if (rng.chance(0.5)) {
    t.note(`offsetPage({total:${show(total)}, page:${show(page)}, limit:${show(limit)}})`);
    const [o, r] = attemptSync(lib, () => lib.offsetPage({ total, page, limit }));
    if (!typed(o)) return t.fail(`offsetPage: untyped error ${o}`, describeError(r));
    const verdicts = [countVerdict(total, 0), countVerdict(page, 1), countVerdict(limit, 1)];
    const bad = verdicts.filter((v) => v !== "ok" && v !== "ok|RangeError");
    // Any refused number may be the one reported (the order of checks is not fixed).
    const accept = new Set(verdicts.filter((v) => v !== "ok").flatMap((v) => v.split("|")));
    if (bad.length && !accept.has(o)) t.fail(`offsetPage: a bad number is ${o}, not ${bad.join(" or ")}`, describeError(r));
    if (o === "ok" && !bad.length) {
      const pages = Math.ceil(total / limit);
      if (r.pages !== pages || r.offset !== (page - 1) * limit) t.fail("offsetPage: wrong arithmetic", show(r));
    }
    return;
  }
  const vg = valueGen(rng, t.env);
  let items = [1, 2, 3, 4, 5, 6, 7];
  const r = rng.int(6);
  if (r === 0) { const p = Proxy.revocable([], {}); p.revoke(); items = p.proxy; t.note("items: revoked Proxy"); }
  else if (r === 1) { items = new Proxy(items, { get(tg, k) { return k === "length" ? rng.pick([2 ** 32 - 1, 2 ** 31 + 5, -1, 1.5]) : Reflect.get(tg, k); } }); t.note("items: Proxy with a lying length"); }
  else if (r === 2) { items = new Proxy(items, { get() { throw USER; } }); t.note("items: Proxy whose get throws"); }
  else if (r === 3) { Object.defineProperty(items, 2, { get() { throw USER; } }); t.note("items: element getter throws"); }
  else t.note("items: [1..7]");
  void vg;
  const opts = rng.chance(0.1) ? Object.defineProperty({ limit }, "page", { get() { throw USER; } }) : { page, limit };
  t.note(`paginateOffset(items, {page:${show(page)}, limit:${show(limit)}})`);
  const [o, res] = attemptSync(lib, () => lib.paginateOffset(items, opts));
  if (!typed(o)) return t.fail(`paginateOffset: untyped error ${o}`, describeError(res));
  if (o === "ok" && r >= 4 && Number.isInteger(page) && Number.isInteger(limit)) {
    const want = [1, 2, 3, 4, 5, 6, 7].slice((page - 1) * limit, page * limit);
    if (res.items.join() !== want.join()) t.fail("paginateOffset: wrong items", `got [${res.items.join()}]`);
  }
  if (o === "ok" && (typeof page !== "number" || !Number.isInteger(page) || page < 1)) t.fail("paginateOffset: accepted a bad page number", show(page));
}

export function keysetCase(t) {
  const { rng, lib, env } = t;
  const n = rng.pick([0, 1, 3, 10]);
  const rows = [];
  const fake = rng.int(4);
  const realTimes = [];
  for (let i = 0; i < n; i++) {
    const ms = 1e12 + rng.int(1e6);
    realTimes.push(ms);
    let at = new Date(ms);
    if (fake === 0 && i % 2 === 0) {
      class Shifted extends Date { getTime() { return -ms; } valueOf() { return -ms; } }
      at = new Shifted(ms);
    }
    rows.push({ id: i, at });
  }
  if (fake === 0 && n > 1) t.note("rows: every other 'at' is a Date subclass whose getTime lies");
  const vg = valueGen(rng, env);
  if (fake === 1 && n > 0) {
    const g = vg.gen(1);
    rows[rng.int(n)].at = g.v;
    t.note(`a row's 'at' is ${g.d}`);
  }
  let items = rows;
  if (fake === 2) {
    const lie = rng.pick([0, 1, n + 2, 2 ** 32 - 1, 1.5]);
    items = new Proxy(rows, { get(tg, k) { return k === "length" ? lie : Reflect.get(tg, k); } });
    t.note(`items Proxy with length ${lie}`);
  }
  const limit = rng.chance(0.85) ? rng.pick([1, 2, 3]) : rng.pick(NUMS);
  const opts = { keys: rng.chance(0.9) ? ["at", "id"] : rng.pick([[], ["at"], [1], "at"]), limit };
  if (rng.chance(0.3)) opts.codec = env.codecs.signed;
  t.note(`paginateKeyset(${n} rows, {keys:${show(opts.keys)}, limit:${show(limit)}})`);
  const [o, page] = attemptSync(lib, () => lib.paginateKeyset(items, opts));
  checkInner(t, "paginateKeyset", vg.state);
  if (!typed(o)) return t.fail(`paginateKeyset: untyped error ${o}`, describeError(page));
  if (o !== "ok") return;
  if (fake === 0 && n > 1 && opts.keys.length === 2 && Number.isInteger(limit)) {
    // The real times decide the order (or the Dates are refused): never the override.
    const order = rows.map((r, i) => i).sort((a, b) => realTimes[a] - realTimes[b] || a - b).slice(0, limit);
    const got = page.items.map((r) => r.id);
    if (got.join() !== order.join()) t.fail("paginateKeyset: sorted by an overridden getTime of a fake Date", `got ids [${got.join()}], by real time [${order.join()}]`);
  }
}
