// The Chromium app of scripts/test.d/vue.sh (tests/vue/browser.test.mjs drives it): the views of
// tests/react/app, with the same element ids, over the same services (tests/frameworks/
// service.js), rendered by pagecursor/vue, so that tests/frameworks/scenarios.mjs runs against
// both. Render functions keep the build free of the SFC compiler (tests/vue/recipes-app has
// single-file components). Every figure the test checks is what the page rendered.
import { createApp, createSSRApp, defineComponent, h, ref } from "vue";
import { renderToString } from "@vue/server-renderer";
import { useInfiniteList, useCursorStack } from "pagecursor/vue";
import { CursorCodec, InfiniteList, ready } from "pagecursor";
import { fetchPage, fetchTight, fetchOrders, fetchLinks, fetchPosts, likePost } from "../../frameworks/service.js";

// The service of the current filter: a new key (the filter) starts the list over.
const Feed = defineComponent(() => {
  const filter = ref("a");
  const feed = useInfiniteList((token, ctx) => fetchPage(filter.value)(token, ctx), { preset: "keyset", chunkItems: 10, key: () => [filter.value] });
  return () =>
    h("section", [
      h("button", { id: "filter-b", onClick: () => (filter.value = "b") }, "Filter b"),
      h("p", { id: "status" }, feed.status.value),
      feed.status.value === "error" && h("p", { id: "error" }, `${feed.error.value?.code}: ${feed.error.value?.cause?.message}`),
      feed.status.value === "error" && h("button", { id: "retry", onClick: feed.retry }, "Retry"),
      h("button", { id: "reset", onClick: feed.reset }, "Reset"),
      h("div", { id: "box", style: { height: "200px", overflowY: "auto" } }, [
        h("ul", { id: "items" }, feed.items.value.map((item) => h("li", { key: item.id, style: { height: "30px" } }, item.id))),
        feed.hasMore.value ? h("div", { id: "sentinel", ref: feed.sentinelRef, style: { height: "1px" } }) : h("p", { id: "end" }, "end"),
      ]),
    ]);
});

// A window of chunks with both sentinels in a scrolling box (`look`: the box's height, the
// rows' height, whether the list has no margin, and whether a banner above it takes the
// height sessionStorage "banner" says).
function windowed(fetch, options, look) {
  return defineComponent(() => {
    const feed = useInfiniteList(fetch, { preset: "keyset", chunkItems: 10, ...options });
    return () =>
      h("section", [
        h("p", { id: "status" }, feed.status.value),
        h("div", { id: "box", style: { height: look.box, overflowY: "auto" } }, [
          look.banner && h("div", { id: "banner", style: { height: `${Number(sessionStorage.getItem("banner") ?? 0)}px` } }),
          feed.hasPrevious.value && h("div", { id: "top", ref: feed.previousSentinelRef, style: { height: "1px" } }),
          h("ul", { id: "items", style: look.flush ? { margin: 0 } : undefined }, feed.items.value.map((item) => h("li", { key: item.id, style: { height: look.row } }, item.id))),
          feed.hasMore.value && h("div", { id: "sentinel", ref: feed.sentinelRef, style: { height: "1px" } }),
        ]),
      ]);
  });
}
const Window = windowed(fetchPage("a"), { maxChunks: 3 }, { box: "200px", row: "30px" });
// In a box about the window's height (640 px for a window of 720).
const Tight = windowed(fetchTight, { maxChunks: 3 }, { box: "640px", row: "24px", flush: true });
// A window of 4 chunks of 10 kept with `restore`, for a navigation away and Back, under a
// banner that may be taller when the page comes back.
const Deep = windowed(fetchPage("a"), { maxChunks: 4, restore: "deep" }, { box: "200px", row: "30px", flush: true, banner: true });

