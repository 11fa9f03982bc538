/* tslint:disable */
/* eslint-disable */
/**
 * How a walk failed, as its `PaginationError` names it ([`Failure::code`]): the answer of
 * `failure` after [`Pull::Failed`], and what [`PaginatorCore::fail`] is told failed.
 */

export type WalkFailure = "fetch_failed" | "bad_page" | "repeated_token";
/**
 * Why a walk stopped, as `paginate`'s `stopReason` names it: a typed export, so that the JS
 * driver reads the name the glue generates instead of a position in a list kept in step by
 * hand.
 */

export type WalkStop = "end" | "maxItems" | "maxPages" | "maxRequests" | "timeLimit" | "aborted" | "error";
import type { Cursor, CursorCodecOptions, CursorStackOptions, CursorValue, DecodeOptions, EncodeOptions, FetchPage, InfiniteListOptions, KeysetPage, OffsetPageInfo } from "./index.js";


/**
 * What the driver does after a failed attempt ([`PaginatorCore::fail`]).
 */
export enum AfterFailure {
    /**
     * Try again: `driver.request` was called.
     */
    Retry = 0,
    /**
     * The walk fails.
     */
    Fail = 1,
    /**
     * The request budget ran out: the walk stops quietly.
     */
    Stop = 2,
    /**
     * The request no longer belongs to the walk: drop the outcome.
     */
    Ignore = 3,
}

/**
 * Mints and checks cursors.
 *
 * ```js
 * const codec = new CursorCodec({ keys: [{ id: "k1", secret: process.env.CURSOR_SECRET }] });
 * const token = codec.encode({ createdAt: new Date(), id: 42n }, { scope: "orders" });
 * codec.decode(token, { scope: "orders" }).value; // { createdAt: Date, id: 42n }
 * ```
 */
export class CursorCodec {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Checks and decodes a token.
     */
    decode(token: string, options: DecodeOptions): Cursor;
    /**
     * Mints a token for `value`.
     */
    encode(value: CursorValue, options: EncodeOptions): string;
    /**
     * Creates a codec from its options bag:
     * `{ keys, mode, ttl, maxLength, now, clockSkew, padding }`.
     */
    constructor(options: CursorCodecOptions);
    /**
     * The mode this codec mints and accepts: `"plain"`, `"signed"` or `"sealed"`.
     */
    readonly mode: "plain" | "signed" | "sealed";
}

/**
 * Back, forward and jump navigation over an API that only hands out "next" tokens.
 *
 * ```js
 * const stack = new CursorStack();
 * let page = await api.list({ token: stack.current });      // page 1
 * page = await api.list({ token: stack.forward(page.next) }); // page 2
 * page = await api.list({ token: stack.back() });             // page 1 again
 * location.hash = stack.toString();                           // survives a reload
 * ```
 *
 * Every method takes `&self`: wasm-bindgen then only takes a shared borrow for the call, which
 * a getter or Proxy trap of a token may nest (calling `stack.page`, or `stack.back()`, from
 * inside `stack.record(token)`) without its "recursive use of an object" throw from inside
 * WebAssembly. The state lives in a `RefCell` borrowed only after every user value of the call
 * was read (and never across a call into JS), so a nested call sees the state before the outer
 * call and the outer call applies to the state after the nested one.
 */
