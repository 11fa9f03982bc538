// The framework-neutral part of pagecursor/react and pagecursor/vue: one store per hook and
// `key` (an InfiniteList, or a CursorStack with the page it shows), which derives what the hook
// shows from it, watches the sentinels, keeps the stack's position in the URL and releases it
// all when the component that shows it goes. The adapters only hold the store of the current
// key, start it when a component shows it, stop it when none does, and hand its snapshot to the
// framework (react.ts: useSyncExternalStore; vue.ts: refs). Two adapters over one controller
// cannot drift apart (the bug class of TanStack #5047), and tests/frameworks/scenarios.mjs runs
// the same scenarios against both.
//
// Server renders touch no browser API (only `start()` and the sentinels do); the server
// snapshot is the store's first state (loading, or `initial`'s items), which a hydration render
// reads too, so the markup matches. A new field is read in `ListStore.readList` or published by
// `PageStore`, and both adapters hand it out as they hand out every field of a snapshot.
import { CursorStack, InfiniteList, paginate, ready } from "#pagecursor";
import type { CursorCodec, CursorStackOptions, FetchContext, InfiniteList as List, Paginator } from "#pagecursor";
import type { PageStatus } from "../entries/react.js";
import { makeArgumentError } from "./errors.js";
import { notAnObject, optionalWhole } from "./options.js";
import { LONG_RESUME_TOKENS } from "./codec-of.js";
import { INTENTS, inside, keepPlace, placeOf, putBack, savedAt, scrollRoot, towardTop, whereOf, type Entry, type Place, type Saved, type Where } from "./page-state.js";

// The user's values as this file handles them: options are records read once (the walk checks
// them), `fetchPage` a function the walk calls with the tokens it finds. The public overloads
// type a user's call; these type what the hooks do with it.
export type Options = Record<string, unknown>;
export type Fetch = (token: unknown, ctx: FetchContext) => unknown;
export interface FetchRef {
  current: Fetch;
}
// What the stores publish: a hook's state without its functions (the adapters check that it
// is their published state's).
export interface ListSnapshot {
  items: readonly unknown[];
  firstIndex: number;
  status: PageStatus;
  error: unknown;
  hasMore: boolean;
  hasPrevious: boolean;
  loading: boolean;
}
export interface PageSnapshot {
  page: number;
  items: readonly unknown[];
  status: PageStatus;
  error: unknown;
  hasNext: boolean;
  hasPrevious: boolean;
  visited: { first: number; last: number };
}

const NOTHING: readonly never[] = Object.freeze([]);
const ignore = (): void => {};

// A `key` compared by value, as TanStack Query compares a queryKey: a new array of the same
// values each render is the same key. Plain objects compare with their keys sorted.
export function hashKey(key: unknown): string {
  if (key === undefined) return "";
  try {
    return JSON.stringify(key, (_, v: unknown) => {
      if (typeof v === "bigint") return `${v}n`;
      if (v === null || typeof v !== "object" || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype) return v;
      const sorted: Options = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Options)[k];
      return sorted;
    });
  } catch (err) {
    throw makeArgumentError(false, `options.key must be JSON-serializable (like a TanStack queryKey): ${err instanceof Error ? err.message : String(err)}`);
  }
}

// The user's options without the hook's own ones, read once (a getter runs once per store).
function split(options: unknown, hookKeys: readonly string[]): [Options, Options] {
  const hook: Options = {};
  const rest: Options = {};
  if (options === undefined || options === null) return [hook, rest];
  if (typeof options !== "object") throw notAnObject(options, "options");
  for (const k of Object.keys(options)) (hookKeys.includes(k) ? hook : rest)[k] = (options as Options)[k];
  return [hook, rest];
}

// The store of a hook for one key: `subscribe`/`getSnapshot`/`getServerSnapshot` for
// useSyncExternalStore, `start`/`stop` for the effect of the component that shows it.
export abstract class Store<Snapshot> {
  listeners = new Set<() => void>();
  active = false;
  declare snapshot: Snapshot;
  declare first: Snapshot; // the server's snapshot, and the hydration render's
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): Snapshot => this.snapshot;
  getServerSnapshot = (): Snapshot => this.first;
  abstract start(): void;
  abstract stopped(): void;
  publish(snapshot: Snapshot): void {
    this.snapshot = snapshot;
    for (const listener of [...this.listeners]) listener();
  }
  // An effect's cleanup runs before it runs again (StrictMode, a changed dependency): the
  // store stops only if no effect started it again within the same task.
  stop(): void {
    this.active = false;
    queueMicrotask(() => {
      if (!this.active) this.stopped();
    });
  }
}

