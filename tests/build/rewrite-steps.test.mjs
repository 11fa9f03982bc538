// The build's steps that rewrite wasm-bindgen's output (scripts/finish-glue.mjs,
// import-names.mjs, split-imports.mjs) run on this build's raw wasm-bindgen output and succeed,
// and stop the build on output of another shape: a wasm-bindgen upgrade that changes what a
// step relies on fails here and in the build, instead of shipping a glue a step half-rewrote.
// Each case below changes one thing a step relies on, as an upgrade could.
// Run after scripts/build.sh (it reads target/*-bindgen/, the unprocessed output):
//   node --test tests/build/
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const target = path.join(root, "target");
// The server module has every part, as the full module does: the same imports.
const RAW = { full: "server", client: "client", keyed: "keyed", codec: "codec" };
for (const name of Object.values(RAW)) {
  if (!existsSync(path.join(target, `${name}-bindgen/pagecursor_bg.wasm`))) throw new Error(`target/${name}-bindgen: run scripts/build.sh first`);
}
const rawGlue = readFileSync(path.join(target, "server-bindgen/pagecursor.js"), "utf8");

const run = (args) => spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
const esbuild = path.join(root, "node_modules/.bin/esbuild");

/** A directory with `glue` minified as scripts/build.sh minifies it, and the raw modules. */
function workspace(glue) {
  const dir = mkdtempSync(path.join(tmpdir(), "rewrite-steps-"));
  writeFileSync(path.join(dir, "raw.js"), glue);
  const built = spawnSync(esbuild, [path.join(dir, "raw.js"), "--minify-whitespace", "--minify-syntax", "--legal-comments=none", "--format=esm", "--log-level=warning", `--outfile=${path.join(dir, "pagecursor.js")}`], { encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  // split-imports edits the glue's declarations beside it too.
  copyFileSync(path.join(target, "server-bindgen/pagecursor.d.ts"), path.join(dir, "pagecursor.d.ts"));
  for (const [as, name] of Object.entries(RAW)) copyFileSync(path.join(target, `${name}-bindgen/pagecursor_bg.wasm`), path.join(dir, `${as}.wasm`));
  return dir;
}

const steps = (dir) => ({
  finishGlue: () => run(["scripts/finish-glue.mjs", path.join(dir, "pagecursor.js")]),
  importNames: () => run(["scripts/import-names.mjs", path.join(dir, "pagecursor.js"), ...["full", "client", "keyed", "codec"].map((m) => path.join(dir, `${m}.wasm`))]),
  splitImports: () => run(["scripts/split-imports.mjs", path.join(dir, "pagecursor.js"), ...["full", "client", "keyed", "codec"].map((m) => path.join(dir, `${m}.wasm`))]),
});

/** Runs the steps in the build's order; returns each one's result, stopping at the first failure. */
function pipeline(glue) {
  const dir = workspace(glue);
  const results = {};
  try {
    for (const [name, step] of Object.entries(steps(dir))) {
      results[name] = step();
      if (results[name].status !== 0) break;
    }
    results.glue = readFileSync(path.join(dir, "pagecursor.js"), "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

const failed = (result, words) => {
  assert.notEqual(result.status, 0, "the step accepted a glue of another shape");
  assert.match(result.stderr, words);
};

test("on this build's wasm-bindgen output, every step succeeds and leaves valid JS", () => {
  const r = pipeline(rawGlue);
  for (const name of ["finishGlue", "importNames", "splitImports"]) assert.equal(r[name].status, 0, `${name}: ${r[name].stderr}`);
  assert.match(r.glue, /\/\* @__PURE__ \*\//);
  assert.match(r.glue, /__wbg_client_imports/);
  assert.doesNotMatch(r.glue, /__wbg_\w+_[0-9a-f]{16}\b/, "an import name kept its hash");
  const checked = spawnSync(process.execPath, ["--input-type=module", "--check"], { input: r.glue, encoding: "utf8" });
  assert.equal(checked.status, 0, checked.stderr);
});

test("finish-glue stops when a loading step of the glue is renamed", () => {
  assert.match(rawGlue, /function __wbg_finalize_init\b/);
  failed(pipeline(rawGlue.replaceAll("__wbg_finalize_init", "__wbg_finish_init")).finishGlue, /no top-level function __wbg_finalize_init/);
});

test("finish-glue stops when enums are no longer frozen objects", () => {
  assert.match(rawGlue, /Object\.freeze\(/);
  failed(pipeline(rawGlue.replaceAll("Object.freeze(", "Object.seal(")).finishGlue, /enums marked/);
});

test("finish-glue stops when the classes lose their FinalizationRegistry", () => {
  const glue = rawGlue.replace(/new FinalizationRegistry\(/, "new (class extends FinalizationRegistry {})(");
  assert.notEqual(glue, rawGlue);
  failed(pipeline(glue).finishGlue, /FinalizationRegistry for/);
});

test("import-names stops when the import names carry no hash", () => {
  const glue = rawGlue.replace(/\b(__wbg_\w+?)_[0-9a-f]{16}\b/g, "$1");
  assert.notEqual(glue, rawGlue);
  failed(pipeline(glue).importNames, /hashed import names|same name|does not provide/);
});

test("split-imports stops when the glue gets its imports in a third place", () => {
  // init and initSync call __wbg_get_imports; a third caller would get the object unsplit.
  const glue = rawGlue + "\nexport function initAgain() { return __wbg_get_imports(); }\n";
  const r = pipeline(glue);
  assert.equal(r.importNames.status, 0, r.importNames.stderr);
  failed(r.splitImports, /3 calls of __wbg_get_imports/);
});

test("import-names and split-imports stop when the import object is built elsewhere", () => {
  const glue = rawGlue.replace(/function __wbg_get_imports\(\)\s*\{/, "function __wbg_get_imports() { return __wbg_imports_of(); }\nfunction __wbg_imports_of() {");
  assert.notEqual(glue, rawGlue);
  failed(pipeline(glue).importNames, /__wbg_get_imports .* is not one `return \{…\}`/);
});
