// The paginator's JS driver: `paginate(fetchPage, options)` and the `Paginator` class.
//
// This file only awaits: it calls fetchPage, reads the fields of a page, sets timers and hands
// pages and items to the consumer. Every decision (request order, prefetch window, budgets,
// time limit, repeated tokens, mid-page cuts, resume tokens, retries and backoff, stats) is
// taken by the Rust `PaginatorCore` (crates/pagecursor-wasm/src/paginate.rs around crates/pagecursor/src/paginate/walk.rs), asked
// synchronously about once per page. Pages and items never enter WebAssembly: the core knows
// a page by its request id, its item count and its next token.
//
// The core's answers are its typed exports (`Pull`, `AfterFailure`, `WalkState`, and the string
// enums `WalkFailure` and `WalkStop`), named here as the glue generates them; the data an answer
// carries has a getter of its own (`core.requestId`, `core.failure`).
//
// The core calls back `request(...)` and `deliver(...)` of the walk's Orders during a call;
// they only record what to do, and the driver acts after the call returned, so that no user
// code runs inside it. Every user value (options, pages, tokens, errors, the signal) is read
// here, once, with the intrinsics below; the core only ever gets numbers, strings and the
// driver's own copies of tokens, so nothing a user's getter, Proxy or `Date` does can run
// inside WebAssembly or unwind through it.
import { PaginatorCore, Pull, AfterFailure, WalkSetting, WalkStat, WalkState } from "./pagecursor.js";
import type { WalkFailure, WalkStop } from "./pagecursor.js";
// The published declarations (pkg/index.d.ts): `paginate` and `Paginator` below are checked
// against theirs (the last lines), so `tsc` fails when the two drift apart.
import type * as Public from "./index.js";
import type { FetchContext, PaginatorStats } from "./index.js";
import { CursorError, makeArgumentError, makePaginationError } from "./errors.js";
import { checkBag, notAnObject, optionalWhole } from "./options.js";
import { isLoaded, notReady, whenLoaded } from "./loading.js";
import { CLIENT } from "./uses-client.js";
import { codecOption } from "./codec-of.js";

// Intrinsics, captured when the module loads: a value's own properties (a lying `length`, a
// `getTime` override, an `aborted` getter, a `call` property of a function) never answer for
// it, and a fake (`Object.create(Date.prototype)`, a plain object posing as a signal) fails
// the brand check of the intrinsic getter.
const { apply, ownKeys, getOwnPropertyDescriptor: descriptor, defineProperty } = Reflect;
const { isArray } = Array;
const { getPrototypeOf: protoOf, keys: objectKeys, getOwnPropertySymbols: ownSymbols } = Object;
const OBJECT_PROTO = Object.prototype;
const dateTime = Date.prototype.getTime;
const TYPED_ARRAY = protoOf(Uint8Array.prototype);
// The language defines both accessors on %TypedArray%.prototype.
const typedArrayTag = descriptor(TYPED_ARRAY, Symbol.toStringTag)!.get!;
const typedArrayLength = descriptor(TYPED_ARRAY, "length")!.get!;
const typedArraySet = TYPED_ARRAY.set;
const { stringify: jsonStringify, parse: jsonParse } = JSON;
const parseDate = Date.parse;
const SIGNAL = typeof AbortSignal === "function" ? AbortSignal.prototype : undefined;
const signalAborted = SIGNAL && descriptor(SIGNAL, "aborted")?.get;
const signalReason = SIGNAL && descriptor(SIGNAL, "reason")?.get;
const EVENTS = typeof EventTarget === "function" ? EventTarget.prototype : undefined;
const listen = EVENTS?.addEventListener;
const unlisten = EVENTS?.removeEventListener;
const objectTag = OBJECT_PROTO.toString;
const RESPONSE = typeof Response === "function" ? Response : undefined;
const hasInstance = Function.prototype[Symbol.hasInstance];

// The failures the driver reports to core.fail: members of the core's string enum
// WalkFailure, which are the codes of the PaginationError (the glue makes no object of a
// string enum). The message of each code's error:
const FETCH_FAILED: WalkFailure = "fetch_failed";
const BAD_PAGE: WalkFailure = "bad_page";
const REPEATED_TOKEN: WalkFailure = "repeated_token";
// The answers of core.pull by the names the glue generates, read once: the per-page switch
// compares constants instead of reading the enum object's properties.
const { Page: PAGE, WholePage: WHOLE_PAGE, ReportedPage: REPORTED_PAGE, Wait: WAIT, Sent: SENT, Failed: FAILED } = Pull;
// (`__proto__: null`, which tsc does not know as the prototype: the cast types the rest.)
const FAILURE_MESSAGE = {
  __proto__: null,
  fetch_failed: "fetchPage failed",
  bad_page: "a page could not be read",
  repeated_token: "a page returned a token this walk already sent",
} as { readonly [code in WalkFailure]: string };
const DONE = Object.freeze({ value: undefined, done: true } as const);
const EMPTY: unknown[] = [];
// A request whose page the core wants with its items' JSON forms (Driver.request's `keys`).
const CONTENT_ANCHOR = 2;
const stringify = JSON.stringify;

// The JSON texts of the first `n` items (null for an item without one: a bigint, a cycle, a
// throwing toJSON, undefined): a walk without itemKey anchors a cut by the last one's digest.
function jsonForms(items: unknown[], n: number): (string | null)[] {
  const forms: (string | null)[] = [];
  for (let i = 0; i < n; i++) {
    let form: unknown = null;
    try {
      form = stringify(items[i]);
    } catch {
      // No JSON form: the anchor falls back to the position.
    }
    forms.push(typeof form === "string" ? form : null);
  }
  return forms;
}
// Where items are: not configured, a path, a function, the whole body, Relay edges/nodes.
const I_NONE = 0, I_PATH = 1, I_FUNC = 2, I_WHOLE = 3, I_RELAY = 4;
// Where the next token is: a path, a function, the keyset names, Relay, Link header, AWS names.
const N_PATH = 1, N_FUNC = 2, N_KEYSET = 3, N_RELAY = 4, N_LINK = 5, N_AWS = 6;
// The next-token fields the presets try, in order (docs/paginator.md, "Where items and tokens
// are"): `keyset` for pagecursor's own pages and the common `{ items, nextToken }` shapes;
// `aws` for the token families of AWS list operations (then `Marker`, see read).
const KEYSET_NEXT = ["next_cursor", "nextCursor", "nextToken", "next_token", "nextPageToken"];
const AWS_NEXT = ["NextToken", "nextToken", "NextContinuationToken", "NextMarker"];
const RELAY_ROOT = 'the page has no "edges", "nodes" or "pageInfo" at the top: preset "relay" needs options.root, the path to the connection (GraphQL: root: "data.<field>")';
const RESPONSE_HINT = 'fetchPage returned a fetch Response: return `await res.json()` from fetchPage, or use preset: "link"';
// What a cause's message contributes to a PaginationError's message, at most.
const MAX_CAUSE_TEXT = 1000;
const NOT_NEW = Symbol("internal");
const NOT_READ = Symbol("not read");
// String tokens reach the core as text when they have no lone surrogate (checked here).
const { isWellFormed: stringIsWellFormed } = String.prototype;
const WELL_FORMED = typeof stringIsWellFormed === "function";
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
// The largest token the walk keeps for cycle detection and resume (docs/paginator.md, "Token
// size"): 8 units per value and per map entry, plus the length of every string, key and byte
// array — about its size in bytes. Checked here, before anything is copied into wasm memory
// (which never shrinks): over it, the page is bad_page.
const TOKEN_SIZE = 65536;
// Segments walked at once: every segment is a chain in the core and a request in flight.
const MAX_SEGMENTS = 10000;
// Items in one page (docs/paginator.md, "Bounds"): 2^24, far above any service's page size.
const MAX_PAGE_ITEMS = 16777216;
// Longer strings are not what they claim to be, and are not copied into wasm memory: no error
// name the default classification knows is longer than 64 characters, no Retry-After value
// (delay seconds or an HTTP date) longer than 256; a Link header over TOKEN_SIZE is bad_page.
const MAX_NAME = 64;
const MAX_RETRY_AFTER = 256;
const DELAY_SECONDS = /^\s*(?:\d+\.?\d*|\.\d+)\s*$/;
// setTimeout turns a delay above 2^31 - 1 ms into 1 ms (Node warns, browsers say nothing): a
// longer wait is cut into pieces of at most this.
const TIMER_MAX_MS = 2147483647;
// What tokenForm found besides a copy: the end of the walk, too large, or (copyValue) a value
// a cursor value cannot be, to be taken in its JSON form.
const END = Symbol("end");
const TOO_LARGE = Symbol("too large");
const NOT_PLAIN = Symbol("not plain");
const MAX_DEPTH = 64;

// A location in a page: field names and array indices, in order (options.items "data.orders").
type Path = readonly string[];
// A user value's fields, read by key (`v[k]`): what a cast to it says is only that `v` is an
// object whose properties are read as they are.
type Fields = { [key: PropertyKey]: unknown };

const isObject = (v: unknown): v is object => typeof v === "object" && v !== null;
// Primitives have no fields here (a string's `length` is not a page field).
const get = (v: unknown, k: PropertyKey): unknown => (isObject(v) || typeof v === "function" ? (v as Fields)[k] : undefined);

// The value at `path`; `along` (when given) receives each object read and its key.
function at(v: unknown, path: Path, along: unknown[] | undefined): unknown {
  for (let i = 0; i < path.length; i++) {
    if (v === undefined || v === null) return undefined;
    along?.push(v, path[i]);
    v = get(v, path[i]);
  }
  return v;
}

const split = (s: string): string[] => s.split(".").filter((p) => p !== "");

// True for a fetch Response (of this realm, or any object that calls itself one: another
// realm's, a polyfill's); decided by the intrinsics, and false for anything whose check
// throws (a Proxy: its reads then fail the page as they would have). A plain object, what
// nearly every page is, is answered by its prototype alone: one read, no brand check.
function isResponse(v: unknown): boolean {
  try {
    if (protoOf(v) === OBJECT_PROTO) return false;
    return (RESPONSE !== undefined && apply(hasInstance, RESPONSE, [v])) || apply(objectTag, v, []) === "[object Response]";
  } catch {
    return false;
  }
}