// ---------------------------------------------------------------------------------------------
// useInfiniteList's store

// A sentinel: its element, what the observer last said of it, and since when it is observed.
interface Edge {
  which: "more" | "previous";
  visible: boolean;
  observer: IntersectionObserver | undefined;
  element: Element | undefined;
  root: Element | undefined;
  since: number;
}

export class ListStore extends Store<ListSnapshot> {
  bottom: Edge = { which: "more", visible: false, observer: undefined, element: undefined, root: undefined, since: 0 };
  top: Edge = { which: "previous", visible: false, observer: undefined, element: undefined, root: undefined, since: 0 };
  declare list: List<unknown>;
  declare listening: boolean | undefined; // the window's intent listeners are added
  declare touchY: number | undefined; // the last touch's y, for the direction of the next

  declare saved: Saved | undefined; // with `restore`: where this list is saved, and what was read there
  declare fetchRef: FetchRef;
  declare listOptions: Options;

  constructor(fetchRef: FetchRef, options: unknown) {
    super();
    const [hook, listOptions] = split(options, ["key", "restore"]);
    this.fetchRef = fetchRef;
    this.listOptions = listOptions;
    if (hook.restore !== undefined) {
      if (typeof hook.restore !== "string" || hook.restore === "") throw makeArgumentError(false, "options.restore must be a non-empty string");
      this.saved = savedAt(hook.restore, hashKey(hook.key));
      // A window saved by an earlier mount shows at once, with no request for its items (a
      // snapshot given as `initial` wins).
      if (this.saved.entry !== undefined && listOptions.initial === undefined) listOptions.initial = this.saved.entry.snapshot;
    }
    this.list = this.make();
    this.first = this.snapshot = this.read();
    // The store is subscribed for its whole life: a load that fails is then the list's `error`
    // (shown by the component), never an unhandled rejection.
    this.list.subscribe(() => {
      // Where the row at the top of the view is, before the framework renders the change
      // (the adapter calls `settle` once it has), unless a restored position is yet to apply.
      if (this.active && this.restoring === undefined && typeof window === "object") this.place = placeOf(this.where(), this.snapshot.items.length);
      this.publish(this.read());
      this.follow();
    });
  }
  declare place: Place | undefined;
  settle = (): void => {
    if (this.place !== undefined) keepPlace(this.place.row, this.place.top, this.seen?.root);
    this.place = undefined;
  };

  make(): List<unknown> {
    const { fetchRef } = this;
    return new InfiniteList<any>((token, ctx) => fetchRef.current(token, ctx), this.listOptions as never);
  }

  read(): ListSnapshot {
    try {
      return this.readList();
    } catch (err) {
      // A saved window that does not decode (another codec, a damaged entry) is dropped: a
      // fresh start, no error.
      if (this.saved?.entry === undefined || this.listOptions.initial !== this.saved.entry.snapshot) throw err;
      this.saved.drop();
      delete this.listOptions.initial;
      this.list = this.make();
      return this.readList();
    }
  }

  readList(): ListSnapshot {
    const { list } = this;
    const items = list.items, firstIndex = list.firstIndex, error = list.error, hasMore = list.hasMore, hasPrevious = list.hasPrevious, loading = list.loading;
    let status: ListSnapshot["status"];
    if (error !== undefined) status = "error";
    else if (loading) status = "loading";
    else if (!hasMore) status = "done";
    else status = items.length === 0 && !hasPrevious ? "loading" : "ready";
    return { items, firstIndex, status, error, hasMore, hasPrevious, loading };
  }

