// Paginator overhead, one build against another: 1,000 pages x 100 items from an in-memory
// async fetch (the `paginatorOverhead` workload of bench/workloads.mjs), against a
// hand-written `while` loop. In Node it reports CPU time (`process.cpuUsage`, best round:
// steadier than wall-clock time on a loaded machine) and wall-clock time (median and best
// round); in headless Chromium (`--chromium`) wall-clock time.
//
//   node bench/paginate-cpu.mjs [pkgA/node.js] [pkgB/node.js] ...
//   node bench/paginate-cpu.mjs --chromium [pkgA] [pkgB] ...     (package folders)
//
// With several packages (e.g. an old build copied aside and the new pkg/node.js), they run
// back to back in every round, so machine load hits them alike. Default: ./pkg/node.js (./pkg
// with --chromium). ROUNDS=n sets the rounds (default 9). The page of `--chromium` imports
// this file too: it then only exports `measure`.

import { fetchFrom, makePages, pagecursorWalk, whileLoop } from "./workloads.mjs";
import { stats, warmUp } from "./measure.mjs";

const PAGES = 1000;
const PER_PAGE = 100;

function check(n) {
  if (n !== PAGES * PER_PAGE) throw new Error(`walked ${n} items, expected ${PAGES * PER_PAGE}`);
}

/**
 * Runs the loop and a walk of every package (`{ name: module }`) `rounds` times, interleaved,
 * and returns lines of text. `cpuNs()` (optional) reads the process CPU time in ns.
 */
export async function measure(packages, rounds, cpuNs) {
  const fetchPage = fetchFrom(makePages(PAGES, PER_PAGE));
  const runs = {
    "while loop": whileLoop(fetchPage, check),
  };
  for (const [name, pc] of Object.entries(packages)) runs[name] = pagecursorWalk(pc, fetchPage, check);
  const cpu = Object.fromEntries(Object.keys(runs).map((k) => [k, Infinity]));
  const wall = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  // Warm up >= 300 ms each, as bench/measure.mjs `compareRuns` does.
  for (const fn of Object.values(runs)) await warmUp(fn, 300);
  for (let r = 0; r < rounds; r++) {
    for (const [name, fn] of Object.entries(runs)) {
      const c0 = cpuNs?.();
      const t0 = performance.now();
      await fn();
      wall[name].push((performance.now() - t0) * 1e6);
      if (cpuNs) cpu[name] = Math.min(cpu[name], cpuNs() - c0);
    }
  }
  const us = (ns) => (ns / PAGES / 1000).toFixed(2);
  const over = (ns, base) => `${ns >= base ? "+" : ""}${us(ns - base)}`;
  const lines = [`${rounds} rounds, µs per page (${PAGES} pages x ${PER_PAGE} items); over the loop in ()`];
  const { median: wallBase, min: bestBase } = stats(wall["while loop"]);
  for (const name of Object.keys(runs)) {
    const { median: med, min: best } = stats(wall[name]);
    let line = `${name.padEnd(28)} wall median ${us(med)} (${over(med, wallBase)}), best ${us(best)} (${over(best, bestBase)})`;
    if (cpuNs) line += `   CPU best ${us(cpu[name])} (${over(cpu[name], cpu["while loop"])})`;
    lines.push(line);
  }
  return lines;
}

if (typeof process === "object" && typeof window === "undefined") {
  const { pathToFileURL } = await import("node:url");
  const { resolve, relative } = await import("node:path");
  const rounds = Number(process.env.ROUNDS ?? 9);
  const chromium = process.argv.includes("--chromium");
  const paths = process.argv.slice(2).filter((a) => a !== "--chromium");
  if (paths.length === 0) paths.push(chromium ? "./pkg" : "./pkg/node.js");
  if (!chromium) {
    const packages = {};
    for (const p of paths) packages[p] = await import(pathToFileURL(resolve(p)).href);
    const cpuNs = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) * 1000;
    };
    console.log((await measure(packages, rounds, cpuNs)).join("\n"));
  } else {
    const { serve } = await import("../scripts/serve.mjs");
    const { launch } = await import("../tests/browser/harness.mjs");
    const here = new URL(".", import.meta.url).pathname;
    const mounts = { "/bench/": here };
    paths.forEach((p, i) => (mounts[`/p${i}/`] = resolve(p)));
    const names = paths.map((p) => relative(".", resolve(p)) || ".");
    const page = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module">
      import { measure } from "/bench/paginate-cpu.mjs";
      const names = ${JSON.stringify(names)};
      const packages = {};
      for (let i = 0; i < names.length; i++) packages[names[i]] = await import("/p" + i + "/web.js");
      window.__lines = await measure(packages, ${rounds});
    </script>`;
    const { server, url } = await serve({
      mounts,
      route: (req, res, u) => {
        if (u.pathname !== "/run.html") return false;
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(page);
        return true;
      },
    });
    const browser = await launch();
    try {
      const tab = await browser.newPage();
      tab.on("pageerror", (e) => console.error("page error:", e.message));
      await tab.goto(`${url}run.html`);
      await tab.waitForFunction(() => window.__lines, null, { timeout: 600_000 });
      console.log(`chromium: ${(await tab.evaluate(() => window.__lines)).join("\n")}`);
    } finally {
      await browser.close();
      server.close();
    }
  }
}
