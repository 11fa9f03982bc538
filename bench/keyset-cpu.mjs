// CPU time of paginateKeyset over in-memory rows, which sorts every row on each call: 100 and
// 10,000 shuffled rows keyed by an integer and a string (compared key by key, the sort's cost).
// Usage: node bench/keyset-cpu.mjs [path/to/pkg/node.js ...] (default pkg/node.js). 7 rounds;
// in every round each package runs back to back (so a busy machine slows all of them alike);
// the best round of each is reported, in process CPU time (user + system) per call.
import { pathToFileURL } from "node:url";
import path from "node:path";

const pkgs = process.argv.slice(2);
if (pkgs.length === 0) pkgs.push("pkg/node.js");
const mods = [];
for (const p of pkgs) mods.push([p, await import(pathToFileURL(path.resolve(p)).href)]);

for (const n of [100, 10000]) {
  const rows = Array.from({ length: n }, (_, i) => ({ createdAt: (i * 7919) % n, id: "r" + ((i * 104729) % n) }));
  const calls = Math.max(3, Math.round(200000 / n));
  const best = mods.map(() => Infinity);
  for (let round = 0; round < 7; round++) {
    mods.forEach(([, pc], k) => {
      const t = process.cpuUsage();
      for (let c = 0; c < calls; c++) pc.paginateKeyset(rows, { keys: ["createdAt", "id"], limit: 20 });
      const d = process.cpuUsage(t);
      best[k] = Math.min(best[k], ((d.user + d.system) * 1000) / calls);
    });
  }
  mods.forEach(([p], k) => console.log(`${n} rows`.padEnd(11), p.padEnd(28), `${(best[k] / 1000).toFixed(0)} µs`));
}
