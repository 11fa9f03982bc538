// Every function the WebAssembly module imports from JS, read from the glue of the installed
// package: an import that can throw (a property read, a Proxy trap, a user callback, a
// coercion) must be wrapped by wasm-bindgen's `handleError` (a `catch` import in Rust), so
// that the throw comes back to Rust as an error value. Without it the exception unwinds
// through the wasm frames: the shadow stack pointer is never restored, and after a few
// thousand such calls every call fails with "memory access out of bounds" (issue #14, F14 in
// docs/security.md). Imports without `handleError` are listed below, each with the reason it
// cannot throw; a new one fails this test until it is reviewed and listed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// The repository's TypeScript (a dev dependency at the root) is only used as a parser here.
const ts = createRequire(new URL("../../package.json", import.meta.url))("typescript");

const glueUrl = new URL("./node_modules/pagecursor/pagecursor.js", import.meta.url);

/**
 * Imports that do not catch, by name without its suffix (`baseName`): each cannot throw, because
 * every value it touches is one the package made itself (or a primitive), or it only applies
 * `typeof`/`===`. The reason names the Rust callers that make this true; a new caller of the
 * same import must keep it true (a value of the user goes through a `catch` import or is read
 * in JS first).
 */
const REVIEWED = {
  __wbg___wbindgen_is_function: "typeof check",
  __wbg___wbindgen_is_null: "=== check",
  __wbg___wbindgen_is_object: "typeof check",
  __wbg___wbindgen_is_string: "typeof check",
  __wbg___wbindgen_is_undefined: "=== check",
  __wbg___wbindgen_memory: "the module's own memory",
  __wbg___wbindgen_number_get: "typeof check, then a store into wasm memory",
  __wbg___wbindgen_string_get: "typeof check, then a copy of a primitive string",
  __wbg___wbindgen_typeof: "typeof",
  __wbg___wbindgen_throw:
    "wasm-bindgen's own throw (a recursive borrow, a null pointer): no export holds a &mut borrow " +
    "across user code and src/js/codec/api.ts checks every receiver before the glue (boundary rows " +
    "'re-entrant …', 'guard of pkg/api.js')",
  __wbg_now: "Date.now",
  __wbg_unpackValue:
    "the value module's reader over payload bytes Rust wrote and checked (convert.rs from_value): it builds " +
    "fresh arrays and objects with own data properties and reads no user value",
  __wbg_prototypesetcall: "an intrinsic TypedArray set of wasm memory from an array the package made",
  __wbg_charCodeAt: "js_sys is_valid_utf16 over a string primitive (String.prototype is trusted as loaded)",
  __wbg_length:
    "only of values the package made: the driver's array of a chunk's item keys " +
    "(infinite.rs), the copies of the page snippet and its typed arrays (page.rs), " +
    "and string primitives (resume token and saved state, measured before the copy)",
  __wbg_get: "Array::get on the page snippet's own copies (page.rs) and the driver's array of a chunk's item keys (infinite.rs)",
  __wbg_get_unchecked: "Array iteration over the snippet's copies",
  __wbg_deliver: "a method of the driver's own Orders object (src/js/paginate/orders.ts): stores numbers",
  __wbg_request: "a method of the driver's own Orders object (src/js/paginate/orders.ts): stores numbers",
  __wbg_keysetResult: "the page snippet builds an object literal of numbers and strings (page.rs)",
  __wbg_offsetResult: "the page snippet builds an object literal of numbers (page.rs)",
  __wbg_pack: "the codec walker catches every throw of the value it walks (the value module's `pack`, src/js/value/pack.ts)",
  __wbg_packError: "returns the walker's last refusal, a string",
  __wbg_packed: "copies the walker's own buffer into wasm memory",
  __wbg_tokenBytes: "typeof check first; then only the primitive string and the walker's own arrays",
  __wbg_unpackCursor: "builds the cursor from bytes Rust checked, with own data properties only",
  __wbg_tokenText: "reads token bytes Rust made from wasm memory into the snippet's own buffer; the captured TextDecoder decodes ASCII",
};

/**
 * Snippet functions the module imports straight from their snippet, with no glue wrapper (and so
 * no `handleError`): wasm-bindgen does so for a function whose arguments need no conversion.
 * Each is reviewed as unable to throw, like REVIEWED.
 */
const DIRECT = {
  bytesOf:
    "the value module: an intrinsic TypedArray tag check and copy of a secret, inside its own try/catch " +
    "(codec.rs secret_bytes)",
  setMemory: "hands the walker the module's own memory (convert.rs Scratch::take)",
  packFailedAt: "returns the walker's own number: where its last refusal stopped (page.rs)",
};

/** `name` without its suffix: wasm-bindgen's 16-digit hash, or the `$2`, `$3` of a name that
 * several imports share, which the build puts in its place (scripts/import-names.mjs). */
const baseName = (name) => name.replace(/_[0-9a-f]{16}$|\$\d+$/, "");

/** The objects of the parts' imports that the build splits off `__wbg_get_imports`
 * (scripts/split-imports.mjs). */
const PARTS = ["__wbg_client_imports", "__wbg_keyed_imports"];

/** Every import of the glue's `__wbg_get_imports` and of the parts' objects: `{ name, body,
 * catches }`. */
