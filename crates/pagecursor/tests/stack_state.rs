//! The serialized cursor stack state (`docs/cursor-stack.md`, "State format"): version 2 keeps
//! 50 pages of 128-character next URLs within 2,000 characters, restores every stack exactly,
//! still reads the version 1 states of earlier builds (`tests/stack-v1-states.json`), and
//! answers any hostile state with a typed `CursorError`, never a panic.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use pagecursor::codec::{CodecOptions, CursorCodec, DecodeOptions, EncodeOptions, Key};
use pagecursor::{CursorStack, Value};
use proptest::prelude::*;
use serde_json::Value as Json;

fn signed() -> CursorCodec {
    CursorCodec::new(CodecOptions {
        keys: vec![Key::new("k1", b"a very secret secret of 32 bytes!")],
        ..Default::default()
    })
    .unwrap()
}

/// DRF's CursorPagination next URL for a `-created` ordering: `encode_cursor` is standard
/// base64 of `p=<position>`, URL-escaped by `replace_query_param`.
fn drf_url(created_us: u64) -> String {
    let s = created_us / 1_000_000;
    let (h, m, sec) = ((s / 3600) % 24, (s / 60) % 60, s % 60);
    let position = format!(
        "p=2026-05-01+{h:02}%3A{m:02}%3A{sec:02}.{:06}%2B00%3A00",
        created_us % 1_000_000
    );
    let cursor = STANDARD
        .encode(position)
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    format!("https://api.example.com/v1/merchants/204711/orders/?cursor={cursor}&page_size=50")
}

