// Reading a page: its root, its items, its next token and has-more flag, its items' keys.
//
// Owns what a page is to the walk (`PageReader`, `BadPage`). Every user value is read once,
// through user-values.ts (the copies, the intrinsics): a page's items are copied when the page
// arrives, so a getter, a Proxy or a caller that changes the array later changes nothing the
// walk hands out. It reads the walk's settings (walk-options.ts) and may call presets.ts,
// user-values.ts, the glue's `PaginatorCore.nextLink` (the `rel="next"` of a Link header) and
// the error factories; it keeps no state of the walk but what one read found.
import { PaginatorCore } from "./pagecursor.js";
import type { WalkSettings } from "./walk-options.js";
import { AWS_NEXT, I_FUNC, I_NONE, I_PATH, I_RELAY, I_WHOLE, KEYSET_NEXT, KEYSET_PREV, moreName, N_AWS, N_FUNC, N_KEYSET, N_PATH, N_RELAY, named, nextName, type Path } from "./presets.js";
import { apply, at, copyKey, END, get, isArray, isObject, isResponse, NOT_PLAIN, TOKEN_SIZE, tokenForm, TOO_LARGE, type Fields } from "./user-values.js";

export const EMPTY: unknown[] = [];
const RELAY_ROOT = 'the page has no "edges", "nodes" or "pageInfo" at the top: preset "relay" needs options.root, the path to the connection (GraphQL: root: "data.<field>")';
const RESPONSE_HINT = 'fetchPage returned a fetch Response: return `await res.json()` from fetchPage, or use preset: "link"';
// Items in one page (docs/paginator.md, "Bounds"): 2^24, far above any service's page size.
const MAX_PAGE_ITEMS = 16777216;

// The first of `names` that `root` holds (not undefined), each read once, in order.
function firstOf(root: unknown, names: readonly string[]): unknown {
  let v: unknown;
  for (let i = 0; i < names.length && v === undefined; i++) v = get(root, names[i]);
  return v;
}

// Whether the list at `path` is left out of an object that holds it (a service omitting an
// empty list), rather than the path broken before its last name or read from an array.
function leftOut(root: unknown, path: Path): boolean {
  const holder = path.length === 1 ? root : at(root, path.slice(0, -1), undefined);
  return isObject(holder) && !isArray(holder);
}

// A page that cannot be read: the walk fails it as bad_page, `cause` the PaginationError's.
export class BadPage {
  declare cause: unknown;
  constructor(message: string, cause?: unknown) {
    this.cause = cause !== undefined ? cause : new Error(message);
  }
}

// A page read, kept until the consumer takes it (the walk's pages).
export interface HeldPage {
  page: unknown;
  items: unknown[] | undefined;
  along: unknown[] | undefined;
  keys: unknown[] | undefined;
}

// What readAsync found in a page (read's r… fields, kept: another page may be read meanwhile).
export interface PageRead extends HeldPage {
  len: number;
  next: unknown;
  form: unknown;
  more: boolean | undefined;
}

// The reader of a walk's pages, by the walk's settings. `read` leaves what it found in its r…
// fields (no object per page on the synchronous path), which the walk takes at once.
export class PageReader {
  declare settings: WalkSettings;
  // Set by the item consumer's first pull: from then on every page's items are copied.
  declare itemsMode: boolean;
  declare rLen: number;
  declare rItems: unknown[] | undefined;
  declare rNext: unknown;
  declare rForm: unknown;
  declare rMore: boolean | undefined;
  declare rAlong: unknown[] | undefined;
  declare rRoot: unknown;
  declare rKeys: unknown[] | undefined;
  // The previous token of the first page read (the driver's copy; undefined: none), when the
  // walk reads previous tokens (settings.readPrev); `prevRead` once that page was read;
  // `askedWithToken` whether its request carried a token (requests.ts sets it).
  declare firstPrev: unknown;
  declare prevRead: boolean;
  declare askedWithToken: boolean;

  constructor(settings: WalkSettings) {
    this.settings = settings;
    this.itemsMode = false;
    this.rLen = 0;
    this.rItems = undefined;
    this.rNext = undefined;
    this.rForm = undefined;
    this.rMore = undefined;
    this.rAlong = undefined;
    this.rRoot = undefined;
    this.rKeys = undefined;
    this.firstPrev = undefined;
    this.prevRead = false;
    this.askedWithToken = false;
  }

