// Loading never blocks (API.md "Package"): the browser entry has no top-level await; before its
// wasm arrived, constructors of CursorStack and InfiniteList and paginate() work, their
// asynchronous calls wait, and synchronous calls throw CursorError `not_ready` saying what to
// await. Each scenario runs `pagecursor/web` in its own Node process (the load state belongs to
// the process), with `fetch` replaced so that the test decides when the .wasm arrives.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname } from "node:path";

const HERE = dirname(fileURLToPath(import.meta.url));

// Runs `body` (an async function's source, given `lib`, `release()` and `fail(err)`) after
// importing pagecursor/web with a held fetch of its .wasm; resolves to what body returned.
function scenario(body) {
  const source = `
    import { readFileSync } from "node:fs";
    import { createRequire } from "node:module";
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve("pagecursor/pagecursor_bg.wasm");
    let release, fail, fetched = 0;
    const held = new Promise((res, rej) => {
      release = () => res(new Response(readFileSync(wasmPath), { headers: { "content-type": "application/wasm" } }));
      fail = (err) => rej(err);
    });
    globalThis.fetch = (url) => { fetched++; return held; };
    const lib = await import("pagecursor/web");
    const out = await (${body})(lib, () => release(), (e) => fail(e), () => fetched);
    process.stdout.write(JSON.stringify(out));
  `;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--input-type=module", "-e", source], { cwd: HERE, timeout: 30000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${err.message}\n${stderr}`));
      resolve(JSON.parse(stdout));
    });
  });
}

test("before the wasm arrived: synchronous calls are not_ready and say to await ready", async () => {
  const out = await scenario(`async (lib, release, fail, fetched) => {
    const seen = {};
    const code = (f) => { try { f(); return "ok"; } catch (e) { return e.name + ":" + (e.code ?? "") + ":" + (e instanceof lib.CursorError); } };
    seen.fetchedAtImport = fetched();
    seen.encode = code(() => lib.encodeCursor(1));
    seen.decode = code(() => lib.decodeCursor("x"));
    seen.offset = code(() => lib.offsetPage({ total: 1, page: 1, limit: 1 }));
    seen.keyset = code(() => lib.paginateKeyset([], { keys: ["id"], limit: 1 }));
    seen.codec = code(() => new lib.CursorCodec());
    seen.stackFrom = code(() => lib.CursorStack.from("x"));
    seen.listFrom = code(() => lib.InfiniteList.from("x", async () => ({})));
    try { lib.encodeCursor(1); } catch (e) { seen.message = e.message; }
    release();
    await lib.ready;
    seen.afterReady = lib.decodeCursor(lib.encodeCursor({ a: 1 })).value.a;
    seen.init = (await lib.init()) === undefined && lib.init() === lib.ready;
    return seen;
  }`);
  assert.equal(out.fetchedAtImport, 1, "the import starts fetching the wasm at once");
  for (const k of ["encode", "decode", "offset", "keyset", "codec", "stackFrom", "listFrom"]) {
    assert.equal(out[k], "CursorError:not_ready:true", k);
  }
  assert.match(out.message, /^encodeCursor ran before .*`await ready`/);
  assert.equal(out.afterReady, 1);
  assert.equal(out.init, true);
});

test("before the wasm arrived: a CursorStack is built and answers page 1; its moves are not_ready, then work", async () => {
  const out = await scenario(`async (lib, release) => {
    const st = new lib.CursorStack({ maxDepth: 5 });
    const before = { page: st.page, current: st.current ?? null, hasPrevious: st.hasPrevious, hasNext: st.hasNext };
    let record;
    try { st.record("t2"); } catch (e) { record = e.code; }
    release();
    await lib.ready;
    st.record("t2");
    const token = st.forward();
    return { before, record, token, page: st.page, maxDepth: st.maxDepth, instance: st instanceof lib.CursorStack };
  }`);
  assert.deepEqual(out.before, { page: 1, current: null, hasPrevious: false, hasNext: false });
  assert.equal(out.record, "not_ready");
  assert.deepEqual([out.token, out.page, out.maxDepth, out.instance], ["t2", 2, 5, true]);
});