  start(): void {
    this.active = true;
    const { list } = this;
    if (list.items.length === 0 && !list.hasPrevious && list.hasMore && !list.loading && list.error === undefined) this.loadMore();
    const saved = this.saved;
    if (saved !== undefined && typeof window === "object") {
      // Back where the list was: the scroll container (the sentinel's, or the window) scrolled
      // as it was when the list was saved, its items the same ones, so the same item is at the
      // top. Then the list is saved again when the page goes (a reload) and on unmount.
      if (saved.entry !== undefined && this.listOptions.initial === saved.entry.snapshot) {
        // Now, when a sentinel arrives (an adapter may hand it over after mounting), and at
        // the next frame, when the items are laid out.
        this.restoring = saved.entry;
        this.restoreScroll();
        requestAnimationFrame(() => {
          this.restoreScroll();
          this.restoring = undefined;
        });
      }
      saved.entry = undefined;
      window.addEventListener("pagehide", this.save);
    }
    if (!this.listening && typeof window === "object" && typeof window.addEventListener === "function") {
      this.listening = true;
      for (const type of INTENTS) window.addEventListener(type, this.onIntent, { passive: true, capture: true });
    }
  }
  stopped(): void {
    if (this.saved !== undefined && typeof window === "object") {
      this.save();
      window.removeEventListener("pagehide", this.save);
    }
    // Its loads are stale now: their walks stop at their next request.
    this.list.reset();
    if (this.listening) {
      this.listening = false;
      for (const type of INTENTS) window.removeEventListener(type, this.onIntent, { capture: true });
    }
  }

  declare restoring: Entry | undefined; // a restored list's saved place, until it is applied
  restoreScroll(): void {
    if (this.restoring !== undefined) putBack(this.restoring, this.where(), this.list.items.length);
  }

  // The element that scrolls a sentinel, found once the sentinel is in the document (Vue hands
  // a template ref over before its parent is inserted, when no style is computed yet).
  rootOf(edge: Edge): Element | undefined {
    if (edge.root === undefined && edge.element?.isConnected) edge.root = scrollRoot(edge.element);
    return edge.root;
  }
  // Where the rows are (the sentinels', or where they were last seen: a list at its end may
  // render none), kept in `seen`.
  declare seen: Where | undefined;
  where = (): Where | undefined => (this.seen = whereOf([this.top.element, this.bottom.element], this.rootOf(this.bottom) ?? this.rootOf(this.top), this.seen));

  // Saves the window and where its scroll container is (a list with nothing loaded saves
  // nothing, and a full storage is no error: the next mount starts fresh).
  save = (): void => {
    const saved = this.saved;
    if (saved === undefined || this.list.items.length === 0) return;
    try {
      const where = this.where(), root = where?.root;
      const place = placeOf(where, this.snapshot.items.length);
      saved.write({ snapshot: this.list.snapshot(), scroll: root !== undefined ? root.scrollTop : window.scrollY, row: place?.index, offset: place?.offset });
    } catch {}
  };

  loadMore = (): void => void this.list.loadMore().catch(ignore);
  loadPrevious = (): void => void this.list.loadPrevious().catch(ignore);
  retry = (): void => void this.list.retry().catch(ignore);
  reset = (): void => {
    this.list.reset();
    this.loadMore();
  };
  // The list's own: a failed refresh is its `error` (the store listens, so the promise's
  // rejection is handled), an edit answers its undo.
  refresh = (mode?: "window" | "head"): Promise<void> => this.list.refresh(mode);
  update = (key: unknown, next: unknown): (() => void) => this.list.update(key, next);
  remove = (key: unknown): (() => void) => this.list.remove(key);
  insert = (item: unknown, where?: "start" | "end"): (() => void) => this.list.insert(item, where);

  // The list decides which sentinel loads (InfiniteList.sentinel, the window's rule in Rust):
  // the hook only observes. After every load each sentinel is observed again, so that the
  // observer reports where it is in the new layout (an observer reports only changes, and the
  // visibility seen before the load is stale): a sentinel still in view loads the next chunk
  // (a chunk that did not fill the viewport), and one that the load's drop brought into view
  // waits until it has been out of view (the hysteresis that keeps the two sentinels of a
  // window about the viewport's size from taking turns). Reports queued before the new
  // observation are dropped (their `time` is earlier).
  follow(): void {
    const { list } = this;
    if (!this.active || list.loading || list.error !== undefined) return;
    for (const edge of [this.bottom, this.top]) {
      if (edge.observer !== undefined) {
        edge.since = performance.now();
        edge.observer.unobserve(edge.element as Element);
        edge.observer.observe(edge.element as Element);
      }
    }
  }
  report(edge: Edge, visible: boolean): void {
    edge.visible = visible;
    const load = this.list.sentinel(edge.which, visible);
    if (!this.active) return;
    if (load === "more") this.loadMore();
    else if (load === "previous") this.loadPrevious();
  }

