// Resume by item key against a real Django REST Framework server (issue #16, "Resume that
// survives inserts"): tests/peers/drf serves a table of rows through two CursorPagination
// views, ascending (`created`) and newest-first (`-created`), as DRF's `{next, previous,
// results}`, and takes inserts, edits and deletions by POST/PATCH/DELETE. A walk cut inside a page
// (`maxItems`), rows inserted (at the top, at the end, or between rows the walk already
// handed out), then a resume with `itemKey: "id"`: the items handed out in both walks are
// compared with the rows the table held, each exactly once, in feed order. The same resume
// without itemKey shows what the key anchor prevents: a token minted with itemKey, read by a
// walk without it, hands rows out twice.
//
// The second suite resumes without itemKey, as a user who never heard of it would: the last
// item handed out anchors the cut by the digest of its JSON form. Every way a walk stops
// (maxItems, a break, a page consumer, a budget, a failure) is resumed under inserts; the
// anchor row deleted or edited falls back to the position (anchorMisses); two equal items of
// one page are told apart by their order among equal items.
//
// Run: `bash tests/peers/run.sh` starts the server (and dynalite and moto for
// peers.test.mjs) and passes its URL in PEERS_DRF_URL; without it this file starts and stops
// the server itself with tests/peers/start-drf.sh and stop.sh.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { paginate, InfiniteList, PaginationError } from "pagecursor";
import { peerServers } from "./peer-server.mjs";

const servers = peerServers({ drf: "PEERS_DRF_URL" });
const server = { get url() { return servers.drf; } };

// Every request is bounded: a server that hangs fails the test instead of the run.
async function call(method, path, body) {
  const res = await fetch(new URL(path, server.url), {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

// Row times: minute m after the base, or between two minutes (m + 0.5) for a row inserted
// between two existing ones.
const BASE = Date.parse("2024-01-01T00:00:00Z");
const at = (minute) => new Date(BASE + minute * 60_000).toISOString();

async function reset(minutes) {
  await call("DELETE", "/rows/?all=1");
  return insert(minutes);
}

/**
 * Inserts rows at these minutes; answers them with their ids, in the order given. `label`
 * names each row (by default after its minute, so that no two rows are equal but for their id).
 */
async function insert(minutes, label = (m) => `row at ${m}`) {
  return call("POST", "/rows/", minutes.map((m) => ({ created: at(m), label: label(m) })));
}

/** The minute a row was inserted at (see `at`). */
const minuteOf = (row) => (Date.parse(row.created) - BASE) / 60_000;

const remove = (ids) => call("DELETE", "/rows/", ids);

/** Every row of the table in feed order (one page), as ids. */
async function table(feed) {
  const page = await call("GET", `/rows/${feed}/?page_size=1000`);
  assert.equal(page.next, null);
  return page.results.map((r) => r.id);
}

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const ids = (rows) => rows.map((r) => r.id);

/**
 * The walk's options over one feed: fetchPage follows DRF's `next` URL (the first request
 * gets the feed's URL with `page_size`); `beforeEach` runs before every request (concurrent
 * writes).
 */
function drf(feed, { pageSize = 20, beforeEach } = {}) {
  const requests = [];
  const fetchPage = async (next, { signal }) => {
    if (beforeEach) await beforeEach(requests.length);
    const url = next ?? new URL(`/rows/${feed}/?page_size=${pageSize}`, server.url).href;
    requests.push(url);
    const res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) });
    if (!res.ok) throw res;
    return res.json();
  };
  return { fetchPage, requests, options: { items: "results", next: "next" } };
}