test("before the wasm arrived: an InfiniteList is built, reports loading, and its first load waits and then fills", async () => {
  const out = await scenario(`async (lib, release) => {
    const pages = { undefined: { items: [1, 2, 3], next: "b" }, b: { items: [4, 5], next: undefined } };
    const list = new lib.InfiniteList(async (token) => pages[token], { items: "items", next: "next", chunkItems: 4 });
    const notes = [];
    const unsubscribe = list.subscribe(() => notes.push(list.loading));
    const before = { items: list.items.length, hasMore: list.hasMore, hasPrevious: list.hasPrevious, loading: list.loading };
    const load = list.loadMore();
    const loadingWhileWaiting = list.loading;
    let state;
    try { String(list); } catch (e) { state = e.code; }
    await new Promise((r) => setTimeout(r, 20));
    release();
    const first = await load;
    const second = await list.loadMore();
    unsubscribe();
    return { before, loadingWhileWaiting, state, first, second, items: list.items, hasMore: list.hasMore, heardLoading: notes.includes(true), heardDone: notes.at(-1) === false };
  }`);
  assert.deepEqual(out.before, { items: 0, hasMore: true, hasPrevious: false, loading: false });
  assert.equal(out.loadingWhileWaiting, true);
  assert.equal(out.state, "not_ready");
  assert.deepEqual(out.first, [1, 2, 3, 4]);
  assert.deepEqual(out.second, [5]);
  assert.deepEqual(out.items, [1, 2, 3, 4, 5]);
  assert.equal(out.hasMore, false);
  assert.equal(out.heardLoading && out.heardDone, true, "subscribers heard the early load start and end");
});

test("before the wasm arrived: a list built with `initial` answers the snapshot's items, firstIndex, hasMore and hasPrevious, as it does once the wasm is there", async () => {
  // A list opened in the middle and loaded to the end: a previous chunk, no more.
  const { InfiniteList } = await import("pagecursor");
  const pages = { p1: { items: [{ id: 3 }, { id: 4 }], previousCursor: "p0" } };
  const made = new InfiniteList(async (token) => pages[token], { preset: "keyset", itemKey: "id", chunkItems: 2, startToken: "p1" });
  await made.loadMore();
  const snapshot = made.snapshot();
  assert.deepEqual({ hasMore: snapshot.hasMore, hasPrevious: snapshot.hasPrevious }, { hasMore: false, hasPrevious: true });
  const out = await scenario(`async (lib, release) => {
    const list = new lib.InfiniteList(async () => ({ items: [] }), { preset: "keyset", itemKey: "id", chunkItems: 2, initial: JSON.parse(${JSON.stringify(JSON.stringify(snapshot))}) });
    const read = () => ({ items: list.items.map((i) => i.id), firstIndex: list.firstIndex, hasMore: list.hasMore, hasPrevious: list.hasPrevious });
    const before = read();
    release();
    await lib.ready;
    return { before, after: read() };
  }`);
  assert.deepEqual(out.before, { items: [3, 4], firstIndex: 0, hasMore: false, hasPrevious: true }, "a hydrating render shows what the server rendered");
  assert.deepEqual(out.after, out.before);
});

