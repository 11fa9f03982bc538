// The demo page (www/) in headless Chromium: the feed loads every matching order exactly once,
// also while the service throttles; the table's position survives Prev/Next, reload and the
// Back button; the inspector refuses edited and expired cursors; no console errors and no
// request leaves 127.0.0.1.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, serveRepo, open } from "./harness.mjs";

let browser;
let server;
let base;

before(async () => {
  browser = await launch();
  ({ server, url: base } = await serveRepo());
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** Opens the demo, waits for "ready", and records any request that is not to our server. */
async function openDemo(query) {
  const { page, problems } = await open(browser, `${base}www/${query}`);
  page.on("request", (req) => {
    if (!req.url().startsWith(base) && !req.url().startsWith("data:")) problems.push(`external request: ${req.url()}`);
  });
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  return { page, problems };
}

/** Every view's pagecursor export is built: a missing one would disable its view. */
async function assertApis(page, names) {
  const missing = await page.evaluate((n) => window.__demo.missing.filter((m) => n.includes(m)), names);
  assert.deepEqual(missing, [], "pagecursor exports the view needs");
}

const feedIdle = (page, chunks = 0) =>
  page.waitForFunction((n) => {
    const feed = window.__demo.feed;
    return !feed.loading && (feed.state.history.length >= n || !feed.hasMore);
  }, chunks);

async function scrollFeed(page, where) {
  await page.evaluate((w) => {
    const list = document.getElementById("feed-list");
    list.scrollTop = w === "bottom" ? list.scrollHeight : 0;
  }, where);
  // Already at the top there is no scroll to observe: the reader's key press asks for more.
  if (where === "top") {
    await page.focus("#feed-list");
    await page.keyboard.press("ArrowUp");
  }
}

function assertContiguous(windowIds, expected, label) {
  const start = expected.indexOf(windowIds[0]);
  assert.ok(start >= 0, `${label}: window starts with a known id`);
  assert.deepEqual(windowIds, expected.slice(start, start + windowIds.length), `${label}: window is a gap-free slice`);
  return start;
}

test("the feed scrolls through chunks of 20 with no gap or duplicate, drops old chunks and restores them", async () => {
  const { page, problems } = await openDemo("?view=feed&latency=0");
  await assertApis(page, ["InfiniteList"]);
  await feedIdle(page, 1);
  const target = 8;
  for (let guard = 0; guard < 60; guard++) {
    const count = await page.evaluate(() => window.__demo.feed.state.history.length);
    if (count >= target) break;
    await scrollFeed(page, "bottom");
    await page.waitForFunction((n) => window.__demo.feed.state.history.length > n || !window.__demo.feed.hasMore, count);
    await feedIdle(page);
  }
  const seen = await page.evaluate(() => ({
    chunks: window.__demo.feed.state.history.map((c) => c.ids),
    expected: window.__demo.feed.expectedIds(),
    window: window.__demo.feed.windowIds(),
    hasPrevious: window.__demo.feed.hasPrevious,
  }));
  assert.ok(seen.chunks.length >= target, `${seen.chunks.length} chunks loaded`);
  for (const chunk of seen.chunks) assert.equal(chunk.length, 20, "each load is filled to exactly 20 items");
  const loaded = seen.chunks.flat();
  assert.equal(new Set(loaded).size, loaded.length, "no duplicates");
  assert.deepEqual(loaded, seen.expected.slice(0, loaded.length), "no gaps: the loads are the table's matches in order");
  assert.ok(seen.window.length <= 4 * 20, "at most maxChunks chunks are kept");
  assert.ok(assertContiguous(seen.window, seen.expected, "after scrolling down") > 0, "old chunks were dropped");
  assert.ok(seen.hasPrevious);

  // Back to the top: every dropped chunk comes back from its kept cursor, in place.
  for (let guard = 0; guard < 30; guard++) {
    if (!(await page.evaluate(() => window.__demo.feed.hasPrevious))) break;
    const restored = await page.evaluate(() => window.__demo.feed.state.restored.length);
    await scrollFeed(page, "top");
    await page.waitForFunction((n) => window.__demo.feed.state.restored.length > n, restored);
    await feedIdle(page);
  }
  const back = await page.evaluate(() => ({
    window: window.__demo.feed.windowIds(),
    restored: window.__demo.feed.state.restored.length,
    hasPrevious: window.__demo.feed.hasPrevious,
  }));
  assert.equal(back.hasPrevious, false);
  assert.ok(back.restored >= target - 4, `${back.restored} chunks restored`);
  assert.equal(assertContiguous(back.window, seen.expected, "after scrolling up"), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the feed keeps its place across a reload (InfiniteList toString / from)", async () => {
  const { page, problems } = await openDemo("?view=feed&latency=0");
  await assertApis(page, ["InfiniteList"]);
  await feedIdle(page, 1);
  for (let guard = 0; guard < 40; guard++) {
    const count = await page.evaluate(() => window.__demo.feed.state.history.length);
    if (count >= 6) break;
    await scrollFeed(page, "bottom");
    await page.waitForFunction((n) => window.__demo.feed.state.history.length > n, count);
    await feedIdle(page);
  }
  const before = await page.evaluate(() => window.__demo.feed.windowIds());
  await page.reload();
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  await page.waitForFunction(() => {
    const feed = window.__demo.feed;
    return !feed.loading && !feed.state.restoring && feed.windowIds().length > 0;
  });
  const after = await page.evaluate(() => ({
    window: window.__demo.feed.windowIds(),
    expected: window.__demo.feed.expectedIds(),
    hasPrevious: window.__demo.feed.hasPrevious,
    loadedAfterReload: window.__demo.feed.state.history.length,
  }));
  assert.deepEqual(after.window, before, "the reload brings back exactly the same window");
  assert.equal(after.loadedAfterReload, 0, "nothing past the window was fetched");
  assertContiguous(after.window, after.expected, "after the reload");
  assert.equal(after.hasPrevious, true);
  // Scrolling on continues right after the window.
  const count = await page.evaluate(() => window.__demo.feed.state.history.length);
  await scrollFeed(page, "bottom");
  await page.waitForFunction((n) => window.__demo.feed.state.history.length > n, count);
  await feedIdle(page);
  assertContiguous(await page.evaluate(() => window.__demo.feed.windowIds()), after.expected, "after scrolling on");
  assert.equal(
    (await page.evaluate(() => window.__demo.feed.state.history[0].ids[0])),
    after.expected[after.expected.indexOf(before.at(-1)) + 1],
    "the first new chunk starts right after the restored window",
  );
  for (let guard = 0; guard < 30; guard++) {
    if (!(await page.evaluate(() => window.__demo.feed.hasPrevious))) break;
    const restored = await page.evaluate(() => window.__demo.feed.state.restored.length);
    await scrollFeed(page, "top");
    await page.waitForFunction((n) => window.__demo.feed.state.restored.length > n, restored);
    await feedIdle(page);
  }
  assert.equal(assertContiguous(await page.evaluate(() => window.__demo.feed.windowIds()), after.expected, "back at the top"), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test("with throttling on, the feed still loads every matching order once, retrying", async () => {
  const { page, problems } = await openDemo("?view=feed&latency=0&throttle=1");
  await assertApis(page, ["InfiniteList"]);
  await feedIdle(page, 1);
  await page.selectOption("#feed-filter", "returned");
  await feedIdle(page, 1);
  for (let guard = 0; guard < 40; guard++) {
    if (!(await page.evaluate(() => window.__demo.feed.hasMore))) break;
    const count = await page.evaluate(() => window.__demo.feed.state.history.length);
    await scrollFeed(page, "bottom");
    await page.waitForFunction((n) => window.__demo.feed.state.history.length > n || !window.__demo.feed.hasMore, count);
    await feedIdle(page);
  }
  const seen = await page.evaluate(() => ({
    loaded: window.__demo.feed.loadedIds(),
    expected: window.__demo.feed.expectedIds(),
    error: window.__demo.feed.state.error && String(window.__demo.feed.state.error),
    hasMore: window.__demo.feed.hasMore,
    throttled: window.__demo.log.totals.throttled,
    empty: window.__demo.log.totals.empty,
  }));
  assert.equal(seen.error, null);
  assert.equal(seen.hasMore, false);
  assert.deepEqual(seen.loaded, seen.expected, "every matching order, in order, once");
  assert.ok(seen.throttled > 0, "some requests were throttled and retried");
  assert.ok(seen.empty > 0, "some pages were empty and did not end the feed");
  assert.match(await page.textContent("#feed-status"), /End of the table/);
  assert.deepEqual(problems, []);
  await page.close();
});

const tableIdle = (page) => page.waitForFunction(() => window.__demo.table && !window.__demo.table.loading);
const tableState = (page) => page.evaluate(() => ({ page: window.__demo.table.page, ids: window.__demo.table.ids }));

test("table: Prev, Next, page numbers, reload and the Back button keep the position", async () => {
  const { page, problems } = await openDemo("?view=table&src=dynamodb&filter=shipped&size=10&latency=0");
  await assertApis(page, ["CursorStack"]);
  await tableIdle(page);
  const pages = [await tableState(page)];
  assert.equal(pages[0].page, 1);
  for (let n = 2; n <= 4; n++) {
    await page.click("#table-next");
    await tableIdle(page);
    pages.push(await tableState(page));
    assert.equal(pages.at(-1).page, n);
  }
  const expected = await page.evaluate(() => window.__demo.table.expectedIds());
  const walked = pages.flatMap((p) => p.ids);
  assert.deepEqual(walked, expected.slice(0, walked.length), "consecutive pages neither skip nor repeat rows");

  await page.click("#table-prev");
  await tableIdle(page);
  assert.deepEqual(await tableState(page), pages[2]);
  assert.match(page.url(), /[?&]pos=/);

  await page.reload();
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  await tableIdle(page);
  assert.deepEqual(await tableState(page), pages[2], "reload restores page 3");

  await page.goBack();
  await tableIdle(page);
  assert.deepEqual(await tableState(page), pages[3], "Back returns to page 4");
  await page.goBack();
  await tableIdle(page);
  assert.deepEqual(await tableState(page), pages[2], "Back again returns to page 3");

  await page.click("#table-pages button[aria-label='Page 1']");
  await tableIdle(page);
  assert.deepEqual(await tableState(page), pages[0]);
  await page.click("#table-pages button[aria-label='Page 3']");
  await tableIdle(page);
  assert.deepEqual(await tableState(page), pages[2]);
  await page.goBack();
  await tableIdle(page);
  assert.deepEqual(await tableState(page), pages[0]);
  assert.equal(await page.isDisabled("#table-prev"), true);

  // Everything runs in the tab: with the network gone, paging still works.
  await page.context().setOffline(true);
  await page.click("#table-next");
  await tableIdle(page);
  assert.deepEqual(await tableState(page), pages[1]);
  await page.context().setOffline(false);

  // A position copied into a URL for another query is refused (scope), not misapplied.
  const foreign = new URL(page.url());
  foreign.searchParams.set("filter", "cancelled");
  await page.goto(foreign.href);
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  await tableIdle(page);
  assert.match(await page.textContent("#table-notice"), /another query/);
  assert.equal((await tableState(page)).page, 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test("table: an EC2 NextToken older than 24 h is refused in plain words, and Start over recovers", async () => {
  const { page, problems } = await openDemo("?view=table&src=ec2&filter=running&size=25&latency=0");
  await assertApis(page, ["CursorStack"]);
  await tableIdle(page);
  await page.click("#table-next");
  await tableIdle(page);
  assert.equal((await tableState(page)).page, 2);
  await page.click("#clock-advance");
  await page.click("#table-next");
  await tableIdle(page);
  assert.match(await page.textContent("#table-notice"), /expired/);
  await page.click("#table-notice button");
  await tableIdle(page);
  const first = await tableState(page);
  assert.equal(first.page, 1);
  const expected = await page.evaluate(() => window.__demo.table.expectedIds());
  assert.deepEqual(first.ids, expected.slice(0, first.ids.length));
  assert.deepEqual(problems, []);
  await page.close();
});

test("inspector: a minted cursor decodes; an edited one is bad_signature; 25 h later it is expired", async () => {
  const { page, problems } = await openDemo("?view=inspector&latency=0");
  await assertApis(page, ["paginateKeyset", "CursorCodec"]);
  const code = () => page.textContent("#inspect-code");
  await page.click("#inspect-mint");
  assert.equal(await code(), "ok");
  assert.match(await page.textContent("#inspect-result"), /demo-2026/);
  const token = await page.inputValue("#inspect-token");
  assert.match(token, /^[A-Za-z0-9_-]+$/);

  await page.click("#inspect-tamper");
  assert.equal(await code(), "bad_signature");
  assert.match(await page.textContent("#inspect-result"), /changed the token/);

  await page.fill("#inspect-token", token);
  assert.equal(await code(), "ok");
  await page.selectOption("#inspect-scope", "returned");
  assert.equal(await code(), "scope_mismatch");
  await page.selectOption("#inspect-scope", "shipped");
  assert.equal(await code(), "ok");

  await page.click("#inspect-advance");
  assert.equal(await code(), "expired");
  assert.match(await page.textContent("#clock"), /\+25 h/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("tabs are reachable with the keyboard and every view renders without console errors", async () => {
  const { page, problems } = await openDemo("?view=feed&latency=0");
  await page.focus("#tab-feed");
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.evaluate(() => document.activeElement.id), "tab-table");
  assert.equal(await page.isVisible("#panel-table"), true);
  assert.match(page.url(), /view=table/);
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.isVisible("#panel-inspector"), true);
  await page.fill("#inspect-token", "not a token!");
  await page.check("input[name=inspect-codec][value=plain]");
  assert.equal(await page.textContent("#inspect-code"), "malformed");
  // A service's own token is not a pagecursor token; the inspector says what it is.
  const nextToken = await page.evaluate(async () => (await window.__demo.backend.describeInstances({ MaxResults: 5 })).NextToken);
  await page.fill("#inspect-token", nextToken);
  assert.equal(await page.textContent("#inspect-code"), "malformed");
  assert.match(await page.textContent("#inspect-result"), /EC2 service's own NextToken/);
  assert.deepEqual(problems, []);
  await page.close();
});
