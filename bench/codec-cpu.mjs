// CPU time of plain encode+decode (issue #7): pagecursor vs JSON + Buffer base64url by hand.
// Usage: node bench/codec-cpu.mjs [path/to/pkg/node.js ...] — each package is measured back to
// back with the peer; best of 7 rounds of 20,000 calls after a warm-up, in process CPU time.
import { KEYSET, DDB_LEK } from "./workloads.mjs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const pkgs = process.argv.slice(2);
if (pkgs.length === 0) pkgs.push("pkg/node.js");
const mods = [];
for (const p of pkgs) mods.push([p, await import(pathToFileURL(path.resolve(p)).href)]);
const b64 = { encode: (s) => Buffer.from(s).toString("base64url"), decode: (s) => Buffer.from(s, "base64url").toString() };
const N = 20000;

function cpu(fn) {
  const t = process.cpuUsage();
  for (let i = 0; i < N; i++) fn();
  const d = process.cpuUsage(t);
  return ((d.user + d.system) * 1000) / N; // ns per call
}
function best(fn) {
  for (let i = 0; i < 3; i++) cpu(fn);
  let b = Infinity;
  for (let r = 0; r < 7; r++) b = Math.min(b, cpu(fn));
  return b;
}
for (const [label, value] of [["keyset", KEYSET], ["ddb", DDB_LEK]]) {
  const peerFn = () => JSON.parse(b64.decode(b64.encode(JSON.stringify(value))));
  for (const [p, pc] of mods) {
    const ours = best(() => pc.decodeCursor(pc.encodeCursor(value)));
    const peer = best(peerFn);
    console.log(`${label.padEnd(7)} ${p.padEnd(22)} ours ${ours.toFixed(0).padStart(6)} ns  peer ${peer.toFixed(0).padStart(6)} ns  ratio ${(peer / ours).toFixed(2)}x`);
  }
}
