//! Mutation matrix: no edit of a signed or sealed token is accepted.
//!
//! For a set of signed and sealed tokens (several values; with and without scope, ttl,
//! segment, direction; minted by the current and by a retired key), every single-character
//! substitution (every position × every other base64url character), every truncation, every
//! one-character extension at the end and every one-character insertion anywhere must be
//! refused with a `CursorError` whose code is one the contract allows for a changed token
//! (`bad_signature`, `malformed`, `unsupported_version`, `unknown_key`). Nothing may be
//! accepted, and nothing may be misreported as `expired` or `scope_mismatch`: those are
//! judged only on authentic tokens. The counts are printed (`cargo test --test
//! hardening_mutation -- --nocapture`) and quoted in docs/security.md.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use std::collections::BTreeMap;
use std::sync::Arc;

use pagecursor::codec::{
    CodecOptions, CursorCodec, DecodeOptions, EncodeOptions, Key, Mode, Segment,
};
use pagecursor::{Direction, Value};

const NOW: i64 = 1_714_566_896_789;
const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const ALLOWED: [&str; 4] = [
    "bad_signature",
    "malformed",
    "unsupported_version",
    "unknown_key",
];

fn codec(mode: Mode, keys: &[(&str, &str)]) -> CursorCodec {
    CursorCodec::new(CodecOptions {
        keys: keys
            .iter()
            .map(|(id, s)| Key::new(*id, s.as_bytes()))
            .collect(),
        mode: Some(mode),
        clock: Some(Arc::new(|| NOW)),
        ..Default::default()
    })
    .unwrap()
}

fn values() -> Vec<Value> {
    vec![
        Value::map([
            ("createdAt", Value::Date(NOW)),
            ("id", Value::Float(123_456_789.0)),
        ]),
        Value::Int(42),
        Value::from("USER#123"),
        Value::Bytes(vec![0, 1, 2, 253, 254, 255]),
        Value::List(vec![Value::Null, Value::Bool(false), Value::Float(-0.0)]),
        Value::Null,
    ]
}

struct Case {
    label: String,
    token: String,
    decoder: CursorCodec,
    scope: Option<Value>,
}

/// Signed and sealed tokens over the values, varying scope, ttl, segment, direction and key.
fn cases() -> Vec<Case> {
    let keys = [("k1", "current secret"), ("k0", "retired secret")];
    let rotated = [("k0", "retired secret")];
    let mut out = Vec::new();
    for mode in [Mode::Signed, Mode::Sealed] {
        let decoder = codec(mode, &keys);
        for (i, value) in values().into_iter().enumerate() {
            let scope = match i % 3 {
                0 => None,
                1 => Some(Value::map([("tenant", Value::from("t-1"))])),
                _ => Some(Value::Null),
            };
            let options = EncodeOptions {
                direction: if i % 2 == 0 {
                    Direction::After
                } else {
                    Direction::Before
                },
                scope: scope.clone(),
                segment: (i % 2 == 1).then_some(Segment {
                    segment: 2,
                    total: 5,
                }),
                ttl: (i % 3 != 2).then_some(3600),
                now_ms: Some(NOW - 5_000),
                ..Default::default()
            };
            // Every third token is minted by the retired key (still held for verification).
            let minter = if i % 3 == 2 {
                codec(mode, &rotated)
            } else {
                decoder.clone()
            };
            let token = minter.encode(&value, &options).unwrap();
            out.push(Case {
                label: format!(
                    "{mode:?} value#{i} scope={} ttl={} segment={}",
                    options.scope.is_some(),
                    options.ttl.is_some(),
                    options.segment.is_some()
                ),
                token,
                decoder: decoder.clone(),
                scope,
            });
        }
    }
    out
}

#[derive(Default)]
struct Tally {
    tried: usize,
    codes: BTreeMap<&'static str, usize>,
}

