//! The walk: a sans-IO state machine that decides which requests to issue, in what order pages
//! reach the consumer, where budgets stop the walk, and where a resumed walk picks up.
//!
//! The host (the wasm layer, or a test) performs the requests and feeds the outcomes back:
//! [`Walk::poll_requests`] says what to fetch now, [`Walk::on_page`] / [`Walk::on_failure`]
//! report outcomes, [`Walk::pop`] hands the next page to the consumer and
//! [`Walk::consume`] records how many of its items the consumer took.

use crate::prelude::*;
use alloc::collections::VecDeque;
use alloc::rc::Rc;

use super::resume::{
    content_digest, Anchor, AnchorKind, Layout, Position, ResumeState, SCOPE_DIGEST_BYTES,
};
use super::retry::RetryPolicy;
use super::token::{canonical_bytes, SentTokens, Token};
use crate::value::Value;

/// What to do when a page returns a token that this walk already sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SameToken {
    /// Fail with `repeated_token` (default).
    #[default]
    Error,
    /// End the segment quietly, as if the token were absent.
    Stop,
}

/// Why a walk stopped (the wasm binding exports it as the typed `WalkStop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Every segment reached its end.
    End,
    /// `maxItems` items were handed out.
    MaxItems,
    /// `maxPages` pages were fetched and handed out.
    MaxPages,
    /// The `maxRequests` budget of fetch calls ran out.
    MaxRequests,
    /// `timeLimitMs` passed; the walk stopped at a page boundary.
    TimeLimit,
    /// The signal was aborted or the consumer left the iteration.
    Aborted,
    /// A failure ended the walk.
    Error,
}

impl StopReason {
    /// The JS name (`"end"`, `"maxItems"`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::End => "end",
            StopReason::MaxItems => "maxItems",
            StopReason::MaxPages => "maxPages",
            StopReason::MaxRequests => "maxRequests",
            StopReason::TimeLimit => "timeLimit",
            StopReason::Aborted => "aborted",
            StopReason::Error => "error",
        }
    }
}

/// The kind of failure that ended a walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// `fetchPage` failed and was not (or no longer) retried.
    FetchFailed,
    /// A page could not be read (its items are not a list, its root is missing…).
    BadPage,
    /// A page returned a token the walk already sent.
    RepeatedToken,
}

impl Failure {
    /// The `PaginationError` code.
    pub fn code(self) -> &'static str {
        match self {
            Failure::FetchFailed => "fetch_failed",
            Failure::BadPage => "bad_page",
            Failure::RepeatedToken => "repeated_token",
        }
    }
}

/// Settings of a walk.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Stop after handing out this many items (a page may be cut).
    pub max_items: Option<u64>,
    /// Fetch at most this many pages.
    pub max_pages: Option<u64>,
    /// Call `fetchPage` at most this many times, retries included.
    pub max_requests: Option<u64>,
    /// Stop at the first page boundary after this many ms.
    pub time_limit_ms: Option<f64>,
    /// At least this many ms between the starts of two requests.
    pub min_interval_ms: f64,
    /// Requests issued ahead of the consumer, per segment: at most this many pages fetched or
    /// in flight beyond those the consumer received or is asking for (0: none until it asks).
    pub prefetch: u32,
    /// Retry settings.
    pub retry: RetryPolicy,
    /// Repeated-token policy.
    pub on_same_token: SameToken,
    /// Segments walked.
    pub layout: Layout,
    /// Digest of the query scope, written into resume tokens.
    pub scope: Option<[u8; SCOPE_DIGEST_BYTES]>,
}

/// Where a segment starts.
#[derive(Clone, Debug)]
pub enum Start<T> {
    /// At the page fetched with this token (`None`: no token), skipping its first `skip` items
    /// — or, with an `anchor`, the items up to and including the one it names.
    At {
        /// The token to send first.
        token: Option<Token<T>>,
        /// Items of the first page that were handed out before.
        skip: u64,
        /// The last item of that page handed out before (see [`Position::At`]): the page is
        /// then reported with its items' keys or JSON forms ([`Walk::on_page_with_keys`]) and
        /// skipped up to that item.
        anchor: Option<Anchor>,
    },
    /// The segment had already reached its end.
    Done,
}

/// A request the host must perform: call `fetchPage(token)` after `delay_ms`.
#[derive(Clone, Debug)]
pub struct Request<T> {
    /// Identifies the request in [`Walk::on_page`] and [`Walk::on_failure`].
    pub id: u64,
    /// The segment id (0-based; 0 without segments).
    pub segment: u32,
    /// The raw token to send (`None`: call without a token).
    pub token: Option<T>,
    /// 1 for the first attempt of a page, 2 for its first retry…
    pub attempt: u32,
    /// Wait this long before calling (pacing or retry backoff).
    pub delay_ms: f64,
    /// Report the page with its items' keys or JSON forms ([`Walk::on_page_with_keys`]): it
    /// is the first page of a segment resumed at an anchored cut.
    pub keys: Option<AnchorKind>,
}

