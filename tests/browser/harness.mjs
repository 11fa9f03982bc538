// Shared helpers of the browser tests: Debian Chromium through playwright-core, pages served on
// 127.0.0.1 by scripts/serve.mjs, and a collector that fails on any console error.
import { before, after } from "node:test";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/serve.mjs";

export const ROOT = new URL("../../", import.meta.url).pathname;

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** Serves the repository's www/ and pkg/, the installed consumer package and the test pages. */
export function serveRepo() {
  return serve({
    mounts: {
      "/www/": `${ROOT}www`,
      "/pkg/": `${ROOT}pkg`,
      "/tests/": `${ROOT}tests/browser/pages`,
      "/node_modules/pagecursor/": `${ROOT}tests/js/node_modules/pagecursor`,
    },
  });
}

/**
 * Registers a browser and the repository's server (`serveRepo`) for the tests of a file;
 * returns the object whose `browser` and `base` (the server's URL) they use once `before` ran.
 */
export function repoBrowser() {
  const repo = { browser: undefined, server: undefined, base: undefined };
  before(async () => {
    repo.browser = await launch();
    ({ server: repo.server, url: repo.base } = await serveRepo());
  });
  after(async () => {
    await repo.browser?.close();
    repo.server?.close();
  });
  return repo;
}

/** Opens a page and records console errors, page errors and failed requests. */
export async function open(browser, url) {
  const page = await browser.newPage();
  const problems = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()}`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.goto(url);
  return { page, problems };
}

/**
 * Registers a browser and a server for a test file whose tests run shared checks from
 * tests/js inside tests/browser/pages/consumer.html, a plain module page that maps "pagecursor"
 * to the installed package. `checks` is the URL prefix the tests/js folder is served under.
 * Returns `open()`, which opens consumer.html once the page has loaded the package.
 */
export function consumerPage(checks) {
  let browser;
  let server;
  let base;
  before(async () => {
    browser = await launch();
    ({ server, url: base } = await serve({
      mounts: {
        "/tests/": `${ROOT}tests/browser/pages`,
        "/node_modules/pagecursor/": `${ROOT}tests/js/node_modules/pagecursor`,
        [checks]: `${ROOT}tests/js`,
      },
    }));
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });
  return async () => {
    const opened = await open(browser, `${base}tests/consumer.html`);
    await opened.page.waitForFunction(() => window.__result);
    return opened;
  };
}
