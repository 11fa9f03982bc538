//! Fuzzes token decoding in every mode (run: `cargo +nightly fuzz run decode`).
//!
//! Properties: decoding never panics; an accepted plain token without time or scope re-mints
//! to itself (the format is canonical); an accepted signed or sealed token is impossible
//! without the key (the fuzzer cannot forge a 128-bit tag).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pagecursor::codec::{CodecOptions, CursorCodec, DecodeOptions, EncodeOptions, Key, Mode};

fuzz_target!(|data: &[u8]| {
    let Ok(token) = std::str::from_utf8(data) else {
        return;
    };
    let plain = CursorCodec::default();
    if let Ok(cursor) = plain.decode(token, &DecodeOptions::default()) {
        let bytes = base64_flags(token);
        if bytes & 0x28 == 0 {
            let again = plain
                .encode(
                    &cursor.value,
                    &EncodeOptions {
                        direction: cursor.direction,
                        segment: cursor.segment,
                        ..Default::default()
                    },
                )
                .expect("a decoded value encodes");
            assert_eq!(again, token, "plain tokens are canonical");
        }
    }
    for mode in [Mode::Signed, Mode::Sealed] {
        let codec = CursorCodec::new(CodecOptions {
            keys: vec![Key::new("k1", b"fuzzing secret")],
            mode: Some(mode),
            ..Default::default()
        })
        .expect("valid options");
        assert!(
            codec.decode(token, &DecodeOptions::default()).is_err(),
            "a forged {mode:?} token was accepted"
        );
    }
});

/// The flags byte of a token that decoded (so the base64 is valid): the second byte.
fn base64_flags(token: &str) -> u8 {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let six = |i: usize| {
        token
            .as_bytes()
            .get(i)
            .and_then(|c| ALPHABET.iter().position(|a| a == c))
            .unwrap_or(0) as u8
    };
    // Bits 8..16 of the byte string: chars 1 (low 4 bits) and 2 (high 4 bits).
    (six(1) << 4) | (six(2) >> 2)
}
