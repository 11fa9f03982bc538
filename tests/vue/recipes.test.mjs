// The recipes of docs/vue.md, as written, in headless Chromium: a Vite production build (with
// @vitejs/plugin-vue) of tests/vue/recipes-app, which imports the single-file components that
// tests/vue/recipes.mjs extracted into tests/vue/.recipes/, against the packed tarball, with
// the recipes' APIs answered by Playwright routes (a keyset feed with empty pages and a
// DynamoDB-style Query).
// Run: bash scripts/test.d/vue.sh (it extracts the recipes first).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildApp, serveApp, launch } from "./lib.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
let browser;
let site;

before(async () => {
  const { default: vue } = await import(pathToFileURL(join(HERE, "node_modules/@vitejs/plugin-vue/dist/index.mjs")).href);
  const dir = await buildApp("recipes-app", [vue()]);
  [browser, site] = await Promise.all([launch(), serveApp(dir)]);
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
const posts = pagesOf(1000, (i) => ({ id: `p${i}`, title: `post ${i}` }));
const orders = pagesOf(120, (i) => ({ id: `o${i}`, total: i }));

async function open(view) {
  const context = await browser.newContext();
  const requests = { posts: 0 };
  await context.route("**/api/**", async (route) => {
    const url = new URL(route.request().url());
    const json = (body) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
    if (url.pathname === "/api/posts") {
      requests.posts++;
      const i = Number(url.searchParams.get("cursor") ?? 0);
      return json({ items: posts[i], ...(i + 1 < posts.length ? { next_cursor: String(i + 1) } : {}) });
    }
    if (url.pathname === "/api/orders") {
      const { ExclusiveStartKey } = JSON.parse(route.request().postData() ?? "{}");
      const i = ExclusiveStartKey === undefined ? 0 : Number(ExclusiveStartKey.sk);
      return json({ Items: orders[i], ...(i + 1 < orders.length ? { LastEvaluatedKey: { pk: "orders", sk: String(i + 1) } } : {}) });
    }
    return route.fulfill({ status: 404, body: "no such API" });
  });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console error: ${msg.text()}`));
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  await page.goto(`${site.url}?view=${view}`);
  return { context, page, problems, requests };
}
const wait = (page, fn, arg) => page.waitForFunction(fn, arg, { timeout: 15000 });
const titles = (from, to) => Array.from({ length: to - from }, (_, i) => `post ${from + i}`);

test("recipe Feed.vue: whole chunks of 20 posts over empty pages; scrolling to the end loads the next ones", async () => {
  const { context, page, problems } = await open("feed");
  try {
    // The bottom sentinel is in view at first: chunks follow until it is pushed out.
    await wait(page, () => document.querySelectorAll("li").length >= 20);
    let shown = await page.locator("li").allTextContents();
    assert.equal(shown.length % 20, 0, `${shown.length} posts: whole chunks of 20`);
    assert.deepEqual(shown, titles(0, shown.length));
    const before = shown.length;
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await wait(page, (n) => document.querySelectorAll("li").length > n, before);
    shown = await page.locator("li").allTextContents();
    assert.equal(shown.length % 20, 0);
    assert.deepEqual(shown, titles(0, shown.length));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("recipe Orders.vue: pages of exactly 10 orders; Next, Back and a numbered link, the position in the URL", async () => {
  const { context, page, problems } = await open("orders");
  const ids = () => page.locator("td:first-child").allTextContents();
  const at = (n) => wait(page, (n) => document.querySelector("p")?.textContent === `Page ${n}`, n);
  const range = (a, b) => Array.from({ length: b - a }, (_, i) => `o${a + i}`);
  try {
    await at(1);
    assert.deepEqual(await ids(), range(0, 10));
    await page.getByText("Next").click();
    await at(2);
    await page.getByText("Next").click();
    await at(3);
    assert.deepEqual(await ids(), range(20, 30));
    assert.match(page.url(), /[?&]nav=/);
    await page.goBack();
    await at(2);
    assert.deepEqual(await ids(), range(10, 20));
    await page.getByRole("button", { name: "1", exact: true }).click();
    await at(1);
    assert.deepEqual(await ids(), range(0, 10));
    await page.reload();
    await at(1);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("recipe VirtualFeed.vue: a few dozen rows rendered, the sentinel row loads chunks of 50 until the last post", async () => {
  const { context, page, problems } = await open("virtual");
  const rows = () => page.evaluate(() => document.querySelectorAll("[style*=translateY]").length);
  try {
    await wait(page, () => [...document.querySelectorAll("[style*=translateY]")].some((r) => r.textContent === "post 0"));
    let most = 0;
    // Down to the end: the sentinel row at the bottom loads the next chunk each time.
    for (let i = 0; i < 100; i++) {
      most = Math.max(most, await rows());
      const last = await page.evaluate(() => {
        const box = document.querySelector("[style*=overflow-y]");
        box.scrollTop = box.scrollHeight;
        return [...document.querySelectorAll("[style*=translateY]")].at(-1).textContent;
      });
      if (last === "post 999") break;
      await page.waitForTimeout(30);
    }
    await wait(page, () => [...document.querySelectorAll("[style*=translateY]")].at(-1)?.textContent === "post 999");
    assert.ok(most <= 40, `at most ${most} rows rendered at once`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
