// Page models through the installed package: offsetPage, paginateOffset, paginateKeyset.
import { test } from "node:test";
import assert from "node:assert/strict";
import { offsetPage, paginateOffset, paginateKeyset, CursorCodec, CursorError, decodeCursor, encodeCursor } from "pagecursor";

test("offsetPage derives the metadata", () => {
  assert.deepEqual(offsetPage({ total: 95, page: 3, limit: 20 }), {
    page: 3, limit: 20, total: 95, pages: 5, offset: 40, hasNext: true, hasPrevious: true,
  });
  assert.deepEqual(offsetPage({ total: 100, page: 1, limit: 10 }), {
    page: 1, limit: 10, total: 100, pages: 10, offset: 0, hasNext: true, hasPrevious: false,
  });
  const last = offsetPage({ total: 100, page: 10, limit: 10 });
  assert.equal(last.hasNext, false);
  const empty = offsetPage({ total: 0, page: 1, limit: 10 });
  assert.deepEqual([empty.pages, empty.hasNext, empty.hasPrevious], [0, false, false]);
});

test("offsetPage counts with JS numbers up to 2^53", () => {
  const total = Number.MAX_SAFE_INTEGER;
  const p = offsetPage({ total, page: 3_000_000_000, limit: 1_000_000 });
  assert.equal(p.offset, 2_999_999_999_000_000);
  assert.equal(p.pages, Math.ceil(total / 1_000_000));
  assert.equal(p.total, total);
  assert.equal(p.hasNext, true);
  assert.equal(offsetPage({ total: 2 ** 40, page: 2 ** 33, limit: 128 }).hasNext, false);
});

test("bad arguments are RangeError (numbers) or TypeError (other types)", () => {
  for (const [k, v] of [["page", 0], ["page", -1], ["page", 1.5], ["page", NaN], ["limit", 0], ["limit", Infinity], ["total", -1], ["total", 2 ** 53 + 2]]) {
    assert.throws(() => offsetPage({ total: 10, page: 1, limit: 10, [k]: v }), (e) => e instanceof RangeError && e.code === "invalid_argument", `${k}=${v}`);
  }
  for (const [k, v] of [["page", "2"], ["limit", undefined], ["total", null], ["page", 2n]]) {
    assert.throws(() => offsetPage({ total: 10, page: 1, limit: 10, [k]: v }), TypeError, `${k}=${String(v)}`);
  }
  assert.throws(() => offsetPage(), TypeError);
  assert.throws(() => paginateOffset("abc", { page: 1, limit: 1 }), TypeError);
  assert.throws(() => paginateOffset([1], { page: 0, limit: 1 }), RangeError);
  // "totals up to 2^53": 2^53 itself is exact in a JS number and accepted.
  assert.equal(offsetPage({ total: 2 ** 53, page: 1, limit: 2 ** 52 }).pages, 2);
});

test("paginateOffset slices; past the end is empty with full metadata", () => {
  const rows = Array.from({ length: 25 }, (_, i) => ({ i }));
  const p3 = paginateOffset(rows, { page: 3, limit: 10 });
  assert.deepEqual(p3.items.map((r) => r.i), [20, 21, 22, 23, 24]);
  assert.equal(p3.items[0], rows[20]); // the same objects, not copies
  assert.deepEqual({ ...p3, items: undefined }, { items: undefined, page: 3, limit: 10, total: 25, pages: 3, offset: 20, hasNext: false, hasPrevious: true });
  const past = paginateOffset(rows, { page: 9, limit: 10 });
  assert.deepEqual(past.items, []);
  assert.deepEqual([past.total, past.pages, past.offset, past.hasNext, past.hasPrevious], [25, 3, 80, false, true]);
  assert.equal(rows.length, 25);
});

const people = [
  { name: "dave", age: 40, id: 4 },
  { name: "ann", age: 30, id: 1 },
  { name: "cy", age: 30, id: 3 },
  { name: "bob", age: 25, id: 2 },
  { name: "eve", age: 40, id: 5 },
  { name: "fay", age: 22, id: 6 },
];

