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
  keys?: readonly CursorKey[] | undefined;
  /** Default: "signed" when keys are given, else "plain". */
  mode?: "plain" | "signed" | "sealed" | undefined;
  /** Seconds; tokens carry an expiry when set. */
  ttl?: number | undefined;
  /** Tokens longer than this are `too_large`, at decode and encode (default 4096). */
  maxLength?: number | undefined;
  /** Millisecond clock, for tests. */
  now?: (() => number) | undefined;
  /** Seconds an issued-at may lie in the future (servers whose clocks run ahead); default 60. */
  clockSkew?: number | undefined;
  /** Sealed mode only: pad the encrypted value to a multiple of this many bytes (1–65536). */
  padding?: number | undefined;
}

export interface EncodeOptions {
  /** Default "after". */
  direction?: Direction | undefined;
  /** Binds the token to a query: decode must present an equal scope. */
  scope?: CursorValue | undefined;
  segment?: Segment | undefined;
  /** Seconds; overrides the codec's ttl for this token. */
  ttl?: number | undefined;
}

export interface DecodeOptions {
  /** The scope of the query the token is presented to. */
  scope?: CursorValue | undefined;
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
  /**
   * Releases the wasm memory (the derived keys) now instead of at garbage collection; later
   * calls are TypeErrors, and so is `free()` from inside one of the codec's own calls.
   */
  free(): void;
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
  /**
   * Which way the walk goes: "forward" follows next tokens; "backward" (an InfiniteList
   * loading before where it opened) means `token` is a previous token.
   */
  direction: "forward" | "backward";
}

/**
 * Fetches one page. The first call gets `undefined` (or `options.startToken`); later calls get
 * the page's next token exactly as the page carried it, typed `Token` (a preset fixes it: see
 * `PresetToken`).
 */
export type FetchPage<Page, Token = unknown> = (token: Token | undefined, ctx: FetchContext) => Promise<Page> | Page;

export interface RetryOptions {
  retries?: number | undefined;
  baseDelayMs?: number | undefined;
  maxDelayMs?: number | undefined;
  retryable?: ((err: unknown) => boolean) | undefined;
}

export type StopReason =
  | "end"
  | "maxItems"
  | "maxPages"
  | "maxRequests"
  | "timeLimit"
  | "aborted"
  | "error";

import type { AnyFunction, AtPage, AtRoot, Below, DepthBelow, ElementsOf, Fewer, FieldTypes, ItemList, KeysetTokenField, Leaf, Located, Locations, NextLocation, NodeOf, Or, PagePath, PathDepth, PathStep, PathValue, PathsAt, PathsIn, PresetItem, PresetName, PresetToken, Reader, RelayItem, RootPath, Unchecked } from "./walk-types.js";
export type { PathDepth, PagePath, PathValue, PresetName, PresetToken, PresetItem } from "./walk-types.js";

export interface WalkOptions<Token = unknown> {
  /** A raw service token to start from (what `fetchPage` receives first). */
  startToken?: Token | undefined;
  /** A resumeToken from an earlier paginator (never a raw token). */
  resumeToken?: string | undefined;
  pageSize?: number | undefined;
  maxPages?: number | undefined;
  maxItems?: number | undefined;
  signal?: AbortSignal | undefined;
  retry?: RetryOptions | undefined;
  /** Pages fetched ahead of the consumer (order is preserved); default 0. */
  prefetch?: number | undefined;
  /** Parallel segments (DynamoDB parallel Scan); 0-based ids. */
  segments?: number | undefined;
  /** Walk one segment only. */
  segment?: Segment | undefined;
  onSameToken?: "error" | "stop" | undefined;
  /** Budget of fetchPage calls; stops with a resumeToken. */
  maxRequests?: number | undefined;
  /** Stop cleanly at a page boundary, with a resumeToken. */
  timeLimitMs?: number | undefined;
  /** Pacing between requests. */
  minIntervalMs?: number | undefined;
  /** Binds resumeTokens to the query; another scope: bad_resume_token. */
  scope?: CursorValue | undefined;
  /** Mints and checks resumeTokens (signed/sealed); default plain. */
  codec?: CursorCodec | undefined;
}

/**
 * The options of a walk with a preset. `Page` is the page as pagecursor reads it (with preset
 * `link`, the JSON body, not the `Response`); `items`, `next`, `more` and `root` are checked
 * against it.
 */
export type PresetOptions<Page = any, Item = any, Preset extends PresetName = PresetName> = Preset extends PresetName
  ? PresetWalk<Page, Item, PresetToken<Preset, Page>, Preset, never>
  : never;

