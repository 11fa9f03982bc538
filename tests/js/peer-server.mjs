// A real server of tests/peers for one test file: the URL that tests/peers/run.sh passes in
// `envVar` when it started the server, or else a server this file starts itself with
// tests/peers/start-<name>.sh before its tests and stops with stop.sh after them (also when the
// process exits or is signalled, so that no server outlives the test).
import { before, after } from "node:test";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { constants as osConstants, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** `{ url }`, set by the time the file's tests run. */
export function peerServer(name, envVar) {
  const server = { url: process.env[envVar] };
  const peersDir = fileURLToPath(new URL("../peers/", import.meta.url));
  let runDir;
  const killOwnServer = () => {
    try {
      process.kill(Number(readFileSync(join(runDir, `${name}.pid`), "utf8")), "SIGTERM");
    } catch {
      // Not started, or already gone.
    }
    rmSync(runDir, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    killOwnServer();
    process.exit(128 + osConstants.signals[signal]);
  };
  before(async () => {
    if (server.url) return;
    runDir = mkdtempSync(join(tmpdir(), `pagecursor-${name}-`));
    process.on("exit", killOwnServer);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, onSignal);
    const port = await new Promise((resolve, reject) => {
      execFile("bash", [join(peersDir, `start-${name}.sh`)], { env: { ...process.env, PEERS_RUN_DIR: runDir } },
        (err, stdout, stderr) => (err ? reject(new Error(`start-${name}.sh failed: ${stderr.trim()}`)) : resolve(stdout.trim())));
    });
    server.url = `http://127.0.0.1:${port}`;
  });
  after(() => {
    if (runDir === undefined) return;
    execFileSync("bash", [join(peersDir, "stop.sh"), name], { env: { ...process.env, PEERS_RUN_DIR: runDir }, stdio: "inherit" });
    process.off("exit", killOwnServer);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.off(signal, onSignal);
    rmSync(runDir, { recursive: true, force: true });
  });
  return server;
}
