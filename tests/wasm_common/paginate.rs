//! The paginator at the wasm boundary, in Node and in Chromium: the real `for await` protocol
//! over the exported class, empty pages, a repeated token, and abort.

use js_sys::{Array, Function, Object, Promise, Reflect};
use pagecursor::wasm::paginate::paginate;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

/// A JS function made from source, so the test drives the paginator exactly as JS code does.
fn js_fn(args: &str, body: &str) -> Function {
    Function::new_with_args(args, body)
}

fn options(entries: &[(&str, JsValue)]) -> JsValue {
    let obj = Object::new();
    for (k, v) in entries {
        Reflect::set(&obj, &(*k).into(), v).unwrap();
    }
    obj.into()
}

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &key.into()).unwrap()
}

/// Runs `for await (const x of iterable)` in JS and resolves with the collected values.
async fn for_await(iterable: JsValue) -> Result<Array, JsValue> {
    let run = js_fn(
        "it",
        "return (async () => { const out = []; for await (const x of it) out.push(x); return out; })()",
    );
    let promise: Promise = run.call1(&JsValue::UNDEFINED, &iterable)?.into();
    JsFuture::from(promise).await.map(|v| Array::from(&v))
}

fn keyset_api() -> Function {
    // Pages: [1,2], [], [3], [] — empty and short pages carry a token and must not end the walk.
    js_fn(
        "token, ctx",
        r#"
        const pages = [[1, 2], [], [3], []];
        const i = token === undefined ? 0 : Number(token);
        if (!(ctx.signal instanceof AbortSignal) || ctx.attempt !== 1) throw new Error("bad ctx");
        return Promise.resolve({ items: pages[i], next_cursor: i + 1 < pages.length ? String(i + 1) : undefined });
        "#,
    )
}

#[wasm_bindgen_test]
async fn for_await_walks_pages_and_items_through_empty_pages() {
    let p = paginate(keyset_api().into(), options(&[("preset", "keyset".into())])).unwrap();
    let pages = for_await(JsValue::from(p)).await.unwrap();
    assert_eq!(pages.length(), 4);
    let empty = pages
        .iter()
        .filter(|pg| Array::from(&get(pg, "items")).length() == 0)
        .count();
    assert_eq!(empty, 2);

    let p = paginate(keyset_api().into(), options(&[("preset", "keyset".into())])).unwrap();
    let items = for_await(p.items().into()).await.unwrap();
    assert_eq!(
        items
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect::<Vec<_>>(),
        vec![1.0, 2.0, 3.0]
    );
    assert_eq!(p.stop_reason().as_deref(), Some("end"));
    assert!(p.resume_token().is_none());
    assert_eq!(get(&p.stats(), "emptyPages").as_f64(), Some(2.0));
}

#[wasm_bindgen_test]
async fn a_repeated_token_rejects_with_repeated_token() {
    let fetch = js_fn(
        "token",
        r#"return { items: [token ?? "first"], next: token === "A" ? "B" : "A" };"#,
    );
    let p = paginate(
        fetch.into(),
        options(&[("items", "items".into()), ("next", "next".into())]),
    )
    .unwrap();
    let err = for_await(p.items().into()).await.unwrap_err();
    assert_eq!(get(&err, "name"), "PaginationError");
    assert_eq!(get(&err, "code"), "repeated_token");
    assert_eq!(p.stop_reason().as_deref(), Some("error"));
}

#[wasm_bindgen_test]
async fn abort_before_and_during_a_fetch() {
    let controller = js_fn("", "return new AbortController();")
        .call0(&JsValue::UNDEFINED)
        .unwrap();
    let signal = get(&controller, "signal");
    let abort: Function = get(&controller, "abort").into();
    abort.call0(&controller).unwrap();
    let calls = Object::new();
    let fetch = js_fn(
        "calls",
        "return (t) => { calls.n = (calls.n || 0) + 1; return { items: [] }; };",
    )
    .call1(&JsValue::UNDEFINED, &calls)
    .unwrap();
    let p = paginate(
        fetch,
        options(&[("preset", "keyset".into()), ("signal", signal)]),
    )
    .unwrap();
    let err = for_await(p.into()).await.unwrap_err();
    assert_eq!(get(&err, "code"), "aborted");
    assert!(get(&calls, "n").is_undefined());

    // A fetch that never settles is still abortable, and its ctx.signal is aborted.
    let controller = js_fn("", "return new AbortController();")
        .call0(&JsValue::UNDEFINED)
        .unwrap();
    let seen = Object::new();
    let fetch = js_fn(
        "seen, controller",
        r#"return (token, ctx) => {
            seen.signal = ctx.signal;
            setTimeout(() => controller.abort(), 1);
            return new Promise(() => {});
        };"#,
    )
    .call2(&JsValue::UNDEFINED, &seen, &controller)
    .unwrap();
    let p = paginate(
        fetch,
        options(&[
            ("preset", "keyset".into()),
            ("signal", get(&controller, "signal")),
        ]),
    )
    .unwrap();
    let err = for_await(p.into()).await.unwrap_err();
    assert_eq!(get(&err, "code"), "aborted");
    assert_eq!(get(&get(&seen, "signal"), "aborted"), JsValue::TRUE);
}
