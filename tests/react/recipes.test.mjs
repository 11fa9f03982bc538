// The recipes of docs/react.md, as written, in headless Chromium: a Vite production build of
// tests/react/recipes-app (which imports the blocks that tests/react/recipes.mjs extracted into
// tests/react/.recipes/) against the packed tarball, with the recipes' APIs answered by
// Playwright routes (a keyset feed with empty pages, a DynamoDB-style Query, and Link headers;
// the routes answer a dedicated worker's requests too).
// Run: bash scripts/test.d/react.sh (it extracts the recipes first).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serveApp, launch } from "./lib.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
let browser;
let site;

before(async () => {
  const { build } = await import(pathToFileURL(join(HERE, "../runtimes/node_modules/vite/dist/node/index.js")).href);
  const dir = join(HERE, "../../.build/react/recipes");
  await build({
    configFile: false,
    root: join(HERE, "recipes-app"),
    base: "./",
    logLevel: "error",
    cacheDir: join(HERE, "../../.build/react/.vite"),
    build: { outDir: dir, emptyOutDir: true },
  });
  [browser, site] = await Promise.all([launch(), serveApp(dir, (req, res, url) => answer(dir, res, url))]);
});
after(async () => {
  await browser?.close();
  site?.close();
});

const SIZES = [7, 0, 3, 0, 0, 9, 1];
/** `n` items cut into pages of SIZES (empty ones included); the token is the page's index. */
function pagesOf(n, make) {
  const pages = [];
  for (let start = 0, i = 0; start < n; i++) {
    const k = Math.min(SIZES[i % SIZES.length], n - start);
    pages.push(Array.from({ length: k }, (_, j) => make(start + j)));
    start += k;
  }
  return pages;
}
const posts = pagesOf(100, (i) => ({ id: `p${i}`, title: `post ${i}` }));
const postPage = (cursor) => {
  const i = Number(cursor ?? 0);
  return { items: posts[i], ...(i + 1 < posts.length ? { next_cursor: String(i + 1) } : {}) };
};

// The test server holds the wasm back by `wasmDelayMs`, so that a message reaches the worker
// while pagecursor's module is still loading there.
let wasmDelayMs = 0;
function answer(dir, res, url) {
  if (url.pathname.endsWith(".wasm") && wasmDelayMs > 0) {
    const bytes = readFileSync(join(dir, url.pathname.slice("/app/".length)));
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/wasm", "cache-control": "no-store" });
      res.end(bytes);
    }, wasmDelayMs);
    return true;
  }
  return false;
}
const orders = pagesOf(120, (i) => ({ id: `o${i}`, total: i }));
const repos = pagesOf(300, (i) => ({ id: i, full_name: `org/repo-${i}` }));

