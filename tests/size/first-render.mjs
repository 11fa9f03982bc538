// First-render figures of issue 15 (a measurement, not a test): the same two-view app built with
// pagecursor (apps/first-render: InfiniteList feed), with pagecursor imported by the feed with
// import() and its wasm preloaded by the entry (apps/first-render-lazy: docs/recipes.md, "Keep
// pagecursor out of the first chunk") and without it (apps/first-render-bare: a hand-written
// loop over the same in-page fetchPage). Each load is cold: a fresh browser
// context, cache disabled through CDP, the server sends no-store. The page opens its feed at
// once (?feed), so one load gives the time to the first view's render (performance.now() when it
// is in the DOM, and Chromium's first-contentful-paint) and the time to the first feed item.
// Loads alternate between the apps so that drift hits both. Prints a Markdown table of medians.
//   node tests/size/first-render.mjs            (RUNS=15 by default)
import { buildApp, startSite, launch, coldPage, fetchedBytes, median, THROTTLED, packageInfo } from "./lib.mjs";

const RUNS = Number(process.env.RUNS ?? 15);
const APPS = {
  "first-render": "with pagecursor (InfiniteList)",
  "first-render-lazy": "with pagecursor by import(), its wasm preloaded",
  "first-render-bare": "without pagecursor (hand-written loop)",
};
const NETWORKS = { loopback: undefined, "10 Mbit/s, 40 ms": THROTTLED };

const apps = [];
for (const name of Object.keys(APPS)) apps.push(await buildApp(name));
const [browser, site] = await Promise.all([launch(), startSite(apps)]);
const chromium = browser.version();

async function load(name, throttle) {
  const from = site.requests.length;
  const { context, page, problems } = await coldPage(browser, `${site.url}${name}/?feed`, { throttle });
  try {
    await page.waitForFunction(() => window.__result && performance.getEntriesByName("first-contentful-paint").length, null, { timeout: 30000 });
    const { result, times, fcp } = await page.evaluate(() => ({
      result: window.__result,
      times: window.__times,
      fcp: performance.getEntriesByName("first-contentful-paint")[0].startTime,
    }));
    if (!result.ok || problems.length) throw new Error(`${name}: ${JSON.stringify(result)} ${problems.join("\n")}`);
    return { renderMs: times.renderMs, fcpMs: fcp, firstItemMs: times.firstItemMs, gzip: fetchedBytes(site.requests.slice(from)).gzip };
  } finally {
    await context.close();
  }
}

const rows = [];
try {
  for (const [network, throttle] of Object.entries(NETWORKS)) {
    await load(apps[0].name, throttle); // one discarded warm-up load per network (Chromium's own caches of code)
    const samples = Object.fromEntries(apps.map((a) => [a.name, []]));
    for (let i = 0; i < RUNS; i++) for (const app of apps) samples[app.name].push(await load(app.name, throttle));
    for (const app of apps) {
      const s = samples[app.name];
      const med = (k) => median(s.map((x) => x[k]));
      rows.push({ network, app: APPS[app.name], renderMs: med("renderMs"), fcpMs: med("fcpMs"), firstItemMs: med("firstItemMs"), gzip: med("gzip") });
    }
  }
} finally {
  await browser.close();
  site.close();
}

const info = packageInfo();
const ms = (v) => v.toFixed(1);
console.log(`${info.package}, Vite ${info.vite}, Chromium ${chromium}: median of ${RUNS} cold loads (fresh context, cache disabled), ms from navigation start.\n`);
console.log("| network | app | first view in the DOM | first contentful paint | first feed item | fetched (B gzip) |");
console.log("|---|---|--:|--:|--:|--:|");
for (const r of rows) console.log(`| ${r.network} | ${r.app} | ${ms(r.renderMs)} | ${ms(r.fcpMs)} | ${ms(r.firstItemMs)} | ${r.gzip} |`);
