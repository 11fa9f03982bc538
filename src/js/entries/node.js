// Node (and Bun): read the module from disk and instantiate synchronously, so that every call
// works straight after import, the entry has no top-level await, and `require("pagecursor")`
// works on Node >= 20.19.
import { readFileSync } from "node:fs";
import { initSync } from "./pagecursor.js";
import { loadedNow } from "./loading.js";

const wasm = initSync({ module: readFileSync(new URL("./pagecursor_server_bg.wasm", import.meta.url)) });

export * from "./exports.js";
export const ready = loadedNow(wasm);
/** Idempotent: returns `ready`. */
export const init = () => ready;
