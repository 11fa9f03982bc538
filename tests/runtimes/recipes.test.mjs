// The recipes of docs/recipes.md, executed: each recipe's code is a file of tests/runtimes/recipes/
// run in headless Chromium against the local server (tests/runtimes/server.mjs). The edge-function
// recipe is the workerd cell of matrix.test.mjs.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, open } from "../browser/harness.mjs";
import { serve, REPO_COUNT } from "./server.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, "../../.build/runtimes-recipes");
const ALL_REPOS = Array.from({ length: REPO_COUNT }, (_, i) => `repo-${i}`);

let browser;
let site;

before(async () => {
  [browser, site] = await Promise.all([
    launch(),
    serve({ mounts: { "/": HERE, "/recipe-react/": join(OUT, "react") } }),
  ]);
});

after(async () => {
  await browser?.close();
  site?.server.close();
});

test("recipe: walk a Link-header API with fetch in the browser", async () => {
  const { page, problems } = await open(browser, `${site.url}recipes/link.html`);
  await page.waitForFunction(() => window.__result, null, { timeout: 20000 });
  const result = await page.evaluate(() => window.__result);
  await page.close();
  assert.deepEqual(result.names, ALL_REPOS);
  assert.equal(result.stopReason, "end");
  assert.equal(result.stats.retries, 1, "the injected 503 was retried once");
  assert.equal(result.stats.pages, 3);
  // The one 503 the server injects shows up as a failed resource load; nothing else may.
  const unexpected = problems.filter((p) => !/503/.test(p));
  assert.deepEqual(unexpected, []);
});

test("recipe: InfiniteList with React's useSyncExternalStore (Vite build)", async () => {
  const { build } = await import("vite");
  await build({
    configFile: false,
    root: join(HERE, "recipes/react"),
    base: "./",
    logLevel: "silent",
    build: { outDir: join(OUT, "react"), emptyOutDir: true },
  });
  const { page, problems } = await open(browser, `${site.url}recipe-react/`);
  const names = () => page.$$eval("#items li", (lis) => lis.map((li) => li.textContent));
  // Waits until the list shows `expected` and no load is running (or times out with the last view).
  const shows = async (expected, why) => {
    await page
      .waitForFunction(
        (want) =>
          !document.querySelector("button[disabled]") &&
          JSON.stringify([...document.querySelectorAll("#items li")].map((li) => li.textContent)) === want,
        JSON.stringify(expected),
        { timeout: 15000 },
      )
      .catch(() => {});
    assert.deepEqual(await names(), expected, why);
  };

  await shows(ALL_REPOS.slice(0, 4), "the first load fills 4 items across 3-item pages");
  await page.click("#more");
  await shows(ALL_REPOS.slice(0, 8), "the second load appends 4");
  await page.click("#more");
  await shows(ALL_REPOS.slice(4), "maxChunks 2 drops the first chunk; the last chunk is short");
  assert.ok(await page.$("#end"), "the end is shown");
  await page.click("#previous");
  await shows(ALL_REPOS.slice(0, 8), "the dropped chunk comes back from its kept cursor");
  await page.close();
  assert.deepEqual(problems, []);
});
