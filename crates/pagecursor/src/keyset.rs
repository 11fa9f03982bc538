//! Keyset (cursor) pagination: pages addressed by the key values of a boundary row instead of
//! a row count, so inserts and deletes between page loads never skip or repeat a row.
//!
//! Rows are ordered by a list of keys (the last one a unique tiebreaker such as a primary key).
//! A cursor is a codec token carrying the boundary row's key values as a map `{key: value}`
//! and a direction: `after` (the rows that sort after the boundary) or `before` (the rows that
//! sort before it). Pages are always returned in ascending key order.
//!
//! Key comparison is a total order, [`compare_values`]: values of different types order by
//! type first — null < boolean < number < bigint < Date < string < bytes < list < map — then
//! by value: numbers by IEEE-754 total order (-NaN < -Infinity < … < -0 < +0 < … < Infinity <
//! NaN), bigints and Dates numerically, strings by UTF-16 code units (as JS `<` and the default
//! `Array.prototype.sort` compare them), bytes, lists and maps lexicographically. A number
//! and a bigint never compare equal (`1 < 1n`, and also `2 < 1n`): give a key column a single
//! type.
//!
//! ```
//! use pagecursor::{paginate_keyset, CursorCodec, KeysetOptions, SortKey, Value};
//!
//! let rows: Vec<Vec<Value>> = (0..10).map(|i| vec![Value::Int(i)]).collect();
//! let mut options = KeysetOptions { keys: vec![SortKey::asc("id")], limit: 4, ..Default::default() };
//! let codec = CursorCodec::default();
//! let first = paginate_keyset(&rows, &options, &codec).unwrap();
//! assert_eq!(first.indices, [0, 1, 2, 3]);
//! options.after = first.next_cursor;
//! let second = paginate_keyset(&rows, &options, &codec).unwrap();
//! assert_eq!(second.indices, [4, 5, 6, 7]);
//! ```

use crate::prelude::*;
use core::cmp::Ordering;
use core::fmt;

use crate::codec::{Cursor, CursorCodec, DecodeOptions, Direction, EncodeOptions};
use crate::error::{decimal, quoted, CursorError};
use crate::value::Value;

/// One ordering key: a field (column) name and its direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortKey {
    /// Field name in the rows (column name in SQL; `table.column` is quoted part by part).
    pub name: String,
    /// True to order this key from high to low.
    pub descending: bool,
}

impl SortKey {
    /// An ascending key.
    pub fn asc(name: impl Into<String>) -> SortKey {
        SortKey {
            name: name.into(),
            descending: false,
        }
    }

    /// A descending key.
    pub fn desc(name: impl Into<String>) -> SortKey {
        SortKey {
            name: name.into(),
            descending: true,
        }
    }
}

/// Why a keyset page could not be cut.
#[derive(Clone, Debug, PartialEq)]
pub enum KeysetError {
    /// The `after`/`before` token is not a valid cursor for these keys (a JS `CursorError`).
    Cursor(CursorError),
    /// `limit` must be at least 1.
    InvalidLimit,
    /// At least one key is needed.
    NoKeys,
    /// Two rows have the same key values, so the keys do not order the rows uniquely.
    DuplicateKey {
        /// Index of one of the rows.
        first: usize,
        /// Index of the other row.
        second: usize,
    },
    /// A row has a different number of key values than there are keys.
    WrongArity {
        /// Index of the row.
        row: usize,
        /// Number of keys.
        expected: usize,
        /// Number of values in the row.
        got: usize,
    },
    /// A key name cannot be quoted as an SQL identifier (empty part or NUL character).
    BadIdentifier(String),
}

impl From<CursorError> for KeysetError {
    fn from(err: CursorError) -> KeysetError {
        KeysetError::Cursor(err)
    }
}

