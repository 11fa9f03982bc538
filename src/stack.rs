//! A client-side cursor stack: back, forward and jump over an API that only hands out
//! "next" tokens.
//!
//! The stack keeps, for every page the user has visited, the token that fetches it (page 1's
//! token is "none": the first request carries no token), plus what the furthest visited page
//! said about its successor (not loaded yet, a next token, or the end). Going back and then
//! forward again reuses the recorded tokens; a page that reports a different next token on a
//! refetch truncates the recorded future, because the pages after it may no longer exist.
//!
//! ```
//! use pagecursor::{CursorStack, Value};
//!
//! let mut stack = CursorStack::new();
//! stack.record(Some(Value::from("t2")));            // page 1 loaded, its next token is t2
//! assert_eq!(stack.forward(None).unwrap(), Some(Value::from("t2")));
//! assert_eq!(stack.page(), 2);
//! assert_eq!(stack.back(), None);                     // page 1 is fetched with no token
//! assert_eq!(stack.page(), 1);
//! assert!(stack.has_next());
//! ```

use std::collections::VecDeque;
use std::fmt;

use crate::codec::{CursorCodec, DecodeOptions, EncodeOptions};
use crate::error::{quoted, CursorError};
use crate::page::Decimal;
use crate::value::Value;

// The chunk window moved to its own module; its old path stays.
pub use crate::window::{ChunkWindow, Edge, WindowChange};

/// The version of the serialized stack state that [`CursorStack::serialize`] writes.
pub const STATE_VERSION: i128 = 1;

/// Why a stack cannot move where it was asked to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StackError {
    /// `go_to` a page whose token the stack does not hold: never visited, or evicted by
    /// `max_depth`.
    PageNotAvailable {
        /// The page asked for.
        page: u64,
        /// The oldest page whose token is kept.
        oldest: u64,
        /// The furthest page visited.
        furthest: u64,
    },
    /// `forward` while the next page's token is unknown (not recorded yet) or absent (the end).
    NoNextPage {
        /// The current page.
        page: u64,
        /// True when the current page recorded that it is the last one.
        at_end: bool,
    },
    /// `max_depth` must keep at least one page.
    InvalidMaxDepth,
}

impl StackError {
    /// The stable code the JS `PaginationError` carries (`bad_page`).
    pub fn code(&self) -> &'static str {
        "bad_page"
    }
}

impl fmt::Display for StackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StackError::PageNotAvailable {
                page,
                oldest,
                furthest,
            } => write!(
                f,
                "page {} is not available: the stack holds pages {} to {}",
                Decimal(*page),
                Decimal(*oldest),
                Decimal(*furthest)
            ),
            StackError::NoNextPage { page, at_end: true } => {
                write!(
                    f,
                    "page {} is the last page: there is no next page",
                    Decimal(*page)
                )
            }
            StackError::NoNextPage {
                page,
                at_end: false,
            } => write!(
                f,
                "the next token of page {} is not known: record it or pass it to forward",
                Decimal(*page)
            ),
            StackError::InvalidMaxDepth => write!(f, "maxDepth must be at least 1"),
        }
    }
}

impl std::error::Error for StackError {}

/// What the furthest visited page said about its successor.
#[derive(Clone, Debug, PartialEq)]
enum Successor {
    /// The page has not been recorded as loaded yet.
    Unknown,
    /// The page is the last one: its next token was absent.
    End,
    /// The token that fetches the next page.
    Token(Value),
}

/// Deep equality of tokens that ignores the key order of maps: a service may serialize the
/// same `LastEvaluatedKey` with its attributes in another order on a refetch.
pub fn same_token(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::List(x), Value::List(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_token(p, q))
        }
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| {
                    y.iter()
                        .find(|(k2, _)| k2 == k)
                        .is_some_and(|(_, v2)| same_token(v, v2))
                })
        }
        _ => a == b,
    }
}

/// Checks the `v` field of a saved state (`what`: "cursor stack state", "infinite list
/// state"): `unsupported_version` for another integer, `malformed` without one.
pub(crate) fn check_version(value: &Value, what: &str) -> Result<(), CursorError> {
    match value.get("v") {
        Some(Value::Int(STATE_VERSION)) => Ok(()),
        Some(Value::Int(v)) => Err(CursorError::UnsupportedVersion(
            u8::try_from(*v).unwrap_or(u8::MAX),
        )),
        _ => Err(CursorError::Malformed([what, ": no version"].concat())),
    }
}

