// Fails when the gzip -9 size of the full wasm module or of a smaller one (measured by
// scripts/size.mjs into .build/size.json) exceeds bench/size-budget.json "wasmGzipBytes" or its
// "moduleGzipBytes". The per-import budgets,
// measured from real Vite builds in Chromium, are checked by scripts/test.d/size.sh. Budgets
// only go down.
import { readFileSync } from "node:fs";

const size = JSON.parse(readFileSync(new URL("../.build/size.json", import.meta.url)));
const budget = JSON.parse(readFileSync(new URL("../bench/size-budget.json", import.meta.url)));
const wasm = size.files.find((f) => f.file === "pagecursor_bg.wasm");
if (!wasm) {
  console.error("size check failed: .build/size.json has no pagecursor_bg.wasm");
  process.exit(1);
}
// The smaller modules: bench/size-budget.json "moduleGzipBytes" per module.
const over = [];
const parts = [`pagecursor_bg.wasm ${wasm.gzip} B gzip (${wasm.raw} B raw), budget ${budget.wasmGzipBytes} B`];
if (!(wasm.gzip <= budget.wasmGzipBytes)) over.push("pagecursor_bg.wasm");
for (const name of ["client", "keyed", "codec"]) {
  const m = size.modules?.find((x) => x.name === name);
  const limit = budget.moduleGzipBytes?.[name];
  parts.push(`${m?.file ?? name} ${m?.gzip} B gzip, budget ${limit} B`);
  if (!(m?.gzip <= limit)) over.push(name);
}
const line = `${parts.join("; ")}; all shipped files one by one (the full module): ${size.gzip} B gzip`;
if (over.length) {
  console.error(`size check failed (${over.join(", ")}): ${line}`);
  process.exit(1);
}
console.log(`size check ok: ${line}`);
