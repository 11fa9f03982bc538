// The Feed view: infinite scroll over a filtered DynamoDB Scan with pagecursor's InfiniteList.
// Every load is exactly CHUNK items however many short or empty pages it takes; only MAX_CHUNKS
// chunks stay in the DOM and in memory, and scrolling back up refetches a dropped chunk from the
// cursor InfiniteList kept for it.
import { el, money, announce } from "./format.js";

export const CHUNK = 20;
export const MAX_CHUNKS = 4;
export const PAGE_SIZE = 25;

export function createFeed({ backend, pagecursor, retry }) {
  const root = document.getElementById("feed-list");
  const chunksNode = document.getElementById("feed-chunks");
  const status = document.getElementById("feed-status");
  const filter = document.getElementById("feed-filter");
  const topSentinel = document.getElementById("feed-top");
  const bottomSentinel = document.getElementById("feed-bottom");
  const moreButton = document.getElementById("feed-more");
  const earlierButton = document.getElementById("feed-earlier");
  const stats = document.getElementById("feed-stats");

  // What the page did, for the tests: every chunk loadMore appended (in order) and restored.
  const state = { list: null, chunks: [], history: [], restored: [], generation: 0, error: null, restoring: false };
  const demo = {
    state,
    get status() {
      return filter.value || undefined;
    },
    expectedIds: () => backend.expectedOrderIds(filter.value || undefined),
    loadedIds: () => state.history.flatMap((c) => c.ids),
    windowIds: () => [...chunksNode.querySelectorAll("[data-id]")].map((n) => Number(n.dataset.id)),
    get hasMore() {
      return state.list?.hasMore ?? false;
    },
    get hasPrevious() {
      return state.list?.hasPrevious ?? false;
    },
    get loading() {
      return busy || state.restoring;
    },
  };
  let busy = false;
  let unsubscribe;
  // Requests the feed made, so each chunk can say what it cost: the point of chunkItems is that
  // the reader never sees those short and empty pages.
  const cost = { requests: 0, empty: 0, retries: 0 };
  backend.subscribe((event) => {
    if (event.kind !== "request" || event.tag !== "feed") return;
    cost.requests++;
    if (event.error) cost.retries++;
    else if (event.returned === 0) cost.empty++;
  });
  const snapshot = () => ({ ...cost });
  const since = (before) => ({
    requests: cost.requests - before.requests,
    empty: cost.empty - before.empty,
    retries: cost.retries - before.retries,
  });

  // The window position survives a reload: InfiniteList.toString() goes to sessionStorage
  // after every load and InfiniteList.from() picks it up again (bound to the filter by `scope`).
  const STORAGE_KEY = "pagecursor-demo-feed";
  function save() {
    if (state.restoring || !state.chunks.length) return;
    try {
      const position = {
        filter: filter.value,
        last: state.chunks.at(-1).n,
        count: state.chunks.length,
        anchor: visibleAnchor()?.dataset.id,
        pos: state.list.toString(),
      };
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(position));
    } catch {
      // Storage may be disabled; the feed then simply starts at the top after a reload.
    }
  }
  function saved() {
    try {
      return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null");
    } catch {
      return null;
    }
  }

  function start({ resume = false } = {}) {
    state.generation++;
    busy = false;
    state.chunks = [];
    state.history = [];
    state.restored = [];
    state.after = 1;
    state.resumed = false;
    state.restoring = false;
    state.error = null;
    chunksNode.replaceChildren();
    const position = resume ? saved() : null;
    if (position && [...filter.options].some((o) => o.value === position.filter)) filter.value = position.filter;
    const status = filter.value || undefined;
    const fetchPage = (token, ctx) =>
      backend.scan({ Limit: ctx.pageSize ?? PAGE_SIZE, ExclusiveStartKey: token, status, signal: ctx.signal, tag: "feed" });
    const options = {
      preset: "dynamodb",
      pageSize: PAGE_SIZE,
      chunkItems: CHUNK,
      maxChunks: MAX_CHUNKS,
      retry,
      scope: { feed: "orders", status: status ?? "any" },
    };
    state.list = null;
    if (position && typeof pagecursor.InfiniteList.from === "function") {
      try {
        state.list = pagecursor.InfiniteList.from(position.pos, fetchPage, options);
        state.after = Math.max(1, Number(position.last) || 1) + 1;
        state.resumed = true;
      } catch {
        // A damaged or foreign position: start at the top instead.
        state.list = null;
      }
    }
    state.list ??= new pagecursor.InfiniteList(fetchPage, options);
    // The list tells subscribers when its state changes; the feed mirrors `loading` for
    // assistive technology.
    const list = state.list;
    unsubscribe?.();
    unsubscribe = list.subscribe?.(() => root.setAttribute("aria-busy", String(list.loading)));
    render();
    if (state.resumed) void restoreWindow(position);
    else void more();
  }

  // from() positions the list right after the saved window; refetching the window's chunks
  // backwards (loadPrevious) puts the reader back in front of the same items.
  async function restoreWindow(position) {
    const generation = state.generation;
    state.restoring = true;
    const count = Math.min(MAX_CHUNKS, Math.max(1, Number(position.count) || 1));
    for (let i = 0; i < count && state.list.hasPrevious && generation === state.generation; i++) {
      await earlier();
      if (state.error) break;
    }
    if (generation !== state.generation) return;
    state.restoring = false;
    const anchor = position.anchor && chunksNode.querySelector(`[data-id="${CSS.escape(String(position.anchor))}"]`);
    if (anchor) root.scrollTop += anchor.getBoundingClientRect().top - root.getBoundingClientRect().top;
    lastTop = root.scrollTop;
    goingUp = false;
    render();
    refill();
  }

  async function more() {
    const list = state.list;
    if (busy || !list?.hasMore) return;
    busy = true;
    const generation = state.generation;
    render("Loading the next 20 items…");
    const before = snapshot();
    try {
      const items = await list.loadMore();
      if (generation !== state.generation) return;
      // The end can be discovered only after a chunk was filled exactly: nothing to show then.
      if (items.length === 0) return;
      const n = state.chunks.length ? state.chunks.at(-1).n + 1 : state.after;
      state.history.push({ n, ids: items.map((o) => o.id) });
      placeChunk({ n, items, cost: since(before) }, "end");
      save();
    } catch (err) {
      if (generation === state.generation) state.error = err;
    } finally {
      if (generation === state.generation) {
        busy = false;
        render();
        refill();
      }
    }
  }

  async function earlier() {
    const list = state.list;
    if (busy || !list?.hasPrevious) return;
    busy = true;
    const generation = state.generation;
    render("Restoring an earlier chunk from its cursor…");
    const before = snapshot();
    try {
      const items = await list.loadPrevious();
      if (generation !== state.generation) return;
      const n = state.chunks.length ? state.chunks[0].n - 1 : state.after - 1;
      state.restored.push({ n, ids: items.map((o) => o.id) });
      placeChunk({ n, items, cost: since(before), restored: true }, "start");
      save();
    } catch (err) {
      if (generation === state.generation) state.error = err;
    } finally {
      if (generation === state.generation) {
        busy = false;
        render();
        refill();
      }
    }
  }

  // Adds a chunk at one end and drops chunks at the other until the DOM holds exactly the
  // list's window, keeping what the reader looks at in place (scrollTop follows the change).
  function placeChunk(chunk, where) {
    const anchor = visibleAnchor();
    const anchorTop = anchor ? anchor.getBoundingClientRect().top : 0;
    const node = renderChunk(chunk);
    if (where === "end") {
      state.chunks.push(chunk);
      chunksNode.append(node);
    } else {
      state.chunks.unshift(chunk);
      chunksNode.prepend(node);
    }
    const windowSize = state.list.items.length;
    const count = () => state.chunks.reduce((sum, c) => sum + c.items.length, 0);
    while (state.chunks.length > 1 && count() > windowSize) {
      const dropped = where === "end" ? state.chunks.shift() : state.chunks.pop();
      chunksNode.querySelector(`[data-chunk="${dropped.n}"]`)?.remove();
    }
    if (anchor?.isConnected) root.scrollTop += anchor.getBoundingClientRect().top - anchorTop;
    else if (where === "start" && state.chunks.length > 1) root.scrollTop += node.offsetHeight;
    // Our own adjustment is not the reader scrolling: do not count it as a direction.
    lastTop = root.scrollTop;
  }

  function visibleAnchor() {
    const top = root.getBoundingClientRect().top;
    for (const node of chunksNode.querySelectorAll("[data-id]")) {
      if (node.getBoundingClientRect().bottom > top) return node;
    }
    return null;
  }

  function renderChunk({ n, items, cost: spent, restored }) {
    const first = (n - 1) * CHUNK + 1;
    const parts = [items.length ? `items ${first}–${first + items.length - 1}` : "no items"];
    if (spent) {
      parts.push(`${spent.requests} request${spent.requests === 1 ? "" : "s"}`);
      if (spent.empty) parts.push(`${spent.empty} empty page${spent.empty === 1 ? "" : "s"}`);
      if (spent.retries) parts.push(`${spent.retries} retr${spent.retries === 1 ? "y" : "ies"}`);
    }
    if (restored) parts.push("restored from its cursor");
    return el(
      "section",
      { class: "chunk", dataset: { chunk: n }, "aria-label": `Chunk ${n}` },
      el("h3", { class: "chunk-head" }, `Chunk ${n}`, el("span", {}, parts.join(" · "))),
      el(
        "ol",
        { start: first },
        items.map((o) =>
          el(
            "li",
            { class: "order", dataset: { id: o.id } },
            el("span", { class: "order-id" }, `#${String(o.id).padStart(5, "0")}`),
            el("span", { class: "order-main" }, el("strong", {}, o.product), el("span", { class: "muted" }, ` · ${o.customer}`)),
            el("span", { class: `pill ${o.status}` }, o.status),
            el("span", { class: "order-total" }, money(o.totalCents)),
          ),
        ),
      ),
    );
  }

  function render(message) {
    const list = state.list;
    earlierButton.hidden = !list?.hasPrevious;
    earlierButton.disabled = busy;
    moreButton.hidden = !list?.hasMore;
    moreButton.disabled = busy;
    const loaded = state.history.reduce((sum, c) => sum + c.ids.length, 0);
    const dropped = state.chunks.length ? state.chunks[0].n - 1 : 0;
    stats.replaceChildren(
      el("span", {}, el("strong", {}, loaded), " items loaded"),
      el("span", {}, el("strong", {}, state.chunks.length), ` of ${MAX_CHUNKS} chunks in the window`),
      el("span", {}, el("strong", {}, dropped), " dropped above (cursors kept)"),
    );
    let text = message;
    if (!text && state.error) {
      text = `The feed stopped: ${state.error.code ?? state.error.name}: ${state.error.message}`;
    } else if (!text && state.resumed && state.history.length === 0) {
      text = `Back where you were: chunks ${state.chunks[0]?.n}–${state.chunks.at(-1)?.n}, refetched from the position kept in sessionStorage.`;
    } else if (!text && list && !list.hasMore) {
      text = `End of the table: all ${loaded} matching orders were loaded.`;
    } else if (!text) {
      text = `${loaded} items loaded. Scroll for more.`;
    }
    announce(status, text);
    bottomSentinel.classList.toggle("done", !!list && !list.hasMore);
    bottomSentinel.querySelector(".end-text").textContent = list && !list.hasMore ? "End of the table" : "";
  }

  // The observer only fires on changes, so after a load re-check whether a sentinel is still
  // in view (a short chunk, or a tall window) and keep loading until it is not.
  function refill() {
    const box = root.getBoundingClientRect();
    const inView = (node) => {
      const r = node.getBoundingClientRect();
      return r.bottom >= box.top && r.top <= box.bottom;
    };
    if (root.offsetParent === null || state.restoring) return;
    if (inView(bottomSentinel)) void more();
    else if (inView(topSentinel) && goingUp) void earlier();
  }

  const observer = new IntersectionObserver(
    (records) => {
      for (const record of records) {
        if (!record.isIntersecting || state.restoring) continue;
        if (record.target === bottomSentinel) void more();
        else if (record.target === topSentinel && goingUp) void earlier();
      }
    },
    { root, rootMargin: "120px 0px" },
  );
  // Earlier chunks load only while the reader scrolls up, so a list restored at the top of its
  // window (scrollTop 0) stays where it was instead of walking back on its own.
  let lastTop = 0;
  let goingUp = false;
  let saveTimer;
  root.addEventListener(
    "scroll",
    () => {
      const top = root.scrollTop;
      if (top < lastTop) goingUp = true;
      else if (top > lastTop) goingUp = false;
      lastTop = top;
      // Remember where the reader is, for a reload; at most four writes a second.
      clearTimeout(saveTimer);
      saveTimer = setTimeout(save, 250);
    },
    { passive: true },
  );
  // At scrollTop 0 there is no scroll event; a wheel or key towards the top still asks for more.
  root.addEventListener("wheel", (event) => {
    if (event.deltaY < 0 && root.scrollTop === 0) {
      goingUp = true;
      void earlier();
    }
  }, { passive: true });
  root.addEventListener("keydown", (event) => {
    if (["ArrowUp", "PageUp", "Home"].includes(event.key) && root.scrollTop === 0) {
      goingUp = true;
      void earlier();
    }
  });
  observer.observe(topSentinel);
  observer.observe(bottomSentinel);
  moreButton.addEventListener("click", () => void more());
  earlierButton.addEventListener("click", () => void earlier());
  filter.addEventListener("change", () => start());
  document.getElementById("feed-restart").addEventListener("click", () => start());

  let started = false;
  return {
    demo,
    start,
    /** Called when the Feed tab is shown: the first time it starts the list, later it resumes. */
    activate() {
      if (!started) {
        started = true;
        start({ resume: true });
      } else {
        refill();
      }
    },
  };
}
