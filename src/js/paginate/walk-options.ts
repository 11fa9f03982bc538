// Reading `paginate`'s options into one typed record, `WalkSettings`: every option read once,
// in a fixed order, and checked before anything of a walk exists (no core, no listener), so
// that `checkOptions` (InfiniteList's constructor) throws what `paginate` would.
//
// Owns the walk's option words and bounds (docs/paginator.md, "Options"). It may call the
// shared option readers (options.js), presets.ts, the copies of read-page.ts (the scope and
// start token are kept as the driver's copies), the signal check of requests.ts, codec-of and
// the error factories. The settings the core decides with cross into wasm as `numbers`, each
// at the place the core names for it (`WalkSetting`).
import { WalkSetting, type CursorCodec } from "./pagecursor.js";
import type { FetchContext } from "./index.js";
import { CursorError, makeArgumentError } from "./errors.js";
import { checkBag, notAnObject, optionalWhole } from "./options.js";
import { codecOption } from "./codec-of.js";
import { I_FUNC, I_NONE, I_PATH, I_RELAY, N_FUNC, N_PATH, presetLocations, presetPrev, split, type Path } from "./presets.js";
import { copyOf, END, get, isObject, NOT_PLAIN, TOKEN_SIZE, tokenForm, TOO_LARGE } from "./user-values.js";
import { isSignal } from "./requests.js";
import type { Lists } from "./paginator.js";

const { isArray } = Array;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
// Segments walked at once: every segment is a chain in the core and a request in flight.
const MAX_SEGMENTS = 10000;
// The key under which the TanStack helper's walks (one per chunk) share their `Lists`.
const LISTS = Symbol.for("pagecursor.lists");
// The key that makes a walk go backward: an InfiniteList's walk of a chunk before its origin
// (src/js/list/view.ts), which follows the pages' previous tokens.
export const BACKWARD = Symbol.for("pagecursor.backward");

// fetchPage as the driver calls it: a plain call, its result any value.
export type UserFetch = (token: unknown, ctx: FetchContext) => unknown;

// A walk's options as read. The locations (presets.ts) say where a page's items and tokens are;
// the rest is what the driver and the core need.
export interface WalkSettings {
  fetchPage: UserFetch;
  // Where pages are read (see read-page.ts).
  root: Path | undefined;
  // For messages: the preset whose own field items are found at, when options.items is absent.
  itemsPreset: string | undefined;
  itemsKind: number;
  itemsAt: Path | Function | undefined;
  nextKind: number;
  nextAt: Path | Function | undefined;
  moreAt: Path | Function | undefined;
  // Where a page's previous token is (undefined: nowhere), and whether the walk reads it: an
  // InfiniteList's walks do (the first page's tells where the list can load before its origin).
  prevKind: number | undefined;
  prevAt: Path | Function | undefined;
  readPrev: boolean;
  // A backward walk: the next token it follows is each page's previous token, ctx.direction is
  // "backward", and each page's items are handed out last first.
  backward: boolean;
  // With itemKey every page's items are read once, with their keys (see PageReader.keyOf); the
  // keys of a resumed page go to the core, and the key of the last item received when the
  // consumer stops inside a page.
  itemKey: Path | Function | undefined;
  preset: string | undefined;
  // Whether a page of the walk (or of the list it loads for) held a list at the items location.
  lists: Lists;
  // A reader without user functions or a response body reads a page without awaiting.
  syncRead: boolean;
  // Some location is read by a path or a preset: a fetch Response there would read as a page
  // with nothing in it (a forgotten `.json()`).
  pathRead: boolean;
  // A cut page (maxItems, or the first page of a resumed walk) is copied for a page consumer
  // from what its read found.
  mayCut: boolean;
  retryable: Function | undefined;
  totalSegments: number | undefined;
  pageSize: number | undefined;
  // The driver's copy of options.scope (a cursor value within TOKEN_SIZE).
  scopeCopy: unknown;
  // onSameToken "stop": a repeated token ends the walk instead of failing it.
  sameStop: boolean;
  hasTimeLimit: boolean;
  // The numbers the core decides with, at the places `WalkSetting` names; NaN where absent.
  numbers: Float64Array;
  codec: CursorCodec;
  resumeToken: unknown;
  // options.startToken as given and as the driver's copy; both undefined when it ends the walk.
  start: unknown;
  startCopy: unknown;
  userSignal: AbortSignal | undefined;
}

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