export class CursorStack {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Moves to the previous page and returns its token (`undefined` for page 1). Without a
     * previous page (`hasPrevious` false) it stays put and returns `undefined`.
     */
    back(): unknown;
    /**
     * Moves to the next page, recording `nextToken` first when given, and returns the token
     * to fetch it with. Throws `PaginationError` `bad_page` when the next token is unknown
     * or the current page is the last.
     */
    forward(nextToken: unknown): unknown;
    /**
     * Restores a stack from `toString()`. Tampered state, state of another scope or a
     * malformed string is a `CursorError`.
     *
     * ```js
     * const stack = CursorStack.from(params.get("nav"), { scope: query, codec });
     * ```
     */
    static from(state: any, options: CursorStackOptions | undefined, codec: CursorCodec): CursorStack;
    /**
     * Moves to a visited page whose token is kept and returns its token. A page that is not
     * a whole number from 1 to 2^53 - 1 is a `RangeError` (`TypeError` for a non-number); a page never visited
     * or evicted by `maxDepth` is a `PaginationError` `bad_page`.
     */
    goTo(page: any): unknown;
    /**
     * A stack on page 1. `maxDepth` keeps the tokens of that many most recent pages, `scope`
     * binds the serialized state to a query, `codec` mints it (signed with a signing codec).
     */
    constructor(options: CursorStackOptions | undefined, codec: CursorCodec);
    /**
     * The current page loaded: remember its next token (`undefined`, `null`, `""` or `{}`:
     * this is the last page).
     */
    record(nextToken: unknown): void;
    /**
     * The query changed: start over on page 1. A given `scope` replaces the stack's scope;
     * without one the scope stays.
     */
    reset(scope: CursorValue | undefined): void;
    /**
     * `JSON.stringify` gives the same string as `toString()`.
     */
    toJSON(): string;
    /**
     * The state as a URL-safe string (minted by the codec, bound to the scope).
     */
    toString(): string;
    /**
     * The token that fetches the current page (`undefined` for the first page).
     */
    readonly current: unknown;
    /**
     * True only when the current page's next token is recorded and present.
     */
    readonly hasNext: boolean;
    /**
     * True exactly when `back()` returns the token of an existing previous page.
     */
    readonly hasPrevious: boolean;
    /**
     * The configured depth (`undefined`: unlimited).
     */
    readonly maxDepth: number | undefined;
    /**
     * The 1-based number of the current page.
     */
    readonly page: number;
}

/**
 * Infinite scroll over any token-paginated API, with a memory cap.
 *
 * ```js
 * const list = new InfiniteList(fetchPage, { preset: "dynamodb", chunkItems: 50, maxChunks: 10 });
 * const unsubscribe = list.subscribe(() => render(list.items));
 * await list.loadMore();            // exactly 50 items, across short and empty pages
 * sessionStorage.pos = list.toString();
 * ```
 */
export class InfiniteList {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Restores the position saved by `toString()`: the list is empty and positioned right
     * after the saved window, like a paginator's resume token — `loadMore()` continues with
     * the next chunk, `loadPrevious()` refetches the saved chunks from the last one back.
     */
    static from(state: any, fetchPage: FetchPage<any>, options: InfiniteListOptions | undefined, codec: CursorCodec, runLoad: Function, checkOptions: Function): InfiniteList;
    /**
     * Appends the next chunk (dropping the first one past `maxChunks`) and resolves with its
     * items (`[]` at the end). A second call while one is in flight returns the same promise.
     * On failure the list is unchanged and the call can be retried.
     */
    loadMore(): Promise<any[]>;
    /**
     * Refetches the chunk before the window from its kept start token and prepends it
     * (dropping the last chunk past `maxChunks`); resolves with its items (`[]` at the start).
     */
    loadPrevious(): Promise<any[]>;
    /**
     * A list with no items yet. Options are the paginator's (`preset`, `items`, `next`,
     * `retry`, `signal`, `codec`, `scope`, …) plus `chunkItems` (items per load; without it a
     * load is one page) and `maxChunks` (chunks kept in memory; unlimited by default).
     * `runLoad` and `checkOptions` are the paginator driver's (src/js/paginate/paginator.ts).
     */
    constructor(fetchPage: FetchPage<any>, options: InfiniteListOptions | undefined, codec: CursorCodec, runLoad: Function, checkOptions: Function);
    /**
     * A scroll-driven UI's report: the sentinel after the items (`more`) or before them is in
     * view or not. Returns the load to start now, `"more"` or `"previous"`, or `undefined`
     * (none, or a load is running). The window owns the rule, hysteresis included
     * (`ChunkWindow::sentinel`); the JS class checks the arguments.
     */
    sentinel(more: boolean, in_view: boolean): any;
    /**
     * `JSON.stringify` gives the same string as `toString()`.
     */
    toJSON(): string;
    /**
     * The position (chunk start tokens and window), URL- and sessionStorage-safe, minted by
     * `options.codec` and bound to `options.scope`.
     */
    toString(): string;
    /**
     * True while a chunk after the window may exist.
     */
    readonly hasMore: boolean;
    /**
     * True when chunks before the window were dropped and `loadPrevious()` can refetch them.
     */
    readonly hasPrevious: boolean;
    /**
     * The items of the chunks in memory, in order (the same array until the next change).
     */
    readonly items: any[];
    /**
     * True while a load is in flight.
     */
    readonly loading: boolean;
}

