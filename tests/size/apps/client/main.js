// Issue 15's client set: paginate + InfiniteList + CursorStack, each used once.
import { paginate, InfiniteList, CursorStack, ready } from "pagecursor";
import { fetchPage, report, whenReady, SHAPE, PAGE_SIZE } from "../fixtures.js";

report(async (check) => {
  await whenReady(ready);
  const walk = paginate(fetchPage, { ...SHAPE, maxPages: 1 });
  const pages = [];
  for await (const page of walk) pages.push(page);
  check("paginate: one page", pages.length === 1 && pages[0].items.length === PAGE_SIZE, pages.length);
  check("paginate: resumeToken after maxPages", typeof walk.resumeToken === "string" && walk.stopReason === "maxPages", walk.stopReason);

  const list = new InfiniteList(fetchPage, { ...SHAPE, chunkItems: PAGE_SIZE });
  const chunk = await list.loadMore();
  check("InfiniteList: first chunk", chunk.length === PAGE_SIZE && list.items[0].id === 1 && list.hasMore === true, chunk.length);

  const stack = new CursorStack();
  stack.record("10");
  const token = stack.forward();
  check("CursorStack: forward", stack.page === 2 && token === "10", stack.page);
  const restored = CursorStack.from(stack.toString());
  restored.back();
  check("CursorStack: state round trip and back", restored.page === 1 && restored.hasPrevious === false, restored.page);
});
