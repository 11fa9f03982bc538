// The Relay preset against a real GraphQL server (issue #33): tests/peers/relay serves a feed of
// rows through graphql-relay's connectionFromArray (offset cursors, `first`/`after` and
// `last`/`before`) behind graphql-http's node handler. fetchPage sends the query as a client
// would: the token as `after` and ctx.pageSize as `first`, or going backward (ctx.direction
// "backward") the token as `before` and ctx.pageSize as `last`; a GraphQL error is thrown.
//
// connectionFromArray answers hasPreviousPage false on every first/after page, as the Relay
// spec allows. A list opened at a deep link reads the previous token of its origin page, which
// it asked for `after` a row: it takes startCursor there all the same (docs/paginator.md,
// "Previous tokens"); before that, such a list showed nothing before its origin.
//
// Run: `bash tests/peers/run.sh` starts the server and passes its URL in PEERS_RELAY_URL;
// without it this file starts and stops the server itself with tests/peers/start-relay.sh and
// stop.sh.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { paginate, InfiniteList, PaginationError } from "pagecursor";
import { peerServers } from "./peer-server.mjs";

const servers = peerServers({ relay: "PEERS_RELAY_URL" });
const server = { get url() { return servers.relay; } };

const FEED = `query Feed($first: Int, $after: String, $last: Int, $before: String) {
  feed(first: $first, after: $after, last: $last, before: $before) {
    edges { cursor node { id number label } }
    pageInfo { startCursor endCursor hasPreviousPage hasNextPage }
  }
}`;

/**
 * One GraphQL request, as a client sends it (POST, JSON); answers the whole response body.
 * A GraphQL error is thrown with the server's messages. Bounded: a server that hangs fails
 * the test instead of the run.
 */
async function graphql(query, variables, signal) {
  const timeout = AbortSignal.timeout(10_000);
  const res = await fetch(new URL("/graphql", server.url), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    body: JSON.stringify({ query, variables }),
    signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
  });
  const body = await res.json();
  if (body.errors !== undefined) throw Object.assign(new Error(body.errors.map((e) => e.message).join("; ")), { errors: body.errors });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return body;
}

const reset = (rows) => graphql("mutation Reset($rows: Int!) { resetFeed(rows: $rows) }", { rows });

/** What the server holds: every edge of the feed in order (one request). */
async function table() {
  const { data } = await graphql(FEED, { first: 100000 });
  assert.equal(data.feed.pageInfo.hasNextPage, false);
  return data.feed.edges;
}

/**
 * fetchPage over the feed, recording each request's variables and direction: forward the token
 * is `after` and ctx.pageSize `first`; backward, `before` and `last`.
 */
function feed() {
  const requests = [];
  const fetchPage = (token, ctx) => {
    const variables = ctx.direction === "backward" ? { last: ctx.pageSize, before: token } : { first: ctx.pageSize, after: token };
    requests.push({ direction: ctx.direction, ...variables });
    return graphql(FEED, variables, ctx.signal);
  };
  return { fetchPage, requests };
}

const numbers = (rows) => rows.map((r) => r.number);
const range = (a, b) => Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);

