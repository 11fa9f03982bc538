// The runtimes matrix: every cell builds or starts a tiny app that imports the packed tarball
// (installed into tests/runtimes/node_modules) and runs app-core.js there. Cells that show a
// documented limit assert its exact error. Results go to .build/runtimes.json, which
// table.mjs renders as the README's "Works with" table.
//
// Run: bash scripts/test.d/runtimes.sh (packs nothing itself: it installs .build/pagecursor-*.tgz).
import { describe, test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, readFileSync, writeFileSync, copyFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { gzipSync } from "node:zlib";
import { join, dirname, extname } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, open } from "../browser/harness.mjs";
import { serve } from "./server.mjs";
import { ORDERS } from "./workerd/orders.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../..");
const OUT = join(ROOT, ".build/runtimes");
const STATE = join(ROOT, ".build/runtimes-state");
const BIN = join(HERE, "node_modules/.bin");
const PKG = join(HERE, "node_modules/pagecursor");
// The optional `pagecursor/inline` entry needs the base64 module that scripts/build-inline.mjs writes.
const NO_INLINE = existsSync(join(PKG, "pagecursor_bg.wasm.b64.js"))
  ? undefined
  : "this tarball has no pagecursor_bg.wasm.b64.js (scripts/build.sh does not run scripts/build-inline.mjs)";

// Deno, Bun and friends keep their caches and config in the ignored .build/ folder, and
// nothing phones home.
const ENV = {
  ...process.env,
  DENO_DIR: join(STATE, "deno"),
  DENO_NO_UPDATE_CHECK: "1",
  DENO_NO_PROMPT: "1",
  BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0",
  BUN_INSTALL_CACHE_DIR: join(STATE, "bun-cache"),
  XDG_CONFIG_HOME: join(STATE, "config"),
  XDG_CACHE_HOME: join(STATE, "cache"),
  DO_NOT_TRACK: "1",
  NO_COLOR: "1",
};

const cells = [];
let browser;
let site;
let chromiumVersion;

before(async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  mkdirSync(STATE, { recursive: true });
  [browser, site] = await Promise.all([
    launch(),
    serve({
      mounts: {
        "/": HERE,
        "/vite/": join(OUT, "vite"),
        "/webpack/": join(OUT, "webpack"),
        "/esbuild/": join(OUT, "esbuild"),
        "/esbuild-nocopy/": join(OUT, "esbuild-nocopy"),
        "/esbuild-iife-inline/": join(OUT, "esbuild-iife-inline"),
        "/vite-inline/": join(OUT, "vite-inline"),
        "/vite-iife-worker/": join(OUT, "vite-iife-worker"),
        "/esbuild-iife/": join(OUT, "esbuild-iife"),
      },
    }),
  ]);
  chromiumVersion = browser.version();
});

after(async () => {
  await browser?.close();
  site?.server.close();
  const pkg = JSON.parse(readFileSync(join(PKG, "package.json"), "utf8"));
  const versions = await toolVersions();
  writeFileSync(
    join(ROOT, ".build/runtimes.json"),
    JSON.stringify({ package: `${pkg.name}@${pkg.version}`, date: new Date().toISOString(), versions, cells }, null, 2) + "\n",
  );
});

// ---------------------------------------------------------------------------------------------
// Node, Deno, Bun

