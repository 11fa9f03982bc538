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
//   node scripts/wasm-browser-test.mjs
import { spawn } from "node:child_process";
import { createServer } from "node:net";
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
const url = `http://127.0.0.1:${port}/`;
const runner = spawn("cargo", ["test", "--target", "wasm32-unknown-unknown", "--test", "wasm_browser"], {
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
    try {
      if ((await fetch(url)).ok) break;
    } catch {}
    if (Date.now() > serveBy) throw new Error("the test runner did not serve its harness within 300 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(url);
    await page.waitForFunction(() => /test result: /.test(document.getElementById("output")?.textContent ?? ""), null, {
      timeout: 120_000,
    });
    const output = await page.evaluate(() => document.getElementById("output").textContent);
    console.log(output.trim());
    if (errors.length) console.log(`page errors:\n${errors.join("\n")}`);
    return /test result: ok\./.test(output) && !/test result: FAILED/.test(output) ? 0 : 1;
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
}
process.exit(status);
