#!/usr/bin/env node
// Creates the source table and fills it with the seeded test data (lib/table.mjs): 20,000 orders
// of mixed sizes, written with BatchWriteItem, 8 requests in flight. Prints what it wrote.
//   node tests/scaleout/seed.mjs --dynamo http://127.0.0.1:8000 --table Orders [--count 20000]
import { parseArgs } from "node:util";
import { batchPut, createTable, DEFAULT_DATA, dynamoClient, generateItems } from "./lib/table.mjs";

const { values: o } = parseArgs({
  options: {
    dynamo: { type: "string" },
    table: { type: "string", default: "Orders" },
    count: { type: "string", default: String(DEFAULT_DATA.count) },
    parallel: { type: "string", default: "8" },
  },
});
if (!o.dynamo) {
  console.error("usage: seed.mjs --dynamo URL [--table Orders] [--count 20000] [--parallel 8]");
  process.exit(64);
}
const client = dynamoClient(o.dynamo);
const t0 = performance.now();
const items = generateItems({ ...DEFAULT_DATA, count: Number(o.count) });
const t1 = performance.now();
await createTable(client, o.table);
const { batches } = await batchPut(client, o.table, items, { parallel: Number(o.parallel) });
const t2 = performance.now();
const bytes = items.reduce((n, it) => n + it.body.S.length, 0);
console.log(
  JSON.stringify({
    table: o.table,
    items: items.length,
    bodyBytes: bytes,
    batches,
    generateMs: Math.round(t1 - t0),
    writeMs: Math.round(t2 - t1),
  }),
);
