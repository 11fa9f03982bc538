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
const rows = pagesOf(5000, (i) => ({ id: `r${i}`, title: `row ${i}` }));
const repos = pagesOf(300, (i) => ({ id: i, full_name: `org/repo-${i}` }));

async function open(view) {
  const context = await browser.newContext();
  // Requests of the API not answered yet: a step of a walk waits until there are none.
  const inFlight = { count: 0 };
  await context.route("**/api/**", async (route) => {
    inFlight.count++;
    try {
      await answerApi(route);
    } finally {
      inFlight.count--;
    }
  });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console error: ${msg.text()}`));
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  await page.goto(`${site.url}?view=${view}`);
  return { context, page, problems, inFlight };
}
// The recipes' APIs, as their services answer.
function answerApi(route) {
  const url = new URL(route.request().url());
  const json = (body, headers = {}) => route.fulfill({ status: 200, contentType: "application/json", headers, body: JSON.stringify(body) });
  if (url.pathname === "/api/posts") return json(postPage(url.searchParams.get("cursor")));
  if (url.pathname === "/api/rows") {
    const i = Number(url.searchParams.get("cursor") ?? 0);
    return json({ items: rows[i], ...(i + 1 < rows.length ? { next_cursor: String(i + 1) } : {}) });
  }
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

// The virtual-list recipes: scrolled to the end of the 5,000 rows and back to the top in steps
// of 570 px, each step waited for until its loads ended. At every step at most 100 rows are in
// the DOM, each row shows the row of its index (chunks refetched after a drop are the same rows
// at the same indices), and a row in view does not move by more than 2 px while chunks arrive
// or go above it; every row is seen on the way down and again on the way up.
async function walkVirtualList(view, scrollerSelector) {
  const { context, page, problems, inFlight } = await open(view);
  try {
    await wait(page, () => document.querySelectorAll(".row").length > 0);
    // The rendered rows: [index, text, top relative to the scroller].
    const shown = () => page.evaluate((sel) => {
      const scroller = document.querySelector(sel);
      const top = scroller.getBoundingClientRect().top;
      return [...document.querySelectorAll(".row")].map((el) => [Number(el.dataset.row), el.textContent, el.getBoundingClientRect().top - top]);
    }, scrollerSelector);
    // Waits until no request is in flight and the rows stayed the same for two frames (the
    // loads a step started ended; a load slower than two frames is not taken for its end).
    const settle = async () => {
      let last = "";
      for (let stable = 0, i = 0; stable < 2 && i < 400; i++) {
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 10))));
        const now = JSON.stringify(await shown());
        stable = now === last && inFlight.count === 0 ? stable + 1 : 0;
        last = now;
      }
    };
    const seen = { down: new Set(), up: new Set() };
    let most = 0, moved = 0;
    // Steps of 450 px (15 rows of 30 px, less than the 600 px view: every row is rendered at some
    // step). Between two settled states a row shown in both moved by the scroll alone, within
    // 2 px, whatever chunks arrived or went above it meanwhile.
    await settle();
    for (const [direction, delta, done] of [["down", 450, (r) => r.some(([i]) => i === 4999)], ["up", -450, (r) => r.some(([i]) => i === 0)]]) {
      let before = await shown();
      for (let step = 0; step < 2000; step++) {
        most = Math.max(most, before.length);
        for (const [index, text] of before) {
          assert.equal(text, `row ${index}`, `the row at index ${index}`);
          seen[direction].add(index);
        }
        if (done(before)) break;
        // The scroll the user made (clamped at the ends), read before any load reacts to it.
        const scrolled = await page.evaluate(([sel, d]) => {
          const el = document.querySelector(sel);
          const from = el.scrollTop;
          el.scrollTop += d;
          return el.scrollTop - from;
        }, [scrollerSelector, delta]);
        await settle();
        const after = await shown();
        const at = new Map(after.map(([index, , y]) => [index, y]));
        for (const [index, , y] of before) {
          if (at.has(index)) moved = Math.max(moved, Math.abs(at.get(index) - (y - scrolled)));
        }
        before = after;
      }
    }
    assert.ok(most <= 100, `${most} rows rendered at once`);
    assert.equal(seen.down.size, 5000, "every row seen on the way down");
    assert.equal(seen.up.size, 5000, "every row seen again on the way up");
    assert.ok(moved <= 2, `a row in view moved by ${moved} px while chunks arrived or went`);
    assert.deepEqual(problems, []);
    console.log(`# ${view}: at most ${most} rows rendered, a row in view moved at most ${moved.toFixed(1)} px`);
  } finally {
    await context.close();
  }
}

test("recipe VirtuosoFeed: 5,000 rows with react-virtuoso, maxChunks 5, down to the end and back up", () => walkVirtualList("virtuoso", '[data-testid="virtuoso-scroller"]'));

test("recipe VirtualFeed: 5,000 rows with @tanstack/react-virtual, maxChunks 5, down to the end and back up", () => walkVirtualList("virtual", "#root > div"));
