//! The codec's contract, natively. Tests named `bug_NN_*` cover the cursor bug classes of
//! the research notes (codecs.md §9), one or more per applicable class.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use pagecursor::codec::{
    CodecOptions, CursorCodec, DecodeOptions, EncodeOptions, Key, Mode, Segment,
};
use pagecursor::{decode_cursor, encode_cursor, CursorError, Direction, Value};

const T0: i64 = 1_714_566_896_789;

fn keyset() -> Value {
    Value::map([
        ("createdAt", Value::Date(T0)),
        ("id", Value::Float(123_456_789.0)),
    ])
}

fn codec(mode: Mode, keys: &[(&str, &str)]) -> CursorCodec {
    CursorCodec::new(CodecOptions {
        keys: keys
            .iter()
            .map(|(id, s)| Key::new(*id, s.as_bytes()))
            .collect(),
        mode: Some(mode),
        ..Default::default()
    })
    .unwrap()
}

fn signed() -> CursorCodec {
    codec(
        Mode::Signed,
        &[("k1", "first secret"), ("k0", "older secret")],
    )
}

fn sealed() -> CursorCodec {
    codec(
        Mode::Sealed,
        &[("k1", "first secret"), ("k0", "older secret")],
    )
}

fn enc(c: &CursorCodec, v: &Value) -> String {
    c.encode(v, &EncodeOptions::default()).unwrap()
}

fn dec(c: &CursorCodec, t: &str) -> Result<pagecursor::Cursor, CursorError> {
    c.decode(t, &DecodeOptions::default())
}

fn all_modes() -> Vec<CursorCodec> {
    vec![CursorCodec::default(), signed(), sealed()]
}

/// Replaces the character at `i` by another character of the alphabet.
fn change_char(token: &str, i: usize, to: u8) -> String {
    let mut b = token.as_bytes().to_vec();
    b[i] = to;
    String::from_utf8(b).unwrap()
}

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

#[test]
fn keyset_example_sizes_meet_the_goal() {
    let v = keyset();
    let signed_len = enc(&codec(Mode::Signed, &[("k1", "s")]), &v).len();
    assert!(
        signed_len <= 64,
        "signed keyset cursor is {signed_len} chars"
    );
    let bigint = Value::map([
        ("createdAt", Value::Date(T0)),
        ("id", Value::Int(123_456_789)),
    ]);
    assert!(enc(&codec(Mode::Signed, &[("k1", "s")]), &bigint).len() <= 64);
    assert!(encode_cursor(&v).unwrap().len() < signed_len);
}

#[test]
fn every_value_kind_round_trips_in_every_mode() {
    let v = Value::List(vec![
        Value::Null,
        Value::Bool(true),
        Value::Bool(false),
        Value::Float(-0.0),
        Value::Float(f64::NAN),
        Value::Float(f64::INFINITY),
        Value::Float(f64::NEG_INFINITY),
        Value::Float(9_007_199_254_740_993.0),
        Value::Float(1e300),
        Value::Float(5e-324),
        Value::Int(0),
        Value::Int(i64::MIN.into()),
        Value::Int(u64::MAX.into()),
        Value::from("Zoë Ångström 🦀 \u{0}"),
        Value::Bytes(vec![0, 255, 1]),
        Value::Date(-1),
        Value::map([
            ("z", Value::Null),
            ("a", Value::Int(1)),
            ("", Value::from("")),
        ]),
    ]);
    for c in all_modes() {
        let cursor = dec(&c, &enc(&c, &v)).unwrap();
        assert_eq!(cursor.value, v);
        assert_eq!(cursor.direction, Direction::After);
    }
}

#[test]
fn number_and_bigint_stay_distinct() {
    for (a, b) in [
        (Value::Float(1.0), Value::Int(1)),
        (Value::Float(0.0), Value::Float(-0.0)),
        (Value::Date(5), Value::Int(5)),
        (Value::from("a"), Value::Bytes(b"a".to_vec())),
    ] {
        let ta = encode_cursor(&a).unwrap();
        let tb = encode_cursor(&b).unwrap();
        assert_ne!(ta, tb);
        assert_eq!(decode_cursor(&ta).unwrap().value, a);
        assert_eq!(decode_cursor(&tb).unwrap().value, b);
    }
}