/** The options of a walk without a preset: `next` is required, and its value is the `Token`. */
export type CustomOptions<Page = any, Item = any, Token = unknown> = CustomWalk<Page, Item, Token, never>;

/** The options of `paginate`: a preset's, or a custom `next` location's. */
export type PaginateOptions<Page = any, Item = any, Token = unknown> = PresetOptions<Page, Item> | CustomOptions<Page, Item, Token>;

/** The walk options, without those an entry sets itself (`Dropped`: the React hooks' and TanStack's maxItems, maxPages). */
type WalkPart<Token, Dropped extends keyof WalkOptions> = [Dropped] extends [never] ? WalkOptions<Token> : Omit<WalkOptions<Token>, Dropped>;

// `preset` first: a call is compared with it before the locations.
type PresetWalk<Page, Item, Token, Preset extends PresetName, Dropped extends keyof WalkOptions> = {
  /** Where items and the next token are (docs/paginator.md, "Where items and tokens are"). */
  preset: Preset;
} & WalkPart<Token, Dropped> & Located<Page, Item, Token, false>;

type CustomWalk<Page, Item, Token, Dropped extends keyof WalkOptions> = {
  preset?: undefined;
} & WalkPart<Token, Dropped> & Located<Page, Item, Token, true>;

/**
 * Any preset's options or custom ones (the preset not known statically): the token is unknown.
 * Custom ones last: an error names the member that overlaps a call most, the last of equals
 * (so a call without a preset is told about `next`).
 */
type AnyWalk<Page, Item, Dropped extends keyof WalkOptions> =
  | (PresetName extends infer P ? (P extends PresetName ? PresetWalk<Page, Item, PresetToken<P, Page>, P, Dropped> : never) : never)
  | CustomWalk<Page, Item, unknown, Dropped>;

/**
 * `Page` (or `Token`) as a parameter type that inference does not read from: the page type is
 * inferred from what `fetchPage` returns alone (a location function's parameter must not
 * compete with it), and a preset's token from the page type. TypeScript 5.4's `NoInfer`,
 * spelled so that earlier versions read it too.
 */
type Later<T> = [T][T extends unknown ? 0 : never];

/**
 * Refuses a `Token` that the page type's own token is not. When `fetchPage` is an arrow
 * function whose parameters are not annotated, its token is typed before the page type is
 * inferred from its result, so the preset's fallback (`string`, a key record) is checked here
 * against the page's real token type (a numeric `next_cursor`: give the `Page` type, or
 * annotate the token).
 */
type TokenFits<Page, Preset extends PresetName, Token> = [PresetToken<Preset, Page>] extends [Token]
  ? unknown
  : { "the page type's token (give the Page type or annotate fetchPage's token)": PresetToken<Preset, Page> };

/**
 * The arguments `(fetchPage, options)` of the entries that walk (`paginate`, `InfiniteList`,
 * the React hooks, `infinitePageOptions`) under a preset, or without one (`Preset` undefined:
 * `next` required, the token is `Token`); `Extra` are the entry's own options, `Dropped` the
 * walk options it sets itself. Under preset `link`, `fetchPage` returns the `Response` and
 * `Page` is its JSON body.
 */
export type WalkArgs<
  Page,
  Item,
  Token,
  Preset extends PresetName | undefined,
  Extra = unknown,
  Dropped extends keyof WalkOptions = never,
> = Preset extends PresetName
  ? [
      fetchPage: FetchPage<Preset extends "link" ? Response : Page, Later<Token>>,
      options: PresetWalk<Later<Page>, Item, Later<Token>, Preset, Dropped> & TokenFits<Later<Page>, Preset, Later<Token>> & Extra,
    ]
  : [fetchPage: FetchPage<Page, Token>, options: CustomWalk<Later<Page>, Item, Later<Token>, Dropped> & Extra];

/** The arguments of a walk whose preset is not known statically (a `PaginateOptions` value): the token is `unknown`. */
export type AnyWalkArgs<Page, Item, Extra = unknown, Dropped extends keyof WalkOptions = never> = [
  fetchPage: FetchPage<Page | Response, unknown>,
  options: AnyWalk<Later<Page>, Item, Dropped> & Extra,
];

