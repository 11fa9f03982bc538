// Typed usage of pagecursor/react and pagecursor/tanstack, compiled with the recipes of
// docs/react.md (tests/react/recipes.mjs); each @ts-expect-error line is a misuse the types
// must refuse.
import { useInfiniteList, useCursorStack, type PageStatus } from "pagecursor/react";
import { infinitePageOptions, type ChunkParam } from "pagecursor/tanstack";

interface Row {
  id: number;
}
interface RowPage {
  items: Row[];
  next_cursor?: string;
}
const fetchRows = async (): Promise<RowPage> => ({ items: [] });

export function Usage() {
  const list = useInfiniteList<RowPage, Row>(fetchRows, { preset: "keyset", chunkItems: 5, key: ["rows", 1] });
  const first: number | undefined = list.items[0]?.id;
  const status: PageStatus = list.status;
  // @ts-expect-error items are read-only
  list.items.push({ id: 1 });
  // @ts-expect-error status is one of "loading" | "ready" | "error" | "done"
  const idle: "idle" = list.status;
  // @ts-expect-error key is an array, like a queryKey
  useInfiniteList(fetchRows, { key: "rows" });

  const table = useCursorStack<RowPage, Row>(fetchRows, { preset: "keyset", pageItems: 10, history: "replace", param: "p" });
  const page: number = table.page;
  const last: number = table.visited.last;
  // @ts-expect-error history is "push", "replace" or false
  useCursorStack(fetchRows, { history: "yes" });
  // @ts-expect-error maxItems is the hook's own (pageItems)
  useCursorStack(fetchRows, { maxItems: 3 });

  const options = infinitePageOptions<RowPage, Row>(fetchRows, { preset: "keyset", chunkItems: 20 });
  const param: ChunkParam = options.initialPageParam;
  // @ts-expect-error chunkItems is required
  infinitePageOptions(fetchRows, { preset: "keyset" });
  return [first, status, idle, page, last, param];
}

// Typed tokens and checked paths (issue #17): the hooks and the TanStack helper have the
// signatures of paginate, one per preset.
interface Order {
  id: string;
}
interface OrderPage {
  Items: Order[];
  LastEvaluatedKey?: { pk: string; sk: number };
}
interface Repo {
  id: number;
}
interface Connection {
  data: { repos: { nodes: Repo[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };
}

export function TypedTokens() {
  const orders = useCursorStack<OrderPage, Order>(async (key) => {
    const k: { pk: string; sk: number } | undefined = key;
    return { Items: [], ...(k ? {} : { LastEvaluatedKey: { pk: "a", sk: 1 } }) };
  }, { preset: "dynamodb", pageItems: 25, history: "push" });
  const firstOrder: Order | undefined = orders.items[0];
  // @ts-expect-error: this table's DynamoDB key is { pk, sk }, not a string
  useCursorStack<OrderPage, Order>(async (key: string | undefined) => ({ Items: [], ...(key ? {} : {}) }), { preset: "dynamodb" });
  // @ts-expect-error: "Itmes" is not in the page
  useCursorStack<OrderPage, Order>(async () => ({ Items: [] }), { preset: "dynamodb", items: "Itmes" });

  const repos = useInfiniteList<Repo[], Repo>((url) => fetch(url ?? "/api/repos"), { preset: "link", chunkItems: 30 });
  const firstRepo: Repo | undefined = repos.items[0];
  // @ts-expect-error: the link token is the next URL, a string
  useInfiniteList<Repo[], Repo>((url: number | undefined) => fetch(`/api/repos?page=${url ?? 0}`), { preset: "link" });
  const nodes = useInfiniteList<Connection, Repo>(async (after) => {
    const a: string | undefined = after;
    return { data: { repos: { nodes: [], pageInfo: { hasNextPage: a === undefined, endCursor: "c" } } } };
  }, { preset: "relay", root: "data.repos", chunkItems: 10 });
  // @ts-expect-error: "data.repo" is not in the page
  useInfiniteList<Connection, Repo>(async () => ({}) as Connection, { preset: "relay", root: "data.repo" });

  const query = infinitePageOptions<Connection, Repo>(async () => ({}) as Connection, { preset: "relay", root: "data.repos", chunkItems: 20 });
  const chunkRepos: Promise<Repo[]> = query.queryFn({ pageParam: query.initialPageParam, signal: new AbortController().signal }).then((c) => c.items);
  // @ts-expect-error: under root "data.repos", items are "nodes", not "data.repos.nodes"
  infinitePageOptions<Connection, Repo>(async () => ({}) as Connection, { preset: "relay", root: "data.repos", items: "data.repos.nodes", chunkItems: 20 });
  // @ts-expect-error: maxPages is TanStack's own option, not the helper's
  infinitePageOptions<Connection, Repo>(async () => ({}) as Connection, { preset: "relay", root: "data.repos", chunkItems: 20, maxPages: 3 });
  // No preset: the token is what next names (here a number).
  infinitePageOptions<{ rows: Repo[]; next?: number }, Repo, number>(async (offset) => {
    const o: number | undefined = offset;
    return { rows: [], ...(o === undefined ? { next: 1 } : {}) };
  }, { items: "rows", next: "next", chunkItems: 5 });
  return [firstOrder, firstRepo, nodes.items, chunkRepos];
}
