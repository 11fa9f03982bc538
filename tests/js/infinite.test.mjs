// InfiniteList through the installed package: exact chunks over short and empty pages, the
// maxChunks window, loadPrevious, in-flight sharing, errors, subscribe and restore.
import { test } from "node:test";
import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { InfiniteList, CursorError, PaginationError } from "pagecursor";

const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);

/** Pages of uneven sizes (including empty ones) over 0..total, token = index of the page. */
function unevenApi(total, sizes = [3, 0, 5, 1, 0, 7, 2]) {
  const pages = [];
  for (let start = 0, i = 0; start < total; i++) {
    const n = Math.min(sizes[i % sizes.length], total - start);
    pages.push(range(start, start + n));
    start += n;
  }
  const calls = [];
  let fail = 0;
  const fetchPage = async (token) => {
    calls.push(token);
    await new Promise((r) => setTimeout(r, 0));
    if (fail > 0) {
      fail--;
      throw Object.assign(new Error("boom"), { name: "ValidationException" });
    }
    const i = token === undefined ? 0 : token;
    return { items: pages[i] ?? [], next_cursor: i + 1 < pages.length ? i + 1 : undefined };
  };
  return { fetchPage, calls, failNext: (n = 1) => (fail = n) };
}

const options = { preset: "keyset" };

test("loadMore yields exactly chunkItems items, across short and empty pages", async () => {
  const api = unevenApi(47);
  const list = new InfiniteList(api.fetchPage, { ...options, chunkItems: 10 });
  assert.deepEqual(list.items, []);
  assert.equal(list.hasMore, true);
  assert.equal(list.hasPrevious, false);
  assert.equal(list.loading, false);
  for (let i = 0; i < 4; i++) {
    const chunk = await list.loadMore();
    assert.deepEqual(chunk, range(i * 10, i * 10 + 10));
  }
  assert.deepEqual(await list.loadMore(), range(40, 47));
  assert.equal(list.hasMore, false);
  assert.deepEqual(list.items, range(0, 47));
  assert.deepEqual(await list.loadMore(), []);
});

test("maxChunks drops old chunks, keeps their cursors, and loadPrevious slides back", async () => {
  const api = unevenApi(100);
  const list = new InfiniteList(api.fetchPage, { ...options, chunkItems: 8, maxChunks: 3 });
  for (let i = 0; i < 6; i++) await list.loadMore();
  assert.deepEqual(list.items, range(24, 48));
  assert.equal(list.hasPrevious, true);
  assert.deepEqual(await list.loadPrevious(), range(16, 24));
  assert.deepEqual(list.items, range(16, 40));
  await list.loadPrevious();
  await list.loadPrevious();
  assert.deepEqual(list.items, range(0, 24));
  assert.equal(list.hasPrevious, false);
  assert.deepEqual(await list.loadPrevious(), []);
  // Forward again through chunks seen before, then into new ones.
  for (let i = 0; i < 5; i++) await list.loadMore();
  assert.deepEqual(list.items, range(40, 64));
});

test("a second loadMore while in flight returns the same promise", async () => {
  const api = unevenApi(30);
  const list = new InfiniteList(api.fetchPage, { ...options, chunkItems: 5 });
  const a = list.loadMore();
  const b = list.loadMore();
  assert.equal(a, b);
  assert.equal(list.loading, true);
  await a;
  assert.equal(list.loading, false);
  assert.deepEqual(list.items, range(0, 5));
  // loadMore and loadPrevious queue behind each other instead of racing.
  const c = list.loadMore();
  const d = list.loadPrevious();
  assert.notEqual(c, d);
  await Promise.all([c, d]);
  assert.deepEqual(list.items, range(0, 10));
});

test("an error leaves the list consistent and the call can be retried", async () => {
  const api = unevenApi(30);
  const list = new InfiniteList(api.fetchPage, { ...options, chunkItems: 6, retry: { retries: 0 } });
  await list.loadMore();
  api.failNext();
  await assert.rejects(list.loadMore(), (e) => e instanceof PaginationError && e.code === "fetch_failed");
  assert.equal(list.loading, false);
  assert.deepEqual(list.items, range(0, 6));
  assert.equal(list.hasMore, true);
  assert.deepEqual(await list.loadMore(), range(6, 12));
  assert.deepEqual(list.items, range(0, 12));
});

test("subscribe notifies after every state change and returns unsubscribe", async () => {
  const api = unevenApi(20);
  const list = new InfiniteList(api.fetchPage, { ...options, chunkItems: 5 });
  const snapshots = [];
  const unsubscribe = list.subscribe(() => snapshots.push([list.loading, list.items.length]));
  const same = list.items;
  assert.equal(list.items, same, "a stable snapshot between changes");
  await list.loadMore();
  assert.deepEqual(snapshots, [[true, 0], [false, 5]]);
  assert.notEqual(list.items, same);
  unsubscribe();
  unsubscribe();
  await list.loadMore();
  assert.equal(snapshots.length, 2);
  assert.throws(() => list.subscribe(42), TypeError);
});

