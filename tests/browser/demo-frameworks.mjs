// The checks both demo framework pages pass (tests/browser/demo-react.test.mjs runs them on the
// React page, demo-vue.test.mjs on the Vue page: the same markup, ids and demo service), in
// headless Chromium: the feed (useInfiniteList) loads every matching order once and in order
// while it is scrolled to the end of eight chunks and back up, with no gap and no duplicate; a
// like, its undo when the service refuses it, Refresh and pull-to-refresh; Back restoring the
// window and the row at the top of the view; the table (useCursorStack, history "push") keeps
// its page across Next, the Back button and a reload; no console error and no request leaves
// 127.0.0.1. The main demo's link to the page is checked too.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, open } from "./harness.mjs";
import { serve } from "../../scripts/serve.mjs";
import { ROOT } from "./harness.mjs";
import { createBackend } from "../../www/fake-api.js";


/**
 * Registers the tests of one demo page: `name` as the tests say it, `path` where it is served
 * (/www/<path>/, its link on the main demo #<path>-link), `build` its Vite build, `global` the
 * object on `window` where it records its windows and requests.
 */
export function demoPageTests({ name, path, build, global }) {
  let browser;
  let server;
  let base;

  before(async () => {
    const out = await build();
    browser = await launch();
    ({ server, url: base } = await serve({ mounts: { [`/www/${path}/`]: out, "/www/": `${ROOT}www`, "/pkg/": `${ROOT}pkg` } }));
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  // The same table the page builds (seed 2026): what a complete walk must show.
  const backend = createBackend({ seed: 2026 });

  // `where`: the browser, or a context of it (one with touch).
  async function openPage(query = "", where = browser) {
    const { page, problems } = await open(where, `${base}www/${path}/${query}`);
    page.on("request", (req) => {
      if (!req.url().startsWith(base) && !req.url().startsWith("data:")) problems.push(`external request: ${req.url()}`);
    });
    return { page, problems };
  }
  const wait = (page, fn, arg) => page.waitForFunction(fn, arg, { timeout: 20000 });
  // Two frames: the sentinels' observers report where the last load's layout put them (a reader
  // does not scroll 3,000 px within the frame a load ends in).
  const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const feedIds = (page) => page.locator("#feed-items [data-id]").evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.id)));
  const tableIds = (page) => page.locator("#table-body [data-id]").evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.id)));
  const feedReady = () => document.getElementById("feed-status")?.textContent === "ready";
  // Scrolls the feed's box to its end until the window shows the `n`th matching order.
  async function scrollDownTo(page, expected, n) {
    for (let i = 0; i < 40; i++) {
      const ids = await feedIds(page);
      if (expected.indexOf(ids.at(-1)) + 1 >= n) return;
      await page.evaluate(() => {
        const box = document.getElementById("feed-list");
        box.scrollTop = box.scrollHeight;
      });
      await wait(page, (last) => {
        const ids = [...document.querySelectorAll("#feed-items [data-id]")];
        return document.getElementById("feed-status").textContent === "ready" && ids.at(-1)?.dataset.id !== String(last);
      }, ids.at(-1));
      await frames(page);
    }
    assert.fail(`the feed did not reach order ${n}`);
  }
  // The row at the top of the feed's view (the first whose bottom is below the top of the box)
  // and how far below that top it starts, in px (negative: part-way out of the view).
  const topRow = (page) =>
    page.evaluate(() => {
      const box = document.getElementById("feed-list");
      const top = box.getBoundingClientRect().top + box.clientTop;
      for (const li of document.querySelectorAll("#feed-items li")) {
        const r = li.getBoundingClientRect();
        if (r.bottom > top + 0.5) return { id: Number(li.dataset.id), offset: r.top - top };
      }
    });
  // Where order `id` starts below the top of the feed's box, in px (NaN when it is not shown).
  const offsetOf = (page, id) =>
    page.evaluate((id) => {
      const box = document.getElementById("feed-list");
      const li = document.querySelector(`#feed-items [data-id="${id}"]`);
      return li ? li.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop : NaN;
    }, id);

  test(`${name} feed: eight chunks of 20 down and back up, every matching order once, in order, at most 4 chunks shown`, async () => {
    const { page, problems } = await openPage("?latency=0");
    try {
      const expected = backend.expectedOrderIds("cancelled");
      await wait(page, () => document.getElementById("feed-status").textContent === "ready");
      assert.deepEqual(await feedIds(page), expected.slice(0, 20));
      // The reader scrolls the page to the feed first: its sentinels load only when they are in
      // the viewport, not only in the box's own scroll view.
      await page.locator("#feed-list").scrollIntoViewIfNeeded();
      let last = 20;
      // Down: scroll the box to its end until the window reaches the eighth chunk.
      for (let i = 0; i < 40 && last < 160; i++) {
        await page.evaluate(() => {
          const box = document.getElementById("feed-list");
          box.scrollTop = box.scrollHeight;
        });
        await wait(page, (n) => {
          const ids = [...document.querySelectorAll("#feed-items [data-id]")];
          return document.getElementById("feed-status").textContent === "ready" && ids.length > 0 && ids.at(-1).dataset.id !== String(n);
        }, expected[last - 1]);
        await frames(page);
        const ids = await feedIds(page);
        last = expected.indexOf(ids.at(-1)) + 1;
      }
      assert.ok(last >= 160, `reached order ${last}`);
      // Every window the page rendered: a gap-free slice of the matching orders, at most 4
      // chunks, and together every order up to the furthest one, none skipped.
      const windows = await page.evaluate((g) => window[g].windows, global);
      const seen = new Set();
      for (const ids of windows) {
        const start = expected.indexOf(ids[0]);
        assert.deepEqual(ids, expected.slice(start, start + ids.length), "a window is a gap-free slice");
        assert.ok(ids.length <= 80, `at most maxChunks × chunkItems orders: ${ids.length}`);
        for (const id of ids) seen.add(id);
      }
      assert.deepEqual([...seen].sort((a, b) => a - b), expected.slice(0, seen.size), "nothing skipped on the way down");
      assert.ok(seen.size >= last);
      // Up: the dropped chunks come back from their cursors, identical. At scrollTop 0 the browser
      // does not anchor, so the top sentinel stays in view and its loads chain to the start while
      // the test looks: the first item is read once per step (read twice, the chain could reach
      // the start between the reads, and the wait would be for a change that never comes).
      for (let i = 0; i < 40; i++) {
        const first = (await feedIds(page))[0];
        if (first === expected[0]) break;
        await page.evaluate(() => (document.getElementById("feed-list").scrollTop = 0));
        await wait(page, (n) => {
          const ids = [...document.querySelectorAll("#feed-items [data-id]")];
          return document.getElementById("feed-status").textContent === "ready" && ids[0]?.dataset.id !== String(n);
        }, first);
        await frames(page);
        const ids = await feedIds(page);
        const start = expected.indexOf(ids[0]);
        assert.deepEqual(ids, expected.slice(start, start + ids.length), "the window is a gap-free slice on the way up");
      }
      assert.equal((await feedIds(page))[0], expected[0]);
      // A bounded number of requests: no ping-pong between the sentinels.
      const requests = await page.evaluate((g) => window[g].requests.feed, global);
      const pagesForAll = backend.table.length / 25;
      assert.ok(requests < 3 * pagesForAll, `${requests} Scan requests`);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  test(`${name} table: pages of exactly 10, Next, Back button and reload land on the same page; the state in ?nav=`, async () => {
    const { page, problems } = await openPage("?latency=0");
    const shows = (n) => wait(page, (n) => document.getElementById("table-page")?.textContent === String(n) && ["ready", "done"].includes(document.getElementById("table-status").textContent), n);
    try {
      const expected = backend.expectedOrderIds(undefined);
      await shows(1);
      assert.deepEqual(await tableIds(page), expected.slice(0, 10));
      for (let n = 2; n <= 6; n++) {
        await page.click("#table-next");
        await shows(n);
        assert.deepEqual(await tableIds(page), expected.slice(10 * (n - 1), 10 * n), `page ${n}`);
      }
      const url = new URL(page.url());
      assert.ok(url.searchParams.get("nav"), "the stack is in ?nav=");
      assert.equal(await page.locator("#table-nav-length").textContent(), String(url.searchParams.get("nav").length));
      await page.goBack();
      await shows(5);
      assert.deepEqual(await tableIds(page), expected.slice(40, 50));
      await page.reload();
      await shows(5);
      assert.deepEqual(await tableIds(page), expected.slice(40, 50));
      await page.click("#table-prev");
      await shows(4);
      assert.deepEqual(await tableIds(page), expected.slice(30, 40));
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  test(`${name} feed: a like shows at once and stays; one the service refuses is undone; Refresh keeps the orders`, async () => {
    const { page, problems } = await openPage();
    await wait(page, () => document.querySelectorAll("#feed-items [data-id]").length >= 20);
    const ids = await feedIds(page);
    const kept = ids.find((id) => id % 5 !== 0);
    const refused = ids.find((id) => id % 5 === 0);
    const button = (id) => page.locator(`#feed-items [data-id="${id}"] .like`);
    await button(kept).click();
    assert.equal(await button(kept).textContent(), "♥");
    await button(refused).click();
    assert.equal(await button(refused).textContent(), "♥", "optimistic: at once");
    await wait(page, (id) => document.querySelector(`#feed-items [data-id="${id}"] .like`).textContent === "♡", refused);
    assert.match(await page.locator("#feed-notice").textContent(), /refused/);
    assert.equal(await button(kept).textContent(), "♥");
    await page.click("#feed-refresh");
    await wait(page, () => document.getElementById("feed-status").textContent === "ready");
    assert.deepEqual((await feedIds(page)).slice(0, ids.length), ids);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`${name} feed: after a navigation away and Back, the same orders show with no request for them and the same row at the top of the view`, async () => {
    const { page, problems } = await openPage("?latency=0");
    try {
      const expected = backend.expectedOrderIds("cancelled");
      await wait(page, feedReady);
      await page.locator("#feed-list").scrollIntoViewIfNeeded();
      // Six chunks down: maxChunks 4 dropped the first two, which Back must not fetch either.
      await scrollDownTo(page, expected, 120);
      const shown = await feedIds(page);
      assert.equal(shown.length, 80, "four chunks of 20");
      assert.ok(expected.indexOf(shown[0]) >= 20, `the early chunks were dropped: the window starts at order ${shown[0]}`);
      // A row in the middle of the window, half out of the top of the view: neither sentinel is
      // in view, so nothing loads while the reader reads.
      await page.evaluate(() => {
        const box = document.getElementById("feed-list");
        const rows = box.querySelectorAll("#feed-items li");
        const row = rows[Math.floor(rows.length / 2)];
        box.scrollTop += row.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop + row.offsetHeight / 2;
      });
      await frames(page);
      assert.deepEqual(await feedIds(page), shown, "no load while reading");
      const before = await topRow(page);
      assert.ok(before.offset < -1, `order ${before.id} is part-way out of the view: ${before.offset} px`);
      const spent = await page.evaluate((g) => window[g].requests.feed, global);
      // Away to the main demo by its link, a real navigation, and Back: Playwright's Chromium
      // has no back/forward cache, so Back makes a new document that starts from nothing but
      // what the page saved.
      await page.click("a.see");
      await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready", null, { timeout: 20000 });
      assert.match(page.url(), /\/www\/$/);
      await page.goBack();
      await wait(page, (n) => document.querySelectorAll("#feed-items li").length === n, shown.length);
      const how = await page.evaluate(() => performance.getEntriesByType("navigation")[0].type);
      assert.equal(how, "back_forward", "a new document for Back, not one kept in the back/forward cache");
      assert.deepEqual(await feedIds(page), shown);
      await wait(page, (before) => {
        const box = document.getElementById("feed-list");
        const li = document.querySelector(`#feed-items [data-id="${before.id}"]`);
        return li && Math.abs(li.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop - before.offset) <= 2;
      }, before);
      await frames(page);
      const after = await topRow(page);
      assert.equal(after.id, before.id, "the same row at the top of the view");
      assert.ok(Math.abs(after.offset - before.offset) <= 2, `order ${before.id} at ${before.offset} px, then ${after.offset} px`);
      assert.equal(await page.evaluate((g) => window[g].requests.feed, global), 0, "no request for the restored orders");
      assert.deepEqual(await feedIds(page), shown, "and none loaded since");
      // The reader scrolls up: the chunks before the window load again from their cursors.
      await page.evaluate(() => (document.getElementById("feed-list").scrollTop = 0));
      await wait(page, (first) => document.getElementById("feed-status").textContent === "ready" && document.querySelector("#feed-items [data-id]").dataset.id !== String(first), shown[0]);
      assert.equal((await feedIds(page))[0], expected[expected.indexOf(shown[0]) - 20], "the chunk before the window");
      console.log(`# ${name} demo, Back: ${spent} Scan requests to reach order ${shown.at(-1)} (window ${shown[0]}..${shown.at(-1)}), 0 after Back; order ${before.id} at ${before.offset.toFixed(1)} px, then ${after.offset.toFixed(1)} px`);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  // A finger on the screen: CDP's touch events go through the browser's input handling as a
  // touch screen's do (trusted, and able to scroll), in a page whose context has touch.
  const touch = (cdp, type, at, timestamp) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [], timestamp });
  // Puts a finger down at `at`, drags it `dy` px down in 8 moves 30 ms apart (the events' own
  // times) and waits for the hint to say `hint`; then holds it still and lifts it, as a reader who
  // waits for the hint does. (Lifted while moving, the finger would fling the box on upward, and
  // the fling would carry on past the scroll that keeps the row in view once new rows are in.)
  async function pull(page, cdp, at, dy, hint) {
    const t0 = Date.now() / 1000;
    await touch(cdp, "touchStart", at, t0);
    for (let i = 1; i <= 8; i++) await touch(cdp, "touchMove", { x: at.x, y: at.y + (dy * i) / 8 }, t0 + 0.03 * i);
    await wait(page, (hint) => {
      const p = document.getElementById("feed-pull");
      return !p.hidden && p.textContent === hint;
    }, hint);
    await touch(cdp, "touchMove", { x: at.x, y: at.y + dy }, t0 + 0.5);
    await touch(cdp, "touchEnd", undefined, t0 + 0.55);
    await wait(page, () => document.getElementById("feed-pull").hidden);
  }

  test(`${name} feed: pulled down from its top, the feed puts the orders placed meanwhile on top and the row in view stays where it was; a short pull loads nothing`, async () => {
    const context = await browser.newContext({ hasTouch: true });
    const { page, problems } = await openPage("?latency=0", context);
    try {
      await wait(page, () => document.querySelectorAll("#feed-items [data-id]").length === 20 && document.getElementById("feed-status").textContent === "ready");
      const ids = await feedIds(page);
      await page.locator("#feed-list").scrollIntoViewIfNeeded();
      const cdp = await context.newCDPSession(page);
      const box = await page.locator("#feed-list").boundingBox();
      const finger = { x: box.x + box.width / 2, y: box.y + 40 };
      const requests = () => page.evaluate((g) => window[g].requests.feed, global);
      const before = await topRow(page);
      // A pull shorter than the threshold: the hint asks for more, and lifting loads nothing.
      const spent = await requests();
      await pull(page, cdp, finger, 40, "Pull down to refresh");
      await frames(page);
      assert.equal(await requests(), spent, "a short pull loads nothing");
      assert.deepEqual(await feedIds(page), ids);
      // Three orders placed on the service (they match the filter), then a full pull.
      await page.evaluate(() => document.getElementById("feed-place").click());
      const placed = createBackend({ seed: 2026 }).placeOrders(3, { status: "cancelled" });
      await pull(page, cdp, finger, 120, "Release to refresh");
      await wait(page, (n) => document.querySelectorAll("#feed-items [data-id]").length === n && document.getElementById("feed-status").textContent === "ready", ids.length + 3);
      await frames(page);
      assert.deepEqual(await feedIds(page), [...placed, ...ids], "the new orders on top of the ones shown");
      const after = await topRow(page);
      assert.equal(after.id, before.id, "the same row at the top of the view");
      assert.ok(Math.abs(after.offset - before.offset) <= 2, `order ${before.id} at ${before.offset} px, then ${after.offset} px`);
      console.log(`# ${name} demo, pull: a 40 px pull made 0 requests; a 120 px pull put orders ${placed.join(", ")} on top in ${(await requests()) - spent} Scan requests; order ${before.id} at ${before.offset.toFixed(1)} px, then ${after.offset.toFixed(1)} px`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test(`the main demo links to the ${name} page`, async () => {
    const { page, problems } = await open(browser, `${base}www/`);
    try {
      await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
      await page.click(`a#${path}-link`);
      await wait(page, () => document.getElementById("feed-status")?.textContent === "ready");
      assert.match(page.url(), new RegExp(`/www/${path}/$`));
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
}
