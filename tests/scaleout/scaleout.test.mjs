// The scale-out export (docs/scale-out.md) on a real queue engine: BullMQ on redis-server, 3
// worker processes with concurrency 2, one job per segment of an 8-segment parallel Scan of a
// 20,000-item dynalite table, a second dynalite table as the sink. Each fault runs in its own
// export, with its own Redis, sink and journal:
//   1. kill -9 of a worker in the middle of its segments (BullMQ's stalled-job recovery hands
//      the jobs to the other workers, which resume from the checkpoints);
//   2. 10 % of the Scan requests throttled (ProvisionedThroughputExceededException, from a proxy);
//   3. a Redis crash (SIGKILL) and restart during the walk;
//   4. a checkpoint tampered with and one from another table: bad_resume_token, reported, no
//      rescan; then the operator restarts those two segments on purpose;
//   5. SIGTERM of a worker: its walks checkpoint their exact positions, so nothing is repeated.
// Per run: the sink equals a single-process paginate walk of the table, item for item (ids and
// content); items written more than once are counted from the journal and bounded by one
// checkpoint interval per interrupted job; nothing is missing; no process and no Redis key is
// left behind.
//
// Run: `bash tests/scaleout/run.sh` (starts and stops dynalite; needs the packed pagecursor
// installed in tests/scaleout, which scripts/test.d/scaleout.sh does).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Queue } from "bullmq";
import { CursorCodec } from "pagecursor";
import { alive, killHard, RedisServer, redisCommand, runExport, spawnWorker, stopChild, ThrottlingProxy } from "./lib/harness.mjs";
import { LiveBlock, ProgressBoard } from "./lib/progress.mjs";
import { connection } from "./lib/queue.mjs";
import { scanScope, scanSegment } from "./lib/segment-job.mjs";
import { batchPut, createTable, DEFAULT_DATA, deleteTable, describeSource, dynamoClient, generateItems } from "./lib/table.mjs";
import { compare, readJournal, readTable, referenceWalk } from "./lib/verify.mjs";

const DYNAMO = process.env.SCALEOUT_DYNALITE_URL;
const RUN_DIR = process.env.SCALEOUT_RUN_DIR || mkdtempSync(join(tmpdir(), "pagecursor-scaleout-"));
const SOURCE = "Orders";
const OTHER = "Invoices";
const SEGMENTS = 8;
const PAGE = 100;
const EVERY = 5; // pages per checkpoint
const WORKERS = 3;
const CONCURRENCY = 2;
const CASE_TIMEOUT_S = 120; // the export command gives up after this: a guard against hangs
const KEYS = JSON.stringify([{ id: "scaleout-1", secret: randomBytes(32).toString("base64url") }]);

const client = DYNAMO && dynamoClient(DYNAMO);
const figures = [];
let reference; // the single-process walk
let seeding;

after(() => {
  const report = { seeding, reference: reference && { pages: reference.pages, limitCuts: reference.limitCuts, sizeCuts: reference.sizeCuts, ms: reference.ms }, cases: figures };
  if (process.env.SCALEOUT_REPORT) writeFileSync(process.env.SCALEOUT_REPORT, `${JSON.stringify(report, null, 2)}\n`);
  if (!process.env.SCALEOUT_RUN_DIR) rmSync(RUN_DIR, { recursive: true, force: true });
  if (!seeding) return;
  console.log(`seeding: ${seeding?.items} items (${((seeding?.bodyBytes ?? 0) / 1e6).toFixed(1)} MB of bodies) in ${seeding?.ms} ms; reference walk: ${report.reference?.pages} pages in ${report.reference?.ms} ms`);
  for (const f of figures) {
    console.log(
      `${f.case.padEnd(15)} items ${f.items}  duplicates ${f.duplicates}  missing ${f.missing}  wall ${(f.wallMs / 1000).toFixed(1)} s  ` +
        `restarts ${f.restarts}  retries ${f.retries}  checkpoints ${f.checkpoints}  ${f.note ?? ""}`,
    );
  }
});

