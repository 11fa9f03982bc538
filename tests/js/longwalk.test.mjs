// Long walks through the installed package, with memory measured in a child process started
// with --expose-gc (node --test does not pass that flag to its test files): one million pages
// through the paginator, InfiniteList over 100,000 items, and cycle detection over 100,000 distinct large tokens. The JS heap
// must stay flat (no page, item or token is retained after it was handed out) and the wasm
// linear memory may grow only by the documented cycle-detection digest per page.
// The figures are printed and quoted in docs/security.md.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const CHILD = process.env.PAGECURSOR_LONGWALK;

/** The wasm instance's exports: `initSync` of the glue returns the live instance once loaded. */
async function wasmMemory() {
  const require = createRequire(import.meta.url);
  const dir = require.resolve("pagecursor/package.json").replace(/package\.json$/, "");
  await import("pagecursor"); // the entry instantiates the module
  const glue = await import(`${dir}pagecursor.js`);
  const exports = glue.initSync({ module: readFileSync(`${dir}pagecursor_server_bg.wasm`) });
  assert.ok(exports.memory instanceof WebAssembly.Memory, "the glue exposes the instance's memory");
  return exports.memory;
}

const heap = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};

/** Walks `pages` pages whose next token is made by `tokenOf(i)`; samples memory twice. */
async function walk(pages, tokenOf, sampleAt) {
  const { paginate } = await import("pagecursor");
  const memory = await wasmMemory();
  let count = 0;
  const samples = {};
  const fetchPage = (token) => {
    const i = token === undefined ? 0 : token.i;
    return { items: [i], next_cursor: i + 1 < pages ? tokenOf(i + 1) : undefined };
  };
  // prefetch: 1 overlaps the next fetchPage with the consumer (docs/paginator.md: the cheapest
  // per-page overhead), which keeps a million pages within the time budget of the suite.
  const p = paginate(fetchPage, { preset: "keyset", prefetch: 1 });
  for await (const page of p) {
    count++;
    if (page.items[0] !== count - 1) throw new Error(`page ${count} out of order`);
    if (count === sampleAt || count === pages) {
      samples[count] = { heap: heap(), wasm: memory.buffer.byteLength };
    }
  }
  return { count, stopReason: p.stopReason, stats: p.stats, samples, sampleAt };
}

/** 100,000 items through InfiniteList in chunks of 100 with a window of 5 chunks. */
async function infinite() {
  const { InfiniteList } = await import("pagecursor");
  const memory = await wasmMemory();
  const total = 100_000;
  const perPage = 50;
  const fetchPage = (token) => {
    const start = token === undefined ? 0 : token;
    const items = Array.from({ length: Math.min(perPage, total - start) }, (_, k) => start + k);
    return { items, next_cursor: start + perPage < total ? start + perPage : undefined };
  };
  const list = new InfiniteList(fetchPage, { preset: "keyset", chunkItems: 100, maxChunks: 5 });
  let expected = 0;
  let maxWindow = 0;
  let loads = 0;
  const samples = {};
  while (list.hasMore) {
    const chunk = await list.loadMore();
    loads++;
    for (const item of chunk) {
      if (item !== expected) throw new Error(`item ${item}, expected ${expected}`);
      expected++;
    }
    maxWindow = Math.max(maxWindow, list.items.length);
    if (loads === 100) samples.early = { heap: heap(), wasm: memory.buffer.byteLength, loads };
  }
  samples.end = { heap: heap(), wasm: memory.buffer.byteLength, loads };
  // The window slides back from the cursors kept for dropped chunks.
  const previous = await list.loadPrevious();
  if (previous[0] !== total - 600) throw new Error(`loadPrevious gave ${previous[0]}`);
  return { items: expected, loads, maxWindow, windowAfterBack: list.items.length, samples };
}

/**
 * Refusals that must not grow wasm memory (which never shrinks): a page whose next token has
 * 2,000,000 elements (a 4 MB response), a resumeToken of 100 MB, an InfiniteList state of
 * 100 MB. Each is refused before anything is copied into wasm memory.
 */
async function refusals() {
  const { paginate, InfiniteList } = await import("pagecursor");
  const memory = await wasmMemory();
  const before = memory.buffer.byteLength;
  const codes = [];
  const token = new Array(2_000_000).fill(1);
  for (let i = 0; i < 3; i++) {
    await paginate(async () => ({ items: [1], next_cursor: token }), { preset: "keyset" }).toArray()
      .catch((e) => codes.push(e.code));
  }
  const afterToken = memory.buffer.byteLength;
  const huge = "A".repeat(100_000_000);
  await paginate(async () => ({ items: [] }), { preset: "keyset", resumeToken: huge }).toArray()
    .catch((e) => codes.push(e.code));
  const afterResume = memory.buffer.byteLength;
  try {
    InfiniteList.from(huge, async () => ({ items: [] }), { preset: "keyset" });
  } catch (e) {
    codes.push(e.code);
  }
  return { before, afterToken, afterResume, afterState: memory.buffer.byteLength, codes };
}

async function child(kind) {
  let result;
  if (kind === "refusals") {
    result = await refusals();
  } else if (kind === "infinite") {
    result = await infinite();
  } else if (kind === "million") {
    result = await walk(1_000_000, (i) => ({ i }), 10_000);
  } else {
    const pad = "x".repeat(1000);
    result = await walk(100_000, (i) => ({ i, pad: `${i}:${pad}` }), 1_000);
  }
  process.stdout.write(JSON.stringify(result));
}

