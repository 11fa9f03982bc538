// The scenarios that pagecursor/react and pagecursor/vue must pass alike, run by
// tests/react/browser.test.mjs against tests/react/app and by tests/vue/browser.test.mjs against
// tests/vue/app: two Vite production builds of the packed tarball, each rendering the same views
// (the same element ids) over the same services (tests/frameworks/service.js), in headless
// Chromium. One list, so that the two adapters cannot drift apart. Every wait is bounded (a
// hang fails at its bound); nothing is timed.
//   feed: exact chunks across empty pages; error, retry and reset; a key change;
//   window: the window cap (maxChunks) and scrolling back refetching identical chunks;
//   tight: previousSentinelRef's hysteresis with a viewport about the size of the window;
//   table: Back/Forward, reload and a shared link with `history`; a key change;
//   orders: 50 pages of signed DynamoDB keys in the URL, reload and Back over them;
//   links: the URL-state rule (useCursorStack never fails because of its own URL state);
//   posts: an optimistic edit with undo, and refresh("head") putting new posts on top;
//   restore: `restore` after a reload in the same tab: the window at once, no request for it,
//            the same item at the top;
//   deep, away: `restore` of a window whose early chunks were dropped (maxChunks 4, 150 items
//            down) after a navigation away and Back, with no back/forward cache, a banner above
//            the list taller when the page comes back;
//   anchor: rows going on top of the view or leaving from above it (loadPrevious, insert at
//            the start, remove, refresh("head")) never move the row at the top of the view, under
//            a header in a scrolling box or in the page, with the browser's scroll anchoring off;
//   snapshot, hydrate: a server render with `initial` hydrated before the wasm arrived: the
//            same items, no request for them, no hydration warning.
import assert from "node:assert/strict";

let browser; // playwright-core's, from tests/browser/harness.mjs
let site; // the app's server (tests/react/lib.mjs serveApp)

/** The browser and the app the scenarios run against. */
export function use(b, s) {
  browser = b;
  site = s;
}

