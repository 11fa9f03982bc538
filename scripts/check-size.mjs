// Fails when the gzip size of what a browser downloads (measured by scripts/size.mjs into
// .build/size.json) exceeds the budget in bench/size-budget.json. The budget only goes down.
import { readFileSync } from "node:fs";

const size = JSON.parse(readFileSync(new URL("../.build/size.json", import.meta.url)));
const budget = JSON.parse(readFileSync(new URL("../bench/size-budget.json", import.meta.url)));
const line = `shipped ${size.gzip} B gzip (${size.raw} B raw); budget ${budget.gzipBytes} B gzip`;
if (size.gzip > budget.gzipBytes) {
  console.error(`size check failed: ${line}`);
  process.exit(1);
}
console.log(`size check ok: ${line}`);