// A failure's cause in words, for the PaginationError's message: a message (with the error's
// name when it says more than "Error"), a string thrown as it is, an HTTP status for a
// Response. Read once, when the failure is reported; a read that throws says nothing.
function describe(err: unknown, name: unknown = NOT_READ): string {
  let text = "";
  try {
    if (typeof err === "string") text = err;
    else if (!isObject(err)) text = err === undefined ? "" : String(err);
    else if (isResponse(err)) {
      const status = get(err, "status"), statusText = get(err, "statusText");
      text = `HTTP ${status}${typeof statusText === "string" && statusText !== "" ? ` ${statusText}` : ""}`;
    } else {
      const message = get(err, "message");
      if (name === NOT_READ) name = get(err, "name");
      if (typeof message === "string") {
        text = typeof name === "string" && name !== "Error" && name !== "" && name.length <= MAX_NAME ? `${name}: ${message}` : message;
      }
    }
  } catch {
    text = "";
  }
  return text.length > MAX_CAUSE_TEXT ? `${text.slice(0, MAX_CAUSE_TEXT)}…` : text;
}

// How a location shows in a message: `options.items "itmes"`, `"Items" (preset "dynamodb")`.
// The first of `names` that `root` holds (not undefined), each read once, in order.
function firstOf(root: unknown, names: readonly string[]): unknown {
  let v: unknown;
  for (let i = 0; i < names.length && v === undefined; i++) v = get(root, names[i]);
  return v;
}

const named = (what: string, path: Path, preset?: string): string => (preset === undefined ? `options.${what} "${path.join(".")}"` : `"${path.join(".")}" (preset "${preset}")`);

// A dotted path (array) or a function; undefined when absent.
function field(value: unknown, what: string): Path | Function | undefined {
  if (value === undefined || typeof value === "function") return value;
  // An empty path ("", ".") would name the page itself: a mistake, never a location.
  if (typeof value === "string" && split(value).length > 0) return split(value);
  throw makeArgumentError(false, `options.${what} must be a dotted path or a function`);
}

// A whole-number option in [min, max] (docs/paginator.md, "Options: numbers"); undefined when
// absent. The reader and its messages are every export's (src/js/options/options.ts).
const integer = (bag: unknown, key: string, what: string, min: number, max: number): number | undefined => optionalWhole(get(bag, key), what, min, max);

const count = (bag: unknown, key: string, what = `options.${key}`): number | undefined => integer(bag, key, what, 0, MAX_SAFE);

// True when a key copy (copyValue's, strict) is a cursor value all the way down: the copy
// already refused what has no form, this refuses what the codec cannot carry exactly (a lone
// surrogate, a bigint outside 64 bits). Checked here so that a key never fails in the core.
function carriable(v: unknown, depth: number): boolean {
  switch (typeof v) {
    case "string": return !WELL_FORMED || v.isWellFormed();
    case "bigint": return v >= -9223372036854775808n && v <= 18446744073709551615n;
    case "object": break;
    default: return true;
  }
  if (v === null || depth > MAX_DEPTH || (!isArray(v) && protoOf(v) !== null)) return true; // a Date, a Uint8Array
  const keys = isArray(v) ? undefined : objectKeys(v);
  for (let i = 0, n = keys === undefined ? (v as unknown[]).length : keys.length; i < n; i++) {
    if (keys !== undefined && !carriable(keys[i], depth + 1)) return false;
    if (!carriable((v as Fields)[keys === undefined ? i : keys[i]!], depth + 1)) return false;
  }
  return true;
}

