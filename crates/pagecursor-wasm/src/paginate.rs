//! The paginator's decisions for the JS driver (`pkg/requests.js`, `pkg/driver.js`): `PaginatorCore`, a
//! synchronous object around [`pagecursor::paginate::Walk`].
//!
//! The driver calls `fetchPage`, awaits it, reads the page's fields and asks the core what to
//! do next: which requests to issue (the core calls the driver's `request`), which page the
//! consumer gets (`deliver`), what a failure means (retry after how long, fail, stop). Pages
//! and items stay in JS; the core sees a page as its request id, its item count and its next
//! token. The awaiting lives in JS because a Rust future per page (closures, tasks, promise
//! plumbing) cost most of the paginator's time and a large part of the module.
//!
//! No user code runs inside a core call: the driver reads every user value (options, pages,
//! tokens, errors) in JS, with intrinsics, and hands the core numbers, strings and its own
//! copies of tokens ([`token_of`]), so no user getter, Proxy trap or exotic `Date` is reached
//! from wasm and nothing a user throws can unwind through its frames. Every method takes
//! `&self` and borrows the walk only for the call, so a user callback may read the
//! paginator's getters at any time.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::{Cell, RefCell};

use js_sys::JsString;
use wasm_bindgen::prelude::*;

use crate::errors::cursor_error;
use wasm_bindgen::JsCast;

use super::codec::JsCursorCodec;
use super::convert::{to_value, token_to_value};
use pagecursor::codec::CursorCodec;
use pagecursor::paginate::link::{next_link, prev_link};
use pagecursor::paginate::resume::scope_digest;
use pagecursor::paginate::retry::is_retryable;
use pagecursor::paginate::{
    AnchorKind, Config, Failure, FailureAction, FailureFacts, Layout, Request, ResumeState,
    RetryPolicy, SameToken, Start, Step, StopReason, Token, Walk,
};
use pagecursor::value::Value;

#[wasm_bindgen]
extern "C" {
    /// The JS driver's orders: they queue what the core asks for and the driver acts once the
    /// core call returned (so no user code runs inside a core call). Given once, to the
    /// constructor, rather than to every call (a reference passed into wasm costs a table
    /// slot per call); it does not lead back to the driver's walk, so a walk left unfinished
    /// can still be collected (and its core freed with it).
    pub type Driver;
    /// Call `fetchPage(token)` for request `id` after `delay` ms; `held`: the token is the
    /// last text the driver reported with `pullWith` (see [`Raw`]), `token` is undefined;
    /// `keys`: report the page with its items' keys (1: the first page of a segment resumed
    /// at an item key) or their JSON forms (2: resumed at a content digest); 0: neither.
    #[wasm_bindgen(method)]
    #[allow(clippy::too_many_arguments)]
    fn request(
        this: &Driver,
        id: f64,
        token: JsValue,
        attempt: u32,
        segment: u32,
        delay: f64,
        held: bool,
        keys: u32,
    );
    /// The consumer gets the page of request `id`: `take` items from `skip`.
    #[wasm_bindgen(method)]
    fn deliver(this: &Driver, id: f64, skip: f64, take: f64, segment: u32, cut: bool);
}

/// What the consumer's pull found ([`PaginatorCore::pull`]): a typed export, so that the
/// driver names each answer (`Pull.Page`) instead of decoding a number, and the data an
/// answer carries (a request id, a failure kind) has a getter of its own.
#[wasm_bindgen]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pull {
    /// A page for the consumer: `driver.deliver` told which.
    Page = 0,
    /// For a page consumer, the uncut page of request `requestId`, of segment 0 (no
    /// `deliver` call: the common step of a page walk).
    WholePage = 1,
    /// Wait for a request in flight.
    Wait = 2,
    /// Wait: request `requestId` of segment 0 (first attempt, no delay) goes out with the held
    /// token (the common step of a walk without prefetch, told here rather than by a call
    /// back).
    Sent = 3,
    /// The walk is over.
    Stopped = 4,
    /// The walk failed (reported once): `failure` says how.
    Failed = 5,
    /// [`Pull::WholePage`] of the page `pullWith` reported in the same call, whose id the
    /// driver has: one getter call less per page of a page walk.
    ReportedPage = 6,
}

