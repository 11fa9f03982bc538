// Cloudflare Workers (workerd, wrangler, miniflare): the runtime compiles a `.wasm` import into
// a WebAssembly.Module, and global scope may not fetch; instantiated synchronously.
import wasmModule from "./pagecursor_server_bg.wasm";
import { initSync } from "./pagecursor.js";
import { loadedNow } from "./loading.js";

const wasm = initSync({ module: wasmModule });

export * from "./exports.js";
export const ready = loadedNow(wasm);
/** Idempotent: returns `ready`. */
export const init = () => ready;
