//! The payload encoding of format v1: a compact, deterministic, self-describing binary
//! encoding of [`Value`] (specified in `docs/cursor-format.md`, "Payload").
//!
//! Every value has exactly one encoding and the decoder accepts nothing else, so
//! `encode(decode(bytes)) == bytes` for every accepted `bytes`. The head byte of a string,
//! byte string, list or map carries lengths below 31 inline; integers and integral JS numbers
//! are LEB128 varints, which is what keeps a signed two-column keyset cursor within 64
//! characters (a CBOR profile spends 5 to 9 bytes on the same integers).

use crate::error::CursorError;
use crate::prelude::*;
use crate::value::{Value, INT_MAX, INT_MIN};

use super::MAX_DEPTH;

/// Head bytes of the scalar types.
pub(crate) const NULL: u8 = 0x00;
pub(crate) const FALSE: u8 = 0x01;
pub(crate) const TRUE: u8 = 0x02;
/// A JS number that is not a safe integer (or is `-0`): 8 bytes, IEEE-754 big-endian.
pub(crate) const FLOAT64: u8 = 0x03;
/// A JS number that is a safe integer `n >= 0` (not `-0`): varint `n`.
pub(crate) const NUMBER_POS: u8 = 0x04;
/// A JS number that is a safe integer `n < 0`: varint `-1 - n`.
pub(crate) const NUMBER_NEG: u8 = 0x05;
/// A bigint `n >= 0`: varint `n`.
pub(crate) const BIGINT_POS: u8 = 0x06;
/// A bigint `n < 0`: varint `-1 - n`.
pub(crate) const BIGINT_NEG: u8 = 0x07;
/// A Date: zigzag varint of its milliseconds since the epoch.
pub(crate) const DATE: u8 = 0x08;
/// Base head bytes of the sized types; the low 5 bits hold the length (31 = varint follows).
pub(crate) const STRING: u8 = 0x20;
pub(crate) const BYTES: u8 = 0x40;
pub(crate) const LIST: u8 = 0x60;
pub(crate) const MAP: u8 = 0x80;
/// Low 5 bits value meaning "the length follows as a varint".
const LONG: u8 = 31;

/// The largest safe integer of JS, `2^53 - 1`.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
/// The range of a valid JS Date, in ms either side of the epoch.
pub(crate) const MAX_DATE_MS: i64 = 8_640_000_000_000_000;
/// The one NaN bit pattern the format carries (JS has a single observable NaN).
const CANONICAL_NAN: u64 = 0x7ff8_0000_0000_0000;

fn malformed(why: &str) -> CursorError {
    CursorError::Malformed(why.into())
}

/// Appends `n` as an unsigned LEB128 varint (minimal by construction).
pub(crate) fn write_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn zigzag(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)) as u64
}

fn unzigzag(n: u64) -> i64 {
    ((n >> 1) as i64) ^ -((n & 1) as i64)
}

/// Whether a JS number travels in the integer form (a safe integer that is not `-0`).
fn is_number_int(f: f64) -> bool {
    crate::value::is_whole(f) && f.abs() <= MAX_SAFE && !(f == 0.0 && f.is_sign_negative())
}

fn write_head(out: &mut Vec<u8>, base: u8, len: usize) {
    if len < LONG as usize {
        out.push(base | len as u8);
    } else {
        out.push(base | LONG);
        write_varint(out, len as u64);
    }
}

/// Encodes `value`, keeping map order (the payload) or sorting map keys (a canonical scope).
pub(crate) fn encode(value: &Value, sort_maps: bool) -> Result<Vec<u8>, CursorError> {
    let mut out = Vec::new();
    write_value(&mut out, value, 0, sort_maps)?;
    Ok(out)
}

/// Appends the payload of `value` (map order kept) to `out` (the bindings' `from_value`).
pub fn write(out: &mut Vec<u8>, value: &Value) -> Result<(), CursorError> {
    write_value(out, value, 0, false)
}

fn unsupported(why: String) -> CursorError {
    CursorError::UnsupportedValue(why)
}