/// What the driver does after a failed attempt ([`PaginatorCore::fail`]).
#[wasm_bindgen]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AfterFailure {
    /// Try again: `driver.request` was called.
    Retry = 0,
    /// The walk fails.
    Fail = 1,
    /// The request budget ran out: the walk stops quietly.
    Stop = 2,
    /// The request no longer belongs to the walk: drop the outcome.
    Ignore = 3,
}

/// Where each option of a walk sits in the `numbers` of [`PaginatorCore::new`]: the driver
/// writes `numbers[WalkSetting.MaxItems]` and the core reads the same place, so the order is
/// written once, here (one `Float64Array` crosses: an argument per option cost kilobytes of
/// glue). `Count` is the array's length.
#[wasm_bindgen]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WalkSetting {
    /// `maxItems`.
    MaxItems = 0,
    /// `maxPages`.
    MaxPages = 1,
    /// `maxRequests`.
    MaxRequests = 2,
    /// `timeLimitMs`.
    TimeLimitMs = 3,
    /// `minIntervalMs`.
    MinIntervalMs = 4,
    /// `prefetch`.
    Prefetch = 5,
    /// `retry.retries`.
    Retries = 6,
    /// `retry.baseDelayMs`.
    BaseDelayMs = 7,
    /// `retry.maxDelayMs`.
    MaxDelayMs = 8,
    /// 1 for `onSameToken: "stop"`.
    StopOnSameToken = 9,
    /// `segment.segment`: walk this one segment.
    Segment = 10,
    /// `segment.total` or `segments`: the number of segments.
    Total = 11,
    /// The length of `numbers`.
    Count = 12,
}

/// Where each figure sits in what [`PaginatorCore::stats`] answers (`Count`: its length), read
/// by the driver by these names into `paginate`'s `stats`.
#[wasm_bindgen]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WalkStat {
    /// `stats.pages`.
    Pages = 0,
    /// `stats.items`.
    Items = 1,
    /// `stats.emptyPages`.
    EmptyPages = 2,
    /// `stats.retries`.
    Retries = 3,
    /// `stats.requests`.
    Requests = 4,
    /// `stats.elapsedMs`.
    ElapsedMs = 5,
    /// `stats.anchorMisses`.
    AnchorMisses = 6,
    /// The length of the answer.
    Count = 7,
}

/// The questions [`PaginatorCore::is`] answers about the walk.
#[wasm_bindgen]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WalkState {
    /// Pages may wait for the next pull ([`Walk::pages_may_wait`]: one chain, no prefetch).
    PagesMayWait = 0,
    /// The clock can change a decision (a time limit or pacing, once started): otherwise the
    /// driver passes 0 instead of reading it.
    NeedsClock = 1,
    /// No request may be issued any more.
    Stopping = 2,
    /// The walk reached its end with nothing in flight (nothing to abort).
    EndedIdle = 3,
}

/// How a walk failed, as its `PaginationError` names it ([`Failure::code`]): the answer of
/// `failure` after [`Pull::Failed`], and what [`PaginatorCore::fail`] is told failed.
// wasm-bindgen's items for a string enum have no docs of their own (hidden: the enum is the
// glue's, documented in src/js).
#[doc(hidden)]
#[wasm_bindgen]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WalkFailure {
    /// `fetchPage` failed.
    FetchFailed = "fetch_failed",
    /// A page could not be read.
    BadPage = "bad_page",
    /// A page returned a token the walk already sent.
    RepeatedToken = "repeated_token",
}

