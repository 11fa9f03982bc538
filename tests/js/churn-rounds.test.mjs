// Objects dropped without free() are collected with their WebAssembly memory: 50,000 of each
// kind (InfiniteLists never loaded and after one load, paginators run and never started,
// signed codecs, stacks), dropped in rounds of 10,000, with the garbage collector forced
// between rounds. Both the JS heap and the WebAssembly memory must level off within two
// rounds: what is dropped gets collected, and nothing global keeps it. It runs in a child
// process started with --expose-gc; the memory is the module's own, reached through the
// glue's `initSync()`, which returns the instance's exports once the entry has instantiated it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const PER_KIND = Number(process.env.PAGECURSOR_CHURN_ROUNDS) || 50_000;
const ROUND = 10_000;
/** After two rounds, the JS heap and the wasm memory may still move by this much. */
const LEVEL = 4 * 2 ** 20;

async function child() {
  const lib = await import("pagecursor");
  const glue = await import(new URL("./pagecursor.js", import.meta.resolve("pagecursor")).href);
  const memory = glue.initSync().memory;
  const collect = async () => {
    for (let i = 0; i < 4; i++) {
      globalThis.gc();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  const keys = [{ id: "k", secret: "churn secret" }];
  const fetchPage = async (t) => (t === undefined ? { items: [1, 2, 3], next_cursor: "n" } : { items: [4] });
  const kinds = {
    "InfiniteList never loaded": () => void new lib.InfiniteList(fetchPage, { preset: "keyset", chunkItems: 2 }),
    "InfiniteList after one loadMore": async () => {
      const list = new lib.InfiniteList(fetchPage, { preset: "keyset", chunkItems: 2 });
      list.subscribe(() => {});
      await list.loadMore();
    },
    "paginate never started": () => void lib.paginate(fetchPage, { preset: "keyset" }),
    "paginate run to a cut": async () => {
      const p = lib.paginate(fetchPage, { preset: "keyset", maxItems: 2 });
      await p.toArray();
      return p.resumeToken;
    },
    "CursorCodec with keys": () => new lib.CursorCodec({ keys }).encode({ id: 1 }),
    "CursorStack": () => {
      const s = new lib.CursorStack({ maxDepth: 4 });
      s.record("t2");
      s.forward();
    },
  };
  const out = {};
  for (const [kind, make] of Object.entries(kinds)) {
    const rounds = [];
    for (let done = 0; done < PER_KIND; done += ROUND) {
      for (let i = 0; i < ROUND; i++) {
        const r = make();
        if (r instanceof Promise) await r;
      }
      await collect();
      rounds.push({ heap: process.memoryUsage().heapUsed, wasm: memory.buffer.byteLength });
    }
    out[kind] = rounds;
  }
  process.stdout.write(JSON.stringify(out));
}

if (process.env.PAGECURSOR_CHURN_ROUNDS_CHILD) {
  await child();
} else {
  test("objects dropped without free() are collected: JS heap and wasm memory level off within two rounds", () => {
    const r = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url)], {
      env: { ...process.env, PAGECURSOR_CHURN_ROUNDS_CHILD: "1" },
      encoding: "utf8",
      timeout: 600_000, // a guard against a hang, not a timing assertion
    });
    assert.equal(r.status, 0, r.stderr);
    const got = JSON.parse(r.stdout);
    const mb = (n) => `${(n / 2 ** 20).toFixed(1)} MB`;
    const grew = [];
    for (const [kind, rounds] of Object.entries(got)) {
      console.log(`${kind}: JS heap ${rounds.map((x) => mb(x.heap)).join(", ")}; wasm ${rounds.map((x) => mb(x.wasm)).join(", ")}`);
      const second = rounds[1];
      for (const [i, x] of rounds.entries()) {
        if (i < 2) continue;
        if (x.heap - second.heap > LEVEL) grew.push(`${kind}: the JS heap grew by ${mb(x.heap - second.heap)} after round 2 (round ${i + 1})`);
        if (x.wasm - second.wasm > LEVEL) grew.push(`${kind}: the wasm memory grew by ${mb(x.wasm - second.wasm)} after round 2 (round ${i + 1})`);
      }
    }
    assert.deepEqual(grew, []);
  });
}
