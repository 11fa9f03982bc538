// Where the client module's bytes go, by crate and by folder: `twiggy top` of the module as
// wasm-bindgen writes it (names kept, before wasm-opt), each function counted under the crate
// and the module path its symbol names. A generic function instantiated for a type of another
// crate (`<pagecursor::X as core::Y>::f`) counts under the crate of its first path. Sizes are
// raw bytes before wasm-opt, so they add up to more than the shipped module; they show shares.
//   node bench/wasm-split.mjs [target/client-bindgen/pagecursor_bg.wasm]
// (after scripts/build.sh; twiggy: `cargo install twiggy`)
import { execFileSync } from "node:child_process";

const file = process.argv[2] ?? "target/client-bindgen/pagecursor_bg.wasm";
const rows = JSON.parse(execFileSync("twiggy", ["top", "-n", "1000000", "-f", "json", file], { encoding: "utf8", maxBuffer: 1 << 28 }));

// The first Rust path of a symbol, without generic arguments and the hash: `a::b::c`.
function pathOf(name) {
  const m = /^<?\s*([A-Za-z_][\w]*(?:::[A-Za-z_][\w]*)*)/.exec(name);
  return m ? m[1].replace(/::h[0-9a-f]{16}$/, "") : undefined;
}

const OUR = new Set(["pagecursor", "pagecursor_wasm"]);
const byCrate = new Map();
const byFolder = new Map();
const add = (map, key, n) => map.set(key, (map.get(key) ?? 0) + n);
let total = 0;
for (const { name, shallow_size: n } of rows) {
  if (/subsection|custom section/.test(name)) continue; // names and producers: not code
  total += n;
  if (name.startsWith("data segment")) {
    add(byCrate, "data (.rodata, .data)", n);
    continue;
  }
  const path = pathOf(name);
  const crate = path?.split("::")[0];
  if (!crate || !/^[a-z_][a-z0-9_]*$/.test(crate) || path === crate) {
    add(byCrate, "other (glue, tables, unnamed)", n);
    continue;
  }
  add(byCrate, crate, n);
  if (OUR.has(crate)) add(byFolder, path.split("::").slice(0, 2).join("::"), n);
}

const table = (title, map) => {
  console.log(`\n| ${title} | bytes | share |\n|---|---|---|`);
  for (const [k, n] of [...map].sort((a, b) => b[1] - a[1])) console.log(`| ${k} | ${n.toLocaleString("en")} | ${((100 * n) / total).toFixed(1)} % |`);
};
console.log(`${file}: ${total.toLocaleString("en")} bytes of code and data (twiggy, before wasm-opt)`);
table("crate", byCrate);
table("folder (the two crates of this workspace)", byFolder);