test("subscribe calls the listener itself, whatever its own `call` says (Reflect.apply)", async () => {
  const api = unevenApi(20);
  const list = new InfiniteList(api.fetchPage, { ...options, chunkItems: 5 });
  let heard = 0;
  const listener = () => heard++;
  // A function's own `call` is user data: reading it would let the list run something other
  // than the listener (here: nothing at all, so the UI would never hear of a change).
  listener.call = () => {};
  list.subscribe(listener);
  await list.loadMore();
  assert.equal(heard, 2, "the load's start and its end");
});

test("toString/from restore the position: loadMore continues, loadPrevious refills", async () => {
  const api = unevenApi(60);
  const opts = { ...options, chunkItems: 7, maxChunks: 2, scope: "feed" };
  const list = new InfiniteList(api.fetchPage, opts);
  for (let i = 0; i < 4; i++) await list.loadMore();
  assert.deepEqual(list.items, range(14, 28));
  const state = list.toString();
  assert.match(state, /^[A-Za-z0-9_-]+$/);
  assert.equal(JSON.stringify(list), JSON.stringify(state));
  const restored = InfiniteList.from(state, api.fetchPage, opts);
  assert.deepEqual(restored.items, []);
  assert.equal(restored.hasPrevious, true);
  assert.equal(restored.hasMore, true);
  // Like a paginator's resumeToken: the next chunk is the one after the saved window...
  assert.deepEqual(await restored.loadMore(), range(28, 35));
  // ...and the saved window comes back through loadPrevious, chunk by chunk.
  assert.deepEqual(await restored.loadPrevious(), range(21, 28));
  assert.deepEqual(restored.items, range(21, 35));
  const again = InfiniteList.from(state, api.fetchPage, opts);
  assert.deepEqual(await again.loadPrevious(), range(21, 28));
  assert.deepEqual(await again.loadPrevious(), range(14, 21));
  assert.deepEqual(again.items, range(14, 28));
  assert.throws(() => InfiniteList.from(state, api.fetchPage, { ...opts, scope: "other" }), (e) => e instanceof CursorError && e.code === "scope_mismatch");
  assert.throws(() => InfiniteList.from("garbage!", api.fetchPage, opts), CursorError);
  assert.throws(() => InfiniteList.from(42, api.fetchPage, opts), CursorError);
});

test("memory: 100,000 items with maxChunks 5 keep the retained items bounded", async () => {
  const rows = Array.from({ length: 100_000 }, (_, id) => ({ id }));
  // Pages of 997 rows (so chunks cut pages), the token is the offset of the next page.
  const fetchPage = async (offset = 0) => ({
    items: rows.slice(offset, offset + 997),
    next_cursor: offset + 997 < rows.length ? offset + 997 : undefined,
  });
  const list = new InfiniteList(fetchPage, { preset: "keyset", chunkItems: 1000, maxChunks: 5 });
  let total = 0;
  let max = 0;
  let expected = 0;
  while (list.hasMore) {
    const chunk = await list.loadMore();
    for (const row of chunk) assert.equal(row.id, expected++);
    total += chunk.length;
    max = Math.max(max, list.items.length);
  }
  assert.equal(total, 100_000);
  assert.ok(max <= 5000, `retained ${max} items`);
  assert.deepEqual(list.items.map((r) => r.id), range(95_000, 100_000));
  // The start cursors of dropped chunks were kept: go all the way back.
  while (list.hasPrevious) await list.loadPrevious();
  assert.deepEqual(list.items.map((r) => r.id), range(0, 5000));
});

test("bad options fail the constructor", () => {
  const api = unevenApi(5);
  assert.throws(() => new InfiniteList(42, options), TypeError);
  assert.throws(() => new InfiniteList(api.fetchPage, { ...options, chunkItems: 0 }), RangeError);
  assert.throws(() => new InfiniteList(api.fetchPage, { ...options, maxChunks: 1.5 }), RangeError);
  assert.throws(() => new InfiniteList(api.fetchPage, {}), TypeError);
});

test("the constructor's check of the paginator options leaves no listener on options.signal", () => {
  const api = unevenApi(5);
  const { signal } = new AbortController();
  const list = new InfiniteList(api.fetchPage, { ...options, chunkItems: 5, signal });
  assert.equal(getEventListeners(signal, "abort").length, 0);
  list.free();
});

test("options.signal must be a real AbortSignal: a look-alike could fake its aborted", () => {
  const api = unevenApi(5);
  const signal = { aborted: false, addEventListener() {}, removeEventListener() {} };
  assert.throws(() => new InfiniteList(api.fetchPage, { ...options, chunkItems: 5, signal }),
    (e) => e instanceof TypeError && e.code === "invalid_argument");
});

