// The walk's requests: calling fetchPage, its timers and signals, receiving pages and failures
// and reporting them to the wasm `PaginatorCore`, and waking the consumer. `WalkRequests` is
// the half of a walk that fetches; `Walk` (driver.ts) extends it with the half that hands out.
//
// This file only awaits: every decision (request order, prefetch window, budgets, time limit,
// repeated tokens, mid-page cuts, resume tokens, retries and backoff, stats) is taken by the
// core (crates/pagecursor-wasm/src/paginate.rs around crates/pagecursor/src/paginate/walk.rs),
// asked synchronously about once per page. Pages and items never enter WebAssembly: the core
// knows a page by its request id, its item count and its next token. The core calls back
// `request(...)` and `deliver(...)` of the walk's Orders during a call; they only record what
// to do, and the driver acts after the call returned, so that no user code runs inside it.
// Every user value (pages, tokens, errors, the signal) is read once, here or in read-page.ts,
// with captured intrinsics; the core only ever gets numbers, strings and the driver's own
// copies of tokens, so nothing a user's getter, Proxy or `Date` does can run inside
// WebAssembly or unwind through it. It may call the glue (`PaginatorCore`), read-page.ts and
// the error factories; the walk's settings come read (walk-options.ts).
import { PaginatorCore, AfterFailure, WalkState } from "./pagecursor.js";
import type { WalkFailure, WalkStop } from "./pagecursor.js";
import type { WalkSettings } from "./walk-options.js";
import { Orders } from "./orders.js";
import { BadPage, EMPTY, PageReader, type HeldPage } from "./read-page.js";
import { apply, dateTime, get, isObject, isResponse, WELL_FORMED, type Fields } from "./user-values.js";

// Intrinsics of signals, captured when the module loads: an `aborted` getter of the user's
// own, or a plain object posing as a signal, fails the brand check of the intrinsic getter.
const descriptor = Reflect.getOwnPropertyDescriptor;
const SIGNAL = typeof AbortSignal === "function" ? AbortSignal.prototype : undefined;
const signalAborted = SIGNAL && descriptor(SIGNAL, "aborted")?.get;
export const signalReason = SIGNAL && descriptor(SIGNAL, "reason")?.get;
const EVENTS = typeof EventTarget === "function" ? EventTarget.prototype : undefined;
const listen = EVENTS?.addEventListener;
export const unlisten = EVENTS?.removeEventListener;

// The failures the driver reports to core.fail: members of the core's string enum
// WalkFailure, which are the codes of the PaginationError (the glue makes no object of a
// string enum). The message of each code's error:
const FETCH_FAILED: WalkFailure = "fetch_failed";
const BAD_PAGE: WalkFailure = "bad_page";
const REPEATED_TOKEN: WalkFailure = "repeated_token";
// (`__proto__: null`, which tsc does not know as the prototype: the cast types the rest.)
export const FAILURE_MESSAGE = {
  __proto__: null,
  fetch_failed: "fetchPage failed",
  bad_page: "a page could not be read",
  repeated_token: "a page returned a token this walk already sent",
} as { readonly [code in WalkFailure]: string };
// A request whose page the core wants with its items' JSON forms (Driver.request's `keys`).
const CONTENT_ANCHOR = 2;
const stringify = JSON.stringify;
// What a cause's message contributes to a PaginationError's message, at most.
const MAX_CAUSE_TEXT = 1000;
const NOT_READ = Symbol("not read");
// Longer strings are not what they claim to be, and are not copied into wasm memory: no error
// name the default classification knows is longer than 64 characters, no Retry-After value
// (delay seconds or an HTTP date) longer than 256.
const MAX_NAME = 64;
const MAX_RETRY_AFTER = 256;
const DELAY_SECONDS = /^\s*(?:\d+\.?\d*|\.\d+)\s*$/;
const parseDate = Date.parse;
// setTimeout turns a delay above 2^31 - 1 ms into 1 ms (Node warns, browsers say nothing): a
// longer wait is cut into pieces of at most this.
const TIMER_MAX_MS = 2147483647;

