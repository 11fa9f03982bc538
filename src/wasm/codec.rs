//! JS bindings of the cursor codec: `CursorCodec`, `encodeCursor`, `decodeCursor`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use js_sys::{Date, Object, Reflect};
use wasm_bindgen::prelude::*;

use super::convert::{from_value, set_own, to_value};
use crate::codec::{self, CodecOptions, Cursor, DecodeOptions, Direction, EncodeOptions};
use crate::error::CursorError;

thread_local! {
    /// Live codecs by id, so that bindings that receive a `CursorCodec` inside an options
    /// object (the paginator, the cursor stack) can reach its core without unsafe code.
    static CODECS: RefCell<HashMap<u32, Rc<codec::CursorCodec>>> = RefCell::new(HashMap::new());
    static NEXT_ID: RefCell<u32> = const { RefCell::new(1) };
}

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

fn get(obj: &JsValue, key: &str) -> JsValue {
    if obj.is_object() {
        Reflect::get(obj, &key.into()).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// Reads the encode options bag of the JS API.
pub fn encode_options(options: &JsValue) -> Result<EncodeOptions, CursorError> {
    let mut out = EncodeOptions::default();
    match get(options, "direction").as_string().as_deref() {
        None | Some("after") => {}
        Some("before") => out.direction = Direction::Before,
        Some(other) => {
            return Err(CursorError::UnsupportedValue(format!(
                "direction {other:?} is not \"after\" or \"before\""
            )))
        }
    }
    let scope = get(options, "scope");
    if !scope.is_undefined() {
        out.scope = Some(to_value(&scope)?);
    }
    Ok(out)
}

/// Reads the decode options bag of the JS API.
pub fn decode_options(options: &JsValue) -> Result<DecodeOptions, CursorError> {
    let mut out = DecodeOptions::default();
    let scope = get(options, "scope");
    if !scope.is_undefined() {
        out.scope = Some(to_value(&scope)?);
    }
    Ok(out)
}

/// The core codec behind a JS `CursorCodec` passed in an options object.
pub fn codec_from_js(value: &JsValue) -> Result<Rc<codec::CursorCodec>, JsValue> {
    let id = get(value, "__codecId").as_f64().map(|f| f as u32);
    id.and_then(|id| CODECS.with(|c| c.borrow().get(&id).cloned()))
        .ok_or_else(|| {
            JsValue::from(js_sys::TypeError::new(
                "options.codec must be a CursorCodec",
            ))
        })
}

/// Mints and checks cursors.
///
/// ```js
/// const codec = new CursorCodec();
/// const token = codec.encode({ id: 42n });
/// codec.decode(token).value; // { id: 42n }
/// ```
#[wasm_bindgen(js_name = "CursorCodec")]
pub struct JsCursorCodec {
    id: u32,
    inner: Rc<codec::CursorCodec>,
}

#[wasm_bindgen(js_class = "CursorCodec")]
impl JsCursorCodec {
    /// Creates a codec from its options bag.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<JsCursorCodec, JsValue> {
        let mut opts = CodecOptions::default();
        if let Some(max) = get(&options, "maxLength").as_f64() {
            opts.max_length = max as usize;
        }
        let inner = Rc::new(codec::CursorCodec::new(opts));
        let id = NEXT_ID.with(|n| {
            let mut n = n.borrow_mut();
            let id = *n;
            *n = n.wrapping_add(1).max(1);
            id
        });
        CODECS.with(|c| c.borrow_mut().insert(id, inner.clone()));
        Ok(JsCursorCodec { id, inner })
    }

    /// Internal: lets other bindings find this codec's core.
    #[wasm_bindgen(getter, js_name = "__codecId")]
    pub fn codec_id(&self) -> u32 {
        self.id
    }

    /// Mints a token for `value`.
    pub fn encode(&self, value: JsValue, options: JsValue) -> Result<String, JsValue> {
        let value = to_value(&value)?;
        Ok(self.inner.encode(&value, &encode_options(&options)?)?)
    }

    /// Checks and decodes a token.
    pub fn decode(&self, token: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
        let token = token_arg(&token)?;
        Ok(cursor_to_js(
            &self.inner.decode(&token, &decode_options(&options)?)?,
        ))
    }
}

impl Drop for JsCursorCodec {
    fn drop(&mut self) {
        CODECS.with(|c| c.borrow_mut().remove(&self.id));
    }
}

/// Mints a plain cursor for `value`.
///
/// ```js
/// const token = encodeCursor({ createdAt: new Date(), id: 42n });
/// ```
#[wasm_bindgen(js_name = "encodeCursor")]
pub fn encode_cursor(value: JsValue, options: JsValue) -> Result<String, JsValue> {
    let value = to_value(&value)?;
    Ok(codec::CursorCodec::default().encode(&value, &encode_options(&options)?)?)
}

/// Decodes a plain cursor.
///
/// ```js
/// const { value, direction } = decodeCursor(token);
/// ```
#[wasm_bindgen(js_name = "decodeCursor")]
pub fn decode_cursor(token: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let token = token_arg(&token)?;
    let cursor = codec::CursorCodec::default().decode(&token, &decode_options(&options)?)?;
    Ok(cursor_to_js(&cursor))
}
