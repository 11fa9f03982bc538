// Resume by item key against a real Django REST Framework server (issue #16, "Resume that
// survives inserts"): tests/peers/drf serves a table of rows through two CursorPagination
// views, ascending (`created`) and newest-first (`-created`), as DRF's `{next, previous,
// results}`, and takes inserts and deletions by POST/DELETE. A walk cut inside a page
// (`maxItems`), rows inserted (at the top, at the end, or between rows the walk already
// handed out), then a resume with `itemKey: "id"`: the items handed out in both walks are
// compared with the rows the table held, each exactly once, in feed order. The same resume
// without itemKey shows what the anchor prevents (rows handed out twice).
//
// Run: `bash tests/peers/run.sh` starts the server (and dynalite and moto for
// peers.test.mjs) and passes its URL in PEERS_DRF_URL; without it this file starts and stops
// the server itself with tests/peers/start-drf.sh and stop.sh.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { constants as osConstants, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { paginate, InfiniteList } from "pagecursor";

const server = { url: process.env.PEERS_DRF_URL };

{
  const peersDir = fileURLToPath(new URL("../peers/", import.meta.url));
  let runDir;
  const killOwnServer = () => {
    try {
      process.kill(Number(readFileSync(join(runDir, "drf.pid"), "utf8")), "SIGTERM");
    } catch {
      // Not started, or already gone.
    }
    rmSync(runDir, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    killOwnServer();
    process.exit(128 + osConstants.signals[signal]);
  };
  before(async () => {
    if (server.url) return;
    runDir = mkdtempSync(join(tmpdir(), "pagecursor-drf-"));
    process.on("exit", killOwnServer);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, onSignal);
    const port = await new Promise((resolve, reject) => {
      execFile("bash", [join(peersDir, "start-drf.sh")], { env: { ...process.env, PEERS_RUN_DIR: runDir } },
        (err, stdout, stderr) => (err ? reject(new Error(`start-drf.sh failed: ${stderr.trim()}`)) : resolve(stdout.trim())));
    });
    server.url = `http://127.0.0.1:${port}`;
  });
  after(() => {
    if (runDir === undefined) return;
    execFileSync("bash", [join(peersDir, "stop.sh"), "drf"], { env: { ...process.env, PEERS_RUN_DIR: runDir }, stdio: "inherit" });
    process.off("exit", killOwnServer);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.off(signal, onSignal);
    rmSync(runDir, { recursive: true, force: true });
  });
}

// Every request is bounded: a server that hangs fails the test instead of the run.
async function call(method, path, body) {
  const res = await fetch(new URL(path, server.url), {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

// Row times: minute m after the base, or between two minutes (m + 0.5) for a row inserted
// between two existing ones.
const BASE = Date.parse("2024-01-01T00:00:00Z");
const at = (minute) => new Date(BASE + minute * 60_000).toISOString();

async function reset(minutes) {
  await call("DELETE", "/rows/?all=1");
  return insert(minutes);
}

/** Inserts rows at these minutes; answers them with their ids, in the order given. */
async function insert(minutes) {
  return call("POST", "/rows/", minutes.map((m) => ({ created: at(m), label: `row at ${m}` })));
}

const remove = (ids) => call("DELETE", "/rows/", ids);

/** Every row of the table in feed order (one page), as ids. */
async function table(feed) {
  const page = await call("GET", `/rows/${feed}/?page_size=1000`);
  assert.equal(page.next, null);
  return page.results.map((r) => r.id);
}

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const ids = (rows) => rows.map((r) => r.id);

/**
 * The walk's options over one feed: fetchPage follows DRF's `next` URL (the first request
 * gets the feed's URL with `page_size`); `beforeEach` runs before every request (concurrent
 * writes).
 */
function drf(feed, { pageSize = 20, beforeEach } = {}) {
  const requests = [];
  const fetchPage = async (next, { signal }) => {
    if (beforeEach) await beforeEach(requests.length);
    const url = next ?? new URL(`/rows/${feed}/?page_size=${pageSize}`, server.url).href;
    requests.push(url);
    const res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) });
    if (!res.ok) throw res;
    return res.json();
  };
  return { fetchPage, requests, options: { items: "results", next: "next" } };
}

