// pagecursor/vue: `useInfiniteList` and `useCursorStack` for Vue >= 3.3 (docs/vue.md), the
// composables of pagecursor/react over the same stores (controller.ts): this file holds the
// store of the current `key`, starts it when the component mounts, releases it when the
// component's scope ends (the list's loads stop, in-flight requests abort through ctx.signal,
// listeners and observers go) and hands its snapshot to Vue as refs.
//
// Server renders: setup runs on the server, onMounted and template refs never do, and the
// stores touch `window` only from those (controller.ts); a server render shows the store's
// first state, which the hydrating client renders too.
//
// Loading: "#pagecursor" as in react.ts, so a page that imports only pagecursor/vue fetches the
// wasm like one that imports "pagecursor"; the composables wait for `ready` themselves.
import { computed, getCurrentInstance, getCurrentScope, onMounted, onScopeDispose, shallowRef, toValue, watch } from "vue";
import type { ComponentPublicInstance, MaybeRefOrGetter, Ref } from "vue";
// Every entry exports the root's `ready` (a re-export keeps it the same live binding).
export { ready } from "#pagecursor";
// The published declarations (pkg/vue.d.ts, the contract), checked as react.ts checks its own.
import type * as Public from "../entries/vue.js";
import type { CursorStackState, InfiniteListState, SentinelRef } from "../entries/vue.js";
import { hashKey, ListStore, PageStore, Store } from "./controller.js";
import type { Fetch, FetchRef, ListSnapshot, Options, PageSnapshot } from "./controller.js";

// The composables' common part: the store of the current `key` (made by `make`, told whether it
// replaces the store of another key; `moved` hands the new one what the old one watched),
// started once the component is mounted, and a shallow ref of its snapshot.
function useStore<S extends Store<any>>(
  fetchPage: Fetch,
  options: unknown,
  make: (fetchRef: FetchRef, replaces: boolean) => S,
  moved: (from: S, to: S | undefined) => void,
): { store: () => S; snapshot: Ref<SnapshotOf<S>> } {
  // Setup runs once: the function given is the one every load calls.
  const fetchRef: FetchRef = { current: fetchPage };
  const key = options == null ? undefined : ((options as Options).key as MaybeRefOrGetter<unknown>);
  let store = make(fetchRef, false);
  const snapshot = shallowRef(store.getSnapshot()) as Ref<SnapshotOf<S>>;
  const show = (): void => {
    snapshot.value = store.getSnapshot();
  };
  let unsubscribe = store.subscribe(show);
  let mounted = false;
  const start = (): void => {
    mounted = true;
    store.start();
  };
  // A key given as a ref or a getter (or a reactive array) is watched by value; a plain array
  // never changes.
  watch(
    () => hashKey(toValue(key)),
    () => {
      const old = store;
      unsubscribe();
      store = make(fetchRef, true);
      moved(old, store);
      old.stop();
      unsubscribe = store.subscribe(show);
      show();
      if (mounted) store.start();
    },
  );
  if (getCurrentInstance() !== null) onMounted(start);
  else if (typeof window === "object") start();
  if (getCurrentScope() !== undefined) {
    onScopeDispose(() => {
      mounted = false;
      unsubscribe();
      moved(store, undefined);
      store.stop();
    });
  }
  return { store: () => store, snapshot };
}
type SnapshotOf<S> = S extends Store<infer Snapshot> ? Snapshot : never;

// Each field of a snapshot as a readonly ref that changes only when that field does.
function fields<Snapshot extends object>(snapshot: Ref<Snapshot>, names: readonly (keyof Snapshot)[]): { [K in keyof Snapshot]: Readonly<Ref<Snapshot[K]>> } {
  const refs = {} as { [K in keyof Snapshot]: Readonly<Ref<Snapshot[K]>> };
  for (const name of names) refs[name] = computed(() => snapshot.value[name]);
  return refs;
}

