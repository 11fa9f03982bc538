// Helpers of tests/vue: Vite production builds of tests/vue's apps against the packed tarball
// installed in tests/vue/node_modules (Vite is the runtimes matrix's, as in tests/react).
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export { launch } from "../browser/harness.mjs";
export { serveApp } from "../react/lib.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../..");
const VITE = join(HERE, "../runtimes/node_modules/vite");

/** Builds tests/vue/<name> into .build/vue/<name>; `plugins` for single-file components. */
export async function buildApp(name = "app", plugins = []) {
  const { build } = await import(pathToFileURL(join(VITE, "dist/node/index.js")).href);
  const dir = join(ROOT, ".build/vue", name);
  await build({
    configFile: false,
    root: join(HERE, name),
    base: "./",
    logLevel: "error",
    cacheDir: join(ROOT, ".build/vue/.vite"),
    plugins,
    // Vue's compile-time flags, which @vitejs/plugin-vue sets for an app that uses it.
    define: { __VUE_OPTIONS_API__: "true", __VUE_PROD_DEVTOOLS__: "false", __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: "false" },
    build: { outDir: dir, emptyOutDir: true },
  });
  return dir;
}
