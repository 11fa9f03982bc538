// Compiles every ```tsx block of docs/react.md, and tests/react/usage.tsx, with tsc (strict, exactOptionalPropertyTypes,
// the .d.ts files included) against the packed tarball installed in tests/react/node_modules:
// the recipes users paste must type-check as written. Blocks go to tests/react/.recipes/.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../..");
const out = join(HERE, ".recipes");
const doc = readFileSync(join(ROOT, "docs/react.md"), "utf8");
const blocks = [...doc.matchAll(/^```tsx\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
if (blocks.length < 3) throw new Error(`docs/react.md: ${blocks.length} tsx blocks, expected the three recipes`);
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
const files = blocks.map((code, i) => {
  const name = `recipe-${i + 1}.tsx`;
  writeFileSync(join(out, name), code);
  return name;
});
// And the typed usage with its misuse lines (@ts-expect-error).
writeFileSync(join(out, "usage.tsx"), readFileSync(join(HERE, "usage.tsx"), "utf8"));
files.push("usage.tsx");
writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "ESNext",
      moduleResolution: "bundler",
      lib: ["ES2022", "DOM", "DOM.Iterable"],
      jsx: "react-jsx",
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
    },
    files,
  }),
);
try {
  execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(out, "tsconfig.json")], { stdio: "inherit" });
} catch {
  console.error(`tsc failed on the recipes of docs/react.md (blocks in ${out})`);
  process.exit(1);
}
console.log(`docs/react.md: ${blocks.length} TypeScript recipes compile (tsc --strict --exactOptionalPropertyTypes)`);
