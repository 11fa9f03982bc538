//! Resume by item key (`itemKey`, issue #16): a resume position inside a page records the key
//! of the last item handed out, and the resumed walk skips the refetched page up to and
//! including that item, so rows inserted or deleted before it do not shift the cut. Driven
//! through the public API (`Walk`, `ResumeState`) by a simulated host over a keyset feed
//! whose rows change between the walk and its resume.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use pagecursor::paginate::{
    Anchor, AnchorKind, Config, Failure, FailureAction, Layout, Position, ResumeState, Start, Step,
    StopReason, Token, Walk,
};
use pagecursor::{CursorCodec, Value};

/// Pages of row ids (the item keys).
type W = Walk<Value, Vec<i64>>;

/// A keyset-paginated table, like DRF's `CursorPagination`: the first request (no token)
/// gets the first `size` rows in feed order; the next token is the id of a page's last row,
/// and the page it fetches holds the rows after that id in feed order. Newest-first feeds
/// list ids descending (new rows get higher ids and appear at the top).
struct Feed {
    /// Row ids, in feed order.
    rows: Vec<i64>,
    /// Rows whose JSON form is not `{"id":N}` (edited rows, rows equal to another).
    forms: std::collections::HashMap<i64, String>,
    size: usize,
    newest_first: bool,
}

impl Feed {
    fn new(ids: impl IntoIterator<Item = i64>, size: usize, newest_first: bool) -> Feed {
        let mut feed = Feed {
            rows: ids.into_iter().collect(),
            forms: Default::default(),
            size,
            newest_first,
        };
        feed.sort();
        feed
    }

    fn sort(&mut self) {
        self.rows.sort_unstable();
        if self.newest_first {
            self.rows.reverse();
        }
    }

    fn insert(&mut self, ids: impl IntoIterator<Item = i64>) {
        self.rows.extend(ids);
        self.sort();
    }

    fn delete(&mut self, id: i64) {
        self.rows.retain(|&r| r != id);
    }

    /// The row's JSON form, as a host without `itemKey` reads it (`None`: a row with no JSON
    /// form, as a JS item holding a bigint has none).
    fn form(&self, id: i64) -> Option<String> {
        match self.forms.get(&id) {
            Some(f) if f.is_empty() => None,
            Some(f) => Some(f.clone()),
            None => Some(format!("{{\"id\":{id}}}")),
        }
    }

    fn after(&self, row: i64, cursor: i64) -> bool {
        if self.newest_first {
            row < cursor
        } else {
            row > cursor
        }
    }

    fn page(&self, token: &Option<Value>) -> (Vec<i64>, Option<Token<Value>>) {
        let start = match token {
            None => 0,
            Some(Value::Int(c)) => {
                let c = *c as i64;
                self.rows
                    .iter()
                    .position(|&r| self.after(r, c))
                    .unwrap_or(self.rows.len())
            }
            Some(other) => panic!("not a feed token: {other:?}"),
        };
        let rows: Vec<i64> = self.rows[start..].iter().take(self.size).copied().collect();
        let more = start + rows.len() < self.rows.len();
        let next = more.then(|| Token::from_value(Value::Int(i128::from(rows[rows.len() - 1]))));
        (rows, next)
    }
}

fn key(id: i64) -> Value {
    Value::Int(i128::from(id))
}

/// What a host reports: the page's keys when the request asks for them (or never, as a
/// host without `itemKey` would), and the key of the last item taken from a page it leaves
/// inside (as the JS driver does).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Host {
    WithKeys,
    NoKeys,
    /// Without `itemKey`: the items' JSON forms, as the JS driver reports them.
    ByContent,
}