impl From<Failure> for WalkFailure {
    fn from(f: Failure) -> WalkFailure {
        match f {
            Failure::FetchFailed => WalkFailure::FetchFailed,
            Failure::BadPage => WalkFailure::BadPage,
            Failure::RepeatedToken => WalkFailure::RepeatedToken,
        }
    }
}

impl From<WalkFailure> for Failure {
    fn from(f: WalkFailure) -> Failure {
        match f {
            WalkFailure::FetchFailed => Failure::FetchFailed,
            WalkFailure::BadPage => Failure::BadPage,
            // `__Invalid`, which the glue never passes: the driver names a member.
            _ => Failure::RepeatedToken,
        }
    }
}

/// A raw token as the walk holds it: the JS value, or `Held`: a well-formed string token the
/// driver reported as text with `pullWith` and keeps itself. With one chain and no prefetch
/// (the only walks that report with `pullWith`), a request's token always is the last token
/// reported (the next token of the latest page, or the token a retry repeats), so a `Held`
/// token is the driver's last text: it needs no reference into wasm and none back.
#[derive(Clone)]
pub(crate) enum Raw {
    Js(JsValue),
    Held,
}

/// A service token: `raw` exactly as the page carried it (handed back to `fetchPage`, never
/// read here) and `form`, the driver's copy of it as plain data (`tokenForm` in the driver:
/// fields set to `undefined` left out as JSON does, a token that is not a cursor value in
/// its JSON form, at most `TOKEN_SIZE` in size), or `undefined` when it has no form. A token
/// without a form, or whose form is no cursor value after all (a lone surrogate, a bigint
/// out of range: its JSON form would not be one either), is followed without cycle detection
/// or resumeToken.
fn token_of(raw: JsValue, form: &JsValue) -> Token<Raw> {
    let value = if form.is_undefined() {
        None
    } else {
        token_to_value(form).ok()
    };
    Token {
        raw: Raw::Js(raw),
        value,
    }
}

fn issue(driver: &Driver, r: Request<Raw>) {
    let (token, held) = match r.token {
        Some(Raw::Js(v)) => (v, false),
        Some(Raw::Held) => (JsValue::UNDEFINED, true),
        None => (JsValue::UNDEFINED, false),
    };
    driver.request(
        r.id as f64,
        token,
        r.attempt,
        r.segment,
        r.delay_ms,
        held,
        match r.keys {
            None => 0,
            Some(AnchorKind::Key) => 1,
            Some(AnchorKind::Content) => 2,
        },
    );
}

fn count(n: Option<f64>) -> Option<u64> {
    // Validated by the driver: an integer in [0, 2^53 - 1].
    n.map(|n| n as u64)
}

/// Why a walk stopped, as `paginate`'s `stopReason` names it: a typed export, so that the JS
/// driver reads the name the glue generates instead of a position in a list kept in step by
/// hand.
// wasm-bindgen's items for a string enum have no docs of their own (hidden: the enum is the
// glue's, documented in src/js).
#[doc(hidden)]
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum WalkStop {
    /// Every segment reached its end.
    End = "end",
    /// `maxItems` items were handed out.
    MaxItems = "maxItems",
    /// `maxPages` pages were fetched and handed out.
    MaxPages = "maxPages",
    /// The `maxRequests` budget ran out.
    MaxRequests = "maxRequests",
    /// `timeLimitMs` passed.
    TimeLimit = "timeLimit",
    /// The signal was aborted or the consumer left.
    Aborted = "aborted",
    /// A failure ended the walk.
    Error = "error",
}

impl From<WalkStop> for StopReason {
    fn from(r: WalkStop) -> StopReason {
        match r {
            WalkStop::End => StopReason::End,
            WalkStop::MaxItems => StopReason::MaxItems,
            WalkStop::MaxPages => StopReason::MaxPages,
            WalkStop::MaxRequests => StopReason::MaxRequests,
            WalkStop::TimeLimit => StopReason::TimeLimit,
            WalkStop::Aborted => StopReason::Aborted,
            // `__Invalid`, which the glue never passes: the driver names a member.
            _ => StopReason::Error,
        }
    }
}

