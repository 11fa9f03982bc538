// A server render of both hooks with react-dom/server in Node: nothing may touch `window`,
// `document`, `location`, `history` or IntersectionObserver while rendering, nothing is fetched, and the markup is the first state ("loading"), which
// is also what the client's hydration render reads.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { useInfiniteList, useCursorStack } from "pagecursor/react";

// Node has none of these globals: reading one (other than with `typeof`) throws a
// ReferenceError, which fails the render.
const BROWSER_GLOBALS = ["window", "document", "location", "history", "IntersectionObserver"];

let requests = 0;
const fetchPage = async () => {
  requests++;
  return { items: [{ id: 1 }], next_cursor: undefined };
};

function Feed() {
  const feed = useInfiniteList(fetchPage, { preset: "keyset", chunkItems: 10, key: ["feed"] });
  return h("div", null, h("p", { id: "status" }, feed.status), h("span", { ref: feed.sentinelRef }, String(feed.items.length)));
}
function Table() {
  const table = useCursorStack(fetchPage, { preset: "keyset", pageItems: 5, history: "push", key: ["t"] });
  return h("div", null, h("p", null, `${table.status} ${table.page} ${table.visited.first}-${table.visited.last}`), String(table.items.length));
}

test("renderToString of useInfiniteList and useCursorStack (history: push) touches no browser global and fetches nothing", async () => {
  for (const name of BROWSER_GLOBALS) assert.equal(typeof globalThis[name], "undefined", `${name} exists in this Node`);
  const html = renderToString(h("main", null, h(Feed), h(Table)));
  assert.match(html, /<p id="status">loading<\/p><span>0<\/span>/);
  assert.match(html, /<p>loading 1 1-1<\/p>0/);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(requests, 0);
});

// Issue 15: the hooks' own options read like every export's (tests/js/options-policy.test.mjs).
test("useCursorStack refuses a pageItems or an options bag that is wrong with the package's one message", () => {
  const render = (options) => renderToString(h(function Bad() {
    useCursorStack(fetchPage, options);
    return null;
  }));
  const refuses = (options, Class, message) => assert.throws(() => render(options), (err) => {
    assert.equal(err.constructor, Class, `${err}`);
    assert.equal(err.code, "invalid_argument");
    assert.equal(err.message, message);
    return true;
  });
  const range = "options.pageItems must be a whole number from 1 to 9007199254740991, got";
  for (const v of [0, -1, 2.5, NaN, Infinity, 2 ** 53]) refuses({ preset: "keyset", key: ["bad"], pageItems: v }, RangeError, `${range} ${v}`);
  for (const [v, given] of [["5", "string"], [null, "null"], [5n, "bigint"]]) refuses({ preset: "keyset", key: ["bad"], pageItems: v }, TypeError, `${range} ${given}`);
  refuses(5, TypeError, "options must be an object, got 5");
});

test("pagecursor/react exports the root's ready, the same promise", async () => {
  const root = await import("pagecursor");
  const react = await import("pagecursor/react");
  assert.equal(react.ready, root.ready);
  await react.ready;
});

test("with initial (a snapshot() made on the server), the render shows its items, fetches nothing, and the hook edits and refreshes the list", async () => {
  const { InfiniteList } = await import("pagecursor");
  const rows = Array.from({ length: 12 }, (_, i) => ({ id: 12 - i }));
  let served = 0;
  const service = async (token) => {
    served++;
    const at = token ?? 0;
    return { items: rows.slice(at, at + 4), next_cursor: at + 4 < rows.length ? at + 4 : undefined };
  };
  const server = new InfiniteList(service, { preset: "keyset", itemKey: "id", chunkItems: 4 });
  await server.loadMore();
  const initial = JSON.parse(JSON.stringify(server.snapshot()));
  served = 0;
  let state;
  function Snapshot() {
    state = useInfiniteList(service, { preset: "keyset", itemKey: "id", chunkItems: 4, initial, key: ["initial"] });
    return h("ol", { start: state.firstIndex + 1 }, state.items.map((r) => h("li", { key: r.id }, String(r.id))));
  }
  const html = renderToString(h(Snapshot));
  assert.match(html, /<ol start="1"><li>12<\/li><li>11<\/li><li>10<\/li><li>9<\/li><\/ol>/);
  assert.equal(state.status, "ready");
  assert.equal(state.firstIndex, 0);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(served, 0, "no request for the items it shows");
  assert.equal(typeof state.refresh, "function");
  assert.equal(typeof state.update, "function");
  assert.equal(typeof state.remove, "function");
  assert.equal(typeof state.insert, "function");
});