/// What the host does after a failed attempt.
#[derive(Clone, Debug)]
pub enum FailureAction<T> {
    /// Try again with this request (same id, next attempt, after its delay).
    Retry(Request<T>),
    /// The walk fails: keep the error, abort the other requests in flight.
    Fail,
    /// The request budget ran out: the walk stops quietly at the consumer's position.
    Stop,
    /// The request no longer belongs to the walk (stopped or superseded): drop the outcome.
    Ignore,
}

/// A page handed to the consumer: of its `len` items, the consumer gets `take` starting at
/// `skip` (a page is cut by a resume position at its front and by `maxItems` at its back).
#[derive(Debug)]
pub struct Delivery<P> {
    /// The segment the page belongs to.
    pub segment: u32,
    /// The host's page payload.
    pub page: P,
    /// Items dropped at the front (already handed out before a resume).
    pub skip: u64,
    /// Items handed out.
    pub take: u64,
    /// Items in the page.
    pub len: u64,
}

impl<P> Delivery<P> {
    /// True when the consumer does not get every item of the page.
    pub fn is_cut(&self) -> bool {
        self.skip > 0 || self.skip + self.take < self.len
    }
}

/// The answer of [`Walk::pop`].
#[derive(Debug)]
pub enum Step<P> {
    /// A page for the consumer.
    Page(Delivery<P>),
    /// Nothing yet: wait for an outcome of a request in flight.
    Wait,
    /// The walk failed (reported once; later calls return `Stopped(Error)`).
    Failed(Failure),
    /// The walk is over.
    Stopped(StopReason),
}

/// Counters of a walk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Pages handed to the consumer.
    pub pages: u64,
    /// Items handed to the consumer.
    pub items: u64,
    /// Pages handed out that had no items.
    pub empty_pages: u64,
    /// Retried attempts.
    pub retries: u64,
    /// Calls of `fetchPage`, retries included.
    pub requests: u64,
    /// Resumed pages that did not hold the item key of the resume position (it was deleted,
    /// or the page has no keys): they were skipped by position instead.
    pub anchor_misses: u64,
}

/// A token held in several places at once (the next request, the page that brought it, the
/// resume position): shared rather than copied, which would copy its value per page.
type Shared<T> = Rc<Token<T>>;

#[derive(Debug)]
enum Fetch<T> {
    /// The next page is fetched with this token.
    Ready(Option<Shared<T>>),
    /// A request for the page of this token is in flight.
    InFlight {
        id: u64,
        token: Option<Shared<T>>,
        attempt: u32,
    },
    /// No more requests for this segment.
    Ended,
}

#[derive(Debug)]
enum Pos<T> {
    At { token: Option<Shared<T>>, skip: u64 },
    Done,
}

#[derive(Debug)]
struct Chain<T> {
    segment: u32,
    pos: Pos<T>,
    fetch: Fetch<T>,
    sent: SentTokens,
    /// Items to drop from the next fetched page (a resumed cut).
    first_skip: u64,
    /// The last item the consumer received of the page it stands in (its `pos`, or the page
    /// it is in the middle of), when it stands inside one and the host told it: a resume
    /// position's anchor. A resumed chain starts with the one of its start, which its first
    /// page is skipped up to. One per chain, not per page: only the consumer's page ever
    /// needs one.
    anchor: Option<Anchor>,
    buffered: usize,
}

#[derive(Debug)]
struct Buffered<T, P> {
    chain: usize,
    page: P,
    fetch_token: Option<Shared<T>>,
    skip: u64,
    len: u64,
    /// The token after this page; `None` when the segment ends with it.
    next: Option<Shared<T>>,
    /// The next token repeats an earlier one (policy `Error`): fail after this page.
    repeated: bool,
}

#[derive(Debug)]
struct Current<T> {
    chain: usize,
    fetch_token: Option<Shared<T>>,
    skip: u64,
    left: u64,
    len: u64,
    next: Option<Shared<T>>,
    repeated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Created; nothing requested yet.
    Idle,
    /// Requests may be issued.
    Running,
    /// A failure waits for the buffered pages to be handed out.
    Failing(Failure),
    /// The request budget ran out during a retry; stop once the buffer is drained.
    Exhausted,
    /// Over.
    Stopped(StopReason),
}