fn write_value(
    out: &mut Vec<u8>,
    value: &Value,
    depth: usize,
    sort_maps: bool,
) -> Result<(), CursorError> {
    match value {
        Value::Null => out.push(NULL),
        Value::Bool(false) => out.push(FALSE),
        Value::Bool(true) => out.push(TRUE),
        Value::Float(f) => {
            if is_number_int(*f) {
                if *f >= 0.0 {
                    out.push(NUMBER_POS);
                    write_varint(out, *f as u64);
                } else {
                    out.push(NUMBER_NEG);
                    write_varint(out, (-1.0 - *f) as u64);
                }
            } else {
                let bits = if f.is_nan() {
                    CANONICAL_NAN
                } else {
                    f.to_bits()
                };
                out.push(FLOAT64);
                out.extend_from_slice(&bits.to_be_bytes());
            }
        }
        Value::Int(i) => {
            if !(INT_MIN..=INT_MAX).contains(i) {
                return Err(unsupported("integer is outside [-2^63, 2^64-1]".into()));
            }
            if *i >= 0 {
                out.push(BIGINT_POS);
                write_varint(out, *i as u64);
            } else {
                out.push(BIGINT_NEG);
                write_varint(out, (-1 - *i) as u64);
            }
        }
        Value::String(s) => {
            write_head(out, STRING, s.len());
            out.extend_from_slice(s.as_bytes());
        }
        Value::Bytes(b) => {
            write_head(out, BYTES, b.len());
            out.extend_from_slice(b);
        }
        Value::Date(ms) => {
            if !(-MAX_DATE_MS..=MAX_DATE_MS).contains(ms) {
                return Err(unsupported("date is outside the range of a JS Date".into()));
            }
            out.push(DATE);
            write_varint(out, zigzag(*ms));
        }
        Value::List(items) => {
            check_depth(depth)?;
            write_head(out, LIST, items.len());
            for item in items {
                write_value(out, item, depth + 1, sort_maps)?;
            }
        }
        Value::Map(entries) => {
            check_depth(depth)?;
            let mut order: Vec<&(String, Value)> = entries.iter().collect();
            sort_by_key_bytes(&mut order);
            if order.windows(2).any(|w| w[0].0 == w[1].0) {
                return Err(unsupported("map has a duplicate key".into()));
            }
            if !sort_maps {
                order = entries.iter().collect();
            }
            write_head(out, MAP, entries.len());
            for (k, v) in order {
                write_varint(out, k.len() as u64);
                out.extend_from_slice(k.as_bytes());
                write_value(out, v, depth + 1, sort_maps)?;
            }
        }
    }
    Ok(())
}

/// Insertion sort by the UTF-8 bytes of the keys: maps in cursors are small, and the
/// standard library's sort would add several kilobytes to the wasm.
fn sort_by_key_bytes(entries: &mut [&(String, Value)]) {
    for i in 1..entries.len() {
        let mut j = i;
        while j > 0 && entries[j - 1].0.as_bytes() > entries[j].0.as_bytes() {
            entries.swap(j - 1, j);
            j -= 1;
        }
    }
}

fn check_depth(depth: usize) -> Result<(), CursorError> {
    if depth >= MAX_DEPTH {
        Err(unsupported("nesting deeper than 64".into()))
    } else {
        Ok(())
    }
}

