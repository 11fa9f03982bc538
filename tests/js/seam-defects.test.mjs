// What a hostile-input review found at the JS⇄wasm seam, through the installed package: a page's
// items are read once, when the page arrives (a caller that changes the array, or a Proxy list
// that answers differently, cannot change what is handed out or the cut copy of a page), and
// values that decode could not give back exactly (an Array subclass, an array with named
// properties) are refused at encode with unsupported_value.
import { test } from "node:test";
import assert from "node:assert/strict";
import { paginate, encodeCursor, CursorCodec, CursorError } from "pagecursor";

test("items are copied when the page arrives: changing the array while iterating changes nothing", async () => {
  const list = [1, 2, 3, 4];
  const p = paginate(async () => ({ items: list, next: null }), { items: "items", next: "next" });
  const got = [];
  for await (const x of p.items()) {
    got.push(x);
    list[1] = 99;
    list[3] = 98;
    list.push(97);
  }
  assert.deepEqual(got, [1, 2, 3, 4]);
  // The page consumer and toArray too.
  const again = [5, 6];
  const q = paginate(async () => ({ items: again, next: null }), { items: "items", next: "next", maxItems: 1 });
  const pages = [];
  for await (const page of q) {
    again[0] = 0;
    pages.push(page.items);
  }
  assert.deepEqual(pages, [[5]]);
});

test("a maxItems cut reads each item and the list's length once (a Proxy list, a Relay connection)", async () => {
  const reads = new Map();
  const count = (k) => reads.set(k, (reads.get(k) ?? 0) + 1);
  const list = new Proxy([1, 2, 3, 4, 5], {
    get(t, k, r) {
      count(String(k));
      // A list that answers once: a second read of anything throws.
      if (reads.get(String(k)) > 1) throw new Error(`read ${String(k)} twice`);
      return Reflect.get(t, k, r);
    },
  });
  const p = paginate(async () => ({ items: list, next: null }), { items: "items", next: "next", maxItems: 2 });
  const pages = [];
  for await (const page of p) pages.push(page.items);
  assert.deepEqual(pages, [[1, 2]]);
  assert.ok([...reads.values()].every((n) => n === 1), JSON.stringify([...reads]));

  reads.clear();
  const edges = new Proxy([{ node: "a" }, { node: "b" }, { node: "c" }], {
    get(t, k, r) {
      count(String(k));
      if (reads.get(String(k)) > 1) throw new Error(`read ${String(k)} twice`);
      return Reflect.get(t, k, r);
    },
  });
  const relay = paginate(async () => ({ edges, pageInfo: { endCursor: null, hasNextPage: false } }), { preset: "relay", maxItems: 2 });
  const cut = [];
  for await (const page of relay) cut.push(page.edges.map((e) => e.node));
  assert.deepEqual(cut, [["a", "b"]]);
  assert.ok([...reads.values()].every((n) => n === 1), JSON.stringify([...reads]));
});

test("an Array subclass and an array with named properties are unsupported_value (decode could not give them back)", () => {
  class Row extends Array {}
  const named = [1, 2];
  named.label = "x";
  const codec = new CursorCodec();
  for (const value of [Row.from([1, 2]), named, { nested: [named] }, [Row.of(1)]]) {
    for (const encode of [(v) => encodeCursor(v), (v) => codec.encode(v)]) {
      assert.throws(() => encode(value), (err) => err instanceof CursorError && err.code === "unsupported_value", String(value));
    }
  }
  // Plain arrays, empty ones and nested ones still round-trip.
  assert.doesNotThrow(() => encodeCursor([[], [1, [2]], "x"]));
});

test("a token with no form (a cyclic object) handed back again is repeated_token, or the end with onSameToken stop", async () => {
  const cyclic = { cursor: "c" };
  cyclic.self = cyclic;
  let calls = 0;
  const fetchPage = async () => {
    calls++;
    return { items: [calls], next: cyclic };
  };
  const p = paginate(fetchPage, { items: "items", next: "next", maxRequests: 50 });
  await assert.rejects(p.toArray(), (err) => err.name === "PaginationError" && err.code === "repeated_token");
  assert.equal(calls, 2);
  calls = 0;
  const quiet = paginate(fetchPage, { items: "items", next: "next", maxRequests: 50, onSameToken: "stop" });
  assert.deepEqual(await quiet.toArray(), [1, 2]);
  assert.equal(quiet.stopReason, "end");
  // Distinct objects with no form are followed (the service's own cursor objects).
  calls = 0;
  const fresh = paginate(async () => {
    const c = { n: ++calls };
    c.self = c;
    return { items: [calls], next: calls < 4 ? c : null };
  }, { items: "items", next: "next" });
  assert.deepEqual(await fresh.toArray(), [1, 2, 3, 4]);
});

test("decode defines own data properties: setters planted on Object.prototype and Array.prototype never run", () => {
  const codec = new CursorCodec({ keys: [{ id: "k1", secret: "a secret of at least thirty-two bytes!" }], ttl: 60 });
  const token = codec.encode({ id: 7, tags: ["a", "b"] }, { segment: { segment: 1, total: 4 } });
  // A string, not an array: pushing onto an array would run the planted index setter.
  let ran = "";
  const planted = ["id", "tags", "issuedAt", "expiresAt", "keyId", "segment", "direction", "value"];
  // Array.prototype's first and "value" last: once "value" is planted, a descriptor literal
  // inherits it.
  Object.defineProperty(Array.prototype, "0", { set() { ran += "[0] "; }, configurable: true });
  for (const key of planted) Object.defineProperty(Object.prototype, key, { set() { ran += key + " "; }, configurable: true });
  let cursor;
  try {
    cursor = codec.decode(token);
  } finally {
    for (const key of planted) delete Object.prototype[key];
    delete Array.prototype[0];
  }
  assert.equal(ran, "");
  for (const key of ["value", "direction", "issuedAt", "expiresAt", "keyId", "segment"]) assert.ok(Object.hasOwn(cursor, key), key);
  assert.ok(Object.hasOwn(cursor.value, "id") && Object.hasOwn(cursor.value.tags, 0));
  assert.deepEqual({ ...cursor.value, tags: [...cursor.value.tags] }, { id: 7, tags: ["a", "b"] });
  assert.equal(cursor.keyId, "k1");
});
