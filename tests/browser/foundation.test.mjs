// The package in real headless Chromium: the demo page and a plain consumer page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, serveRepo, open } from "./harness.mjs";

let browser;
let server;
let base;

before(async () => {
  browser = await launch();
  ({ server, url: base } = await serveRepo());
});
after(async () => {
  await browser?.close();
  server?.close();
});

test("a plain module page imports the installed package without init()", async () => {
  const { page, problems } = await open(browser, `${base}tests/consumer.html`);
  await page.waitForFunction(() => window.__result);
  const result = await page.evaluate(() => window.__result);
  assert.deepEqual(result, { roundTrip: true, urlSafe: true, error: "malformed" });
  assert.deepEqual(problems, []);
  await page.close();
});

test("the demo page loads and its inspector decodes a plain cursor with no console errors", async () => {
  const { page, problems } = await open(browser, `${base}www/?view=inspector&latency=0`);
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  const token = await page.evaluate(async () => (await import("pagecursor")).encodeCursor({ id: 123456789 }));
  assert.match(token, /^[A-Za-z0-9_-]+$/);
  await page.check("input[name=inspect-codec][value=plain]");
  await page.selectOption("#inspect-scope", "none");
  await page.fill("#inspect-token", token);
  assert.equal(await page.textContent("#inspect-code"), "ok");
  assert.match(await page.textContent("#inspect-result"), /123456789/);
  await page.fill("#inspect-token", token.slice(0, -3) + "+/=");
  assert.equal(await page.textContent("#inspect-code"), "malformed");
  assert.deepEqual(problems, []);
  await page.close();
});
