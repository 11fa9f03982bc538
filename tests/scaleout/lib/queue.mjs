// The BullMQ side shared by the producer (export.mjs), the workers (worker.mjs) and the test:
// connection options, timings, and how an export becomes one job per segment.
import { Queue } from "bullmq";

export const QUEUE = process.env.SCALEOUT_QUEUE || "table-export";

// ioredis options (BullMQ passes them to the ioredis constructor). maxRetriesPerRequest null:
// a command waits for Redis to come back instead of failing after 20 tries (BullMQ forces it for
// workers and warns otherwise). retryStrategy: reconnect within 0.1-1 s instead of BullMQ's
// default 1-20 s exponential backoff, so that a Redis restart costs seconds, not half a minute.
export function connection(redisUrl = process.env.SCALEOUT_REDIS || "redis://127.0.0.1:6379") {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  };
}

// Stalled-job recovery. A worker renews the lock of each active job every lockDuration/4 or so;
// a job whose lock expired is moved back to wait by the next stalled check of any worker (every
// stalledInterval), so a job of a killed worker runs again after lockDuration + up to
// 2 x stalledInterval. maxStalledCount 3: a segment may be recovered three times before it fails.
export const TIMINGS = {
  lockDuration: Number(process.env.SCALEOUT_LOCK_MS || 8000),
  stalledInterval: Number(process.env.SCALEOUT_STALLED_MS || 2000),
  maxStalledCount: 3,
};

export const jobId = (exportId, segment, restart) =>
  restart ? `${exportId}.seg${segment}.restart${restart}` : `${exportId}.seg${segment}`;

// One job per segment. attempts: a job that fails (its walk's retries exhausted, a sink error)
// is retried from its checkpoint; a bad checkpoint is an UnrecoverableError and is not retried.
export async function enqueueExport(queue, spec, { segments, restart } = {}) {
  const list = segments ?? Array.from({ length: spec.total }, (_, i) => i);
  const jobs = list.map((segment) => ({
    name: "segment",
    data: { ...spec, segment, checkpoint: undefined },
    opts: {
      jobId: jobId(spec.exportId, segment, restart),
      attempts: 5,
      backoff: { type: "fixed", delay: 500 },
    },
  }));
  await queue.addBulk(jobs);
  return jobs.map((j) => j.opts.jobId);
}

export function openQueue(redisUrl) {
  return new Queue(QUEUE, { connection: connection(redisUrl) });
}
