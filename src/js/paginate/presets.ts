// Where a page's items and next token are: the kinds of location `paginate` reads, what each
// preset (dynamodb, aws, keyset, relay, link) reads, and how a location is named in messages.
//
// Owns the presets' names and the fields they look in (docs/paginator.md, "Where items and
// tokens are"). walk-options.ts asks it which locations a preset means; read-page.ts reads
// them. It may call the error factories only (errors.js).
import { makeArgumentError } from "./errors.js";

// A location in a page: field names and array indices, in order (options.items "data.orders").
export type Path = readonly string[];

export const split = (s: string): string[] => s.split(".").filter((p) => p !== "");

// How a location shows in a message: `options.items "itmes"`, `"Items" (preset "dynamodb")`.
export const named = (what: string, path: Path, preset?: string): string => (preset === undefined ? `options.${what} "${path.join(".")}"` : `"${path.join(".")}" (preset "${preset}")`);

// Where items are: not configured, a path, a function, the whole body, Relay edges/nodes.
export const I_NONE = 0, I_PATH = 1, I_FUNC = 2, I_WHOLE = 3, I_RELAY = 4;
// Where the next token is: a path, a function, the keyset names, Relay, Link header, AWS names.
export const N_PATH = 1, N_FUNC = 2, N_KEYSET = 3, N_RELAY = 4, N_LINK = 5, N_AWS = 6;
// The next-token fields the presets try, in order: `keyset` for pagecursor's own pages and the
// common `{ items, nextToken }` shapes; `aws` for the token families of AWS list operations
// (then `Marker`, see read-page.ts).
export const KEYSET_NEXT = ["next_cursor", "nextCursor", "nextToken", "next_token", "nextPageToken"];
export const AWS_NEXT = ["NextToken", "nextToken", "NextContinuationToken", "NextMarker"];
// The previous-token fields of the keyset preset, in order (read by an InfiniteList that loads
// before where it opened).
export const KEYSET_PREV = ["previousCursor", "previous_cursor", "prevCursor", "prevToken", "previous"];

// Where a preset finds a page's previous token (undefined: it has none: dynamodb, aws).
export function presetPrev(preset: string | undefined): number | undefined {
  switch (preset) {
    case "keyset": return N_KEYSET;
    case "relay": return N_RELAY;
    case "link": return N_LINK;
    default: return undefined;
  }
}

// Where a walk looks: each location's kind and, for a path or a function, the field holding it.
// (Each field holds what its kind says: a path for I_PATH and N_PATH, a function for I_FUNC
// and N_FUNC; tsc cannot follow the kind to the field, hence the casts where they are read.)
export interface Locations {
  itemsKind: number;
  itemsAt: Path | Function | undefined;
  nextKind: number | undefined;
  nextAt: Path | Function | undefined;
}

// What `preset` reads, before options.items and options.next override it (nextKind undefined:
// no preset, so options.next is needed).
export function presetLocations(preset: string | undefined): Locations {
  switch (preset) {
    case undefined: return { itemsKind: I_NONE, itemsAt: undefined, nextKind: undefined, nextAt: undefined };
    case "dynamodb": return { itemsKind: I_PATH, itemsAt: ["Items"], nextKind: N_PATH, nextAt: ["LastEvaluatedKey"] };
    case "aws": return { itemsKind: I_NONE, itemsAt: undefined, nextKind: N_AWS, nextAt: undefined };
    case "keyset": return { itemsKind: I_PATH, itemsAt: ["items"], nextKind: N_KEYSET, nextAt: undefined };
    case "relay": return { itemsKind: I_RELAY, itemsAt: undefined, nextKind: N_RELAY, nextAt: undefined };
    case "link": return { itemsKind: I_WHOLE, itemsAt: undefined, nextKind: N_LINK, nextAt: undefined };
    default: throw makeArgumentError(false, `unknown preset "${preset}" (dynamodb, aws, keyset, relay, link)`);
  }
}

// Where the has-more flag was looked for, in words.
export function moreName(moreAt: Path | Function | undefined, nextKind: number): string {
  if (typeof moreAt === "function") return "options.more";
  if (moreAt !== undefined) return named("more", moreAt as Path);
  return nextKind === N_RELAY ? '"pageInfo.hasNextPage" (preset "relay")' : '"IsTruncated" (preset "aws")';
}

// Where the next token was looked for, in words.
export function nextName(nextKind: number, nextAt: Path | Function | undefined): string {
  switch (nextKind) {
    case N_PATH: return `at ${named("next", nextAt as Path)}`;
    case N_FUNC: return "from options.next";
    case N_KEYSET: return `at any of ${KEYSET_NEXT.join(", ")} (preset "keyset")`;
    case N_RELAY: return 'at "pageInfo.endCursor" (preset "relay")';
    case N_AWS: return `at any of ${AWS_NEXT.join(", ")}, Marker (preset "aws")`;
    default: return 'in the Link header (preset "link")';
  }
}