describe("resume by itemKey against Django REST Framework CursorPagination", { concurrency: false }, () => {
  test("newest-first, cut inside the first page, 5 rows inserted at the top: nothing repeated, nothing lost", async () => {
    await reset(range(1, 60));
    const before = await table("newest");
    const first = drf("newest");
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 10 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 10));
    await insert(range(61, 65));
    const again = drf("newest");
    const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
    const more = ids(await rest.toArray());
    assert.deepEqual([...got, ...more], before, "each row of the table at the start once, in order");
    assert.equal(rest.stats.anchorMisses, 0);
    // The resumed walk fetched the first page again (no cursor), as a cut resume does.
    assert.ok(!again.requests[0].includes("cursor="));

    // Without itemKey the same resume hands out the 5 rows pushed back into the first page
    // again: the inserts shift a cut by position.
    const blind = drf("newest");
    const q = paginate(blind.fetchPage, { ...blind.options, resumeToken: p.resumeToken });
    const repeated = ids(await q.toArray());
    assert.deepEqual(repeated.slice(0, 5), before.slice(5, 10));
  });

  test("newest-first, cut inside a later page, rows inserted at the top and before the anchor while the walk runs", async () => {
    await reset(range(1, 60));
    const before = await table("newest");
    const first = drf("newest");
    // Page 2 holds minutes 40…21; the walk stops after 10 of its rows (minute 31).
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 30 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 30));
    // Before every request of the resumed walk: a new row at the top; before the first, also
    // one between minutes 35 and 34 (inside page 2, before the anchor: behind the consumer).
    const again = drf("newest", {
      beforeEach: async (n) => insert(n === 0 ? [100 + n, 34.5] : [100 + n]),
    });
    const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
    assert.deepEqual([...got, ...ids(await rest.toArray())], before);
    assert.equal(rest.stats.anchorMisses, 0);
    assert.ok(again.requests[0].includes("cursor="), "resumed inside page 2, fetched with its cursor");
  });

  test("newest-first under truly concurrent inserts: a writer POSTs while the resumed walk runs", async () => {
    await reset(range(1, 80));
    const before = await table("newest");
    const first = drf("newest", { pageSize: 15 });
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 7 });
    const got = ids(await p.toArray());
    // From here on a writer inserts rows at the top, not in step with the walk's requests.
    let writing = true;
    let minute = 1000;
    const writer = (async () => {
      while (writing) {
        await insert([minute++, minute++]);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    try {
      await new Promise((r) => setTimeout(r, 30));
      const again = drf("newest", { pageSize: 15 });
      const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
      assert.deepEqual([...got, ...ids(await rest.toArray())], before);
    } finally {
      writing = false;
      await writer;
    }
    assert.ok(minute > 1004, "the writer inserted rows during the walks");
  });

  test("ascending, cut inside the first page, rows inserted before the anchor and at the end", async () => {
    await reset(range(1, 50));
    const before = await table("ascending");
    const first = drf("ascending");
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 7 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 7));
    // Behind the consumer (before minute 1, between 3 and 4): never part of the rest. Ahead
    // of it (after minute 50): the resumed walk reaches them.
    await insert([0.5, 3.5]);
    const ahead = ids(await insert([51, 52, 53]));
    const again = drf("ascending");
    const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
    assert.deepEqual([...got, ...ids(await rest.toArray())], [...before, ...ahead]);
    assert.equal(rest.stats.anchorMisses, 0);
    // By position, the two rows inserted before the anchor push two handed-out rows back in.
    const blind = drf("ascending");
    const q = paginate(blind.fetchPage, { ...blind.options, resumeToken: p.resumeToken });
    assert.deepEqual(ids(await q.toArray()).slice(0, 2), before.slice(5, 7));
  });

  test("ascending, cut inside a later page, inserts before the anchor and at the end while the walk runs", async () => {
    await reset(range(1, 70));
    const before = await table("ascending");
    const first = drf("ascending");
    // Page 2 holds minutes 21…40; the walk stops after 7 of its rows (minute 27).
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 27 });
    const got = ids(await p.toArray());
    assert.deepEqual(got, before.slice(0, 27));
    const ahead = [];
    const again = drf("ascending", {
      beforeEach: async (n) => {
        // Before the first request a row between minutes 22 and 23 (behind the consumer);
        // before every request one at the end (ahead of it).
        if (n === 0) await insert([22.5]);
        ahead.push(...ids(await insert([200 + n])));
      },
    });
    const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
    const all = [...got, ...ids(await rest.toArray())];
    assert.deepEqual(all, [...before, ...ahead]);
    assert.equal(new Set(all).size, all.length);
    assert.equal(rest.stats.anchorMisses, 0);
  });

  test("the anchor row deleted: resumed by position, counted in anchorMisses", async () => {
    const rows = await reset(range(1, 40));
    const first = drf("ascending");
    const p = paginate(first.fetchPage, { ...first.options, itemKey: "id", maxItems: 5 });
    const got = ids(await p.toArray());
    await remove([got.at(-1)]);
    const again = drf("ascending");
    const rest = paginate(again.fetchPage, { ...again.options, itemKey: "id", resumeToken: p.resumeToken });
    const more = ids(await rest.toArray());
    // 5 rows of the refetched page skipped: the one after the deleted anchor is lost, as a
    // resume by position loses it, and the walk says so.
    assert.deepEqual(more, ids(rows).slice(6));
    assert.equal(rest.stats.anchorMisses, 1);
  });

  test("an InfiniteList over the newest-first feed shows every row once while rows are inserted at the top", async () => {
    await reset(range(1, 45));
    const before = await table("newest");
    const feed = drf("newest", { pageSize: 20 });
    const list = new InfiniteList(feed.fetchPage, { ...feed.options, itemKey: "id", chunkItems: 15 });
    let minute = 500;
    while (list.hasMore) {
      await list.loadMore();
      await insert([minute++, minute++, minute++]);
    }
    const shown = ids(list.items);
    assert.deepEqual(shown, before);
  });
});