impl From<StopReason> for WalkStop {
    fn from(r: StopReason) -> WalkStop {
        match r {
            StopReason::End => WalkStop::End,
            StopReason::MaxItems => WalkStop::MaxItems,
            StopReason::MaxPages => WalkStop::MaxPages,
            StopReason::MaxRequests => WalkStop::MaxRequests,
            StopReason::TimeLimit => WalkStop::TimeLimit,
            StopReason::Aborted => WalkStop::Aborted,
            StopReason::Error => WalkStop::Error,
        }
    }
}

/// The decisions of one paginator walk (not exported by the package: the JS `Paginator`
/// owns one).
#[wasm_bindgen(js_name = "PaginatorCore")]
pub struct PaginatorCore {
    driver: Driver,
    walk: RefCell<Walk<Raw, f64>>,
    codec: Rc<CursorCodec>,
    init_error: RefCell<Option<String>>,
    /// The request the last [`Pull::WholePage`] or [`Pull::Sent`] names (`requestId`).
    request_id: Cell<f64>,
    /// The failure the last [`Pull::Failed`] reported (`failure`).
    failure: Cell<Option<Failure>>,
}

/// The scope of a walk (the driver's copy of `options.scope`), which must be a cursor value:
/// one function for the constructor and for the option check of an `InfiniteList`
/// (src/infinite.rs), so that a checked walk fails as a walk would. (`options.codec` is
/// the driver's to check: src/js/codec/codec.ts.)
pub(crate) fn scope_setting(scope: &JsValue) -> Result<Option<Value>, JsValue> {
    Ok(if scope.is_undefined() {
        None
    } else {
        Some(to_value(scope).map_err(cursor_error)?)
    })
}

impl PaginatorCore {
    /// [`PaginatorCore::pull`]; `poll` false skips the requests of the consumer's asking in a
    /// walk without prefetch, where they cannot be any: it holds the page it was just told
    /// about, which the consumer takes before it asks again.
    fn answer(&self, now: f64, taken: f64, whole: bool, poll: bool) -> Pull {
        let mut w = self.walk.borrow_mut();
        if taken > 0.0 {
            w.consume(taken as u64);
        }
        w.start(now);
        // One chain, no prefetch: at most one request per call.
        let plain = w.pages_may_wait();
        let mut told: Option<Request<Raw>> = None;
        if poll || !plain {
            w.poll_requests_with(now, true, &mut |r| {
                if plain
                    && r.segment == 0
                    && r.attempt == 1
                    && r.delay_ms == 0.0
                    && matches!(r.token, Some(Raw::Held))
                {
                    told = Some(r);
                } else {
                    issue(&self.driver, r);
                }
            });
        }
        let step = w.pop(now);
        if let Some(r) = told {
            if matches!(step, Step::Wait) {
                self.request_id.set(r.id as f64);
                return Pull::Sent;
            }
            issue(&self.driver, r);
        }
        match step {
            Step::Page(d) => {
                let uncut = whole && d.segment == 0 && !d.is_cut();
                // With prefetch, request n+1 goes out before page n reaches the consumer
                // (without it, a poll ahead of the consumer issues nothing).
                if !plain {
                    w.poll_requests_with(now, false, &mut |r| issue(&self.driver, r));
                }
                // A cut page goes to a page consumer as a copy, which reads the page: the driver
                // reports it taken (`consume`) once the copy was made, so that a page whose
                // copy fails is where the resume token points.
                if whole && !d.is_cut() {
                    w.consume_page();
                    if uncut {
                        self.request_id.set(d.page);
                        return Pull::WholePage;
                    }
                }
                self.driver
                    .deliver(d.page, d.skip as f64, d.take as f64, d.segment, d.is_cut());
                Pull::Page
            }
            Step::Wait => Pull::Wait,
            Step::Stopped(_) => Pull::Stopped,
            Step::Failed(f) => {
                self.failure.set(Some(f));
                Pull::Failed
            }
        }
    }
}

