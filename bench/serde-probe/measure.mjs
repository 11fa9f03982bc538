// Part of bench/serde-probe/run.sh: sizes of the probe's module with and without its serde
// exports, then the same values through the package's converter (encodeCursor/decodeCursor)
// and serde-wasm-bindgen's (serdeEncode/serdeDecode) in one instance of the serde build: what
// comes back, and CPU time per call (best of 7 rounds of 20,000 calls, both in every round).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { isDeepStrictEqual } from "node:util";

const out = process.argv[2];
const size = (variant, file) => {
  const bytes = readFileSync(`${out}/${variant}/${file}`);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const plain = size("plain", "probe_bg.wasm");
const serde = size("serde", "probe_bg.wasm");
console.log(`module without the serde exports: ${plain.raw} B, ${plain.gzip} B gzip`);
console.log(`module with them:                 ${serde.raw} B, ${serde.gzip} B gzip`);
console.log(`serde-wasm-bindgen adds:          ${serde.raw - plain.raw} B, ${serde.gzip - plain.gzip} B gzip`);
const glue = size("serde", "probe.js");
console.log(`(its glue: ${glue.raw} B, ${glue.gzip} B gzip)`);

const probe = await import(`${out}/serde/probe.js`);
probe.initSync({ module: readFileSync(`${out}/serde/probe_bg.wasm`) });

// What a cursor carries, and the hostile values a converter meets (docs/security.md).
let getterRuns = 0;
const cases = [
  ["keyset of strings", { createdAt: "2026-11-30T12:34:56.789Z", id: "ord_01HZX3K7Q9V2B8N4M6P0R5T1WY" }],
  ["DynamoDB key", { PK: { S: "USER#8f3a2c" }, SK: { S: "ORDER#2026-11-30#ord_01HZX3K7Q9" } }],
  ["a Date", { at: new Date(1_700_000_000_123) }],
  ["an integral number", { n: 42 }],
  ["a small bigint", { n: 42n }],
  ["a bigint above 2^53", { n: 2n ** 60n }],
  ["-0", { n: -0 }],
  ["NaN", { n: NaN }],
  ["bytes", { b: new Uint8Array([1, 2, 255]) }],
  ["a lone surrogate", { s: "a\uD800b" }],
  ["undefined in a map", { a: undefined }],
  ["a Map", new Map([["a", 1]])],
  ["a class instance", new (class Point { constructor() { this.x = 1; } })()],
  ["a getter (read how often?)", { get g() { getterRuns++; return "x"; } }],
  ["a getter that throws", { get g() { throw new Error("from a getter"); } }],
  ["null", { n: null }],
  // Last: serde-wasm-bindgen recurses until the wasm stack overflows, which traps and leaves
  // the instance unusable (checked after the table).
  ["a cycle", (() => { const o = { a: 1 }; o.self = o; return o; })()],
];
const show = (v) => {
  if (v === undefined) return "undefined";
  if (typeof v === "bigint") return `${v}n`;
  if (Object.is(v, -0)) return "-0";
  if (v instanceof Date) return `Date(${v.getTime()})`;
  if (v instanceof Uint8Array) return `Uint8Array[${v}]`;
  if (typeof v === "string") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(show).join(", ")}]`;
  if (v && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${k}: ${show(x)}`).join(", ")}}`;
  return String(v);
};
const run = (fn) => {
  try {
    return { value: fn() };
  } catch (err) {
    return { error: `${err?.name ?? "Error"}: ${String(err?.message).slice(0, 60)}` };
  }
};
const N = 20000;
const cpu = (fn) => {
  const t = process.cpuUsage();
  for (let i = 0; i < N; i++) fn();
  const d = process.cpuUsage(t);
  return ((d.user + d.system) * 1000) / N;
};
console.log("\n| workload | encodeCursor | serdeEncode | decodeCursor | serdeDecode |\n|---|--:|--:|--:|--:|");
for (const [name, value] of cases.slice(0, 2)) {
  const token = probe.encodeCursor(value, undefined);
  const runs = [
    () => probe.encodeCursor(value, undefined),
    () => probe.serdeEncode(value),
    () => probe.decodeCursor(token, undefined),
    () => probe.serdeDecode(token),
  ];
  const best = runs.map(() => Infinity);
  for (let r = 0; r < 10; r++) runs.forEach((fn, i) => (best[i] = Math.min(best[i], cpu(fn))));
  console.log(`| ${name} | ${best.map((ns) => `${ns.toFixed(0)} ns`).join(" | ")} |`);
}

console.log("\n| value | encodeCursor, decodeCursor | serde-wasm-bindgen |\n|---|---|---|");
for (const [name, value] of cases) {
  getterRuns = 0;
  const ours = run(() => probe.decodeCursor(probe.encodeCursor(value, undefined), undefined).value);
  const oursReads = getterRuns;
  getterRuns = 0;
  const theirs = run(() => probe.serdeDecode(probe.serdeEncode(value)));
  const cell = (r, reads) => {
    if (r.error) return `refused (${r.error})`;
    const text = show(r.value) + (name.startsWith("a getter (") ? `, getter run ${reads}x` : "");
    return isDeepStrictEqual(r.value, value) ? `exact: ${text}` : `**changed**: ${text}`;
  };
  console.log(`| ${name} | ${cell(ours, oursReads)} | ${cell(theirs, getterRuns)} |`);
}

const after = run(() => probe.encodeCursor({ id: 1 }, undefined));
console.log(`\nAfter the cycle, encodeCursor({ id: 1 }) in the same instance: ${after.error ?? "works"}`);
