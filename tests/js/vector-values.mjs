// The typed JSON values of tests/vectors/*.json as JS CursorValues, and the strict equality
// of CursorValues that every vector check uses (Node suites; shared so each test file does not
// carry its own copy).
import assert from "node:assert/strict";

export const unhex = (h) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));

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

