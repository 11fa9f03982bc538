// The paginator's JS driver: `paginate(fetchPage, options)` and the `Paginator` class.
//
// This file only awaits: it calls fetchPage, reads the fields of a page, sets timers and hands
// pages and items to the consumer. Every decision (request order, prefetch window, budgets,
// time limit, repeated tokens, mid-page cuts, resume tokens, retries and backoff, stats) is
// taken by the Rust `PaginatorCore` (src/wasm/paginate.rs around src/paginate/walk.rs), asked
// synchronously about once per page. Pages and items never enter WebAssembly: the core knows
// a page by its request id, its item count and its next token.
//
// The core calls back `request(...)` and `deliver(...)` of the walk's Orders during a call;
// they only record what to do, and the driver acts after the call returned, so that no user
// code runs inside it.
import { PaginatorCore, InfiniteList as InfiniteListClass, InfiniteLoad } from "./pagecursor.js";
import { makeArgumentError, makePaginationError } from "./errors.js";

const WAIT = 1; // also the answer codes of core.pull: 0 page, 2 stopped, 3 + failure,
const PAGE_ID = 8; // and PAGE_ID + id: the uncut page of request id (segment 0), for pages;
// -id: that page, and request id + 1 (first attempt, no delay) goes out with the held token.
const FAILURES = [
  ["fetch_failed", "fetchPage failed"],
  ["bad_page", "a page could not be read"],
  ["repeated_token", "a page returned a token this walk already sent"],
];
const FETCH_FAILED = 0;
const BAD_PAGE = 1;
const FAIL = 1; // answers of core.fail: 0 retry, 1 fail, 2 stop (budget), 3 ignore
const STOP = 2;
// core.stopReason(): 0 while the walk runs, else 1 + the Rust StopReason in declaration order.
const REASONS = [undefined, "end", "maxItems", "maxPages", "maxRequests", "timeLimit", "aborted", "error"];
// Bits of core.state().
const MAY_WAIT = 1, NEEDS_CLOCK = 2, STOPPING = 4, IDLE_END = 8;
const DONE = Object.freeze({ value: undefined, done: true });
const EMPTY = [];
// Where items are: not configured, a path, a function, the whole body, Relay edges/nodes.
const I_NONE = 0, I_PATH = 1, I_FUNC = 2, I_WHOLE = 3, I_RELAY = 4;
// Where the next token is: a path, a function, next_cursor/nextCursor, Relay, Link header.
const N_PATH = 1, N_FUNC = 2, N_KEYSET = 3, N_RELAY = 4, N_LINK = 5;
const NOT_NEW = Symbol("internal");
// In the orders: the request's token is the walk's held one (the last string token reported
// as text with pullWith; the core keeps only its text).
const HELD = Symbol("held");
// String tokens reach the core as text when they have no lone surrogate (checked here).
const WELL_FORMED = typeof String.prototype.isWellFormed === "function";

const isObject = (v) => typeof v === "object" && v !== null;
// Primitives have no fields here (a string's `length` is not a page field).
const get = (v, k) => (isObject(v) || typeof v === "function" ? v[k] : undefined);

function at(v, path) {
  for (let i = 0; i < path.length; i++) {
    if (v === undefined || v === null) return undefined;
    v = get(v, path[i]);
  }
  return v;
}

const split = (s) => s.split(".").filter((p) => p !== "");

// A dotted path (array) or a function; undefined when absent.
function field(value, what) {
  if (value === undefined || typeof value === "function") return value;
  // An empty path ("", ".") would name the page itself: a mistake, never a location.
  if (typeof value === "string" && split(value).length > 0) return split(value);
  throw makeArgumentError(false, `options.${what} must be a dotted path or a function`);
}

function count(options, key) {
  const v = get(options, key);
  if (v === undefined) return undefined;
  if (typeof v === "number" && v >= 0) return v; // NaN fails `>= 0`
  throw makeArgumentError(false, `options.${key} must be a non-negative number`);
}

// The end of a walk: undefined, null, "" or an empty plain object.
function isAbsent(t) {
  if (t === undefined || t === null || t === "") return true;
  if (typeof t !== "object" || Array.isArray(t)) return false;
  const proto = Object.getPrototypeOf(t);
  return (proto === null || proto === Object.prototype) && Object.keys(t).length === 0;
}

class BadPage {
  constructor(message, cause) {
    this.cause = cause !== undefined ? cause : new Error(message);
  }
}

