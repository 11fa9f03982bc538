// Through the installed package, the two rules for services as they really answer
// (docs/paginator.md, "Lists left out" and "Where a cut is anchored"):
// - without itemKey, the last item handed out anchors a cut inside a page by the digest of its
//   JSON form, so a resume repeats nothing when rows were inserted above the cut;
// - a list the service leaves out of a page is an empty page under preset aws, or once an
//   earlier page of the walk (of the list, of the TanStack helper's chunks) held one there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { QueryClient, InfiniteQueryObserver } from "@tanstack/query-core";
import { paginate, InfiniteList, PaginationError } from "pagecursor";
import { infinitePageOptions } from "pagecursor/tanstack";

/**
 * A keyset feed like DRF's CursorPagination, whose rows carry content (`text`) and can be
 * edited: the next token is the id of a page's last row. Newest-first lists ids descending,
 * so new rows appear at the top.
 */
function feed(ids, { size = 20, newestFirst = true } = {}) {
  let rows = [];
  const order = () => rows.sort((a, b) => (newestFirst ? b.id - a.id : a.id - b.id));
  const f = {
    calls: 0,
    insert(...more) {
      rows.push(...more.map((id) => ({ id, text: `row ${id}` })));
      order();
    },
    delete(id) {
      rows = rows.filter((r) => r.id !== id);
    },
    edit(id, text) {
      rows.find((r) => r.id === id).text = text;
    },
    ids: () => rows.map((r) => r.id),
    fetchPage: async (token) => {
      f.calls++;
      // A request that fails (not retryable), when asked to.
      if (f.calls === f.failAt) throw Object.assign(new Error("invalid request"), { name: "ValidationException" });
      const start = token === undefined ? 0 : rows.findIndex((r) => (newestFirst ? r.id < token : r.id > token));
      const from = start < 0 ? rows.length : start;
      const results = rows.slice(from, from + size).map((r) => ({ ...r }));
      return { results, next: from + size < rows.length ? results.at(-1).id : null };
    },
  };
  f.insert(...ids);
  return f;
}

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const down = (a, b) => range(b, a).reverse(); // a, a-1, …, b
const ids = (items) => items.map((r) => r.id);
const walk = { items: "results", next: "next" };

/** Resumes `token` over `api` to the end: [ids, stats]. */
async function resume(api, token, options = {}) {
  const p = paginate(api.fetchPage, { ...walk, ...options, resumeToken: token });
  return [ids(await p.toArray()), p.stats];
}

test("without itemKey: a cut inside the first page, 5 rows inserted on top, resumed: nothing repeated, nothing lost", async () => {
  const api = feed(range(1, 50));
  const before = api.ids();
  const first = paginate(api.fetchPage, { ...walk, maxItems: 10 });
  const got = ids(await first.toArray());
  assert.deepEqual(got, down(50, 41));
  api.insert(51, 52, 53, 54, 55);
  const [more, stats] = await resume(api, first.resumeToken);
  assert.deepEqual([...got, ...more], before);
  assert.equal(stats.anchorMisses, 0);
  // The anchor is 8 bytes: the token stays short.
  assert.ok(first.resumeToken.length <= 60, first.resumeToken);
});

