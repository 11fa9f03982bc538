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
// an `externref` table. Measured on the build that introduced this (bench/README.md, "Values
// without externref"): wasm −1.9 KB gzip, glue +0.3 KB.
import { readFileSync, writeFileSync } from "node:fs";

const DROP = "reference-types";
const file = process.argv[2];
if (!file) throw new Error("usage: node scripts/without-externref.mjs MODULE.wasm");
const bytes = readFileSync(file);

function readLeb(at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return [value, at];
  }
}
function leb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}
const name = (s) => Buffer.concat([leb(Buffer.byteLength(s)), Buffer.from(s)]);

const parts = [bytes.subarray(0, 8)];
let edited = false;
for (let at = 8; at < bytes.length; ) {
  const id = bytes[at];
  const [size, body] = readLeb(at + 1);
  const end = body + size;
  if (id === 0) {
    const [nameLength, nameAt] = readLeb(body);
    if (bytes.toString("utf8", nameAt, nameAt + nameLength) === "target_features") {
      let [count, p] = readLeb(nameAt + nameLength);
      const kept = [];
      while (count-- > 0) {
        const prefix = bytes[p];
        const [length, featureAt] = readLeb(p + 1);
        const feature = bytes.toString("utf8", featureAt, featureAt + length);
        p = featureAt + length;
        if (feature !== DROP) kept.push(Buffer.concat([Buffer.from([prefix]), name(feature)]));
      }
      const section = Buffer.concat([name("target_features"), leb(kept.length), ...kept]);
      parts.push(Buffer.from([0]), leb(section.length), section);
      edited = true;
      at = end;
      continue;
    }
  }
  parts.push(bytes.subarray(at, end));
  at = end;
}
// Without the section wasm-bindgen guesses from the module's exports, and guesses externref.
if (!edited) throw new Error(`${file}: no target_features section (is the profile stripping it?)`);
writeFileSync(file, Buffer.concat(parts));
