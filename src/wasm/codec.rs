//! JS bindings of the cursor codec: `encodeCursor`, `decodeCursor`.

use js_sys::{Date, Object};
use wasm_bindgen::prelude::*;

use super::convert::{from_value, set_own, to_value};
use crate::codec::{self, Cursor, DecodeOptions, Direction, EncodeOptions};
use crate::error::CursorError;

fn token_arg(token: &JsValue) -> Result<String, CursorError> {
    match token.as_string() {
        Some(s) if !s.is_empty() => Ok(s),
        Some(_) => Err(CursorError::Malformed("empty token".into())),
        None => Err(CursorError::Malformed("a token must be a string".into())),
    }
}

/// Builds the JS `Cursor` object; absent optional fields stay `undefined`.
pub fn cursor_to_js(cursor: &Cursor) -> JsValue {
    let obj = Object::new();
    set_own(&obj, "value", &from_value(&cursor.value));
    set_own(&obj, "direction", &cursor.direction.as_str().into());
    if let Some(ms) = cursor.issued_at {
        set_own(&obj, "issuedAt", &Date::new(&(ms as f64).into()));
    }
    if let Some(ms) = cursor.expires_at {
        set_own(&obj, "expiresAt", &Date::new(&(ms as f64).into()));
    }
    if let Some(id) = &cursor.key_id {
        set_own(&obj, "keyId", &id.into());
    }
    if let Some(seg) = cursor.segment {
        let s = Object::new();
        set_own(&s, "segment", &seg.segment.into());
        set_own(&s, "total", &seg.total.into());
        set_own(&obj, "segment", &s);
    }
    obj.into()
}

/// Mints a plain cursor for `value`.
///
/// ```js
/// const token = encodeCursor({ createdAt: new Date(), id: 42n });
/// ```
#[wasm_bindgen(js_name = "encodeCursor")]
pub fn encode_cursor(value: JsValue, options: JsValue) -> Result<String, JsValue> {
    let _ = options;
    let value = to_value(&value)?;
    let options = EncodeOptions {
        direction: Direction::After,
        ..Default::default()
    };
    Ok(codec::CursorCodec::default().encode(&value, &options)?)
}

/// Decodes a plain cursor.
///
/// ```js
/// const { value, direction } = decodeCursor(token);
/// ```
#[wasm_bindgen(js_name = "decodeCursor")]
pub fn decode_cursor(token: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let _ = options;
    let token = token_arg(&token)?;
    let cursor = codec::CursorCodec::default().decode(&token, &DecodeOptions::default())?;
    Ok(cursor_to_js(&cursor))
}