// One at a time: each is short, and import times measured side by side would mostly show contention.
describe("server-side runtimes", { concurrency: 1 }, () => {
  cliCell({ id: "node-esm", target: "Node 20 ESM", entry: "node.js", cmd: [process.execPath, "cli/main.mjs"], fetch: true });
  cliCell({ id: "node-worker", target: "Node 20 worker_threads", entry: "node.js", cmd: [process.execPath, "cli/main.mjs", "--worker"], fetch: true });
  cliCell({ id: "node-require", target: "Node 20 require() from CommonJS", entry: "node.js", cmd: [process.execPath, "cli/require.cjs"] });
  // Deno runs with no permission flags at all, so it cannot fetch: the Link-header walk is left out.
  cliCell({ id: "deno", target: "Deno 2 (no permission flags)", entry: "deno.js", cmd: [join(BIN, "deno"), "run", "cli/main.mjs"] });
  cliCell({
    id: "deno-node-entry",
    target: "Deno 2 importing pagecursor/node (no flags)",
    cmd: [join(BIN, "deno"), "run", "cli/main.mjs", "--specifier", "pagecursor/node"],
    fails: /NotCapable: Requires read access to ".*pagecursor_server_bg\.wasm", run again with the --allow-read flag/,
  });
  cliCell({ id: "node-inline", target: "Node 20 importing pagecursor/inline", entry: "inline.js", cmd: [process.execPath, "cli/main.mjs", "--specifier", "pagecursor/inline"], inline: true });
  cliCell({ id: "deno-inline", target: "Deno 2 importing pagecursor/inline (no flags)", entry: "inline.js", cmd: [join(BIN, "deno"), "run", "cli/main.mjs", "--specifier", "pagecursor/inline"], inline: true });
  cliCell({ id: "bun", target: "Bun 1.4", entry: "node.js", cmd: [join(BIN, "bun"), "cli/main.mjs"], fetch: true });
  cliCell({ id: "bun-worker", target: "Bun 1.4 worker_threads", entry: "node.js", cmd: [join(BIN, "bun"), "cli/main.mjs", "--worker"], fetch: true });
});

// `entry` is the file of the package that the runtime's export conditions must pick.
function cliCell({ id, target, entry, cmd, fetch = false, fails, inline = false }) {
  if (inline && NO_INLINE) record({ id, target, expect: "works", pass: null, skipped: NO_INLINE });
  test(target, { skip: inline && NO_INLINE }, async () => {
    const args = fetch ? [...cmd.slice(1), "--fetch", site.url] : cmd.slice(1);
    const t0 = performance.now();
    const { code, stdout, stderr } = await run(cmd[0], args, { cwd: HERE });
    const wallMs = Math.round(performance.now() - t0);
    const line = stdout.trim().split("\n").at(-1) ?? "";
    let result;
    try {
      result = JSON.parse(line);
    } catch {
      result = { ok: false, error: `exit ${code}: ${stderr.trim() || stdout.trim()}` };
    }
    if (fails) {
      const error = result.error ?? "";
      record({ id, target, expect: "fails", pass: fails.test(error), error, wallMs });
      assert.match(error, fails);
      return;
    }
    record({ id, target, expect: "works", ...summarize(result), entry: result.entry, loadMs: result.loadMs, wallMs });
    assertWorks(result, stderr);
    assert.equal(result.entry, `pagecursor/${entry}`, "export condition picked the wrong entry");
  });
}

// ---------------------------------------------------------------------------------------------
// Browsers: bundlers, an import map page, module workers

