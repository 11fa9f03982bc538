// pagecursor/tanstack through the installed package, with TanStack's own InfiniteQueryObserver
// (@tanstack/query-core): exact chunks over short and empty service pages, maxPages eviction
// with identical refetches when scrolling back, the signal passed through, misuse refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { QueryClient, InfiniteQueryObserver } from "@tanstack/query-core";
import { infinitePageOptions } from "pagecursor/tanstack";

const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);

/** A next-only service: pages of 3, 0, 4, 1, 0, 6 items… over 0..total, token = page index. */
function service(total, sizes = [3, 0, 4, 1, 0, 6]) {
  const pages = [];
  for (let start = 0, i = 0; start < total; i++) {
    const n = Math.min(sizes[i % sizes.length], total - start);
    pages.push(range(start, start + n));
    start += n;
  }
  const requests = [];
  return {
    requests,
    pageCount: pages.length,
    fetchPage: async (token, { signal }) => {
      requests.push({ token, signal });
      await new Promise((r) => setTimeout(r, 1));
      const i = token ?? 0;
      return { items: pages[i] ?? [], next_cursor: i + 1 < pages.length ? i + 1 : undefined };
    },
  };
}

function observe(client, options) {
  const observer = new InfiniteQueryObserver(client, options);
  const unsubscribe = observer.subscribe(() => {});
  return { observer, unsubscribe };
}
const chunks = (result) => result.data.pages.map((p) => p.items);

test("each TanStack page holds exactly chunkItems items, across short and empty service pages", async () => {
  const api = service(23);
  const client = new QueryClient();
  const { observer, unsubscribe } = observe(client, {
    queryKey: ["numbers"],
    ...infinitePageOptions(api.fetchPage, { preset: "keyset", chunkItems: 5 }),
    retry: false,
  });
  let result = await observer.refetch();
  while (result.hasNextPage) result = await observer.fetchNextPage();
  assert.deepEqual(chunks(result), [range(0, 5), range(5, 10), range(10, 15), range(15, 20), range(20, 23)]);
  assert.equal(result.hasPreviousPage, false);
  // A cut page is fetched again by the next chunk, never more: at most one request per page
  // plus one per chunk boundary.
  assert.ok(api.requests.length <= api.pageCount + 5, `${api.requests.length} requests for ${api.pageCount} pages`);
  unsubscribe();
  client.clear();
});

test("with maxPages, scrolling back refetches evicted chunks with identical items", async () => {
  const api = service(40);
  const client = new QueryClient();
  const { observer, unsubscribe } = observe(client, {
    queryKey: ["numbers", "windowed"],
    ...infinitePageOptions(api.fetchPage, { preset: "keyset", chunkItems: 6 }),
    maxPages: 2,
    retry: false,
  });
  let result = await observer.refetch();
  const seen = [result.data.pages[0].items];
  for (let i = 0; i < 4; i++) {
    result = await observer.fetchNextPage();
    seen.push(result.data.pages.at(-1).items);
  }
  assert.deepEqual(seen, [range(0, 6), range(6, 12), range(12, 18), range(18, 24), range(24, 30)]);
  assert.deepEqual(chunks(result), [range(18, 24), range(24, 30)], "maxPages keeps the last two chunks");
  assert.equal(result.hasPreviousPage, true);
  const back = [];
  while (result.hasPreviousPage) {
    result = await observer.fetchPreviousPage();
    back.push(result.data.pages[0].items);
    assert.equal(result.data.pages.length, 2);
  }
  assert.deepEqual(back, [range(12, 18), range(6, 12), range(0, 6)], "the evicted chunks, identical, back to the first");
  // And forward again after scrolling back: the same chunks again.
  result = await observer.fetchNextPage();
  assert.deepEqual(chunks(result), [range(6, 12), range(12, 18)]);
  unsubscribe();
  client.clear();
});

test("TanStack's signal reaches fetchPage's ctx.signal: a cancelled query aborts the request", async () => {
  let started;
  const begun = new Promise((r) => (started = r));
  const fetchPage = (token, { signal }) =>
    new Promise((resolve, reject) => {
      started(signal);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
  const client = new QueryClient();
  const { observer, unsubscribe } = observe(client, {
    queryKey: ["slow"],
    ...infinitePageOptions(fetchPage, { preset: "keyset", chunkItems: 5 }),
    retry: false,
  });
  void observer.refetch();
  const signal = await begun;
  assert.equal(signal.aborted, false);
  await client.cancelQueries({ queryKey: ["slow"] });
  assert.equal(signal.aborted, true);
  unsubscribe();
  client.clear();
});

test("a resumeToken option starts the first chunk there; options are checked", async () => {
  const api = service(30);
  // A resume token 7 items in, from an earlier walk.
  const { paginate } = await import("pagecursor");
  const earlier = paginate(api.fetchPage, { preset: "keyset", maxItems: 7 });
  await earlier.toArray();
  const client = new QueryClient();
  const { observer, unsubscribe } = observe(client, {
    queryKey: ["resumed"],
    ...infinitePageOptions(api.fetchPage, { preset: "keyset", chunkItems: 4, resumeToken: earlier.resumeToken }),
    retry: false,
  });
  const result = await observer.refetch();
  assert.deepEqual(chunks(result), [range(7, 11)]);
  assert.equal(result.hasPreviousPage, false);
  unsubscribe();
  client.clear();

  for (const bad of [undefined, {}, { chunkItems: 0 }, { chunkItems: 2.5 }, { chunkItems: "5" }]) {
    assert.throws(() => infinitePageOptions(api.fetchPage, bad), { code: "invalid_argument" });
  }
  assert.throws(() => infinitePageOptions("not a function", { chunkItems: 5 }), { name: "TypeError", code: "invalid_argument" });
  const { queryFn } = infinitePageOptions(api.fetchPage, { chunkItems: 5 });
  await assert.rejects(queryFn({ pageParam: "some token", signal: new AbortController().signal }), { code: "invalid_argument" });
});

test("a page param made elsewhere is read once, with intrinsics: a getter runs once, a patched hasOwnProperty never", async () => {
  const api = service(30);
  const { paginate } = await import("pagecursor");
  const earlier = paginate(api.fetchPage, { preset: "keyset", maxItems: 7 });
  await earlier.toArray();
  const { queryFn } = infinitePageOptions(api.fetchPage, { preset: "keyset", chunkItems: 4 });
  // A getter that answers a different token on its second read: the chunk must start where the
  // first read said, and the getter must not run again.
  let reads = 0;
  const param = {
    get resumeToken() {
      reads++;
      return reads === 1 ? earlier.resumeToken : undefined;
    },
  };
  const patched = Object.prototype.hasOwnProperty;
  Object.prototype.hasOwnProperty = () => {
    throw new Error("the patched hasOwnProperty ran");
  };
  let chunk;
  try {
    chunk = await queryFn({ pageParam: param, signal: new AbortController().signal });
  } finally {
    Object.prototype.hasOwnProperty = patched;
  }
  assert.deepEqual(chunk.items, range(7, 11));
  assert.equal(reads, 1);
});

test("pagecursor/tanstack exports the root's ready, the same promise", async () => {
  const root = await import("pagecursor");
  const tanstack = await import("pagecursor/tanstack");
  assert.equal(tanstack.ready, root.ready);
  await tanstack.ready;
});