/// A cursor over untrusted bytes: every read checks the remaining length first, so nothing
/// is ever allocated by a length the input claims before the bytes are known to be there.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, pos: 0 }
    }

    pub(crate) fn position(&self) -> usize {
        self.pos
    }

    #[inline(always)]
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    #[inline(always)]
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], CursorError> {
        if n > self.remaining() {
            return Err(malformed("truncated"));
        }
        let start = self.pos;
        self.pos += n;
        Ok(self.bytes.get(start..self.pos).unwrap_or_default())
    }

    #[inline(always)]
    pub(crate) fn byte(&mut self) -> Result<u8, CursorError> {
        Ok(self.take(1)?.first().copied().unwrap_or_default())
    }

    /// Reads a minimal LEB128 varint of at most 64 bits.
    pub(crate) fn varint(&mut self) -> Result<u64, CursorError> {
        let mut n: u64 = 0;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            let part = u64::from(b & 0x7f);
            if shift == 63 && part > 1 {
                return Err(malformed("varint overflows 64 bits"));
            }
            n |= part << shift;
            if b & 0x80 == 0 {
                if b == 0 && shift > 0 {
                    return Err(malformed("varint is not minimal"));
                }
                return Ok(n);
            }
        }
        Err(malformed("varint overflows 64 bits"))
    }

    /// Reads a varint that must fit a length, and checks that at least `min_each * n` bytes
    /// remain (each item of a list or map takes at least one byte).
    fn length(&mut self, min_each: usize) -> Result<usize, CursorError> {
        let n = usize::try_from(self.varint()?).map_err(|_| malformed("length too large"))?;
        if n.saturating_mul(min_each) > self.remaining() {
            return Err(malformed("truncated"));
        }
        Ok(n)
    }

    fn sized(&mut self, info: u8, min_each: usize) -> Result<usize, CursorError> {
        if info < LONG {
            let n = usize::from(info);
            if n.saturating_mul(min_each) > self.remaining() {
                return Err(malformed("truncated"));
            }
            return Ok(n);
        }
        let n = self.length(min_each)?;
        if n < usize::from(LONG) {
            return Err(malformed("length is not in its shortest form"));
        }
        Ok(n)
    }

    #[inline(always)]
    fn text_ref(&mut self, n: usize) -> Result<&'a str, CursorError> {
        let raw = self.take(n)?;
        core::str::from_utf8(raw).map_err(|_| malformed("string is not valid UTF-8"))
    }

    fn text(&mut self, n: usize) -> Result<String, CursorError> {
        let raw = self.take(n)?;
        core::str::from_utf8(raw)
            .map(str::to_owned)
            .map_err(|_| malformed("string is not valid UTF-8"))
    }
}

/// Decodes exactly one value that must span all of `bytes`, except for zero bytes after it
/// when the plaintext is `padded`.
pub fn decode(bytes: &[u8], padded: bool) -> Result<Value, CursorError> {
    let mut r = Reader::new(bytes);
    let value = read_value(&mut r, 0)?;
    let rest = r.take(r.remaining())?;
    if !padded && !rest.is_empty() {
        return Err(malformed("trailing bytes after the value"));
    }
    if rest.iter().any(|&b| b != 0) {
        return Err(malformed("padding is not zero bytes"));
    }
    Ok(value)
}

/// Checks that `bytes` are exactly one canonical value, followed by zero bytes only when
/// `padded`: accepts exactly what [`decode`] accepts (a unit test holds them together), with
/// the same errors, but builds nothing, so bindings that build their own value from the bytes
/// do not pay for a [`Value`] as well.
pub(crate) fn check(bytes: &[u8], padded: bool) -> Result<(), CursorError> {
    let mut r = Reader::new(bytes);
    check_value(&mut r, 0)?;
    let rest = r.take(r.remaining())?;
    if !padded && !rest.is_empty() {
        return Err(malformed("trailing bytes after the value"));
    }
    if rest.iter().any(|&b| b != 0) {
        return Err(malformed("padding is not zero bytes"));
    }
    Ok(())
}

/// [`read_value`] without building the value.
fn check_value(r: &mut Reader<'_>, depth: usize) -> Result<(), CursorError> {
    let head = r.byte()?;
    let info = head & 0x1f;
    match head & 0xe0 {
        0x00 => match head {
            NULL | FALSE | TRUE => {}
            FLOAT64 | NUMBER_POS | NUMBER_NEG | BIGINT_POS | BIGINT_NEG | DATE => {
                // Scalars are cheap: read them the one way.
                let mut one = Reader::new(r.bytes.get(r.pos - 1..).unwrap_or_default());
                read_value(&mut one, depth)?;
                r.pos += one.pos - 1;
            }
            _ => return Err(malformed("unknown value type")),
        },
        STRING => {
            let n = r.sized(info, 1)?;
            r.text_ref(n)?;
        }
        BYTES => {
            let n = r.sized(info, 1)?;
            r.take(n)?;
        }
        LIST => {
            if depth >= MAX_DEPTH {
                return Err(malformed("nesting too deep"));
            }
            let n = r.sized(info, 1)?;
            for _ in 0..n {
                check_value(r, depth + 1)?;
            }
        }
        MAP => {
            if depth >= MAX_DEPTH {
                return Err(malformed("nesting too deep"));
            }
            let n = r.sized(info, 2)?;
            // Cursor maps are small: their keys fit on the stack, with no allocation per map
            // (this runs for every token minted or read from JS).
            let mut few: [&str; 8] = [""; 8];
            let mut many: Vec<&str> = Vec::new();
            for i in 0..n {
                let len = r.length(1)?;
                let key = r.text_ref(len)?;
                let seen = match few.get(..i) {
                    Some(keys) if n <= few.len() => keys,
                    _ => &many,
                };
                if seen.contains(&key) {
                    return Err(malformed("map has a duplicate key"));
                }
                match few.get_mut(i) {
                    Some(slot) if n <= 8 => *slot = key,
                    _ => many.push(key),
                }
                check_value(r, depth + 1)?;
            }
        }
        _ => return Err(malformed("unknown value type")),
    }
    Ok(())
}