impl Tally {
    /// Decodes one altered token; it must be refused with an allowed code.
    fn check(&mut self, case: &Case, altered: &str, what: &str) {
        self.tried += 1;
        let options = DecodeOptions {
            scope: case.scope.clone(),
            ..Default::default()
        };
        match case.decoder.decode(altered, &options) {
            Ok(cursor) => panic!(
                "{}: {what} was accepted: {altered:?} -> {:?}",
                case.label, cursor.value
            ),
            Err(e) => {
                assert!(
                    ALLOWED.contains(&e.code()),
                    "{}: {what} gave {} ({e}); allowed: {ALLOWED:?}",
                    case.label,
                    e.code()
                );
                *self.codes.entry(e.code()).or_default() += 1;
            }
        }
    }

    fn print(&self, kind: &str) {
        println!(
            "{kind}: {} altered tokens, {} rejected (100%), by code: {:?}",
            self.tried,
            self.codes.values().sum::<usize>(),
            self.codes
        );
    }
}

#[test]
fn every_edit_of_a_signed_or_sealed_token_is_refused() {
    let cases = cases();
    let (mut subst, mut trunc, mut append, mut insert) = (
        Tally::default(),
        Tally::default(),
        Tally::default(),
        Tally::default(),
    );
    for case in &cases {
        // The unaltered token is accepted: the matrix tests the edits, not a broken setup.
        let options = DecodeOptions {
            scope: case.scope.clone(),
            ..Default::default()
        };
        case.decoder
            .decode(&case.token, &options)
            .unwrap_or_else(|e| panic!("{}: the original is refused: {e}", case.label));
        let bytes = case.token.as_bytes();
        for pos in 0..bytes.len() {
            for &c in ALPHABET {
                if c == bytes[pos] {
                    continue;
                }
                let mut t = bytes.to_vec();
                t[pos] = c;
                let t = String::from_utf8(t).unwrap();
                subst.check(case, &t, &format!("substitution at {pos} by {}", c as char));
            }
            let mut t = bytes.to_vec();
            t.truncate(pos);
            trunc.check(
                case,
                &String::from_utf8(t).unwrap(),
                &format!("truncation to {pos}"),
            );
        }
        for pos in 0..=bytes.len() {
            for &c in ALPHABET {
                let mut t = bytes.to_vec();
                t.insert(pos, c);
                let t = String::from_utf8(t).unwrap();
                if pos == bytes.len() {
                    append.check(case, &t, &format!("extension by {}", c as char));
                } else {
                    insert.check(case, &t, &format!("insertion at {pos} of {}", c as char));
                }
            }
        }
    }
    println!(
        "mutation matrix over {} tokens ({} signed, {} sealed; lengths {}..={}):",
        cases.len(),
        cases.len() / 2,
        cases.len() / 2,
        cases.iter().map(|c| c.token.len()).min().unwrap(),
        cases.iter().map(|c| c.token.len()).max().unwrap()
    );
    subst.print("single-character substitutions");
    trunc.print("truncations");
    append.print("one-character extensions at the end");
    insert.print("one-character insertions");
    let expected_subst: usize = cases.iter().map(|c| c.token.len() * 63).sum();
    assert_eq!(subst.tried, expected_subst);
    assert_eq!(append.tried, cases.len() * 64);
}

/// The same edits, decoded without the right scope or by a codec of the other mode, are
/// still refused (an edit never turns a token into one that another configuration accepts).
#[test]
fn edits_are_refused_by_every_configuration() {
    let cases = cases();
    let mut tally = Tally::default();
    for case in cases.iter().take(4) {
        let other_mode = if case.decoder.mode() == Mode::Signed {
            Mode::Sealed
        } else {
            Mode::Signed
        };
        let others = [
            codec(
                other_mode,
                &[("k1", "current secret"), ("k0", "retired secret")],
            ),
            codec(case.decoder.mode(), &[("k1", "another secret")]),
        ];
        let bytes = case.token.as_bytes();
        for other in others {
            let alt = Case {
                label: format!("{} decoded by another codec", case.label),
                token: case.token.clone(),
                decoder: other,
                scope: case.scope.clone(),
            };
            tally.check(&alt, &case.token, "the original");
            for pos in 0..bytes.len() {
                let mut t = bytes.to_vec();
                t[pos] = if bytes[pos] == b'A' { b'B' } else { b'A' };
                tally.check(&alt, &String::from_utf8(t).unwrap(), "substitution");
            }
        }
    }
    tally.print("edits decoded by another codec");
}
