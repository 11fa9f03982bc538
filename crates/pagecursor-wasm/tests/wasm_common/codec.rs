//! The codec at the JS boundary, in Node and in Chromium: every test vector through the JS
//! `CursorCodec`, and the conversions that only exist there (lone surrogates, bigint range,
//! sparse arrays, a throwing clock).
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use js_sys::{Array, BigInt, Function, Object, Reflect, Uint8Array};
use pagecursor::Value;
use pagecursor_wasm::codec::{decode_cursor, encode_cursor, JsCursorCodec};
use pagecursor_wasm::convert::{from_value, to_value};
use serde_json::Value as Json;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

const VECTORS: &[(&str, &str)] = &[
    (
        "plain",
        include_str!("../../../../tests/vectors/plain.json"),
    ),
    (
        "signed",
        include_str!("../../../../tests/vectors/signed.json"),
    ),
    (
        "sealed",
        include_str!("../../../../tests/vectors/sealed.json"),
    ),
    (
        "rotated",
        include_str!("../../../../tests/vectors/rotated.json"),
    ),
    (
        "expired",
        include_str!("../../../../tests/vectors/expired.json"),
    ),
    (
        "scope",
        include_str!("../../../../tests/vectors/scope.json"),
    ),
    (
        "tampered",
        include_str!("../../../../tests/vectors/tampered.json"),
    ),
    (
        "truncated",
        include_str!("../../../../tests/vectors/truncated.json"),
    ),
    (
        "malformed",
        include_str!("../../../../tests/vectors/malformed.json"),
    ),
    (
        "oversized",
        include_str!("../../../../tests/vectors/oversized.json"),
    ),
];

fn code_of(err: &JsValue) -> String {
    Reflect::get(err, &"code".into())
        .ok()
        .and_then(|c| c.as_string())
        .unwrap_or_default()
}

fn set(obj: &Object, key: &str, value: &JsValue) {
    assert!(Reflect::set(obj, &key.into(), value).unwrap_or(false));
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap_or_default())
        .collect()
}

fn typed(j: &Json) -> Value {
    let s = |k: &str| j[k].as_str().unwrap_or_default();
    match s("t") {
        "null" => Value::Null,
        "bool" => Value::Bool(j["v"].as_bool().unwrap_or_default()),
        "number" => Value::Float(f64::from_bits(
            u64::from_str_radix(s("bits"), 16).unwrap_or_default(),
        )),
        "bigint" => Value::Int(s("v").parse().unwrap_or_default()),
        "string" => Value::String(s("v").to_owned()),
        "bytes" => Value::Bytes(unhex(s("hex"))),
        "date" => Value::Date(s("ms").parse().unwrap_or_default()),
        "list" => Value::List(j["v"].as_array().into_iter().flatten().map(typed).collect()),
        "map" => Value::Map(
            j["v"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| (p[0].as_str().unwrap_or_default().to_owned(), typed(&p[1])))
                .collect(),
        ),
        t => panic!("unknown typed value {t}"),
    }
}

fn codec_from(spec: &Json, now_ms: &str) -> JsCursorCodec {
    let opts = Object::new();
    if let Some(keys) = spec["keys"].as_array() {
        let arr = Array::new();
        for k in keys {
            let key = Object::new();
            set(&key, "id", &k["id"].as_str().unwrap_or_default().into());
            let secret =
                Uint8Array::from(unhex(k["secret_hex"].as_str().unwrap_or_default()).as_slice());
            set(&key, "secret", &secret);
            arr.push(&key);
        }
        set(&opts, "keys", &arr);
    }
    if let Some(mode) = spec["mode"].as_str() {
        set(&opts, "mode", &mode.into());
    }
    for key in ["ttl", "maxLength", "padding"] {
        if let Some(n) = spec[key].as_u64() {
            set(&opts, key, &(n as f64).into());
        }
    }
    set(
        &opts,
        "now",
        &Function::new_no_args(&format!("return {now_ms};")),
    );
    JsCursorCodec::new(opts.into()).unwrap_or_else(|e| panic!("codec: {}", code_of(&e)))
}