#[test]
fn dynamodb_attribute_values_round_trip_exactly() {
    let lek = Value::map([
        ("pk", Value::map([("S", Value::from("USER#123"))])),
        (
            "sk",
            Value::map([("S", Value::from("ORDER#2024-05-01#0001"))]),
        ),
        ("n", Value::map([("N", Value::from("12.5000"))])),
        ("b", Value::map([("B", Value::Bytes(vec![0, 1, 2, 255]))])),
    ]);
    for c in all_modes() {
        assert_eq!(dec(&c, &enc(&c, &lek)).unwrap().value, lek);
    }
}

#[test]
fn direction_and_segment_round_trip() {
    for c in all_modes() {
        let opts = EncodeOptions {
            direction: Direction::Before,
            segment: Some(Segment {
                segment: 3,
                total: 8,
            }),
            ..Default::default()
        };
        let cursor = dec(&c, &c.encode(&Value::Null, &opts).unwrap()).unwrap();
        assert_eq!(cursor.direction, Direction::Before);
        assert_eq!(
            cursor.segment,
            Some(Segment {
                segment: 3,
                total: 8
            })
        );
    }
    let bad = EncodeOptions {
        segment: Some(Segment {
            segment: 2,
            total: 2,
        }),
        ..Default::default()
    };
    let err = CursorCodec::default()
        .encode(&Value::Null, &bad)
        .unwrap_err();
    assert_eq!(err.code(), "unsupported_value");
}

#[test]
fn construction_errors_have_codes() {
    let sealed_without_keys = CursorCodec::new(CodecOptions {
        mode: Some(Mode::Sealed),
        ..Default::default()
    });
    assert_eq!(sealed_without_keys.unwrap_err().code(), "unknown_key");
    let plain_with_keys = CursorCodec::new(CodecOptions {
        mode: Some(Mode::Plain),
        keys: vec![Key::new("a", "s")],
        ..Default::default()
    });
    assert_eq!(plain_with_keys.unwrap_err().code(), "unsupported_value");
    for keys in [
        vec![Key::new("a", "s"), Key::new("a", "t")],
        vec![Key::new("", "s")],
        vec![Key::new("a", "")],
        vec![Key::new("x".repeat(256), "s")],
    ] {
        let r = CursorCodec::new(CodecOptions {
            keys,
            ..Default::default()
        });
        assert_eq!(r.unwrap_err().code(), "unsupported_value");
    }
    let with_keys = CursorCodec::new(CodecOptions {
        keys: vec![Key::new("a", "s")],
        ..Default::default()
    })
    .unwrap();
    assert_eq!(with_keys.mode(), Mode::Signed);
    assert_eq!(CursorCodec::default().mode(), Mode::Plain);
}

#[test]
fn rotation_first_key_mints_all_keys_verify() {
    let old = codec(Mode::Signed, &[("k0", "older secret")]);
    let token = enc(&old, &keyset());
    let rotated = signed();
    let cursor = dec(&rotated, &token).unwrap();
    assert_eq!(cursor.key_id.as_deref(), Some("k0"));
    assert_eq!(
        dec(&rotated, &enc(&rotated, &keyset()))
            .unwrap()
            .key_id
            .as_deref(),
        Some("k1")
    );
    // Once the old key is retired its tokens are unknown_key.
    let retired = codec(Mode::Signed, &[("k1", "first secret")]);
    assert_eq!(dec(&retired, &token).unwrap_err().code(), "unknown_key");
}

#[test]
fn bug_01_tampering_any_single_character_of_signed_and_sealed_tokens_is_rejected() {
    let allowed = [
        "bad_signature",
        "malformed",
        "unsupported_version",
        "unknown_key",
    ];
    for c in [signed(), sealed()] {
        let opts = EncodeOptions {
            scope: Some(Value::from("tenant")),
            ttl: Some(3600),
            now_ms: Some(T0),
            segment: Some(Segment {
                segment: 1,
                total: 4,
            }),
            ..Default::default()
        };
        let token = c.encode(&keyset(), &opts).unwrap();
        let dopts = DecodeOptions {
            scope: Some(Value::from("tenant")),
            now_ms: Some(T0),
        };
        assert!(c.decode(&token, &dopts).is_ok());
        for i in 0..token.len() {
            for &ch in ALPHABET {
                if ch == token.as_bytes()[i] {
                    continue;
                }
                let err = c.decode(&change_char(&token, i, ch), &dopts).unwrap_err();
                assert!(allowed.contains(&err.code()), "pos {i} -> {}", err.code());
            }
        }
    }
}

