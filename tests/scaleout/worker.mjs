#!/usr/bin/env node
// A worker process of the scale-out export: takes segment jobs from the BullMQ queue, with
// concurrency 2 by default, and exports each into the sink table (lib/segment-job.mjs).
//
// Environment: SCALEOUT_REDIS (redis://127.0.0.1:PORT), SCALEOUT_SOURCE (DynamoDB endpoint of
// the source table), SCALEOUT_SINK (DynamoDB endpoint of the sink; default: the source's),
// SCALEOUT_CURSOR_KEYS (JSON list of { id, secret }), SCALEOUT_CONCURRENCY, SCALEOUT_QUEUE,
// SCALEOUT_LOCK_MS, SCALEOUT_STALLED_MS.
//
// SIGTERM/SIGINT: every walk stops at its next page boundary and checkpoints its exact position,
// then the worker closes; the jobs are retried from there by the other workers.
import { Worker } from "bullmq";
import { connection, QUEUE, TIMINGS } from "./lib/queue.mjs";
import { codecFromEnv, exportSegment, lostLock, shutdown } from "./lib/segment-job.mjs";
import { TableSink } from "./lib/sink.mjs";
import { dynamoClient } from "./lib/table.mjs";

const env = process.env;
const source = dynamoClient(env.SCALEOUT_SOURCE);
const sinkClient = env.SCALEOUT_SINK ? dynamoClient(env.SCALEOUT_SINK) : source;
const codec = codecFromEnv(env);
const walks = new Map();
const sinks = new Map();
const sinkFor = ({ sink, journal }) => {
  const key = `${sink}\n${journal ?? ""}`;
  if (!sinks.has(key)) sinks.set(key, new TableSink(sinkClient, { table: sink, journal }));
  return sinks.get(key);
};

const log = (event, fields = {}) =>
  process.stderr.write(`${JSON.stringify({ t: Date.now(), pid: process.pid, event, ...fields })}\n`);

const worker = new Worker(
  QUEUE,
  (job, token) =>
    exportSegment(job, token, {
      source,
      sink: sinkFor(job.data),
      codec,
      walks,
      lockDuration: TIMINGS.lockDuration,
    }),
  {
    connection: connection(env.SCALEOUT_REDIS),
    concurrency: Number(env.SCALEOUT_CONCURRENCY || 2),
    ...TIMINGS,
  },
);

// A lock that could not be renewed (Redis was away longer than the lock lasts, or the event
// loop stalled) means another worker may already run the job: stop writing at once.
worker.on("lockRenewalFailed", (ids) => {
  for (const id of ids) walks.get(id)?.abort(lostLock(id));
  log("lock-renewal-failed", { ids });
});
worker.on("active", (job) => log("active", { job: job.id, attempt: job.attemptsStarted }));
worker.on("completed", (job) => log("completed", { job: job.id }));
worker.on("failed", (job, err) => log("failed", { job: job?.id, error: String(err?.message ?? err) }));
worker.on("error", (err) => log("error", { error: String(err?.message ?? err) }));

let closing = false;
async function close(signal) {
  if (closing) return;
  closing = true;
  log("closing", { signal, active: [...walks.keys()] });
  for (const stop of walks.values()) stop.abort(shutdown());
  await worker.close();
  log("closed");
  process.exit(0);
}
process.on("SIGTERM", () => close("SIGTERM"));
process.on("SIGINT", () => close("SIGINT"));

await worker.waitUntilReady();
log("ready", { queue: QUEUE, concurrency: worker.opts.concurrency });
