// Builds the demo's React page (www/react-src/ -> .build/demo/react/, served at /www/react/ by
// scripts/demo.sh and tests/browser/demo-react.test.mjs): a Vite production build, since React
// ships CommonJS that a page without a bundler cannot import. Vite is the runtimes matrix's
// (tests/runtimes, pinned), React the one tests/react pins (scripts/setup.d/react.sh installs
// both); pagecursor is this repository's pkg/ (scripts/build.sh), imported by its entries'
// names as a user would. Run: node scripts/build-demo-react.mjs
import { existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const OUT = join(ROOT, ".build/demo/react");
const VITE = join(ROOT, "tests/runtimes/node_modules/vite/dist/node/index.js");
const MODULES = join(ROOT, "tests/react/node_modules");

export async function buildDemoReact() {
  for (const [what, path] of [["Vite (scripts/setup.d/runtimes.sh)", VITE], ["React (scripts/setup.d/react.sh)", join(MODULES, "react")], ["pkg/ (scripts/build.sh)", join(ROOT, "pkg/react.js")]]) {
    if (!existsSync(path)) throw new Error(`build-demo-react: ${what} is missing: ${path}`);
  }
  const { build } = await import(pathToFileURL(VITE).href);
  await build({
    configFile: false,
    root: join(ROOT, "www/react-src"),
    base: "./",
    logLevel: "error",
    cacheDir: join(ROOT, ".build/demo/.vite"),
    esbuild: { jsx: "automatic" },
    resolve: {
      alias: [
        { find: /^pagecursor\/react$/, replacement: join(ROOT, "pkg/react.js") },
        { find: /^pagecursor$/, replacement: join(ROOT, "pkg/web.js") },
        { find: /^(react|react-dom|scheduler)(\/.*)?$/, replacement: `${MODULES}/$1$2` },
      ],
    },
    build: { outDir: OUT, emptyOutDir: true },
  });
  return OUT;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`demo React page: ${await buildDemoReact()}`);
}
