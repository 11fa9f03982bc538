//! Errors of the cursor codec.

use std::fmt;

/// Why a cursor could not be encoded or decoded. Each variant has a stable [`code`](CursorError::code)
/// that the JS `CursorError` carries as `err.code`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CursorError {
    /// The token is not a well-formed cursor (bad base64url, truncated, bad payload…).
    Malformed(String),
    /// The token (or the token an encode would mint) is longer than the codec's `maxLength`.
    TooLarge {
        /// Length of the token in characters.
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

impl fmt::Display for CursorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CursorError::Malformed(why) => write!(f, "malformed cursor: {why}"),
            CursorError::TooLarge { length, max } => {
                write!(
                    f,
                    "cursor is {length} characters long, more than the limit of {max}"
                )
            }
            CursorError::UnsupportedVersion(v) => write!(f, "unsupported cursor version {v}"),
            CursorError::BadSignature => write!(f, "cursor signature does not verify"),
            CursorError::UnknownKey(id) => {
                write!(f, "cursor was signed with unknown key id \"{id}\"")
            }
            CursorError::NoKeys { mode } => {
                write!(f, "mode \"{mode}\" needs at least one key")
            }
            CursorError::Expired { expires_at } => {
                write!(f, "cursor expired at {expires_at} ms since the epoch")
            }
            CursorError::IssuedInFuture { issued_at } => write!(
                f,
                "cursor was issued at {issued_at} ms since the epoch, beyond the clock-skew allowance"
            ),
            CursorError::ScopeMismatch => write!(f, "cursor belongs to another query scope"),
            CursorError::UnsupportedValue(why) => write!(f, "unsupported cursor value: {why}"),
        }
    }
}

impl std::error::Error for CursorError {}

/// `s` in double quotes, as messages name a key or field: `"id"`. Quotes, backslashes and
/// control characters are escaped as Rust's `{:?}` does; other characters are kept as they are
/// (`{:?}` also escapes unprintable Unicode, which links its tables and escaper into the wasm).
pub(crate) fn quoted(s: &str) -> String {
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
    use super::quoted;

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