#[wasm_bindgen(js_class = "PaginatorCore")]
impl PaginatorCore {
    /// A walk with the driver's validated options: `numbers` has a place per [`WalkSetting`],
    /// NaN where the option is absent. `segment`/`total`: one segment of `total`
    /// (`segment` given), all `total` segments, or no segments (`total` absent). `scope` is
    /// the driver's copy of `options.scope`, `codec` the wasm codec of `options.codec` (the
    /// shared plain one without it); `start` the start token with its `start_form`
    /// (see [`token_of`]). A bad `resumeToken` is kept for the first `pull`
    /// (`takeInitError`); one longer than the codec's `maxLength` is refused before it is
    /// copied into wasm memory.
    #[wasm_bindgen(constructor)]
    pub fn new(
        driver: Driver,
        numbers: Vec<f64>,
        scope: JsValue,
        codec: &JsCursorCodec,
        resume: JsValue,
        start: JsValue,
        start_form: JsValue,
    ) -> Result<PaginatorCore, JsValue> {
        // The driver validated every number (NaN is refused), so NaN only marks an absent one.
        use WalkSetting as S;
        // (A shorter array, which the driver never sends, reads as all options absent.)
        let n = |at: S| numbers.get(at as usize).copied().filter(|v| !v.is_nan());
        let (max_items, max_pages) = (n(S::MaxItems), n(S::MaxPages));
        let (max_requests, time_limit_ms) = (n(S::MaxRequests), n(S::TimeLimitMs));
        let min_interval_ms = n(S::MinIntervalMs).unwrap_or(0.0);
        let prefetch = n(S::Prefetch).unwrap_or(0.0);
        let retries = n(S::Retries);
        let (base_delay_ms, max_delay_ms) = (n(S::BaseDelayMs), n(S::MaxDelayMs));
        let same_stop = n(S::StopOnSameToken) == Some(1.0);
        // Whole numbers below 1e6 (validated).
        let segment = n(S::Segment).map(|v| v as u32);
        let total = n(S::Total).map(|v| v as u32);
        let mut retry = RetryPolicy::default();
        if let Some(n) = retries {
            retry.retries = n.min(u32::MAX as f64) as u32;
        }
        if let Some(n) = base_delay_ms {
            retry.base_delay_ms = n;
        }
        if let Some(n) = max_delay_ms {
            retry.max_delay_ms = n;
        }
        let layout = match (segment, total) {
            (Some(segment), Some(total)) => Layout::One { segment, total },
            (None, Some(total)) => Layout::All { total },
            _ => Layout::Single,
        };
        let scope = scope_setting(&scope)?;
        let codec = codec.core();
        let config = Config {
            max_items: count(max_items),
            max_pages: count(max_pages),
            max_requests: count(max_requests),
            time_limit_ms,
            min_interval_ms,
            prefetch: prefetch.min(1024.0) as u32,
            retry,
            on_same_token: if same_stop {
                SameToken::Stop
            } else {
                SameToken::Error
            },
            layout,
            scope: scope.as_ref().map(scope_digest),
        };
        let mut init_error = None;
        let starts: Vec<Start<Raw>> = if !resume.is_undefined() {
            // Measured before the copy: a string of 100 MB would grow wasm memory, which never
            // shrinks, by its size just to be refused `too_large`. More than twice `maxLength`
            // UTF-16 units are more than `maxLength` characters, what the codec refuses.
            let too_long = resume
                .dyn_ref::<JsString>()
                .is_some_and(|t| t.length() as usize / 2 > codec.max_length());
            let decoded = (!too_long)
                .then(|| resume.as_string())
                .flatten()
                .ok_or_else(|| {
                    String::from(if too_long {
                        "resume token refused by the codec (too_large)"
                    } else {
                        "resumeToken is not a string"
                    })
                })
                .and_then(|t| {
                    // `message()`, not `to_string()`: the latter links core::fmt's engine into
                    // the module (2 KB gzip of the client module; bench/README.md, "What was
                    // tried").
                    ResumeState::decode(&t, &codec, scope.as_ref(), layout).map_err(|e| e.message())
                });
            match decoded {
                Ok(state) => state
                    .positions
                    .into_iter()
                    .map(|p| match p {
                        pagecursor::paginate::Position::Done => Start::Done,
                        pagecursor::paginate::Position::At {
                            token,
                            skip,
                            anchor,
                        } => Start::At {
                            token: token.map(|v| Token {
                                raw: Raw::Js(super::convert::from_value(&v)),
                                value: Some(v),
                            }),
                            skip,
                            anchor,
                        },
                    })
                    .collect(),
                Err(msg) => {
                    init_error = Some(msg);
                    Vec::new()
                }
            }
        } else {
            let start = (!start.is_undefined()).then(|| token_of(start, &start_form));
            layout
                .segment_ids()
                .iter()
                .map(|_| Start::At {
                    token: start.clone(),
                    skip: 0,
                    anchor: None,
                })
                .collect()
        };
        Ok(PaginatorCore {
            driver,
            walk: RefCell::new(Walk::new(config, starts)),
            codec,
            init_error: RefCell::new(init_error),
            request_id: Cell::new(0.0),
            failure: Cell::new(None),
        })
    }

