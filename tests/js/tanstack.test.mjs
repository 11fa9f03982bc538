// Framework fit: TanStack Query's InfiniteQueryObserver paging through a keyset "server" built
// on paginateKeyset, with signed, scoped cursors as page params. This doubles as the example
// of wiring pagecursor into TanStack Query (React/Vue/Solid/Svelte adapters share this core).
import { test } from "node:test";
import assert from "node:assert/strict";
import { QueryClient, InfiniteQueryObserver } from "@tanstack/query-core";
import { paginateKeyset, CursorCodec, CursorError } from "pagecursor";

// --- the "server": a keyset endpoint over an in-memory table -------------------------------
const codec = new CursorCodec({ keys: [{ id: "k1", secret: "tanstack-example-secret-0123456789" }] });

function makeServer(rows) {
  let calls = 0;
  return {
    rows,
    get calls() {
      return calls;
    },
    // GET /posts?after=…|before=…&limit=…  →  { items, nextCursor?, previousCursor? }
    async list({ after, before, limit = 5, status = "published" }) {
      calls++;
      await new Promise((r) => setTimeout(r, 1)); // a real round trip is asynchronous
      const visible = rows.filter((r) => r.status === status);
      return paginateKeyset(visible, { keys: ["at", "id"], after, before, limit, codec, scope: { status } });
    },
  };
}

// --- the client: page params are the server's opaque cursors -------------------------------
function postsQuery(server, status = "published") {
  return {
    queryKey: ["posts", status],
    queryFn: ({ pageParam }) => server.list({ ...pageParam, status }),
    initialPageParam: {},
    getNextPageParam: (lastPage) => (lastPage.nextCursor ? { after: lastPage.nextCursor } : undefined),
    getPreviousPageParam: (firstPage) =>
      firstPage.previousCursor ? { before: firstPage.previousCursor } : undefined,
    retry: false,
  };
}

const rowsOf = (n) =>
  Array.from({ length: n }, (_, i) => ({
    id: i,
    at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000), // ties broken by id
    status: "published",
  }));
const ids = (result) => result.data.pages.flatMap((p) => p.items.map((r) => r.id));

test("InfiniteQueryObserver walks forward to the end with pagecursor cursors", async () => {
  const server = makeServer(rowsOf(23));
  const client = new QueryClient();
  const observer = new InfiniteQueryObserver(client, postsQuery(server));
  const seen = [];
  const unsubscribe = observer.subscribe(() => seen.push(observer.getCurrentResult().status));
  let result = await observer.refetch();
  assert.deepEqual(ids(result), [0, 1, 2, 3, 4]);
  assert.equal(result.hasNextPage, true);
  assert.equal(result.hasPreviousPage, false);
  while (result.hasNextPage) result = await observer.fetchNextPage();
  assert.deepEqual(ids(result), Array.from({ length: 23 }, (_, i) => i));
  assert.equal(result.data.pages.length, 5);
  assert.ok(seen.includes("success"));
  unsubscribe();
  client.clear();
});

test("writes between page loads neither skip nor repeat items", async () => {
  const server = makeServer(rowsOf(30));
  const client = new QueryClient();
  const observer = new InfiniteQueryObserver(client, postsQuery(server));
  const unsubscribe = observer.subscribe(() => {});
  let result = await observer.refetch();
  let nextId = 1000;
  while (result.hasNextPage) {
    // Someone deletes a row the user already saw and inserts one at the top of the feed.
    const seenId = ids(result)[0];
    server.rows.splice(server.rows.findIndex((r) => r.id === seenId), 1);
    server.rows.push({ id: nextId++, at: new Date(Date.UTC(2025, 0, 1)), status: "published" });
    result = await observer.fetchNextPage();
  }
  assert.deepEqual(ids(result), Array.from({ length: 30 }, (_, i) => i));
  unsubscribe();
  client.clear();
});

test("maxPages window: pages dropped at the front are refetched with getPreviousPageParam", async () => {
  const server = makeServer(rowsOf(40));
  const client = new QueryClient();
  const observer = new InfiniteQueryObserver(client, { ...postsQuery(server), maxPages: 3 });
  const unsubscribe = observer.subscribe(() => {});
  let result = await observer.refetch();
  for (let i = 0; i < 5; i++) result = await observer.fetchNextPage();
  // Six pages loaded, three kept: items 15..29.
  assert.deepEqual(ids(result), Array.from({ length: 15 }, (_, i) => 15 + i));
  assert.equal(result.hasPreviousPage, true);
  while (result.hasPreviousPage) result = await observer.fetchPreviousPage();
  // Back at the start, in ascending order, the window slid back: items 0..14.
  assert.deepEqual(ids(result), Array.from({ length: 15 }, (_, i) => i));
  unsubscribe();
  client.clear();
});

test("a tampered or foreign-scope page param fails the query with a CursorError", async () => {
  const server = makeServer(rowsOf(10));
  const client = new QueryClient();
  const first = await server.list({ status: "published" });
  const tampered = first.nextCursor.slice(0, -1) + (first.nextCursor.endsWith("A") ? "B" : "A");
  for (const pageParam of [{ after: tampered }, { after: "garbage" }]) {
    const observer = new InfiniteQueryObserver(client, {
      ...postsQuery(server),
      queryKey: ["posts", "bad", pageParam.after],
      initialPageParam: pageParam,
    });
    const result = await observer.refetch();
    assert.equal(result.status, "error");
    assert.ok(result.error instanceof CursorError, String(result.error));
  }
  // Cursors minted for published posts do not work for drafts.
  await assert.rejects(
    server.list({ after: first.nextCursor, status: "draft" }),
    (e) => e instanceof CursorError && e.code === "scope_mismatch",
  );
  client.clear();
});