/**
 * One load of an `InfiniteList`, driven by the paginator's JS driver, which only awaits:
 * the list decides which chunk, with which options, and what the window keeps. Internal:
 * never reaches users.
 */
export class InfiniteLoad {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The chunk to load as `[fetchPage, options, token, page]`, `undefined` when there is
     * none (the end, or the start for `loadPrevious`). `page` (with its request `token`) is
     * the page the chunk starts in when the chunk before cut it: the walk's first request is
     * for it, and it is served instead of fetched. Throws what the user's options threw.
     */
    begin(): any;
    /**
     * The load finished (loaded or failed): the list is idle when it was the last one. The
     * JS class around this one (src/js/list/infinite.ts) owns the listeners: it notifies them when
     * the promise of a load settles, with the load's error when it failed.
     */
    end(): void;
    /**
     * The chunk arrived: `items`, and the paginator's `resume` token (where the next chunk
     * starts). The window decides what it keeps and drops. `page` is the last page the walk
     * requested, with its request `token`: kept for the next `loadMore` when the chunk ended
     * inside it. `keys` (with `itemKey`): the driver's copies of the items' keys; an item
     * whose key the window or the chunk already holds is dropped (see [`Self::fill`]).
     * Answers the chunk's items (what the load resolves with), or a number `n`: walk again
     * from `resume` for `n` more items and report them here.
     */
    loaded(items: Array<any>, resume: string | null | undefined, token: any, page: any, keys?: Array<any> | null): any;
}

/**
 * The decisions of one paginator walk (not exported by the package: the JS `Paginator`
 * owns one).
 */
