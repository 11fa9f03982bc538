// Issue 15's loading targets, checked structurally (no timing): importing pagecursor never
// blocks a page's first render, a module worker answers the message posted right after
// `new Worker()`, and an app split by route gets the classes its later chunks use. The apps are
// Vite 8 production builds against the packed tarball, loaded cold in headless Chromium from
// 127.0.0.1.
//
// First render: the server holds back every .wasm response of the app (and any chunk made only
// of pagecursor modules that the entry loads dynamically) until the first view is in the DOM.
// An entry that waits for its wasm before the importing module runs (top-level await) can then
// never render, and the test fails at its 15 s bound. The timeouts here only bound a hang.
//
// Run: bash scripts/test.d/size.sh (installs .build/pagecursor-*.tgz into tests/size first).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { buildApp, startSite, launch, coldPage, pagecursorDeferred, emitted, wasmModule } from "./lib.mjs";

let browser;
let site;
const apps = {};

before(async () => {
  for (const name of ["first-render", "first-render-lazy", "worker", "late"]) apps[name] = await buildApp(name);
  [browser, site] = await Promise.all([launch(), startSite(Object.values(apps))]);
});

after(async () => {
  await browser?.close();
  site?.close();
});

/** Polls `cond` every 50 ms; resolves to whether it held within `ms` (a bound, not a measure). */
async function until(cond, ms) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

test("a view that does not call pagecursor renders while pagecursor's wasm is still held by the server", async () => {
  const deferred = pagecursorDeferred(apps["first-render"]);
  site.hold("first-render", deferred);
  const { context, page, problems } = await coldPage(browser, `${site.url}first-render/`);
  try {
    const rendered = await page
      .waitForFunction(() => document.getElementById("first-view")?.textContent, null, { timeout: 15000 })
      .then(() => true, () => false);
    const held = site.held().map((r) => r.relative);
    assert.ok(
      rendered,
      `the first view did not render in 15 s while the server held ${held.join(", ") || "nothing (yet)"}: ` +
        "the app's modules run only once pagecursor's wasm has arrived (top-level await in the entry?)" +
        (problems.length ? `\n${problems.join("\n")}` : ""),
    );
    // API.md "Package": importing starts fetching the wasm at once, not at the first call (when
    // the build has a file to fetch: a wasm inlined into the entry has none).
    const deferrable = emitted(apps["first-render"].dir).filter(deferred);
    if (deferrable.length) {
      const asked = await until(() => site.held().length > 0, 10000);
      assert.ok(asked, `the page rendered, but importing pagecursor did not start fetching any of ${deferrable.join(", ")} within 10 s`);
    }
    site.release();
    // The feed view now uses InfiniteList, whose loadMore waits for the wasm by itself.
    const result = await page.evaluate(() => window.__showFeed());
    assert.deepEqual(result, { ok: true, items: 10 });
    assert.deepEqual(problems, []);
  } finally {
    site.release();
    await context.close();
  }
});

// docs/recipes.md, "Keep pagecursor out of the first chunk" (apps/first-render-lazy): the entry
// preloads the client module and the feed imports pagecursor with import(). The first view must
// then wait for neither pagecursor's chunk nor its wasm; the download of the wasm must start
// with the first view, before the feed opens; and the package's loader must take the preloaded
// response rather than fetch the module a second time (the preload's `as`, `type` and
// `crossorigin` match its fetch, or Chromium fetches again).
test("recipe: pagecursor by import() with its wasm preloaded; the first view waits for neither, the wasm is fetched once", async () => {
  // The recipe shows the app's entry as it is (all but its opening comment).
  const recipes = readFileSync(new URL("../../docs/recipes.md", import.meta.url), "utf8");
  const section = recipes.slice(recipes.indexOf("## Keep pagecursor out of the first chunk"));
  const snippet = section.match(/```js\n([\s\S]*?)```/)?.[1];
  const entry = readFileSync(new URL("apps/first-render-lazy/main.js", import.meta.url), "utf8");
  assert.ok(snippet && entry.endsWith(snippet), "docs/recipes.md's snippet is not the end of apps/first-render-lazy/main.js");
  const app = apps["first-render-lazy"];
  const lazy = app.chunks.filter((c) => !c.isEntry).map((c) => c.fileName);
  assert.ok(lazy.length > 0, "the build has no chunk loaded by import(): pagecursor is in the entry chunk");
  const entries = app.chunks.filter((c) => c.isEntry);
  for (const e of entries) assert.deepEqual(e.imports, [], `the entry ${e.fileName} imports ${e.imports.join(", ")} statically`);
  const from = site.requests.length;
  // This app's requests of .wasm files in this load (site.held() also lists earlier tests').
  const wasm = () => site.requests.slice(from).filter((r) => r.app === "first-render-lazy" && r.relative.endsWith(".wasm"));
  site.hold("first-render-lazy", (relative) => relative.endsWith(".wasm") || lazy.includes(relative));
  const { context, page, problems } = await coldPage(browser, `${site.url}first-render-lazy/`);
  try {
    const rendered = await page
      .waitForFunction(() => document.getElementById("first-view")?.textContent, null, { timeout: 15000 })
      .then(() => true, () => false);
    assert.ok(rendered, `the first view did not render in 15 s while the server held ${site.held().filter((r) => r.app === "first-render-lazy").map((r) => r.relative).join(", ")}`);
    const preloaded = await until(() => wasm().some((r) => r.held), 10000);
    assert.ok(preloaded, "the entry did not start fetching the client module with the first view");
    assert.deepEqual(wasm().map((r) => wasmModule(r.relative)), ["pagecursor_client_bg"]);
    site.release();
    const result = await page.evaluate(() => window.__showFeed());
    assert.deepEqual(result, { ok: true, items: 10 });
    const fetched = wasm().map((r) => r.relative);
    assert.equal(fetched.length, 1, `the module was fetched ${fetched.length} times: ${fetched.join(", ")}`);
    assert.deepEqual(problems, []);
  } finally {
    site.release();
    await context.close();
  }
});

