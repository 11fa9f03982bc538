// The types that check `paginate`'s locations against the page type (dotted paths) and
// what each preset fixes (the token `fetchPage` receives, the item type): part of index.d.ts,
// in a file of its own for its size. index.d.ts re-exports the public ones.
// ---------------------------------------------------------------------------------------------
// Dotted paths checked against the page type. `root`, `items`, `next` and `more` name a
// location by field names and array indices joined by "." ("data.orders", "Items"); given a
// `Page` type, a path that is not in it, or whose value cannot be what the option reads there
// (an array of items, a token, a flag), is a type error. `any` and `unknown` are not checked.

/** `any` or `unknown`: nothing to check a path against. */
export type Unchecked<T> = unknown extends T ? true : false;
/** Values a path does not descend into (a page location never names their fields). */
export type Leaf = string | number | bigint | boolean | symbol | null | undefined | Date | Uint8Array;
export type AnyFunction = (...args: never[]) => unknown;
/** One segment fewer: `Fewer[n]` is n - 1 (and 0 at 0, where paths are no longer checked). */
export type Fewer = [0, 0, 1, 2, 3, 4, 5, 6];
/**
 * Segments checked against the page type (a `root` and the locations under it share them); a
 * path may go deeper, unchecked below that. Kept small: the checked paths are enumerated, and
 * a wide page type (a GraphQL schema type) has many of them at each level.
 */
export type PathDepth = 5;
/**
 * `PathDepth` (5) minus the segments of a root: what is left for the locations under it.
 * Written without recursion, so that its constraint (a number) is known without evaluating it.
 */
export type DepthBelow<P extends string> =
  P extends `${string}.${string}.${string}.${string}.${string}` ? 0
  : P extends `${string}.${string}.${string}.${string}` ? 1
  : P extends `${string}.${string}.${string}` ? 2
  : P extends `${string}.${string}` ? 3
  : 4;

/**
 * The dotted paths into `T` whose value may be a `V` (as the paginator reads them: field names
 * and array indices joined by "."). Checked for `PathDepth` segments; below that, and below a
 * field typed `any` or `unknown`, every continuation is accepted. `string` when `T` is `any`
 * or `unknown`.
 *
 * ```ts
 * type P = { data: { orders: { nodes: Order[] } } };
 * const ok: PagePath<P, readonly Order[]> = "data.orders.nodes";
 * ```
 */
export type PagePath<T, V = unknown> = PathsIn<T, V, PathDepth>;

export type PathsIn<T, V, D extends number> =
  Unchecked<T> extends true ? string
  : T extends Leaf | AnyFunction ? never
  : D extends 0 ? string
  : T extends readonly (infer E)[] ? PathStep<`${number}`, E, V, D>
  : { [K in keyof T & string]-?: K extends `${string}.${string}` ? never : PathStep<K, T[K], V, D> }[keyof T & string];

export type PathStep<K extends string, F, V, D extends number> =
  Unchecked<F> extends true ? K | `${K}.${string}`
  : [NonNullable<F>] extends [AnyFunction] ? never
  : ([F] extends [V] ? K : never) | Below<K, PathsIn<NonNullable<F>, V, Fewer[D]>>;

export type Below<K extends string, P> = P extends string ? `${K}.${P}` : never;

/**
 * `PathsIn` with a depth that may be generic (a root's `DepthBelow`): each branch has a
 * constant depth, so that the recursion ends while the compiler works on the generic form too.
 */
export type PathsAt<T, V, D> =
  D extends 5 ? PathsIn<T, V, 5>
  : D extends 4 ? PathsIn<T, V, 4>
  : D extends 3 ? PathsIn<T, V, 3>
  : D extends 2 ? PathsIn<T, V, 2>
  : D extends 1 ? PathsIn<T, V, 1>
  : string;

/** The type of the value at the dotted path `P` of `T` (undefined along optional fields left out). */
export type PathValue<T, P extends string> =
  Unchecked<T> extends true ? T
  : T extends readonly (infer E)[]
    ? P extends `${number}.${infer Rest}` ? PathValue<NonNullable<E>, Rest> : P extends `${number}` ? E : never
  : P extends `${infer K}.${infer Rest}` ? (K extends keyof T ? PathValue<NonNullable<T[K]>, Rest> : never)
  : P extends keyof T ? T[P]
  : string extends P ? unknown
  : never;

/** What an items location holds: the page's items; `null` is an empty page. */
export type ItemList<Item> = readonly Item[] | null;
/** A location's function: sync or async, called with the value at `root` and the whole page. */
export type Reader<V, Page, R> = (value: V, page: Page) => R | PromiseLike<R>;

/**
 * `items`, `next` and `more` of a page whose locations are read in `V` (the value at `root`),
 * their paths checked for `D` segments.
 */
export type Locations<V, Page, Item, Token, NextRequired extends boolean, D> = {
  /** Dotted path (from `root`) or function giving the items of a page. */
  items?: PathsAt<V, ItemList<Item> | undefined, D> | Reader<V, Page, ItemList<Item>> | undefined;
  /** Dotted path (from `root`) or function giving an optional has-more flag. */
  more?: PathsAt<V, boolean | null | undefined, D> | Reader<V, Page, boolean | null | undefined> | undefined;
  /**
   * A unique key per item (dotted path in the item, or function): a resumeToken then records
   * the key of the last item handed out, and the resumed walk skips the refetched page up to it.
   */
  itemKey?: PagePath<Item> | ((item: Item) => unknown) | undefined;
  /**
   * Dotted path (from `root`) or function giving the token of the page before this one, which
   * an `InfiniteList` follows to load before where it opened (`ctx.direction` "backward").
   * Only ever read, never required; the keyset, relay and link presets know theirs.
   */
  prev?: NextLocation<V, Page, Token, D> | undefined;
} & (NextRequired extends true
  ? {
      /** Dotted path (from `root`) or function giving the token of the next page. */
      next: NextLocation<V, Page, Token, D>;
    }
  : {
      /** Dotted path (from `root`) or function giving the token of the next page (overrides the preset). */
      next?: NextLocation<V, Page, Token, D> | undefined;
    });

