// Saves a screenshot of each view of the demo under docs/screenshots/ (run by hand after
// `bash scripts/build.sh`): node tests/browser/screenshots.mjs [outDir]
import { mkdirSync } from "node:fs";
import { launch, serveRepo, ROOT } from "./harness.mjs";

const out = process.argv[2] ?? `${ROOT}docs/screenshots`;
mkdirSync(out, { recursive: true });
const browser = await launch();
const { server, url } = await serveRepo();
const context = await browser.newContext({ viewport: { width: 1360, height: 1000 }, deviceScaleFactor: 1 });
const page = await context.newPage();
const problems = [];
page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
page.on("pageerror", (e) => problems.push(e.message));
const ready = () => page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
// Scrolls the window so the views start under the sticky header (the intro scrolls away).
const toViews = () => page.evaluate(() => window.scrollTo(0, document.querySelector(".layout").offsetTop - 68));
const idle = (view) => page.waitForFunction((v) => window.__demo?.[v] && !window.__demo[v].loading, view);

try {
  // Feed: load a few chunks so the window has dropped some and the log has empty pages.
  await page.goto(`${url}www/?view=feed`);
  await ready();
  await idle("feed");
  for (let i = 0; i < 6; i++) {
    await page.evaluate(() => {
      const list = document.getElementById("feed-list");
      list.scrollTop = list.scrollHeight;
    });
    await page.waitForTimeout(150);
    await idle("feed");
  }
  // Show a chunk boundary: the end of one chunk and the header of the next, with its cost.
  await page.evaluate(() => {
    const list = document.getElementById("feed-list");
    const last = list.querySelector("#feed-chunks > .chunk:last-child");
    list.scrollTop = last.offsetTop - 190;
  });
  await page.waitForTimeout(100);
  await page.screenshot({ path: `${out}/overview.png` });
  await toViews();
  await page.screenshot({ path: `${out}/feed.png` });

  // Table: an empty filtered page in the middle of the DynamoDB scan.
  await page.goto(`${url}www/?view=table&src=dynamodb&filter=shipped&size=10`);
  await ready();
  await idle("table");
  for (let i = 0; i < 3; i++) {
    await page.click("#table-next");
    await idle("table");
  }
  await page.mouse.move(0, 999); // no hover state in the picture
  await page.screenshot({ path: `${out}/table.png` });

  // The trap itself: a filtered page with nothing on it that is not the end.
  await page.goto(`${url}www/?view=table&src=dynamodb&filter=returned&size=25`);
  await ready();
  await idle("table");
  await page.click("#table-next");
  await idle("table");
  await page.mouse.move(0, 999);
  await page.screenshot({ path: `${out}/table-empty-page.png` });

  // Inspector: a minted, valid keyset cursor, then the same one after one character changed.
  await page.click("#tab-inspector");
  await page.click("#inspect-mint");
  await toViews();
  await page.mouse.move(0, 999);
  await page.screenshot({ path: `${out}/inspector.png` });
  await page.click("#inspect-tamper");
  await page.mouse.move(0, 999);
  await page.screenshot({ path: `${out}/inspector-tampered.png` });

  // Page log, on its own, after a throttled walk.
  await page.evaluate(() => sessionStorage.clear()); // start the feed at the top, not where it was
  await page.goto(`${url}www/?view=feed&throttle=1`);
  await ready();
  await idle("feed");
  await page.evaluate(() => {
    const list = document.getElementById("feed-list");
    list.scrollTop = list.scrollHeight;
  });
  await page.waitForTimeout(200);
  await idle("feed");
  await page.locator(".log").screenshot({ path: `${out}/log.png` });
  if (problems.length) {
    console.error("console problems:", problems);
    process.exitCode = 1;
  }
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  server.close();
}
