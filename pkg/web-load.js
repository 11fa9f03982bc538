// Browsers and bundlers: fetch one of the four modules next to this file (bundlers see each
// `new URL(…, import.meta.url)` and emit the asset) and compile it while the page goes on. No
// top-level await: importing never holds back a first render or a worker's `onmessage`.
// `ready` resolves once synchronous calls work; asynchronous APIs wait for it themselves.
// Shared by the browser entries (web.js, web-codec.js, web-client.js): a page that imports
// several of them loads one module, once.
//
// Which module: the smallest of the four that has every part the code on the page uses
// (loading.ts says how it is told): plain cursors only (pagecursor_codec_bg.wasm), with signing,
// sealing and the page models (pagecursor_keyed_bg.wasm), with paginate, InfiniteList and
// CursorStack (pagecursor_client_bg.wasm), or everything (pagecursor_bg.wasm). The choice waits
// one microtask: this file runs before the modules that import pagecursor, and the microtask
// runs once every module of the page's graph has. Each URL is written out whole, so that
// bundlers see and emit every module.
import initWasm from "./pagecursor.js";
import { chooseModule, loadWith } from "./loading.js";

export const ready = loadWith(
  Promise.resolve().then(() => {
    const module = chooseModule();
    return initWasm({
      module_or_path: module === "full"
        ? new URL("./pagecursor_bg.wasm", import.meta.url)
        : module === "client"
          ? new URL("./pagecursor_client_bg.wasm", import.meta.url)
          : module === "keyed"
            ? new URL("./pagecursor_keyed_bg.wasm", import.meta.url)
            : new URL("./pagecursor_codec_bg.wasm", import.meta.url),
    });
  }),
);
/** Idempotent: returns `ready`. */
export const init = () => ready;