  // The user turns the wheel (or presses a key, or drags a finger) toward a sentinel that is in
  // view: at the end of the scroll that moves nothing, so no observer reports it; it counts as
  // the user's own new sighting, which releases a sentinel held by the last drop.
  // One listener for the events of INTENTS: `event` is the one of its `type`.
  onIntent = (event: Event): void => {
    const up = towardTop(event, this);
    if (up === undefined || !this.active) return;
    const edge = up ? this.top : this.bottom;
    if (!edge.visible || edge.element === undefined || !inside(this.rootOf(edge), event.target)) return;
    this.list.sentinel(edge.which, false);
    this.report(edge, true);
  };

  watch(edge: Edge, element: Element | null | undefined): void {
    if (edge.observer !== undefined) edge.observer.disconnect();
    const was = edge.observer !== undefined;
    edge.observer = edge.element = edge.root = undefined;
    edge.visible = false;
    // A sentinel that is gone is out of view (a held one is released).
    if (was) this.list.sentinel(edge.which, false);
    if (element === null || element === undefined || typeof IntersectionObserver !== "function") return;
    edge.element = element;
    edge.root = element.isConnected ? scrollRoot(element) : undefined;
    edge.since = performance.now();
    edge.observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1] as IntersectionObserverEntry; // never called with none
      if (entry.time < edge.since) return;
      this.report(edge, entry.isIntersecting);
    });
    edge.observer.observe(element);
    this.restoreScroll();
  }
  sentinelRef = (element: Element | null): void => this.watch(this.bottom, element);
  previousSentinelRef = (element: Element | null): void => this.watch(this.top, element);
}

// ---------------------------------------------------------------------------------------------
// useCursorStack's store

const STACK_KEYS = ["key", "pageItems", "history", "param", "maxDepth"];

export class PageStore extends Store<PageSnapshot> {
  load = 0; // counts the loads started: only the last one shows
  controller: AbortController | undefined = undefined;
  declare fetchRef: FetchRef;
  declare pageItems: number | undefined;
  declare history: "push" | "replace" | false;
  declare param: string;
  declare stackOptions: CursorStackOptions;
  declare walk: Options;
  declare fresh: boolean;
  declare stack: CursorStack;
  declare state: string | undefined; // with `history`: the stack's last state that fit the codec
  declare started: boolean | undefined;
  declare onPopState: (() => void) | undefined;

  constructor(fetchRef: FetchRef, options: unknown, fresh: boolean) {
    super();
    const [hook, walk] = split(options, STACK_KEYS);
    this.fetchRef = fetchRef;
    // Any positive whole number (a JS number's largest is one): paginate bounds it as maxItems.
    this.pageItems = optionalWhole(hook.pageItems, "options.pageItems", 1, Number.MAX_SAFE_INTEGER);
    const history = hook.history ?? false;
    if (history !== false && history !== "push" && history !== "replace") {
      throw makeArgumentError(false, `options.history must be "push", "replace" or false, got ${String(history)}`);
    }
    this.history = history;
    const param = hook.param ?? "nav";
    if (typeof param !== "string" || param === "") throw makeArgumentError(false, "options.param must be a non-empty string");
    this.param = param;
    // The stack's options: the codec mints (signs, seals) the whole state, bound to the scope.
    // Its tokens are the walks' resume tokens, bound to the same scope but minted plain: they
    // never leave the stack but inside its state, which the codec already signs or seals. A MAC
    // of their own cannot be shared with the token before it (each differs), and a plain resume
    // token's checksum is left out of the state (crates/pagecursor/src/stack/tokens.rs): 50 pages of DRF next
    // URLs take 1,675 characters so, 5,191 with signed resume tokens (bench/stack-state.mjs).
    this.stackOptions = {};
    // (The stack checks these values: the casts only hand them through.)
    if (hook.maxDepth !== undefined) this.stackOptions.maxDepth = hook.maxDepth as number;
    if (walk.codec !== undefined) this.stackOptions.codec = walk.codec as CursorCodec;
    if (walk.scope !== undefined) this.stackOptions.scope = walk.scope as CursorStackOptions["scope"];
    for (const k of ["maxItems", "maxPages", "codec"]) delete walk[k];
    this.walk = walk;
    this.fresh = fresh; // the key changed: the position in the URL is the old query's
    this.stack = new CursorStack(this.stackOptions);
    this.first = this.snapshot = {
      page: 1, items: NOTHING, status: "loading", error: undefined,
      hasNext: false, hasPrevious: false, visited: { first: 1, last: 1 },
    };
  }

