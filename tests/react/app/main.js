// The Chromium app of scripts/test.d/react.sh (tests/react/browser.test.mjs drives it): views
// over the in-page next-only services of tests/frameworks/service.js, chosen by ?view=; the Vue
// app (tests/vue/app) renders the same views with the same ids. Plain createElement keeps the build
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
//          codec and history "push": the URL state of 50 pages;
//   links: useCursorStack with pageItems 10 and history "push" over 128-character next URLs,
//          no maxDepth: the state of every page would pass the default codec's 4,096 characters.
import { createElement as h, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider, useInfiniteQuery } from "@tanstack/react-query";
import { useInfiniteList, useCursorStack } from "pagecursor/react";
import { CursorCodec, InfiniteList, ready } from "pagecursor";
import { infinitePageOptions } from "pagecursor/tanstack";
import { fetchPage, fetchTight, fetchOrders, fetchLinks, fetchPosts, likePost } from "../../frameworks/service.js";

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

// A window of chunks with both sentinels in a scrolling box: scrolling down drops chunks at the
// top, scrolling back up loads them again from their cursors. `look`: the box's height, the
// rows' height, whether the list has no margin, and whether a banner above it takes the
// height sessionStorage "banner" says.
function windowed(fetch, options, look) {
  return function Windowed() {
    const feed = useInfiniteList(fetch, { preset: "keyset", chunkItems: 10, ...options });
    return h(
      "section",
      null,
      h("p", { id: "status" }, feed.status),
      h(
        "div",
        { id: "box", style: { height: look.box, overflowY: "auto" } },
        look.banner && h("div", { id: "banner", style: { height: `${Number(sessionStorage.getItem("banner") ?? 0)}px` } }),
        feed.hasPrevious && h("div", { id: "top", ref: feed.previousSentinelRef, style: { height: "1px" } }),
        h("ul", { id: "items", style: look.flush ? { margin: 0 } : undefined }, feed.items.map((item) => h("li", { key: item.id, style: { height: look.row } }, item.id))),
        feed.hasMore && h("div", { id: "sentinel", ref: feed.sentinelRef, style: { height: "1px" } }),
      ),
    );
  };
}
const Window = windowed(fetchPage("a"), { maxChunks: 3 }, { box: "200px", row: "30px" });
// In a box about the window's height (640 px for a window of 720).
const Tight = windowed(fetchTight, { maxChunks: 3 }, { box: "640px", row: "24px", flush: true });
// A window of 4 chunks of 10 kept with `restore`, for a navigation away and Back, under a
// banner that may be taller when the page comes back.
const Deep = windowed(fetchPage("a"), { maxChunks: 4, restore: "deep" }, { box: "200px", row: "30px", flush: true, banner: true });

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

