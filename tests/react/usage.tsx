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
