// Hand-written types of the public API (../README.md, docs/): wasm-bindgen's generated
// declarations cannot express generics, option bags or string-literal unions precisely.

/** A value a cursor carries exactly. */
export type CursorValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | Uint8Array
  | Date
  | CursorValue[]
  | { [key: string]: CursorValue };

export type CursorErrorCode =
  | "malformed"
  | "too_large"
  | "unsupported_version"
  | "bad_signature"
  | "unknown_key"
  | "expired"
  | "scope_mismatch"
  | "unsupported_value"
  /** A synchronous call before the entry's `ready` resolved (browsers only): `await ready`. */
  | "not_ready";

export type PaginationErrorCode =
  | "repeated_token"
  | "aborted"
  | "fetch_failed"
  | "bad_page"
  | "bad_resume_token";

/** Thrown for every cursor that cannot be encoded or decoded. */
export class CursorError extends Error {
  readonly name: "CursorError";
  readonly code: CursorErrorCode;
  constructor(code: CursorErrorCode, message: string, options?: ErrorOptions);
}

/** Thrown by paginators; `fetch_failed` carries the last error as `cause` and a `resumeToken`. */
export class PaginationError extends Error {
  readonly name: "PaginationError";
  readonly code: PaginationErrorCode;
  readonly resumeToken: string | undefined;
  readonly cause?: unknown;
  constructor(code: PaginationErrorCode, message: string, options?: ErrorOptions & { resumeToken?: string });
}

export type Direction = "after" | "before";

export interface Segment {
  /** 0-based segment number. */
  segment: number;
  /** Number of segments of the scan. */
  total: number;
}

export interface CursorKey {
  /** Key id carried in the token; selects the key at decode. */
  id: string;
  /** The secret (a string is taken as its UTF-8 bytes). */
  secret: string | Uint8Array;
}

export interface CursorCodecOptions {
  /** The first key signs or seals; every listed key verifies (rotation). */
  keys?: CursorKey[];
  /** Default: "signed" when keys are given, else "plain". */
  mode?: "plain" | "signed" | "sealed";
  /** Seconds; tokens carry an expiry when set. */
  ttl?: number;
  /** Tokens longer than this are `too_large`, at decode and encode (default 4096). */
  maxLength?: number;
  /** Millisecond clock, for tests. */
  now?: () => number;
  /** Seconds an issued-at may lie in the future (servers whose clocks run ahead); default 60. */
  clockSkew?: number;
  /** Sealed mode only: pad the encrypted value to a multiple of this many bytes (1–65536). */
  padding?: number;
}

export interface EncodeOptions {
  /** Default "after". */
  direction?: Direction;
  /** Binds the token to a query: decode must present an equal scope. */
  scope?: CursorValue;
  segment?: Segment;
  /** Seconds; overrides the codec's ttl for this token. */
  ttl?: number;
}

export interface DecodeOptions {
  /** The scope of the query the token is presented to. */
  scope?: CursorValue;
}

/** A decoded cursor; absent optional fields are `undefined`. */
export interface Cursor {
  value: CursorValue;
  direction: Direction;
  issuedAt?: Date;
  expiresAt?: Date;
  keyId?: string;
  segment?: Segment;
}

/** Mints and checks cursors: plain, HMAC-signed or AEAD-sealed. */
export class CursorCodec {
  constructor(options?: CursorCodecOptions);
  /** The mode this codec mints and the only one it accepts. */
  readonly mode: "plain" | "signed" | "sealed";
  encode(value: CursorValue, options?: EncodeOptions): string;
  decode(token: string, options?: DecodeOptions): Cursor;
}

/** Plain-mode shorthand of `new CursorCodec().encode`. */
export function encodeCursor(value: CursorValue, options?: EncodeOptions): string;
/** Plain-mode shorthand of `new CursorCodec().decode`. */
export function decodeCursor(token: string, options?: DecodeOptions): Cursor;

export interface FetchContext {
  signal: AbortSignal;
  pageSize?: number;
  /** Counts from 1 for each page. */
  attempt: number;
  /** 0-based segment of a parallel walk. */
  segment?: number;
  totalSegments?: number;
}

