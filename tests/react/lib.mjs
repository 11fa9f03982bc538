// Helpers of tests/react: a Vite production build of tests/react/app against the packed
// tarball installed in tests/react/node_modules (Vite is the runtimes matrix's, as in
// tests/size), served from 127.0.0.1.
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serve } from "../../scripts/serve.mjs";

export { launch } from "../browser/harness.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../..");
const VITE = join(HERE, "../runtimes/node_modules/vite");

export async function buildApp() {
  const { build } = await import(pathToFileURL(join(VITE, "dist/node/index.js")).href);
  const dir = join(ROOT, ".build/react/app");
  await build({
    configFile: false,
    root: join(HERE, "app"),
    base: "./",
    logLevel: "error",
    cacheDir: join(ROOT, ".build/react/.vite"),
    build: { outDir: dir, emptyOutDir: true },
  });
  return dir;
}

/** Serves `dir` under /app/; `route(req, res, url)` may answer a request first; `log` lists the paths requested. */
export async function serveApp(dir, route) {
  const { server, url, log } = await serve({ mounts: { "/app/": dir }, route });
  return { url: `${url}app/`, log, close: () => (server.closeAllConnections(), server.close()) };
}
