//! The paginator core driven by a simulated host: scenarios for each rule, and a
//! fault-injection property test (throttles, hard failures, empty pages, breaks, budgets,
//! restarts from the resume token) that checks nothing is lost and nothing repeated.
#![cfg(not(target_arch = "wasm32"))]

use pagecursor::paginate::resume::scope_digest;
use pagecursor::paginate::{
    Config, Failure, FailureAction, Layout, Position, Request, ResumeState, RetryPolicy, SameToken,
    Start, Step, StopReason, Token, Walk,
};
use pagecursor::{CursorCodec, Value};
use proptest::prelude::*;

type W = Walk<Value, Vec<u64>>;

/// A fake paginated source: `pages[segment][i]` are the items of page i; page i > 0 is fetched
/// with the token `{ p: i, s: segment }`.
struct Api {
    pages: Vec<Vec<Vec<u64>>>,
}

impl Api {
    fn token(segment: u32, i: usize) -> Token<Value> {
        Token::from_value(Value::map([
            ("s", Value::Float(segment as f64)),
            ("p", Value::Float(i as f64)),
        ]))
    }

    fn page_index(token: &Option<Value>) -> usize {
        match token.as_ref().and_then(|t| t.get("p")) {
            Some(Value::Float(f)) => *f as usize,
            _ => 0,
        }
    }

    fn respond(&self, req: &Request<Value>) -> (Vec<u64>, Option<Token<Value>>) {
        let pages = &self.pages[req.segment as usize];
        let i = Self::page_index(&req.token);
        let next = (i + 1 < pages.len()).then(|| Api::token(req.segment, i + 1));
        (pages[i].clone(), next)
    }

    /// Items `0..` numbered across segments in order, with the given page sizes.
    fn numbered(sizes: &[Vec<usize>]) -> Api {
        let mut n = 0u64;
        let pages = sizes
            .iter()
            .map(|seg| {
                seg.iter()
                    .map(|&size| {
                        let page: Vec<u64> = (n..n + size as u64).collect();
                        n += size as u64;
                        page
                    })
                    .collect()
            })
            .collect();
        Api { pages }
    }

    fn all_items(&self, segment: usize) -> Vec<u64> {
        self.pages[segment].iter().flatten().copied().collect()
    }
}

/// Runs a walk to its stop with every request answered at once; returns the items taken.
fn run_simple(walk: &mut W, api: &Api) -> (Vec<u64>, Result<StopReason, Failure>) {
    walk.start(0.0);
    let mut out = Vec::new();
    loop {
        for req in walk.poll_requests(0.0) {
            let (items, next) = api.respond(&req);
            let len = items.len() as u64;
            walk.on_page(req.id, items, len, next, None);
        }
        match walk.pop(0.0) {
            Step::Page(d) => {
                out.extend(&d.page[d.skip as usize..(d.skip + d.take) as usize]);
                walk.consume_page();
            }
            Step::Wait => panic!("nothing in flight in a synchronous run"),
            Step::Failed(f) => return (out, Err(f)),
            Step::Stopped(r) => return (out, Ok(r)),
        }
    }
}

fn resume_starts(walk: &W, codec: &CursorCodec, layout: Layout) -> Option<Vec<Start<Value>>> {
    let state = walk.resume_state().expect("cursor-value tokens")?;
    let token = state.encode(codec).expect("encodes");
    let back = ResumeState::decode(&token, codec, None, layout).expect("decodes");
    assert_eq!(back, state);
    Some(
        back.positions
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
            .collect(),
    )
}

#[test]
fn empty_and_short_pages_never_end_the_walk() {
    let api = Api::numbered(&[vec![3, 0, 1, 0, 0, 4, 0]]);
    let mut walk = W::new(Config::default(), vec![]);
    let (items, stop) = run_simple(&mut walk, &api);
    assert_eq!(items, api.all_items(0));
    assert_eq!(stop, Ok(StopReason::End));
    let stats = walk.stats();
    assert_eq!((stats.pages, stats.empty_pages, stats.items), (7, 4, 8));
    assert_eq!(walk.resume_state(), Ok(None));
}