export interface PaginatorStats {
  pages: number;
  items: number;
  emptyPages: number;
  retries: number;
  requests: number;
  elapsedMs: number;
  /** Resumed pages that no longer held the item key of the resume position (skipped by position). */
  anchorMisses: number;
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

/**
 * Walks a token-paginated API. One signature per preset, each fixing the token `fetchPage`
 * receives (`PresetToken`); without a preset, `next` is required and the token is its value
 * (`Token`, by default `unknown`). Given `Page`, the locations are checked against it
 * (`PagePath`); `Item` defaults to what the preset finds in a `Page` (`PresetItem`). The last
 * signature takes options whose preset is not known statically (a `PaginateOptions` value):
 * its token is `unknown`; a call that fits no signature is reported against it (the one
 * without a preset comes after the presets, so that its members are the last of equals there).
 */
export function paginate<Page = any, Item = PresetItem<"dynamodb", Page>, Token = PresetToken<"dynamodb", Page>>(...args: WalkArgs<Page, Item, Token, "dynamodb">): Paginator<Page, Item>;
export function paginate<Page = any, Item = PresetItem<"aws", Page>, Token = PresetToken<"aws", Page>>(...args: WalkArgs<Page, Item, Token, "aws">): Paginator<Page, Item>;
export function paginate<Page = any, Item = PresetItem<"keyset", Page>, Token = PresetToken<"keyset", Page>>(...args: WalkArgs<Page, Item, Token, "keyset">): Paginator<Page, Item>;
export function paginate<Page = any, Item = PresetItem<"relay", Page>, Token = PresetToken<"relay", Page>>(...args: WalkArgs<Page, Item, Token, "relay">): Paginator<Page, Item>;
/** Preset `link`: `fetchPage` returns the fetch `Response` and gets the next URL; `Page` is the JSON body. */
export function paginate<Page = any, Item = PresetItem<"link", Page>, Token = PresetToken<"link", Page>>(...args: WalkArgs<Page, Item, Token, "link">): Paginator<Page, Item>;
export function paginate<Page = any, Item = any, Token = unknown>(...args: WalkArgs<Page, Item, Token, undefined>): Paginator<Page, Item>;
export function paginate<Page = any, Item = any>(...args: AnyWalkArgs<Page, Item>): Paginator<Page, Item>;

export interface CursorStackOptions {
  /** Keep the tokens of the N most recent pages. */
  maxDepth?: number | undefined;
  scope?: CursorValue | undefined;
  codec?: CursorCodec | undefined;
}

/**
 * Back/forward over a forward-only API: a stack of issued tokens, typed `Token` (what
 * `fetchPage` receives; `unknown` by default).
 */
export class CursorStack<Token = unknown> {
  constructor(options?: CursorStackOptions);
  /** The tokens of a restored stack are those recorded, as the codec carried them: see docs/cursor-stack.md. */
  static from<Token = unknown>(state: string, options?: CursorStackOptions): CursorStack<Token>;
  /** 1-based number of the current page. */
  readonly page: number;
  /** Token that fetches the current page (undefined = first page). */
  readonly current: Token | undefined;
  /** True exactly when `back()` returns an existing previous page's token (see docs/cursor-stack.md). */
  readonly hasPrevious: boolean;
  /** True only when the next page's token is known. */
  readonly hasNext: boolean;
  /** The configured depth; undefined = unlimited. */
  readonly maxDepth: number | undefined;
  /** The current page loaded: remember its next token (undefined/null/""/{} = the last page). */
  record(nextToken: Token | null | undefined): void;
  /**
   * Moves to the next page and returns its token (never undefined: only page 1 has none).
   * Throws PaginationError "bad_page" when the next token is unknown or absent.
   */
  forward(nextToken?: Token | null): Token;
  /** Stays put and returns undefined when hasPrevious is false. */
  back(): Token | undefined;
  /** RangeError for a page that is not an integer >= 1; PaginationError "bad_page" for one not kept. */
  goTo(page: number): Token | undefined;
  reset(scope?: CursorValue): void;
  toString(): string;
  /** The same string as toString(). */
  toJSON(): string;
  /** Releases the wasm memory now instead of at garbage collection; later calls are TypeErrors. */
  free(): void;
}

/** What `InfiniteList` adds to `paginate`'s options. */
export interface ChunkOptions {
  /** Each load yields exactly this many items, unless the end comes first. */
  chunkItems?: number | undefined;
  /** Window kept in memory; older chunks are dropped, their cursors kept. */
  maxChunks?: number | undefined;
  /**
   * A `snapshot()` of a list (a server render, an earlier page): its items show at once and
   * are not fetched again; the list goes on from where that list was.
   */
  initial?: InfiniteListSnapshot | undefined;
}

/** What `snapshot()` gives and `initial` takes: JSON-serializable when the items are. */
export interface InfiniteListSnapshot<Item = unknown> {
  items: Item[];
  state: string;
  /** The list's `firstIndex`: what `firstIndex` is before the wasm arrived (default 0). */
  firstIndex?: number | undefined;
  /** The list's `hasMore` and `hasPrevious`: what they are before the wasm arrived (default
   * true and false), so that a hydrating render shows the server's sentinels. */
  hasMore?: boolean | undefined;
  hasPrevious?: boolean | undefined;
}

export type InfiniteListOptions<Page = any, Item = any, Token = unknown> = PaginateOptions<Page, Item, Token> & ChunkOptions;

/** Infinite scroll with a memory cap that keeps the cursors of evicted chunks. */
export interface InfiniteList<Item = unknown> {
  readonly items: Item[];
  /**
   * The index of `items[0]` counted from where the list opened (the first item it loaded
   * forward is 0; items put on top by `refresh("head")` or `insert(…, "start")` are
   * negative). Loading or dropping a chunk at either edge never changes the index of an item
   * that stays shown: give it to a virtualizer as the index of the first row.
   */
  readonly firstIndex: number;
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
  /**
   * `"window"` (the default): walks again from the window's first chunk for as many items as it
   * holds and replaces the window when done (items never empty in between; deletions, inserts
   * and edits on the service show). `"head"`: walks one chunk from the origin; with `itemKey`,
   * when the window holds the origin and the fresh chunk a key it shows, the items before the
   * first such key go on top (firstIndex falls by their count, nothing else moves); otherwise
   * the fresh chunk becomes the window (firstIndex 0). Queued after the loads before it.
   */
  refresh(mode?: "window" | "head"): Promise<void>;
  /**
   * Replaces the item with `key` at once (needs `itemKey`; nothing for a key not shown);
   * returns its undo: `const undo = list.update(id, like); api.like(id).catch(undo)`. An edit
   * lasts until its chunk is fetched again; the undo restores what it changed, once, while
   * that chunk was not fetched again.
   */
  update(key: unknown, next: Item | ((item: Item) => Item)): () => void;
  /** Removes the item with `key` at once (needs `itemKey`); firstIndex stays; returns its undo. */
  remove(key: unknown): () => void;
  /**
   * Puts `item` at the start of the window (the default: firstIndex falls by one) or its end,
   * at once; returns its undo. With `itemKey` an item shown with the same key is taken out
   * first. `TypeError` when the window holds no chunk yet.
   */
  insert(item: Item, where?: "start" | "end"): () => void;
  /** The window's items and state, for `initial` of a list built elsewhere. */
  snapshot(): InfiniteListSnapshot<Item> & { firstIndex: number; hasMore: boolean; hasPrevious: boolean };
  /** Runs the failed load again and returns its promise; resolves to `[]` when none failed. */
  retry(): Promise<Item[]>;
  /**
   * Starts over on the same list: drops the window, its cursors and the error, aborts the
   * loads in flight (their promises reject `PaginationError` `aborted`) and notifies.
   */
  reset(): void;
  /** `listener` runs after every change of items, hasMore, hasPrevious, loading or error. */
  subscribe(listener: () => void): () => void;
  /**
   * For a scroll-driven UI: the sentinel after the items (`"more"`) or before them
   * (`"previous"`) is in view or not; returns the load to start now, if any. Report every
   * sentinel again after each load: a load that dropped the chunk at one edge holds that
   * edge's sentinel until it is reported out of view (no ping-pong).
   */
  sentinel(which: "more" | "previous", inView: boolean): "more" | "previous" | undefined;
  toString(): string;
  /** The same string as toString(). */
  toJSON(): string;
  /** Releases the wasm memory now instead of at garbage collection; later calls are TypeErrors. */
  free(): void;
}

/**
 * A required `Item` type argument: `new InfiniteList<Item>(…)` names the item type alone (the
 * contract's form, paths unchecked); without type arguments the signatures per preset apply.
 */
type ItemGiven<Item> = [unknown] extends [Item] ? (0 extends 1 & Item ? unknown : { "pass the Item type, or no type argument at all": never }) : unknown;

/**
 * The constructor of `InfiniteList`: `new InfiniteList<Page, Item>(fetchPage, options)` with
 * the signatures of `paginate` (one per preset, fixing the token), or `new InfiniteList<Item>`.
 */
export interface InfiniteListConstructor {
  readonly prototype: InfiniteList<unknown>;
  new <Item>(fetchPage: FetchPage<any, unknown>, options: InfiniteListOptions<any, Later<Item>> & ItemGiven<Later<Item>>): InfiniteList<Item>;
  new <Page = any, Item = PresetItem<"dynamodb", Page>, Token = PresetToken<"dynamodb", Page>>(...args: WalkArgs<Page, Item, Token, "dynamodb", ChunkOptions>): InfiniteList<Item>;
  new <Page = any, Item = PresetItem<"aws", Page>, Token = PresetToken<"aws", Page>>(...args: WalkArgs<Page, Item, Token, "aws", ChunkOptions>): InfiniteList<Item>;
  new <Page = any, Item = PresetItem<"keyset", Page>, Token = PresetToken<"keyset", Page>>(...args: WalkArgs<Page, Item, Token, "keyset", ChunkOptions>): InfiniteList<Item>;
  new <Page = any, Item = PresetItem<"relay", Page>, Token = PresetToken<"relay", Page>>(...args: WalkArgs<Page, Item, Token, "relay", ChunkOptions>): InfiniteList<Item>;
  new <Page = any, Item = PresetItem<"link", Page>, Token = PresetToken<"link", Page>>(...args: WalkArgs<Page, Item, Token, "link", ChunkOptions>): InfiniteList<Item>;
  new <Page = any, Item = any, Token = unknown>(...args: WalkArgs<Page, Item, Token, undefined, ChunkOptions>): InfiniteList<Item>;
  new <Page = any, Item = any>(...args: AnyWalkArgs<Page, Item, ChunkOptions>): InfiniteList<Item>;

