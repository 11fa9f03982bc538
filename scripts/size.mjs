// Prints raw and gzip -9 sizes of what a browser downloads for the package (the web entry,
// the JS it imports and the full .wasm), then the smaller modules, one of which a page loads
// instead of the full one when it needs less (src/js/loading/loading.ts), and the server module, which
// no page downloads (the Node, Deno and workerd entries read it; no budget), and writes them to
// .build/size.json.
import { readFileSync, writeFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, relative } from "node:path";

const pkg = new URL("../pkg/", import.meta.url).pathname;
const files = ["web.js", "web-load.js", "exports.js", "api.js", "codec.js", "codec-of.js", "uses-keyed.js", "uses-client.js", "client.js", "loading.js", "stack.js", "infinite.js", "view.js", "paginator.js", "walk-options.js", "presets.js", "user-values.js", "read-page.js", "orders.js", "requests.js", "driver.js", "errors.js", "options.js", "pagecursor.js", "pagecursor_bg.wasm"];
const walk = (dir) =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
for (const f of walk(join(pkg, "snippets"))) files.push(relative(pkg, f));

let raw = 0;
let gz = 0;
const rows = files.map((f) => {
  const bytes = readFileSync(join(pkg, f));
  const g = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gz += g;
  return { file: f, raw: bytes.length, gzip: g };
});
const show = (r) => console.log(`${r.file.padEnd(60)} ${String(r.raw).padStart(8)} B  ${String(r.gzip).padStart(7)} B gzip`);
rows.forEach(show);
console.log(`${"total (browser download)".padEnd(60)} ${String(raw).padStart(8)} B  ${String(gz).padStart(7)} B gzip`);
// The smaller modules, each instead of the full one on a page that needs less (loading.ts).
const moduleOf = (name) => {
  const file = `pagecursor_${name}_bg.wasm`;
  const bytes = readFileSync(join(pkg, file));
  return { name, file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const modules = ["client", "keyed", "codec"].map(moduleOf);
modules.forEach(show);
const server = moduleOf("server");
show({ ...server, file: `${server.file} (servers only)` });
mkdirSync(new URL("../.build/", import.meta.url), { recursive: true });
writeFileSync(new URL("../.build/size.json", import.meta.url), JSON.stringify({ raw, gzip: gz, files: rows, modules, server }, null, 2));
