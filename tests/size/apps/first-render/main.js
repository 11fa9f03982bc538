// First-render app with pagecursor: imported at the top, as apps do, but used only by the feed
// view, which is not shown at first.
import { InfiniteList } from "pagecursor";
import { start } from "./views.js";
import { SHAPE, PAGE_SIZE } from "../fixtures.js";

start((fetchPage) => new InfiniteList(fetchPage, { ...SHAPE, chunkItems: PAGE_SIZE }).loadMore());
