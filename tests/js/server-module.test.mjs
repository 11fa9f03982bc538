// The server entries (node.js, deno.js, workerd.js) load pagecursor_server_bg.wasm: every
// feature of the full module, built for speed (cargo profile `server`, wasm-opt -O3) instead of
// size, since a server reads it from disk and no page downloads it (scripts/build.sh;
// bench/README.md, "A module for servers"). The rest of this folder's suites run on it through
// the Node entry; this file checks that the entry's instance is that module and that the one
// glue drives it (the same exports and imports as the full module). full-module.test.mjs runs
// the size-built full module, which browsers load, in Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { assertLiveModule, exportedFunctions } from "./module-parts.mjs";

const pkg = new URL("./node_modules/pagecursor/", import.meta.url);
const bytesOf = (file) => readFileSync(new URL(file, pkg));

const signature = (bytes) => {
  const m = new WebAssembly.Module(bytes);
  return {
    exports: WebAssembly.Module.exports(m).map((e) => `${e.kind} ${e.name}`).sort(),
    imports: WebAssembly.Module.imports(m).map((i) => `${i.module} ${i.kind} ${i.name}`).sort(),
  };
};

test("the Node entry runs pagecursor_server_bg.wasm, not the size-built full module", async () => {
  const lib = await import("pagecursor");
  assert.equal(lib.decodeCursor(lib.encodeCursor({ id: 1 })).value.id, 1);
  // After the entry loaded, the glue's initSync() returns the live instance's exports. An
  // exported wasm function's `name` is its function index (WebAssembly JS API), which tells
  // the two modules apart: the same exports, different code.
  const glue = await import(new URL("pagecursor.js", pkg).href);
  assertLiveModule(glue, bytesOf("pagecursor_server_bg.wasm"), "pagecursor_server_bg.wasm");
  // The check tells the two apart: most exports sit at other indices in the full module.
  const server = exportedFunctions(bytesOf("pagecursor_server_bg.wasm"));
  const full = exportedFunctions(bytesOf("pagecursor_bg.wasm"));
  let differ = 0;
  for (const [name, index] of server) if (full.get(name) !== index) differ++;
  assert.ok(differ > server.size / 2, `only ${differ} of ${server.size} exports sit at other indices in the full module: the check would not tell them apart`);
});

test("the server module has the full module's exports and imports, so the one glue drives both", () => {
  const server = signature(bytesOf("pagecursor_server_bg.wasm"));
  const full = signature(bytesOf("pagecursor_bg.wasm"));
  assert.deepEqual(server.exports, full.exports);
  assert.deepEqual(server.imports, full.imports);
});

test("the server module is the larger one (built for speed), and no browser entry names it", () => {
  const server = bytesOf("pagecursor_server_bg.wasm").length;
  const full = bytesOf("pagecursor_bg.wasm").length;
  assert.ok(server > full, `server ${server} B, full ${full} B`);
  for (const entry of ["web.js", "web-load.js", "web-codec.js", "web-client.js", "full.js", "inline.js", "loading.js"]) {
    assert.doesNotMatch(readFileSync(new URL(entry, pkg), "utf8"), /pagecursor_server_bg/, entry);
  }
  for (const entry of ["node.js", "deno.js", "workerd.js"]) {
    assert.match(readFileSync(new URL(entry, pkg), "utf8"), /"\.\/pagecursor_server_bg\.wasm"/, entry);
  }
});
