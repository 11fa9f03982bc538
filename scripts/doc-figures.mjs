// The size figures of the docs, written from the build and checked against it.
//
//   node scripts/doc-figures.mjs --write   rewrites every marked figure from this build
//   node scripts/doc-figures.mjs --check   fails when a marked figure is not this build's
//
// A figure is marked by an HTML comment right before it, which Markdown does not show:
// `<!--size module client gzip-->55,576 B` or `<!--size module server gzip-->79 KB`. The comment
// says what the figure measures; the figure keeps the unit it is written in ("B" exact, with
// thousands separators; "KB" = 1,000 B, with as many decimals as written). What can be named:
//   module NAME raw|gzip    pkg/pagecursor[_NAME]_bg.wasm (NAME: full, client, keyed, codec,
//                           server), gzip -9 as scripts/size.mjs measures it
//   file PATH raw|gzip      any file of the repository, e.g. pkg/react.js
//   import NAME gzip|js     what a page pays for an import (NAME: client, plain, keyed,
//                           everything) in .build/size-imports.json (scripts/test.d/size.sh):
//                           all of it, or its JavaScript alone (the app's JS minus the baseline's)
//   budget import|module NAME, goal import NAME    bench/size-budget.json
// Why: the docs quoted sizes of earlier builds (issue 15, "Sizes ... come from the build, not
// from an earlier one"). `--check` runs in the test command after the per-import sizes; it
// allows 0.2 % (a toolchain on another machine may move a module by a few bytes, which should
// not stop a submission; a figure of an earlier change is off by more: most changes to a module
// move it by hundreds of bytes), so run `--write` after every size change.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
// The documents whose figures are marked.
export const DOCS = ["README.md", "src/js/entries/README.md", "docs/API.md", "docs/runtimes.md", "docs/recipes.md", "docs/react.md", "docs/vue.md"];
const MARK = /<!--size ([^>]*?)-->(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?) (B|KB)\b/g;
// How far a written figure may be from the build's before --check fails.
const TOLERANCE = 0.002;

const fileBytes = (path) => readFileSync(ROOT + path);
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const MODULE_FILE = (name) => `pkg/pagecursor${name === "full" ? "" : `_${name}`}_bg.wasm`;

/** What the build measures for a figure's description (`module client gzip`), in bytes. */
export function measure(what, sources = readSources()) {
  const [kind, a, b] = what.trim().split(/\s+/);
  const sizeOf = (path, how) => {
    if (how === "raw") return fileBytes(path).length;
    if (how === "gzip") return gzip(fileBytes(path));
    throw new Error(`"${what}": raw or gzip, not ${JSON.stringify(how)}`);
  };
  if (kind === "module") return sizeOf(MODULE_FILE(a), b);
  if (kind === "file") return sizeOf(a, b);
  if (kind === "import") {
    const found = sources.imports()?.imports?.[a];
    if (!found) throw new Error(`"${what}": no import ${a} in .build/size-imports.json (run bash scripts/test.d/size.sh)`);
    if (b === "gzip") return found.gzipBytes;
    if (b === "js") {
      const js = (fetched) => fetched.filter((f) => f.path.endsWith(".js")).reduce((n, f) => n + f.gzip, 0);
      return js(found.fetched) - js(sources.imports().baseline.fetched);
    }
    throw new Error(`"${what}": gzip or js, not ${JSON.stringify(b)}`);
  }
  if (kind === "budget" || kind === "goal") {
    const budget = sources.budget();
    const value = kind === "goal" ? budget.perImport[b]?.goalGzipBytes
      : a === "import" ? budget.perImport[b]?.gzipBytes
        : a === "module" ? (b === "full" ? budget.wasmGzipBytes : budget.moduleGzipBytes[b]) : undefined;
    if (typeof value !== "number") throw new Error(`"${what}": not in bench/size-budget.json`);
    return value;
  }
  throw new Error(`"${what}": unknown figure (module, file, import, budget or goal)`);
}

function readSources() {
  let imports, budget;
  return {
    imports: () => {
      const path = ROOT + ".build/size-imports.json";
      return (imports ??= existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined);
    },
    budget: () => (budget ??= JSON.parse(readFileSync(ROOT + "bench/size-budget.json", "utf8"))),
  };
}

// How many decimals a written figure has (KB figures keep theirs).
const decimalsOf = (written) => written.split(".")[1]?.length ?? 0;

/** `bytes` written as `written` is: its unit, and its decimals for KB. */
function format(bytes, written, unit) {
  return unit === "B" ? bytes.toLocaleString("en-US") : (bytes / 1000).toFixed(decimalsOf(written));
}

/**
 * Every marked figure of `text`: `{ what, written, expected, bytes, stale }` (`written` and
 * `expected` with their unit), and the text with every figure rewritten from the build.
 */
export function figures(text, measureOf = measure) {
  const found = [];
  const rewritten = text.replace(MARK, (all, what, written, unit) => {
    const bytes = measureOf(what);
    const expected = format(bytes, written, unit);
    const value = Number(written.replaceAll(",", "")) * (unit === "KB" ? 1000 : 1);
    // A figure in KB may be off by its rounding, on top of the tolerance.
    const rounding = unit === "KB" ? 500 * 10 ** -decimalsOf(written) : 0;
    const stale = Math.abs(value - bytes) > bytes * TOLERANCE + rounding;
    found.push({ what: what.trim(), written: `${written} ${unit}`, expected: `${expected} ${unit}`, bytes, stale });
    return `<!--size ${what}-->${expected} ${unit}`;
  });
  return { found, rewritten };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2];
  if (mode !== "--write" && mode !== "--check") {
    console.error("usage: node scripts/doc-figures.mjs --write | --check");
    process.exit(2);
  }
  const sources = readSources();
  let stale = 0;
  let total = 0;
  for (const doc of DOCS) {
    const text = readFileSync(ROOT + doc, "utf8");
    const { found, rewritten } = figures(text, (what) => measure(what, sources));
    total += found.length;
    for (const f of found.filter((f) => f.stale)) {
      stale++;
      console.error(`${doc}: "${f.what}" says ${f.written}, this build measures ${f.expected}`);
    }
    if (mode === "--write" && rewritten !== text) writeFileSync(ROOT + doc, rewritten);
  }
  if (total === 0) {
    console.error("doc-figures: no marked figure found; the marks are <!--size ...--> comments");
    process.exit(1);
  }
  if (mode === "--check" && stale > 0) {
    console.error(`doc-figures: ${stale} of ${total} figures are not this build's: run node scripts/doc-figures.mjs --write`);
    process.exit(1);
  }
  console.log(`doc-figures: ${total} figures ${mode === "--write" ? "written from" : "match"} this build (${DOCS.join(", ")})`);
}