/// Runs `walk` over `feed` to its stop; `before_fetch` may change the feed before each
/// request (concurrent writes). Returns the ids handed out.
fn run(
    walk: &mut W,
    feed: &mut Feed,
    host: Host,
    before_fetch: &mut dyn FnMut(&mut Feed),
) -> (Vec<i64>, StopReason) {
    walk.start(0.0);
    let mut out = Vec::new();
    loop {
        for req in walk.poll_requests(0.0) {
            before_fetch(feed);
            let (rows, next) = feed.page(&req.token);
            let len = rows.len() as u64;
            if req.keys == Some(AnchorKind::Key) && host == Host::WithKeys {
                let keys: Vec<Value> = rows.iter().map(|&r| key(r)).collect();
                walk.on_page_with_keys(req.id, rows, len, next, None, &keys);
            } else if req.keys == Some(AnchorKind::Content) {
                // Content forms are reported by any host: they need no option.
                let forms: Vec<Value> = rows
                    .iter()
                    .map(|&r| feed.form(r).map_or(Value::Null, Value::String))
                    .collect();
                walk.on_page_with_keys(req.id, rows, len, next, None, &forms);
            } else {
                walk.on_page(req.id, rows, len, next, None);
            }
        }
        match walk.pop(0.0) {
            Step::Page(d) => {
                let (from, to) = (d.skip as usize, (d.skip + d.take) as usize);
                out.extend_from_slice(&d.page[from..to]);
                let inside = to < d.page.len() && to > 0;
                if host == Host::ByContent && inside {
                    let forms: Vec<Option<String>> =
                        d.page[..to].iter().map(|&r| feed.form(r)).collect();
                    let forms: Vec<Option<&str>> = forms.iter().map(|f| f.as_deref()).collect();
                    walk.consume_by_content(d.take, &forms);
                } else {
                    let last = (host == Host::WithKeys && inside).then(|| key(d.page[to - 1]));
                    walk.consume_keyed(d.take, last);
                }
            }
            Step::Wait => panic!("nothing is in flight in a synchronous run"),
            Step::Failed(f) => panic!("the walk failed: {f:?}"),
            Step::Stopped(reason) => return (out, reason),
        }
    }
}

/// The walk's resume token, minted and read back (the format round trip included).
fn resume_of(walk: &W, codec: &CursorCodec, layout: Layout) -> ResumeState {
    let state = walk
        .resume_state()
        .expect("cursor-value tokens")
        .expect("not at the end");
    let token = state.encode(codec).expect("encodes");
    let back = ResumeState::decode(&token, codec, None, layout).expect("decodes");
    assert_eq!(back, state);
    back
}

fn starts(state: ResumeState) -> Vec<Start<Value>> {
    state
        .positions
        .into_iter()
        .map(|p| match p {
            Position::Done => Start::Done,
            Position::At {
                token,
                skip,
                anchor,
            } => Start::At {
                token: token.map(Token::from_value),
                skip,
                anchor,
            },
        })
        .collect()
}

/// The same position without its anchor: what a token minted before anchors existed says.
fn without_anchor(state: &ResumeState) -> ResumeState {
    let mut state = state.clone();
    for p in &mut state.positions {
        if let Position::At { anchor, .. } = p {
            *anchor = None;
        }
    }
    state
}

fn limited(max_items: u64) -> Config {
    Config {
        max_items: Some(max_items),
        ..Config::default()
    }
}

fn no_change(_: &mut Feed) {}

#[test]
fn newest_first_cut_in_the_first_page_then_five_inserts_repeats_nothing() {
    let codec = CursorCodec::default();
    let mut feed = Feed::new(1..=50, 20, true);
    let before: Vec<i64> = feed.rows.clone();
    let mut first = W::new(limited(10), vec![]);
    let (got, stop) = run(&mut first, &mut feed, Host::WithKeys, &mut no_change);
    assert_eq!(stop, StopReason::MaxItems);
    assert_eq!(got, (41..=50).rev().collect::<Vec<_>>());
    let state = resume_of(&first, &codec, Layout::Single);
    assert_eq!(
        state.positions,
        vec![Position::At {
            token: None,
            skip: 10,
            anchor: Some(Anchor::Key(key(41))),
        }]
    );
    // Five new rows at the top of the feed.
    feed.insert(51..=55);
    let mut rest = W::new(Config::default(), starts(state.clone()));
    let (more, stop) = run(&mut rest, &mut feed, Host::WithKeys, &mut no_change);
    assert_eq!(stop, StopReason::End);
    let all: Vec<i64> = got.iter().chain(&more).copied().collect();
    assert_eq!(all, before, "nothing repeated, nothing lost");
    assert_eq!(rest.stats().anchor_misses, 0);

    // By position alone (a token without the anchor) the same resume repeats 5 rows: the
    // anchor is what the test above depends on.
    let mut by_position = W::new(Config::default(), starts(without_anchor(&state)));
    let (more, _) = run(&mut by_position, &mut feed, Host::WithKeys, &mut no_change);
    assert_eq!(&more[..5], &[45, 44, 43, 42, 41], "the repeated rows");
    assert_eq!(more.len(), 40 + 5);
}

