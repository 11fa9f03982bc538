// Hand-written: pkg/tanstack.js is plain JS (src/js/tanstack.js); its result is structurally
// what TanStack Query v5's infinite query options expect, with no import of TanStack's types.
import type { FetchPage, PaginateOptions } from "./index.js";

/**
 * The page param: where a chunk starts (`resumeToken`, undefined for the first) and the param
 * of the chunk before it, so that chunks dropped by `maxPages` are refetched identically.
 */
export interface ChunkParam {
  readonly resumeToken: string | undefined;
  readonly previous: ChunkParam | undefined;
}

/** A TanStack page: exactly `chunkItems` items (fewer only at the end). */
export interface Chunk<Item> {
  items: Item[];
  /** Where the next chunk starts; undefined at the end. */
  next: string | undefined;
}

export interface InfinitePageOptions<Page = any, Item = any> extends Omit<PaginateOptions<Page, Item>, "maxItems" | "maxPages"> {
  /** Items per TanStack page, whatever the service's page sizes. */
  chunkItems: number;
}

export function infinitePageOptions<Page = any, Item = any>(
  fetchPage: FetchPage<Page>,
  options: InfinitePageOptions<Page, Item>,
): {
  queryFn: (context: { pageParam: ChunkParam; signal: AbortSignal }) => Promise<Chunk<Item>>;
  initialPageParam: ChunkParam;
  getNextPageParam: (lastPage: Chunk<Item>, allPages: Chunk<Item>[], lastPageParam: ChunkParam) => ChunkParam | undefined;
  getPreviousPageParam: (firstPage: Chunk<Item>, allPages: Chunk<Item>[], firstPageParam: ChunkParam) => ChunkParam | undefined;
};
