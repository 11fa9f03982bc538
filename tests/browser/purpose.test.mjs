// The per-purpose entries for pages without a bundler (pkg/package.json "./web/codec" and
// "./web/client"), from the installed tarball in headless Chromium: each works on its own, a
// page fetches only the JS of its purpose (the codec page no paginator or client classes, the
// client page no codec or page models) and the module of its purpose (the client page the
// client module), a page using both loads the full module once and shares one class per error,
// and a page that imports the codec only after the client module loaded is told why signing and
// the page models do not work there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, repoBrowser } from "./harness.mjs";

const repo = repoBrowser();

/** Opens purpose.html?which: its result, and the package files the page fetched. */
async function run(which) {
  const { page, problems } = await open(repo.browser, `${repo.base}tests/purpose.html?${which}`);
  await page.waitForFunction(() => window.__result, null, { timeout: 20000 });
  const result = await page.evaluate(() => window.__result);
  const urls = await page.evaluate(() => performance.getEntriesByType("resource").map((r) => r.name));
  await page.close();
  const mount = "/node_modules/pagecursor/";
  const files = urls.filter((u) => u.includes(mount)).map((u) => u.slice(u.indexOf(mount) + mount.length));
  return { result, problems, files };
}

test("pagecursor/web/codec: codec, signing and page models, without the paginator's or the client classes' JS", async () => {
  const { result, problems, files } = await run("codec");
  assert.deepEqual(problems, []);
  assert.deepEqual(result, { codec: true, signed: true, keyset: true, codecError: "malformed" });
  assert.ok(files.includes("web-codec.js") && files.includes("api.js"), files.join(" "));
  for (const absent of ["paginator.js", "infinite.js", "stack.js", "client.js", "exports.js", "uses-client.js"]) assert.ok(!files.includes(absent), `${absent} fetched: ${files.join(" ")}`);
  assert.deepEqual(files.filter((f) => f.endsWith(".wasm")), ["pagecursor_keyed_bg.wasm"]);
});

test("pagecursor/web/client: paginate, InfiniteList and CursorStack, without the codec's and page models' JS", async () => {
  const { result, problems, files } = await run("client");
  assert.deepEqual(problems, []);
  assert.deepEqual(result, { walk: "[[1,2],[3]]", list: 2, stack: true, clientError: "bad_page" });
  assert.ok(files.includes("web-client.js") && files.includes("paginator.js"), files.join(" "));
  for (const absent of ["api.js", "exports.js", "web.js", "uses-keyed.js", "codec.js"]) assert.ok(!files.includes(absent), `${absent} fetched: ${files.join(" ")}`);
  assert.deepEqual(files.filter((f) => f.endsWith(".wasm")), ["pagecursor_client_bg.wasm"]);
});

test("both entries on one page after pagecursor/full: one .wasm, a signing codec from one drives a walk of the other, one error class", async () => {
  const { result, problems, files } = await run("both");
  assert.deepEqual(problems, []);
  assert.equal(result.failed, undefined);
  assert.deepEqual(result, { codec: true, signed: true, keyset: true, codecError: "malformed", walk: "[[1,2],[3]]", list: 2, stack: true, clientError: "bad_page", sameErrorClass: true });
  assert.deepEqual(files.filter((f) => f.endsWith(".wasm")), ["pagecursor_bg.wasm"], files.join(" "));
});

test("the codec entry imported after the client module loaded: plain cursors work, the rest says why not", async () => {
  const { result, problems, files } = await run("late");
  assert.deepEqual(problems, []);
  assert.equal(result.failed, undefined);
  assert.equal(result.plain, true);
  const late = (what) => `not_ready: ${what} is not in the WebAssembly module this page chose at start: import the pagecursor/full entry first`;
  assert.equal(result.codec, late("new CursorCodec"));
  assert.equal(result.offsetPage, late("offsetPage"));
  assert.deepEqual(files.filter((f) => f.endsWith(".wasm")), ["pagecursor_client_bg.wasm"]);
});
