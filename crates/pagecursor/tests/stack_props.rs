//! Property tests of the cursor stack: random walks of record/forward/back/goTo/reset (and
//! serialize/restore) against a deliberately naive model that keeps the whole history in a
//! vector and marks evicted pages with a low-water mark.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use pagecursor::codec::CursorCodec;
use pagecursor::{CursorStack, Value};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    Record(Option<Value>),
    Forward(Option<Option<Value>>),
    Back,
    GoTo(u64),
    Reset,
    Reload,
}

fn token() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        4 => prop::sample::select(vec!["a", "b", "c", "d"]).prop_map(|s| Some(Value::from(s))),
        1 => Just(Some(Value::map([("pk", Value::from("a")), ("sk", Value::Int(1))]))),
        1 => Just(None),
        1 => Just(Some(Value::Null)),
        1 => Just(Some(Value::from(""))),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => token().prop_map(Op::Record),
        4 => prop::option::of(token()).prop_map(Op::Forward),
        2 => Just(Op::Back),
        2 => (0u64..10).prop_map(Op::GoTo),
        1 => Just(Op::Reset),
        1 => Just(Op::Reload),
    ]
}

/// The naive model: `tokens[i]` fetches page `i + 1`; pages below `oldest` count as evicted.
struct Model {
    page: u64,
    oldest: u64,
    tokens: Vec<Option<Value>>,
    /// `None`: not recorded; `Some(None)`: the end; `Some(Some(t))`: the next token.
    tail: Option<Option<Value>>,
    depth: Option<usize>,
}

fn present(t: Option<Value>) -> Option<Value> {
    t.filter(|v| !matches!(v, Value::Null) && *v != Value::from(""))
}

impl Model {
    fn new(depth: Option<usize>) -> Model {
        Model {
            page: 1,
            oldest: 1,
            tokens: vec![None],
            tail: None,
            depth,
        }
    }
    fn furthest(&self) -> u64 {
        self.tokens.len() as u64
    }
    fn token(&self, page: u64) -> Option<Value> {
        self.tokens[(page - 1) as usize].clone()
    }
    fn record(&mut self, t: Option<Value>) {
        let t = present(t);
        if self.page < self.furthest() {
            if t.is_some() && t == self.token(self.page + 1) {
                return;
            }
            self.tokens.truncate(self.page as usize);
        }
        self.tail = Some(t);
    }
    fn forward(&mut self, t: Option<Option<Value>>) -> Result<Option<Value>, ()> {
        if let Some(t) = t {
            self.record(t);
        }
        if self.page < self.furthest() {
            self.page += 1;
            return Ok(self.token(self.page));
        }
        match self.tail.clone() {
            Some(Some(t)) => {
                self.tokens.push(Some(t.clone()));
                self.page += 1;
                self.tail = None;
                if let Some(d) = self.depth {
                    self.oldest = self
                        .oldest
                        .max(self.furthest().saturating_sub(d as u64) + 1);
                }
                Ok(Some(t))
            }
            _ => Err(()),
        }
    }
    fn back(&mut self) -> Option<Value> {
        if self.page > self.oldest {
            self.page -= 1;
            self.token(self.page)
        } else {
            None
        }
    }
    fn go_to(&mut self, p: u64) -> Result<Option<Value>, ()> {
        if p >= self.oldest && p <= self.furthest() {
            self.page = p;
            Ok(self.token(p))
        } else {
            Err(())
        }
    }
    fn has_next(&self) -> bool {
        self.page < self.furthest() || matches!(self.tail, Some(Some(_)))
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_walks_match_the_model(
        depth in prop::option::of(1usize..5),
        ops in prop::collection::vec(op(), 1..60),
    ) {
        let codec = CursorCodec::default();
        let mut st = match depth {
            Some(d) => CursorStack::with_max_depth(d as u64).unwrap(),
            None => CursorStack::new(),
        };
        let mut m = Model::new(depth);
        for op in ops {
            match op.clone() {
                Op::Record(t) => { st.record(t.clone()); m.record(t); }
                Op::Forward(t) => {
                    let got = st.forward(t.clone()).map_err(|_| ());
                    prop_assert_eq!(got, m.forward(t), "{:?}", op);
                }
                Op::Back => prop_assert_eq!(st.back(), m.back()),
                Op::GoTo(p) => {
                    let got = st.go_to(p).map_err(|_| ());
                    prop_assert_eq!(got, m.go_to(p), "{:?}", op);
                }
                Op::Reset => { st.reset(); m = Model::new(depth); }
                Op::Reload => {
                    let token = st.serialize(&codec, None).unwrap();
                    let back = CursorStack::deserialize(&token, &codec, None).unwrap();
                    prop_assert_eq!(&back, &st);
                    st = back;
                }
            }
            prop_assert_eq!(st.page(), m.page);
            prop_assert_eq!(st.current(), m.token(m.page));
            prop_assert_eq!(st.has_next(), m.has_next());
            prop_assert_eq!(st.has_previous(), m.page > m.oldest);
            // `hasPrevious` is exactly "back() returns a real token": try it on a copy.
            let mut probe = st.clone();
            let before = probe.page();
            probe.back();
            prop_assert_eq!(probe.page() < before, st.has_previous());
            if let Some(d) = depth {
                prop_assert!(st.furthest() - st.oldest() < d as u64);
            }
        }
    }
}
