//! The cursor codec: values in, opaque URL-safe tokens out, and back.
//!
//! This is the first vertical slice (plain mode, a simple tagged payload); the full format v1
//! (signed and sealed modes, key rotation, expiry, scope binding) replaces the payload format.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

use crate::error::CursorError;
use crate::value::{Value, INT_MAX, INT_MIN};

/// The format version this codec mints.
pub const VERSION: u8 = 1;
/// The default `maxLength` of a token, in characters.
pub const DEFAULT_MAX_LENGTH: usize = 4096;
/// Nesting deeper than this is refused at encode and at decode.
pub const MAX_DEPTH: usize = 64;

/// Which way a cursor points from its boundary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Direction {
    /// Rows after the boundary (the next page).
    #[default]
    After,
    /// Rows before the boundary (the previous page).
    Before,
}

impl Direction {
    /// `"after"` or `"before"`, as in JS.
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::After => "after",
            Direction::Before => "before",
        }
    }
}

/// A parallel-scan segment: `segment` is 0-based and below `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// 0-based segment number.
    pub segment: u32,
    /// Number of segments of the scan.
    pub total: u32,
}

/// Options of [`CursorCodec::encode`].
#[derive(Clone, Debug, Default)]
pub struct EncodeOptions {
    /// After (default) or before the boundary.
    pub direction: Direction,
    /// Binds the token to a query: decode must present an equal scope.
    pub scope: Option<Value>,
    /// The parallel-scan segment the cursor belongs to.
    pub segment: Option<Segment>,
    /// Time to live in seconds, overriding the codec's.
    pub ttl: Option<u64>,
    /// The clock reading to use (ms since the epoch) instead of the codec's clock.
    pub now_ms: Option<i64>,
}

/// Options of [`CursorCodec::decode`].
#[derive(Clone, Debug, Default)]
pub struct DecodeOptions {
    /// The scope of the query the token is presented to.
    pub scope: Option<Value>,
    /// The clock reading to use (ms since the epoch) instead of the codec's clock.
    pub now_ms: Option<i64>,
}

/// A decoded cursor.
#[derive(Clone, Debug, PartialEq)]
pub struct Cursor {
    /// The boundary value the cursor carries.
    pub value: Value,
    /// After or before the boundary.
    pub direction: Direction,
    /// When the token was minted (ms since the epoch), where it says.
    pub issued_at: Option<i64>,
    /// When the token expires (ms since the epoch), where it says.
    pub expires_at: Option<i64>,
    /// The id of the key that signed or sealed the token.
    pub key_id: Option<String>,
    /// The parallel-scan segment, where the token carries one.
    pub segment: Option<Segment>,
}

/// Options of [`CursorCodec::new`].
#[derive(Clone, Debug)]
pub struct CodecOptions {
    /// Tokens longer than this are `too_large`, at decode and at encode.
    pub max_length: usize,
}

impl Default for CodecOptions {
    fn default() -> Self {
        CodecOptions {
            max_length: DEFAULT_MAX_LENGTH,
        }
    }
}

/// Mints and checks cursors.
#[derive(Clone, Debug)]
pub struct CursorCodec {
    max_length: usize,
}

impl Default for CursorCodec {
    fn default() -> Self {
        CursorCodec::new(CodecOptions::default())
    }
}

impl CursorCodec {
    /// A codec with the given options.
    pub fn new(options: CodecOptions) -> CursorCodec {
        CursorCodec {
            max_length: options.max_length,
        }
    }

    /// Mints a token for `value`.
    pub fn encode(&self, value: &Value, options: &EncodeOptions) -> Result<String, CursorError> {
        let mut bytes = vec![
            VERSION,
            0,
            matches!(options.direction, Direction::Before) as u8,
        ];
        write_value(&mut bytes, value, 0)?;
        let token = URL_SAFE_NO_PAD.encode(&bytes);
        if token.len() > self.max_length {
            return Err(CursorError::TooLarge {
                length: token.len(),
                max: self.max_length,
            });
        }
        Ok(token)
    }

    /// Checks and decodes a token.
    pub fn decode(&self, token: &str, _options: &DecodeOptions) -> Result<Cursor, CursorError> {
        if token.len() > self.max_length {
            return Err(CursorError::TooLarge {
                length: token.len(),
                max: self.max_length,
            });
        }
        if token.is_empty() {
            return Err(CursorError::Malformed("empty token".into()));
        }
        let bytes = URL_SAFE_NO_PAD
            .decode(token)
            .map_err(|e| CursorError::Malformed(format!("not base64url: {e}")))?;
        let mut r = Reader {
            bytes: &bytes,
            pos: 0,
        };
        let version = r.byte()?;
        if version != VERSION {
            return Err(CursorError::UnsupportedVersion(version));
        }
        if r.byte()? != 0 {
            return Err(CursorError::BadSignature);
        }
        let direction = match r.byte()? {
            0 => Direction::After,
            1 => Direction::Before,
            d => return Err(CursorError::Malformed(format!("bad direction {d}"))),
        };
        let value = read_value(&mut r, 0)?;
        if r.pos != bytes.len() {
            return Err(CursorError::Malformed("trailing bytes".into()));
        }
        Ok(Cursor {
            value,
            direction,
            issued_at: None,
            expires_at: None,
            key_id: None,
            segment: None,
        })
    }
}

