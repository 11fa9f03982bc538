//! The one boundary conversion from core errors to the JS error classes.

use wasm_bindgen::prelude::*;

use crate::error::CursorError;

#[wasm_bindgen(module = "/src/wasm/errors.js")]
extern "C" {
    #[wasm_bindgen(js_name = "makeCursorError")]
    fn make_cursor_error(code: &str, message: &str) -> JsValue;
    #[wasm_bindgen(js_name = "makePaginationError")]
    fn make_pagination_error(
        code: &str,
        message: &str,
        cause: JsValue,
        resume_token: JsValue,
    ) -> JsValue;
}

impl From<CursorError> for JsValue {
    fn from(err: CursorError) -> JsValue {
        make_cursor_error(err.code(), &err.to_string())
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
}
