// Measurement app, no top-level await anywhere: the raw wasm-bindgen glue and an explicit init().
// (Relative paths reach past the exports map; bundlers allow that, users would not do it.)
import initWasm from "../node_modules/pagecursor/pagecursor.js";
import { encodeCursor, decodeCursor } from "../node_modules/pagecursor/api.js";

initWasm().then(() => {
  const readyMs = performance.now();
  window.__result = { ok: decodeCursor(encodeCursor({ a: 1 })).value.a === 1, readyMs };
});