/// One walk over a paginated source (all its segments).
///
/// Every step costs the same whatever the number of segments (a walk of `n` segments is
/// linear in its pages, never `n` per page): a request id names its chain, the chains that
/// may issue a request wait in `ready`, and `open`/`in_flight` count what `all_done` and
/// `has_in_flight` would otherwise scan every chain for.
#[derive(Debug)]
pub struct Walk<T, P> {
    config: Config,
    phase: Phase,
    chains: Vec<Chain<T>>,
    queue: VecDeque<Buffered<T, P>>,
    current: Option<Current<T>>,
    /// Chains that may be able to issue a request, in the order they became able to, from
    /// `ready_at` on (a chain may be listed twice; `poll_requests_with` skips what cannot
    /// issue). A list and an index rather than a second `VecDeque` type: less wasm.
    ready: Vec<usize>,
    ready_at: usize,
    /// Chains a poll ahead of the consumer passed over only because the consumer was not
    /// asking (`prefetch` pages ahead, not `1 + prefetch`): listed again by the next asking
    /// poll, which `ready` alone would not do (nothing else changed for them).
    held_back: Vec<usize>,
    /// Chains whose position is not [`Pos::Done`].
    open: usize,
    /// Chains with a request in flight.
    in_flight: usize,
    /// Requests issued so far: request ids are `issued * chains + chain + 1`.
    issued: u64,
    page_requests: u64,
    delivered_items: u64,
    buffered_items: u64,
    next_slot_ms: f64,
    started_ms: f64,
    stats: Stats,
}

impl<T: Clone, P> Walk<T, P> {
    /// A walk whose segments (in the order of `config.layout.segment_ids()`) start at `starts`.
    /// Missing starts begin at the first page.
    pub fn new(config: Config, mut starts: Vec<Start<T>>) -> Walk<T, P> {
        let ids = config.layout.segment_ids();
        starts.resize_with(ids.len(), || Start::At {
            token: None,
            skip: 0,
            anchor: None,
        });
        let chains = ids
            .into_iter()
            .zip(starts)
            .map(|(segment, start)| match start {
                Start::Done => Chain {
                    segment,
                    pos: Pos::Done,
                    fetch: Fetch::Ended,
                    sent: SentTokens::default(),
                    first_skip: 0,
                    anchor: None,
                    buffered: 0,
                },
                Start::At {
                    token,
                    skip,
                    anchor,
                } => {
                    // The segment's first token is recorded here; every later one is recorded
                    // by `on_page` when it arrives (one digest per token).
                    let mut sent = SentTokens::default();
                    if let Some(value) = token.as_ref().and_then(|t| t.value.as_ref()) {
                        sent.insert(value);
                    }
                    let token = token.map(Rc::new);
                    Chain {
                        segment,
                        pos: Pos::At {
                            token: token.clone(),
                            skip,
                        },
                        fetch: Fetch::Ready(token),
                        sent,
                        first_skip: skip,
                        // An anchor means something only after an item of the page was received.
                        anchor: anchor.filter(|_| skip > 0),
                        buffered: 0,
                    }
                }
            })
            .collect::<Vec<Chain<T>>>();
        let ready = (0..chains.len())
            .filter(|&i| matches!(chains[i].fetch, Fetch::Ready(_)))
            .collect();
        let open = chains
            .iter()
            .filter(|c| !matches!(c.pos, Pos::Done))
            .count();
        Walk {
            config,
            phase: Phase::Idle,
            chains,
            queue: VecDeque::new(),
            current: None,
            ready,
            ready_at: 0,
            held_back: Vec::new(),
            open,
            in_flight: 0,
            issued: 0,
            page_requests: 0,
            delivered_items: 0,
            buffered_items: 0,
            next_slot_ms: f64::NEG_INFINITY,
            started_ms: 0.0,
            stats: Stats::default(),
        }
    }

    /// Starts the clock (time limit, pacing); later calls do nothing.
    pub fn start(&mut self, now_ms: f64) {
        if matches!(self.phase, Phase::Idle) {
            self.phase = Phase::Running;
            self.started_ms = now_ms;
        }
    }

    /// True when reporting a page can never issue a request nor change what [`Walk::pop`] and
    /// the getters answer before the next pop (one chain, no prefetch: the next request
    /// waits for the consumer to ask). A host may then report a page with the consumer's next pop
    /// (one call per page instead of two).
    pub fn pages_may_wait(&self) -> bool {
        self.chains.len() == 1 && self.config.prefetch == 0
    }

