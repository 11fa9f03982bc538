// The glue's base64url (`tokenText` encodes every token the JS API mints, `tokenBytes` decodes
// every token it reads) tested directly, in the shipped snippet of the installed package:
// against a bit-by-bit reference and Node's Buffer for every length 0..300, and against every
// token of tests/vectors (tests/js/base64-checks.mjs; the same checks run in Chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { runBase64Checks } from "./base64-checks.mjs";
import { CursorCodec, encodeCursor, decodeCursor } from "pagecursor";

const pkg = path.dirname(createRequire(import.meta.url).resolve("pagecursor/package.json"));

/** The shipped snippet, as a second module instance (the package's own keeps the wasm memory). */
async function snippetModule() {
  const [hash] = readdirSync(path.join(pkg, "snippets")).filter((d) => existsSync(path.join(pkg, "snippets", d, "js/value.js")));
  assert.ok(hash, "pkg/snippets/*/js/value.js");
  return import(pathToFileURL(path.join(pkg, "snippets", hash, "js/value.js")).href + "?direct");
}

function vectorTokens() {
  const dir = new URL("../vectors/", import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), "utf8")).vectors.map((v) => v.token))
    .filter((t) => typeof t === "string");
}

test("the glue's base64url equals the reference and Buffer for every length 0..300 and every vector token", async () => {
  const tokens = vectorTokens();
  assert.ok(tokens.length > 100, `${tokens.length} vector tokens`);
  const failures = runBase64Checks(await snippetModule(), tokens, (bytes) => Buffer.from(bytes).toString("base64url"));
  assert.deepEqual(failures, []);
});

test("the package keeps working beside the direct instance: tokens of every length through the API", () => {
  // Payload bytes of every length mod 3, past the glue's 4,100-byte buffer too.
  for (const n of [0, 1, 2, 3, 4, 5, 61, 62, 63, 3000, 3001]) {
    const value = { b: new Uint8Array(n).fill(0xfb) };
    const token = encodeCursor(value, {});
    assert.match(token, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual([...decodeCursor(token).value.b], [...value.b]);
  }
  // Tokens longer than the glue's buffer of 4,100 characters.
  const codec = new CursorCodec({ maxLength: 20000 });
  for (const n of [3076, 3077, 3078, 9999]) {
    const value = { b: new Uint8Array(n).fill(0xfb) };
    const token = codec.encode(value);
    assert.ok(token.length > 4100);
    assert.match(token, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual([...codec.decode(token).value.b], [...value.b]);
  }
});
