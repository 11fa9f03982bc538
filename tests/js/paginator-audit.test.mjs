// Audit of the paginator against /work/shared/API.md ("Paginator" and "Precise semantics"),
// black-box through the installed package. It targets what contract.test.mjs leaves open: the
// iterator protocol in detail, combinations (maxItems + prefetch + segments, resume after a cut
// under every preset, abort with a prefetched request in flight, failures with prefetch),
// stats and stopReason after every kind of stop, and option validation.
import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { paginate, Paginator, PaginationError, InfiniteList } from "pagecursor";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const IN = { items: "items", next: "next" };

function isPag(code) {
  return (e) => {
    assert.ok(e instanceof PaginationError, `not a PaginationError: ${e}`);
    assert.equal(e.name, "PaginationError");
    assert.equal(e.code, code, e.message);
    return true;
  };
}

// A source of `pages` (arrays of items) addressed by string tokens "p1", "p2"…; page 0 has no
// token. Records every call.
function source(pages, { delay = 0, nextField = "next", itemsField = "items" } = {}) {
  const calls = [];
  const fetchPage = async (token, ctx) => {
    calls.push({ token, ctx });
    const i = token === undefined ? 0 : Number(String(token).slice(1));
    if (delay) await sleep(delay);
    const page = { [itemsField]: pages[i] };
    if (i + 1 < pages.length) page[nextField] = `p${i + 1}`;
    return page;
  };
  return { fetchPage, calls };
}

const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);
// 7 pages, some short or empty, 20 items in all.
const PAGES = [range(0, 3), [], range(3, 4), range(4, 9), [], range(9, 14), range(14, 20)];
const ALL = range(0, 20);

async function collectItems(p) {
  const out = [];
  for await (const x of p.items()) out.push(x);
  return out;
}

// A fetchPage whose request for `hangOn` never settles until its ctx.signal aborts.
function hangingAt(pages, hangOn) {
  const signals = [];
  const fetchPage = (token, ctx) => {
    signals.push({ token, signal: ctx.signal });
    const i = token === undefined ? 0 : Number(String(token).slice(1));
    if (i === hangOn) {
      return new Promise((_, rej) => ctx.signal.addEventListener("abort", () => rej(ctx.signal.reason)));
    }
    return Promise.resolve({ items: pages[i], next: i + 1 < pages.length ? `p${i + 1}` : undefined });
  };
  return { fetchPage, signals };
}

describe("iterator protocol", () => {
  test("next() after the end keeps answering done, and fetches nothing more (pages and items)", async () => {
    const s = source(PAGES);
    const p = paginate(s.fetchPage, IN);
    const it = p[Symbol.asyncIterator]();
    let r;
    let pages = 0;
    while (!(r = await it.next()).done) pages++;
    assert.equal(pages, PAGES.length);
    assert.deepEqual(await it.next(), { value: undefined, done: true });
    assert.deepEqual(await it.next(), { value: undefined, done: true });
    const items = p.items();
    assert.equal((await items.next()).done, true);
    assert.equal(s.calls.length, PAGES.length);
    assert.equal(p.stopReason, "end");
    assert.equal(p.resumeToken, undefined);
  });

  test("iterating a finished paginator a second time yields nothing and fetches nothing", async () => {
    const s = source(PAGES);
    const p = paginate(s.fetchPage, IN);
    assert.deepEqual(await p.toArray(), ALL);
    let again = 0;
    for await (const _ of p) again++;
    for await (const _ of p.items()) again++;
    assert.equal(again, 0);
    assert.deepEqual(await p.toArray(), []);
    assert.equal(s.calls.length, PAGES.length);
  });

  test("return() on the page iterator: done, in-flight request aborted, resume after the last page, next() then done", async () => {
    const h = hangingAt(PAGES, 2);
    const p = paginate(h.fetchPage, { ...IN, prefetch: 1 });
    const it = p[Symbol.asyncIterator]();
    assert.deepEqual((await it.next()).value.items, PAGES[0]);
    assert.deepEqual((await it.next()).value.items, PAGES[1]);
    const r = await it.return();
    assert.equal(r.done, true);
    assert.equal((await it.next()).done, true);
    assert.ok(h.signals.filter((x) => x.token === "p2").every((x) => x.signal.aborted), "request p2 aborted");
    assert.equal(p.stopReason, "aborted");
    const rest = await paginate(source(PAGES).fetchPage, { ...IN, resumeToken: p.resumeToken }).toArray();
    assert.deepEqual(rest, range(3, 20));
  });

  test("return() on the item iterator in the middle of a page: resume exactly after the last item", async () => {
    const p = paginate(source(PAGES).fetchPage, { ...IN, prefetch: 2 });
    const it = p.items();
    const got = [];
    for (let i = 0; i < 6; i++) got.push((await it.next()).value);
    assert.equal((await it.return()).done, true);
    assert.equal((await it.next()).done, true);
    const rest = await paginate(source(PAGES).fetchPage, { ...IN, resumeToken: p.resumeToken }).toArray();
    assert.deepEqual([...got, ...rest], ALL);
  });

  test("concurrent next() calls on the item iterator hand out every item once, in order", async () => {
    const p = paginate(source(PAGES, { delay: 2 }).fetchPage, IN);
    const it = p.items();
    const rs = await Promise.all(range(0, 24).map(() => it.next()));
    assert.deepEqual(rs.filter((r) => !r.done).map((r) => r.value), ALL);
    assert.ok(rs.slice(20).every((r) => r.done));
    assert.equal(p.stopReason, "end");
  });

  test("concurrent next() calls on the page iterator hand out every page once, in order", async () => {
    const p = paginate(source(PAGES, { delay: 2 }).fetchPage, { ...IN, prefetch: 2 });
    const it = p[Symbol.asyncIterator]();
    const rs = await Promise.all(range(0, 9).map(() => it.next()));
    assert.deepEqual(rs.filter((r) => !r.done).map((r) => r.value.items), PAGES);
    assert.ok(rs.slice(7).every((r) => r.done));
  });

  test("return() while a next() waits for a fetch: the pending next() resolves done, the fetch is aborted", async () => {
    const h = hangingAt(PAGES, 1);
    const p = paginate(h.fetchPage, IN);
    const it = p[Symbol.asyncIterator]();
    assert.deepEqual((await it.next()).value.items, PAGES[0]);
    const pending = it.next();
    await sleep(5);
    assert.equal((await it.return()).done, true);
    assert.deepEqual(await pending, { value: undefined, done: true });
    assert.ok(h.signals.every((x) => x.token === undefined || x.signal.aborted));
    const rest = await paginate(source(PAGES).fetchPage, { ...IN, resumeToken: p.resumeToken }).toArray();
    assert.deepEqual(rest, range(3, 20));
  });

  test("toArray after a partial item iteration returns exactly the rest", async () => {
    const p = paginate(source(PAGES).fetchPage, IN);
    const it = p.items();
    const head = [];
    for (let i = 0; i < 5; i++) head.push((await it.next()).value);
    const rest = await p.toArray();
    assert.deepEqual([...head, ...rest], ALL);
  });

  test("paginate() returns a Paginator; new Paginator() is refused with a TypeError", () => {
    assert.ok(paginate(source(PAGES).fetchPage, IN) instanceof Paginator);
    assert.throws(() => new Paginator(async () => ({}), IN), TypeError);
  });
});