describe("resume by itemKey against Django REST Framework CursorPagination", { concurrency: false }, () => {
  test("newest-first, cut inside the first page, 5 rows inserted at the top: nothing repeated, nothing lost", async () => {
    await reset(range(1, 60));
    const before = await table("newest");
    const first = drf("newest");
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 10 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 10));
    await insert(range(61, 65));
    const again = drf("newest");
    const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
    const more = ids(await rest.toArray());
    assert.deepEqual([...got, ...more], before, "each row of the table at the start once, in order");
    assert.equal(rest.stats.anchorMisses, 0);
    // The resumed walk fetched the first page again (no cursor), as a cut resume does.
    assert.ok(!again.requests[0].includes("cursor="));

    // Without itemKey the same resume hands out the 5 rows pushed back into the first page
    // again: the inserts shift a cut by position.
    const blind = drf("newest");
    const q = paginate(blind.fetchPage, { ...blind.options, resumeToken: p.resumeToken });
    const repeated = ids(await q.toArray());
    assert.deepEqual(repeated.slice(0, 5), before.slice(5, 10));
  });

  test("newest-first, cut inside a later page, rows inserted at the top and before the anchor while the walk runs", async () => {
    await reset(range(1, 60));
    const before = await table("newest");
    const first = drf("newest");
    // Page 2 holds minutes 40…21; the walk stops after 10 of its rows (minute 31).
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 30 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 30));
    // Before every request of the resumed walk: a new row at the top; before the first, also
    // one between minutes 35 and 34 (inside page 2, before the anchor: behind the consumer).
    const again = drf("newest", {
      beforeEach: async (n) => insert(n === 0 ? [100 + n, 34.5] : [100 + n]),
    });
    const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
    assert.deepEqual([...got, ...ids(await rest.toArray())], before);
    assert.equal(rest.stats.anchorMisses, 0);
    assert.ok(again.requests[0].includes("cursor="), "resumed inside page 2, fetched with its cursor");
  });

  test("newest-first under truly concurrent inserts: a writer POSTs while the resumed walk runs", async () => {
    await reset(range(1, 80));
    const before = await table("newest");
    const first = drf("newest", { pageSize: 15 });
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 7 });
    const got = ids(await p.toArray());
    // From here on a writer inserts rows at the top, not in step with the walk's requests.
    let writing = true;
    let minute = 1000;
    const writer = (async () => {
      while (writing) {
        await insert([minute++, minute++]);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    try {
      await new Promise((r) => setTimeout(r, 30));
      const again = drf("newest", { pageSize: 15 });
      const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
      assert.deepEqual([...got, ...ids(await rest.toArray())], before);
    } finally {
      writing = false;
      await writer;
    }
    assert.ok(minute > 1004, "the writer inserted rows during the walks");
  });

  test("ascending, cut inside the first page, rows inserted before the anchor and at the end", async () => {
    await reset(range(1, 50));
    const before = await table("ascending");
    const first = drf("ascending");
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 7 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 7));
    // Behind the consumer (before minute 1, between 3 and 4): never part of the rest. Ahead
    // of it (after minute 50): the resumed walk reaches them.
    await insert([0.5, 3.5]);
    const ahead = ids(await insert([51, 52, 53]));
    const again = drf("ascending");
    const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
    assert.deepEqual([...got, ...ids(await rest.toArray())], [...before, ...ahead]);
    assert.equal(rest.stats.anchorMisses, 0);
    // By position, the two rows inserted before the anchor push two handed-out rows back in.
    const blind = drf("ascending");
    const q = paginate(blind.fetchPage, { ...blind.options, resumeToken: p.resumeToken });
    assert.deepEqual(ids(await q.toArray()).slice(0, 2), before.slice(5, 7));
  });

  test("ascending, cut inside a later page, inserts before the anchor and at the end while the walk runs", async () => {
    await reset(range(1, 70));
    const before = await table("ascending");
    const first = drf("ascending");
    // Page 2 holds minutes 21…40; the walk stops after 7 of its rows (minute 27).
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 27 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 27));
    const ahead = [];
    const again = drf("ascending", {
      beforeEach: async (n) => {
        // Before the first request a row between minutes 22 and 23 (behind the consumer);
        // before every request one at the end (ahead of it).
        if (n === 0) await insert([22.5]);
        ahead.push(...ids(await insert([200 + n])));
      },
    });
    const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
    const all = [...got, ...ids(await rest.toArray())];
    assert.deepEqual(all, [...before, ...ahead]);
    assert.equal(new Set(all).size, all.length);
    assert.equal(rest.stats.anchorMisses, 0);
  });

  test("the anchor row deleted: resumed by position, counted in anchorMisses", async () => {
    const rows = await reset(range(1, 40));
    const first = drf("ascending");
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 5 });
    const got = ids(await p.toArray());
    await remove([got.at(-1)]);
    const again = drf("ascending");
    const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
    const more = ids(await rest.toArray());
    // 5 rows of the refetched page skipped: the one after the deleted anchor is lost, as a
    // resume by position loses it, and the walk says so.
    assert.deepEqual(more, ids(rows).slice(6));
    assert.equal(rest.stats.anchorMisses, 1);
  });

  test("an InfiniteList over the newest-first feed shows every row once while rows are inserted at the top", async () => {
    await reset(range(1, 45));
    const before = await table("newest");
    const feed = drf("newest", { pageSize: 20 });
    const list = new InfiniteList(feed.fetchPage, { ...feed.options, itemKey: "id", chunkItems: 15 });
    let minute = 500;
    while (list.hasMore) {
      await list.loadMore();
      await insert([minute++, minute++, minute++]);
    }
    const shown = ids(list.items);
    assert.deepEqual(shown, before);
  });
});

