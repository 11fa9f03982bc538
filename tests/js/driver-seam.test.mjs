// The seam between the paginator's JS driver (src/js/paginate/requests.ts, driver.ts) and its wasm core
// (crates/pagecursor-wasm/src/paginate.rs, crates/pagecursor-wasm/src/infinite.rs), issue 15 "One owner per concept across the
// seam": the core answers with typed exports the driver names (`Pull.Page`, not a number to
// decode), the data an answer carries has a getter of its own, and no class of the glue is
// changed after the package loaded (the driver's functions are given to the wasm list, not
// planted on a prototype).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { InfiniteList, paginate } from "pagecursor";
import "pagecursor/tanstack";

// The repository's TypeScript (a dev dependency at the root) is only used as a parser here.
const ts = createRequire(new URL("../../package.json", import.meta.url))("typescript");

// The glue the package itself imports (the same module: the same file URL).
const glueUrl = new URL("./node_modules/pagecursor/pagecursor.js", import.meta.url);
const glue = await import(glueUrl.href);
const { PaginatorCore, Pull, AfterFailure, WalkState } = glue;
// The wasm codec the driver hands the core for a walk without options.codec (src/js/codec/codec.ts).
const plain = new glue.CursorCodec(undefined);

/** The members each class of the glue defines itself: `{ name: { own, statics } }`. */
function glueClasses(source) {
  const file = ts.createSourceFile("pagecursor.js", source, ts.ScriptTarget.Latest, true);
  const out = {};
  const visit = (node) => {
    if (ts.isClassDeclaration(node) && node.name) {
      const own = ["constructor"], statics = [];
      for (const m of node.members) {
        if (m.name === undefined) continue;
        const static_ = m.modifiers?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword);
        (static_ ? statics : own).push(m.name.getText(file));
      }
      out[node.name.text] = { own: [...new Set(own)].sort(), statics: statics.sort() };
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

// Numbers of the PaginatorCore constructor: maxItems, maxPages, maxRequests, timeLimitMs,
// minIntervalMs, prefetch, retries, baseDelayMs, maxDelayMs, onSameToken "stop", segment,
// total; NaN where absent.
function numbers(set = {}) {
  const { WalkSetting } = glue;
  const out = new Float64Array(WalkSetting.Count).fill(NaN);
  for (const [name, value] of Object.entries(set)) out[WalkSetting[name[0].toUpperCase() + name.slice(1)]] = value;
  return out;
}

/** A driver's Orders that records what the core asks for. */
function recorder() {
  return {
    requests: [],
    delivered: [],
    request(id, token, attempt, segment, delay, held, keys) {
      this.requests.push({ id, token, attempt, segment, delay, held, keys });
    },
    deliver(id, skip, take, segment, cut) {
      this.delivered.push({ id, skip, take, segment, cut });
    },
  };
}

const members = (e) => Object.keys(e).filter((k) => Number.isNaN(Number(k))).map((k) => e[k]);

test("no class of the glue is changed once the package loaded and ran a walk and a list", async () => {
  // Everything the package does lazily runs first: a walk, a list with a load.
  const pages = { a: { items: [1, 2], next: "b" }, b: { items: [3], next: null } };
  assert.deepEqual(await paginate(async (t) => pages[t ?? "a"], { items: "items", next: "next" }).toArray(), [1, 2, 3]);
  const list = new InfiniteList(async (t) => pages[t ?? "a"], { items: "items", next: "next", chunkItems: 2 });
  assert.deepEqual(await list.loadMore(), [1, 2]);
  assert.deepEqual(await list.loadMore(), [3]);
  list.free();

  const classes = glueClasses(readFileSync(glueUrl, "utf8"));
  for (const name of ["PaginatorCore", "InfiniteList", "InfiniteLoad", "CursorCodec", "CursorStack"]) {
    assert.ok(classes[name], `the glue defines ${name}`);
    const cls = glue[name];
    assert.deepEqual(Object.getOwnPropertyNames(cls.prototype).sort(), classes[name].own, `${name}.prototype has only the glue's members`);
    // The glue adds `Symbol.dispose` (an alias of `free`) and nothing else.
    assert.deepEqual(Object.getOwnPropertySymbols(cls.prototype), Symbol.dispose ? [Symbol.dispose] : []);
    const statics = Object.getOwnPropertyNames(cls).filter((k) => !["length", "name", "prototype"].includes(k)).sort();
    assert.deepEqual(statics, classes[name].statics, `${name} has only the glue's static members`);
  }
});

test("the answer enums are the glue's frozen objects, one name per value", () => {
  for (const e of [Pull, AfterFailure, WalkState]) {
    assert.ok(Object.isFrozen(e));
    const values = members(e);
    assert.equal(new Set(values).size, values.length);
    for (const v of values) assert.equal(typeof v, "number");
  }
  assert.deepEqual(Object.keys(Pull).filter((k) => Number.isNaN(Number(k))), ["Page", "WholePage", "Wait", "Sent", "Stopped", "Failed", "ReportedPage"]);
  assert.deepEqual(Object.keys(AfterFailure).filter((k) => Number.isNaN(Number(k))), ["Retry", "Fail", "Stop", "Ignore"]);
});

test("the walk's numbers and stats sit at places the glue names (WalkSetting, WalkStat), none twice", async () => {
  for (const places of [glue.WalkSetting, glue.WalkStat]) {
    assert.ok(Object.isFrozen(places));
    const at = Object.entries(places).filter(([k]) => !/^\d+$/.test(k)).map(([, v]) => v).sort((a, b) => a - b);
    assert.deepEqual(at, [...at.keys()], "places 0..Count, each once");
  }
  // Each setting reaches its option, and each figure its stat: a walk cut by maxItems after
  // one empty page, with maxRequests and retries set.
  const pages = [[], [1, 2], [3]];
  const walk = paginate(async (t) => ({ Items: pages[t ?? 0], LastEvaluatedKey: (t ?? 0) + 1 < pages.length ? (t ?? 0) + 1 : undefined }),
    { preset: "dynamodb", maxItems: 1, maxRequests: 5, retry: { retries: 2 } });
  assert.deepEqual(await walk.toArray(), [1]);
  const { elapsedMs, ...stats } = walk.stats;
  assert.deepEqual(stats, { pages: 2, items: 1, emptyPages: 1, retries: 0, requests: 2, anchorMisses: 0 });
  assert.equal(typeof elapsedMs, "number");
  assert.equal(walk.stopReason, "maxItems");
});

test("pull answers Pull members, and the request it names is a getter", () => {
  const orders = recorder();
  const core = new PaginatorCore(orders, numbers(), undefined, plain, undefined, undefined, undefined);
  assert.equal(core.is(WalkState.PagesMayWait), true);
  assert.equal(core.is(WalkState.Stopping), false);
  // The first request has no token: it goes out through `request`.
  assert.equal(core.pull(0, 0, true), Pull.Wait);
  assert.equal(orders.requests.length, 1);
  const first = orders.requests[0].id;
  // Its page (3 items, next token "b") for a page consumer: the whole page just reported, no
  // deliver call.
  assert.equal(core.pullWith(0, 0, true, first, 3, "b", undefined), Pull.ReportedPage);
  assert.equal(orders.delivered.length, 0);
  // The next request carries the held token "b": named by the answer, not called back.
  assert.equal(core.pull(0, 0, true), Pull.Sent);
  const second = core.requestId;
  assert.notEqual(second, first);
  assert.equal(orders.requests.length, 1);
  // An item consumer's page (2 items, the last): delivered through `deliver`.
  assert.equal(core.pullWith(0, 0, false, second, 2, undefined, false), Pull.Page);
  assert.deepEqual(orders.delivered, [{ id: second, skip: 0, take: 2, segment: 0, cut: false }]);
  assert.equal(core.pull(0, 2, false), Pull.Stopped);
  assert.equal(core.stopReason(), "end");
  assert.equal(core.is(WalkState.EndedIdle), true);
  assert.equal(core.failure, undefined);
  core.free();

  // A page reported with `page` (an object token) waits for the pull: the whole page of the
  // request `requestId` names.
  const held = recorder();
  const other = new PaginatorCore(held, numbers(), undefined, plain, undefined, undefined, undefined);
  assert.equal(other.pull(0, 0, true), Pull.Wait);
  const id = held.requests[0].id;
  assert.equal(other.page(id, 1, { k: 1 }, { k: 1 }, undefined, 0, undefined), true);
  assert.equal(other.pull(0, 0, true), Pull.WholePage);
  assert.equal(other.requestId, id);
  other.free();
});

test("fail answers AfterFailure members, and the failure is a typed getter", () => {
  const orders = recorder();
  const core = new PaginatorCore(orders, numbers({ retries: 1, baseDelayMs: 0 }), undefined, plain, undefined, undefined, undefined);
  assert.equal(core.pull(0, 0, true), Pull.Wait);
  const id = orders.requests[0].id;
  assert.equal(core.fail(id, "fetch_failed", true, undefined, 0.5, 0), AfterFailure.Retry);
  assert.equal(orders.requests.length, 2);
  assert.equal(orders.requests[1].attempt, 2);
  assert.equal(core.fail(id, "fetch_failed", true, undefined, 0.5, 0), AfterFailure.Fail);
  assert.equal(core.pull(0, 0, true), Pull.Failed);
  assert.equal(core.failure, "fetch_failed");
  // The walk stopped: a late outcome of the same request is dropped.
  assert.equal(core.fail(id, "fetch_failed", true, undefined, 0.5, 0), AfterFailure.Ignore);
  core.free();

  // A page that cannot be read is never retried, whatever the classification said.
  const bad = new PaginatorCore(recorder(), numbers({ retries: 5 }), undefined, plain, undefined, undefined, undefined);
  assert.equal(bad.pull(0, 0, true), Pull.Wait);
  assert.equal(bad.fail(1, "bad_page", true, undefined, 0.5, 0), AfterFailure.Fail);
  assert.equal(bad.pull(0, 0, true), Pull.Failed);
  assert.equal(bad.failure, "bad_page");
  bad.free();

  // The request budget ran out: the walk stops quietly.
  const budget = new PaginatorCore(recorder(), numbers({ maxRequests: 1 }), undefined, plain, undefined, undefined, undefined);
  assert.equal(budget.pull(0, 0, true), Pull.Wait);
  assert.equal(budget.fail(1, "fetch_failed", true, undefined, 0.5, 0), AfterFailure.Stop);
  assert.equal(budget.pull(0, 0, true), Pull.Stopped);
  assert.equal(budget.stopReason(), "maxRequests");
  budget.free();
});

test("the default classification of a failed fetch is the core's, from named facts", () => {
  assert.equal(PaginatorCore.retryable(503, undefined, false, false), true);
  assert.equal(PaginatorCore.retryable(404, undefined, false, false), false);
  assert.equal(PaginatorCore.retryable(undefined, undefined, true, false), true);
  assert.equal(PaginatorCore.retryable(503, undefined, false, true), false);
  assert.equal(PaginatorCore.retryable(undefined, "TypeError", true, false), false);
});

test("an InfiniteList calls neither Function.prototype.call nor a replaced Object.assign", async () => {
  const pages = { a: { items: [1, 2], next: "b" }, b: { items: [3], next: null } };
  const fetchPage = async (t) => pages[t ?? "a"];
  const { call } = Function.prototype;
  const { assign } = Object;
  const seen = [];
  // The list's wasm calls the driver's functions and copies the options: with the intrinsics
  // it captured when it loaded, so a page's replacements are never reached.
  Function.prototype.call = function (...args) {
    seen.push("call");
    return Reflect.apply(call, this, args);
  };
  Object.assign = (...args) => {
    seen.push("assign");
    return Reflect.apply(assign, Object, args);
  };
  let list;
  try {
    list = new InfiniteList(fetchPage, { items: "items", next: "next", chunkItems: 2 });
    assert.deepEqual(await list.loadMore(), [1, 2]);
    assert.deepEqual(await list.loadMore(), [3]);
  } finally {
    Function.prototype.call = call;
    Object.assign = assign;
  }
  list.free();
  assert.deepEqual(seen, []);
});
