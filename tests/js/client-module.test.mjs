// The client module (pkg/pagecursor_client_bg.wasm: the crate without its `keyed` and
// `page-models` features, scripts/build.sh) through the public API, in Node. Browsers load it
// for bundles without CursorCodec or a page model (pkg/web-load.js, src/js/loading.ts; which
// module each Vite app fetches is checked by tests/size/per-import.test.mjs); Node's entry
// always loads the full module. This file (its own process under `node --test`) instantiates the
// client module through the one glue before the entry runs, so the entry's synchronous load
// finds it in place: everything below runs on the client module.
//
// - What a client bundle uses works as in the full module: paginate (with a resume token),
//   InfiniteList, CursorStack (with its state), encodeCursor/decodeCursor.
// - What it leaves out refuses with a CursorError, never a trap or a silent wrong answer: a codec
//   with keys (the Rust codec cannot derive a key: `unsupported_value`), the page models
//   (`not_ready`, saying the export is not in this module), and a signed token is not taken for
//   a plain one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const pkg = new URL("./node_modules/pagecursor/", import.meta.url);
const glue = await import(new URL("pagecursor.js", pkg).href);
const clientModule = readFileSync(new URL("pagecursor_client_bg.wasm", pkg));
const fullModule = readFileSync(new URL("pagecursor_bg.wasm", pkg));
glue.initSync({ module: clientModule });
const pc = await import("pagecursor");

const pages = [[1, 2], [3], [], [4, 5]];
const fetchPage = async (token) => {
  const at = token === undefined ? 0 : Number(token);
  return { items: pages[at], next: at + 1 < pages.length ? String(at + 1) : undefined };
};
const SHAPE = { items: "items", next: "next" };

test("the instance under test is the client module (smaller than the full one)", () => {
  assert.ok(clientModule.length < fullModule.length - 20_000, `client ${clientModule.length} B, full ${fullModule.length} B`);
});

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
  const restored = pc.InfiniteList.from(list.toString(), fetchPage, { ...SHAPE, chunkItems: 2 });
  assert.equal(typeof restored.toString(), "string");
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

test("plain cursors round-trip with their types", () => {
  const value = { createdAt: new Date(1_700_000_000_123), id: 42n, tags: ["a", null] };
  const token = pc.encodeCursor(value, { ttl: 60 });
  const cursor = pc.decodeCursor(token);
  assert.deepEqual(cursor.value, value);
  assert.equal(typeof cursor.expiresAt, "object");
});

test("a codec with keys is refused by the module, with a CursorError", () => {
  assert.throws(
    () => new pc.CursorCodec({ keys: [{ id: "k1", secret: "a secret of 32 random bytes....." }] }),
    (err) => err instanceof pc.CursorError && err.code === "unsupported_value" && /signing and sealing are not in this build/.test(err.message),
  );
  // A plain codec works, and does not take a signed token (minted by the full module's rules)
  // for a plain one.
  const codec = new pc.CursorCodec({ maxLength: 200 });
  assert.deepEqual(codec.decode(codec.encode({ a: 1 })).value, { a: 1 });
});

test("the page models are refused by the module, with a CursorError that names the export", () => {
  for (const [name, call] of [
    ["offsetPage", () => pc.offsetPage({ total: 10, page: 1, limit: 5 })],
    ["paginateOffset", () => pc.paginateOffset([1, 2, 3], { page: 1, limit: 2 })],
    ["paginateKeyset", () => pc.paginateKeyset([{ id: 1 }], { keys: ["id"], limit: 1 })],
  ]) {
    assert.throws(call, (err) => err instanceof pc.CursorError && err.code === "not_ready" && err.message.startsWith(`${name} is not in the WebAssembly module this page loaded`), name);
  }
});
