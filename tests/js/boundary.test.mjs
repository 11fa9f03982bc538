// The boundary suite in Node, through the installed package: every hostile case of
// tests/js/boundary/ with a module-still-alive check after each, then each poisoning class
// 100,000 times in a row. Counts are printed; docs/security.md quotes them.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as lib from "pagecursor";
import { runCases, runPoisons } from "./boundary/run.mjs";
import { USER } from "./hostile.mjs";
import { AREAS } from "./boundary/index.mjs";

/** The issue's bar: after this many calls of each poisoning class, the module still works. */
const POISON_CALLS = 100_000;

function strayCollector() {
  const strays = [];
  const stray = (err) => strays.push(err === USER ? "USER" : String(err?.stack ?? err));
  process.on("uncaughtException", stray);
  process.on("unhandledRejection", stray);
  return {
    strays,
    stop() {
      process.off("uncaughtException", stray);
      process.off("unhandledRejection", stray);
    },
  };
}

test("every area of the boundary suite has cases and poisoning classes", () => {
  for (const [area, mod] of Object.entries(AREAS)) {
    assert.ok(mod.cases(lib).length >= 5, `${area}: too few cases`);
    assert.ok(mod.poisons(lib).length >= 1, `${area}: no poisoning class`);
  }
});

test("boundary cases: typed errors, and the module keeps working after each", async () => {
  const c = strayCollector();
  let rows;
  try {
    rows = await runCases(lib);
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    c.stop();
  }
  console.log(`boundary cases (Node): ${rows.length}, ${rows.filter((r) => r.status === "fail").length} failed\n` +
    rows.map((r) => `${r.status.padEnd(4)} ${r.area}: ${r.name}: ${r.got}${r.status === "ok" ? "" : ` (expected ${r.expected}; after: ${r.after})`}`).join("\n"));
  assert.deepEqual(rows.filter((r) => r.status === "fail").map((r) => `${r.area}: ${r.name}: got ${r.got}, expected ${r.expected}; after: ${r.after}`), []);
  assert.deepEqual(c.strays, [], "no error escapes as an uncaught exception or unhandled rejection");
});

test(`boundary poisons: ${POISON_CALLS.toLocaleString("en")} calls of each class, then a valid encode, decode and walk`, async () => {
  const c = strayCollector();
  let rows;
  try {
    rows = await runPoisons(lib, POISON_CALLS);
  } finally {
    c.stop();
  }
  console.log(`boundary poisons (Node):\n` +
    rows.map((r) => `${r.status.padEnd(4)} ${r.area}: ${r.name}: ${r.calls} calls survived, ${r.failures} unexpected (first: ${r.first}); after: ${r.after}`).join("\n"));
  assert.deepEqual(rows.filter((r) => r.status === "fail").map((r) => `${r.area}: ${r.name}: ${r.failures} unexpected, first ${r.first}, expected ${r.expected}; after: ${r.after}`), []);
  assert.deepEqual(c.strays, []);
});