#[test]
fn end_values_and_more_false_end_the_walk() {
    for end in [Value::Null, Value::from(""), Value::Map(vec![])] {
        let mut walk = W::new(Config::default(), vec![]);
        walk.start(0.0);
        let req = walk.poll_requests(0.0).remove(0);
        walk.on_page(req.id, vec![1], 1, Some(Token::from_value(end)), None);
        assert!(matches!(walk.pop(0.0), Step::Page(_)));
        walk.consume_page();
        assert!(walk.poll_requests(0.0).is_empty());
        assert!(matches!(walk.pop(0.0), Step::Stopped(StopReason::End)));
    }
    let mut walk = W::new(Config::default(), vec![]);
    walk.start(0.0);
    let req = walk.poll_requests(0.0).remove(0);
    walk.on_page(
        req.id,
        vec![1],
        1,
        Some(Token::from_value(Value::from("more?"))),
        Some(false),
    );
    assert!(matches!(walk.pop(0.0), Step::Page(_)));
    walk.consume_page();
    assert!(matches!(walk.pop(0.0), Step::Stopped(StopReason::End)));
}

fn walk_tokens(tokens: &[Value], policy: SameToken) -> (usize, Step<Vec<u64>>) {
    let config = Config {
        on_same_token: policy,
        ..Default::default()
    };
    let mut walk = W::new(config, vec![]);
    walk.start(0.0);
    let mut pages = 0;
    let mut i = 0;
    loop {
        for req in walk.poll_requests(0.0) {
            let next = tokens.get(i).cloned().map(Token::from_value);
            i += 1;
            walk.on_page(req.id, vec![i as u64], 1, next, None);
        }
        match walk.pop(0.0) {
            Step::Page(_) => {
                pages += 1;
                walk.consume_page();
            }
            other => return (pages, other),
        }
    }
}

#[test]
fn repeated_tokens_and_cycles_are_detected_key_order_ignored() {
    let a = Value::map([("pk", Value::from("u")), ("sk", Value::Int(1))]);
    let a_reordered = Value::map([("sk", Value::Int(1)), ("pk", Value::from("u"))]);
    let b = Value::from("B");
    for seq in [
        vec![a.clone(), a_reordered.clone()],
        vec![a.clone(), b.clone(), a_reordered.clone()],
        vec![b.clone(), a.clone(), b.clone()],
    ] {
        let (pages, step) = walk_tokens(&seq, SameToken::Error);
        assert_eq!(
            pages,
            seq.len(),
            "the page with the repeated token is handed out"
        );
        assert!(matches!(step, Step::Failed(Failure::RepeatedToken)));
        let (pages, step) = walk_tokens(&seq, SameToken::Stop);
        assert_eq!(pages, seq.len());
        assert!(matches!(step, Step::Stopped(StopReason::End)));
    }
    // Equal-looking values of different types are different tokens.
    let (pages, step) = walk_tokens(
        &[Value::Float(1.0), Value::Int(1), Value::from("1")],
        SameToken::Error,
    );
    assert_eq!(pages, 4);
    assert!(matches!(step, Step::Stopped(StopReason::End)));
}

#[test]
fn max_items_cuts_a_page_and_the_resume_yields_exactly_the_rest() {
    let api = Api::numbered(&[vec![4, 4, 0, 4, 1]]);
    let codec = CursorCodec::default();
    for max in 0..=14u64 {
        let config = Config {
            max_items: Some(max),
            ..Default::default()
        };
        let mut walk = W::new(config, vec![]);
        let (mut items, stop) = run_simple(&mut walk, &api);
        assert_eq!(items.len() as u64, max.min(13));
        if max >= 13 {
            assert_eq!(stop, Ok(StopReason::End));
            continue;
        }
        assert_eq!(stop, Ok(StopReason::MaxItems));
        let starts = resume_starts(&walk, &codec, Layout::Single).expect("not at the end");
        let mut rest = W::new(Config::default(), starts);
        let (more, stop) = run_simple(&mut rest, &api);
        assert_eq!(stop, Ok(StopReason::End));
        items.extend(more);
        assert_eq!(items, api.all_items(0), "max {max}");
    }
}

