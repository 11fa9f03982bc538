// Browsers and bundlers: fetch the module next to this file (bundlers see the
// `new URL(…, import.meta.url)` and emit the asset) and instantiate before any export is used.
import initWasm from "./pagecursor.js";

await initWasm({ module_or_path: new URL("./pagecursor_bg.wasm", import.meta.url) });

export * from "./api.js";
export { ready as init, ready };

async function ready() {}
