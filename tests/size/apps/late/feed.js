// The feed route: paginate, InfiniteList and CursorStack, in a chunk of its own.
import { paginate, InfiniteList, CursorStack, ready } from "pagecursor";
import { fetchPage, SHAPE, PAGE_SIZE } from "../fixtures.js";

export async function showFeed(check) {
  // Made before anything was awaited: constructors never throw not_ready.
  const list = new InfiniteList(fetchPage, { ...SHAPE, chunkItems: PAGE_SIZE });
  const stack = new CursorStack();
  const chunk = await list.loadMore();
  check("InfiniteList in a late chunk: first chunk", chunk.length === PAGE_SIZE && list.items[0].id === 1, chunk.length);
  const all = await paginate(fetchPage, SHAPE).toArray();
  check("paginate in a late chunk: every page", all.flatMap((page) => page.items).length === 25, all.length);
  // The entry's `ready` (a live binding) now waits for the module with the client classes, so
  // synchronous calls work after it.
  await ready;
  stack.record("10");
  const restored = CursorStack.from(stack.toString());
  check("CursorStack in a late chunk, after ready", stack.forward() === "10" && restored.hasNext === true, stack.page);
}
