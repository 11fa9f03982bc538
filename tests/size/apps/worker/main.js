// Starts the module worker ROUNDS times in a row and posts a message right after each
// `new Worker()`. A round passes when that first message is answered. It is lost when the worker
// answers a later probe (posted every 250 ms) and never the first one; the timeouts only bound a
// worker that answers nothing. Publishes { ok, rounds } as window.__result.
import { PAGE_SIZE } from "../fixtures.js";

const ROUNDS = 20;

function round() {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.postMessage({ id: "first" });
    let probes = 0;
    let afterProbe;
    const probe = setInterval(() => worker.postMessage({ id: `probe ${++probes}` }), 250);
    const bound = setTimeout(() => finish({ ok: false, error: "the worker answered no message in 15 s" }), 15000);
    function finish(outcome) {
      clearInterval(probe);
      clearTimeout(bound);
      clearTimeout(afterProbe);
      worker.terminate();
      resolve(outcome);
    }
    worker.onmessage = ({ data }) => {
      if (data.id === "first") return finish({ ok: data.items === PAGE_SIZE && typeof data.resumeToken === "string", answer: data });
      // A later message was answered, so the first one was handled before it or dropped.
      afterProbe ??= setTimeout(() => finish({ ok: false, lost: true, error: `the first message was lost: the worker answered "${data.id}", posted later, but not the one posted right after new Worker()` }), 3000);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish({ ok: false, error: event.message || "the worker failed to load (see the console)" });
    };
  });
}

(async () => {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const outcome = await round();
    rounds.push(outcome);
    if (!outcome.ok) break;
  }
  window.__result = { ok: rounds.length === ROUNDS && rounds.every((r) => r.ok), rounds };
  document.getElementById("result").textContent = JSON.stringify(window.__result);
})();