    /// The message of a bad `resumeToken`, once.
    #[wasm_bindgen(js_name = "takeInitError")]
    pub fn take_init_error(&self) -> Option<String> {
        self.init_error.borrow_mut().take()
    }

    /// Answers a question about the walk's state (see [`WalkState`]). One method for every
    /// question: each exported method costs its own glue.
    pub fn is(&self, state: WalkState) -> bool {
        let w = self.walk.borrow();
        match state {
            WalkState::PagesMayWait => w.pages_may_wait(),
            WalkState::NeedsClock => w.needs_clock(),
            WalkState::Stopping => w.is_stopping(),
            WalkState::EndedIdle => w.stop_reason() == Some(StopReason::End) && !w.has_in_flight(),
        }
    }

    /// The consumer asks for the next page, after taking `taken` more items of the page it
    /// has (item consumers report lazily). Issues requests (`driver.request`), then answers
    /// what it found ([`Pull`]). [`Pull::Page`]: `driver.deliver` told which page; `whole`:
    /// the consumer takes all of it, and the driver reports a cut page with `consume` once it
    /// made the page's copy. For a page consumer, an uncut page of segment 0 is
    /// [`Pull::WholePage`] instead, with no call back. [`Pull::Sent`] is the wait in which the
    /// one request of the call is request `requestId` of segment 0, first attempt, no delay,
    /// with the held token: the common step of a walk without prefetch, whose next request
    /// goes out when the consumer asks. The ids travel in a field the getter reads rather than
    /// in the answer, and no object is made per page.
    pub fn pull(&self, now: f64, taken: f64, whole: bool) -> Pull {
        self.answer(now, taken, whole, true)
    }

    /// The request the last [`Pull::WholePage`] (the page's) or [`Pull::Sent`] (the one that
    /// went out) names.
    #[wasm_bindgen(getter, js_name = "requestId")]
    pub fn request_id(&self) -> f64 {
        self.request_id.get()
    }

    /// How the walk failed, after [`Pull::Failed`] (undefined before).
    #[wasm_bindgen(getter)]
    pub fn failure(&self) -> Option<WalkFailure> {
        self.failure.get().map(WalkFailure::from)
    }