test("without itemKey: every way a walk stops inside a page anchors the cut", async () => {
  const stops = {
    async "maxItems (toArray)"(api) {
      const p = paginate(api.fetchPage, { ...walk, maxItems: 27 });
      return [ids(await p.toArray()), p.resumeToken];
    },
    async "maxItems (items())"(api) {
      const p = paginate(api.fetchPage, { ...walk, maxItems: 27 });
      const got = [];
      for await (const row of p.items()) got.push(row.id);
      return [got, p.resumeToken];
    },
    async "maxItems (pages: the cut copy)"(api) {
      const p = paginate(api.fetchPage, { ...walk, maxItems: 27 });
      const got = [];
      for await (const page of p) got.push(...ids(page.results));
      return [got, p.resumeToken];
    },
    async "break out of items()"(api) {
      const p = paginate(api.fetchPage, walk);
      const got = [];
      for await (const row of p.items()) {
        got.push(row.id);
        if (got.length === 27) break;
      }
      return [got, p.resumeToken];
    },
    async "a budget walk (maxRequests, prefetch), its token read inside a page"(api) {
      const p = paginate(api.fetchPage, { ...walk, maxRequests: 2, prefetch: 1 });
      const got = [];
      let token;
      for await (const row of p.items()) {
        got.push(row.id);
        if (got.length === 27) {
          token = p.resumeToken;
          break;
        }
      }
      return [got, token];
    },
    async "a failure in the consumer's code (the loop body throws)"(api) {
      const p = paginate(api.fetchPage, walk);
      const got = [];
      await assert.rejects(async () => {
        for await (const row of p.items()) {
          got.push(row.id);
          if (got.length === 27) throw new Error("the database is down");
        }
      }, /the database is down/);
      return [got, p.resumeToken];
    },
    async "an abort, the token read mid-page"(api) {
      const controller = new AbortController();
      const p = paginate(api.fetchPage, { ...walk, signal: controller.signal });
      const got = [];
      let token;
      await assert.rejects(async () => {
        for await (const row of p.items()) {
          got.push(row.id);
          if (got.length === 27) {
            token = p.resumeToken;
            controller.abort();
          }
        }
      }, (err) => err instanceof PaginationError && err.code === "aborted");
      assert.equal(p.resumeToken, token);
      return [got, token];
    },
  };
  for (const [name, stop] of Object.entries(stops)) {
    const api = feed(range(1, 60));
    const before = api.ids();
    const [got, token] = await stop(api);
    assert.ok(got.length > 20 && got.length % 20 !== 0, `${name}: stopped inside page 2 (${got.length} items)`);
    assert.deepEqual(got, before.slice(0, got.length), name);
    // Rows above the walk, and one in page 2 above the cut (behind the consumer).
    api.failAt = undefined;
    api.insert(61, 62, 63, got.at(-1) + 0.5);
    const [more, stats] = await resume(api, token);
    assert.deepEqual([...got, ...more], before, name);
    assert.equal(stats.anchorMisses, 0, name);
  }
});

test("without itemKey: a failed fetch (prefetch 1) stops at the page before it, and resumes exactly", async () => {
  const api = feed(range(1, 60));
  const before = api.ids();
  api.failAt = 3;
  const p = paginate(api.fetchPage, { ...walk, prefetch: 1, retry: { retries: 0 } });
  const got = [];
  const err = await (async () => {
    try {
      for await (const row of p.items()) got.push(row.id);
    } catch (e) {
      return e;
    }
  })();
  assert.ok(err instanceof PaginationError && err.code === "fetch_failed", String(err));
  assert.deepEqual(got, before.slice(0, 40));
  api.insert(61, 62);
  const [more, stats] = await resume(api, err.resumeToken);
  assert.deepEqual([...got, ...more], before);
  assert.equal(stats.anchorMisses, 0);
});

test("without itemKey: the anchor row edited or deleted falls back to the position, counted in anchorMisses", async () => {
  for (const change of ["edit", "delete"]) {
    const api = feed(range(1, 40), { newestFirst: false });
    const p = paginate(api.fetchPage, { ...walk, maxItems: 5 });
    const got = ids(await p.toArray());
    if (change === "edit") api.edit(5, "row 5, edited");
    else api.delete(5);
    const [more, stats] = await resume(api, p.resumeToken);
    // 5 rows of the refetched page skipped, as a resume by position does.
    assert.deepEqual(more, change === "edit" ? range(6, 40) : range(7, 40), change);
    assert.equal(stats.anchorMisses, 1, change);
    assert.deepEqual(got, range(1, 5));
  }
});

test("without itemKey: two equal items in a page, a cut between them or after both", async () => {
  for (const cut of [4, 5]) {
    // Rows 9 and 8 read the same (4th and 5th of the newest-first page).
    let rows = down(12, 1).map((id) => ({ text: id === 9 || id === 8 ? "same" : `row ${id}`, id }));
    const fetchPage = async (token) => {
      const from = token ?? 0;
      const page = rows.slice(from, from + 8);
      // Handed out without their ids: equal items are equal JSON.
      return { results: page.map(({ text }) => ({ text })), next: from + 8 < rows.length ? from + 8 : undefined };
    };
    const before = rows.map((r) => r.text);
    const first = paginate(fetchPage, { ...walk, maxItems: cut });
    const got = (await first.toArray()).map((r) => r.text);
    rows = [{ text: "new 1", id: 13 }, { text: "new 2", id: 14 }].concat(rows);
    const rest = paginate(fetchPage, { ...walk, resumeToken: first.resumeToken });
    const more = (await rest.toArray()).map((r) => r.text);
    assert.deepEqual([...got, ...more], [...before.slice(0, 8), "row 4", "row 3", "row 2", "row 1"].slice(0, before.length), `cut after ${cut}`);
    assert.equal(rest.stats.anchorMisses, 0);
  }
});

