// The demo's Vue page (www/vue/, built by scripts/build-demo-vue.mjs with Vite): the feed and the
// Prev/Next table of the React page (www/react-src/), the same markup and ids, written with
// pagecursor/vue's composables over the same fake DynamoDB Scan (www/fake-api.js). Render
// functions keep the page free of the SFC compiler; docs/vue.md has single-file components.
// The feed takes an optimistic like undone when the service refuses it, pull-to-refresh (a
// finger dragged down at the top, or the Refresh button) of orders placed meanwhile, and
// `restore`. Nothing here fetches from the network.
import { createApp, defineComponent, h, onBeforeUnmount, onMounted, ref, watch } from "vue";
import { useInfiniteList, useCursorStack } from "pagecursor/vue";
import { createBackend } from "../fake-api.js";
import { money } from "../format.js";
import { pullToRefresh } from "../pull-to-refresh.js";

const params = new URL(location.href).searchParams;
const backend = createBackend({ seed: 2026, latencyMs: Number(params.get("latency") ?? 40) });
// What the page did, for tests/browser/demo-vue.test.mjs.
const requests = { feed: 0, table: 0, empty: 0 };
const windows = []; // the ids of every window the feed rendered
backend.subscribe((event) => {
  if (event.kind !== "request") return;
  requests[event.tag]++;
  if (event.returned === 0) requests.empty++;
});
window.__demoVue = { backend, requests, windows };

// One Scan page: `Limit` counts the items read before the filter, so pages are short or empty.
const scan = (filter, tag) => (key, { signal }) => backend.scan({ Limit: 25, ExclusiveStartKey: key, status: filter.value || undefined, signal, tag });
const STATUSES = [["", "any status"], ["shipped", "status = shipped"], ["cancelled", "status = cancelled"], ["returned", "status = returned"]];

const filterSelect = (id, model) =>
  h("label", ["Filter ", h("select", { id, value: model.value, onChange: (e) => (model.value = e.target.value) }, STATUSES.map(([v, label]) => h("option", { key: v, value: v }, label)))]);
const order = (o, onLike) =>
  h("li", { class: onLike ? "order likeable" : "order", key: o.id, "data-id": o.id }, [
    h("span", { class: "order-id" }, `#${String(o.id).padStart(5, "0")}`),
    h("span", { class: "order-main" }, [h("strong", o.product), h("span", { class: "muted" }, ` · ${o.customer}`)]),
    h("span", { class: `pill ${o.status}` }, o.status),
    h("span", { class: "order-total" }, money(o.totalCents)),
    onLike && h("button", { type: "button", class: "secondary small like", "aria-pressed": Boolean(o.liked), "aria-label": `Like order ${o.id}`, onClick: () => onLike(o.id) }, o.liked ? "♥" : "♡"),
  ]);
// A sentinel must not be the browser's scroll anchor (www/react-src/main.jsx says why).
const NOT_AN_ANCHOR = { overflowAnchor: "none" };