// What the core asks for during a call: requests to issue (id, token, attempt, segment,
// delay, in `out` up to `outEnd`: a count, as setting an array's length is slow) and the
// page to hand out (d…). The core holds this object, not the walk, so that a walk left
// unfinished can still be collected.
class Orders {
  constructor() {
    this.out = [];
    this.outAt = 0;
    this.outEnd = 0;
    this.dId = 0;
    this.dSkip = 0;
    this.dTake = 0;
    this.dSegment = 0;
    this.dCut = false;
  }

  request(id, token, attempt, segment, delay, held) {
    const out = this.out;
    const n = this.outEnd;
    out[n] = id;
    out[n + 1] = held ? HELD : token;
    out[n + 2] = attempt;
    out[n + 3] = segment;
    out[n + 4] = delay;
    this.outEnd = n + 5;
  }

  deliver(id, skip, take, segment, cut) {
    this.dId = id;
    this.dSkip = skip;
    this.dTake = take;
    this.dSegment = segment;
    this.dCut = cut;
  }
}

// One walk: the state the iterators of a paginator share.
class Walk {
  constructor(fetchPage, options) {
    if (typeof fetchPage !== "function") throw makeArgumentError(false, "paginate: fetchPage must be a function");
    // Options are read once, in this order; a throwing getter propagates unchanged.
    const preset = get(options, "preset");
    if (preset !== undefined && typeof preset !== "string") throw makeArgumentError(false, "options.preset must be a string");
    const root = get(options, "root");
    if (root !== undefined && typeof root !== "string") throw makeArgumentError(false, "options.root must be a dotted path");
    this.root = typeof root === "string" ? split(root) : undefined;
    const items = field(get(options, "items"), "items");
    const next = field(get(options, "next"), "next");
    const more = field(get(options, "more"), "more");
    let itemsKind = I_NONE, nextKind, itemsAt, nextAt;
    switch (preset) {
      case undefined: break;
      case "dynamodb": itemsKind = I_PATH; itemsAt = ["Items"]; nextKind = N_PATH; nextAt = ["LastEvaluatedKey"]; break;
      case "aws": nextKind = N_PATH; nextAt = ["NextToken"]; break;
      case "keyset": itemsKind = I_PATH; itemsAt = ["items"]; nextKind = N_KEYSET; break;
      case "relay": itemsKind = I_RELAY; nextKind = N_RELAY; break;
      case "link": itemsKind = I_WHOLE; nextKind = N_LINK; break;
      default: throw makeArgumentError(false, `unknown preset "${preset}" (dynamodb, aws, keyset, relay, link)`);
    }
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
    this.itemsKind = itemsKind;
    this.itemsAt = itemsAt;
    this.nextKind = nextKind;
    this.nextAt = nextAt;
    this.moreAt = more;
    this.link = preset === "link";
    // A reader without user functions or a response body reads a page without awaiting.
    this.syncRead = !this.link && itemsKind !== I_FUNC && nextKind !== N_FUNC && typeof more !== "function";

    const retry = get(options, "retry");
    // A misplaced value (`retry: 3`) would otherwise be ignored: default retries instead.
    if (retry !== undefined && !isObject(retry)) throw makeArgumentError(false, "options.retry must be an object");
    const retries = count(retry, "retries");
    const baseDelayMs = count(retry, "baseDelayMs");
    const maxDelayMs = count(retry, "maxDelayMs");
    const retryable = get(retry, "retryable");
    if (retryable !== undefined && typeof retryable !== "function") {
      throw makeArgumentError(false, "options.retry.retryable must be a function");
    }
    this.retryable = retryable;
    const segments = count(options, "segments");
    const one = get(options, "segment");
    let segment, total;
    if (one !== undefined) {
      if (segments !== undefined) throw makeArgumentError(false, "options.segments and options.segment exclude each other");
      const s = get(one, "segment");
      const t = get(one, "total");
      if (!(typeof s === "number" && typeof t === "number" && s >= 0 && t >= 1 && s < t && t <= 1e6
        && Number.isInteger(s) && Number.isInteger(t))) {
        throw makeArgumentError(false, "options.segment must be { segment, total } with 0 <= segment < total");
      }
      segment = s;
      total = t;
    } else if (segments !== undefined) {
      if (!(segments >= 1 && segments <= 1e6 && Number.isInteger(segments))) {
        throw makeArgumentError(false, "options.segments must be a whole number >= 1");
      }
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
    const prefetch = count(options, "prefetch");
    const codec = get(options, "codec");
    const resumeToken = get(options, "resumeToken");
    const startToken = resumeToken === undefined ? get(options, "startToken") : undefined;
    if (typeof AbortController !== "function") throw makeArgumentError(false, "paginate needs AbortController");
    let userSignal = get(options, "signal");
    // Anything but an AbortSignal would be ignored, and the walk could then not be aborted.
    if (userSignal !== undefined
      && (typeof get(userSignal, "addEventListener") !== "function" || typeof get(userSignal, "aborted") !== "boolean")) {
      throw makeArgumentError(false, "options.signal must be an AbortSignal");
    }
    this.pageSize = get(options, "pageSize");
    this.orders = new Orders();
    // The numbers cross as one Float64Array (undefined becomes NaN: absent).
    this.core = new PaginatorCore(
      this.orders,
      [maxItems, maxPages, maxRequests, timeLimitMs, minIntervalMs, prefetch,
        retries, baseDelayMs, maxDelayMs, onSame === "stop" ? 1 : 0, segment, total],
      scope, codec, resumeToken, startToken === undefined || isAbsent(startToken) ? undefined : startToken,
    );
    this.fetchPage = fetchPage;
    this.controller = new AbortController();
    this.signal = this.controller.signal;
    this.userSignal = userSignal;
    this.listener = undefined;
    if (userSignal !== undefined) {
      const controller = this.controller;
      this.listener = () => controller.abort();
      userSignal.addEventListener("abort", this.listener, { once: true });
    }
    // `halted` mirrors `signal.aborted` as a plain field: the item fast path and the per-page
    // checks read it (the getter validates its receiver each time). This listener is the
    // signal's first, so it runs before any other.
    this.halted = false;
    this.signal.addEventListener("abort", () => {
      this.halted = true;
      this.wake();
    }, { once: true });
    this.mayWait = (this.core.state() & MAY_WAIT) !== 0;
    this.flightId = 0;
    this.onFetched = (page) => this.settled(this.flightId, page);
    this.onFetchFailed = (err) => this.fetchFailed(this.flightId, err);
    this.hasLimit = timeLimitMs !== undefined;
    this.clock = true; // read the clock until the core says it does not matter
    this.clockKnown = false;
    // Pages until handed out: one in the slot (no entry object, no map: the usual case), the
    // others (prefetch, segments) in the map, request id -> { page, items }.
    this.slotId = 0; // 0: empty (request ids start at 1)
    this.slotPage = undefined;
    this.slotItems = undefined;
    this.pages = new Map();
    this.tItems = undefined; // the items of the page `take` returned
    // A page in the slot not yet reported to the core (see onPage): its id (0: none), length,
    // next token and has-more flag.
    this.pId = 0;
    this.pLen = 0;
    this.pNext = undefined;
    this.pMore = 0;
    // The last token reported as text with pullWith: the core's `Held` token.
    this.held = undefined;
    this.timers = new Set();
    this.wakers = [];
    this.spare = [];
    this.limitTimer = undefined;
    this.fetchError = undefined;
    this.final = undefined; // [resumeToken, stopReason, stats] once the core is freed
    this.abortReported = false;
    this.fresh = true; // a bad resumeToken rejects the first pull
    // When the walk ended (the first shutDown): kept by a shutDown that threw before release
    // (a user signal's removeEventListener), so that the next one freezes stats at that time.
    this.endedMs = undefined;
    this.lastSegment = undefined;
    // The page the item consumer is in: its items, the next index, the end; `taken` items
    // handed out since the core was last told.
    this.items = null;
    this.index = 0;
    this.end = 0;
    this.taken = 0;
    // What a page read found.
    this.rLen = 0;
    this.rItems = undefined;
    this.rNext = undefined;
    this.rMore = 0;
  }

  // --- requests ---
  now() {
    return this.clock ? Date.now() : 0;
  }

  flush() {
    const orders = this.orders;
    const out = orders.out;
    while (orders.outAt < orders.outEnd) {
      const i = orders.outAt;
      orders.outAt += 5;
      const token = out[i + 1];
      out[i + 1] = undefined;
      this.start(out[i], token === HELD ? this.held : token, out[i + 2], out[i + 3], out[i + 4]);
    }
    orders.outAt = 0;
    orders.outEnd = 0;
  }

  start(id, token, attempt, segment, delay) {
    if (delay > 0) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.core !== null && !this.signal.aborted && (this.core.state() & STOPPING) === 0) this.call(id, token, attempt, segment);
      }, delay);
      this.timers.add(timer);
      return;
    }
    this.call(id, token, attempt, segment);
  }

  call(id, token, attempt, segment) {
    const signal = this.signal;
    const pageSize = this.pageSize;
    const total = this.totalSegments;
    // Literals (no `delete`): every ctx of a walk shares one object shape.
    const ctx = total === undefined
      ? pageSize === undefined ? { signal, attempt } : { signal, pageSize, attempt }
      : pageSize === undefined ? { signal, attempt, segment, totalSegments: total }
        : { signal, pageSize, attempt, segment, totalSegments: total };
    let page;
    try {
      page = this.fetchPage.call(undefined, token, ctx);
    } catch (err) {
      this.later(id, FETCH_FAILED, err);
      return;
    }
    let then;
    if (isObject(page) || typeof page === "function") {
      try {
        then = page.then;
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

  fetchFailed(id, err) {
    if (!this.halted && this.core !== null) this.failed(id, FETCH_FAILED, err);
  }

  later(id, kind, err) {
    queueMicrotask(() => {
      if (!this.signal.aborted && this.core !== null) this.failed(id, kind, err);
    });
  }

  settled(id, page) {
    if (this.halted || this.core === null) return; // the walk stopped: dropped
    if (this.syncRead) {
      let bad;
      try {
        bad = this.read(page, undefined);
      } catch (err) {
        bad = new BadPage("", err);
      }
      if (bad !== undefined) {
        this.failed(id, BAD_PAGE, bad.cause);
        return;
      }
      const items = this.rItems;
      const next = this.rNext;
      this.rItems = undefined;
      this.rNext = undefined;
      this.onPage(id, page, this.rLen, items, next, this.rMore);
      return;
    }
    this.readAsync(page).then(
      (read) => {
        if (this.signal.aborted || this.core === null) return;
        if (read instanceof BadPage) this.failed(id, BAD_PAGE, read.cause);
        else this.onPage(id, read.page, read.len, read.items, read.next, read.more);
      },
      (err) => {
        // A non-2xx response of the link preset: a fetch failure, the response the error.
        if (!this.signal.aborted && this.core !== null) this.failed(id, FETCH_FAILED, err);
      },
    );
  }

  // Reads a page into rLen/rItems/rNext/rMore; a BadPage when it cannot be read. `values`
  // holds what user functions returned (async reader): [items, next, more].
  read(body, values) {
    // A missing or primitive page must not read as "no next token": that would end the walk
    // silently.
    if (!isObject(body)) return new BadPage("fetchPage resolved with no page object");
    let root = body;
    if (this.root !== undefined) {
      root = at(body, this.root);
      if (root === undefined || root === null) return new BadPage("the page has nothing at options.root");
    }
    let items;
    switch (this.itemsKind) {
      case I_NONE: break;
      case I_PATH: items = at(root, this.itemsAt); break;
      case I_FUNC: items = values[0]; break;
      case I_WHOLE: items = root; break;
      default: {
        const edges = get(root, "edges");
        if (Array.isArray(edges)) {
          items = [];
          for (let i = 0, n = edges.length; i < n; i++) items.push(get(edges[i], "node"));
        } else {
          items = get(root, "nodes");
        }
      }
    }
    let len = 0;
    if (this.itemsKind !== I_NONE) {
      // A service may leave an empty list out of its response (AWS JSON protocols do).
      if (items === undefined || items === null) items = EMPTY;
      else if (!Array.isArray(items)) return new BadPage("the items of a page are not an array");
      len = items.length;
      if (typeof len !== "number") return new BadPage("the items of a page are not an array");
    }
    let next;
    switch (this.nextKind) {
      case N_PATH: next = at(root, this.nextAt); break;
      case N_FUNC: next = values[1]; break;
      case N_KEYSET:
        next = get(root, "next_cursor");
        if (next === undefined) next = get(root, "nextCursor");
        break;
      case N_RELAY: next = get(get(root, "pageInfo"), "endCursor"); break;
      default: next = values[3];
    }
    let more;
    const moreAt = this.moreAt;
    if (moreAt === undefined) more = this.nextKind === N_RELAY ? get(get(root, "pageInfo"), "hasNextPage") : undefined;
    else more = typeof moreAt === "function" ? values[2] : at(root, moreAt);
    this.rLen = len;
    this.rItems = items;
    this.rNext = isAbsent(next) ? undefined : next;
    this.rMore = more === undefined ? 0 : more ? 2 : 1;
    return undefined;
  }

  // The reader with user functions or a link response: resolves with the page the consumer
  // gets with what was read in it, or a BadPage; rejects with a failed response.
  async readAsync(response) {
    let page = response;
    let link;
    if (this.link) {
      const status = get(response, "status");
      if (typeof status !== "number") {
        return new BadPage('with preset "link", fetchPage must return a fetch Response');
      }
      if (!(status >= 200 && status < 300)) throw response;
      try {
        const headers = get(response, "headers");
        const getHeader = get(headers, "get");
        const header = typeof getHeader === "function" ? getHeader.call(headers, "link") : undefined;
        const target = typeof header === "string" ? PaginatorCore.nextLink(header) : undefined;
        if (target !== undefined) {
          const base = get(response, "url");
          link = new URL(target, typeof base === "string" && base !== "" ? base : undefined).href;
        }
        const json = get(response, "json");
        if (typeof json !== "function") return new BadPage("the response has no json() method");
        page = await json.call(response);
      } catch (err) {
        return new BadPage("", err);
      }
    }
    const values = [undefined, undefined, undefined, link];
    try {
      if (this.itemsKind === I_FUNC) values[0] = await this.itemsAt.call(undefined, page);
      if (this.nextKind === N_FUNC) values[1] = await this.nextAt.call(undefined, page);
      if (typeof this.moreAt === "function") values[2] = await this.moreAt.call(undefined, page);
      const bad = this.read(page, values);
      if (bad !== undefined) return bad;
      // Another page may be read before this one is reported: keep what this read found.
      const read = { page, len: this.rLen, items: this.rItems, next: this.rNext, more: this.rMore };
      this.rItems = undefined;
      this.rNext = undefined;
      return read;
    } catch (err) {
      return new BadPage("", err);
    }
  }

  onPage(id, page, len, items, next, more) {
    const text = typeof next === "string" && WELL_FORMED && next.isWellFormed() ? next : undefined;
    if (this.mayWait && this.slotId === 0 && (next === undefined || text !== undefined)) {
      // The core said a report cannot issue a request here: the page is reported with the
      // consumer's next pull, in the same call (a string token reads the same then, and
      // crosses as text only; an object token is converted now, when it arrives).
      this.slotId = id;
      this.slotPage = page;
      this.slotItems = items;
      this.pId = id;
      this.pLen = len;
      this.pNext = text;
      this.pMore = more;
      this.wake();
      return;
    }
    const kept = this.core.page(id, len, next, more, this.now());
    if (kept) {
      if (this.slotId === 0) {
        this.slotId = id;
        this.slotPage = page;
        this.slotItems = items;
      } else {
        this.pages.set(id, { page, items });
      }
    }
    this.flush();
    this.wake();
  }

  failed(id, kind, err) {
    let verdict = 2, status, name, hint = false, typeError = false, retryAfter;
    if (kind === FETCH_FAILED) {
      try {
        if (this.retryable !== undefined) {
          verdict = this.retryable.call(undefined, err) ? 1 : 0;
        } else {
          for (const v of [get(err, "status"), get(err, "statusCode"), get(get(err, "$metadata"), "httpStatusCode")]) {
            if (typeof v === "number") {
              status = v;
              break;
            }
          }
          const n = get(err, "name");
          name = typeof n === "string" ? n : undefined;
          hint = Boolean(get(err, "$retryable"));
          typeError = err instanceof TypeError;
        }
      } catch {
        verdict = 0; // an error that cannot be classified is not retried
      }
      try {
        const headers = get(err, "headers");
        const getHeader = get(headers, "get");
        const h = typeof getHeader === "function" ? getHeader.call(headers, "retry-after") : undefined;
        retryAfter = h !== undefined && h !== null ? h : get(err, "retryAfter");
      } catch {
        retryAfter = undefined;
      }
    }
    const action = this.core.fail(id, kind, verdict, status, name, hint, typeError, retryAfter,
      Math.random(), Date.now());
    this.flush();
    if (action === FAIL || action === STOP) {
      if (action === FAIL) this.fetchError = err;
      // Requests of other segments are aborted; the resume state is the consumer's
      // position, so nothing they fetched is lost.
      this.controller.abort();
      this.wake();
    }
  }

  // --- consumers ---
  wake() {
    if (this.limitTimer !== undefined) {
      clearTimeout(this.limitTimer);
      this.limitTimer = undefined;
    }
    const wakers = this.wakers;
    if (wakers.length === 0) return;
    // Two arrays in turn: a waker may wait again while this one is being run.
    this.wakers = this.spare;
    for (let i = 0; i < wakers.length; i++) wakers[i]();
    wakers.length = 0;
    this.spare = wakers;
  }

  // Resolves when a request reports, the walk's signal aborts, or the time limit passes.
  wait() {
    if (this.signal.aborted || this.userAborted()) return Promise.resolve();
    return new Promise((resolve) => {
      this.wakers.push(resolve);
      if (this.hasLimit && this.limitTimer === undefined) {
        // Wake up at the limit too, to stop at this page boundary.
        const left = this.core.timeLeft(Date.now());
        this.limitTimer = setTimeout(() => {
          this.limitTimer = undefined;
          this.wake();
        }, Math.max(left, 0) + 1);
      }
    });
  }

  // Tells the core about the items handed out since it last heard.
  sync() {
    if (this.core === null) this.taken = 0;
    else if (this.taken > 0) {
      const n = this.taken;
      this.taken = 0;
      this.core.consume(n);
    }
  }

  error(code, message, cause) {
    return makePaginationError(code, message, cause, this.resumeToken());
  }

  resumeToken() {
    this.sync();
    return this.core === null ? this.final[0] : this.core.resumeToken();
  }

  stopReason() {
    return this.core === null ? this.final[1] : REASONS[this.core.stopReason()];
  }

  stats() {
    const s = this.core === null ? this.final[2] : this.core.stats(Date.now());
    return { pages: s[0], items: s[1], emptyPages: s[2], retries: s[3], requests: s[4], elapsedMs: s[5] };
  }

  // A stopped walk no longer changes: keep what the getters show and free the core now
  // (waiting for the garbage collector would let wasm memory grow with every paginator).
  release() {
    const core = this.core;
    this.final = [core.resumeToken(), REASONS[core.stopReason()], core.stats(this.endedMs)];
    this.core = null;
    core.free();
  }

  // Aborts every request in flight and every wait, and detaches from the user's signal.
  shutDown() {
    if (this.core === null) return;
    if (this.endedMs === undefined) this.endedMs = Date.now();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.pages.clear();
    this.pId = 0;
    this.pNext = undefined;
    this.slotId = 0;
    this.slotPage = undefined;
    this.slotItems = undefined;
    // A walk that ended with nothing in flight skips the abort: it would mint a
    // DOMException for no listener.
    if ((this.core.state() & IDLE_END) === 0) this.controller.abort();
    if (this.listener !== undefined) {
      this.userSignal.removeEventListener("abort", this.listener);
      this.listener = undefined;
    }
    this.wake();
    this.release();
  }

  // One attempt at the next page: true (dId… say which), false (wait), or DONE; throws the
  // walk's error.
  pullNow(whole) {
    const core = this.core;
    if (this.fresh) {
      this.fresh = false;
      const initError = core === null ? undefined : core.takeInitError();
      if (initError !== undefined) {
        core.stop(1);
        this.shutDown();
        throw makePaginationError("bad_resume_token", initError, undefined, undefined);
      }
    }
    if (core === null) {
      if (this.userSignal === undefined || !this.userSignal.aborted || this.abortReported || this.final[1] === "end") {
        return DONE;
      }
      this.abortReported = true;
      throw this.error("aborted", "the walk was aborted", this.userSignal.reason);
    }
    if (this.userSignal !== undefined && this.userSignal.aborted && REASONS[core.stopReason()] !== "end") {
      this.sync();
      core.stop(0);
      this.shutDown();
      if (this.abortReported) return DONE;
      this.abortReported = true;
      const reason = this.userSignal.reason;
      throw this.error("aborted", "the walk was aborted", reason);
    }
    const taken = this.taken;
    this.taken = 0;
    let code;
    if (this.pId !== 0) {
      const id = this.pId;
      const text = this.pNext;
      this.pId = 0;
      this.pNext = undefined;
      if (text !== undefined) this.held = text;
      code = core.pullWith(this.now(), taken, whole, id, this.pLen, text, this.pMore);
    } else {
      code = core.pull(this.now(), taken, whole);
    }
    if (!this.clockKnown) {
      this.clockKnown = true;
      this.clock = (core.state() & NEEDS_CLOCK) !== 0;
    }
    this.flush();
    if (code < 0) {
      // The common step: the next request goes out before the page reaches the consumer.
      this.call(1 - code, this.held, 1, 0);
      code = PAGE_ID - code;
    }
    if (code >= PAGE_ID) {
      // What `deliver` would have said for a whole page (only the page consumer gets this).
      const orders = this.orders;
      orders.dId = code - PAGE_ID;
      orders.dSegment = 0;
      orders.dCut = false;
      code = 0;
    }
    if (code === 0) {
      if (this.totalSegments !== undefined) this.lastSegment = this.orders.dSegment;
      return true;
    }
    if (code === WAIT) return false;
    this.shutDown();
    if (code === 2) return DONE;
    const [name, message] = FAILURES[code - 3];
    const cause = this.fetchError;
    this.fetchError = undefined;
    throw this.error(name, message, cause);
  }

  // The delivered page, taken out of the waiting room.
  // Returns the page; its items are in tItems.
  take() {
    const id = this.orders.dId;
    if (this.slotId === id) {
      const page = this.slotPage;
      this.tItems = this.slotItems;
      this.slotId = 0;
      this.slotPage = undefined;
      this.slotItems = undefined;
      return page;
    }
    const entry = this.pages.get(id);
    this.pages.delete(id);
    this.tItems = entry.items;
    return entry.page;
  }

  // `next()` of the page iterator; a page that is there costs no async function.
  nextPage() {
    try {
      const r = this.pullNow(true);
      if (r === DONE) return Promise.resolve(DONE);
      if (r) return Promise.resolve(this.pageResult());
    } catch (err) {
      return Promise.reject(err);
    }
    return this.nextPageSlow();
  }

  async nextPageSlow() {
    for (;;) {
      await this.wait();
      const r = this.pullNow(true);
      if (r === DONE) return DONE;
      if (r) return this.pageResult();
    }
  }

  pageResult() {
    const page = this.take();
    this.tItems = undefined;
    return { value: this.orders.dCut ? this.cutPage(page) : page, done: false };
  }

  // Moves the item consumer to the next page: true, false (wait), or DONE.
  nextItems() {
    const r = this.pullNow(false);
    if (r !== true) return r;
    this.take();
    const items = this.tItems;
    this.tItems = undefined;
    if (items === undefined) {
      this.core.stop(1);
      this.shutDown();
      throw makeArgumentError(false, "items() needs options.items (or a preset that knows where items are)");
    }
    this.items = items;
    this.index = this.orders.dSkip;
    this.end = this.orders.dSkip + this.orders.dTake;
    return true;
  }

  // An item of the current page; a throwing read (a Proxy) fails the walk with bad_page.
  item(i) {
    try {
      return this.items[i];
    } catch (err) {
      this.items = null;
      const e = this.error("bad_page", FAILURES[BAD_PAGE][1], err);
      if (this.core !== null) {
        this.core.stop(1);
        this.shutDown();
      }
      throw e;
    }
  }

  // `next()` of the item iterator.
  nextItem() {
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

  // True once the user's signal aborted: the rest of the current page is not handed out (the
  // next pull reports `aborted`; the resume token stays after the last item received).
  userAborted() {
    return this.userSignal !== undefined && this.userSignal.aborted;
  }

  async nextItemSlow() {
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

  async toArray() {
    const out = [];
    for (;;) {
      if (this.items !== null && !this.userAborted()) {
        // The rest of the page in one go.
        for (let i = this.index; i < this.end; i++) {
          out.push(this.item(i));
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
  leave() {
    if (this.core === null) return Promise.resolve(DONE);
    this.sync();
    this.core.stop(0);
    this.items = null;
    this.shutDown();
    return Promise.resolve(DONE);
  }

  // Ends a walk that never started (checkOptions): detached from the user's signal and its core
  // freed now, not by the garbage collector.
  discard() {
    const core = this.core;
    this.core = null;
    core.free();
    const listener = this.listener;
    if (listener === undefined) return;
    this.listener = undefined;
    try {
      this.userSignal.removeEventListener("abort", listener);
    } catch {
      // Not the check's error: a signal that cannot let go fails the list's first load
      // instead (its walk's shutDown), as paginate accepts it and its walk's end fails.
    }
  }

  // A shallow copy of the page whose items list holds only the handed-out items (only when
  // the items are found at a path; the user's objects are never changed).
  cutPage(page) {
    const path = this.root !== undefined ? this.root.slice() : [];
    switch (this.itemsKind) {
      case I_PATH: path.push(...this.itemsAt); break;
      case I_RELAY: path.push(Array.isArray(get(at(page, path), "edges")) ? "edges" : "nodes"); break;
      case I_WHOLE:
        if (path.length === 0) return this.slice(page);
        break;
      default: return page;
    }
    return this.replaceAt(page, path, 0);
  }

  slice(list) {
    return Array.isArray(list) ? list.slice(this.orders.dSkip, this.orders.dSkip + this.orders.dTake) : list;
  }

  replaceAt(value, path, i) {
    if (i === path.length) return this.slice(value);
    if (!isObject(value)) return value;
    const copy = Object.assign({}, value);
    Object.defineProperty(copy, path[i], {
      value: this.replaceAt(get(value, path[i]), path, i + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  }
}

// The iterator of `pages()` (and `for await` over the Paginator) or of `items()`: both read
// the one walk, so one class with the kind fixed at construction.
class WalkIterator {
  #walk;
  #items;
  constructor(walk, items) {
    this.#walk = walk;
    this.#items = items;
  }
  [Symbol.asyncIterator]() {
    return new WalkIterator(this.#walk, this.#items);
  }
  next() {
    return this.#items ? this.#walk.nextItem() : this.#walk.nextPage();
  }
  return() {
    return this.#walk.leave();
  }
}

/**
 * A paginated walk: iterate pages with `for await`, items with `items()`. Made by
 * `paginate()`; see docs/paginator.md for the exact semantics.
 */
export class Paginator {
  #walk;
  constructor(fetchPage, options, internal) {
    if (internal !== NOT_NEW) throw makeArgumentError(false, "construct paginators with paginate(fetchPage, options)");
    this.#walk = new Walk(fetchPage, options);
  }

  /** The page iterator (`for await (const page of paginator)`). */
  [Symbol.asyncIterator]() {
    return new WalkIterator(this.#walk, false);
  }

  /** Iterates items instead of pages. */
  items() {
    return new WalkIterator(this.#walk, true);
  }

  /** Every remaining item, in order. */
  toArray() {
    return this.#walk.toArray();
  }

  /** Resumes this walk later (also elsewhere): undefined once the walk reached its end. */
  get resumeToken() {
    return this.#walk.resumeToken();
  }

  /** Why the walk stopped; undefined while it runs. */
  get stopReason() {
    return this.#walk.stopReason();
  }

  /** Counters: pages, items, emptyPages, retries, requests, elapsedMs. */
  get stats() {
    return this.#walk.stats();
  }

  /** The 0-based segment of the page (or item) handed out last, with segments or segment. */
  get lastSegment() {
    return this.#walk.lastSegment;
  }
}

/** Walks a token-paginated API (see docs/paginator.md). */
export function paginate(fetchPage, options) {
  return new Paginator(fetchPage, options, NOT_NEW);
}

// What `paginate(fetchPage, options)` checks, for the Rust bindings built on the paginator
// (InfiniteList, whose constructor fails on a bad option): throws what paginate throws, and
// leaves nothing behind (no listener on options.signal, no core).
function checkOptions(fetchPage, options) {
  new Walk(fetchPage, options).discard();
}

// One load of an InfiniteList (`this`: its `InfiniteLoad`, src/wasm/infinite.rs), after the
// load before it (`prior`) settled, whose failure is its caller's. The list decides which
// chunk, with which options, and what its window keeps; this only awaits. The first await
// comes before anything else: the load starts after `loadMore()` returned, the list busy.
async function runLoad(prior) {
  try {
    try {
      await prior;
    } catch {}
    const chunk = this.begin();
    if (chunk === undefined) return [];
    const fetchPage = chunk[0];
    // `page`: the page the chunk starts in when the chunk before cut it (the walk's first
    // request), served instead of fetched again. Then the last page requested, reported with
    // its token: the list keeps it when this chunk ends inside it.
    let token = chunk[2], page = chunk[3], kept = page !== undefined;
    const paginator = paginate((t, ctx) => {
      if (kept) {
        kept = false;
        return page;
      }
      const p = fetchPage.call(undefined, t, ctx);
      token = t;
      page = p;
      return p;
    }, chunk[1]);
    const items = await paginator.toArray();
    this.loaded(items, paginator.resumeToken, token, page);
    return items;
  } finally {
    this.end();
  }
}

// The Rust bindings built on the paginator (InfiniteList) find its option check as
// `PaginatorCore.checkOptions`, and a load of a list its `run`. Registered by the expression that exports InfiniteList: the
// package declares its modules free of side effects, so a bundler drops a bare statement but
// keeps what a used export needs.
function withDriver(cls) {
  PaginatorCore.checkOptions = checkOptions;
  InfiniteLoad.prototype.run = runLoad;
  return cls;
}
export const InfiniteList = withDriver(InfiniteListClass);
