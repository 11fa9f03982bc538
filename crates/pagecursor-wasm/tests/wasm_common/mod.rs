//! Tests shared by the Node and the Chromium wasm-bindgen-test binaries.

use js_sys::{Array, BigInt, Date, Object, Reflect, Uint8Array};
use pagecursor_wasm::codec::{decode_cursor, encode_cursor};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod stack;

fn code_of(err: &JsValue) -> String {
    Reflect::get(err, &"code".into())
        .unwrap()
        .as_string()
        .unwrap_or_default()
}

fn name_of(err: &JsValue) -> String {
    Reflect::get(err, &"name".into())
        .unwrap()
        .as_string()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
fn plain_round_trip_keeps_types() {
    let obj = Object::new();
    Reflect::set(
        &obj,
        &"createdAt".into(),
        &Date::new(&1_714_566_896_789f64.into()),
    )
    .unwrap();
    Reflect::set(
        &obj,
        &"id".into(),
        &BigInt::from(9_007_199_254_740_993u64).into(),
    )
    .unwrap();
    Reflect::set(&obj, &"n".into(), &JsValue::from_f64(-0.0)).unwrap();
    Reflect::set(
        &obj,
        &"b".into(),
        &Uint8Array::from(&[1u8, 2, 3][..]).into(),
    )
    .unwrap();
    // A JS string: the glue writes the token's base64url in JS.
    let token = encode_cursor(obj.into(), JsValue::UNDEFINED)
        .unwrap()
        .as_string()
        .unwrap();
    assert!(token
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    let cursor = decode_cursor(token.into(), JsValue::UNDEFINED).unwrap();
    let value = Reflect::get(&cursor, &"value".into()).unwrap();
    let keys: Vec<String> = Object::keys(value.unchecked_ref::<Object>())
        .iter()
        .map(|k| k.as_string().unwrap())
        .collect();
    assert_eq!(keys, ["createdAt", "id", "n", "b"]);
    assert!(Reflect::get(&value, &"createdAt".into())
        .unwrap()
        .is_instance_of::<Date>());
    assert!(Reflect::get(&value, &"id".into()).unwrap().is_bigint());
    let n = Reflect::get(&value, &"n".into()).unwrap().as_f64().unwrap();
    assert!(n == 0.0 && n.is_sign_negative());
    assert!(Reflect::get(&value, &"b".into())
        .unwrap()
        .is_instance_of::<Uint8Array>());
    assert_eq!(Reflect::get(&cursor, &"direction".into()).unwrap(), "after");
    assert!(Reflect::get(&cursor, &"keyId".into())
        .unwrap()
        .is_undefined());
}

#[wasm_bindgen_test]
fn bad_tokens_are_cursor_errors_and_the_module_survives() {
    let bad: Vec<JsValue> = vec![
        JsValue::from_str(""),
        JsValue::from_str("AQ=="),
        JsValue::from_str("a+b/"),
        JsValue::from_str("   "),
        JsValue::from_f64(42.0),
        JsValue::NULL,
        JsValue::UNDEFINED,
        Object::new().into(),
        JsValue::from_str(&"A".repeat(100_000)),
    ];
    for i in 0..1000 {
        let input = if i < bad.len() {
            bad[i].clone()
        } else {
            // Deterministic garbage of varied lengths over the whole base64url alphabet.
            let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
            let s: String = (0..(i % 97))
                .map(|j| alphabet[(i * 31 + j * 7) % 64] as char)
                .collect();
            JsValue::from_str(&s)
        };
        if let Err(err) = decode_cursor(input, JsValue::UNDEFINED) {
            assert_eq!(name_of(&err), "CursorError");
            assert!(!code_of(&err).is_empty());
        }
    }
    let token = encode_cursor(Array::of1(&"ok".into()).into(), JsValue::UNDEFINED).unwrap();
    assert!(decode_cursor(token, JsValue::UNDEFINED).is_ok());
}

#[wasm_bindgen_test]
fn values_that_cannot_be_carried_are_refused() {
    let cyclic = Object::new();
    Reflect::set(&cyclic, &"self".into(), &cyclic).unwrap();
    let lone = js_sys::JsString::from_char_code1(0xD800);
    for v in [
        JsValue::UNDEFINED,
        cyclic.into(),
        lone.into(),
        js_sys::Map::new().into(),
    ] {
        let err = encode_cursor(v, JsValue::UNDEFINED).unwrap_err();
        assert_eq!(code_of(&err), "unsupported_value");
    }
}
mod codec;
