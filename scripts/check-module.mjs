// node scripts/check-module.mjs FULL_DIR MODULE_DIR [LEFT_OUT]
//
// The package ships one glue (pkg/pagecursor.js, wasm-bindgen's output for the full module) for
// every module: the full one and the smaller ones built without some of the crate's features
// (scripts/build.sh). That is only sound if each smaller module fits the full module's glue
// exactly, so the build stops unless, between the wasm-bindgen outputs in FULL_DIR and
// MODULE_DIR (the smaller module):
// - the smaller module exports what the full one does, of the same kinds, but for the exports
//   of LEFT_OUT (a comma-separated list of the glue's classes and functions: the parts the
//   module is built without), which it must lack: an export it lacks belongs to a listed class
//   or function (its methods, its free, its FinalizationRegistry), and the smaller glue defines
//   none of them. The JS layer never calls those in that module (src/js/loading/loading.ts);
// - every import of the smaller module is one the full glue provides, with the same JS body
//   (the same name, hash included, and the same conversion of its arguments);
// - outside their list of imports and their `import` lines (the wrappers of every export, the
//   classes, the enums: what JS calls), every statement of its glue is one of the full
//   glue, and what only the full glue has are helpers its glue never names (the
//   conversions of imports the smaller module does not have).
// Run on wasm-bindgen's output, before esbuild or wasm-opt touch it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

// The repository's TypeScript (a dev dependency at the root) is only used as a parser here.
const ts = createRequire(new URL("../package.json", import.meta.url))("typescript");

const [fullDir, moduleDir, leftOutList = ""] = process.argv.slice(2);
const leftOut = leftOutList.split(",").filter(Boolean);
if (!fullDir || !moduleDir) throw new Error("usage: node scripts/check-module.mjs FULL_DIR MODULE_DIR");

const problems = [];
const mentions = (text, name) => new RegExp(`\\b${name}\\b`).test(text);
const moduleOf = (dir) => new WebAssembly.Module(readFileSync(join(dir, "pagecursor_bg.wasm")));
const [full, smaller] = [moduleOf(fullDir), moduleOf(moduleDir)];

const exportsOf = (m) => WebAssembly.Module.exports(m).map((e) => `${e.kind} ${e.name}`).sort();
const [fullExports, moduleExports] = [exportsOf(full), exportsOf(smaller)];
for (const e of moduleExports) if (!fullExports.includes(e)) problems.push(`the module has an export the full one lacks: ${e}`);
const lacked = fullExports.filter((e) => !moduleExports.includes(e));

