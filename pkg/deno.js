// Deno: `import source` yields a WebAssembly.Module without any permission flag.
import source wasmModule from "./pagecursor_bg.wasm";
import { initSync } from "./pagecursor.js";

initSync({ module: wasmModule });

export * from "./api.js";
export { ready as init, ready };

async function ready() {}
