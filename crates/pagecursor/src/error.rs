//! Errors of the cursor codec.

use crate::prelude::*;
use core::fmt;

/// Why a cursor could not be encoded or decoded. Each variant has a stable [`code`](CursorError::code)
/// that the JS `CursorError` carries as `err.code`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CursorError {
    /// The token is not a well-formed cursor (bad base64url, truncated, bad payload…).
    Malformed(String),
    /// The token (or the token an encode would mint) is longer than the codec's `maxLength`.
    TooLarge {
        /// Length of the token in characters. For a value an encode refused before its token
        /// was built (the JS walker stops at the first string or byte array past the limit),
        /// the length the token would at least have.
        length: usize,
        /// The configured limit.
        max: usize,
    },
    /// The token's version byte is not one this decoder knows.
    UnsupportedVersion(u8),
    /// The signature or AEAD tag does not verify, or the token's mode does not match the codec.
    BadSignature,
    /// The token names a key id that the codec does not hold (or the codec has no keys for a
    /// signed or sealed token, or a signed/sealed codec was configured without keys).
    UnknownKey(String),
    /// A signed or sealed codec was configured without keys; shares the code `unknown_key`.
    NoKeys {
        /// The mode that needs keys: `"signed"` or `"sealed"`.
        mode: &'static str,
    },
    /// The token expired at the given instant (ms since the epoch).
    Expired {
        /// When the token expired, in ms since the Unix epoch.
        expires_at: i64,
    },
    /// The token says it was issued later than the clock allows (now plus the clock-skew
    /// allowance); it shares the code `expired`: the token is outside its validity window.
    IssuedInFuture {
        /// The token's issued-at, in ms since the Unix epoch.
        issued_at: i64,
    },
    /// The token was minted for another scope (query) than the one presented.
    ScopeMismatch,
    /// The value cannot be carried exactly (out-of-range bigint, lone surrogate, function…).
    UnsupportedValue(String),
}

impl CursorError {
    /// The stable string code, as in the JS `CursorError.code`.
    pub fn code(&self) -> &'static str {
        match self {
            CursorError::Malformed(_) => "malformed",
            CursorError::TooLarge { .. } => "too_large",
            CursorError::UnsupportedVersion(_) => "unsupported_version",
            CursorError::BadSignature => "bad_signature",
            CursorError::UnknownKey(_) | CursorError::NoKeys { .. } => "unknown_key",
            CursorError::Expired { .. } | CursorError::IssuedInFuture { .. } => "expired",
            CursorError::ScopeMismatch => "scope_mismatch",
            CursorError::UnsupportedValue(_) => "unsupported_value",
        }
    }
}

impl CursorError {
    /// The message of the error, as `Display` prints it (built from its pieces: see
    /// [`decimal`]).
    pub fn message(&self) -> String {
        match self {
            CursorError::Malformed(why) => ["malformed cursor: ", why].concat(),
            CursorError::TooLarge { length, max } => [
                "cursor is ",
                &decimal(*length as u64),
                " characters long, more than the limit of ",
                &decimal(*max as u64),
            ]
            .concat(),
            CursorError::UnsupportedVersion(v) => {
                ["unsupported cursor version ", &decimal(u64::from(*v))].concat()
            }
            CursorError::BadSignature => "cursor signature does not verify".to_owned(),
            CursorError::UnknownKey(id) => {
                ["cursor was signed with unknown key id \"", id, "\""].concat()
            }
            CursorError::NoKeys { mode } => ["mode \"", mode, "\" needs at least one key"].concat(),
            CursorError::Expired { expires_at } => [
                "cursor expired at ",
                &signed_decimal(*expires_at),
                " ms since the epoch",
            ]
            .concat(),
            CursorError::IssuedInFuture { issued_at } => [
                "cursor was issued at ",
                &signed_decimal(*issued_at),
                " ms since the epoch, beyond the clock-skew allowance",
            ]
            .concat(),
            CursorError::ScopeMismatch => "cursor belongs to another query scope".to_owned(),
            CursorError::UnsupportedValue(why) => ["unsupported cursor value: ", why].concat(),
        }
    }
}

impl fmt::Display for CursorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

/// `n` in decimal, printed by the `itoa` crate. The crate's messages are built from their pieces
/// with it (`[..].concat()`), not with `write!` or `format!`: their argument tables and calls
/// into the formatting engine cost code at every site, and integer `Display` links its own
/// printers (bench/README.md, "What was tried"). `itoa` costs 165 B gzip more than a printer by
/// hand; it is the well-kept library for exactly this.
pub fn decimal(n: u64) -> String {
    itoa::Buffer::new().format(n).to_owned()
}

/// `n` in decimal, with a `-` when negative (see [`decimal`]).
pub(crate) fn signed_decimal(n: i64) -> String {
    let digits = decimal(n.unsigned_abs());
    if n < 0 {
        ["-", &digits].concat()
    } else {
        digits
    }
}

impl core::error::Error for CursorError {}

/// `s` in double quotes, as messages name a key or field: `"id"`. Quotes, backslashes and
/// control characters are escaped as Rust's `{:?}` does; other characters are kept as they are
/// (`{:?}` also escapes unprintable Unicode, which links its tables and escaper into the wasm).
pub fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if c.is_control() => {
                out.push_str("\\u{");
                let hex = b"0123456789abcdef";
                let code = u32::from(c);
                let digits = (32 - code.leading_zeros()).div_ceil(4).max(1);
                for shift in (0..digits).rev() {
                    out.push(char::from(hex[((code >> (4 * shift)) & 0xf) as usize]));
                }
                out.push('}');
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::{decimal, quoted, signed_decimal};

    #[test]
    fn prints_decimals() {
        for n in [0, 7, 10, 99, 1234567890, 1 << 53, u64::MAX] {
            assert_eq!(decimal(n), n.to_string());
        }
        for n in [0, 1, -1, 42, -1_714_566_896_789, i64::MAX, i64::MIN] {
            assert_eq!(signed_decimal(n), n.to_string());
        }
    }

    #[test]
    fn quoted_matches_debug_for_printable_and_control_characters() {
        for s in [
            "",
            "id",
            "created_at",
            "a\"b\\c",
            "tab\there\nnew\rline\0nul",
            "\u{1}\u{1f}\u{7f}\u{80}\u{9f}",
            "Zoë Ångström 🦀 中文 'single'",
        ] {
            assert_eq!(quoted(s), format!("{s:?}"), "{s:?}");
        }
    }
}