/// Mints a plain token with the default options.
pub fn encode_cursor(value: &Value) -> Result<String, CursorError> {
    CursorCodec::default().encode(value, &EncodeOptions::default())
}

/// Decodes a plain token with the default options.
pub fn decode_cursor(token: &str) -> Result<Cursor, CursorError> {
    CursorCodec::default().decode(token, &DecodeOptions::default())
}

fn write_len(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&(n as u32).to_be_bytes());
}

fn write_value(out: &mut Vec<u8>, value: &Value, depth: usize) -> Result<(), CursorError> {
    if depth > MAX_DEPTH {
        return Err(CursorError::UnsupportedValue(format!(
            "nesting deeper than {MAX_DEPTH}"
        )));
    }
    match value {
        Value::Null => out.push(0),
        Value::Bool(b) => out.push(if *b { 2 } else { 1 }),
        Value::Float(f) => {
            out.push(3);
            out.extend_from_slice(&f.to_bits().to_be_bytes());
        }
        Value::Int(i) => {
            if *i < INT_MIN || *i > INT_MAX {
                return Err(CursorError::UnsupportedValue(format!(
                    "integer {i} is out of range"
                )));
            }
            out.push(4);
            out.extend_from_slice(&i.to_be_bytes());
        }
        Value::String(s) => {
            out.push(5);
            write_len(out, s.len());
            out.extend_from_slice(s.as_bytes());
        }
        Value::Bytes(b) => {
            out.push(6);
            write_len(out, b.len());
            out.extend_from_slice(b);
        }
        Value::Date(ms) => {
            out.push(7);
            out.extend_from_slice(&ms.to_be_bytes());
        }
        Value::List(items) => {
            out.push(8);
            write_len(out, items.len());
            for item in items {
                write_value(out, item, depth + 1)?;
            }
        }
        Value::Map(entries) => {
            out.push(9);
            write_len(out, entries.len());
            for (k, v) in entries {
                write_len(out, k.len());
                out.extend_from_slice(k.as_bytes());
                write_value(out, v, depth + 1)?;
            }
        }
    }
    Ok(())
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], CursorError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| CursorError::Malformed("truncated".into()))?;
        let s = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    fn byte(&mut self) -> Result<u8, CursorError> {
        Ok(self.take(1)?[0])
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N], CursorError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }
    fn len(&mut self) -> Result<usize, CursorError> {
        Ok(u32::from_be_bytes(self.array()?) as usize)
    }
    fn string(&mut self) -> Result<String, CursorError> {
        let n = self.len()?;
        let raw = self.take(n)?;
        String::from_utf8(raw.to_vec()).map_err(|_| CursorError::Malformed("invalid utf-8".into()))
    }
}

fn read_value(r: &mut Reader<'_>, depth: usize) -> Result<Value, CursorError> {
    if depth > MAX_DEPTH {
        return Err(CursorError::Malformed(format!(
            "nesting deeper than {MAX_DEPTH}"
        )));
    }
    Ok(match r.byte()? {
        0 => Value::Null,
        1 => Value::Bool(false),
        2 => Value::Bool(true),
        3 => Value::Float(f64::from_bits(u64::from_be_bytes(r.array()?))),
        4 => Value::Int(i128::from_be_bytes(r.array()?)),
        5 => Value::String(r.string()?),
        6 => {
            let n = r.len()?;
            Value::Bytes(r.take(n)?.to_vec())
        }
        7 => Value::Date(i64::from_be_bytes(r.array()?)),
        8 => {
            let n = r.len()?;
            let mut items = Vec::new();
            for _ in 0..n {
                items.push(read_value(r, depth + 1)?);
            }
            Value::List(items)
        }
        9 => {
            let n = r.len()?;
            let mut entries = Vec::new();
            for _ in 0..n {
                let k = r.string()?;
                entries.push((k, read_value(r, depth + 1)?));
            }
            Value::Map(entries)
        }
        t => return Err(CursorError::Malformed(format!("unknown value type {t}"))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_a_keyset_boundary() {
        let v = Value::map([
            ("createdAt", Value::Date(1_714_566_896_789)),
            ("id", Value::Int(7)),
        ]);
        let token = encode_cursor(&v).unwrap();
        assert!(token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_eq!(decode_cursor(&token).unwrap().value, v);
    }

    #[test]
    fn rejects_garbage_with_a_code() {
        for bad in ["", "!!!", "AQ==", "a+b/", "AQ", "AgAA"] {
            let err = decode_cursor(bad).unwrap_err();
            assert!(!err.code().is_empty(), "{bad}");
        }
    }
}
