//! Boundary behaviour of `CursorStack` and the page models: JS values in and out, error
//! classes and codes, in Node and in Chromium.

use js_sys::{Array, Date, Object, Reflect};
use pagecursor_wasm::codec::JsCursorCodec;
use pagecursor_wasm::page::{offset_page, paginate_keyset, paginate_offset};
use pagecursor_wasm::stack::JsCursorStack;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// The plain codec the JS layer hands the bindings when `options.codec` is absent.
fn plain() -> JsCursorCodec {
    JsCursorCodec::new(JsValue::UNDEFINED).unwrap()
}

fn prop(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &key.into()).unwrap()
}

fn obj(entries: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in entries {
        Reflect::set(&o, &(*k).into(), v).unwrap();
    }
    o.into()
}

fn error_kind(err: &JsValue) -> (String, String) {
    let name = prop(err, "name").as_string().unwrap_or_default();
    let code = Reflect::get(err, &"code".into())
        .ok()
        .and_then(|c| c.as_string())
        .unwrap_or_default();
    (name, code)
}

#[wasm_bindgen_test]
fn stack_round_trips_object_tokens_and_restores() {
    let lek = obj(&[
        ("pk", "user#1".into()),
        ("at", Date::new(&5.0.into()).into()),
    ]);
    let s = JsCursorStack::new(obj(&[("maxDepth", 3.0.into())]), &plain()).unwrap();
    assert!(s.current().is_undefined());
    let t = s.forward(lek).unwrap();
    assert_eq!(prop(&t, "pk"), "user#1");
    assert!(prop(&t, "at").is_instance_of::<Date>());
    s.forward("b".into()).unwrap();
    s.record(JsValue::NULL).unwrap();
    assert!(!s.has_next());
    let err = s.forward(JsValue::UNDEFINED).unwrap_err();
    assert_eq!(
        error_kind(&err),
        ("PaginationError".into(), "bad_page".into())
    );
    assert!(s.back().unwrap().is_object());
    let state = s.to_js_string().unwrap();
    let r = JsCursorStack::from(state.into(), JsValue::UNDEFINED, &plain()).unwrap();
    assert_eq!(r.page(), 2.0);
    assert!(r.has_next() && r.has_previous());
    assert_eq!(r.max_depth(), Some(3.0));
}

#[wasm_bindgen_test]
fn stack_errors_have_their_classes() {
    let s = JsCursorStack::new(JsValue::UNDEFINED, &plain()).unwrap();
    let err = s.go_to(2.0.into()).unwrap_err();
    assert_eq!(error_kind(&err).1, "bad_page");
    assert!(s
        .go_to(0.5.into())
        .unwrap_err()
        .is_instance_of::<js_sys::RangeError>());
    assert!(s
        .go_to("1".into())
        .unwrap_err()
        .is_instance_of::<js_sys::TypeError>());
    let f = js_sys::Function::new_no_args("return 1");
    let err = s.record(f.into()).unwrap_err();
    assert_eq!(
        error_kind(&err),
        ("CursorError".into(), "unsupported_value".into())
    );
    for bad in [JsValue::from(7), "".into(), "AAAA".into(), JsValue::NULL] {
        let err = JsCursorStack::from(bad, JsValue::UNDEFINED, &plain())
            .err()
            .unwrap();
        assert_eq!(error_kind(&err).0, "CursorError");
    }
    let err = JsCursorStack::new(obj(&[("maxDepth", 0.into())]), &plain())
        .err()
        .unwrap();
    assert!(err.is_instance_of::<js_sys::RangeError>());
}

#[wasm_bindgen_test]
fn offset_models_use_js_numbers() {
    let opts = obj(&[
        ("total", 9_007_199_254_740_991.0.into()),
        ("page", 4_000_000_000.0.into()),
        ("limit", 1000.0.into()),
    ]);
    let meta = offset_page(opts).unwrap();
    assert_eq!(prop(&meta, "offset").as_f64(), Some(3_999_999_999_000.0));
    assert_eq!(prop(&meta, "hasNext"), JsValue::TRUE);
    let bad = offset_page(obj(&[
        ("total", 1.into()),
        ("page", f64::NAN.into()),
        ("limit", 1.into()),
    ]))
    .unwrap_err();
    assert!(bad.is_instance_of::<js_sys::RangeError>());
    let items: Array = (0..5).map(JsValue::from).collect();
    let page = paginate_offset(
        items.into(),
        obj(&[("page", 3.into()), ("limit", 2.into())]),
    )
    .unwrap();
    let got: Array = prop(&page, "items").unchecked_into();
    assert_eq!(got.length(), 1);
    assert_eq!(got.get(0), 4);
}

#[wasm_bindgen_test]
fn keyset_pages_and_cursor_errors() {
    let items: Array = [3, 1, 2]
        .iter()
        .map(|&i| obj(&[("id", i.into())]))
        .collect();
    let keys: Array = [JsValue::from("id")].into_iter().collect();
    let p1 = paginate_keyset(
        items.clone().into(),
        obj(&[("keys", keys.clone().into()), ("limit", 2.into())]),
        &plain(),
    )
    .unwrap();
    let first: Array = prop(&p1, "items").unchecked_into();
    assert_eq!(prop(&first.get(0), "id"), 1);
    assert_eq!(prop(&first.get(1), "id"), 2);
    assert!(prop(&p1, "previousCursor").is_undefined());
    let p2 = paginate_keyset(
        items.clone().into(),
        obj(&[
            ("keys", keys.clone().into()),
            ("limit", 2.into()),
            ("after", prop(&p1, "nextCursor")),
        ]),
        &plain(),
    )
    .unwrap();
    let second: Array = prop(&p2, "items").unchecked_into();
    assert_eq!(second.length(), 1);
    assert_eq!(prop(&second.get(0), "id"), 3);
    assert_eq!(prop(&p2, "hasNext"), JsValue::FALSE);
    let err = paginate_keyset(
        items.into(),
        obj(&[
            ("keys", keys.into()),
            ("limit", 2.into()),
            ("before", "not a cursor".into()),
        ]),
        &plain(),
    )
    .unwrap_err();
    assert_eq!(error_kind(&err).0, "CursorError");
}

// The InfiniteList test moved to tests/js/paginate-driver.mjs (Node and Chromium): the list
// loads through the paginator's JS driver, which a wasm-bindgen test binary does not load.