async function open(view) {
  const context = await browser.newContext();
  await context.route("**/api/**", async (route) => {
    const url = new URL(route.request().url());
    const json = (body, headers = {}) => route.fulfill({ status: 200, contentType: "application/json", headers, body: JSON.stringify(body) });
    if (url.pathname === "/api/posts") return json(postPage(url.searchParams.get("cursor")));
    if (url.pathname === "/api/orders") {
      const { ExclusiveStartKey } = JSON.parse(route.request().postData() ?? "{}");
      const i = ExclusiveStartKey?.page ?? 0;
      return json({ Items: orders[i], ...(i + 1 < orders.length ? { LastEvaluatedKey: { page: i + 1 } } : {}) });
    }
    if (url.pathname === "/api/repos") {
      const i = Number(url.searchParams.get("page") ?? 0);
      const link = i + 1 < repos.length ? { link: `<${url.origin}/api/repos?per_page=30&page=${i + 1}>; rel="next"` } : {};
      return json(repos[i], link);
    }
    return route.fulfill({ status: 404, body: "no such API" });
  });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console error: ${msg.text()}`));
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  await page.goto(`${site.url}?view=${view}`);
  return { context, page, problems };
}
const wait = (page, fn, arg) => page.waitForFunction(fn, arg, { timeout: 15000 });

test("recipe 'Infinite feed with useInfiniteList': 20 posts per load over empty pages", async () => {
  const { context, page, problems } = await open("feed");
  try {
    // The bottom sentinel is in view at first: chunks follow until it is pushed out.
    await wait(page, () => document.querySelectorAll("li").length >= 20);
    const titles = await page.locator("li").allTextContents();
    assert.equal(titles.length % 20, 0, `${titles.length} posts: whole chunks of 20`);
    assert.deepEqual(titles, Array.from({ length: titles.length }, (_, i) => `post ${i}`));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("recipe 'Prev/Next table with useCursorStack': 25 rows a page, Next, the position in ?nav= across a reload, a numbered link", async () => {
  const { context, page, problems } = await open("orders");
  const rows = () => page.locator("tbody tr td:first-child").allTextContents();
  const ids = (a, b) => Array.from({ length: b - a }, (_, i) => `o${a + i}`);
  try {
    await wait(page, () => document.querySelectorAll("tbody tr").length === 25);
    assert.deepEqual(await rows(), ids(0, 25));
    await page.getByRole("button", { name: "Next" }).click();
    await wait(page, () => document.querySelector("tbody td")?.textContent === "o25");
    assert.deepEqual(await rows(), ids(25, 50));
    assert.ok(new URL(page.url()).searchParams.has("nav"));
    await page.reload();
    await wait(page, () => document.querySelector("tbody td")?.textContent === "o25");
    await page.getByRole("button", { name: "1", exact: true }).click();
    await wait(page, () => document.querySelector("tbody td")?.textContent === "o0");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("recipe 'useInfiniteQuery with infinitePageOptions': chunks of 50 over Link headers", async () => {
  const { context, page, problems } = await open("repos");
  try {
    await wait(page, () => document.querySelectorAll("li").length === 50);
    await page.getByRole("button", { name: "More" }).click();
    await wait(page, () => document.querySelectorAll("li").length === 100);
    const names = await page.locator("li").allTextContents();
    assert.deepEqual(names, Array.from({ length: 100 }, (_, i) => `org/repo-${i}`));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("recipe 'Walking in a Web Worker': the first message, posted while the wasm still loads, is answered with every post", async () => {
  // The worker's wasm arrives 1.5 s after it is asked for: the page has posted its message long
  // before pagecursor can run there.
  wasmDelayMs = 1500;
  const from = site.log.length;
  const { context, page, problems } = await open("worker");
  try {
    await wait(page, () => document.querySelector("[role=status]")?.textContent === "Exported 100 posts");
    const titles = await page.locator("li").allTextContents();
    assert.deepEqual(titles, Array.from({ length: 100 }, (_, i) => `post ${i}`));
    assert.equal(page.workers().length, 1, "one module worker");
    const requested = site.log.slice(from);
    assert.equal(requested.filter((p) => p.endsWith(".wasm")).length, 1, "the worker fetched the wasm once");
    assert.ok(requested.some((p) => /\/assets\/posts\.worker-[\w-]+\.js$/.test(p)), `the worker is its own chunk (${requested.join(", ")})`);
    assert.deepEqual(problems, []);
  } finally {
    wasmDelayMs = 0;
    await context.close();
  }
});

test("recipe 'Loading pagecursor on demand with import()': nothing of pagecursor before the click, then 20 posts a load", async () => {
  const from = site.log.length;
  const { context, page, problems } = await open("lazy");
  try {
    const show = page.getByRole("button", { name: "Show posts" });
    await show.waitFor({ timeout: 15000 });
    await page.waitForLoadState("networkidle");
    const before = site.log.slice(from);
    assert.ok(before.some((p) => p.endsWith(".js")), "the page's own chunks were loaded");
    assert.deepEqual(before.filter((p) => p.endsWith(".wasm")), [], "no wasm before the click");
    await show.click();
    await wait(page, () => document.querySelectorAll("li").length === 20);
    assert.equal(site.log.slice(from).filter((p) => p.endsWith(".wasm")).length, 1, "the wasm came with the click");
    await page.getByRole("button", { name: "More" }).click();
    await wait(page, () => document.querySelectorAll("li").length === 40);
    const titles = await page.locator("li").allTextContents();
    assert.deepEqual(titles, Array.from({ length: 40 }, (_, i) => `post ${i}`));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
