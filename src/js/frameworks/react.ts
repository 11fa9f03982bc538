// pagecursor/react: `useInfiniteList` (infinite scroll) and `useCursorStack` (Prev/Next/goTo,
// optionally kept in the URL) for React >= 18 (docs/react.md). The stores are controller.ts's,
// shared with pagecursor/vue: this file holds the store of the current `key`, starts it in an
// effect and reads it with useSyncExternalStore, whose snapshot is the same object until the
// store changes.
//
// Server renders: effects and callback refs, where the stores touch `window`, never run on the
// server; the server snapshot is the store's first state (controller.ts says why it matches).
//
// Loading: "#pagecursor" is the package's own entry for the runtime (package.json "imports",
// the same conditions as "."), so a page that imports only pagecursor/react starts fetching the
// wasm like one that imports "pagecursor", and shares that module when it does. The hooks never
// await anything in render: their loads wait for `ready` themselves.
//
// "use client": for React Server Components (Next.js App Router), hooks are client code; the
// directive lets a server component file import them for its client children.
"use client";
import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from "react";
// Every entry exports the root's `ready` (a re-export keeps it the same live binding).
export { ready } from "#pagecursor";
// The published declarations (pkg/react.d.ts, the contract): the hooks are checked against
// every overload there and their states are built as the declared types (the last lines), so
// `tsc` fails when the two drift apart. (`./react.js` would name this file itself.)
import type * as Public from "../entries/react.js";
import type { CursorStackState, InfiniteListState } from "../entries/react.js";
import { hashKey, ListStore, PageStore, Store } from "./controller.js";
import type { Fetch, FetchRef, Options } from "./controller.js";

// The hooks' common part: the store of the current `key` (made by `make`, told whether it
// replaces the store of another key), started while a component shows it, and its snapshot;
// `fetchRef` follows the latest fetchPage, so a new function each render starts nothing over.
function useStore<S extends Store<unknown>>(
  fetchPage: Fetch,
  options: unknown,
  make: (fetchRef: FetchRef, replaces: boolean) => S,
): [S, SnapshotOf<S>] {
  const fetchRef: FetchRef = useRef(fetchPage);
  const hash = hashKey(options == null ? undefined : (options as Options).key);
  const held = useRef<{ hash: string; store: S } | undefined>(undefined);
  if (held.current === undefined || held.current.hash !== hash) {
    held.current = { hash, store: make(fetchRef, held.current !== undefined) };
  }
  const store = held.current.store;
  useEffect(() => {
    fetchRef.current = fetchPage;
  });
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  return [store, useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot) as SnapshotOf<S>];
}
type SnapshotOf<S> = S extends Store<infer Snapshot> ? Snapshot : never;
// A layout effect in a browser; on a server, where neither runs, an effect (React 18 warns of a
// layout effect in a server render).
const useCommitEffect = typeof document === "object" ? useLayoutEffect : useEffect;

/**
 * Infinite scroll over a token-paginated API: loads the first chunk on mount, more when the
 * element given to `sentinelRef` is visible (and the chunk before the window when the one given
 * to `previousSentinelRef` is), and starts over when `key` changes.
 */
export function useInfiniteList<Item>(fetchPage: Fetch, options?: unknown): InfiniteListState<Item> {
  const [store, snapshot] = useStore(fetchPage, options, (fetchRef) => new ListStore(fetchRef, options));
  // Once the change is in the document, before the browser paints it: the row that was at the
  // top of the view goes back where it was (controller.ts, `settle`).
  useCommitEffect(store.settle, [snapshot, store]);
  return useMemo(
    (): InfiniteListState<unknown> => ({
      ...snapshot,
      loadMore: store.loadMore,
      loadPrevious: store.loadPrevious,
      retry: store.retry,
      reset: store.reset,
      refresh: store.refresh,
      update: store.update,
      remove: store.remove,
      insert: store.insert,
      sentinelRef: store.sentinelRef,
      previousSentinelRef: store.previousSentinelRef,
    }),
    [snapshot, store],
  ) as InfiniteListState<Item>; // the items are the `Item`s of the user's fetchPage
}

// ---------------------------------------------------------------------------------------------
// useCursorStack

/**
 * Prev/Next/goTo over a next-only API: pages of exactly `pageItems` items across short and
 * empty service pages (one service page each without it), the position kept in the URL with
 * `history`, starting over when `key` changes.
 */
export function useCursorStack<Item>(fetchPage: Fetch, options?: unknown): CursorStackState<Item> {
  const [store, snapshot] = useStore(fetchPage, options, (fetchRef, replaces) => new PageStore(fetchRef, options, replaces));
  return useMemo(
    (): CursorStackState<unknown> => ({ ...snapshot, next: store.next, back: store.back, goTo: store.goTo, reset: store.reset, retry: store.retry }),
    [snapshot, store],
  ) as CursorStackState<Item>; // the items are the `Item`s of the user's fetchPage
}

// The hooks above against their published declarations (types only: nothing of it ships).
type Assignable<T extends U, U> = T;
export type UseInfiniteListMatchesItsDeclaration = Assignable<typeof useInfiniteList, typeof Public.useInfiniteList>;
export type UseCursorStackMatchesItsDeclaration = Assignable<typeof useCursorStack, typeof Public.useCursorStack>;