fn read_value(r: &mut Reader<'_>, depth: usize) -> Result<Value, CursorError> {
    let head = r.byte()?;
    let info = head & 0x1f;
    Ok(match head & 0xe0 {
        0x00 => match head {
            NULL => Value::Null,
            FALSE => Value::Bool(false),
            TRUE => Value::Bool(true),
            FLOAT64 => {
                let mut raw = [0u8; 8];
                raw.copy_from_slice(r.take(8)?);
                let bits = u64::from_be_bytes(raw);
                let f = f64::from_bits(bits);
                if is_number_int(f) {
                    return Err(malformed("safe integer number in the float form"));
                }
                if f.is_nan() && bits != CANONICAL_NAN {
                    return Err(malformed("non-canonical NaN"));
                }
                Value::Float(f)
            }
            NUMBER_POS | NUMBER_NEG => {
                let n = r.varint()?;
                if n > (1 << 53) - 1 - u64::from(head == NUMBER_NEG) {
                    return Err(malformed("integer number beyond 2^53 - 1"));
                }
                let f = n as f64;
                Value::Float(if head == NUMBER_POS { f } else { -1.0 - f })
            }
            BIGINT_POS => Value::Int(i128::from(r.varint()?)),
            BIGINT_NEG => {
                let n = r.varint()?;
                if n > i64::MAX as u64 {
                    return Err(malformed("bigint below -2^63"));
                }
                Value::Int(-1 - i128::from(n))
            }
            DATE => {
                let ms = unzigzag(r.varint()?);
                if !(-MAX_DATE_MS..=MAX_DATE_MS).contains(&ms) {
                    return Err(malformed("date outside the range of a JS Date"));
                }
                Value::Date(ms)
            }
            _ => return Err(malformed("unknown value type")),
        },
        STRING => {
            let n = r.sized(info, 1)?;
            Value::String(r.text(n)?)
        }
        BYTES => {
            let n = r.sized(info, 1)?;
            Value::Bytes(r.take(n)?.to_vec())
        }
        LIST => {
            if depth >= MAX_DEPTH {
                return Err(malformed("nesting too deep"));
            }
            let n = r.sized(info, 1)?;
            let mut items = Vec::with_capacity(n);
            for _ in 0..n {
                items.push(read_value(r, depth + 1)?);
            }
            Value::List(items)
        }
        MAP => {
            if depth >= MAX_DEPTH {
                return Err(malformed("nesting too deep"));
            }
            // An entry takes at least 2 bytes: a key length and a value head.
            let n = r.sized(info, 2)?;
            let mut entries: Vec<(String, Value)> = Vec::with_capacity(n);
            for _ in 0..n {
                let len = r.length(1)?;
                let key = r.text(len)?;
                if entries.iter().any(|(k, _)| *k == key) {
                    return Err(malformed("map has a duplicate key"));
                }
                let value = read_value(r, depth + 1)?;
                entries.push((key, value));
            }
            Value::Map(entries)
        }
        _ => return Err(malformed("unknown value type")),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn round(v: &Value) -> Vec<u8> {
        let bytes = encode(v, false).unwrap();
        let back = decode(&bytes, false).unwrap();
        assert_eq!(&back, v);
        assert_eq!(encode(&back, false).unwrap(), bytes);
        bytes
    }

    #[test]
    fn scalars_have_the_documented_bytes() {
        assert_eq!(round(&Value::Null), [0x00]);
        assert_eq!(round(&Value::Float(0.0)), [0x04, 0x00]);
        assert_eq!(round(&Value::Float(-1.0)), [0x05, 0x00]);
        assert_eq!(round(&Value::Float(300.0)), [0x04, 0xac, 0x02]);
        assert_eq!(
            round(&Value::Float(-0.0)),
            [0x03, 0x80, 0, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(round(&Value::Int(0)), [0x06, 0x00]);
        assert_eq!(round(&Value::Int(-1)), [0x07, 0x00]);
        assert_eq!(round(&Value::Date(-1)), [0x08, 0x01]);
        assert_eq!(round(&Value::from("a")), [0x21, b'a']);
        assert_eq!(
            round(&Value::map([("k", Value::Null)])),
            [0x81, 0x01, b'k', 0x00]
        );
    }

    #[test]
    fn extremes_round_trip() {
        for v in [
            Value::Int(INT_MIN),
            Value::Int(INT_MAX),
            Value::Float(f64::NAN),
            Value::Float(f64::INFINITY),
            Value::Float(f64::NEG_INFINITY),
            Value::Float(MAX_SAFE),
            Value::Float(-MAX_SAFE),
            Value::Float(MAX_SAFE + 1.0),
            Value::Float(f64::MIN_POSITIVE / 2.0),
            Value::Date(MAX_DATE_MS),
            Value::Date(-MAX_DATE_MS),
            Value::String("x".repeat(31)),
            Value::Bytes(vec![7; 300]),
        ] {
            round(&v);
        }
    }

    #[test]
    fn non_canonical_forms_are_malformed() {
        for bad in [
            &[0x04, 0x80, 0x00][..],                     // non-minimal varint
            &[0x03, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0],       // 1.0 in the float form
            &[0x03, 0x7f, 0xf8, 0, 0, 0, 0, 0, 1],       // NaN with a payload
            &[0x3f, 0x01, b'a'],                         // short string with a long head
            &[0x82, 0x01, b'a', 0x00, 0x01, b'a', 0x00], // duplicate key
            &[0x00, 0x00],                               // trailing byte
            &[
                0x07, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01,
            ], // < -2^63
            &[0x09],                                     // unknown type
            &[0xa0],                                     // unknown major
            &[0x22, 0xc3, 0x28],                         // invalid UTF-8
            &[0x7f, 0xff, 0xff, 0xff, 0xff, 0x0f],       // huge list count, no items
        ] {
            assert_eq!(
                decode(bad, false).unwrap_err().code(),
                "malformed",
                "{bad:x?}"
            );
        }
    }

    #[test]
    fn check_accepts_exactly_what_decode_accepts() {
        let v = Value::map([
            (
                "a",
                Value::List(vec![Value::Float(1.5), Value::Int(-3), Value::Null]),
            ),
            ("b", Value::from("zoë")),
            ("c", Value::Bytes(vec![1, 2, 3])),
            ("d", Value::Date(-5)),
            (
                "e",
                Value::map([("x", Value::Bool(true)), ("y", Value::Float(-7.0))]),
            ),
        ]);
        let good = encode(&v, false).unwrap();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..20_000 {
            let mut b = good.clone();
            for _ in 0..=(round % 3) {
                let at = (next() % (b.len() as u64 + 1)) as usize;
                match next() % 3 {
                    0 if at < b.len() => b[at] = next() as u8,
                    1 => b.insert(at, next() as u8),
                    _ if at < b.len() => {
                        b.remove(at);
                    }
                    _ => {}
                }
            }
            for padded in [false, true] {
                assert_eq!(check(&b, padded), decode(&b, padded).map(|_| ()), "{b:x?}");
            }
        }
    }

    #[test]
    fn padding_is_zero_bytes_only_when_announced() {
        assert_eq!(decode(&[0x00, 0, 0], true).unwrap(), Value::Null);
        assert_eq!(decode(&[0x00, 0, 1], true).unwrap_err().code(), "malformed");
        assert_eq!(decode(&[0x00, 0], false).unwrap_err().code(), "malformed");
    }

    #[test]
    fn canonical_scope_ignores_map_order() {
        let a = Value::map([("a", Value::Int(1)), ("b", Value::Null)]);
        let b = Value::map([("b", Value::Null), ("a", Value::Int(1))]);
        assert_eq!(encode(&a, true).unwrap(), encode(&b, true).unwrap());
        assert_ne!(encode(&a, false).unwrap(), encode(&b, false).unwrap());
    }
}
