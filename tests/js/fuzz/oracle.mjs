// The outcome of a call, as the oracles name it, and the checks shared by every target.
import { USER, describeError } from "./values.mjs";

const CURSOR_CODES = new Set(["malformed", "too_large", "unsupported_version", "bad_signature", "unknown_key",
  "expired", "scope_mismatch", "unsupported_value", "not_ready"]);
const PAGINATION_CODES = new Set(["repeated_token", "aborted", "fetch_failed", "bad_page", "bad_resume_token"]);

/**
 * "ok" is not produced here; an error becomes: "user" (the user's own error, unchanged),
 * "CursorError:<code>", "PaginationError:<code>", "TypeError" / "RangeError" (with
 * `code: "invalid_argument"`), or a name that no oracle accepts: "WebAssembly.RuntimeError",
 * "TypeError(no code)", "Error", a foreign class, a thrown primitive.
 */
export function classify(lib, err) {
  if (err === USER) return "user";
  if (err instanceof lib.CursorError) return CURSOR_CODES.has(err.code) ? `CursorError:${err.code}` : `CursorError(bad code ${err.code})`;
  if (err instanceof lib.PaginationError) {
    return PAGINATION_CODES.has(err.code) ? `PaginationError:${err.code}` : `PaginationError(bad code ${err.code})`;
  }
  if (err instanceof WebAssembly.RuntimeError) return "WebAssembly.RuntimeError";
  if (err instanceof TypeError || err instanceof RangeError) {
    const name = err instanceof TypeError ? "TypeError" : "RangeError";
    return err.code === "invalid_argument" ? name : `${name}(no code)`;
  }
  if (err instanceof Error) return err.constructor === Error ? "Error" : `Error(${err.constructor?.name})`;
  return `thrown ${typeof err}`;
}

/** Every outcome a well-behaved export may have in general (before any stricter oracle). */
export function typed(outcome) {
  return outcome === "ok" || outcome === "user" || /^(CursorError|PaginationError):[a-z_]+$/.test(outcome)
    || outcome === "TypeError" || outcome === "RangeError";
}

/** Runs `call` (sync or async) and names its outcome: ["ok", value] or [name, error]. */
export async function attempt(lib, call) {
  try {
    const value = await call();
    return ["ok", value];
  } catch (err) {
    return [classify(lib, err), err];
  }
}

/** The same for a synchronous call (no microtask turn in between). */
export function attemptSync(lib, call) {
  try {
    return ["ok", call()];
  } catch (err) {
    return [classify(lib, err), err];
  }
}

export { describeError };

/** Finds `needle` (bytes) in `hay` (bytes). */
export function contains(hay, needle) {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** True when any string or byte array inside a decoded value contains `marker` (text). */
export function mentions(value, marker, depth = 0) {
  if (depth > 80) return false;
  if (typeof value === "string") return value.includes(marker);
  if (value === null || typeof value !== "object") return false;
  if (value instanceof Uint8Array) return contains(value, new TextEncoder().encode(marker));
  if (value instanceof Date) return false;
  return Object.keys(value).some((k) => k.includes(marker) || mentions(value[k], marker, depth + 1));
}