export type FetchPage<Page> = (token: unknown | undefined, ctx: FetchContext) => Promise<Page> | Page;

export interface RetryOptions {
  retries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  retryable?: (err: unknown) => boolean;
}

export type StopReason =
  | "end"
  | "maxItems"
  | "maxPages"
  | "maxRequests"
  | "timeLimit"
  | "aborted"
  | "error";

export interface PaginateOptions<Page = any, Item = any> {
  preset?: "dynamodb" | "aws" | "keyset" | "relay" | "link";
  /** Dotted path or function giving the items of a page. */
  items?: string | ((page: Page) => Item[] | Promise<Item[]>);
  /** Dotted path applied before presets (GraphQL: "data.orders"). */
  root?: string;
  /** Dotted path or function giving the token of the next page. */
  next?: string | ((page: Page) => unknown);
  /** Dotted path or function giving an optional has-more flag. */
  more?: string | ((page: Page) => boolean);
  /** A raw service token to start from. */
  startToken?: unknown;
  /** A resumeToken from an earlier paginator (never a raw token). */
  resumeToken?: string;
  pageSize?: number;
  maxPages?: number;
  maxItems?: number;
  signal?: AbortSignal;
  retry?: RetryOptions;
  /** Pages fetched ahead of the consumer (order is preserved); default 0. */
  prefetch?: number;
  /** Parallel segments (DynamoDB parallel Scan); 0-based ids. */
  segments?: number;
  /** Walk one segment only. */
  segment?: Segment;
  onSameToken?: "error" | "stop";
  /** Budget of fetchPage calls; stops with a resumeToken. */
  maxRequests?: number;
  /** Stop cleanly at a page boundary, with a resumeToken. */
  timeLimitMs?: number;
  /** Pacing between requests. */
  minIntervalMs?: number;
  /** Binds resumeTokens to the query; another scope: bad_resume_token. */
  scope?: CursorValue;
  /** Mints and checks resumeTokens (signed/sealed); default plain. */
  codec?: CursorCodec;
}

export interface PaginatorStats {
  pages: number;
  items: number;
  emptyPages: number;
  retries: number;
  requests: number;
  elapsedMs: number;
}

export interface Paginator<Page = any, Item = any> extends AsyncIterable<Page> {
  [Symbol.asyncIterator](): AsyncIterator<Page>;
  items(): AsyncIterable<Item>;
  toArray(): Promise<Item[]>;
  /** undefined once the walk reached the end. */
  readonly resumeToken: string | undefined;
  /** undefined while running. */
  readonly stopReason: StopReason | undefined;
  readonly stats: PaginatorStats;
  /** The 0-based segment of the page (or item) handed out last, with `segments` or `segment`. */
  readonly lastSegment: number | undefined;
}

/** The class behind `paginate()` (for `instanceof`); construct paginators with `paginate()`. */
export declare const Paginator: {
  readonly prototype: Paginator<any, any>;
  /** `value instanceof Paginator` (the class cannot be constructed directly). */
  [Symbol.hasInstance](value: unknown): value is Paginator<any, any>;
};

export function paginate<Page = any, Item = any>(
  fetchPage: FetchPage<Page>,
  options?: PaginateOptions<Page, Item>,
): Paginator<Page, Item>;

export interface CursorStackOptions {
  /** Keep the tokens of the N most recent pages. */
  maxDepth?: number;
  scope?: CursorValue;
  codec?: CursorCodec;
}

