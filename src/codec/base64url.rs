//! Strict base64url (RFC 4648 §5) without padding: the alphabet `A-Z a-z 0-9 - _` only, no
//! `=`, no whitespace, and the unused low bits of the last character must be zero, so every
//! byte string has exactly one text form.
//!
//! Hand-written rather than the `base64` crate's `URL_SAFE_NO_PAD` engine (which accepts and
//! refuses exactly the same texts, as a differential test below holds): the engine's generic
//! chunked encoder and decoder cost ~6 KB of wasm, these loops a fraction of that, and tokens
//! are short.

use crate::error::CursorError;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Not a base64url character.
const INVALID: u8 = 0xff;
/// A sextet is below 64: any of these bits set means an [`INVALID`] character.
const VALID_MASK: u32 = 0xc0;

/// The 6-bit value of every byte, [`INVALID`] for bytes outside the alphabet.
const SEXTETS: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < 64 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};

fn sextet(c: u8) -> u32 {
    u32::from(SEXTETS[usize::from(c)])
}

fn char_of(n: u32) -> u8 {
    ALPHABET[(n & 63) as usize]
}

/// Encodes bytes as unpadded base64url.
pub(crate) fn encode(bytes: &[u8]) -> String {
    // Written in place, four characters per three bytes: no per-character capacity checks.
    let mut out = vec![0u8; encoded_len(bytes.len())];
    let mut slots = out.chunks_exact_mut(4);
    let mut groups = bytes.chunks_exact(3);
    for (slot, group) in (&mut slots).zip(&mut groups) {
        if let ([w, x, y, z], &[a, b, c]) = (slot, group) {
            let n = (u32::from(a) << 16) | (u32::from(b) << 8) | u32::from(c);
            (*w, *x, *y, *z) = (
                char_of(n >> 18),
                char_of(n >> 12),
                char_of(n >> 6),
                char_of(n),
            );
        }
    }
    // The tail: one byte is two characters, two bytes are three.
    let (a, b) = match *groups.remainder() {
        [a] => (a, 0),
        [a, b] => (a, b),
        _ => (0, 0),
    };
    let n = (u32::from(a) << 16) | (u32::from(b) << 8);
    let tail = [char_of(n >> 18), char_of(n >> 12), char_of(n >> 6)];
    for (slot, c) in slots.into_remainder().iter_mut().zip(tail) {
        *slot = c;
    }
    // Every byte is from the alphabet, so this is ASCII; it cannot fail.
    String::from_utf8(out).unwrap_or_default()
}

/// The length of the unpadded base64url text of `n` bytes.
pub(crate) fn encoded_len(n: usize) -> usize {
    (n / 3)
        .checked_mul(4)
        .and_then(|full| full.checked_add([0, 2, 3][n % 3]))
        .unwrap_or(usize::MAX)
}

/// Decodes strict unpadded base64url; anything else is `malformed`.
pub(crate) fn decode(text: &str) -> Result<Vec<u8>, CursorError> {
    let bad = || CursorError::Malformed("not strict base64url".into());
    let text = text.as_bytes();
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    let mut groups = text.chunks_exact(4);
    for group in &mut groups {
        if let [a, b, c, d] = *group {
            let (a, b, c, d) = (sextet(a), sextet(b), sextet(c), sextet(d));
            if (a | b | c | d) & VALID_MASK != 0 {
                return Err(bad());
            }
            let n = (a << 18) | (b << 12) | (c << 6) | d;
            out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
        }
    }
    match *groups.remainder() {
        [] => {}
        [a, b] => {
            let (a, b) = (sextet(a), sextet(b));
            // 12 bits carry one byte: the low 4 must be zero.
            if (a | b) & VALID_MASK != 0 || b & 0x0f != 0 {
                return Err(bad());
            }
            out.push(((a << 2) | (b >> 4)) as u8);
        }
        [a, b, c] => {
            let (a, b, c) = (sextet(a), sextet(b), sextet(c));
            // 18 bits carry two bytes: the low 2 must be zero.
            if (a | b | c) & VALID_MASK != 0 || c & 0x03 != 0 {
                return Err(bad());
            }
            let n = (a << 12) | (b << 6) | c;
            out.extend_from_slice(&[(n >> 10) as u8, (n >> 2) as u8]);
        }
        // One character left over cannot carry a byte.
        _ => return Err(bad()),
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
            "AR", "AQ==", "AQ=", "A+", "A/", " AQ", "AQ\n", "A", "AQF", "AQ.", "Zm9v+", "é",
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
        for n in 0..10 {
            assert_eq!(encode(&vec![0xff; n]).len(), encoded_len(n));
        }
        assert_eq!(encoded_len(usize::MAX), usize::MAX);
    }

    /// The hand-written codec against the `base64` crate's strict engine it replaced: the
    /// same text for every byte string, and the same verdict (and bytes) for every text.
    #[test]
    fn agrees_with_the_base64_crate() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in 0..200 {
            for _ in 0..20 {
                let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
                let text = encode(&bytes);
                assert_eq!(text, URL_SAFE_NO_PAD.encode(&bytes));
                assert_eq!(decode(&text).unwrap(), bytes);
            }
        }
        // Texts over the alphabet and its neighbours: every verdict must match.
        let chars = b"AQBgw_-9zZ+/=. \n\x00\xc3\xa9";
        for round in 0..200_000 {
            let len = (round % 13) as usize;
            let raw: Vec<u8> = (0..len)
                .map(|_| chars[(next() % chars.len() as u64) as usize])
                .collect();
            let Ok(text) = std::str::from_utf8(&raw) else {
                continue;
            };
            let theirs = URL_SAFE_NO_PAD.decode(text).ok();
            assert_eq!(decode(text).ok(), theirs, "{text:?}");
        }
        // Every two- and three-character text over all of ASCII.
        for a in 0u8..128 {
            for b in 0u8..128 {
                let two = [a, b];
                let text = std::str::from_utf8(&two).unwrap();
                assert_eq!(decode(text).ok(), URL_SAFE_NO_PAD.decode(text).ok());
                for c in [b'A', b'B', b'D', b'E', b'_', b'-', b'=', b'Q'] {
                    let three = [a, b, c];
                    let text = std::str::from_utf8(&three).unwrap();
                    assert_eq!(decode(text).ok(), URL_SAFE_NO_PAD.decode(text).ok());
                }
            }
        }
    }
}
