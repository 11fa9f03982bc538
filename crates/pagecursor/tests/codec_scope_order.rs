//! docs/cursor-format.md §7, step 9: a decode scope that is no value (nesting deeper than 64,
//! an integer beyond 64 bits; a Rust string holds no lone surrogate) is `unsupported_value` at the scope
//! step, after the token was read and authenticated: an earlier step's error wins, and the
//! scope step comes before the time step. tests/js/loud-scope.test.mjs checks the same order
//! through the JS binding (lone surrogate, bigint beyond 64 bits, 65 levels).
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use pagecursor::codec::{CodecOptions, CursorCodec, DecodeOptions, EncodeOptions, Key, Mode};
use pagecursor::Value;

fn deep(levels: usize) -> Value {
    let mut v = Value::Int(1);
    for _ in 0..levels {
        v = Value::List(vec![v]);
    }
    v
}

fn code(codec: &CursorCodec, token: &str, scope: Value, now_ms: Option<i64>) -> &'static str {
    let options = DecodeOptions {
        scope: Some(scope),
        now_ms,
    };
    codec
        .decode(token, &options)
        .map(|_| "ok")
        .unwrap_or_else(|e| e.code())
}

#[test]
fn an_invalid_decode_scope_is_judged_at_the_scope_step() {
    for bad in [deep(65), Value::Int(1 << 64), Value::Int(-(1 << 63) - 1)] {
        judged_at_the_scope_step(&|| bad.clone());
    }
}

fn judged_at_the_scope_step(bad: &dyn Fn() -> Value) {
    let signed = CursorCodec::new(CodecOptions {
        keys: vec![Key::new("k1", b"first secret".as_slice())],
        mode: Some(Mode::Signed),
        ..Default::default()
    })
    .unwrap();
    let plain = CursorCodec::default();
    // 64 levels are a value; 65 are not.
    let ok = plain
        .encode(&Value::Int(7), &EncodeOptions::default())
        .unwrap();
    assert_eq!(code(&plain, &ok, deep(63), None), "scope_mismatch");
    assert_eq!(code(&plain, &ok, bad(), None), "unsupported_value");
    // Steps 1-8 first: length, base64url, version, header, mode and key, tag, payload.
    let long = "A".repeat(5000);
    assert_eq!(code(&plain, &long, bad(), None), "too_large");
    assert_eq!(code(&plain, "not*base64", bad(), None), "malformed");
    assert_eq!(code(&plain, "Ag", bad(), None), "unsupported_version");
    let token = signed
        .encode(&Value::Int(7), &EncodeOptions::default())
        .unwrap();
    assert_eq!(code(&plain, &token, bad(), None), "unknown_key");
    let mut forged = token.clone().into_bytes();
    let last = forged.len() - 1;
    forged[last] = if forged[last] == b'A' { b'B' } else { b'A' };
    let forged = String::from_utf8(forged).unwrap();
    assert_eq!(code(&signed, &forged, bad(), None), "bad_signature");
    assert_eq!(code(&signed, &token, bad(), None), "unsupported_value");
    // A scoped token: the scope step, not scope_mismatch.
    let scoped = signed
        .encode(
            &Value::Int(7),
            &EncodeOptions {
                scope: Some(Value::from("q")),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(code(&signed, &scoped, bad(), None), "unsupported_value");
    // Step 9 before step 10: an expired token with an invalid scope.
    let expiring = signed
        .encode(
            &Value::Int(7),
            &EncodeOptions {
                ttl: Some(1),
                ..Default::default()
            },
        )
        .unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let later = Some(now + 3_600_000);
    assert_eq!(
        code(&signed, &expiring, Value::Null, later),
        "scope_mismatch"
    );
    let unscoped = DecodeOptions {
        scope: None,
        now_ms: later,
    };
    assert_eq!(
        signed.decode(&expiring, &unscoped).unwrap_err().code(),
        "expired"
    );
    assert_eq!(code(&signed, &expiring, bad(), later), "unsupported_value");
}