impl KeysetError {
    /// The message of the error, as `Display` prints it (built from its pieces: see
    /// [`decimal`]).
    pub fn message(&self) -> String {
        match self {
            KeysetError::Cursor(e) => e.message(),
            KeysetError::InvalidLimit => "limit must be an integer >= 1".to_owned(),
            KeysetError::NoKeys => "keys must name at least one key".to_owned(),
            KeysetError::DuplicateKey { first, second } => [
                "items ",
                &decimal(*first as u64),
                " and ",
                &decimal(*second as u64),
                " have the same key values: end keys with a unique tiebreaker",
            ]
            .concat(),
            KeysetError::WrongArity { row, expected, got } => [
                "row ",
                &decimal(*row as u64),
                " has ",
                &decimal(*got as u64),
                " key values, expected ",
                &decimal(*expected as u64),
            ]
            .concat(),
            KeysetError::BadIdentifier(name) => [
                "key ",
                &quoted(name),
                " cannot be used as an SQL identifier",
            ]
            .concat(),
        }
    }
}

impl fmt::Display for KeysetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for KeysetError {}

fn type_rank(v: &Value) -> u8 {
    match v {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Float(_) => 2,
        Value::Int(_) => 3,
        Value::Date(_) => 4,
        Value::String(_) => 5,
        Value::Bytes(_) => 6,
        Value::List(_) => 7,
        Value::Map(_) => 8,
    }
}

/// Compares strings by their UTF-16 code units, as JS does, without transcoding them: UTF-8
/// bytes order like code points, which differs from UTF-16 only where a character above
/// U+FFFF (a surrogate pair, 0xD800..) meets one in U+E000..=U+FFFF, so only the first
/// differing character needs a closer look.
fn compare_utf16(x: &str, y: &str) -> Ordering {
    let (a, b) = (x.as_bytes(), y.as_bytes());
    let Some(i) = a.iter().zip(b).position(|(p, q)| p != q) else {
        return a.len().cmp(&b.len());
    };
    // The strings agree before byte `i`, so the character holding it starts at the same
    // offset in both.
    let start = (0..=i).rev().find(|&k| x.is_char_boundary(k)).unwrap_or(0);
    let first = |s: &str| {
        s.get(start..)
            .and_then(|t| t.chars().next())
            .map(utf16_rank)
    };
    first(x).cmp(&first(y))
}

/// A rank of a character that orders like its UTF-16 code units: U+E000..=U+FFFF move above
/// the characters that take a surrogate pair.
fn utf16_rank(c: char) -> u32 {
    let c = u32::from(c);
    if (0xE000..=0xFFFF).contains(&c) {
        c + 0x20_0000
    } else {
        c
    }
}

/// The total order of key values (see the [module docs](self)).
pub fn compare_values(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Null, Value::Null) => Ordering::Equal,
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Float(x), Value::Float(y)) => x.total_cmp(y),
        (Value::Int(x), Value::Int(y)) => x.cmp(y),
        (Value::Date(x), Value::Date(y)) => x.cmp(y),
        (Value::String(x), Value::String(y)) => compare_utf16(x, y),
        (Value::Bytes(x), Value::Bytes(y)) => x.cmp(y),
        (Value::List(x), Value::List(y)) => x
            .iter()
            .zip(y)
            .map(|(p, q)| compare_values(p, q))
            .find(|o| o.is_ne())
            .unwrap_or_else(|| x.len().cmp(&y.len())),
        (Value::Map(x), Value::Map(y)) => x
            .iter()
            .zip(y)
            .map(|((kp, p), (kq, q))| compare_utf16(kp, kq).then_with(|| compare_values(p, q)))
            .find(|o| o.is_ne())
            .unwrap_or_else(|| x.len().cmp(&y.len())),
        _ => type_rank(a).cmp(&type_rank(b)),
    }
}

