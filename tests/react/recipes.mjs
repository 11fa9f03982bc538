// Compiles every ```ts and ```tsx block of docs/react.md, and tests/react/usage.tsx, with tsc
// (strict, exactOptionalPropertyTypes, the .d.ts files included) against the packed tarball
// installed in tests/react/node_modules: the recipes users paste must type-check as written.
// Blocks go to tests/react/.recipes/: a block whose first line names a file (`// posts.worker.ts`)
// is that file, the others are recipe-<n>.tsx in order. A `.worker.ts` file is compiled once
// more on its own with the WebWorker library instead of DOM (what a worker's tsconfig has).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../..");
const out = join(HERE, ".recipes");
const doc = readFileSync(join(ROOT, "docs/react.md"), "utf8");
const blocks = [...doc.matchAll(/^```tsx?\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
// The files the recipe app (tests/react/recipes-app/main.tsx) imports.
const EXPECTED = ["recipe-1.tsx", "VirtuosoFeed.tsx", "VirtualFeed.tsx", "recipe-2.tsx", "recipe-3.tsx", "posts.worker.ts", "ExportPosts.tsx", "LazyFeed.tsx"];
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
let unnamed = 0;
const files = [];
for (const code of blocks) {
  const name = /^\/\/ ([\w.-]+\.tsx?)\n/.exec(code)?.[1] ?? `recipe-${++unnamed}.tsx`;
  if (files.includes(name)) throw new Error(`docs/react.md: two blocks are ${name}`);
  writeFileSync(join(out, name), code);
  files.push(name);
}
for (const name of EXPECTED) {
  if (!files.includes(name)) throw new Error(`docs/react.md: no block for ${name} (blocks: ${files.join(", ")})`);
}
// And the typed usage with its misuse lines (@ts-expect-error).
writeFileSync(join(out, "usage.tsx"), readFileSync(join(HERE, "usage.tsx"), "utf8"));
const options = {
  target: "ES2022",
  module: "ESNext",
  moduleResolution: "bundler",
  jsx: "react-jsx",
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  skipLibCheck: false,
  types: [],
};
writeFileSync(join(out, "tsconfig.json"), JSON.stringify({ compilerOptions: { ...options, lib: ["ES2022", "DOM", "DOM.Iterable"] }, files: [...files, "usage.tsx"] }));
const workers = files.filter((name) => name.endsWith(".worker.ts"));
writeFileSync(join(out, "tsconfig.worker.json"), JSON.stringify({ compilerOptions: { ...options, lib: ["ES2022", "WebWorker"] }, files: workers }));
for (const config of ["tsconfig.json", "tsconfig.worker.json"]) {
  try {
    execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(out, config)], { stdio: "inherit" });
  } catch {
    console.error(`tsc failed on the recipes of docs/react.md (${config} in ${out})`);
    process.exit(1);
  }
}
console.log(`docs/react.md: ${blocks.length} TypeScript blocks compile (tsc --strict --exactOptionalPropertyTypes; ${workers.join(", ")} also with the WebWorker library)`);
