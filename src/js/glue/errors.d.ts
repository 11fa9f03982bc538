// Declarations of pkg/errors.js, which the build writes to re-export the error snippet of the
// bindings (crates/pagecursor-wasm/src/errors.js): hand-written, because the snippet is
// JavaScript and the JS layer is type-checked before any build.
export { CursorError, PaginationError } from "./index.js";
import type { PaginationError } from "./index.js";

/** A `TypeError` (or with `range`, a `RangeError`) with the code `invalid_argument`. */
export function makeArgumentError(range: boolean, message: string): TypeError | RangeError;
/** A `PaginationError` with its `cause` and the walk's `resumeToken`. */
export function makePaginationError(code: string, message: string, cause?: unknown, resumeToken?: string): PaginationError;
