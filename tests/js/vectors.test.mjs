// The format v1 test vectors (tests/vectors/*.json), checked through the npm package exactly
// as a consumer imports it. Plain and signed tokens are also re-minted and compared byte for
// byte; sealed ones only decoded (the JS API draws a fresh random nonce, by design).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { CursorCodec, CursorError } from "pagecursor";

// Beside this file in the repository; PAGECURSOR_VECTORS or ./tests/vectors when the tests
// run from a copy.
const dir = [
  process.env.PAGECURSOR_VECTORS && pathToFileURL(process.env.PAGECURSOR_VECTORS.replace(/\/?$/, "/")),
  new URL("../vectors/", import.meta.url),
  pathToFileURL(`${process.cwd()}/tests/vectors/`),
].find((u) => u && existsSync(u));
if (!dir) throw new Error("tests/vectors not found: set PAGECURSOR_VECTORS");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

const unhex = (h) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));

/** Typed JSON of the vector files -> a JS CursorValue. */
export function fromTyped(j) {
  switch (j.t) {
    case "null": return null;
    case "bool": return j.v;
    case "number": {
      const view = new DataView(new ArrayBuffer(8));
      view.setBigUint64(0, BigInt("0x" + j.bits));
      return view.getFloat64(0);
    }
    case "bigint": return BigInt(j.v);
    case "string": return j.v;
    case "bytes": return unhex(j.hex);
    case "date": return new Date(Number(j.ms));
    case "list": return j.v.map(fromTyped);
    case "map": {
      const o = {};
      for (const [k, v] of j.v) {
        Object.defineProperty(o, k, { value: fromTyped(v), enumerable: true, writable: true, configurable: true });
      }
      return o;
    }
    default: throw new Error(`unknown typed value ${j.t}`);
  }
}

/** Strict equality of CursorValues: types, -0, NaN, key order, bytes, dates. */
export function assertSameValue(got, want, path = "value") {
  if (typeof want === "number") {
    assert.equal(typeof got, "number", `${path} is a number`);
    assert.ok(Object.is(got, want), `${path}: ${got} vs ${want}`);
  } else if (want === null || typeof want !== "object") {
    assert.equal(typeof got, typeof want, `${path} type`);
    assert.equal(got, want, path);
  } else if (want instanceof Date) {
    assert.ok(got instanceof Date, `${path} is a Date`);
    assert.equal(got.getTime(), want.getTime(), path);
  } else if (want instanceof Uint8Array) {
    assert.ok(got instanceof Uint8Array, `${path} is a Uint8Array`);
    assert.deepEqual([...got], [...want], path);
  } else if (Array.isArray(want)) {
    assert.ok(Array.isArray(got), `${path} is an array`);
    assert.equal(got.length, want.length, `${path} length`);
    want.forEach((w, i) => assertSameValue(got[i], w, `${path}[${i}]`));
  } else {
    assert.equal(Object.getPrototypeOf(got), Object.prototype, `${path} is a plain object`);
    assert.deepEqual(Object.keys(got), Object.keys(want), `${path} keys in order`);
    for (const k of Object.keys(want)) assertSameValue(got[k], want[k], `${path}.${k}`);
  }
}

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
