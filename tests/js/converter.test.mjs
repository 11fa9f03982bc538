// The one value converter of the bindings, tested directly in the shipped snippet of the
// installed package: the walker (`pack`, JS value -> format v1 payload bytes) and the reader
// (`unpackValue`, payload bytes -> JS value) that every binding uses (crates/pagecursor-wasm/src/convert.rs),
// against the payload of every plain vector of tests/vectors minted without options, and the
// walker's token mode (`undefined` read as JSON reads it) against the same walk of the JSON
// form. The snippet runs as a second module instance over a memory of its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { assertSameValue, fromTyped } from "./vector-values.mjs";

const pkg = path.dirname(createRequire(import.meta.url).resolve("pagecursor/package.json"));
const [hash] = readdirSync(path.join(pkg, "snippets")).filter((d) => existsSync(path.join(pkg, "snippets", d, "js/value.js")));
const snippet = await import(pathToFileURL(path.join(pkg, "snippets", hash, "js/value.js")).href + "?converter");
const memory = { buffer: new ArrayBuffer(1 << 20) };
snippet.setMemory(memory);
const heap = new Uint8Array(memory.buffer);

/** The walker's bytes of `value` (`tokens`: the paginator's token mode), or its refusal. */
function pack(value, tokens = false) {
  const n = snippet.pack(value, 0, heap.length, Infinity, tokens);
  return n < 0 ? { refused: snippet.packError() } : heap.slice(0, n);
}

/** The reader's value of `bytes`. */
function unpack(bytes) {
  heap.set(bytes, 0);
  return snippet.unpackValue(0);
}

// Plain vectors minted without options: the token is the header [version 1, flags 0] and then
// the payload (docs/cursor-format.md).
const vectors = readdirSync(new URL("../vectors/", import.meta.url))
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => JSON.parse(readFileSync(new URL(`../vectors/${f}`, import.meta.url), "utf8")).vectors)
  .filter((v) => v.codec?.mode === "plain" && v.value && v.expect?.cursor && Object.keys(v.encode ?? {}).length === 0);

test("the walker writes, byte for byte, the payload of every plain vector; the reader reads it back exactly", () => {
  assert.ok(vectors.length >= 20, `${vectors.length} plain vectors without options`);
  for (const v of vectors) {
    const token = Buffer.from(v.token, "base64url");
    assert.deepEqual([...token.subarray(0, 2)], [1, 0], `${v.name}: header`);
    const payload = token.subarray(2);
    const value = fromTyped(v.value);
    assert.deepEqual([...pack(value)], [...payload], `${v.name}: walker bytes`);
    assertSameValue(unpack(payload), value, `${v.name}: reader`);
  }
});

test("token mode: undefined fields are left out and undefined elements are null, as in JSON", () => {
  const token = { PK: { S: "a" }, skip: undefined, SK: [undefined, 1, { x: undefined }] };
  const json = JSON.parse(JSON.stringify(token));
  assert.deepEqual([...pack(token, true)], [...pack(json)]);
  assert.deepEqual(unpack(pack(token, true)), json);
  // Outside token mode, and for a token that is undefined itself, undefined is refused.
  assert.deepEqual(pack(token), { refused: "undefined is not a cursor value" });
  assert.deepEqual(pack(undefined, true), { refused: "undefined is not a cursor value" });
});

test("token mode reads each field once (a getter runs once) and still refuses what JSON would mangle", () => {
  let reads = 0;
  const token = { get k() { reads++; return reads === 1 ? undefined : "second read"; }, n: 1 };
  assert.deepEqual(unpack(pack(token, true)), { n: 1 });
  assert.equal(reads, 1);
  assert.deepEqual(pack({ d: new Date(NaN) }, true), { refused: "invalid Date" });
  assert.deepEqual(pack({ f: () => 1 }, true), { refused: "a function is not a cursor value" });
});

test("the reader gives own data properties: a setter planted on Object.prototype never runs", () => {
  let ran = 0;
  Object.defineProperty(Object.prototype, "planted", { set() { ran++; }, configurable: true });
  try {
    const value = unpack(pack({ planted: 1, __proto__x: 2 }));
    assert.equal(Object.getOwnPropertyDescriptor(value, "planted")?.value, 1);
    assert.equal(ran, 0);
  } finally {
    delete Object.prototype.planted;
  }
});
