// Where the minified glue (pkg/pagecursor.js, as esbuild leaves it) lists the functions a module
// imports from it: the object of module "./pagecursor_bg.js" that `__wbg_get_imports` returns.
// Shared by the build steps that edit that list (scripts/import-names.mjs renames its keys,
// scripts/split-imports.mjs moves some of them out), so that both read the same shape.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// The repository's TypeScript (a dev dependency at the root) is only used as a parser here.
export const ts = createRequire(new URL("../package.json", import.meta.url))("typescript");

/** The module name under which the wasm imports the glue's own functions. */
export const GLUE_MODULE = "./pagecursor_bg.js";

/**
 * The glue in `file`, parsed: `{ source, tree, getImports, imports }`, where `getImports` is the
 * `__wbg_get_imports` function and `imports` the object literal of its "./pagecursor_bg.js"
 * imports. Calls `fail` with a message when the glue has another shape:
 * `function __wbg_get_imports(){return{__proto__:null,"./pagecursor_bg.js":{…},…}}`.
 */
export function readGlueImports(file, fail) {
  const source = readFileSync(file, "utf8");
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const getImports = tree.statements.find((s) => ts.isFunctionDeclaration(s) && s.name?.text === "__wbg_get_imports");
  const returned = getImports?.body?.statements.length === 1 ? getImports.body.statements[0] : undefined;
  if (!returned || !ts.isReturnStatement(returned) || !returned.expression || !ts.isObjectLiteralExpression(returned.expression)) {
    fail(`__wbg_get_imports of ${file} is not one \`return {…}\`: has wasm-bindgen's glue changed?`);
  }
  const namespace = returned.expression.properties.find((p) => ts.isPropertyAssignment(p) && ts.isStringLiteral(p.name) && p.name.text === GLUE_MODULE);
  if (!namespace || !ts.isObjectLiteralExpression(namespace.initializer)) {
    fail(`no object of "${GLUE_MODULE}" imports in __wbg_get_imports of ${file}: has wasm-bindgen's glue changed?`);
  }
  return { source, tree, getImports, imports: namespace.initializer };
}
