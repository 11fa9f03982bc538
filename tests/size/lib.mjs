// Shared helpers of the size and first-render apps (tests/size/apps/*): a Vite 8 production
// build of one app against the packed tarball installed in tests/size/node_modules, a server on
// 127.0.0.1 that records every request and can hold some responses back, and a cold page load
// in headless Chromium that reports what the page fetched (gzip -9 bytes of each response).
import { readFileSync, readdirSync, realpathSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { join, dirname, extname, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serve } from "../../scripts/serve.mjs";

export { launch } from "../browser/harness.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(HERE, "../..");
export const OUT = join(ROOT, ".build/size");
export const APPS = join(HERE, "apps");
export const PKG = join(HERE, "node_modules/pagecursor");
// The runtimes matrix's pinned Vite (tests/runtimes/package.json), not a second copy.
const VITE = join(HERE, "../runtimes/node_modules/vite");

export function packageInfo() {
  const pkg = JSON.parse(readFileSync(join(PKG, "package.json"), "utf8"));
  const vite = JSON.parse(readFileSync(join(VITE, "package.json"), "utf8"));
  return { package: `${pkg.name}@${pkg.version}`, exports: Object.keys(pkg.exports ?? {}), vite: vite.version };
}

/**
 * Builds tests/size/apps/<name> with `vite build` (production, workers as ES modules) into
 * .build/size/<name>. Resolves to { name, dir, chunks }: for every JS chunk of the page and its
 * workers, whether it is an entry, what it imports statically and dynamically, and whether every
 * module in it comes from the pagecursor package.
 */
export async function buildApp(name) {
  const { build } = await import(pathToFileURL(join(VITE, "dist/node/index.js")).href);
  const dir = join(OUT, name);
  const chunks = [];
  await build({
    configFile: false,
    root: join(APPS, name),
    base: "./",
    logLevel: "silent",
    cacheDir: join(OUT, ".vite"),
    build: { outDir: dir, emptyOutDir: true },
    worker: { format: "es", plugins: () => [chunkMap(chunks)] },
    plugins: [chunkMap(chunks)],
  });
  return { name, dir, chunks };
}

function chunkMap(chunks) {
  const pkg = realpathSync(PKG) + sep;
  return {
    name: "size-chunk-map",
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk") continue;
        const modules = out.moduleIds ?? Object.keys(out.modules ?? {});
        chunks.push({
          fileName: out.fileName,
          isEntry: out.isEntry,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          pagecursorOnly: modules.length > 0 && modules.every((id) => id.startsWith(pkg)),
        });
      }
    },
  };
}

/**
 * What a page must not wait for before its first render: every .wasm file of the build, and
 * every chunk made only of pagecursor modules that the entries do not import statically (a
 * statically imported chunk is part of the entry itself, like inlined code).
 */
export function pagecursorDeferred(app) {
  const staticClosure = new Set();
  const visit = (file) => {
    if (staticClosure.has(file)) return;
    staticClosure.add(file);
    for (const f of app.chunks.find((c) => c.fileName === file)?.imports ?? []) visit(f);
  };
  for (const c of app.chunks) if (c.isEntry) visit(c.fileName);
  const deferred = new Set(app.chunks.filter((c) => c.pagecursorOnly && !staticClosure.has(c.fileName)).map((c) => c.fileName));
  return (relativePath) => extname(relativePath) === ".wasm" || deferred.has(relativePath);
}

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".css": "text/css; charset=utf-8" };

/**
 * Serves each built app under /<name>/, gzip -9 encoded when the browser accepts it (as a CDN
 * would: throttled loads then move the bytes that the sizes count). `requests` lists every
 * request ({ app, path, relative, file, held }); `hold(app, rule)` keeps back the responses of
 * that app whose path (relative to the app) the rule accepts, until `release()`.
 */
export async function startSite(apps) {
  const mounts = Object.fromEntries(apps.map((a) => [`/${a.name}/`, a.dir]));
  const requests = [];
  const held = [];
  let holding;
  const { server, url } = await serve({
    mounts,
    route(req, res, u) {
      const path = decodeURIComponent(u.pathname);
      const app = apps.find((a) => path.startsWith(`/${a.name}/`));
      const relative = app ? path.slice(app.name.length + 2) || "index.html" : undefined;
      const file = app ? join(app.dir, relative) : undefined;
      if (file && !file.startsWith(app.dir + sep)) return false; // outside the app: serve.mjs answers 404
      const request = { app: app?.name, path, relative, file, held: false };
      requests.push(request);
      if (!app) return false;
      // Compressed as a CDN would serve it, so that throttled loads move the gzip bytes.
      const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
      if (holding && app.name === holding.app && holding.rule(relative)) {
        request.held = true;
        held.push({ res, file, gzip });
        return true;
      }
      sendFile(res, file, gzip);
      return true;
    },
  });
  return {
    url,
    requests,
    held: () => requests.filter((r) => r.held),
    hold(app, rule) {
      holding = { app, rule };
    },
    release() {
      holding = undefined;
      for (const { res, file, gzip } of held.splice(0)) sendFile(res, file, gzip);
    },
    close() {
      this.release();
      server.closeAllConnections();
      server.close();
    },
  };
}

const gzipped = new Map();

function sendFile(res, file, gzip) {
  let body;
  try {
    body = readFileSync(file);
  } catch {
    res.writeHead(404, { "content-type": "text/plain" });
    return res.end("not found");
  }
  res.on("error", () => {});
  const headers = { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" };
  if (gzip) {
    const key = createHash("sha256").update(body).digest("hex");
    if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 9 }));
    body = gzipped.get(key);
    headers["content-encoding"] = "gzip";
  }
  res.writeHead(200, headers);
  res.end(body);
}

/** gzip -9 and raw bytes of each fetched file, plus their sums (a 404 counts as a problem). */
export function fetchedBytes(requests) {
  const files = [];
  for (const r of requests) {
    let data;
    try {
      data = statSync(r.file).isFile() ? readFileSync(r.file) : undefined;
    } catch {
      data = undefined;
    }
    files.push({ path: r.relative ?? r.path, raw: data?.length ?? 0, gzip: data ? gzipSync(data, { level: 9 }).length : 0, missing: data === undefined });
  }
  return { gzip: files.reduce((s, f) => s + f.gzip, 0), raw: files.reduce((s, f) => s + f.raw, 0), files };
}

/** The module a fetched or emitted `.wasm` path is: Vite names an asset <name>-<hash>.wasm. */
export const wasmModule = (path) => path.split("/").pop().replace(/-[\w-]+\.wasm$/, "");

/** Every file of a build on disk (for the report: what was emitted but maybe not fetched). */
export function emitted(dir) {
  const out = [];
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p.slice(dir.length + 1));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * Opens a fresh browser context (cold: no cache, cache disabled through CDP) on `url`, with the
 * CDP network conditions given, and records page errors, failed requests and HTTP errors.
 */
export async function coldPage(browser, url, { throttle } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ""}`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (throttle) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...throttle });
  // "commit": the load event is no sign of anything here, and a page whose module graph waits
  // for a held response must still be reachable.
  await page.goto(url, { waitUntil: "commit" });
  return { context, page, problems };
}

/** 10 Mbit/s down and up, 40 ms latency (CDP takes bytes per second). */
export const THROTTLED = { latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