function pager(table, extra = []) {
  return h("section", [
    ...extra,
    h("p", { id: "status" }, table.status.value),
    h("p", { id: "page" }, String(table.page.value)),
    h("p", { id: "visited" }, `${table.visited.value.first}-${table.visited.value.last}`),
    h("ul", { id: "items" }, table.items.value.map((item) => h("li", { key: item.id }, item.id))),
    h("button", { id: "back", disabled: !table.hasPrevious.value, onClick: table.back }, "Back"),
    h("button", { id: "next", disabled: !table.hasNext.value, onClick: table.next }, "Next"),
    h("button", { id: "go-2", onClick: () => table.goTo(2) }, "Page 2"),
    h("button", { id: "reset", onClick: table.reset }, "First page"),
    table.status.value === "error" && h("p", { id: "error" }, `${table.error.value?.name} ${table.error.value?.code}`),
  ]);
}

// The filter is a ref given as the key, and the tokens' scope of the stack it starts.
const Table = defineComponent(() => {
  const filter = ref("a");
  const table = useCursorStack((token, ctx) => fetchPage(filter.value)(token, ctx), { preset: "keyset", pageItems: 5, history: "push", key: () => [filter.value], get scope() { return filter.value; } });
  return () => pager(table, [h("button", { id: "filter-b", onClick: () => (filter.value = "b") }, "Filter b")]);
});

let signing; // made once the wasm is there (CursorCodec is synchronous)
const Orders = defineComponent(() => {
  const table = useCursorStack(fetchOrders, { preset: "dynamodb", history: "push", maxDepth: 50, codec: signing, scope: "orders" });
  return () => pager(table);
});

const Links = defineComponent(() => {
  const table = useCursorStack(fetchLinks, { items: "results", next: "next", pageItems: 10, history: "push" });
  return () => pager(table);
});

// Posts with an optimistic like (its undo when the service refuses) and pull-to-refresh.
const Posts = defineComponent(() => {
  const feed = useInfiniteList(fetchPosts, { preset: "keyset", itemKey: "id", chunkItems: 8 });
  const like = (id) => {
    const undo = feed.update(id, (post) => ({ ...post, liked: true }));
    likePost(id).catch(undo);
  };
  return () =>
    h("section", [
      h("p", { id: "status" }, feed.status.value),
      h("p", { id: "first" }, String(feed.firstIndex.value)),
      h("button", { id: "like", onClick: () => like(feed.items.value[0].id) }, "Like the first"),
      h("button", { id: "head", onClick: () => void feed.refresh("head") }, "Refresh"),
      h("ul", { id: "items" }, feed.items.value.map((post) => h("li", { key: post.id }, post.liked ? `${post.id} liked` : post.id))),
    ]);
});

// A list that restores its window and scroll position on a later mount (here: a reload).
const Restore = defineComponent(() => {
  const feed = useInfiniteList(fetchPosts, { preset: "keyset", itemKey: "id", chunkItems: 8, restore: "posts" });
  return () =>
    h("section", [
      h("p", { id: "status" }, feed.status.value),
      h("div", { id: "box", style: { height: "200px", overflowY: "auto" } }, [
        h("ul", { id: "items", style: { margin: 0 } }, feed.items.value.map((post) => h("li", { key: post.id, style: { height: "30px" } }, post.id))),
        // Rendered at the end too: it tells the composable where the list is.
        h("div", { id: "sentinel", ref: feed.sentinelRef, style: { height: "1px" } }),
      ]),
    ]);
});

