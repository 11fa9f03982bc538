// Paginator overhead in CPU time (steadier than wall-clock time on a loaded machine):
// 1,000 pages x 100 items from an in-memory async fetch, best of N rounds of
// `process.cpuUsage`, against a hand-written `while` loop.
//
//   node bench/paginate-cpu.mjs [pkgA/node.js] [pkgB/node.js] ...
//
// With several packages (e.g. an old build copied aside and the new pkg/node.js), they run
// back to back in every round, so machine load hits them alike. Default: ./pkg/node.js.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const PAGES = 1000;
const PER_PAGE = 100;
const ROUNDS = Number(process.env.ROUNDS ?? 9);

const pages = [];
for (let p = 0; p < PAGES; p++) {
  const Items = Array.from({ length: PER_PAGE }, (_, i) => ({ id: p * PER_PAGE + i }));
  pages.push({ Items, NextToken: p + 1 < PAGES ? `t${p + 1}` : undefined });
}
const fetchPage = async (token) => pages[token ? Number(token.slice(1)) : 0];

function check(n) {
  if (n !== PAGES * PER_PAGE) throw new Error(`walked ${n} items, expected ${PAGES * PER_PAGE}`);
}

async function loop() {
  let n = 0;
  let token;
  do {
    const page = await fetchPage(token);
    for (const item of page.Items) n += item.id >= 0 ? 1 : 0;
    token = page.NextToken;
  } while (token);
  check(n);
}

const paths = process.argv.slice(2);
if (paths.length === 0) paths.push("./pkg/node.js");
const runs = { "while loop": loop };
for (const p of paths) {
  const pc = await import(pathToFileURL(resolve(p)).href);
  runs[p] = async () => {
    let n = 0;
    for await (const page of pc.paginate(fetchPage, { preset: "aws", items: "Items" })) {
      for (const item of page.Items) n += item.id >= 0 ? 1 : 0;
    }
    check(n);
  };
}

async function cpu(fn) {
  const t = process.cpuUsage();
  await fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) * 1000; // ns
}

const best = Object.fromEntries(Object.keys(runs).map((k) => [k, Infinity]));
for (const fn of Object.values(runs)) await fn(); // warm up
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, fn] of Object.entries(runs)) {
    best[name] = Math.min(best[name], await cpu(fn));
  }
}
const base = best["while loop"] / PAGES;
console.log(`best of ${ROUNDS} rounds, CPU time per page (${PAGES} pages x ${PER_PAGE} items)`);
for (const [name, ns] of Object.entries(best)) {
  const perPage = ns / PAGES;
  const extra = name === "while loop" ? "" : `  (+${((perPage - base) / 1000).toFixed(2)} µs/page over the loop)`;
  console.log(`${name.padEnd(28)} ${(perPage / 1000).toFixed(2)} µs/page${extra}`);
}