#[test]
fn bug_01_any_single_byte_change_and_truncation_of_the_raw_token_is_rejected() {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    for c in [signed(), sealed()] {
        let token = enc(&c, &keyset());
        let raw = URL_SAFE_NO_PAD.decode(&token).unwrap();
        for i in 0..raw.len() {
            for bit in 0..8 {
                let mut b = raw.clone();
                b[i] ^= 1 << bit;
                assert!(
                    dec(&c, &URL_SAFE_NO_PAD.encode(&b)).is_err(),
                    "byte {i} bit {bit}"
                );
            }
        }
        for n in 0..raw.len() {
            assert!(
                dec(&c, &URL_SAFE_NO_PAD.encode(&raw[..n])).is_err(),
                "truncated to {n}"
            );
        }
        let mut longer = raw.clone();
        longer.push(0);
        assert!(dec(&c, &URL_SAFE_NO_PAD.encode(&longer)).is_err());
    }
}

#[test]
fn bug_01_no_downgrade_a_plain_token_is_rejected_by_a_keyed_codec() {
    let plain = encode_cursor(&keyset()).unwrap();
    for c in [signed(), sealed()] {
        assert_eq!(dec(&c, &plain).unwrap_err().code(), "bad_signature");
    }
}

#[test]
fn bug_02_injection_strings_round_trip_as_data() {
    for s in [
        "' OR 1=1--",
        "a'::uuid OR true--",
        "\0",
        "\"}]",
        "%00",
        "../../etc/passwd",
        "<script>",
    ] {
        let v = Value::map([("id", Value::from(s))]);
        assert_eq!(decode_cursor(&encode_cursor(&v).unwrap()).unwrap().value, v);
    }
}

fn scoped(scope: Option<Value>) -> EncodeOptions {
    EncodeOptions {
        scope,
        ..Default::default()
    }
}

fn dscope(scope: Option<Value>) -> DecodeOptions {
    DecodeOptions {
        scope,
        ..Default::default()
    }
}

#[test]
fn bug_03_reuse_with_another_query_is_scope_mismatch_in_every_mode() {
    let q1 = Value::map([
        ("status", Value::from("open")),
        ("sort", Value::from("createdAt")),
    ]);
    let q1_reordered = Value::map([
        ("sort", Value::from("createdAt")),
        ("status", Value::from("open")),
    ]);
    let q2 = Value::map([
        ("status", Value::from("closed")),
        ("sort", Value::from("createdAt")),
    ]);
    for c in all_modes() {
        let token = c.encode(&keyset(), &scoped(Some(q1.clone()))).unwrap();
        assert!(c.decode(&token, &dscope(Some(q1.clone()))).is_ok());
        // Canonical scope: map key order is ignored.
        assert!(c
            .decode(&token, &dscope(Some(q1_reordered.clone())))
            .is_ok());
        for other in [Some(q2.clone()), None, Some(Value::Null)] {
            let err = c.decode(&token, &dscope(other)).unwrap_err();
            assert_eq!(err.code(), "scope_mismatch");
        }
        let unscoped = enc(&c, &keyset());
        let err = c.decode(&unscoped, &dscope(Some(q1.clone()))).unwrap_err();
        assert_eq!(err.code(), "scope_mismatch");
    }
}

#[test]
fn bug_04_cross_tenant_replay_is_scope_mismatch_and_sealed_scope_is_not_sent() {
    let c = sealed();
    let token = c
        .encode(
            &keyset(),
            &scoped(Some(Value::from("tenant-A-secret-name"))),
        )
        .unwrap();
    let err = c
        .decode(&token, &dscope(Some(Value::from("tenant-B"))))
        .unwrap_err();
    assert_eq!(err.code(), "scope_mismatch");
    let raw =
        base64::Engine::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, &token).unwrap();
    assert!(!raw.windows(8).any(|w| w == b"tenant-A"));
}