/** Back/forward over a forward-only API: a stack of issued tokens. */
export class CursorStack {
  constructor(options?: CursorStackOptions);
  static from(state: string, options?: CursorStackOptions): CursorStack;
  /** 1-based number of the current page. */
  readonly page: number;
  /** Token that fetches the current page (undefined = first page). */
  readonly current: unknown;
  /** True exactly when `back()` returns an existing previous page's token (see docs/cursor-stack.md). */
  readonly hasPrevious: boolean;
  /** True only when the next page's token is known. */
  readonly hasNext: boolean;
  /** The configured depth; undefined = unlimited. */
  readonly maxDepth: number | undefined;
  /** The current page loaded: remember its next token (undefined/null/""/{} = the last page). */
  record(nextToken: unknown): void;
  /** Throws PaginationError "bad_page" when the next token is unknown or absent. */
  forward(nextToken?: unknown): unknown;
  /** Stays put and returns undefined when hasPrevious is false. */
  back(): unknown;
  /** RangeError for a page that is not an integer >= 1; PaginationError "bad_page" for one not kept. */
  goTo(page: number): unknown;
  reset(scope?: CursorValue): void;
  toString(): string;
  /** The same string as toString(). */
  toJSON(): string;
}

export interface InfiniteListOptions<Page = any, Item = any> extends PaginateOptions<Page, Item> {
  /** Each load yields exactly this many items, unless the end comes first. */
  chunkItems?: number;
  /** Window kept in memory; older chunks are dropped, their cursors kept. */
  maxChunks?: number;
}

/** Infinite scroll with a memory cap that keeps the cursors of evicted chunks. */
export class InfiniteList<Item = unknown, Page = any> {
  constructor(fetchPage: FetchPage<Page>, options?: InfiniteListOptions<Page, Item>);
  static from<Item = unknown, Page = any>(
    state: string,
    fetchPage: FetchPage<Page>,
    options?: InfiniteListOptions<Page, Item>,
  ): InfiniteList<Item, Page>;
  readonly items: Item[];
  readonly hasMore: boolean;
  readonly hasPrevious: boolean;
  readonly loading: boolean;
  /**
   * The error of the last load that failed, `undefined` otherwise. A failed load leaves the
   * window unchanged; the error stays until a load starts again or `reset()`.
   */
  readonly error: unknown;
  /**
   * Appends the next chunk; resolves with its items (`[]` at the end). On failure the promise
   * rejects and `error` holds the error; when the list has subscribers the rejection is marked
   * handled, so a UI's `void list.loadMore()` is no unhandled rejection (it reads `error`).
   */
  loadMore(): Promise<Item[]>;
  loadPrevious(): Promise<Item[]>;
  /** Runs the failed load again and returns its promise; resolves to `[]` when none failed. */
  retry(): Promise<Item[]>;
  /**
   * Starts over on the same list: drops the window, its cursors and the error, aborts the
   * loads in flight (their promises reject `PaginationError` `aborted`) and notifies.
   */
  reset(): void;
  /** `listener` runs after every change of items, hasMore, hasPrevious, loading or error. */
  subscribe(listener: () => void): () => void;
  toString(): string;
  /** The same string as toString(). */
  toJSON(): string;
}

export interface OffsetPageInfo {
  page: number;
  limit: number;
  total: number;
  pages: number;
  offset: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

export function offsetPage(options: { total: number; page: number; limit: number }): OffsetPageInfo;

export function paginateOffset<T>(items: T[], options: { page: number; limit: number }): { items: T[] } & OffsetPageInfo;

export interface KeysetPage<T> {
  items: T[];
  nextCursor?: string;
  previousCursor?: string;
  hasNext: boolean;
  hasPrevious: boolean;
}

export function paginateKeyset<T>(
  items: T[],
  options: {
    keys: string[];
    after?: string;
    before?: string;
    limit: number;
    codec?: CursorCodec;
    scope?: CursorValue;
  },
): KeysetPage<T>;

/**
 * Resolves once the WebAssembly module is instantiated and synchronous calls work. In Node,
 * workerd, Deno and `pagecursor/inline` it is already resolved when the import is; in
 * browsers the wasm is fetched and compiled from the moment of the import, and synchronous
 * calls made before `ready` throw `CursorError` `not_ready`. Iterating a `paginate` walk and
 * `InfiniteList` loads wait for it themselves. Rejects (with a `not_ready` CursorError whose
 * `cause` is the load's error) when the module cannot be fetched or compiled.
 */
export const ready: Promise<void>;
/** Idempotent: returns `ready`. */
export function init(): Promise<void>;