  // The value at options.root of a page (the page itself without a root) into rRoot, and the
  // objects along the items path so far into rAlong; a BadPage when the page has nothing at
  // root, or is a fetch Response read by a path.
  rootOf(body: unknown): BadPage | undefined {
    const s = this.settings;
    // A missing or primitive page must not read as "no next token": that would end the walk
    // silently.
    if (!isObject(body)) return new BadPage("fetchPage resolved with no page object");
    if (s.pathRead && isResponse(body)) return new BadPage(RESPONSE_HINT);
    // With cuts possible: the objects along the items path and its keys, then the list.
    const along = s.mayCut && s.itemsKind !== I_NONE && s.itemsKind !== I_FUNC ? [] : undefined;
    let root: unknown = body;
    if (s.root !== undefined) {
      root = at(body, s.root, along);
      if (root === undefined || root === null) return new BadPage(`nothing at ${named("root", s.root)}`);
    }
    this.rRoot = root;
    this.rAlong = along;
    return undefined;
  }

  // Reads a page into rLen/rItems/rNext/rForm/rMore/rAlong; a BadPage when it cannot be read.
  // `values` holds what user functions returned (async reader): [items, next, more, link,
  // prev, prev link],
  // after `rootOf` found `root` and `along`. Every field is read once: a cut copy (see
  // cutCopy) is made of what this read found. Nothing that looks wrong reads as a short page
  // or an end: a configured items location holding `undefined`, a has-more flag saying true
  // with no next token.
  // (Each location field holds what its kind says: a path for I_PATH, N_PATH and a `more`
  // that is no function; `values` is given exactly when one of them is a function or the
  // preset is link. The casts below say so; tsc cannot follow the kind to the field.)
  read(body: unknown, values: unknown[] | undefined, root?: unknown, along?: unknown[]): BadPage | undefined {
    const s = this.settings;
    if (values === undefined) {
      const bad = this.rootOf(body);
      if (bad !== undefined) return bad;
      root = this.rRoot;
      along = this.rAlong;
      this.rRoot = undefined;
    }
    let items, list, info;
    const kind = s.itemsKind;
    switch (kind) {
      case I_NONE: break;
      case I_PATH: items = list = at(root, s.itemsAt as Path, along); break;
      case I_FUNC: items = values![0]; break;
      case I_WHOLE: items = list = root; break;
      default: {
        const edges = get(root, "edges");
        if (isArray(edges)) {
          // Each edge read once: the cut copy of a page is made of these (see below).
          const own = [];
          items = [];
          for (let i = 0, n = edges.length; i < n; i++) {
            const edge = edges[i];
            own.push(edge);
            items.push(get(edge, "node"));
          }
          list = own;
          along?.push(root, "edges");
        } else {
          items = list = get(root, "nodes");
          along?.push(root, "nodes");
          if (edges === undefined && items === undefined) {
            if (s.root === undefined && (info = get(root, "pageInfo")) === undefined) return new BadPage(RELAY_ROOT);
            return new BadPage(`nothing at "edges" or "nodes"${s.root === undefined ? "" : ` under ${named("root", s.root)}`} (preset "relay")`);
          }
        }
      }
    }
    let len = 0;
    if (kind !== I_NONE) {
      // `null` is an empty page; `undefined` a location that is not there (a typo, a
      // forgotten root, an error body): never a silent empty page.
      // Services that leave out empty lists (S3 without Contents on a page of only
      // CommonPrefixes, proto3 JSON): under preset aws, or once an earlier page of this walk
      // (or list) held a list there, an absent list is an empty page. A typo is absent on
      // every page, so it still fails on the first; a body of another shape (an array, a
      // path broken before its last name) is no page with a list left out.
      if (items === undefined && kind === I_PATH && (s.preset === "aws" || s.lists.seen) && leftOut(root, s.itemsAt as Path)) items = null;
      if (items === undefined) {
        if (kind === I_FUNC) return new BadPage("options.items returned undefined");
        const at = named("items", s.itemsAt as Path, s.itemsPreset);
        // (An items function receives the value at root: the path under it.)
        const path = (s.itemsAt as Path).join("?.");
        return new BadPage(`nothing at ${s.root === undefined ? at : `${at} under ${named("root", s.root)}`}; if the service leaves out empty lists, use items: (page) => page.${path} ?? [] (or preset "aws" for AWS APIs)`);
      }
      s.lists.seen = true;
      if (items === null) items = EMPTY;
      else if (!isArray(items)) return new BadPage("the items of a page are not an array");
      len = items.length;
      if (typeof len !== "number") return new BadPage("the items of a page are not an array");
      // A bound on the work one page can ask for: a Proxy claiming 2^31 items would be read
      // item by item for minutes, with no timer or I/O in between.
      if (len > MAX_PAGE_ITEMS) return new BadPage(`a page of ${len} items is more than ${MAX_PAGE_ITEMS}`);
    }
    let next, more, truncated;
    const moreAt = s.moreAt;
    if (moreAt !== undefined) more = typeof moreAt === "function" ? values![2] : at(root, moreAt as Path, undefined);
    // Preset aws: IsTruncated, when present, is the has-more flag (also with options.next).
    if (s.preset === "aws") {
      truncated = get(root, "IsTruncated");
      if (moreAt === undefined && typeof truncated === "boolean") more = truncated;
    }
    switch (s.nextKind) {
      case N_PATH: next = at(root, s.nextAt as Path, undefined); break;
      case N_FUNC: next = values![1]; break;
      case N_KEYSET: next = firstOf(root, s.backward ? KEYSET_PREV : KEYSET_NEXT); break;
      case N_RELAY:
        if (info === undefined) info = get(root, "pageInfo");
        // Without pageInfo the walk could only end here, after one page.
        if (info === undefined) {
          // Items found at the top (preset relay) say the connection is there: only pageInfo is missing.
          return new BadPage(s.root === undefined && kind !== I_RELAY ? RELAY_ROOT
            : `nothing at "pageInfo"${s.root === undefined ? "" : ` under ${named("root", s.root)}`} (preset "relay")`);
        }
        next = get(info, s.backward ? "startCursor" : "endCursor");
        if (moreAt === undefined) more = get(info, s.backward ? "hasPreviousPage" : "hasNextPage");
        break;
      case N_AWS:
        next = firstOf(root, AWS_NEXT);
        if (next === undefined && truncated === true) {
          // IAM answers with `Marker` (its request parameter too); S3 ListObjects (v1) echoes
          // the request's `Marker` and gives no next one without a Delimiter.
          if (get(root, "Contents") !== undefined) {
            return new BadPage('S3 ListObjects (v1) without a Delimiter gives no NextMarker: use ListObjectsV2 (preset "aws" follows NextContinuationToken), or next: (page) => page.Contents.at(-1).Key and send it as Marker');
          }
          next = get(root, "Marker");
        }
        break;
      default: next = values![3];
    }
    const form = tokenForm(next);
    if (form === TOO_LARGE) return new BadPage(`the next token of a page is larger than ${TOKEN_SIZE} units`);
    if (s.readPrev && !this.prevRead) {
      // The first page's previous token (where a list can load before its origin): only read.
      this.prevRead = true;
      let prev;
      switch (s.prevKind) {
        case N_PATH: prev = at(root, s.prevAt as Path, undefined); break;
        case N_FUNC: prev = values![4]; break;
        case N_KEYSET: prev = firstOf(root, KEYSET_PREV); break;
        case N_RELAY: {
          // A page asked for `after` a cursor may say hasPreviousPage false though that row lies
          // before it (the Relay spec allows it; graphql-relay always does): its startCursor is
          // the previous token all the same. Asked for with no token, only hasPreviousPage says.
          const pageInfo = get(root, "pageInfo");
          if (this.askedWithToken || get(pageInfo, "hasPreviousPage") === true) prev = get(pageInfo, "startCursor");
          break;
        }
        default: prev = values![5];
      }
      const prevForm = tokenForm(prev);
      this.firstPrev = prevForm === END || prevForm === TOO_LARGE ? undefined : prevForm;
    }
    if (form === END && more !== undefined && more) return new BadPage(`the page says there is more (${moreName(s.moreAt, s.nextKind)} is ${more === true ? "true" : "truthy"}) but has no next token ${nextName(s.nextKind, s.nextAt)}`);
    let keys: unknown[] | undefined;
    if (s.itemKey !== undefined) {
      // Each item read once, here, with its key: the consumer then gets the items whose keys
      // these are (a getter on the list would answer differently later), and a cut copy is
      // made of them too.
      const own = [];
      keys = [];
      for (let i = 0; i < len; i++) {
        const item = (items as unknown[])[i];
        own.push(item);
        const bad = this.keyOf(item, i, keys);
        if (bad !== undefined) return bad;
      }
      if (list === items) list = own;
      items = own;
    } else if (len !== 0 && kind !== I_RELAY && (this.itemsMode || s.mayCut)) {
      // Each item read once, when the page arrives: what the item consumer gets, and the cut
      // copy of a page, are these, whatever the list (a getter, a Proxy, a caller that changes
      // the array while it iterates) answers later. (A page consumer of whole pages gets the
      // page itself and no item is read: no copy for it.)
      const own = new Array(len);
      for (let i = 0; i < len; i++) own[i] = (items as unknown[])[i];
      if (list === items) list = own;
      items = own;
    }
    if (s.backward && len > 1) {
      // Going backward, the items nearest the window come first: each page's last item first.
      // (A backward walk's pages are never handed out whole: a list takes its items.)
      const own = (items as unknown[]).slice().reverse();
      keys?.reverse();
      items = own;
    }
    along?.push(list);
    this.rLen = len;
    this.rItems = items as unknown[] | undefined; // an array (checked above), or none (I_NONE)
    this.rNext = form === END ? undefined : next;
    this.rForm = form === END ? undefined : form;
    this.rMore = more === undefined ? undefined : Boolean(more);
    this.rAlong = along;
    this.rKeys = keys;
    return undefined;
  }