    /// False when the clock cannot change anything: the walk has started and has neither a
    /// time limit nor pacing. A caller may then pass any time to [`Walk::poll_requests`] and
    /// [`Walk::pop`] and skip reading the clock (a boundary crossing in wasm).
    pub fn needs_clock(&self) -> bool {
        matches!(self.phase, Phase::Idle)
            || self.config.time_limit_ms.is_some()
            // As in `pace`: anything but a number <= 0 (NaN included) paces.
            || self.config.min_interval_ms > 0.0
            || self.config.min_interval_ms.is_nan()
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Ms since [`Walk::start`] (0 before).
    pub fn elapsed_ms(&self, now_ms: f64) -> f64 {
        if matches!(self.phase, Phase::Idle) {
            0.0
        } else {
            (now_ms - self.started_ms).max(0.0)
        }
    }

    /// Why the walk stopped, or `None` while it runs.
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self.phase {
            Phase::Stopped(r) => Some(r),
            _ => None,
        }
    }

    /// True once no request may be issued any more (failing, exhausted or stopped).
    pub fn is_stopping(&self) -> bool {
        !matches!(self.phase, Phase::Idle | Phase::Running)
    }

    /// Ids of the requests in flight (to abort them when the walk stops).
    pub fn in_flight(&self) -> Vec<u64> {
        self.chains
            .iter()
            .filter_map(|c| match c.fetch {
                Fetch::InFlight { id, .. } => Some(id),
                _ => None,
            })
            .collect()
    }

    /// True while a request is in flight (as `!in_flight().is_empty()`, without a list).
    pub fn has_in_flight(&self) -> bool {
        self.in_flight > 0
    }

    fn all_done(&self) -> bool {
        self.open == 0
    }

    /// Sets what chain `i` fetches next, keeping `in_flight` (and `ready`: a chain that can
    /// send its next token is listed) up to date; returns what it was.
    fn set_fetch(&mut self, i: usize, fetch: Fetch<T>) -> Fetch<T> {
        let flying = matches!(fetch, Fetch::InFlight { .. });
        if matches!(fetch, Fetch::Ready(_)) {
            self.ready.push(i);
        }
        let old = core::mem::replace(&mut self.chains[i].fetch, fetch);
        let was_flying = matches!(old, Fetch::InFlight { .. });
        if flying && !was_flying {
            self.in_flight += 1;
        } else if was_flying && !flying {
            self.in_flight -= 1;
        }
        old
    }

    fn deadline_passed(&self, now_ms: f64) -> bool {
        self.config
            .time_limit_ms
            .is_some_and(|limit| now_ms - self.started_ms >= limit)
    }

    fn requests_left(&self) -> bool {
        self.config
            .max_requests
            .is_none_or(|max| self.stats.requests < max)
    }

    fn pace(&mut self, now_ms: f64, at_least_ms: f64) -> f64 {
        if self.config.min_interval_ms <= 0.0 {
            // Without pacing, one segment's backoff must not hold back the others.
            return at_least_ms.max(0.0);
        }
        let delay = (self.next_slot_ms - now_ms).max(at_least_ms).max(0.0);
        self.next_slot_ms = now_ms + delay + self.config.min_interval_ms.max(0.0);
        delay
    }

    /// The requests to issue now that the consumer asks for a page. Each segment has at most
    /// one request in flight (a page's token comes from the page before it) and at most
    /// `prefetch` pages fetched or in flight beyond those the consumer received or asks for
    /// (so `1 + prefetch` while no page is buffered for it); budgets and the time limit are
    /// never exceeded. A host polls when its consumer asks: with `prefetch` 0 nothing is
    /// requested before that.
    pub fn poll_requests(&mut self, now_ms: f64) -> Vec<Request<T>> {
        let mut out = Vec::new();
        self.poll_requests_with(now_ms, true, &mut |r| out.push(r));
        out
    }

