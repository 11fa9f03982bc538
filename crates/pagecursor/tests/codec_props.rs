//! Property tests of the codec: arbitrary values round-trip exactly in every mode, tokens are
//! canonical, single-byte changes of signed and sealed tokens are rejected, and arbitrary
//! input never panics (bug classes 1, 12 and 14 of codecs.md §9).
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use pagecursor::codec::{
    CodecOptions, CursorCodec, DecodeOptions, EncodeOptions, Key, Mode, Segment,
};
use pagecursor::{Direction, Value};
use proptest::prelude::*;

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<f64>().prop_map(Value::Float),
        (-9_007_199_254_740_991i64..=9_007_199_254_740_991).prop_map(|i| Value::Float(i as f64)),
        any::<i64>().prop_map(|i| Value::Int(i.into())),
        any::<u64>().prop_map(|i| Value::Int(i.into())),
        ".*".prop_map(Value::String),
        proptest::collection::vec(any::<u8>(), 0..40).prop_map(Value::Bytes),
        (-8_640_000_000_000_000i64..=8_640_000_000_000_000).prop_map(Value::Date),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::List),
            proptest::collection::btree_map("[a-z_$]{0,6}|.{0,3}", inner, 0..6)
                .prop_map(|m| Value::Map(m.into_iter().rev().collect())),
        ]
    })
}

fn codec(mode: Mode) -> CursorCodec {
    let keys = match mode {
        Mode::Plain => vec![],
        _ => vec![Key::new("k1", b"property secret")],
    };
    CursorCodec::new(CodecOptions {
        keys,
        mode: Some(mode),
        max_length: 1 << 20,
        ..Default::default()
    })
    .unwrap()
}

fn mode() -> impl Strategy<Value = Mode> {
    prop_oneof![Just(Mode::Plain), Just(Mode::Signed), Just(Mode::Sealed)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_values_round_trip_in_every_mode(v in value(), m in mode(), before in any::<bool>(),
                                                 scope in proptest::option::of(value()), seg in 0u32..4) {
        let c = codec(m);
        let opts = EncodeOptions {
            direction: if before { Direction::Before } else { Direction::After },
            scope: scope.clone(),
            segment: (seg > 0).then(|| Segment { segment: seg - 1, total: seg }),
            ..Default::default()
        };
        let token = c.encode(&v, &opts).unwrap();
        let cursor = c.decode(&token, &DecodeOptions { scope, ..Default::default() }).unwrap();
        prop_assert_eq!(&cursor.value, &v);
        prop_assert_eq!(cursor.direction, opts.direction);
        prop_assert_eq!(cursor.segment, opts.segment);
        // Canonical: minting the decoded value again gives the same token (sealed tokens
        // differ only by their random nonce).
        if m != Mode::Sealed {
            prop_assert_eq!(c.encode(&cursor.value, &opts).unwrap(), token);
        }
    }

    #[test]
    fn any_single_byte_change_of_a_signed_or_sealed_token_is_rejected(
        v in value(), sealed in any::<bool>(), pos in any::<prop::sample::Index>(), delta in 1u8..=255) {
        let c = codec(if sealed { Mode::Sealed } else { Mode::Signed });
        let token = c.encode(&v, &EncodeOptions::default()).unwrap();
        let mut raw = URL_SAFE_NO_PAD.decode(&token).unwrap();
        let i = pos.index(raw.len());
        raw[i] = raw[i].wrapping_add(delta);
        let err = c.decode(&URL_SAFE_NO_PAD.encode(&raw), &DecodeOptions::default()).unwrap_err();
        prop_assert!(["bad_signature", "malformed", "unsupported_version", "unknown_key"].contains(&err.code()));
    }

    #[test]
    fn arbitrary_bytes_never_panic_and_accepted_plain_tokens_are_canonical(
        mut raw in proptest::collection::vec(any::<u8>(), 0..80), m in mode(), version_one in any::<bool>()) {
        if version_one && !raw.is_empty() {
            raw[0] = 1;
        }
        let c = codec(m);
        let token = URL_SAFE_NO_PAD.encode(&raw);
        if let Ok(cursor) = c.decode(&token, &DecodeOptions::default()) {
            prop_assert_eq!(m, Mode::Plain);
            let again = c.encode(&cursor.value, &EncodeOptions {
                direction: cursor.direction,
                segment: cursor.segment,
                ..Default::default()
            });
            // Tokens with a time or scope carry more than the value; the rest must re-mint.
            if raw.get(1).is_some_and(|f| f & 0x28 == 0) {
                prop_assert_eq!(again.unwrap(), token);
            }
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(s in ".{0,120}") {
        for m in [Mode::Plain, Mode::Signed, Mode::Sealed] {
            let _ = codec(m).decode(&s, &DecodeOptions::default());
        }
    }

    #[test]
    fn strict_base64url_agrees_with_the_base64_crate(s in "[A-Za-z0-9_=+/ -]{1,40}", raw in proptest::collection::vec(any::<u8>(), 0..60)) {
        // The codec's hand-written base64url refuses exactly what the crate's strict
        // configuration refuses; its encoding is the crate's (plain tokens are version,
        // flags, payload: wrap random bytes as a bytes value to check the text).
        let refused = matches!(
            pagecursor::decode_cursor(&s),
            Err(pagecursor::CursorError::Malformed(ref why)) if why == "not strict base64url"
        );
        prop_assert_eq!(refused, URL_SAFE_NO_PAD.decode(&s).is_err(), "{}", s);
        let token = pagecursor::encode_cursor(&Value::Bytes(raw.clone())).unwrap();
        let mut bytes = vec![1u8, 0];
        let head = if raw.len() < 31 { vec![0x40 | raw.len() as u8] } else { vec![0x5f, raw.len() as u8] };
        bytes.extend(head);
        bytes.extend(&raw);
        prop_assert_eq!(token, URL_SAFE_NO_PAD.encode(&bytes));
    }
}
