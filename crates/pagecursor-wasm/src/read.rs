//! How the bindings read a JS value they were given: each property once, through `Reflect`,
//! with what a getter or Proxy trap throws as the error, unchanged (F1 in docs/security.md).
//! Shared by the codec, the page models and the client classes (one copy in each module); the
//! readers only the client classes or the page models use are only in the modules with them.

use js_sys::Reflect;
use wasm_bindgen::prelude::*;

#[cfg(any(feature = "client", feature = "page-models"))]
use super::convert::to_value;
use super::errors::range_error;
#[cfg(feature = "client")]
use super::errors::whole_number;
#[cfg(any(feature = "client", feature = "page-models"))]
use pagecursor::value::Value;

/// `obj[key]`, `undefined` when `obj` is not an object. What a getter or Proxy trap throws is
/// the error, unchanged: an option that cannot be read must never be taken for an absent one
/// (F1 in docs/security.md).
pub(crate) fn get(obj: &JsValue, key: &str) -> Result<JsValue, JsValue> {
    if obj.is_object() {
        Reflect::get(obj, &key.into())
    } else {
        Ok(JsValue::UNDEFINED)
    }
}

/// The elements of an array, read with the same care as [`get`] (a Proxy array's `length` or
/// element trap may throw; js_sys `Array::length`/`get` would let that unwind through wasm).
/// `each` is called in order and may stop the walk with an error.
pub(crate) fn for_each_item(
    arr: &JsValue,
    each: &mut dyn FnMut(JsValue) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    for i in 0..items_length(arr)? {
        each(Reflect::get_u32(arr, i)?)?;
    }
    Ok(())
}

/// `items.length` of an array that may be a Proxy whose trap throws (the error, unchanged) or
/// lies: anything but an array length (an integer in [0, 2^32 - 1]) is a `RangeError`, never
/// truncated to one.
fn items_length(items: &JsValue) -> Result<u32, JsValue> {
    array_length_of(&get(items, "length")?)
}

/// An array `length` already read: anything but an integer in [0, 2^32 - 1] is a `RangeError`.
pub(crate) fn array_length_of(length: &JsValue) -> Result<u32, JsValue> {
    match length.as_f64() {
        Some(n) if pagecursor::value::is_whole(n) && (0.0..=4_294_967_295.0).contains(&n) => {
            Ok(n as u32)
        }
        _ => Err(range_error(
            "an array's length must be an integer from 0 to 4294967295",
        )),
    }
}

/// `options.scope`: `None` when `undefined`.
#[cfg(any(feature = "client", feature = "page-models"))]
pub(crate) fn scope_option(options: &JsValue) -> Result<Option<Value>, JsValue> {
    let scope = get(options, "scope")?;
    if scope.is_undefined() {
        Ok(None)
    } else {
        Ok(Some(to_value(&scope).map_err(crate::errors::cursor_error)?))
    }
}

/// A JS count: a whole number in `[1, max]` (see [`whole_number`]). `what` names it in the
/// messages.
#[cfg(feature = "client")]
pub(crate) fn positive_integer(value: &JsValue, what: &str, max: u64) -> Result<u64, JsValue> {
    whole_number(value, what, 1, max)
}

/// An optional count option (`maxDepth`, `chunkItems`, `maxChunks`): `None` when absent or
/// `Infinity`, else as [`positive_integer`], named `options.<key>`.
#[cfg(feature = "client")]
pub(crate) fn count_option(options: &JsValue, key: &str, max: u64) -> Result<Option<u64>, JsValue> {
    let value = get(options, key)?;
    if value.is_undefined() || value.as_f64() == Some(f64::INFINITY) {
        return Ok(None);
    }
    positive_integer(&value, &["options.", key].concat(), max).map(Some)
}
