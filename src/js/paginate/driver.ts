// The walk: `Walk` hands pages and items to the consumers of a Paginator (its page iterator,
// its item iterator, toArray) and to InfiniteList's loads, and ends the walk: it asks the wasm
// `PaginatorCore` what comes next, stops it, keeps what the getters show once it is freed.
// The fetching half it extends (requests.ts) issues the requests and receives the pages.
//
// Owns the consumer's position (the page it stands in, items received, the anchor of a resume
// inside a page) and the walk's end. It may call requests.ts, read-page.ts (a cut page's copy),
// the glue (`PaginatorCore`'s answers) and the error factories.
import { type PaginatorCore, Pull, WalkStat, WalkState } from "./pagecursor.js";
import type { WalkStop } from "./pagecursor.js";
import type { PaginatorStats } from "./index.js";
import type { WalkSettings } from "./walk-options.js";
import { makeArgumentError, makePaginationError } from "./errors.js";
import { apply, cutCopy } from "./user-values.js";
import type { Path } from "./presets.js";
import { describe, FAILURE_MESSAGE, jsonForms, signalReason, unlisten, WalkRequests } from "./requests.js";

// The answers of core.pull by the names the glue generates, read once: the per-page switch
// compares constants instead of reading the enum object's properties.
const { Page: PAGE, WholePage: WHOLE_PAGE, ReportedPage: REPORTED_PAGE, Wait: WAIT, Sent: SENT, Failed: FAILED } = Pull;
export const DONE = Object.freeze({ value: undefined, done: true } as const);

// What the iterators' next() resolve with: a page or an item, or DONE.
type Step = IteratorResult<unknown, undefined>;

export class Walk extends WalkRequests {
  // Every field is set by the constructor (see WalkRequests).
  declare tItems: unknown[] | undefined;
  declare tAlong: unknown[] | undefined;
  declare tKeys: unknown[] | undefined;
  declare endedMs: number | undefined;
  declare lastSegment: number | undefined;
  declare items: unknown[] | null;
  declare index: number;
  declare end: number;
  declare taken: number;
  declare keys: unknown[] | undefined;
  declare shown: unknown[] | undefined;

  constructor(settings: WalkSettings) {
    super(settings);
    this.tItems = undefined; // the items of the page `take` returned
    this.tAlong = undefined; // and what its cut copy is made of
    this.tKeys = undefined; // and its item keys (with itemKey)
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
  }

  // options.itemKey (InfiniteList's loads collect the keys of the items they return).
  get itemKey(): Path | Function | undefined {
    return this.settings.itemKey;
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
    const phase = this.phase;
    return phase.kind === "ended" ? phase.resumeToken : phase.core.resumeToken();
  }

  stopReason(): WalkStop | undefined {
    const phase = this.phase;
    return phase.kind === "ended" ? phase.stopReason : phase.core.stopReason();
  }

  stats(): PaginatorStats {
    const phase = this.phase;
    const s = phase.kind === "ended" ? phase.stats : phase.core.stats(Date.now());
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
    this.phase = { kind: "ended", resumeToken: core.resumeToken(), stopReason: core.stopReason(), stats: core.stats(this.endedMs!), abortReported: false };
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
      apply(unlisten!, this.settings.userSignal, ["abort", this.listener]); // isSignal found it
      this.listener = undefined;
    }
    if (abort) this.controller.abort();
    this.wake();
  }

  // One attempt at the next page: true (dId… say which), false (wait), or DONE; throws the
  // walk's error. Runs no user code: what the core asked to fetch waits for flush, after the
  // caller took its page.
  pullNow(whole: boolean): boolean | typeof DONE {
    const phase = this.phase;
    if (phase.kind === "refused") {
      phase.core.stop("error");
      this.shutDown();
      throw makePaginationError("bad_resume_token", phase.message, undefined, undefined);
    }
    if (phase.kind === "ended") {
      if (!this.userAborted() || phase.abortReported || phase.stopReason === "end") return DONE;
      phase.abortReported = true;
      throw this.error("aborted", "the walk was aborted", this.abortReason());
    }
    const core = phase.core;
    if (this.userAborted() && core.stopReason() !== "end") {
      this.sync();
      core.stop("aborted");
      this.shutDown();
      // The walk ended aborted: the pull reports it (once).
      return this.pullNow(whole);
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
    if (this.clock === undefined) this.clock = core.is(WalkState.NeedsClock);
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
        if (this.settings.totalSegments !== undefined) this.lastSegment = this.orders.dSegment;
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
    this.reader.itemsMode = true;
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
    if (this.items !== null && this.index < this.end && this.phase.kind === "walking") {
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
  abortReason(): unknown {
    return signalReason === undefined ? undefined : apply(signalReason, this.settings.userSignal, []);
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
