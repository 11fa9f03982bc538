// Cloudflare Workers (workerd, wrangler, miniflare): the runtime compiles a `.wasm` import into
// a WebAssembly.Module, and global scope may not fetch.
import wasmModule from "./pagecursor_bg.wasm";
import { initSync } from "./pagecursor.js";

initSync({ module: wasmModule });

export * from "./api.js";
export { ready as init, ready };

async function ready() {}
