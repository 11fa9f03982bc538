// Hand-written: pkg/react.js is plain JS (src/js/react.js) and React's types are the user's
// (an optional peer dependency), so these types import nothing from "react".
import type { CursorCodec, CursorValue, FetchPage, InfiniteListOptions, PaginateOptions } from "./index.js";

/** What a hook shows: waiting for a page, idle with more to load, failed, or at the end. */
export type PageStatus = "loading" | "ready" | "error" | "done";

export interface UseInfiniteListOptions<Page = any, Item = any> extends InfiniteListOptions<Page, Item> {
  /**
   * Compared by value (JSON, object keys sorted), like TanStack Query's `queryKey`: a changed
   * key starts over with a new list (and the options of that render).
   */
  key?: readonly unknown[];
}

export interface InfiniteListState<Item> {
  /** The window of loaded items, in order (the same array until it changes). */
  items: readonly Item[];
  /** "loading" while a load runs or before the first chunk; "error" after a failed load. */
  status: PageStatus;
  /** The failed load's error (a `PaginationError`, …), `undefined` otherwise. */
  error: unknown;
  hasMore: boolean;
  hasPrevious: boolean;
  loading: boolean;
  loadMore(): void;
  loadPrevious(): void;
  /** Runs the failed load again. */
  retry(): void;
  /** Starts over: the first chunk is loaded again. */
  reset(): void;
  /**
   * A callback ref for an element after the items: while it is visible (IntersectionObserver),
   * the next chunk is loaded, one after the other until it is out of view or the end came.
   */
  sentinelRef: (element: Element | null) => void;
  /**
   * A callback ref for an element before the items: while it is visible and the bottom one is
   * not, the chunk before the window (dropped by `maxChunks`) is loaded again.
   */
  previousSentinelRef: (element: Element | null) => void;
}

/** Infinite scroll over a token-paginated API; waits for `ready` itself. */
export function useInfiniteList<Page = any, Item = any>(
  fetchPage: FetchPage<Page>,
  options?: UseInfiniteListOptions<Page, Item>,
): InfiniteListState<Item>;

export interface UseCursorStackOptions<Page = any, Item = any> extends Omit<PaginateOptions<Page, Item>, "maxItems" | "maxPages"> {
  /** Pages of exactly this many items across short and empty service pages; without it one service page each. */
  pageItems?: number;
  /** Keep the position in the URL (query parameter `param`): Back/Forward, reload and shared links land on the same page. */
  history?: "push" | "replace" | false;
  /** The query parameter of the position; default "nav". */
  param?: string;
  /** Keep the tokens of the N most recent pages (CursorStack's maxDepth). */
  maxDepth?: number;
  /** Compared by value; a changed key starts over on page 1 (and drops the position from the URL). */
  key?: readonly unknown[];
  scope?: CursorValue;
  codec?: CursorCodec;
}

export interface CursorStackState<Item> {
  /** 1-based number of the page shown. */
  page: number;
  items: readonly Item[];
  status: PageStatus;
  error: unknown;
  hasNext: boolean;
  hasPrevious: boolean;
  next(): void;
  back(): void;
  /** Any page in `visited`; another is the error state (`PaginationError` `bad_page`). */
  goTo(page: number): void;
  /** Starts over on page 1. */
  reset(): void;
  /** Loads the page again after an error. */
  retry(): void;
  /** The pages `goTo` can reach (for numbered links). */
  visited: { first: number; last: number };
}

/** Prev/Next/goTo over a next-only API; waits for `ready` itself. */
export function useCursorStack<Page = any, Item = any>(
  fetchPage: FetchPage<Page>,
  options?: UseCursorStackOptions<Page, Item>,
): CursorStackState<Item>;