function Links() {
  const table = useCursorStack(fetchLinks, { items: "results", next: "next", pageItems: 10, history: "push" });
  return h(
    "section",
    null,
    h("p", { id: "status" }, table.status),
    h("p", { id: "page" }, String(table.page)),
    h("p", { id: "visited" }, `${table.visited.first}-${table.visited.last}`),
    h("ul", { id: "items" }, table.items.map((item) => h("li", { key: item.id }, item.id))),
    h("button", { id: "back", disabled: !table.hasPrevious, onClick: table.back }, "Back"),
    h("button", { id: "next", disabled: !table.hasNext, onClick: table.next }, "Next"),
    table.status === "error" && h("p", { id: "error" }, `${table.error?.name} ${table.error?.code} ${table.error?.message}`),
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

// Posts with an optimistic like (its undo when the service refuses) and pull-to-refresh.
function Posts() {
  const feed = useInfiniteList(fetchPosts, { preset: "keyset", itemKey: "id", chunkItems: 8 });
  const like = (id) => {
    const undo = feed.update(id, (post) => ({ ...post, liked: true }));
    likePost(id).catch(undo);
  };
  return h(
    "section",
    null,
    h("p", { id: "status" }, feed.status),
    h("p", { id: "first" }, String(feed.firstIndex)),
    h("button", { id: "like", onClick: () => like(feed.items[0].id) }, "Like the first"),
    h("button", { id: "head", onClick: () => void feed.refresh("head") }, "Refresh"),
    h("ul", { id: "items" }, feed.items.map((post) => h("li", { key: post.id }, post.liked ? `${post.id} liked` : post.id))),
  );
}

// A list that restores its window and scroll position on a later mount (here: a reload).
function Restore() {
  const feed = useInfiniteList(fetchPosts, { preset: "keyset", itemKey: "id", chunkItems: 8, restore: "posts" });
  return h(
    "section",
    null,
    h("p", { id: "status" }, feed.status),
    h(
      "div",
      { id: "box", style: { height: "200px", overflowY: "auto" } },
      h("ul", { id: "items", style: { margin: 0 } }, feed.items.map((post) => h("li", { key: post.id, style: { height: "30px" } }, post.id))),
      // Rendered at the end too: it tells the hook where the list is.
      h("div", { id: "sentinel", ref: feed.sentinelRef, style: { height: "1px" } }),
    ),
  );
}

// Rows going on top of the view and leaving from above it while the list keeps the user's
// place: posts opened at ?at= (a deep link: the top sentinel loads the posts before it), under
// a header in the same scrolling box (or in the page with ?page), the browser's own scroll
// anchoring as ?anchor= says ("none" turns it off: the hook alone keeps the place).
const params = new URL(location.href).searchParams;
const AT = params.has("at") ? Number(params.get("at")) : undefined;
const IN_PAGE = params.has("page");
function Anchor() {
  const feed = useInfiniteList(fetchPosts, { preset: "keyset", itemKey: "id", chunkItems: 8, startToken: AT });
  const [added, setAdded] = useState(0);
  const list = [
    h("p", { id: "header", key: "header", style: { height: "60px", margin: 0 } }, "Posts"),
    feed.hasPrevious && h("div", { id: "top", key: "top", ref: feed.previousSentinelRef, style: { height: "1px" } }),
    h("ul", { id: "items", key: "items", style: { margin: 0 } }, feed.items.map((post) => h("li", { key: post.id, style: { height: "30px" } }, post.id))),
    feed.hasMore && h("div", { id: "sentinel", key: "sentinel", ref: feed.sentinelRef, style: { height: "1px" } }),
  ];
  const scroller = { overflowAnchor: params.get("anchor") ?? "auto" };
  return h(
    "section",
    null,
    h("p", { id: "status" }, feed.status),
    h("p", { id: "first" }, String(feed.firstIndex)),
    h("button", { id: "previous", onClick: feed.loadPrevious }, "Load previous"),
    h("button", { id: "head", onClick: () => void feed.refresh("head") }, "Refresh"),
    h("button", { id: "insert", onClick: () => (feed.insert({ id: `n-${added}`, liked: false }, "start"), setAdded(added + 1)) }, "Insert"),
    h("button", { id: "remove", onClick: () => feed.remove(feed.items[0].id) }, "Remove the first"),
    // In the page, a footer tall enough that the page can scroll by a chunk at once.
    IN_PAGE ? h("div", { style: scroller }, [...list, h("footer", { key: "footer", style: { height: "2000px" } })]) : h("div", { id: "box", style: { ...scroller, height: "200px", overflowY: "auto" } }, list),
  );
}

const Away = () => h("p", { id: "away" }, "Another page");

// Server render and hydration: the "snapshot" view plays the server (a list that loaded a
// chunk, its snapshot() kept in sessionStorage); the "hydrate" view, on the next page load,
// renders that markup with renderToString and hydrates it at once, before the wasm arrived.
// The list is opened in the middle (offset 8), so that there is something before it: what the
// page shows of hasPrevious and hasMore must hydrate too.
const OPTIONS = { preset: "keyset", itemKey: "id", chunkItems: 8, startToken: 8 };
function Hydrated({ initial }) {
  const feed = useInfiniteList(fetchPosts, { ...OPTIONS, initial });
  return h(
    "section",
    null,
    h("p", { id: "edges" }, `previous ${feed.hasPrevious}, more ${feed.hasMore}, first ${feed.firstIndex}`),
    h("ul", { id: "items" }, feed.items.map((post) => h("li", { key: post.id }, post.id))),
  );
}
let wasmReady = false;
void ready.then(() => (wasmReady = true));
function serverAndHydration(view) {
  const root = document.getElementById("root");
  if (view === "snapshot") {
    void ready.then(async () => {
      const list = new InfiniteList(fetchPosts, OPTIONS);
      await list.loadMore();
      sessionStorage.setItem("snapshot", JSON.stringify(list.snapshot()));
      root.innerHTML = '<p id="done">done</p>';
    });
    return;
  }
  const initial = JSON.parse(sessionStorage.getItem("snapshot"));
  root.innerHTML = renderToString(h(Hydrated, { initial }));
  window.__hydratedBeforeReady = !wasmReady;
  hydrateRoot(root, h(Hydrated, { initial }), { onRecoverableError: (err) => console.error(`hydration: ${err.message}`) });
}

const view = new URL(location.href).searchParams.get("view");
const App = { feed: Feed, window: Window, tight: Tight, table: Table, orders: Orders, links: Links, posts: Posts, restore: Restore, anchor: Anchor, deep: Deep, away: Away }[view];
const render = () => createRoot(document.getElementById("root")).render(App ? h(App) : h(QueryClientProvider, { client }, h(Query)));
if (view === "snapshot" || view === "hydrate") {
  serverAndHydration(view);
} else if (App === Orders) {
  void ready.then(() => {
    signing = new CursorCodec({ keys: [{ id: "k1", secret: "a long random secret of the test app" }] });
    render();
  });
} else {
  render();
}
