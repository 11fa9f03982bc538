// The option readers of the JS layer (issue 15: one error policy whatever the export). A
// mistake reads the same whichever export made it, here and in the wasm bindings' readers
// (crates/pagecursor-wasm/src/errors.rs `whole_number` and `not_an_object` write the same words):
//   `<what> must be a whole number from <min> to <max>, got <given>`
//   `<what> must be an object, got <given>`
// where <given> is a number as JS prints it (`-1`, `1.5`, `NaN`, `Infinity`) and anything else
// its type (`string`, `null`, `undefined`). A TypeError when the value is not a number (or not
// an object), a RangeError for any other number (a fraction, NaN, Infinity, out of range), both
// with code "invalid_argument": a number is never rounded, clamped or read as "no bound".
// Which values each option accepts stays its reader's (its range, whether it may be absent).
import { makeArgumentError } from "./errors.js";

// Captured at load: a patched Number.isInteger never decides an option.
const isInteger = Number.isInteger;

const given = (v: unknown): string => (typeof v === "number" ? `${v}` : v === null ? "null" : typeof v);

/** A whole number in [min, max], named `what` in the error. */
export function whole(v: unknown, what: string, min: number, max: number): number {
  if (typeof v === "number" && isInteger(v) && v >= min && v <= max) return v;
  throw makeArgumentError(typeof v === "number", `${what} must be a whole number from ${min} to ${max}, got ${given(v)}`);
}

/** As `whole`, undefined when absent. */
export const optionalWhole = (v: unknown, what: string, min: number, max: number): number | undefined =>
  v === undefined ? undefined : whole(v, what, min, max);

/** The TypeError of an options bag (`what`: "options", "options.retry") that is not an object. */
export const notAnObject = (v: unknown, what: string): Error => makeArgumentError(false, `${what} must be an object, got ${given(v)}`);

/** Throws `notAnObject` for an options bag (absent: `undefined` or `null`) that is no object, which
 * would otherwise read as empty: checked when the bag is given, even where it is read later. */
export function checkBag(options: unknown): void {
  if (options !== undefined && options !== null && typeof options !== "object") throw notAnObject(options, "options");
}
