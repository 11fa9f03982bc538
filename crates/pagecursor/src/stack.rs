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

use crate::prelude::*;
use alloc::collections::VecDeque;
use core::fmt;

mod tokens;

use crate::codec::{CursorCodec, DecodeOptions, EncodeOptions};
use crate::error::{decimal, quoted, CursorError};
use crate::value::Value;

// The chunk window moved to its own module; its old path stays.
pub use crate::window::{ChunkWindow, Edge, WindowChange};

/// The version of the serialized stack state that [`CursorStack::serialize`] writes: 2, whose
/// tokens share their common prefixes and suffixes (`docs/cursor-stack.md`, "State format").
/// [`CursorStack::deserialize`] also reads version 1, whose tokens are stored whole, so URLs
/// saved before stay valid.
pub const STATE_VERSION: i128 = 2;

/// The version of the infinite list state ([`ChunkWindow::to_value`]).
pub(crate) const LIST_STATE_VERSION: i128 = 1;

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

impl StackError {
    /// The message of the error, as `Display` prints it (built from its pieces: see
    /// [`decimal`]).
    pub fn message(&self) -> String {
        match self {
            StackError::PageNotAvailable {
                page,
                oldest,
                furthest,
            } => [
                "page ",
                &decimal(*page),
                " is not available: the stack holds pages ",
                &decimal(*oldest),
                " to ",
                &decimal(*furthest),
            ]
            .concat(),
            StackError::NoNextPage { page, at_end: true } => [
                "page ",
                &decimal(*page),
                " is the last page: there is no next page",
            ]
            .concat(),
            StackError::NoNextPage {
                page,
                at_end: false,
            } => [
                "the next token of page ",
                &decimal(*page),
                " is not known: record it or pass it to forward",
            ]
            .concat(),
            StackError::InvalidMaxDepth => "maxDepth must be at least 1".to_owned(),
        }
    }
}

