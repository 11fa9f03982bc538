// Every promise the package hands out settles, whatever the interleaving: `next()` of a page
// iterator (several at once, with prefetch and segments, while the walk is aborted or broken
// off, or cut by maxItems), and InfiniteList's loadMore()/loadPrevious() while the list is reset
// and reloaded. Random schedules from fixed seeds over an in-memory API whose pages arrive after
// a random delay (none, a microtask, or a timer). A promise still pending when its run ended is
// a lost wake-up of the paginator's driver (src/js/paginate/requests.ts, `wake`/`onWake`): the test
// names the seed and the step. What settled is checked too: pages in order without a gap or a
// repeat, and every window of a list a contiguous run of the items.
import { test } from "node:test";
import assert from "node:assert/strict";
import { InfiniteList, paginate, PaginationError } from "pagecursor";

// A small, fast, seeded generator (mulberry32), so that a failing schedule can be replayed.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Pages of 0 to 4 items over 0..total-1 (token: the page's index as a string), each answered
// after no wait, a microtask or a timer of 0-2 ms, chosen by `rand`.
function api(rand, total) {
  const pages = [];
  for (let start = 0; start < total; ) {
    const n = Math.min(Math.floor(rand() * 5), total - start);
    pages.push(Array.from({ length: n }, (_, i) => start + i));
    start += n;
  }
  const fetchPage = (token) => {
    const i = token === undefined ? 0 : Number(token);
    const page = { items: pages[i] ?? [], next_cursor: i + 1 < pages.length ? String(i + 1) : undefined };
    const r = rand();
    if (r < 0.3) return page;
    if (r < 0.6) return Promise.resolve(page);
    return new Promise((resolve) => setTimeout(() => resolve(page), Math.floor(rand() * 3)));
  };
  return { fetchPage, pages };
}

// Follows a promise from the moment it is made (so that a rejection is handled at once): its
// record reads "pending" until it settles, then {ok, value} or {ok: false, error}.
function track(promise) {
  const record = { state: "pending" };
  promise.then((value) => Object.assign(record, { state: "settled", ok: true, value }), (error) => Object.assign(record, { state: "settled", ok: false, error }));
  return record;
}

// Waits for `promise` to settle, or 100 ms: a promise that never settles must fail the check
// below, not leave the test awaiting it.
const atMost = (promise) => Promise.race([promise.catch(() => {}), new Promise((r) => setTimeout(r, 100))]);

// Waits until every record settled, or `ms` passed; returns the index of one still pending, or -1.
async function settled(records, ms = 2000) {
  const deadline = Date.now() + ms;
  while (records.some((r) => r.state === "pending") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  return records.findIndex((r) => r.state === "pending");
}

test("page iterators: concurrent next() calls, prefetch, maxItems, break and abort: every call settles, pages in order", async () => {
  for (let seed = 1; seed <= 60; seed++) {
    const rand = random(seed);
    const { fetchPage, pages } = api(rand, 40 + Math.floor(rand() * 40));
    const controller = new AbortController();
    const options = { preset: "keyset", prefetch: Math.floor(rand() * 4), signal: controller.signal };
    if (rand() < 0.3) options.maxItems = 1 + Math.floor(rand() * 30);
    const iterator = paginate(fetchPage, options)[Symbol.asyncIterator]();
    const calls = [];
    const stopAt = Math.floor(rand() * 25);
    const how = rand();
    for (let step = 0; step < 30; step++) {
      // One to three next() calls at once: the later ones wait behind the first.
      const k = 1 + Math.floor(rand() * 3);
      const batch = Array.from({ length: k }, () => iterator.next());
      calls.push(...batch.map(track));
      if (step === stopAt) {
        if (how < 0.4) controller.abort();
        else if (how < 0.7) calls.push(track(iterator.return()));
      }
      if (rand() < 0.5) await atMost(batch[0]);
      else await new Promise((r) => setTimeout(r, Math.floor(rand() * 2)));
    }
    const out = calls;
    const pendingAt = await settled(calls);
    assert.equal(pendingAt, -1, `seed ${seed}: call ${pendingAt} of ${out.length} never settled`);
    // The pages handed out, in order: each the next page with items (empty pages are handed
    // out too, so compare the items), none twice.
    const items = out.filter((o) => o.ok && o.value && !o.value.done).flatMap((o) => o.value.value.items);
    const all = pages.flat();
    assert.deepEqual(items, all.slice(0, items.length), `seed ${seed}: items in order, none skipped or repeated`);
    for (const o of out) if (!o.ok) assert.ok(o.error instanceof PaginationError, `seed ${seed}: ${o.error}`);
  }
});

test("InfiniteList: loadMore, loadPrevious and reset in random order: every load settles, every window is a contiguous run", async () => {
  for (let seed = 1; seed <= 40; seed++) {
    const rand = random(1000 + seed);
    const { fetchPage, pages } = api(rand, 60 + Math.floor(rand() * 60));
    const all = pages.flat();
    const list = new InfiniteList(fetchPage, { preset: "keyset", chunkItems: 1 + Math.floor(rand() * 8), maxChunks: 2 + Math.floor(rand() * 3) });
    const windows = [];
    list.subscribe(() => windows.push(list.items));
    const loads = [];
    for (let step = 0; step < 40; step++) {
      const r = rand();
      let load;
      if (r < 0.55) loads.push(track((load = list.loadMore())));
      else if (r < 0.85) loads.push(track((load = list.loadPrevious())));
      else list.reset();
      if (load && rand() < 0.5) await atMost(load);
      else await new Promise((res) => setTimeout(res, Math.floor(rand() * 2)));
    }
    const out = loads;
    const pendingAt = await settled(loads);
    assert.equal(pendingAt, -1, `seed ${seed}: load ${pendingAt} of ${out.length} never settled`);
    for (const o of out) if (!o.ok) assert.equal(o.error?.code, "aborted", `seed ${seed}: only a reset's stale loads fail: ${o.error}`);
    assert.equal(list.loading, false, `seed ${seed}: no load left running`);
    for (const items of windows) {
      if (items.length === 0) continue;
      const start = all.indexOf(items[0]);
      assert.deepEqual(items, all.slice(start, start + items.length), `seed ${seed}: a window is a contiguous run`);
    }
  }
});
