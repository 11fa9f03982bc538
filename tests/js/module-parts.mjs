// The smaller WebAssembly modules of the package (scripts/build.sh; src/js/loading.ts chooses
// which one a page loads) through the public API, in Node: what each has works as in the full
// module, what it leaves out refuses with a CursorError, never a trap or a silent wrong answer.
// Browsers load them; Node's entry always loads the full module, so each test file
// (client-module, keyed-module, codec-module; each its own process under `node --test`)
// instantiates its module through the one glue before the entry runs, and the entry's
// synchronous load finds it in place.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const pkg = new URL("./node_modules/pagecursor/", import.meta.url);

/** Loads `pagecursor_<name>_bg.wasm` under the package's glue; returns the package's exports. */
export async function underModule(name) {
  const glue = await import(new URL("pagecursor.js", pkg).href);
  const bytes = readFileSync(new URL(`pagecursor_${name}_bg.wasm`, pkg));
  const full = readFileSync(new URL("pagecursor_bg.wasm", pkg));
  glue.initSync({ module: bytes });
  test(`the instance under test is pagecursor_${name}_bg.wasm (smaller than the full module)`, () => {
    assert.ok(bytes.length < full.length - 20_000, `${name} ${bytes.length} B, full ${full.length} B`);
  });
  return import("pagecursor");
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

const notInModule = (name) => (err) =>
  err instanceof Error && err.name === "CursorError" && err.code === "not_ready" && err.message.startsWith(`${name} is not in the WebAssembly module this page loaded`);

/** Without the client part: its constructors refuse, a walk rejects. */
export function clientRefused(pc) {
  test("paginate, InfiniteList and CursorStack are refused by the module, with a CursorError", async () => {
    assert.throws(() => new pc.CursorStack(), notInModule("CursorStack"));
    assert.throws(() => pc.CursorStack.from("x"), notInModule("CursorStack"));
    // The list checks its options by the paginator's reader first, which makes a walk's core.
    assert.throws(() => new pc.InfiniteList(fetchPage, SHAPE), (err) => notInModule("paginate")(err) || notInModule("InfiniteList")(err));
    await assert.rejects(async () => pc.paginate(fetchPage, SHAPE).toArray(), notInModule("paginate"));
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

/** Without the keyed part: a codec with keys and the page models refuse. */
export function keyedRefused(pc) {
  test("a codec with keys is refused by the module, with a CursorError; a plain codec works", () => {
    assert.throws(
      () => new pc.CursorCodec({ keys: KEYS }),
      (err) => err instanceof pc.CursorError && err.code === "unsupported_value" && /signing and sealing are not in this build/.test(err.message),
    );
    const codec = new pc.CursorCodec({ maxLength: 200 });
    assert.deepEqual(codec.decode(codec.encode({ a: 1 })).value, { a: 1 });
    // The package itself makes the only codecs there (src/js/codec-of.ts), with `maxLength`
    // alone: any other codec option is refused unread.
    for (const options of [{ ttl: 60 }, { mode: "plain" }, { clockSkew: 1 }, { padding: 16 }, { now: () => 0 }]) {
      assert.throws(() => new pc.CursorCodec(options), (err) => err instanceof pc.CursorError && err.code === "unsupported_value", JSON.stringify(Object.keys(options)));
    }
  });
  test("the page models are refused by the module, with a CursorError that names the export", () => {
    assert.throws(() => pc.offsetPage({ total: 10, page: 1, limit: 5 }), notInModule("offsetPage"));
    assert.throws(() => pc.paginateOffset([1, 2, 3], { page: 1, limit: 2 }), notInModule("paginateOffset"));
    assert.throws(() => pc.paginateKeyset([{ id: 1 }], { keys: ["id"], limit: 1 }), notInModule("paginateKeyset"));
  });
}