// A function template ref over one of the store's sentinels. Vue calls it on every render of
// its element, not only when the element changes, and a sentinel observed anew reads as a new
// sighting (which would release the window's hysteresis): only a change reaches the store.
interface Sentinel {
  element: Element | null;
  ref: SentinelRef;
}
function sentinel(watch: () => (element: Element | null) => void): Sentinel {
  const s: Sentinel = {
    element: null,
    ref: (target: Element | ComponentPublicInstance | null) => {
      const element = target === null || target instanceof Element ? target : (target.$el as Element | null);
      if (element === s.element) return;
      s.element = element;
      watch()(element);
    },
  };
  return s;
}

/**
 * Infinite scroll over a token-paginated API: loads the first chunk on mount, more when the
 * element given to `sentinelRef` is visible (and the chunk before the window when the one given
 * to `previousSentinelRef` is), and starts over when `key` changes.
 */
export function useInfiniteList<Item>(fetchPage: Fetch, options?: unknown): InfiniteListState<Item> {
  let bottom: Sentinel | undefined, top: Sentinel | undefined;
  const { store, snapshot } = useStore(
    fetchPage,
    options,
    (fetchRef) => new ListStore(fetchRef, options),
    // The sentinels move to the new key's list, as React's callback refs do.
    (from, to) => {
      from.sentinelRef(null);
      from.previousSentinelRef(null);
      if (to !== undefined) {
        to.sentinelRef(bottom?.element ?? null);
        to.previousSentinelRef(top?.element ?? null);
      }
    },
  );
  // Once a change is in the document (a post-flush watcher runs after the components' DOM
  // updates): the row that was at the top of the view goes back where it was (controller.ts).
  watch(snapshot, () => store().settle(), { flush: "post" });
  bottom = sentinel(() => store().sentinelRef);
  top = sentinel(() => store().previousSentinelRef);
  const state: InfiniteListState<unknown> = {
    ...fields<ListSnapshot>(snapshot, ["items", "firstIndex", "status", "error", "hasMore", "hasPrevious", "loading"]),
    loadMore: () => store().loadMore(),
    loadPrevious: () => store().loadPrevious(),
    retry: () => store().retry(),
    reset: () => store().reset(),
    refresh: (mode?: "window" | "head") => store().refresh(mode),
    update: (key: unknown, next: unknown) => store().update(key, next),
    remove: (key: unknown) => store().remove(key),
    insert: (item: unknown, where?: "start" | "end") => store().insert(item, where),
    sentinelRef: bottom.ref,
    previousSentinelRef: top.ref,
  };
  return state as InfiniteListState<Item>; // the items are the `Item`s of the user's fetchPage
}

/**
 * Prev/Next/goTo over a next-only API: pages of exactly `pageItems` items across short and
 * empty service pages (one service page each without it), the position kept in the URL with
 * `history`, starting over when `key` changes.
 */
export function useCursorStack<Item>(fetchPage: Fetch, options?: unknown): CursorStackState<Item> {
  const { store, snapshot } = useStore(fetchPage, options, (fetchRef, replaces) => new PageStore(fetchRef, options, replaces), () => {});
  const state: CursorStackState<unknown> = {
    ...fields<PageSnapshot>(snapshot, ["page", "items", "status", "error", "hasNext", "hasPrevious", "visited"]),
    next: () => store().next(),
    back: () => store().back(),
    goTo: (page: number) => store().goTo(page),
    reset: () => store().reset(),
    retry: () => store().retry(),
  };
  return state as CursorStackState<Item>; // the items are the `Item`s of the user's fetchPage
}

// The composables above against their published declarations (types only: nothing of it ships).
type Assignable<T extends U, U> = T;
export type UseInfiniteListMatchesItsDeclaration = Assignable<typeof useInfiniteList, typeof Public.useInfiniteList>;
export type UseCursorStackMatchesItsDeclaration = Assignable<typeof useCursorStack, typeof Public.useCursorStack>;
