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

test("the demo page encodes and inspects a cursor with no console errors", async () => {
  const { page, problems } = await open(browser, `${base}www/`);
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  const token = await page.textContent("#token");
  assert.match(token, /^[A-Za-z0-9_-]+$/);
  assert.match(await page.textContent("#decoded"), /"direction": "after"/);
  await page.fill("#inspect", token.slice(0, -3) + "+/=");
  await page.click("#decode");
  assert.match(await page.textContent("#decoded"), /^malformed/);
  assert.deepEqual(problems, []);
  await page.close();
});
