// The format v1 test vectors (tests/vectors/*.json), checked through the npm package exactly
// as a consumer imports it. Plain and signed tokens are also re-minted and compared byte for
// byte; sealed ones only decoded (the JS API draws a fresh random nonce, by design).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { CursorCodec, CursorError } from "pagecursor";
import { assertSameValue, fromTyped, unhex } from "./vector-values.mjs";

// Beside this file in the repository; PAGECURSOR_VECTORS or ./tests/vectors when the tests
// run from a copy.
const dir = [
  process.env.PAGECURSOR_VECTORS && pathToFileURL(process.env.PAGECURSOR_VECTORS.replace(/\/?$/, "/")),
  new URL("../vectors/", import.meta.url),
  pathToFileURL(`${process.cwd()}/tests/vectors/`),
].find((u) => u && existsSync(u));
if (!dir) throw new Error("tests/vectors not found: set PAGECURSOR_VECTORS");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

let clock = 0;
function codecFrom(spec) {
  const options = { now: () => clock };
  if (spec.keys) options.keys = spec.keys.map((k) => ({ id: k.id, secret: unhex(k.secret_hex) }));
  for (const key of ["mode", "ttl", "maxLength", "padding"]) if (spec[key] !== undefined) options[key] = spec[key];
  return new CursorCodec(options);
}

function encodeOptions(spec) {
  const o = {};
  if (spec.direction) o.direction = spec.direction;
  if (spec.scope) o.scope = fromTyped(spec.scope);
  if (spec.segment) o.segment = spec.segment;
  if (spec.ttl !== undefined) o.ttl = spec.ttl;
  return o;
}

function checkCursor(cursor, want) {
  assertSameValue(cursor.value, fromTyped(want.value));
  assert.equal(cursor.direction, want.direction);
  assert.equal(cursor.keyId, want.keyId);
  assert.equal(cursor.issuedAt?.getTime(), want.issuedAtMs === undefined ? undefined : Number(want.issuedAtMs));
  assert.equal(cursor.expiresAt?.getTime(), want.expiresAtMs === undefined ? undefined : Number(want.expiresAtMs));
  assert.deepEqual(cursor.segment, want.segment);
  for (const k of ["issuedAt", "expiresAt", "keyId", "segment"]) {
    if (cursor[k] === undefined) assert.ok(!Object.hasOwn(cursor, k) || cursor[k] === undefined);
    assert.notEqual(cursor[k], null, `${k} is never null`);
  }
}

for (const file of files) {
  const { vectors } = JSON.parse(readFileSync(new URL(file, dir), "utf8"));
  test(`vectors: ${file} (${vectors.length})`, () => {
    assert.ok(vectors.length > 0);
    for (const v of vectors) {
      const label = `${file}: ${v.name}`;
      const codec = codecFrom(v.codec);
      if (v.expect.encodeError) {
        assert.throws(() => codec.encode(fromTyped(v.value), encodeOptions(v.encode)),
          (e) => e instanceof CursorError && e.code === v.expect.encodeError, label);
        continue;
      }
      clock = Number(v.decode.nowMs);
      const options = v.decode.scope ? { scope: fromTyped(v.decode.scope) } : {};
      if (v.expect.error) {
        assert.throws(() => codec.decode(v.token, options),
          (e) => e instanceof CursorError && e.code === v.expect.error, label);
        continue;
      }
      checkCursor(codec.decode(v.token, options), v.expect.cursor);
      if (v.encode && !v.encode.nonce_hex) {
        clock = Number(v.encode.nowMs ?? 0);
        const minter = v.mintCodec ? codecFrom(v.mintCodec) : codec;
        assert.equal(minter.encode(fromTyped(v.value), encodeOptions(v.encode)), v.token, label);
      }
    }
  });
}