#[test]
fn fifty_pages_of_next_urls_fit_in_2000_characters_signed_and_go_back_to_page_1() {
    let codec = signed();
    let scope = Value::map([("q", Value::from("open orders"))]);
    let mut stack = CursorStack::with_max_depth(50).unwrap();
    let mut created = 43_200_000_000u64; // 12:00, descending by minutes and microseconds
    let mut urls = Vec::new();
    for i in 0..49u64 {
        created -= 60_000_000 + (i * 7_919_123) % 600_000_000;
        let url = drf_url(created);
        assert_eq!(url.len(), 128);
        urls.push(url.clone());
        stack
            .forward(Some(Some(Value::from(url.as_str()))))
            .unwrap();
    }
    assert_eq!(stack.page(), 50);
    let state = stack.serialize(&codec, Some(&scope)).unwrap();
    assert!(state.len() <= 2000, "{} characters", state.len());
    eprintln!(
        "50 pages of 128-character next URLs, signed and scoped: {} characters",
        state.len()
    );
    let mut back = CursorStack::deserialize(&state, &codec, Some(&scope)).unwrap();
    assert_eq!(back, stack);
    for page in (1..50).rev() {
        let token = back.back();
        assert_eq!(back.page(), page);
        let want = (page > 1).then(|| Value::from(urls[page as usize - 2].as_str()));
        assert_eq!(token, want);
    }
    assert!(!back.has_previous());
    // A state of another scope, or changed anywhere, is refused.
    let other = Value::map([("q", Value::from("closed orders"))]);
    assert_eq!(
        CursorStack::deserialize(&state, &codec, Some(&other))
            .unwrap_err()
            .code(),
        "scope_mismatch"
    );
    for i in [10, state.len() / 2, state.len() - 1] {
        let mut chars: Vec<char> = state.chars().collect();
        chars[i] = if chars[i] == 'A' { 'B' } else { 'A' };
        let edited: String = chars.into_iter().collect();
        let code = CursorStack::deserialize(&edited, &codec, Some(&scope))
            .unwrap_err()
            .code();
        assert!(
            ["bad_signature", "malformed", "unknown_key"].contains(&code),
            "{code}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Version 1 states written by an earlier build.

fn json_token(j: &Json) -> Option<Value> {
    match j {
        Json::Null => None,
        Json::String(s) => Some(Value::from(s.as_str())),
        Json::Object(m) => Some(Value::Map(
            m.iter()
                .map(|(k, v)| (k.clone(), json_token(v).unwrap()))
                .collect(),
        )),
        other => panic!("no token fixture of this kind: {other}"),
    }
}

#[test]
fn version_1_states_of_an_earlier_build_restore_exactly() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/stack-v1-states.json"
    ))
    .unwrap();
    let doc: Json = serde_json::from_str(&text).unwrap();
    let states = doc["states"].as_array().unwrap();
    assert_eq!(states.len(), 3);
    for case in states {
        let name = case["name"].as_str().unwrap();
        let codec = if case["codec"]["keys"].is_array() {
            signed()
        } else {
            CursorCodec::default()
        };
        let scope = case.get("scope").map(|s| json_token(s).unwrap());
        let state = case["state"].as_str().unwrap();
        let expect = &case["expect"];
        let mut stack = CursorStack::deserialize(state, &codec, scope.as_ref()).unwrap();
        assert_eq!(stack.page(), expect["page"].as_u64().unwrap(), "{name}");
        assert_eq!(stack.has_next(), expect["hasNext"].as_bool().unwrap());
        assert_eq!(
            stack.has_previous(),
            expect["hasPrevious"].as_bool().unwrap()
        );
        assert_eq!(stack.max_depth(), expect["maxDepth"].as_u64(), "{name}");
        let oldest = expect["oldest"].as_u64().unwrap_or(1);
        assert_eq!(stack.oldest(), oldest, "{name}");
        let tokens: Vec<Option<Value>> = expect["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(json_token)
            .collect();
        for (i, token) in tokens.iter().enumerate() {
            let page = oldest + i as u64;
            if page <= stack.furthest() {
                assert_eq!(&stack.clone().go_to(page).unwrap(), token, "{name} {page}");
            } else {
                // The next token, recorded by the furthest page.
                let mut at = stack.clone();
                at.go_to(stack.furthest()).unwrap();
                assert_eq!(&at.forward(None).unwrap(), token, "{name} next");
            }
        }
        assert_eq!(expect["end"].as_bool().unwrap_or(false), stack.at_end());
        // Saved again it is version 2, and restores to the same stack.
        let again = stack.serialize(&codec, scope.as_ref()).unwrap();
        assert_ne!(again, state);
        let back = CursorStack::deserialize(&again, &codec, scope.as_ref()).unwrap();
        assert_eq!(back, stack);
        stack.reset();
    }
}

// ---------------------------------------------------------------------------------------
// Properties: realistic tokens round-trip; hostile states are typed errors.

/// A plain resume token at `skip` items into the page fetched with `url`, as `useCursorStack`
/// records them.
fn resume_token(skip: u64, url: &str) -> String {
    use pagecursor::paginate::resume::{Layout, Position, ResumeState};
    ResumeState {
        scope: Some([9; 16]),
        layout: Layout::Single,
        positions: vec![Position::At {
            token: Some(Value::from(url)),
            skip,
            anchor: None,
        }],
    }
    .encode(&CursorCodec::default())
    .unwrap()
}

/// Tokens of the kinds services hand out, alike from one page to the next (sharing) and not.
fn token() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0u64..u64::MAX / 2).prop_map(|t| Value::from(drf_url(t % 86_400_000_000).as_str())),
        "[a-zA-Z0-9_-]{1,60}".prop_map(|s| Value::from(s.as_str())), // often base64url
        prop::collection::vec(any::<u8>(), 1..40)
            .prop_map(|b| Value::from(STANDARD.encode(b).as_str())),
        "\\PC{1,12}".prop_map(|s| Value::from(s.as_str())),
        (0u32..1000).prop_map(|n| Value::map([
            ("pk", Value::map([("S", Value::from("USER#123"))])),
            (
                "sk",
                Value::map([("S", Value::from(format!("ORDER#{n:04}").as_str()))])
            ),
        ])),
        (0u64..4, 0u64..86_400_000_000)
            .prop_map(|(skip, t)| Value::from(resume_token(skip, &drf_url(t)).as_str())),
        any::<i64>().prop_map(|n| Value::Int(n.into())),
        any::<f64>()
            .prop_filter("NaN is not equal to itself", |f| !f.is_nan())
            .prop_map(Value::Float),
        prop::collection::vec(any::<u8>(), 0..20).prop_map(Value::Bytes),
    ]
}

/// A valid state written by this build, as its payload value.
fn state_of(tokens: &[Value], back: usize, depth: Option<u64>, end: bool) -> CursorStack {
    let mut stack = match depth {
        Some(d) => CursorStack::with_max_depth(d).unwrap(),
        None => CursorStack::new(),
    };
    for t in tokens {
        stack.forward(Some(Some(t.clone()))).unwrap();
    }
    if end {
        stack.record(None);
    }
    for _ in 0..back {
        stack.back();
    }
    stack
}

