// Builds the demo's Vue page (www/vue-src/ -> .build/demo/vue/, served at /www/vue/ by
// scripts/demo.sh and tests/browser/demo-vue.test.mjs): a Vite production build, as for the
// React page (scripts/build-demo-react.mjs). Vite is the runtimes matrix's (tests/runtimes,
// pinned), Vue the one tests/vue pins (scripts/setup.d/vue.sh installs both); pagecursor is this
// repository's pkg/ (scripts/build.sh), imported by its entries' names as a user would.
// Run: node scripts/build-demo-vue.mjs
import { existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const OUT = join(ROOT, ".build/demo/vue");
const VITE = join(ROOT, "tests/runtimes/node_modules/vite/dist/node/index.js");
const MODULES = join(ROOT, "tests/vue/node_modules");

export async function buildDemoVue() {
  for (const [what, path] of [["Vite (scripts/setup.d/runtimes.sh)", VITE], ["Vue (scripts/setup.d/vue.sh)", join(MODULES, "vue")], ["pkg/ (scripts/build.sh)", join(ROOT, "pkg/vue.js")]]) {
    if (!existsSync(path)) throw new Error(`build-demo-vue: ${what} is missing: ${path}`);
  }
  const { build } = await import(pathToFileURL(VITE).href);
  await build({
    configFile: false,
    root: join(ROOT, "www/vue-src"),
    base: "./",
    logLevel: "error",
    cacheDir: join(ROOT, ".build/demo/.vite-vue"),
    resolve: {
      alias: [
        { find: /^pagecursor\/vue$/, replacement: join(ROOT, "pkg/vue.js") },
        { find: /^pagecursor$/, replacement: join(ROOT, "pkg/web.js") },
        { find: /^vue$/, replacement: join(MODULES, "vue/dist/vue.runtime.esm-bundler.js") },
        { find: /^@vue\/(.*)$/, replacement: `${MODULES}/@vue/$1` },
      ],
    },
    // Vue's compile-time flags, which @vitejs/plugin-vue sets for an app that uses it.
    define: { __VUE_OPTIONS_API__: "true", __VUE_PROD_DEVTOOLS__: "false", __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: "false" },
    build: { outDir: OUT, emptyOutDir: true },
  });
  return OUT;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`demo Vue page: ${await buildDemoVue()}`);
}