#[test]
fn newest_first_cut_in_a_later_page_with_an_insert_before_the_anchor() {
    let codec = CursorCodec::default();
    // Ids in steps of 10, so that a row can be inserted between two of them.
    let mut feed = Feed::new((1..=50).map(|i| i * 10), 20, true);
    let before = feed.rows.clone();
    let mut first = W::new(limited(30), vec![]);
    let (got, _) = run(&mut first, &mut feed, Host::WithKeys, &mut no_change);
    let state = resume_of(&first, &codec, Layout::Single);
    // Inside page 2 (fetched with the id of the 20th row, 310), after 10 of its rows.
    assert_eq!(
        state.positions,
        vec![Position::At {
            token: Some(key(310)),
            skip: 10,
            anchor: Some(Anchor::Key(key(210))),
        }]
    );
    // New rows at the top (not seen: before the walk's start) and one inside page 2 before
    // the anchor (behind the consumer: not seen either).
    feed.insert([505, 510, 255]);
    let mut rest = W::new(Config::default(), starts(state));
    let (more, stop) = run(&mut rest, &mut feed, Host::WithKeys, &mut no_change);
    assert_eq!(stop, StopReason::End);
    let all: Vec<i64> = got.iter().chain(&more).copied().collect();
    assert_eq!(all, before);
    assert_eq!(rest.stats().anchor_misses, 0);
}

#[test]
fn ascending_cut_in_the_first_page_with_inserts_on_both_sides() {
    let codec = CursorCodec::default();
    let mut feed = Feed::new((1..=30).map(|i| i * 10), 20, false);
    let mut first = W::new(limited(7), vec![]);
    let (got, _) = run(&mut first, &mut feed, Host::WithKeys, &mut no_change);
    assert_eq!(got, (1..=7).map(|i| i * 10).collect::<Vec<_>>());
    let state = resume_of(&first, &codec, Layout::Single);
    // Two rows before the anchor (behind the consumer) and two after the end (ahead of it).
    feed.insert([5, 45, 305, 310]);
    let mut rest = W::new(Config::default(), starts(state));
    let (more, _) = run(&mut rest, &mut feed, Host::WithKeys, &mut no_change);
    let mut want: Vec<i64> = (8..=30).map(|i| i * 10).collect();
    want.extend([305, 310]);
    want.sort_unstable();
    assert_eq!(more, want);
}

#[test]
fn a_deletion_before_the_anchor_loses_nothing() {
    let codec = CursorCodec::default();
    let mut feed = Feed::new(1..=40, 20, true);
    let before = feed.rows.clone();
    let mut first = W::new(limited(10), vec![]);
    let (got, _) = run(&mut first, &mut feed, Host::WithKeys, &mut no_change);
    let state = resume_of(&first, &codec, Layout::Single);
    // Two rows already handed out are deleted: by position the cut would move two rows on.
    feed.delete(40);
    feed.delete(35);
    let mut rest = W::new(Config::default(), starts(state.clone()));
    let (more, _) = run(&mut rest, &mut feed, Host::WithKeys, &mut no_change);
    let all: Vec<i64> = got.iter().chain(&more).copied().collect();
    assert_eq!(all, before);
    assert_eq!(rest.stats().anchor_misses, 0);
    // By position: rows 30 and 29 would be lost.
    let mut by_position = W::new(Config::default(), starts(without_anchor(&state)));
    let (more, _) = run(&mut by_position, &mut feed, Host::WithKeys, &mut no_change);
    assert_eq!(&more[..2], &[28, 27]);
}