// The same feeds, resumed without itemKey: the resume token records a digest of the JSON form
// of the last item handed out (here `{"id":…,"created":…,"label":…}` as DRF serialized it), and
// the resumed walk skips the refetched page up to the item with that digest.
describe("resume without itemKey (the last item's content anchors the cut) against Django REST Framework CursorPagination", { concurrency: false }, () => {
  test("newest-first, cut inside the first page, 5 rows inserted at the top: nothing repeated, nothing lost", async () => {
    await reset(range(1, 60));
    const before = await table("newest");
    const first = drf("newest");
    const p = paginate(first.fetchPage, { ...first.options, maxItems: 10 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 10));
    await insert(range(61, 65));
    const again = drf("newest");
    const rest = paginate(again.fetchPage, { ...again.options, resumeToken: p.resumeToken });
    assert.deepEqual([...got, ...ids(await rest.toArray())], before, "each row of the table at the start once, in order");
    assert.equal(rest.stats.anchorMisses, 0);
    // The first page fetched again (no cursor) and skipped up to the anchor, not by 10.
    assert.ok(!again.requests[0].includes("cursor="));
  });

  test("newest-first, cut inside a later page, rows inserted at the top and before the anchor while the walk runs", async () => {
    await reset(range(1, 60));
    const before = await table("newest");
    const first = drf("newest");
    // Page 2 holds minutes 40…21; the walk stops after 10 of its rows (minute 31).
    const p = paginate(first.fetchPage, { ...first.options, maxItems: 30 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 30));
    const again = drf("newest", {
      beforeEach: async (n) => insert(n === 0 ? [100 + n, 34.5] : [100 + n]),
    });
    const rest = paginate(again.fetchPage, { ...again.options, resumeToken: p.resumeToken });
    assert.deepEqual([...got, ...ids(await rest.toArray())], before);
    assert.equal(rest.stats.anchorMisses, 0);
    assert.ok(again.requests[0].includes("cursor="), "resumed inside page 2, fetched with its cursor");
  });

  test("newest-first under truly concurrent inserts: a writer POSTs while the resumed walk runs", async () => {
    await reset(range(1, 80));
    const before = await table("newest");
    const first = drf("newest", { pageSize: 15 });
    const p = paginate(first.fetchPage, { ...first.options, maxItems: 7 });
    const got = ids(await p.toArray());
    let writing = true;
    let minute = 1000;
    const writer = (async () => {
      while (writing) {
        await insert([minute++, minute++]);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    let rest;
    try {
      await new Promise((r) => setTimeout(r, 30));
      const again = drf("newest", { pageSize: 15 });
      rest = paginate(again.fetchPage, { ...again.options, resumeToken: p.resumeToken });
      assert.deepEqual([...got, ...ids(await rest.toArray())], before);
    } finally {
      writing = false;
      await writer;
    }
    assert.equal(rest.stats.anchorMisses, 0);
    assert.ok(minute > 1004, "the writer inserted rows during the walks");
  });

  test("ascending, cut inside the first page, rows inserted before the anchor and at the end", async () => {
    await reset(range(1, 50));
    const before = await table("ascending");
    const first = drf("ascending");
    const p = paginate(first.fetchPage, { ...first.options, maxItems: 7 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 7));
    await insert([0.5, 3.5]);
    const ahead = ids(await insert([51, 52, 53]));
    const again = drf("ascending");
    const rest = paginate(again.fetchPage, { ...again.options, resumeToken: p.resumeToken });
    assert.deepEqual([...got, ...ids(await rest.toArray())], [...before, ...ahead]);
    assert.equal(rest.stats.anchorMisses, 0);
  });

  test("ascending, cut inside a later page, inserts before the anchor and at the end while the walk runs", async () => {
    await reset(range(1, 70));
    const before = await table("ascending");
    const first = drf("ascending");
    // Page 2 holds minutes 21…40; the walk stops after 7 of its rows (minute 27).
    const p = paginate(first.fetchPage, { ...first.options, maxItems: 27 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 27));
    const ahead = [];
    const again = drf("ascending", {
      beforeEach: async (n) => {
        if (n === 0) await insert([22.5]);
        ahead.push(...ids(await insert([200 + n])));
      },
    });
    const rest = paginate(again.fetchPage, { ...again.options, resumeToken: p.resumeToken });
    const all = [...got, ...ids(await rest.toArray())];
    assert.deepEqual(all, [...before, ...ahead]);
    assert.equal(new Set(all).size, all.length);
    assert.equal(rest.stats.anchorMisses, 0);
  });

  // Every way a consumer stops a walk, over the newest-first feed (60 rows, pages of 20).
  // Each answers the rows it received, the paginator, and the resumeToken it was handed.
  const stopped = (p, rows) => ({ rows, p, resumeToken: p.resumeToken });
  const untilBreak = async (p, n) => {
    const rows = [];
    for await (const row of p.items()) {
      rows.push(row);
      if (rows.length === n) break;
    }
    return stopped(p, rows);
  };
  const pageConsumer = async (p, pages = Infinity) => {
    const rows = [];
    let n = 0;
    for await (const page of p) {
      rows.push(...page.results);
      if (++n === pages) break;
    }
    return stopped(p, rows);
  };
  // Which of them stop inside a page: maxItems and a break out of items() anywhere, a page
  // consumer whose last page maxItems cuts, and a maxRequests budget whose last page maxItems
  // cuts first (the budget itself lets the walk use up both pages).
  const INSIDE = [
    ["maxItems 13", 13, "maxItems", (f) => {
      const p = paginate(f.fetchPage, { ...f.options, maxItems: 13 });
      return p.toArray().then((rows) => stopped(p, rows));
    }],
    ["a break out of items() after 13 rows", 13, "aborted", (f) => untilBreak(paginate(f.fetchPage, f.options), 13)],
    ["a break out of items() after 27 rows", 27, "aborted", (f) => untilBreak(paginate(f.fetchPage, f.options), 27)],
    ["a page consumer with maxItems 27", 27, "maxItems", (f) => pageConsumer(paginate(f.fetchPage, { ...f.options, maxItems: 27 }))],
    ["maxItems 27 under a budget of 2 requests", 27, "maxItems", (f) => {
      const p = paginate(f.fetchPage, { ...f.options, maxRequests: 2, maxItems: 27 });
      return p.toArray().then((rows) => stopped(p, rows));
    }],
  ];
  // Which stop at a page boundary: a budget alone (it lets the walk finish the pages it
  // fetched), a break out of pages, and a failure (the consumer receives the whole page
  // before the next request's failure reaches it). They resume from the service's cursor.
  const BOUNDARY = [
    ["a budget of 2 requests", 40, "maxRequests", (f) => {
      const p = paginate(f.fetchPage, { ...f.options, maxRequests: 2 });
      return p.toArray().then((rows) => stopped(p, rows));
    }],
    ["a break out of pages after 2 pages", 40, "aborted", (f) => pageConsumer(paginate(f.fetchPage, f.options), 2)],
    ["a failure of the 2nd request (ValidationException, no retries)", 20, "error", async (f) => {
      let calls = 0;
      const p = paginate(
        (token, ctx) => (++calls === 2 ? Promise.reject(Object.assign(new Error("x"), { name: "ValidationException" })) : f.fetchPage(token, ctx)),
        { ...f.options, retry: { retries: 0 } },
      );
      const rows = [];
      let failure;
      try {
        for await (const row of p.items()) rows.push(row);
      } catch (err) {
        failure = err;
      }
      assert.ok(failure instanceof PaginationError, `got ${failure}`);
      assert.equal(failure.code, "fetch_failed");
      assert.equal(failure.cause.name, "ValidationException");
      assert.equal(calls, 2, "not retried");
      return { rows, p, resumeToken: failure.resumeToken };
    }],
  ];
  for (const [label, count, stopReason, stop] of [...INSIDE, ...BOUNDARY]) {
    const inside = count % 20 !== 0;
    test(`stopped by ${label}, ${inside ? "inside a page" : "at a page boundary"}; rows inserted at the top and just before the last row handed out: the resume hands out exactly the rest`, async () => {
      await reset(range(1, 60));
      const before = await table("newest");
      const first = drf("newest");
      const { rows, p, resumeToken } = await stop(first);
      assert.deepEqual(ids(rows), before.slice(0, count));
      assert.equal(p.stopReason, stopReason);
      assert.equal(typeof resumeToken, "string");
      // Behind the consumer: one row between the last two it received (a resume by position
      // inside a page would hand the last one out again), and five at the top (for a cut in
      // the first page, five more again).
      await insert([minuteOf(rows.at(-1)) + 0.5, 100, 101, 102, 103, 104]);
      const again = drf("newest");
      const rest = paginate(again.fetchPage, { ...again.options, resumeToken });
      assert.deepEqual([...ids(rows), ...ids(await rest.toArray())], before);
      assert.equal(rest.stats.anchorMisses, 0);
      // A cut inside a page fetches that page again, by the URL the first walk fetched it with;
      // one at a boundary fetches the next page with DRF's own cursor.
      if (inside) assert.equal(again.requests[0], first.requests[Math.floor(count / 20)]);
      else assert.ok(again.requests[0].includes("cursor="));
    });
  }

  test("a failure when the resumed walk fetches the cut page again: the error's resumeToken keeps the anchor", async () => {
    await reset(range(1, 60));
    const before = await table("newest");
    const first = drf("newest");
    // Cut after minute 31, inside page 2 (minutes 40…21).
    const p = paginate(first.fetchPage, { ...first.options, maxItems: 30 });
    const got = ids(await p.toArray());
    await insert([33.5]);
    const failing = drf("newest");
    let calls = 0;
    const walk = paginate(
      (token, ctx) => (++calls === 1
        ? Promise.reject(Object.assign(new Error("x"), { name: "ValidationException" }))
        : failing.fetchPage(token, ctx)),
      { ...failing.options, resumeToken: p.resumeToken, retry: { retries: 0 } },
    );
    let failure;
    try {
      for await (const row of walk.items()) assert.fail(`handed out ${row.id} before the failure`);
    } catch (err) {
      failure = err;
    }
    assert.ok(failure instanceof PaginationError, `got ${failure}`);
    assert.equal(failure.code, "fetch_failed");
    assert.equal(calls, 1);
    // Nothing was handed out: the walk still stands where the first one stopped, anchor and all.
    assert.equal(failure.resumeToken, p.resumeToken);
    // More rows before the anchor, then the third walk resumes from the failure's token.
    await insert([32.5, 100]);
    const again = drf("newest");
    const rest = paginate(again.fetchPage, { ...again.options, resumeToken: failure.resumeToken });
    assert.deepEqual([...got, ...ids(await rest.toArray())], before);
    assert.equal(rest.stats.anchorMisses, 0);
  });

  test("the anchor row deleted: resumed by position, counted in anchorMisses", async () => {
    const rows = await reset(range(1, 40));
    const first = drf("ascending");
    const p = paginate(first.fetchPage, { ...first.options, maxItems: 5 });
    const got = ids(await p.toArray());
    await remove([got.at(-1)]);
    const again = drf("ascending");
    const rest = paginate(again.fetchPage, { ...again.options, resumeToken: p.resumeToken });
    // 5 rows of the refetched page skipped: the one after the deleted anchor is lost, as a
    // resume by position loses it, and the walk says so.
    assert.deepEqual(ids(await rest.toArray()), ids(rows).slice(6));
    assert.equal(rest.stats.anchorMisses, 1);
  });

  test("the anchor row edited: its JSON form is not found, resumed by position, counted in anchorMisses", async () => {
    const rows = await reset(range(1, 40));
    const first = drf("ascending");
    const p = paginate(first.fetchPage, { ...first.options, maxItems: 5 });
    const got = ids(await p.toArray());
    const edited = await call("PATCH", `/rows/${got.at(-1)}/`, { label: "edited" });
    assert.equal(edited.label, "edited");
    // A row before the anchor too: by position, the edited anchor is handed out again.
    await insert([2.5]);
    const again = drf("ascending");
    const rest = paginate(again.fetchPage, { ...again.options, resumeToken: p.resumeToken });
    const more = await rest.toArray();
    assert.deepEqual(ids(more), [got.at(-1), ...ids(rows).slice(5)]);
    assert.equal(more[0].label, "edited");
    assert.equal(rest.stats.anchorMisses, 1);
  });

  test("two equal items in a page: a cut between them resumes between them", async () => {
    // Items without their id, as a service without ids (or an items function that drops them)
    // hands them out: rows at minutes 4, 5 and 6 are the same item `{"label":"same"}`.
    await call("DELETE", "/rows/?all=1");
    await insert(range(1, 30), (m) => (m >= 4 && m <= 6 ? "same" : `row at ${m}`));
    const labels = (page) => page.results.map((r) => ({ label: r.label }));
    const before = (await call("GET", "/rows/ascending/?page_size=1000")).results.map((r) => r.label);
    const first = drf("ascending");
    const p = paginate(first.fetchPage, { items: labels, next: "next", maxItems: 5 });
    const got = (await p.toArray()).map((i) => i.label);
    assert.deepEqual(got, ["row at 1", "row at 2", "row at 3", "same", "same"]);
    // A row before the cut: by position the resume would start at the second "same", and by
    // the first item equal to the anchor, at the second "same" too; the anchor names the
    // second of the equal items, so the rest starts at the third.
    await insert([0.5]);
    const again = drf("ascending");
    const rest = paginate(again.fetchPage, { items: labels, next: "next", resumeToken: p.resumeToken });
    const more = (await rest.toArray()).map((i) => i.label);
    assert.deepEqual(more.slice(0, 2), ["same", "row at 7"]);
    assert.deepEqual([...got, ...more], before);
    assert.equal(rest.stats.anchorMisses, 0);
  });

  test("an InfiniteList without itemKey, opened again from its toString() after rows were inserted at the top, shows every row once", async () => {
    await reset(range(1, 45));
    const before = await table("newest");
    const feed = drf("newest", { pageSize: 20 });
    // Chunks of 15 over pages of 20: the first chunk ends inside page 1.
    const list = new InfiniteList(feed.fetchPage, { ...feed.options, chunkItems: 15 });
    await list.loadMore();
    assert.deepEqual(ids(list.items), before.slice(0, 15));
    // A list keeps the rest of a page it cut in memory, so its own next load needs no anchor;
    // one opened from its state (a reload, Back) fetches that page again, and the anchor
    // places the cut.
    const state = list.toString();
    await insert([500, 501, 502]);
    const again = drf("newest", { pageSize: 20 });
    const reopened = InfiniteList.from(state, again.fetchPage, { ...again.options, chunkItems: 15 });
    let minute = 600;
    while (reopened.hasMore) {
      await reopened.loadMore();
      await insert([minute++, minute++, minute++]);
    }
    assert.deepEqual(ids(reopened.items), before.slice(15));
    assert.ok(!again.requests[0].includes("cursor="), "page 1 fetched again");
  });
});

describe("an InfiniteList opened at a deep link loads before it with DRF's previous URL", { concurrency: false }, () => {
  test("chunks of 5 over pages of 7, both ways from a next URL three pages in, every row once in feed order", async () => {
    await reset(range(1, 50));
    const order = await table("ascending");
    // A deep link: the next URL of page 3 (rows 21 on).
    const probe = drf("ascending", { pageSize: 7 });
    let url;
    for (let i = 0; i < 3; i++) url = (await probe.fetchPage(url, { signal: AbortSignal.timeout(10_000) })).next;
    const feed = drf("ascending", { pageSize: 7 });
    const directions = [];
    const fetchPage = (token, ctx) => {
      directions.push(ctx.direction);
      return feed.fetchPage(token, ctx);
    };
    const list = new InfiniteList(fetchPage, { ...feed.options, prev: "previous", itemKey: "id", chunkItems: 5, maxChunks: 4, startToken: url });
    assert.deepEqual(ids(await list.loadMore()), order.slice(21, 26));
    assert.equal(list.hasPrevious, true);
    const before = [];
    while (list.hasPrevious) {
      const chunk = await list.loadPrevious();
      if (chunk.length > 0 && list.hasPrevious) assert.equal(chunk.length, 5);
      before.unshift(...ids(chunk));
    }
    assert.deepEqual(before, order.slice(0, 21));
    assert.equal(list.firstIndex, -21);
    assert.ok(directions.includes("backward") && directions[0] === "forward");
    // Down to the end through the chunks the cap dropped: the same rows again, in order.
    const down = ids(list.items);
    while (list.hasMore) down.push(...ids(await list.loadMore()));
    assert.deepEqual(down, order);
  });
});