export class PaginatorCore {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Records `n` more items taken by an item consumer (before reading the resume token);
     * `key`: the driver's copy of the last one's `itemKey` when the consumer stops inside
     * the page (`undefined` otherwise), the resume position's anchor. `by_content` (a walk
     * without `itemKey`): `key` is instead the array of the JSON texts of the page's items
     * up to the last one taken (`null` for an item without one), whose digest anchors it.
     */
    consume(n: number, key: any, by_content: boolean): void;
    /**
     * Attempt `id` failed with `failure` ([`WalkFailure::FetchFailed`] or
     * [`WalkFailure::BadPage`]). `retryable`: the user's `retryable` answer, or the default
     * classification's ([`PaginatorCore::retryable`]); a page that cannot be read is never
     * retried. `retry_after` is a server-given wait in seconds, as the driver read it (a
     * number, delay seconds or an HTTP date of a `Retry-After` header, a `Date`: the driver
     * has the date parser). Answers what the driver does next; on [`AfterFailure::Retry`]
     * `driver.request` was called.
     */
    fail(id: number, failure: WalkFailure, retryable: boolean, retry_after: number | null | undefined, random: number, now: number): AfterFailure;
    /**
     * Answers a question about the walk's state (see [`WalkState`]). One method for every
     * question: each exported method costs its own glue.
     */
    is(state: WalkState): boolean;
    /**
     * A walk with the driver's validated options: `numbers` has a place per [`WalkSetting`],
     * NaN where the option is absent. `segment`/`total`: one segment of `total`
     * (`segment` given), all `total` segments, or no segments (`total` absent). `scope` is
     * the driver's copy of `options.scope`, `codec` the wasm codec of `options.codec` (the
     * shared plain one without it); `start` the start token with its `start_form`
     * (see [`token_of`]). A bad `resumeToken` is kept for the first `pull`
     * (`takeInitError`); one longer than the codec's `maxLength` is refused before it is
     * copied into wasm memory.
     */
    constructor(driver: any, numbers: Float64Array | number[], scope: any, codec: CursorCodec, resume: any, start: any, start_form: any);
    /**
     * The `rel="next"` target of a `Link` header.
     */
    static nextLink(header: string): string | undefined;
    /**
     * Request `id` brought a page of `len` items whose next token is `token` (`undefined`:
     * absent; `form`: its copy, see [`token_of`]) and whose has-more flag is `more` (undefined:
     * the page has none). `keys`: for a request that asked for them, the driver's copies of
     * the items' keys (an array; `undefined` without `itemKey`), converted one at a time up
     * to the anchor. Issues the requests that may go now; false when the page no longer
     * belongs to the walk.
     */
    page(id: number, len: number, token: any, form: any, more: boolean | null | undefined, now: number, keys: any): boolean;
    /**
     * `page(id, len, text, more)` for a page whose next token is absent (`text` undefined)
     * or the well-formed string `text`, then `pull(now, taken, whole)`: one call for a page
     * that waited for its consumer (`pagesMayWait`). The driver keeps the string: the walk
     * holds it as [`Raw::Held`]. A page the walk no longer keeps is never delivered. The
     * answer [`Pull::WholePage`] is [`Pull::ReportedPage`] when it is page `id`, which the
     * driver then need not ask for (the usual step of a page walk).
     */
    pullWith(now: number, taken: number, whole: boolean, id: number, len: number, text?: string | null, more?: boolean | null): Pull;
    /**
     * The consumer asks for the next page, after taking `taken` more items of the page it
     * has (item consumers report lazily). Issues requests (`driver.request`), then answers
     * what it found ([`Pull`]). [`Pull::Page`]: `driver.deliver` told which page; `whole`:
     * the consumer takes all of it, and the driver reports a cut page with `consume` once it
     * made the page's copy. For a page consumer, an uncut page of segment 0 is
     * [`Pull::WholePage`] instead, with no call back. [`Pull::Sent`] is the wait in which the
     * one request of the call is request `requestId` of segment 0, first attempt, no delay,
     * with the held token: the common step of a walk without prefetch, whose next request
     * goes out when the consumer asks. The ids travel in a field the getter reads rather than
     * in the answer, and no object is made per page.
     */
    pull(now: number, taken: number, whole: boolean): Pull;
    /**
     * The resume token (`undefined` at the end, or when a position holds a token that is
     * not a cursor value).
     */
    resumeToken(): string | undefined;
    /**
     * Whether a failed fetch is retried without a user `retryable`, from the error's facts
     * as the driver read them: its HTTP `status`, its `name`, its `$retryable` hint and
     * whether it is a `TypeError` (docs/paginator.md, "Failures and retries").
     */
    static retryable(status: number | null | undefined, name: string | null | undefined, hint: boolean, type_error: boolean): boolean;
    /**
     * The walk's figures, each at its [`WalkStat`] place (the ms elapsed as of `at`).
     */
    stats(at: number): Float64Array;
    /**
     * Why the walk stopped (`paginate`'s `stopReason`), undefined while it runs.
     */
    stopReason(): WalkStop | undefined;
    /**
     * Stops the walk: [`WalkStop::Aborted`] (abort, `break`) or [`WalkStop::Error`].
     */
    stop(reason: WalkStop): void;
    /**
     * The message of a bad `resumeToken`, once.
     */
    takeInitError(): string | undefined;
    /**
     * Ms left before the time limit (infinite without one).
     */
    timeLeft(now: number): number;
    /**
     * How the walk failed, after [`Pull::Failed`] (undefined before).
     */
    readonly failure: WalkFailure | undefined;
    /**
     * The request the last [`Pull::WholePage`] (the page's) or [`Pull::Sent`] (the one that
     * went out) names.
     */
    readonly requestId: number;
}