#[test]
fn an_anchor_not_on_the_page_falls_back_to_position_and_counts_a_miss() {
    let codec = CursorCodec::default();
    let mut feed = Feed::new(1..=40, 20, true);
    let mut first = W::new(limited(10), vec![]);
    let (got, _) = run(&mut first, &mut feed, Host::WithKeys, &mut no_change);
    assert_eq!(got.last(), Some(&31));
    let state = resume_of(&first, &codec, Layout::Single);
    // The anchor row itself is deleted.
    feed.delete(31);
    let mut rest = W::new(Config::default(), starts(state.clone()));
    let (more, _) = run(&mut rest, &mut feed, Host::WithKeys, &mut no_change);
    // Skipped by position: 10 rows of the refetched page (40..=32 and 30), so 30 is lost —
    // what a resume by position does; the miss says so.
    assert_eq!(more, (1..=29).rev().collect::<Vec<_>>());
    assert_eq!(rest.stats().anchor_misses, 1);

    // A host that cannot read keys (no itemKey) reports the page without them: by position,
    // and a miss too.
    let mut feed = Feed::new(1..=40, 20, true);
    let mut blind = W::new(Config::default(), starts(state));
    let (more, _) = run(&mut blind, &mut feed, Host::NoKeys, &mut no_change);
    assert_eq!(more, (1..=30).rev().collect::<Vec<_>>());
    assert_eq!(blind.stats().anchor_misses, 1);
}

#[test]
fn old_resume_tokens_without_the_field_still_resume_by_position() {
    // Minted by the paginator before anchors existed (`paginate` over pages [1,2,3,4] and
    // [5,6,7] with maxItems 2 and 6): at the first page after 2 items, and at the page of
    // token 1 after 2 items.
    let codec = CursorCodec::default();
    let first_page = "AQCFAXYEAQFzAAFsAAFwYWEEAgFjSH_o6rSZHeBX";
    let second_page = "AQCFAXYEAQFzAAFsAAFwYWIEAgQBAWNI-IBmlsDEwSM";
    let a = ResumeState::decode(first_page, &codec, None, Layout::Single).expect("reads");
    assert_eq!(
        a.positions,
        vec![Position::At {
            token: None,
            skip: 2,
            anchor: None,
        }]
    );
    let b = ResumeState::decode(second_page, &codec, None, Layout::Single).expect("reads");
    assert_eq!(
        b.positions,
        vec![Position::At {
            token: Some(Value::Float(1.0)),
            skip: 2,
            anchor: None,
        }]
    );
    // Re-minted unchanged: a walk without anchors writes the old spelling.
    assert_eq!(a.encode(&codec).unwrap(), first_page);
    assert_eq!(b.encode(&codec).unwrap(), second_page);
    // Resumed by position even though the host reports keys: no anchor, no miss, and no
    // request asks for keys.
    let mut feed = Feed::new(1..=30, 20, true);
    let mut walk = W::new(Config::default(), starts(a));
    walk.start(0.0);
    let req = walk.poll_requests(0.0).remove(0);
    assert_eq!(req.keys, None);
    let (rows, next) = feed.page(&req.token);
    let len = rows.len() as u64;
    walk.on_page(req.id, rows, len, next, None);
    let Step::Page(d) = walk.pop(0.0) else {
        panic!("a page")
    };
    assert_eq!((d.skip, d.take), (2, 18));
    walk.consume_page();
    let (rest, _) = run(&mut walk, &mut feed, Host::WithKeys, &mut no_change);
    assert_eq!(rest, (1..=10).rev().collect::<Vec<_>>());
    assert_eq!(walk.stats().anchor_misses, 0);
}

#[test]
fn concurrent_inserts_during_the_resumed_walk() {
    // Rows are inserted at the top before every request of the resumed walk, as a busy feed
    // would: the walk still hands out exactly the rows that existed when it started.
    let codec = CursorCodec::default();
    let mut feed = Feed::new(1..=100, 15, true);
    let before = feed.rows.clone();
    let mut first = W::new(limited(40), vec![]);
    let mut calls = 0;
    // From the second request on: the rows of the walk are those there at its first.
    let mut writer = |f: &mut Feed| {
        calls += 1;
        if calls > 1 {
            f.insert([1000 + 2 * calls, 1001 + 2 * calls]);
        }
    };
    let (got, _) = run(&mut first, &mut feed, Host::WithKeys, &mut writer);
    let state = resume_of(&first, &codec, Layout::Single);
    let mut rest = W::new(Config::default(), starts(state));
    let (more, _) = run(&mut rest, &mut feed, Host::WithKeys, &mut writer);
    let all: Vec<i64> = got.iter().chain(&more).copied().collect();
    assert_eq!(all, before);
}

