// Issue 15's per-import budgets: what a page pays for each way of importing pagecursor.
//
// Method: each app (tests/size/apps/<import>) is a real Vite 8 production build against the
// packed tarball, loaded cold in headless Chromium from 127.0.0.1. The page's cost is the sum of
// the gzip -9 bytes of every response it fetched (HTML, JS chunks, .wasm, worker scripts,
// whatever the build emits and the page asks for), until the network is idle. The cost of an
// import is that sum minus the same sum for apps/baseline, which uses the same page and fixtures
// with a hand-written loop instead of pagecursor. A difference of two real builds, because it
// does not depend on how the bundler splits or merges chunks (rolldown puts pagecursor in the
// app's own chunk today; a per-module split may not). It counts the few lines of each app that
// call pagecursor (a couple of hundred bytes) and gzip's cross-file effects, both small and both
// what a user pays. Each app checks in the page that every call worked (window.__result), so a
// build that lost code cannot pass as small.
//
// Budgets: bench/size-budget.json "perImport" (only ever lowered). Figures: .build/size-imports.json.
// Run: bash scripts/test.d/size.sh (installs .build/pagecursor-*.tgz into tests/size first).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildApp, startSite, launch, coldPage, fetchedBytes, emitted, packageInfo, ROOT, wasmModule } from "./lib.mjs";

// The imports of issue 15's table, in its order.
const IMPORTS = {
  client: "paginate + InfiniteList + CursorStack",
  plain: "encodeCursor / decodeCursor",
  keyed: "CursorCodec with keys (signed and sealed)",
  everything: "every export of the root entry",
};
const budgets = JSON.parse(readFileSync(join(ROOT, "bench/size-budget.json"), "utf8")).perImport ?? {};

let browser;
let site;
const apps = {};
const measured = {};

before(async () => {
  // One build at a time: two cores, and the builds are short.
  for (const name of ["baseline", ...Object.keys(IMPORTS)]) apps[name] = await buildApp(name);
  [browser, site] = await Promise.all([launch(), startSite(Object.values(apps))]);
});

after(async () => {
  await browser?.close();
  site?.close();
  if (!measured.baseline) return;
  const imports = {};
  for (const name of Object.keys(IMPORTS)) {
    if (!measured[name]) continue;
    imports[name] = {
      what: IMPORTS[name],
      gzipBytes: measured[name].gzip - measured.baseline.gzip,
      rawBytes: measured[name].raw - measured.baseline.raw,
      pageGzipBytes: measured[name].gzip,
      fetched: measured[name].files,
      emittedNotFetched: emitted(apps[name].dir).filter((f) => !measured[name].files.some((g) => g.path === f)),
      budget: budgets[name] ?? null,
    };
  }
  const report = {
    ...packageInfo(),
    chromium: browser?.version(),
    date: new Date().toISOString(),
    method: "gzip -9 of every response the page fetched, minus the same for apps/baseline (the same page without pagecursor)",
    baseline: { gzipBytes: measured.baseline.gzip, rawBytes: measured.baseline.raw, fetched: measured.baseline.files },
    imports,
  };
  writeFileSync(join(ROOT, ".build/size-imports.json"), JSON.stringify(report, null, 2) + "\n");
});

/** Loads an app cold, waits for its result and for the network to go idle; returns what it fetched. */
async function measure(name) {
  const from = site.requests.length;
  const { context, page, problems } = await coldPage(browser, `${site.url}${name}/`);
  try {
    await page.waitForFunction(() => window.__result, null, { timeout: 20000 }).catch(() => {
      throw new Error(`${name}: the app published no result in 20 s\n${problems.join("\n")}`);
    });
    await page.waitForLoadState("networkidle");
    const result = await page.evaluate(() => window.__result);
    const failed = result.checks.filter((c) => !c.pass);
    assert.deepEqual(failed, [], `${name}: checks failed in the page`);
    assert.equal(result.ok, true);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
  const bytes = fetchedBytes(site.requests.slice(from).filter((r) => r.app === name));
  assert.deepEqual(bytes.files.filter((f) => f.missing), [], `${name}: the page asked for files the build does not have`);
  measured[name] = bytes;
  return bytes;
}

test("the baseline app runs", async () => {
  const bytes = await measure("baseline");
  assert.ok(bytes.files.some((f) => f.path === "index.html"));
});

// The WebAssembly module each app must load (src/js/loading/loading.ts): the smallest that has every part
// the bundle's code uses. Checks that the bundler dropped the marks (uses-keyed.ts,
// uses-client.ts) from the apps without code that uses them, and kept them in the others.
const MODULE = { client: "pagecursor_client_bg", plain: "pagecursor_codec_bg", keyed: "pagecursor_keyed_bg", everything: "pagecursor_bg" };

for (const name of Object.keys(IMPORTS)) {
  test(`${name} (${IMPORTS[name]}): the app runs in Chromium`, async () => {
    const bytes = await measure(name);
    // The page fetched more than the baseline: pagecursor was not dropped as dead code.
    assert.ok(measured.baseline, "the baseline app did not run");
    assert.ok(bytes.gzip > measured.baseline.gzip, `${name} fetched ${bytes.gzip} B gzip, no more than the baseline's ${measured.baseline.gzip} B`);
    const modules = bytes.files.filter((f) => f.path.endsWith(".wasm")).map((f) => wasmModule(f.path));
    assert.deepEqual(modules, [MODULE[name]], `${name}: fetched ${JSON.stringify(modules)}`);
    // The glue's imports of a part the app does not use were dropped with its mark
    // (scripts/split-imports.mjs): the names of the wasm's imports survive minification, so the
    // walk's call of the driver's Orders (`deliver`, client) and the page models' snippet
    // (`keysetResult`, keyed) show.
    const js = bytes.files.filter((f) => f.path.endsWith(".js")).map((f) => readFileSync(join(apps[name].dir, f.path), "utf8")).join("\n");
    const parts = { client: /\b__wbg_deliver\b/.test(js), keyed: /\b__wbg_keysetResult\b/.test(js) };
    const want = { client: { client: true, keyed: false }, plain: { client: false, keyed: false }, keyed: { client: false, keyed: true }, everything: { client: true, keyed: true } }[name];
    assert.deepEqual(parts, want, `${name}: which parts' imports the bundle carries`);
  });
}

test("every import fits its budget (bench/size-budget.json perImport)", () => {
  const rows = [];
  const over = [];
  for (const name of Object.keys(IMPORTS)) {
    const bytes = measured[name] ? measured[name].gzip - measured.baseline.gzip : undefined;
    const budget = budgets[name]?.gzipBytes;
    rows.push(`| ${name} | ${IMPORTS[name]} | ${bytes ?? "(did not run)"} | ${budget ?? "(none)"} | ${budgets[name]?.goalGzipBytes ?? "(none)"} |`);
    if (bytes === undefined || budget === undefined || bytes > budget) over.push(name);
  }
  const table = ["| import | what | measured (B gzip) | budget | goal |", "|---|---|--:|--:|--:|", ...rows].join("\n");
  console.log(`per-import sizes (gzip -9 of what the page fetched, minus the baseline app's ${measured.baseline?.gzip} B):\n${table}`);
  assert.deepEqual(over, [], `over budget, not measured or without a budget:\n${table}`);
});
