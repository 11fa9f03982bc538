#!/usr/bin/env node
// Exports a DynamoDB table into another one through BullMQ: one job per segment of a parallel
// Scan, run by worker processes (worker.mjs) on any number of machines. This command enqueues
// the jobs (or watches an export already enqueued) and shows per-segment progress until every
// segment is completed or failed: a live block on a TTY, JSON lines otherwise.
//
//   node tests/scaleout/export.mjs --redis redis://127.0.0.1:6390 --dynamo http://127.0.0.1:8000 \
//     --table Orders --sink OrdersCopy --segments 8 --workers 3      # workers: started here too
//
// Exit status: 0 when every segment completed, 2 when one failed (its reason is printed, e.g.
// bad_resume_token), 3 after --timeout.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  DescribeTableCommand,
  ResourceNotFoundException,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import { enqueueExport, jobId, openQueue } from "./lib/queue.mjs";
import { LiveBlock, ProgressBoard } from "./lib/progress.mjs";
import { createTable, dynamoClient } from "./lib/table.mjs";

const HELP = `usage: export.mjs --table NAME --sink NAME [options]
  --redis URL            Redis of the queue (default $SCALEOUT_REDIS or redis://127.0.0.1:6379)
  --dynamo URL           DynamoDB endpoint, for DescribeTable and creating the sink table
  --table NAME           source table
  --sink NAME            sink table (created when missing, key PK/SK like the source)
  --journal NAME         also record every sink write request in this table (duplicate count)
  --segments N           parallel Scan segments = jobs (default 8)
  --page-size N          Scan Limit (default 100)
  --checkpoint-every N   pages between checkpoints (default 5)
  --export-id ID         job ids are ID.seg<k> (default <table>-<time>)
  --watch                only watch the jobs of --export-id (enqueue nothing)
  --restart LIST         enqueue fresh jobs (no checkpoint) for these segments, e.g. 3,5
  --expected-items N     item count for the ETA (default: DescribeTable ItemCount)
  --workers N            also start N local worker processes (stopped at the end)
  --json                 JSON lines even on a TTY
  --interval MS          refresh period (default 500)
  --timeout S            give up after S seconds (exit 3)`;