#[test]
fn bug_05_dates_keep_every_millisecond() {
    for ms in [
        0,
        1,
        -1,
        999,
        T0,
        T0 + 1,
        8_640_000_000_000_000,
        -8_640_000_000_000_000,
    ] {
        let v = Value::Date(ms);
        assert_eq!(decode_cursor(&encode_cursor(&v).unwrap()).unwrap().value, v);
    }
    let err = encode_cursor(&Value::Date(8_640_000_000_000_001)).unwrap_err();
    assert_eq!(err.code(), "unsupported_value");
}

#[test]
fn bug_07_integers_and_floats_are_exact() {
    let two53 = 9_007_199_254_740_992i128;
    for i in [
        two53 - 1,
        two53,
        two53 + 1,
        i64::MIN.into(),
        i64::MAX.into(),
        u64::MAX.into(),
        -1,
        0,
    ] {
        let v = Value::Int(i);
        assert_eq!(decode_cursor(&encode_cursor(&v).unwrap()).unwrap().value, v);
    }
    for f in [
        -0.0,
        0.0,
        5e-324,
        f64::MIN_POSITIVE,
        f64::MAX,
        9_007_199_254_740_993.0,
        0.1,
        f64::NAN,
    ] {
        let back = decode_cursor(&encode_cursor(&Value::Float(f)).unwrap())
            .unwrap()
            .value;
        match back {
            Value::Float(g) => assert!(g.to_bits() == f.to_bits() || (f.is_nan() && g.is_nan())),
            other => panic!("{other:?}"),
        }
    }
    for i in [i128::from(i64::MIN) - 1, i128::from(u64::MAX) + 1] {
        assert_eq!(
            encode_cursor(&Value::Int(i)).unwrap_err().code(),
            "unsupported_value"
        );
    }
}

#[test]
fn bug_08_unicode_is_kept_without_normalization() {
    let nfc = Value::from("\u{e9}");
    let nfd = Value::from("e\u{301}");
    let (a, b) = (encode_cursor(&nfc).unwrap(), encode_cursor(&nfd).unwrap());
    assert_ne!(a, b);
    assert_eq!(decode_cursor(&b).unwrap().value, nfd);
    let all = Value::from("\r\n\t\u{2028}\u{feff}\u{10ffff}😀,;|");
    assert_eq!(
        decode_cursor(&encode_cursor(&all).unwrap()).unwrap().value,
        all
    );
}

#[test]
fn bug_09_null_is_distinct_from_none_strings_and_empty() {
    let tokens: Vec<String> = [
        Value::Null,
        Value::from("None"),
        Value::from("null"),
        Value::from(""),
    ]
    .iter()
    .map(|v| encode_cursor(v).unwrap())
    .collect();
    for (i, a) in tokens.iter().enumerate() {
        for b in &tokens[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert_eq!(decode_cursor(&tokens[0]).unwrap().value, Value::Null);
}

#[test]
fn bug_11_tokens_survive_query_strings_unescaped() {
    for c in all_modes() {
        for i in 0..50u8 {
            let token = enc(&c, &Value::Bytes(vec![0xfb, 0xff, i, 0xfe]));
            assert!(token.bytes().all(|b| ALPHABET.contains(&b)), "{token}");
        }
    }
}

#[test]
fn bug_12_non_canonical_base64_and_padding_are_malformed() {
    let token = enc(&signed(), &keyset());
    let mut with_pad = token.clone();
    with_pad.push('=');
    for bad in [
        with_pad,
        format!(" {token}"),
        format!("{token}\n"),
        token.replace('-', "+").replace('_', "/"),
    ] {
        if bad == token {
            continue;
        }
        let err = dec(&signed(), &bad).unwrap_err();
        assert!(
            ["malformed", "bad_signature"].contains(&err.code()),
            "{bad}"
        );
    }
    // The last character carries unused bits: a non-zero one is another spelling, refused.
    let bytes_len =
        base64::Engine::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, &token)
            .unwrap()
            .len();
    if bytes_len % 3 != 0 {
        let last = token.as_bytes()[token.len() - 1];
        let idx = ALPHABET.iter().position(|&c| c == last).unwrap();
        let tweaked = change_char(&token, token.len() - 1, ALPHABET[idx ^ 1]);
        assert_eq!(dec(&signed(), &tweaked).unwrap_err().code(), "malformed");
    }
}

#[test]
fn bug_12_every_accepted_token_re_encodes_to_itself() {
    let c = CursorCodec::default();
    for v in [
        keyset(),
        Value::Float(f64::NAN),
        Value::map([("b", Value::Null), ("a", Value::Null)]),
    ] {
        let token = enc(&c, &v);
        let cursor = dec(&c, &token).unwrap();
        assert_eq!(enc(&c, &cursor.value), token);
    }
}

#[test]
fn bug_13_garbage_is_an_explicit_error_never_a_first_page() {
    for bad in [
        "",
        " ",
        "null",
        "undefined",
        "AA",
        "AQ",
        "AQA",
        "AQAAA",
        "_____",
    ] {
        let err = decode_cursor(bad).unwrap_err();
        assert!(
            ["malformed", "unsupported_version"].contains(&err.code()),
            "{bad:?}: {}",
            err.code()
        );
    }
    assert_eq!(decode_cursor("").unwrap_err().code(), "malformed");
}

#[test]
fn bug_14_random_input_never_panics() {
    // Deterministic pseudo-random tokens over the alphabet; the proptest and the fuzz target
    // go further.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for c in all_modes() {
        for n in 0..2000 {
            let len = n % 120;
            let s: String = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    ALPHABET[(x % 64) as usize] as char
                })
                .collect();
            let _ = dec(&c, &s);
        }
    }
}

