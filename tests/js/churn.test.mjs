// Memory of abandoned and freed wasm objects (issue #14, "Memory of abandoned objects"): a churn
// of CursorStack, CursorCodec, InfiniteList objects and paginate walks, with a bound on the
// growth of the WebAssembly memory. It runs in a child process started with --expose-gc, so that
// the abandoned objects' finalizers (wasm-bindgen's FinalizationRegistry) run between rounds;
// the memory is the module's own, reached through the glue's `initSync()`, which returns the
// instance's exports once the entry has instantiated it (an internal route: the exports map
// does not publish the glue, so it is imported by its file URL).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Objects per class, freed at once and abandoned to the garbage collector. The test command runs
 * a churn of 10^5 of each (seconds on a loaded 2-core machine, where a stack costs ~15 µs and a
 * list or walk ~120 µs); `PAGECURSOR_CHURN=1000000` runs the 10^6 (minutes).
 */
const N = Number(process.env.PAGECURSOR_CHURN) || 100_000;
const FREED = { stack: N, codec: N, list: N / 10, walk: N / 10 };
const ABANDONED = { stack: N, codec: N, list: N / 10, walk: N / 10 };
/** Objects created between two forced collections in the abandoned churn. */
const ROUND = 10_000;
/** The bound: the memory after the whole churn may exceed the memory after its first round by this. */
const GROWTH_BOUND = 2 * 2 ** 20;

async function child() {
  const lib = await import("pagecursor");
  const glue = await import(new URL("./pagecursor.js", import.meta.resolve("pagecursor")).href);
  const memory = glue.initSync().memory;
  const bytes = () => memory.buffer.byteLength;
  const collect = async () => {
    for (let i = 0; i < 3; i++) {
      globalThis.gc();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  const keys = [{ id: "k", secret: "churn secret" }];
  const fetchPage = async (t) => (t === undefined ? { items: [1], next_cursor: "n" } : { items: [2] });
  const make = {
    stack: () => {
      const s = new lib.CursorStack({ maxDepth: 4 });
      s.record("t2");
      s.forward();
      return s;
    },
    // Every other codec signs: its keys are the bytes a codec holds beyond its core.
    codec: (i) => new lib.CursorCodec(i % 2 ? { keys } : undefined),
    list: () => new lib.InfiniteList(fetchPage, { preset: "keyset", chunkItems: 2 }),
  };
  const out = {};
  for (const kind of ["stack", "codec", "list", "walk"]) {
    await collect();
    const start = bytes();
    // Freed: every object released by free() (a walk frees its core when it ends).
    if (kind === "walk") {
      for (let i = 0; i < FREED.walk; i++) await lib.paginate(fetchPage, { preset: "keyset" }).toArray();
    } else {
      for (let i = 0; i < FREED[kind]; i++) make[kind](i).free();
    }
    await collect();
    const freed = bytes();
    // Abandoned: nothing freed by hand; the finalizers release them after each round.
    let afterFirst = 0;
    for (let done = 0; done < ABANDONED[kind]; done += Math.min(ROUND, ABANDONED[kind])) {
      if (kind === "walk") {
        for (let i = 0; i < Math.min(ROUND, ABANDONED.walk); i++) {
          const p = lib.paginate(fetchPage, { preset: "keyset" });
          if (i % 2) await p.toArray(); // half of them never started: their core is only dropped
        }
      } else {
        (() => {
          for (let i = 0; i < Math.min(ROUND, ABANDONED[kind]); i++) make[kind](i);
        })();
      }
      await collect();
      afterFirst ||= bytes();
    }
    out[kind] = { start, freed, afterFirst, end: bytes() };
  }
  process.stdout.write(JSON.stringify(out));
}

if (process.env.PAGECURSOR_CHURN_CHILD) {
  await child();
} else {
  test("a churn of wasm objects leaves the WebAssembly memory bounded", () => {
    const r = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url)], {
      env: { ...process.env, PAGECURSOR_CHURN_CHILD: "1" },
      encoding: "utf8",
      timeout: 300_000 * Math.max(1, N / 100_000), // a guard against a hang, not a timing assertion
    });
    assert.equal(r.status, 0, r.stderr);
    const got = JSON.parse(r.stdout);
    const mb = (n) => `${(n / 2 ** 20).toFixed(2)} MB`;
    for (const [kind, m] of Object.entries(got)) {
      console.log(`${kind}: ${FREED[kind]} freed ${mb(m.start)} -> ${mb(m.freed)}; ${ABANDONED[kind]} abandoned, first round of ${ROUND} ${mb(m.afterFirst)}, end ${mb(m.end)}`);
      assert.ok(m.freed - m.start <= GROWTH_BOUND, `${kind}: freed objects grew the memory by ${mb(m.freed - m.start)}`);
      assert.ok(m.end - m.afterFirst <= GROWTH_BOUND, `${kind}: abandoned objects grew the memory by ${mb(m.end - m.afterFirst)} after the first round`);
    }
  });
}
