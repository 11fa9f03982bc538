// What the installed package's WebAssembly modules carry besides code: no path of the machine
// that built them (scripts/build.sh remaps the dependencies' source paths to /crates), and no
// wasm-bindgen hash in the names of their imports (scripts/import-names.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";

const pkg = new URL("./node_modules/pagecursor/", import.meta.url);
const MODULES = ["pagecursor_bg", "pagecursor_client_bg", "pagecursor_keyed_bg", "pagecursor_codec_bg"];

test("no module names a path of the machine that built it", () => {
  for (const name of MODULES) {
    const text = readFileSync(new URL(`${name}.wasm`, pkg)).toString("latin1");
    for (const leak of [homedir(), "/.cargo/", "/registry/src/", process.cwd()]) {
      assert.equal(text.includes(leak), false, `${name}.wasm contains ${JSON.stringify(leak)}`);
    }
    // The dependencies' panic locations are there, under the remapped prefix.
    assert.match(text, /\/crates\/[^/]+\/[a-z0-9_-]+-\d+\.\d+\.\d+\/src\//, name);
  }
});

test("no import name of a module carries a wasm-bindgen hash", () => {
  for (const name of MODULES) {
    const imports = WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(new URL(`${name}.wasm`, pkg))));
    assert.deepEqual(imports.filter((i) => /_[0-9a-f]{16}$/.test(i.name)).map((i) => i.name), [], name);
  }
});
