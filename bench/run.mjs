// One command for the whole benchmark: Node workloads in this process, browser workloads in
// headless Chromium (page served on 127.0.0.1), sizes and token lengths; prints a markdown table
// and writes .build/bench.json. `--quick` runs in under a minute.
import { readFileSync, writeFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import * as pc from "pagecursor";
import { runNode } from "./node.mjs";
import { markdown, peerTables, tokenLengths } from "./workloads.mjs";
import { serve } from "../scripts/serve.mjs";
import { launch } from "../tests/browser/harness.mjs";

const quick = process.argv.includes("--quick");
// `--only=plain,paginator` runs just those workloads (plain, signed, paginator, prefetch).
const onlyArg = process.argv.find((a) => a.startsWith("--only="));
const only = onlyArg ? onlyArg.slice("--only=".length) : "";
const here = new URL(".", import.meta.url).pathname;
const root = new URL("..", import.meta.url).pathname;

async function runBrowser() {
  const { server, url } = await serve({
    mounts: { "/bench/": here, "/pagecursor/": join(here, "node_modules/pagecursor") },
  });
  const browser = await launch();
  try {
    const page = await browser.newPage();
    // An error outside the page's try (a module that failed to load) ends the wait at once.
    let failed;
    const pageFailed = new Promise((_, reject) => (failed = reject));
    pageFailed.catch(() => {});
    page.on("pageerror", (e) => {
      console.error("page error:", e.message);
      failed(new Error(`browser benchmark failed: ${e.message}`));
    });
    page.on("response", (r) => {
      if (r.status() >= 400) failed(new Error(`browser benchmark failed: ${r.status()} for ${r.url()}`));
    });
    const query = new URLSearchParams();
    if (quick) query.set("quick", "");
    if (only) query.set("only", only);
    await page.goto(`${url}bench/page.html?${query}`);
    await Promise.race([page.waitForFunction(() => window.__bench, null, { timeout: 300_000 }), pageFailed]);
    const rows = await page.evaluate(() => window.__bench);
    if (rows.error) throw new Error(`browser benchmark failed: ${rows.error}`);
    return rows;
  } finally {
    await browser.close();
    server.close();
  }
}

function gz(file) {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}
function dirSize(dir, filter) {
  let raw = 0;
  let gzip = 0;
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (filter(p)) {
        const s = gz(p);
        raw += s.raw;
        gzip += s.gzip;
      }
    }
  };
  walk(dir);
  return { raw, gzip };
}

function sizes() {
  const ours = JSON.parse(readFileSync(join(root, ".build/size.json"), "utf8"));
  const budget = JSON.parse(readFileSync(join(root, "bench/size-budget.json"), "utf8"));
  return [
    { package: "pagecursor (web entry + glue + .wasm, all features)", raw: ours.raw, gzip: ours.gzip, note: `each file gzipped alone; per-import budgets (Vite builds): everything ${budget.perImport.everything.gzipBytes} B gzip` },
    { package: "js-base64 (base64.mjs)", ...gz(join(here, "node_modules/js-base64/base64.mjs")), note: "base64 only" },
    {
      package: "@tanstack/query-core (build/modern/*.js, unbundled)",
      ...dirSize(join(here, "node_modules/@tanstack/query-core/build/modern"), (p) => p.endsWith(".js")),
      note: "for scale",
    },
  ];
}

const nodeRows = await runNode({ quick, only });
const browserRows = await runBrowser();
const rows = [...nodeRows, ...browserRows];
const lengths = tokenLengths(pc);
const sizeRows = sizes();
mkdirSync(join(root, ".build"), { recursive: true });
writeFileSync(join(root, ".build/bench.json"), JSON.stringify({ quick, date: new Date().toISOString(), rows, lengths, sizes: sizeRows }, null, 2));

console.log(markdown(rows));
// Every peer of the plain and signed rows in its own column ("n/a" where a runtime lacks it).
console.log(`\n${peerTables(rows)}`);
console.log("\n| boundary | plain | signed | sealed | Fernet | PASETO v4.local |\n|---|---|---|---|---|---|");
for (const l of lengths) console.log(`| ${l.boundary} | ${l.plain} | ${l.signed} | ${l.sealed} | ${l.boundary.startsWith("keyset") ? 140 : "–"} | ${l.boundary.startsWith("keyset") ? 127 : "–"} |`);
console.log("\n| package | raw | gzip -9 | note |\n|---|---|---|---|");
for (const s of sizeRows) console.log(`| ${s.package} | ${s.raw} | ${s.gzip} | ${s.note} |`);