describe("ctx passed to fetchPage", () => {
  test("the first call gets token undefined and a ctx without segment fields or pageSize when none are set", async () => {
    const s = source([[1]]);
    await paginate(s.fetchPage, IN).toArray();
    const { token, ctx } = s.calls[0];
    assert.equal(token, undefined);
    assert.ok(ctx.signal instanceof AbortSignal);
    assert.equal(ctx.signal.aborted, false);
    assert.equal(ctx.attempt, 1);
    assert.equal(ctx.pageSize, undefined);
    assert.equal(ctx.segment, undefined);
    assert.equal(ctx.totalSegments, undefined);
  });

  test("segment { segment: 2, total: 4 }: ctx.segment 2, ctx.totalSegments 4, pageSize passed on", async () => {
    const s = source([[1], [2]]);
    const p = paginate(s.fetchPage, { ...IN, segment: { segment: 2, total: 4 }, pageSize: 7 });
    assert.deepEqual(await p.toArray(), [1, 2]);
    for (const { ctx } of s.calls) {
      assert.equal(ctx.segment, 2);
      assert.equal(ctx.totalSegments, 4);
      assert.equal(ctx.pageSize, 7);
    }
    assert.equal(p.lastSegment, 2);
  });

  test("ctx.attempt restarts at 1 for the page after a retried one", async () => {
    const attempts = [];
    let failed = false;
    const p = paginate(async (t, ctx) => {
      attempts.push([t, ctx.attempt]);
      if (t === "p1" && !failed) { failed = true; throw Object.assign(new Error("slow"), { name: "ThrottlingException" }); }
      return { items: [t ?? "p0"], next: t === undefined ? "p1" : t === "p1" ? "p2" : undefined };
    }, { ...IN, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    assert.deepEqual(await p.toArray(), ["p0", "p1", "p2"]);
    assert.deepEqual(attempts, [[undefined, 1], ["p1", 1], ["p1", 2], ["p2", 1]]);
  });
});

describe("abort", () => {
  test("abort while a prefetched request is in flight: aborted, every ctx.signal aborted, resume after the last page received", async () => {
    const ac = new AbortController();
    const h = hangingAt(PAGES, 3);
    // Prefetch 3: after page 0, requests for pages 1 to 3 are ahead (page 3 hangs).
    const p = paginate(h.fetchPage, { ...IN, prefetch: 3, signal: ac.signal });
    const got = [];
    await assert.rejects(async () => {
      for await (const page of p) {
        got.push(...page.items);
        if (got.length >= 3) { await sleep(5); ac.abort(); }
      }
    }, isPag("aborted"));
    assert.deepEqual(got, range(0, 3));
    assert.ok(h.signals.filter((x) => x.token === "p3").length >= 1, "p3 was requested ahead");
    assert.ok(h.signals.filter((x) => x.token !== undefined).every((x) => x.signal.aborted), "in-flight requests aborted");
    assert.equal(p.stopReason, "aborted");
    const rest = await paginate(source(PAGES).fetchPage, { ...IN, resumeToken: p.resumeToken }).toArray();
    assert.deepEqual(rest, range(3, 20));
  });

  test("abort in the middle of a page with items(): the next next() rejects with aborted; resume after the last item", async () => {
    const ac = new AbortController();
    const p = paginate(source(PAGES).fetchPage, { ...IN, signal: ac.signal });
    const it = p.items();
    const got = [];
    for (let i = 0; i < 5; i++) got.push((await it.next()).value); // 0..4: inside page 3 (4..8)
    ac.abort();
    await assert.rejects(it.next(), isPag("aborted"));
    assert.equal(p.stopReason, "aborted");
    assert.deepEqual((await it.next()).done, true, "reported once, then done");
    const rest = await paginate(source(PAGES).fetchPage, { ...IN, resumeToken: p.resumeToken }).toArray();
    assert.deepEqual([...got, ...rest], ALL);
  });

  test("the aborted error carries the resumeToken and the abort reason as cause", async () => {
    const ac = new AbortController();
    const h = hangingAt(PAGES, 1);
    const p = paginate(h.fetchPage, { ...IN, signal: ac.signal });
    const reason = new Error("user left");
    setTimeout(() => ac.abort(reason), 10);
    let err;
    try { await p.toArray(); } catch (e) { err = e; }
    assert.ok(isPag("aborted")(err));
    assert.equal(err.cause, reason);
    assert.equal(err.resumeToken, p.resumeToken);
    assert.equal(typeof err.resumeToken, "string");
  });

  test("an abort after the walk reached its end changes nothing", async () => {
    const ac = new AbortController();
    const p = paginate(source(PAGES).fetchPage, { ...IN, signal: ac.signal });
    assert.deepEqual(await p.toArray(), ALL);
    ac.abort();
    assert.equal((await p.items().next()).done, true);
    assert.equal(p.stopReason, "end");
    assert.equal(p.resumeToken, undefined);
  });

  test("an aborted signal also rejects a walk resumed from a resumeToken, before any fetch", async () => {
    const first = paginate(source(PAGES).fetchPage, { ...IN, maxItems: 4 });
    await first.toArray();
    const ac = new AbortController();
    ac.abort();
    const s = source(PAGES);
    const p = paginate(s.fetchPage, { ...IN, resumeToken: first.resumeToken, signal: ac.signal });
    await assert.rejects(p.toArray(), isPag("aborted"));
    assert.equal(s.calls.length, 0);
  });
});

describe("failures", () => {
  test("exhausted retries with prefetch: the pages before are handed out first, then fetch_failed resuming at the failed request", async () => {
    const boom = Object.assign(new Error("throttled"), { name: "ThrottlingException" });
    let attempts = 0;
    const p = paginate(async (t, ctx) => {
      if (t === "p4") { attempts++; assert.equal(ctx.attempt, attempts); throw boom; }
      return source(PAGES).fetchPage(t, ctx);
    }, { ...IN, prefetch: 3, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    const got = [];
    let err;
    try { for await (const x of p.items()) got.push(x); } catch (e) { err = e; }
    assert.ok(isPag("fetch_failed")(err));
    assert.equal(err.cause, boom);
    assert.equal(attempts, 3);
    assert.deepEqual(got, range(0, 9), "every item of the pages before the failed one was handed out");
    assert.equal(p.stopReason, "error");
    assert.equal(err.resumeToken, p.resumeToken);
    const s = source(PAGES);
    const rest = await paginate(s.fetchPage, { ...IN, resumeToken: err.resumeToken }).toArray();
    assert.equal(s.calls[0].token, "p4", "the resumed walk starts at the failed request");
    assert.deepEqual([...got, ...rest], ALL);
    const st = p.stats;
    assert.equal(st.retries, 2);
    assert.equal(st.items, 9);
    assert.equal(st.pages, 4);
    assert.equal(st.emptyPages, 1);
    assert.ok(st.requests >= 4 + 3, `requests ${st.requests}`);
  });

  test("an AWS SDK v3 error ($metadata.httpStatusCode 503) is retried by default", async () => {
    let n = 0;
    const p = paginate(async () => {
      if (n++ === 0) throw Object.assign(new Error("Service Unavailable"), { name: "ServiceUnavailable", $metadata: { httpStatusCode: 503 } });
      return { items: [1] };
    }, { ...IN, retry: { baseDelayMs: 1, maxDelayMs: 1 } });
    assert.deepEqual(await p.toArray(), [1]);
    assert.equal(p.stats.retries, 1);
  });

  test("a repeated token found by a prefetched page: earlier pages first, then repeated_token with a resumeToken", async () => {
    const p = paginate(async (t) => {
      if (t === undefined) return { items: [0], next: "a" };
      if (t === "a") return { items: [1], next: "b" };
      return { items: [2], next: "a" };
    }, { ...IN, prefetch: 3 });
    const got = [];
    let err;
    try { for await (const x of p.items()) got.push(x); } catch (e) { err = e; }
    assert.ok(isPag("repeated_token")(err));
    assert.deepEqual(got.slice(0, 2), [0, 1]);
    assert.equal(p.stopReason, "error");
  });

  test("a failed segment of a parallel walk does not lose the items the other segments delivered", async () => {
    const data = { 0: [range(0, 3), range(3, 6)], 1: [range(10, 13), range(13, 16), range(16, 18)] };
    let failOnce = true;
    const fetchPage = async (t, ctx) => {
      const pages = data[ctx.segment];
      const i = t === undefined ? 0 : Number(t.slice(1));
      if (ctx.segment === 1 && i === 1 && failOnce) { failOnce = false; throw new Error("down"); }
      return { items: pages[i], next: i + 1 < pages.length ? `p${i + 1}` : undefined };
    };
    const p = paginate(fetchPage, { ...IN, segments: 2, prefetch: 1 });
    const got = [];
    let err;
    try { for await (const x of p.items()) got.push(x); } catch (e) { err = e; }
    assert.ok(isPag("fetch_failed")(err));
    const rest = await paginate(fetchPage, { ...IN, segments: 2, resumeToken: err.resumeToken }).toArray();
    assert.deepEqual([...got, ...rest].sort((a, b) => a - b), [...range(0, 6), ...range(10, 18)]);
  });
});

describe("maxItems combinations", () => {
  test("maxItems 0: nothing fetched, stopReason maxItems, the resumeToken yields everything", async () => {
    const s = source(PAGES);
    const p = paginate(s.fetchPage, { ...IN, maxItems: 0 });
    assert.deepEqual(await p.toArray(), []);
    assert.equal(s.calls.length, 0);
    assert.equal(p.stopReason, "maxItems");
    assert.deepEqual(await paginate(source(PAGES).fetchPage, { ...IN, resumeToken: p.resumeToken }).toArray(), ALL);
  });

  for (const prefetch of [0, 1, 3]) {
    for (const maxItems of [1, 4, 7, 13]) {
      test(`maxItems ${maxItems} + prefetch ${prefetch} + 3 segments: exactly maxItems, then exactly the rest`, async () => {
        const seg = (k) => [range(k * 100, k * 100 + 3), [], range(k * 100 + 3, k * 100 + 5), range(k * 100 + 5, k * 100 + 9)];
        const calls = [];
        const fetchPage = async (t, ctx) => {
          calls.push(ctx.segment);
          const pages = seg(ctx.segment);
          const i = t === undefined ? 0 : t.n;
          await sleep((3 - ctx.segment) % 3);
          return { items: pages[i], next: i + 1 < pages.length ? { n: i + 1, s: ctx.segment } : undefined };
        };
        const all = [0, 1, 2].flatMap((k) => seg(k).flat());
        const got = [];
        let token;
        let rounds = 0;
        do {
          const p = paginate(fetchPage, { ...IN, segments: 3, prefetch, maxItems, ...(token ? { resumeToken: token } : {}) });
          const part = await p.toArray();
          assert.ok(part.length <= maxItems);
          if (p.resumeToken !== undefined) {
            assert.equal(part.length, maxItems);
            assert.equal(p.stopReason, "maxItems");
          }
          assert.equal(p.stats.items, part.length);
          got.push(...part);
          token = p.resumeToken;
        } while (token !== undefined && ++rounds < 100);
        assert.deepEqual(got.slice().sort((a, b) => a - b), all, "nothing lost, nothing repeated");
        for (const k of [0, 1, 2]) {
          const mine = got.filter((x) => Math.floor(x / 100) === k);
          assert.deepEqual(mine, seg(k).flat(), `segment ${k} order`);
        }
      });
    }
  }

  // Resume after a mid-page cut under every preset.
  const presets = {
    dynamodb: {
      options: { preset: "dynamodb" },
      page: (items, i, last) => ({ Items: items, ...(last ? {} : { LastEvaluatedKey: { pk: { S: `k${i}` } } }) }),
      index: (t) => (t === undefined ? 0 : Number(t.pk.S.slice(1)) + 1),
    },
    aws: {
      options: { preset: "aws", items: "Reservations" },
      page: (items, i, last) => ({ Reservations: items, ...(last ? {} : { NextToken: `n${i}` }) }),
      index: (t) => (t === undefined ? 0 : Number(t.slice(1)) + 1),
    },
    "keyset next_cursor": {
      options: { preset: "keyset" },
      page: (items, i, last) => ({ items, next_cursor: last ? null : `c${i}` }),
      index: (t) => (t === undefined ? 0 : Number(t.slice(1)) + 1),
    },
    "keyset nextCursor": {
      options: { preset: "keyset" },
      page: (items, i, last) => ({ items, nextCursor: last ? undefined : `c${i}`, hasNext: !last }),
      index: (t) => (t === undefined ? 0 : Number(t.slice(1)) + 1),
    },
    "relay edges": {
      options: { preset: "relay", root: "data.orders" },
      page: (items, i, last) => ({ data: { orders: { edges: items.map((node) => ({ node })), pageInfo: { hasNextPage: !last, endCursor: `e${i}` } } } }),
      index: (t) => (t === undefined ? 0 : Number(t.slice(1)) + 1),
    },
    "relay nodes": {
      options: { preset: "relay" },
      page: (items, i, last) => ({ nodes: items, pageInfo: { hasNextPage: !last, endCursor: last ? null : `e${i}` } }),
      index: (t) => (t === undefined ? 0 : Number(t.slice(1)) + 1),
    },
    link: {
      options: { preset: "link" },
      page: (items, i, last) => new Response(JSON.stringify(items), {
        headers: last ? {} : { link: `<http://127.0.0.1:9/items?page=${i + 1}>; rel="next"` },
      }),
      index: (t) => (t === undefined ? 0 : Number(new URL(t).searchParams.get("page"))),
    },
    "link with items path": {
      options: { preset: "link", items: "data" },
      page: (items, i, last) => new Response(JSON.stringify({ data: items }), {
        headers: last ? {} : { link: `<http://127.0.0.1:9/items?page=${i + 1}>; rel="next", <http://127.0.0.1:9/items?page=0>; rel="first"` },
      }),
      index: (t) => (t === undefined ? 0 : Number(new URL(t).searchParams.get("page"))),
    },
  };
  // The next token a page built above carries, read off the page itself (not through the
  // paginator); JSON text, so that a token object can be compared by value.
  const carried = (page) => {
    const t = page instanceof Response
      ? /<([^>]*)>; rel="next"/.exec(page.headers.get("link") ?? "")?.[1]
      : page.LastEvaluatedKey ?? page.NextToken ?? page.next_cursor ?? page.nextCursor ?? (page.data?.orders ?? page).pageInfo?.endCursor;
    return t === undefined || t === null ? undefined : JSON.stringify(t);
  };
  for (const [name, pre] of Object.entries(presets)) {
    test(`resume after a mid-page cut — preset ${name}: maxItems 4 in chunks, nothing lost or repeated; tokens passed raw`, async () => {
      const tokens = [];
      const emitted = new Set();
      const fetchPage = async (t) => {
        tokens.push(t);
        const i = pre.index(t);
        const page = pre.page(PAGES[i], i, i === PAGES.length - 1);
        if (carried(page) !== undefined) emitted.add(carried(page));
        return page;
      };
      const got = [];
      let token;
      let rounds = 0;
      do {
        const p = paginate(fetchPage, { ...pre.options, maxItems: 4, prefetch: 1, ...(token ? { resumeToken: token } : {}) });
        const part = await p.toArray();
        got.push(...part);
        token = p.resumeToken;
      } while (token !== undefined && ++rounds < 50);
      assert.deepEqual(got, ALL);
      // Every token fetchPage saw is one a page carried (or undefined).
      for (const t of tokens) assert.ok(t === undefined || emitted.has(JSON.stringify(t)), `fetched ${JSON.stringify(t)}, emitted ${[...emitted]}`);
    });
  }

  test("page iteration under maxItems with prefetch and segments: the last page is cut to the remaining items", async () => {
    const fetchPage = async (t, ctx) => ({ items: range(ctx.segment * 10, ctx.segment * 10 + 4), next: t === undefined ? "x" : undefined });
    const p = paginate(fetchPage, { ...IN, segments: 2, prefetch: 2, maxItems: 6 });
    let n = 0;
    for await (const page of p) n += page.items.length;
    assert.equal(n, 6);
    assert.equal(p.stopReason, "maxItems");
    assert.equal(p.stats.items, 6);
  });
});

describe("stopReason and stats after every kind of stop", () => {
  test("stopReason: end, maxPages, maxRequests, timeLimit, error; undefined while running", async () => {
    const end = paginate(source(PAGES).fetchPage, IN);
    const it = end[Symbol.asyncIterator]();
    await it.next();
    assert.equal(end.stopReason, undefined);
    for (;;) if ((await it.next()).done) break;
    assert.equal(end.stopReason, "end");

    const mp = paginate(source(PAGES).fetchPage, { ...IN, maxPages: 2, prefetch: 4 });
    assert.deepEqual(await mp.toArray(), range(0, 3));
    assert.equal(mp.stopReason, "maxPages");
    assert.equal(mp.stats.pages, 2);
    assert.equal(mp.stats.requests, 2);

    const mr = paginate(source(PAGES).fetchPage, { ...IN, maxRequests: 3, prefetch: 4 });
    assert.deepEqual(await mr.toArray(), range(0, 4));
    assert.equal(mr.stopReason, "maxRequests");
    assert.equal(mr.stats.requests, 3);

    const h = hangingAt(PAGES, 2);
    const tl = paginate(h.fetchPage, { ...IN, timeLimitMs: 40 });
    assert.deepEqual(await tl.toArray(), range(0, 3));
    assert.equal(tl.stopReason, "timeLimit");
    assert.ok(h.signals.filter((x) => x.token === "p2").every((x) => x.signal.aborted), "the hanging request is aborted");
    const rest = await paginate(source(PAGES).fetchPage, { ...IN, resumeToken: tl.resumeToken }).toArray();
    assert.deepEqual(rest, range(3, 20));

    const er = paginate(async () => { throw new TypeError("bad"); }, IN);
    await assert.rejects(er.toArray(), isPag("fetch_failed"));
    assert.equal(er.stopReason, "error");
    assert.equal(er.stats.retries, 0, "a TypeError is never retried");
    assert.equal(er.stats.requests, 1);
  });

  test("stats count handed-out pages and items (a cut page counts its handed-out items) and freeze after the end", async () => {
    const p = paginate(source(PAGES).fetchPage, { ...IN, maxItems: 10, prefetch: 3 });
    assert.deepEqual(await p.toArray(), range(0, 10));
    const st = p.stats;
    assert.deepEqual(Object.keys(st).sort(), ["anchorMisses", "elapsedMs", "emptyPages", "items", "pages", "requests", "retries"]);
    assert.equal(st.anchorMisses, 0);
    assert.equal(st.items, 10);
    assert.equal(st.pages, 6); // pages 0..5, the last one cut
    assert.equal(st.emptyPages, 2);
    assert.equal(st.retries, 0);
    assert.ok(st.requests >= 6 && st.requests <= 7, `requests ${st.requests}`);
    assert.ok(typeof st.elapsedMs === "number" && st.elapsedMs >= 0);
    await sleep(15);
    assert.equal(p.stats.elapsedMs, st.elapsedMs, "elapsedMs stops with the walk");
  });

  test("break leaves a defined resumeToken and a stopReason other than undefined", async () => {
    const p = paginate(source(PAGES).fetchPage, IN);
    for await (const _ of p) break;
    assert.equal(typeof p.resumeToken, "string");
    assert.notEqual(p.stopReason, undefined);
    assert.notEqual(p.stopReason, "end");
  });
});

describe("more stops", () => {
  test("an exception thrown by the consumer inside for await stops quietly (the walk does not throw); resume after that page", async () => {
    const p = paginate(source(PAGES).fetchPage, { ...IN, prefetch: 2 });
    await assert.rejects(async () => {
      for await (const page of p) if (page.items.includes(3)) throw new Error("consumer");
    }, /consumer/);
    assert.equal(typeof p.resumeToken, "string");
    const rest = await paginate(source(PAGES).fetchPage, { ...IN, resumeToken: p.resumeToken }).toArray();
    assert.deepEqual(rest, range(4, 20));
  });

  test("maxRequests running out during retries stops quietly (maxRequests) and resumes at the retried request", async () => {
    const s = source(PAGES);
    const f = async (t, ctx) => {
      if (t === "p1") throw Object.assign(new Error("slow down"), { name: "ThrottlingException" });
      return s.fetchPage(t, ctx);
    };
    const p = paginate(f, { ...IN, maxRequests: 3, retry: { retries: 5, baseDelayMs: 1, maxDelayMs: 1 } });
    assert.deepEqual(await p.toArray(), range(0, 3));
    assert.equal(p.stopReason, "maxRequests");
    assert.equal(p.stats.requests, 3);
    assert.equal(p.stats.retries, 1);
    const r = source(PAGES);
    const rest = await paginate(r.fetchPage, { ...IN, resumeToken: p.resumeToken }).toArray();
    assert.equal(r.calls[0].token, "p1");
    assert.deepEqual(rest, range(3, 20));
  });

  test("timeLimitMs 0: nothing fetched, stopReason timeLimit, the resumeToken yields everything", async () => {
    const s = source(PAGES);
    const p = paginate(s.fetchPage, { ...IN, timeLimitMs: 0 });
    assert.deepEqual(await p.toArray(), []);
    assert.equal(p.stopReason, "timeLimit");
    assert.equal(s.calls.length, 0);
    assert.deepEqual(await paginate(source(PAGES).fetchPage, { ...IN, resumeToken: p.resumeToken }).toArray(), ALL);
  });

  test("an aborted walk in its pacing delay issues nothing more", async () => {
    const ac = new AbortController();
    const s = source(PAGES);
    const p = paginate(s.fetchPage, { ...IN, minIntervalMs: 100, prefetch: 2, signal: ac.signal });
    setTimeout(() => ac.abort(), 20);
    await assert.rejects(p.toArray(), isPag("aborted"));
    const n = s.calls.length;
    await sleep(150);
    assert.equal(s.calls.length, n);
  });

  test("resume tokens bind the segment layout: one segment's token resumes only that segment", async () => {
    const f = async (t, ctx) => ({ items: [ctx.segment * 10, ctx.segment * 10 + 1], next: t ? undefined : "a" });
    const p = paginate(f, { ...IN, maxItems: 1, segment: { segment: 1, total: 2 } });
    await p.toArray();
    assert.deepEqual(await paginate(f, { ...IN, segment: { segment: 1, total: 2 }, resumeToken: p.resumeToken }).toArray(), [11, 10, 11]);
    for (const other of [{ segment: { segment: 0, total: 2 } }, { segments: 2 }, {}]) {
      await assert.rejects(paginate(f, { ...IN, ...other, resumeToken: p.resumeToken }).toArray(), isPag("bad_resume_token"));
    }
  });
});

describe("ends and tokens", () => {
  test("more: true with an absent token is bad_page; a missing more flag is ignored", async () => {
    const a = paginate(async () => ({ items: [1], more: true }), { ...IN, more: "more" });
    await assert.rejects(a.toArray(), isPag("bad_page"));
    assert.equal(a.stopReason, "error");
    let n = 0;
    const b = paginate(async () => ({ items: [n], next: n++ < 2 ? `t${n}` : undefined }), { ...IN, more: "more" });
    assert.deepEqual(await b.toArray(), [0, 1, 2]);
  });

  test("an empty object with a null prototype is absent too; an empty array is a real token", async () => {
    const a = paginate(async () => ({ items: [1], next: Object.create(null) }), IN);
    assert.deepEqual(await a.toArray(), [1]);
    const seen = [];
    const b = paginate(async (t) => { seen.push(t); return { items: [1], next: t === undefined ? [] : undefined }; }, IN);
    assert.deepEqual(await b.toArray(), [1, 1]);
    assert.deepEqual(seen[1], []);
  });

  // A LastEvaluatedKey built by user code may carry a field set to undefined; JSON (and every
  // wire format) drops it. Such a token is still a token: a walk stopped by maxItems must not
  // look ended (resumeToken undefined), and a cycle of such tokens must not loop forever.
  test("a token with an undefined field: maxItems leaves a resumeToken that resumes exactly (the field dropped)", async () => {
    const seen = [];
    const f = async (t) => {
      seen.push(t);
      const i = t ? t.i : 0;
      return { items: [i * 2, i * 2 + 1], next: i < 3 ? { i: i + 1, sk: undefined } : undefined };
    };
    const p = paginate(f, { ...IN, maxItems: 3 });
    const head = await p.toArray();
    assert.deepEqual(head, [0, 1, 2]);
    assert.equal(p.stopReason, "maxItems");
    assert.equal(typeof p.resumeToken, "string", "the walk did not reach its end");
    const before = seen.length;
    const rest = await paginate(f, { ...IN, resumeToken: p.resumeToken }).toArray();
    assert.deepEqual([...head, ...rest], range(0, 8));
    assert.deepEqual(seen[before], { i: 1 }, "the resumed walk starts at the cut page, the undefined field left out");
  });

  test("a token object whose only fields are undefined is an empty object: the walk ends", async () => {
    let n = 0;
    const p = paginate(async () => ({ items: [n++], next: { cursor: undefined } }), IN);
    assert.deepEqual(await p.toArray(), [0]);
    assert.equal(p.stopReason, "end");
    assert.equal(p.resumeToken, undefined);
  });

  test("InfiniteList over tokens with undefined fields: toString/from continues after the window", async () => {
    const f = async (t) => {
      const i = t ? t.i : 0;
      return { items: [i * 2, i * 2 + 1], next: i < 3 ? { i: i + 1, sk: undefined } : undefined };
    };
    const l = new InfiniteList(f, { ...IN, chunkItems: 3 });
    assert.deepEqual(await l.loadMore(), [0, 1, 2]);
    const m = InfiniteList.from(l.toString(), f, { ...IN, chunkItems: 3 });
    await m.loadMore();
    await m.loadMore();
    assert.deepEqual(m.items, range(3, 8));
    assert.equal(m.hasMore, false);
  });

  test("a cycle of tokens with undefined fields is repeated_token, not an endless walk", async () => {
    let n = 0;
    const p = paginate(async () => {
      if (++n > 20) throw new Error("looping");
      return { items: [n], next: { i: 1, sk: undefined } };
    }, IN);
    await assert.rejects(p.toArray(), isPag("repeated_token"));
    assert.equal(n, 2);
  });

  // Open (needs a design decision, see the audit report): a token that is not a CursorValue
  // (a class instance such as a MongoDB ObjectId or lib-dynamodb's NumberValue) is followed,
  // but cannot be written into a resumeToken, so a walk stopped early shows resumeToken
  // undefined — which reads as "reached the end" — and its repeats are not detected.
  test("a class-instance token: a walk stopped by maxItems has a resumeToken, resumed in the token's JSON form", async () => {
    class Key { constructor(i) { this.i = i; } }
    const seen = [];
    const f = async (t) => {
      seen.push(t);
      return { items: [t ? t.i : 0], next: !t || t.i < 3 ? new Key(t ? t.i + 1 : 1) : undefined };
    };
    const p = paginate(f, { ...IN, maxItems: 2 });
    assert.deepEqual(await p.toArray(), [0, 1]);
    assert.equal(p.stopReason, "maxItems");
    assert.equal(typeof p.resumeToken, "string");
    // The resumed walk gets the plain JSON form of the token, and loses and repeats nothing.
    seen.length = 0;
    assert.deepEqual(await paginate(f, { ...IN, resumeToken: p.resumeToken }).toArray(), [2, 3]);
    assert.deepEqual(seen[0], { i: 2 });
    assert.equal(Object.getPrototypeOf(seen[0]), Object.prototype);
  });

  test("a class-instance token with toJSON is compared in that form: a cycle is repeated_token", async () => {
    class Id { constructor(hex) { this.hex = hex; } toJSON() { return this.hex; } }
    const f = async (t) => ({ items: [1], next: new Id(t ? (t.hex === "a" ? "b" : "a") : "a") });
    await assert.rejects(paginate(f, IN).toArray(), isPag("repeated_token"));
  });

  test("a token whose JSON form reads as absent ({}) is still followed, never ended or resumed from scratch", async () => {
    let n = 0;
    const f = async () => ({ items: [n], next: ++n < 4 ? new Map([["k", n]]) : undefined });
    assert.deepEqual(await paginate(f, IN).toArray(), [0, 1, 2, 3]);
  });

  test("startToken is sent on the first request and a repeat of it later is repeated_token, also with segments", async () => {
    const p = paginate(async (t, ctx) => ({ items: [ctx.segment], next: "S" }), { ...IN, startToken: "S", segments: 2 });
    await assert.rejects(p.toArray(), isPag("repeated_token"));
  });
});

describe("option validation", () => {
  const bad = {
    "fetchPage not a function": [42, IN],
    "prefetch -1": [null, { ...IN, prefetch: -1 }],
    "prefetch NaN": [null, { ...IN, prefetch: NaN }],
    "maxItems as a string": [null, { ...IN, maxItems: "5" }],
    "maxPages -1": [null, { ...IN, maxPages: -1 }],
    "segments 0": [null, { ...IN, segments: 0 }],
    "segments 1.5": [null, { ...IN, segments: 1.5 }],
    "segment out of range": [null, { ...IN, segment: { segment: 2, total: 2 } }],
    "segment and segments": [null, { ...IN, segments: 2, segment: { segment: 0, total: 2 } }],
    "unknown preset": [null, { preset: "graphql" }],
    "no preset and no next": [null, { items: "items" }],
    "onSameToken \"halt\"": [null, { ...IN, onSameToken: "halt" }],
    "onSameToken true": [null, { ...IN, onSameToken: true }],
    "retry.retries -1": [null, { ...IN, retry: { retries: -1 } }],
    "signal not an AbortSignal": [null, { ...IN, signal: {} }],
    "items a number": [null, { next: "next", items: 3 }],
    "an empty next path": [null, { items: "items", next: "" }],
    "an empty items path": [null, { items: ".", next: "next" }],
    "root a number": [null, { ...IN, root: 5 }],
    "retry a number": [null, { ...IN, retry: 3 }],
    "retry.retryable not a function": [null, { ...IN, retry: { retryable: true } }],
  };
  for (const [name, [fp, options]] of Object.entries(bad)) {
    test(`paginate() refuses ${name} at once with a TypeError or RangeError, code invalid_argument`, () => {
      const fetchPage = fp ?? (async () => ({ items: [] }));
      assert.throws(() => paginate(fetchPage, options), (e) => {
        assert.ok(e instanceof TypeError || e instanceof RangeError, `${e}`);
        assert.equal(e.code, "invalid_argument");
        return true;
      });
    });
  }
});

describe("a page read once", () => {
  test("a Proxy page: its prototype is asked once per page, each field it is read for once", async () => {
    const traps = [];
    const pages = [{ items: [1, 2], next: "b" }, { items: [3], next: undefined }];
    const f = async (t) =>
      new Proxy(pages[t === "b" ? 1 : 0], {
        getPrototypeOf: (o) => (traps.push("proto"), Object.getPrototypeOf(o)),
        get: (o, k) => (traps.push(String(k)), o[k]),
      });
    assert.deepEqual(await paginate(f, IN).toArray(), [1, 2, 3]);
    // Per page: the prototype (is it a fetch Response?), then items and next. (`then` is read
    // by the language, when the async fetchPage's promise resolves with the page.)
    assert.deepEqual(traps.filter((k) => k !== "then"), ["proto", "items", "next", "proto", "items", "next"]);
  });
});