    /// Records `n` more items taken by an item consumer (before reading the resume token);
    /// `key`: the driver's copy of the last one's `itemKey` when the consumer stops inside
    /// the page (`undefined` otherwise), the resume position's anchor. `by_content` (a walk
    /// without `itemKey`): `key` is instead the array of the JSON texts of the page's items
    /// up to the last one taken (`null` for an item without one), whose digest anchors it.
    pub fn consume(&self, n: f64, key: JsValue, by_content: bool) {
        let key = (!key.is_undefined())
            .then(|| token_to_value(&key).ok())
            .flatten();
        let mut walk = self.walk.borrow_mut();
        match (by_content, &key) {
            (true, Some(Value::List(forms))) => {
                let forms: Vec<Option<&str>> = forms.iter().map(Value::as_str).collect();
                walk.consume_by_content(n as u64, &forms);
            }
            _ => walk.consume_keyed(n as u64, key),
        }
    }

    /// Request `id` brought a page of `len` items whose next token is `token` (`undefined`:
    /// absent; `form`: its copy, see [`token_of`]) and whose has-more flag is `more` (undefined:
    /// the page has none). `keys`: for a request that asked for them, the driver's copies of
    /// the items' keys (an array; `undefined` without `itemKey`), converted one at a time up
    /// to the anchor. Issues the requests that may go now; false when the page no longer
    /// belongs to the walk.
    #[allow(clippy::too_many_arguments)]
    pub fn page(
        &self,
        id: f64,
        len: f64,
        token: JsValue,
        form: JsValue,
        more: Option<bool>,
        now: f64,
        keys: JsValue,
    ) -> bool {
        let next = (!token.is_undefined()).then(|| token_of(token, &form));
        let mut w = self.walk.borrow_mut();
        // The driver's copies, checked to be cursor values: one list. (Anything else, which
        // cannot happen, is no keys: the anchor is then a miss.)
        let keys = match token_to_value(&keys) {
            Ok(Value::List(keys)) => keys,
            _ => Vec::new(),
        };
        let kept = w.on_page_with_keys(id as u64, id, len as u64, next, more, &keys);
        // Ahead of the consumer: only what `prefetch` allows.
        w.poll_requests_with(now, false, &mut |r| issue(&self.driver, r));
        kept
    }

