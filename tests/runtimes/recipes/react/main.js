// docs/recipes.md "InfiniteList in React": a framework-free InfiniteList drives a React list
// through useSyncExternalStore. Plain createElement keeps the build free of a JSX plugin.
import { createElement as h, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { InfiniteList } from "pagecursor";

// One list per query, created outside React so re-renders never refetch. chunkItems fills each
// load to 4 items across the API's 3-item pages; maxChunks keeps 2 loads in memory.
const repos = new InfiniteList(
  (nextUrl, { signal }) => fetch(nextUrl ?? "/api/repos?per_page=3", { signal }),
  { preset: "link", chunkItems: 4, maxChunks: 2 },
);

// useSyncExternalStore needs a snapshot that stays the same object until the list changes.
function storeOf(list) {
  const read = () => ({ items: list.items, hasMore: list.hasMore, hasPrevious: list.hasPrevious, loading: list.loading });
  let snapshot = read();
  const listeners = new Set();
  list.subscribe(() => {
    snapshot = read();
    for (const listener of listeners) listener();
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}
const store = storeOf(repos);

function Repos() {
  const { items, hasMore, hasPrevious, loading } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return h(
    "section",
    null,
    hasPrevious && h("button", { id: "previous", disabled: loading, onClick: () => repos.loadPrevious() }, "Show earlier"),
    h("ul", { id: "items" }, items.map((repo) => h("li", { key: repo.id }, repo.name))),
    hasMore
      ? h("button", { id: "more", disabled: loading, onClick: () => repos.loadMore() }, loading ? "Loading…" : "Load more")
      : h("p", { id: "end" }, "No more repositories"),
  );
}

createRoot(document.getElementById("root")).render(h(Repos));
repos.loadMore();
