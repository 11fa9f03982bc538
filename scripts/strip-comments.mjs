// Drops whole-line comments (`// …` lines and `/** … */` blocks) and the indentation of code
// lines from the generated JS that
// browsers download: the wasm-bindgen glue (it copies every `///` doc of the Rust exports into
// JSDoc) and the snippets it copies from src/wasm/*.js. Users get types and docs from the
// hand-written pkg/index.d.ts, so the comments only cost bytes (about 6 KB gzip; indentation
// another 0.5 KB). Run by
// scripts/build.sh after wasm-bindgen:
//   node scripts/strip-comments.mjs pkg/pagecursor.js pkg/snippets/…/x.js …
//
// Deliberately not a minifier: code lines are kept byte for byte after their indentation. The
// ways this could change behaviour are a line inside a multi-line template literal or a string
// continued with a trailing backslash, so a file whose code has a line with an odd number of
// backticks or ending in a backslash is refused (the build fails) rather than guessed at.
import { readFileSync, writeFileSync } from "node:fs";

for (const file of process.argv.slice(2)) {
  const kept = [];
  let inBlock = false;
  for (const [i, line] of readFileSync(file, "utf8").split("\n").entries()) {
    if (inBlock) {
      if (/^\s*\*\/\s*$/.test(line)) inBlock = false;
      else if (line.includes("*/")) fail(file, i, "a block comment that ends mid-line");
      continue;
    }
    if (/^\s*\/\*\*?\s*$/.test(line)) {
      inBlock = true;
      continue;
    }
    if (/^\s*\/\*.*\*\/\s*$/.test(line) && !line.slice(line.indexOf("/*") + 2, -2).includes("*/")) continue;
    if (/^\s*\/\//.test(line)) continue;
    if ((line.match(/`/g) ?? []).length % 2 === 1) fail(file, i, "a multi-line template literal");
    if (line.endsWith("\\")) fail(file, i, "a line continued with a backslash");
    const code = line.trimStart();
    if (code) kept.push(code);
  }
  if (inBlock) fail(file, -1, "an unterminated block comment");
  writeFileSync(file, kept.join("\n"));
}

function fail(file, i, what) {
  console.error(`strip-comments: ${file}:${i + 1}: ${what}; not stripping it by line`);
  process.exit(1);
}
