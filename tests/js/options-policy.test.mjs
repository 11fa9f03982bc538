// Issue 15, one error policy for every option reader, through the installed package: the same
// mistakes (negative, fractional, a string, null, NaN, Infinity, too large) made in every whole-
// number option of every export get the same class, code and message, whether the option is
// read by the wasm bindings (crates/pagecursor-wasm/src/errors.rs `whole_number`) or by the JS layer
// (src/js/options/options.ts `whole`):
//   `<what> must be a whole number from <min> to <max>, got <given>`
// a TypeError when the value is not a number, a RangeError for a number, code invalid_argument;
// and an options bag that is not an object: `options must be an object, got <given>`.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  CursorCodec, CursorStack, InfiniteList, paginate, offsetPage, paginateOffset, paginateKeyset,
  encodeCursor, decodeCursor,
} from "pagecursor";
import { infinitePageOptions } from "pagecursor/tanstack";

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const U32 = 4294967295;
const fetchPage = async () => ({ items: [], next: undefined });
const walk = { items: "items", next: "next" };
const token = new CursorCodec().encode(1);

// [export and option, the name in the message, min, max, call with the value, Infinity is "no bound"]
const OPTIONS = [
  ["new CursorCodec ttl", "options.ttl", 0, MAX_SAFE, (v) => new CursorCodec({ ttl: v })],
  ["new CursorCodec maxLength", "options.maxLength", 1, MAX_SAFE, (v) => new CursorCodec({ maxLength: v })],
  ["new CursorCodec clockSkew", "options.clockSkew", 0, MAX_SAFE, (v) => new CursorCodec({ clockSkew: v })],
  ["new CursorCodec padding", "options.padding", 1, 65536, (v) => new CursorCodec({ padding: v })],
  ["codec.encode ttl", "options.ttl", 0, MAX_SAFE, (v) => new CursorCodec().encode(1, { ttl: v })],
  ["codec.encode segment.total", "options.segment.total", 1, U32, (v) => new CursorCodec().encode(1, { segment: { segment: 0, total: v } })],
  ["codec.encode segment.segment", "options.segment.segment", 0, U32, (v) => new CursorCodec().encode(1, { segment: { segment: v, total: 1 } })],
  ["encodeCursor ttl", "options.ttl", 0, MAX_SAFE, (v) => encodeCursor(1, { ttl: v })],
  ["new CursorStack maxDepth", "options.maxDepth", 1, MAX_SAFE, (v) => new CursorStack({ maxDepth: v }), true],
  ["CursorStack.from maxDepth", "options.maxDepth", 1, MAX_SAFE, (v) => CursorStack.from(new CursorStack().toString(), { maxDepth: v }), true],
  ["stack.goTo", "page", 1, MAX_SAFE, (v) => new CursorStack().goTo(v)],
  ["new InfiniteList chunkItems", "options.chunkItems", 1, U32, (v) => new InfiniteList(fetchPage, { ...walk, chunkItems: v }), true],
  ["new InfiniteList maxChunks", "options.maxChunks", 1, U32, (v) => new InfiniteList(fetchPage, { ...walk, maxChunks: v }), true],
  ["new InfiniteList pageSize", "options.pageSize", 1, MAX_SAFE, (v) => new InfiniteList(fetchPage, { ...walk, pageSize: v })],
  ["offsetPage page", "options.page", 1, MAX_SAFE, (v) => offsetPage({ page: v, limit: 1, total: 0 })],
  ["offsetPage limit", "options.limit", 1, MAX_SAFE, (v) => offsetPage({ page: 1, limit: v, total: 0 })],
  ["offsetPage total", "options.total", 0, 2 ** 53, (v) => offsetPage({ page: 1, limit: 1, total: v })],
  ["paginateOffset page", "options.page", 1, MAX_SAFE, (v) => paginateOffset([], { page: v, limit: 1 })],
  ["paginateOffset limit", "options.limit", 1, MAX_SAFE, (v) => paginateOffset([], { page: 1, limit: v })],
  ["paginateKeyset limit", "options.limit", 1, MAX_SAFE, (v) => paginateKeyset([], { keys: ["id"], limit: v })],
  ...["maxItems", "maxPages", "maxRequests", "timeLimitMs", "minIntervalMs"].map((key) =>
    [`paginate ${key}`, `options.${key}`, 0, MAX_SAFE, (v) => paginate(fetchPage, { ...walk, [key]: v })]),
  ["paginate pageSize", "options.pageSize", 1, MAX_SAFE, (v) => paginate(fetchPage, { ...walk, pageSize: v })],
  ["paginate prefetch", "options.prefetch", 0, 1024, (v) => paginate(fetchPage, { ...walk, prefetch: v })],
  ["paginate segments", "options.segments", 1, 10000, (v) => paginate(fetchPage, { ...walk, segments: v })],
  ["paginate segment.total", "options.segment.total", 1, 1000000, (v) => paginate(fetchPage, { ...walk, segment: { segment: 0, total: v } })],
  ["paginate segment.segment", "options.segment.segment", 0, 2, (v) => paginate(fetchPage, { ...walk, segment: { segment: v, total: 3 } })],
  ["paginate retry.retries", "options.retry.retries", 0, U32, (v) => paginate(fetchPage, { ...walk, retry: { retries: v } })],
  ["paginate retry.baseDelayMs", "options.retry.baseDelayMs", 0, MAX_SAFE, (v) => paginate(fetchPage, { ...walk, retry: { baseDelayMs: v } })],
  ["paginate retry.maxDelayMs", "options.retry.maxDelayMs", 0, MAX_SAFE, (v) => paginate(fetchPage, { ...walk, retry: { maxDelayMs: v } })],
  // Any positive whole number: the walk bounds it as its maxItems.
  ["infinitePageOptions chunkItems", "options.chunkItems", 1, Number.MAX_SAFE_INTEGER, (v) => infinitePageOptions(fetchPage, { ...walk, chunkItems: v })],
];