    /// [`Walk::poll_requests`], handing each request to `issue` (no list per call). `asking`:
    /// the consumer asks for a page (false: a poll ahead of it, after a page arrived or was
    /// handed out, which issues only the `prefetch` pages ahead). A `dyn` callback: one copy
    /// of this function serves every caller (the wasm build is sized).
    pub fn poll_requests_with(
        &mut self,
        now_ms: f64,
        asking: bool,
        issue: &mut dyn FnMut(Request<T>),
    ) {
        if !matches!(self.phase, Phase::Running) || self.deadline_passed(now_ms) {
            return;
        }
        // A consumer that has a buffered page to take waits for nothing: the poll is ahead.
        let asking = asking && self.queue.is_empty();
        if asking && !self.held_back.is_empty() {
            self.ready.append(&mut self.held_back);
        }
        let limit = self.config.prefetch as usize + usize::from(asking);
        while let Some(&i) = self.ready.get(self.ready_at) {
            if !self.requests_left()
                || self
                    .config
                    .max_pages
                    .is_some_and(|max| self.page_requests >= max)
                || self
                    .config
                    .max_items
                    .is_some_and(|max| self.delivered_items + self.buffered_items >= max)
            {
                break;
            }
            self.ready_at += 1;
            if self.ready_at == self.ready.len() {
                self.ready.clear();
                self.ready_at = 0;
            }
            let Some(chain) = self.chains.get(i) else {
                continue;
            };
            // Listed again when that changes (a page handed out, a token arrived, the consumer
            // asks).
            if !matches!(chain.fetch, Fetch::Ready(_)) {
                continue;
            }
            if chain.buffered >= limit {
                if !asking && chain.buffered == limit {
                    self.held_back.push(i);
                }
                continue;
            }
            let segment = chain.segment;
            let keys = chain
                .anchor
                .as_ref()
                .filter(|_| chain.first_skip > 0)
                .map(Anchor::kind);
            let id = self.issued * self.chains.len() as u64 + i as u64 + 1;
            self.issued += 1;
            // Moved out rather than cloned: the request needs only the raw token.
            let Fetch::Ready(token) = core::mem::replace(&mut self.chains[i].fetch, Fetch::Ended)
            else {
                continue;
            };
            let raw = token.as_ref().map(|t| t.raw.clone());
            self.set_fetch(
                i,
                Fetch::InFlight {
                    id,
                    token,
                    attempt: 1,
                },
            );
            self.page_requests += 1;
            self.stats.requests += 1;
            let delay_ms = self.pace(now_ms, 0.0);
            issue(Request {
                id,
                segment,
                token: raw,
                attempt: 1,
                delay_ms,
                keys,
            });
        }
    }

    /// The chain whose request in flight is `id` (the id names its chain: no search).
    fn chain_of(&self, id: u64) -> Option<usize> {
        let n = self.chains.len() as u64;
        let i = (id.checked_sub(1)? % n.max(1)) as usize;
        let c = self.chains.get(i)?;
        matches!(c.fetch, Fetch::InFlight { id: x, .. } if x == id).then_some(i)
    }

    /// Reports a fetched page with `len` items, its next token (`None`: absent) and its
    /// has-more flag. Outcomes of requests that no longer belong to the walk are ignored;
    /// the answer says whether the page was kept (a host that keeps pages aside drops it
    /// otherwise). A page whose request asked for keys ([`Request::keys`]) reported here is
    /// one whose keys the host cannot read: it is skipped by position (an anchor miss).
    pub fn on_page(
        &mut self,
        id: u64,
        page: P,
        len: u64,
        next: Option<Token<T>>,
        more: Option<bool>,
    ) -> bool {
        self.on_page_with_keys(id, page, len, next, more, &[])
    }

    /// [`Walk::on_page`] with what the request asked for ([`Request::keys`]), one per item of
    /// the page, in order: the items' keys ([`AnchorKind::Key`]) or their JSON forms
    /// ([`AnchorKind::Content`]: [`Value::String`], [`Value::Null`] for an item without one).
    /// A resumed page is skipped up to and including the first item whose key is deep-equal
    /// (map key order ignored, types kept) to the resume position's anchor, or whose content
    /// digest is the anchor's; when none is, it is skipped by position and the miss is counted
    /// in [`Stats::anchor_misses`].
    pub fn on_page_with_keys(
        &mut self,
        id: u64,
        page: P,
        len: u64,
        next: Option<Token<T>>,
        more: Option<bool>,
        keys: &[Value],
    ) -> bool {
        if matches!(self.phase, Phase::Stopped(_) | Phase::Failing(_)) {
            return false;
        }
        let Some(i) = self.chain_of(id) else {
            return false;
        };
        let on_same = self.config.on_same_token;
        let Fetch::InFlight { token, .. } = self.set_fetch(i, Fetch::Ended) else {
            return false;
        };
        let chain = &mut self.chains[i];
        let mut skip = core::mem::take(&mut chain.first_skip);
        if let (true, Some(a)) = (skip > 0, &chain.anchor) {
            match position_of(a, keys, len) {
                Some(at) => skip = at + 1,
                None => self.stats.anchor_misses += 1,
            }
        }
        let next = next.filter(|t| {
            !t.value
                .as_ref()
                .is_some_and(crate::value::Value::is_absent_token)
        });
        let next = if more == Some(false) {
            None
        } else {
            next.map(Rc::new)
        };
        // Recorded as sent now (it is the next token this segment sends unless it repeats).
        let repeated = next
            .as_ref()
            .and_then(|t| t.value.as_ref())
            .is_some_and(|v| !chain.sent.insert(v));
        chain.buffered += 1;
        let (next, repeated) = match (next, repeated, on_same) {
            (None, _, _) => (None, false),
            (Some(_), true, SameToken::Stop) => (None, false),
            (Some(t), true, SameToken::Error) => (Some(t), true),
            (Some(t), false, _) => {
                self.set_fetch(i, Fetch::Ready(Some(t.clone())));
                (Some(t), false)
            }
        };
        let available = len.saturating_sub(skip);
        self.buffered_items += available;
        self.queue.push_back(Buffered {
            chain: i,
            page,
            fetch_token: token,
            skip,
            len,
            next,
            repeated,
        });
        true
    }