// One at a time, so that page load times are not measured while another cell builds.
describe("browsers (headless Chromium)", { concurrency: 1 }, () => {
  test("Vite 8 production build", async () => {
    const { build } = await import("vite");
    const t0 = performance.now();
    await build(viteConfig(join(OUT, "vite"), { worker: { format: "es" } }));
    const buildMs = Math.round(performance.now() - t0);
    await browserCell({ id: "vite", target: "Vite 8 production build", path: "vite/", dir: join(OUT, "vite"), buildMs });
  });

  test("Vite 8 dev server", async () => {
    const { createServer } = await import("vite");
    const server = await createServer({
      configFile: false,
      root: join(HERE, "browser"),
      cacheDir: join(STATE, "vite-dev"),
      logLevel: "silent",
      clearScreen: false,
      // app-core.js sits outside the root; the Link-header API lives on the test server.
      server: { host: "127.0.0.1", port: await freePort(), strictPort: true, fs: { allow: [HERE] }, proxy: { "/api": site.url }, hmr: false, watch: null },
    });
    try {
      await server.listen();
      await browserCell({ id: "vite-dev", target: "Vite 8 dev server", url: server.resolvedUrls.local[0] });
    } finally {
      await server.close();
    }
  });

  // Before issue 15 the entry's top-level await made this build fail (INVALID_TLA_FORMAT):
  // with no top-level await, Vite's default worker format builds and runs the same checks.
  test("Vite 8 with the default (iife) worker format", async () => {
    const { build } = await import("vite");
    const dir = join(OUT, "vite-iife-worker");
    const t0 = performance.now();
    await build(viteConfig(dir, {}));
    const buildMs = Math.round(performance.now() - t0);
    await browserCell({ id: "vite-iife-worker", target: "Vite 8 worker with default worker.format (iife)", path: "vite-iife-worker/", dir, buildMs });
  });

  test("webpack 5 production build", async () => {
    const dir = join(OUT, "webpack");
    const t0 = performance.now();
    await webpackBuild(dir);
    const buildMs = Math.round(performance.now() - t0);
    writeFileSync(join(dir, "index.html"), html('<script defer src="./main.js"></script>'));
    await browserCell({ id: "webpack", target: "webpack 5 production build", path: "webpack/", dir, buildMs });
  });

  test("esbuild browser bundle (with the .wasm copy step)", async () => {
    const dir = join(OUT, "esbuild");
    const t0 = performance.now();
    await esbuildBundle(dir, "esm");
    // The documented step: esbuild leaves `new URL("./pagecursor_bg.wasm", import.meta.url)` as
    // it is and emits no asset, so the files go next to the bundle (every module: which one a
    // page loads depends on what it imports, pkg/README.md "Which .wasm a page loads").
    for (const m of ["", "_client", "_keyed", "_codec"]) copyFileSync(join(PKG, `pagecursor${m}_bg.wasm`), join(dir, `pagecursor${m}_bg.wasm`));
    const buildMs = Math.round(performance.now() - t0);
    writeFileSync(join(dir, "index.html"), html('<script type="module" src="./main.js"></script>'));
    await browserCell({ id: "esbuild", target: "esbuild browser bundle + copy of the .wasm", path: "esbuild/", dir, buildMs });
  });

  test("esbuild bundle without the copy step fails to fetch the .wasm", async () => {
    const dir = join(OUT, "esbuild-nocopy");
    await esbuildBundle(dir, "esm");
    writeFileSync(join(dir, "index.html"), html('<script type="module" src="./main.js"></script>'));
    const { page, problems } = await open(browser, `${site.url}esbuild-nocopy/`);
    await waitFor(() => problems.some((p) => p.startsWith("page error")), 15000);
    await page.close();
    const error = problems.filter((p) => !p.startsWith("console")).join("\n");
    const fails = /HTTP 404: .*\/esbuild-nocopy\/pagecursor_bg\.wasm[\s\S]*page error: .+/;
    record({ id: "esbuild-nocopy", target: "esbuild bundle without the .wasm copy", expect: "fails", pass: fails.test(error), error });
    assert.match(error, fails);
  });

  // Before issue 15 this build failed on the entry's top-level await. It builds now, but iife
  // output has no import.meta, so the entry cannot locate its .wasm: the page fails at once with
  // a TypeError, and pagecursor/inline is the way (cell esbuild-iife-inline).
  test("esbuild --format=iife cannot locate the .wasm (no import.meta)", async () => {
    const dir = join(OUT, "esbuild-iife");
    await esbuildBundle(dir, "iife");
    writeFileSync(join(dir, "index.html"), html('<script src="./main.js"></script>'));
    const { page, problems } = await open(browser, `${site.url}esbuild-iife/`);
    await waitFor(() => problems.some((p) => p.startsWith("page error")), 15000);
    await page.close();
    const error = problems.filter((p) => p.startsWith("page error")).join("\n");
    const fails = /page error: .*(Invalid URL|URL)/;
    record({ id: "esbuild-iife", target: "esbuild --format=iife", expect: "fails", pass: fails.test(error), error: firstLine(error, fails) });
    assert.match(error, fails);
  });

  if (NO_INLINE) {
    for (const id of ["esbuild-iife-inline", "vite-inline"]) record({ id, target: id, expect: "works", pass: null, skipped: NO_INLINE });
  }
  test("esbuild --format=iife with pagecursor/inline", { skip: NO_INLINE }, async () => {
    const dir = join(OUT, "esbuild-iife-inline");
    const t0 = performance.now();
    await esbuildBundle(dir, "iife", [inlinePlugin]);
    const buildMs = Math.round(performance.now() - t0);
    // import.meta is empty in iife output, so the page names its worker script itself.
    writeFileSync(join(dir, "index.html"), html('<script src="./main.js"></script>').replace("<html", '<html data-worker="./worker.js"'));
    await browserCell({ id: "esbuild-iife-inline", target: "esbuild --format=iife + pagecursor/inline", path: "esbuild-iife-inline/", dir, buildMs, inline: true });
  });

  test("Vite 8 with the default worker format and pagecursor/inline", { skip: NO_INLINE }, async () => {
    const { build } = await import("vite");
    const dir = join(OUT, "vite-inline");
    const t0 = performance.now();
    await build(viteConfig(dir, { resolve: { alias: [{ find: /^pagecursor$/, replacement: "pagecursor/inline" }] } }));
    const buildMs = Math.round(performance.now() - t0);
    await browserCell({ id: "vite-inline", target: "Vite 8 + pagecursor/inline (default iife worker format)", path: "vite-inline/", dir, buildMs, inline: true });
  });

  test("plain <script type=module> page with an import map", async () => {
    await browserCell({ id: "importmap", target: "plain <script type=\"module\"> + import map (no bundler)", path: "browser/importmap.html", dir: null });
  });

  test("a module worker cannot use the page's import map", async () => {
    const { page, problems } = await open(browser, `${site.url}browser/importmap.html?worker=/browser/worker-bare.js`);
    await page.waitForFunction(() => window.__result, null, { timeout: 20000 });
    const result = await page.evaluate(() => window.__result);
    await page.close();
    const error = [result.worker.error, ...problems].join("\n");
    const fails = /Failed to resolve module specifier ['"]?pagecursor/;
    record({ id: "worker-bare", target: "module Web Worker importing \"pagecursor\" through the page's import map", expect: "fails", pass: fails.test(error) && result.page.ok, error });
    assert.equal(result.page.ok, true);
    assert.match(error, fails);
  });
});

function viteConfig(outDir, extra) {
  return {
    configFile: false,
    root: join(HERE, "browser"),
    base: "./",
    logLevel: "silent",
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(HERE, "browser/index.html") } },
    ...extra,
  };
}