// Runs one export with its own Redis, queue, sink and journal; `fault.onTotal(ctx, total)` is
// called on every progress tick of the export command and may start the fault (once).
async function runCase(name, fault = {}) {
  const dir = join(RUN_DIR, name);
  mkdirSync(dir, { recursive: true });
  const redis = await new RedisServer({ dir: join(dir, "redis") }).start();
  const queueName = `export-${name}`;
  const exportId = `orders-${name}`;
  const sink = `Export_${name}`;
  const journal = `Journal_${name}`;
  const env = {
    SCALEOUT_REDIS: redis.url,
    SCALEOUT_SOURCE: fault.source ?? DYNAMO,
    SCALEOUT_SINK: DYNAMO,
    SCALEOUT_CURSOR_KEYS: KEYS,
    SCALEOUT_QUEUE: queueName,
    SCALEOUT_CONCURRENCY: String(CONCURRENCY),
  };
  const workers = Array.from({ length: WORKERS }, (_, i) => spawnWorker(env, join(dir, `worker-${i}.log`)));
  const pids = new Set([redis.pid, ...workers.map((w) => w.pid)]);
  const ctx = { name, redis, workers, queueName, exportId, segments: new Map(), t0: Date.now(), injected: undefined, fault: {} };
  const args = [
    "--redis", redis.url, "--dynamo", DYNAMO, "--table", SOURCE, "--sink", sink, "--journal", journal,
    "--segments", String(SEGMENTS), "--page-size", String(PAGE), "--checkpoint-every", String(EVERY),
    "--export-id", exportId, "--expected-items", String(DEFAULT_DATA.count), "--interval", "250",
    "--timeout", String(CASE_TIMEOUT_S),
  ];
  const cli = runExport(args, { ...env, SCALEOUT_SOURCE: DYNAMO }, (line) => {
    if (line.type === "segment") {
      ctx.segments.set(line.segment, line);
      // The first sign of a killed worker's job running elsewhere: how long recovery took.
      if (ctx.fault.killedPid && line.pid && line.pid !== ctx.fault.killedPid && ctx.fault.killedSegments?.includes(line.segment)) {
        ctx.fault.resumedElsewhereMs ??= line.t - ctx.t0 - ctx.fault.killedAtMs;
      }
    }
    if (line.type === "total" && !ctx.injected && fault.onTotal) {
      const started = fault.onTotal(ctx, line);
      if (started) ctx.injected = started;
    }
  });
  pids.add(cli.child.pid);
  const run = await cli.exited;
  await ctx.injected;
  const done = run.lines.find((l) => l.type === "done");
  assert.ok(done, `the export command printed no summary (exit ${run.status}); stderr: ${run.stderr}`);
  ctx.done = done;
  ctx.run = run;
  if (fault.after) await fault.after(ctx, { args, env });

  for (const w of workers) await stopChild(w);

  const sinkItems = await readTable(client, sink);
  const journalFigures = await readJournal(client, journal);
  ctx.sinkItems = sinkItems;
  ctx.journal = journalFigures;

  // No Redis key is left once the queue is obliterated; then Redis itself goes.
  const queue = new Queue(queueName, { connection: connection(redis.url) });
  await queue.obliterate({ force: true });
  await queue.close();
  const dbsize = await redisCommand(redis.port, "DBSIZE");
  await redis.stop();
  await deleteTable(client, sink);
  await deleteTable(client, journal);
  const leftovers = [...pids, redis.pid].filter(alive);
  rmSync(dir, { recursive: true, force: true });
  assert.equal(dbsize, ":0\r\n", `Redis keys left after obliterate: ${dbsize}`);
  assert.deepEqual(leftovers, [], "processes left behind");
  return ctx;
}

