//! Strict base64url (RFC 4648 §5) without padding: the alphabet `A-Z a-z 0-9 - _` only, no
//! `=`, no whitespace, and the unused low bits of the last character must be zero, so every
//! byte string has exactly one text form.
//!
//! Hand-written rather than the `base64` crate: its general engine is about 7 KB of wasm
//! (2.5 KB gzip), which alone broke the package's size budget (`bench/size-budget.json`).
//! The tests below and `tests/codec_props.rs` check it against the `base64` crate's strict
//! configuration (`URL_SAFE_NO_PAD`, no trailing bits), byte for byte.

use crate::error::CursorError;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Encodes bytes as unpadded base64url.
pub(crate) fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(encoded_len(bytes.len()));
    for chunk in bytes.chunks(3) {
        let b = [
            chunk.first().copied().unwrap_or(0),
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
        }
    }
    out
}

/// The length of the unpadded base64url text of `n` bytes.
pub(crate) fn encoded_len(n: usize) -> usize {
    (n / 3).saturating_mul(4).saturating_add([0, 2, 3][n % 3])
}

fn sextet(c: u8) -> Option<u32> {
    Some(u32::from(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    }))
}

/// Decodes strict unpadded base64url; anything else is `malformed`.
pub(crate) fn decode(text: &str) -> Result<Vec<u8>, CursorError> {
    let bad = || CursorError::Malformed("not strict base64url".into());
    let text = text.as_bytes();
    if text.len() % 4 == 1 {
        return Err(bad());
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    for chunk in text.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= sextet(c).ok_or_else(bad)? << (18 - 6 * i);
        }
        let bytes = n.to_be_bytes();
        let keep = chunk.len() - 1;
        // The bits below the last whole byte must be zero (the canonical spelling).
        let unused = n & (0x00ff_ffff >> (8 * keep));
        if unused != 0 {
            return Err(bad());
        }
        out.extend_from_slice(&bytes[1..=keep]);
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;

    #[test]
    fn rejects_every_non_canonical_form() {
        assert_eq!(decode("AQ").unwrap(), [1]);
        // "AR" has a non-zero trailing bit: the same byte, a second spelling.
        for bad in [
            "AR", "AQ==", "AQ=", "A+", "A/", " AQ", "AQ\n", "A", "AQ.", "Zm9v+", "AQF", "é",
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
        for n in 0..10 {
            assert_eq!(encode(&vec![0xff; n]).len(), encoded_len(n));
        }
    }

    #[test]
    fn agrees_with_the_base64_crate_on_every_short_input() {
        // Every byte string of length 0..=2 over a spread of values, and every 1- to
        // 3-character text over the alphabet and some outsiders.
        let samples: Vec<u8> = vec![0, 1, 2, 63, 64, 127, 128, 200, 254, 255];
        let mut inputs: Vec<Vec<u8>> = vec![vec![]];
        for &a in &samples {
            inputs.push(vec![a]);
            for &b in &samples {
                inputs.push(vec![a, b]);
                inputs.push(vec![a, b, a ^ b, b]);
            }
        }
        for bytes in inputs {
            let text = encode(&bytes);
            assert_eq!(text, URL_SAFE_NO_PAD.encode(&bytes));
            assert_eq!(decode(&text).unwrap(), bytes);
        }
        let chars: Vec<char> = ALPHABET
            .iter()
            .map(|&c| char::from(c))
            .chain("=+/. ".chars())
            .collect();
        for &a in &chars {
            for &b in &chars {
                for text in [
                    format!("{a}{b}"),
                    format!("{a}{b}A"),
                    format!("{a}A{b}"),
                    format!("AA{a}{b}"),
                ] {
                    assert_eq!(
                        decode(&text).ok(),
                        URL_SAFE_NO_PAD.decode(&text).ok(),
                        "{text}"
                    );
                }
            }
        }
    }
}