  start(): void {
    this.active = true;
    if (this.started) return;
    this.started = true;
    if (this.history !== false) {
      this.onPopState = () => this.after(() => this.restore());
      window.addEventListener("popstate", this.onPopState);
    }
    const first = !this.fresh ? () => this.restore() : this.history === false ? ignore : () => this.writeUrl("replace", this.fit(ignore));
    this.after(first);
  }
  stopped(): void {
    this.started = false;
    this.load++;
    if (this.controller !== undefined) this.controller.abort();
    if (this.onPopState !== undefined) window.removeEventListener("popstate", this.onPopState);
    this.onPopState = undefined;
  }

  // Runs `then` once the wasm is there (CursorStack.from and record are synchronous), then
  // loads the current page. A wasm that cannot load is this store's error.
  after(then: () => void): void {
    const id = ++this.load;
    Promise.resolve(ready).then(
      () => {
        if (id !== this.load) return;
        try {
          then();
        } catch (err) {
          return this.failed(err);
        }
        this.fetch();
      },
      (err: unknown) => id === this.load && this.failed(err),
    );
  }

  // The position in the URL (reload, a shared link, Back/Forward), or page 1 without one.
  restore(): void {
    if (this.history === false) return;
    const value = new URL(window.location.href).searchParams.get(this.param);
    if (value === null) {
      this.stack.reset();
      this.fit(ignore);
    } else {
      this.stack = CursorStack.from(value, this.stackOptions);
      this.state = value;
    }
  }
  writeUrl(mode: "push" | "replace", state: string): void {
    const url = new URL(window.location.href);
    if (this.stack.page === 1 && !this.stack.hasNext && !this.stack.hasPrevious) url.searchParams.delete(this.param);
    else url.searchParams.set(this.param, state);
    const h = window.history;
    if (mode === "push") h.pushState(h.state, "", url);
    else h.replaceState(h.state, "", url);
  }

  failed(error: unknown): void {
    this.publish({ ...this.snapshot, status: "error", error, items: NOTHING, hasNext: false });
  }

  fetch(): void {
    const id = ++this.load;
    if (this.controller !== undefined) this.controller.abort();
    const controller = (this.controller = new AbortController());
    let stack = this.stack;
    const token = stack.current;
    // A plain codec with maxLength 1 MiB (codec-of.ts), not a CursorCodec, which would make
    // every page with this hook load the full module. Its maxLength is the stack state's
    // business: a resume token is never cut short to `undefined` (which would read as the end);
    // a state too long for the stack's codec is a move's `too_large` error.
    const options: Options = { ...this.walk, codec: LONG_RESUME_TOKENS, signal: linked(this.walk.signal as AbortSignal | undefined, controller.signal) };
    if (token !== undefined) {
      options.resumeToken = token;
      delete options.startToken;
    }
    if (this.pageItems !== undefined) options.maxItems = this.pageItems;
    else options.maxPages = 1;
    this.publish({
      ...this.snapshot, page: stack.page, status: "loading", error: undefined,
      hasNext: false, hasPrevious: stack.hasPrevious, visited: reach(stack, this.stackOptions),
    });
    let walk: Paginator;
    Promise.resolve()
      .then(() => {
        walk = paginate((t, ctx) => this.fetchRef.current(t, ctx), options as never);
        return walk.toArray();
      })
      .then(
        (items) => {
          if (id !== this.load) return;
          const token = walk.resumeToken;
          const record = (s: CursorStack): void => s.record(token);
          record(stack);
          if (this.history !== false) {
            try {
              this.fit(record);
            } catch (err) {
              return this.failed(err);
            }
            stack = this.stack;
          }
          this.publish({
            page: stack.page, items, status: stack.hasNext ? "ready" : "done", error: undefined,
            hasNext: stack.hasNext, hasPrevious: stack.hasPrevious, visited: reach(stack, this.stackOptions),
          });
        },
        (err: unknown) => {
          if (id !== this.load) return;
          this.publish({ ...this.snapshot, page: stack.page, status: "error", error: err, hasNext: false });
        },
      );
  }

