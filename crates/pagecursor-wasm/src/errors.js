// The error classes (comments: src/errors.rs).
const def = Object.defineProperty;
const own = (o, k, value) => def(o, k, { __proto__: null, value, writable: true, enumerable: true, configurable: true });

export class CursorError extends Error {
  constructor(code, message, options) {
    super(message, options);
    own(this, "code", code);
  }
}
CursorError.prototype.name = "CursorError";

export class PaginationError extends Error {
  constructor(code, message, options) {
    super(message, options);
    own(this, "code", code);
    own(this, "resumeToken", options && options.resumeToken !== undefined ? options.resumeToken : undefined);
  }
}
PaginationError.prototype.name = "PaginationError";

export function makeCursorError(code, message) {
  return new CursorError(code, message);
}

export function makePaginationError(code, message, cause, resumeToken) {
  return new PaginationError(code, message, cause !== undefined ? { __proto__: null, cause, resumeToken } : { __proto__: null, resumeToken });
}

export function makeArgumentError(range, message) {
  const err = range ? new RangeError(message) : new TypeError(message);
  own(err, "code", "invalid_argument");
  return err;
}