const { values: o } = parseArgs({
  options: {
    redis: { type: "string", default: process.env.SCALEOUT_REDIS || "redis://127.0.0.1:6379" },
    dynamo: { type: "string", default: process.env.SCALEOUT_SOURCE },
    table: { type: "string" },
    sink: { type: "string" },
    journal: { type: "string" },
    segments: { type: "string", default: "8" },
    "page-size": { type: "string", default: "100" },
    "checkpoint-every": { type: "string", default: "5" },
    "export-id": { type: "string" },
    watch: { type: "boolean", default: false },
    restart: { type: "string" },
    "expected-items": { type: "string" },
    workers: { type: "string", default: "0" },
    json: { type: "boolean", default: false },
    interval: { type: "string", default: "500" },
    timeout: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (o.help || !o.table || (!o.sink && !o.watch)) {
  console.error(HELP);
  process.exit(o.help ? 0 : 64);
}
const int = (name, min = 1) => {
  const n = Number(o[name]);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be an integer >= ${min}, got ${JSON.stringify(o[name])}`);
    process.exit(64);
  }
  return n;
};
const total = int("segments");
const exportId = o["export-id"] ?? `${o.table}-${Date.now()}`;
const restartList = o.restart ? o.restart.split(",").map(Number) : undefined;
const restartTag = restartList ? Date.now() : undefined;
const watched = restartList ?? Array.from({ length: total }, (_, i) => i);
const live = process.stdout.isTTY && !o.json;
const emit = (obj) => process.stdout.write(`${JSON.stringify({ t: Date.now(), ...obj })}\n`);
const startedAt = Date.now();

const dynamo = o.dynamo ? dynamoClient(o.dynamo) : undefined;
let expectedItems = o["expected-items"] ? int("expected-items", 0) : undefined;
if (dynamo && expectedItems === undefined) {
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: o.table }));
  expectedItems = Table.ItemCount || undefined;
}

const queue = openQueue(o.redis);
queue.on("error", () => {}); // reconnects by itself; a tick simply waits for it
// Commands wait for Redis forever (maxRetriesPerRequest null), so say it when it is not there.
const unreachable = setTimeout(() => {
  console.error(`cannot reach Redis at ${o.redis} (still trying; --redis or $SCALEOUT_REDIS)`);
}, 5000);
await queue.waitUntilReady();
clearTimeout(unreachable);

if (!o.watch) {
  if (dynamo) {
    for (const name of [o.sink, o.journal].filter(Boolean)) await ensureTable(dynamo, name);
  }
  const spec = {
    exportId,
    table: o.table,
    sink: o.sink,
    journal: o.journal,
    total,
    pageSize: int("page-size"),
    checkpointEvery: int("checkpoint-every"),
  };
  const ids = await enqueueExport(queue, spec, { segments: restartList, restart: restartTag });
  if (!live) emit({ type: "enqueued", exportId, jobs: ids, restart: restartList ?? null });
}

const workers = [];
for (let i = 0; i < int("workers", 0); i++) {
  const child = spawn(process.execPath, [fileURLToPath(new URL("./worker.mjs", import.meta.url))], {
    env: { ...process.env, SCALEOUT_REDIS: o.redis, SCALEOUT_SOURCE: process.env.SCALEOUT_SOURCE ?? o.dynamo },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(child);
  if (!live) emit({ type: "worker", pid: child.pid });
}
const stopWorkers = () => Promise.all(
  workers.map((w) => new Promise((resolve) => {
    if (w.exitCode !== null || w.signalCode !== null) return resolve();
    w.once("exit", resolve);
    w.kill("SIGTERM");
  })),
);

const board = new ProgressBoard({ segments: watched.length, expectedItems: restartList ? undefined : expectedItems });
const block = live ? new LiveBlock(process.stdout) : undefined;
const deadline = o.timeout ? startedAt + int("timeout") * 1000 : Infinity;
const interval = int("interval", 50);
let status = 0;
for (;;) {
  const snapshots = [];
  for (const segment of watched) {
    const id = jobId(exportId, segment, restartTag);
    const job = await queue.getJob(id);
    if (!job) continue;
    snapshots.push({
      id,
      segment,
      state: await job.getState(),
      progress: job.progress,
      attemptsStarted: job.attemptsStarted,
      failedReason: job.failedReason,
    });
  }
  board.update(snapshots);
  if (live) block.draw(board.lines());
  else for (const line of board.jsonLines()) process.stdout.write(`${line}\n`);
  if (board.done()) break;
  if (Date.now() > deadline) {
    status = 3;
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, interval));
}

const totals = board.totals();
if (status === 0 && totals.failed > 0) status = 2;
const failed = [...board.rows.values()].filter((r) => r.state === "failed").map((r) => ({ segment: r.segment, reason: r.error }));
const summary = { type: "done", exportId, status, ...totals, failedSegments: failed, wallMs: Date.now() - startedAt };
// Local workers first, so that their closing lines come before the summary.
await stopWorkers();
if (live) {
  for (const f of failed) console.log(`segment ${f.segment} failed: ${f.reason}`);
  console.log(status === 0 ? `export ${exportId} done in ${(summary.wallMs / 1000).toFixed(1)} s` : `export ${exportId}: status ${status}`);
} else emit(summary);
await queue.close();
process.exit(status);

async function ensureTable(client, TableName) {
  try {
    await client.send(new DescribeTableCommand({ TableName }));
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
    await createTable(client, TableName);
    await waitUntilTableExists({ client, maxWaitTime: 120 }, { TableName });
  }
}
