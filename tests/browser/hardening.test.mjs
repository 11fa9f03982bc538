// Hostile inputs through every export in real headless Chromium: the same cases as the Node
// test (tests/js/hostile.mjs), run inside a plain module page that imports the installed
// package through an import map, with no init() call.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, open, ROOT } from "./harness.mjs";
import { serve } from "../../scripts/serve.mjs";

let browser;
let server;
let base;

before(async () => {
  browser = await launch();
  ({ server, url: base } = await serve({
    mounts: {
      "/tests/": `${ROOT}tests/browser/pages`,
      "/node_modules/pagecursor/": `${ROOT}tests/js/node_modules/pagecursor`,
      "/hardening/": `${ROOT}tests/js`,
    },
  }));
});
after(async () => {
  await browser?.close();
  server?.close();
});

test("hostile inputs through every export in Chromium: typed errors, and the module keeps working", async () => {
  // consumer.html maps "pagecursor" to the installed package's browser entry.
  const { page, problems } = await open(browser, `${base}tests/consumer.html`);
  await page.waitForFunction(() => window.__result);
  const rows = await page.evaluate(async () => {
    const lib = await import("pagecursor");
    const { runHostile } = await import("/hardening/hostile.mjs");
    return runHostile(lib);
  });
  const bad = rows.filter((r) => !r.ok);
  console.log(
    `hostile inputs (Chromium): ${rows.length} cases, ${rows.length - bad.length} as documented\n` +
      rows.map((r) => `${r.ok ? "ok  " : "FAIL"} ${r.name}: ${r.got}`).join("\n"),
  );
  assert.ok(rows.length >= 150, `only ${rows.length} cases`);
  assert.deepEqual(bad.map((r) => `${r.name}: got ${r.got}, expected ${r.expected}; after: ${r.after}`), []);
  // The page itself logged nothing and is still usable.
  const still = await page.evaluate(async () => {
    const { encodeCursor, decodeCursor } = await import("pagecursor");
    return decodeCursor(encodeCursor({ id: 7n })).value.id === 7n;
  });
  assert.equal(still, true);
  assert.deepEqual(problems, []);
  await page.close();
});
