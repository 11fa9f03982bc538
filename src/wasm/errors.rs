//! The one boundary conversion from core errors to the JS error classes.

use wasm_bindgen::prelude::*;

use crate::error::CursorError;

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
#[wasm_bindgen(module = "/src/wasm/errors.js")]
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

impl From<CursorError> for JsValue {
    // One copy in the module: the option readers convert at many call sites.
    #[inline(never)]
    fn from(err: CursorError) -> JsValue {
        make_cursor_error(err.code(), &err.message()).unwrap_or_else(|thrown| thrown)
    }
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