function imports(source) {
  const file = ts.createSourceFile("pagecursor.js", source, ts.ScriptTarget.Latest, true);
  let found;
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === "__wbg_get_imports") found = node;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(file);
  assert.ok(found, "the glue has a __wbg_get_imports function");
  const parts = file.statements.filter(ts.isVariableStatement).flatMap((s) => s.declarationList.declarations).filter((d) => PARTS.includes(d.name.getText(file)));
  assert.deepEqual(parts.map((d) => d.name.getText(file)).sort(), [...PARTS].sort(), "the glue has the parts' objects of imports");
  const out = [];
  const walk = (node) => {
    if (ts.isPropertyAssignment(node) && node.name && /^__wbg_/.test(node.name.getText(file).replace(/"/g, ""))) {
      const body = node.initializer.getText(file);
      out.push({ name: node.name.getText(file).replace(/"/g, ""), body, catches: /^function\s*\(\)\s*\{\s*return\s+handleError\(/.test(body) });
      return;
    }
    ts.forEachChild(node, walk);
  };
  walk(found);
  for (const part of parts) walk(part.initializer);
  return out;
}

test("every import that can throw goes through handleError (a catch import)", () => {
  const list = imports(readFileSync(glueUrl, "utf8"));
  assert.ok(list.length > 20, `only ${list.length} imports found: the parser missed the glue's shape`);
  const unreviewed = list.filter((i) => !i.catches && !(baseName(i.name) in REVIEWED));
  console.log(`${list.length} imports: ${list.filter((i) => i.catches).length} catch, ` +
    `${list.length - list.filter((i) => i.catches).length - unreviewed.length} reviewed as unable to throw, ${unreviewed.length} unreviewed`);
  assert.deepEqual(unreviewed.map((i) => `${baseName(i.name)}: ${i.body.slice(0, 160)}`), []);
});

test("the review list names only imports the glue still has", () => {
  const names = new Set(imports(readFileSync(glueUrl, "utf8")).filter((i) => !i.catches).map((i) => baseName(i.name)));
  assert.deepEqual(Object.keys(REVIEWED).filter((n) => !names.has(n)), []);
});

test("the shipped import names carry no wasm-bindgen hash, and each module's imports are the glue's", async () => {
  const list = imports(readFileSync(glueUrl, "utf8"));
  assert.deepEqual(list.filter((i) => /_[0-9a-f]{16}$/.test(i.name)).map((i) => i.name), []);
  const names = new Set(list.map((i) => i.name));
  const pkg = new URL("./node_modules/pagecursor/", import.meta.url);
  for (const module of ["pagecursor_bg", "pagecursor_client_bg", "pagecursor_keyed_bg", "pagecursor_codec_bg"]) {
    const wasm = new WebAssembly.Module(readFileSync(new URL(`${module}.wasm`, pkg)));
    const missing = WebAssembly.Module.imports(wasm)
      .filter((i) => i.module === "./pagecursor_bg.js" && /^__wbg_/.test(i.name) && !names.has(i.name))
      .map((i) => i.name);
    assert.deepEqual(missing, [], `${module}.wasm imports names the glue does not provide`);
  }
});

test("each module instantiates with the glue's imports and those of its parts alone, and a smaller module's bundle may drop the others", async () => {
  // The glue as a bundle imports it (the objects are what the marks of the parts hand to
  // loading.ts: src/js/loading/uses-client.ts, uses-keyed.ts).
  const glue = await import(glueUrl.href);
  const pkg = new URL("./node_modules/pagecursor/", import.meta.url);
  const client = glue.__wbg_client_imports, keyed = glue.__wbg_keyed_imports;
  const modules = { pagecursor_bg: [client, keyed], pagecursor_client_bg: [client], pagecursor_keyed_bg: [keyed], pagecursor_codec_bg: [] };
  for (const [module, parts] of Object.entries(modules)) {
    const wasm = new WebAssembly.Module(readFileSync(new URL(`${module}.wasm`, pkg)));
    await WebAssembly.instantiate(wasm, glue.__wbg_get_imports(...parts)); // links
    // Each part's object is needed by the modules that have the part: without it they do not link.
    for (const part of parts) {
      await assert.rejects(WebAssembly.instantiate(wasm, glue.__wbg_get_imports(...parts.filter((p) => p !== part))), WebAssembly.LinkError, `${module} without a part's imports`);
    }
  }
  // None of a part's imports is one the codec module needs: a bundle of plain cursors drops both.
  const codec = new Set(WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(new URL("pagecursor_codec_bg.wasm", pkg)))).map((i) => i.name));
  for (const part of [client, keyed]) assert.deepEqual(Object.keys(part).filter((n) => codec.has(n)), []);
  // The client part holds the walk's imports (deliver, request, makePaginationError,
  // unpackValue); the list's decisions are the core's and import nothing of their own.
  assert.ok(Object.keys(client).length >= 4 && Object.keys(keyed).length >= 10, "the parts' objects hold the imports the build moved");
});

test("every function a module imports straight from a snippet is reviewed as unable to throw", () => {
  const pkg = new URL("./node_modules/pagecursor/", import.meta.url);
  const direct = new Set();
  for (const module of ["pagecursor_bg", "pagecursor_client_bg", "pagecursor_keyed_bg", "pagecursor_codec_bg"]) {
    const wasm = new WebAssembly.Module(readFileSync(new URL(`${module}.wasm`, pkg)));
    for (const i of WebAssembly.Module.imports(wasm)) if (i.module.startsWith("./snippets/")) direct.add(i.name);
  }
  assert.deepEqual([...direct].filter((n) => !(n in DIRECT)), []);
  assert.deepEqual(Object.keys(DIRECT).filter((n) => !direct.has(n)), []);
});