#[wasm_bindgen_test]
fn every_vector_decodes_through_the_js_codec() {
    let mut count = 0;
    for (file, text) in VECTORS {
        let doc: Json = serde_json::from_str(text).unwrap_or_default();
        for v in doc["vectors"].as_array().into_iter().flatten() {
            count += 1;
            let name = format!("{file}: {}", v["name"]);
            if let Some(code) = v["expect"]["encodeError"].as_str() {
                let codec = codec_from(&v["codec"], "0");
                let err = codec
                    .encode(from_value(&typed(&v["value"])), JsValue::UNDEFINED)
                    .unwrap_err();
                assert_eq!(code_of(&err), code, "{name}");
                continue;
            }
            let codec = codec_from(&v["codec"], v["decode"]["nowMs"].as_str().unwrap_or("0"));
            let opts = Object::new();
            if v["decode"]["scope"].is_object() {
                set(&opts, "scope", &from_value(&typed(&v["decode"]["scope"])));
            }
            let token = JsValue::from_str(v["token"].as_str().unwrap_or_default());
            match (
                v["expect"]["error"].as_str(),
                codec.decode(token, opts.into()),
            ) {
                (Some(code), Err(e)) => assert_eq!(code_of(&e), code, "{name}"),
                (None, Ok(cursor)) => {
                    let want = &v["expect"]["cursor"];
                    let value = Reflect::get(&cursor, &"value".into()).unwrap_or_default();
                    assert_eq!(to_value(&value), Ok(typed(&want["value"])), "{name}");
                    let direction = Reflect::get(&cursor, &"direction".into()).unwrap_or_default();
                    assert_eq!(
                        direction.as_string().as_deref(),
                        want["direction"].as_str(),
                        "{name}"
                    );
                    let key_id = Reflect::get(&cursor, &"keyId".into()).unwrap_or_default();
                    assert_eq!(
                        key_id.as_string().as_deref(),
                        want["keyId"].as_str(),
                        "{name}"
                    );
                }
                (want, got) => panic!("{name}: wanted {want:?}, got ok={}", got.is_ok()),
            }
        }
    }
    assert!(count > 300, "{count} vectors");
}

#[wasm_bindgen_test]
fn bigint_range_is_checked_exactly_at_the_boundary() {
    let two = BigInt::from(2u32);
    let max = BigInt::from(u64::MAX);
    let min = BigInt::from(i64::MIN);
    for ok in [&max, &min] {
        let t = encode_cursor(ok.clone().into(), JsValue::UNDEFINED).unwrap_or_default();
        let c = decode_cursor(t, JsValue::UNDEFINED).unwrap_or_default();
        let back = Reflect::get(&c, &"value".into()).unwrap_or_default();
        assert_eq!(BigInt::from(back), ok.clone());
    }
    for bad in [
        &max + &BigInt::from(1u32),
        &min - &BigInt::from(1u32),
        two.pow(&BigInt::from(100u32)),
    ] {
        let err = encode_cursor(bad.into(), JsValue::UNDEFINED).unwrap_err();
        assert_eq!(code_of(&err), "unsupported_value");
    }
}

#[wasm_bindgen_test]
fn lone_surrogates_in_values_keys_and_secrets_are_refused() {
    let lone = js_sys::JsString::from_char_code1(0xDC00);
    let keyed = Object::new();
    set(&keyed, &String::from("k"), &JsValue::NULL);
    assert!(Reflect::set(&keyed, &lone.clone().into(), &JsValue::NULL).unwrap_or(false));
    for v in [lone.clone().into(), keyed.into(), Array::of1(&lone).into()] {
        let err = encode_cursor(v, JsValue::UNDEFINED).unwrap_err();
        assert_eq!(code_of(&err), "unsupported_value");
    }
    let key = Object::new();
    set(&key, "id", &"k".into());
    set(&key, "secret", &lone);
    let opts = Object::new();
    set(&opts, "keys", &Array::of1(&key));
    let err = JsCursorCodec::new(opts.into()).err().unwrap_or_default();
    assert_eq!(code_of(&err), "unsupported_value");
}

#[wasm_bindgen_test]
fn a_huge_sparse_array_is_refused_without_allocating() {
    let sparse = Array::new_with_length(u32::MAX);
    let err = encode_cursor(sparse.into(), JsValue::UNDEFINED).unwrap_err();
    assert_eq!(code_of(&err), "unsupported_value");
}

#[wasm_bindgen_test]
fn a_long_string_is_too_large_before_it_is_copied() {
    let long = JsValue::from_str(&"A".repeat(5000));
    assert_eq!(
        code_of(&decode_cursor(long, JsValue::UNDEFINED).unwrap_err()),
        "too_large"
    );
}

#[wasm_bindgen_test]
fn a_throwing_clock_reaches_the_caller_as_thrown() {
    let opts = Object::new();
    set(&opts, "ttl", &10.into());
    set(
        &opts,
        "now",
        &Function::new_no_args("throw new RangeError('clock')"),
    );
    let codec = JsCursorCodec::new(opts.into()).unwrap_or_else(|_| panic!("codec"));
    let err = codec.encode(JsValue::NULL, JsValue::UNDEFINED).unwrap_err();
    assert!(err.is_instance_of::<js_sys::RangeError>());
}

#[wasm_bindgen_test]
fn codecs_handed_to_other_bindings_keep_their_clock() {
    let opts = Object::new();
    set(&opts, "ttl", &10.into());
    set(&opts, "now", &Function::new_no_args("return 5000"));
    let js = JsCursorCodec::new(opts.into()).unwrap_or_else(|_| panic!("codec"));
    // What a walk, stack or list given this codec holds (src/js/codec/codec.ts hands over the wasm
    // object itself).
    let core = js.core();
    let token = core
        .encode(&Value::Null, &Default::default())
        .unwrap_or_default();
    let cursor = core
        .decode(&token, &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cursor.issued_at, Some(5000));
}