export type NextLocation<V, Page, Token, D> = PathsAt<V, Token | null | undefined, D> | Reader<V, Page, Token | null | undefined>;

/** The paths a `root` may name: objects. */
export type RootPath<Page> = PagePath<Page, object | null | undefined>;

/** The location options without a `root`: paths in the page itself. */
export type AtPage<Page, Item, Token, NextRequired extends boolean> = {
  /** Dotted path applied before presets and every location (GraphQL: "data.orders"). */
  root?: undefined;
} & Locations<Page, Page, Item, Token, NextRequired, PathDepth>;

/**
 * The location options with a `root`: one member per root path (a discriminated union), so
 * that `items`, `next` and `more` are checked against the value at that root (and functions
 * receive it).
 */
export type AtRoot<Page, Item, Token, NextRequired extends boolean> = {
  [R in RootPath<Page>]: {
    /** Dotted path applied before presets and every location (GraphQL: "data.orders"). */
    root: R;
  } & Locations<NonNullable<PathValue<Page, R>>, Page, Item, Token, NextRequired, DepthBelow<R>>;
}[RootPath<Page>];

/**
 * Both in one union, so that a location function's parameters are typed by its `root`
 * (signatures apart would type them by the first one tried). The member without a root comes
 * last: an error names the member that overlaps a call most, the last of equals (so a call
 * without a root is told about its own locations, not about a missing root).
 */
export type Located<Page, Item, Token, NextRequired extends boolean> = AtRoot<Page, Item, Token, NextRequired> | AtPage<Page, Item, Token, NextRequired>;

// ---------------------------------------------------------------------------------------------
// Presets fix where items and tokens are, and so the type of the token fetchPage receives.

export type PresetName = "dynamodb" | "aws" | "keyset" | "relay" | "link";

/** The next-token fields of preset `keyset`, in the order it tries them. */
export type KeysetTokenField = "next_cursor" | "nextCursor" | "nextToken" | "next_token" | "nextPageToken";
/** The non-null types of the fields `F` of `T` that it has; never when it has none. */
export type FieldTypes<T, F extends string> = T extends unknown ? { [K in keyof T & F]-?: NonNullable<T[K]> }[keyof T & F] : never;
/** `T`, or `Otherwise` when `T` is never or unchecked. */
export type Or<T, Otherwise> = [T] extends [never] ? Otherwise : Unchecked<T> extends true ? Otherwise : T;

/**
 * The token `fetchPage` receives under a preset, given the page type:
 * - `dynamodb`: the page's `LastEvaluatedKey` type (else `Record<string, any>`, the shape of
 *   both the DynamoDB client's and the document client's keys);
 * - `keyset`: the type of the page's `next_cursor` / `nextCursor` / `nextToken` / `next_token` /
 *   `nextPageToken` field (else `string`);
 * - `aws` (`NextToken`, `NextContinuationToken`, `NextMarker`, `Marker`), `relay`
 *   (`pageInfo.endCursor`) and `link` (the `rel="next"` URL): `string`;
 * - no preset: `Custom` (the `Token` of a custom `next` location).
 */
export type PresetToken<Preset extends PresetName | undefined, Page, Custom = unknown> =
  Preset extends "dynamodb" ? Or<FieldTypes<Page, "LastEvaluatedKey">, Record<string, any>>
  : Preset extends "keyset" ? Or<FieldTypes<Page, KeysetTokenField>, string>
  : Preset extends "aws" | "relay" | "link" ? string
  : Custom;

/** The element type of the array in field `F` of `T`; `any` when there is none. */
export type ElementsOf<T, F extends string> =
  Unchecked<T> extends true ? any
  : T extends unknown ? (F extends keyof T ? (NonNullable<T[F]> extends readonly (infer E)[] ? E : any) : any) : never;

/** Relay: the `node` of `edges[]`, else the elements of `nodes`. */
export type RelayItem<Page> =
  Unchecked<Page> extends true ? any
  : Page extends unknown ? ("edges" extends keyof Page ? NodeOf<NonNullable<ElementsOf<Page, "edges">>> : ElementsOf<Page, "nodes">) : never;
export type NodeOf<Edge> = Unchecked<Edge> extends true ? any : Edge extends { node?: infer N } ? N : any;

/**
 * The item type a preset finds in a page of type `Page`, when no `Item` is given: `Items[]`
 * (`dynamodb`), `items[]` (`keyset`), `edges[].node` or `nodes[]` (`relay`), the body's
 * elements (`link`: the body is the page); `any` otherwise.
 */
export type PresetItem<Preset extends PresetName | undefined, Page> =
  Preset extends "dynamodb" ? ElementsOf<Page, "Items">
  : Preset extends "keyset" ? ElementsOf<Page, "items">
  : Preset extends "relay" ? RelayItem<Page>
  : Preset extends "link" ? (Unchecked<Page> extends true ? any : Page extends readonly (infer E)[] ? E : any)
  : any;

/** The options of every walk, whatever the page type and the preset. */
