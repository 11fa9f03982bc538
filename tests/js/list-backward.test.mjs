// InfiniteList opened in the middle (a deep link): it loads after its origin with the next
// tokens and before it with the pages' previous tokens (ctx.direction "backward"), in exact
// chunks across short and empty pages, through the installed package, with the keyset preset
// (previousCursor), a Relay connection (startCursor/hasPreviousPage; and as graphql-relay
// answers, hasPreviousPage false on every first/after page) and Link headers (rel="prev").
// The real-server versions are in peers-drf.test.mjs and peers-relay.test.mjs.
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

/**
 * A feed of `total` rows answered as graphql-relay's connectionFromArray answers (the real one
 * runs in peers-relay.test.mjs): cursors are offsets; `first`/`after` and `last`/`before` as
 * that function reads them, and each page's flags exact only in the direction it was asked
 * for: a `first` page always says hasPreviousPage false, a `last` page hasNextPage false (the
 * Relay spec allows both). fetchPage sends `last`/`before` going backward.
 */
function graphqlRelay(total) {
  const requests = [];
  const cursor = (i) => Buffer.from(`arrayconnection:${i}`).toString("base64");
  const offset = (c) => Number(Buffer.from(c, "base64").toString().split(":")[1]);
  const connection = ({ first, after, last, before }) => {
    let start = after === undefined ? 0 : offset(after) + 1;
    let end = before === undefined ? total : Math.min(total, offset(before));
    if (first !== undefined) end = Math.min(end, start + first);
    if (last !== undefined) start = Math.max(start, end - last);
    const edges = range(start, end).map((id) => ({ node: { id }, cursor: cursor(id) }));
    return {
      edges,
      pageInfo: {
        startCursor: edges.length === 0 ? null : edges[0].cursor,
        endCursor: edges.length === 0 ? null : edges.at(-1).cursor,
        hasPreviousPage: last !== undefined ? start > (after === undefined ? 0 : offset(after) + 1) : false,
        hasNextPage: first !== undefined ? end < (before === undefined ? total : offset(before)) : false,
      },
    };
  };
  const fetchPage = async (token, ctx) => {
    const args = ctx.direction === "backward" ? { last: ctx.pageSize, before: token } : { first: ctx.pageSize, after: token ?? undefined };
    requests.push({ direction: ctx.direction, ...args });
    await new Promise((r) => setTimeout(r, 0));
    return { data: { feed: connection(args) } };
  };
  return { fetchPage, requests, cursor };
}

test("graphql-relay (hasPreviousPage false on every first/after page): a deep link loads backward from the origin page's startCursor", async () => {
  const api = graphqlRelay(40);
  // After row 17: the origin page starts at row 18, and rows 0..17 lie before it.
  const list = new InfiniteList(api.fetchPage, { preset: "relay", root: "data.feed", pageSize: 7, chunkItems: 5, startToken: api.cursor(17) });
  assert.deepEqual(ids(await list.loadMore()), range(18, 23));
  assert.equal(api.requests[0].after, api.cursor(17));
  assert.equal(list.hasPrevious, true, "the page asked for with `after` has rows before it, whatever its hasPreviousPage says");
  const before = api.requests.length;
  const chunks = [];
  while (list.hasPrevious) chunks.unshift(ids(await list.loadPrevious()));
  assert.deepEqual(chunks.map((c) => c.length), [3, 5, 5, 5], "exact chunks; the short one at the beginning");
  assert.deepEqual(chunks.flat(), range(0, 18));
  assert.deepEqual(ids(list.items), range(0, 23));
  assert.equal(list.firstIndex, -18);
  const back = api.requests.slice(before);
  assert.ok(back.every((r) => r.direction === "backward" && r.last === 7 && r.first === undefined));
  // The first backward request is before the origin page's first row; the walk back ends on
  // the page whose hasPreviousPage (exact going backward) is false, with no request past it.
  assert.equal(back[0].before, api.cursor(18));
  assert.equal(back.at(-1).before, api.cursor(4));
  assert.deepEqual(await list.loadPrevious(), []);
  assert.equal(api.requests.length, before + back.length);
  assert.deepEqual(ids(await list.loadMore()), range(23, 28));

  // Opened without a start token, the first page is the beginning: no previous token is
  // taken from it (its startCursor is row 0's), and nothing is fetched backward.
  const top = graphqlRelay(40);
  const fromTop = new InfiniteList(top.fetchPage, { preset: "relay", root: "data.feed", pageSize: 7, chunkItems: 5 });
  assert.deepEqual(ids(await fromTop.loadMore()), range(0, 5));
  assert.equal(fromTop.hasPrevious, false);
  assert.deepEqual(await fromTop.loadPrevious(), []);
  assert.ok(top.requests.every((r) => r.direction === "forward"));
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
