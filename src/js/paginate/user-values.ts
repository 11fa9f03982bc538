// The values a user hands the walk, read once: a page's fields (`get`, `at`), whether a page
// is a fetch Response, a token's form (`tokenForm`), and the driver's own copies of what it
// keeps (`copyOf`; an item's key, `copyKey`; a cut page, `cutCopy`). Every read goes through the
// intrinsics below, so a getter, a Proxy or a caller that changes a value later changes nothing
// the walk holds. Whether a copy is a cursor value is the value module's `isCursorValue`.
//
// Owns the copies of user values; read-page.ts, requests.ts, walk-options.ts, driver.ts and
// the list (list/view.ts) use them. May call the value module and the error factories.
import { makeArgumentError } from "./errors.js";
import { isCursorValue, MAX_DEPTH } from "./value.js";
import type { Path } from "./presets.js";

// Intrinsics, captured when the module loads: a value's own properties (a lying `length`, a
// `getTime` override, a `call` property of a function) never answer for it, and a fake
// (`Object.create(Date.prototype)`) fails the brand check of the intrinsic getter.
export const { apply } = Reflect;
const { ownKeys, getOwnPropertyDescriptor: descriptor, defineProperty } = Reflect;
export const { isArray } = Array;
const { getPrototypeOf: protoOf, keys: objectKeys, getOwnPropertySymbols: ownSymbols } = Object;
const OBJECT_PROTO = Object.prototype;
export const dateTime = Date.prototype.getTime;
const TYPED_ARRAY = protoOf(Uint8Array.prototype);
// The language defines both accessors on %TypedArray%.prototype.
const typedArrayTag = descriptor(TYPED_ARRAY, Symbol.toStringTag)!.get!;
const typedArrayLength = descriptor(TYPED_ARRAY, "length")!.get!;
const typedArraySet = TYPED_ARRAY.set;
const { stringify: jsonStringify, parse: jsonParse } = JSON;
const objectTag = OBJECT_PROTO.toString;
const RESPONSE = typeof Response === "function" ? Response : undefined;
const hasInstance = Function.prototype[Symbol.hasInstance];
// String tokens reach the core as text when they have no lone surrogate (checked here).
const { isWellFormed: stringIsWellFormed } = String.prototype;
export const WELL_FORMED = typeof stringIsWellFormed === "function";
// The largest token the walk keeps for cycle detection and resume (docs/paginator.md, "Token
// size"): 8 units per value and per map entry, plus the length of every string, key and byte
// array — about its size in bytes. Checked here, before anything is copied into wasm memory
// (which never shrinks): over it, the page is bad_page.
export const TOKEN_SIZE = 65536;
// What tokenForm found besides a copy: the end of the walk, too large, or (copyValue) a value
// a cursor value cannot be, to be taken in its JSON form.
export const END = Symbol("end");
export const TOO_LARGE = Symbol("too large");
export const NOT_PLAIN = Symbol("not plain");

// A user value's fields, read by key (`v[k]`): what a cast to it says is only that `v` is an
// object whose properties are read as they are.
export type Fields = { [key: PropertyKey]: unknown };

export const isObject = (v: unknown): v is object => typeof v === "object" && v !== null;
// Primitives have no fields here (a string's `length` is not a page field).
export const get = (v: unknown, k: PropertyKey): unknown => (isObject(v) || typeof v === "function" ? (v as Fields)[k] : undefined);

// The value at `path`; `along` (when given) receives each object read and its key.
export function at(v: unknown, path: Path, along: unknown[] | undefined): unknown {
  for (let i = 0; i < path.length; i++) {
    if (v === undefined || v === null) return undefined;
    along?.push(v, path[i]);
    v = get(v, path[i]);
  }
  return v;
}

// True for a fetch Response (of this realm, or any object that calls itself one: another
// realm's, a polyfill's); decided by the intrinsics, and false for anything whose check
// throws (a Proxy: its reads then fail the page as they would have). A plain object, what
// nearly every page is, is answered by its prototype alone: one read, no brand check.
export function isResponse(v: unknown): boolean {
  try {
    if (protoOf(v) === OBJECT_PROTO) return false;
    return (RESPONSE !== undefined && apply(hasInstance, RESPONSE, [v])) || apply(objectTag, v, []) === "[object Response]";
  } catch {
    return false;
  }
}

// A service token as the walk keeps it: END when it ends the walk (undefined, null, "" or an
// empty plain object), TOO_LARGE over TOKEN_SIZE, undefined when it has no form (followed
// without cycle detection or resume), else the form itself: a string or number as it is, an
// object as the driver's own copy (plain objects with a null prototype, arrays, Dates and
// Uint8Arrays read with the intrinsics), with fields set to `undefined` left out and array
// holes `null`, as JSON would send it. A value a cursor value cannot hold (a class instance,
// a cycle, a function) is taken in its JSON form, `JSON.parse(JSON.stringify(token))`, which
// must not read as absent.
export function tokenForm(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === "") return END;
  // The usual token, without a copy's bookkeeping.
  if (typeof raw === "string") return raw.length > TOKEN_SIZE - 8 ? TOO_LARGE : raw;
  let form = copyOf(raw, false, true);
  if (form !== NOT_PLAIN) return form;
  let text: string | undefined;
  try {
    text = jsonStringify(raw);
  } catch {
    return undefined;
  }
  if (typeof text !== "string") return undefined;
  // No value costs less than an eighth of its JSON text (a number: 8 units, at most 24
  // characters; a string: 1 unit per character, at most 6 escaped): a longer text is too large.
  if (text.length > 8 * TOKEN_SIZE) return TOO_LARGE;
  form = copyOf(jsonParse(text), false, true);
  return form === END || form === NOT_PLAIN ? undefined : form;
}

