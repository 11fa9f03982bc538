// docs/cursor-stack.md, "Guide: keep the state tamper-proof in a browser without a server
// secret", run as written in Chromium: the guide's js block (extracted from the doc) is the page's
// module, "pagecursor" mapped to the installed package. A reload in the same tab restores the
// position; the same link in a fresh browser context (another key) starts on page 1, and so does
// an edited link; the sealed state does not show its tokens. Also the compact state in a URL:
// 50 pages of 128-character next URLs stay within 2,000 characters in the address bar.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launch, serveRepo, ROOT } from "./harness.mjs";

const GUIDE = "### Guide: keep the state tamper-proof in a browser without a server secret";
const doc = readFileSync(`${ROOT}docs/cursor-stack.md`, "utf8");
const section = doc.slice(doc.indexOf(GUIDE));
const recipe = section.match(/^```js\n([\s\S]*?)^```$/m)[1];

// The recipe, then what the test drives: the stack it made, and a move that writes the URL.
const html = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "pagecursor": "/node_modules/pagecursor/web.js" } }</script>
<script type="module">
${recipe}
window.__stack = stack;
window.__forward = (token) => {
  stack.forward(token);
  const url = new URL(location.href);
  url.searchParams.set("nav", stack.toString());
  history.pushState(null, "", url);
  return url.searchParams.get("nav").length;
};
window.__ready = true;
</script>`;

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

async function open(context, url) {
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console error: ${msg.text()}`));
  await page.route("**/tests/urlstate.html*", (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto(url);
  await page.waitForFunction(() => window.__ready === true, null, { timeout: 15000 });
  return { page, problems };
}

const url = (us) => {
  const iso = new Date(Math.floor(us / 1000)).toISOString();
  const position = `p=${iso.slice(0, 10)}+${iso.slice(11, 19).replaceAll(":", "%3A")}.${String(us % 1e6).padStart(6, "0")}%2B00%3A00`;
  const cursor = Buffer.from(position).toString("base64").replaceAll("+", "%2B").replaceAll("/", "%2F").replaceAll("=", "%3D");
  return `https://api.example.com/v1/merchants/204711/orders/?cursor=${cursor}&page_size=50`;
};

test("the guide's per-tab key: reload restores, another browser's link and an edited link start on page 1, tokens sealed", async () => {
  const context = await browser.newContext();
  try {
    const { page, problems } = await open(context, `${base}tests/urlstate.html`);
    assert.equal(await page.evaluate(() => window.__stack.page), 1);
    const urls = [];
    let us = Date.UTC(2026, 4, 1, 12) * 1000;
    let length = 0;
    for (let i = 0; i < 49; i++) {
      us -= 60e6 + ((i * 7_919_123) % 600e6);
      urls.push(url(us));
      assert.equal(urls.at(-1).length, 128);
      length = await page.evaluate((t) => window.__forward(t), urls.at(-1));
    }
    assert.equal(await page.evaluate(() => window.__stack.page), 50);
    // The address bar's state of 50 pages (maxDepth 50), sealed: within 2,000 characters.
    assert.ok(length <= 2000, `nav is ${length} characters`);
    console.log(`# 50 pages of 128-character next URLs, sealed, in the URL: nav ${length} characters`);
    const link = page.url();
    assert.ok(link.length < 2100, `the whole URL is ${link.length} characters`);
    // Sealed: the URL does not show the tokens (not even base64-decoded).
    const nav = new URL(link).searchParams.get("nav");
    assert.ok(!Buffer.from(nav, "base64url").toString("latin1").includes("api.example.com"));

    // A reload in the same tab: the same key, the same page, and Back to page 1 exactly.
    await page.reload();
    await page.waitForFunction(() => window.__ready === true);
    const walked = await page.evaluate(() => {
      const stack = window.__stack;
      const seen = [stack.page, stack.current];
      const back = [];
      while (stack.hasPrevious) back.push(stack.back() ?? null);
      return { seen, back, page: stack.page };
    });
    assert.deepEqual(walked.seen, [50, urls.at(-1)]);
    assert.deepEqual(walked.back, [...urls.slice(0, -1).reverse(), null]);
    assert.equal(walked.page, 1);

    // An edited link in this tab: refused, page 1.
    const edited = new URL(link);
    edited.searchParams.set("nav", nav.slice(0, 40) + (nav[40] === "A" ? "B" : "A") + nav.slice(41));
    await page.goto(edited.href);
    await page.waitForFunction(() => window.__ready === true);
    assert.equal(await page.evaluate(() => window.__stack.page), 1);
    assert.deepEqual(problems, []);

    // The link opened in another browser (a fresh context: another sessionStorage, another key).
    const other = await browser.newContext();
    try {
      const { page: elsewhere, problems: theirs } = await open(other, link);
      assert.equal(await elsewhere.evaluate(() => window.__stack.page), 1);
      assert.equal(await elsewhere.evaluate(() => window.__stack.current), undefined);
      assert.deepEqual(theirs, []);
    } finally {
      await other.close();
    }
  } finally {
    await context.close();
  }
});