export async function open(view, context) {
  const ctx = context ?? (await browser.newContext());
  const page = await ctx.newPage();
  const problems = [];
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console error: ${msg.text()}`));
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  await page.goto(`${site.url}?view=${view}`);
  return { ctx, page, problems };
}
export const text = (page, id) => page.locator(`#${id}`).textContent({ timeout: 15000 });
export const ids = (page) => page.locator("#items li").allTextContents();
export const until = (page, fn, arg) => page.waitForFunction(fn, arg, { timeout: 15000 });
export const range = (prefix, a, b) => Array.from({ length: b - a }, (_, i) => `${prefix}-${a + i}`);
// The row at the top of the view (the first whose bottom is below the top of the box, or of
// the window) and how far below that top it starts, in px.
const topRow = (page) =>
  page.evaluate(() => {
    const box = document.getElementById("box");
    const top = box ? box.getBoundingClientRect().top + box.clientTop : 0;
    for (const li of document.querySelectorAll("#items li")) {
      const r = li.getBoundingClientRect();
      if (r.bottom > top + 0.5) return { id: li.textContent, offset: r.top - top };
    }
  });
const settled = (page) => until(page, () => document.getElementById("status").textContent !== "loading");
// Where row `id` starts below the top of the box (or of the window), in px.
const offsetOf = (page, id) =>
  page.evaluate((id) => {
    const box = document.getElementById("box");
    const li = [...document.querySelectorAll("#items li")].find((e) => e.textContent === id);
    return li.getBoundingClientRect().top - (box ? box.getBoundingClientRect().top + box.clientTop : 0);
  }, id);
// Runs `change`, waits for `done`, and checks that the row at the top of the view before it is
// where it was within 2 px, also two frames later (past any scroll anchoring of the browser's
// own). Answers how far it moved.
// (A button is clicked through the DOM: Playwright's click would scroll it into view first.)
const press = (page, id) => page.evaluate((id) => document.getElementById(id).click(), id);
async function keepsTopRow(page, what, change, done) {
  const before = await topRow(page);
  await change();
  await until(page, done);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const after = await offsetOf(page, before.id);
  assert.ok(Math.abs(after - before.offset) <= 2, `${what}: ${before.id} moved from ${before.offset} px to ${after} px`);
  return Math.abs(after - before.offset);
}

/** [name, run] of each scenario. */
export const SCENARIOS = [
  ["useInfiniteList: the sentinel loads exact chunks over empty pages; error, retry; a new key starts over", async () => {
    const { ctx, page, problems } = await open("feed");
    try {
      await until(page, () => document.querySelectorAll("#items li").length === 10 && document.getElementById("status").textContent === "ready");
      assert.deepEqual(await ids(page), range("a", 0, 10));
      // Scrolling the box to its end shows the sentinel: the next chunk, exactly 10 more.
      await page.evaluate(() => (document.getElementById("box").scrollTop = 1e6));
      await until(page, () => document.querySelectorAll("#items li").length === 20 && document.getElementById("status").textContent === "ready");
      assert.deepEqual(await ids(page), range("a", 0, 20));

      // A failure: the error state, no page error (no unhandled rejection), then Retry.
      await page.evaluate(() => window.__api.fail(1));
      await page.evaluate(() => (document.getElementById("box").scrollTop = 1e6));
      await until(page, () => document.getElementById("status").textContent === "error");
      assert.equal(await text(page, "error"), "fetch_failed: HTTP 400 Bad Request");
      assert.equal((await ids(page)).length, 20, "a failed load leaves the items");
      await page.click("#retry");
      await until(page, () => document.querySelectorAll("#items li").length === 30 && document.getElementById("status").textContent === "ready");
      assert.deepEqual(await ids(page), range("a", 0, 30));

      // A new key (the filter): the list starts over with the new query's first chunk.
      await page.click("#filter-b");
      await until(page, () => document.getElementById("items").firstChild?.textContent === "b-0" && document.getElementById("status").textContent === "ready");
      assert.deepEqual(await ids(page), range("b", 0, 10));
      // reset() on the same key: the first chunk again.
      await page.evaluate(() => (document.getElementById("box").scrollTop = 1e6));
      await until(page, () => document.querySelectorAll("#items li").length === 20 && document.getElementById("status").textContent === "ready");
      await page.click("#reset");
      await until(page, () => document.querySelectorAll("#items li").length === 10 && document.getElementById("status").textContent === "ready");
      assert.deepEqual(await ids(page), range("b", 0, 10));
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }

  }],
  ["useInfiniteList with maxChunks: the top sentinel loads the dropped chunks again, identical", async () => {
    const { ctx, page, problems } = await open("window");
    const idle = () => until(page, () => document.getElementById("status").textContent === "ready");
    const window = async () => {
      const items = await ids(page);
      const first = Number(items[0].slice(2));
      assert.deepEqual(items, range("a", first, first + items.length), "the window is contiguous");
      return { first, length: items.length };
    };
    try {
      await idle();
      // Down until the first chunks were dropped.
      for (let i = 0; i < 20 && (await window()).first === 0; i++) {
        const last = (await ids(page)).at(-1);
        await page.evaluate(() => (document.getElementById("box").scrollTop = 1e6));
        await until(page, (last) => document.querySelector("#items li:last-child").textContent !== last && document.getElementById("status").textContent === "ready", last);
      }
      let now = await window();
      assert.ok(now.first > 0 && now.length === 30, `the window after scrolling down: ${JSON.stringify(now)}`);
      // Back up to the first item: each chunk comes back from its kept cursor.
      for (let i = 0; i < 30 && now.first > 0; i++) {
        const first = now.first;
        await page.evaluate(() => (document.getElementById("box").scrollTop = 0));
        await until(page, (first) => document.querySelector("#items li").textContent !== `a-${first}` && document.getElementById("status").textContent === "ready", first);
        now = await window();
        assert.equal(now.length, 30);
      }
      assert.equal(now.first, 0);
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }

  }],
  ["useInfiniteList with maxChunks 3 in a box about the window's height: a real wheel scroll down and back up never ping-pongs", async () => {
    const ctx = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const { page, problems } = await open("tight", ctx);
    const first = async () => Number((await page.locator("#items li").first().textContent()).slice(2));
    const settle = () => page.waitForTimeout(60);
    try {
      await until(page, () => document.getElementById("status").textContent === "ready");
      const box = await page.locator("#box").boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      // Down, a notch at a time (100 px), until the window starts at chunk 15.
      await page.evaluate(() => (window.__phase = "down"));
      for (let i = 0; i < 400 && (await first()) < 150; i++) {
        await page.mouse.wheel(0, 100);
        await settle();
      }
      assert.ok((await first()) >= 150, `scrolled down to item ${await first()}`);
      // Back up to the first item.
      await page.evaluate(() => (window.__phase = "up"));
      for (let i = 0; i < 400 && (await first()) > 0; i++) {
        await page.mouse.wheel(0, -100);
        await settle();
      }
      await until(page, () => document.getElementById("status").textContent === "ready");
      assert.equal(await first(), 0, "back at the first item");
      const log = await page.evaluate(() => window.__tight.log);
      const down = log.filter((r) => r.phase !== "up").map((r) => r.page);
      const up = log.filter((r) => r.phase === "up").map((r) => r.page);
      // Scrolling down asks only for later chunks, each once; scrolling up only for earlier ones.
      const last = down.at(-1);
      assert.deepEqual(down, Array.from({ length: last + 1 }, (_, i) => i), `down: ${down}`);
      assert.deepEqual(up, Array.from({ length: up.length }, (_, i) => last - 3 - i), `up: ${up}`);
      assert.equal(up.at(-1), 0);
      console.log(`# tight window: ${down.length} requests down to chunk ${last}, ${up.length} back up`);
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }

  }],
  ["useCursorStack with history: Back/Forward, reload and a shared link land on the same page; a new key starts over", async () => {
    const { ctx, page, problems } = await open("table");
    const shows = (n) => until(page, (n) => document.getElementById("page").textContent === String(n) && document.getElementById("status").textContent === "ready", n);
    try {
      await shows(1);
      assert.deepEqual(await ids(page), range("a", 0, 5));
      for (let n = 2; n <= 4; n++) {
        await page.click("#next");
        await shows(n);
      }
      assert.deepEqual(await ids(page), range("a", 15, 20), "pages of exactly 5 items over short and empty pages");
      assert.equal(await text(page, "visited"), "1-4");
      const link = page.url();
      assert.match(link, /[?&]nav=/);

      await page.goBack();
      await shows(3);
      assert.deepEqual(await ids(page), range("a", 10, 15));
      await page.goBack();
      await shows(2);
      assert.deepEqual(await ids(page), range("a", 5, 10));
      await page.goForward();
      await shows(3);
      assert.deepEqual(await ids(page), range("a", 10, 15));

      await page.reload();
      await shows(3);
      assert.deepEqual(await ids(page), range("a", 10, 15));
      assert.equal(await text(page, "visited"), "1-3");
      await page.click("#back");
      await shows(2);
      assert.deepEqual(await ids(page), range("a", 5, 10));

      // The link copied at page 4, opened in a fresh browser context (no history, no storage).
      const other = await browser.newContext();
      try {
        const shared = await other.newPage();
        await shared.goto(link);
        await until(shared, () => document.getElementById("page").textContent === "4" && document.getElementById("status").textContent === "ready");
        assert.deepEqual(await ids(shared), range("a", 15, 20));
        await shared.click("#next");
        await until(shared, () => document.getElementById("page").textContent === "5" && document.getElementById("status").textContent === "ready");
        assert.deepEqual(await ids(shared), range("a", 20, 25));
        // An edited link never shows another page. Its last characters may fall in bytes any
        // value of which reads (a plain state has no MAC: a resume token's content anchor ends
        // it), so that edit is the error state or the same page with the same rows.
        const edited = new URL(link);
        edited.searchParams.set("nav", edited.searchParams.get("nav").slice(0, -3) + "AAA");
        await shared.goto(edited.href);
        await until(shared, () => document.getElementById("status").textContent === "error" ||
          (document.getElementById("status").textContent === "ready" && document.getElementById("page").textContent === "4"));
        if (await text(shared, "status") === "ready") assert.deepEqual(await ids(shared), range("a", 15, 20));
        // An edit of what every state must spell (its version) is the error state, and reset()
        // starts over.
        edited.searchParams.set("nav", "B" + edited.searchParams.get("nav").slice(1));
        await shared.goto(edited.href);
        await until(shared, () => document.getElementById("status").textContent === "error");
        assert.match(await text(shared, "error"), /^(CursorError \w+|PaginationError bad_resume_token)$/);
        await shared.click("#reset");
        await until(shared, () => document.getElementById("page").textContent === "1" && document.getElementById("status").textContent === "ready");
        assert.deepEqual(await ids(shared), range("a", 0, 5));
        assert.equal(new URL(shared.url()).searchParams.has("nav"), false);
      } finally {
        await other.close();
      }

      // A new key (the filter) starts over on page 1 and drops the old query's position.
      await page.click("#filter-b");
      await until(page, () => document.querySelector("#items li")?.textContent === "b-0" && document.getElementById("status").textContent === "ready");
      assert.equal(await text(page, "page"), "1");
      assert.deepEqual(await ids(page), range("b", 0, 5));
      assert.equal(new URL(page.url()).searchParams.has("nav"), false);
      await page.click("#next");
      await shows(2);
      assert.deepEqual(await ids(page), range("b", 5, 10));
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }

  }],
  ["useCursorStack with maxDepth 50 and a signing codec: 50 pages of DynamoDB keys fit a 2,000-character URL; reload, then Back over all kept pages", async () => {
    const { ctx, page, problems } = await open("orders");
    const shows = (n) => until(page, (n) => document.getElementById("page")?.textContent === String(n) && document.getElementById("status").textContent === "ready", n);
    try {
      await shows(1);
      for (let n = 2; n <= 51; n++) {
        await page.click("#next");
        await shows(n);
      }
      assert.deepEqual(await ids(page), range("order", 500, 510));
      const nav = new URL(page.url()).searchParams.get("nav");
      assert.ok(nav.length <= 2000, `?nav= is ${nav.length} characters at page 51`);
      console.log(`# useCursorStack, 50 pages of DynamoDB keys, signed: ?nav= ${nav.length} characters`);
      await page.reload();
      await shows(51);
      assert.deepEqual(await ids(page), range("order", 500, 510));
      // maxDepth 50 keeps pages 2 to 51: Back reaches page 2, each page's rows exact.
      for (let n = 50; n >= 2; n--) {
        await page.click("#back");
        await shows(n);
        assert.deepEqual(await ids(page), range("order", 10 * (n - 1), 10 * n));
      }
      assert.equal(await page.locator("#back").isDisabled(), true);
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }

  }],
  ["useCursorStack with history, pageItems 10 over 128-character next URLs: past the codec's 4,096 characters it keeps the newest pages that fit; reload and Back over them", async () => {
    const { ctx, page, problems } = await open("links");
    const shows = (n) => until(page, (n) => document.getElementById("page")?.textContent === String(n) && document.getElementById("status").textContent === "ready", n);
    try {
      await shows(1);
      let longest = 0;
      // 50 pages: the state of every page kept would pass 4,096 characters at page 39.
      for (let n = 2; n <= 50; n++) {
        await page.click("#next");
        await until(page, (n) => document.getElementById("status").textContent === "error" ||
          (document.getElementById("page").textContent === String(n) && document.getElementById("status").textContent === "ready"), n);
        if ((await text(page, "status")) !== "ready") assert.fail(`page ${n}: ${await text(page, "error")}`);
        longest = Math.max(longest, new URL(page.url()).searchParams.get("nav").length);
      }
      assert.deepEqual(await ids(page), range("l", 490, 500));
      assert.ok(longest <= 4096, `?nav= reached ${longest} characters`);
      const [first, last] = (await text(page, "visited")).split("-").map(Number);
      assert.equal(last, 50);
      assert.ok(first > 1 && first < 40, `visited ${first}-${last}: the oldest pages were dropped, the newest kept`);
      console.log(`# useCursorStack, 128-character next URLs: ?nav= at most ${longest} characters, pages ${first}-${last} kept at page 50`);
      await page.reload();
      await shows(50);
      assert.deepEqual(await ids(page), range("l", 490, 500));
      // Back over every kept page, each page's rows exact, down to the oldest kept.
      for (let n = 49; n >= first; n--) {
        await page.click("#back");
        await shows(n);
        assert.deepEqual(await ids(page), range("l", 10 * (n - 1), 10 * n));
      }
      assert.equal(await page.locator("#back").isDisabled(), true);
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }
  }],
  ["useInfiniteList: an optimistic like shows at once and its undo puts it back when the service refuses; refresh(\"head\") puts new posts on top", async () => {
    const { ctx, page, problems } = await open("posts");
    try {
      await until(page, () => document.querySelectorAll("#items li").length === 8 && document.getElementById("status").textContent === "ready");
      assert.deepEqual(await ids(page), range("p", 33, 41).reverse());
      // The service refuses: the like shows at once, then the undo puts the post back.
      await page.evaluate(() => (window.__posts.failLikes = true));
      await page.click("#like");
      await until(page, () => document.querySelector("#items li").textContent === "p-40 liked");
      await until(page, () => document.querySelector("#items li").textContent === "p-40");
      // The service accepts: the like stays.
      await page.evaluate(() => (window.__posts.failLikes = false));
      await page.click("#like");
      await until(page, () => document.querySelector("#items li").textContent === "p-40 liked");
      await page.waitForTimeout(400); // past the service's answer: the like stays
      assert.equal(await page.locator("#items li").first().textContent(), "p-40 liked");
      // Two new posts on the service; pull to refresh: they go on top, nothing else moves.
      await page.evaluate(() => window.__posts.add(2));
      await page.click("#head");
      await until(page, () => document.querySelectorAll("#items li").length === 10);
      assert.deepEqual((await ids(page)).slice(0, 3), ["p-42", "p-41", "p-40 liked"]);
      assert.equal(await text(page, "first"), "-2");
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }
  }],
  ["useInfiniteList with restore: a reload in the same tab shows the saved window at once, with no request for its items, and the same row at the top; at the end of the feed too", async () => {
    const { ctx, page, problems } = await open("restore");
    try {
      await until(page, () => document.querySelectorAll("#items li").length === 8 && document.getElementById("status").textContent === "ready");
      for (const n of [16, 24]) {
        await page.evaluate(() => (document.getElementById("box").scrollTop = 1e6));
        await until(page, (n) => document.querySelectorAll("#items li").length >= n && document.getElementById("status").textContent === "ready", n);
      }
      const shown = await ids(page);
      await page.evaluate(() => (document.getElementById("box").scrollTop = 250));
      const top = await page.evaluate(() => document.getElementById("box").scrollTop);
      await page.reload();
      await until(page, (n) => document.querySelectorAll("#items li").length === n, shown.length);
      assert.deepEqual(await ids(page), shown);
      assert.equal(await page.evaluate(() => window.__api.requests), 0, "no request for the restored items");
      await until(page, (top) => Math.abs(document.getElementById("box").scrollTop - top) <= 2, top);
      // At the end of the feed (nothing more to load, the window a box of its own): the same.
      while ((await text(page, "status")) !== "done") {
        const n = (await ids(page)).length;
        await page.evaluate(() => (document.getElementById("box").scrollTop = 1e6));
        await until(page, (n) => document.querySelectorAll("#items li").length > n || document.getElementById("status").textContent === "done", n);
      }
      await page.evaluate(() => (document.getElementById("box").scrollTop = 415));
      const end = await ids(page);
      const before = await topRow(page);
      await page.reload();
      await until(page, (n) => document.querySelectorAll("#items li").length === n, end.length);
      assert.deepEqual(await ids(page), end);
      assert.equal(await text(page, "status"), "done");
      await until(page, (before) => {
        const box = document.getElementById("box");
        const li = [...document.querySelectorAll("#items li")].find((e) => e.textContent === before.id);
        return li && Math.abs(li.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop - before.offset) <= 2;
      }, before);
      assert.equal(await page.evaluate(() => window.__api.requests), 0, "no request at the end either");
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }
  }],
  ["useInfiniteList with restore and maxChunks 4, 150 items down: a navigation away and Back (no back/forward cache) shows the saved window at once, with no request for its items, and the same row at the top within 2 px, though the content above the list grew", async () => {
    const { ctx, page, problems } = await open("deep");
    try {
      await until(page, () => document.querySelectorAll("#items li").length === 10 && document.getElementById("status").textContent === "ready");
      while (!(await ids(page)).includes("a-150")) {
        const last = (await ids(page)).at(-1);
        await page.evaluate(() => (document.getElementById("box").scrollTop = 1e6));
        await until(page, (last) => document.querySelector("#items li:last-child").textContent !== last && document.getElementById("status").textContent === "ready", last);
      }
      const shown = await ids(page);
      assert.equal(shown.length, 40, "four chunks of 10");
      assert.equal(shown[0], "a-120", "the early chunks were dropped");
      // A row part-way out of the top of the view.
      await page.evaluate(() => (document.getElementById("box").scrollTop -= 95));
      await page.waitForTimeout(200);
      assert.deepEqual(await ids(page), shown, "no load while reading");
      const before = await topRow(page);
      const spent = await page.evaluate(() => window.__api.requests);
      // When the page comes back, a banner above the list is 50 px taller (a notice, an ad):
      // the saved scrollTop alone would leave every row 50 px lower.
      await page.evaluate(() => sessionStorage.setItem("banner", "50"));
      await page.goto(`${site.url}?view=away`);
      await until(page, () => document.getElementById("away") !== null);
      await page.goBack();
      await until(page, (n) => document.querySelectorAll("#items li").length === n, shown.length);
      const how = await page.evaluate(() => performance.getEntriesByType("navigation")[0].type);
      assert.equal(how, "back_forward", "a new document for Back, not one kept in the back/forward cache");
      assert.deepEqual(await ids(page), shown);
      await until(page, (before) => {
        const box = document.getElementById("box");
        const li = [...document.querySelectorAll("#items li")].find((e) => e.textContent === before.id);
        return li && Math.abs(li.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop - before.offset) <= 2;
      }, before);
      assert.deepEqual(await topRow(page).then((r) => r.id), before.id);
      assert.equal(await page.evaluate(() => window.__api.requests), 0, "no request for the restored items");
      console.log(`# restore: ${spent} requests to reach ${shown.at(-1)}, 0 after Back; ${before.id} at ${before.offset} px, then ${await offsetOf(page, before.id)} px`);
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }
  }],
  ...[["a scrolling box, the browser's scroll anchoring off", "&anchor=none"], ["a scrolling box, the browser's scroll anchoring on", ""], ["the page, the browser's scroll anchoring off", "&anchor=none&page"]].map(([where, query]) => [
    `useInfiniteList keeps the row at the top of the view within 2 px when rows go on top or leave from above (${where})`,
    async () => {
      // A deep link: the top sentinel, in view at once, loads the posts before the origin.
      // Where p-20 (the origin's first row) is after each change of the document, recorded
      // as soon as the change is made (a mutation observer's callback comes after the hook's
      // correction, before the browser paints).
      const context = await browser.newContext();
      await context.addInitScript(() => {
        window.__p20 = [];
        new MutationObserver(() => {
          const li = [...document.querySelectorAll("#items li")].find((e) => e.textContent === "p-20");
          const box = document.getElementById("box");
          if (li) window.__p20.push(li.getBoundingClientRect().top - (box ? box.getBoundingClientRect().top + box.clientTop : 0));
        }).observe(document, { childList: true, subtree: true });
      });
      const { ctx, page, problems } = await open(`anchor&at=20${query}`, context);
      const moved = [];
      try {
        await until(page, () => document.querySelector("#items li")?.textContent === "p-28");
        await settled(page);
        const p20 = await page.evaluate(() => window.__p20);
        assert.ok(p20.length >= 2, "p-20 recorded before and after the posts before it arrived");
        assert.ok(p20.every((y) => Math.abs(y - p20[0]) <= 2), `p-20 stays where it first showed while the posts before it go on top: ${p20.join(", ")} px`);
        moved.push(Math.max(...p20.map((y) => Math.abs(y - p20[0]))));
        // A row part-way out of the top of the view, then each change that adds or takes rows above it.
        await page.evaluate((inPage) => (inPage ? window.scrollBy(0, 95) : (document.getElementById("box").scrollTop += 95)), query.includes("page"));
        await settled(page);
        moved.push(await keepsTopRow(page, "loadPrevious", () => press(page, "previous"), () => document.querySelector("#items li").textContent === "p-36" && document.getElementById("status").textContent !== "loading"));
        moved.push(await keepsTopRow(page, "insert at the start", () => press(page, "insert"), () => document.querySelector("#items li").textContent === "n-0"));
        moved.push(await keepsTopRow(page, "remove above the view", () => press(page, "remove"), () => document.querySelector("#items li").textContent !== "n-0"));
        assert.deepEqual(problems, []);
      } finally {
        await ctx.close();
      }
      // Pull to refresh at the top of the feed: new posts go on top, the row in view stays.
      const fresh = await open(`anchor${query}`);
      try {
        await until(fresh.page, () => document.querySelectorAll("#items li").length >= 8);
        await settled(fresh.page);
        await fresh.page.evaluate((inPage) => (inPage ? window.scrollBy(0, 95) : (document.getElementById("box").scrollTop += 95)), query.includes("page"));
        await settled(fresh.page);
        await fresh.page.evaluate(() => window.__posts.add(3));
        moved.push(await keepsTopRow(fresh.page, "refresh(\"head\")", () => press(fresh.page, "head"), () => document.querySelector("#items li").textContent === "p-43"));
        assert.deepEqual(fresh.problems, []);
      } finally {
        await fresh.ctx.close();
      }
      console.log(`# top row moved (${where}): ${moved.map((m) => m.toFixed(1)).join(", ")} px`);
    },
  ]),
  ["useInfiniteList with initial: the server's markup hydrates before the wasm arrived, with the same items, no request for them and no hydration warning", async () => {
    const { ctx, page, problems } = await open("snapshot");
    try {
      await until(page, () => document.getElementById("done") !== null);
      const snapshot = JSON.parse(await page.evaluate(() => sessionStorage.getItem("snapshot")));
      await page.goto(`${site.url}?view=hydrate`);
      await until(page, (n) => document.querySelectorAll("#items li").length === n, snapshot.items.length);
      assert.deepEqual(await ids(page), snapshot.items.map((post) => post.id));
      // Opened in the middle: something before it, and more after.
      assert.deepEqual([snapshot.hasPrevious, snapshot.hasMore], [true, true]);
      assert.equal(await text(page, "edges"), "previous true, more true, first 0");
      // After the wasm arrived and the store started: still no request for the items shown.
      await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
      assert.equal(await page.evaluate(() => window.__api.requests), 0);
      assert.equal(await page.evaluate(() => window.__hydratedBeforeReady), true, "hydrated before the wasm was ready");
      assert.deepEqual(await ids(page), snapshot.items.map((post) => post.id));
      assert.equal(await text(page, "edges"), "previous true, more true, first 0");
      assert.deepEqual(problems, []);
    } finally {
      await ctx.close();
    }
  }],
];