#[test]
fn bug_16_too_large_is_checked_before_decoding_and_at_encode() {
    let c = CursorCodec::new(CodecOptions {
        max_length: 40,
        ..Default::default()
    })
    .unwrap();
    let err = dec(&c, &"!".repeat(41)).unwrap_err();
    assert_eq!(
        err,
        CursorError::TooLarge {
            length: 41,
            max: 40
        }
    );
    let big = Value::from("x".repeat(100));
    assert_eq!(
        c.encode(&big, &EncodeOptions::default())
            .unwrap_err()
            .code(),
        "too_large"
    );
    // A maximal DynamoDB GSI key (2048 B partition + 1024 B sort, twice) exceeds the default.
    let lek = Value::map([
        ("pk", Value::map([("S", Value::from("p".repeat(2048)))])),
        ("sk", Value::map([("S", Value::from("s".repeat(1024)))])),
        ("gpk", Value::map([("S", Value::from("g".repeat(2048)))])),
        ("gsk", Value::map([("S", Value::from("h".repeat(1024)))])),
    ]);
    let err = signed()
        .encode(&lek, &EncodeOptions::default())
        .unwrap_err();
    assert_eq!(err.code(), "too_large");
    // Exactly at the limit is fine.
    let token = encode_cursor(&Value::from("x".repeat(20))).unwrap();
    let exact = CursorCodec::new(CodecOptions {
        max_length: token.len(),
        ..Default::default()
    })
    .unwrap();
    assert!(dec(&exact, &token).is_ok());
}

fn clocked(ttl: Option<u64>, now: Arc<AtomicI64>) -> CursorCodec {
    CursorCodec::new(CodecOptions {
        keys: vec![Key::new("k1", "first secret")],
        ttl,
        clock: Some(Arc::new(move || now.load(Ordering::SeqCst))),
        ..Default::default()
    })
    .unwrap()
}

#[test]
fn bug_17_expiry_has_no_grace_and_skew_only_covers_future_issued_at() {
    let now = Arc::new(AtomicI64::new(T0));
    let c = clocked(Some(60), now.clone());
    let token = enc(&c, &keyset());
    let cursor = dec(&c, &token).unwrap();
    assert_eq!(cursor.issued_at, Some(T0));
    assert_eq!(cursor.expires_at, Some(T0 + 60_000));
    now.store(T0 + 59_999, Ordering::SeqCst);
    assert!(dec(&c, &token).is_ok());
    now.store(T0 + 60_000, Ordering::SeqCst);
    assert_eq!(
        dec(&c, &token).unwrap_err(),
        CursorError::Expired {
            expires_at: T0 + 60_000
        }
    );
    // Issued by a server whose clock runs 60 s ahead: accepted; 60.001 s: refused.
    now.store(T0 - 60_000, Ordering::SeqCst);
    assert!(dec(&c, &token).is_ok());
    now.store(T0 - 60_001, Ordering::SeqCst);
    assert_eq!(dec(&c, &token).unwrap_err().code(), "expired");
}

