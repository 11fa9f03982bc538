// InfiniteList.sentinel(): the rule a scroll-driven UI follows (docs/cursor-stack.md,
// "Sentinels"), through the installed package. The window decides; the UI only reports what
// its observers see. The Chromium side (a real wheel scroll) is tests/react/browser.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { InfiniteList, ready } from "pagecursor";

await ready;

// Pages of exactly 10 items, token = the page's index; 100 pages.
const requests = [];
const fetchPage = async (token) => {
  const i = typeof token === "number" ? token : 0;
  requests.push(i);
  return { items: Array.from({ length: 10 }, (_, k) => i * 10 + k), next_cursor: i + 1 < 100 ? i + 1 : undefined };
};
const list = (maxChunks) => new InfiniteList(fetchPage, { preset: "keyset", chunkItems: 10, maxChunks });
const load = (l, which) => (which === "more" ? l.loadMore() : l.loadPrevious());

test("a sentinel brought into view by a drop at its edge waits until it was out of view", async () => {
  const l = list(3);
  assert.equal(l.sentinel("more", true), "more");
  for (let i = 0; i < 4; i++) {
    await l.loadMore();
    // Reported again after the load, still in view: the next chunk (the viewport is not full).
    if (i < 3) assert.equal(l.sentinel("more", true), "more");
  }
  assert.equal(l.items[0], 10, "chunk 0 was dropped");
  // The new layout: the bottom sentinel out of view, the top one brought into view by the drop.
  assert.equal(l.sentinel("more", false), undefined);
  assert.equal(l.sentinel("previous", true), undefined, "held: no ping-pong");
  assert.equal(l.sentinel("previous", true), undefined, "still held");
  // The user scrolls away from it and back: it loads chunk 0 again, dropping chunk 3.
  assert.equal(l.sentinel("previous", false), undefined);
  assert.equal(l.sentinel("previous", true), "previous");
  await l.loadPrevious();
  assert.deepEqual([l.items[0], l.items.at(-1)], [0, 29]);
  // The bottom sentinel, brought into view by that drop, is held in turn; out and in again loads.
  assert.equal(l.sentinel("more", true), undefined);
  assert.equal(l.sentinel("more", false), undefined);
  assert.equal(l.sentinel("more", true), "more");
});

test("both in view: the sentinel after the items wins, and the list grows to its end", async () => {
  requests.length = 0;
  const l = list(2);
  l.sentinel("previous", true);
  let want = l.sentinel("more", true);
  let loads = 0;
  while (want !== undefined) {
    assert.equal(want, "more");
    await load(l, want);
    want = l.sentinel("more", true);
    assert.ok(++loads <= 100);
  }
  assert.equal(loads, 100);
  assert.equal(l.hasMore, false);
  assert.equal(l.sentinel("previous", true), undefined, "the top one stays held at the end");
  assert.deepEqual(requests, Array.from({ length: 100 }, (_, i) => i), "each page once");
});

test("nothing to start while a load runs or after one failed; reset() forgets the reports", async () => {
  let fail = false;
  const l = new InfiniteList(async (token) => {
    if (fail) throw Object.assign(new Error("HTTP 400"), { status: 400 });
    return fetchPage(token);
  }, { preset: "keyset", chunkItems: 10, maxChunks: 3 });
  const running = l.loadMore();
  assert.equal(l.sentinel("more", true), undefined, "a load runs");
  await running;
  assert.equal(l.sentinel("more", true), "more");
  fail = true;
  await assert.rejects(l.loadMore());
  assert.equal(l.sentinel("more", true), undefined, "the failed load is retry()'s");
  fail = false;
  await l.retry();
  assert.equal(l.sentinel("more", true), "more");
  // reset(): a new window, no report kept.
  l.reset();
  assert.equal(l.sentinel("previous", true), undefined, "nothing before the first chunk");
});

test("wrong arguments are TypeErrors with code invalid_argument; a freed list too", () => {
  const l = list(3);
  for (const [which, inView] of [["bottom", true], [undefined, true], [Symbol("more"), true], ["more", 1], ["more", undefined], ["previous", "yes"]]) {
    assert.throws(() => l.sentinel(which, inView), (e) => e instanceof TypeError && e.code === "invalid_argument", String(inView));
  }
  l.free();
  assert.throws(() => l.sentinel("more", true), TypeError);
});