// Figures and the assertions every run shares: the sink equals the reference walk; duplicates
// come from jobs that were interrupted, at most one checkpoint interval each.
function checkRun(ctx, { expectStatus = 0, note } = {}) {
  assert.equal(ctx.run.status, expectStatus, `export command exit status; stderr: ${ctx.run.stderr}`);
  const diff = compare(reference.items, ctx.sinkItems);
  assert.deepEqual(diff.extra, [], "items in the sink that the table does not hold");
  assert.deepEqual(diff.different, [], "items whose content differs from the table's");
  assert.deepEqual(diff.missing.slice(0, 5), [], `${diff.missing.length} items missing from the sink`);
  let restarts = 0;
  for (const [job, j] of ctx.journal.jobs) {
    restarts += j.attempts.size - 1;
    const bound = (j.attempts.size - 1) * EVERY * PAGE;
    assert.ok(j.duplicates <= bound, `${job}: ${j.duplicates} items written twice, more than ${j.attempts.size - 1} interruption(s) x ${EVERY} pages x ${PAGE}`);
  }
  const figure = {
    case: ctx.name,
    items: ctx.sinkItems.size,
    duplicates: ctx.journal.duplicates,
    missing: diff.missing.length,
    wallMs: ctx.done.wallMs,
    restarts,
    retries: ctx.done.retries,
    checkpoints: ctx.done.checkpoints,
    pages: ctx.done.pages,
    segmentItems: [...ctx.segments.values()].sort((a, b) => a.segment - b.segment).map((s) => s.items),
    ...ctx.fault,
    note,
  };
  figures.push(figure);
  return figure;
}

// The worker pid that runs the most unfinished segments that have checkpointed at least once.
function busiestWorker(ctx) {
  const byPid = new Map();
  for (const s of ctx.segments.values()) {
    if (s.state !== "active" || s.checkpoints < 1 || !s.pid) continue;
    byPid.set(s.pid, [...(byPid.get(s.pid) ?? []), s.segment]);
  }
  return [...byPid].sort((a, b) => b[1].length - a[1].length)[0];
}

describe("progress display", () => {
  test("progress: a block redrawn in place on a TTY, JSON lines of what changed otherwise", () => {
    let now = 0;
    const board = new ProgressBoard({ segments: 2, expectedItems: 1000, now: () => now });
    const snap = (segment, state, items, extra = {}) => ({
      id: `e.seg${segment}`, segment, state, attemptsStarted: 1,
      progress: { items, pages: items / 100, retries: 1, checkpoints: Math.floor(items / 200), pid: 40 + segment }, ...extra,
    });
    board.update([snap(0, "active", 100), snap(1, "active", 100)]);
    assert.equal(board.jsonLines().length, 3); // two segments, then the total
    now = 1000;
    board.update([snap(0, "active", 300), snap(1, "active", 100)]);
    const lines = board.jsonLines().map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => l.type), ["segment", "total"], "only segment 0 changed");
    assert.equal(lines[0].eta, 1); // (1000 / 2 - 300) items at 200 items/s
    assert.equal(lines[1].eta, 3); // (1000 - 400) items at 200 items/s
    const stream = { columns: 200, out: "", write(s) { this.out += s; } };
    const block = new LiveBlock(stream);
    block.draw(board.lines());
    now = 2000;
    board.update([snap(0, "completed", 500), snap(1, "failed", 100, { failedReason: "bad_resume_token: ..." })]);
    block.draw(board.lines());
    const [first, second] = stream.out.split("\x1b[4F"); // the second draw goes up 4 lines
    assert.match(first, /^\x1b\[J.*\n\s+0  active\s+300\s+3\s+1\s+1\s+1  40\s+~1s/s);
    assert.match(second, /\s+1  failed\s+100 .* bad_resume_token/);
    assert.match(second, /all  1\/2 done, 1 failed  600 \/ ~1,000 items/);
    assert.ok(board.done());
  });
});

