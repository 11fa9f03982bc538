// The Chromium app of scripts/test.d/react.sh (tests/react/browser.test.mjs drives it): three
// views over an in-page next-only service, chosen by ?view=. Plain createElement keeps the build
// free of a JSX plugin. Every figure the test checks is what the page rendered.
//   feed:  useInfiniteList, chunks of 10 over pages with many empty ones, a bottom sentinel in
//          a scrolling box, failures on demand, a `key` (the filter) that starts over;
//   window: useInfiniteList with maxChunks 3 and both sentinels;
//   tight: useInfiniteList with maxChunks 3 in a box about the window's height (640 px for a
//          window of 720): the geometry in which the two sentinels used to take turns;
//   table: useCursorStack with pageItems 5 and history "push" (param "nav"), a `key` (the
//          filter, also the tokens' scope) that starts over;
//   query: @tanstack/react-query's useInfiniteQuery with infinitePageOptions, maxPages 3;
//   orders: useCursorStack over DynamoDB-style LastEvaluatedKey maps, maxDepth 50, a signing
//          codec and history "push": the URL state of 50 pages.
import { createElement as h, useState } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider, useInfiniteQuery } from "@tanstack/react-query";
import { useInfiniteList, useCursorStack } from "pagecursor/react";
import { CursorCodec, ready } from "pagecursor";
import { infinitePageOptions } from "pagecursor/tanstack";

// The service: for each filter, 200 items in pages of uneven sizes (most of them empty), a token
// that is the index of the page, and a failure on demand (window.__api.fail(n)).
const SIZES = [3, 0, 0, 4, 0, 1, 0, 0, 0, 6, 2, 0];
const api = { requests: 0, failing: 0, fail(n = 1) { api.failing = n; } };
window.__api = api;
function pagesOf(filter) {
  const pages = [];
  for (let start = 0, i = 0; start < 200; i++) {
    const n = Math.min(SIZES[i % SIZES.length], 200 - start);
    pages.push(Array.from({ length: n }, (_, k) => ({ id: `${filter}-${start + k}` })));
    start += n;
  }
  return pages;
}
const PAGES = { a: pagesOf("a"), b: pagesOf("b") };
function fetchPage(filter) {
  return async (token, { signal }) => {
    api.requests++;
    await new Promise((r) => setTimeout(r, 2));
    if (signal.aborted) throw signal.reason;
    if (api.failing > 0) {
      api.failing--;
      throw Object.assign(new Error("HTTP 400 Bad Request"), { name: "ValidationException" });
    }
    const pages = PAGES[filter];
    const i = typeof token === "number" ? token : 0;
    return { items: pages[i] ?? [], next_cursor: i + 1 < pages.length ? i + 1 : undefined };
  };
}

function Feed() {
  const [filter, setFilter] = useState("a");
  const feed = useInfiniteList(fetchPage(filter), { preset: "keyset", chunkItems: 10, key: [filter] });
  return h(
    "section",
    null,
    h("button", { id: "filter-b", onClick: () => setFilter("b") }, "Filter b"),
    h("p", { id: "status" }, feed.status),
    feed.status === "error" && h("p", { id: "error" }, `${feed.error?.code}: ${feed.error?.cause?.message}`),
    feed.status === "error" && h("button", { id: "retry", onClick: feed.retry }, "Retry"),
    h("button", { id: "reset", onClick: feed.reset }, "Reset"),
    h(
      "div",
      { id: "box", style: { height: "200px", overflowY: "auto" } },
      h("ul", { id: "items" }, feed.items.map((item) => h("li", { key: item.id, style: { height: "30px" } }, item.id))),
      feed.hasMore ? h("div", { id: "sentinel", ref: feed.sentinelRef, style: { height: "1px" } }) : h("p", { id: "end" }, "end"),
    ),
  );
}

// A window of 3 chunks with both sentinels: scrolling down drops chunks at the top, scrolling
// back up loads them again from their cursors.
function Window() {
  const feed = useInfiniteList(fetchPage("a"), { preset: "keyset", chunkItems: 10, maxChunks: 3 });
  return h(
    "section",
    null,
    h("p", { id: "status" }, feed.status),
    h(
      "div",
      { id: "box", style: { height: "200px", overflowY: "auto" } },
      feed.hasPrevious && h("div", { id: "top", ref: feed.previousSentinelRef, style: { height: "1px" } }),
      h("ul", { id: "items" }, feed.items.map((item) => h("li", { key: item.id, style: { height: "30px" } }, item.id))),
      feed.hasMore && h("div", { id: "sentinel", ref: feed.sentinelRef, style: { height: "1px" } }),
    ),
  );
}

