//! The one boundary conversion from core errors to the JS error classes.

use crate::prelude::*;
use wasm_bindgen::prelude::*;

use pagecursor::error::{decimal, CursorError};

// `errors.js` holds the error classes of pagecursor. The bindings construct them through its
// factories, so `err instanceof CursorError` holds for every error the package throws. A wrong
// argument (a bad option value, a page number below 1, …) is the caller's bug, not a cursor or
// pagination failure: it stays a TypeError or RangeError (`makeArgumentError`), and like every
// error of the package it carries a stable `code`, "invalid_argument". The factories set `code`,
// `resumeToken` and `cause` as own data properties (`defineProperty`, option bags without a
// prototype): a setter or getter of a polluted `Object.prototype` never runs while an error is
// built. They are `catch` all the same, so that nothing they might throw unwinds through
// WebAssembly frames: such a throw is the error then. (The comments live here: the JS ships as
// written.)
#[wasm_bindgen(module = "/src/errors.js")]
extern "C" {
    #[wasm_bindgen(js_name = "makeCursorError", catch)]
    fn make_cursor_error(code: &str, message: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_name = "makeArgumentError", catch)]
    fn make_argument_error(range: bool, message: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_name = "makePaginationError", catch)]
    fn make_pagination_error(
        code: &str,
        message: &str,
        cause: JsValue,
        resume_token: JsValue,
    ) -> Result<JsValue, JsValue>;
}

/// The JS `CursorError` of a core error. (A function, not `From`: neither type is this crate's.)
// One copy in the module: the option readers convert at many call sites.
#[inline(never)]
pub fn cursor_error(err: CursorError) -> JsValue {
    make_cursor_error(err.code(), &err.message()).unwrap_or_else(|thrown| thrown)
}

/// Builds a JS `PaginationError` with an optional `cause` and `resumeToken`.
pub fn pagination_error(
    code: &str,
    message: &str,
    cause: Option<JsValue>,
    resume_token: Option<String>,
) -> JsValue {
    make_pagination_error(
        code,
        message,
        cause.unwrap_or(JsValue::UNDEFINED),
        resume_token
            .map(JsValue::from)
            .unwrap_or(JsValue::UNDEFINED),
    )
    .unwrap_or_else(|thrown| thrown)
}

/// A JS `TypeError` with `code: "invalid_argument"` (a wrong type of argument or option).
/// Named like `js_sys::TypeError` so the bindings build argument errors the same way.
pub(crate) struct TypeError(JsValue);

impl TypeError {
    /// The error with this message.
    pub(crate) fn new(message: &str) -> TypeError {
        TypeError(make_argument_error(false, message).unwrap_or_else(|thrown| thrown))
    }
}

impl From<TypeError> for JsValue {
    fn from(err: TypeError) -> JsValue {
        err.0
    }
}

/// A JS `RangeError` with `code: "invalid_argument"` (an argument of the right type whose
/// value is out of range).
pub(crate) struct RangeError(JsValue);

impl RangeError {
    /// The error with this message.
    pub(crate) fn new(message: &str) -> RangeError {
        RangeError(make_argument_error(true, message).unwrap_or_else(|thrown| thrown))
    }
}

impl From<RangeError> for JsValue {
    fn from(err: RangeError) -> JsValue {
        err.0
    }
}

/// What a caller gave, as an argument error names it: a number as JS prints it (`-1`, `1.5`,
/// `NaN`, `Infinity`; JS formats it so that Rust's float formatting, about 8 KB gzip of the
/// module, is not linked in), anything else by its type (`string`, `null`, `undefined`).
/// `given` in src/js/options/options.ts writes the same.
fn given(value: &JsValue) -> String {
    if let Some(n) = value.as_f64() {
        js_sys::Number::from(n)
            .to_string_with_radix(10)
            .map(String::from)
            .unwrap_or_default()
    } else if value.is_null() {
        "null".to_owned()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// A `TypeError` with code "invalid_argument": an option or argument of the wrong type or shape
/// (one policy for every export, docs/API.md "Errors"; a value the format cannot carry stays
/// a `CursorError` `unsupported_value`).
pub(crate) fn type_error(why: &str) -> JsValue {
    TypeError::new(why).into()
}

/// A `RangeError` with code "invalid_argument": a number outside what the option accepts.
pub(crate) fn range_error(why: &str) -> JsValue {
    RangeError::new(why).into()
}

/// A whole number in `[min, max]`, the one reader of every whole-number option and argument of
/// the bindings, with the one message of every export (src/js/options/options.ts `whole` writes the same
/// for the JS layer): `<what> must be a whole number from <min> to <max>, got <given>`, a
/// `TypeError` when `value` is not a number, a `RangeError` for any other number (a fraction,
/// `NaN`, `Infinity`, out of range): a number is never rounded or clamped. (Messages are
/// concatenated rather than formatted: `format!` would pull formatting code into the wasm.)
// One copy in the module: every option reader calls it.
#[inline(never)]
pub(crate) fn whole_number(
    value: &JsValue,
    what: &str,
    min: u64,
    max: u64,
) -> Result<u64, JsValue> {
    let number = value.as_f64();
    if let Some(n) = number {
        if pagecursor::value::is_whole(n) && n >= min as f64 && n <= max as f64 {
            return Ok(n as u64);
        }
    }
    let message = [
        what,
        " must be a whole number from ",
        &decimal(min),
        " to ",
        &decimal(max),
        ", got ",
        &given(value),
    ]
    .concat();
    Err(make_argument_error(number.is_some(), &message).unwrap_or_else(|thrown| thrown))
}

/// The `TypeError` of an options bag that is not an object (`what`: `options`, or the path of
/// a nested bag), in the words of src/js/options/options.ts `notAnObject`.
pub(crate) fn not_an_object(value: &JsValue, what: &str) -> JsValue {
    TypeError::new(&[what, " must be an object, got ", &given(value)].concat()).into()
}
