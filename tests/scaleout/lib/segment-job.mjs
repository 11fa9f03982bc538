// One BullMQ job = one segment of a DynamoDB parallel Scan, exported into a sink table.
//
// The job walks its segment with pagecursor's `paginate(..., { segment, preset: "dynamodb" })`.
// After every `checkpointEvery` pages it stores the walk's `resumeToken` in the job itself
// (`job.updateData`), always *after* the sink holds those pages: a checkpoint never runs ahead of
// the sink, so a crash loses nothing and repeats at most the pages written since the last
// checkpoint. Any later attempt of the job - on this worker or another one, after a crash, a
// throttling failure or a lost lock - starts from that checkpoint.
//
// Resume tokens are signed by a keyed CursorCodec and bound by `scope` to the table (its ARN and
// creation time) and to every scan parameter that shapes a page. A checkpoint that was tampered
// with, or that belongs to another table or another scan, is `bad_resume_token` before anything
// is fetched: the job fails for good (no retry, no silent rescan from the start) and says why.
import { ScanCommand } from "@aws-sdk/client-dynamodb";
import { UnrecoverableError } from "bullmq";
import { CursorCodec, paginate } from "pagecursor";
import { describeSource } from "./table.mjs";

// Keys from SCALEOUT_CURSOR_KEYS, a JSON list of { id, secret } (the first one signs, all
// verify): rotate by putting a new key first and keeping the old one until old checkpoints
// are gone.
export function codecFromEnv(env = process.env) {
  const keys = JSON.parse(env.SCALEOUT_CURSOR_KEYS || "null");
  if (!Array.isArray(keys) || keys.length === 0) {
    throw new Error("SCALEOUT_CURSOR_KEYS must hold a JSON list of { id, secret } keys");
  }
  return new CursorCodec({ keys });
}

// What a checkpoint is valid for. The segment layout is bound by paginate itself.
export function scanScope(data, source) {
  return {
    job: "export-scan",
    table: data.table,
    arn: source.arn,
    created: source.created,
    limit: data.pageSize,
    consistentRead: false,
    projection: null,
  };
}

export function scanSegment(client, data, options) {
  const fetchPage = (token, { signal, pageSize, segment, totalSegments }) =>
    client.send(
      new ScanCommand({
        TableName: data.table,
        Segment: segment,
        TotalSegments: totalSegments,
        Limit: pageSize,
        ExclusiveStartKey: token,
      }),
      { abortSignal: signal },
    );
  return paginate(fetchPage, {
    preset: "dynamodb",
    segment: { segment: data.segment, total: data.total },
    pageSize: data.pageSize,
    // Throttling is retried per page with full jitter; 8 retries at 10 % throttling leave a
    // page failing for good about once in 10^8 pages. If it happens anyway, the job checkpoints
    // the failure's exact resumeToken and BullMQ retries the job from there.
    retry: { retries: 8, baseDelayMs: 50, maxDelayMs: 2000 },
    ...options,
  });
}

// Why a walk was stopped from outside: `kind` tells the processor whether it still owns the job.
export function lostLock(jobId) {
  return Object.assign(new Error(`lost the lock of job ${jobId}`), { kind: "lost-lock" });
}
export function shutdown() {
  return Object.assign(new Error("the worker is shutting down"), { kind: "shutdown" });
}

// The processor. deps: { source, sink, codec, lockDuration, walks (Map jobId -> AbortController
// of the running walks, for the worker's lost-lock and shutdown handlers) }. `token` is the
// job's lock token, which BullMQ passes to the processor.
export async function exportSegment(job, token, deps) {
  const data = job.data;
  const attempt = `${process.pid}.${job.attemptsStarted}`;
  const writer = { job: job.id, attempt, seq: 0 };
  const done = data.checkpoint ?? { items: 0, pages: 0, retries: 0, checkpoints: 0, resumeToken: undefined };
  const progress = { ...done, pid: process.pid, attempt: job.attemptsStarted, resumedFrom: done.pages };
  delete progress.resumeToken;

  const stop = new AbortController();
  deps.walks.set(job.id, stop);
  let fetched = 0;
  try {
    const source = await describeSource(deps.source, data.table);
    const pages = scanSegment(
      {
        send: (cmd, opts) => {
          fetched++;
          return deps.source.send(cmd, opts);
        },
      },
      data,
      { resumeToken: done.resumeToken, codec: deps.codec, scope: scanScope(data, source), signal: stop.signal },
    );

    const checkpoint = async (resumeToken) => {
      // The lock check narrows (it cannot close) the window in which a worker that lost the job
      // to another one overwrites the newer checkpoint: an older checkpoint only costs repeated
      // pages, never lost ones, since every checkpoint written lies behind what the sink holds.
      if ((await job.extendLock(token, deps.lockDuration)) !== 1) {
        stop.abort(lostLock(job.id));
        throw stop.signal.reason;
      }
      progress.checkpoints++;
      const saved = { ...progress, resumeToken };
      delete saved.pid;
      delete saved.attempt;
      delete saved.resumedFrom;
      await job.updateData({ ...data, checkpoint: saved });
    };

    let sinceCheckpoint = 0;
    const retriesBefore = progress.retries;
    try {
      for await (const page of pages) {
        await deps.sink.write(page.Items, writer);
        progress.items += page.Items.length;
        progress.pages++;
        progress.retries = retriesBefore + pages.stats.retries;
        if (++sinceCheckpoint >= data.checkpointEvery && pages.resumeToken !== undefined) {
          await checkpoint(pages.resumeToken);
          sinceCheckpoint = 0;
        }
        await job.updateProgress({ ...progress, at: Date.now() });
      }
    } catch (err) {
      progress.retries = retriesBefore + pages.stats.retries;
      if (err?.code === "bad_resume_token") {
        // Reported, never repaired by starting over: the operator decides (docs/scale-out.md).
        await job.updateProgress({ ...progress, error: "bad_resume_token", fetched, at: Date.now() });
        throw new UnrecoverableError(
          `bad_resume_token: the checkpoint of segment ${data.segment} was refused (${err.message}); ` +
            `${fetched} requests made, nothing rescanned`,
        );
      }
      // A PaginationError carries the exact position of the failure (fetch_failed after the
      // paginator's own retries, aborted at shutdown): store it, so that the next attempt repeats
      // nothing. Not after a lost lock: the job belongs to another worker now. A sink failure has
      // no resumeToken, and the page it was writing is repeated from the last checkpoint.
      if (err?.resumeToken && stop.signal.reason?.kind !== "lost-lock") await checkpoint(err.resumeToken);
      throw err;
    }
    await job.updateProgress({ ...progress, finished: true, at: Date.now() });
    return { items: progress.items, pages: progress.pages, retries: progress.retries, checkpoints: progress.checkpoints, attempts: job.attemptsStarted };
  } finally {
    deps.walks.delete(job.id);
  }
}
