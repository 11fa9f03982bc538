// One fuzzing worker: runs iterations [from, to) of one seed against the installed package and
// posts every finding to the runner (./run.mjs), which watches it (a walk that freezes the
// event loop cannot guard itself) and restarts a fresh worker — a fresh module — when this
// one dies or finds the module broken.
import { parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { dirname } from "node:path";
import { rngFor } from "./rng.mjs";
import { classify } from "./oracle.mjs";
import { describeError, USER } from "./values.mjs";
import { stackProbe } from "./probe.mjs";
import { encodeCase, decodeCase, reentrantSignedCase } from "./codec.mjs";
import { walkCase } from "./walk.mjs";
import { stackCase, infiniteCase, offsetCase, keysetCase } from "./client.mjs";
import { sanity } from "../hostile.mjs";

const lib = await import("pagecursor");
const pkgDir = pathToFileURL(`${dirname(createRequire(import.meta.url).resolve("pagecursor"))}/`);

const TARGETS = [
  [34, "encode", encodeCase],
  [14, "decode", decodeCase],
  [4, "re-entrant signed encode", reentrantSignedCase],
  [22, "paginate", walkCase],
  [10, "CursorStack", stackCase],
  [5, "InfiniteList", infiniteCase],
  [6, "offset pages", offsetCase],
  [5, "paginateKeyset", keysetCase],
];
/** A guard against a walk that never settles (not a timing assertion). */
const HANG_MS = 2000;
/** The module-still-alive check runs after every this many iterations. */
const ALIVE_EVERY = 25;

const { seed, from, to } = workerData;
let current = { i: -1, target: "", notes: [] };
const post = (m) => parentPort.postMessage(m);

function fail(cls, detail) {
  post({ type: "fail", seed, i: current.i, target: current.target, cls, detail: String(detail ?? "").slice(0, 400), notes: current.notes.slice(0, 12) });
}

process.on("unhandledRejection", (err) => fail(`${current.target}: an unhandled rejection`, describeError(err)));
process.on("uncaughtException", (err) => fail(`${current.target}: an uncaught exception`, describeError(err)));
process.on("warning", (w) => {
  if (w.name === "TimeoutOverflowWarning") fail(`${current.target}: a timer beyond 2^31 - 1 ms (TimeoutOverflowWarning: the wait became 1 ms)`, w.message);
});

const probe = await stackProbe(lib, pkgDir);
if (!probe.enabled) post({ type: "info", text: `shadow-stack probe off: ${probe.why}` });

// Shared objects of the iterations: a sealed codec that encodes a secret before some calls,
// and one codec per mode for decode and re-entry.
const env = {
  lib,
  sealer: new lib.CursorCodec({ keys: [{ id: "vault", secret: "a secret of the vault" }], mode: "sealed" }),
  codecs: {
    signed: new lib.CursorCodec({ keys: [{ id: "k1", secret: "fuzz secret one" }] }),
    sealed: new lib.CursorCodec({ keys: [{ id: "\uFEFFk2", secret: "fuzz secret two" }], mode: "sealed" }),
  },
  plainValue: { plain: [1, "x"] },
};
env.plainToken = lib.encodeCursor(env.plainValue);

for (let i = from; i < to; i++) {
  const rng = rngFor(seed, i);
  const [, target, run] = rng.weighted(TARGETS.map(([w, name, fn]) => [w, [w, name, fn]]));
  current = { i, target, notes: [] };
  post({ type: "begin", i, target });
  const t = {
    rng, lib, env, fail,
    note(text) {
      current.notes.push(text);
      post({ type: "note", i, text: String(text).slice(0, 300) });
    },
  };
  env.codec = undefined;
  env.reenter = undefined;
  let timer;
  const hang = new Promise((resolve) => { timer = setTimeout(() => resolve("hang"), HANG_MS); });
  let got;
  try {
    got = await Promise.race([Promise.resolve().then(() => run(t)), hang]);
  } catch (err) {
    // The fuzzer's own code called the library without a guard: the library threw where the
    // oracle did not expect it (an untyped error in a follow-up call).
    const cls = classify(lib, err);
    fail(`${target}: a follow-up call threw ${cls}`, describeError(err));
  }
  clearTimeout(timer);
  if (got === "hang") fail(`${target}: never settled (guard of ${HANG_MS} ms)`, "");
  const lost = probe.leaked();
  if (lost > 0) fail(`${target}: a JS exception or trap unwound through wasm frames (shadow stack lost)`, `${lost} bytes`);
  if ((i + 1) % ALIVE_EVERY === 0 || i === to - 1) {
    try {
      await sanity(lib);
    } catch (err) {
      fail(`module broken after iteration ${i} (plain/signed round trip or 3-page walk failed)`, `${classify(lib, err)} ${describeError(err)}`);
      post({ type: "broken", i });
      process.exit(3);
    }
  }
}
// Strays that arrive after the last call.
await new Promise((r) => setTimeout(r, 50));
void USER;
post({ type: "done" });