  // A move of the stack, then the URL (when kept there) and the load of the page it lands on.
  move(step: (stack: CursorStack) => false | void): void {
    try {
      if (step(this.stack) === false) return;
      if (this.history !== false) this.writeUrl(this.history, this.fit(step));
    } catch (err) {
      return this.failed(err);
    }
    this.fetch();
  }
  next = (): void => this.move((s) => (s.hasNext ? void s.forward() : false));
  back = (): void => this.move((s) => (s.hasPrevious ? void s.back() : false));
  goTo = (page: number): void => this.move((s) => void s.goTo(page));
  reset = (): void => this.move((s) => void s.reset());

  // The stack's state after `change`, which was just made, kept as the last state that fit.
  // The hook never fails because of its own URL state: when that state would pass the codec's maxLength (`too_large`), `change`
  // runs again on the last state that fit, restored with the oldest pages dropped
  // (CursorStack.from with a smaller maxDepth, docs/cursor-stack.md), as few as make it fit;
  // `visited.first` rises. Another error, or a state too long with the current page alone,
  // is the caller's error.
  fit = (change: (stack: CursorStack) => unknown): string => (this.state = this.fitted(change));
  fitted(change: (stack: CursorStack) => unknown): string {
    try {
      return this.stack.toString();
    } catch (err) {
      const last = this.state;
      if ((err as { code?: unknown } | null)?.code !== "too_large" || last === undefined) throw err;
      const copy = CursorStack.from(last, this.stackOptions);
      const kept = reach(copy, this.stackOptions);
      copy.free();
      for (let depth = kept.last - kept.first + 1; depth >= 1; depth--) {
        const stack = CursorStack.from(last, { ...this.stackOptions, maxDepth: depth });
        let state: string;
        try {
          change(stack);
          state = stack.toString();
        } catch (again) {
          stack.free();
          if ((again as { code?: unknown } | null)?.code === "too_large") continue;
          throw err;
        }
        this.stack.free();
        this.stack = stack;
        return state;
      }
      throw err;
    }
  }
  retry = (): void => void (this.snapshot.status === "error" && this.after(ignore));
}

// The walk stops when the user's signal aborts, and when the hook moves on (another page, a
// changed key, an unmount).
function linked(user: AbortSignal | undefined, own: AbortSignal): AbortSignal {
  return user === undefined ? own : typeof AbortSignal.any === "function" ? AbortSignal.any([user, own]) : user;
}

// The pages `goTo` reaches: from the oldest kept to the furthest visited, found on a copy of
// the stack (goTo says which pages it has; the stack does not list them).
function reach(stack: CursorStack, options: CursorStackOptions): PageSnapshot["visited"] {
  const page = stack.page;
  let copy: CursorStack;
  try {
    copy = CursorStack.from(stack.toString(), options);
  } catch {
    return { first: stack.hasPrevious ? 1 : page, last: page };
  }
  const can = (p: number): boolean => {
    try {
      copy.goTo(p);
      return true;
    } catch {
      return false;
    }
  };
  const edge = (from: number, dir: 1 | -1): number => {
    // Doubling steps, then halving: a few goTo calls for thousands of pages.
    let ok = from, step = 1;
    while (ok + dir * step >= 1 && can(ok + dir * step)) {
      ok += dir * step;
      step *= 2;
    }
    for (step >>= 1; step >= 1; step >>= 1) if (ok + dir * step >= 1 && can(ok + dir * step)) ok += dir * step;
    return ok;
  };
  const visited = { first: edge(page, -1), last: edge(page, 1) };
  copy.free();
  return visited;
}

