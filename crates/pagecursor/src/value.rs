//! The values a cursor can carry.

use crate::prelude::*;
/// A value that a cursor carries exactly: the Rust side of the JS `CursorValue` type.
///
/// `Float` is a JS `number` and `Int` is a JS `bigint`: the two never merge, so an integral
/// number comes back a number and a small bigint comes back a bigint.
#[derive(Clone, Debug)]
pub enum Value {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A JS `number` (IEEE-754 double); `-0`, NaN and the infinities are kept.
    Float(f64),
    /// A JS `bigint`: an exact integer in `[-2^63, 2^64 - 1]`.
    Int(i128),
    /// A string of Unicode scalar values.
    String(String),
    /// Raw bytes (`Uint8Array` in JS).
    Bytes(Vec<u8>),
    /// An instant, in whole milliseconds since the Unix epoch (a JS `Date`).
    Date(i64),
    /// An ordered list.
    List(Vec<Value>),
    /// A map with string keys whose insertion order is kept.
    Map(Vec<(String, Value)>),
}

/// The smallest integer an [`Value::Int`] may hold: `-2^63`.
pub const INT_MIN: i128 = i64::MIN as i128;
/// The largest integer an [`Value::Int`] may hold: `2^64 - 1`.
pub const INT_MAX: i128 = u64::MAX as i128;

impl Value {
    /// True for the tokens that mean "there is no next page": `null`, `""` and an empty map
    /// (`{}`). The one home of that rule for every Rust caller: the paginator's walk, the
    /// cursor stack and the chunk window. (A JS `undefined` never becomes a [`Value`]; the JS
    /// driver reads raw tokens by the same rule in `tokenForm`, src/js/paginate/read-page.ts, tested
    /// against the same table in tests/js/paginate.test.mjs.)
    ///
    /// ```
    /// use pagecursor::Value;
    /// assert!(Value::Null.is_absent_token() && Value::from("").is_absent_token());
    /// assert!(Value::Map(vec![]).is_absent_token());
    /// assert!(!Value::List(vec![]).is_absent_token() && !Value::Int(0).is_absent_token());
    /// ```
    pub fn is_absent_token(&self) -> bool {
        match self {
            Value::Null => true,
            Value::String(s) => s.is_empty(),
            Value::Map(entries) => entries.is_empty(),
            _ => false,
        }
    }

    /// The text of a [`Value::String`]; `None` for any other value.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// Builds a map from key/value pairs, keeping their order.
    pub fn map<K: Into<String>>(entries: impl IntoIterator<Item = (K, Value)>) -> Value {
        Value::Map(entries.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// Looks a key up in a map value.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The JS-facing name of this value's type, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Float(_) => "number",
            Value::Int(_) => "bigint",
            Value::String(_) => "string",
            Value::Bytes(_) => "bytes",
            Value::Date(_) => "date",
            Value::List(_) => "list",
            Value::Map(_) => "map",
        }
    }
}

/// Strict equality as the codec guarantees it: types must match, floats compare by value
/// with every NaN equal to every NaN and `-0` different from `0`, maps compare in order.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Null, Value::Null) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => {
                (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
            }
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::String(a), Value::String(b)) => a == b,
            (Value::Bytes(a), Value::Bytes(b)) => a == b,
            (Value::Date(a), Value::Date(b)) => a == b,
            (Value::List(a), Value::List(b)) => a == b,
            (Value::Map(a), Value::Map(b)) => a == b,
            _ => false,
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.to_owned())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}
impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Value::Float(f)
    }
}
impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i.into())
    }
}
impl From<u64> for Value {
    fn from(i: u64) -> Value {
        Value::Int(i.into())
    }
}
impl From<Vec<u8>> for Value {
    fn from(b: Vec<u8>) -> Value {
        Value::Bytes(b)
    }
}
impl From<Vec<Value>> for Value {
    fn from(l: Vec<Value>) -> Value {
        Value::List(l)
    }
}

/// Whether `f` is a whole number (false for NaN and the infinities): `f.fract() == 0.0` without
/// std, which the wasm32 build does not link (`fract` is std's, `%` is core's).
pub fn is_whole(f: f64) -> bool {
    f % 1.0 == 0.0
}