test("without itemKey: an item with no JSON form resumes by position and counts a miss; bigints, cycles, toJSON throwing", async () => {
  const cyclic = { id: 3 };
  cyclic.self = cyclic;
  const odd = [{ id: 3, n: 3n }, cyclic, { id: 3, toJSON() { throw new Error("no"); } }, undefined];
  for (const item of odd) {
    const page = [{ id: 1 }, { id: 2 }, item, { id: 4 }];
    const fetchPage = async () => ({ results: page, next: null });
    const p = paginate(fetchPage, { ...walk, maxItems: 3 });
    assert.equal((await p.toArray()).length, 3);
    const rest = paginate(fetchPage, { ...walk, resumeToken: p.resumeToken });
    assert.deepEqual(await rest.toArray(), [{ id: 4 }]);
    assert.equal(rest.stats.anchorMisses, 1);
  }
});

test("without itemKey: an InfiniteList's chunks cut inside pages repeat nothing while rows are inserted on top", async () => {
  const api = feed(range(1, 45));
  const before = api.ids();
  const list = new InfiniteList(api.fetchPage, { ...walk, chunkItems: 15 });
  let id = 500;
  while (list.hasMore) {
    await list.loadMore();
    api.insert(id++, id++, id++);
  }
  assert.deepEqual(ids(list.items), before);
});

// Lists left out of pages.

/** S3 ListObjectsV2 with a Delimiter: pages of only CommonPrefixes have no Contents. */
function bucket(pages) {
  const calls = [];
  return {
    calls,
    fetchPage: async (token) => {
      calls.push(token);
      const i = token === undefined ? 0 : Number(token.slice(1));
      const page = pages[i];
      return i + 1 < pages.length ? { ...page, IsTruncated: true, NextContinuationToken: `t${i + 1}` } : { ...page, IsTruncated: false };
    },
  };
}
const contents = (...keys) => ({ Contents: keys.map((Key) => ({ Key })) });
const prefixes = (...names) => ({ CommonPrefixes: names.map((Prefix) => ({ Prefix })) });
const keysOf = (items) => items.map((o) => o.Key);

test("an InfiniteList and the TanStack helper remember across loads that the location held a list", async () => {
  // Chunks of 2: the second load starts at page 2 (the first cut page 1), and page 3 has no
  // Contents. A walk started at page 3 alone would be bad_page; the list knows better.
  const pages = [contents("a", "b", "c"), prefixes("d/"), prefixes("e/"), contents("f"), prefixes("g/")];
  const s3 = bucket(pages);
  const list = new InfiniteList(s3.fetchPage, { items: "Contents", next: "NextContinuationToken", chunkItems: 2 });
  while (list.hasMore) await list.loadMore();
  assert.deepEqual(keysOf(list.items), ["a", "b", "c", "f"]);
  assert.equal(list.error, undefined);

  // The same over chunks whose first page has no list: only the first chunk's first page may
  // not be one (without the preset).
  const later = bucket([contents("a", "b"), prefixes("c/"), contents("d"), prefixes("e/"), prefixes("f/"), contents("g")]);
  const client = new QueryClient();
  const observer = new InfiniteQueryObserver(client, {
    queryKey: ["bucket"],
    ...infinitePageOptions(later.fetchPage, { items: "Contents", next: "NextContinuationToken", chunkItems: 2 }),
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => {});
  let result = await observer.refetch();
  while (result.hasNextPage) result = await observer.fetchNextPage();
  assert.equal(result.error, null);
  assert.deepEqual(result.data.pages.map((p) => keysOf(p.items)), [["a", "b"], ["d", "g"]]);
  unsubscribe();
  client.clear();

  // A list whose first page has no list: bad_page, as a walk; with preset aws it loads.
  const bare = new InfiniteList(bucket([prefixes("a/"), contents("b")]).fetchPage, { items: "Contents", next: "NextContinuationToken", chunkItems: 2 });
  await assert.rejects(bare.loadMore(), (err) => err instanceof PaginationError && err.code === "bad_page" && /\?\? \[\]/.test(err.message));
  const aws = new InfiniteList(bucket([prefixes("a/"), contents("b")]).fetchPage, { preset: "aws", items: "Contents", chunkItems: 2 });
  while (aws.hasMore) await aws.loadMore();
  assert.deepEqual(keysOf(aws.items), ["b"]);
});

test("two lists, two memories: one list's pages say nothing about another's", async () => {
  const options = { items: "Contents", next: "NextContinuationToken", chunkItems: 5 };
  const full = new InfiniteList(bucket([contents("a"), prefixes("b/")]).fetchPage, options);
  while (full.hasMore) await full.loadMore();
  const bare = new InfiniteList(bucket([prefixes("a/"), contents("b")]).fetchPage, options);
  await assert.rejects(bare.loadMore(), (err) => err.code === "bad_page");
  // And reset() starts a list over: what it saw is forgotten with its pages.
  full.reset();
  assert.deepEqual(full.items, []);
});
