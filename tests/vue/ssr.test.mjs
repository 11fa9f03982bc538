// A server render of both composables with @vue/server-renderer in Node: nothing may touch
// `window`, `document`, `location`, `history` or IntersectionObserver while rendering, nothing is
// fetched, and the markup is the first state ("loading"), which is also what the hydrating
// client renders first.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSSRApp, defineComponent, h, ref } from "vue";
import { renderToString } from "@vue/server-renderer";
import { useInfiniteList, useCursorStack } from "pagecursor/vue";

// Node has none of these globals: reading one (other than with `typeof`) throws a
// ReferenceError, which fails the render.
const BROWSER_GLOBALS = ["window", "document", "location", "history", "IntersectionObserver"];

let requests = 0;
const fetchPage = async () => {
  requests++;
  return { items: [{ id: 1 }], next_cursor: undefined };
};

const Feed = defineComponent(() => {
  const key = ref(["feed"]);
  const feed = useInfiniteList(fetchPage, { preset: "keyset", chunkItems: 10, key });
  return () => h("div", [h("p", { id: "status" }, feed.status.value), h("span", { ref: feed.sentinelRef }, String(feed.items.value.length))]);
});
const Table = defineComponent(() => {
  const table = useCursorStack(fetchPage, { preset: "keyset", pageItems: 5, history: "push", key: () => ["t"] });
  return () => h("div", [h("p", `${table.status.value} ${table.page.value} ${table.visited.value.first}-${table.visited.value.last}`), String(table.items.value.length)]);
});

test("renderToString of useInfiniteList and useCursorStack (history: push) touches no browser global and fetches nothing", async () => {
  for (const name of BROWSER_GLOBALS) assert.equal(typeof globalThis[name], "undefined", `${name} exists in this Node`);
  const errors = [];
  const app = createSSRApp({ render: () => h("main", [h(Feed), h(Table)]) });
  app.config.errorHandler = (err) => errors.push(err);
  app.config.warnHandler = (msg) => errors.push(msg);
  const html = await renderToString(app);
  assert.deepEqual(errors, []);
  assert.match(html, /<p id="status">loading<\/p><span>0<\/span>/);
  assert.match(html, /<p>loading 1 1-1<\/p>0/);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(requests, 0);
});

test("useCursorStack refuses an options bag that is wrong with the package's one message", async () => {
  const render = (options) => {
    const app = createSSRApp(defineComponent(() => {
      useCursorStack(fetchPage, options);
      return () => null;
    }));
    app.config.warnHandler = () => {}; // Vue's own warning about the error this test expects
    return renderToString(app);
  };
  await assert.rejects(render({ preset: "keyset", pageItems: 0 }), (err) => {
    assert.equal(err.constructor, RangeError, `${err}`);
    assert.equal(err.code, "invalid_argument");
    assert.equal(err.message, "options.pageItems must be a whole number from 1 to 9007199254740991, got 0");
    return true;
  });
  await assert.rejects(render(5), { constructor: TypeError, message: "options must be an object, got 5" });
});

test("pagecursor/vue exports the root's ready, the same promise", async () => {
  const root = await import("pagecursor");
  const vue = await import("pagecursor/vue");
  assert.equal(vue.ready, root.ready);
  await vue.ready;
});

test("only pagecursor/vue imports Vue: no other file of the package (the root entry's, react.js, controller.js) names it", async () => {
  const { readdirSync, readFileSync } = await import("node:fs");
  const { dirname, join } = await import("node:path");
  const { fileURLToPath } = await import("node:url");
  const dir = join(dirname(fileURLToPath(import.meta.url)), "node_modules/pagecursor");
  const importers = readdirSync(dir).filter((f) => f.endsWith(".js") && /\bfrom\s*["']vue["']|import\s*\(\s*["']vue["']\s*\)/.test(readFileSync(join(dir, f), "utf8")));
  assert.deepEqual(importers, ["vue.js"]);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  assert.equal(manifest.peerDependencies.vue, ">=3.3");
  assert.deepEqual(manifest.peerDependenciesMeta.vue, { optional: true });
});

test("with initial (a snapshot() made on the server), the render shows its items and fetches nothing", async () => {
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
  const Snapshot = defineComponent(() => {
    state = useInfiniteList(service, { preset: "keyset", itemKey: "id", chunkItems: 4, initial, key: ["initial"] });
    return () => h("ol", { start: state.firstIndex.value + 1 }, state.items.value.map((r) => h("li", { key: r.id }, String(r.id))));
  });
  const errors = [];
  const app = createSSRApp({ render: () => h(Snapshot) });
  app.config.errorHandler = (err) => errors.push(err);
  app.config.warnHandler = (msg) => errors.push(msg);
  const html = await renderToString(app);
  assert.deepEqual(errors, []);
  assert.match(html, /<ol start="1"><li>12<\/li><li>11<\/li><li>10<\/li><li>9<\/li><\/ol>/);
  assert.equal(state.status.value, "ready");
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(served, 0, "no request for the items it shows");
  for (const f of ["refresh", "update", "remove", "insert"]) assert.equal(typeof state[f], "function", f);
});
