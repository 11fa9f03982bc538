//! The crate without its `keyed` feature (the npm package's client module is built so:
//! scripts/build.sh): plain cursors work and read the published plain vectors, a codec with
//! keys is refused with a typed error (bad keys for the reason the full build gives), and a
//! signed or sealed vector is refused, never read as plain.
//! Run: `cargo test --no-default-features --test without_keyed` (scripts/test.sh).
#![cfg(not(feature = "keyed"))]
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use pagecursor::codec::{CodecOptions, CursorCodec, DecodeOptions, EncodeOptions, Key};
use pagecursor::{CursorError, Value};
use serde_json::Value as Json;

fn vectors(file: &str) -> Vec<Json> {
    let path = format!("{}/../../tests/vectors/{file}", env!("CARGO_MANIFEST_DIR"));
    let parsed: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    parsed["vectors"].as_array().unwrap().clone()
}

fn plain() -> CursorCodec {
    CursorCodec::new(CodecOptions::default()).unwrap()
}

#[test]
fn a_codec_with_keys_is_refused_with_unsupported_value() {
    let err = CursorCodec::new(CodecOptions {
        keys: vec![Key::new("k1", b"a secret of 32 random bytes.....")],
        ..Default::default()
    })
    .expect_err("no codec with keys without the keyed feature");
    assert_eq!(err.code(), "unsupported_value");
    assert!(
        err.to_string()
            .contains("signing and sealing are not in this build"),
        "{err}"
    );
    // A key the format refuses is refused for that reason first, as in the full build.
    let err = CursorCodec::new(CodecOptions {
        keys: vec![Key::new("", b"secret")],
        ..Default::default()
    })
    .expect_err("an empty key id");
    assert!(
        err.to_string().contains("must be 1 to 255 bytes long"),
        "{err}"
    );
}

#[test]
fn plain_cursors_round_trip_and_read_the_published_plain_vectors() {
    let codec = plain();
    let value = Value::map([
        ("createdAt", Value::Date(1_714_566_896_789)),
        ("id", Value::Float(7.0)),
    ]);
    let token = codec.encode(&value, &EncodeOptions::default()).unwrap();
    assert_eq!(
        codec
            .decode(&token, &DecodeOptions::default())
            .unwrap()
            .value,
        value
    );
    let mut read = 0;
    for v in vectors("plain.json") {
        // Vectors with a scope are the full suite's business (they need the scope's value).
        if v["decode"].get("scope").is_some() {
            continue;
        }
        let now_ms = v["decode"]["nowMs"]
            .as_str()
            .map(|t| t.parse::<i64>().unwrap());
        let token = v["token"].as_str().unwrap();
        let options = DecodeOptions {
            now_ms,
            ..Default::default()
        };
        let result = codec.decode(token, &options);
        assert!(result.is_ok(), "{}: {result:?}", v["name"]);
        read += 1;
    }
    assert!(read > 0, "no plain vector without a scope");
}

#[test]
fn signed_and_sealed_tokens_are_refused_not_read_as_plain() {
    let codec = plain();
    for file in ["signed.json", "sealed.json"] {
        for v in vectors(file) {
            let Some(token) = v["token"].as_str() else {
                continue;
            };
            let result = codec.decode(token, &DecodeOptions::default());
            assert!(
                matches!(
                    result,
                    Err(CursorError::BadSignature
                        | CursorError::UnknownKey(_)
                        | CursorError::NoKeys { .. }
                        | CursorError::Malformed(_))
                ),
                "{file} {}: {result:?}",
                v["name"]
            );
        }
    }
}
