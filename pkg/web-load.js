// Browsers and bundlers: fetch one of the two modules next to this file (bundlers see each
// `new URL(…, import.meta.url)` and emit the asset) and compile it while the page goes on. No
// top-level await: importing never holds back a first render or a worker's `onmessage`.
// `ready` resolves once synchronous calls work; asynchronous APIs wait for it themselves.
// Shared by the browser entries (web.js, web-codec.js, web-client.js): a page that imports
// several of them loads one module, once.
//
// Which module: the client one (pagecursor_client_bg.wasm: no signing, sealing or page models,
// 14 KB gzip less) unless code that needs the full one has run (loading.ts says how it is told).
// The choice waits one microtask: this file runs before the modules that import pagecursor,
// and the microtask runs once every module of the page's graph has.
import initWasm from "./pagecursor.js";
import { chooseModule, loadWith } from "./loading.js";

export const ready = loadWith(
  Promise.resolve().then(() =>
    initWasm({
      module_or_path: chooseModule() === "full"
        ? new URL("./pagecursor_bg.wasm", import.meta.url)
        : new URL("./pagecursor_client_bg.wasm", import.meta.url),
    }),
  ),
);
/** Idempotent: returns `ready`. */
export const init = () => ready;