  // Appends the key of `item` (the i-th of its page) to `keys`, as the driver's copy; a
  // BadPage when it has none (undefined or null: no item can be found again by it) or one
  // that is no cursor value. A throwing itemKey function or getter throws out of here.
  keyOf(item: unknown, i: number, keys: unknown[]): BadPage | undefined {
    const s = this.settings;
    const path = s.itemKey!; // keyOf runs only with options.itemKey
    const key = typeof path === "function" ? apply(path, undefined, [item]) : at(item, path, undefined);
    const name = typeof path === "function" ? "options.itemKey" : `options.itemKey "${path.join(".")}"`;
    if (key === undefined || key === null) {
      return new BadPage(typeof path === "function" ? `options.itemKey returned ${key} for item ${i} of the page`
        : `item ${i} of the page has no key at ${name} (${key})`);
    }
    const copy = copyKey(key);
    if (copy === TOO_LARGE) return new BadPage(`the key of item ${i} of the page (${name}) is larger than ${TOKEN_SIZE} units`);
    if (copy === NOT_PLAIN) return new BadPage(`the key of item ${i} of the page (${name}) is not a cursor value`);
    keys.push(copy);
    return undefined;
  }

  // The reader with user functions or a link response: resolves with the page the consumer
  // gets with what was read in it, or a BadPage; rejects with a failed response. A function
  // receives the value at options.root and the whole page.
  async readAsync(response: unknown): Promise<PageRead | BadPage> {
    const s = this.settings;
    let page = response;
    let link: string | undefined, prevLink: string | undefined;
    if (s.preset === "link") {
      // A fake Response (an object made from Response.prototype, a Proxy) throws here: it is
      // no Response, not a failed request.
      let status: unknown;
      try {
        status = get(response, "status");
      } catch {}
      if (typeof status !== "number") {
        return new BadPage('with preset "link", fetchPage must return a fetch Response');
      }
      if (!(status >= 200 && status < 300)) throw response;
      try {
        const headers = get(response, "headers");
        const getHeader = get(headers, "get");
        const header = typeof getHeader === "function" ? apply(getHeader, headers, ["link"]) : undefined;
        if (typeof header === "string" && header.length > TOKEN_SIZE) {
          return new BadPage(`the Link header of a response is longer than ${TOKEN_SIZE} characters`);
        }
        const base = get(response, "url");
        const resolve = (target: string | undefined) => (target === undefined ? undefined : new URL(target, typeof base === "string" && base !== "" ? base : undefined).href);
        if (typeof header === "string") {
          link = resolve(s.backward ? PaginatorCore.prevLink(header) : PaginatorCore.nextLink(header));
          if (s.readPrev && !this.prevRead) prevLink = resolve(PaginatorCore.prevLink(header));
        }
        const json = get(response, "json");
        if (typeof json !== "function") return new BadPage("the response has no json() method");
        page = await apply(json, response, []);
      } catch (err) {
        return new BadPage("", err);
      }
    }
    const values: unknown[] = [undefined, undefined, undefined, link, undefined, prevLink];
    try {
      const bad = this.rootOf(page);
      if (bad !== undefined) return bad;
      const root = this.rRoot, along = this.rAlong;
      this.rRoot = this.rAlong = undefined;
      const args = [root, page];
      // (A function's kind says its field holds that function.)
      if (s.itemsKind === I_FUNC) values[0] = await apply(s.itemsAt as Function, undefined, args);
      if (s.nextKind === N_FUNC) values[1] = await apply(s.nextAt as Function, undefined, args);
      if (typeof s.moreAt === "function") values[2] = await apply(s.moreAt, undefined, args);
      if (s.readPrev && !this.prevRead && s.prevKind === N_FUNC) values[4] = await apply(s.prevAt as Function, undefined, args);
      const bad2 = this.read(page, values, root, along);
      if (bad2 !== undefined) return bad2;
      // Another page may be read before this one is reported: keep what this read found.
      const read: PageRead = {
        page, len: this.rLen, items: this.rItems, next: this.rNext, form: this.rForm, more: this.rMore,
        along: this.rAlong, keys: this.rKeys,
      };
      this.rItems = this.rNext = this.rForm = this.rAlong = this.rKeys = undefined;
      return read;
    } catch (err) {
      this.rItems = this.rNext = this.rForm = this.rAlong = this.rRoot = this.rKeys = undefined;
      return new BadPage("", err);
    }
  }
}
