// Issue #16, "Resume that survives inserts", through the installed package: with `itemKey`
// a resume token records the key of the last item handed out, and the resumed walk skips the
// refetched page up to and including that item, so rows inserted or deleted before it do not
// shift the cut (stats.anchorMisses counts the pages that no longer held it); an InfiniteList
// with itemKey never shows the same key twice. Each scenario also runs without itemKey where
// that shows the failure the anchor prevents (repeated or lost rows).
import { test } from "node:test";
import assert from "node:assert/strict";
import { paginate, InfiniteList, PaginationError } from "pagecursor";

/**
 * A keyset feed like DRF's CursorPagination: the first request gets the first `size` rows in
 * feed order, the next token is the id of a page's last row, and the page it fetches holds
 * the rows after that id in feed order. Newest-first lists ids descending: new rows (higher
 * ids) appear at the top.
 */
function feed(ids, { size = 20, newestFirst = true } = {}) {
  let rows = [];
  const order = () => rows.sort((a, b) => (newestFirst ? b.id - a.id : a.id - b.id));
  const f = {
    calls: [],
    insert(...more) {
      rows.push(...more.map((id) => ({ id })));
      order();
    },
    delete(id) {
      rows = rows.filter((r) => r.id !== id);
    },
    ids: () => rows.map((r) => r.id),
    fetchPage: async (token) => {
      f.calls.push(token);
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

test("newest-first, cut inside the first page, 5 inserts, resume: nothing repeated, nothing lost", async () => {
  for (const itemKey of ["id", (row) => row.id]) {
    const api = feed(range(1, 50));
    const before = api.ids();
    const first = paginate(api.fetchPage, { ...walk, itemKey, maxItems: 10 });
    const got = ids(await first.toArray());
    assert.deepEqual(got, down(50, 41));
    api.insert(51, 52, 53, 54, 55);
    const rest = paginate(api.fetchPage, { ...walk, itemKey, resumeToken: first.resumeToken });
    const more = ids(await rest.toArray());
    assert.deepEqual([...got, ...more], before);
    assert.equal(rest.stats.anchorMisses, 0);
    assert.equal(rest.stopReason, "end");
  }
  // Without itemKey the last item's content anchors the cut: the same resume repeats nothing
  // either (tests/js/content-anchor.test.mjs). A token anchored by key resumed without
  // itemKey goes by position: it repeats the 5 rows the inserts pushed back into the page.
  const api = feed(range(1, 50));
  const first = paginate(api.fetchPage, { ...walk, maxItems: 10 });
  const got = ids(await first.toArray());
  const keyed = paginate(api.fetchPage, { ...walk, itemKey: "id", maxItems: 10 });
  await keyed.toArray();
  api.insert(51, 52, 53, 54, 55);
  const rest = paginate(api.fetchPage, { ...walk, resumeToken: first.resumeToken });
  assert.deepEqual([...got, ...ids(await rest.toArray())], down(50, 1));
  assert.equal(rest.stats.anchorMisses, 0);
  const blind = paginate(api.fetchPage, { ...walk, resumeToken: keyed.resumeToken });
  assert.deepEqual(ids(await blind.toArray()).slice(0, 5), down(45, 41));
  assert.equal(blind.stats.anchorMisses, 1);
});

test("a cut inside a later page survives a row inserted before the anchor", async () => {
  const api = feed(range(1, 50).map((i) => i * 10));
  const before = api.ids();
  const first = paginate(api.fetchPage, { ...walk, itemKey: "id", maxItems: 30 });
  const got = ids(await first.toArray());
  assert.equal(got.at(-1), 210);
  // Rows at the top (before the walk's start) and one in page 2 before the anchor (behind the
  // consumer): neither belongs to the rest of the walk.
  api.insert(505, 510, 255);
  const rest = paginate(api.fetchPage, { ...walk, itemKey: "id", resumeToken: first.resumeToken });
  assert.deepEqual([...got, ...ids(await rest.toArray())], before);
  assert.equal(rest.stats.anchorMisses, 0);
  // The resumed walk asked for page 2 again: the token of the page the cut was in.
  assert.equal(api.calls.at(-3), 310);
});

test("a deletion before the anchor loses nothing", async () => {
  const api = feed(range(1, 40));
  const before = api.ids();
  const first = paginate(api.fetchPage, { ...walk, itemKey: "id", maxItems: 10 });
  const got = ids(await first.toArray());
  api.delete(40);
  api.delete(35);
  const rest = paginate(api.fetchPage, { ...walk, itemKey: "id", resumeToken: first.resumeToken });
  assert.deepEqual([...got, ...ids(await rest.toArray())], before);
  assert.equal(rest.stats.anchorMisses, 0);
  // By position, two rows would be lost.
  const blind = paginate(api.fetchPage, { ...walk, resumeToken: first.resumeToken });
  assert.deepEqual(ids(await blind.toArray()).slice(0, 2), [28, 27]);
});

test("an anchor no longer on the page: skipped by position and counted in anchorMisses", async () => {
  const api = feed(range(1, 40));
  const first = paginate(api.fetchPage, { ...walk, itemKey: "id", maxItems: 10 });
  assert.equal(ids(await first.toArray()).at(-1), 31);
  api.delete(31); // the anchor row itself
  const rest = paginate(api.fetchPage, { ...walk, itemKey: "id", resumeToken: first.resumeToken });
  // 10 rows of the refetched page skipped (40…32 and 30): what a resume by position does.
  assert.deepEqual(ids(await rest.toArray()), down(29, 1));
  assert.equal(rest.stats.anchorMisses, 1);
  // A walk without itemKey cannot look for it: by position, counted too.
  const noKeys = paginate(api.fetchPage, { ...walk, resumeToken: first.resumeToken });
  await noKeys.toArray();
  assert.equal(noKeys.stats.anchorMisses, 1);
});

test("old resume tokens (without the field) still resume by position", async () => {
  // Minted before anchors existed, by paginate over pages [1,2,3,4] and [5,6,7] with
  // maxItems 2 (first page) and 6 (the page of token 1).
  const pages = [[1, 2, 3, 4], [5, 6, 7]];
  const fetchPage = async (t) => ({ items: pages[t ?? 0].map((id) => ({ id })), next: t === undefined ? 1 : undefined });
  const cases = [
    ["AQCFAXYEAQFzAAFsAAFwYWEEAgFjSH_o6rSZHeBX", [3, 4, 5, 6, 7]],
    ["AQCFAXYEAQFzAAFsAAFwYWIEAgQBAWNI-IBmlsDEwSM", [7]],
  ];
  for (const [resumeToken, want] of cases) {
    const p = paginate(fetchPage, { items: "items", next: "next", itemKey: "id", resumeToken });
    assert.deepEqual(ids(await p.toArray()), want);
    assert.equal(p.stats.anchorMisses, 0);
  }
  // And without itemKey too.
  for (const [resumeToken, want] of cases) {
    const p = paginate(fetchPage, { items: "items", next: "next", resumeToken });
    assert.deepEqual(ids(await p.toArray()), want);
    assert.equal(p.stats.anchorMisses, 0);
  }
  // A walk of pages (no items location) has no item to anchor: it still mints exactly the
  // tokens of before, as a walk stopped at a page boundary does.
  const pagesOnly = paginate(fetchPage, { next: "next", maxPages: 1 });
  for await (const page of pagesOnly) assert.deepEqual(ids(page.items), [1, 2, 3, 4]);
  assert.equal(pagesOnly.resumeToken, "AQCFAXYEAQFzAAFsAAFwYWIEAAQBAWNIKfQj5FDI1ak");
  // Without itemKey a cut inside a page is anchored by the last item's content, and with it
  // by its key: each token carries its anchor, so both differ from the old one.
  const p = paginate(fetchPage, { items: "items", next: "next", maxItems: 2 });
  await p.toArray();
  assert.notEqual(p.resumeToken, cases[0][0]);
  const q = paginate(fetchPage, { items: "items", next: "next", maxItems: 2, itemKey: "id" });
  await q.toArray();
  assert.notEqual(q.resumeToken, cases[0][0]);
});

test("every way of stopping inside a page records the anchor: items() break, pages with maxItems, an abort", async () => {
  // items(): break after 7 items of the first page.
  let api = feed(range(1, 30));
  let before = api.ids();
  const p = paginate(api.fetchPage, { ...walk, itemKey: "id" });
  const got = [];
  for await (const row of p.items()) {
    got.push(row.id);
    if (got.length === 7) break;
  }
  api.insert(31, 32);
  let rest = ids(await paginate(api.fetchPage, { ...walk, itemKey: "id", resumeToken: p.resumeToken }).toArray());
  assert.deepEqual([...got, ...rest], before);

  // Pages: the cut copy of the first page holds 12 items.
  api = feed(range(1, 30));
  before = api.ids();
  const pages = paginate(api.fetchPage, { ...walk, itemKey: "id", maxItems: 12 });
  const seen = [];
  for await (const page of pages) seen.push(...ids(page.results));
  assert.equal(seen.length, 12);
  api.insert(31, 32, 33);
  rest = ids(await paginate(api.fetchPage, { ...walk, itemKey: "id", resumeToken: pages.resumeToken }).toArray());
  assert.deepEqual([...seen, ...rest], before);

  // The resumeToken read while iterating (mid-page), then the walk aborted.
  api = feed(range(1, 30));
  before = api.ids();
  const controller = new AbortController();
  const q = paginate(api.fetchPage, { ...walk, itemKey: "id", signal: controller.signal });
  const taken = [];
  let token;
  await assert.rejects(async () => {
    for await (const row of q.items()) {
      taken.push(row.id);
      if (taken.length === 4) {
        token = q.resumeToken;
        controller.abort();
      }
    }
  }, (err) => err instanceof PaginationError && err.code === "aborted");
  assert.equal(q.resumeToken, token);
  api.insert(31);
  rest = ids(await paginate(api.fetchPage, { ...walk, itemKey: "id", resumeToken: token }).toArray());
  assert.deepEqual([...taken, ...rest], before);
});

test("a resumed walk that stops before taking an item keeps the anchor; taking items moves it", async () => {
  const api = feed(range(1, 30));
  const first = paginate(api.fetchPage, { ...walk, itemKey: "id", maxItems: 5 });
  await first.toArray();
  api.insert(31, 32);
  // maxItems 0: nothing handed out, the same position (the anchor included) comes back.
  const none = paginate(api.fetchPage, { ...walk, itemKey: "id", maxItems: 0, resumeToken: first.resumeToken });
  assert.deepEqual(await none.toArray(), []);
  assert.equal(none.resumeToken, first.resumeToken);
  // Three more items: the anchor is now the third of them.
  const three = paginate(api.fetchPage, { ...walk, itemKey: "id", maxItems: 3, resumeToken: first.resumeToken });
  assert.deepEqual(ids(await three.toArray()), [25, 24, 23]);
  api.insert(33);
  const rest = paginate(api.fetchPage, { ...walk, itemKey: "id", resumeToken: three.resumeToken });
  assert.deepEqual(ids(await rest.toArray()), down(22, 1));
});

test("keys of any cursor type: strings, bigints, dates, maps (key order ignored), with prefetch and segments", async () => {
  const make = (i) => ({ s: `row-${i}`, b: BigInt(i) * 10n ** 15n, d: new Date(1_700_000_000_000 + i), m: { a: i, b: "x" } });
  const keys = [
    ["s", (r) => r.s],
    ["b", (r) => r.b],
    ["d", (r) => r.d],
    ["m", (r) => r.m],
  ];
  for (const [name, itemKey] of keys) {
    let rows = range(1, 12).map(make);
    const fetchPage = async (t) => {
      const from = t ?? 0;
      // A refetched map key comes back with its keys in another order: still the same key.
      const page = rows.slice(from, from + 6).map((r) => ({ ...r, m: t === undefined ? r.m : { b: r.m.b, a: r.m.a } }));
      return { results: page, next: from + 6 < rows.length ? from + 6 : undefined };
    };
    const first = paginate(fetchPage, { ...walk, itemKey, maxItems: 4, prefetch: 2 });
    const got = await first.toArray();
    rows = [make(100), make(101), ...rows]; // inserted before the anchor
    const rest = paginate(fetchPage, { ...walk, itemKey, resumeToken: first.resumeToken, prefetch: 2 });
    const more = await rest.toArray();
    assert.deepEqual([...got, ...more].map((r) => r.s), range(1, 12).map((i) => `row-${i}`), name);
    assert.equal(rest.stats.anchorMisses, 0, name);
  }
  // Segments: each resumes at its own anchor.
  const seg = [range(1, 10), range(101, 110)].map((list) => list.map((id) => ({ id })));
  // Keyset tokens (the last id), as each segment of a parallel scan has its own.
  const fetchSegment = async (t, { segment }) => {
    const list = seg[segment];
    const from = t === undefined ? 0 : list.findIndex((r) => r.id > t);
    const results = list.slice(from, from + 5);
    return { results, next: from + 5 < list.length ? results.at(-1).id : undefined };
  };
  const first = paginate(fetchSegment, { ...walk, itemKey: "id", segments: 2 });
  const got = [];
  const count = [0, 0];
  // Out at the first item of the second segment to hand one out: both have started.
  for await (const row of first.items()) {
    got.push(row.id);
    count[first.lastSegment]++;
    if (count[0] > 0 && count[1] > 0) break;
  }
  seg[0].unshift({ id: 0 });
  seg[1].unshift({ id: 100 });
  const rest = paginate(fetchSegment, { ...walk, itemKey: "id", segments: 2, resumeToken: first.resumeToken });
  const all = [...got, ...ids(await rest.toArray())].sort((a, b) => a - b);
  assert.deepEqual(all, [...range(1, 10), ...range(101, 110)]);
});

test("an item without a key, or with one that is not a cursor value, is bad_page; bad options are TypeErrors", async () => {
  const pageOf = (results) => async () => ({ results, next: null });
  const cases = [
    [[{ id: 1 }, { name: "no id" }], "id", 'item 1 of the page has no key at options.itemKey "id" (undefined)'],
    [[{ id: null }], "id", 'item 0 of the page has no key at options.itemKey "id" (null)'],
    [[{ id: 1 }], () => undefined, "options.itemKey returned undefined for item 0 of the page"],
    [[{ id: () => 1 }], "id", 'the key of item 0 of the page (options.itemKey "id") is not a cursor value'],
    [[{ id: new Map() }], "id", "is not a cursor value"],
    [[{ id: "\ud800" }], "id", "is not a cursor value"],
    [[{ id: 2n ** 64n }], "id", "is not a cursor value"],
    [[{ id: { a: undefined } }], "id", "is not a cursor value"],
    [[{ id: "x".repeat(70000) }], "id", "is larger than 65536 units"],
    [[{ id: 1 }], (row) => Promise.resolve(row.id), "(options.itemKey) is not a cursor value"],
    [[{ a: { b: 7 } }, { a: 3 }], "a.b", 'item 1 of the page has no key at options.itemKey "a.b" (undefined)'],
  ];
  for (const [results, itemKey, words] of cases) {
    const p = paginate(pageOf(results), { ...walk, itemKey });
    const err = await p.toArray().then(() => assert.fail("no error"), (e) => e);
    assert.ok(err instanceof PaginationError, String(err));
    assert.equal(err.code, "bad_page");
    assert.ok(err.message.includes(words), `${err.message} says ${words}`);
    assert.equal(typeof err.resumeToken, "string");
  }
  // A throwing itemKey function: its error is the cause.
  const boom = new Error("no key here");
  const p = paginate(pageOf([{ id: 1 }]), { ...walk, itemKey: () => { throw boom; } });
  const err = await p.toArray().then(() => assert.fail("no error"), (e) => e);
  assert.equal(err.code, "bad_page");
  assert.equal(err.cause, boom);
  // Options.
  for (const itemKey of [3, "", ".", {}]) {
    assert.throws(() => paginate(pageOf([]), { ...walk, itemKey }), (e) => e instanceof TypeError && e.code === "invalid_argument");
  }
  assert.throws(() => paginate(pageOf([]), { next: "next", itemKey: "id" }), (e) => e instanceof TypeError && /itemKey needs options.items/.test(e.message));
  // stats.anchorMisses is there (0) for every walk.
  const plain = paginate(pageOf([{ id: 1 }]), walk);
  await plain.toArray();
  assert.equal(plain.stats.anchorMisses, 0);
});

test("each item is read once per page, with its key", async () => {
  let reads = 0, keyReads = 0;
  const row = (id) => ({ get id() { keyReads++; return id; } });
  const list = [row(1), row(2), row(3)];
  const results = new Proxy(list, { get: (t, k) => (typeof k === "string" && /^\d+$/.test(k) && reads++, t[k]) });
  const p = paginate(async () => ({ results, next: null }), { ...walk, itemKey: "id" });
  const got = [];
  for await (const r of p.items()) got.push(r);
  assert.equal(got.length, 3);
  assert.equal(reads, 3);
  assert.equal(keyReads, 3);
  assert.deepEqual(got, list);
});

/**
 * An offset-paginated newest-first API (`?offset=`): inserts at the top shift every later
 * page, so a list walking it sees rows it already showed again.
 */
function offsetFeed(n, size = 5) {
  const api = {
    rows: down(n, 1),
    fetchPage: async (token) => {
      const from = token ?? 0;
      const results = api.rows.slice(from, from + size).map((id) => ({ id }));
      return { results, next: from + size < api.rows.length ? from + size : undefined };
    },
  };
  return api;
}

test("InfiniteList with itemKey never shows the same key twice, and still fills each chunk", async () => {
  // Without itemKey: the shifted page shows three rows again.
  let api = offsetFeed(40);
  let list = new InfiniteList(api.fetchPage, { ...walk, chunkItems: 5 });
  await list.loadMore();
  api.rows.unshift(43, 42, 41);
  await list.loadMore();
  assert.deepEqual(ids(list.items), [40, 39, 38, 37, 36, 38, 37, 36, 35, 34]);

  api = offsetFeed(40);
  list = new InfiniteList(api.fetchPage, { ...walk, itemKey: "id", chunkItems: 5 });
  assert.deepEqual(ids(await list.loadMore()), down(40, 36));
  api.rows.unshift(43, 42, 41);
  // The duplicates are dropped and the chunk is filled from where its walk stopped.
  assert.deepEqual(ids(await list.loadMore()), down(35, 31));
  api.rows.unshift(50, 49, 48, 47, 46, 45, 44);
  assert.deepEqual(ids(await list.loadMore()), down(30, 26));
  const shown = ids(list.items);
  assert.deepEqual(shown, down(40, 26));
  for (;;) {
    const chunk = await list.loadMore();
    if (chunk.length === 0) break;
  }
  const all = ids(list.items);
  assert.equal(new Set(all).size, all.length, "no key twice");
  assert.deepEqual(all, down(40, 1));
  assert.equal(list.hasMore, false);
});

test("InfiniteList with itemKey: loadPrevious drops keys the window shows; a chunk cut inside a page resumes by key", async () => {
  const api = offsetFeed(60);
  const list = new InfiniteList(api.fetchPage, { ...walk, itemKey: "id", chunkItems: 5, maxChunks: 2 });
  for (let i = 0; i < 4; i++) await list.loadMore();
  assert.deepEqual(ids(list.items), down(50, 41));
  // Rows deleted at the top shift the dropped chunks' pages forward into the window.
  api.rows.splice(0, 3);
  const previous = ids(await list.loadPrevious());
  // The chunk before the window now reaches into it: those rows are not shown twice.
  assert.deepEqual(previous, [52, 51]);
  const all = ids(list.items);
  assert.equal(new Set(all).size, all.length);

  // Pages of 8 in chunks of 5: every other chunk starts inside a page, whose refetch after
  // inserts skips by the anchor.
  const keyset = feed(range(1, 40), { size: 8 });
  const l2 = new InfiniteList(keyset.fetchPage, { ...walk, itemKey: "id", chunkItems: 5 });
  const got = [];
  for (let i = 0; i < 8; i++) {
    got.push(...ids(await l2.loadMore()));
    keyset.insert(100 + i); // a new row at the top before every load
  }
  assert.deepEqual(got, down(40, 1));
});
