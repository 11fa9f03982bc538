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
// Late code may make it load a larger module and swap it in (loading.ts says when): `ready` is a
// live binding that then waits for the swap.
//
// How a module is loaded: the glue's own steps (fetch, `__wbg_load` instantiates it, streaming
// when the server says application/wasm, and `__wbg_finalize_init` makes the glue call into it),
// exported for this file by scripts/finish-glue.mjs; the glue's `init` does the same once and
// cannot swap. The imports it is given are the glue's for plain cursors and those of the module's
// parts, which loading.ts has from the parts' marks (scripts/split-imports.mjs).
import { __wbg_finalize_init, __wbg_get_imports, __wbg_load } from "./pagecursor.js";
import { loadWith } from "./loading.js";

const url = (module) =>
  module === "full"
    ? new URL("./pagecursor_bg.wasm", import.meta.url)
    : module === "client"
      ? new URL("./pagecursor_client_bg.wasm", import.meta.url)
      : module === "keyed"
        ? new URL("./pagecursor_keyed_bg.wasm", import.meta.url)
        : new URL("./pagecursor_codec_bg.wasm", import.meta.url);

export let ready = loadWith(
  async (module, imports) => {
    const { instance, module: compiled } = await __wbg_load(await fetch(url(module)), __wbg_get_imports(...imports));
    return () => __wbg_finalize_init(instance, compiled);
  },
  (later) => {
    ready = later;
  },
);
/** Idempotent: returns `ready`. */
export const init = () => ready;