#[test]
fn budgets_stop_with_their_reason() {
    let api = Api::numbered(&[vec![2, 2, 2, 2]]);
    let mut walk = W::new(
        Config {
            max_pages: Some(2),
            ..Default::default()
        },
        vec![],
    );
    let (items, stop) = run_simple(&mut walk, &api);
    assert_eq!((items.len(), stop), (4, Ok(StopReason::MaxPages)));
    let mut walk = W::new(
        Config {
            max_requests: Some(3),
            ..Default::default()
        },
        vec![],
    );
    let (items, stop) = run_simple(&mut walk, &api);
    assert_eq!((items.len(), stop), (6, Ok(StopReason::MaxRequests)));
    assert_eq!(walk.stats().requests, 3);
    // The time limit stops at the next page boundary.
    let mut walk = W::new(
        Config {
            time_limit_ms: Some(100.0),
            ..Default::default()
        },
        vec![],
    );
    walk.start(0.0);
    let req = walk.poll_requests(50.0).remove(0);
    let (items, next) = api.respond(&req);
    walk.on_page(req.id, items, 2, next, None);
    assert!(matches!(walk.pop(60.0), Step::Page(_)));
    walk.consume_page();
    assert!(walk.poll_requests(100.0).is_empty());
    assert!(matches!(
        walk.pop(100.0),
        Step::Stopped(StopReason::TimeLimit)
    ));
    assert!(walk.resume_state().expect("values").is_some());
}

#[test]
fn prefetch_keeps_at_most_one_plus_k_pages_ahead_per_segment() {
    for k in 0..4u32 {
        let api = Api::numbered(&[vec![1; 10]]);
        let mut walk = W::new(
            Config {
                prefetch: k,
                ..Default::default()
            },
            vec![],
        );
        walk.start(0.0);
        let mut ahead = 0usize;
        let mut got = Vec::new();
        // Answer every request at once but let the consumer take pages only now and then.
        for round in 0..40 {
            for req in walk.poll_requests(0.0) {
                ahead += 1;
                let (items, next) = api.respond(&req);
                walk.on_page(req.id, items, 1, next, None);
            }
            assert!(ahead <= 1 + k as usize, "k={k}: {ahead} ahead");
            if round % 3 == 0 {
                match walk.pop(0.0) {
                    Step::Page(d) => {
                        ahead -= 1;
                        got.extend(d.page);
                        walk.consume_page();
                    }
                    Step::Stopped(StopReason::End) => break,
                    other => panic!("{other:?}"),
                }
            }
        }
        assert_eq!(got, api.all_items(0));
    }
}

