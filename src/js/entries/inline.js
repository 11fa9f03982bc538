// `pagecursor/inline`: the wasm travels inside the JavaScript as base64 and is instantiated
// synchronously, so this entry has no top-level await and needs no .wasm file next to the bundle.
// For output formats without top-level await (esbuild --format=iife, Vite's default worker
// format, old targets). Costs about a third more bytes than the default entry and gives up
// streaming compilation; the default entry ("pagecursor") is better wherever it works.
import { initSync } from "./pagecursor.js";
import { loadedNow } from "./loading.js";
import wasmBase64 from "./pagecursor_bg.wasm.b64.js";

const binary = atob(wasmBase64);
const bytes = new Uint8Array(binary.length);
for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
const wasm = initSync({ module: bytes });

export * from "./exports.js";
export const ready = loadedNow(wasm);
/** Idempotent: returns `ready`. */
export const init = () => ready;
