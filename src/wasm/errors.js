// The error classes (comments: src/wasm/errors.rs).
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

export function makeArgumentError(range, message) {
  const err = range ? new RangeError(message) : new TypeError(message);
  err.code = "invalid_argument";
  return err;
}