/// A poll ahead of the consumer (`asking` false: after a page arrived or was handed out)
/// issues only the `prefetch` pages ahead; with prefetch 0 nothing goes out until the consumer
/// asks (API.md, "Precise semantics"), and the chain passed over is issued by the next asking
/// poll.
#[test]
fn polls_ahead_of_the_consumer_issue_only_the_prefetch_window() {
    for k in 0..4u32 {
        let api = Api::numbered(&[vec![1; 8]]);
        let mut walk = W::new(
            Config {
                prefetch: k,
                ..Default::default()
            },
            vec![],
        );
        walk.start(0.0);
        let mut pending = Vec::new();
        let mut received = 0usize;
        let mut issued = 0usize;
        let mut got = Vec::new();
        loop {
            // The consumer asks.
            walk.poll_requests_with(0.0, true, &mut |r| pending.push(r));
            // Answer what is in flight; every report polls ahead, as a host does.
            while let Some(req) = pending.pop() {
                issued += 1;
                let (items, next) = api.respond(&req);
                walk.on_page(req.id, items, 1, next, None);
                walk.poll_requests_with(0.0, false, &mut |r| pending.push(r));
            }
            match walk.pop(0.0) {
                Step::Page(d) => {
                    got.extend(d.page);
                    walk.consume_page();
                    received += 1;
                }
                Step::Stopped(StopReason::End) => break,
                other => panic!("k={k}: {other:?}"),
            }
            // Handed out: the poll ahead of a consumer that holds its page.
            walk.poll_requests_with(0.0, false, &mut |r| pending.push(r));
            assert!(
                issued + pending.len() <= received + k as usize,
                "k={k}: {} requests with {received} pages received",
                issued + pending.len()
            );
        }
        assert_eq!(got, api.all_items(0), "k={k}");
    }
}

