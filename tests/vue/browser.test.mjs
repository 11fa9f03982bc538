// pagecursor/vue in headless Chromium, through a Vite production build of the packed tarball
// (tests/vue/app): the scenarios pagecursor/react passes (tests/frameworks/scenarios.mjs).
// Run: bash scripts/test.d/vue.sh (installs .build/pagecursor-*.tgz into tests/vue first).
import { test, before, after } from "node:test";
import { buildApp, serveApp, launch } from "./lib.mjs";
import { SCENARIOS, use } from "../frameworks/scenarios.mjs";

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
