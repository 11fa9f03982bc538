//! Strict base64url (RFC 4648 §5) without padding: the alphabet `A-Z a-z 0-9 - _` only, no
//! `=`, no whitespace, and the unused low bits of the last character must be zero, so every
//! byte string has exactly one text form.
//!
//! This is the `base64` crate's `URL_SAFE_NO_PAD` engine, whose decoder already requires no
//! padding and rejects non-zero trailing bits; the wrapper only maps its error to `malformed`.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

use crate::error::CursorError;

/// Encodes bytes as unpadded base64url.
pub(crate) fn encode(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The length of the unpadded base64url text of `n` bytes.
pub(crate) fn encoded_len(n: usize) -> usize {
    base64::encoded_len(n, false).unwrap_or(usize::MAX)
}

/// Decodes strict unpadded base64url; anything else is `malformed`.
pub(crate) fn decode(text: &str) -> Result<Vec<u8>, CursorError> {
    URL_SAFE_NO_PAD
        .decode(text)
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
}
