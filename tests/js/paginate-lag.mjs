// The event loop under a fake abort (issue #14): an `abort` Event dispatched on options.signal
// without aborting it. Run as a child process by tests/js/paginate.test.mjs (a frozen event
// loop cannot be guarded from inside): walks 20 pages of 5 ms each while a setInterval of
// 10 ms counts its ticks and the longest gap between two, then prints them as JSON. With
// PAGECURSOR_PKG set (a path to a package's node.js) it measures that build instead.
const lib = await import(process.env.PAGECURSOR_PKG ?? "pagecursor");

const controller = new AbortController();
let ticks = 0;
let last = performance.now();
let maxGapMs = 0;
const timer = setInterval(() => {
  const now = performance.now();
  maxGapMs = Math.max(maxGapMs, now - last);
  last = now;
  ticks++;
}, 10);
const started = performance.now();
let outcome;
try {
  const items = await lib.paginate(async (token) => {
    const i = token === undefined ? 0 : Number(token);
    if (i === 0) controller.signal.dispatchEvent(new Event("abort"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { items: [i], next_cursor: i + 1 < 20 ? String(i + 1) : undefined };
  }, { preset: "keyset", signal: controller.signal }).toArray();
  outcome = `ok: ${items.length} items`;
} catch (err) {
  outcome = `${err?.name}: ${err?.code}`;
}
clearInterval(timer);
const elapsedMs = performance.now() - started;
maxGapMs = Math.max(maxGapMs, performance.now() - last);
process.stdout.write(JSON.stringify({ outcome, ticks, maxGapMs, elapsedMs }));
