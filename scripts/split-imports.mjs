// node scripts/split-imports.mjs GLUE.js FULL.wasm CLIENT.wasm KEYED.wasm CODEC.wasm
//
// Splits the functions the glue hands a module at instantiation (`__wbg_get_imports`) by the
// part of the package that needs them, so that a bundle carries only the imports of the module
// it can load:
// - the codec module's imports stay in `__wbg_get_imports`, and so do the six that both the
//   client and the keyed module add (small ones: `length`, `typeof` checks);
// - those only the client module adds (the paginator's driver calls, the list's snippet) go to
//   `__wbg_client_imports`, those only the keyed module adds (the page models' snippet) to
//   `__wbg_keyed_imports`: top-level object literals that a bundler drops when nothing refers
//   to them;
// - `__wbg_get_imports(...parts)` adds the objects it is given, and the glue's own `init` and
//   `initSync` (the sync entries: node.js, deno.js and workerd.js load the server module,
//   inline.js the full one; both have every import)
//   give it both.
// The marks of the parts (src/js/loading/uses-client.ts, uses-keyed.ts) refer to their objects and hand
// them to loading.ts, which gives pkg/web-load.js the objects of the parts of the module it
// loads. So a bundle of plain cursors, which keeps neither mark, drops the client and keyed
// imports, and with them the page models' and the list's snippets (inline0.js, inline1.js) that
// only those imports call.
//
// Why: the glue is one file for the four modules, and its import object named every import of
// the full module, so each bundle carried all of them: 1.4 KB gzip of a bundle of plain cursors
// (bench/README.md, "What was tried").
//
// Run after import-names.mjs (the names are final, in the glue and in the modules). The script
// stops the build if an import of the full module is in no object a smaller module gets, or if
// the glue's shape is not the one it knows (scripts/glue-imports.mjs). That every module imports
// only what the glue provides, check-module.mjs and import-names.mjs have stopped the build for
// before.
import { readFileSync, writeFileSync } from "node:fs";
import { GLUE_MODULE, readGlueImports, ts } from "./glue-imports.mjs";

const [glueFile, ...moduleFiles] = process.argv.slice(2);
if (!glueFile || moduleFiles.length !== 4) throw new Error("usage: node scripts/split-imports.mjs GLUE.js FULL.wasm CLIENT.wasm KEYED.wasm CODEC.wasm");
const fail = (what) => {
  console.error(`split-imports: ${what}`);
  process.exit(1);
};

const importsOf = (file) =>
  new Set(
    WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(file)))
      .filter((i) => i.module === GLUE_MODULE)
      .map((i) => i.name),
  );
const [full, client, keyed, codec] = moduleFiles.map(importsOf);

// Which object each import goes to: undefined for those that stay, the codec module's and the
// few that both larger smaller modules import (a third object for six small functions cost the
// bundle of everything more than it saved the bundle of plain cursors).
const PARTS = ["__wbg_client_imports", "__wbg_keyed_imports"];
const partOf = (name) => {
  if (codec.has(name) || (client.has(name) && keyed.has(name))) return undefined;
  if (client.has(name)) return PARTS[0];
  if (keyed.has(name)) return PARTS[1];
  return null; // the full module's alone: no part of a smaller module names it
};

const { source, tree, getImports, imports } = readGlueImports(glueFile, fail);
if (getImports.parameters.length !== 0) fail("__wbg_get_imports already takes parameters: is the glue split already?");

const moved = Object.fromEntries(PARTS.map((p) => [p, []]));
const kept = []; // the text of each element that stays, `__proto__:null` included
for (const p of imports.properties) {
  if (ts.isPropertyAssignment(p) && p.name.getText(tree) === "__proto__") {
    kept.push(p.getText(tree));
    continue;
  }
  if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) fail(`an import of an unknown shape: ${p.getText(tree).slice(0, 80)}`);
  const name = p.name.text;
  if (!full.has(name)) fail(`the glue provides ${name}, which the full module does not import`);
  const part = partOf(name);
  if (part === null) fail(`${name} is imported by the full module alone: no part's object can carry it`);
  (part === undefined ? kept : moved[part]).push(p.getText(tree));
}
if (moved[PARTS[0]].length === 0 || moved[PARTS[1]].length === 0) fail("no import moved to the client or the keyed object: the modules' imports are not what this script expects");

// The glue's own loaders (`__wbg_init`, `initSync`) load whatever module they are given.
const calls = [];
const findCalls = (node) => {
  if (ts.isCallExpression(node) && node.expression.getText(tree) === "__wbg_get_imports") {
    if (node.arguments.length !== 0) fail("__wbg_get_imports is already called with arguments");
    calls.push(node);
  }
  ts.forEachChild(node, findCalls);
};
findCalls(tree);
if (calls.length !== 2) fail(`${calls.length} calls of __wbg_get_imports (init and initSync expected): has wasm-bindgen's glue changed?`);

// The object of imports with those that stay (the minified glue has no comments between
// them), merged with the parts the function is given.
const edits = [
  { start: imports.getStart(tree), end: imports.end, text: `Object.assign({${kept.join(",")}},...parts)` },
  { start: getImports.parameters.pos, end: getImports.parameters.end, text: "...parts" },
  ...calls.map((call) => ({ start: call.getStart(tree), end: call.end, text: `__wbg_get_imports(${PARTS.join(",")})` })),
];
let glue = source;
for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) glue = glue.slice(0, start) + text + glue.slice(end);
glue = `${glue.trimEnd()}\n${PARTS.map((p) => `const ${p}={${moved[p].join(",")}};`).join("\n")}\nexport{${PARTS.join(",")}};\n`;
writeFileSync(glueFile, glue);
// For `tsc -p src/js/tsconfig.json`, which checks the marks against wasm-bindgen's declarations
// of the glue (not shipped).
const declarations = glueFile.replace(/\.js$/, ".d.ts");
writeFileSync(
  declarations,
  `${readFileSync(declarations, "utf8").trimEnd()}\n${PARTS.map((p) => `/** Imports of the glue for a part's modules (scripts/split-imports.mjs). */\nexport const ${p}: object;`).join("\n")}\n`,
);
console.log(`split-imports: ${glueFile}: ${PARTS.map((p) => `${moved[p].length} to ${p}`).join(", ")}; ${kept.length - 1} stay`);
