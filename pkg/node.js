// Node (and Bun): read the module from disk and instantiate synchronously, so that the
// entry has no top-level await and `require("pagecursor")` works on Node >= 20.19.
import { readFileSync } from "node:fs";
import { initSync } from "./pagecursor.js";

initSync({ module: readFileSync(new URL("./pagecursor_bg.wasm", import.meta.url)) });

export * from "./api.js";
export { ready as init, ready };

async function ready() {}