  /** A list at the position of `state` (`toString()`), with the same signatures. */
  from<Item>(state: string, fetchPage: FetchPage<any, unknown>, options: InfiniteListOptions<any, Later<Item>> & ItemGiven<Later<Item>>): InfiniteList<Item>;
  from<Page = any, Item = PresetItem<"dynamodb", Page>, Token = PresetToken<"dynamodb", Page>>(state: string, ...args: WalkArgs<Page, Item, Token, "dynamodb", ChunkOptions>): InfiniteList<Item>;
  from<Page = any, Item = PresetItem<"aws", Page>, Token = PresetToken<"aws", Page>>(state: string, ...args: WalkArgs<Page, Item, Token, "aws", ChunkOptions>): InfiniteList<Item>;
  from<Page = any, Item = PresetItem<"keyset", Page>, Token = PresetToken<"keyset", Page>>(state: string, ...args: WalkArgs<Page, Item, Token, "keyset", ChunkOptions>): InfiniteList<Item>;
  from<Page = any, Item = PresetItem<"relay", Page>, Token = PresetToken<"relay", Page>>(state: string, ...args: WalkArgs<Page, Item, Token, "relay", ChunkOptions>): InfiniteList<Item>;
  from<Page = any, Item = PresetItem<"link", Page>, Token = PresetToken<"link", Page>>(state: string, ...args: WalkArgs<Page, Item, Token, "link", ChunkOptions>): InfiniteList<Item>;
  from<Page = any, Item = any, Token = unknown>(state: string, ...args: WalkArgs<Page, Item, Token, undefined, ChunkOptions>): InfiniteList<Item>;
  from<Page = any, Item = any>(state: string, ...args: AnyWalkArgs<Page, Item, ChunkOptions>): InfiniteList<Item>;
}

/** Infinite scroll with a memory cap that keeps the cursors of evicted chunks. */
export declare const InfiniteList: InfiniteListConstructor;

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

/** The caller's array is not changed; the page holds its objects. */
export function paginateOffset<T>(items: readonly T[], options: { page: number; limit: number }): { items: T[] } & OffsetPageInfo;

export interface KeysetPage<T> {
  items: T[];
  nextCursor?: string;
  previousCursor?: string;
  hasNext: boolean;
  hasPrevious: boolean;
}

/**
 * The fields of `T` that `paginateKeyset` can sort by: fields every row has (not optional)
 * whose values a cursor carries. `string` when `T` is `any` or `unknown`.
 */
export type KeysetKey<T> = Unchecked<T> extends true ? string : { [K in keyof T & string]-?: [T[K]] extends [CursorValue] ? K : never }[keyof T & string];

/**
 * A page of in-memory rows ordered by `keys` (checked against the row type: a key the rows do
 * not all have, or whose values a cursor cannot carry, is a type error; in TypeScript a list
 * held in a variable needs `as const`). The caller's array is not changed.
 */
export function paginateKeyset<T>(
  items: readonly T[],
  options: {
    keys: readonly KeysetKey<Later<T>>[];
    after?: string | undefined;
    before?: string | undefined;
    limit: number;
    codec?: CursorCodec | undefined;
    scope?: CursorValue | undefined;
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

// Only what is exported above is the API (the helper types stay private to this file).
export {};
