// wasm-bindgen-test in headless Chromium, driven by playwright-core instead of chromedriver.
//
// Why: under chromedriver the suite's first navigation sometimes never returned ("Timed out
// receiving message from renderer: 299.942"; no test ran). It happened in CI, again in a fresh
// clone's run after a throwaway cold start, and on a retry; the playwright-driven browser tests
// of the same machine never hung. So the runner serves its interactive harness
// (`NO_HEADLESS=1`, on a port of ours) and this script opens it in the same Chromium, with the
// same flags, as tests/browser/harness.mjs, reads the harness's `#output` until it reports
// `test result:`, prints it, and stops the runner by its process group. Bounded: 300 s for the
// build and the server, 120 s for the tests.
//
// The page reaches the runner through a small proxy that opens one upstream connection per
// request and closes it: the runner's server answers on a few threads, and idle keep-alive
// sockets (a browser's preconnects, a probe's) held them all, which is how the hang looked
// with playwright too (`page.goto` timed out in a fresh clone while the index had answered).
//   node scripts/wasm-browser-test.mjs
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import http from "node:http";
import { launch } from "../tests/browser/harness.mjs";

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();

// Forwards each request on a connection of its own, closed after the response.
function forward(req, res) {
  const upstream = http.request(
    { host: "127.0.0.1", port, path: req.url, method: req.method, headers: { ...req.headers, connection: "close" }, agent: false },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on("error", (err) => {
    res.writeHead(502);
    res.end(String(err));
  });
  req.pipe(upstream);
}
const proxy = http.createServer(forward);
await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${proxy.address().port}/`;

// One GET of the harness's index on a closed connection: true once the runner serves.
const serving = () =>
  new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/", agent: false, headers: { connection: "close" } }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
    req.setTimeout(5000, () => req.destroy());
  });
const runner = spawn("cargo", ["test", "--target", "wasm32-unknown-unknown", "-p", "pagecursor-wasm", "--test", "wasm_browser"], {
  env: { ...process.env, NO_HEADLESS: "1", WASM_BINDGEN_TEST_ADDRESS: `127.0.0.1:${port}` },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true, // its own process group: cargo, the runner and its server stop together
});
let runnerExit;
runner.on("exit", (code, signal) => (runnerExit = signal ?? code));
const stop = () => {
  try {
    process.kill(-runner.pid, "SIGKILL");
  } catch {}
};

async function main() {
  // The runner serves once the test wasm is built and bound to the port.
  const serveBy = Date.now() + 300_000;
  for (;;) {
    if (runnerExit !== undefined) throw new Error(`the test runner exited (${runnerExit}) before serving`);
    if (await serving()) break;
    if (Date.now() > serveBy) throw new Error("the test runner did not serve its harness within 300 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  // A page that never reports a result (the hang above) is opened again, in a new browser, at
  // most three times; a page that reported one counts as it is, so a failing test is never
  // retried into a pass.
  for (let attempt = 1; ; attempt++) {
    const output = await runOnce().catch((err) => {
      console.error(`wasm-browser-test: attempt ${attempt}: no result from the harness: ${err.message}`);
      return undefined;
    });
    if (output !== undefined) {
      console.log(output.text.trim());
      if (output.errors.length) console.log(`page errors:\n${output.errors.join("\n")}`);
      return /test result: ok\./.test(output.text) && !/test result: FAILED/.test(output.text) ? 0 : 1;
    }
    if (attempt === 3) throw new Error("three page loads of the harness never reported a result");
  }
}

async function runOnce() {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(url, { timeout: 60_000 });
    await page.waitForFunction(() => /test result: /.test(document.getElementById("output")?.textContent ?? ""), null, {
      timeout: 120_000,
    });
    return { text: await page.evaluate(() => document.getElementById("output").textContent), errors };
  } finally {
    await browser.close();
  }
}

let status = 1;
try {
  status = await main();
} catch (err) {
  console.error(`wasm-browser-test: ${err.message}`);
} finally {
  stop();
  proxy.close();
}
process.exit(status);