#[test]
fn an_item_consumer_leaving_inside_a_page_records_the_last_key() {
    let codec = CursorCodec::default();
    let mut feed = Feed::new(1..=10, 5, false);
    let mut walk = W::new(Config::default(), vec![]);
    walk.start(0.0);
    let req = walk.poll_requests(0.0).remove(0);
    assert_eq!(req.keys, None);
    let (rows, next) = feed.page(&req.token);
    walk.on_page(req.id, rows, 5, next, None);
    let Step::Page(_) = walk.pop(0.0) else {
        panic!("a page")
    };
    // Two items taken one at a time; the host tells the key with the last.
    walk.consume(1);
    walk.consume_keyed(1, Some(key(2)));
    let state = resume_of(&walk, &codec, Layout::Single);
    assert_eq!(
        state.positions,
        vec![Position::At {
            token: None,
            skip: 2,
            anchor: Some(Anchor::Key(key(2))),
        }]
    );
    // One more taken without its key: the anchor is no longer the last item, so it goes.
    walk.consume(1);
    let state = resume_of(&walk, &codec, Layout::Single);
    assert_eq!(
        state.positions,
        vec![Position::At {
            token: None,
            skip: 3,
            anchor: None,
        }]
    );
    // Resumed at the anchor, the walk that stops before taking anything keeps it.
    walk.consume_keyed(1, Some(key(4)));
    let state = resume_of(&walk, &codec, Layout::Single);
    feed.insert([0]);
    let mut again = W::new(limited(0), starts(state.clone()));
    let (none, stop) = run(&mut again, &mut feed, Host::WithKeys, &mut no_change);
    assert!(none.is_empty());
    assert_eq!(stop, StopReason::MaxItems);
    assert_eq!(resume_of(&again, &codec, Layout::Single), state);
}

#[test]
fn segments_resume_each_at_its_own_anchor_and_only_their_first_page_asks_for_keys() {
    let codec = CursorCodec::default();
    let layout = Layout::All { total: 2 };
    let config = Config {
        layout,
        ..Config::default()
    };
    let anchored = ResumeState {
        scope: None,
        layout,
        positions: vec![
            Position::At {
                token: None,
                skip: 3,
                anchor: Some(Anchor::Key(key(3))),
            },
            Position::At {
                token: Some(key(5)),
                skip: 1,
                anchor: None,
            },
        ],
    };
    let token = anchored.encode(&codec).unwrap();
    let back = ResumeState::decode(&token, &codec, None, layout).unwrap();
    assert_eq!(back, anchored);
    let mut walk = W::new(config, starts(back));
    walk.start(0.0);
    let reqs = walk.poll_requests(0.0);
    assert_eq!(
        reqs.iter().map(|r| (r.segment, r.keys)).collect::<Vec<_>>(),
        vec![(0, Some(AnchorKind::Key)), (1, None)]
    );
    // A retry of the anchored request still asks for keys.
    let action = walk.on_failure(reqs[0].id, Failure::FetchFailed, true, None, 0.0, 0.0);
    let FailureAction::Retry(retry) = action else {
        panic!("a retry")
    };
    assert_eq!(retry.keys, Some(AnchorKind::Key));
    // Segment 0's page now starts with an inserted row: the anchor finds the cut.
    let rows = vec![0, 1, 2, 3, 4];
    let keys: Vec<Value> = rows.iter().map(|&r| key(r)).collect();
    walk.on_page_with_keys(retry.id, rows, 5, None, None, &keys);
    walk.on_page(reqs[1].id, vec![6, 7], 2, None, None);
    let mut got = Vec::new();
    while let Step::Page(d) = walk.pop(0.0) {
        got.push((d.segment, d.skip, d.take));
        walk.consume_page();
    }
    assert_eq!(got, vec![(0, 4, 1), (1, 1, 1)]);
    assert_eq!(walk.stats().anchor_misses, 0);
}