test("before the wasm arrived: paginate() returns at once and the walk waits; an option error rejects the first next()", async () => {
  const out = await scenario(`async (lib, release) => {
    const pages = { undefined: { items: [1], next: "b" }, b: { items: [], next: "c" }, c: { items: [2], next: undefined } };
    let requests = 0;
    const walk = lib.paginate(async (token) => (requests++, pages[token]), { items: "items", next: "next" });
    const early = { stopReason: walk.stopReason ?? null, lastSegment: walk.lastSegment ?? null };
    let stats;
    try { walk.stats; } catch (e) { stats = e.code; }
    const bad = lib.paginate(async () => ({}), { items: "items", next: "next", maxItems: -1 });
    const badFirst = bad[Symbol.asyncIterator]().next().then(() => "resolved", (e) => e.name + ":" + e.code);
    const all = walk.items().next();
    await new Promise((r) => setTimeout(r, 20));
    const requestsBeforeWasm = requests;
    release();
    const first = await all;
    const rest = [];
    for await (const item of walk.items()) rest.push(item);
    const left = lib.paginate(async () => { throw new Error("never"); }, { items: "items", next: "next" });
    // Leaving before the wasm is there: nothing is fetched (here the wasm is there; see the doc).
    return { early, stats, badFirst: await badFirst, requestsBeforeWasm, first: first.value, rest, stopReason: walk.stopReason, requests };
  }`);
  assert.deepEqual(out.early, { stopReason: null, lastSegment: null });
  assert.equal(out.stats, "not_ready");
  assert.equal(out.badFirst, "RangeError:invalid_argument");
  assert.equal(out.requestsBeforeWasm, 0, "nothing is fetched before the walk can run");
  assert.equal(out.first, 1);
  assert.deepEqual(out.rest, [2]);
  assert.equal(out.stopReason, "end");
  assert.equal(out.requests, 3);
});

test("leaving a walk before the wasm arrived ends it quietly and nothing is fetched", async () => {
  const out = await scenario(`async (lib, release) => {
    let requests = 0;
    const walk = lib.paginate(async () => (requests++, { items: [1], next: "n" }), { items: "items", next: "next" });
    const it = walk[Symbol.asyncIterator]();
    const done = await it.return();
    release();
    await lib.ready;
    const after = await it.next();
    return { done: done.done, after: after.done, requests };
  }`);
  assert.deepEqual(out, { done: true, after: true, requests: 0 });
});

test("a wasm that cannot be fetched: ready rejects with not_ready and its cause; every call says so", async () => {
  const out = await scenario(`async (lib, release, fail) => {
    fail(new TypeError("fetch failed: ECONNREFUSED"));
    const ready = await lib.ready.then(() => "resolved", (e) => ({ name: e.name, code: e.code, cause: e.cause?.message, message: e.message }));
    let sync;
    try { lib.encodeCursor(1); } catch (e) { sync = { code: e.code, message: e.message }; }
    const walk = await lib.paginate(async () => ({ items: [] }), { items: "items" }).toArray().then(() => "resolved", (e) => e.code + ": " + e.message);
    const list = await new lib.InfiniteList(async () => ({ items: [] }), { items: "items" }).loadMore().then(() => "resolved", (e) => e.code);
    return { ready, sync, walk, list };
  }`);
  assert.deepEqual([out.ready.name, out.ready.code, out.ready.cause], ["CursorError", "not_ready", "fetch failed: ECONNREFUSED"]);
  assert.equal(out.sync.code, "not_ready");
  assert.match(out.sync.message, /failed to load \(fetch failed: ECONNREFUSED\)/);
  assert.match(out.walk, /^not_ready: .*ECONNREFUSED/);
  assert.equal(out.list, "not_ready");
});

test("the Node entry is usable straight after import, with ready already resolved", async () => {
  const lib = await import("pagecursor");
  assert.equal(lib.decodeCursor(lib.encodeCursor("x")).value, "x");
  assert.equal(await lib.ready, undefined);
  assert.equal(lib.init(), lib.ready);
});

test("before the wasm arrived: a listener that loads more on every change waits with one load, not one per notification", async () => {
  const out = await scenario(`async (lib, release) => {
    let requests = 0;
    const list = new lib.InfiniteList(async (token) => (requests++, token === undefined ? { items: [1], next: "b" } : { items: [2] }), { items: "items", next: "next" });
    let calls = 0;
    list.subscribe(() => { if (calls++ < 50 && list.hasMore) list.loadMore().catch(() => {}); });
    const first = list.loadMore();
    const again = list.loadMore();
    release();
    const items = await first;
    await new Promise((r) => setTimeout(r, 50));
    return { same: first === again, items, calls, all: list.items, requests };
  }`);
  assert.equal(out.same, true, "a second loadMore() while waiting gets the same promise");
  assert.deepEqual(out.items, [1]);
  assert.ok(out.calls < 50, `the listener was called ${out.calls} times`);
  assert.deepEqual(out.all, [1, 2]);
  assert.equal(out.requests, 2);
});
