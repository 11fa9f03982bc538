// Issue #16, "prefetch: 0 must be lazy" (API.md, "Precise semantics"): with prefetch 0
// nothing is requested until the consumer asks for the next page; with prefetch k >= 1 at most
// k requests are issued or in flight beyond the pages the consumer received or is awaiting,
// and request n+1 is issued before page n is handed over. Through the installed package.
import { test } from "node:test";
import assert from "node:assert/strict";
import { paginate } from "pagecursor";

// A chain of `n` pages of 2 items; page i is fetched with token `t${i}`. `log` records every
// request in order, with what the consumer had received when it was issued.
function api(n, log, state) {
  return async (token) => {
    const i = token === undefined ? 0 : Number(token.slice(1));
    log.push({ page: i, received: state.received, awaiting: state.awaiting });
    // A macrotask: a request in flight stays in flight while the consumer is elsewhere.
    await new Promise((r) => setImmediate(r));
    return { items: [2 * i, 2 * i + 1], next: i + 1 < n ? `t${i + 1}` : undefined };
  };
}

// Lets every timer, I/O callback and promise run: what the walk would issue on its own has
// been issued after this.
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

test("prefetch 0: two pages consumed and a break make exactly two requests", async () => {
  const log = [];
  const state = { received: 0, awaiting: false };
  const p = paginate(api(10, log, state), { items: "items", next: "next" });
  await settle();
  assert.equal(log.length, 0, "nothing is requested before the consumer asks");
  for await (const page of p) {
    state.received++;
    assert.ok(Array.isArray(page.items));
    // The consumer holds page n: nothing goes out until it asks for page n + 1.
    await settle();
    assert.equal(log.length, state.received, `requests while the consumer holds page ${state.received}`);
    if (state.received === 2) break;
  }
  await settle();
  assert.deepEqual(log.map((r) => r.page), [0, 1]);
  assert.equal(p.stats.requests, 2);
  assert.equal(p.stopReason, "aborted");
  assert.equal(typeof p.resumeToken, "string");
  // The resume token continues after page 1 (nothing lost by not prefetching).
  const rest = await paginate(api(10, [], { received: 0 }), { items: "items", next: "next", resumeToken: p.resumeToken }).toArray();
  assert.deepEqual(rest, Array.from({ length: 16 }, (_, i) => i + 4));
});

test("prefetch 0 with items(): the next page is requested when the consumer asks for the item after the last one", async () => {
  const log = [];
  const state = { received: 0, awaiting: false };
  const p = paginate(api(5, log, state), { items: "items", next: "next" });
  const it = p.items()[Symbol.asyncIterator]();
  for (let i = 0; i < 4; i++) {
    const r = await it.next();
    assert.equal(r.value, i);
    await settle();
    // Items 0, 1 are page 0; items 2, 3 page 1: the request for page 1 goes out only when
    // item 2 is asked for.
    assert.equal(log.length, i < 2 ? 1 : 2, `after item ${i}`);
  }
  await it.return();
  assert.equal(p.stats.requests, 2);
});

for (const k of [1, 2, 3]) {
  test(`prefetch ${k}: at most ${k} requests beyond what the consumer received or awaits; n+1 before page n is handed over`, async () => {
    const log = [];
    const state = { received: 0, awaiting: false };
    const n = 8;
    const p = paginate(api(n, log, state), { items: "items", next: "next", prefetch: k });
    await settle();
    assert.equal(log.length, 0, "nothing before the first next()");
    const it = p[Symbol.asyncIterator]();
    for (let got = 0; got < n; got++) {
      state.awaiting = true;
      const r = await it.next();
      state.awaiting = false;
      assert.equal(r.done, false);
      // Request n+1 (0-based page `got + 1`) was issued before page `got` was handed over.
      if (got + 1 < n) {
        assert.ok(log.some((q) => q.page === got + 1 && q.received <= got),
          `page ${got + 1} was requested before page ${got} was handed over`);
      }
      state.received++;
      await settle();
      // Requests issued beyond the pages received (the consumer awaits none now).
      const beyond = log.length - state.received;
      assert.ok(beyond <= k, `${beyond} requests beyond ${state.received} received pages (prefetch ${k})`);
      assert.equal(beyond, Math.min(k, n - state.received), "the window is used");
    }
    assert.equal((await it.next()).done, true);
    assert.equal(log.length, n);
  });
}

test("prefetch 1 and a break: the prefetched request is the only one beyond the pages received", async () => {
  const log = [];
  const state = { received: 0, awaiting: false };
  const p = paginate(api(10, log, state), { items: "items", next: "next", prefetch: 1 });
  for await (const page of p) {
    state.received++;
    assert.ok(page);
    await settle();
    if (state.received === 2) break;
  }
  await settle();
  assert.deepEqual(log.map((r) => r.page), [0, 1, 2]);
});