// `v` copied within TOKEN_SIZE (see copyValue): `strict` refuses a field set to undefined
// instead of leaving it out; `top` reads an empty object as END.
export const copyOf = (v: unknown, strict: boolean, top: boolean): unknown => copyValue(v, { left: TOKEN_SIZE, seen: [], strict }, 0, top);

// `Array.isArray(v)`, whose only throw (a revoked Proxy) is an argument error with a code: as
// an option it reaches the caller, in a page it is that page's bad_page cause.
function arrayCheck(v: unknown): boolean {
  try {
    return isArray(v);
  } catch {
    throw makeArgumentError(false, "a revoked Proxy is not a cursor value");
  }
}

// `v` copied as plain data within `budget.left` units (see TOKEN_SIZE), TOO_LARGE, NOT_PLAIN,
// or END for an absent token at the top. Reads each property once; a getter or Proxy trap
// that throws throws out of here.
interface Budget {
  left: number;
  seen: unknown[];
  strict: boolean;
}

function copyValue(v: unknown, budget: Budget, depth: number, top: boolean): unknown {
  const type = typeof v;
  budget.left -= type === "string" ? 8 + (v as string).length : 8;
  if (budget.left < 0) return TOO_LARGE;
  if (type === "function" || type === "symbol" || type === "undefined") return NOT_PLAIN;
  if (type !== "object" || v === null) return v;
  const array = arrayCheck(v);
  if (!array) {
    const proto = protoOf(v);
    if (proto !== OBJECT_PROTO && proto !== null) return copyObject(v as object, budget);
  }
  if (depth >= MAX_DEPTH || budget.seen.includes(v)) return NOT_PLAIN;
  budget.seen.push(v);
  // A null prototype: a key "__proto__" is a field like any other, and no setter of
  // Object.prototype runs.
  const out = (array ? [] : { __proto__: null }) as Fields;
  let keys: number | string[];
  if (array) {
    // The length as the core's converter reads one that a Proxy may fake.
    const length = (v as unknown[]).length;
    keys = typeof length === "number" && length > 0 ? Math.min(Math.floor(length), 4294967295) : 0;
  } else {
    keys = objectKeys(v as object);
    if (top && keys.length === 0) return END;
    if (ownSymbols(v as object).length !== 0) return NOT_PLAIN;
  }
  for (let i = 0, n = array ? (keys as number) : (keys as string[]).length; i < n; i++) {
    const key = array ? i : (keys as string[])[i]!;
    let item = (v as Fields)[key];
    if (item === undefined && !budget.strict) {
      // As JSON sends it: a field left out, an array hole null.
      if (!array) continue;
      item = null;
    }
    if (!array) budget.left -= 8 + (key as string).length;
    const copy = copyValue(item, budget, depth + 1, false);
    if (typeof copy === "symbol") return copy;
    out[key] = copy;
  }
  budget.seen.pop();
  return out;
}

// A Date or Uint8Array (by the brand checks of the intrinsics, so a subclass reads as its
// real value and a fake as NOT_PLAIN), copied; any other object is NOT_PLAIN.
function copyObject(v: object, budget: Budget): unknown {
  if (apply(typedArrayTag, v, []) === "Uint8Array") {
    const n = apply(typedArrayLength, v, []);
    budget.left -= n;
    if (budget.left < 0) return TOO_LARGE;
    const copy = new Uint8Array(n);
    apply(typedArraySet, copy, [v]);
    return copy;
  }
  let time: number;
  try {
    time = apply(dateTime, v, []);
  } catch {
    return NOT_PLAIN;
  }
  // An invalid Date is no cursor value; its JSON form is null.
  return time === time ? new Date(time) : NOT_PLAIN;
}

// An item's key as the walk keeps it: its copy; NOT_PLAIN when no cursor carries it exactly
// (none, no form, a lone surrogate, a bigint outside 64 bits: a key never fails in the core);
// or TOO_LARGE. The walk reads page items' keys with it, the list the keys of its edits.
export function copyKey(key: unknown): unknown {
  const copy = key === undefined || key === null ? NOT_PLAIN : copyOf(key, true, false);
  return copy === NOT_PLAIN || copy === TOO_LARGE || isCursorValue(copy, Infinity) ? copy : NOT_PLAIN;
}


// A shallow copy of a cut page whose items list holds only the handed-out items, made from
// what the page's read found (`along`: each object on the items path and its key, then the
// list): no field is read again and the user's objects are never changed. Each object is
// copied by its own enumerable property descriptors, so no getter runs (an accessor stays an
// accessor); only a Proxy's traps can throw.
export function cutCopy(along: unknown[], skip: number, take: number): unknown {
  const list = along[along.length - 1];
  let value: unknown = list;
  if (isArray(list)) {
    value = [];
    for (let i = skip; i < skip + take; i++) (value as unknown[]).push(list[i]);
  }
  // (`along` alternates objects and the keys they were read by, then the list.)
  for (let i = along.length - 3; i >= 0; i -= 2) value = copyWith(along[i], along[i + 1] as PropertyKey, value);
  return value;
}

// `obj` with `key` set to `value` (a copy; `obj` itself when it is not an object).
function copyWith(obj: unknown, key: PropertyKey, value: unknown): unknown {
  if (!isObject(obj)) return obj;
  const copy = {};
  let placed = false;
  const keys = ownKeys(obj);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const d = descriptor(obj, k);
    if (d === undefined || !d.enumerable) continue;
    if (k === key) {
      placed = true;
      defineProperty(copy, k, { value, enumerable: true, writable: true, configurable: true });
    } else {
      d.configurable = true;
      defineProperty(copy, k, d);
    }
  }
  if (!placed) defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
