// Fails when the gzip -9 size of the full wasm module or of the client module (measured by
// scripts/size.mjs into .build/size.json) exceeds bench/size-budget.json "wasmGzipBytes" or
// "clientWasmGzipBytes". The per-import budgets,
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
const client = size.clientModule;
const line =
  `pagecursor_bg.wasm ${wasm.gzip} B gzip (${wasm.raw} B raw), budget ${budget.wasmGzipBytes} B; ` +
  `pagecursor_client_bg.wasm ${client?.gzip} B gzip (${client?.raw} B raw), budget ${budget.clientWasmGzipBytes} B; ` +
  `all shipped files one by one (the full module): ${size.gzip} B gzip`;
if (!(wasm.gzip <= budget.wasmGzipBytes) || !(client?.gzip <= budget.clientWasmGzipBytes)) {
  console.error(`size check failed: ${line}`);
  process.exit(1);
}
console.log(`size check ok: ${line}`);