#[test]
fn retry_schedule_uses_the_injected_random_and_retry_after() {
    let config = Config {
        retry: RetryPolicy {
            retries: 3,
            base_delay_ms: 100.0,
            max_delay_ms: 250.0,
        },
        ..Default::default()
    };
    let mut walk = W::new(config, vec![]);
    walk.start(0.0);
    let req = walk.poll_requests(0.0).remove(0);
    assert_eq!(req.attempt, 1);
    let mut delays = Vec::new();
    let mut attempts = Vec::new();
    let mut id = req.id;
    let mut now = 0.0;
    for (retry_after, random) in [(None, 0.5), (Some(1234.0), 0.5), (None, 0.9)] {
        match walk.on_failure(id, Failure::FetchFailed, true, retry_after, random, now) {
            FailureAction::Retry(r) => {
                delays.push(r.delay_ms);
                now += r.delay_ms;
                attempts.push(r.attempt);
                id = r.id;
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(delays, vec![50.0, 1234.0, 225.0]);
    assert_eq!(attempts, vec![2, 3, 4]);
    assert!(matches!(
        walk.on_failure(id, Failure::FetchFailed, true, None, 0.5, 0.0),
        FailureAction::Fail
    ));
    assert_eq!(walk.stats().retries, 3);
    assert_eq!(walk.stats().requests, 4);
    assert!(matches!(walk.pop(0.0), Step::Failed(Failure::FetchFailed)));
    assert_eq!(walk.stop_reason(), Some(StopReason::Error));
    // The resume state still points at the first page.
    let state = walk
        .resume_state()
        .expect("values")
        .expect("not at the end");
    assert_eq!(
        state.positions,
        vec![Position::At {
            token: None,
            skip: 0,
            anchor: None
        }]
    );
}

#[test]
fn a_retry_after_beyond_the_time_limit_fails_at_once() {
    let config = Config {
        time_limit_ms: Some(60_000.0),
        ..Default::default()
    };
    // Within the budget: retried after the server's wait.
    let mut walk = W::new(config.clone(), vec![]);
    walk.start(0.0);
    let req = walk.poll_requests(0.0).remove(0);
    match walk.on_failure(
        req.id,
        Failure::FetchFailed,
        true,
        Some(30_000.0),
        0.5,
        1000.0,
    ) {
        FailureAction::Retry(r) => assert_eq!(r.delay_ms, 30_000.0),
        other => panic!("{other:?}"),
    }
    // Beyond it (30 days; also a wait that ends exactly at the limit): no retry could start
    // before the deadline, so the walk fails with its position kept.
    for (after, now) in [(30.0 * 86_400_000.0, 0.0), (59_000.0, 1000.0)] {
        let mut walk = W::new(config.clone(), vec![]);
        walk.start(0.0);
        let req = walk.poll_requests(0.0).remove(0);
        assert!(matches!(
            walk.on_failure(req.id, Failure::FetchFailed, true, Some(after), 0.5, now),
            FailureAction::Fail
        ));
        assert!(matches!(walk.pop(now), Step::Failed(Failure::FetchFailed)));
        let state = walk
            .resume_state()
            .expect("values")
            .expect("not at the end");
        assert_eq!(
            state.positions,
            vec![Position::At {
                token: None,
                skip: 0,
                anchor: None
            }]
        );
    }
    // Without a time limit the wait is the server's, however long.
    let mut walk = W::new(Config::default(), vec![]);
    walk.start(0.0);
    let req = walk.poll_requests(0.0).remove(0);
    match walk.on_failure(
        req.id,
        Failure::FetchFailed,
        true,
        Some(30.0 * 86_400_000.0),
        0.5,
        0.0,
    ) {
        FailureAction::Retry(r) => assert_eq!(r.delay_ms, 30.0 * 86_400_000.0),
        other => panic!("{other:?}"),
    }
}

/// Many segments, answered out of order (each round in reverse, every third answer held back
/// a round), with prefetch: every page of every segment reaches the consumer once, in order
/// per segment, and request ids name their segment's chain (a request of one segment never
/// reports as another's).
#[test]
fn many_segments_answered_out_of_order_deliver_every_page_once() {
    const SEGMENTS: usize = 2000;
    let sizes: Vec<Vec<usize>> = (0..SEGMENTS).map(|s| vec![1 + s % 3, 0, 2]).collect();
    let api = Api::numbered(&sizes);
    let mut walk = W::new(
        Config {
            prefetch: 1,
            layout: Layout::All {
                total: SEGMENTS as u32,
            },
            ..Default::default()
        },
        vec![],
    );
    walk.start(0.0);
    let mut got: Vec<Vec<u64>> = vec![Vec::new(); SEGMENTS];
    let mut held: Vec<Request<Value>> = Vec::new();
    let mut seen_ids = std::collections::HashSet::new();
    let mut round = 0;
    loop {
        let mut requests = walk.poll_requests(0.0);
        requests.reverse();
        let mut answer = std::mem::take(&mut held);
        for (i, r) in requests.into_iter().enumerate() {
            assert!(seen_ids.insert(r.id), "request id {} issued twice", r.id);
            if i % 3 == 2 {
                held.push(r);
            } else {
                answer.push(r);
            }
        }
        for req in answer {
            let (items, next) = api.respond(&req);
            let len = items.len() as u64;
            assert!(
                walk.on_page(req.id, items, len, next, None),
                "request {} kept",
                req.id
            );
        }
        loop {
            match walk.pop(0.0) {
                Step::Page(d) => {
                    got[d.segment as usize]
                        .extend(&d.page[d.skip as usize..(d.skip + d.take) as usize]);
                    walk.consume_page();
                }
                Step::Wait => break,
                Step::Stopped(StopReason::End) => {
                    for (s, items) in got.iter().enumerate() {
                        assert_eq!(items, &api.all_items(s), "segment {s}");
                    }
                    assert_eq!(walk.stats().pages, 3 * SEGMENTS as u64);
                    return;
                }
                other => panic!("{other:?}"),
            }
        }
        round += 1;
        assert!(round < 100, "the walk does not end");
    }
}

/// A host that copies a cut page before its consumer gets it reports the page taken only once
/// the copy was made: until then the resume state is still at that page (nothing skipped if
/// the copy fails).
#[test]
fn a_cut_page_is_resumed_from_until_the_host_reports_it_taken() {
    let api = Api::numbered(&[vec![4, 4]]);
    let mut walk = W::new(
        Config {
            max_items: Some(2),
            ..Default::default()
        },
        vec![],
    );
    walk.start(0.0);
    let req = walk.poll_requests(0.0).remove(0);
    let (items, next) = api.respond(&req);
    walk.on_page(req.id, items, 4, next, None);
    let Step::Page(d) = walk.pop(0.0) else {
        panic!("a page")
    };
    assert!(d.is_cut());
    let at_page = || {
        vec![Position::At {
            token: None,
            skip: 0,
            anchor: None,
        }]
    };
    assert_eq!(walk.resume_state().unwrap().unwrap().positions, at_page());
    // The copy failed: the walk stops with the position still before the page.
    walk.stop(StopReason::Error);
    assert_eq!(walk.resume_state().unwrap().unwrap().positions, at_page());
}

#[test]
fn min_interval_paces_requests() {
    let mut walk = W::new(
        Config {
            min_interval_ms: 100.0,
            layout: Layout::All { total: 3 },
            ..Default::default()
        },
        vec![],
    );
    walk.start(0.0);
    let delays: Vec<f64> = walk.poll_requests(0.0).iter().map(|r| r.delay_ms).collect();
    assert_eq!(delays, vec![0.0, 100.0, 200.0]);
}

#[test]
fn scope_and_layout_bind_resume_tokens() {
    let codec = CursorCodec::default();
    let scope = Value::map([("table", Value::from("orders"))]);
    let mut walk = W::new(
        Config {
            max_items: Some(1),
            scope: Some(scope_digest(&scope)),
            ..Default::default()
        },
        vec![],
    );
    let api = Api::numbered(&[vec![3, 3]]);
    let (_, stop) = run_simple(&mut walk, &api);
    assert_eq!(stop, Ok(StopReason::MaxItems));
    let token = walk
        .resume_state()
        .expect("values")
        .expect("not at the end")
        .encode(&codec)
        .expect("encodes");
    assert!(ResumeState::decode(&token, &codec, Some(&scope), Layout::Single).is_ok());
    assert!(ResumeState::decode(&token, &codec, None, Layout::Single).is_err());
    assert!(ResumeState::decode(&token, &codec, Some(&Value::Null), Layout::Single).is_err());
    assert!(ResumeState::decode(&token, &codec, Some(&scope), Layout::All { total: 1 }).is_err());
}

#[test]
fn a_token_that_is_not_a_cursor_value_is_followed_but_cannot_be_resumed_from() {
    let mut walk: Walk<&str, Vec<u64>> = Walk::new(Config::default(), vec![]);
    walk.start(0.0);
    let req = walk.poll_requests(0.0).remove(0);
    walk.on_page(
        req.id,
        vec![1],
        1,
        Some(Token {
            raw: "opaque",
            value: None,
        }),
        None,
    );
    assert!(matches!(walk.pop(0.0), Step::Page(_)));
    walk.consume_page();
    let req = walk.poll_requests(0.0).remove(0);
    assert_eq!(req.token, Some("opaque"));
    assert_eq!(walk.resume_state(), Err(()));
}

/// One consumer session of the fault-injection run.
#[derive(Clone, Debug)]
struct Session {
    items_mode: bool,
    break_after: Option<u8>,
    max_items: Option<u8>,
    max_pages: Option<u8>,
    max_requests: Option<u8>,
    prefetch: u8,
}

fn session() -> impl Strategy<Value = Session> {
    (
        any::<bool>(),
        proptest::option::weighted(0.3, 0u8..6),
        proptest::option::weighted(0.2, 0u8..5),
        proptest::option::weighted(0.15, 1u8..3),
        proptest::option::weighted(0.15, 1u8..4),
        0u8..3,
    )
        .prop_map(
            |(items_mode, break_after, max_items, max_pages, max_requests, prefetch)| Session {
                items_mode,
                break_after,
                max_items,
                max_pages,
                max_requests,
                prefetch,
            },
        )
}

/// A tiny deterministic generator for the outcome of each request.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn fault_run(
    sizes: Vec<Vec<usize>>,
    sessions: Vec<Session>,
    seed: u64,
) -> Result<(), TestCaseError> {
    let api = Api::numbered(&sizes);
    let layout = if sizes.len() == 1 {
        Layout::Single
    } else {
        Layout::All {
            total: sizes.len() as u32,
        }
    };
    let codec = CursorCodec::default();
    let mut rng = Rng(seed | 1);
    let mut got: Vec<Vec<u64>> = vec![Vec::new(); sizes.len()];
    let mut starts: Vec<Start<Value>> = Vec::new();
    let mut finished = false;
    // The generated sessions first, then plain ones until the walk ends (a schedule of
    // sessions that all stop at once, e.g. maxItems 0, would never finish on its own).
    let plain = Session {
        items_mode: false,
        break_after: None,
        max_items: None,
        max_pages: None,
        max_requests: None,
        prefetch: 1,
    };
    let schedule = sessions
        .into_iter()
        .chain(std::iter::repeat(plain))
        .take(400);
    for s in schedule {
        let config = Config {
            max_items: s.max_items.map(u64::from),
            max_pages: s.max_pages.map(u64::from),
            max_requests: s.max_requests.map(u64::from),
            prefetch: u32::from(s.prefetch),
            retry: RetryPolicy {
                retries: 1,
                ..Default::default()
            },
            layout,
            ..Default::default()
        };
        let mut walk = W::new(config, std::mem::take(&mut starts));
        walk.start(0.0);
        let mut pending: Vec<Request<Value>> = Vec::new();
        let mut taken = 0u8;
        'session: loop {
            pending.extend(walk.poll_requests(0.0));
            // Answer a random request in flight (segments answer out of order).
            if !pending.is_empty() && rng.next() < 0.7 {
                let i = (rng.next() * pending.len() as f64) as usize % pending.len();
                let req = pending.swap_remove(i);
                let r = rng.next();
                if r < 0.2 {
                    let hard = r < 0.04;
                    let failure = Failure::FetchFailed;
                    match walk.on_failure(req.id, failure, !hard, None, rng.next(), 0.0) {
                        FailureAction::Retry(again) => pending.push(again),
                        FailureAction::Fail | FailureAction::Stop => pending.clear(),
                        FailureAction::Ignore => {}
                    }
                } else {
                    let (items, next) = api.respond(&req);
                    let len = items.len() as u64;
                    walk.on_page(req.id, items, len, next, None);
                }
                continue;
            }
            match walk.pop(0.0) {
                Step::Page(d) => {
                    let seg = d.segment as usize;
                    let slice = &d.page[d.skip as usize..(d.skip + d.take) as usize];
                    if s.items_mode {
                        for &item in slice {
                            got[seg].push(item);
                            walk.consume(1);
                            taken += 1;
                            if s.break_after.is_some_and(|b| taken > b) {
                                walk.stop(StopReason::Aborted);
                                break 'session;
                            }
                        }
                    } else {
                        got[seg].extend_from_slice(slice);
                        walk.consume_page();
                        taken += 1;
                        if s.break_after.is_some_and(|b| taken > b) {
                            walk.stop(StopReason::Aborted);
                            break 'session;
                        }
                    }
                }
                Step::Wait => {
                    prop_assert!(!pending.is_empty(), "waiting with nothing in flight");
                }
                Step::Failed(f) => {
                    prop_assert_eq!(f, Failure::FetchFailed);
                    break 'session;
                }
                Step::Stopped(_) => break 'session,
            }
        }
        match resume_starts(&walk, &codec, layout) {
            Some(next) => starts = next,
            None => {
                prop_assert_eq!(walk.stop_reason(), Some(StopReason::End));
                finished = true;
                break;
            }
        }
    }
    prop_assert!(finished, "no progress over 400 sessions");
    for (seg, items) in got.iter().enumerate() {
        prop_assert_eq!(items, &api.all_items(seg), "segment {}", seg);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn fault_injection_loses_and_repeats_nothing(
        sizes in prop::collection::vec(prop::collection::vec(0usize..5, 1..7), 1..4),
        sessions in prop::collection::vec(session(), 1..6),
        seed in any::<u64>(),
    ) {
        fault_run(sizes, sessions, seed)?;
    }
}
