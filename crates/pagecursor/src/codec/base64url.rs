//! Strict base64url (RFC 4648 §5) without padding: the alphabet `A-Z a-z 0-9 - _` only, no
//! `=`, no whitespace, and the unused low bits of the last character must be zero, so every
//! byte string has exactly one text form.
//!
//! This is RustCrypto's `base64ct` (`Base64UrlUnpadded`), whose decoder already requires no
//! padding and rejects non-zero trailing bits; the wrapper only maps its error to `malformed`.
//! It replaced the `base64` crate's `URL_SAFE_NO_PAD` engine for size (2.6 KB gzip of the wasm);
//! that engine stays the tests' reference, here and in tests/codec_vectors.rs.

use crate::prelude::*;
use base64ct::{Base64UrlUnpadded, Encoding as _};

use crate::error::CursorError;

/// Encodes bytes as unpadded base64url.
pub(crate) fn encode(bytes: &[u8]) -> String {
    Base64UrlUnpadded::encode_string(bytes)
}

/// The length of the unpadded base64url text of `n` bytes.
pub(crate) fn encoded_len(n: usize) -> usize {
    n.checked_mul(4).map_or(usize::MAX, |b| b.div_ceil(3))
}

/// Decodes strict unpadded base64url; anything else is `malformed`.
pub fn decode(text: &str) -> Result<Vec<u8>, CursorError> {
    Base64UrlUnpadded::decode_vec(text)
        .map_err(|_| CursorError::Malformed("not strict base64url".into()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

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

    /// The same text as the `base64` crate's strict engine for every byte string tried, and the
    /// same verdict on every text of up to 3 characters over the alphabet and some outsiders.
    #[test]
    fn agrees_with_the_base64_crate() {
        use base64::engine::general_purpose::URL_SAFE_NO_PAD;
        use base64::Engine as _;
        for n in 0..70usize {
            let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + n * 11) as u8).collect();
            let text = encode(&bytes);
            assert_eq!(text, URL_SAFE_NO_PAD.encode(&bytes), "{n} bytes");
            assert_eq!(text.len(), encoded_len(n));
            assert_eq!(decode(&text).unwrap(), bytes);
        }
        let chars: Vec<char> = "AQRZaz09-_+/= .\u{e9}".chars().collect();
        let mut texts = vec![String::new()];
        for _ in 0..3 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| {
                    chars
                        .iter()
                        .map(move |c| [t.as_str(), &c.to_string()].concat())
                })
                .collect();
            texts.extend(longer);
        }
        texts.sort();
        texts.dedup();
        for t in &texts {
            assert_eq!(decode(t).ok(), URL_SAFE_NO_PAD.decode(t).ok(), "{t:?}");
        }
    }
}