describe("preset relay against graphql-relay (connectionFromArray behind graphql-http)", { concurrency: false }, () => {
  test("paginate walks the feed forward with after/first: every row once, in order, the cursors untouched", async () => {
    await reset(300);
    const held = await table();
    const api = feed();
    const walk = paginate(api.fetchPage, { preset: "relay", root: "data.feed", pageSize: 40 });
    const rows = await walk.toArray();
    assert.deepEqual(rows, held.map((e) => e.node));
    // 7 pages of 40 and one of 20 whose hasNextPage is false: no request past the end.
    assert.equal(api.requests.length, 8);
    assert.equal(walk.stats.pages, 8);
    assert.deepEqual(api.requests.map((r) => r.after), [undefined, ...range(1, 8).map((p) => held[p * 40 - 1].cursor)]);
    assert.ok(api.requests.every((r) => r.direction === "forward" && r.first === 40 && r.last === undefined));
  });

  test("a GraphQL error fails the walk with the error fetchPage threw, not retried", async () => {
    await reset(300);
    const api = feed();
    // A number where the schema takes a String cursor: the server refuses the variable.
    const walk = paginate(api.fetchPage, { preset: "relay", root: "data.feed", pageSize: 40, startToken: 7 });
    const err = await walk.toArray().then(() => assert.fail("the walk succeeded"), (e) => e);
    assert.ok(err instanceof PaginationError);
    assert.equal(err.code, "fetch_failed");
    assert.match(err.cause.message, /String cannot represent a non string value: 7/);
    assert.equal(api.requests.length, 1);
  });

  test("an InfiniteList opened at a deep link loads both ways in exact chunks, through the chunks the cap dropped", async (t) => {
    await reset(300);
    const held = await table();
    // The link is the cursor of row 160: the list opens after it, at row 161 (index 0);
    // rows 0..160 lie before the origin.
    const origin = 161;
    const startToken = held[origin - 1].cursor;
    // What the list has to cope with: the server's origin page says nothing lies before it;
    // a backward page's hasPreviousPage is exact.
    const { data: { feed: originPage } } = await graphql(FEED, { first: 20, after: startToken });
    assert.equal(originPage.pageInfo.hasPreviousPage, false);
    const { data: { feed: backPage } } = await graphql(FEED, { last: 20, before: held[origin].cursor });
    assert.deepEqual([backPage.pageInfo.hasPreviousPage, backPage.pageInfo.hasNextPage], [true, false]);

    const api = feed();
    const chunkItems = 25;
    const list = new InfiniteList(api.fetchPage, { preset: "relay", root: "data.feed", itemKey: "id", pageSize: 20, chunkItems, maxChunks: 3, startToken });
    // The window always shows consecutive rows, the first at firstIndex from the origin, and
    // never more than maxChunks chunks.
    const consistent = () => {
      const shown = numbers(list.items);
      assert.deepEqual(shown, range(origin + list.firstIndex, origin + list.firstIndex + shown.length));
      assert.ok(shown.length <= 3 * chunkItems, "maxChunks 3");
    };

    const forward = [];
    for (let i = 0; i < 3; i++) {
      const chunk = await list.loadMore();
      assert.equal(chunk.length, chunkItems);
      forward.push(...numbers(chunk));
      consistent();
    }
    assert.deepEqual(forward, range(origin, origin + 75));
    assert.equal(api.requests[0].after, startToken);
    assert.equal(list.hasPrevious, true, "the origin page was asked for after row 160: rows lie before it");

    // Up to the beginning: 161 rows before the origin, 6 chunks of 25 and 11 at the true beginning.
    const up = [];
    const upSizes = [];
    const firstBack = api.requests.length;
    while (list.hasPrevious) {
      const chunk = await list.loadPrevious();
      upSizes.push(chunk.length);
      up.unshift(...numbers(chunk));
      consistent();
    }
    assert.deepEqual(upSizes, [25, 25, 25, 25, 25, 25, 11]);
    assert.deepEqual(up, range(0, origin));
    assert.deepEqual([...up, ...forward], numbers(held.slice(0, origin + 75).map((e) => e.node)), "every row up to there once, in feed order");
    assert.equal(list.firstIndex, -origin);
    assert.deepEqual(numbers(list.items), range(0, 61));
    const back = api.requests.slice(firstBack);
    assert.ok(back.every((r) => r.direction === "backward" && r.last === 20 && r.first === undefined && typeof r.before === "string"));
    // The first request back is before the origin page's first row (its startCursor).
    assert.equal(back[0].before, held[origin].cursor);
    const upRequests = api.requests.length;
    assert.deepEqual(await list.loadPrevious(), []);
    assert.equal(api.requests.length, upRequests, "nothing fetched past the beginning");

    // Down to the end: the chunks the cap dropped come again (those before the origin walked
    // backward from their own starts), then the origin's on, 14 rows at the true end.
    const down = [];
    const downSizes = [];
    while (list.hasMore) {
      const chunk = await list.loadMore();
      downSizes.push(chunk.length);
      down.push(...numbers(chunk));
      consistent();
    }
    assert.deepEqual(downSizes, [25, 25, 25, 25, 25, 25, 25, 25, 25, 14]);
    assert.deepEqual(down, range(61, 300));
    assert.deepEqual(numbers(list.items), range(origin + 75, 300));
    assert.equal(list.firstIndex, 75);
    // What the server holds, unchanged by the walk: every row once, in order, up and down.
    const now = await table();
    assert.deepEqual(now, held);
    assert.deepEqual([...range(0, 61), ...down], numbers(now.map((e) => e.node)));
    const count = (direction) => api.requests.filter((r) => r.direction === direction).length;
    t.diagnostic(`300 rows, origin after row 160; requests: ${count("forward")} forward, ${count("backward")} backward (${upRequests - firstBack} on the way up)`);
  });

  test("a list opened with no start token: the first page is the beginning, nothing is fetched backward", async () => {
    await reset(300);
    const api = feed();
    const list = new InfiniteList(api.fetchPage, { preset: "relay", root: "data.feed", pageSize: 20, chunkItems: 25 });
    assert.deepEqual(numbers(await list.loadMore()), range(0, 25));
    assert.equal(list.hasPrevious, false);
    assert.deepEqual(await list.loadPrevious(), []);
    assert.ok(api.requests.every((r) => r.direction === "forward"));
  });
});
