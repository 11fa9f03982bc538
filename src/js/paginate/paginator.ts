// `paginate(fetchPage, options)` and the `Paginator` class users hold; `checkOptions` and
// `runLoad`, which InfiniteList calls.
//
// Owns the public surface of the paginator and when a walk is made: at once when the wasm is
// there, else once it loaded. The walk itself (driver.ts, requests.ts) awaits fetchPage and
// hands out pages and items; the options are read by walk-options.ts. It may call those, the
// loading marks (loading.js, uses-client.js) and the error factories.
import type { WalkStop } from "./pagecursor.js";
// The published declarations (pkg/index.d.ts): `paginate` and `Paginator` below are checked
// against theirs (the last lines), so `tsc` fails when the two drift apart.
import type * as Public from "./index.js";
import type { FetchContext, PaginatorStats } from "./index.js";
import { makeArgumentError } from "./errors.js";
import { isLoaded, notReady, whenLoaded } from "./loading.js";
import { CLIENT } from "./uses-client.js";
import { DONE, Walk } from "./driver.js";
import { readSettings, type UserFetch } from "./walk-options.js";

const { defineProperty } = Reflect;
const NOT_NEW = Symbol("internal");

// Whether a page of the walk (or of the InfiniteList it loads for, across its loads) held
// a list at the items location: after that, an absent list is an empty page.
export interface Lists {
  seen: boolean;
}

// The iterator of `pages()` (and `for await` over the Paginator) or of `items()`: both read
// the one walk, so one class with the kind fixed at construction.
// The walk of a Paginator, made from paginate()'s arguments: at once when the wasm is there
// (Node; browsers after `ready`), else at the first asynchronous call, after the wasm loaded.
// Why: paginate() is called while a page renders, before the wasm arrived; it must not throw
// for that, and iterating waits by itself (API.md "Package"). Options are still read once, at
// the walk's making; an option error then rejects the first next() instead of throwing from
// paginate(), the only difference from a walk made after `ready`.
class WalkSource {
  declare walk: Walk | undefined;
  declare args: [unknown, unknown] | undefined;
  declare making: Promise<Walk> | undefined;
  declare left: boolean;
  declare error: unknown;
  declare lists: Lists | undefined;
  constructor(fetchPage: unknown, options: unknown, lists?: Lists) {
    this.lists = lists;
    this.walk = undefined;
    this.args = undefined;
    this.making = undefined; // the promise of the walk, while the wasm loads
    this.left = false; // the consumer left (return()) before the walk was made
    this.error = undefined; // what making the walk threw (an option error), thrown again
    if (isLoaded(CLIENT)) this.walk = new Walk(readSettings(fetchPage, options, lists));
    else this.args = [fetchPage, options];
  }
  // The walk now, when it can be made synchronously; undefined while the wasm loads.
  now(): Walk | undefined {
    if (this.walk === undefined && isLoaded(CLIENT)) this.make();
    return this.walk;
  }
  make(): Walk {
    if (this.args === undefined) throw this.error;
    const [fetchPage, options] = this.args;
    this.args = undefined;
    try {
      this.walk = new Walk(readSettings(fetchPage, options, this.lists));
    } catch (err) {
      this.error = err;
      throw err;
    }
    return this.walk;
  }
  later(): Promise<Walk> {
    return (this.making ??= Promise.resolve(whenLoaded(CLIENT, "paginate")).then(() => this.walk ?? this.make()));
  }
}