test("paginateKeyset pages forward and back by composite keys without mutating the input", () => {
  const input = people.slice();
  const keys = ["age", "id"];
  const p1 = paginateKeyset(input, { keys, limit: 2 });
  assert.deepEqual(p1.items.map((p) => p.id), [6, 2]);
  assert.equal(p1.hasPrevious, false);
  assert.equal(p1.previousCursor, undefined);
  assert.equal(p1.hasNext, true);
  assert.match(p1.nextCursor, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(decodeCursor(p1.nextCursor), { value: { age: 25, id: 2 }, direction: "after" });
  const p2 = paginateKeyset(input, { keys, limit: 2, after: p1.nextCursor });
  assert.deepEqual(p2.items.map((p) => p.id), [1, 3]);
  const p3 = paginateKeyset(input, { keys, limit: 2, after: p2.nextCursor });
  assert.deepEqual(p3.items.map((p) => p.id), [4, 5]);
  assert.equal(p3.hasNext, false);
  assert.equal(p3.nextCursor, undefined);
  assert.equal(decodeCursor(p3.previousCursor).direction, "before");
  // Pages with `before` come back in ascending key order.
  const b2 = paginateKeyset(input, { keys, limit: 2, before: p3.previousCursor });
  assert.deepEqual(b2.items.map((p) => p.id), [1, 3]);
  assert.equal(b2.hasNext, true);
  assert.equal(b2.hasPrevious, true);
  const b1 = paginateKeyset(input, { keys, limit: 2, before: b2.previousCursor });
  assert.deepEqual(b1.items.map((p) => p.id), [6, 2]);
  assert.equal(b1.hasPrevious, false);
  assert.deepEqual(input, people);
  assert.equal(p1.items[0], people[5]); // the caller's objects
});

test("walking to the end and back visits every item once, in order, despite writes", () => {
  const rows = Array.from({ length: 50 }, (_, i) => ({ at: new Date(1_700_000_000_000 + (i % 7) * 1000), id: i }));
  const keys = ["at", "id"];
  const order = (a, b) => a.at - b.at || a.id - b.id;
  const seen = [];
  let next;
  let step = 0;
  let nextId = 1000;
  for (;;) {
    const page = paginateKeyset(rows, { keys, limit: 6, after: next });
    seen.push(...page.items);
    if (!page.hasNext) break;
    next = page.nextCursor;
    // Between loads: delete a row already seen and insert one both behind and ahead.
    rows.splice(rows.indexOf(seen[step]), 1);
    rows.push({ at: new Date(1_699_999_999_000), id: nextId++ }); // behind the walk
    rows.push({ at: new Date(1_700_000_009_000), id: nextId++ }); // ahead of the walk
    step++;
  }
  for (let i = 1; i < seen.length; i++) assert.ok(order(seen[i - 1], seen[i]) < 0, "strictly ascending");
  const ids = new Set(seen.map((r) => r.id));
  assert.equal(ids.size, seen.length, "no repeats");
  for (let i = 0; i < 50; i++) assert.ok(ids.has(i), `row ${i} visited`);
  // And offset pagination on the same kind of writes skips rows.
  const data = Array.from({ length: 10 }, (_, i) => i);
  const o1 = paginateOffset(data, { page: 1, limit: 3 }).items;
  data.splice(0, 1);
  const o2 = paginateOffset(data, { page: 2, limit: 3 }).items;
  assert.deepEqual([...o1, ...o2], [0, 1, 2, 4, 5, 6]); // 3 was skipped

  // Backward from the end with deletes and inserts: still each row once, ascending.
  const back = [];
  let last = paginateKeyset(rows, { keys, limit: 6 });
  while (last.hasNext) last = paginateKeyset(rows, { keys, limit: 6, after: last.nextCursor });
  back.unshift(...last.items);
  let before = last.previousCursor;
  const survivors = new Set(rows.map((r) => r.id));
  while (before) {
    rows.push({ at: new Date(1_700_000_003_500), id: nextId++ });
    const page = paginateKeyset(rows, { keys, limit: 6, before });
    back.unshift(...page.items);
    before = page.previousCursor;
  }
  for (let i = 1; i < back.length; i++) assert.ok(order(back[i - 1], back[i]) < 0);
  const backIds = new Set(back.map((r) => r.id));
  for (const id of survivors) assert.ok(backIds.has(id), `row ${id} visited backward`);
});

test("key comparison: numbers, bigints, strings, Dates, and mixed types by type then value", () => {
  const rows = [
    { k: "b", id: 1 }, { k: 10, id: 2 }, { k: 2, id: 3 }, { k: 5n, id: 4 }, { k: new Date(0), id: 5 },
    { k: null, id: 6 }, { k: true, id: 7 }, { k: "a", id: 8 }, { k: -1n, id: 9 }, { k: "😀", id: 10 }, { k: "\uffff", id: 11 },
  ];
  const ids = paginateKeyset(rows, { keys: ["k", "id"], limit: 100 }).items.map((r) => r.id);
  // null < boolean < number < bigint < Date < string (UTF-16 order, as JS compares strings).
  assert.deepEqual(ids, [6, 7, 3, 2, 9, 4, 5, 8, 1, 10, 11]);
});

test("hand-made cursors: a map of the keys or a list of values, after or before", () => {
  const keys = ["age", "id"];
  const after = encodeCursor({ age: 30, id: 1 });
  assert.deepEqual(paginateKeyset(people, { keys, limit: 10, after }).items.map((p) => p.id), [3, 4, 5]);
  const before = encodeCursor([30, 3], { direction: "before" });
  assert.deepEqual(paginateKeyset(people, { keys, limit: 10, before }).items.map((p) => p.id), [6, 2, 1]);
});

test("malformed or mismatched cursors are CursorErrors; bad arguments are Type/RangeErrors", () => {
  const keys = ["age", "id"];
  for (const bad of ["", "%%%", "AAAA", 42, {}]) {
    assert.throws(() => paginateKeyset(people, { keys, limit: 2, after: bad }), CursorError, String(bad));
    assert.throws(() => paginateKeyset(people, { keys, limit: 2, before: bad }), CursorError, String(bad));
  }
  const next = paginateKeyset(people, { keys, limit: 2 }).nextCursor;
  assert.throws(() => paginateKeyset(people, { keys: ["name", "id"], limit: 2, after: next }), (e) => e instanceof CursorError && e.code === "malformed");
  assert.throws(() => paginateKeyset(people, { keys, limit: 2, before: next }), (e) => e instanceof CursorError && e.code === "malformed");
  assert.throws(() => paginateKeyset(people, { keys, limit: 0 }), RangeError);
  assert.throws(() => paginateKeyset(people, { keys: [], limit: 1 }), TypeError);
  assert.throws(() => paginateKeyset(people, { keys: ["missing"], limit: 1 }), TypeError);
  assert.throws(() => paginateKeyset([{ id: 1 }, { id: 1 }], { keys: ["id"], limit: 1 }), RangeError);
  assert.throws(() => paginateKeyset([{ id: () => 1 }], { keys: ["id"], limit: 1 }), (e) => e instanceof CursorError && e.code === "unsupported_value");
});

test("scoped and signed keyset cursors", () => {
  const keys = ["id"];
  const rows = Array.from({ length: 5 }, (_, id) => ({ id }));
  const codec = new CursorCodec({ keys: [{ id: "k1", secret: "0123456789abcdef0123456789abcdef" }] });
  const p1 = paginateKeyset(rows, { keys, limit: 2, codec, scope: "users" });
  const p2 = paginateKeyset(rows, { keys, limit: 2, codec, scope: "users", after: p1.nextCursor });
  assert.deepEqual(p2.items.map((r) => r.id), [2, 3]);
  assert.throws(() => paginateKeyset(rows, { keys, limit: 2, codec, scope: "orders", after: p1.nextCursor }), (e) => e instanceof CursorError && e.code === "scope_mismatch");
  assert.throws(() => paginateKeyset(rows, { keys, limit: 2, after: p1.nextCursor }), CursorError);
});

test("large arrays: a deep seek is a binary search over the sorted copy", () => {
  const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: 100_000 - i }));
  let page = paginateKeyset(rows, { keys: ["id"], limit: 1000 });
  let count = page.items.length;
  while (page.hasNext) {
    page = paginateKeyset(rows, { keys: ["id"], limit: 25_000, after: page.nextCursor });
    count += page.items.length;
  }
  assert.equal(count, 100_000);
  assert.equal(page.items.at(-1).id, 100_000);
});

test("paginateKeyset names the item and key of a value it cannot order, and reads each value once", () => {
  const missing = [{ id: 1 }, {}, { id: 3 }];
  assert.throws(() => paginateKeyset(missing, { keys: ["id"], limit: 2 }), (e) =>
    e instanceof TypeError && e.code === "invalid_argument" && e.message === 'item 1 has no value for key "id"');
  const dates = [{ at: new Date(1) }, { at: new Date(2) }, { at: new Date(NaN) }];
  assert.throws(() => paginateKeyset(dates, { keys: ["at"], limit: 2 }), (e) =>
    e instanceof CursorError && e.code === "unsupported_value" && /item 2, key "at": invalid Date$/.test(e.message));
  // A key value with a getter: the walk that fails reads it once, and the message names the item
  // without a second look at it.
  let reads = 0;
  const rows = [{ k: [1] }, { k: { get a() { reads++; throw new Error("boom"); } } }];
  assert.throws(() => paginateKeyset(rows, { keys: ["k"], limit: 1 }), (e) =>
    e instanceof CursorError && e.code === "unsupported_value" && /item 1, key "k": reading a property threw: boom$/.test(e.message));
  assert.equal(reads, 1);
});