    /// `page(id, len, text, more)` for a page whose next token is absent (`text` undefined)
    /// or the well-formed string `text`, then `pull(now, taken, whole)`: one call for a page
    /// that waited for its consumer (`pagesMayWait`). The driver keeps the string: the walk
    /// holds it as [`Raw::Held`]. A page the walk no longer keeps is never delivered. The
    /// answer [`Pull::WholePage`] is [`Pull::ReportedPage`] when it is page `id`, which the
    /// driver then need not ask for (the usual step of a page walk).
    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(js_name = "pullWith")]
    pub fn pull_with(
        &self,
        now: f64,
        taken: f64,
        whole: bool,
        id: f64,
        len: f64,
        text: Option<String>,
        more: Option<bool>,
    ) -> Pull {
        let next = text.map(|text| Token {
            raw: Raw::Held,
            value: Some(Value::String(text)),
        });
        // No request can go out on a report here (one chain, no prefetch): none to issue,
        // nor on the pull while the page it kept waits for the consumer.
        let kept = self
            .walk
            .borrow_mut()
            .on_page(id as u64, id, len as u64, next, more);
        match self.answer(now, taken, whole, !kept) {
            Pull::WholePage if self.request_id.get() == id => Pull::ReportedPage,
            answer => answer,
        }
    }

    /// Attempt `id` failed with `failure` ([`WalkFailure::FetchFailed`] or
    /// [`WalkFailure::BadPage`]). `retryable`: the user's `retryable` answer, or the default
    /// classification's ([`PaginatorCore::retryable`]); a page that cannot be read is never
    /// retried. `retry_after` is a server-given wait in seconds, as the driver read it (a
    /// number, delay seconds or an HTTP date of a `Retry-After` header, a `Date`: the driver
    /// has the date parser). Answers what the driver does next; on [`AfterFailure::Retry`]
    /// `driver.request` was called.
    pub fn fail(
        &self,
        id: f64,
        failure: WalkFailure,
        retryable: bool,
        retry_after: Option<f64>,
        random: f64,
        now: f64,
    ) -> AfterFailure {
        let failure = Failure::from(failure);
        let retryable = failure == Failure::FetchFailed && retryable;
        let wait = retry_after
            .map(|seconds| seconds * 1000.0)
            .filter(|ms| ms.is_finite());
        let action = self
            .walk
            .borrow_mut()
            .on_failure(id as u64, failure, retryable, wait, random, now);
        match action {
            FailureAction::Retry(req) => {
                issue(&self.driver, req);
                AfterFailure::Retry
            }
            FailureAction::Fail => AfterFailure::Fail,
            FailureAction::Stop => AfterFailure::Stop,
            FailureAction::Ignore => AfterFailure::Ignore,
        }
    }

    /// Whether a failed fetch is retried without a user `retryable`, from the error's facts
    /// as the driver read them: its HTTP `status`, its `name`, its `$retryable` hint and
    /// whether it is a `TypeError` (docs/paginator.md, "Failures and retries").
    pub fn retryable(
        status: Option<f64>,
        name: Option<String>,
        hint: bool,
        type_error: bool,
    ) -> bool {
        is_retryable(&FailureFacts {
            status,
            name,
            retryable_hint: hint,
            is_type_error: type_error,
        })
    }

    /// Stops the walk: [`WalkStop::Aborted`] (abort, `break`) or [`WalkStop::Error`].
    pub fn stop(&self, reason: WalkStop) {
        self.walk.borrow_mut().stop(StopReason::from(reason));
    }

    /// Ms left before the time limit (infinite without one).
    #[wasm_bindgen(js_name = "timeLeft")]
    pub fn time_left(&self, now: f64) -> f64 {
        let w = self.walk.borrow();
        w.config()
            .time_limit_ms
            .map_or(f64::INFINITY, |l| l - w.elapsed_ms(now))
    }

    /// The resume token (`undefined` at the end, or when a position holds a token that is
    /// not a cursor value).
    #[wasm_bindgen(js_name = "resumeToken")]
    pub fn resume_token(&self) -> Option<String> {
        match self.walk.borrow().resume_state() {
            Ok(Some(state)) => state.encode(&self.codec).ok(),
            _ => None,
        }
    }

    /// Why the walk stopped (`paginate`'s `stopReason`), undefined while it runs.
    #[wasm_bindgen(js_name = "stopReason")]
    pub fn stop_reason(&self) -> Option<WalkStop> {
        self.walk.borrow().stop_reason().map(WalkStop::from)
    }

    /// The walk's figures, each at its [`WalkStat`] place (the ms elapsed as of `at`).
    pub fn stats(&self, at: f64) -> Vec<f64> {
        let w = self.walk.borrow();
        let s = w.stats();
        let mut out = [0.0; WalkStat::Count as usize];
        out[WalkStat::Pages as usize] = s.pages as f64;
        out[WalkStat::Items as usize] = s.items as f64;
        out[WalkStat::EmptyPages as usize] = s.empty_pages as f64;
        out[WalkStat::Retries as usize] = s.retries as f64;
        out[WalkStat::Requests as usize] = s.requests as f64;
        out[WalkStat::ElapsedMs as usize] = w.elapsed_ms(at);
        out[WalkStat::AnchorMisses as usize] = s.anchor_misses as f64;
        out.to_vec()
    }

    /// The `rel="next"` target of a `Link` header.
    #[wasm_bindgen(js_name = "nextLink")]
    pub fn next_link(header: &str) -> Option<String> {
        next_link(header)
    }

    /// The `rel="prev"` (or `"previous"`) target of a `Link` header.
    #[wasm_bindgen(js_name = "prevLink")]
    pub fn prev_link(header: &str) -> Option<String> {
        prev_link(header)
    }
}
