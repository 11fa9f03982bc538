// InfiniteList's error state, retry() and reset() through the installed package (issue #17):
// what a UI subscribed to a list sees when a load fails, and how it starts over.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { InfiniteList, PaginationError } from "pagecursor";

const HERE = dirname(fileURLToPath(import.meta.url));

const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);

/** Pages of 3, 0, 4, 0, 2 items… over 0..total (token = page index); `fail(n)` fails the next n. */
function api(total, sizes = [3, 0, 4, 0, 2]) {
  const pages = [];
  for (let start = 0, i = 0; start < total; i++) {
    const n = Math.min(sizes[i % sizes.length], total - start);
    pages.push(range(start, start + n));
    start += n;
  }
  const calls = [];
  let failing = 0;
  let gate; // when set, requests wait for it
  const fetchPage = async (token) => {
    calls.push(token);
    if (gate) await gate.promise;
    await new Promise((r) => setTimeout(r, 0));
    if (failing > 0) {
      failing--;
      throw Object.assign(new Error("HTTP 400 Bad Request"), { name: "ValidationException" });
    }
    const i = token ?? 0;
    return { items: pages[i] ?? [], next_cursor: i + 1 < pages.length ? i + 1 : undefined };
  };
  return {
    fetchPage,
    calls,
    fail: (n = 1) => (failing = n),
    hold() {
      let release;
      const promise = new Promise((r) => (release = r));
      gate = { promise };
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

const snapshot = (list) => ({ items: list.items.slice(), loading: list.loading, error: list.error, hasMore: list.hasMore });

test("a failed load sets error (heard once, already set), keeps the window; retry() loads that chunk", async () => {
  const a = api(40);
  const list = new InfiniteList(a.fetchPage, { preset: "keyset", chunkItems: 5 });
  const heard = [];
  list.subscribe(() => heard.push(snapshot(list)));
  assert.deepEqual(await list.loadMore(), range(0, 5));
  heard.length = 0;
  a.fail();
  const err = await list.loadMore().then(() => assert.fail("the load should reject"), (e) => e);
  assert.ok(err instanceof PaginationError);
  assert.equal(err.code, "fetch_failed");
  assert.equal(list.error, err);
  assert.equal(list.loading, false);
  assert.deepEqual(list.items, range(0, 5));
  // Started (loading, no error), then failed (not loading, the error): never "idle, no error".
  assert.deepEqual(
    heard.map((h) => [h.loading, h.error === undefined ? "none" : h.error.code]),
    [[true, "none"], [false, "fetch_failed"]],
  );
  heard.length = 0;
  assert.deepEqual(await list.retry(), range(5, 10));
  assert.equal(list.error, undefined);
  assert.deepEqual(list.items, range(0, 10));
  assert.deepEqual(heard.map((h) => h.loading), [true, false]);
  assert.ok(heard.every((h) => h.error === undefined));
});

test("retry() re-runs the load that failed: loadPrevious when it was", async () => {
  const a = api(60);
  const list = new InfiniteList(a.fetchPage, { preset: "keyset", chunkItems: 5, maxChunks: 2 });
  for (let i = 0; i < 4; i++) await list.loadMore();
  assert.deepEqual(list.items, range(10, 20));
  a.fail();
  await assert.rejects(list.loadPrevious(), { code: "fetch_failed" });
  assert.equal(list.error.code, "fetch_failed");
  assert.deepEqual(await list.retry(), range(5, 10));
  assert.deepEqual(list.items, range(5, 15));
});

test("retry() with no failed load resolves [] and requests nothing", async () => {
  const a = api(20);
  const list = new InfiniteList(a.fetchPage, { preset: "keyset", chunkItems: 5 });
  assert.deepEqual(await list.retry(), []);
  assert.equal(a.calls.length, 0);
  assert.deepEqual(list.items, []);
});

// In a child process: node:test reports an unhandled rejection as a failure of its own, and
// Node's default (--unhandled-rejections=throw) ends the process with code 1 on one.
function runChild(source) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", source], { cwd: HERE, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ code, out }));
  });
}
const failingList = `
import { InfiniteList } from "pagecursor";
const list = new InfiniteList(async () => { throw Object.assign(new Error("HTTP 400"), { name: "ValidationException" }); }, { preset: "keyset", chunkItems: 5 });
`;