test("a module worker answers the message posted right after new Worker(), 20 times in a row", async () => {
  const { context, page, problems } = await coldPage(browser, `${site.url}worker/`);
  try {
    await page.waitForFunction(() => window.__result, null, { timeout: 120000 });
    const { ok, rounds } = await page.evaluate(() => window.__result);
    const bad = rounds.findIndex((r) => !r.ok);
    assert.ok(ok, bad < 0 ? `only ${rounds.length} rounds ran` : `round ${bad + 1} of 20: ${rounds[bad].error ?? JSON.stringify(rounds[bad].answer)}${problems.length ? `\n${problems.join("\n")}` : ""}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// API.md "Package": asynchronous APIs wait for the wasm themselves, wherever they are imported.
// A route's chunk that arrives after the page chose the codec module (apps/late: plain cursors
// and the error classes in the first chunk, the feed in one loaded by `import()`) makes the page
// load the client module and swap it in (src/js/loading/loading.ts); a later chunk that needs signing,
// once the feed's objects live in the client module, is told why it cannot have it.

/** Loads apps/late with `query`; asserts every check in the page passed (`count` of them).
 * Returns the modules the page fetched, in order. */
async function runLate(query, count) {
  const from = site.requests.length;
  const { context, page, problems } = await coldPage(browser, `${site.url}late/${query}`);
  try {
    await page.waitForFunction(() => window.__result, null, { timeout: 20000 });
    const result = await page.evaluate(() => window.__result);
    assert.deepEqual(result.checks.filter((c) => !c.pass), [], JSON.stringify(result.checks, null, 1));
    assert.equal(result.ok, true);
    assert.equal(result.checks.length, count);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
  return site.requests
    .slice(from)
    .filter((r) => r.app === "late" && r.relative.endsWith(".wasm"))
    .map((r) => wasmModule(r.relative));
}

test("an app split by route: a late chunk's InfiniteList, paginate and CursorStack work, the page loads the module with them", async () => {
  assert.deepEqual(await runLate("", 7), ["pagecursor_codec_bg", "pagecursor_client_bg"]);
});

test("an app split by route, a route that needs both parts: the page swaps in the module with both", async () => {
  // Both marks run in the chunk's one module graph: the page asks for the full module alone
  // (the client mark's request waits a microtask, and the keyed mark supersedes it first).
  assert.deepEqual(await runLate("?together", 5), ["pagecursor_codec_bg", "pagecursor_bg"]);
});

test("an app split by route, a second route arriving while the first one's module loads: the module with both supersedes it", async () => {
  // The client module is held back until the end, so the signing route surely arrives first;
  // the page must not wait for the module it no longer needs.
  site.hold("late", (path) => /^assets\/pagecursor_client_bg-[\w-]+\.wasm$/.test(path));
  try {
    assert.deepEqual(await runLate("?overlap", 5), ["pagecursor_codec_bg", "pagecursor_client_bg", "pagecursor_bg"]);
  } finally {
    site.release();
  }
});
