// First-render app with pagecursor kept out of the first chunk (docs/recipes.md, "Keep
// pagecursor out of the first chunk", which shows this file): the entry preloads the wasm
// module the feed's code will load, so that its download starts with the first view, and the
// feed imports pagecursor with import() when it opens. The first view then waits for neither
// pagecursor's JS nor its wasm.
// `?url`: Vite gives the emitted file's URL, the one the package's loader fetches.
import clientWasm from "pagecursor/pagecursor_client_bg.wasm?url";
import { start } from "../first-render/views.js";
import { SHAPE, PAGE_SIZE } from "../fixtures.js";

// `as="fetch"` with `crossorigin`: the request the package's loader makes (fetch(url), CORS mode,
// same-origin credentials) then finds the preloaded response.
const preload = document.createElement("link");
preload.rel = "preload";
preload.as = "fetch";
preload.type = "application/wasm";
preload.crossOrigin = "anonymous";
preload.href = clientWasm;
document.head.append(preload);

// The feed view (start() opens it later): pagecursor's JS comes in a chunk of its own.
start(async (fetchPage) => {
  const { InfiniteList } = await import("pagecursor");
  return new InfiniteList(fetchPage, { ...SHAPE, chunkItems: PAGE_SIZE }).loadMore();
});