impl fmt::Display for StackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for StackError {}

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
/// state"), which this build reads from version 1 to `newest`, and returns it:
/// `unsupported_version` for another integer, `malformed` without one.
pub(crate) fn check_version(value: &Value, what: &str, newest: i128) -> Result<i128, CursorError> {
    match value.get("v") {
        Some(Value::Int(v)) if *v >= 1 && *v <= newest => Ok(*v),
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

    /// The state as a [`Value`] (version 2): version, position, the kept tokens and the
    /// successor packed into one byte string (each token as what it shares with the one before
    /// it and the bytes in between), and the depth. Fails only for a token the payload encoding
    /// cannot carry (`unsupported_value`: an integer outside 64 bits, a duplicate map key, …),
    /// which no serialized state could hold.
    pub fn to_value(&self) -> Result<Value, CursorError> {
        let mut packed = tokens::Packer::default();
        for token in &self.tokens {
            packed.push(token.as_ref())?;
        }
        if let Successor::Token(next) = &self.successor {
            packed.push(Some(next))?;
        }
        let mut entries = vec![
            ("v".to_owned(), Value::Int(STATE_VERSION)),
            ("p".to_owned(), Value::Int(self.page.into())),
            ("o".to_owned(), Value::Int(self.oldest.into())),
            ("t".to_owned(), Value::Bytes(packed.out)),
        ];
        match &self.successor {
            Successor::Unknown => {}
            Successor::End => entries.push(("e".to_owned(), Value::Bool(true))),
            Successor::Token(_) => entries.push(("n".to_owned(), Value::Bool(true))),
        }
        if let Some(max) = self.max_depth {
            entries.push(("d".to_owned(), Value::Int(max.into())));
        }
        Ok(Value::Map(entries))
    }

    /// Rebuilds a stack from [`to_value`](Self::to_value) (version 2) or from a version 1
    /// state (tokens stored whole: `t` a list, `n` the next token), checking every invariant.
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
        let version = check_version(value, "cursor stack state", STATE_VERSION)?;
        let page = int("p")?.ok_or_else(|| bad("no page"))?;
        let oldest = int("o")?.ok_or_else(|| bad("no oldest page"))?;
        // A depth is kept as a u64 on every target: a state saved with a depth above 2^32 - 1
        // restores on wasm32 exactly as it was saved.
        let max_depth = int("d")?;
        // The kept tokens (`None`: no token) and the furthest page's next token, from the
        // list of either version (version 1: the token in `n`; 2: `n` says the list ends with it).
        let (list, next) = match value.get("t") {
            Some(Value::List(list)) if version == 1 => (
                list.iter()
                    .map(|t| (*t != Value::Null).then(|| t.clone()))
                    .collect(),
                value.get("n").cloned(),
            ),
            Some(Value::Bytes(packed)) if version == 2 => {
                let mut list = tokens::unpack(packed)?;
                let next = match value.get("n") {
                    None => None,
                    Some(Value::Bool(true)) => Some(list.pop().flatten().unwrap_or(Value::Null)),
                    Some(_) => Some(Value::Null),
                };
                (list, next)
            }
            _ => return Err(bad("no tokens")),
        };
        let successor = match (value.get("e"), next) {
            (None, None) => Successor::Unknown,
            (Some(Value::Bool(true)), None) => Successor::End,
            (None, Some(t)) if !t.is_absent_token() => Successor::Token(t),
            _ => return Err(bad("bad successor")),
        };
        let mut tokens = VecDeque::with_capacity(list.len());
        for (i, token) in list.into_iter().enumerate() {
            let number = oldest
                .checked_add(i as u64)
                .ok_or_else(|| bad("too many"))?;
            match token {
                None if number == 1 => tokens.push_back(None),
                Some(_) if number == 1 => return Err(bad("page 1 has a token")),
                Some(t) if !t.is_absent_token() => tokens.push_back(Some(t)),
                _ => return Err(bad(&["page ", &decimal(number), " has no token"].concat())),
            }
        }
        if tokens.is_empty() || page < oldest || page - oldest >= tokens.len() as u64 {
            return Err(bad("page is outside the kept tokens"));
        }
        if max_depth.is_some_and(|d| tokens.len() as u64 > d) {
            return Err(bad("more tokens than maxDepth"));
        }
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
            &self.to_value()?,
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
        let good = CursorStack::new().to_value().unwrap();
        assert!(CursorStack::from_value(&good).is_ok());
        let with = |key: &str, v: Value| {
            let Value::Map(mut e) = good.clone() else {
                unreachable!()
            };
            e.retain(|(k, _)| k != key);
            e.push((key.to_owned(), v));
            Value::Map(e)
        };
        let packed = |tokens: &[Option<Value>]| {
            let mut p = tokens::Packer::default();
            for t in tokens {
                p.push(t.as_ref()).unwrap();
            }
            Value::Bytes(p.out)
        };
        for bad in [
            with("p", Value::Int(2)),
            with("p", Value::Int(0)),
            with("o", Value::Int(2)),
            with("t", packed(&[])),
            with("t", packed(&[s("x")])),
            with("t", packed(&[None, None])),
            with("t", packed(&[None, s("")])),
            with("t", Value::List(vec![Value::Null])), // a version 1 list in version 2
            with("t", Value::Bytes(vec![9])),
            with("d", Value::Int(0)),
            with("e", Value::Bool(false)),
            with("n", Value::Null),
            with("n", Value::Bool(true)), // no entry after page 1's
            with("zz", Value::Null),
            Value::Null,
        ] {
            assert_eq!(
                CursorStack::from_value(&bad).unwrap_err().code(),
                "malformed",
                "{bad:?}"
            );
        }
        for v in [0, 3] {
            assert_eq!(
                CursorStack::from_value(&with("v", Value::Int(v)))
                    .unwrap_err()
                    .code(),
                "unsupported_version"
            );
        }
    }

    #[test]
    fn reads_version_1_states() {
        // What a build before version 2 wrote for a stack on page 2 of 3, next token "t4".
        let v1 = |t: Vec<Value>, extra: Option<(&str, Value)>| {
            let mut e = vec![
                ("v".to_owned(), Value::Int(1)),
                ("p".to_owned(), Value::Int(2)),
                ("o".to_owned(), Value::Int(1)),
                ("t".to_owned(), Value::List(t)),
            ];
            e.extend(extra.map(|(k, v)| (k.to_owned(), v)));
            Value::Map(e)
        };
        let tokens = vec![Value::Null, Value::from("t2"), Value::from("t3")];
        let old = v1(tokens.clone(), Some(("n", Value::from("t4"))));
        let mut st = CursorStack::from_value(&old).unwrap();
        assert_eq!((st.page(), st.current()), (2, s("t2")));
        assert_eq!(st.forward(None).unwrap(), s("t3"));
        assert_eq!(st.forward(None).unwrap(), s("t4"));
        // Written again, it is version 2 and restores to the same stack.
        let again = st.to_value().unwrap();
        assert_eq!(again.get("v"), Some(&Value::Int(2)));
        assert_eq!(CursorStack::from_value(&again).unwrap(), st);
        for bad in [
            v1(tokens.clone(), Some(("e", Value::Bool(false)))),
            v1(tokens.clone(), Some(("n", Value::from("")))),
            v1(vec![Value::from("x")], None),
            v1(vec![Value::Null, Value::Null], None),
        ] {
            assert_eq!(
                CursorStack::from_value(&bad).unwrap_err().code(),
                "malformed",
                "{bad:?}"
            );
        }
    }

    // Signed states: the crate's `keyed` feature.
    #[cfg(feature = "keyed")]
    #[test]
    fn fifty_next_urls_fit_a_url() {
        // DRF-style next URLs of 128 characters, consecutive cursors alike (bench/stack-state.mjs
        // measures the same in JS): the signed state of a full maxDepth 50 stays below 2,000.
        let codec = CursorCodec::new(crate::codec::CodecOptions {
            keys: vec![crate::codec::Key::new("k1", [7u8; 32])],
            ..Default::default()
        })
        .unwrap();
        let mut st = CursorStack::with_max_depth(50).unwrap();
        for i in 0..60u32 {
            // DRF's encode_cursor: standard base64 of "p=<position>", then URL-escaped.
            use base64::Engine as _;
            let position = format!(
                "p=2026-05-01+11%3A{:02}%3A{:02}.{:06}%2B00%3A00",
                59 - i,
                (i * 37) % 60,
                i * 7919 % 1_000_000
            );
            let cursor = base64::engine::general_purpose::STANDARD
                .encode(position)
                .replace('+', "%2B")
                .replace('/', "%2F")
                .replace('=', "%3D");
            let url = format!(
                "https://api.example.com/v1/merchants/204711/orders/?cursor={cursor}&page_size=50"
            );
            st.forward(Some(Some(Value::from(url.as_str())))).unwrap();
        }
        let state = st.serialize(&codec, None).unwrap();
        assert!(state.len() <= 2000, "{}", state.len());
        let mut back = CursorStack::deserialize(&state, &codec, None).unwrap();
        assert_eq!(back, st);
        while back.has_previous() {
            back.back();
        }
        assert_eq!(back.page(), 12); // 61 pages, the last 50 kept
    }
}
