//! Strict base64url (RFC 4648 §5) without padding: the alphabet `A-Z a-z 0-9 - _` only, no
//! `=`, no whitespace, and the unused low bits of the last character must be zero, so every
//! byte string has exactly one text form.

use base64::alphabet::URL_SAFE;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;

use crate::error::CursorError;

const STRICT: GeneralPurpose = GeneralPurpose::new(
    &URL_SAFE,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_padding_mode(DecodePaddingMode::RequireNone)
        .with_decode_allow_trailing_bits(false),
);

/// Encodes bytes as unpadded base64url.
pub(crate) fn encode(bytes: &[u8]) -> String {
    STRICT.encode(bytes)
}

/// The length of the unpadded base64url text of `n` bytes.
pub(crate) fn encoded_len(n: usize) -> usize {
    n / 3 * 4 + [0, 2, 3][n % 3]
}

/// Decodes strict unpadded base64url; anything else is `malformed`.
pub(crate) fn decode(text: &str) -> Result<Vec<u8>, CursorError> {
    STRICT
        .decode(text)
        .map_err(|e| CursorError::Malformed(format!("not strict base64url: {e}")))
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
            "AR", "AQ==", "AQ=", "A+", "A/", " AQ", "AQ\n", "A", "AQ.", "Zm9v+",
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
        for n in 0..10 {
            assert_eq!(encode(&vec![0xff; n]).len(), encoded_len(n));
        }
    }
}