describe("scale-out export over BullMQ + Redis", () => {
  before(async () => {
    assert.ok(DYNAMO, "SCALEOUT_DYNALITE_URL is not set: run bash tests/scaleout/run.sh");
    const t0 = performance.now();
    const items = generateItems(DEFAULT_DATA);
    await createTable(client, SOURCE);
    await batchPut(client, SOURCE, items, { parallel: 16 });
    const t1 = performance.now();
    await createTable(client, OTHER);
    await batchPut(client, OTHER, generateItems({ count: 2000, customers: 300, hot: 0, attachmentEvery: 1, seed: 99 }));
    seeding = { items: items.length, bodyBytes: items.reduce((n, it) => n + it.body.S.length, 0), ms: Math.round(t1 - t0) };
    const t2 = performance.now();
    reference = await referenceWalk(client, SOURCE, { pageSize: PAGE });
    reference.ms = Math.round(performance.now() - t2);
  });

  test("the source: 20,000 items of mixed sizes, pages cut by Limit and by the 1 MB ceiling", () => {
    assert.equal(reference.items.size, DEFAULT_DATA.count);
    assert.ok(reference.limitCuts > 0, "no page was cut by Limit");
    assert.ok(reference.sizeCuts > 0, "no page was cut by the 1 MB ceiling");
  });

  test("a checkpoint of another table is a valid token that the scope alone refuses", async () => {
    const codec = new CursorCodec({ keys: JSON.parse(KEYS) });
    const data = { table: OTHER, total: SEGMENTS, segment: 3, pageSize: 50 };
    const other = scanScope(data, await describeSource(client, OTHER));
    const mine = scanScope({ ...data, table: SOURCE }, await describeSource(client, SOURCE));
    const first = scanSegment(client, data, { codec, scope: other });
    for await (const page of first) {
      assert.ok(page.Items.length > 0);
      break;
    }
    const token = first.resumeToken;
    assert.ok(token);
    const rest = await scanSegment(client, data, { codec, scope: other, resumeToken: token }).toArray();
    assert.ok(rest.length > 0, "the token resumes its own walk");
    await assert.rejects(scanSegment(client, { ...data, table: SOURCE }, { codec, scope: mine, resumeToken: token }).toArray(), {
      code: "bad_resume_token",
    });
  });

  test("1. kill -9 of a worker in the middle of its segments", { timeout: 200_000 }, async () => {
    const ctx = await runCase("kill", {
      onTotal(ctx, total) {
        const victim = total.items >= 6000 && busiestWorker(ctx);
        if (!victim) return undefined;
        const [pid, segments] = victim;
        const child = ctx.workers.find((w) => w.pid === pid);
        ctx.fault = { killedPid: pid, killedSegments: segments, killedAtMs: Date.now() - ctx.t0, killedAtItems: total.items };
        return killHard(child);
      },
    });
    assert.ok(ctx.fault.killedPid, "the fault was never injected");
    for (const segment of ctx.fault.killedSegments) {
      const j = ctx.journal.jobs.get(`${ctx.exportId}.seg${segment}`);
      const pids = [...j.attempts.keys()].map((a) => Number(a.split(".")[0]));
      assert.ok(pids.includes(ctx.fault.killedPid) && pids.some((p) => p !== ctx.fault.killedPid), `segment ${segment} went on in another worker: ${[...j.attempts.keys()]}`);
    }
    const f = checkRun(ctx, {
      note: `killed pid ${ctx.fault.killedPid} (segments ${ctx.fault.killedSegments}) at ${ctx.fault.killedAtItems} items; resumed elsewhere ${ctx.fault.resumedElsewhereMs} ms later`,
    });
    assert.ok(f.restarts >= ctx.fault.killedSegments.length);
  });

  test("2. 10 % of the Scan requests throttled", { timeout: 200_000 }, async () => {
    const proxy = await new ThrottlingProxy({ target: DYNAMO, rate: 0.1 }).start();
    let ctx;
    try {
      ctx = await runCase("throttle", { source: proxy.url });
    } finally {
      await proxy.stop();
    }
    ctx.fault = { scans: proxy.scans, throttled: proxy.throttled };
    const f = checkRun(ctx, { note: `${proxy.throttled} of ${proxy.scans} Scan requests throttled` });
    assert.ok(proxy.throttled > 0);
    if (f.restarts === 0) assert.equal(f.retries, proxy.throttled, "every throttled request was retried once by the paginator");
  });

  test("3. a Redis restart during the walk", { timeout: 200_000 }, async () => {
    const ctx = await runCase("redis-restart", {
      onTotal(ctx, total) {
        if (total.items < 6000) return undefined;
        ctx.fault = { restartAtItems: total.items, restartAtMs: Date.now() - ctx.t0 };
        return ctx.redis.restart({ downMs: 1500, hard: true }).then((down) => (ctx.fault.downMs = down));
      },
    });
    assert.ok(ctx.fault.downMs, "the fault was never injected");
    checkRun(ctx, { note: `Redis away ${ctx.fault.downMs} ms at ${ctx.fault.restartAtItems} items` });
  });

  test("5. SIGTERM of a worker: its walks checkpoint their exact positions, nothing is written twice", { timeout: 200_000 }, async () => {
    const ctx = await runCase("sigterm", {
      onTotal(ctx, total) {
        const victim = total.items >= 6000 && busiestWorker(ctx);
        if (!victim) return undefined;
        const [pid, segments] = victim;
        const child = ctx.workers.find((w) => w.pid === pid);
        ctx.fault = { stoppedPid: pid, stoppedSegments: segments, stoppedAtItems: total.items };
        return stopChild(child).then(() => (ctx.fault.exit = child.exitCode ?? child.signalCode));
      },
    });
    assert.equal(ctx.fault.exit, 0, "the worker closed by itself, within the 5 s grace");
    for (const segment of ctx.fault.stoppedSegments) {
      const j = ctx.journal.jobs.get(`${ctx.exportId}.seg${segment}`);
      assert.ok(j.attempts.size >= 2, `segment ${segment} went on in another worker: ${[...j.attempts.keys()]}`);
      assert.equal(j.duplicates, 0, `segment ${segment} repeated items after a clean stop`);
    }
    checkRun(ctx, { note: `SIGTERM to pid ${ctx.fault.stoppedPid} (segments ${ctx.fault.stoppedSegments}) at ${ctx.fault.stoppedAtItems} items` });
  });

  test("4. a tampered checkpoint and one of another table: bad_resume_token, no rescan", { timeout: 240_000 }, async () => {
    const codec = new CursorCodec({ keys: JSON.parse(KEYS) });
    const ctx = await runCase("bad-checkpoint", {
      onTotal(ctx, total) {
        const victim = total.items >= 5000 && busiestWorker(ctx);
        if (!victim || victim[1].length < 2) return undefined;
        const [pid, [tampered, foreign]] = victim;
        ctx.fault = { killedPid: pid, tampered, foreign };
        return (async () => {
          // Dead first, so that it cannot write a fresh checkpoint over the bad ones.
          await killHard(ctx.workers.find((w) => w.pid === pid));
          const queue = new Queue(ctx.queueName, { connection: connection(ctx.redis.url) });
          const a = await queue.getJob(`${ctx.exportId}.seg${tampered}`);
          const token = a.data.checkpoint.resumeToken;
          const i = Math.floor(token.length / 2);
          const flipped = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
          await a.updateData({ ...a.data, checkpoint: { ...a.data.checkpoint, resumeToken: flipped } });
          // A genuine checkpoint of the same segment of the other table, signed by the same key.
          const data = { table: OTHER, total: SEGMENTS, segment: foreign, pageSize: PAGE };
          const walk = scanSegment(client, data, { codec, scope: scanScope(data, await describeSource(client, OTHER)) });
          for await (const page of walk) {
            assert.ok(page.Items.length > 0);
            break;
          }
          const b = await queue.getJob(`${ctx.exportId}.seg${foreign}`);
          await b.updateData({ ...b.data, checkpoint: { ...b.data.checkpoint, resumeToken: walk.resumeToken } });
          await queue.close();
        })();
      },
      // The two segments are reported; the operator restarts them from scratch on purpose.
      async after(ctx, { args, env }) {
        if (!ctx.fault.killedPid) return;
        ctx.beforeRestart = {
          sink: await readTable(client, `Export_${ctx.name}`),
          journal: await readJournal(client, `Journal_${ctx.name}`),
        };
        const restart = runExport([...args, "--restart", `${ctx.fault.tampered},${ctx.fault.foreign}`], { ...env, SCALEOUT_SOURCE: DYNAMO });
        ctx.restart = await restart.exited;
      },
    });
    const { killedPid, tampered, foreign } = ctx.fault;
    assert.ok(killedPid, "the fault was never injected");
    assert.equal(ctx.run.status, 2, "the export reports failed segments");
    const failed = new Map(ctx.done.failedSegments.map((f) => [f.segment, f.reason]));
    assert.deepEqual([...failed.keys()].sort(), [tampered, foreign].sort());
    for (const [segment, reason] of failed) {
      assert.match(reason, /^bad_resume_token: /, `segment ${segment}`);
      assert.match(reason, /0 requests made, nothing rescanned/, `segment ${segment}`);
    }
    // Nothing of the two segments was written after the kill: the only attempt in their journal
    // is the killed worker's.
    const before = ctx.beforeRestart;
    for (const segment of [tampered, foreign]) {
      const j = before.journal.jobs.get(`${ctx.exportId}.seg${segment}`);
      assert.deepEqual([...j.attempts.keys()].map((a) => Number(a.split(".")[0])), [killedPid], `segment ${segment} was rescanned`);
    }
    // Before the restart the sink holds the six other segments whole, and of the two refused
    // ones exactly what was written before the kill.
    const segmentItems = new Set();
    for (const segment of [tampered, foreign]) {
      const walk = await referenceWalk(client, SOURCE, { pageSize: PAGE, segment: { segment, total: SEGMENTS } });
      for (const id of walk.items.keys()) segmentItems.add(id);
    }
    const diff = compare(reference.items, before.sink);
    assert.deepEqual(diff.extra, []);
    assert.deepEqual(diff.different, []);
    const writtenBefore = new Set([tampered, foreign].flatMap((s) => [...before.journal.jobs.get(`${ctx.exportId}.seg${s}`).ids]));
    const expectedMissing = [...segmentItems].filter((id) => !writtenBefore.has(id)).sort();
    assert.deepEqual(diff.missing.sort(), expectedMissing, "missing before the restart = the unwritten rest of the two refused segments");
    const restartDone = ctx.restart.lines.find((l) => l.type === "done");
    assert.equal(ctx.restart.status, 0, `the restart of the two segments; stderr: ${ctx.restart.stderr}`);
    // The figures: before the restart, then after it (the restart rewrites what the two
    // segments had written before the kill: duplicates on request, not from a crash).
    ctx.fault = {
      ...ctx.fault,
      reported: ctx.done.failedSegments.map((f) => `${f.segment}: ${f.reason.split(":")[0]}`),
      missingBeforeRestart: diff.missing.length,
      duplicatesBeforeRestart: before.journal.duplicates,
      rewrittenByRestart: ctx.journal.duplicates - before.journal.duplicates,
      restartWallMs: restartDone.wallMs,
    };
    // Rows of the restart jobs are in the same journal under their own job ids; per job the
    // bound holds as for any other run.
    const f = checkRun(ctx, {
      expectStatus: 2,
      note: `segments ${tampered} (tampered) and ${foreign} (other table) refused; ${diff.missing.length} items missing until the restart, which rewrote ${ctx.fault.rewrittenByRestart}`,
    });
    assert.equal(f.missing, 0);
  });
});