/**
 * What the consumer's pull found ([`PaginatorCore::pull`]): a typed export, so that the
 * driver names each answer (`Pull.Page`) instead of decoding a number, and the data an
 * answer carries (a request id, a failure kind) has a getter of its own.
 */
export enum Pull {
    /**
     * A page for the consumer: `driver.deliver` told which.
     */
    Page = 0,
    /**
     * For a page consumer, the uncut page of request `requestId`, of segment 0 (no
     * `deliver` call: the common step of a page walk).
     */
    WholePage = 1,
    /**
     * Wait for a request in flight.
     */
    Wait = 2,
    /**
     * Wait: request `requestId` of segment 0 (first attempt, no delay) goes out with the held
     * token (the common step of a walk without prefetch, told here rather than by a call
     * back).
     */
    Sent = 3,
    /**
     * The walk is over.
     */
    Stopped = 4,
    /**
     * The walk failed (reported once): `failure` says how.
     */
    Failed = 5,
    /**
     * [`Pull::WholePage`] of the page `pullWith` reported in the same call, whose id the
     * driver has: one getter call less per page of a page walk.
     */
    ReportedPage = 6,
}

/**
 * Where each option of a walk sits in the `numbers` of [`PaginatorCore::new`]: the driver
 * writes `numbers[WalkSetting.MaxItems]` and the core reads the same place, so the order is
 * written once, here (one `Float64Array` crosses: an argument per option cost kilobytes of
 * glue). `Count` is the array's length.
 */
export enum WalkSetting {
    /**
     * `maxItems`.
     */
    MaxItems = 0,
    /**
     * `maxPages`.
     */
    MaxPages = 1,
    /**
     * `maxRequests`.
     */
    MaxRequests = 2,
    /**
     * `timeLimitMs`.
     */
    TimeLimitMs = 3,
    /**
     * `minIntervalMs`.
     */
    MinIntervalMs = 4,
    /**
     * `prefetch`.
     */
    Prefetch = 5,
    /**
     * `retry.retries`.
     */
    Retries = 6,
    /**
     * `retry.baseDelayMs`.
     */
    BaseDelayMs = 7,
    /**
     * `retry.maxDelayMs`.
     */
    MaxDelayMs = 8,
    /**
     * 1 for `onSameToken: "stop"`.
     */
    StopOnSameToken = 9,
    /**
     * `segment.segment`: walk this one segment.
     */
    Segment = 10,
    /**
     * `segment.total` or `segments`: the number of segments.
     */
    Total = 11,
    /**
     * The length of `numbers`.
     */
    Count = 12,
}

/**
 * Where each figure sits in what [`PaginatorCore::stats`] answers (`Count`: its length), read
 * by the driver by these names into `paginate`'s `stats`.
 */
export enum WalkStat {
    /**
     * `stats.pages`.
     */
    Pages = 0,
    /**
     * `stats.items`.
     */
    Items = 1,
    /**
     * `stats.emptyPages`.
     */
    EmptyPages = 2,
    /**
     * `stats.retries`.
     */
    Retries = 3,
    /**
     * `stats.requests`.
     */
    Requests = 4,
    /**
     * `stats.elapsedMs`.
     */
    ElapsedMs = 5,
    /**
     * `stats.anchorMisses`.
     */
    AnchorMisses = 6,
    /**
     * The length of the answer.
     */
    Count = 7,
}

