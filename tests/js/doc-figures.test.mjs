// scripts/doc-figures.mjs, which writes the docs' size figures from the build and checks them
// in the test command (scripts/test.d/size.sh): it must find a stale figure, keep each
// figure's unit and decimals, and refuse what it cannot measure. The docs' own figures are
// checked by that step, after the per-import sizes exist.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { figures, measure, DOCS } from "../../scripts/doc-figures.mjs";

const ROOT = new URL("../../", import.meta.url);
// A build's measurements, by description.
const BUILD = { "module client gzip": 55_576, "module server raw": 186_308, "import client js": 19_595 };
const fake = (what) => {
  if (!(what.trim() in BUILD)) throw new Error(`unknown ${what}`);
  return BUILD[what.trim()];
};

test("a figure of this build passes and is written back unchanged", () => {
  const text = "the client module, <!--size module client gzip-->55,576 B, loads first";
  const { found, rewritten } = figures(text, fake);
  assert.equal(found.length, 1);
  assert.equal(found[0].stale, false);
  assert.equal(rewritten, text);
});

test("a figure of an earlier build is stale, and --write puts this build's in its place", () => {
  const { found, rewritten } = figures("<!--size module client gzip-->58,612 B", fake);
  assert.equal(found[0].stale, true);
  assert.equal(found[0].expected, "55,576 B");
  assert.equal(rewritten, "<!--size module client gzip-->55,576 B");
});

test("within 0.2 % a figure passes (another machine's toolchain), beyond it not", () => {
  assert.equal(figures("<!--size module client gzip-->55,650 B", fake).found[0].stale, false);
  assert.equal(figures("<!--size module client gzip-->55,700 B", fake).found[0].stale, true);
});

test("KB figures keep their decimals and may be off by their rounding", () => {
  const { found, rewritten } = figures(
    "<!--size module server raw-->186 KB, <!--size module client gzip-->55.6 KB, about <!--size import client js-->20 KB",
    fake,
  );
  assert.deepEqual(found.map((f) => f.stale), [false, false, false]);
  assert.equal(rewritten, "<!--size module server raw-->186 KB, <!--size module client gzip-->55.6 KB, about <!--size import client js-->20 KB");
  assert.equal(figures("<!--size module client gzip-->55.9 KB", fake).found[0].stale, true);
  assert.equal(figures("<!--size module client gzip-->58 KB", fake).found[0].stale, true);
});

test("a text without marks has no figures; an unknown description is an error", () => {
  assert.equal(figures("55,576 B without a mark", fake).found.length, 0);
  assert.throws(() => figures("<!--size module nothing gzip-->1 B", fake), /unknown/);
  assert.throws(() => measure("modules client gzip"), /unknown figure/);
  assert.throws(() => measure("module client brotli"), /raw or gzip/);
});

test("measure reads the shipped files as scripts/size.mjs does", () => {
  const wasm = readFileSync(new URL("pkg/pagecursor_client_bg.wasm", ROOT));
  assert.equal(measure("module client raw"), wasm.length);
  assert.equal(measure("module client gzip"), gzipSync(wasm, { level: 9 }).length);
  const budget = JSON.parse(readFileSync(new URL("bench/size-budget.json", ROOT), "utf8"));
  assert.equal(measure("budget import client"), budget.perImport.client.gzipBytes);
  assert.equal(measure("goal import plain"), budget.perImport.plain.goalGzipBytes);
  assert.equal(measure("budget module full"), budget.wasmGzipBytes);
});

test("every document it checks has marked figures", () => {
  for (const doc of DOCS) {
    const text = readFileSync(new URL(doc, ROOT), "utf8");
    assert.match(text, /<!--size [^>]+-->\d/, doc);
  }
});