function runChild(kind) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--expose-gc", fileURLToPath(import.meta.url)],
      { env: { ...process.env, PAGECURSOR_LONGWALK: kind }, maxBuffer: 1 << 20 },
      (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout))),
    );
  });
}

const MiB = 1024 * 1024;

if (CHILD) {
  await child(CHILD);
} else {
  test("refused tokens never grow wasm memory: a 2,000,000-element next token, 100 MB resume token and list state", async () => {
    const r = await runChild("refusals");
    assert.deepEqual(r.codes, ["bad_page", "bad_page", "bad_page", "bad_resume_token", "too_large"]);
    const grew = (a, b) => ((b - a) / MiB).toFixed(2);
    console.log(
      `refusals: wasm memory ${(r.before / MiB).toFixed(1)} MiB; +${grew(r.before, r.afterToken)} MiB after 3 pages with a ` +
        `2,000,000-element token, +${grew(r.afterToken, r.afterResume)} MiB after a 100 MB resumeToken, ` +
        `+${grew(r.afterResume, r.afterState)} MiB after a 100 MB InfiniteList state`,
    );
    // Before the cap: +128 MiB for the token and +100 MiB for the resume token, for good.
    assert.ok(r.afterState - r.before < MiB, `wasm memory grew by ${r.afterState - r.before} bytes`);
  });

  test("one million pages: the JS heap stays flat, wasm memory grows only by the cycle digests", async () => {
    const r = await runChild("million");
    assert.equal(r.count, 1_000_000);
    assert.equal(r.stopReason, "end");
    assert.equal(r.stats.pages, 1_000_000);
    const a = r.samples[r.sampleAt];
    const b = r.samples[r.count];
    const pages = r.count - r.sampleAt;
    const heapGrowth = b.heap - a.heap;
    const wasmPerPage = (b.wasm - a.wasm) / pages;
    console.log(
      `1,000,000 pages: JS heap ${(a.heap / MiB).toFixed(1)} MiB at page ${r.sampleAt}, ` +
        `${(b.heap / MiB).toFixed(1)} MiB at the end (growth ${(heapGrowth / MiB).toFixed(2)} MiB); ` +
        `wasm memory ${(a.wasm / MiB).toFixed(1)} -> ${(b.wasm / MiB).toFixed(1)} MiB ` +
        `(${wasmPerPage.toFixed(1)} bytes per page, the cycle-detection digests)`,
    );
    // Flat: 990,000 pages later the heap holds less than 8 bytes per page more.
    assert.ok(heapGrowth < 8 * MiB, `JS heap grew by ${heapGrowth} bytes`);
    // The digest set is a hash table that doubles: linear memory (which never shrinks) holds
    // the table and, at the high-water mark, the one it was rehashed from. Measured 48–72
    // bytes per page; docs/security.md states a bound of 96.
    assert.ok(wasmPerPage <= 96, `wasm memory grew by ${wasmPerPage} bytes per page`);
  });

  test("InfiniteList over 100,000 items keeps a bounded window and only a cursor per dropped chunk", async () => {
    const r = await runChild("infinite");
    assert.equal(r.items, 100_000);
    assert.ok(r.maxWindow <= 500, `window held ${r.maxWindow} items`);
    assert.equal(r.windowAfterBack, 500);
    const chunks = r.samples.end.loads - r.samples.early.loads;
    const wasmPerChunk = (r.samples.end.wasm - r.samples.early.wasm) / chunks;
    const heapGrowth = r.samples.end.heap - r.samples.early.heap;
    console.log(
      `InfiniteList, 100,000 items in ${r.loads} loads of 100 (maxChunks 5): window at most ${r.maxWindow} items; ` +
        `JS heap growth ${(heapGrowth / 1024).toFixed(0)} KiB over ${chunks} chunks; ` +
        `wasm memory ${(r.samples.early.wasm / MiB).toFixed(1)} -> ${(r.samples.end.wasm / MiB).toFixed(1)} MiB ` +
        `(${wasmPerChunk.toFixed(0)} bytes per chunk)`,
    );
    // What is kept per dropped chunk is its start cursor (a short string), never its items
    // (100 items of 8+ bytes each would be over 800 bytes per chunk on the JS heap).
    assert.ok(heapGrowth / chunks < 512, `JS heap grew by ${heapGrowth / chunks} bytes per chunk`);
    assert.ok(wasmPerChunk <= 1024, `wasm memory grew by ${wasmPerChunk} bytes per chunk`);
  });

  test("cycle detection over 100,000 distinct 1 KB tokens keeps a digest, not the token", async () => {
    const r = await runChild("distinct");
    assert.equal(r.count, 100_000);
    const a = r.samples[r.sampleAt];
    const b = r.samples[r.count];
    const tokens = r.count - r.sampleAt;
    const wasmPerToken = (b.wasm - a.wasm) / tokens;
    const heapPerToken = (b.heap - a.heap) / tokens;
    console.log(
      `100,000 distinct tokens of ~1 KB: wasm memory ${(a.wasm / MiB).toFixed(1)} -> ${(b.wasm / MiB).toFixed(1)} MiB ` +
        `(${wasmPerToken.toFixed(1)} bytes per token), JS heap ${heapPerToken.toFixed(1)} bytes per token`,
    );
    // A retained token would cost over 1,000 bytes each; a digest costs tens.
    assert.ok(wasmPerToken <= 96, `wasm memory grew by ${wasmPerToken} bytes per token`);
    assert.ok(heapPerToken < 80, `JS heap grew by ${heapPerToken} bytes per token`);
  });
}