async function webpackBuild(dir) {
  const { default: webpack } = await import("webpack");
  const stats = await new Promise((resolve, reject) =>
    webpack(
      {
        mode: "production",
        context: join(HERE, "browser"),
        entry: "./main.js",
        output: { path: dir, filename: "main.js", clean: true },
        devtool: false,
        performance: { hints: false },
        infrastructureLogging: { level: "error" },
      },
      (err, stats) => (err ? reject(err) : resolve(stats)),
    ),
  );
  if (stats.hasErrors() || stats.hasWarnings()) throw new Error(stats.toString({ all: false, errors: true, warnings: true }));
}

// What a user would write as `import … from "pagecursor/inline"`, applied to the shared app.
const inlinePlugin = {
  name: "pagecursor-inline",
  setup(build) {
    build.onResolve({ filter: /^pagecursor$/ }, (args) => build.resolve("pagecursor/inline", { kind: args.kind, resolveDir: args.resolveDir }));
  },
};

async function esbuildBundle(dir, format, plugins = []) {
  const { build } = await import("esbuild");
  rmSync(dir, { recursive: true, force: true });
  await build({
    entryPoints: [join(HERE, "browser/main.js"), join(HERE, "browser/worker.js")],
    outdir: dir,
    bundle: true,
    minify: true,
    format,
    platform: "browser",
    logLevel: "silent",
    plugins,
  });
}

