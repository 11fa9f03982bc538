// The boundary fuzzer (docs/security.md, "Fuzzing the JS boundary"): seeded, deterministic
// hostile calls of every export of the installed package, with strict oracles after each call.
//
//   node tests/js/fuzz/run.mjs                      the bounded run of the test command
//   FUZZ_ITERATIONS=20000 node tests/js/fuzz/run.mjs  longer, per seed
//   FUZZ_SEED=abc node tests/js/fuzz/run.mjs          one seed of your own
//   FUZZ_SEED=s1 FUZZ_ONLY=123 node tests/js/fuzz/run.mjs   replay one iteration
//
// Each seed runs in a worker thread that the runner watches: a walk that freezes the event
// loop (a spin on microtasks) cannot time itself out, so the runner terminates a worker that
// stops reporting, records the hang, and goes on with a fresh worker (a fresh module) from the
// next iteration; the same happens when a worker finds the module broken.
//
// The last line is `fuzz: N passed, M failed` (iterations without and with findings). Findings
// are grouped by class, each with the first reproducer (seed, iteration, input), and written
// to .build/fuzz-findings.json.
import { Worker } from "node:worker_threads";
import { mkdirSync, writeFileSync } from "node:fs";

const SEEDS = process.env.FUZZ_SEED ? process.env.FUZZ_SEED.split(",") : ["pagecursor-a", "pagecursor-b", "pagecursor-c"];
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 500);
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);
/** A worker that reports nothing for this long is frozen (its own guards are 2 s). */
const WATCHDOG_MS = 3500;

const classes = new Map(); // class -> { count, first }
const failedIterations = new Set();
let iterations = 0;
const infos = new Set();

const all = []; // every finding, for .build/fuzz-findings.json
function record(m) {
  failedIterations.add(`${m.seed}:${m.i}`);
  all.push(m);
  const entry = classes.get(m.cls);
  if (entry) entry.count++;
  else classes.set(m.cls, { count: 1, first: m });
}

function runRange(seed, from, to) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./worker.mjs", import.meta.url), {
      workerData: { seed, from, to },
      // The worker's 'warning' listener reports TimeoutOverflowWarning as a finding; the
      // default printing would only repeat it on stderr.
      execArgv: [...process.execArgv, "--no-warnings"],
    });
    let last = from - 1, target = "", notes = [], seen = Date.now(), finished = false, killed = false;
    const dog = setInterval(() => {
      if (Date.now() - seen < WATCHDOG_MS) return;
      record({ seed, i: last, target, cls: `${target}: froze the event loop (no timer ran for ${WATCHDOG_MS / 1000} s)`, detail: "", notes });
      killed = true;
      clearInterval(dog);
      worker.terminate();
    }, 500);
    worker.on("message", (m) => {
      seen = Date.now();
      if (m.type === "begin") {
        if (m.i !== last) iterations++;
        last = m.i;
        target = m.target;
        notes = [];
      } else if (m.type === "note") notes.push(m.text);
      else if (m.type === "fail") record(m);
      else if (m.type === "info") infos.add(m.text);
      else if (m.type === "done") finished = true;
    });
    worker.on("error", (err) => {
      record({ seed, i: last, target, cls: `${target}: the worker died`, detail: String(err?.stack ?? err).slice(0, 400), notes });
    });
    worker.on("exit", () => {
      clearInterval(dog);
      resolve(finished && !killed ? to : last + 1);
    });
  });
}

const started = Date.now();
for (const seed of SEEDS) {
  let from = ONLY ?? 0;
  const to = ONLY === undefined ? ITERATIONS : ONLY + 1;
  while (from < to) from = await runRange(seed, from, to);
}

for (const text of infos) console.log(`note: ${text}`);
const rows = [...classes.entries()].sort((a, b) => b[1].count - a[1].count);
for (const [cls, { count, first }] of rows) {
  console.log(`\nFINDING ${cls}  (${count}x)`);
  console.log(`  replay: FUZZ_SEED=${first.seed} FUZZ_ONLY=${first.i} node tests/js/fuzz/run.mjs`);
  if (first.detail) console.log(`  detail: ${first.detail}`);
  for (const n of first.notes ?? []) console.log(`  input:  ${n}`);
}
try {
  mkdirSync(new URL("../../../.build/", import.meta.url), { recursive: true });
  writeFileSync(new URL("../../../.build/fuzz-findings.json", import.meta.url),
    JSON.stringify({ classes: rows.map(([cls, e]) => ({ cls, count: e.count, ...e.first })), all }, null, 1));
} catch {}
const failed = failedIterations.size;
console.log(`\nfuzz: ${SEEDS.length} seed(s) × ${ONLY === undefined ? ITERATIONS : 1} iterations in ${((Date.now() - started) / 1000).toFixed(1)} s, ${classes.size} finding classes`);
console.log(`fuzz: ${iterations - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
