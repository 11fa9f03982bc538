// A small static file server bound to 127.0.0.1, for the demo and the browser tests.
// Usage: node scripts/serve.mjs [--port N] [--root DIR] [--mount /url/=DIR ...]
// Prints "listening http://127.0.0.1:PORT/" once ready. `.wasm` is served as application/wasm.
import { createServer } from "node:http";
import { createReadStream, statSync } from "node:fs";
import { resolve, join, extname, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Starts a server; `mounts` maps URL prefixes ("/pkg/") to folders. `route(req, res, url)`, when
 * given, sees every request first and returns true when it answered it (an API next to the
 * static files). Resolves to { server, url, log } where `log` lists every path requested.
 */
export function serve({ port = 0, mounts, route }) {
  const table = Object.entries(mounts)
    .map(([prefix, dir]) => [prefix, resolve(dir)])
    .sort((a, b) => b[0].length - a[0].length);
  const log = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url, `http://${req.headers.host ?? "127.0.0.1"}`);
    log.push(url.pathname + url.search);
    if (route && route(req, res, url)) return;
    const path = decodeURIComponent(url.pathname);
    const hit = table.find(([prefix]) => path.startsWith(prefix));
    if (!hit) return notFound(res);
    const [prefix, dir] = hit;
    let file = join(dir, path.slice(prefix.length));
    if (file !== dir && !file.startsWith(dir + sep)) return notFound(res);
    try {
      if (statSync(file).isDirectory()) file = join(file, "index.html");
      statSync(file);
    } catch {
      return notFound(res);
    }
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-store",
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => ok({ server, url: `http://127.0.0.1:${server.address().port}/`, log }));
  });
}

function notFound(res) {
  res.writeHead(404, { "content-type": "text/plain" });
  res.end("not found");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  let port = 8080;
  const mounts = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--port") port = Number(args[++i]);
    else if (args[i] === "--mount") {
      const [prefix, dir] = args[++i].split("=");
      mounts[prefix] = dir;
    }
  }
  const { url } = await serve({ port, mounts });
  console.log(`listening ${url}`);
}