// The JSON texts of the first `n` items (null for an item without one: a bigint, a cycle, a
// throwing toJSON, undefined): a walk without itemKey anchors a cut by the last one's digest.
export function jsonForms(items: unknown[], n: number): (string | null)[] {
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

// A failure's cause in words, for the PaginationError's message: a message (with the error's
// name when it says more than "Error"), a string thrown as it is, an HTTP status for a
// Response. Read once, when the failure is reported; a read that throws says nothing.
export function describe(err: unknown, name: unknown = NOT_READ): string {
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
// `signal.aborted` of a real AbortSignal (the intrinsic getter; never an event alone).
// (`signalAborted` is there wherever a signal is: isSignal checks it before the first call.)
export const isAborted = (signal: unknown): boolean => apply(signalAborted!, signal, []);

// True for an AbortSignal of any realm: the brand check of the intrinsic getter.
export function isSignal(v: unknown): v is AbortSignal {
  if (signalAborted === undefined || listen === undefined) return false;
  try {
    isAborted(v);
    return true;
  } catch {
    return false;
  }
}

// Where a walk is in its life. The core lives until the walk ends; then what the getters show
// is kept and the core is freed.
export type Phase =
  // The core refused options.resumeToken: the first pull rejects with its message.
  | { kind: "refused"; core: PaginatorCore; message: string }
  | { kind: "walking"; core: PaginatorCore }
  // The walk's signal aborted (a failure, a stop, the user's signal) while the core lives:
  // what arrives is dropped, and the next pull ends the walk.
  | { kind: "aborting"; core: PaginatorCore }
  // `abortReported`: the `aborted` error was thrown once; later pulls are done.
  | { kind: "ended"; resumeToken: string | undefined; stopReason: WalkStop | undefined; stats: Float64Array; abortReported: boolean };

export class WalkRequests {
  // Every field is set by the constructor (`declare`: no class field is emitted, so the
  // object's shape stays the constructor's assignments, in their order).
  declare settings: WalkSettings;
  declare reader: PageReader;
  declare phase: Phase;
  declare keyed: Map<number, number>;
  declare formless: WeakSet<object>;
  declare orders: Orders;
  declare controller: AbortController;
  declare signal: AbortSignal;
  declare listener: (() => void) | undefined;
  declare mayWait: boolean;
  declare flightId: number;
  declare onFetched: (page: unknown) => void;
  declare onFetchFailed: (err: unknown) => void;
  declare nextId: number;
  declare nextToken: unknown;
  declare clock: boolean | undefined;
  declare slotId: number;
  declare slotPage: unknown;
  declare slotItems: unknown[] | undefined;
  declare slotAlong: unknown[] | undefined;
  declare slotKeys: unknown[] | undefined;
  declare pages: Map<number, HeldPage>;
  declare pId: number;
  declare pLen: number;
  declare pNext: string | undefined;
  declare pMore: boolean | undefined;
  declare timers: Set<Timer>;
  declare wakers: (() => void)[];
  declare limitTimer: Timer | undefined;
  declare fetchError: unknown;
  declare fetchText: string | undefined;

  constructor(settings: WalkSettings) {
    this.settings = settings;
    this.reader = new PageReader(settings);
    this.keyed = new Map(); // requests whose page the core wants with its keys (1) or item forms (2)
    // Tokens with no form (a cyclic object, say) take no part in the core's cycle detection:
    // the same object handed back again is caught by its identity (see onPage).
    this.formless = new WeakSet();
    this.orders = new Orders();
    const core = new PaginatorCore(this.orders, settings.numbers, settings.scopeCopy, settings.codec, settings.resumeToken, settings.start, settings.startCopy);
    const refusal = core.takeInitError();
    this.phase = refusal === undefined ? { kind: "walking", core } : { kind: "refused", core, message: refusal };
    this.controller = new AbortController();
    this.signal = this.controller.signal;
    const userSignal = settings.userSignal;
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
    // The phase follows `signal.aborted` as a plain field: the item fast path and the per-page
    // checks read it (the getter validates its receiver each time). This listener is the
    // signal's first, so it runs before any other.
    const signal = this.signal;
    signal.addEventListener("abort", () => {
      const phase = this.phase;
      if (phase.kind === "walking" && isAborted(signal)) {
        this.phase = { kind: "aborting", core: phase.core };
        // After the abort's dispatch: a waiting page consumer pulls in its waker, and the
        // walk must not stop inside the user's `abort()` call.
        queueMicrotask(() => this.wake());
      }
    });
    this.mayWait = core.is(WalkState.PagesMayWait);
    this.flightId = 0;
    this.onFetched = (page) => this.settled(this.flightId, page);
    this.onFetchFailed = (err) => this.fetchFailed(this.flightId, err);
    // The request pullNow says goes out next (id; 0: none) and its token, issued by flush.
    this.nextId = 0;
    this.nextToken = undefined;
    this.clock = undefined; // read the clock until the core says whether it matters
    // Pages until handed out: one in the slot (no entry object, no map: the usual case), the
    // others (prefetch, segments) in the map, request id -> { page, items, along }.
    this.slotId = 0; // 0: empty (request ids start at 1)
    this.slotPage = undefined;
    this.slotItems = undefined;
    this.slotAlong = undefined;
    this.slotKeys = undefined;
    this.pages = new Map();
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
  }

  // The live core; null once the walk ended.
  get core(): PaginatorCore | null {
    const phase = this.phase;
    return phase.kind === "ended" ? null : phase.core;
  }

  // --- requests ---
  now() {
    return this.clock !== false ? Date.now() : 0;
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
        const phase = this.phase;
        if (phase.kind === "walking" && !phase.core.is(WalkState.Stopping)) this.call(id, token, attempt, segment);
      }, delay);
      this.timers.add(timer);
      return;
    }
    this.call(id, token, attempt, segment);
  }

  call(id: number, token: unknown, attempt: number, segment: number): void {
    const signal = this.signal;
    const { pageSize, totalSegments: total, fetchPage } = this.settings;
    // Literals (no `delete`): every ctx of a walk shares one object shape. A walk goes
    // forward: only a list loading before where it opened fetches backward.
    const direction = this.settings.backward ? "backward" as const : "forward" as const;
    const ctx = total === undefined
      ? pageSize === undefined ? { signal, attempt, direction } : { signal, pageSize, attempt, direction }
      : pageSize === undefined ? { signal, attempt, segment, totalSegments: total, direction }
        : { signal, pageSize, attempt, segment, totalSegments: total, direction };
    // Until the first page was read, its request (or a retry of it) is this one.
    if (this.settings.readPrev && !this.reader.prevRead) this.reader.askedWithToken = token !== undefined;
    // Called as a plain function: a `call` property of the user's function is never read.
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
    if (this.phase.kind === "walking") this.failed(id, FETCH_FAILED, err);
  }

  later(id: number, kind: WalkFailure, err: unknown): void {
    queueMicrotask(() => {
      if (this.phase.kind === "walking") this.failed(id, kind, err);
    });
  }

  settled(id: number, page: unknown): void {
    if (this.phase.kind !== "walking") return; // the walk stopped: dropped
    const reader = this.reader;
    if (this.settings.syncRead) {
      let bad: BadPage | undefined;
      try {
        bad = reader.read(page, undefined);
      } catch (err) {
        bad = new BadPage("", err);
      }
      if (bad !== undefined) {
        reader.rItems = reader.rNext = reader.rForm = reader.rAlong = reader.rRoot = reader.rKeys = undefined;
        this.failed(id, BAD_PAGE, bad.cause);
        return;
      }
      const { rItems: items, rNext: next, rForm: form, rAlong: along, rKeys: keys } = reader;
      reader.rItems = reader.rNext = reader.rForm = reader.rAlong = reader.rKeys = undefined;
      this.onPage(id, page, reader.rLen, items, next, form, reader.rMore, along, keys);
      return;
    }
    reader.readAsync(page).then(
      (read) => {
        if (this.phase.kind !== "walking") return;
        if (read instanceof BadPage) this.failed(id, BAD_PAGE, read.cause);
        else this.onPage(id, read.page, read.len, read.items, read.next, read.form, read.more, read.along, read.keys);
      },
      (err) => {
        // A non-2xx response of the link preset: a fetch failure, the response the error.
        if (this.phase.kind === "walking") this.failed(id, FETCH_FAILED, err);
      },
    );
  }

  onPage(id: number, page: unknown, len: number, items: unknown[] | undefined, next: unknown, form: unknown, more: boolean | undefined,
    along: unknown[] | undefined, keys: unknown[] | undefined): void {
    if (form === undefined && isObject(next)) {
      // A token with no form that this walk already sent: the service keeps handing back
      // the same object, which would be followed forever. As a repeated token: an error, or
      // with onSameToken "stop" the end, this page's items still handed out.
      if (this.formless.has(next)) {
        if (!this.settings.sameStop) return this.failed(id, REPEATED_TOKEN, undefined);
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
        const userRetryable = this.settings.retryable;
        if (userRetryable !== undefined) {
          retryable = Boolean(apply(userRetryable, undefined, [err]));
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

  // --- waking the consumer ---
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
    if (this.phase.kind !== "walking" || this.userAborted()) {
      queueMicrotask(fn);
      return;
    }
    this.wakers.push(fn);
    const core = this.core;
    if (this.settings.hasTimeLimit && this.limitTimer === undefined && core !== null) {
      // Wake up at the limit too, to stop at this page boundary.
      const left = core.timeLeft(Date.now());
      this.limitTimer = new Timer(() => {
        this.limitTimer = undefined;
        this.wake();
      }, Math.max(left, 0) + 1);
    }
  }

  // True once the user's signal aborted (read with the intrinsic getter): the rest of the
  // current page is not handed out (the next pull reports `aborted`; the resume token stays
  // after the last item received).
  userAborted(): boolean {
    const userSignal = this.settings.userSignal;
    return userSignal !== undefined && isAborted(userSignal);
  }
}
