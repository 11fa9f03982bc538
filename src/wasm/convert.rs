//! Conversion between JS values and [`Value`], exact or refused with `unsupported_value`.

use js_sys::{Array, Date, JsString, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::codec::MAX_DEPTH;
use crate::error::CursorError;
use crate::value::Value;

// `peek(v, what)` reads one thing of a caller's object that may be a Proxy (or a revoked one)
// whose traps throw, with intrinsics captured when the module loads (a subclass's or a fake's
// own `getTime`, `length` or `Symbol.toStringTag` is never consulted): 0 `Array.isArray`, 1 the
// prototype, 2 `Object.keys` (`null` when the object has symbol keys), 3 a Date's time (throws
// for anything but a real Date), 4 a copy of a real Uint8Array, 5 `length`, 6 the typed-array
// brand (`undefined` for anything that is not a typed array, Proxies included), else the name
// of the class whose prototype `v` is, from own data properties only (no getter runs).
// Through this `catch` import a throw is an error value; through the js_sys methods it would
// unwind through the wasm frames and leave the calling object borrowed (a `CursorStack` whose
// `record` got a throwing Proxy was unusable afterwards). `put(o, k, v)` sets an own data
// property (also an array element) without running any setter a prototype may carry (a
// polluted `Object.prototype` or `Array.prototype`): plain assignment when no prototype has
// the key, else `defineProperty` with a descriptor that has no prototype either. The comments
// live here: the JS ships as written.
#[wasm_bindgen(
    inline_js = "const O = Object, P = O.prototype, A = Array.prototype, gp = O.getPrototypeOf, od = O.getOwnPropertyDescriptor;
const u = (f) => Function.prototype.call.bind(f), T = gp(Uint8Array.prototype), U8 = Uint8Array, isA = Array.isArray;
const tag = u(od(T, Symbol.toStringTag).get), time = u(Date.prototype.getTime), keys = O.keys, syms = O.getOwnPropertySymbols, def = O.defineProperty;
const name = (p) => { const c = od(p, 'constructor'), n = c && typeof c.value === 'function' && od(c.value, 'name'); return n && typeof n.value === 'string' && n.value || 'object'; };
export const peek = (v, k) =>
  k < 1 ? isA(v) : k < 2 ? gp(v) : k < 3 ? (syms(v).length ? null : keys(v))
  : k < 4 ? time(v) : k < 5 ? new U8(v) : k < 6 ? v.length : k < 7 ? tag(v) : name(v);
export const put = (o, k, v) => {
  const p = gp(o);
  if (gp(p) === (p === A ? P : null) && !(k in p)) o[k] = v;
  else def(o, k, { __proto__: null, value: v, writable: true, enumerable: true, configurable: true });
};"
)]
extern "C" {
    #[wasm_bindgen(catch)]
    fn peek(value: &JsValue, what: u32) -> Result<JsValue, JsValue>;
    fn put(obj: &JsValue, key: &JsValue, value: &JsValue);
}

/// [`peek`], with a throw reported as `unsupported_value`.
fn read(value: &JsValue, what: u32) -> Result<JsValue, CursorError> {
    peek(value, what).map_err(|e| getter_failed(&e))
}

/// `Array.isArray(value)`, where a revoked Proxy's throw is `unsupported_value`.
pub(crate) fn is_array(value: &JsValue) -> Result<bool, CursorError> {
    Ok(read(value, 0)?.is_truthy())
}

fn unsupported(why: impl Into<String>) -> CursorError {
    CursorError::UnsupportedValue(why.into())
}

/// Converts a JS value into a [`Value`]; anything that is not a `CursorValue` is refused.
pub fn to_value(js: &JsValue) -> Result<Value, CursorError> {
    let mut ancestors = Vec::new();
    to_value_inner(js, &mut ancestors, false)
}

/// [`to_value`] for a service token: `undefined` is read as JSON reads it (an object field
/// left out, an array element `null`), as the token would travel on any wire. A token object
/// built with a field set to `undefined` is still a token the paginator can compare and
/// write into a resumeToken.
pub fn token_to_value(js: &JsValue) -> Result<Value, CursorError> {
    let mut ancestors = Vec::new();
    to_value_inner(js, &mut ancestors, true)
}