#[test]
fn anchors_have_one_spelling() {
    let codec = CursorCodec::default();
    let at = |token: Option<Value>, skip, anchor: Option<Value>| ResumeState {
        scope: None,
        layout: Layout::Single,
        positions: vec![Position::At {
            token,
            skip,
            anchor: anchor.map(Anchor::Key),
        }],
    };
    // Any cursor value is an anchor: numbers, bigints, strings, dates, maps.
    for anchor in [
        Value::Float(7.0),
        Value::Int(1 << 62),
        Value::from("row-7"),
        Value::Date(1_700_000_000_000),
        Value::map([("pk", Value::from("u#1")), ("sk", Value::Int(3))]),
    ] {
        for token in [None, Some(Value::from("cursor"))] {
            let state = at(token, 4, Some(anchor.clone()));
            let t = state.encode(&codec).unwrap();
            assert_eq!(
                ResumeState::decode(&t, &codec, None, Layout::Single),
                Ok(state)
            );
        }
    }
    // States no payload can spell are refused at encode rather than read back differently.
    for bad in [
        at(None, 0, Some(Value::Float(1.0))),
        at(None, 3, Some(Value::Null)),
        at(Some(Value::Null), 3, Some(Value::Float(1.0))),
    ] {
        assert!(bad.encode(&codec).is_err());
    }
}

/// A resume payload edited as a key holder could (checksum repaired).
fn re_minted(
    token: &str,
    codec: &CursorCodec,
    edit: impl FnOnce(&mut Vec<(String, Value)>),
) -> String {
    use pagecursor::codec::{DecodeOptions, EncodeOptions};
    use pagecursor::paginate::token::canonical_bytes;
    use sha2::{Digest, Sha256};
    let Value::Map(mut entries) = codec
        .decode(token, &DecodeOptions::default())
        .unwrap()
        .value
    else {
        panic!("a resume payload is a map")
    };
    assert_eq!(entries.pop().unwrap().0, "c");
    edit(&mut entries);
    let mut bytes = b"pagecursor/resume".to_vec();
    canonical_bytes(&Value::Map(entries.clone()), false, &mut bytes);
    entries.push((
        "c".into(),
        Value::Bytes(Sha256::digest(&bytes)[..8].to_vec()),
    ));
    codec
        .encode(&Value::Map(entries), &EncodeOptions::default())
        .unwrap()
}

#[test]
fn a_payload_with_an_anchor_the_encoder_never_writes_is_damage() {
    let codec = CursorCodec::default();
    let state = ResumeState {
        scope: None,
        layout: Layout::Single,
        positions: vec![Position::At {
            token: None,
            skip: 3,
            anchor: Some(Anchor::Key(key(9))),
        }],
    };
    let token = state.encode(&codec).unwrap();
    assert_eq!(re_minted(&token, &codec, |_| {}), token);
    let with_position = |p: Vec<Value>| {
        re_minted(&token, &codec, |e| {
            e[3].1 = Value::List(vec![Value::List(p)]);
        })
    };
    let n = Value::Float;
    // As written: [skip, token or null, anchor].
    assert_eq!(
        ResumeState::decode(
            &with_position(vec![n(3.0), Value::Null, key(9)]),
            &codec,
            None,
            Layout::Single
        ),
        Ok(state)
    );
    for bad in [
        vec![n(0.0), Value::Null, key(9)], // an anchor before any item received
        vec![n(3.0), Value::Null, Value::Null], // a null anchor
        vec![n(3.0), Value::Null, key(9), key(9)], // a fourth element
        vec![n(-1.0), Value::Null, key(9)], // a bad skip
    ] {
        let t = with_position(bad.clone());
        assert!(
            ResumeState::decode(&t, &codec, None, Layout::Single).is_err(),
            "{bad:?} was accepted"
        );
    }
}

// Without `itemKey` the last item handed out anchors the cut by its content (the digest of
// its JSON form).

/// Cuts `feed` after `max_items` rows, changes it with `change`, resumes from the minted
/// token (the format round trip included) and returns (first walk, resumed walk, misses).
fn cut_change_resume(
    feed: &mut Feed,
    max_items: u64,
    change: &mut dyn FnMut(&mut Feed),
) -> (Vec<i64>, Vec<i64>, u64, ResumeState) {
    let codec = CursorCodec::default();
    let mut first = W::new(limited(max_items), vec![]);
    let (got, stop) = run(&mut first, feed, Host::ByContent, &mut no_change);
    assert_eq!(stop, StopReason::MaxItems);
    let state = resume_of(&first, &codec, Layout::Single);
    change(feed);
    let mut rest = W::new(Config::default(), starts(state.clone()));
    let (more, stop) = run(&mut rest, feed, Host::ByContent, &mut no_change);
    assert_eq!(stop, StopReason::End);
    (got, more, rest.stats().anchor_misses, state)
}

