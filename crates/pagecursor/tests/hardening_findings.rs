//! Regression tests for what the hardening work found in the pure-Rust core (the findings
//! are listed in docs/security.md). The JS findings are cases of tests/js/hostile.mjs.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use pagecursor::codec::{CursorCodec, DecodeOptions, EncodeOptions};
use pagecursor::paginate::token::canonical_bytes;
use pagecursor::paginate::{Layout, Position, ResumeState};
use pagecursor::Value;
use sha2::{Digest, Sha256};

/// Re-mints a resume payload after `edit` changed its entries (the checksum excluded), with a
/// checksum that covers the edit (the fuzz target `resume` found this shape:
/// fuzz/regressions/resume/).
fn re_minted(
    token: &str,
    codec: &CursorCodec,
    edit: impl FnOnce(&mut Vec<(String, Value)>),
) -> String {
    let Value::Map(mut entries) = codec
        .decode(token, &DecodeOptions::default())
        .unwrap()
        .value
    else {
        panic!("a resume payload is a map")
    };
    assert_eq!(entries.pop().unwrap().0, "c");
    edit(&mut entries);
    let mut bytes = b"pagecursor/resume".to_vec();
    canonical_bytes(&Value::Map(entries.clone()), false, &mut bytes);
    entries.push((
        "c".into(),
        Value::Bytes(Sha256::digest(&bytes)[..8].to_vec()),
    ));
    codec
        .encode(&Value::Map(entries), &EncodeOptions::default())
        .unwrap()
}

/// Finding F7 (fixed in `ResumeState::from_body`, src/paginate/resume.rs): the resume-payload
/// parser ignored keys it did not know, so a second spelling of a resume token existed (it
/// needs a valid checksum, and with a keyed codec the MAC, so only a key holder could mint
/// one). Now the payload must hold exactly the keys the encoder writes, in its order; anything
/// else is damage (`bad_resume_token` in JS), and the untouched token still reads.
#[test]
fn f7_an_unknown_resume_payload_key_is_refused() {
    let codec = CursorCodec::default();
    let state = ResumeState {
        scope: None,
        layout: Layout::Single,
        positions: vec![Position::At {
            token: Some(Value::from("USER#123")),
            skip: 2,
            anchor: None,
        }],
    };
    let token = state.encode(&codec).unwrap();
    let read = ResumeState::decode(&token, &codec, None, Layout::Single).unwrap();
    assert_eq!(read, state);
    // The re-minting itself changes nothing: without an edit the token is the same.
    assert_eq!(re_minted(&token, &codec, |_| {}), token);
    let extra_key = re_minted(&token, &codec, |e| {
        e.push(("K".into(), Value::Bytes(vec![1, 2, 3])))
    });
    let key_first = re_minted(&token, &codec, |e| e.insert(0, ("K".into(), Value::Null)));
    let reordered = re_minted(&token, &codec, |e| e.swap(0, 1));
    let missing = re_minted(&token, &codec, |e| {
        e.pop();
    });
    for altered in [extra_key, key_first, reordered, missing] {
        assert_ne!(altered, token);
        let err = ResumeState::decode(&altered, &codec, None, Layout::Single).unwrap_err();
        assert!(
            matches!(err, pagecursor::paginate::ResumeError::Damaged(_)),
            "{altered}: {err:?}"
        );
    }
}

/// The fuzz input that found F7 (a payload with an extra key), replayed: refused, no panic.
#[test]
fn f7_fuzz_input_replays_without_panic() {
    let data = include_bytes!("../../../fuzz/regressions/resume/f7-extra-payload-key");
    let token = std::str::from_utf8(&data[1..]).unwrap();
    for layout in [Layout::Single, Layout::All { total: 3 }] {
        assert!(ResumeState::decode(token, &CursorCodec::default(), None, layout).is_err());
    }
}

/// Finding F10 (fixed here, a one-line fix in src/codec/payload.rs): the integer form of a
/// negative number (head 0x05, varint `-1 - n`) accepted `n = 2^53 - 1`, i.e. the number
/// `-2^53`, which is not a safe integer and is always encoded in the float form. So `-2^53`
/// had two spellings and a decoded token did not re-encode to itself. Found by the fuzz
/// target `decode` (fuzz/regressions/decode/).
#[test]
fn f10_minus_two_pow_53_has_one_spelling() {
    use pagecursor::{decode_cursor, encode_cursor};
    let fuzz_input =
        include_str!("../../../fuzz/regressions/decode/f10-negative-2-pow-53-in-integer-form");
    assert_eq!(fuzz_input, "AQAF_________w8");
    assert_eq!(decode_cursor(fuzz_input).unwrap_err().code(), "malformed");
    // -2^53 travels in the float form and comes back exactly.
    let minus = -(2f64.powi(53));
    let token = encode_cursor(&Value::Float(minus)).unwrap();
    assert_eq!(token, "AQADw0AAAAAAAAA");
    assert_eq!(decode_cursor(&token).unwrap().value, Value::Float(minus));
    // The edges of the integer form still decode: -(2^53 - 1) and 2^53 - 1.
    for f in [-(2f64.powi(53) - 1.0), 2f64.powi(53) - 1.0] {
        let token = encode_cursor(&Value::Float(f)).unwrap();
        assert_eq!(decode_cursor(&token).unwrap().value, Value::Float(f));
        assert!(
            token.starts_with("AQAE") || token.starts_with("AQAF"),
            "{token}"
        );
    }
}

/// Finding F11 (fixed in `CursorStack::set_max_depth`, src/stack.rs): lowering `maxDepth`
/// below the number of pages from the current one to the furthest kept them all (the current
/// page is never evicted), but the saved state then had more tokens than its `maxDepth`, and
/// `CursorStack::from_value` (JS `CursorStack.from`) refused it as `malformed`: a stack
/// restored with `{ maxDepth: 4 }` after a `goTo(5)` of 9 pages could not be saved and
/// restored again. Found by the fuzz target `stack` (fuzz/regressions/stack/). Now the pages
/// past the window go too, and the last kept page's successor is the first dropped page's
/// token: the stack stays on page 5 and still walks forward to page 9.
#[test]
fn f11_a_lowered_max_depth_state_re_reads() {
    use pagecursor::CursorStack;
    let mut stack = CursorStack::new();
    for i in 2..=9 {
        stack
            .forward(Some(Some(Value::from(format!("t{i}")))))
            .unwrap();
    }
    stack.go_to(5).unwrap();
    stack.set_max_depth(Some(4)).unwrap();
    assert_eq!(stack.page(), 5);
    assert_eq!(stack.current(), Some(Value::from("t5")));
    assert!(!stack.has_previous());
    let mut again = CursorStack::from_value(&stack.to_value().expect("the state encodes"))
        .expect("the state re-reads");
    assert_eq!(again, stack);
    assert_eq!((again.oldest(), again.furthest()), (5, 8));
    for i in 6..=9 {
        assert_eq!(
            again.forward(None).unwrap(),
            Some(Value::from(format!("t{i}")))
        );
    }
    assert_eq!((again.oldest(), again.page()), (6, 9));
}