    /// Reports a failed attempt. `retryable` is the host's classification, `retry_after_ms`
    /// a server-given wait, `random` a number in `[0, 1)` for the jitter. A server-given wait
    /// that ends at or after the time limit fails the walk at once.
    pub fn on_failure(
        &mut self,
        id: u64,
        failure: Failure,
        retryable: bool,
        retry_after_ms: Option<f64>,
        random: f64,
        now_ms: f64,
    ) -> FailureAction<T> {
        if matches!(
            self.phase,
            Phase::Stopped(_) | Phase::Failing(_) | Phase::Exhausted
        ) {
            return FailureAction::Ignore;
        }
        let Some(i) = self.chain_of(id) else {
            return FailureAction::Ignore;
        };
        let Fetch::InFlight { token, attempt, .. } = &self.chains[i].fetch else {
            return FailureAction::Ignore;
        };
        let (token, attempt) = (token.clone(), *attempt);
        // A server that asks for a wait the time budget cannot afford: no retry could start
        // before the deadline, so the walk fails now (with its resume token) rather than
        // sleep until the deadline and end as if the budget were the only reason.
        let beyond_budget = retry_after_ms.is_some_and(|after| {
            self.config
                .time_limit_ms
                .is_some_and(|limit| self.elapsed_ms(now_ms) + after.max(0.0) >= limit)
        });
        if retryable
            && !beyond_budget
            && failure == Failure::FetchFailed
            && attempt <= self.config.retry.retries
        {
            if !self.requests_left() {
                self.set_fetch(i, Fetch::Ready(token));
                self.phase = Phase::Exhausted;
                return FailureAction::Stop;
            }
            let wait = self.config.retry.delay_ms(attempt, retry_after_ms, random);
            let delay_ms = self.pace(now_ms, wait);
            self.stats.requests += 1;
            self.stats.retries += 1;
            let segment = self.chains[i].segment;
            let chain = &self.chains[i];
            let keys = chain
                .anchor
                .as_ref()
                .filter(|_| chain.first_skip > 0)
                .map(Anchor::kind);
            self.chains[i].fetch = Fetch::InFlight {
                id,
                token: token.clone(),
                attempt: attempt + 1,
            };
            return FailureAction::Retry(Request {
                id,
                segment,
                token: token.map(|t| t.raw.clone()),
                attempt: attempt + 1,
                delay_ms,
                keys,
            });
        }
        self.set_fetch(i, Fetch::Ready(token));
        self.phase = Phase::Failing(failure);
        FailureAction::Fail
    }

    /// Stops the walk now (abort, `break`); buffered pages are dropped and the resume state
    /// stays at what the consumer received. A walk that already stopped keeps its reason, and
    /// one whose consumer already received everything stops with [`StopReason::End`].
    pub fn stop(&mut self, reason: StopReason) {
        if !matches!(self.phase, Phase::Stopped(_)) {
            let reason = if self.all_done() {
                StopReason::End
            } else {
                reason
            };
            self.finish(reason);
        }
    }

    fn finish(&mut self, reason: StopReason) {
        self.phase = Phase::Stopped(reason);
        self.queue.clear();
        self.buffered_items = 0;
        self.ready.clear();
        self.ready_at = 0;
        self.held_back.clear();
        for c in &mut self.chains {
            c.buffered = 0;
            if let Fetch::InFlight { token, .. } = &c.fetch {
                c.fetch = Fetch::Ready(token.clone());
            }
        }
        self.in_flight = 0;
    }