test("aborting options.signal rejects loads with PaginationError aborted; the list stays consistent", async () => {
  const api = unevenApi(30);
  const controller = new AbortController();
  const list = new InfiniteList(api.fetchPage, { ...options, chunkItems: 5, signal: controller.signal });
  await list.loadMore();
  controller.abort();
  await assert.rejects(list.loadMore(), (e) => e instanceof PaginationError && e.code === "aborted");
  assert.deepEqual(list.items, range(0, 5));
  assert.equal(list.loading, false);
  assert.equal(list.hasMore, true);
});

// A chunk that ends inside a page resumes in that page: the list keeps the page (as fetchPage
// returned it) for the next loadMore instead of fetching it again.
test("a page cut by a chunk boundary is fetched once: one request per service page", async () => {
  const api = unevenApi(47); // 20 pages (empty ones too) over 0..46
  const list = new InfiniteList(api.fetchPage, { ...options, chunkItems: 4 });
  let expected = 0;
  while (list.hasMore) for (const item of await list.loadMore()) assert.equal(item, expected++);
  assert.equal(expected, 47);
  assert.deepEqual(api.calls, [undefined, ...range(1, 20)], "every page once, in order");
  // (Before: 20 requests + one per chunk that ended inside a page.)

  // Object tokens (DynamoDB keys; the key order of the decoded resume token may differ) and
  // chunks that cut the same page more than once.
  const rows = range(0, 50);
  const ddbCalls = [];
  const ddb = async (key) => {
    ddbCalls.push(key);
    const at = key === undefined ? 0 : key.sk + 1;
    const items = rows.slice(at, at + 12);
    const last = items[items.length - 1];
    return { Items: items, LastEvaluatedKey: at + 12 < rows.length ? { sk: last, pk: "p" } : undefined };
  };
  const feed = new InfiniteList(ddb, { preset: "dynamodb", chunkItems: 5, maxChunks: 2 });
  const seen = [];
  while (feed.hasMore) seen.push(...(await feed.loadMore()));
  assert.deepEqual(seen, rows);
  assert.equal(ddbCalls.length, 5);
  assert.deepEqual(ddbCalls.slice(1).map((k) => k.sk), [11, 23, 35, 47]);
  // Scrolling back refetches from the kept cursors, and forward again continues correctly.
  assert.deepEqual(await feed.loadPrevious(), range(35, 40));
  assert.deepEqual(await feed.loadMore(), range(45, 50));
  assert.deepEqual(feed.items, range(40, 50));
});

test("a cut page is fetched again when it cannot be reused or the next load is another", async () => {
  // An items function may read a page only once (a stream, a body): its pages are refetched.
  const api = unevenApi(20, [6]);
  const list = new InfiniteList(api.fetchPage, { next: "next_cursor", items: async (page) => page.items, chunkItems: 4 });
  const seen = [];
  while (list.hasMore) seen.push(...(await list.loadMore()));
  assert.deepEqual(seen, range(0, 20));
  // Pages 0..3 (6, 6, 6, 2 items); chunks end inside pages 0, 1 and 2 (at 4, 8, 16).
  assert.deepEqual(api.calls, [undefined, undefined, 1, 1, 2, 2, 3]);

  // The load after a cut is a failed one: the retry fetches the cut page again.
  const flaky = unevenApi(20, [6]);
  const again = new InfiniteList(flaky.fetchPage, { ...options, chunkItems: 4, retry: { retries: 0 } });
  assert.deepEqual(await again.loadMore(), range(0, 4));
  flaky.failNext(); // the next request (page 1) fails
  await assert.rejects(again.loadMore(), PaginationError);
  assert.deepEqual(await again.loadMore(), range(4, 8));
  assert.deepEqual(flaky.calls, [undefined, 1, undefined, 1]);

  // With prefetch the walk fetched pages after the cut one: the cut page is fetched again,
  // and the items stay exact.
  const ahead = unevenApi(40);
  const prefetching = new InfiniteList(ahead.fetchPage, { ...options, chunkItems: 4, prefetch: 2 });
  const items = [];
  while (prefetching.hasMore) items.push(...(await prefetching.loadMore()));
  assert.deepEqual(items, range(0, 40));
});

// Found by the boundary fuzzer after InfiniteList's listeners moved to JS: listeners heard of a
// load's start before the list remembered it, so a listener that loads more on every change
// started (and announced) a load per notification until the stack overflowed.
test("a listener that calls loadMore() on every change starts one load per chunk, not one per notification", async () => {
  let requests = 0;
  const list = new InfiniteList(async (token) => {
    requests++;
    return token === undefined ? { items: [1, 2], next: "b" } : { items: [3] };
  }, { items: "items", next: "next", chunkItems: 2 });
  let calls = 0;
  const promises = new Set();
  list.subscribe(() => {
    if (calls++ < 50 && list.hasMore) promises.add(list.loadMore());
  });
  const first = await list.loadMore();
  await Promise.all(promises);
  assert.deepEqual(first, [1, 2]);
  assert.deepEqual(list.items, [1, 2, 3]);
  assert.equal(requests, 2);
  assert.ok(calls < 50, `the listener was called ${calls} times`);
  list.free();
});
