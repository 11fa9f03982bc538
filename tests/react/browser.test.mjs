// pagecursor/react and pagecursor/tanstack in headless Chromium, through a Vite production build
// of the packed tarball (tests/react/app): the scenarios pagecursor/vue passes too
// (tests/frameworks/scenarios.mjs), and TanStack's maxPages eviction with an identical scroll
// back. Every wait is bounded (a hang fails at its bound); nothing is timed.
// Run: bash scripts/test.d/react.sh (installs .build/pagecursor-*.tgz into tests/react first).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { buildApp, serveApp, launch } from "./lib.mjs";
import { SCENARIOS, use, open, text, until, range } from "../frameworks/scenarios.mjs";

let browser;
let site;

before(async () => {
  const dir = await buildApp();
  [browser, site] = await Promise.all([launch(), serveApp(dir)]);
  use(browser, site);
});
after(async () => {
  await browser?.close();
  site?.close();
});

for (const [name, run] of SCENARIOS) test(name, run);

test("@tanstack/react-query with infinitePageOptions: exact chunks; maxPages evicts, scrolling back refetches them identically", async () => {
  const { ctx, page, problems } = await open("query");
  const chunks = async () => JSON.parse(await text(page, "chunks"));
  const settled = () => until(page, () => document.getElementById("status").textContent === "success");
  try {
    await settled();
    const seen = [(await chunks())[0]];
    for (let i = 0; i < 5; i++) {
      await page.click("#next");
      await until(page, (n) => JSON.parse(document.getElementById("chunks").textContent).flat().at(-1) === `a-${6 * n - 1}` && document.getElementById("status").textContent === "success", i + 2);
      seen.push((await chunks()).at(-1));
    }
    assert.deepEqual(seen, [0, 1, 2, 3, 4, 5].map((k) => range("a", 6 * k, 6 * k + 6)));
    assert.deepEqual(await chunks(), seen.slice(3), "maxPages 3 keeps the last three chunks");
    const back = [];
    for (let k = 2; k >= 0; k--) {
      await page.click("#previous");
      await until(page, (first) => JSON.parse(document.getElementById("chunks").textContent)[0]?.[0] === first && document.getElementById("status").textContent === "success", `a-${6 * k}`);
      const now = await chunks();
      assert.equal(now.length, 3);
      back.push(now[0]);
    }
    assert.deepEqual(back, [seen[2], seen[1], seen[0]], "the evicted chunks, refetched with identical items");
    assert.equal(await page.locator("#previous").isDisabled(), true, "no chunk before the first");
    assert.deepEqual(problems, []);
  } finally {
    await ctx.close();
  }
});
