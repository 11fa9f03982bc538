// Node >= 20.19 (and Bun): require() of the package's ESM `node` entry, which has no top-level await.
const t0 = performance.now();
const pc = require("pagecursor");
const loadMs = performance.now() - t0;
import("../app-core.js")
  .then(({ runChecks }) => runChecks(pc))
  .then((result) => {
    const entry = require.resolve("pagecursor").replace(/^.*\/node_modules\//, "");
    console.log(JSON.stringify({ entry, loadMs: Math.round(loadMs * 10) / 10, ...result }));
  });