test("a `void list.loadMore()` that fails is no unhandled rejection when the list has subscribers", async () => {
  const watched = await runChild(`${failingList}
list.subscribe(() => { if (list.error !== undefined) console.log("heard", list.error.code); });
void list.loadMore();
setTimeout(() => console.log("alive"), 50);`);
  assert.equal(watched.code, 0, watched.out);
  assert.match(watched.out, /heard fetch_failed\nalive/);

  // Without a subscriber nobody would hear of it: the rejection is the caller's, unhandled.
  const unwatched = await runChild(`${failingList}
void list.loadMore();
setTimeout(() => console.log("alive"), 50);`);
  assert.equal(unwatched.code, 1, unwatched.out);
  assert.match(unwatched.out, /fetch_failed/);
  assert.doesNotMatch(unwatched.out, /alive/);
});

test("a `void list.refresh()` that fails is no unhandled rejection when the list has subscribers, as loadMore", async () => {
  const watched = await runChild(`
import { InfiniteList } from "pagecursor";
let fail = false;
const list = new InfiniteList(async () => { if (fail) throw Object.assign(new Error("HTTP 503"), { name: "ServiceUnavailable" }); return { items: [1, 2] }; }, { preset: "keyset", chunkItems: 2 });
await list.loadMore();
list.subscribe(() => { if (list.error !== undefined) console.log("heard", list.error.code); });
fail = true;
void list.refresh("head");
setTimeout(() => { void list.refresh("window"); setTimeout(() => console.log("alive"), 50); }, 50);`);
  assert.equal(watched.code, 0, watched.out);
  assert.match(watched.out, /heard fetch_failed\n(heard fetch_failed\n)*alive/);
});

test("reset() starts over: window, cursors and error dropped, listeners notified", async () => {
  const a = api(40);
  const list = new InfiniteList(a.fetchPage, { preset: "keyset", chunkItems: 5, maxChunks: 2 });
  for (let i = 0; i < 3; i++) await list.loadMore();
  assert.equal(list.hasPrevious, true);
  a.fail();
  await assert.rejects(list.loadMore());
  let heard = 0;
  list.subscribe(() => heard++);
  list.reset();
  assert.equal(heard, 1);
  assert.deepEqual(list.items, []);
  assert.equal(list.error, undefined);
  assert.equal(list.hasMore, true);
  assert.equal(list.hasPrevious, false);
  assert.equal(list.loading, false);
  const before = a.calls.length;
  assert.deepEqual(await list.loadMore(), range(0, 5));
  assert.equal(a.calls[before], undefined, "the first chunk again, from the first page");
});

test("reset() during a load: that load rejects aborted, changes nothing, and its walk stops", async () => {
  const a = api(40);
  const list = new InfiniteList(a.fetchPage, { preset: "keyset", chunkItems: 9 });
  const release = a.hold();
  const stale = list.loadMore();
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(list.loading, true);
  list.reset();
  assert.equal(list.loading, false);
  const calls = a.calls.length;
  release();
  const err = await stale.then(() => assert.fail("a stale load must not resolve"), (e) => e);
  assert.ok(err instanceof PaginationError);
  assert.equal(err.code, "aborted");
  assert.match(err.message, /reset/);
  // The page in flight arrived; the walk asked for no page after it (chunkItems 9 needs 4 pages).
  assert.equal(a.calls.length, calls);
  assert.deepEqual(list.items, []);
  assert.equal(list.error, undefined);
  assert.deepEqual(await list.loadMore(), range(0, 9));
});

test("a stale load's rejection is handled even when nobody awaits it", async () => {
  const child = await runChild(`${failingList.replace("throw", "await new Promise((r) => setTimeout(r, 10)); throw")}
void list.loadMore();
list.reset();
setTimeout(() => console.log("alive", list.error), 50);`);
  assert.equal(child.code, 0, child.out);
  assert.match(child.out, /alive undefined/);
});

test("a second loadMore while in flight still returns the same promise; error and retry after from()", async () => {
  const a = api(40);
  const list = new InfiniteList(a.fetchPage, { preset: "keyset", chunkItems: 5 });
  const p = list.loadMore();
  assert.equal(list.loadMore(), p);
  await p;
  const state = list.toString();
  const restored = InfiniteList.from(state, a.fetchPage, { preset: "keyset", chunkItems: 5 });
  a.fail();
  await assert.rejects(restored.loadMore());
  assert.equal(restored.error.code, "fetch_failed");
  assert.deepEqual(await restored.retry(), range(5, 10));
  restored.reset();
  assert.deepEqual(await restored.loadMore(), range(0, 5), "reset starts at the beginning, not at the saved position");
});
