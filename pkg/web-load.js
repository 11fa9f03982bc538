// Browsers and bundlers: fetch the module next to this file (bundlers see the
// `new URL(…, import.meta.url)` and emit the asset) and compile it while the page goes on. No
// top-level await: importing never holds back a first render or a worker's `onmessage`.
// `ready` resolves once synchronous calls work; asynchronous APIs wait for it themselves.
// Shared by the browser entries (web.js, web-codec.js, web-client.js): a page that imports
// several of them loads the module once.
import initWasm from "./pagecursor.js";
import { loadWith } from "./loading.js";

export const ready = loadWith(initWasm({ module_or_path: new URL("./pagecursor_bg.wasm", import.meta.url) }));
/** Idempotent: returns `ready`. */
export const init = () => ready;