/**
 * The questions [`PaginatorCore::is`] answers about the walk.
 */
export enum WalkState {
    /**
     * Pages may wait for the next pull ([`Walk::pages_may_wait`]: one chain, no prefetch).
     */
    PagesMayWait = 0,
    /**
     * The clock can change a decision (a time limit or pacing, once started): otherwise the
     * driver passes 0 instead of reading it.
     */
    NeedsClock = 1,
    /**
     * No request may be issued any more.
     */
    Stopping = 2,
    /**
     * The walk reached its end with nothing in flight (nothing to abort).
     */
    EndedIdle = 3,
}

/**
 * Decodes a plain cursor (options as `CursorCodec.decode`).
 *
 * ```js
 * const { value, direction } = decodeCursor(token);
 * ```
 */
export function decodeCursor(token: string, options: DecodeOptions): Cursor;

/**
 * Mints a plain cursor for `value` (options as `CursorCodec.encode`).
 *
 * ```js
 * const token = encodeCursor({ createdAt: new Date(), id: 42n });
 * ```
 */
export function encodeCursor(value: CursorValue, options: EncodeOptions): string;

/**
 * The metadata of a 1-based offset page. Past the end is not an error; a `page` or `limit`
 * that is not an integer >= 1 (or a `total` that is not an integer >= 0) is a `RangeError`,
 * a non-number a `TypeError`.
 *
 * ```js
 * offsetPage({ total: 95, page: 3, limit: 20 });
 * // { page: 3, limit: 20, total: 95, pages: 5, offset: 40, hasNext: true, hasPrevious: true }
 * ```
 */
export function offsetPage(options: { total: number; page: number; limit: number }): OffsetPageInfo;

/**
 * One keyset page of an array: the items sorted by `keys` (the last key a unique
 * tiebreaker), after or before a cursor, in ascending key order, with the cursors of the
 * neighbouring pages. The caller's array is not changed. A malformed `after`/`before` is a
 * `CursorError`.
 *
 * ```js
 * const page = paginateKeyset(rows, { keys: ["createdAt", "id"], limit: 20, after });
 * page.items; page.nextCursor; page.previousCursor;
 * ```
 */
export function paginateKeyset(items: any, options: { keys: string[]; after?: string; before?: string; limit: number; codec?: CursorCodec; scope?: CursorValue }, codec: CursorCodec): KeysetPage<any>;

/**
 * One offset page of an array: `{ items, ...offsetPage }` with `total` = `items.length`.
 * The caller's array is not changed.
 *
 * ```js
 * const { items, pages } = paginateOffset(rows, { page: 2, limit: 20 });
 * ```
 */
