// The boundary suite in real headless Chromium: the same cases and poisoning classes as the
// Node test (tests/js/boundary/), inside a plain module page that imports the installed
// package through an import map, with no init() call.
import { test } from "node:test";
import assert from "node:assert/strict";
import { consumerPage } from "./harness.mjs";

const openConsumer = consumerPage("/checks/");

/** Fewer calls than in Node: the bar is the same class, and Chromium's traps are the same. */
const POISON_CALLS = 20_000;

test("boundary cases and poisons in Chromium: typed errors, and the module keeps working", async () => {
  const { page, problems } = await openConsumer();
  const { cases, poisons } = await page.evaluate(async (calls) => {
    const lib = await import("pagecursor");
    const { runCases, runPoisons } = await import("/checks/boundary/run.mjs");
    return { cases: await runCases(lib), poisons: await runPoisons(lib, calls) };
  }, POISON_CALLS);
  console.log(`boundary cases (Chromium): ${cases.length}, ${cases.filter((r) => r.status === "fail").length} failed\n` +
    cases.map((r) => `${r.status.padEnd(4)} ${r.area}: ${r.name}: ${r.got}`).join("\n") +
    `\nboundary poisons (Chromium):\n` +
    poisons.map((r) => `${r.status.padEnd(4)} ${r.area}: ${r.name}: ${r.calls} calls, ${r.failures} unexpected (first: ${r.first}); after: ${r.after}`).join("\n"));
  assert.deepEqual(cases.filter((r) => r.status === "fail").map((r) => `${r.area}: ${r.name}: got ${r.got}, expected ${r.expected}; after: ${r.after}`), []);
  assert.deepEqual(poisons.filter((r) => r.status === "fail").map((r) => `${r.area}: ${r.name}: ${r.failures} unexpected, first ${r.first}; after: ${r.after}`), []);
  assert.deepEqual(problems, []);
  await page.close();
});
