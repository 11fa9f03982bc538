// What the build changes in wasm-bindgen's glue, after esbuild minified it:
// 1. marks the top-level statements that only define things as pure, so that a bundler drops the
//    classes and enums a page does not use;
// 2. exports the glue's own steps of loading a module (`__wbg_get_imports`, `__wbg_load`,
//    `__wbg_finalize_init`), so that the browser entry can swap in a larger module when code
//    that needs one arrives late (pkg/web-load.js, src/js/loading/loading.ts): the glue's `init` loads
//    once and cannot.
//
//   node scripts/finish-glue.mjs pkg/pagecursor.js
//
// 1. Why: the glue defines every exported class, then patches its `Symbol.dispose` and makes its
// FinalizationRegistry at top level, and freezes every enum object. A bundler must keep each of
// those statements (an assignment, a `new`, a call), and with them the class. So a page that
// only encodes plain cursors carried the wrappers of PaginatorCore, InfiniteList and
// CursorStack (bench/README.md, "What was tried").
//
// What: each class and the `Symbol.dispose` statement after it go into one arrow called at
// once, and that call, each `new FinalizationRegistry` and each `Object.freeze` of an enum are
// marked `/* @__PURE__ */` (the pattern TypeScript emitted for classes; Rollup/Rolldown,
// esbuild, webpack's terser and Bun all honour it). Nothing else changes: the same statements
// run in the same order, and the class keeps its name. After esbuild, because its whitespace
// minifier drops every comment, these annotations included, and renames a class that an outer
// binding of the same name shadows.
//
// The glue comes from the pinned wasm-bindgen (Cargo.toml) through esbuild, so its shape is
// known; the script finds it with a real parser and stops the build if any expected shape is
// missing, rather than shipping a glue that a bundler can no longer shake.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

// The repository's TypeScript (a dev dependency at the root) is only used as a parser here.
const ts = createRequire(new URL("../package.json", import.meta.url))("typescript");

const [file] = process.argv.slice(2);
if (!file) throw new Error("usage: node scripts/finish-glue.mjs GLUE.js");
const source = readFileSync(file, "utf8");
const fail = (what) => {
  console.error(`finish-glue: ${file}: ${what}`);
  process.exit(1);
};

const PURE = "/* @__PURE__ */";
const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
const edits = []; // { start, end, text }, none overlapping
const classes = [];
let registries = 0;
let enums = 0;
const statements = tree.statements;
// 2.: each a top-level function of the glue.
const LOADING_STEPS = ["__wbg_get_imports", "__wbg_load", "__wbg_finalize_init"];
const functions = new Set(statements.filter(ts.isFunctionDeclaration).map((f) => f.name?.text));
for (const step of LOADING_STEPS) if (!functions.has(step)) fail(`no top-level function ${step}: has wasm-bindgen's glue changed?`);
for (let i = 0; i < statements.length; i++) {
  const statement = statements[i];
  if (ts.isClassDeclaration(statement)) {
    const name = statement.name?.text;
    if (!name || statement.modifiers?.length) fail(`a class that is unnamed or exported in place (${name}): esbuild lists exports at the end`);
    const dispose = `Symbol.dispose&&(${name}.prototype[Symbol.dispose]=${name}.prototype.free);`;
    const next = statements[i + 1];
    if (next?.getText(tree) !== dispose) fail(`class ${name} is not followed by \`${dispose}\``);
    edits.push({
      start: statement.getStart(tree),
      end: next.end,
      text: `const ${name}=${PURE}(()=>{${statement.getText(tree)}${dispose}return ${name}})();`,
    });
    classes.push(name);
    i++;
  } else if (ts.isVariableStatement(statement)) {
    for (const { initializer } of statement.declarationList.declarations) {
      if (!initializer) continue;
      // `typeof FinalizationRegistry>"u"?{…}:new FinalizationRegistry(…)`
      if (ts.isConditionalExpression(initializer) && ts.isNewExpression(initializer.whenFalse) &&
        initializer.whenFalse.expression.getText(tree) === "FinalizationRegistry") {
        const start = initializer.whenFalse.getStart(tree);
        edits.push({ start, end: start, text: PURE });
        registries++;
      }
      if (ts.isCallExpression(initializer) && initializer.expression.getText(tree) === "Object.freeze") {
        const start = initializer.getStart(tree);
        edits.push({ start, end: start, text: PURE });
        enums++;
      }
    }
  }
}
if (classes.length === 0) fail("no class found: has wasm-bindgen's glue changed?");
// One registry per class: the glue frees a class's Rust value when its JS object is collected.
if (registries !== classes.length) fail(`${registries} FinalizationRegistry for ${classes.length} classes`);
if (enums === 0 || enums !== (source.match(/Object\.freeze\(/g) ?? []).length) fail(`${enums} enums marked, of ${(source.match(/Object\.freeze\(/g) ?? []).length} Object.freeze calls`);

let glue = source;
for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) glue = glue.slice(0, start) + text + glue.slice(end);
glue = `${glue.trimEnd()}\nexport{${LOADING_STEPS.join(",")}};\n`;
writeFileSync(file, glue);
console.log(`finish-glue: ${classes.length} classes (${classes.join(", ")}), ${registries} registries, ${enums} enums marked pure; ${LOADING_STEPS.join(", ")} exported`);
