// CPU time of plain encode+decode (issue #7): pagecursor vs JSON + Buffer base64url by hand, and
// of signed mint+verify vs Node's createHmac + timingSafeEqual.
// Usage: node bench/codec-cpu.mjs [path/to/pkg/node.js ...] (default pkg/node.js). After a
// warm-up, 7 rounds of 20,000 calls each; in every round each package and the peer run back
// to back (so a busy machine slows all of them alike); the best round of each is reported, in
// process CPU time (user + system) per encode+decode.
import { KEYSET, DDB_LEK, KEYSET_STRINGS, DDB_KEY, SECRET } from "./workloads.mjs";
import { b64url as b64, hmacRoundTrip } from "./node-peers.mjs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const pkgs = process.argv.slice(2);
if (pkgs.length === 0) pkgs.push("pkg/node.js");
const N = 20000;

function cpu(fn) {
  const t = process.cpuUsage();
  for (let i = 0; i < N; i++) fn();
  const d = process.cpuUsage(t);
  return ((d.user + d.system) * 1000) / N; // ns per call
}

const mods = [];
for (const p of pkgs) mods.push([p, await import(pathToFileURL(path.resolve(p)).href)]);
const workloads = [
  ["keyset", "peer (JSON + Buffer base64url)", () => JSON.parse(b64.decode(b64.encode(JSON.stringify(KEYSET)))), (pc) => () => pc.decodeCursor(pc.encodeCursor(KEYSET))],
  ["ddb", "peer (JSON + Buffer base64url)", () => JSON.parse(b64.decode(b64.encode(JSON.stringify(DDB_LEK)))), (pc) => () => pc.decodeCursor(pc.encodeCursor(DDB_LEK))],
  ["strings", "peer (JSON + Buffer base64url)", () => JSON.parse(b64.decode(b64.encode(JSON.stringify(KEYSET_STRINGS)))), (pc) => () => pc.decodeCursor(pc.encodeCursor(KEYSET_STRINGS))],
  ["ddb-key", "peer (JSON + Buffer base64url)", () => JSON.parse(b64.decode(b64.encode(JSON.stringify(DDB_KEY)))), (pc) => () => pc.decodeCursor(pc.encodeCursor(DDB_KEY))],
  ["signed", "peer (Node createHmac)", hmacRoundTrip(SECRET, KEYSET), (pc) => {
    const codec = new pc.CursorCodec({ keys: [{ id: "k1", secret: SECRET }] });
    return () => codec.decode(codec.encode(KEYSET));
  }],
];
for (const [label, peerName, peer, make] of workloads) {
  const runs = [[peerName, peer], ...mods.map(([p, pc]) => [p, make(pc)])];
  const best = runs.map(() => Infinity);
  for (let w = 0; w < 3; w++) for (const [, fn] of runs) cpu(fn);
  for (let r = 0; r < 7; r++) runs.forEach(([, fn], i) => (best[i] = Math.min(best[i], cpu(fn))));
  runs.forEach(([name], i) => {
    const ratio = i === 0 ? "" : `  ratio vs peer ${(best[0] / best[i]).toFixed(2)}x`;
    console.log(`${label.padEnd(8)} ${name.padEnd(32)} ${best[i].toFixed(0).padStart(6)} ns${ratio}`);
  });
}