// A service token as the walk keeps it: END when it ends the walk (undefined, null, "" or an
// empty plain object), TOO_LARGE over TOKEN_SIZE, undefined when it has no form (followed
// without cycle detection or resume), else the form itself: a string or number as it is, an
// object as the driver's own copy (plain objects with a null prototype, arrays, Dates and
// Uint8Arrays read with the intrinsics), with fields set to `undefined` left out and array
// holes `null`, as JSON would send it. A value a cursor value cannot hold (a class instance,
// a cycle, a function) is taken in its JSON form, `JSON.parse(JSON.stringify(token))`, which
// must not read as absent.
function tokenForm(raw: unknown): unknown {
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

// `options.scope` as the core reads it: the driver's copy (a cursor value, within TOKEN_SIZE),
// or a CursorError (a scope is never taken in a JSON form; `undefined` is not a value).
function scopeForm(scope: unknown): unknown {
  const form = copyOf(scope, true, false);
  if (form === TOO_LARGE) throw makeArgumentError(true, `options.scope is larger than ${TOKEN_SIZE} units`);
  if (form === NOT_PLAIN) throw new CursorError("unsupported_value", "options.scope is not a cursor value");
  return form;
}

const copyOf = (v: unknown, strict: boolean, top: boolean): unknown => copyValue(v, { left: TOKEN_SIZE, seen: [], strict }, 0, top);

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

class BadPage {
  declare cause: unknown;
  constructor(message: string, cause?: unknown) {
    this.cause = cause !== undefined ? cause : new Error(message);
  }
}

// What the core asks for during a call: requests to issue (a queue from `first` to `last`)
// and the page to hand out (d…). The core holds this object, not the walk, so that a walk
// left unfinished can still be collected. Its methods run inside a core call, so nothing in
// them may throw: fields are class fields and requests object literals (defined, never set
// through a prototype's setter), and no array is grown.
// A request the core asked for (`Orders.request`), queued until the driver issues it.
interface Request {
  id: number;
  token: unknown;
  attempt: number;
  segment: number;
  delay: number;
  keys: number; // see Driver.request in crates/pagecursor-wasm/src/paginate.rs
  next: Request | null;
}

class Orders {
  first: Request | null = null;
  last: Request | null = null;
  // The walk's held token: the last string token reported as text with pullWith.
  held: string | undefined = undefined;
  dId = 0;
  dSkip = 0;
  dTake = 0;
  dSegment = 0;
  dCut = false;

  request(id: number, token: unknown, attempt: number, segment: number, delay: number, held: boolean, keys: number): void {
    const r: Request = { id, token: held ? this.held : token, attempt, segment, delay, keys, next: null };
    if (this.last === null) this.first = r;
    else this.last.next = r;
    this.last = r;
  }

  deliver(id: number, skip: number, take: number, segment: number, cut: boolean): void {
    this.dId = id;
    this.dSkip = skip;
    this.dTake = take;
    this.dSegment = segment;
    this.dCut = cut;
  }
}

// A timer for any wait (see TIMER_MAX_MS): `fn` runs once `ms` have passed, unless cancelled.
class Timer {
  declare fn: () => void;
  declare left: number;
  declare handle: ReturnType<typeof setTimeout> | undefined;
  constructor(fn: () => void, ms: number) {
    this.fn = fn;
    this.left = ms;
    this.handle = undefined;
    this.arm();
  }

  arm(): void {
    const step = Math.min(this.left, TIMER_MAX_MS);
    this.left -= step;
    this.handle = setTimeout(() => (this.left > 0 ? this.arm() : this.fn()), step);
  }

  cancel(): void {
    clearTimeout(this.handle);
  }
}

// `signal.aborted` of a real AbortSignal (the intrinsic getter; never an event alone).
// (`signalAborted` is there wherever a signal is: isSignal checks it before the first call.)
const isAborted = (signal: unknown): boolean => apply(signalAborted!, signal, []);

// True for an AbortSignal of any realm: the brand check of the intrinsic getter.
function isSignal(v: unknown): v is AbortSignal {
  if (signalAborted === undefined || listen === undefined) return false;
  try {
    isAborted(v);
    return true;
  } catch {
    return false;
  }
}

// One walk: the state the iterators of a paginator share. `check` (checkOptions): read and
// check the options as a walk does, and stop before the walk is made (no core, no listener).
// A page read, kept until the consumer takes it (Walk.pages).
interface HeldPage {
  page: unknown;
  items: unknown[] | undefined;
  along: unknown[] | undefined;
  keys: unknown[] | undefined;
}

// What readAsync found in a page (read's r… fields, kept: another page may be read meanwhile).
interface PageRead extends HeldPage {
  len: number;
  next: unknown;
  form: unknown;
  more: boolean | undefined;
}

// What the iterators' next() resolve with: a page or an item, or DONE.
type Step = IteratorResult<unknown, undefined>;

// fetchPage as the driver calls it: a plain call, its result any value.
type UserFetch = (token: unknown, ctx: FetchContext) => unknown;

// Whether the list at `path` is left out of an object that holds it (a service omitting an
// empty list), rather than the path broken before its last name or read from an array.
function leftOut(root: unknown, path: Path): boolean {
  const holder = path.length === 1 ? root : at(root, path.slice(0, -1), undefined);
  return isObject(holder) && !isArray(holder);
}

// Whether a page of the walk (or of the InfiniteList it loads for, across its loads) held
// a list at the items location: after that, an absent list is an empty page.
export interface Lists {
  seen: boolean;
}
const LISTS = Symbol.for("pagecursor.lists");

class Walk {
  // Every field is set by the constructor (`declare`: no class field is emitted, so the
  // object's shape stays the constructor's assignments, in their order).
  declare root: Path | undefined;
  declare itemsPreset: string | undefined;
  declare itemsKind: number;
  declare itemsAt: Path | Function | undefined;
  declare itemKey: Path | Function | undefined;
  declare keyed: Map<number, number>;
  declare nextKind: number;
  declare nextAt: Path | Function | undefined;
  declare moreAt: Path | Function | undefined;
  declare link: boolean;
  declare aws: boolean;
  declare lists: Lists;
  declare sameStop: boolean;
  declare formless: WeakSet<object>;
  declare syncRead: boolean;
  declare pathRead: boolean;
  declare retryable: Function | undefined;
  declare totalSegments: number | undefined;
  declare pageSize: number | undefined;
  declare scopeCopy: unknown;
  declare mayCut: boolean;
  declare itemsMode: boolean;
  declare orders: Orders;
  declare core: PaginatorCore | null;
  declare fetchPage: UserFetch;
  declare controller: AbortController;
  declare signal: AbortSignal;
  declare userSignal: AbortSignal | undefined;
  declare listener: (() => void) | undefined;
  declare halted: boolean;
  declare mayWait: boolean;
  declare flightId: number;
  declare onFetched: (page: unknown) => void;
  declare onFetchFailed: (err: unknown) => void;
  declare hasLimit: boolean;
  declare nextId: number;
  declare nextToken: unknown;
  declare clock: boolean;
  declare clockKnown: boolean;
  declare slotId: number;
  declare slotPage: unknown;
  declare slotItems: unknown[] | undefined;
  declare slotAlong: unknown[] | undefined;
  declare slotKeys: unknown[] | undefined;
  declare pages: Map<number, HeldPage>;
  declare tItems: unknown[] | undefined;
  declare tAlong: unknown[] | undefined;
  declare tKeys: unknown[] | undefined;
  declare pId: number;
  declare pLen: number;
  declare pNext: string | undefined;
  declare pMore: boolean | undefined;
  declare timers: Set<Timer>;
  declare wakers: (() => void)[];
  declare limitTimer: Timer | undefined;
  declare fetchError: unknown;
  declare fetchText: string | undefined;
  // [resumeToken, stopReason, stats] once the core is freed
  declare final: [string | undefined, WalkStop | undefined, Float64Array] | undefined;
  declare abortReported: boolean;
  declare fresh: boolean;
  declare endedMs: number | undefined;
  declare lastSegment: number | undefined;
  declare items: unknown[] | null;
  declare index: number;
  declare end: number;
  declare taken: number;
  declare keys: unknown[] | undefined;
  declare shown: unknown[] | undefined;
  declare rLen: number;
  declare rItems: unknown[] | undefined;
  declare rNext: unknown;
  declare rForm: unknown;
  declare rMore: boolean | undefined;
  declare rAlong: unknown[] | undefined;
  declare rRoot: unknown;
  declare rKeys: unknown[] | undefined;

  constructor(fetchPage: unknown, options: unknown, check = false, lists?: Lists) {
    if (typeof fetchPage !== "function") throw makeArgumentError(false, "paginate: fetchPage must be a function");
    // A bag that is no object would read as empty and then fail for what it lacks.
    checkBag(options);
    // Options are read once, in this order; a throwing getter propagates unchanged.
    const preset = get(options, "preset");
    if (preset !== undefined && typeof preset !== "string") throw makeArgumentError(false, "options.preset must be a string");
    const root = get(options, "root");
    if (root !== undefined && typeof root !== "string") throw makeArgumentError(false, "options.root must be a dotted path");
    this.root = typeof root === "string" ? split(root) : undefined;
    const items = field(get(options, "items"), "items");
    const next = field(get(options, "next"), "next");
    const more = field(get(options, "more"), "more");
    const itemKey = field(get(options, "itemKey"), "itemKey");
    // The TanStack helper's walks (one per chunk) share theirs through the options.
    const shared = lists ?? get(options, LISTS);
    this.lists = isObject(shared) && typeof (shared as Lists).seen === "boolean" ? shared as Lists : { seen: false };
    let itemsKind = I_NONE, nextKind, itemsAt, nextAt;
    switch (preset) {
      case undefined: break;
      case "dynamodb": itemsKind = I_PATH; itemsAt = ["Items"]; nextKind = N_PATH; nextAt = ["LastEvaluatedKey"]; break;
      case "aws": nextKind = N_AWS; break;
      case "keyset": itemsKind = I_PATH; itemsAt = ["items"]; nextKind = N_KEYSET; break;
      case "relay": itemsKind = I_RELAY; nextKind = N_RELAY; break;
      case "link": itemsKind = I_WHOLE; nextKind = N_LINK; break;
      default: throw makeArgumentError(false, `unknown preset "${preset}" (dynamodb, aws, keyset, relay, link)`);
    }
    // For messages: where items are found, by whom (a preset's own field, or options.items).
    this.itemsPreset = items === undefined ? preset : undefined;
    if (next !== undefined) {
      nextKind = typeof next === "function" ? N_FUNC : N_PATH;
      nextAt = next;
    } else if (nextKind === undefined) {
      throw makeArgumentError(false, "paginate needs options.preset or options.next to find the next token");
    }
    if (items !== undefined) {
      itemsKind = typeof items === "function" ? I_FUNC : I_PATH;
      itemsAt = items;
    }
    if (itemKey !== undefined && itemsKind === I_NONE) throw makeArgumentError(false, "options.itemKey needs options.items");
    this.itemsKind = itemsKind;
    this.itemsAt = itemsAt;
    // With itemKey every page's items are read once, with their keys (see keysOf); the keys
    // of a resumed page go to the core, and the key of the last item received when the
    // consumer stops inside a page.
    this.itemKey = itemKey;
    this.keyed = new Map(); // requests whose page the core wants with its keys (1) or item forms (2)
    this.nextKind = nextKind;
    this.nextAt = nextAt;
    this.moreAt = more;
    this.link = preset === "link";
    this.aws = preset === "aws";
    // A reader without user functions or a response body reads a page without awaiting.
    this.syncRead = !this.link && itemsKind !== I_FUNC && nextKind !== N_FUNC && typeof more !== "function";
    // Some location is read by a path or a preset: a fetch Response there would read as a page
    // with nothing in it (a forgotten `.json()`).
    this.pathRead = !this.link
      && (this.root !== undefined || itemsKind === I_PATH || itemsKind === I_RELAY || nextKind !== N_FUNC || isArray(more));

    const retry = get(options, "retry");
    // A misplaced value (`retry: 3`) would otherwise be ignored: default retries instead.
    if (retry !== undefined && !isObject(retry)) throw notAnObject(retry, "options.retry");
    const retries = integer(retry, "retries", "options.retry.retries", 0, 4294967295);
    const baseDelayMs = count(retry, "baseDelayMs", "options.retry.baseDelayMs");
    const maxDelayMs = count(retry, "maxDelayMs", "options.retry.maxDelayMs");
    const retryable = get(retry, "retryable");
    if (retryable !== undefined && typeof retryable !== "function") {
      throw makeArgumentError(false, "options.retry.retryable must be a function");
    }
    this.retryable = retryable;
    const segments = integer(options, "segments", "options.segments", 1, MAX_SEGMENTS);
    const one = get(options, "segment");
    let segment, total;
    if (one !== undefined) {
      if (segments !== undefined) throw makeArgumentError(false, "options.segments and options.segment exclude each other");
      if (!isObject(one)) throw makeArgumentError(false, "options.segment must be { segment, total }");
      const s = get(one, "segment");
      // DynamoDB's range for TotalSegments; walking one segment costs one chain.
      total = optionalWhole(get(one, "total"), "options.segment.total", 1, 1000000);
      segment = optionalWhole(s, "options.segment.segment", 0, total === undefined ? 0 : total - 1);
      if (segment === undefined || total === undefined) {
        throw makeArgumentError(false, "options.segment must be { segment, total }");
      }
    } else {
      total = segments;
    }
    this.totalSegments = total;
    const scope = get(options, "scope");
    const onSame = get(options, "onSameToken");
    if (onSame !== undefined && onSame !== "error" && onSame !== "stop") {
      // Any other value (`true`, a typo's symbol…) would silently mean "error".
      throw makeArgumentError(false, typeof onSame === "string"
        ? `options.onSameToken must be "error" or "stop", not "${onSame}"`
        : 'options.onSameToken must be "error" or "stop"');
    }
    const maxItems = count(options, "maxItems");
    if (maxItems !== undefined && itemsKind === I_NONE) throw makeArgumentError(false, "options.maxItems needs options.items");
    const maxPages = count(options, "maxPages");
    const maxRequests = count(options, "maxRequests");
    const timeLimitMs = count(options, "timeLimitMs");
    const minIntervalMs = count(options, "minIntervalMs");
    // The core's bound on pages fetched ahead per segment.
    const prefetch = integer(options, "prefetch", "options.prefetch", 0, 1024);
    // The wasm codec of options.codec (a TypeError for anything but a live CursorCodec).
    const codec = codecOption(get(options, "codec"), false);
    const resumeToken = get(options, "resumeToken");
    const startToken = resumeToken === undefined ? get(options, "startToken") : undefined;
    if (typeof AbortController !== "function") throw makeArgumentError(false, "paginate needs AbortController");
    const userSignal = get(options, "signal");
    // Anything but an AbortSignal would be ignored, and the walk could then not be aborted; a
    // look-alike could fake its `aborted`.
    if (userSignal !== undefined && !isSignal(userSignal)) {
      throw makeArgumentError(false, "options.signal must be an AbortSignal");
    }
    this.pageSize = integer(options, "pageSize", "options.pageSize", 1, MAX_SAFE);
    const scopeCopy = scope === undefined ? undefined : scopeForm(scope);
    let start, startCopy;
    if (startToken !== undefined) {
      startCopy = tokenForm(startToken);
      if (startCopy === TOO_LARGE) throw makeArgumentError(true, `options.startToken is larger than ${TOKEN_SIZE} units`);
      if (startCopy !== END) start = startToken;
      else startCopy = undefined;
    }
    if (check) {
      // What the core's constructor refuses of the scope copy (and the codec) is checked by
      // the caller, crates/pagecursor-wasm/src/infinite.rs.
      this.scopeCopy = scopeCopy;
      return;
    }
    // A cut page (maxItems, or the first page of a resumed walk) is copied for a page
    // consumer from what its read found (see read).
    this.mayCut = maxItems !== undefined || resumeToken !== undefined;
    this.itemsMode = false; // set by the item consumer's first pull
    this.orders = new Orders();
    // The numbers cross as one Float64Array, each at the place the core names for it
    // (WalkSetting); NaN where an option is absent.
    const numbers = new Float64Array(WalkSetting.Count).fill(NaN);
    const set = (at: WalkSetting, n: number | undefined) => {
      if (n !== undefined) numbers[at] = n;
    };
    set(WalkSetting.MaxItems, maxItems);
    set(WalkSetting.MaxPages, maxPages);
    set(WalkSetting.MaxRequests, maxRequests);
    set(WalkSetting.TimeLimitMs, timeLimitMs);
    set(WalkSetting.MinIntervalMs, minIntervalMs);
    set(WalkSetting.Prefetch, prefetch);
    set(WalkSetting.Retries, retries);
    set(WalkSetting.BaseDelayMs, baseDelayMs);
    set(WalkSetting.MaxDelayMs, maxDelayMs);
    set(WalkSetting.StopOnSameToken, onSame === "stop" ? 1 : 0);
    // Tokens with no form (a cyclic object, say) take no part in the core's cycle detection:
    // the same object handed back again is caught by its identity (see onPage).
    this.sameStop = onSame === "stop";
    this.formless = new WeakSet();
    set(WalkSetting.Segment, segment);
    set(WalkSetting.Total, total);
    this.core = new PaginatorCore(this.orders, numbers, scopeCopy, codec, resumeToken, start, startCopy);
    this.fetchPage = fetchPage as UserFetch; // a function (checked first): any user function
    this.controller = new AbortController();
    this.signal = this.controller.signal;
    this.userSignal = userSignal;
    this.listener = undefined;
    // Both listeners decide by `aborted`: an `abort` Event dispatched without aborting (on
    // the user's signal, or on ctx.signal by fetchPage) changes nothing. Neither is `once`:
    // such an event would remove it before the real abort. The user's signal keeps only the
    // controller, so that a walk left unfinished can still be collected.
    if (userSignal !== undefined) {
      const controller = this.controller;
      this.listener = () => {
        if (isAborted(userSignal)) controller.abort();
      };
      apply(listen!, userSignal, ["abort", this.listener]); // isSignal found `listen`
    }
    // `halted` mirrors `signal.aborted` as a plain field: the item fast path and the per-page
    // checks read it (the getter validates its receiver each time). This listener is the
    // signal's first, so it runs before any other.
    this.halted = false;
    const signal = this.signal;
    signal.addEventListener("abort", () => {
      if (!this.halted && isAborted(signal)) {
        this.halted = true;
        // After the abort's dispatch: a waiting page consumer pulls in its waker, and the
        // walk must not stop inside the user's `abort()` call.
        queueMicrotask(() => this.wake());
      }
    });
    this.mayWait = this.core.is(WalkState.PagesMayWait);
    this.flightId = 0;
    this.onFetched = (page) => this.settled(this.flightId, page);
    this.onFetchFailed = (err) => this.fetchFailed(this.flightId, err);
    this.hasLimit = timeLimitMs !== undefined;
    // The request pullNow says goes out next (id; 0: none) and its token, issued by flush.
    this.nextId = 0;
    this.nextToken = undefined;
    this.clock = true; // read the clock until the core says it does not matter
    this.clockKnown = false;
    // Pages until handed out: one in the slot (no entry object, no map: the usual case), the
    // others (prefetch, segments) in the map, request id -> { page, items, along }.
    this.slotId = 0; // 0: empty (request ids start at 1)
    this.slotPage = undefined;
    this.slotItems = undefined;
    this.slotAlong = undefined;
    this.slotKeys = undefined;
    this.pages = new Map();
    this.tItems = undefined; // the items of the page `take` returned
    this.tAlong = undefined; // and what its cut copy is made of
    this.tKeys = undefined; // and its item keys (with itemKey)
    // A page in the slot not yet reported to the core (see onPage): its id (0: none), length,
    // next token and has-more flag.
    this.pId = 0;
    this.pLen = 0;
    this.pNext = undefined;
    this.pMore = undefined;
    this.timers = new Set();
    this.wakers = [];
    this.limitTimer = undefined;
    this.fetchError = undefined;
    this.fetchText = undefined;
    this.final = undefined; // [resumeToken, stopReason, stats] once the core is freed
    this.abortReported = false;
    this.fresh = true; // a bad resumeToken rejects the first pull
    this.endedMs = undefined; // when the walk ended (stats freeze then)
    this.lastSegment = undefined;
    // The page the item consumer is in: its items, the next index, the end; `taken` items
    // handed out since the core was last told.
    this.items = null;
    this.index = 0;
    this.end = 0;
    this.taken = 0;
    // With itemKey: the keys of the page the consumer is in (the page consumer's too, for a
    // cut page), of which `index` items were received.
    this.keys = undefined;
    // The items of the page the consumer stands in, kept after it was handed out (for the
    // anchor without itemKey: see tell).
    this.shown = undefined;
    // What a page read found.
    this.rLen = 0;
    this.rItems = undefined;
    this.rNext = undefined;
    this.rForm = undefined;
    this.rMore = undefined;
    this.rAlong = undefined;
    this.rRoot = undefined;
    this.rKeys = undefined;
  }

  // --- requests ---
  now() {
    return this.clock ? Date.now() : 0;
  }

  // Issues what the core asked for: the request pullNow named, then the orders' queue. Called
  // after the consumer took its page: fetchPage may call back into the walk.
  flush() {
    const orders = this.orders;
    if (this.nextId !== 0) {
      const id = this.nextId;
      const token = this.nextToken;
      this.nextId = 0;
      this.nextToken = undefined;
      this.call(id, token, 1, 0);
    }
    for (let r = orders.first; r !== null; r = orders.first) {
      orders.first = r.next;
      if (orders.first === null) orders.last = null;
      if (r.keys !== 0) this.keyed.set(r.id, r.keys);
      this.start(r.id, r.token, r.attempt, r.segment, r.delay);
    }
  }

  start(id: number, token: unknown, attempt: number, segment: number, delay: number): void {
    if (delay > 0) {
      const timer = new Timer(() => {
        this.timers.delete(timer);
        if (this.core !== null && !this.halted && !this.core.is(WalkState.Stopping)) this.call(id, token, attempt, segment);
      }, delay);
      this.timers.add(timer);
      return;
    }
    this.call(id, token, attempt, segment);
  }

  call(id: number, token: unknown, attempt: number, segment: number): void {
    const signal = this.signal;
    const pageSize = this.pageSize;
    const total = this.totalSegments;
    // Literals (no `delete`): every ctx of a walk shares one object shape. A walk goes
    // forward: only a list loading before where it opened fetches backward.
    const direction = "forward" as const;
    const ctx = total === undefined
      ? pageSize === undefined ? { signal, attempt, direction } : { signal, pageSize, attempt, direction }
      : pageSize === undefined ? { signal, attempt, segment, totalSegments: total, direction }
        : { signal, pageSize, attempt, segment, totalSegments: total, direction };
    // Called as a plain function: a `call` property of the user's function is never read.
    const fetchPage = this.fetchPage;
    let page: unknown;
    try {
      page = fetchPage(token, ctx);
    } catch (err) {
      this.later(id, FETCH_FAILED, err);
      return;
    }
    let then: unknown;
    if (isObject(page) || typeof page === "function") {
      try {
        then = (page as Fields).then;
      } catch (err) {
        // F4: a page (not a promise) whose reads throw cannot be read.
        this.later(id, BAD_PAGE, err);
        return;
      }
    }
    if (typeof then !== "function") {
      // A page returned as is: settled asynchronously too, without probing `then` again.
      queueMicrotask(() => this.settled(id, page));
      return;
    }
    if (this.mayWait) {
      // One chain (the core's answer): one request in flight at a time, so the walk's two
      // handlers serve every request (no closures per request).
      this.flightId = id;
      Promise.resolve(page).then(this.onFetched, this.onFetchFailed);
      return;
    }
    Promise.resolve(page).then(
      (page) => this.settled(id, page),
      (err) => this.fetchFailed(id, err),
    );
  }

  fetchFailed(id: number, err: unknown): void {
    if (!this.halted && this.core !== null) this.failed(id, FETCH_FAILED, err);
  }

  later(id: number, kind: WalkFailure, err: unknown): void {
    queueMicrotask(() => {
      if (!this.halted && this.core !== null) this.failed(id, kind, err);
    });
  }

  settled(id: number, page: unknown): void {
    if (this.halted || this.core === null) return; // the walk stopped: dropped
    if (this.syncRead) {
      let bad: BadPage | undefined;
      try {
        bad = this.read(page, undefined);
      } catch (err) {
        bad = new BadPage("", err);
      }
      if (bad !== undefined) {
        this.rItems = this.rNext = this.rForm = this.rAlong = this.rRoot = this.rKeys = undefined;
        this.failed(id, BAD_PAGE, bad.cause);
        return;
      }
      const { rItems: items, rNext: next, rForm: form, rAlong: along, rKeys: keys } = this;
      this.rItems = this.rNext = this.rForm = this.rAlong = this.rKeys = undefined;
      this.onPage(id, page, this.rLen, items, next, form, this.rMore, along, keys);
      return;
    }
    this.readAsync(page).then(
      (read) => {
        if (this.halted || this.core === null) return;
        if (read instanceof BadPage) this.failed(id, BAD_PAGE, read.cause);
        else this.onPage(id, read.page, read.len, read.items, read.next, read.form, read.more, read.along, read.keys);
      },
      (err) => {
        // A non-2xx response of the link preset: a fetch failure, the response the error.
        if (!this.halted && this.core !== null) this.failed(id, FETCH_FAILED, err);
      },
    );
  }

  // The value at options.root of a page (the page itself without a root) into rRoot, and the
  // objects along the items path so far into rAlong; a BadPage when the page has nothing at
  // root, or is a fetch Response read by a path.
  rootOf(body: unknown): BadPage | undefined {
    // A missing or primitive page must not read as "no next token": that would end the walk
    // silently.
    if (!isObject(body)) return new BadPage("fetchPage resolved with no page object");
    if (this.pathRead && isResponse(body)) return new BadPage(RESPONSE_HINT);
    // With cuts possible: the objects along the items path and its keys, then the list.
    const along = this.mayCut && this.itemsKind !== I_NONE && this.itemsKind !== I_FUNC ? [] : undefined;
    let root: unknown = body;
    if (this.root !== undefined) {
      root = at(body, this.root, along);
      if (root === undefined || root === null) return new BadPage(`nothing at ${named("root", this.root)}`);
    }
    this.rRoot = root;
    this.rAlong = along;
    return undefined;
  }

  // Reads a page into rLen/rItems/rNext/rForm/rMore/rAlong; a BadPage when it cannot be read.
  // `values` holds what user functions returned (async reader): [items, next, more, link],
  // after `rootOf` found `root` and `along`. Every field is read once: a cut copy (see
  // cutCopy) is made of what this read found. Nothing that looks wrong reads as a short page
  // or an end: a configured items location holding `undefined`, a has-more flag saying true
  // with no next token.
  // (Each location field holds what its kind says: a path for I_PATH, N_PATH and a `more`
  // that is no function; `values` is given exactly when one of them is a function or the
  // preset is link. The casts below say so; tsc cannot follow the kind to the field.)
  read(body: unknown, values: unknown[] | undefined, root?: unknown, along?: unknown[]): BadPage | undefined {
    if (values === undefined) {
      const bad = this.rootOf(body);
      if (bad !== undefined) return bad;
      root = this.rRoot;
      along = this.rAlong;
      this.rRoot = undefined;
    }
    let items, list, info;
    const kind = this.itemsKind;
    switch (kind) {
      case I_NONE: break;
      case I_PATH: items = list = at(root, this.itemsAt as Path, along); break;
      case I_FUNC: items = values![0]; break;
      case I_WHOLE: items = list = root; break;
      default: {
        const edges = get(root, "edges");
        if (isArray(edges)) {
          // Each edge read once: the cut copy of a page is made of these (see below).
          const own = [];
          items = [];
          for (let i = 0, n = edges.length; i < n; i++) {
            const edge = edges[i];
            own.push(edge);
            items.push(get(edge, "node"));
          }
          list = own;
          along?.push(root, "edges");
        } else {
          items = list = get(root, "nodes");
          along?.push(root, "nodes");
          if (edges === undefined && items === undefined) {
            if (this.root === undefined && (info = get(root, "pageInfo")) === undefined) return new BadPage(RELAY_ROOT);
            return new BadPage(`nothing at "edges" or "nodes"${this.root === undefined ? "" : ` under ${named("root", this.root)}`} (preset "relay")`);
          }
        }
      }
    }
    let len = 0;
    if (kind !== I_NONE) {
      // `null` is an empty page; `undefined` a location that is not there (a typo, a
      // forgotten root, an error body): never a silent empty page.
      // Services that leave out empty lists (S3 without Contents on a page of only
      // CommonPrefixes, proto3 JSON): under preset aws, or once an earlier page of this walk
      // (or list) held a list there, an absent list is an empty page. A typo is absent on
      // every page, so it still fails on the first; a body of another shape (an array, a
      // path broken before its last name) is no page with a list left out.
      if (items === undefined && kind === I_PATH && (this.aws || this.lists.seen) && leftOut(root, this.itemsAt as Path)) items = null;
      if (items === undefined) {
        if (kind === I_FUNC) return new BadPage("options.items returned undefined");
        const at = named("items", this.itemsAt as Path, this.itemsPreset);
        // (An items function receives the value at root: the path under it.)
        const path = (this.itemsAt as Path).join("?.");
        return new BadPage(`nothing at ${this.root === undefined ? at : `${at} under ${named("root", this.root)}`}; if the service leaves out empty lists, use items: (page) => page.${path} ?? [] (or preset "aws" for AWS APIs)`);
      }
      this.lists.seen = true;
      if (items === null) items = EMPTY;
      else if (!isArray(items)) return new BadPage("the items of a page are not an array");
      len = items.length;
      if (typeof len !== "number") return new BadPage("the items of a page are not an array");
      // A bound on the work one page can ask for: a Proxy claiming 2^31 items would be read
      // item by item for minutes, with no timer or I/O in between.
      if (len > MAX_PAGE_ITEMS) return new BadPage(`a page of ${len} items is more than ${MAX_PAGE_ITEMS}`);
    }
    let next, more, truncated;
    const moreAt = this.moreAt;
    if (moreAt !== undefined) more = typeof moreAt === "function" ? values![2] : at(root, moreAt as Path, undefined);
    // Preset aws: IsTruncated, when present, is the has-more flag (also with options.next).
    if (this.aws) {
      truncated = get(root, "IsTruncated");
      if (moreAt === undefined && typeof truncated === "boolean") more = truncated;
    }
    switch (this.nextKind) {
      case N_PATH: next = at(root, this.nextAt as Path, undefined); break;
      case N_FUNC: next = values![1]; break;
      case N_KEYSET: next = firstOf(root, KEYSET_NEXT); break;
      case N_RELAY:
        if (info === undefined) info = get(root, "pageInfo");
        // Without pageInfo the walk could only end here, after one page.
        if (info === undefined) {
          // Items found at the top (preset relay) say the connection is there: only pageInfo is missing.
          return new BadPage(this.root === undefined && kind !== I_RELAY ? RELAY_ROOT
            : `nothing at "pageInfo"${this.root === undefined ? "" : ` under ${named("root", this.root)}`} (preset "relay")`);
        }
        next = get(info, "endCursor");
        if (moreAt === undefined) more = get(info, "hasNextPage");
        break;
      case N_AWS:
        next = firstOf(root, AWS_NEXT);
        if (next === undefined && truncated === true) {
          // IAM answers with `Marker` (its request parameter too); S3 ListObjects (v1) echoes
          // the request's `Marker` and gives no next one without a Delimiter.
          if (get(root, "Contents") !== undefined) {
            return new BadPage('S3 ListObjects (v1) without a Delimiter gives no NextMarker: use ListObjectsV2 (preset "aws" follows NextContinuationToken), or next: (page) => page.Contents.at(-1).Key and send it as Marker');
          }
          next = get(root, "Marker");
        }
        break;
      default: next = values![3];
    }
    const form = tokenForm(next);
    if (form === TOO_LARGE) return new BadPage(`the next token of a page is larger than ${TOKEN_SIZE} units`);
    if (form === END && more !== undefined && more) return new BadPage(`the page says there is more (${this.moreName()} is ${more === true ? "true" : "truthy"}) but has no next token ${this.nextName()}`);
    let keys: unknown[] | undefined;
    if (this.itemKey !== undefined) {
      // Each item read once, here, with its key: the consumer then gets the items whose keys
      // these are (a getter on the list would answer differently later), and a cut copy is
      // made of them too.
      const own = [];
      keys = [];
      for (let i = 0; i < len; i++) {
        const item = (items as unknown[])[i];
        own.push(item);
        const bad = this.keyOf(item, i, keys);
        if (bad !== undefined) return bad;
      }
      if (list === items) list = own;
      items = own;
    } else if (len !== 0 && kind !== I_RELAY && (this.itemsMode || this.mayCut)) {
      // Each item read once, when the page arrives: what the item consumer gets, and the cut
      // copy of a page, are these, whatever the list (a getter, a Proxy, a caller that changes
      // the array while it iterates) answers later. (A page consumer of whole pages gets the
      // page itself and no item is read: no copy for it.)
      const own = new Array(len);
      for (let i = 0; i < len; i++) own[i] = (items as unknown[])[i];
      if (list === items) list = own;
      items = own;
    }
    along?.push(list);
    this.rLen = len;
    this.rItems = items as unknown[] | undefined; // an array (checked above), or none (I_NONE)
    this.rNext = form === END ? undefined : next;
    this.rForm = form === END ? undefined : form;
    this.rMore = more === undefined ? undefined : Boolean(more);
    this.rAlong = along;
    this.rKeys = keys;
    return undefined;
  }

  // Appends the key of `item` (the i-th of its page) to `keys`, as the driver's copy; a
  // BadPage when it has none (undefined or null: no item can be found again by it) or one
  // that is no cursor value. A throwing itemKey function or getter throws out of here.
  keyOf(item: unknown, i: number, keys: unknown[]): BadPage | undefined {
    const path = this.itemKey!; // keyOf runs only with options.itemKey
    const key = typeof path === "function" ? apply(path, undefined, [item]) : at(item, path, undefined);
    const name = typeof path === "function" ? "options.itemKey" : `options.itemKey "${path.join(".")}"`;
    if (key === undefined || key === null) {
      return new BadPage(typeof path === "function" ? `options.itemKey returned ${key} for item ${i} of the page`
        : `item ${i} of the page has no key at ${name} (${key})`);
    }
    const copy = copyOf(key, true, false);
    if (copy === TOO_LARGE) return new BadPage(`the key of item ${i} of the page (${name}) is larger than ${TOKEN_SIZE} units`);
    if (copy === NOT_PLAIN || !carriable(copy, 0)) return new BadPage(`the key of item ${i} of the page (${name}) is not a cursor value`);
    keys.push(copy);
    return undefined;
  }

  // Where the has-more flag and the next token were looked for, in words.
  moreName(): string {
    const moreAt = this.moreAt;
    if (typeof moreAt === "function") return "options.more";
    if (moreAt !== undefined) return named("more", moreAt as Path);
    return this.nextKind === N_RELAY ? '"pageInfo.hasNextPage" (preset "relay")' : '"IsTruncated" (preset "aws")';
  }

  nextName(): string {
    switch (this.nextKind) {
      case N_PATH: return `at ${named("next", this.nextAt as Path)}`;
      case N_FUNC: return "from options.next";
      case N_KEYSET: return `at any of ${KEYSET_NEXT.join(", ")} (preset "keyset")`;
      case N_RELAY: return 'at "pageInfo.endCursor" (preset "relay")';
      case N_AWS: return `at any of ${AWS_NEXT.join(", ")}, Marker (preset "aws")`;
      default: return 'in the Link header (preset "link")';
    }
  }

  // The reader with user functions or a link response: resolves with the page the consumer
  // gets with what was read in it, or a BadPage; rejects with a failed response. A function
  // receives the value at options.root and the whole page.
  async readAsync(response: unknown): Promise<PageRead | BadPage> {
    let page = response;
    let link: string | undefined;
    if (this.link) {
      // A fake Response (an object made from Response.prototype, a Proxy) throws here: it is
      // no Response, not a failed request.
      let status: unknown;
      try {
        status = get(response, "status");
      } catch {}
      if (typeof status !== "number") {
        return new BadPage('with preset "link", fetchPage must return a fetch Response');
      }
      if (!(status >= 200 && status < 300)) throw response;
      try {
        const headers = get(response, "headers");
        const getHeader = get(headers, "get");
        const header = typeof getHeader === "function" ? apply(getHeader, headers, ["link"]) : undefined;
        if (typeof header === "string" && header.length > TOKEN_SIZE) {
          return new BadPage(`the Link header of a response is longer than ${TOKEN_SIZE} characters`);
        }
        const target = typeof header === "string" ? PaginatorCore.nextLink(header) : undefined;
        if (target !== undefined) {
          const base = get(response, "url");
          link = new URL(target, typeof base === "string" && base !== "" ? base : undefined).href;
        }
        const json = get(response, "json");
        if (typeof json !== "function") return new BadPage("the response has no json() method");
        page = await apply(json, response, []);
      } catch (err) {
        return new BadPage("", err);
      }
    }
    const values: unknown[] = [undefined, undefined, undefined, link];
    try {
      const bad = this.rootOf(page);
      if (bad !== undefined) return bad;
      const root = this.rRoot, along = this.rAlong;
      this.rRoot = this.rAlong = undefined;
      const args = [root, page];
      // (A function's kind says its field holds that function.)
      if (this.itemsKind === I_FUNC) values[0] = await apply(this.itemsAt as Function, undefined, args);
      if (this.nextKind === N_FUNC) values[1] = await apply(this.nextAt as Function, undefined, args);
      if (typeof this.moreAt === "function") values[2] = await apply(this.moreAt, undefined, args);
      const bad2 = this.read(page, values, root, along);
      if (bad2 !== undefined) return bad2;
      // Another page may be read before this one is reported: keep what this read found.
      const read: PageRead = {
        page, len: this.rLen, items: this.rItems, next: this.rNext, form: this.rForm, more: this.rMore,
        along: this.rAlong, keys: this.rKeys,
      };
      this.rItems = this.rNext = this.rForm = this.rAlong = this.rKeys = undefined;
      return read;
    } catch (err) {
      this.rItems = this.rNext = this.rForm = this.rAlong = this.rRoot = this.rKeys = undefined;
      return new BadPage("", err);
    }
  }

  onPage(id: number, page: unknown, len: number, items: unknown[] | undefined, next: unknown, form: unknown, more: boolean | undefined,
    along: unknown[] | undefined, keys: unknown[] | undefined): void {
    if (form === undefined && isObject(next)) {
      // A token with no form that this walk already sent: the service keeps handing back
      // the same object, which would be followed forever. As a repeated token: an error, or
      // with onSameToken "stop" the end, this page's items still handed out.
      if (this.formless.has(next)) {
        if (!this.sameStop) return this.failed(id, REPEATED_TOKEN, undefined);
        next = undefined;
      } else {
        this.formless.add(next);
      }
    }
    const text = typeof next === "string" && WELL_FORMED && next.isWellFormed() ? next : undefined;
    // A resumed page the core skips by its keys is reported now, with them.
    const keyed = this.keyed.size === 0 ? undefined : this.keyed.get(id);
    if (keyed !== undefined) this.keyed.delete(id);
    if (this.mayWait && this.slotId === 0 && keyed === undefined && (next === undefined || text !== undefined)) {
      // The core said a report cannot issue a request here: the page is reported with the
      // consumer's next pull, in the same call (a string token reads the same then, and
      // crosses as text only; an object token is reported now, when it arrives).
      this.slotId = id;
      this.slotPage = page;
      this.slotItems = items;
      this.slotAlong = along;
      this.slotKeys = keys;
      this.pId = id;
      this.pLen = len;
      this.pNext = text;
      this.pMore = more;
      this.wake();
      return;
    }
    // A page resumed at a content anchor goes with its items' JSON forms.
    const anchors = keyed === CONTENT_ANCHOR ? jsonForms(items ?? EMPTY, len) : keyed === undefined ? undefined : keys;
    const kept = this.core!.page(id, len, next, form, more, this.now(), anchors);
    if (kept) {
      if (this.slotId === 0) {
        this.slotId = id;
        this.slotPage = page;
        this.slotItems = items;
        this.slotAlong = along;
        this.slotKeys = keys;
      } else {
        this.pages.set(id, { page, items, along, keys });
      }
    }
    this.flush();
    this.wake();
  }

  failed(id: number, kind: WalkFailure, err: unknown): void {
    let retryable = false, retryAfter: number | undefined, nameRead: unknown = NOT_READ;
    const now = Date.now();
    if (kind === FETCH_FAILED) {
      // Every fact of the error is read once, here (docs/security.md, "Threat model"): a
      // getter or Proxy trap that throws leaves the error unclassified (so not retried) or
      // without a server-given wait; the walk's error keeps it as its cause.
      try {
        if (this.retryable !== undefined) {
          retryable = Boolean(apply(this.retryable, undefined, [err]));
        } else {
          let status: number | undefined;
          const facts = [get(err, "status"), get(err, "statusCode"), get(get(err, "$metadata"), "httpStatusCode")];
          for (let i = 0; i < facts.length; i++) {
            if (typeof facts[i] === "number") {
              status = facts[i] as number;
              break;
            }
          }
          const n = nameRead = get(err, "name");
          const name = typeof n === "string" && n.length <= MAX_NAME ? n : undefined;
          const hint = Boolean(get(err, "$retryable"));
          // The core's classification, from the facts read here (no user value reaches it).
          retryable = PaginatorCore.retryable(status, name, hint, err instanceof TypeError);
        }
      } catch {
        retryable = false; // an error that cannot be classified is not retried
      }
      try {
        const headers = get(err, "headers");
        const getHeader = get(headers, "get");
        const h = typeof getHeader === "function" ? apply(getHeader, headers, ["retry-after"]) : undefined;
        retryAfter = waitOf(h !== undefined && h !== null ? h : get(err, "retryAfter"), now);
      } catch {
        retryAfter = undefined;
      }
    }
    const action = this.core!.fail(id, kind, retryable, retryAfter, Math.random(), now);
    if (action === AfterFailure.Fail) {
      this.fetchError = err;
      this.fetchText = describe(err, nameRead);
    }
    this.flush();
    if (action === AfterFailure.Fail || action === AfterFailure.Stop) {
      // Requests of other segments are aborted; the resume state is the consumer's
      // position, so nothing they fetched is lost.
      this.controller.abort();
      this.wake();
    }
  }

  // --- consumers ---
  wake() {
    if (this.limitTimer !== undefined) {
      this.limitTimer.cancel();
      this.limitTimer = undefined;
    }
    const wakers = this.wakers;
    if (wakers.length === 0) return;
    // A new list before any runs: a waker may wait again while this one is being run.
    this.wakers = [];
    for (let i = 0; i < wakers.length; i++) wakers[i]();
  }

  // Resolves when a request reports, the walk's signal aborts, or the time limit passes.
  wait(): Promise<void> {
    return new Promise<void>((resolve) => this.onWake(resolve));
  }

  // Calls `fn` once when a request reports, the walk's signal aborts, or the time limit
  // passes (in a microtask when the walk is already aborted).
  onWake(fn: () => void): void {
    if (this.halted || this.userAborted()) {
      queueMicrotask(fn);
      return;
    }
    this.wakers.push(fn);
    if (this.hasLimit && this.limitTimer === undefined && this.core !== null) {
      // Wake up at the limit too, to stop at this page boundary.
      const left = this.core.timeLeft(Date.now());
      this.limitTimer = new Timer(() => {
        this.limitTimer = undefined;
        this.wake();
      }, Math.max(left, 0) + 1);
    }
  }

  // Tells the core about the items handed out since it last heard.
  sync() {
    if (this.core === null) this.taken = 0;
    else if (this.taken > 0) {
      const n = this.taken;
      this.taken = 0;
      this.tell(this.core, n);
    }
  }

  // Tells the core that the consumer took `n` more items, with the anchor of its position
  // when it stands inside a page: the last item's key with itemKey, else the JSON forms of
  // the page's items up to it (the core keeps the last one's digest). Only a consumer that
  // stops inside a page pays for the forms.
  tell(core: PaginatorCore, n: number): void {
    const i = this.index;
    if (!this.inside()) core.consume(n, undefined, false);
    else if (this.keys !== undefined) core.consume(n, this.keys[i - 1], false);
    else core.consume(n, jsonForms(this.shown!, i), true);
  }

  // Whether the consumer stands inside the page it was handed (some of its items received, not
  // all): only then does a resume position need an anchor (a page received to its end needs
  // none). `keys` (with itemKey) and `shown` hold one entry per item of that page.
  inside(): boolean {
    const list = this.keys ?? this.shown;
    return list !== undefined && this.index > 0 && this.index < list.length;
  }

  // The walk's PaginationError; its message says what happened, the cause's words included
  // (`text`: the cause described when its failure was reported).
  error(code: string, message: string, cause: unknown, text = cause === undefined ? "" : describe(cause)): Error {
    return makePaginationError(code, text === "" ? message : `${message}: ${text}`, cause, this.resumeToken());
  }

  resumeToken(): string | undefined {
    this.sync();
    return this.core === null ? this.final![0] : this.core.resumeToken();
  }

  stopReason(): WalkStop | undefined {
    return this.core === null ? this.final![1] : this.core.stopReason();
  }

  stats(): PaginatorStats {
    const s = this.core === null ? this.final![2] : this.core.stats(Date.now());
    return {
      pages: s[WalkStat.Pages]!, items: s[WalkStat.Items]!, emptyPages: s[WalkStat.EmptyPages]!, retries: s[WalkStat.Retries]!,
      requests: s[WalkStat.Requests]!, elapsedMs: s[WalkStat.ElapsedMs]!, anchorMisses: s[WalkStat.AnchorMisses]!,
    };
  }

  // A stopped walk no longer changes: keep what the getters show and free the core now
  // (waiting for the garbage collector would let wasm memory grow with every paginator).
  // (Called by shutDown, with the core live and `endedMs` set.)
  release(): void {
    const core = this.core!;
    this.final = [core.resumeToken(), core.stopReason(), core.stats(this.endedMs!)];
    this.core = null;
    core.free();
  }

  // Aborts every request in flight and every wait, and detaches from the user's signal. The
  // walk is final (core freed) before any user code can run: the abort runs the listeners
  // of ctx.signal, which may call back into the walk.
  shutDown(): void {
    const core = this.core;
    if (core === null) return;
    if (this.endedMs === undefined) this.endedMs = Date.now();
    for (const t of this.timers) t.cancel();
    this.timers.clear();
    this.pages.clear();
    this.pId = 0;
    this.pNext = undefined;
    this.slotId = 0;
    this.slotPage = this.slotItems = this.slotAlong = this.slotKeys = undefined;
    this.keyed.clear();
    this.orders.first = this.orders.last = null;
    this.nextId = 0;
    this.nextToken = undefined;
    // A walk that ended with nothing in flight skips the abort: it would mint a
    // DOMException for no listener.
    const abort = !core.is(WalkState.EndedIdle);
    this.release();
    if (this.listener !== undefined) {
      apply(unlisten!, this.userSignal, ["abort", this.listener]); // isSignal found it
      this.listener = undefined;
    }
    if (abort) this.controller.abort();
    this.wake();
  }

  // One attempt at the next page: true (dId… say which), false (wait), or DONE; throws the
  // walk's error. Runs no user code: what the core asked to fetch waits for flush, after the
  // caller took its page.
  pullNow(whole: boolean): boolean | typeof DONE {
    const core = this.core;
    if (this.fresh) {
      this.fresh = false;
      const initError = core === null ? undefined : core.takeInitError();
      if (initError !== undefined) {
        core!.stop("error"); // an init error comes from a core
        this.shutDown();
        throw makePaginationError("bad_resume_token", initError, undefined, undefined);
      }
    }
    if (core === null) {
      if (!this.userAborted() || this.abortReported || this.final![1] === "end") return DONE;
      this.abortReported = true;
      throw this.error("aborted", "the walk was aborted", this.abortReason());
    }
    if (this.userAborted() && core.stopReason() !== "end") {
      this.sync();
      core.stop("aborted");
      this.shutDown();
      if (this.abortReported) return DONE;
      this.abortReported = true;
      throw this.error("aborted", "the walk was aborted", this.abortReason());
    }
    let taken = this.taken;
    this.taken = 0;
    if (taken > 0) {
      // A page left inside (cut by maxItems): its anchor goes with the count.
      if (this.inside()) {
        this.tell(core, taken);
        taken = 0;
      }
    }
    let answer, reported = 0;
    if (this.pId !== 0) {
      const id = reported = this.pId;
      const text = this.pNext;
      this.pId = 0;
      this.pNext = undefined;
      if (text !== undefined) this.orders.held = text;
      answer = core.pullWith(this.now(), taken, whole, id, this.pLen, text, this.pMore);
    } else {
      answer = core.pull(this.now(), taken, whole);
    }
    if (!this.clockKnown) {
      this.clockKnown = true;
      this.clock = core.is(WalkState.NeedsClock);
    }
    switch (answer) {
      case SENT:
        // The common step without prefetch: the consumer asked, and the next request goes out.
        this.nextId = core.requestId;
        this.nextToken = this.orders.held;
        return false;
      case WAIT:
        return false;
      case WHOLE_PAGE:
      case REPORTED_PAGE: {
        // What `deliver` would have said for a whole page (only the page consumer gets this):
        // the page of request `requestId`, or the one pullWith just reported.
        const orders = this.orders;
        orders.dId = answer === REPORTED_PAGE ? reported : core.requestId;
        orders.dSegment = 0;
        orders.dCut = false;
      }
      // falls through
      case PAGE:
        if (this.totalSegments !== undefined) this.lastSegment = this.orders.dSegment;
        return true;
    }
    // Read before shutDown frees the core.
    const failure = answer === FAILED ? core.failure : undefined;
    this.shutDown();
    if (failure === undefined) return DONE;
    const cause = this.fetchError, text = this.fetchText;
    this.fetchError = this.fetchText = undefined;
    throw this.error(failure, FAILURE_MESSAGE[failure], cause, text);
  }

  // The delivered page, taken out of the waiting room.
  // Returns the page; its items are in tItems (and what a cut copy needs in tAlong).
  take(): unknown {
    const id = this.orders.dId;
    if (this.slotId === id) {
      const page = this.slotPage;
      this.tItems = this.slotItems;
      this.tAlong = this.slotAlong;
      this.tKeys = this.slotKeys;
      this.slotId = 0;
      this.slotPage = this.slotItems = this.slotAlong = this.slotKeys = undefined;
      return page;
    }
    // The delivered page is in the slot or the map (the core delivers only pages reported).
    const entry = this.pages.get(id)!;
    this.pages.delete(id);
    this.tItems = entry.items;
    this.tAlong = entry.along;
    this.tKeys = entry.keys;
    return entry.page;
  }

  // `next()` of the page iterator: a page that is there settles it at once, without an async
  // function.
  nextPage(): Promise<Step> {
    return new Promise((resolve, reject) => this.stepPage(resolve, reject));
  }

  // Settles the consumer's promise with the next page (or DONE, or the walk's error), now or
  // once the walk moves: the waker pulls itself, so a page that arrives reaches the consumer in
  // the same microtask (no async function and no second promise per page).
  stepPage(resolve: (step: Step) => void, reject: (err: unknown) => void): void {
    try {
      const r = this.pullNow(true);
      if (r === DONE) return resolve(DONE);
      if (r) {
        const result = this.pageResult();
        this.flush();
        return resolve(result);
      }
      this.flush();
    } catch (err) {
      return reject(err);
    }
    this.onWake(() => this.stepPage(resolve, reject));
  }

  // The page for a page consumer: a cut one as its copy, reported taken once it is made (a
  // copy that cannot be made is bad_page, and the resume token stays before the page).
  pageResult(): Step {
    const orders = this.orders;
    const page = this.take();
    const along = this.tAlong;
    const keys = this.tKeys;
    const items = this.tItems;
    this.tItems = this.tAlong = this.tKeys = undefined;
    this.keys = undefined;
    this.shown = undefined;
    if (!orders.dCut) return { value: page, done: false };
    let value = page;
    if (along !== undefined) {
      try {
        value = cutCopy(along, orders.dSkip, orders.dTake);
      } catch (err) {
        const e = this.error("bad_page", FAILURE_MESSAGE.bad_page, err);
        if (this.core !== null) {
          this.core.stop("error");
          this.shutDown();
        }
        throw e;
      }
    }
    this.taken += orders.dTake;
    // Where the page consumer stands in the page, for the anchor (see tell).
    this.keys = keys;
    this.shown = items;
    this.index = orders.dSkip + orders.dTake;
    return { value, done: false };
  }

  // Moves the item consumer to the next page: true, false (wait), or DONE.
  nextItems(): boolean | typeof DONE {
    this.itemsMode = true;
    const r = this.pullNow(false);
    if (r !== true) {
      if (r === false) this.flush();
      return r;
    }
    this.take();
    const items = this.tItems;
    this.keys = this.tKeys;
    this.tItems = this.tAlong = this.tKeys = undefined;
    if (items === undefined) {
      this.core!.stop("error"); // the pull delivered a page: the core lives
      this.shutDown();
      throw makeArgumentError(false, "items() needs options.items (or a preset that knows where items are)");
    }
    this.items = items;
    this.shown = items;
    this.index = this.orders.dSkip;
    this.end = this.orders.dSkip + this.orders.dTake;
    this.flush();
    return true;
  }

  // An item of the current page; a throwing read (a Proxy) fails the walk with bad_page.
  item(i: number): unknown {
    try {
      return this.items![i]; // the item consumer's page (nextItem checked)
    } catch (err) {
      this.items = null;
      const e = this.error("bad_page", FAILURE_MESSAGE.bad_page, err);
      if (this.core !== null) {
        this.core.stop("error");
        this.shutDown();
      }
      throw e;
    }
  }

  // `next()` of the item iterator.
  nextItem(): Promise<Step> {
    // The walk's own signal is aborted by the user's abort too: the slow path then reports it.
    if (this.items !== null && this.index < this.end && !this.halted) {
      try {
        const value = this.item(this.index);
        this.index++;
        this.taken++;
        return Promise.resolve({ value, done: false });
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return this.nextItemSlow();
  }

  // True once the user's signal aborted (read with the intrinsic getter): the rest of the
  // current page is not handed out (the next pull reports `aborted`; the resume token stays
  // after the last item received).
  userAborted(): boolean {
    return this.userSignal !== undefined && isAborted(this.userSignal);
  }

  abortReason(): unknown {
    return signalReason === undefined ? undefined : apply(signalReason, this.userSignal, []);
  }

  async nextItemSlow(): Promise<Step> {
    for (;;) {
      if (this.items !== null && this.index < this.end && !this.userAborted()) {
        const value = this.item(this.index);
        this.index++;
        this.taken++;
        return { value, done: false };
      }
      this.items = null;
      const r = this.nextItems();
      if (r === DONE) return DONE;
      if (!r) await this.wait();
    }
  }

  // `keys` (InfiniteList, with itemKey): receives the key copy of every item returned.
  async toArray(keys?: unknown[]): Promise<unknown[]> {
    const out: unknown[] = [];
    for (;;) {
      if (this.items !== null && !this.userAborted()) {
        // The rest of the page in one go.
        for (let i = this.index; i < this.end; i++) {
          out.push(this.item(i));
          if (keys !== undefined) keys.push(this.keys![i]); // `keys` is given with itemKey
          this.index = i + 1;
          this.taken++;
        }
        this.items = null;
      }
      const r = this.nextItems();
      if (r === DONE) return out;
      if (!r) await this.wait();
    }
  }

  // Called by `break`: stops fetching and aborts requests in flight; the resume token stays
  // after the last page or item received.
  leave(): Promise<Step> {
    if (this.core === null) return Promise.resolve(DONE);
    this.sync();
    this.core.stop("aborted");
    this.items = null;
    this.shutDown();
    return Promise.resolve(DONE);
  }
}

// A shallow copy of a cut page whose items list holds only the handed-out items, made from
// what the page's read found (`along`: each object on the items path and its key, then the
// list): no field is read again and the user's objects are never changed. Each object is
// copied by its own enumerable property descriptors, so no getter runs (an accessor stays an
// accessor); only a Proxy's traps can throw.
function cutCopy(along: unknown[], skip: number, take: number): unknown {
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

// A server-given wait in seconds (docs/paginator.md, "Failures and retries"): a number; a
// Retry-After text of at most MAX_RETRY_AFTER characters, delay seconds (a fraction allowed,
// as crates/pagecursor/src/paginate/retry.rs reads them) or an HTTP date; or a Date, read with the intrinsic
// getTime (a fake Date or a Proxy is no wait). Anything else, or NaN, is no wait.
function waitOf(v: unknown, now: number): number | undefined {
  let seconds: number | undefined;
  if (typeof v === "number") seconds = v;
  else if (typeof v === "string") {
    if (v.length <= MAX_RETRY_AFTER) seconds = DELAY_SECONDS.test(v) ? +v : (parseDate(v) - now) / 1000;
  } else if (isObject(v)) {
    try {
      seconds = (apply(dateTime, v, []) - now) / 1000;
    } catch {
      // Not a Date.
    }
  }
  return seconds === seconds ? seconds : undefined;
}

// The iterator of `pages()` (and `for await` over the Paginator) or of `items()`: both read
// the one walk, so one class with the kind fixed at construction.
// The walk of a Paginator, made from paginate()'s arguments: at once when the wasm is there
// (Node; browsers after `ready`), else at the first asynchronous call, after the wasm loaded.
// Why: paginate() is called while a page renders, before the wasm arrived; it must not throw
// for that, and iterating waits by itself (API.md "Package"). Options are still read once, at
// the walk's making; an option error then rejects the first next() instead of throwing from
// paginate(), the only difference from a walk made after `ready`.
class WalkSource {
  declare walk: Walk | undefined;
  declare args: [unknown, unknown] | undefined;
  declare making: Promise<Walk> | undefined;
  declare left: boolean;
  declare error: unknown;
  declare lists: Lists | undefined;
  constructor(fetchPage: unknown, options: unknown, lists?: Lists) {
    this.lists = lists;
    this.walk = undefined;
    this.args = undefined;
    this.making = undefined; // the promise of the walk, while the wasm loads
    this.left = false; // the consumer left (return()) before the walk was made
    this.error = undefined; // what making the walk threw (an option error), thrown again
    if (isLoaded(CLIENT)) this.walk = new Walk(fetchPage, options, false, lists);
    else this.args = [fetchPage, options];
  }
  // The walk now, when it can be made synchronously; undefined while the wasm loads.
  now(): Walk | undefined {
    if (this.walk === undefined && isLoaded(CLIENT)) this.make();
    return this.walk;
  }
  make(): Walk {
    if (this.args === undefined) throw this.error;
    const [fetchPage, options] = this.args;
    this.args = undefined;
    try {
      this.walk = new Walk(fetchPage, options, false, this.lists);
    } catch (err) {
      this.error = err;
      throw err;
    }
    return this.walk;
  }
  later(): Promise<Walk> {
    return (this.making ??= Promise.resolve(whenLoaded(CLIENT, "paginate")).then(() => this.walk ?? this.make()));
  }
}

// `T` is what the walk hands out (a page or an item): the declarations name it, the walk
// returns what fetchPage and the item locations gave, hence the casts of next().
class WalkIterator<T> {
  #source: WalkSource;
  #items: boolean;
  constructor(source: WalkSource, items: boolean) {
    this.#source = source;
    this.#items = items;
  }
  [Symbol.asyncIterator](): WalkIterator<T> {
    return new WalkIterator(this.#source, this.#items);
  }
  next(): Promise<IteratorResult<T, undefined>> {
    const source = this.#source;
    if (source.left) return Promise.resolve(DONE);
    let walk;
    try {
      walk = source.now();
    } catch (err) {
      return Promise.reject(err);
    }
    if (walk !== undefined) return (this.#items ? walk.nextItem() : walk.nextPage()) as Promise<IteratorResult<T, undefined>>;
    return source.later().then((w) => (source.left ? DONE : this.#items ? w.nextItem() : w.nextPage())) as Promise<IteratorResult<T, undefined>>;
  }
  return(): Promise<IteratorResult<T, undefined>> {
    const source = this.#source;
    const walk = source.walk;
    if (walk !== undefined) return walk.leave() as Promise<IteratorResult<T, undefined>>;
    source.left = true;
    return Promise.resolve(DONE);
  }
}

/**
 * A paginated walk: iterate pages with `for await`, items with `items()`. Made by
 * `paginate()`; see docs/paginator.md for the exact semantics.
 */
export class Paginator<Page = any, Item = any> {
  #source: WalkSource;
  constructor(fetchPage: unknown, options: unknown, internal: typeof NOT_NEW) {
    if (internal !== NOT_NEW) throw makeArgumentError(false, "construct paginators with paginate(fetchPage, options)");
    this.#source = new WalkSource(fetchPage, options);
  }

  // The walk for a synchronous read, which before `ready` cannot be answered.
  #walkFor(what: string): Walk {
    const walk = this.#source.now();
    if (walk === undefined) throw notReady(`paginator.${what}`, CLIENT);
    return walk;
  }

  /** The page iterator (`for await (const page of paginator)`). */
  [Symbol.asyncIterator](): WalkIterator<Page> {
    return new WalkIterator(this.#source, false);
  }

  /** Iterates items instead of pages. */
  items(): WalkIterator<Item> {
    return new WalkIterator(this.#source, true);
  }

  /** Every remaining item, in order. */
  toArray(): Promise<Item[]> {
    const source = this.#source;
    let walk;
    try {
      walk = source.now();
    } catch (err) {
      return Promise.reject(err);
    }
    // (The items are the declaration's `Item`: what the walk read, unchecked.)
    if (walk !== undefined) return walk.toArray() as Promise<Item[]>;
    return source.later().then((w) => w.toArray()) as Promise<Item[]>;
  }

  /** Resumes this walk later (also elsewhere): undefined once the walk reached its end. */
  get resumeToken(): string | undefined {
    return this.#walkFor("resumeToken").resumeToken();
  }

  /** Why the walk stopped; undefined while it runs (and before it started). */
  get stopReason(): WalkStop | undefined {
    const walk = this.#source.now();
    return walk === undefined ? undefined : walk.stopReason();
  }

  /** Counters: pages, items, emptyPages, retries, requests, elapsedMs. */
  get stats(): PaginatorStats {
    return this.#walkFor("stats").stats();
  }

  /** The 0-based segment of the page (or item) handed out last, with segments or segment. */
  get lastSegment(): number | undefined {
    const walk = this.#source.now();
    return walk === undefined ? undefined : walk.lastSegment;
  }
}

/** Walks a token-paginated API (see docs/paginator.md). */
export function paginate<Page = any, Item = any>(fetchPage: unknown, options: unknown): Paginator<Page, Item> {
  return new Paginator(fetchPage, options, NOT_NEW);
}

// What `paginate(fetchPage, options)` checks in JS, for the Rust bindings built on the
// paginator (InfiniteList, whose constructor fails on a bad option; src/js/list/infinite.ts gives
// it this function): throws what paginate's reading of the options throws, and leaves nothing
// behind (no walk is made: no listener on options.signal, no core). Answers the driver's copy
// of options.scope, which the list's Rust checks as a core would (crates/pagecursor-wasm/src/infinite.rs).
export function checkOptions(fetchPage: unknown, options: unknown): unknown {
  return new Walk(fetchPage, options, true).scopeCopy;
}

// One load of an InfiniteList as the list runs it (src/js/list/infinite.ts, which applies
// what the core list decides): `begin` names the chunk to walk (undefined: none), with the
// page it starts in when the chunk before ended inside it (`page`, requested with `token`);
// `loaded` takes each walk and answers the chunk's items, or a number of items to walk on
// for; `end` comes last in any case.
export interface ListLoad {
  begin(): { fetchPage: UserFetch; options: object; token: unknown; page: unknown } | undefined;
  loaded(items: unknown[], resumeToken: string | undefined, token: unknown, page: unknown, keys: unknown[] | undefined): unknown[] | number;
  end(): void;
}

// One load of an InfiniteList (`load`), after the load before it (`prior`) settled, whose
// failure is its caller's. The core list decides which chunk, with which options, and what
// its window keeps; this only awaits. The first await comes before anything else: the load
// starts after `loadMore()` returned, the list busy. src/js/list/infinite.ts calls it for
// every load. `lists`: the list's own, kept across its loads.
export async function runLoad(load: ListLoad, prior: Promise<unknown> | undefined, lists: Lists): Promise<unknown> {
  try {
    try {
      await prior;
    } catch {}
    const chunk = load.begin();
    if (chunk === undefined) return [];
    const { fetchPage, options } = chunk;
    // `page`: the page the chunk starts in when the chunk before cut it (the walk's first
    // request), served instead of fetched again. Then the last page requested, reported with
    // its token: the list keeps it when this chunk ends inside it.
    let { token, page } = chunk, kept = page !== undefined;
    const fetchChunk = (t: unknown, ctx: FetchContext): unknown => {
      if (kept) {
        kept = false;
        return page;
      }
      const p = fetchPage(t, ctx);
      token = t;
      page = p;
      return p;
    };
    // With itemKey the list drops items it already shows; a chunk short for it is filled by
    // walks from where the last one stopped, for as many items as the list answers. `options`
    // is the list's own copy, already read by the walk before.
    for (;;) {
      const source = new WalkSource(fetchChunk, options, lists);
      const walk = source.now() ?? await source.later();
      const keys = walk.itemKey === undefined ? undefined : [];
      const items = await walk.toArray(keys);
      const resumeToken = walk.resumeToken();
      const done = load.loaded(items, resumeToken, token, page, keys);
      if (typeof done !== "number") return done;
      defineProperty(options, "maxItems", { value: done, writable: true, enumerable: true, configurable: true });
      defineProperty(options, "resumeToken", { value: resumeToken, writable: true, enumerable: true, configurable: true });
    }
  } finally {
    load.end();
  }
}

// `paginate` and `Paginator` against their published declarations (types only: nothing of it
// ships). The class is checked for every `Page` and `Item`; `instanceof` is the class's own.
type Assignable<T extends U, U> = T;
export type PaginateMatchesItsDeclaration = Assignable<typeof paginate, typeof Public.paginate>;
export type PaginatorMatchesItsDeclaration<Page, Item> = Assignable<Paginator<Page, Item>, Public.Paginator<Page, Item>>;
export type PaginatorPrototypeMatchesItsDeclaration = Assignable<typeof Paginator.prototype, typeof Public.Paginator.prototype>;
