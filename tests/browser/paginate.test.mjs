// The paginator's JS driver in real headless Chromium: the checks of tests/js/paginate-driver.mjs
// (the `for await` protocol, repeated tokens, abort, and findings F1/F2), run inside a plain
// module page that imports the installed package through an import map.
import { test } from "node:test";
import assert from "node:assert/strict";
import { consumerPage } from "./harness.mjs";
import { checks } from "../js/paginate-driver.mjs";

const openConsumer = consumerPage("/checks/");

test("the paginator's JS driver in Chromium: for await, repeated tokens, abort, F1/F2", async () => {
  const { page, problems } = await openConsumer();
  const ran = await page.evaluate(async () => {
    const lib = await import("pagecursor");
    const { runDriverChecks } = await import("/checks/paginate-driver.mjs");
    return runDriverChecks(lib);
  });
  console.log(`driver checks in Chromium: ${ran.join("; ")}`);
  // The page ran every check of paginate-driver.mjs, in order (a failing one rejects above).
  assert.deepEqual(ran, Object.keys(checks));
  assert.deepEqual(problems, []);
  await page.close();
});
