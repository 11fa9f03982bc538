// node scripts/import-names.mjs GLUE.js MODULE.wasm...
//
// Drops wasm-bindgen's hashes from the names of the functions the modules import from the glue
// (`__wbg_keysetResult_352c6dd4a5858068` becomes `__wbg_keysetResult`), in the glue's list of
// imports and in each module's import section, in place.
//
// Why: each name carries 16 hex digits that gzip cannot compress, once in the module and once in
// the glue, about 60 times: 0.8 KB gzip of the full module and 0.7 KB of the glue, measured on
// the build that introduced this (bench/README.md, "What was tried"). The hashes
// keep apart imports of the same name with different bodies (three `length`s, three `get`s); here
// the second and later of a name get `$2`, `$3`, in the order of their hashes, so a name stays
// unique and what an import is stays readable (tests/js/glue-imports.test.mjs reviews them by
// name). One map, made from the full glue, serves the four modules: each imports a subset of the
// full glue's names (scripts/check-module.mjs), and each gets the same new name for the same
// import.
//
// Run after wasm-opt (which keeps import names) and before build-inline.mjs (which copies the
// full module); the script stops the build if a module imports a name the glue does not have.
import { readFileSync, writeFileSync } from "node:fs";
import { leb, nameBytes, readLeb, readName, rewriteSections } from "./wasm-sections.mjs";
import { GLUE_MODULE, readGlueImports, ts } from "./glue-imports.mjs";

const [glueFile, ...modules] = process.argv.slice(2);
if (!glueFile || modules.length === 0) throw new Error("usage: node scripts/import-names.mjs GLUE.js MODULE.wasm...");
const fail = (what) => {
  console.error(`import-names: ${what}`);
  process.exit(1);
};

// The glue: the object of imports of module "./pagecursor_bg.js" in `__wbg_get_imports`.
const { source, tree, imports: list } = readGlueImports(glueFile, fail);

const keys = list.properties.filter((p) => p.name && !(ts.isPropertyAssignment(p) && p.name.getText(tree) === "__proto__"));
const HASHED = /^(.+)_([0-9a-f]{16})$/;
const byBase = new Map();
for (const p of keys) {
  const name = ts.isStringLiteral(p.name) ? p.name.text : p.name.getText(tree);
  const m = HASHED.exec(name);
  if (!m) continue;
  if (!byBase.has(m[1])) byBase.set(m[1], []);
  byBase.get(m[1]).push({ name, hash: m[2], node: p.name });
}
const renamed = new Map(); // old name -> new name
for (const [base, group] of byBase) {
  group.sort((a, b) => (a.hash < b.hash ? -1 : 1));
  group.forEach((entry, i) => renamed.set(entry.name, i === 0 ? base : `${base}$${i + 1}`));
}
const unhashed = keys.map((p) => (ts.isStringLiteral(p.name) ? p.name.text : p.name.getText(tree))).filter((n) => !renamed.has(n));
const all = [...renamed.values(), ...unhashed];
if (new Set(all).size !== all.length) fail("two imports would get the same name");
if (renamed.size < 20) fail(`only ${renamed.size} hashed import names in ${glueFile}: the parser missed its shape`);

let glue = source;
const nodes = [...byBase.values()].flat().sort((a, b) => b.node.getStart(tree) - a.node.getStart(tree));
for (const { name, node } of nodes) {
  const text = renamed.get(name);
  glue = glue.slice(0, node.getStart(tree)) + (ts.isStringLiteral(node) ? JSON.stringify(text) : text) + glue.slice(node.getEnd());
}
writeFileSync(glueFile, glue);

// A module: its import section (id 2) rewritten with the new names; every other byte kept.
for (const file of modules) {
  const bytes = readFileSync(file);
  let count = 0;
  const edited = rewriteSections(bytes, (id, body, end) => {
    if (id !== 2) return undefined;
    let [n, p] = readLeb(bytes, body);
    const out = [leb(n)];
    while (n-- > 0) {
      const [module, fieldAt] = readName(bytes, p);
      const [field, descAt] = readName(bytes, fieldAt);
      // The import's kind and type, copied as they are.
      const kind = bytes[descAt];
      let descEnd;
      if (kind === 0) descEnd = readLeb(bytes, descAt + 1)[1]; // function: type index
      else if (kind === 1) descEnd = limitsEnd(bytes, descAt + 2); // table: reftype, limits
      else if (kind === 2) descEnd = limitsEnd(bytes, descAt + 1); // memory: limits
      else if (kind === 3) descEnd = descAt + 3; // global: valtype, mutability
      else fail(`${file}: import ${module} ${field} of unknown kind ${kind}`);
      let newField = field;
      if (module === GLUE_MODULE && HASHED.test(field)) {
        newField = renamed.get(field);
        if (!newField) fail(`${file} imports ${field}, which ${glueFile} does not provide`);
        count++;
      }
      out.push(nameBytes(module), nameBytes(newField), bytes.subarray(descAt, descEnd));
      p = descEnd;
    }
    if (p !== end) fail(`${file}: the import section did not parse to its end`);
    return Buffer.concat(out);
  });
  new WebAssembly.Module(edited); // still a valid module
  writeFileSync(file, edited);
  console.log(`import-names: ${file}: ${count} imports renamed`);
}
console.log(`import-names: ${glueFile}: ${renamed.size} hashed import names dropped their hashes`);

/** Where the limits (of a table or a memory) at `q` end: flags, minimum, and a maximum if flagged. */
function limitsEnd(bytes, q) {
  const flags = bytes[q];
  let r = readLeb(bytes, q + 1)[1];
  if (flags & 1) r = readLeb(bytes, r)[1];
  return r;
}
