// InfiniteList opened in the middle (a deep link): it loads after its origin with the next
// tokens and before it with the pages' previous tokens (ctx.direction "backward"), in exact
// chunks across short and empty pages, through the installed package, with the keyset preset
// (previousCursor), a Relay connection (startCursor/hasPreviousPage) and Link headers
// (rel="prev"). The real-server versions are in peers.test.mjs and peers-drf.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { InfiniteList } from "pagecursor";

const range = (a, b) => Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);

/**
 * Rows 0..total-1 in pages of `sizes` in turn (empty ones too). A forward token "f:at/serial"
 * fetches the page starting at `at`; a previous token "b:at/serial" the page ending before
 * `at`. The serial fixes the page's size, so a token fetched again gives the same page.
 */
function rows(total, sizes = [3, 0, 4, 1, 2]) {
  const requests = [];
  const page = (token) => {
    const [dir, rest] = token === undefined ? ["f", "0/0"] : token.split(":");
    const [at, serial] = rest.split("/").map(Number);
    const n = sizes[serial % sizes.length];
    const [from, to] = dir === "f" ? [at, Math.min(total, at + n)] : [Math.max(0, at - n), at];
    return {
      items: range(from, to).map((id) => ({ id })),
      nextCursor: to < total ? `f:${to}/${serial + 1}` : undefined,
      previousCursor: from > 0 ? `b:${from}/${serial + 1}` : undefined,
    };
  };
  const fetchPage = async (token, ctx) => {
    requests.push({ token, direction: ctx.direction });
    await new Promise((r) => setTimeout(r, 0));
    return page(token);
  };
  return { fetchPage, requests };
}

const ids = (items) => items.map((r) => r.id);

test("a list opened at a startToken loads backward in exact chunks to the beginning", async () => {
  const api = rows(40);
  const list = new InfiniteList(api.fetchPage, { preset: "keyset", itemKey: "id", chunkItems: 5, startToken: "f:20/7" });
  assert.equal(list.hasPrevious, false, "nothing is known before the origin until its first page was read");
  assert.deepEqual(ids(await list.loadMore()), range(20, 25));
  assert.equal(list.hasPrevious, true);
  const before = api.requests.length;
  const seen = [];
  while (list.hasPrevious) {
    const chunk = await list.loadPrevious();
    seen.unshift(...ids(chunk));
    assert.ok(chunk.length === 5 || !list.hasPrevious, `a chunk of ${chunk.length} before the beginning`);
  }
  assert.deepEqual(seen, range(0, 20));
  assert.deepEqual(ids(list.items), range(0, 25));
  assert.equal(list.firstIndex, -20);
  assert.ok(api.requests.slice(before).every((r) => r.direction === "backward"), "every request before the origin goes backward");
  assert.deepEqual(await list.loadPrevious(), []);
  // Forward from there as before.
  assert.deepEqual(ids(await list.loadMore()), range(25, 30));
});

test("the window cap drops chunks on either side and refetches them identically, both directions", async () => {
  const api = rows(60);
  const list = new InfiniteList(api.fetchPage, { preset: "keyset", chunkItems: 4, maxChunks: 3, startToken: "f:30/2" });
  await list.loadMore();
  for (let i = 0; i < 5; i++) await list.loadPrevious();
  assert.deepEqual(ids(list.items), range(10, 22));
  assert.equal(list.firstIndex, -20);
  // Back down past the origin: the chunks dropped at the back come again, then the origin's.
  const down = [];
  while (list.items.at(-1).id < 45) down.push(...ids(await list.loadMore()));
  assert.deepEqual(down, range(22, 46));
  assert.equal(list.firstIndex + list.items.length - 1, 45 - 30);
  // And up again: the chunks before the origin are walked backward from their kept starts.
  const up = [];
  while (list.items[0].id > 10) up.unshift(...ids(await list.loadPrevious()));
  assert.deepEqual(up, range(10, 34));
  assert.equal(list.firstIndex, -20);
});

test("a Relay connection loads before its origin with startCursor while hasPreviousPage", async () => {
  const data = range(0, 30).map((id) => ({ id }));
  const requests = [];
  const fetchPage = async (token, ctx) => {
    requests.push(ctx.direction);
    // token: an index; forward pages of 4 after it, backward pages of 3 before it.
    const at = token === undefined ? 12 : Number(token);
    const [from, to] = ctx.direction === "forward" ? [at, Math.min(30, at + 4)] : [Math.max(0, at - 3), at];
    const nodes = data.slice(from, to);
    return {
      data: {
        feed: {
          edges: nodes.map((n) => ({ node: n, cursor: String(n.id) })),
          pageInfo: { startCursor: String(from), endCursor: String(to), hasNextPage: to < 30, hasPreviousPage: from > 0 },
        },
      },
    };
  };
  const list = new InfiniteList(fetchPage, { preset: "relay", root: "data.feed", chunkItems: 5 });
  assert.deepEqual(ids(await list.loadMore()), range(12, 17));
  assert.deepEqual(ids(await list.loadPrevious()), range(7, 12));
  assert.deepEqual(ids(await list.loadPrevious()), range(2, 7));
  assert.deepEqual(ids(await list.loadPrevious()), range(0, 2));
  assert.equal(list.hasPrevious, false);
  assert.ok(requests.includes("backward"));
});

test("Link headers: rel=\"prev\" is the previous token", async () => {
  const total = 25;
  const fetchPage = async (url) => {
    const u = new URL(url ?? "https://api.test/items?start=10&end=13");
    const start = Number(u.searchParams.get("start")), end = Number(u.searchParams.get("end"));
    const links = [];
    if (end < total) links.push(`<https://api.test/items?start=${end}&end=${Math.min(total, end + 3)}>; rel="next"`);
    if (start > 0) links.push(`<https://api.test/items?start=${Math.max(0, start - 4)}&end=${start}>; rel="prev"`);
    return new Response(JSON.stringify(range(start, end).map((id) => ({ id }))), { headers: { link: links.join(", ") } });
  };
  const list = new InfiniteList(fetchPage, { preset: "link", chunkItems: 6 });
  assert.deepEqual(ids(await list.loadMore()), range(10, 16));
  assert.deepEqual(ids(await list.loadPrevious()), range(4, 10));
  assert.deepEqual(ids(await list.loadPrevious()), range(0, 4));
  assert.equal(list.hasPrevious, false);
});

test("with no previous location (preset dynamodb), the origin is the beginning", async () => {
  const list = new InfiniteList(async (t) => ({ Items: [{ id: t ?? 0 }], LastEvaluatedKey: (t ?? 0) < 3 ? (t ?? 0) + 1 : undefined }), { preset: "dynamodb", startToken: 2 });
  await list.loadMore();
  assert.equal(list.hasPrevious, false);
  assert.deepEqual(await list.loadPrevious(), []);
  // options.prev names it for any service.
  const named = new InfiniteList(async (t, ctx) => ({ rows: [{ id: Number(t ?? 5) }], after: Number(t ?? 5) + 1, before: ctx.direction === "backward" || Number(t ?? 5) > 0 ? Number(t ?? 5) - 1 : undefined }), {
    items: "rows", next: "after", prev: (page) => (page.rows[0].id > 0 ? page.rows[0].id - 1 : undefined),
  });
  await named.loadMore();
  assert.equal(named.hasPrevious, true);
  assert.deepEqual(ids(await named.loadPrevious()), [4]);
});
