// The glue's base64url tested directly in headless Chromium: the checks of
// tests/js/base64-checks.mjs (every length 0..300 against a bit-by-bit reference and `btoa`,
// every token of tests/vectors) on a separate instance of the installed package's snippet,
// then the package itself minting and reading tokens of every length mod 3.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { consumerPage, ROOT } from "./harness.mjs";

const vectorTokens = () =>
  readdirSync(`${ROOT}tests/vectors`)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(`${ROOT}tests/vectors/${f}`, "utf8")).vectors.map((v) => v.token))
    .filter((t) => typeof t === "string");

const openConsumer = consumerPage("/checks/");

test("the glue's base64url in Chromium: the reference and btoa for every length 0..300, every vector token", async () => {
  const snippets = `${ROOT}tests/js/node_modules/pagecursor/snippets`;
  const [hash] = readdirSync(snippets).filter((d) => existsSync(`${snippets}/${d}/js/value.js`));
  assert.ok(hash);
  const tokens = vectorTokens();
  assert.ok(tokens.length > 100);
  const { page, problems } = await openConsumer();
  const result = await page.evaluate(
    async ([hash, tokens]) => {
      const snippet = await import(`/node_modules/pagecursor/snippets/${hash}/js/value.js?direct`);
      const { runBase64Checks } = await import("/checks/base64-checks.mjs");
      const btoaUrl = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      const failures = runBase64Checks(snippet, tokens, btoaUrl);
      const { encodeCursor, decodeCursor, CursorCodec } = await import("pagecursor");
      const codec = new CursorCodec({ maxLength: 20000 });
      for (const n of [0, 1, 2, 3, 61, 62, 63, 3000, 3077, 9999]) {
        const b = new Uint8Array(n).fill(0xfb);
        const token = n > 3000 ? codec.encode({ b }) : encodeCursor({ b });
        const back = (n > 3000 ? codec.decode(token) : decodeCursor(token)).value.b;
        if (!/^[A-Za-z0-9_-]+$/.test(token) || back.length !== n || back.some((x) => x !== 0xfb)) failures.push(`round trip of ${n} bytes`);
      }
      return failures;
    },
    [hash, tokens],
  );
  assert.deepEqual(result, []);
  assert.deepEqual(problems, []);
  await page.close();
});