#[test]
fn bug_17_ttl_override_zero_and_boundaries() {
    let now = Arc::new(AtomicI64::new(0));
    let c = clocked(None, now.clone());
    // Without a ttl a token carries no time at all and never expires.
    let forever = enc(&c, &keyset());
    let cursor = dec(&c, &forever).unwrap();
    assert_eq!((cursor.issued_at, cursor.expires_at), (None, None));
    // Per-encode ttl; issued-at 0 is fine.
    let t = c
        .encode(
            &keyset(),
            &EncodeOptions {
                ttl: Some(1),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(dec(&c, &t).unwrap().expires_at, Some(1000));
    now.store(1000, Ordering::SeqCst);
    assert_eq!(dec(&c, &t).unwrap_err().code(), "expired");
    let zero = c
        .encode(
            &keyset(),
            &EncodeOptions {
                ttl: Some(0),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(dec(&c, &zero).unwrap_err().code(), "expired");
    let huge = c.encode(
        &keyset(),
        &EncodeOptions {
            ttl: Some(u64::MAX),
            ..Default::default()
        },
    );
    assert_eq!(huge.unwrap_err().code(), "unsupported_value");
    // Decode options can pin the clock too.
    let d = DecodeOptions {
        now_ms: Some(999),
        ..Default::default()
    };
    assert!(c.decode(&t, &d).is_ok());
}

#[test]
fn bug_17_expiry_is_checked_only_after_authenticity() {
    let now = Arc::new(AtomicI64::new(T0));
    let c = clocked(Some(1), now.clone());
    let token = enc(&c, &keyset());
    now.store(T0 + 10_000, Ordering::SeqCst);
    let last = token.len() - 1;
    let forged = change_char(
        &token,
        last - 3,
        if token.as_bytes()[last - 3] == b'A' {
            b'B'
        } else {
            b'A'
        },
    );
    assert_eq!(dec(&c, &forged).unwrap_err().code(), "bad_signature");
    assert_eq!(dec(&c, &token).unwrap_err().code(), "expired");
}

#[test]
fn bug_18_mode_confusion_is_rejected() {
    let s = enc(&signed(), &keyset());
    let x = enc(&sealed(), &keyset());
    assert_eq!(dec(&sealed(), &s).unwrap_err().code(), "bad_signature");
    assert_eq!(dec(&signed(), &x).unwrap_err().code(), "bad_signature");
    // A plain codec holds no key for a signed or sealed token.
    assert_eq!(decode_cursor(&s).unwrap_err().code(), "unknown_key");
    assert_eq!(decode_cursor(&x).unwrap_err().code(), "unknown_key");
}

#[test]
fn bug_19_key_id_is_only_a_lookup() {
    let other = codec(Mode::Signed, &[("../../etc", "x")]);
    let token = enc(&other, &keyset());
    let err = dec(&signed(), &token).unwrap_err();
    assert_eq!(err, CursorError::UnknownKey("../../etc".into()));
    // Same id, another secret: the tag does not verify (no trial of other keys).
    let impostor = codec(Mode::Signed, &[("k1", "not the secret")]);
    assert_eq!(
        dec(&signed(), &enc(&impostor, &keyset()))
            .unwrap_err()
            .code(),
        "bad_signature"
    );
}

#[test]
fn bug_21_dynamodb_numbers_stay_strings_and_segments_bind() {
    let lek = Value::map([("N", Value::from("12.5000"))]);
    let back = decode_cursor(&encode_cursor(&lek).unwrap()).unwrap().value;
    assert_eq!(back.get("N"), Some(&Value::from("12.5000")));
    let c = signed();
    let t = c
        .encode(
            &lek,
            &EncodeOptions {
                segment: Some(Segment {
                    segment: 0,
                    total: 2,
                }),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(
        dec(&c, &t).unwrap().segment,
        Some(Segment {
            segment: 0,
            total: 2
        })
    );
}

#[test]
fn bug_22_sealed_nonces_are_random_and_hide_the_value() {
    let c = sealed();
    let v = Value::from("PLAINTEXT-MARKER");
    let (a, b) = (enc(&c, &v), enc(&c, &v));
    assert_ne!(a, b);
    for t in [&a, &b] {
        let raw =
            base64::Engine::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, t).unwrap();
        assert!(!raw.windows(9).any(|w| w == b"PLAINTEXT"));
        assert_eq!(dec(&c, t).unwrap().value, v);
    }
}

#[test]
fn bug_24_a_future_version_is_unsupported_version_not_malformed() {
    let token = encode_cursor(&keyset()).unwrap();
    let mut raw =
        base64::Engine::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, &token).unwrap();
    raw[0] = 2;
    let v2 = base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, &raw);
    assert_eq!(
        decode_cursor(&v2).unwrap_err(),
        CursorError::UnsupportedVersion(2)
    );
    for c in [signed(), sealed()] {
        assert_eq!(dec(&c, &v2).unwrap_err().code(), "unsupported_version");
    }
}

#[test]
fn nesting_depth_of_at_least_32_is_supported_and_bounded() {
    let mut v = Value::Null;
    for _ in 0..64 {
        v = Value::List(vec![v]);
    }
    assert_eq!(decode_cursor(&encode_cursor(&v).unwrap()).unwrap().value, v);
    let deeper = Value::List(vec![v]);
    assert_eq!(
        encode_cursor(&deeper).unwrap_err().code(),
        "unsupported_value"
    );
    // A hand-made token nesting 65 lists is malformed, not a stack overflow.
    let mut raw = vec![1u8, 0];
    raw.extend(std::iter::repeat_n(0x61u8, 65));
    raw.push(0);
    let t = base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, &raw);
    assert_eq!(decode_cursor(&t).unwrap_err().code(), "malformed");
}

#[test]
fn duplicate_map_keys_are_refused() {
    let v = Value::Map(vec![("a".into(), Value::Null), ("a".into(), Value::Null)]);
    assert_eq!(encode_cursor(&v).unwrap_err().code(), "unsupported_value");
}

#[test]
fn bug_20_the_whole_tag_is_compared() {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    // A comparison that stopped early (or compared a prefix) would accept these.
    let c = signed();
    let raw = URL_SAFE_NO_PAD.decode(enc(&c, &keyset())).unwrap();
    for i in raw.len() - 16..raw.len() {
        let mut b = raw.clone();
        b[i] ^= 0x80;
        assert_eq!(
            dec(&c, &URL_SAFE_NO_PAD.encode(&b)).unwrap_err().code(),
            "bad_signature"
        );
    }
}

#[test]
fn bug_06_dates_are_utc_instants_without_a_zone() {
    // A Date travels as milliseconds since the epoch: no zone, no local-time fields, so the
    // bytes depend on the instant only.
    let token = encode_cursor(&Value::Date(1_710_052_200_000)).unwrap();
    assert_eq!(
        decode_cursor(&token).unwrap().value,
        Value::Date(1_710_052_200_000)
    );
    assert_eq!(
        token,
        encode_cursor(&Value::Date(1_710_052_200_000)).unwrap()
    );
}

#[test]
fn bug_23_sealed_padding_hides_value_lengths() {
    let padded = CursorCodec::new(CodecOptions {
        keys: vec![Key::new("k1", "first secret")],
        mode: Some(Mode::Sealed),
        padding: Some(32),
        ..Default::default()
    })
    .unwrap();
    let lengths: Vec<usize> = (0..30)
        .map(|n| {
            let v = Value::from("x".repeat(n));
            let t = enc(&padded, &v);
            assert_eq!(dec(&padded, &t).unwrap().value, v);
            t.len()
        })
        .collect();
    assert!(lengths.iter().all(|&l| l == lengths[0]), "{lengths:?}");
    // Unpadded sealed tokens do show the length; padded ones open only where announced.
    assert_ne!(
        enc(&sealed(), &Value::from("a")).len(),
        enc(&sealed(), &Value::from("abcdefgh")).len()
    );
    for (mode, pad) in [(Mode::Signed, Some(32)), (Mode::Sealed, Some(0))] {
        let r = CursorCodec::new(CodecOptions {
            keys: vec![Key::new("k1", "s")],
            mode: Some(mode),
            padding: pad,
            ..Default::default()
        });
        assert_eq!(r.unwrap_err().code(), "unsupported_value");
    }
    // A huge bucket is too_large, never a huge allocation.
    let huge = CursorCodec::new(CodecOptions {
        keys: vec![Key::new("k1", "s")],
        mode: Some(Mode::Sealed),
        padding: Some(usize::MAX),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(
        huge.encode(&Value::Null, &EncodeOptions::default())
            .unwrap_err()
            .code(),
        "too_large"
    );
}
