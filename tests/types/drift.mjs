// The TypeScript sources are held to the published declarations (a step of scripts/test.sh;
// run: node tests/types/drift.mjs). `tsc -p src/js/tsconfig.json`
// passing says the sources and src/js/entries/*.d.ts agree today; this says it would notice if they did
// not: a copy of src/js/ in .build/drift/ whose published
// declarations (src/js/entries/*.d.ts) each gain a member the
// sources lack must fail tsc, in the source file that implements each changed declaration.
// Each drift adds its own member (`drift0`, `drift1`, …): a source must fail for each of its
// declarations' changes, and tsc must report nothing else.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
// Inside the repository, so that "react" and "vue" resolve to the root's @types/react and vue as for src/js.
const COPY = join(ROOT, ".build/drift");

// [declaration file, the line the member is added after, the source that must fail]
const DRIFTS = [
  ["src/js/entries/index.d.ts", "export class CursorCodec {", "src/js/codec/codec.ts"],
  ["src/js/entries/index.d.ts", "export class CursorStack<Token = unknown> {", "src/js/stack/stack.ts"],
  ["src/js/entries/index.d.ts", "export interface InfiniteList<Item = unknown> {", "src/js/list/infinite.ts"],
  ["src/js/entries/index.d.ts", "export interface Paginator<Page = any, Item = any> extends AsyncIterable<Page> {", "src/js/paginate/paginator.ts"],
  ["src/js/entries/tanstack.d.ts", "export interface ChunkParam {", "src/js/frameworks/tanstack.ts"],
  ["src/js/entries/react.d.ts", "export interface InfiniteListState<Item> {", "src/js/frameworks/react.ts"],
  ["src/js/entries/react.d.ts", "export interface CursorStackState<Item> {", "src/js/frameworks/react.ts"],
  ["src/js/entries/vue.d.ts", "export interface InfiniteListState<Item> {", "src/js/frameworks/vue.ts"],
  ["src/js/entries/vue.d.ts", "export interface CursorStackState<Item> {", "src/js/frameworks/vue.ts"],
];

rmSync(COPY, { recursive: true, force: true });
mkdirSync(COPY, { recursive: true });
cpSync(join(ROOT, "src/js"), join(COPY, "src/js"), { recursive: true });
for (const [i, [file, after]] of DRIFTS.entries()) {
  const path = join(COPY, file);
  const text = readFileSync(path, "utf8");
  if (text.split(after).length !== 2) {
    console.error(`drift: ${file} has no single line "${after}" (update tests/types/drift.mjs)`);
    process.exit(1);
  }
  writeFileSync(path, text.replace(after, `${after}\n  readonly drift${i}: number;`));
}

let out = "";
try {
  execFileSync(process.execPath, [TSC, "-p", join(COPY, "src/js/tsconfig.json")], { encoding: "utf8", cwd: COPY });
} catch (err) {
  out = `${String(err.stdout ?? "")}${String(err.stderr ?? "")}`;
}
// The diagnostics: a first line `file(line,col): error TS…` and its indented continuation.
const diagnostics = out.split(/\n(?=\S)/).filter((d) => /^\S+\(\d+,\d+\): error TS\d+/.test(d));
const problems = [];
for (const [i, [file, , source]] of DRIFTS.entries()) {
  const member = new RegExp(`\\bdrift${i}\\b`);
  if (!diagnostics.some((d) => d.startsWith(`${source}(`) && member.test(d))) {
    problems.push(`${source} compiles although ${file} gained drift${i}`);
  }
}
for (const d of diagnostics) {
  if (!DRIFTS.some(([, , source], i) => d.startsWith(`${source}(`) && new RegExp(`\\bdrift${i}\\b`).test(d))) {
    problems.push(`an error that is none of the drifts: ${d.split("\n")[0]}`);
  }
}
if (diagnostics.length === 0) problems.push("no error at all");
if (problems.length > 0) {
  console.error(`drift: tsc over the drifted copy (.build/drift) did not fail as it should:\n  ${problems.join("\n  ")}\ntsc said:\n${out || "(nothing: it passed)"}`);
  process.exit(1);
}
rmSync(COPY, { recursive: true, force: true });
console.log(`tests/types/drift.mjs: a member added to each of ${DRIFTS.length} declarations fails tsc in its source (${[...new Set(DRIFTS.map((d) => d[2]))].join(", ")})`);