const Feed = defineComponent(() => {
  const filter = ref("cancelled");
  const feed = useInfiniteList(scan(filter, "feed"), {
    preset: "dynamodb",
    chunkItems: 20, // every load shows exactly 20 orders, however many Scan pages that takes
    maxChunks: 4, // at most 80 orders in memory; dropped chunks come back from their cursors
    retry: { retries: 10, baseDelayMs: 15, maxDelayMs: 120 },
    itemKey: "id", // edits find an order by its id
    restore: "demo-vue-feed", // Back or a reload shows the same orders, scrolled where they were
    key: () => [filter.value], // a new filter starts over
  });
  const { items, status, error, hasMore, hasPrevious, loading, loadPrevious, retry, reset, refresh, sentinelRef, previousSentinelRef } = feed;
  watch(items, (now) => now.length > 0 && windows.push(now.map((o) => o.id)));
  const notice = ref("");
  // An optimistic like: shown at once, undone when the service refuses (it refuses the orders
  // whose id is a multiple of 5: backend.like).
  const like = (id) => {
    const undo = feed.update(id, (o) => ({ ...o, liked: true }));
    backend.like(id).catch(() => {
      undo();
      notice.value = `The service refused to like #${String(id).padStart(5, "0")}: the like was undone.`;
    });
  };
  const box = ref(null);
  const pull = ref(""); // what the pull hint says: "pull", "release" or nothing
  let stopPull;
  onMounted(() => (stopPull = pullToRefresh(box.value, { refresh: () => void refresh("head"), show: (now) => (pull.value = now) })));
  onBeforeUnmount(() => stopPull());
  return () =>
    h("section", { class: "panel", "aria-labelledby": "feed-title" }, [
      h("div", { class: "panel-head" }, [
        h("h2", { id: "feed-title" }, ["Feed ", h("span", { class: "tab-sub" }, "useInfiniteList")]),
        h("p", "Orders from a filtered Scan, 20 per load (chunkItems: 20) across short and empty pages, maxChunks: 4 in memory. Scroll back up and a dropped chunk is loaded again from its cursor. Place orders, then pull the list down from its top (or press Refresh): they go on top, above the order you are reading."),
        h("div", { class: "controls" }, [
          filterSelect("feed-filter", filter),
          h("button", { type: "button", class: "secondary", onClick: reset }, "Restart"),
          h("button", { type: "button", class: "secondary", id: "feed-refresh", onClick: () => void refresh("head") }, "Refresh"),
          h("button", { type: "button", class: "secondary", id: "feed-place", onClick: () => backend.placeOrders(3, { status: filter.value || "pending" }) }, "Place 3 orders"),
        ]),
      ]),
      h("div", { class: "pull-area" }, [
        // For the finger only: the Refresh button is what a keyboard or a screen reader uses.
        h("p", { class: "pull-hint", id: "feed-pull", "aria-hidden": "true", hidden: !pull.value }, pull.value === "release" ? "Release to refresh" : "Pull down to refresh"),
        h("div", { class: "feed", id: "feed-list", ref: box, tabindex: 0, "aria-label": "Orders feed", "aria-busy": loading.value, style: { overflowAnchor: "auto" } }, [
          hasPrevious.value &&
            h("div", { class: "sentinel", id: "feed-top", ref: previousSentinelRef, style: NOT_AN_ANCHOR }, [
              h("button", { type: "button", class: "secondary small", onClick: loadPrevious }, "Load earlier items"),
            ]),
          h("ol", { class: "chunk", id: "feed-items", style: { listStyle: "none", margin: 0, padding: 0 } }, items.value.map((o) => order(o, like))),
          status.value === "error"
            ? h("p", { class: "sentinel", role: "alert", id: "feed-error" }, [`Could not load more orders (${error.value?.code}). `, h("button", { type: "button", class: "secondary small", onClick: retry }, "Retry")])
            : hasMore.value
              ? h("div", { class: "sentinel", id: "feed-bottom", ref: sentinelRef, style: NOT_AN_ANCHOR }, loading.value ? "Loading…" : "")
              : h("p", { class: "sentinel done", id: "feed-end" }, `All ${items.value.length > 0 ? "matching orders" : "none"} loaded — the end.`),
        ]),
      ]),
      h("p", { class: "live", id: "feed-status", role: "status", "aria-live": "polite" }, status.value),
      h("p", { class: "live", id: "feed-notice", role: "status", "aria-live": "polite" }, notice.value),
    ]);
});