// Pages of exactly 10 items (one request per chunk of 10), each request logged with the page
// asked for and the direction the test is scrolling in (window.__phase).
const tight = { log: [] };
window.__tight = tight;
async function fetchTight(token, { signal }) {
  const i = typeof token === "number" ? token : 0;
  tight.log.push({ page: i, phase: window.__phase ?? "start" });
  await new Promise((r) => setTimeout(r, 2));
  if (signal.aborted) throw signal.reason;
  return { items: Array.from({ length: 10 }, (_, k) => ({ id: `t-${i * 10 + k}` })), next_cursor: i + 1 < 100 ? i + 1 : undefined };
}
function Tight() {
  const feed = useInfiniteList(fetchTight, { preset: "keyset", chunkItems: 10, maxChunks: 3 });
  return h(
    "section",
    null,
    h("p", { id: "status" }, feed.status),
    h(
      "div",
      { id: "box", style: { height: "640px", overflowY: "auto" } },
      feed.hasPrevious && h("div", { id: "top", ref: feed.previousSentinelRef, style: { height: "1px" } }),
      h("ul", { id: "items", style: { margin: 0 } }, feed.items.map((item) => h("li", { key: item.id, style: { height: "24px" } }, item.id))),
      feed.hasMore && h("div", { id: "sentinel", ref: feed.sentinelRef, style: { height: "1px" } }),
    ),
  );
}

function Table() {
  const [filter, setFilter] = useState("a");
  const table = useCursorStack(fetchPage(filter), { preset: "keyset", pageItems: 5, history: "push", key: [filter], scope: filter });
  return h(
    "section",
    null,
    h("button", { id: "filter-b", onClick: () => setFilter("b") }, "Filter b"),
    h("p", { id: "status" }, table.status),
    h("p", { id: "page" }, String(table.page)),
    h("p", { id: "visited" }, `${table.visited.first}-${table.visited.last}`),
    h("ul", { id: "items" }, table.items.map((item) => h("li", { key: item.id }, item.id))),
    h("button", { id: "back", disabled: !table.hasPrevious, onClick: table.back }, "Back"),
    h("button", { id: "next", disabled: !table.hasNext, onClick: table.next }, "Next"),
    h("button", { id: "go-2", onClick: () => table.goTo(2) }, "Page 2"),
    h("button", { id: "reset", onClick: table.reset }, "First page"),
    table.status === "error" && h("p", { id: "error" }, `${table.error?.name} ${table.error?.code}`),
  );
}

// A DynamoDB Query of 10 orders a page whose LastEvaluatedKey is {pk, sk} of the last order.
const ORDER_KEY = (i) => ({ pk: { S: "TENANT#4711" }, sk: { S: `ORDER#2026-05-01T${String(8 + Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}:00.000Z#${String(i * 37).padStart(6, "0")}` } });
async function fetchOrders(key) {
  api.requests++;
  const start = key === undefined ? 0 : Number(key.sk.S.slice(-6)) / 37 + 1;
  const Items = Array.from({ length: 10 }, (_, k) => ({ id: `order-${start + k}` }));
  return { Items, LastEvaluatedKey: start + 10 < 1000 ? ORDER_KEY(start + 9) : undefined };
}
let signing; // made once the wasm is there (CursorCodec is synchronous)
function Orders() {
  const table = useCursorStack(fetchOrders, { preset: "dynamodb", history: "push", maxDepth: 50, codec: signing, scope: "orders" });
  return h(
    "section",
    null,
    h("p", { id: "status" }, table.status),
    h("p", { id: "page" }, String(table.page)),
    h("ul", { id: "items" }, table.items.map((item) => h("li", { key: item.id }, item.id))),
    h("button", { id: "back", disabled: !table.hasPrevious, onClick: table.back }, "Back"),
    h("button", { id: "next", disabled: !table.hasNext, onClick: table.next }, "Next"),
    table.status === "error" && h("p", { id: "error" }, `${table.error?.name} ${table.error?.code}`),
  );
}

const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
function Query() {
  const query = useInfiniteQuery({
    queryKey: ["numbers"],
    ...infinitePageOptions(fetchPage("a"), { preset: "keyset", chunkItems: 6 }),
    maxPages: 3,
  });
  const chunks = query.data?.pages.map((p) => p.items.map((i) => i.id)) ?? [];
  return h(
    "section",
    null,
    h("p", { id: "status" }, query.isFetching ? "fetching" : query.status),
    h("pre", { id: "chunks" }, JSON.stringify(chunks)),
    h("button", { id: "previous", disabled: !query.hasPreviousPage || query.isFetching, onClick: () => query.fetchPreviousPage() }, "Previous"),
    h("button", { id: "next", disabled: !query.hasNextPage || query.isFetching, onClick: () => query.fetchNextPage() }, "Next"),
  );
}

const view = new URL(location.href).searchParams.get("view");
const App = { feed: Feed, window: Window, tight: Tight, table: Table, orders: Orders }[view];
const render = () => createRoot(document.getElementById("root")).render(App ? h(App) : h(QueryClientProvider, { client }, h(Query)));
if (App === Orders) {
  void ready.then(() => {
    signing = new CursorCodec({ keys: [{ id: "k1", secret: "a long random secret of the test app" }] });
    render();
  });
} else {
  render();
}
