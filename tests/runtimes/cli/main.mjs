// The server-side JS runtimes' app (Node ESM, Deno, Bun): imports the package by name, runs the
// shared checks and prints one JSON line. Arguments:
//   --specifier S   import S instead of "pagecursor" (to show what another entry does)
//   --worker        run the same app inside a node:worker_threads Worker and relay its result
//   --fetch URL     also walk the server's Link-header API at URL
import { runChecks } from "../app-core.js";

const threads = globalThis.process?.versions?.node ? await import("node:worker_threads") : undefined;

if (threads?.parentPort) {
  threads.parentPort.postMessage(await app(threads.workerData));
} else {
  const args = globalThis.Deno?.args ?? globalThis.process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const settings = { specifier: option("--specifier") ?? "pagecursor", fetchBase: option("--fetch") };
  const print = (result, thread) => console.log(JSON.stringify(thread ? { ...result, thread } : result));
  if (args.includes("--worker")) {
    const worker = new threads.Worker(new URL(import.meta.url), { workerData: settings });
    worker.once("message", (result) => print(result, "worker_threads"));
    worker.once("error", (err) => print({ ok: false, error: `${err.name}: ${err.message}` }, "worker_threads"));
  } else {
    print(await app(settings));
  }
}

async function app({ specifier, fetchBase }) {
  try {
    const t0 = performance.now();
    const pc = await import(specifier);
    const loadMs = performance.now() - t0;
    const entry = import.meta.resolve(specifier).replace(/^.*\/node_modules\//, "");
    return { entry, loadMs: Math.round(loadMs * 10) / 10, ...(await runChecks(pc, { fetchBase })) };
  } catch (err) {
    return { ok: false, error: `${err.name}: ${err.message}` };
  }
}
