// Deno: `import source` yields a WebAssembly.Module without any permission flag; instantiated
// synchronously.
import source wasmModule from "./pagecursor_server_bg.wasm";
import { initSync } from "./pagecursor.js";
import { loadedNow } from "./loading.js";

const wasm = initSync({ module: wasmModule });

export * from "./exports.js";
export const ready = loadedNow(wasm);
/** Idempotent: returns `ready`. */
export const init = () => ready;
