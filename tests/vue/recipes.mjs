// Compiles every ```vue block of docs/vue.md, and tests/vue/usage.vue, with vue-tsc (strict,
// exactOptionalPropertyTypes, the .d.ts files included) against the packed tarball installed in
// tests/vue/node_modules: the recipes users paste must type-check as written. Each block names
// its file on its first line (`<!-- Feed.vue -->`) and goes to tests/vue/.recipes/, which the
// recipe app (tests/vue/recipes-app/main.ts) imports.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../..");
const out = join(HERE, ".recipes");
const doc = readFileSync(join(ROOT, "docs/vue.md"), "utf8");
const blocks = [...doc.matchAll(/^```vue\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
const EXPECTED = ["Feed.vue", "Orders.vue", "VirtualFeed.vue"];
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
const files = [];
for (const code of blocks) {
  const name = /^<!-- ([\w.-]+\.vue) -->\n/.exec(code)?.[1];
  if (name === undefined) throw new Error(`docs/vue.md: a vue block does not name its file: ${code.split("\n")[0]}`);
  if (files.includes(name)) throw new Error(`docs/vue.md: two blocks are ${name}`);
  writeFileSync(join(out, name), code);
  files.push(name);
}
for (const name of EXPECTED) {
  if (!files.includes(name)) throw new Error(`docs/vue.md: no block for ${name} (blocks: ${files.join(", ")})`);
}
writeFileSync(join(out, "usage.vue"), readFileSync(join(HERE, "usage.vue"), "utf8"));
// The app's entry and Vite's module declarations are checked with them.
const compilerOptions = {
  target: "ES2022",
  module: "ESNext",
  moduleResolution: "bundler",
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  skipLibCheck: false,
  types: [],
  lib: ["ES2022", "DOM", "DOM.Iterable"],
};
writeFileSync(join(out, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.vue"] }));
try {
  execFileSync(process.execPath, [join(HERE, "node_modules/vue-tsc/bin/vue-tsc.js"), "-p", join(out, "tsconfig.json")], { stdio: "inherit" });
} catch {
  console.error(`vue-tsc failed on the recipes of docs/vue.md or tests/vue/usage.vue (${out})`);
  process.exit(1);
}
console.log(`docs/vue.md: ${blocks.length} single-file components and tests/vue/usage.vue compile (vue-tsc --strict --exactOptionalPropertyTypes)`);
