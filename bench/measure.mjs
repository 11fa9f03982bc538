// Timing helpers shared by the Node and the browser benchmarks. Competitors of one workload are
// measured interleaved, round by round, so that machine noise hits all of them alike; results
// are medians of per-round ns/op with the spread (min and max of the rounds).

const now = () => performance.now();

/**
 * Runs `fn` `n` times and returns ms elapsed. With `isAsync`, a competitor that returns a
 * promise is awaited call by call; one that returns a plain value is not, because its users
 * would not await it either (an `await` of a plain value costs a microtask hop, about as much
 * as a whole synchronous pagecursor call in Chromium).
 */
async function timeBatch(fn, n, isAsync) {
  const t0 = now();
  if (isAsync) {
    for (let i = 0; i < n; i++) {
      const r = fn();
      if (r instanceof Promise) await r;
    }
  } else for (let i = 0; i < n; i++) fn();
  return now() - t0;
}

/**
 * Measures competitors `{ name: fn }` and returns `{ name: { median, min, max } }` in ns/op.
 * `opts.minBatchMs` sizes batches so each takes at least that long.
 */
export async function compare(competitors, { rounds = 15, minBatchMs = 20, warmupMs = 300, isAsync = false } = {}) {
  const names = Object.keys(competitors);
  const batch = {};
  for (const name of names) {
    // Warm up for at least warmupMs, growing the batch while it runs under minBatchMs, then
    // grow it until it runs for at least minBatchMs. Sizing from the first calls alone could
    // settle on a batch of one when a first call is slow (compilation, a collection): the
    // browser's 100 µs clock then measured one call as 100 µs.
    let n = 1;
    for (let spent = 0; spent < warmupMs && n <= 1e7; ) {
      const ms = await timeBatch(competitors[name], n, isAsync);
      spent += ms;
      if (ms < minBatchMs) n *= 2;
    }
    for (;;) {
      const ms = await timeBatch(competitors[name], n, isAsync);
      if (ms >= minBatchMs || n > 1e7) break;
      n *= ms < minBatchMs / 10 ? 10 : 2;
    }
    batch[name] = n;
  }
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of names) {
      const ms = await timeBatch(competitors[name], batch[name], isAsync);
      samples[name].push((ms * 1e6) / batch[name]);
    }
  }
  return Object.fromEntries(names.map((n) => [n, stats(samples[n])]));
}

/**
 * Runs `fn` untimed, awaiting each call, for at least `ms` (and at least once): the engine's
 * tier-up takes several runs of a whole scenario, more in Chromium and under load.
 */
export async function warmUp(fn, ms) {
  const t0 = now();
  do await fn();
  while (now() - t0 < ms);
}

/**
 * Times whole runs of an async scenario (for workloads measured per run, not per op). Each
 * competitor first runs untimed for at least `warmupMs` (and at least once), so that the
 * timed rounds measure the JIT-compiled code, as `compare` does with its batch sizing: without
 * it the median of a few runs lands in the engine's tier-up.
 */
export async function compareRuns(competitors, { rounds = 5, warmupMs = 300 } = {}) {
  const names = Object.keys(competitors);
  for (const name of names) await warmUp(competitors[name], warmupMs);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of names) {
      const t0 = now();
      await competitors[name]();
      samples[name].push((now() - t0) * 1e6);
    }
  }
  return Object.fromEntries(names.map((n) => [n, stats(samples[n])]));
}

/** `{ median, min, max }` of the samples `xs` (the upper median of an even count). */
export function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1] };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
