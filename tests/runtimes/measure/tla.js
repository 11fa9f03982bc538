// Measurement app, default entry: the package's browser entry initialises with top-level await.
import { encodeCursor, decodeCursor } from "pagecursor";

const readyMs = performance.now();
window.__result = { ok: decodeCursor(encodeCursor({ a: 1 })).value.a === 1, readyMs };