// Rows going on top of the view and leaving from above it, as in tests/react/app.
const params = new URL(location.href).searchParams;
const AT = params.has("at") ? Number(params.get("at")) : undefined;
const IN_PAGE = params.has("page");
const Anchor = defineComponent(() => {
  const feed = useInfiniteList(fetchPosts, { preset: "keyset", itemKey: "id", chunkItems: 8, startToken: AT });
  let added = 0;
  const scroller = { overflowAnchor: params.get("anchor") ?? "auto" };
  return () => {
    const list = [
      h("p", { id: "header", style: { height: "60px", margin: 0 } }, "Posts"),
      feed.hasPrevious.value && h("div", { id: "top", ref: feed.previousSentinelRef, style: { height: "1px" } }),
      h("ul", { id: "items", style: { margin: 0 } }, feed.items.value.map((post) => h("li", { key: post.id, style: { height: "30px" } }, post.id))),
      feed.hasMore.value && h("div", { id: "sentinel", ref: feed.sentinelRef, style: { height: "1px" } }),
    ];
    return h("section", [
      h("p", { id: "status" }, feed.status.value),
      h("p", { id: "first" }, String(feed.firstIndex.value)),
      h("button", { id: "previous", onClick: feed.loadPrevious }, "Load previous"),
      h("button", { id: "head", onClick: () => void feed.refresh("head") }, "Refresh"),
      h("button", { id: "insert", onClick: () => feed.insert({ id: `n-${added++}`, liked: false }, "start") }, "Insert"),
      h("button", { id: "remove", onClick: () => feed.remove(feed.items.value[0].id) }, "Remove the first"),
      // In the page, a footer tall enough that the page can scroll by a chunk at once.
      IN_PAGE ? h("div", { style: scroller }, [...list, h("footer", { style: { height: "2000px" } })]) : h("div", { id: "box", style: { ...scroller, height: "200px", overflowY: "auto" } }, list),
    ]);
  };
});

const Away = defineComponent(() => () => h("p", { id: "away" }, "Another page"));

// Server render and hydration, as in tests/react/app: "snapshot" plays the server, "hydrate"
// renders its markup with @vue/server-renderer and hydrates it before the wasm arrived.
// The list is opened in the middle (offset 8): what the page shows of hasPrevious and hasMore
// must hydrate too.
const OPTIONS = { preset: "keyset", itemKey: "id", chunkItems: 8, startToken: 8 };
const Hydrated = defineComponent({
  props: { initial: Object },
  setup(props) {
    const feed = useInfiniteList(fetchPosts, { ...OPTIONS, initial: props.initial });
    return () =>
      h("section", [
        h("p", { id: "edges" }, `previous ${feed.hasPrevious.value}, more ${feed.hasMore.value}, first ${feed.firstIndex.value}`),
        h("ul", { id: "items" }, feed.items.value.map((post) => h("li", { key: post.id }, post.id))),
      ]);
  },
});
let wasmReady = false;
void ready.then(() => (wasmReady = true));
async function serverAndHydration(view) {
  const root = document.getElementById("root");
  if (view === "snapshot") {
    await ready;
    const list = new InfiniteList(fetchPosts, OPTIONS);
    await list.loadMore();
    sessionStorage.setItem("snapshot", JSON.stringify(list.snapshot()));
    root.innerHTML = '<p id="done">done</p>';
    return;
  }
  const initial = JSON.parse(sessionStorage.getItem("snapshot"));
  // The server's markup (@vue/server-renderer's string render is asynchronous, a microtask).
  root.innerHTML = await renderToString(createSSRApp(Hydrated, { initial }));
  window.__hydratedBeforeReady = !wasmReady;
  const app = createSSRApp(Hydrated, { initial });
  app.config.warnHandler = (msg) => console.error(`vue warning: ${msg}`);
  app.mount(root);
}

const view = new URL(location.href).searchParams.get("view");
const App = { feed: Feed, window: Window, tight: Tight, table: Table, orders: Orders, links: Links, posts: Posts, restore: Restore, anchor: Anchor, deep: Deep, away: Away }[view];
if (view === "snapshot" || view === "hydrate") {
  void serverAndHydration(view);
} else if (App === Orders) {
  void ready.then(() => {
    signing = new CursorCodec({ keys: [{ id: "k1", secret: "a long random secret of the test app" }] });
    createApp(App).mount("#root");
  });
} else {
  createApp(App).mount("#root");
}
