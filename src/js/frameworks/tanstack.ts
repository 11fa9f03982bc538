// pagecursor/tanstack: `infinitePageOptions(fetchPage, options)`, the page functions of a
// TanStack Query infinite query over a token-paginated API (docs/react.md). Each TanStack page
// is one chunk of exactly `chunkItems` items, whatever the service's page sizes: a paginate
// walk cut by `maxItems` and continued from its `resumeToken`.
//
// Why the page param is a chain: with `maxPages`, TanStack drops the first pages and, scrolling
// back, asks getPreviousPageParam for the param of the chunk before the first one it kept. A
// next-only API cannot be walked backwards, so each param keeps the param of the chunk before
// it: `{ resumeToken, previous }`, where `resumeToken` starts the chunk (undefined for the
// first) and `previous` is the chunk before's param. Refetching a chunk from its param replays
// its walk from the same resume token, hence the same items (paginate's resume guarantee).
// The chain is shared between params (each holds a reference), so it costs one small object
// per chunk.
import { paginate } from "#pagecursor";
// Every entry exports the root's `ready` (a re-export keeps it the same live binding).
export { ready } from "#pagecursor";
import type { FetchPage } from "#pagecursor";
// The published declarations (pkg/tanstack.d.ts, the contract): the function below is checked
// against them (the last line), so `tsc` fails when the two drift apart. (`./tanstack.js` would
// name this file itself: the path goes to pkg/.)
import type * as Public from "../entries/tanstack.js";
import type { Chunk, InfinitePage } from "../entries/tanstack.js";
import { makeArgumentError } from "./errors.js";
import { notAnObject, whole } from "./options.js";

// Captured at load: a patched Object.prototype.hasOwnProperty or Function.prototype.call never
// runs for a page param.
const hasOwn = Object.hasOwn;

// The options as this helper handles them: a record of the user's values, read once, that
// paginate checks (the public overloads type them per preset).
type Walk = Record<string | symbol, unknown>;
// The paginator's key for that memory (src/js/paginate/walk-options.ts; the type `Lists` of
// paginator.ts).
const LISTS = Symbol.for("pagecursor.lists");

/**
 * `{ queryFn, initialPageParam, getNextPageParam, getPreviousPageParam }` to spread into
 * useInfiniteQuery / infiniteQueryOptions / InfiniteQueryObserver.
 */
export function infinitePageOptions<Item>(fetchPage: unknown, options: unknown): InfinitePage<Item> {
  if (typeof fetchPage !== "function") throw makeArgumentError(false, "infinitePageOptions: fetchPage must be a function");
  if (options === null || typeof options !== "object") throw notAnObject(options, "options");
  // Read once: a getter of the options runs here, not at every page.
  const walk: Walk = {};
  for (const k of Object.keys(options)) walk[k] = (options as Walk)[k];
  // Any positive whole number (a JS number's largest is one): paginate bounds it as maxItems.
  const chunkItems = whole(walk.chunkItems, "options.chunkItems", 1, Number.MAX_SAFE_INTEGER);
  const start = walk.resumeToken as string | undefined; // a string: paginate checks it at the first page
  const userSignal = walk.signal as AbortSignal | undefined;
  for (const k of ["chunkItems", "maxItems", "maxPages", "resumeToken", "signal"]) delete walk[k];
  const initialPageParam = { resumeToken: start, previous: undefined };
  // One walk per chunk, one memory of the items location for all: once a chunk's page held a
  // list there, an absent list is an empty page in every later chunk too (as in one walk).
  walk[LISTS] = { seen: false };

  return {
    initialPageParam,
    // The page param is TanStack's value (a user may have made it): checked, not trusted.
    async queryFn(context: { pageParam: unknown; signal?: AbortSignal | undefined }): Promise<Chunk<Item>> {
      const param = context.pageParam;
      if (param === null || typeof param !== "object" || !hasOwn(param, "resumeToken")) {
        throw makeArgumentError(false, "infinitePageOptions: the page param is not one of this helper's (use its initialPageParam and page param functions)");
      }
      const chunk: Walk = { ...walk, maxItems: chunkItems };
      // Read once: a getter on a param someone else made runs once, and the walk gets what it
      // returned that time.
      const resumeToken = (param as Walk).resumeToken;
      if (resumeToken !== undefined) {
        chunk.resumeToken = resumeToken;
        delete chunk.startToken;
      }
      const signal = linked(userSignal, context.signal);
      if (signal !== undefined) chunk.signal = signal;
      const walker = paginate(fetchPage as FetchPage<unknown>, chunk as never);
      const items = (await walker.toArray()) as Item[];
      // `next` undefined: the walk reached the end within this chunk.
      return { items, next: walker.resumeToken };
    },
    getNextPageParam(lastPage, _allPages, lastPageParam) {
      return lastPage.next === undefined ? undefined : { resumeToken: lastPage.next, previous: lastPageParam };
    },
    getPreviousPageParam(_firstPage, _allPages, firstPageParam) {
      return firstPageParam.previous;
    },
  };
}

function linked(user: AbortSignal | undefined, query: AbortSignal | undefined): AbortSignal | undefined {
  if (user === undefined) return query;
  if (query === undefined) return user;
  if (typeof AbortSignal.any === "function") return AbortSignal.any([user, query]);
  return user;
}

// The function above against its published declaration (a type only: nothing of it ships).
type Assignable<T extends U, U> = T;
export type InfinitePageOptionsMatchesItsDeclaration = Assignable<typeof infinitePageOptions, typeof Public.infinitePageOptions>;
