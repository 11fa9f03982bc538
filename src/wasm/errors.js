// The error classes of pagecursor. The Rust bindings construct them through the two
// factories below, so `err instanceof CursorError` holds for every error the package throws.

export class CursorError extends Error {
  constructor(code, message, options) {
    super(message, options);
    this.code = code;
  }
}
CursorError.prototype.name = "CursorError";

export class PaginationError extends Error {
  constructor(code, message, options) {
    super(message, options);
    this.code = code;
    this.resumeToken = options && options.resumeToken !== undefined ? options.resumeToken : undefined;
  }
}
PaginationError.prototype.name = "PaginationError";

export function makeCursorError(code, message) {
  return new CursorError(code, message);
}

export function makePaginationError(code, message, cause, resumeToken) {
  const options = { resumeToken };
  if (cause !== undefined) options.cause = cause;
  return new PaginationError(code, message, options);
}

// A wrong argument (a bad option value, a page number below 1, …) is the caller's bug, not a
// cursor or pagination failure: it stays a TypeError or RangeError, and like every error of
// the package it carries a stable `code`, "invalid_argument".
export function makeArgumentError(range, message) {
  const err = range ? new RangeError(message) : new TypeError(message);
  err.code = "invalid_argument";
  return err;
}
