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
