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
import { makeArgumentError } from "./errors.js";

const own = Object.prototype.hasOwnProperty;

/**
 * `{ queryFn, initialPageParam, getNextPageParam, getPreviousPageParam }` to spread into
 * useInfiniteQuery / infiniteQueryOptions / InfiniteQueryObserver.
 */
export function infinitePageOptions(fetchPage, options) {
  if (typeof fetchPage !== "function") throw makeArgumentError(false, "infinitePageOptions: fetchPage must be a function");
  if (options === null || typeof options !== "object") throw makeArgumentError(false, "infinitePageOptions: options must be an object with chunkItems");
  // Read once: a getter of the options runs here, not at every page.
  const walk = {};
  for (const k of Object.keys(options)) walk[k] = options[k];
  const chunkItems = walk.chunkItems;
  if (typeof chunkItems !== "number" || !Number.isInteger(chunkItems) || chunkItems < 1) {
    throw makeArgumentError(typeof chunkItems === "number", `infinitePageOptions: options.chunkItems must be a positive whole number, got ${typeof chunkItems === "number" ? chunkItems : typeof chunkItems}`);
  }
  const start = walk.resumeToken;
  const userSignal = walk.signal;
  for (const k of ["chunkItems", "maxItems", "maxPages", "resumeToken", "signal"]) delete walk[k];
  const initialPageParam = { resumeToken: start, previous: undefined };

  return {
    initialPageParam,
    async queryFn(context) {
      const param = context.pageParam;
      if (param === null || typeof param !== "object" || !own.call(param, "resumeToken")) {
        throw makeArgumentError(false, "infinitePageOptions: the page param is not one of this helper's (use its initialPageParam and page param functions)");
      }
      const chunk = { ...walk, maxItems: chunkItems };
      if (param.resumeToken !== undefined) {
        chunk.resumeToken = param.resumeToken;
        delete chunk.startToken;
      }
      const signal = linked(userSignal, context.signal);
      if (signal !== undefined) chunk.signal = signal;
      const walker = paginate(fetchPage, chunk);
      const items = await walker.toArray();
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

function linked(user, query) {
  if (user === undefined) return query;
  if (query === undefined) return user;
  if (typeof AbortSignal.any === "function") return AbortSignal.any([user, query]);
  return user;
}