fn to_value_inner(
    js: &JsValue,
    ancestors: &mut Vec<JsValue>,
    json_undefined: bool,
) -> Result<Value, CursorError> {
    if js.is_null() {
        return Ok(Value::Null);
    }
    if js.is_undefined() {
        return Err(unsupported("undefined is not a cursor value"));
    }
    if let Some(b) = js.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Some(f) = js.as_f64() {
        return Ok(Value::Float(f));
    }
    if js.is_string() {
        let s: &JsString = js.unchecked_ref();
        if !s.is_valid_utf16() {
            return Err(unsupported("string contains a lone surrogate"));
        }
        return Ok(Value::String(String::from(s)));
    }
    if js.is_bigint() {
        // wasm-bindgen's 64-bit conversions check the range exactly (no wrapping).
        if let Ok(n) = i64::try_from(js.clone()) {
            return Ok(Value::Int(n.into()));
        }
        if let Ok(n) = u64::try_from(js.clone()) {
            return Ok(Value::Int(n.into()));
        }
        return Err(unsupported("bigint is outside [-2^63, 2^64-1]"));
    }
    if js.is_symbol() {
        return Err(unsupported("a symbol is not a cursor value"));
    }
    if js.is_function() {
        return Err(unsupported("a function is not a cursor value"));
    }
    if !js.is_object() {
        return Err(unsupported("value of unknown type"));
    }
    let brand = read(js, 6)?;
    if !brand.is_undefined() {
        if brand.as_string().as_deref() != Some("Uint8Array") {
            return Err(unsupported(
                "a typed array other than Uint8Array is not a cursor value",
            ));
        }
        let bytes: Uint8Array = read(js, 4)?.unchecked_into();
        return Ok(Value::Bytes(bytes.to_vec()));
    }
    let array = read(js, 0)?.is_truthy();
    let proto = if array { JsValue::NULL } else { read(js, 1)? };
    let plain =
        array || proto.is_null() || Object::is(&proto, &Object::get_prototype_of(&Object::new()));
    if !plain {
        // A real Date, read with the intrinsic `getTime` (a subclass's override is not asked).
        return match peek(js, 3) {
            Ok(ms) => match ms.as_f64() {
                Some(ms) if ms.is_finite() => Ok(Value::Date(ms as i64)),
                _ => Err(unsupported("invalid Date")),
            },
            Err(_) => Err(unsupported(
                [
                    &read(&proto, 7)
                        .ok()
                        .and_then(|n| n.as_string())
                        .unwrap_or_else(|| "object".into()),
                    " is not a plain object",
                ]
                .concat(),
            )),
        };
    }
    if ancestors.len() >= MAX_DEPTH {
        return Err(unsupported("nesting deeper than 64"));
    }
    if ancestors.iter().any(|a| Object::is(a, js)) {
        return Err(unsupported("cyclic value"));
    }
    ancestors.push(js.clone());
    let result = if array {
        let length = match read(js, 5)?.as_f64() {
            Some(n) if n.fract() == 0.0 && (0.0..=4_294_967_295.0).contains(&n) => n as u32,
            _ => {
                return Err(unsupported(
                    "an array's length must be a whole number in [0, 2^32 - 1]",
                ))
            }
        };
        // A sparse array may claim 2^32 - 1 elements: never reserve by its length.
        let mut items = Vec::with_capacity((length as usize).min(64));
        for i in 0..length {
            let item = Reflect::get_u32(js, i).map_err(|e| getter_failed(&e))?;
            if json_undefined && item.is_undefined() {
                items.push(Value::Null);
                continue;
            }
            items.push(to_value_inner(&item, ancestors, json_undefined)?);
        }
        Ok(Value::List(items))
    } else {
        let obj: &Object = js.unchecked_ref();
        // Symbol-keyed properties cannot be carried; dropping them would change the value.
        let keys = read(js, 2)?;
        if keys.is_null() {
            return Err(unsupported(
                "an object with symbol keys is not a cursor value",
            ));
        }
        let keys: Array = keys.unchecked_into();
        let mut entries = Vec::with_capacity((keys.length() as usize).min(64));
        for key in keys.iter() {
            let item = Reflect::get(obj, &key).map_err(|e| getter_failed(&e))?;
            if json_undefined && item.is_undefined() {
                continue;
            }
            // Keys cross as UTF-16 too: a lone surrogate would silently become U+FFFD.
            let key = match key.dyn_ref::<JsString>() {
                Some(k) if k.is_valid_utf16() => String::from(k),
                _ => return Err(unsupported("map key contains a lone surrogate")),
            };
            entries.push((key, to_value_inner(&item, ancestors, json_undefined)?));
        }
        Ok(Value::Map(entries))
    };
    ancestors.pop();
    result
}

fn getter_failed(err: &JsValue) -> CursorError {
    let msg = Reflect::get(err, &"message".into())
        .ok()
        .and_then(|m| m.as_string());
    unsupported(
        [
            "reading a property threw: ",
            msg.as_deref().unwrap_or("an error"),
        ]
        .concat(),
    )
}

/// Converts a [`Value`] into its JS form: `Int` as `bigint`, `Bytes` as `Uint8Array`,
/// `Date` as `Date`, maps as plain objects with their key order.
pub fn from_value(value: &Value) -> JsValue {
    match value {
        Value::Null => JsValue::NULL,
        Value::Bool(b) => JsValue::from_bool(*b),
        Value::Float(f) => JsValue::from_f64(*f),
        // In range by construction of `Value::Int`; both conversions give a JS bigint.
        Value::Int(i) => match i64::try_from(*i) {
            Ok(n) => JsValue::from(n),
            Err(_) => JsValue::from(*i as u64),
        },
        Value::String(s) => JsValue::from_str(s),
        Value::Bytes(b) => Uint8Array::from(b.as_slice()).into(),
        Value::Date(ms) => Date::new(&JsValue::from_f64(*ms as f64)).into(),
        Value::List(items) => {
            let list = Array::new();
            for (i, item) in items.iter().enumerate() {
                put(&list, &JsValue::from(i as u32), &from_value(item));
            }
            list.into()
        }
        Value::Map(entries) => {
            let obj = Object::new();
            for (k, v) in entries {
                set_own(&obj, k, &from_value(v));
            }
            obj.into()
        }
    }
}

/// Sets an own enumerable data property, also for the key `__proto__`, without running a setter
/// of a (polluted) prototype.
pub fn set_own(obj: &Object, key: &str, value: &JsValue) {
    put(obj, &key.into(), value);
}
