// The typed-usage tests of the package (a step of scripts/test.sh; run: node tests/types/check.mjs):
// 1. the ```ts blocks of README.md and pkg/README.md are written to tests/types/.readme/
//    (tsconfig.json includes them);
// 2. tsc -p tests/types/tsconfig.json (strict, exactOptionalPropertyTypes) compiles usage.ts,
//    tokens.ts and those blocks: every line must compile, every @ts-expect-error line must fail;
// 3. what the path types cost the compiler is bounded: tests/types/wide.ts (the page type a
//    wide, recursive GraphQL schema type) alone, with tsc --extendedDiagnostics, may need at
//    most MAX_INSTANTIATIONS type instantiations. Counts, unlike times, do not depend on the
//    machine's load.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const TSC = join(HERE, "../../node_modules/typescript/bin/tsc");
// About four times what wide.ts needs (its five calls): room for changes, none for an
// enumeration that grows with the width of the page type to the power of the depth (an
// earlier version needed 750,000 for one call, and 170 s at a depth of 7).
const MAX_INSTANTIATIONS = 300_000;

const tsc = (config, ...flags) => {
  try {
    return execFileSync(process.execPath, [TSC, "-p", join(HERE, config), ...flags], { encoding: "utf8" });
  } catch (err) {
    console.error(`tsc -p tests/types/${config} failed:\n${String(err.stdout ?? "")}${String(err.stderr ?? "")}`);
    process.exit(1);
  }
};

const out = join(HERE, ".readme");
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
let blocks = 0;
for (const [readme, prefix] of [["README.md", "readme"], ["pkg/README.md", "pkg-readme"]]) {
  const text = readFileSync(join(HERE, "../..", readme), "utf8");
  const found = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  if (found.length === 0) {
    console.error(`${readme} has no \`\`\`ts block`);
    process.exit(1);
  }
  found.forEach((code, i) => writeFileSync(join(out, `${prefix}-${i + 1}.ts`), code));
  blocks += found.length;
}

tsc("tsconfig.json");
console.log(`tests/types: usage.ts, tokens.ts and the READMEs' ${blocks} TypeScript blocks compile (strict, exactOptionalPropertyTypes)`);

const diagnostics = tsc("tsconfig.wide.json", "--extendedDiagnostics");
const count = Number(/^Instantiations:\s+(\d+)/m.exec(diagnostics)?.[1]);
if (!Number.isInteger(count)) {
  console.error(`no instantiation count in tsc's diagnostics:\n${diagnostics}`);
  process.exit(1);
}
if (count > MAX_INSTANTIATIONS) {
  console.error(`tests/types/wide.ts needs ${count} type instantiations, more than ${MAX_INSTANTIATIONS}: the path types grew too costly`);
  process.exit(1);
}
console.log(`tests/types/wide.ts: ${count} type instantiations (at most ${MAX_INSTANTIATIONS})`);