/// Back/forward/jump navigation over a forward-only (next-token) API.
///
/// Invariants: `oldest <= page <= furthest`, `tokens` holds the tokens of pages
/// `oldest..=furthest` (`None` only for page 1), and at most `max_depth` of them.
#[derive(Clone, Debug, PartialEq)]
pub struct CursorStack {
    page: u64,
    oldest: u64,
    tokens: VecDeque<Option<Value>>,
    successor: Successor,
    max_depth: Option<u64>,
}

impl Default for CursorStack {
    fn default() -> Self {
        CursorStack::new()
    }
}

impl CursorStack {
    /// A stack on page 1 that keeps every visited page's token.
    pub fn new() -> CursorStack {
        CursorStack {
            page: 1,
            oldest: 1,
            tokens: VecDeque::from([None]),
            successor: Successor::Unknown,
            max_depth: None,
        }
    }

    /// A stack on page 1 that keeps the tokens of the `max_depth` most recent pages.
    pub fn with_max_depth(max_depth: u64) -> Result<CursorStack, StackError> {
        if max_depth == 0 {
            return Err(StackError::InvalidMaxDepth);
        }
        Ok(CursorStack {
            max_depth: Some(max_depth),
            ..CursorStack::new()
        })
    }

    /// The configured depth, if any.
    pub fn max_depth(&self) -> Option<u64> {
        self.max_depth
    }

    /// The 1-based number of the current page.
    pub fn page(&self) -> u64 {
        self.page
    }

    /// The furthest page visited since the last reset or truncation.
    pub fn furthest(&self) -> u64 {
        self.oldest + self.tokens.len() as u64 - 1
    }

    /// The oldest page whose token is still kept.
    pub fn oldest(&self) -> u64 {
        self.oldest
    }

    fn token_of(&self, page: u64) -> Option<&Option<Value>> {
        let index = page.checked_sub(self.oldest)?;
        self.tokens.get(usize::try_from(index).ok()?)
    }

    /// The token that fetches the current page; `None` for page 1.
    pub fn current(&self) -> Option<Value> {
        self.token_of(self.page).cloned().flatten()
    }

    /// True when the current page's next token is recorded and present.
    pub fn has_next(&self) -> bool {
        self.page < self.furthest() || matches!(self.successor, Successor::Token(_))
    }

    /// True when the current page has been recorded as the last one.
    pub fn at_end(&self) -> bool {
        self.page == self.furthest() && self.successor == Successor::End
    }

    /// True exactly when [`back`](Self::back) returns the token of an existing previous page:
    /// there is a previous page (the current page is not page 1) and its token is still kept
    /// (not evicted by `max_depth`). On page 2 that token is `None`, the first page's.
    pub fn has_previous(&self) -> bool {
        self.page > self.oldest
    }

    /// The current page has loaded: remember its next token (`None` or an absent token means
    /// this is the last page). A token that differs from the one recorded before drops the
    /// recorded pages after the current one.
    pub fn record(&mut self, next: Option<Value>) {
        let next = match next {
            Some(token) if !token.is_absent_token() => Successor::Token(token),
            _ => Successor::End,
        };
        if self.page < self.furthest() {
            let unchanged = match (&next, self.token_of(self.page + 1)) {
                (Successor::Token(t), Some(Some(known))) => same_token(t, known),
                _ => false,
            };
            if unchanged {
                return;
            }
            let keep = (self.page - self.oldest + 1) as usize;
            self.tokens.truncate(keep);
        }
        self.successor = next;
    }

    /// Moves to the next page, recording `next` first when given, and returns the token that
    /// fetches it. Fails, staying put, when the next token is unknown or the page is the last.
    pub fn forward(&mut self, next: Option<Option<Value>>) -> Result<Option<Value>, StackError> {
        if let Some(next) = next {
            self.record(next);
        }
        if self.page < self.furthest() {
            self.page += 1;
            return Ok(self.current());
        }
        let token = match &self.successor {
            Successor::Token(t) => t.clone(),
            other => {
                return Err(StackError::NoNextPage {
                    page: self.page,
                    at_end: *other == Successor::End,
                })
            }
        };
        self.tokens.push_back(Some(token.clone()));
        self.page += 1;
        self.successor = Successor::Unknown;
        if let Some(max) = self.max_depth {
            while self.tokens.len() as u64 > max {
                self.tokens.pop_front();
                self.oldest += 1;
            }
        }
        Ok(Some(token))
    }

