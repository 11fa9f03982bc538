// Renders .build/runtimes.json (written by matrix.test.mjs) as the README's "Works with" table.
//   node tests/runtimes/table.mjs            prints the Markdown table
//   node tests/runtimes/table.mjs --check    also fails when a cell is missing or did not pass
import { readFileSync } from "node:fs";

const file = new URL("../../.build/runtimes.json", import.meta.url);
const { package: pkg, versions, cells } = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(cells.map((c) => [c.id, c]));

// One row per target; `how` is what a user has to do (nothing, ideally), `also` a cell the
// row's claim also rests on, `limit` the cell that
// shows where the target stops working.
const ROWS = [
  { id: "node-esm", name: `Node ${versions.node} (ESM)`, how: "nothing" },
  { id: "node-worker", name: "Node `worker_threads`", how: "nothing" },
  { id: "node-require", name: "Node `require()` (CommonJS)", how: "Node ≥ 20.19 (require of ESM)" },
  { id: "vite", name: `Vite ${versions.vite} (build)`, how: "nothing; workers in either format (\`iife\` default: cell vite-iife-worker)", worker: "vite-worker", also: "vite-iife-worker" },
  { id: "vite-dev", name: `Vite ${versions.vite} (dev server)`, how: "nothing", worker: "vite-dev-worker" },
  { id: "webpack", name: `webpack ${versions.webpack} (production)`, how: "nothing", worker: "webpack-worker" },
  { id: "esbuild", name: `esbuild ${versions.esbuild} (\`--format=esm\`)`, how: "copy the four browser modules (`pagecursor{,_client,_keyed,_codec}_bg.wasm`) next to the bundle", worker: "esbuild-worker", limit: "esbuild-iife", limitText: "no `--format=iife`" },
  { id: "esbuild-iife-inline", name: "esbuild `--format=iife` + `pagecursor/inline`", how: "import `pagecursor/inline` (wasm inlined as base64)", worker: "esbuild-iife-inline-worker", optional: true },
  { id: "vite-inline", name: "Vite, default `iife` workers + `pagecursor/inline`", how: "import `pagecursor/inline`", worker: "vite-inline-worker", optional: true },
  { id: "importmap", name: "`<script type=\"module\">` + import map", how: "map `pagecursor` to `…/pagecursor/web.js`", worker: "importmap-worker", limit: "worker-bare", limitText: "workers import `…/pagecursor/web.js` by URL" },
  { id: "workerd", name: `Cloudflare Workers (workerd ${versions.workerd}, local)`, how: "nothing (bundle with the `workerd` condition, as wrangler does)" },
  { id: "deno", name: `Deno ${versions.deno}`, how: "no permission flags", limit: "deno-node-entry", limitText: "`pagecursor/node` would need `--allow-read`" },
  { id: "deno-inline", name: "Deno + `pagecursor/inline`", how: "no permission flags", optional: true },
  { id: "node-inline", name: "Node + `pagecursor/inline`", how: "nothing", optional: true },
  { id: "bun", name: `Bun ${versions.bun}`, how: "nothing", worker: "bun-worker" },
];

// A skipped cell (pass: null) is an optional entry this build does not have.
const mark = (cell) => (cell === undefined || cell.pass === null ? "–" : cell.pass ? "✅" : "❌");
const kb = (n) => (n / 1024).toFixed(1);
const problems = [];

const lines = [
  `| Target | Works | Worker | What you do | Load (ms) | JS + wasm, gzip (KB) |`,
  `|---|:-:|:-:|---|--:|--:|`,
];
for (const row of ROWS) {
  const cell = byId.get(row.id);
  const worker = row.worker ? byId.get(row.worker) : undefined;
  if (!cell) problems.push(`missing cell ${row.id}`);
  else if (cell.pass === null) {
    if (!row.optional) problems.push(`cell ${row.id} was skipped`);
    continue;
  } else if (!cell.pass) problems.push(`cell ${row.id} failed: ${cell.error ?? JSON.stringify(cell.checks)}`);
  if (row.worker && !worker?.pass) problems.push(`cell ${row.worker} failed or missing`);
  if (row.also && !byId.get(row.also)?.pass) problems.push(`cell ${row.also} failed or missing`);
  const limit = row.limit ? byId.get(row.limit) : undefined;
  if (row.limit && !limit?.pass) problems.push(`limit cell ${row.limit} did not show its documented error`);
  const how = row.limitText ? `${row.how}; ${row.limitText}` : row.how;
  const bytes = cell?.bytes ? `${kb(cell.bytes.pageJsGzip ?? cell.bytes.jsGzip)} + ${kb(cell.bytes.wasmGzip)}` : "";
  const load = cell?.loadMs ?? "";
  lines.push(`| ${row.name} | ${mark(cell)} | ${row.worker ? mark(worker) : ""} | ${how} | ${load} | ${bytes} |`);
}

console.log(
  `Measured with ${pkg}, Chromium ${versions.chromium}. Load: browsers, navigation start to package ready (median of 3 loads); Node, Deno, Bun, the import() of the package.\n`,
);
console.log(lines.join("\n"));
if (process.argv.includes("--check") && problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
