// Measurement app, the optional `pagecursor/inline` entry: base64 wasm + initSync, no TLA, no asset.
import { encodeCursor, decodeCursor } from "pagecursor/inline";

const readyMs = performance.now();
window.__result = { ok: decodeCursor(encodeCursor({ a: 1 })).value.a === 1, readyMs };
