// Issue #16 in real headless Chromium: the fetch Response checks of tests/js/loud-response.mjs
// (a forgotten `.json()` is bad_page saying to return `await res.json()`), with the browser's
// own Response, inside a plain module page that imports the installed package.
import { test } from "node:test";
import assert from "node:assert/strict";
import { consumerPage } from "./harness.mjs";
import { checks } from "../js/loud-response.mjs";

const openConsumer = consumerPage("/checks/");

test("a fetch Response read by a path or a non-link preset is bad_page in Chromium", async () => {
  const { page, problems } = await openConsumer();
  const ran = await page.evaluate(async () => {
    const lib = await import("pagecursor");
    const { runResponseChecks } = await import("/checks/loud-response.mjs");
    return runResponseChecks(lib);
  });
  assert.deepEqual(ran, Object.keys(checks));
  assert.deepEqual(problems, []);
  await page.close();
});