/// Compares two rows' key values under `keys` (descending keys reverse their comparison).
pub fn compare_keys(keys: &[SortKey], a: &[Value], b: &[Value]) -> Ordering {
    keys.iter()
        .zip(a.iter().zip(b))
        .map(|(key, (x, y))| {
            let o = compare_values(x, y);
            if key.descending {
                o.reverse()
            } else {
                o
            }
        })
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

/// The key values of all rows as integers that order like [`compare_keys`], row after row,
/// when every key column holds only numbers, only Dates or only bigints in the i64 range: the
/// sort then compares plain integers instead of [`Value`]s. `None` for any other column
/// (strings, mixed types, …), which sorts by [`compare_keys`].
fn integer_keys(keys: &[SortKey], rows: &[Vec<Value>]) -> Option<Vec<u64>> {
    const SIGN: u64 = 1 << 63;
    let first = rows.first()?;
    let mut out = Vec::with_capacity(rows.len().saturating_mul(keys.len()));
    for row in rows {
        for ((key, v), f) in keys.iter().zip(row).zip(first) {
            if type_rank(v) != type_rank(f) {
                return None;
            }
            let bits = match v {
                // The IEEE-754 total order of `f64::total_cmp` as an unsigned order.
                Value::Float(x) => {
                    let b = x.to_bits();
                    if b & SIGN != 0 {
                        !b
                    } else {
                        b | SIGN
                    }
                }
                Value::Date(ms) => (*ms as u64) ^ SIGN,
                Value::Int(n) => (i64::try_from(*n).ok()? as u64) ^ SIGN,
                _ => return None,
            };
            out.push(if key.descending { !bits } else { bits });
        }
    }
    Some(out)
}

/// Options of [`paginate_keyset`].
#[derive(Clone, Debug, Default)]
pub struct KeysetOptions {
    /// The ordering keys; the last should be unique (a primary key).
    pub keys: Vec<SortKey>,
    /// A `next_cursor` of an earlier page: the rows after its boundary.
    pub after: Option<String>,
    /// A `previous_cursor` of an earlier page: the rows before its boundary.
    pub before: Option<String>,
    /// Rows per page (at least 1).
    pub limit: usize,
    /// Binds the cursors to a query: cursors of another scope are `scope_mismatch`.
    pub scope: Option<Value>,
}

/// One keyset page.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct KeysetPage {
    /// Indices of the page's rows in the input, in ascending key order.
    pub indices: Vec<usize>,
    /// The cursor of the rows after this page, when there are some.
    pub next_cursor: Option<String>,
    /// The cursor of the rows before this page, when there are some.
    pub previous_cursor: Option<String>,
    /// True when rows sort after this page.
    pub has_next: bool,
    /// True when rows sort before this page.
    pub has_previous: bool,
}

/// Where a cursor points in the key order.
enum Boundary {
    /// After (or before) the row with these key values.
    Row(Vec<Value>),
    /// The sentinel cursor: "after" the start, or "before" the end of the data.
    Open,
}

fn boundary_value(keys: &[SortKey], row: &[Value]) -> Value {
    Value::Map(
        keys.iter()
            .zip(row)
            .map(|(k, v)| (k.name.clone(), v.clone()))
            .collect(),
    )
}

fn mint(
    codec: &CursorCodec,
    value: Value,
    direction: Direction,
    scope: &Option<Value>,
) -> Result<String, KeysetError> {
    Ok(codec.encode(
        &value,
        &EncodeOptions {
            direction,
            scope: scope.clone(),
            ..Default::default()
        },
    )?)
}

/// Reads a keyset cursor's boundary: a map of exactly `keys`, in order (what this module mints),
/// or a list of as many values (a cursor made by hand), or `null` (the open sentinel).
fn boundary_of(keys: &[SortKey], cursor: &Cursor) -> Result<Boundary, CursorError> {
    match &cursor.value {
        Value::Null => Ok(Boundary::Open),
        Value::Map(entries)
            if entries.len() == keys.len()
                && entries.iter().zip(keys).all(|((k, _), key)| *k == key.name) =>
        {
            Ok(Boundary::Row(
                entries.iter().map(|(_, v)| v.clone()).collect(),
            ))
        }
        // A hand-made cursor may carry the key values as a list, in key order.
        Value::List(values) if values.len() == keys.len() => Ok(Boundary::Row(values.clone())),
        _ => {
            // Joined by hand: `join` over `String`s links a second copy of the joining code
            // (1.2 KB of wasm) beside the one every `[&str].concat()` uses.
            let mut names = String::new();
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    names.push_str(", ");
                }
                names.push_str(&quoted(&k.name));
            }
            Err(CursorError::Malformed(
                ["not a keyset cursor for the keys [", &names, "]"].concat(),
            ))
        }
    }
}