    /// Moves to the previous page and returns its token (`None` for page 1). When there is
    /// no previous page to return (page 1, or the previous page's token was evicted) the
    /// stack stays where it is and returns `None`: check [`has_previous`](Self::has_previous).
    pub fn back(&mut self) -> Option<Value> {
        if !self.has_previous() {
            return None;
        }
        self.page -= 1;
        self.current()
    }

    /// Moves to any page whose token is kept (visited, not evicted) and returns its token.
    pub fn go_to(&mut self, page: u64) -> Result<Option<Value>, StackError> {
        if page < self.oldest || page > self.furthest() {
            return Err(StackError::PageNotAvailable {
                page,
                oldest: self.oldest,
                furthest: self.furthest(),
            });
        }
        self.page = page;
        Ok(self.current())
    }

    /// Starts over on page 1 (the query changed), keeping `max_depth`.
    pub fn reset(&mut self) {
        *self = CursorStack {
            max_depth: self.max_depth,
            ..CursorStack::new()
        };
    }

    /// Sets a new depth and keeps at most that many tokens, the current page's always: the
    /// oldest tokens go first; when the pages from the current one to the furthest are still
    /// too many, the furthest ones go too, and the last kept page's successor becomes the token
    /// of the first dropped page, so `forward` still reaches it. Every state a stack holds is
    /// one [`from_value`](Self::from_value) accepts (F11 in docs/security.md).
    pub fn set_max_depth(&mut self, max_depth: Option<u64>) -> Result<(), StackError> {
        if max_depth == Some(0) {
            return Err(StackError::InvalidMaxDepth);
        }
        self.max_depth = max_depth;
        if let Some(max) = max_depth {
            while self.tokens.len() as u64 > max && self.oldest < self.page {
                self.tokens.pop_front();
                self.oldest += 1;
            }
            if self.tokens.len() as u64 > max {
                // The current page is the oldest kept, so the token at `max` is a page after
                // it (page 2 or later: never `None`); `max` is below the length, so it fits.
                let max = max as usize;
                self.successor = match self.tokens.get(max).cloned().flatten() {
                    Some(next) => Successor::Token(next),
                    None => Successor::Unknown,
                };
                self.tokens.truncate(max);
            }
        }
        Ok(())
    }

    /// The state as a [`Value`]: version, position, kept tokens, successor and depth.
    pub fn to_value(&self) -> Value {
        let mut entries = vec![
            ("v".to_owned(), Value::Int(STATE_VERSION)),
            ("p".to_owned(), Value::Int(self.page.into())),
            ("o".to_owned(), Value::Int(self.oldest.into())),
            (
                "t".to_owned(),
                Value::List(
                    self.tokens
                        .iter()
                        .map(|t| t.clone().unwrap_or(Value::Null))
                        .collect(),
                ),
            ),
        ];
        match &self.successor {
            Successor::Unknown => {}
            Successor::End => entries.push(("e".to_owned(), Value::Bool(true))),
            Successor::Token(t) => entries.push(("n".to_owned(), t.clone())),
        }
        if let Some(max) = self.max_depth {
            entries.push(("d".to_owned(), Value::Int(max.into())));
        }
        Value::Map(entries)
    }

