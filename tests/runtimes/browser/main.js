// The browser app of the matrix: bundled as is by Vite, webpack and esbuild, and loaded unbundled
// by importmap.html. It imports the package by its bare name, runs the shared checks on the page,
// then runs them again in a module Web Worker, and publishes both results as window.__result.
import * as pagecursor from "pagecursor";
import { runChecks } from "../app-core.js";

// The entry has no top-level await: "navigation start to package ready" is when `ready` resolves.
let loadMs;
const loaded = pagecursor.ready.then(() => {
  loadMs = Math.round(performance.now());
});
const fetchBase = new URL("/", location.href).href;

function startWorker() {
  // Bundlers see this literal `new URL(…, import.meta.url)` and bundle worker.js with the
  // package. The unbundled import-map page names its worker by URL instead (import maps do not
  // reach into workers), in a form no bundler follows.
  const url = new URLSearchParams(location.search).get("worker") ?? document.documentElement.dataset.worker;
  return url ? new Worker(url, { type: "module" }) : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
}

function workerResult() {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = startWorker();
    } catch (err) {
      resolve({ ok: false, error: `${err.name}: ${err.message}` });
      return;
    }
    const timer = setTimeout(() => resolve({ ok: false, error: "timeout: the worker sent no result in 15 s" }), 15000);
    worker.onmessage = ({ data }) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(data);
    };
    worker.onerror = (event) => {
      // A module worker whose graph fails to load fires a bare Event with no message; the
      // reason is printed on the console, which the test collects.
      event.preventDefault();
      clearTimeout(timer);
      worker.terminate();
      resolve({ ok: false, error: event.message || "the worker failed to load (see the console)" });
    };
  });
}

loaded
  .then(() => runChecks(pagecursor, { fetchBase }))
  .then(async (page) => ({ page: { loadMs, ...page }, worker: await workerResult() }))
  .then((result) => {
    window.__result = result;
    document.getElementById("result").textContent = JSON.stringify(result, null, 2);
  });