/** The glue's imports (`name -> body`) and its text without them and without `import` lines. */
function glue(dir) {
  const source = readFileSync(join(dir, "pagecursor.js"), "utf8");
  const file = ts.createSourceFile("pagecursor.js", source, ts.ScriptTarget.Latest, true);
  const imports = new Map();
  const rest = []; // { text, names }: each other top-level statement, and what it declares
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === "__wbg_get_imports") {
      const visit = (node) => {
        if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent) && !ts.isObjectLiteralExpression(node.initializer)) {
          imports.set(node.name.getText(file), node.initializer.getText(file));
          return;
        }
        ts.forEachChild(node, visit);
      };
      visit(statement);
      continue;
    }
    const names = ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)
      ? [statement.name?.text]
      : ts.isVariableStatement(statement) ? statement.declarationList.declarations.map((d) => d.name.getText(file)) : [];
    // A class's members, each as text: a module whose imports never make one of its objects from
    // wasm (`InfiniteLoad` where no InfiniteList exists) has no `static __wrap` in its glue.
    const members = ts.isClassDeclaration(statement) ? statement.members.map((m) => ({ text: m.getText(file), name: m.name?.getText(file) })) : undefined;
    rest.push({ text: statement.getText(file), helper: ts.isFunctionDeclaration(statement) || ts.isVariableStatement(statement), names, members });
  }
  return { imports, rest };
}
const [fullGlue, moduleGlue] = [glue(fullDir), glue(moduleDir)];
// Each export the module lacks must be one of a left-out class or function: named by the full
// glue only in statements that define one of them (or a left-out class's FinalizationRegistry).
const isLeftOut = (name) => leftOut.some((l) => name === l || name === `${l}Finalization`);
for (const e of lacked) {
  const name = e.slice(e.indexOf(" ") + 1);
  const owners = fullGlue.rest.filter((st) => mentions(st.text, `wasm\\.${name}`)).flatMap((st) => st.names);
  if (owners.length === 0 || !owners.every(isLeftOut)) {
    problems.push(`the module lacks the export ${e}, which the full glue uses in ${owners.join(", ") || "nothing"} (left out: ${leftOut.join(", ") || "nothing"})`);
  }
}
for (const l of leftOut) {
  if (!fullGlue.rest.some((st) => st.names.includes(l))) problems.push(`${l} is left out, but the full glue defines no such class or function`);
  if (moduleGlue.rest.some((st) => st.names.some((n) => n === l || n === `${l}Finalization`))) problems.push(`${l} is left out, but the module's glue defines it`);
}
if (fullGlue.imports.size < 20) problems.push(`only ${fullGlue.imports.size} imports found in the full glue: the parser missed its shape`);
for (const [name, body] of moduleGlue.imports) {
  if (!fullGlue.imports.has(name)) problems.push(`the full glue has no import ${name}, which the module needs`);
  // A snippet's namespace is listed once per import that uses it (`"./snippets/…": import1`,
  // `import2`, …, the same module each time): its number may differ between the glues.
  else if (fullGlue.imports.get(name) !== body && !(/^import\d+$/.test(body) && /^import\d+$/.test(fullGlue.imports.get(name)))) problems.push(`the import ${name} differs between the glues`);
}
for (const i of WebAssembly.Module.imports(smaller)) {
  const known = WebAssembly.Module.imports(full).some((f) => f.module === i.module && f.name === i.name && f.kind === i.kind);
  if (!known) problems.push(`the module imports ${i.module} ${i.name} (${i.kind}), which the full module does not`);
}
const moduleSource = moduleGlue.rest.map((st) => st.text).join("\n");
// Helpers of the full glue alone: conversions for imports the smaller module lacks, and the
// memory views they cache (which its glue never names).
const moduleTexts = new Set(moduleGlue.rest.map((st) => st.text));
const fullOnly = fullGlue.rest
  .filter((st) => st.helper && !moduleTexts.has(st.text) && st.names.every((n) => n && !mentions(moduleSource, n)))
  .flatMap((st) => st.names);
// A statement of the full glue as the smaller module's glue would have it: without the lines that touch
// those helpers (`__wbg_finalize_init` resetting a cached view only the full glue has).
const withoutFullOnly = (text) => text.split("\n").filter((line) => !fullOnly.some((n) => mentions(line, n))).join("\n");
const fullTexts = new Set(fullGlue.rest.map((st) => withoutFullOnly(st.text)));
for (const st of moduleGlue.rest) {
  if (fullTexts.has(st.text)) continue;
  // A class may differ by members the full glue has for imports alone (`__wrap`), which nothing
  // of the module's glue names; every member the module's glue has must be the full glue's.
  const full = st.members && fullGlue.rest.find((f) => f.members && f.names[0] === st.names[0]);
  if (full) {
    const theirs = new Set(full.members.map((m) => m.text));
    const missing = st.members.filter((m) => !theirs.has(m.text));
    const mine = new Set(st.members.map((m) => m.text));
    const extra = full.members.filter((m) => !mine.has(m.text));
    const named = extra.filter((m) => m.name !== "__wrap" || mentions(moduleSource, `${st.names[0]}.${m.name}`));
    if (!missing.length && !named.length) continue;
  }
  problems.push(`a statement of the module's glue differs from the full glue's:\n  ${st.text.slice(0, 300)}`);
}
if (problems.length) {
  console.error(`check-module: ${moduleDir} does not fit the full module's glue:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(`check-module: ${moduleDir} fits the full glue (${moduleExports.length} of its ${fullExports.length} exports, ` +
  `${WebAssembly.Module.imports(smaller).length} of the full module's ${WebAssembly.Module.imports(full).length} imports)`);