fn decode_boundary(
    codec: &CursorCodec,
    keys: &[SortKey],
    token: &str,
    expected: Direction,
    scope: &Option<Value>,
) -> Result<Boundary, CursorError> {
    let cursor = codec.decode(
        token,
        &DecodeOptions {
            scope: scope.clone(),
            ..Default::default()
        },
    )?;
    if cursor.direction != expected {
        return Err(CursorError::Malformed(
            [
                "a cursor pointing ",
                cursor.direction.as_str(),
                " its boundary was passed as ",
                expected.as_str(),
            ]
            .concat(),
        ));
    }
    boundary_of(keys, &cursor)
}

/// Cuts one page out of in-memory rows given as their key values (`rows[i]` holds row `i`'s
/// value for each key, in key order). The rows need not be sorted and are not reordered:
/// the page lists indices into `rows`. Seeking to a cursor is a binary search.
pub fn paginate_keyset(
    rows: &[Vec<Value>],
    options: &KeysetOptions,
    codec: &CursorCodec,
) -> Result<KeysetPage, KeysetError> {
    let keys = &options.keys;
    if keys.is_empty() {
        return Err(KeysetError::NoKeys);
    }
    if options.limit < 1 {
        return Err(KeysetError::InvalidLimit);
    }
    // Cursors are checked before the rows so that a bad cursor is reported as such.
    let after = match &options.after {
        Some(t) => Some(decode_boundary(
            codec,
            keys,
            t,
            Direction::After,
            &options.scope,
        )?),
        None => None,
    };
    let before = match &options.before {
        Some(t) => Some(decode_boundary(
            codec,
            keys,
            t,
            Direction::Before,
            &options.scope,
        )?),
        None => None,
    };
    if let Some((row, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != keys.len()) {
        return Err(KeysetError::WrongArity {
            row,
            expected: keys.len(),
            got: r.len(),
        });
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let key_of = |i: usize| rows.get(i).map(Vec::as_slice).unwrap_or(&[]);
    let ints = integer_keys(keys, rows);
    let width = keys.len();
    let ints_of = |i: usize| {
        let start = i.saturating_mul(width);
        ints.as_deref()
            .and_then(|v| v.get(start..start.saturating_add(width)))
            .unwrap_or(&[])
    };
    // One comparator for both cases, so the sort is instantiated once. The sort is stable, so
    // rows with equal keys stay in row order (a duplicate key is reported as its first two
    // rows). The crate's merge sort links ~3.3 KB less wasm than std's `sort_unstable_by` and
    // is faster here (bench/README.md, "What was tried").
    crate::sort::merge_sort_by(&mut order, |&a, &b| {
        match ints {
            Some(_) => ints_of(a).cmp(ints_of(b)),
            None => compare_keys(keys, key_of(a), key_of(b)),
        }
        .is_lt()
    });
    if let Some(w) = order
        .windows(2)
        .find(|w| compare_keys(keys, key_of(w[0]), key_of(w[1])).is_eq())
    {
        return Err(KeysetError::DuplicateKey {
            first: w[0].min(w[1]),
            second: w[0].max(w[1]),
        });
    }
    let n = order.len();
    // [lo, hi) is the window the cursors allow.
    let lo = match &after {
        Some(Boundary::Row(b)) => {
            order.partition_point(|&i| compare_keys(keys, key_of(i), b).is_le())
        }
        _ => 0,
    };
    let hi = match &before {
        Some(Boundary::Row(b)) => {
            order.partition_point(|&i| compare_keys(keys, key_of(i), b).is_lt())
        }
        _ => n,
    }
    .max(lo);
    // A page anchored only by `before` takes the last `limit` rows of the window, any other
    // page the first `limit` rows.
    let (start, end) = if before.is_some() && after.is_none() {
        (hi.saturating_sub(options.limit), hi)
    } else {
        (lo, lo.saturating_add(options.limit).min(hi))
    };
    let indices: Vec<usize> = order.get(start..end).unwrap_or(&[]).to_vec();
    let has_next = end < n;
    let has_previous = start > 0;
    let next_cursor = if has_next {
        let value = match indices.last() {
            Some(&i) => boundary_value(keys, key_of(i)),
            // An empty page before some rows: the next page starts at the first row.
            None => Value::Null,
        };
        Some(mint(codec, value, Direction::After, &options.scope)?)
    } else {
        None
    };
    let previous_cursor = if has_previous {
        let value = match indices.first() {
            Some(&i) => boundary_value(keys, key_of(i)),
            // An empty page after some rows (they were deleted): the previous page is the last
            // rows of the data.
            None => Value::Null,
        };
        Some(mint(codec, value, Direction::Before, &options.scope)?)
    } else {
        None
    };
    Ok(KeysetPage {
        indices,
        next_cursor,
        previous_cursor,
        has_next,
        has_previous,
    })
}

/// The pieces of an SQL query that fetches the page a keyset cursor points to.
#[derive(Clone, Debug, PartialEq)]
pub struct SqlBounds {
    /// The condition for `WHERE`, e.g. `("created_at", "id") > ($1, $2)`; `TRUE` for the
    /// open sentinel cursor.
    pub where_clause: String,
    /// The `ORDER BY` list to fetch with, e.g. `"created_at" ASC, "id" ASC`.
    pub order_by: String,
    /// The parameter values, in placeholder order.
    pub params: Vec<Value>,
    /// True for a `before` cursor: the query runs in reverse key order (take `LIMIT` rows
    /// nearest the boundary) and the caller reverses the fetched rows to ascending order.
    pub reverse: bool,
}

/// Quotes an identifier for SQL: each `.`-separated part in double quotes, with `"` doubled.
pub fn quote_identifier(name: &str) -> Result<String, KeysetError> {
    let mut out = String::with_capacity(name.len() + 2);
    for (i, part) in name.split('.').enumerate() {
        if part.is_empty() || part.contains('\0') {
            return Err(KeysetError::BadIdentifier(name.to_owned()));
        }
        if i > 0 {
            out.push('.');
        }
        out.push('"');
        out.push_str(&part.replace('"', "\"\""));
        out.push('"');
    }
    Ok(out)
}

/// Turns a decoded keyset cursor into PostgreSQL-style bounds with placeholders `$1, $2, …`.
/// See [`keyset_sql_bounds_at`].
pub fn keyset_sql_bounds(keys: &[SortKey], cursor: &Cursor) -> Result<SqlBounds, KeysetError> {
    keyset_sql_bounds_at(keys, cursor, 1)
}

/// Turns a decoded keyset cursor into bounds whose placeholders start at `$first_param`.
///
/// When all keys share one direction the condition is a row comparison
/// (`(a, b) > ($1, $2)`, which PostgreSQL serves from a composite index); mixed directions
/// expand to `(a > $1 OR (a = $1 AND b < $2))`, reusing placeholders. Key columns must be
/// `NOT NULL`: SQL comparisons with NULL are never true.
///
/// ```
/// use pagecursor::{decode_cursor, keyset_sql_bounds, SortKey, Value};
/// use pagecursor::codec::{Cursor, Direction};
///
/// let cursor = Cursor {
///     value: Value::map([("created_at", Value::Date(0)), ("id", Value::Int(7))]),
///     direction: Direction::After,
///     issued_at: None, expires_at: None, key_id: None, segment: None,
/// };
/// let keys = [SortKey::asc("created_at"), SortKey::asc("id")];
/// let b = keyset_sql_bounds(&keys, &cursor).unwrap();
/// assert_eq!(b.where_clause, r#"("created_at", "id") > ($1, $2)"#);
/// assert_eq!(b.order_by, r#""created_at" ASC, "id" ASC"#);
/// ```
pub fn keyset_sql_bounds_at(
    keys: &[SortKey],
    cursor: &Cursor,
    first_param: usize,
) -> Result<SqlBounds, KeysetError> {
    if keys.is_empty() {
        return Err(KeysetError::NoKeys);
    }
    let columns = keys
        .iter()
        .map(|k| quote_identifier(&k.name))
        .collect::<Result<Vec<_>, _>>()?;
    let reverse = cursor.direction == Direction::Before;
    let order_by = keys
        .iter()
        .zip(&columns)
        .map(|(k, c)| {
            let desc = k.descending != reverse;
            format!("{c} {}", if desc { "DESC" } else { "ASC" })
        })
        .collect::<Vec<_>>()
        .join(", ");
    let boundary = boundary_of(keys, cursor)?;
    let Boundary::Row(values) = boundary else {
        return Ok(SqlBounds {
            where_clause: "TRUE".into(),
            order_by,
            params: Vec::new(),
            reverse,
        });
    };
    let placeholders: Vec<String> = (0..keys.len())
        .map(|i| format!("${}", first_param + i))
        .collect();
    // The operator for "later in the walk" on one key.
    let op = |k: &SortKey| if k.descending != reverse { "<" } else { ">" };
    let uniform = keys.iter().all(|k| k.descending == keys[0].descending);
    let where_clause = if uniform && keys.len() > 1 {
        format!(
            "({}) {} ({})",
            columns.join(", "),
            op(&keys[0]),
            placeholders.join(", ")
        )
    } else {
        let mut terms = Vec::with_capacity(keys.len());
        for i in 0..keys.len() {
            let mut parts: Vec<String> = (0..i)
                .map(|j| format!("{} = {}", columns[j], placeholders[j]))
                .collect();
            parts.push(format!(
                "{} {} {}",
                columns[i],
                op(&keys[i]),
                placeholders[i]
            ));
            let term = parts.join(" AND ");
            terms.push(if i == 0 { term } else { format!("({term})") });
        }
        if terms.len() == 1 {
            terms.join("")
        } else {
            format!("({})", terms.join(" OR "))
        }
    };
    Ok(SqlBounds {
        where_clause,
        order_by,
        params: values,
        reverse,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(rows: &[Vec<Value>], idx: &[usize]) -> Vec<i128> {
        idx.iter()
            .map(|&i| match rows[i][0] {
                Value::Int(n) => n,
                _ => -1,
            })
            .collect()
    }

    fn opts(limit: usize) -> KeysetOptions {
        KeysetOptions {
            keys: vec![SortKey::asc("id")],
            limit,
            ..Default::default()
        }
    }

    #[test]
    fn duplicate_keys_are_reported_as_their_first_two_rows() {
        // The two smallest row indices of the smallest key that occurs twice, whatever the
        // sort does with ties; integer and string keys take different comparators.
        let codec = CursorCodec::default();
        let mut seed = 0x9e37_79b9_u64;
        for n in [2, 5, 40, 1000, 5000] {
            for strings in [false, true] {
                let keys: Vec<u64> = (0..n)
                    .map(|_| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        (seed >> 33) % (n as u64 / 2)
                    })
                    .collect();
                let rows: Vec<Vec<Value>> = keys
                    .iter()
                    .map(|&k| {
                        vec![if strings {
                            Value::from(format!("{k:08}"))
                        } else {
                            Value::Int(k.into())
                        }]
                    })
                    .collect();
                let dup = (0..n as u64 / 2)
                    .find(|k| keys.iter().filter(|&x| x == k).count() > 1)
                    .expect("some key repeats");
                let mut at = (0..n).filter(|&i| keys[i] == dup);
                let (first, second) = (at.next().unwrap(), at.next().unwrap());
                assert_eq!(
                    paginate_keyset(&rows, &opts(10), &codec),
                    Err(KeysetError::DuplicateKey { first, second }),
                    "n = {n}, strings: {strings}"
                );
            }
        }
    }

    #[test]
    fn utf16_order_without_transcoding() {
        let words = [
            "",
            "a",
            "ab",
            "b",
            "é",
            "éa",
            "e\u{301}",
            "\u{7ff}",
            "\u{800}",
            "\u{d7ff}",
            "\u{e000}",
            "\u{ffff}",
            "\u{10000}",
            "😀",
            "😁",
            "a😀",
            "a\u{ffff}",
            "\u{10ffff}",
            "\u{0}",
            "x\u{0}y",
        ];
        for a in words {
            for b in words {
                let expected = a.encode_utf16().cmp(b.encode_utf16());
                assert_eq!(compare_utf16(a, b), expected, "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn integer_keys_order_like_compare_keys() {
        let floats = [
            f64::NAN,
            -f64::NAN,
            f64::NEG_INFINITY,
            -1.5,
            -0.0,
            0.0,
            2.0,
            f64::INFINITY,
        ];
        let columns: Vec<Vec<Value>> = vec![
            floats.iter().map(|&f| Value::Float(f)).collect(),
            [-5i64, 0, 3, i64::MIN, i64::MAX, -1, 7, 2]
                .iter()
                .map(|&d| Value::Date(d))
                .collect(),
            [i64::MIN, -1, 0, 1, i64::MAX, 5, -7, 9]
                .iter()
                .map(|&n| Value::Int(n.into()))
                .collect(),
        ];
        for (col, desc) in [(0, false), (1, true), (2, false), (2, true)] {
            let keys = [SortKey {
                name: "k".into(),
                descending: desc,
            }];
            let rows: Vec<Vec<Value>> = columns[col].iter().map(|v| vec![v.clone()]).collect();
            let ints = integer_keys(&keys, &rows).unwrap();
            for a in 0..rows.len() {
                for b in 0..rows.len() {
                    assert_eq!(
                        ints[a].cmp(&ints[b]),
                        compare_keys(&keys, &rows[a], &rows[b]),
                        "{:?} vs {:?}",
                        rows[a],
                        rows[b]
                    );
                }
            }
        }
        // Mixed types, strings and bigints beyond i64 sort by values.
        let mixed = vec![vec![Value::Int(1)], vec![Value::Float(1.0)]];
        assert!(integer_keys(&[SortKey::asc("k")], &mixed).is_none());
        let big = vec![vec![Value::Int(1 << 64)]];
        assert!(integer_keys(&[SortKey::asc("k")], &big).is_none());
        assert!(integer_keys(&[SortKey::asc("k")], &[vec![Value::from("a")]]).is_none());
    }

    #[test]
    fn orders_across_types() {
        let order = [
            Value::Null,
            Value::Bool(false),
            Value::Bool(true),
            Value::Float(f64::NEG_INFINITY),
            Value::Float(-0.0),
            Value::Float(0.0),
            Value::Float(2.5),
            Value::Float(f64::NAN),
            Value::Int(-5),
            Value::Int(1),
            Value::Date(-1),
            Value::Date(10),
            Value::from(""),
            Value::from("a"),
            // UTF-16 order, as JS compares strings: the surrogate pair of U+1F600 sorts
            // before U+FFFF, unlike code point order.
            Value::from("😀"),
            Value::from("\u{ffff}"),
            Value::Bytes(vec![0]),
            Value::List(vec![]),
            Value::Map(vec![]),
        ];
        for (i, a) in order.iter().enumerate() {
            for (j, b) in order.iter().enumerate() {
                assert_eq!(compare_values(a, b), i.cmp(&j), "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn walks_forward_and_back_with_cursors() {
        // Unsorted input, three keys' worth of rows.
        let rows: Vec<Vec<Value>> = [7, 3, 9, 1, 5, 2, 8, 6, 4, 0]
            .iter()
            .map(|&i| vec![Value::Int(i)])
            .collect();
        let codec = CursorCodec::default();
        let mut o = opts(4);
        let p1 = paginate_keyset(&rows, &o, &codec).unwrap();
        assert_eq!(ids(&rows, &p1.indices), [0, 1, 2, 3]);
        assert!(p1.has_next && !p1.has_previous && p1.previous_cursor.is_none());
        o.after = p1.next_cursor.clone();
        let p2 = paginate_keyset(&rows, &o, &codec).unwrap();
        assert_eq!(ids(&rows, &p2.indices), [4, 5, 6, 7]);
        o.after = p2.next_cursor.clone();
        let p3 = paginate_keyset(&rows, &o, &codec).unwrap();
        assert_eq!(ids(&rows, &p3.indices), [8, 9]);
        assert!(!p3.has_next && p3.next_cursor.is_none() && p3.has_previous);
        o.after = None;
        o.before = p3.previous_cursor.clone();
        let b2 = paginate_keyset(&rows, &o, &codec).unwrap();
        assert_eq!(ids(&rows, &b2.indices), [4, 5, 6, 7]);
        assert!(b2.has_next && b2.has_previous);
        o.before = b2.previous_cursor.clone();
        let b1 = paginate_keyset(&rows, &o, &codec).unwrap();
        assert_eq!(ids(&rows, &b1.indices), [0, 1, 2, 3]);
        assert!(!b1.has_previous && b1.previous_cursor.is_none());
    }

    #[test]
    fn bad_cursors_and_arguments() {
        let rows = vec![vec![Value::Int(1)], vec![Value::Int(2)]];
        let codec = CursorCodec::default();
        let mut o = opts(1);
        o.after = Some("%%%".into());
        assert!(matches!(
            paginate_keyset(&rows, &o, &codec),
            Err(KeysetError::Cursor(_))
        ));
        let before = paginate_keyset(&rows, &opts(1), &codec)
            .unwrap()
            .next_cursor;
        o.after = None;
        o.before = before;
        // An "after" cursor passed as `before`.
        assert!(matches!(
            paginate_keyset(&rows, &o, &codec),
            Err(KeysetError::Cursor(CursorError::Malformed(_)))
        ));
        // A cursor of other keys.
        let other = codec
            .encode(
                &Value::map([("name", Value::from("x"))]),
                &EncodeOptions::default(),
            )
            .unwrap();
        let mut o = opts(1);
        o.after = Some(other);
        assert!(matches!(
            paginate_keyset(&rows, &o, &codec),
            Err(KeysetError::Cursor(CursorError::Malformed(_)))
        ));
        assert_eq!(
            paginate_keyset(&rows, &opts(0), &codec),
            Err(KeysetError::InvalidLimit)
        );
        let dup = vec![vec![Value::Int(1)], vec![Value::Int(1)]];
        assert_eq!(
            paginate_keyset(&dup, &opts(1), &codec),
            Err(KeysetError::DuplicateKey {
                first: 0,
                second: 1
            })
        );
    }

    fn cursor(value: Value, direction: Direction) -> Cursor {
        Cursor {
            value,
            direction,
            issued_at: None,
            expires_at: None,
            key_id: None,
            segment: None,
        }
    }

    #[test]
    fn sql_bounds() {
        let keys = [SortKey::asc("created_at"), SortKey::desc("id")];
        let v = Value::map([("created_at", Value::Date(5)), ("id", Value::Int(7))]);
        let b = keyset_sql_bounds_at(&keys, &cursor(v.clone(), Direction::After), 3).unwrap();
        assert_eq!(
            b.where_clause,
            r#"("created_at" > $3 OR ("created_at" = $3 AND "id" < $4))"#
        );
        assert_eq!(b.order_by, r#""created_at" ASC, "id" DESC"#);
        assert_eq!(b.params, vec![Value::Date(5), Value::Int(7)]);
        assert!(!b.reverse);
        let b = keyset_sql_bounds(&keys, &cursor(v, Direction::Before)).unwrap();
        assert_eq!(
            b.where_clause,
            r#"("created_at" < $1 OR ("created_at" = $1 AND "id" > $2))"#
        );
        assert_eq!(b.order_by, r#""created_at" DESC, "id" ASC"#);
        assert!(b.reverse);
        let desc = [SortKey::desc("a"), SortKey::desc("b")];
        let v = Value::map([("a", Value::Int(1)), ("b", Value::Int(2))]);
        let b = keyset_sql_bounds(&desc, &cursor(v, Direction::After)).unwrap();
        assert_eq!(b.where_clause, r#"("a", "b") < ($1, $2)"#);
        let one = [SortKey::asc("t.weird\"name")];
        let v = Value::map([("t.weird\"name", Value::Int(1))]);
        let b = keyset_sql_bounds(&one, &cursor(v, Direction::After)).unwrap();
        assert_eq!(b.where_clause, r#""t"."weird""name" > $1"#);
        let open = keyset_sql_bounds(&one, &cursor(Value::Null, Direction::Before)).unwrap();
        assert_eq!((open.where_clause.as_str(), open.reverse), ("TRUE", true));
        assert!(matches!(
            quote_identifier("a..b"),
            Err(KeysetError::BadIdentifier(_))
        ));
        let wrong = cursor(Value::map([("x", Value::Int(1))]), Direction::After);
        assert!(matches!(
            keyset_sql_bounds(&one, &wrong),
            Err(KeysetError::Cursor(_))
        ));
    }
}