    /// The next step for the consumer. A page handed out here counts as received; call
    /// [`Walk::consume`] with the number of its items the consumer took (all of `take` for a
    /// page consumer, one at a time for an item consumer).
    pub fn pop(&mut self, now_ms: f64) -> Step<P> {
        if let Phase::Stopped(reason) = self.phase {
            return Step::Stopped(reason);
        }
        if self.current.is_some() {
            // The previous page was not fully consumed (the item consumer left it); whatever
            // was taken is recorded, so a new pop drops the rest of it from this walk.
            self.finish(StopReason::Aborted);
            return Step::Stopped(StopReason::Aborted);
        }
        if self.all_done() {
            self.finish(StopReason::End);
            return Step::Stopped(StopReason::End);
        }
        if let Phase::Failing(f) = self.phase {
            if self.queue.is_empty() {
                self.finish(StopReason::Error);
                return Step::Failed(f);
            }
        }
        if matches!(self.phase, Phase::Running) && self.deadline_passed(now_ms) {
            self.finish(StopReason::TimeLimit);
            return Step::Stopped(StopReason::TimeLimit);
        }
        if let Some(max) = self.config.max_items {
            if self.delivered_items >= max {
                self.finish(StopReason::MaxItems);
                return Step::Stopped(StopReason::MaxItems);
            }
        }
        if let Some(b) = self.queue.pop_front() {
            let chain = &mut self.chains[b.chain];
            chain.buffered = chain.buffered.saturating_sub(1);
            if matches!(chain.fetch, Fetch::Ready(_)) {
                // Room for one more page of this chain.
                self.ready.push(b.chain);
            }
            let chain = &self.chains[b.chain];
            let available = b.len.saturating_sub(b.skip);
            self.buffered_items = self.buffered_items.saturating_sub(available);
            let left = self
                .config
                .max_items
                .map_or(u64::MAX, |max| max.saturating_sub(self.delivered_items));
            let take = available.min(left);
            self.delivered_items += take;
            self.stats.pages += 1;
            self.stats.items += take;
            if b.len == 0 {
                self.stats.empty_pages += 1;
            }
            let segment = chain.segment;
            self.current = Some(Current {
                chain: b.chain,
                fetch_token: b.fetch_token,
                skip: b.skip,
                left: take,
                len: b.len,
                next: b.next,
                repeated: b.repeated,
            });
            if take == 0 {
                self.consume(0);
            }
            return Step::Page(Delivery {
                segment,
                page: b.page,
                skip: b.skip,
                take,
                len: b.len,
            });
        }
        // Once failing or out of budget, requests still in flight are being aborted by the
        // host and will never report: do not wait for them.
        let idle = !matches!(self.phase, Phase::Running) || !self.has_in_flight();
        if idle {
            let reason = if matches!(self.phase, Phase::Exhausted) || !self.requests_left() {
                StopReason::MaxRequests
            } else if self
                .config
                .max_pages
                .is_some_and(|max| self.page_requests >= max)
            {
                StopReason::MaxPages
            } else if self.config.max_items.is_some() {
                StopReason::MaxItems
            } else {
                // Nothing in flight and nothing to issue cannot happen while running; stop
                // rather than wait forever.
                StopReason::Error
            };
            self.finish(reason);
            return Step::Stopped(reason);
        }
        Step::Wait
    }

    /// Records that the consumer took `n` more items of the page last handed out (their keys
    /// unknown: a resume position inside the page then has no anchor).
    pub fn consume(&mut self, n: u64) {
        self.consume_keyed(n, None);
    }

    /// [`Walk::consume`], with the key of the last of the `n` items (`itemKey`): a resume
    /// position inside the page records it as its anchor. A host needs to tell it only when
    /// the consumer stops inside the page (the key of an item that ends a page is never used).
    pub fn consume_keyed(&mut self, n: u64, last_key: Option<Value>) {
        self.consume_anchored(n, last_key.map(Anchor::Key));
    }

    /// [`Walk::consume`] for a walk without `itemKey`: `forms` are the JSON forms of the
    /// page's items from its first up to the last of the `n` (`None`: an item without one),
    /// whose content digest becomes the anchor of a resume position inside the page. As for
    /// [`Walk::consume_keyed`], a host needs to tell them only when the consumer stops inside
    /// the page.
    pub fn consume_by_content(&mut self, n: u64, forms: &[Option<&str>]) {
        let last = forms.len().checked_sub(1);
        let anchor = last.map(|i| Anchor::Content(content_digest(forms, i)));
        self.consume_anchored(n, anchor);
    }

    fn consume_anchored(&mut self, n: u64, anchor: Option<Anchor>) {
        let Some(cur) = self.current.as_mut() else {
            return;
        };
        let n = n.min(cur.left);
        cur.left -= n;
        cur.skip += n;
        if n > 0 {
            // The anchor is the last item received, whatever it was before.
            self.chains[cur.chain].anchor = anchor;
        }
        if cur.left > 0 {
            // The position inside the page is read from `current` (see `position_of`), so an
            // item costs no token copy.
            return;
        }
        let Some(cur) = self.current.take() else {
            return;
        };
        let chain = cur.chain;
        let pos = if cur.skip < cur.len {
            // Cut by maxItems: the rest of this page is where a resumed walk starts.
            Pos::At {
                token: cur.fetch_token,
                skip: cur.skip,
            }
        } else {
            // The page was received to its end: the next one needs no anchor.
            self.chains[chain].anchor = None;
            match cur.next {
                None => Pos::Done,
                Some(t) => Pos::At {
                    token: Some(t),
                    skip: 0,
                },
            }
        };
        let was_open = !matches!(self.chains[chain].pos, Pos::Done);
        let open = !matches!(pos, Pos::Done);
        self.chains[chain].pos = pos;
        if was_open && !open {
            self.open -= 1;
        } else if open && !was_open {
            self.open += 1;
        }
        if cur.repeated && cur.skip >= cur.len && !matches!(self.phase, Phase::Stopped(_)) {
            self.phase = Phase::Failing(Failure::RepeatedToken);
            self.queue.clear();
            self.buffered_items = 0;
            for c in &mut self.chains {
                c.buffered = 0;
            }
        }
    }