async function browserCell({ id, target, path, url = site.url + path, dir, buildMs, inline = false }) {
  const { page, problems } = await open(browser, url);
  await page.waitForFunction(() => window.__result, null, { timeout: 20000 });
  const result = await page.evaluate(() => window.__result);
  // Two more loads (nothing cached: the server sends no-store) for a median load time.
  const loads = [result.page.loadMs];
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await page.waitForFunction(() => window.__result, null, { timeout: 20000 });
    loads.push(await page.evaluate(() => window.__result.page.loadMs));
  }
  await page.close();
  const loadMs = loads.sort((a, b) => a - b)[1];
  const bytes = dir ? bundleSizes(dir, inline) : path === undefined ? undefined : sizes(PKG, ["web.js", "api.js", "errors.js", "pagecursor.js", "pagecursor_bg.wasm", "snippets"]);
  const page_ = summarize(result.page);
  const worker = summarize(result.worker);
  record({ id, target, expect: "works", ...page_, loadMs, loads, buildMs, bytes, problems });
  record({
    id: `${id}-worker`,
    target: `${target}: module Web Worker`,
    expect: "works",
    ...worker,
    loadMs: result.worker.loadMs,
    error: result.worker.error,
  });
  assertWorks(result.page);
  assertWorks(result.worker);
  assert.deepEqual(problems, []);
}

// ---------------------------------------------------------------------------------------------
// Cloudflare Workers runtime (workerd), locally