#[test]
fn by_content_newest_first_cut_in_the_first_page_then_five_inserts_repeats_nothing() {
    let mut feed = Feed::new(1..=50, 20, true);
    let before = feed.rows.clone();
    let (got, more, misses, state) = cut_change_resume(&mut feed, 10, &mut |f| f.insert(51..=55));
    assert_eq!([got, more].concat(), before);
    assert_eq!(misses, 0);
    // The anchor is the 8-byte digest of the 10th row's form, the 1st of its text.
    let digest = pagecursor::paginate::content_digest(&[Some("{\"id\":41}")], 0);
    assert_eq!(
        state.positions,
        vec![Position::At {
            token: None,
            skip: 10,
            anchor: Some(Anchor::Content(digest)),
        }]
    );
    // By position (the host reports no forms) the same resume repeats the 5 pushed-back rows.
    let mut blind = W::new(Config::default(), starts(without_anchor(&state)));
    let (again, _) = run(&mut blind, &mut feed, Host::NoKeys, &mut no_change);
    assert_eq!(again[..5], before[5..10]);
}

#[test]
fn by_content_cut_in_a_later_page_with_inserts_and_a_deletion_before_the_anchor() {
    let mut feed = Feed::new(1..=60, 20, false);
    let before = feed.rows.clone();
    // Page 2 holds 21..=40; the cut is after 27. Then 23 is deleted (behind the consumer) and
    // rows are added at the end (ahead of it).
    let (got, more, misses, _) = cut_change_resume(&mut feed, 27, &mut |f| {
        f.delete(23);
        f.insert(61..=63);
    });
    assert_eq!(got, before[..27]);
    assert_eq!(more, (28..=63).collect::<Vec<_>>());
    assert_eq!(misses, 0);
}

#[test]
fn by_content_the_anchor_edited_or_deleted_falls_back_to_position_and_counts_a_miss() {
    for edit in [true, false] {
        let mut feed = Feed::new(1..=40, 20, false);
        let (got, more, misses, _) = cut_change_resume(&mut feed, 5, &mut |f| {
            if edit {
                f.forms.insert(5, "{\"id\":5,\"likes\":1}".into());
            } else {
                f.delete(5);
            }
        });
        assert_eq!(got, (1..=5).collect::<Vec<_>>());
        // By position: 5 rows of the refetched page skipped.
        let expect: Vec<i64> = if edit {
            (6..=40).collect()
        } else {
            (7..=40).collect()
        };
        assert_eq!(more, expect, "edit: {edit}");
        assert_eq!(misses, 1);
    }
}

#[test]
fn by_content_two_equal_rows_cut_between_them_resume_between_them() {
    for cut in [3, 4] {
        let mut feed = Feed::new(1..=12, 8, true);
        // Rows 9 and 8 (the 4th and 5th of the newest-first feed) read the same.
        for id in [9, 8] {
            feed.forms.insert(id, "{\"text\":\"same\"}".into());
        }
        let before = feed.rows.clone();
        let (got, more, misses, _) =
            cut_change_resume(&mut feed, cut + 1, &mut |f| f.insert(13..=14));
        assert_eq!([got, more].concat(), before, "cut after {}", cut + 1);
        assert_eq!(misses, 0);
    }
}

#[test]
fn by_content_an_item_without_a_json_form_resumes_by_position_and_counts_a_miss() {
    let mut feed = Feed::new(1..=30, 20, false);
    feed.forms.insert(4, String::new());
    let (got, more, misses, state) = cut_change_resume(&mut feed, 4, &mut no_change);
    assert!(matches!(
        state.positions[0],
        Position::At {
            anchor: Some(Anchor::Content(None)),
            ..
        }
    ));
    assert_eq!([got, more].concat(), (1..=30).collect::<Vec<_>>());
    assert_eq!(misses, 1);
}

#[test]
fn content_anchors_have_one_spelling() {
    let codec = CursorCodec::default();
    for anchor in [Some([7u8; 8]), None] {
        let state = ResumeState {
            scope: None,
            layout: Layout::Single,
            positions: vec![Position::At {
                token: Some(Value::from("c")),
                skip: 2,
                anchor: Some(Anchor::Content(anchor)),
            }],
        };
        let t = state.encode(&codec).unwrap();
        assert_eq!(
            ResumeState::decode(&t, &codec, None, Layout::Single),
            Ok(state)
        );
    }
}
