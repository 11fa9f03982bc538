// Hostile inputs through every export in real headless Chromium: the same cases as the Node
// test (tests/js/hostile.mjs), run inside a plain module page that imports the installed
// package through an import map, with no init() call.
import { test } from "node:test";
import assert from "node:assert/strict";
import { consumerPage } from "./harness.mjs";

const openConsumer = consumerPage("/hardening/");

test("hostile inputs through every export in Chromium: typed errors, and the module keeps working", async () => {
  // consumer.html maps "pagecursor" to the installed package's browser entry.
  const { page, problems } = await openConsumer();
  const rows = await page.evaluate(async () => {
    const lib = await import("pagecursor");
    const { runHostile } = await import("/hardening/hostile.mjs");
    return runHostile(lib);
  });
  const count = (st) => rows.filter((r) => r.status === st).length;
  console.log(
    `hostile inputs (Chromium): ${rows.length} cases: ${count("ok")} as documented, ${count("known")} known findings, ` +
      `${count("fail")} failed\n` +
      rows.map((r) => `${r.status.padEnd(5)} ${r.name}: ${r.got}${r.status === "ok" ? "" : ` (expected ${r.expected})`}`).join("\n"),
  );
  assert.ok(rows.length >= 150, `only ${rows.length} cases`);
  assert.deepEqual(rows.filter((r) => r.status === "fail").map((r) => `${r.name}: got ${r.got}, expected ${r.expected}; after: ${r.after}`), []);
  // The page itself logged nothing and is still usable.
  const still = await page.evaluate(async () => {
    const { encodeCursor, decodeCursor } = await import("pagecursor");
    return decodeCursor(encodeCursor({ id: 7n })).value.id === 7n;
  });
  assert.equal(still, true);
  // No user error escapes as an uncaught page error (finding F2, fixed), and nothing else is logged.
  assert.deepEqual(problems, []);
  await page.close();
});