    /// Marks the page last handed out as received in full by a page consumer.
    pub fn consume_page(&mut self) {
        let left = self.current.as_ref().map_or(0, |c| c.left);
        self.consume(left);
    }

    /// The resume state: `Ok(None)` once the walk reached its end; `Err(())` when a position
    /// holds a token that is not a cursor value and cannot be written down.
    #[allow(clippy::result_unit_err)]
    pub fn resume_state(&self) -> Result<Option<ResumeState>, ()> {
        if self.all_done() {
            return Ok(None);
        }
        let mut positions = Vec::with_capacity(self.chains.len());
        for (i, c) in self.chains.iter().enumerate() {
            // A page the item consumer is in the middle of.
            let inside = self.current.as_ref().filter(|cur| cur.chain == i);
            let (token, skip) = match (inside, &c.pos) {
                (Some(cur), _) => (&cur.fetch_token, cur.skip),
                (None, Pos::Done) => {
                    positions.push(Position::Done);
                    continue;
                }
                (None, Pos::At { token, skip }) => (token, *skip),
            };
            let token = match token {
                None => None,
                Some(t) => Some(t.value.clone().ok_or(())?),
            };
            positions.push(Position::At {
                token,
                skip,
                anchor: c
                    .anchor
                    .clone()
                    .filter(|a| skip > 0 && *a != Anchor::Key(Value::Null)),
            });
        }
        Ok(Some(ResumeState {
            scope: self.config.scope,
            layout: self.config.layout,
            positions,
        }))
    }
}

/// The index of the first of the page's `len` items that `anchor` names: by key, the first
/// key deep-equal to it (canonical forms, as token equality: map key order ignored, types
/// kept); by content, the item whose digest it is (`keys` are then the items' JSON forms).
fn position_of(anchor: &Anchor, keys: &[Value], len: u64) -> Option<u64> {
    let at = match anchor {
        Anchor::Key(key) => {
            let canonical = |v: &Value| {
                let mut bytes = Vec::new();
                canonical_bytes(v, true, &mut bytes);
                bytes
            };
            let want = canonical(key);
            keys.iter().position(|k| canonical(k) == want)?
        }
        Anchor::Content(digest) => {
            let want = (*digest)?;
            let forms: Vec<Option<&str>> = keys.iter().map(Value::as_str).collect();
            (0..forms.len()).position(|i| content_digest(&forms, i) == Some(want))?
        }
    } as u64;
    (at < len).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(i: u32) -> Token<Value> {
        Token::from_value(Value::String(alloc::format!("t{i}")))
    }

    #[test]
    fn a_report_issues_no_request_when_pages_may_wait() {
        let cases = [
            (Layout::Single, 0, true),
            (Layout::Single, 1, false),
            (
                Layout::One {
                    segment: 1,
                    total: 3,
                },
                0,
                true,
            ),
            (Layout::All { total: 2 }, 0, false),
        ];
        for (layout, prefetch, may_wait) in cases {
            let config = Config {
                prefetch,
                layout,
                ..Config::default()
            };
            let mut w: Walk<Value, u32> = Walk::new(config, Vec::new());
            assert_eq!(
                w.pages_may_wait(),
                may_wait,
                "{layout:?}, prefetch {prefetch}"
            );
            if !may_wait {
                continue;
            }
            w.start(0.0);
            let mut requests = w.poll_requests(0.0);
            for i in 1..50 {
                assert_eq!(requests.len(), 1);
                let Some(r) = requests.pop() else { break };
                assert!(w.on_page(r.id, i, 3, Some(token(i)), None));
                assert!(
                    w.poll_requests(0.0).is_empty(),
                    "page {i}: a report issued a request"
                );
                let Step::Page(d) = w.pop(0.0) else {
                    panic!("page {i} was not handed out")
                };
                assert_eq!((d.page, d.take), (i, 3));
                w.consume_page();
                requests = w.poll_requests(0.0);
            }
        }
    }
}
