// The modules of the package other than the one the Node entry loads (scripts/build.sh;
// src/js/loading/loading.ts chooses which one a page loads) through the public API, in Node: what each
// has works as in the server module, what it leaves out refuses with a CursorError, never a
// trap or a silent wrong answer. Browsers load them; Node's entry loads the server module
// (server-module.test.mjs), so each test file (full-module, client-module, keyed-module,
// codec-module; each its own process under `node --test`) instantiates its module through the
// one glue before the entry runs, and the entry's synchronous load finds it in place and tells
// from its exports which module it is (src/js/loading/loading.ts, `loadedNow`). A smaller module has
// no exports for the parts it leaves out, so the JS layer is what refuses them, before any
// call into the glue.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { readLeb, readName, sections } from "../../scripts/wasm-sections.mjs";

const pkg = new URL("./node_modules/pagecursor/", import.meta.url);

let glue; // the package's glue, with the module under test

/** A module's exported functions: name -> function index (its export section). */
export function exportedFunctions(bytes) {
  const out = new Map();
  const EXPORT = 7;
  for (const { id, body } of sections(bytes)) {
    if (id !== EXPORT) continue;
    let [count, p] = readLeb(bytes, body);
    for (; count > 0; count--) {
      let name, index;
      [name, p] = readName(bytes, p);
      const kind = bytes[p++];
      [index, p] = readLeb(bytes, p);
      if (kind === 0) out.set(name, index); // a function
    }
  }
  return out;
}

/**
 * Checks that the glue's live instance (what its `initSync()` returns once loaded) runs the
 * module `bytes`: an exported wasm function's `name` is its function index (WebAssembly JS
 * API), which differs between modules built differently, whatever their exports.
 */
export function assertLiveModule(glue, bytes, file) {
  const live = glue.initSync();
  const mine = exportedFunctions(bytes);
  assert.ok(mine.size > 0, `${file} exports no function`);
  for (const [name, index] of mine) {
    assert.equal(typeof live[name], "function", name);
    assert.equal(live[name].name, String(index), `${name}: the live instance is not ${file}`);
  }
}

/**
 * Loads `pagecursor_<name>_bg.wasm` (`pagecursor_bg.wasm` for "full") under the package's
 * glue; returns the package's exports.
 */
export async function underModule(name) {
  glue = await import(new URL("pagecursor.js", pkg).href);
  const file = name === "full" ? "pagecursor_bg.wasm" : `pagecursor_${name}_bg.wasm`;
  const bytes = readFileSync(new URL(file, pkg));
  const full = readFileSync(new URL("pagecursor_bg.wasm", pkg));
  glue.initSync({ module: bytes });
  const lib = await import("pagecursor");
  test(`the instance under test is ${file}, not the module the Node entry names`, () => {
    assertLiveModule(glue, bytes, file);
    if (name !== "full") assert.ok(bytes.length < full.length - 20_000, `${name} ${bytes.length} B, full ${full.length} B`);
  });
  return lib;
}

const pages = [[1, 2], [3], [], [4, 5]];
const fetchPage = async (token) => {
  const at = token === undefined ? 0 : Number(token);
  return { items: pages[at], next: at + 1 < pages.length ? String(at + 1) : undefined };
};
const SHAPE = { items: "items", next: "next" };
const KEYS = [{ id: "k1", secret: "a secret of 32 random bytes....." }];

/** Plain cursors: in every module. */
export function plainWorks(pc) {
  test("plain cursors round-trip with their types", () => {
    const value = { createdAt: new Date(1_700_000_000_123), id: 42n, tags: ["a", null] };
    const cursor = pc.decodeCursor(pc.encodeCursor(value, { ttl: 60 }));
    assert.deepEqual(cursor.value, value);
    assert.equal(typeof cursor.expiresAt, "object");
  });
}

/** paginate, InfiniteList, CursorStack. */
export function clientWorks(pc) {
  test("paginate walks to the end and resumes from its resume token", async () => {
    const all = [];
    for await (const item of pc.paginate(fetchPage, SHAPE).items()) all.push(item);
    assert.deepEqual(all, [1, 2, 3, 4, 5]);
    const first = pc.paginate(fetchPage, { ...SHAPE, maxItems: 3 });
    const head = [];
    for await (const item of first.items()) head.push(item);
    assert.deepEqual(head, [1, 2, 3]);
    assert.equal(first.stopReason, "maxItems");
    const rest = [];
    for await (const item of pc.paginate(fetchPage, { ...SHAPE, resumeToken: first.resumeToken }).items()) rest.push(item);
    assert.deepEqual(rest, [4, 5]);
  });
  test("InfiniteList loads every chunk and keeps its state", async () => {
    const list = new pc.InfiniteList(fetchPage, { ...SHAPE, chunkItems: 2 });
    while (list.hasMore) await list.loadMore();
    assert.deepEqual(list.items, [1, 2, 3, 4, 5]);
    assert.equal(typeof pc.InfiniteList.from(list.toString(), fetchPage, { ...SHAPE, chunkItems: 2 }).toString(), "string");
  });
  test("CursorStack moves and survives its state", () => {
    const stack = new pc.CursorStack();
    stack.record("a");
    assert.equal(stack.forward(), "a");
    const restored = pc.CursorStack.from(stack.toString());
    assert.equal(restored.page, 2);
    assert.equal(restored.back(), undefined);
    assert.equal(restored.page, 1);
  });
}