fn plain_state(value: &Value) -> String {
    CursorCodec::default()
        .encode(value, &EncodeOptions::default())
        .unwrap()
}

/// What a reader may answer to a hostile state: a restored stack whose own state re-reads, or
/// a typed error.
fn read_hostile(state: &str) -> Result<(), TestCaseError> {
    let codec = CursorCodec::default();
    match CursorStack::deserialize(state, &codec, None) {
        Ok(stack) => {
            let again = stack.serialize(&codec, None).unwrap();
            prop_assert_eq!(
                CursorStack::deserialize(&again, &codec, None).unwrap(),
                stack
            );
        }
        Err(e) => prop_assert!(
            ["malformed", "unsupported_version", "too_large"].contains(&e.code()),
            "{}",
            e
        ),
    }
    Ok(())
}

fn packed_field(stack: &CursorStack) -> Vec<u8> {
    match stack.to_value().unwrap().get("t") {
        Some(Value::Bytes(b)) => b.clone(),
        other => panic!("{other:?}"),
    }
}

fn with_tokens(stack: &CursorStack, packed: Vec<u8>) -> Value {
    let Value::Map(mut entries) = stack.to_value().unwrap() else {
        unreachable!()
    };
    for (k, v) in entries.iter_mut() {
        if k == "t" {
            *v = Value::Bytes(packed.clone());
        }
    }
    Value::Map(entries)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_state_round_trips_plain_and_signed(
        tokens in prop::collection::vec(token(), 0..40),
        back in 0usize..45,
        depth in prop::option::of(1u64..60),
        end in any::<bool>(),
    ) {
        let stack = state_of(&tokens, back, depth, end);
        for codec in [CursorCodec::default(), signed()] {
            let state = stack.serialize(&codec, None).unwrap();
            let restored = CursorStack::deserialize(&state, &codec, None).unwrap();
            prop_assert_eq!(&restored, &stack);
            prop_assert_eq!(restored.serialize(&codec, None).unwrap(), state);
        }
    }

    #[test]
    fn hostile_token_lists_are_typed_errors(
        tokens in prop::collection::vec(token(), 1..12),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6),
        junk in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let stack = state_of(&tokens, 0, None, false);
        // Edited bytes of a real list: flipped, inserted, removed.
        let mut packed = packed_field(&stack);
        for (at, byte, how) in edits {
            let i = at.index(packed.len() + 1);
            match how {
                0 if i < packed.len() => packed[i] ^= byte | 1,
                1 => packed.insert(i, byte),
                _ if i < packed.len() => { packed.remove(i); }
                _ => packed.push(byte),
            }
        }
        read_hostile(&plain_state(&with_tokens(&stack, packed)))?;
        // Random bytes as the list, and after a real one.
        read_hostile(&plain_state(&with_tokens(&stack, junk.clone())))?;
        let mut tail = packed_field(&stack);
        tail.extend(&junk);
        read_hostile(&plain_state(&with_tokens(&stack, tail)))?;
        // Random bytes as a whole payload, and as a plain token.
        let bytes: Vec<u8> = [1, 0].into_iter().chain(junk).collect();
        read_hostile(&base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))?;
    }
}

#[test]
fn a_state_that_copies_more_than_a_mebibyte_is_refused_before_it_is_built() {
    // One 1,000-byte token, then 2,000 entries that each copy all of it: 2 MB from 10 KB.
    let mut packed = vec![1u8, 0, 0, 0xe8, 0x07];
    packed.extend(std::iter::repeat_n(b'.', 1000));
    for _ in 0..2000 {
        packed.extend([1, 0xe8, 0x07, 0, 0]);
    }
    let value = Value::map([
        ("v", Value::Int(2)),
        ("p", Value::Int(2)),
        ("o", Value::Int(2)),
        ("t", Value::Bytes(packed)),
    ]);
    let codec = CursorCodec::new(CodecOptions {
        max_length: 1_000_000,
        ..Default::default()
    })
    .unwrap();
    let state = codec.encode(&value, &EncodeOptions::default()).unwrap();
    let err = CursorStack::deserialize(&state, &codec, None).unwrap_err();
    assert_eq!(err.code(), "malformed");
    assert!(err.to_string().contains("1 MiB"), "{err}");
    // The token itself is sound: it is the stack state that refuses to build the copies.
    assert!(codec.decode(&state, &DecodeOptions::default()).is_ok());
}