// [the mistake, the value, the class] for an option whose range is [min, max]
const mistakes = (min, max) => [
  ["negative", -1, RangeError],
  ["below the range", min - 1, RangeError],
  ["fractional", min + 0.5, RangeError],
  ["a numeric string", String(min), TypeError],
  ["null", null, TypeError],
  ["a bigint", BigInt(min), TypeError],
  ["NaN", NaN, RangeError],
  ["Infinity", Infinity, RangeError],
  ["-Infinity", -Infinity, RangeError],
  // The next number above max (none above the largest number).
  ...(max < MAX_SAFE ? [["too large", max + 1, RangeError]] : max === MAX_SAFE ? [["too large", 2 ** 53, RangeError]] : max === 2 ** 53 ? [["too large", 2 ** 53 + 2, RangeError]] : []),
];

const given = (v) => (typeof v === "number" ? String(v) : v === null ? "null" : typeof v);

function refuses(call, value, Class, message) {
  assert.throws(() => call(value), (err) => {
    assert.equal(err.constructor, Class, `${err}`);
    assert.equal(err.code, "invalid_argument");
    assert.equal(err.message, message);
    return true;
  });
}

// The reader takes `value`: the call returns, or fails for another reason than this option (a
// padding without a sealed codec, a ttl past the Date range, a page never visited).
function accepts(call, value, what) {
  try {
    call(value);
  } catch (err) {
    assert.ok(!(err.code === "invalid_argument" && err.message.startsWith(`${what} `)), `${value}: ${err}`);
  }
}

for (const [label, what, min, max, call, infinityIsNoBound] of OPTIONS) {
  test(`${label}: every mistake is one class, code and message`, () => {
    // The range is the documented one: both ends are accepted.
    accepts(call, min, what);
    accepts(call, max, what);
    for (const [mistake, value, Class] of mistakes(min, max)) {
      if (value === Infinity && infinityIsNoBound) {
        accepts(call, value, what); // "no bound", as leaving the option out
        continue;
      }
      if (mistake === "below the range" && min - 1 === -1) continue; // the same as negative
      refuses(call, value, Class, `${what} must be a whole number from ${min} to ${max}, got ${given(value)}`);
    }
  });
}

test("the same mistake reads the same in the wasm readers and the JS readers", () => {
  // maxDepth is read in Rust, maxItems in JS: the same words, value and class.
  const messages = [
    () => new CursorStack({ maxDepth: 1.5 }),
    () => paginate(fetchPage, { ...walk, pageSize: 1.5 }),
    () => paginateOffset([], { page: 1.5, limit: 1 }),
    () => infinitePageOptions(fetchPage, { chunkItems: 1.5 }),
  ].map((f) => {
    try {
      f();
    } catch (err) {
      return [err.constructor, err.code, err.message.replace(/^\S+ /, "").replace(/ from \d+ to \S+,/, " from _ to _,")];
    }
    return ["no throw"];
  });
  for (const m of messages) assert.deepEqual(m, [RangeError, "invalid_argument", "must be a whole number from _ to _, got 1.5"]);
});

// [export, call with an options bag]: the ones that refuse a bag that is not an object.
const BAGS = [
  ["new CursorCodec", (o) => new CursorCodec(o), "options"],
  ["codec.encode", (o) => new CursorCodec().encode(1, o), "options"],
  ["codec.decode", (o) => new CursorCodec().decode(token, o), "options"],
  ["encodeCursor", (o) => encodeCursor(1, o), "options"],
  ["decodeCursor", (o) => decodeCursor(token, o), "options"],
  ["offsetPage", (o) => offsetPage(o), "options"],
  ["paginateOffset", (o) => paginateOffset([], o), "options"],
  ["paginateKeyset", (o) => paginateKeyset([], o), "options"],
  ["infinitePageOptions", (o) => infinitePageOptions(fetchPage, o), "options"],
  ["paginate retry", (o) => paginate(fetchPage, { ...walk, retry: o }), "options.retry"],
  ["new CursorStack", (o) => new CursorStack(o), "options"],
  ["CursorStack.from", (o) => CursorStack.from(new CursorStack().toString(), o), "options"],
  ["new InfiniteList", (o) => new InfiniteList(fetchPage, o), "options"],
  ["InfiniteList.from", (o) => InfiniteList.from(new InfiniteList(fetchPage, walk).toString(), fetchPage, o), "options"],
];

test("paginate: an options bag that is not an object is one TypeError (when the walk reads its options)", async () => {
  for (const bag of [5, "x", true, 1n, Symbol("s")]) {
    await assert.rejects(async () => paginate(fetchPage, bag).next(), (err) => {
      assert.equal(err.constructor, TypeError);
      assert.equal(err.code, "invalid_argument");
      assert.equal(err.message, `options must be an object, got ${given(bag)}`);
      return true;
    });
  }
});

for (const [label, call, what] of BAGS) {
  test(`${label}: an options bag that is not an object is one TypeError`, () => {
    for (const bag of [5, "x", true, 1n, Symbol("s")]) {
      refuses(call, bag, TypeError, `${what} must be an object, got ${given(bag)}`);
    }
  });
}