// What a call that needs a part the module leaves out throws: `what` is the call as the error
// names it.
const notInModule = (what) => (err) =>
  err instanceof Error && err.name === "CursorError" && err.code === "not_ready" &&
  err.message === `${what} is not in the WebAssembly module this page chose at start: import the pagecursor/full entry first`;

/** Without the client part: its calls refuse (constructors never throw not_ready: the first
 * call that needs the wasm does), a walk rejects; the module has none of their exports. */
export function clientRefused(pc) {
  test("paginate, InfiniteList and CursorStack say they are not in the module, with a CursorError", async () => {
    const stack = new pc.CursorStack();
    assert.throws(() => stack.forward("a"), notInModule("CursorStack.forward"));
    assert.throws(() => pc.CursorStack.from("x"), notInModule("CursorStack.from"));
    const list = new pc.InfiniteList(fetchPage, { ...SHAPE, chunkItems: 2 });
    assert.throws(() => list.toString(), notInModule("InfiniteList.toString"));
    await assert.rejects(list.loadMore(), notInModule("InfiniteList.loadMore"));
    assert.throws(() => pc.InfiniteList.from("x", fetchPage, SHAPE), notInModule("InfiniteList.from"));
    await assert.rejects(pc.paginate(fetchPage, SHAPE).toArray(), notInModule("paginate"));
  });
  test("the module has no exports of the client classes", () => {
    const exports = glue.initSync({ module: new Uint8Array(0) }); // the instance in place
    for (const name of ["paginatorcore_new", "infinitelist_new", "cursorstack_new", "__wbg_infiniteload_free"]) {
      assert.equal(name in exports, false, name);
    }
  });
}

/** Signing, sealing and the page models. */
export function keyedWorks(pc) {
  test("signed and sealed codecs mint and verify", () => {
    for (const mode of ["signed", "sealed"]) {
      const codec = new pc.CursorCodec({ keys: KEYS, mode });
      assert.deepEqual(codec.decode(codec.encode({ id: 1n })).value, { id: 1n }, mode);
    }
  });
  test("the page models page", () => {
    assert.equal(pc.offsetPage({ total: 10, page: 2, limit: 5 }).offset, 5);
    assert.deepEqual(pc.paginateOffset([1, 2, 3], { page: 2, limit: 2 }).items, [3]);
    assert.deepEqual(pc.paginateKeyset([{ id: 2 }, { id: 1 }], { keys: ["id"], limit: 1 }).items, [{ id: 1 }]);
  });
}

/** Without the keyed part: CursorCodec and the page models refuse; the module's own codec
 * binding, which the package alone calls there (plain codecs for the client classes,
 * src/js/codec/codec-of.ts), refuses keys (unread) and every option but maxLength. */
export function keyedRefused(pc) {
  test("CursorCodec says it is not in the module, with a CursorError", () => {
    assert.throws(() => new pc.CursorCodec({ keys: KEYS }), notInModule("new CursorCodec"));
    assert.throws(() => new pc.CursorCodec(), notInModule("new CursorCodec"));
  });
  test("the module's codec binding refuses keys and every option but maxLength; a plain codec works", () => {
    assert.throws(
      () => new glue.CursorCodec({ keys: KEYS }),
      (err) => err instanceof pc.CursorError && err.code === "unsupported_value" && /signing and sealing are not in this build/.test(err.message),
    );
    const codec = new glue.CursorCodec({ maxLength: 200 });
    assert.deepEqual(codec.decode(codec.encode({ a: 1 })).value, { a: 1 });
    for (const options of [{ ttl: 60 }, { mode: "plain" }, { clockSkew: 1 }, { padding: 16 }, { now: () => 0 }]) {
      assert.throws(() => new glue.CursorCodec(options), (err) => err instanceof pc.CursorError && err.code === "unsupported_value", JSON.stringify(Object.keys(options)));
    }
  });
  test("the page models say they are not in the module, with a CursorError that names the export", () => {
    assert.throws(() => pc.offsetPage({ total: 10, page: 1, limit: 5 }), notInModule("offsetPage"));
    assert.throws(() => pc.paginateOffset([1, 2, 3], { page: 1, limit: 2 }), notInModule("paginateOffset"));
    assert.throws(() => pc.paginateKeyset([{ id: 1 }], { keys: ["id"], limit: 1 }), notInModule("paginateKeyset"));
  });
  test("the module has no exports of the page models", () => {
    const exports = glue.initSync({ module: new Uint8Array(0) });
    for (const name of ["offsetPage", "paginateOffset", "paginateKeyset"]) assert.equal(name in exports, false, name);
  });
}
