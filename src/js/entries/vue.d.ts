// Hand-written, the contract: the source (src/js/frameworks/vue.ts) is checked against it by
// `tsc -p src/js/tsconfig.json`. The options and the states are pagecursor/react's, with each
// field that changes a readonly Vue `Ref`; Vue's types are the user's (an optional peer
// dependency, as the entry itself).
import type { ComponentPublicInstance, MaybeRefOrGetter, Ref } from "vue";
import type {
  AnyWalkArgs,
  ChunkOptions,
  CursorCodec,
  CursorValue,
  InfiniteListOptions,
  PaginateOptions,
  PresetItem,
  PresetToken,
  WalkArgs,
} from "./index.js";
import type { PageStatus } from "./react.js";

/** The root entry's `ready` (the same live promise): every entry exports it. */
export { ready } from "./index.js";
export type { PageStatus } from "./react.js";

/** A `key`: an array compared by value (JSON, object keys sorted), or a ref or getter of one. */
export type ListKey = MaybeRefOrGetter<readonly unknown[] | undefined>;

/** What `useInfiniteList` adds to `InfiniteList`'s options. */
export interface ListKeyOptions {
  /** A changed key (by value) starts over with a new list. */
  key?: ListKey | undefined;
  /**
   * Keep the list and its scroll position in sessionStorage under this name (and the key): a
   * later mount shows the saved window at once, with no request for its items, scrolled where
   * it was. The items are kept as JSON.
   */
  restore?: string | undefined;
}

/** The options of `useInfiniteList`: `InfiniteList`'s (typed per preset) and `key`. */
export type UseInfiniteListOptions<Page = any, Item = any, Token = unknown> = InfiniteListOptions<Page, Item, Token> & ListKeyOptions;

/** A function template ref: `<div :ref="sentinelRef" />` (an element, or a component's root element). */
export type SentinelRef = (element: Element | ComponentPublicInstance | null) => void;

export interface InfiniteListState<Item> {
  /** The window of loaded items, in order (the same array until it changes). */
  items: Readonly<Ref<readonly Item[]>>;
  /**
   * The index of `items[0]` counted from where the list opened (negative before it): give it
   * to a virtualizer as the first row's index.
   */
  firstIndex: Readonly<Ref<number>>;
  /** "loading" while a load runs or before the first chunk; "error" after a failed load. */
  status: Readonly<Ref<PageStatus>>;
  /** The failed load's error (a `PaginationError`, …), `undefined` otherwise. */
  error: Readonly<Ref<unknown>>;
  hasMore: Readonly<Ref<boolean>>;
  hasPrevious: Readonly<Ref<boolean>>;
  loading: Readonly<Ref<boolean>>;
  loadMore(): void;
  loadPrevious(): void;
  /** Runs the failed load again. */
  retry(): void;
  /** Starts over: the first chunk is loaded again. */
  reset(): void;
  /** `InfiniteList.refresh`: the window again ("window"), or new items on top ("head"). */
  refresh(mode?: "window" | "head"): Promise<void>;
  /** `InfiniteList.update`: replaces the item with `key` at once; returns its undo. */
  update(key: unknown, next: Item | ((item: Item) => Item)): () => void;
  /** `InfiniteList.remove`: removes the item with `key` at once; returns its undo. */
  remove(key: unknown): () => void;
  /** `InfiniteList.insert`: puts `item` at the start (default) or end at once; returns its undo. */
  insert(item: Item, where?: "start" | "end"): () => void;
  /**
   * For an element after the items: while it is visible (IntersectionObserver), the next chunk
   * is loaded, one after the other until it is out of view or the end came.
   */
  sentinelRef: SentinelRef;
  /**
   * For an element before the items: while it is visible and the bottom one is not, the chunk
   * before the window (dropped by `maxChunks`) is loaded again.
   */
  previousSentinelRef: SentinelRef;
}

/**
 * Infinite scroll over a token-paginated API; waits for `ready` itself and releases the list
 * when the component unmounts. The signatures of `paginate`: one per preset, each fixing the
 * token `fetchPage` receives, with the locations checked against `Page`.
 */
