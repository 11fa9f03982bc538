// What top-level await costs per bundler: builds three tiny apps (tla.js = the default entry,
// manual.js = no TLA with an explicit init(), inline.js = pagecursor/inline when the package has
// it) with Vite, webpack and esbuild, then loads each RUNS times in headless Chromium.
// Prints a Markdown table for docs/runtimes.md. Not part of the test step (it only measures):
//   node tests/runtimes/measure/measure.mjs
import { mkdirSync, rmSync, writeFileSync, copyFileSync, readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, dirname, extname } from "node:path";
import { fileURLToPath } from "node:url";
import { launch } from "../../browser/harness.mjs";
import { serve } from "../server.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const PKG = join(HERE, "../node_modules/pagecursor");
const OUT = join(HERE, "../../../.build/runtimes-measure");
const RUNS = Number(process.env.RUNS ?? 7);
const variants = ["tla", "manual", ...(existsSync(join(PKG, "inline.js")) ? ["inline"] : [])];

const html = (script) => `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>${script}</body></html>`;

const bundlers = {
  async vite(variant, dir) {
    const { build } = await import("vite");
    const root = join(OUT, "src-vite-" + variant);
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, "index.html"), html(`<script type="module" src="${join(HERE, variant + ".js")}"></script>`));
    await build({ configFile: false, root, base: "./", logLevel: "silent", build: { outDir: dir, emptyOutDir: true } });
  },
  async webpack(variant, dir) {
    const { default: webpack } = await import("webpack");
    await new Promise((ok, fail) =>
      webpack(
        { mode: "production", entry: join(HERE, variant + ".js"), output: { path: dir, filename: "main.js", clean: true }, devtool: false, performance: { hints: false } },
        (err, stats) => (err || stats.hasErrors() ? fail(err ?? new Error(stats.toString())) : ok()),
      ),
    );
    writeFileSync(join(dir, "index.html"), html('<script defer src="./main.js"></script>'));
  },
  async esbuild(variant, dir) {
    const { build } = await import("esbuild");
    await build({ entryPoints: [join(HERE, variant + ".js")], outdir: dir, bundle: true, minify: true, format: "esm", logLevel: "silent" });
    if (variant !== "inline") copyFileSync(join(PKG, "pagecursor_bg.wasm"), join(dir, "pagecursor_bg.wasm"));
    writeFileSync(join(dir, "index.html"), html('<script type="module" src="./main.js"></script>'.replace("main.js", variant + ".js")));
  },
};

function sizes(dir) {
  const out = { js: 0, jsGzip: 0, wasm: 0, wasmGzip: 0 };
  const walk = (p) => {
    if (statSync(p).isDirectory()) return readdirSync(p).forEach((f) => walk(join(p, f)));
    const ext = extname(p).slice(1);
    if (ext !== "js" && ext !== "wasm") return;
    const data = readFileSync(p);
    out[ext] += data.length;
    out[ext + "Gzip"] += gzipSync(data, { level: 9 }).length;
  };
  walk(dir);
  return out;
}

rmSync(OUT, { recursive: true, force: true });
const rows = [];
const mounts = {};
for (const bundler of Object.keys(bundlers)) {
  for (const variant of variants) {
    const dir = join(OUT, `${bundler}-${variant}`);
    mkdirSync(dir, { recursive: true });
    await bundlers[bundler](variant, dir);
    mounts[`/${bundler}-${variant}/`] = dir;
    rows.push({ bundler, variant, dir, ...sizes(dir) });
  }
}
const [browser, site] = await Promise.all([launch(), serve({ mounts })]);
const load = async (row) => {
  const page = await browser.newPage();
  await page.goto(`${site.url}${row.bundler}-${row.variant}/`);
  await page.waitForFunction(() => window.__result, null, { timeout: 15000 });
  const r = await page.evaluate(() => window.__result);
  await page.close();
  if (!r.ok) throw new Error(`${row.bundler}-${row.variant}: check failed`);
  return r.readyMs;
};
// One discarded warm-up load, then round-robin over the apps so that drift hits all of them.
await load(rows[0]);
for (const row of rows) row.times = [];
for (let i = 0; i < RUNS; i++) for (const row of rows) row.times.push(await load(row));
for (const row of rows) row.readyMs = Math.round(row.times.sort((a, b) => a - b)[RUNS >> 1]);
await browser.close();
site.server.close();

console.log(`| bundler | entry | JS bytes / gzip | .wasm bytes / gzip | ready (median of ${RUNS}, ms) |`);
console.log("|---|---|--:|--:|--:|");
for (const r of rows) {
  const wasm = r.wasm ? `${r.wasm} / ${r.wasmGzip}` : "(inlined)";
  console.log(`| ${r.bundler} | ${r.variant} | ${r.js} / ${r.jsGzip} | ${wasm} | ${r.readyMs} |`);
}
