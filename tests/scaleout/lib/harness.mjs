// Test harness of the scale-out export: Redis servers, worker processes, the export command,
// a throttling proxy in front of dynalite. Every process it starts is recorded by pid in
// $SCALEOUT_RUN_DIR/pids (one "pid name" line each), so that tests/scaleout/run.sh can end any
// left over by pid if this process itself dies; every stop is by pid, SIGTERM then SIGKILL,
// bounded in time.
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, openSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL("..", import.meta.url));
export const RUN_DIR = process.env.SCALEOUT_RUN_DIR;

function record(pid, name) {
  if (RUN_DIR) appendFileSync(join(RUN_DIR, "pids"), `${pid} ${name}\n`);
}

// alive: the process exists and is not a zombie (a zombie is dead; it only waits for its parent).
export function alive(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Ends a child by pid: SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited.
export async function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export function killHard(child) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  return exited;
}

function portFree(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

// One PING over a raw socket; true when Redis answers +PONG (also the check that it is up).
export function redisPing(port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once("error", () => done(false));
    s.once("connect", () => s.write("PING\r\n"));
    s.once("data", (d) => done(d.toString().startsWith("+PONG")));
  });
}

export function redisCommand(port, ...args) {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, "127.0.0.1");
    let buf = "";
    s.setTimeout(5000, () => {
      s.destroy();
      reject(new Error(`redis ${args[0]} timed out`));
    });
    s.once("error", reject);
    s.once("connect", () => s.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join("")}`));
    s.on("data", (d) => {
      buf += d;
      if (buf.endsWith("\r\n")) {
        s.destroy();
        resolve(buf);
      }
    });
  });
}

// redis-server (Debian) on 127.0.0.1, in `dir`, at the first free port of `ports`. Persistence is
// AOF with an fsync per write (BullMQ's production advice is AOF; "always" so that a restart,
// even a crash, loses no acknowledged write) and maxmemory-policy noeviction (BullMQ's only safe
// policy). restart() stops it and starts it again on the same port and directory.
export class RedisServer {
  constructor({ dir, ports = process.env.SCALEOUT_REDIS_PORTS || "16390-16399" }) {
    this.dir = dir;
    const [lo, hi] = ports.split("-").map(Number);
    this.ports = { lo, hi: hi ?? lo };
    mkdirSync(dir, { recursive: true });
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    for (let port = this.port ?? this.ports.lo; port <= (this.port ?? this.ports.hi); port++) {
      if (!(await portFree(port))) continue;
      if (await this.#spawn(port)) {
        this.port = port;
        return this;
      }
    }
    throw new Error(`redis-server did not start on any port of ${this.ports.lo}-${this.ports.hi}; log: ${join(this.dir, "redis.log")}`);
  }

  async #spawn(port) {
    const args = [
      "--port", String(port), "--bind", "127.0.0.1", "--dir", this.dir,
      "--appendonly", "yes", "--appendfsync", "always", "--save", "",
      "--maxmemory-policy", "noeviction", "--daemonize", "no",
      "--logfile", join(this.dir, "redis.log"),
    ];
    const child = spawn("redis-server", args, { stdio: "ignore" });
    record(child.pid, "redis-server");
    this.child = child;
    for (let i = 0; i < 100; i++) {
      if (await redisPing(port)) return true;
      if (child.exitCode !== null) return false;
      await sleep(100);
    }
    await stopChild(child);
    return false;
  }

  async stop() {
    if (this.child) await stopChild(this.child);
  }

  // Returns how long Redis was unreachable (ms). hard: SIGKILL (a crash) instead of SIGTERM
  // (a shutdown, in which Redis flushes and closes the AOF itself).
  async restart({ downMs = 1000, hard = false } = {}) {
    const t0 = Date.now();
    if (hard) await killHard(this.child);
    else await this.stop();
    await sleep(downMs);
    await this.start();
    return Date.now() - t0;
  }

  get pid() {
    return this.child?.pid;
  }
}

// A worker process (worker.mjs); its stderr (JSON lines) goes to `log`.
export function spawnWorker(env, log) {
  const fd = openSync(log, "a");
  const child = spawn(process.execPath, [join(HERE, "worker.mjs")], {
    env: { ...process.env, ...env },
    stdio: ["ignore", fd, fd],
  });
  record(child.pid, "worker");
  return child;
}

// The export command in JSON-lines mode: calls onLine(obj) for each line; resolves with
// { status, lines } when it exits.
export function runExport(args, env, onLine = () => {}) {
  const child = spawn(process.execPath, [join(HERE, "export.mjs"), "--json", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  record(child.pid, "export");
  const lines = [];
  let rest = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    rest += d;
    let i;
    while ((i = rest.indexOf("\n")) >= 0) {
      const line = rest.slice(0, i);
      rest = rest.slice(i + 1);
      if (!line) continue;
      const obj = JSON.parse(line);
      lines.push(obj);
      onLine(obj);
    }
  });
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ status: code, signal, lines, stderr })),
  );
  return { child, exited };
}

// An HTTP proxy in front of dynalite that answers `rate` of the Scan requests with DynamoDB's
// own throttling error (HTTP 400, __type ...#ProvisionedThroughputExceededException), so that
// the AWS SDK raises a real ProvisionedThroughputExceededException. Other requests pass.
// The choice is a seeded sequence: the n-th Scan request is throttled or not on every run.
export class ThrottlingProxy {
  constructor({ target, rate = 0.1, seed = 7 }) {
    this.target = new URL(target);
    this.rate = rate;
    this.scans = 0;
    this.throttled = 0;
    let a = seed >>> 0;
    this.random = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    this.server = http.createServer((req, res) => this.#handle(req, res));
  }

  async start() {
    await new Promise((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${this.server.address().port}`;
    return this;
  }

  stop() {
    this.server.closeAllConnections?.();
    return new Promise((resolve) => this.server.close(resolve));
  }

  #handle(req, res) {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (String(req.headers["x-amz-target"]).endsWith(".Scan")) {
        this.scans++;
        if (this.random() < this.rate) {
          this.throttled++;
          const payload = JSON.stringify({
            __type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
            message: "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.",
          });
          res.writeHead(400, { "content-type": "application/x-amz-json-1.0", "content-length": Buffer.byteLength(payload) });
          res.end(payload);
          return;
        }
      }
      const upstream = http.request(
        { host: this.target.hostname, port: this.target.port, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode, up.headers);
          up.pipe(res);
        },
      );
      upstream.on("error", (err) => {
        res.writeHead(502);
        res.end(String(err));
      });
      upstream.end(body);
    });
  }
}
