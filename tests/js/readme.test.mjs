// Every ```js block of README.md runs as its own module against the installed package, so the
// README cannot drift from the API (one test per code block).
import { test } from "node:test";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
// Modules are written inside tests/js so that `import … from "pagecursor"` resolves to the
// tarball installed in tests/js/node_modules.
const dir = mkdtempSync(join(new URL(".", import.meta.url).pathname, ".readme-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));

test("README has JS examples", (t) => {
  if (blocks.length === 0) t.assert.fail("no ```js block in README.md");
});

blocks.forEach((code, i) => {
  const firstLine = code.split("\n").find((l) => l.trim() && !l.startsWith("import")) ?? "";
  test(`README example ${i + 1}: ${firstLine.slice(0, 60)}`, async () => {
    const file = join(dir, `example-${i + 1}.mjs`);
    writeFileSync(file, code);
    await import(file);
  });
});
