// The real servers of tests/peers a test file needs: the URLs that tests/peers/run.sh passes in
// the environment when it started them, or else servers the file starts itself with
// tests/peers/start-<name>.sh before its tests and stops with stop.sh after them (also when the
// process exits or is signalled, so that no server outlives the test).
import { before, after } from "node:test";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { constants as osConstants, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `envVars`: each server's name and the variable run.sh passes its URL in. Returns the URLs by
 * name, set by the time the file's tests run.
 */
export function peerServers(envVars) {
  const names = Object.keys(envVars);
  const urls = Object.fromEntries(names.map((name) => [name, process.env[envVars[name]]]));
  const peersDir = fileURLToPath(new URL("../peers/", import.meta.url));
  let runDir;
  // Last resort when `after` never runs (the runner was killed, stdout closed): end the
  // servers by their pids on the way out; the exit event runs no asynchronous code.
  const killOwnServers = () => {
    for (const name of names) {
      try {
        process.kill(Number(readFileSync(join(runDir, `${name}.pid`), "utf8")), "SIGTERM");
      } catch {
        // Not started, or already gone.
      }
    }
    rmSync(runDir, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    killOwnServers();
    process.exit(128 + osConstants.signals[signal]);
  };
  before(async () => {
    if (names.every((name) => urls[name])) return;
    runDir = mkdtempSync(join(tmpdir(), "pagecursor-peers-"));
    process.on("exit", killOwnServers);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, onSignal);
    const env = { ...process.env, PEERS_RUN_DIR: runDir };
    const start = (name) =>
      new Promise((resolve, reject) => {
        execFile("bash", [join(peersDir, `start-${name}.sh`)], { env }, (err, stdout, stderr) =>
          err ? reject(new Error(`start-${name}.sh failed: ${stderr.trim()}`)) : resolve(stdout.trim()),
        );
      });
    // All are awaited before judging, so a failed start never leaves another unrecorded.
    const ports = await Promise.allSettled(names.map(start));
    for (const port of ports) if (port.status === "rejected") throw port.reason;
    names.forEach((name, i) => (urls[name] = `http://127.0.0.1:${ports[i].value}`));
  });
  after(() => {
    if (runDir === undefined) return;
    execFileSync("bash", [join(peersDir, "stop.sh"), ...names], { env: { ...process.env, PEERS_RUN_DIR: runDir }, stdio: "inherit" });
    process.off("exit", killOwnServers);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.off(signal, onSignal);
    rmSync(runDir, { recursive: true, force: true });
  });
  return urls;
}