// `T` is what the walk hands out (a page or an item): the declarations name it, the walk
// returns what fetchPage and the item locations gave, hence the casts of next().
class WalkIterator<T> {
  #source: WalkSource;
  #items: boolean;
  constructor(source: WalkSource, items: boolean) {
    this.#source = source;
    this.#items = items;
  }
  [Symbol.asyncIterator](): WalkIterator<T> {
    return new WalkIterator(this.#source, this.#items);
  }
  next(): Promise<IteratorResult<T, undefined>> {
    const source = this.#source;
    if (source.left) return Promise.resolve(DONE);
    let walk;
    try {
      walk = source.now();
    } catch (err) {
      return Promise.reject(err);
    }
    if (walk !== undefined) return (this.#items ? walk.nextItem() : walk.nextPage()) as Promise<IteratorResult<T, undefined>>;
    return source.later().then((w) => (source.left ? DONE : this.#items ? w.nextItem() : w.nextPage())) as Promise<IteratorResult<T, undefined>>;
  }
  return(): Promise<IteratorResult<T, undefined>> {
    const source = this.#source;
    const walk = source.walk;
    if (walk !== undefined) return walk.leave() as Promise<IteratorResult<T, undefined>>;
    source.left = true;
    return Promise.resolve(DONE);
  }
}

/**
 * A paginated walk: iterate pages with `for await`, items with `items()`. Made by
 * `paginate()`; see docs/paginator.md for the exact semantics.
 */
export class Paginator<Page = any, Item = any> {
  #source: WalkSource;
  constructor(fetchPage: unknown, options: unknown, internal: typeof NOT_NEW) {
    if (internal !== NOT_NEW) throw makeArgumentError(false, "construct paginators with paginate(fetchPage, options)");
    this.#source = new WalkSource(fetchPage, options);
  }

  // The walk for a synchronous read, which before `ready` cannot be answered.
  #walkFor(what: string): Walk {
    const walk = this.#source.now();
    if (walk === undefined) throw notReady(`paginator.${what}`, CLIENT);
    return walk;
  }

  /** The page iterator (`for await (const page of paginator)`). */
  [Symbol.asyncIterator](): WalkIterator<Page> {
    return new WalkIterator(this.#source, false);
  }

  /** Iterates items instead of pages. */
  items(): WalkIterator<Item> {
    return new WalkIterator(this.#source, true);
  }

  /** Every remaining item, in order. */
  toArray(): Promise<Item[]> {
    const source = this.#source;
    let walk;
    try {
      walk = source.now();
    } catch (err) {
      return Promise.reject(err);
    }
    // (The items are the declaration's `Item`: what the walk read, unchecked.)
    if (walk !== undefined) return walk.toArray() as Promise<Item[]>;
    return source.later().then((w) => w.toArray()) as Promise<Item[]>;
  }

  /** Resumes this walk later (also elsewhere): undefined once the walk reached its end. */
  get resumeToken(): string | undefined {
    return this.#walkFor("resumeToken").resumeToken();
  }

  /** Why the walk stopped; undefined while it runs (and before it started). */
  get stopReason(): WalkStop | undefined {
    const walk = this.#source.now();
    return walk === undefined ? undefined : walk.stopReason();
  }

  /** Counters: pages, items, emptyPages, retries, requests, elapsedMs. */
  get stats(): PaginatorStats {
    return this.#walkFor("stats").stats();
  }

  /** The 0-based segment of the page (or item) handed out last, with segments or segment. */
  get lastSegment(): number | undefined {
    const walk = this.#source.now();
    return walk === undefined ? undefined : walk.lastSegment;
  }
}

/** Walks a token-paginated API (see docs/paginator.md). */
export function paginate<Page = any, Item = any>(fetchPage: unknown, options: unknown): Paginator<Page, Item> {
  return new Paginator(fetchPage, options, NOT_NEW);
}

// What `paginate(fetchPage, options)` checks, for InfiniteList, whose constructor fails on a
// bad option (src/js/list/infinite.ts calls it): throws what paginate's reading of the options
// throws, and leaves nothing behind (no walk is made: no listener on options.signal, no core).
// Answers the driver's copy of options.scope, which infinite.ts hands to the wasm list's
// `checkScope` (checked as a core would).
export function checkOptions(fetchPage: unknown, options: unknown): unknown {
  return readSettings(fetchPage, options).scopeCopy;
}

// One load of an InfiniteList as the list runs it (src/js/list/infinite.ts, which applies
// what the core list decides): `begin` names the chunk to walk (undefined: none), with the
// page it starts in when the chunk before ended inside it (`page`, requested with `token`);
// `loaded` takes each walk and answers the chunk's items, or a number of items to walk on
// for; `end` comes last in any case.
export interface ListLoad {
  begin(): { fetchPage: UserFetch; options: object; token: unknown; page: unknown } | undefined;
  loaded(items: unknown[], resumeToken: string | undefined, token: unknown, page: unknown, keys: unknown[] | undefined, prev: unknown): unknown[] | number;
  end(): void;
}

// One load of an InfiniteList (`load`), after the load before it (`prior`) settled, whose
// failure is its caller's. The core list decides which chunk, with which options, and what
// its window keeps; this only awaits. The first await comes before anything else: the load
// starts after `loadMore()` returned, the list busy. src/js/list/infinite.ts calls it for
// every load. `lists`: the list's own, kept across its loads.
export async function runLoad(load: ListLoad, prior: Promise<unknown> | undefined, lists: Lists): Promise<unknown> {
  try {
    try {
      await prior;
    } catch {}
    const chunk = load.begin();
    if (chunk === undefined) return [];
    const { fetchPage, options } = chunk;
    // `page`: the page the chunk starts in when the chunk before cut it (the walk's first
    // request), served instead of fetched again. Then the last page requested, reported with
    // its token: the list keeps it when this chunk ends inside it.
    let { token, page } = chunk, kept = page !== undefined;
    const fetchChunk = (t: unknown, ctx: FetchContext): unknown => {
      if (kept) {
        kept = false;
        return page;
      }
      const p = fetchPage(t, ctx);
      token = t;
      page = p;
      return p;
    };
    // With itemKey the list drops items it already shows; a chunk short for it is filled by
    // walks from where the last one stopped, for as many items as the list answers. `options`
    // is the list's own copy, already read by the walk before.
    for (;;) {
      const source = new WalkSource(fetchChunk, options, lists);
      const walk = source.now() ?? await source.later();
      const keys = walk.itemKey === undefined ? undefined : [];
      const items = await walk.toArray(keys);
      const resumeToken = walk.resumeToken();
      const done = load.loaded(items, resumeToken, token, page, keys, walk.reader.firstPrev);
      if (typeof done !== "number") return done;
      // 0: one more page (a list without chunkItems, whose options say maxPages 1).
      if (done > 0) defineProperty(options, "maxItems", { value: done, writable: true, enumerable: true, configurable: true });
      defineProperty(options, "resumeToken", { value: resumeToken, writable: true, enumerable: true, configurable: true });
    }
  } finally {
    load.end();
  }
}

// `paginate` and `Paginator` against their published declarations (types only: nothing of it
// ships). The class is checked for every `Page` and `Item`; `instanceof` is the class's own.
type Assignable<T extends U, U> = T;
export type PaginateMatchesItsDeclaration = Assignable<typeof paginate, typeof Public.paginate>;
export type PaginatorMatchesItsDeclaration<Page, Item> = Assignable<Paginator<Page, Item>, Public.Paginator<Page, Item>>;
export type PaginatorPrototypeMatchesItsDeclaration = Assignable<typeof Paginator.prototype, typeof Public.Paginator.prototype>;