    /// Rebuilds a stack from [`to_value`](Self::to_value), checking every invariant.
    pub fn from_value(value: &Value) -> Result<CursorStack, CursorError> {
        let bad = |why: &str| CursorError::Malformed(["cursor stack state: ", why].concat());
        let Value::Map(entries) = value else {
            return Err(bad("not a map"));
        };
        if let Some((k, _)) = entries
            .iter()
            .find(|(k, _)| !matches!(k.as_str(), "v" | "p" | "o" | "t" | "e" | "n" | "d"))
        {
            return Err(bad(&["unknown field ", &quoted(k)].concat()));
        }
        let int = |key: &str| -> Result<Option<u64>, CursorError> {
            match value.get(key) {
                None => Ok(None),
                Some(Value::Int(i)) => u64::try_from(*i)
                    .ok()
                    .filter(|&n| n >= 1)
                    .map(Some)
                    .ok_or_else(|| bad(&[key, " is out of range"].concat())),
                Some(_) => Err(bad(&[key, " is not an integer"].concat())),
            }
        };
        check_version(value, "cursor stack state")?;
        let page = int("p")?.ok_or_else(|| bad("no page"))?;
        let oldest = int("o")?.ok_or_else(|| bad("no oldest page"))?;
        // A depth is kept as a u64 on every target: a state saved with a depth above 2^32 - 1
        // restores on wasm32 exactly as it was saved.
        let max_depth = int("d")?;
        let Some(Value::List(list)) = value.get("t") else {
            return Err(bad("no tokens"));
        };
        let mut tokens = VecDeque::with_capacity(list.len());
        for (i, token) in list.iter().enumerate() {
            let number = oldest
                .checked_add(i as u64)
                .ok_or_else(|| bad("too many"))?;
            if number == 1 {
                if *token != Value::Null {
                    return Err(bad("page 1 has a token"));
                }
                tokens.push_back(None);
            } else if token.is_absent_token() {
                return Err(bad(&format!("page {} has no token", Decimal(number))));
            } else {
                tokens.push_back(Some(token.clone()));
            }
        }
        if tokens.is_empty() || page < oldest || page - oldest >= tokens.len() as u64 {
            return Err(bad("page is outside the kept tokens"));
        }
        if max_depth.is_some_and(|d| tokens.len() as u64 > d) {
            return Err(bad("more tokens than maxDepth"));
        }
        let successor = match (value.get("e"), value.get("n")) {
            (None, None) => Successor::Unknown,
            (Some(Value::Bool(true)), None) => Successor::End,
            (None, Some(t)) if !t.is_absent_token() => Successor::Token(t.clone()),
            _ => return Err(bad("bad successor")),
        };
        Ok(CursorStack {
            page,
            oldest,
            tokens,
            successor,
            max_depth,
        })
    }

    /// The state as a URL-safe token minted by `codec` (signed when the codec signs), bound to
    /// `scope` when given. Only the codec's `maxLength` caps its size.
    pub fn serialize(
        &self,
        codec: &CursorCodec,
        scope: Option<&Value>,
    ) -> Result<String, CursorError> {
        codec.encode(
            &self.to_value(),
            &EncodeOptions {
                scope: scope.cloned(),
                ..Default::default()
            },
        )
    }

