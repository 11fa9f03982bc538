// The gzip size of a framework entry's own JS as a Vite production build bundles it: the entry
// and the files only the framework entries import (controller.js), with the framework, the
// runtime ("#pagecursor") and the helpers the root entry shares (options.js, errors.js,
// codec-of.js) left out as externals, since an app that uses the entry has those anyway.
// Run after the build: node scripts/framework-size.mjs react vue
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OWN = new Set(["./controller.js", "./page-state.js"]);
const { build } = await import(pathToFileURL(join(ROOT, "tests/runtimes/node_modules/vite/dist/node/index.js")).href);
for (const name of process.argv.slice(2)) {
  const out = join(ROOT, ".build/framework-size", name);
  mkdirSync(out, { recursive: true });
  await build({
    configFile: false,
    logLevel: "error",
    build: {
      outDir: out,
      emptyOutDir: true,
      lib: { entry: join(ROOT, "pkg", `${name}.js`), formats: ["es"], fileName: "entry" },
      minify: true,
      rollupOptions: { external: (id) => !id.startsWith("/") && !OWN.has(id) && !id.endsWith(`/${name}.js`) && id !== join(ROOT, "pkg", `${name}.js`) },
    },
  });
  const js = readFileSync(join(out, "entry.js"));
  console.log(`pagecursor/${name}: own JS ${js.length} B, gzip -9 ${gzipSync(js, { level: 9 }).length} B`);
}
