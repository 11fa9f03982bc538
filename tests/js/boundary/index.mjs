// The boundary suite (docs/security.md, "Threat model of the JS boundary"): hostile values at
// the seam between JS and WebAssembly, one module per area, shared by the Node test
// (tests/js/boundary.test.mjs) and the Chromium test (tests/browser/boundary.test.mjs) so that
// both engines run exactly the same cases. No Node or DOM API beyond what both have.
//
// Each area module exports:
// - `cases(lib)`: `[name, expected, call]` rows as in ../hostile.mjs (expected: "ok", "user",
//   "CursorError:<code>", "PaginationError:<code>", "TypeError", "RangeError", or a list of
//   them; `call` may be async, and may return a value to check with `check`);
// - `poisons(lib)`: `[name, expected, call]` rows, one per class of input that once poisoned
//   the module (a trap, or a JS exception unwinding through wasm frames). `call` is
//   synchronous or async and must have the expected outcome every time; the runner calls it
//   many times in a row (100,000 in Node) before the module-still-alive check.
import * as codec from "./codec.mjs";
import * as paginate from "./paginate.mjs";
import * as client from "./client.mjs";

export const AREAS = { codec, paginate, client };