describe("Cloudflare Workers runtime", () => {
  let proc;
  let base;
  const secret = "matrix-secret-" + Math.random().toString(36).slice(2).padEnd(24, "x");

  before(async () => {
    const dir = join(OUT, "workerd");
    const { build } = await import("esbuild");
    // Pre-bundle as wrangler would, picking the package's `workerd` entry; the .wasm stays a
    // separate module that workerd compiles into a WebAssembly.Module.
    await build({
      entryPoints: [join(HERE, "workerd/worker.js")],
      outdir: dir,
      bundle: true,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      loader: { ".wasm": "copy" },
      assetNames: "[name]",
      logLevel: "silent",
    });
    const config = readFileSync(join(HERE, "workerd/config.capnp.in"), "utf8").replace("@SECRET@", secret);
    writeFileSync(join(dir, "config.capnp"), config);
    const port = await freePort();
    base = `http://127.0.0.1:${port}/`;
    proc = spawn(join(BIN, "workerd"), ["serve", join(dir, "config.capnp"), "--socket-addr", `http=127.0.0.1:${port}`], {
      cwd: dir,
      env: ENV,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    proc.stdout.on("data", (d) => (log += d));
    proc.stderr.on("data", (d) => (log += d));
    const t0 = performance.now();
    await waitFor(async () => (await fetch(base + "selftest").catch(() => undefined))?.status !== undefined, 15000, () => log);
    cells.startupMs = Math.round(performance.now() - t0);
  });

  after(() => {
    proc?.kill();
  });

  test("workerd runs the shared checks", async () => {
    const result = await (await fetch(base + "selftest")).json();
    record({ id: "workerd", target: "Cloudflare Workers runtime (workerd 1.20261117, local)", expect: "works", ...summarize(result), startupMs: cells.startupMs, bytes: sizes(join(OUT, "workerd"), ["worker.js", "pagecursor_server_bg.wasm"]) });
    assertWorks(result);
  });

  test("a Node client walks the worker's sealed-cursor keyset API to the end", async () => {
    const { allOrders } = await import("./workerd/client.mjs");
    const { items, stats } = await allOrders(base, { status: "open", pageSize: 4 });
    const expected = ORDERS.filter((o) => o.status === "open");
    assert.deepEqual(items.map((o) => o.id), expected.map((o) => o.id));
    assert.equal(stats.requests, Math.ceil(expected.length / 4));
    record({ id: "workerd-keyset", target: "workerd edge function: sealed keyset cursors, walked by a Node client", expect: "works", pass: true, checks: [], requests: stats.requests });
  });

  test("the worker refuses damaged and replayed cursors", async () => {
    const first = await (await fetch(`${base}orders?status=open&limit=3`)).json();
    const cursor = first.nextCursor;
    assert.equal(typeof cursor, "string");
    assert.ok(!JSON.stringify(first.items).includes(cursor));
    const mid = cursor.length >> 1;
    const damaged = cursor.slice(0, mid) + (cursor[mid] === "A" ? "B" : "A") + cursor.slice(mid + 1);
    const bad = await fetch(`${base}orders?status=open&limit=3&cursor=${damaged}`);
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error, "bad_signature");
    const replay = await fetch(`${base}orders?status=shipped&limit=3&cursor=${cursor}`);
    assert.equal(replay.status, 400);
    assert.equal((await replay.json()).error, "scope_mismatch");
  });
});

// ---------------------------------------------------------------------------------------------
// helpers

function record(cell) {
  cells.push(cell);
}

function summarize(result = {}) {
  const checks = result.checks ?? [];
  return {
    pass: result.ok === true,
    checks: checks.map((c) => ({ name: c.name, status: c.status, ...(c.detail ? { detail: c.detail } : {}) })),
    ...(result.error ? { error: result.error } : {}),
  };
}

function assertWorks(result, stderr = "") {
  assert.equal(result.error, undefined, `${result.error}\n${stderr}`);
  const failed = (result.checks ?? []).filter((c) => c.status === "fail");
  assert.deepEqual(failed, []);
  assert.ok(result.checks?.some((c) => c.status === "pass"), "no check passed");
  assert.equal(result.ok, true);
}

function sizes(dir, only) {
  let js = 0;
  let jsGzip = 0;
  let wasm = 0;
  let wasmGzip = 0;
  const walk = (path) => {
    if (statSync(path).isDirectory()) return readdirSync(path).forEach((f) => walk(join(path, f)));
    const ext = extname(path);
    if (ext !== ".js" && ext !== ".wasm") return;
    const data = readFileSync(path);
    const gz = gzipSync(data, { level: 9 }).length;
    if (ext === ".js") (js += data.length), (jsGzip += gz);
    // Bundlers emit every module web-load.js names (four); a page loads one, and this app, which
    // uses every export, the full one: the largest (webpack names them by hash alone).
    else if (data.length > wasm) (wasm = data.length), (wasmGzip = gz);
  };
  for (const f of only ?? readdirSync(dir)) walk(join(dir, f));
  return { js, jsGzip, wasm, wasmGzip };
}

/** Sizes of a built app: the page's entry script (named in index.html), the worker chunks, the wasm. */
function bundleSizes(dir, inline) {
  const entry = /<script[^>]*src="\.\/([^"]+)"/.exec(readFileSync(join(dir, "index.html"), "utf8"))[1];
  const all = sizes(dir);
  // With pagecursor/inline the wasm is inside the JS; Vite still emits the glue's unused default
  // .wasm asset, which the page never requests.
  if (inline) Object.assign(all, { unusedWasm: all.wasm, wasm: 0, wasmGzip: 0 });
  const page = sizes(dir, [entry]);
  return { ...all, pageJs: page.js, pageJsGzip: page.jsGzip, workerJs: all.js - page.js, workerJsGzip: all.jsGzip - page.jsGzip };
}

function html(script) {
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>pagecursor</title><link rel="icon" href="data:,"></head>\n<body>\n<pre id="result">running</pre>\n${script}\n</body>\n</html>\n`;
}

function run(cmd, args, { cwd }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: ENV, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill(), 30000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function waitFor(cond, ms, why = () => "") {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms ${why()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function firstLine(text, re) {
  return text.split("\n").find((l) => re.test(l)) ?? text.split("\n").find((l) => l.trim()) ?? text;
}

async function toolVersions() {
  const version = (name) => {
    try {
      return JSON.parse(readFileSync(join(HERE, "node_modules", name, "package.json"), "utf8")).version;
    } catch {
      return undefined;
    }
  };
  return {
    node: process.versions.node,
    chromium: chromiumVersion,
    vite: version("vite"),
    webpack: version("webpack"),
    esbuild: version("esbuild"),
    workerd: version("workerd"),
    deno: version("deno"),
    bun: version("bun"),
  };
}
