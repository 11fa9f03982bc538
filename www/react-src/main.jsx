// The demo's React page (www/react/, built by scripts/build-demo-react.mjs with Vite): the feed
// and the Prev/Next table of the main demo, written with pagecursor/react's hooks over the same
// fake DynamoDB Scan (www/fake-api.js). Nothing here fetches from the network.
//   Feed: useInfiniteList, 20 orders a load over short and empty pages, 4 chunks in memory, a
//         sentinel at each end (the list decides which one loads: no ping-pong); an optimistic
//         like undone when the service refuses it, pull-to-refresh (a finger dragged down at
//         the top, or the Refresh button) of orders placed meanwhile, and `restore`.
//   Table: useCursorStack, pages of exactly 10 orders, the position in ?nav= (history "push"):
//         Back/Forward, reload and a shared link land on the same page.
import { useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { useInfiniteList, useCursorStack } from "pagecursor/react";
import { createBackend } from "../fake-api.js";
import { money } from "../format.js";
import { pullToRefresh } from "../pull-to-refresh.js";

const params = new URL(location.href).searchParams;
const backend = createBackend({ seed: 2026, latencyMs: Number(params.get("latency") ?? 40) });
// What the page did, for tests/browser/demo-react.test.mjs.
const requests = { feed: 0, table: 0, empty: 0 };
const windows = []; // the ids of every window the feed rendered
backend.subscribe((event) => {
  if (event.kind !== "request") return;
  requests[event.tag]++;
  if (event.returned === 0) requests.empty++;
});
window.__demoReact = { backend, requests, windows };

// One Scan page: `Limit` counts the items read before the filter, so pages are short or empty.
const scan = (status, tag) => (key, { signal }) => backend.scan({ Limit: 25, ExclusiveStartKey: key, status, signal, tag });

const STATUSES = [["", "any status"], ["shipped", "status = shipped"], ["cancelled", "status = cancelled"], ["returned", "status = returned"]];

function Filter({ value, onChange, id }) {
  return (
    <label>
      Filter{" "}
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {STATUSES.map(([v, label]) => (
          <option key={v} value={v}>{label}</option>
        ))}
      </select>
    </label>
  );
}

function Order({ order, onLike }) {
  return (
    <li className={onLike ? "order likeable" : "order"} data-id={order.id}>
      <span className="order-id">#{String(order.id).padStart(5, "0")}</span>
      <span className="order-main"><strong>{order.product}</strong><span className="muted"> · {order.customer}</span></span>
      <span className={`pill ${order.status}`}>{order.status}</span>
      <span className="order-total">{money(order.totalCents)}</span>
      {onLike && (
        <button type="button" className="secondary small like" aria-pressed={Boolean(order.liked)} aria-label={`Like order ${order.id}`} onClick={() => onLike(order.id)}>
          {order.liked ? "♥" : "♡"}
        </button>
      )}
    </li>
  );
}

// The browser keeps what the reader looks at in place when content above it changes (scroll
// anchoring), anchored to an element in view; a sentinel must not be that element, or the view
// follows it as chunks are added before it and it stays in view, loading chunk after chunk.
const NOT_AN_ANCHOR = { overflowAnchor: "none" };

function Feed() {
  const [filter, setFilter] = useState("cancelled");
  const feed = useInfiniteList(scan(filter || undefined, "feed"), {
    preset: "dynamodb",
    chunkItems: 20, // every load shows exactly 20 orders, however many Scan pages that takes
    maxChunks: 4, // at most 80 orders in memory; dropped chunks come back from their cursors
    retry: { retries: 10, baseDelayMs: 15, maxDelayMs: 120 },
    itemKey: "id", // edits find an order by its id
    restore: "demo-feed", // Back or a reload shows the same orders, scrolled where they were
    key: [filter], // a new filter starts over
  });
  const [notice, setNotice] = useState("");
  // An optimistic like: shown at once, undone when the service refuses (it refuses the orders
  // whose id is a multiple of 5: backend.like).
  const like = (id) => {
    const undo = feed.update(id, (order) => ({ ...order, liked: true }));
    backend.like(id).catch(() => {
      undo();
      setNotice(`The service refused to like #${String(id).padStart(5, "0")}: the like was undone.`);
    });
  };
  useEffect(() => {
    if (feed.items.length > 0) windows.push(feed.items.map((order) => order.id));
  }, [feed.items]);
  const box = useRef(null);
  const [pull, setPull] = useState(""); // what the pull hint says: "pull", "release" or nothing
  useEffect(() => pullToRefresh(box.current, { refresh: () => void feed.refresh("head"), show: setPull }), [feed.refresh]);
  return (
    <section className="panel" aria-labelledby="feed-title">
      <div className="panel-head">
        <h2 id="feed-title">Feed <span className="tab-sub">useInfiniteList</span></h2>
        <p>Orders from a filtered <code>Scan</code>, 20 per load (<code>chunkItems: 20</code>) across
          short and empty pages, <code>maxChunks: 4</code> in memory. Scroll back up and a dropped chunk
          is loaded again from its cursor. Place orders, then pull the list down from its top (or press
          Refresh): they go on top, above the order you are reading.</p>
        <div className="controls">
          <Filter id="feed-filter" value={filter} onChange={setFilter} />
          <button type="button" className="secondary" onClick={feed.reset}>Restart</button>
          <button type="button" className="secondary" id="feed-refresh" onClick={() => void feed.refresh("head")}>Refresh</button>
          <button type="button" className="secondary" id="feed-place" onClick={() => backend.placeOrders(3, { status: filter || "pending" })}>Place 3 orders</button>
        </div>
      </div>
      <div className="pull-area">
        {/* For the finger only: the Refresh button is what a keyboard or a screen reader uses. */}
        <p className="pull-hint" id="feed-pull" aria-hidden="true" hidden={!pull}>{pull === "release" ? "Release to refresh" : "Pull down to refresh"}</p>
        <div className="feed" id="feed-list" ref={box} tabIndex={0} aria-label="Orders feed" aria-busy={feed.loading} style={{ overflowAnchor: "auto" }}>
          {feed.hasPrevious && (
            <div className="sentinel" id="feed-top" ref={feed.previousSentinelRef} style={NOT_AN_ANCHOR}>
              <button type="button" className="secondary small" onClick={feed.loadPrevious}>Load earlier items</button>
            </div>
          )}
          <ol className="chunk" id="feed-items" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {feed.items.map((order) => <Order key={order.id} order={order} onLike={like} />)}
          </ol>
          {feed.status === "error" ? (
            <p className="sentinel" role="alert" id="feed-error">
              Could not load more orders ({feed.error?.code}). <button type="button" className="secondary small" onClick={feed.retry}>Retry</button>
            </p>
          ) : feed.hasMore ? (
            <div className="sentinel" id="feed-bottom" ref={feed.sentinelRef} style={NOT_AN_ANCHOR}>{feed.loading ? "Loading…" : ""}</div>
          ) : (
            <p className="sentinel done" id="feed-end">All {feed.items.length > 0 ? "matching orders" : "none"} loaded — the end.</p>
          )}
        </div>
      </div>
      <p className="live" id="feed-status" role="status" aria-live="polite">{feed.status}</p>
      <p className="live" id="feed-notice" role="status" aria-live="polite">{notice}</p>
    </section>
  );
}

function Table() {
  const [filter, setFilter] = useState("");
  const table = useCursorStack(scan(filter || undefined, "table"), {
    preset: "dynamodb",
    pageItems: 10, // pages of exactly 10 orders
    history: "push", // the position lives in ?nav=…: Back/Forward, reload and links work
    maxDepth: 50,
    scope: { filter }, // a position of another filter is refused
    retry: { retries: 10, baseDelayMs: 15, maxDelayMs: 120 },
    key: [filter],
  });
  // The URL's state, to show how long it is (CursorStack state version 2 shares what
  // consecutive tokens have in common).
  const [nav, setNav] = useState("");
  useEffect(() => setNav(new URL(location.href).searchParams.get("nav") ?? ""), [table.page, table.status]);
  const pages = [];
  for (let p = table.visited.first; p <= table.visited.last; p++) pages.push(p);
  return (
    <section className="panel" aria-labelledby="table-title">
      <div className="panel-head">
        <h2 id="table-title">Table <span className="tab-sub">useCursorStack</span></h2>
        <p>Numbered pages of exactly 10 orders over a Scan that only knows “the page after this key”.
          The position is <code>?nav=</code> in the URL: reload, the Back button and a copied link land on
          the same page.</p>
        <div className="controls">
          <Filter id="table-filter" value={filter} onChange={setFilter} />
        </div>
      </div>
      {table.status === "error" && (
        <div className="notice" role="alert" id="table-error">
          This page could not be loaded ({table.error?.code}).{" "}
          <button type="button" className="secondary small" onClick={table.retry}>Retry</button>{" "}
          <button type="button" className="secondary small" onClick={table.reset}>First page</button>
        </div>
      )}
      <div className="table-wrap">
        <table className="data">
          <thead><tr><th scope="col">Order</th><th scope="col">Product</th><th scope="col">Status</th><th scope="col" className="num">Total</th></tr></thead>
          <tbody id="table-body">
            {table.items.map((order) => (
              <tr key={order.id} data-id={order.id}>
                <td className="mono">#{String(order.id).padStart(5, "0")}</td>
                <td title={order.customer}>{order.product}</td>
                <td><span className={`pill ${order.status}`}>{order.status}</span></td>
                <td className="num">{money(order.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label="Pages">
        <button type="button" id="table-prev" className="secondary" disabled={!table.hasPrevious} onClick={table.back}>← Prev</button>
        <ol id="table-pages">
          {pages.map((p) => (
            <li key={p}>
              <button type="button" className={p === table.page ? "page current" : "page"} aria-current={p === table.page ? "page" : undefined} onClick={() => table.goTo(p)}>{p}</button>
            </li>
          ))}
        </ol>
        <button type="button" id="table-next" className="secondary" disabled={!table.hasNext} onClick={table.next}>Next →</button>
      </nav>
      <p className="muted small" id="table-nav">
        Page <span id="table-page">{table.page}</span> · <code>?nav=</code> is <span id="table-nav-length">{nav.length}</span> characters
        for {table.visited.last - table.visited.first + 1} pages.
      </p>
      <p className="live" id="table-status" role="status" aria-live="polite">{table.status}</p>
    </section>
  );
}

function App() {
  return (
    <>
      <header className="top">
        <div className="wrap top-row">
          <div className="brand">
            <span className="logo" aria-hidden="true">⇥</span>
            <span className="name">pagecursor/react</span>
          </div>
          <a href="../" className="see">← The main demo (no framework)</a>
        </div>
      </header>
      <div className="wrap">
        <section className="intro">
          <h1>The same feed and table, as React components.</h1>
          <p className="lede">
            <code>useInfiniteList</code> and <code>useCursorStack</code> from <code>pagecursor/react</code> over
            the demo's fake DynamoDB <code>Scan</code> — short and empty pages, a 1 MB ceiling, tokens that only
            go forward. See <code>docs/react.md</code>.
          </p>
        </section>
        <div className="react-views" style={{ display: "grid", gap: "24px" }}>
          <Feed />
          <Table />
        </div>
      </div>
    </>
  );
}

createRoot(document.getElementById("root")).render(<App />);
