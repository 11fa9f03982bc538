// Hand-written, the contract: the source (src/js/frameworks/tanstack.ts) is checked against it by
// `tsc -p src/js/tsconfig.json`. Its result is structurally what TanStack Query v5's infinite
// query options expect, with no import of TanStack's types.
import type { AnyWalkArgs, PaginateOptions, PresetItem, PresetToken, WalkArgs } from "./index.js";

/** The root entry's `ready` (the same live promise): every entry exports it. */
export { ready } from "./index.js";

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

/** What `infinitePageOptions` adds to `paginate`'s options (whose maxItems and maxPages it sets itself). */
export interface ChunkSize {
  /** Items per TanStack page, whatever the service's page sizes. */
  chunkItems: number;
}

/** The options of `infinitePageOptions`: `paginate`'s (typed per preset) without maxItems and maxPages, and `chunkItems`. */
export type InfinitePageOptions<Page = any, Item = any, Token = unknown> = Without<PaginateOptions<Page, Item, Token>, Dropped> & ChunkSize;

/** What `infinitePageOptions` returns: spread it into useInfiniteQuery / infiniteQueryOptions / InfiniteQueryObserver. */
export interface InfinitePage<Item> {
  queryFn: (context: { pageParam: ChunkParam; signal: AbortSignal }) => Promise<Chunk<Item>>;
  initialPageParam: ChunkParam;
  getNextPageParam: (lastPage: Chunk<Item>, allPages: Chunk<Item>[], lastPageParam: ChunkParam) => ChunkParam | undefined;
  getPreviousPageParam: (firstPage: Chunk<Item>, allPages: Chunk<Item>[], firstPageParam: ChunkParam) => ChunkParam | undefined;
}

/**
 * The page functions of a TanStack Query infinite query over a token-paginated API. The
 * signatures of `paginate`: one per preset, each fixing the token `fetchPage` receives, with
 * the locations checked against `Page`.
 */
export function infinitePageOptions<Page = any, Item = PresetItem<"dynamodb", Page>, Token = PresetToken<"dynamodb", Page>>(...args: WalkArgs<Page, Item, Token, "dynamodb", ChunkSize, Dropped>): InfinitePage<Item>;
export function infinitePageOptions<Page = any, Item = PresetItem<"aws", Page>, Token = PresetToken<"aws", Page>>(...args: WalkArgs<Page, Item, Token, "aws", ChunkSize, Dropped>): InfinitePage<Item>;
export function infinitePageOptions<Page = any, Item = PresetItem<"keyset", Page>, Token = PresetToken<"keyset", Page>>(...args: WalkArgs<Page, Item, Token, "keyset", ChunkSize, Dropped>): InfinitePage<Item>;
export function infinitePageOptions<Page = any, Item = PresetItem<"relay", Page>, Token = PresetToken<"relay", Page>>(...args: WalkArgs<Page, Item, Token, "relay", ChunkSize, Dropped>): InfinitePage<Item>;
export function infinitePageOptions<Page = any, Item = PresetItem<"link", Page>, Token = PresetToken<"link", Page>>(...args: WalkArgs<Page, Item, Token, "link", ChunkSize, Dropped>): InfinitePage<Item>;
export function infinitePageOptions<Page = any, Item = any, Token = unknown>(...args: WalkArgs<Page, Item, Token, undefined, ChunkSize, Dropped>): InfinitePage<Item>;
export function infinitePageOptions<Page = any, Item = any>(...args: AnyWalkArgs<Page, Item, ChunkSize, Dropped>): InfinitePage<Item>;

/** The walk options `infinitePageOptions` sets itself. */
type Dropped = "maxItems" | "maxPages";
/** `Omit` of each member of a union (the options are one member per preset and root). */
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

// Only what is exported above is the API.
export {};
