// The declarations of the bindings that the JS layer is checked against before any build
// (src/js/glue/pagecursor.d.ts): wasm-bindgen's pkg/pagecursor.d.ts printed without its
// comments (the Rust doc comments it copies, which the Rust source holds already).
//   node scripts/glue-declarations.mjs pkg/pagecursor.d.ts > src/js/glue/pagecursor.d.ts
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const ts = createRequire(new URL("../package.json", import.meta.url))("typescript");
const [file] = process.argv.slice(2);
if (!file) throw new Error("usage: node scripts/glue-declarations.mjs GLUE.d.ts");
const tree = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
process.stdout.write(
  "// Generated: node scripts/glue-declarations.mjs pkg/pagecursor.d.ts (scripts/build.sh checks it).\n" +
    ts.createPrinter({ removeComments: true }).printFile(tree),
);