export function paginateOffset(items: any, options: { page: number; limit: number }): any;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_cursorcodec_free: (a: number, b: number) => void;
    readonly __wbg_cursorstack_free: (a: number, b: number) => void;
    readonly __wbg_infinitelist_free: (a: number, b: number) => void;
    readonly __wbg_infiniteload_free: (a: number, b: number) => void;
    readonly __wbg_paginatorcore_free: (a: number, b: number) => void;
    readonly cursorcodec_decode: (a: number, b: any, c: any) => [number, number, number];
    readonly cursorcodec_encode: (a: number, b: any, c: any) => [number, number, number];
    readonly cursorcodec_mode: (a: number) => [number, number];
    readonly cursorcodec_new: (a: any) => [number, number, number];
    readonly cursorstack_back: (a: number) => [number, number, number];
    readonly cursorstack_current: (a: number) => any;
    readonly cursorstack_forward: (a: number, b: any) => [number, number, number];
    readonly cursorstack_from: (a: any, b: any, c: number) => [number, number, number];
    readonly cursorstack_goTo: (a: number, b: any) => [number, number, number];
    readonly cursorstack_hasNext: (a: number) => number;
    readonly cursorstack_hasPrevious: (a: number) => number;
    readonly cursorstack_maxDepth: (a: number) => [number, number];
    readonly cursorstack_new: (a: any, b: number) => [number, number, number];
    readonly cursorstack_page: (a: number) => number;
    readonly cursorstack_record: (a: number, b: any) => [number, number];
    readonly cursorstack_reset: (a: number, b: any) => [number, number];
    readonly cursorstack_toJSON: (a: number) => [number, number, number, number];
    readonly cursorstack_toString: (a: number) => [number, number, number, number];
    readonly decodeCursor: (a: any, b: any) => [number, number, number];
    readonly encodeCursor: (a: any, b: any) => [number, number, number];
    readonly infinitelist_from: (a: any, b: any, c: any, d: number, e: any, f: any) => [number, number, number];
    readonly infinitelist_hasMore: (a: number) => number;
    readonly infinitelist_hasPrevious: (a: number) => number;
    readonly infinitelist_items: (a: number) => any;
    readonly infinitelist_loadMore: (a: number) => any;
    readonly infinitelist_loadPrevious: (a: number) => any;
    readonly infinitelist_loading: (a: number) => number;
    readonly infinitelist_new: (a: any, b: any, c: number, d: any, e: any) => [number, number, number];
    readonly infinitelist_sentinel: (a: number, b: number, c: number) => any;
    readonly infinitelist_toJSON: (a: number) => [number, number, number, number];
    readonly infinitelist_toString: (a: number) => [number, number, number, number];
    readonly infiniteload_begin: (a: number) => [number, number, number];
    readonly infiniteload_end: (a: number) => void;
    readonly infiniteload_loaded: (a: number, b: any, c: number, d: number, e: any, f: any, g: number) => any;
    readonly offsetPage: (a: any) => [number, number, number];
    readonly paginateKeyset: (a: any, b: any, c: number) => [number, number, number];
    readonly paginateOffset: (a: any, b: any) => [number, number, number];
    readonly paginatorcore_consume: (a: number, b: number, c: any, d: number) => void;
    readonly paginatorcore_fail: (a: number, b: number, c: number, d: number, e: number, f: number, g: number, h: number) => number;
    readonly paginatorcore_failure: (a: number) => number;
    readonly paginatorcore_is: (a: number, b: number) => number;
    readonly paginatorcore_new: (a: any, b: number, c: number, d: any, e: number, f: any, g: any, h: any) => [number, number, number];
    readonly paginatorcore_nextLink: (a: number, b: number) => [number, number];
    readonly paginatorcore_page: (a: number, b: number, c: number, d: any, e: any, f: number, g: number, h: any) => number;
    readonly paginatorcore_pull: (a: number, b: number, c: number, d: number) => number;
    readonly paginatorcore_pullWith: (a: number, b: number, c: number, d: number, e: number, f: number, g: number, h: number, i: number) => number;
    readonly paginatorcore_requestId: (a: number) => number;
    readonly paginatorcore_resumeToken: (a: number) => [number, number];
    readonly paginatorcore_retryable: (a: number, b: number, c: number, d: number, e: number, f: number) => number;
    readonly paginatorcore_stats: (a: number, b: number) => [number, number];
    readonly paginatorcore_stop: (a: number, b: number) => void;
    readonly paginatorcore_stopReason: (a: number) => number;
    readonly paginatorcore_takeInitError: (a: number) => [number, number];
    readonly paginatorcore_timeLeft: (a: number, b: number) => number;
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __wbindgen_exn_store: (a: number) => void;
    readonly __externref_table_alloc: () => number;
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __externref_table_dealloc: (a: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
/** Imports of the glue for a part's modules (scripts/split-imports.mjs). */
export const __wbg_client_imports: object;
/** Imports of the glue for a part's modules (scripts/split-imports.mjs). */
export const __wbg_keyed_imports: object;
