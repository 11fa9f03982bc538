// Bounds what the path types cost the compiler: compiles tests/types/wide.ts (the page type a
// wide, recursive GraphQL schema type) alone with tsc --extendedDiagnostics and fails when it
// needs more type instantiations than MAX_INSTANTIATIONS. Counts, unlike times, do not depend
// on the machine's load. Run: node tests/types/cost.mjs (a step of scripts/test.sh).
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const TSC = join(HERE, "../../node_modules/typescript/bin/tsc");
// About four times what the file needs (its five calls): room for changes, none for an
// enumeration that grows with the width of the page type to the power of the depth (an
// earlier version needed 750,000 for one call and 170 s at depth 7).
const MAX_INSTANTIATIONS = 300_000;

let out;
try {
  out = execFileSync(process.execPath, [TSC, "-p", join(HERE, "tsconfig.wide.json"), "--extendedDiagnostics"], { encoding: "utf8" });
} catch (err) {
  console.error(`tsc failed on tests/types/wide.ts:\n${String(err.stdout ?? "")}${String(err.stderr ?? "")}`);
  process.exit(1);
}
const count = Number(/^Instantiations:\s+(\d+)/m.exec(out)?.[1]);
if (!Number.isInteger(count)) {
  console.error(`no instantiation count in tsc's diagnostics:\n${out}`);
  process.exit(1);
}
if (count > MAX_INSTANTIATIONS) {
  console.error(`tests/types/wide.ts needs ${count} type instantiations, more than ${MAX_INSTANTIATIONS}: the path types grew too costly`);
  process.exit(1);
}
console.log(`tests/types/wide.ts: ${count} type instantiations (at most ${MAX_INSTANTIATIONS})`);
