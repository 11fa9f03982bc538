// node scripts/without-externref.mjs MODULE.wasm
//
// Takes `reference-types` out of the module's `target_features` section, in place, so that
// wasm-bindgen binds JS values through the JS-side table of its glue instead of a wasm
// `externref` table with a shim around every export and import that takes one.
//
// It goes with `-C target-feature=-reference-types` (scripts/build.sh), which makes the
// wasm-bindgen crate compile its JS-table code (its build script reads the target features)
// but cannot make the linker drop the feature from this section: the linker writes into it the
// features of every object it links, including the precompiled `core` and `alloc`, which are
// built with reference types, and only `-Zbuild-std` (nightly) rebuilds those. wasm-bindgen
// decides from this section alone, so without the edit it would rewrite the JS-table code for
// an `externref` table. Measured (bench/README.md, "What was tried"): wasm −1.9 KB gzip, glue
// +0.3 KB.
import { readFileSync, writeFileSync } from "node:fs";
import { leb, nameBytes, readLeb, readName, rewriteSections } from "./wasm-sections.mjs";

const DROP = "reference-types";
const file = process.argv[2];
if (!file) throw new Error("usage: node scripts/without-externref.mjs MODULE.wasm");
const bytes = readFileSync(file);

let edited = false;
const out = rewriteSections(bytes, (id, body) => {
  if (id !== 0) return undefined;
  const [section, at] = readName(bytes, body);
  if (section !== "target_features") return undefined;
  let [count, p] = readLeb(bytes, at);
  const kept = [];
  while (count-- > 0) {
    const prefix = bytes[p];
    const [feature, next] = readName(bytes, p + 1);
    p = next;
    if (feature !== DROP) kept.push(Buffer.concat([Buffer.from([prefix]), nameBytes(feature)]));
  }
  edited = true;
  return Buffer.concat([nameBytes("target_features"), leb(kept.length), ...kept]);
});
// Without the section wasm-bindgen guesses from the module's exports, and guesses externref.
if (!edited) throw new Error(`${file}: no target_features section (is the profile stripping it?)`);
writeFileSync(file, out);
