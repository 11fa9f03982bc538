//! Fuzzes the paginator's resume tokens (`ResumeState::decode`, the pure-Rust API behind
//! `paginate({resumeToken})`; run: `cargo +nightly fuzz run resume`).
//!
//! Input: one selector byte (bits 0–1: the walk's scope; bits 2–3: its layout — single chain,
//! all 3 segments, or segment 1 of 4), then a token. Two paths:
//!
//! 1. the token as it came, decoded with a plain and a signed codec;
//! 2. the token read as a plain cursor whose value is a map, with a correct checksum put in
//!    its last entry, so that the fuzzer reaches the payload parser behind the checksum.
//!
//! Properties: no panic; an accepted token whose payload has exactly the encoder's keys
//! re-mints to itself (plain and signed codecs are deterministic); every accepted state
//! encodes and decodes again to the same state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pagecursor::codec::{DecodeOptions, EncodeOptions, Mode};
use pagecursor::paginate::token::canonical_bytes;
use pagecursor::paginate::{Layout, ResumeState};
use pagecursor::Value;
use pagecursor_fuzz::{codec, keys, scope};
use sha2::{Digest, Sha256};

fn layout(sel: u8) -> Layout {
    match (sel >> 2) % 3 {
        0 => Layout::Single,
        1 => Layout::All { total: 3 },
        _ => Layout::One {
            segment: 1,
            total: 4,
        },
    }
}

fn check(token: &str, sel: u8) {
    let scope = scope(sel);
    let layout = layout(sel);
    for codec in [codec(Mode::Plain, vec![]), codec(Mode::Signed, keys())] {
        if let Ok(state) = ResumeState::decode(token, &codec, scope.as_ref(), layout) {
            let cursor = codec
                .decode(token, &DecodeOptions::default())
                .expect("an accepted resume token is a valid cursor");
            let again = state
                .encode(&codec)
                .expect("an accepted state encodes again");
            // The payload parser ignores keys it does not know and their order (finding F7,
            // harmless: the checksum and the MAC cover them); a payload of exactly the keys
            // the encoder writes must re-mint to itself.
            let exact = matches!(&cursor.value, pagecursor::Value::Map(e)
                if e.iter().map(|(k, _)| k.as_str()).eq(["v", "s", "l", "p", "c"]));
            if exact && cursor.issued_at.is_none() && cursor.key_id.as_deref() != Some("k0") {
                assert_eq!(again, token, "an accepted resume token re-mints to itself");
            }
            let back = ResumeState::decode(&again, &codec, scope.as_ref(), layout)
                .expect("a re-minted resume token is accepted");
            assert_eq!(back, state);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(token) = std::str::from_utf8(rest) else {
        return;
    };
    check(token, sel);
    // Path 2: give a plain map the checksum it needs.
    let plain = codec(Mode::Plain, vec![]);
    let Ok(cursor) = plain.decode(token, &DecodeOptions::default()) else {
        return;
    };
    let Value::Map(mut entries) = cursor.value else {
        return;
    };
    if entries.last().is_some_and(|(k, _)| k == "c") {
        entries.pop();
    }
    let mut bytes = b"pagecursor/resume".to_vec();
    canonical_bytes(&Value::Map(entries.clone()), false, &mut bytes);
    let sum = Sha256::digest(&bytes)[..8].to_vec();
    entries.push(("c".into(), Value::Bytes(sum)));
    if let Ok(fixed) = plain.encode(&Value::Map(entries), &EncodeOptions::default()) {
        check(&fixed, sel);
    }
});