const Table = defineComponent(() => {
  const filter = ref("");
  const table = useCursorStack(scan(filter, "table"), {
    preset: "dynamodb",
    pageItems: 10, // pages of exactly 10 orders
    history: "push", // the position lives in ?nav=…: Back/Forward, reload and links work
    maxDepth: 50,
    get scope() { return { filter: filter.value }; }, // a position of another filter is refused
    retry: { retries: 10, baseDelayMs: 15, maxDelayMs: 120 },
    key: () => [filter.value],
  });
  const { page, items, status, error, hasNext, hasPrevious, visited } = table;
  // The URL's state, to show how long it is.
  const nav = ref("");
  watch([page, status], () => (nav.value = new URL(location.href).searchParams.get("nav") ?? ""));
  return () => {
    const pages = [];
    for (let p = visited.value.first; p <= visited.value.last; p++) pages.push(p);
    return h("section", { class: "panel", "aria-labelledby": "table-title" }, [
      h("div", { class: "panel-head" }, [
        h("h2", { id: "table-title" }, ["Table ", h("span", { class: "tab-sub" }, "useCursorStack")]),
        h("p", "Numbered pages of exactly 10 orders over a Scan that only knows “the page after this key”. The position is ?nav= in the URL: reload, the Back button and a copied link land on the same page."),
        h("div", { class: "controls" }, [filterSelect("table-filter", filter)]),
      ]),
      status.value === "error" &&
        h("div", { class: "notice", role: "alert", id: "table-error" }, [
          `This page could not be loaded (${error.value?.code}). `,
          h("button", { type: "button", class: "secondary small", onClick: table.retry }, "Retry"),
          " ",
          h("button", { type: "button", class: "secondary small", onClick: table.reset }, "First page"),
        ]),
      h("div", { class: "table-wrap" }, [
        h("table", { class: "data" }, [
          h("thead", [h("tr", [h("th", { scope: "col" }, "Order"), h("th", { scope: "col" }, "Product"), h("th", { scope: "col" }, "Status"), h("th", { scope: "col", class: "num" }, "Total")])]),
          h("tbody", { id: "table-body" }, items.value.map((o) =>
            h("tr", { key: o.id, "data-id": o.id }, [
              h("td", { class: "mono" }, `#${String(o.id).padStart(5, "0")}`),
              h("td", { title: o.customer }, o.product),
              h("td", [h("span", { class: `pill ${o.status}` }, o.status)]),
              h("td", { class: "num" }, money(o.totalCents)),
            ]))),
        ]),
      ]),
      h("nav", { class: "pager", "aria-label": "Pages" }, [
        h("button", { type: "button", id: "table-prev", class: "secondary", disabled: !hasPrevious.value, onClick: table.back }, "← Prev"),
        h("ol", { id: "table-pages" }, pages.map((p) =>
          h("li", { key: p }, [h("button", { type: "button", class: p === page.value ? "page current" : "page", "aria-current": p === page.value ? "page" : undefined, onClick: () => table.goTo(p) }, String(p))]))),
        h("button", { type: "button", id: "table-next", class: "secondary", disabled: !hasNext.value, onClick: table.next }, "Next →"),
      ]),
      h("p", { class: "muted small", id: "table-nav" }, ["Page ", h("span", { id: "table-page" }, String(page.value)), " · ", h("code", "?nav="), " is ", h("span", { id: "table-nav-length" }, String(nav.value.length)), ` characters for ${visited.value.last - visited.value.first + 1} pages.`]),
      h("p", { class: "live", id: "table-status", role: "status", "aria-live": "polite" }, status.value),
    ]);
  };
});

const App = () => [
  h("header", { class: "top" }, [
    h("div", { class: "wrap top-row" }, [
      h("div", { class: "brand" }, [h("span", { class: "logo", "aria-hidden": "true" }, "⇥"), h("span", { class: "name" }, "pagecursor/vue")]),
      h("a", { href: "../", class: "see" }, "← The main demo (no framework)"),
    ]),
  ]),
  h("div", { class: "wrap" }, [
    h("section", { class: "intro" }, [
      h("h1", "The same feed and table, as Vue components."),
      h("p", { class: "lede" }, "useInfiniteList and useCursorStack from pagecursor/vue over the demo's fake DynamoDB Scan — short and empty pages, a 1 MB ceiling, tokens that only go forward. See docs/vue.md."),
    ]),
    h("div", { class: "react-views", style: { display: "grid", gap: "24px" } }, [h(Feed), h(Table)]),
  ]),
];

createApp(App).mount("#root");