export function useInfiniteList<Page = any, Item = PresetItem<"dynamodb", Page>, Token = PresetToken<"dynamodb", Page>>(...args: WalkArgs<Page, Item, Token, "dynamodb", ListOptions>): InfiniteListState<Item>;
export function useInfiniteList<Page = any, Item = PresetItem<"aws", Page>, Token = PresetToken<"aws", Page>>(...args: WalkArgs<Page, Item, Token, "aws", ListOptions>): InfiniteListState<Item>;
export function useInfiniteList<Page = any, Item = PresetItem<"keyset", Page>, Token = PresetToken<"keyset", Page>>(...args: WalkArgs<Page, Item, Token, "keyset", ListOptions>): InfiniteListState<Item>;
export function useInfiniteList<Page = any, Item = PresetItem<"relay", Page>, Token = PresetToken<"relay", Page>>(...args: WalkArgs<Page, Item, Token, "relay", ListOptions>): InfiniteListState<Item>;
export function useInfiniteList<Page = any, Item = PresetItem<"link", Page>, Token = PresetToken<"link", Page>>(...args: WalkArgs<Page, Item, Token, "link", ListOptions>): InfiniteListState<Item>;
export function useInfiniteList<Page = any, Item = any, Token = unknown>(...args: WalkArgs<Page, Item, Token, undefined, ListOptions>): InfiniteListState<Item>;
export function useInfiniteList<Page = any, Item = any>(...args: AnyWalkArgs<Page, Item, ListOptions>): InfiniteListState<Item>;

type ListOptions = ChunkOptions & ListKeyOptions;

/** What `useCursorStack` adds to `paginate`'s options (whose maxItems and maxPages it sets itself). */
export interface StackOptions {
  /** Pages of exactly this many items across short and empty service pages; without it one service page each. */
  pageItems?: number | undefined;
  /** Keep the position in the URL (query parameter `param`): Back/Forward, reload and shared links land on the same page. */
  history?: "push" | "replace" | false | undefined;
  /** The query parameter of the position; default "nav". */
  param?: string | undefined;
  /** Keep the tokens of the N most recent pages (CursorStack's maxDepth). */
  maxDepth?: number | undefined;
  /** A changed key (by value) starts over on page 1 (and drops the position from the URL). */
  key?: ListKey | undefined;
  scope?: CursorValue | undefined;
  codec?: CursorCodec | undefined;
}

/** The options of `useCursorStack`: `paginate`'s (typed per preset) without maxItems and maxPages, and the stack's. */
export type UseCursorStackOptions<Page = any, Item = any, Token = unknown> = Without<PaginateOptions<Page, Item, Token>, Dropped> & StackOptions;

/** `Omit` of each member of a union (the options are one member per preset and root). */
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface CursorStackState<Item> {
  /** 1-based number of the page shown. */
  page: Readonly<Ref<number>>;
  items: Readonly<Ref<readonly Item[]>>;
  status: Readonly<Ref<PageStatus>>;
  error: Readonly<Ref<unknown>>;
  hasNext: Readonly<Ref<boolean>>;
  hasPrevious: Readonly<Ref<boolean>>;
  next(): void;
  back(): void;
  /** Any page in `visited`; another is the error state (`PaginationError` `bad_page`). */
  goTo(page: number): void;
  /** Starts over on page 1. */
  reset(): void;
  /** Loads the page again after an error. */
  retry(): void;
  /** The pages `goTo` can reach (for numbered links); `first` rises when the URL state keeps only the newest pages. */
  visited: Readonly<Ref<{ first: number; last: number }>>;
}

/**
 * Prev/Next/goTo over a next-only API; waits for `ready` itself. The signatures of `paginate`
 * (one per preset, fixing the token), without maxItems and maxPages (set by `pageItems`).
 */
export function useCursorStack<Page = any, Item = PresetItem<"dynamodb", Page>, Token = PresetToken<"dynamodb", Page>>(...args: WalkArgs<Page, Item, Token, "dynamodb", StackOptions, Dropped>): CursorStackState<Item>;
export function useCursorStack<Page = any, Item = PresetItem<"aws", Page>, Token = PresetToken<"aws", Page>>(...args: WalkArgs<Page, Item, Token, "aws", StackOptions, Dropped>): CursorStackState<Item>;
export function useCursorStack<Page = any, Item = PresetItem<"keyset", Page>, Token = PresetToken<"keyset", Page>>(...args: WalkArgs<Page, Item, Token, "keyset", StackOptions, Dropped>): CursorStackState<Item>;
export function useCursorStack<Page = any, Item = PresetItem<"relay", Page>, Token = PresetToken<"relay", Page>>(...args: WalkArgs<Page, Item, Token, "relay", StackOptions, Dropped>): CursorStackState<Item>;
export function useCursorStack<Page = any, Item = PresetItem<"link", Page>, Token = PresetToken<"link", Page>>(...args: WalkArgs<Page, Item, Token, "link", StackOptions, Dropped>): CursorStackState<Item>;
export function useCursorStack<Page = any, Item = any, Token = unknown>(...args: WalkArgs<Page, Item, Token, undefined, StackOptions, Dropped>): CursorStackState<Item>;
export function useCursorStack<Page = any, Item = any>(...args: AnyWalkArgs<Page, Item, StackOptions, Dropped>): CursorStackState<Item>;

/** The walk options `useCursorStack` sets itself. */
type Dropped = "maxItems" | "maxPages";

// Only what is exported above is the API.
export {};