// `options.scope` as the core reads it: the driver's copy (a cursor value, within TOKEN_SIZE),
// or a CursorError (a scope is never taken in a JSON form; `undefined` is not a value).
function scopeForm(scope: unknown): unknown {
  const form = copyOf(scope, true, false);
  if (form === TOO_LARGE) throw makeArgumentError(true, `options.scope is larger than ${TOKEN_SIZE} units`);
  if (form === NOT_PLAIN) throw new CursorError("unsupported_value", "options.scope is not a cursor value");
  return form;
}

// paginate's arguments as a walk's settings; throws what a bad option throws (a throwing
// getter propagates unchanged). `lists`: an InfiniteList's own, kept across its loads.
export function readSettings(fetchPage: unknown, options: unknown, lists?: Lists): WalkSettings {
  if (typeof fetchPage !== "function") throw makeArgumentError(false, "paginate: fetchPage must be a function");
  // A bag that is no object would read as empty and then fail for what it lacks.
  checkBag(options);
  // Options are read once, in this order.
  const preset = get(options, "preset");
  if (preset !== undefined && typeof preset !== "string") throw makeArgumentError(false, "options.preset must be a string");
  const rootText = get(options, "root");
  if (rootText !== undefined && typeof rootText !== "string") throw makeArgumentError(false, "options.root must be a dotted path");
  const root = typeof rootText === "string" ? split(rootText) : undefined;
  const items = field(get(options, "items"), "items");
  const next = field(get(options, "next"), "next");
  const more = field(get(options, "more"), "more");
  const prev = field(get(options, "prev"), "prev");
  const itemKey = field(get(options, "itemKey"), "itemKey");
  const backward = get(options, BACKWARD) === true;
  // The TanStack helper's walks (one per chunk) share theirs through the options.
  const shared = lists ?? get(options, LISTS);
  const walkLists = isObject(shared) && typeof (shared as Lists).seen === "boolean" ? shared as Lists : { seen: false };
  let { itemsKind, itemsAt, nextKind, nextAt } = presetLocations(preset);
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
  const link = preset === "link";
  const prevKind = prev === undefined ? presetPrev(preset) : typeof prev === "function" ? N_FUNC : N_PATH;
  const prevAt = prev;
  let moreAt = more;
  if (backward) {
    // (A list starts a backward walk only with a previous token, which a location gave.)
    if (prevKind === undefined) throw makeArgumentError(false, "a walk before the origin needs options.prev");
    nextKind = prevKind;
    nextAt = prevAt;
    // `more` says whether a page has a next one; going backward, a previous token alone does.
    moreAt = undefined;
  }

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
  const pageSize = integer(options, "pageSize", "options.pageSize", 1, MAX_SAFE);
  const scopeCopy = scope === undefined ? undefined : scopeForm(scope);
  let start, startCopy;
  if (startToken !== undefined) {
    startCopy = tokenForm(startToken);
    if (startCopy === TOO_LARGE) throw makeArgumentError(true, `options.startToken is larger than ${TOKEN_SIZE} units`);
    if (startCopy !== END) start = startToken;
    else startCopy = undefined;
  }
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
  set(WalkSetting.Segment, segment);
  set(WalkSetting.Total, total);
  return {
    fetchPage: fetchPage as UserFetch, // a function (checked first): any user function
    root,
    itemsPreset: items === undefined ? preset : undefined,
    itemsKind,
    itemsAt,
    nextKind,
    nextAt,
    moreAt,
    prevKind,
    prevAt,
    readPrev: lists !== undefined && !backward && prevKind !== undefined,
    backward,
    itemKey,
    preset,
    lists: walkLists,
    syncRead: !link && itemsKind !== I_FUNC && nextKind !== N_FUNC && typeof moreAt !== "function" && !(lists !== undefined && typeof prev === "function"),
    pathRead: !link && (root !== undefined || itemsKind === I_PATH || itemsKind === I_RELAY || nextKind !== N_FUNC || isArray(moreAt)),
    mayCut: maxItems !== undefined || resumeToken !== undefined,
    retryable,
    totalSegments: total,
    pageSize,
    scopeCopy,
    sameStop: onSame === "stop",
    hasTimeLimit: timeLimitMs !== undefined,
    numbers,
    codec,
    resumeToken,
    start,
    startCopy,
    userSignal,
  };
}