    /// Restores a stack from [`serialize`](Self::serialize). A token of another scope, a
    /// tampered or a malformed one is a [`CursorError`].
    pub fn deserialize(
        token: &str,
        codec: &CursorCodec,
        scope: Option<&Value>,
    ) -> Result<CursorStack, CursorError> {
        let cursor = codec.decode(
            token,
            &DecodeOptions {
                scope: scope.cloned(),
                ..Default::default()
            },
        )?;
        CursorStack::from_value(&cursor.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(t: &str) -> Option<Value> {
        Some(Value::from(t))
    }

    #[test]
    fn walks_forward_and_back() {
        let mut st = CursorStack::new();
        assert_eq!(st.page(), 1);
        assert_eq!(st.current(), None);
        assert!(!st.has_next() && !st.has_previous());
        assert_eq!(st.forward(Some(s("a"))).unwrap(), s("a"));
        assert_eq!(st.forward(Some(s("b"))).unwrap(), s("b"));
        assert_eq!((st.page(), st.current()), (3, s("b")));
        assert!(st.has_previous() && !st.has_next());
        assert_eq!(st.back(), s("a"));
        assert!(st.has_next());
        assert_eq!(st.back(), None);
        assert_eq!(st.page(), 1);
        assert!(!st.has_previous());
        assert_eq!(st.back(), None);
        assert_eq!(st.page(), 1);
        // Forward again reuses the recorded tokens.
        assert_eq!(st.forward(None).unwrap(), s("a"));
        assert_eq!(st.forward(None).unwrap(), s("b"));
        assert!(st.forward(None).is_err());
        assert_eq!(st.page(), 3);
    }

    #[test]
    fn absent_tokens_mark_the_end() {
        for end in [
            None,
            Some(Value::Null),
            Some(Value::from("")),
            Some(Value::Map(vec![])),
        ] {
            let mut st = CursorStack::new();
            st.record(end);
            assert!(!st.has_next() && st.at_end());
            let err = st.forward(None).unwrap_err();
            assert_eq!(
                err,
                StackError::NoNextPage {
                    page: 1,
                    at_end: true
                }
            );
            assert_eq!(err.code(), "bad_page");
        }
        let mut st = CursorStack::new();
        assert_eq!(
            st.forward(None).unwrap_err(),
            StackError::NoNextPage {
                page: 1,
                at_end: false
            }
        );
    }

    #[test]
    fn a_changed_token_truncates_the_future() {
        let mut st = CursorStack::new();
        st.forward(Some(s("a"))).unwrap();
        st.forward(Some(s("b"))).unwrap();
        st.forward(Some(s("c"))).unwrap();
        st.go_to(2).unwrap();
        st.record(s("b")); // same token: the future stays
        assert_eq!(st.furthest(), 4);
        st.record(s("x"));
        assert_eq!(st.furthest(), 2);
        assert!(st.has_next());
        assert!(st.go_to(3).is_err());
        assert_eq!(st.forward(None).unwrap(), s("x"));
        assert_eq!(st.page(), 3);
        st.go_to(1).unwrap();
        st.record(None);
        assert_eq!(st.furthest(), 1);
        assert!(!st.has_next());
    }

    #[test]
    fn map_key_order_does_not_count_as_a_change() {
        let k1 = Value::map([("pk", Value::from("a")), ("sk", Value::Int(1))]);
        let k2 = Value::map([("sk", Value::Int(1)), ("pk", Value::from("a"))]);
        let mut st = CursorStack::new();
        st.forward(Some(Some(k1.clone()))).unwrap();
        st.forward(Some(s("z"))).unwrap();
        st.go_to(1).unwrap();
        st.record(Some(k2));
        assert_eq!(st.furthest(), 3);
    }

    #[test]
    fn max_depth_evicts_old_tokens_but_keeps_counting() {
        let mut st = CursorStack::with_max_depth(2).unwrap();
        for t in ["a", "b", "c", "d"] {
            st.forward(Some(s(t))).unwrap();
        }
        assert_eq!(st.page(), 5);
        assert_eq!(st.oldest(), 4);
        assert!(st.has_previous());
        assert_eq!(st.back(), s("c"));
        assert_eq!(st.page(), 4);
        assert!(!st.has_previous());
        assert_eq!(st.back(), None);
        assert_eq!(st.page(), 4);
        assert_eq!(
            st.go_to(1).unwrap_err(),
            StackError::PageNotAvailable {
                page: 1,
                oldest: 4,
                furthest: 5
            }
        );
        assert_eq!(st.go_to(5).unwrap(), s("d"));
        assert!(CursorStack::with_max_depth(0).is_err());
    }

    #[test]
    fn reset_starts_over() {
        let mut st = CursorStack::with_max_depth(3).unwrap();
        st.forward(Some(s("a"))).unwrap();
        st.reset();
        assert_eq!(st, CursorStack::with_max_depth(3).unwrap());
    }

    #[test]
    fn serializes_and_restores() {
        let codec = CursorCodec::default();
        let mut st = CursorStack::with_max_depth(3).unwrap();
        let lek = Value::map([("pk", Value::from("u#1")), ("sk", Value::Int(9))]);
        st.forward(Some(Some(lek))).unwrap();
        st.forward(Some(s("b"))).unwrap();
        st.forward(Some(s("c"))).unwrap();
        st.back();
        let token = st.serialize(&codec, None).unwrap();
        assert!(token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        let back = CursorStack::deserialize(&token, &codec, None).unwrap();
        assert_eq!(back, st);
        assert!(CursorStack::deserialize("AAAA", &codec, None).is_err());
    }

    #[test]
    fn rejects_inconsistent_state() {
        let good = CursorStack::new().to_value();
        assert!(CursorStack::from_value(&good).is_ok());
        let with = |key: &str, v: Value| {
            let Value::Map(mut e) = good.clone() else {
                unreachable!()
            };
            e.retain(|(k, _)| k != key);
            e.push((key.to_owned(), v));
            Value::Map(e)
        };
        for bad in [
            with("p", Value::Int(2)),
            with("p", Value::Int(0)),
            with("o", Value::Int(2)),
            with("t", Value::List(vec![])),
            with("t", Value::List(vec![Value::from("x")])),
            with("d", Value::Int(0)),
            with("e", Value::Bool(false)),
            with("n", Value::Null),
            with("zz", Value::Null),
            Value::Null,
        ] {
            assert_eq!(
                CursorStack::from_value(&bad).unwrap_err().code(),
                "malformed",
                "{bad:?}"
            );
        }
        assert_eq!(
            CursorStack::from_value(&with("v", Value::Int(2)))
                .unwrap_err()
                .code(),
            "unsupported_version"
        );
    }
}
