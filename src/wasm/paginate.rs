//! JS binding of the paginator: `paginate(fetchPage, options)` and the `Paginator` class.
//!
//! This layer only calls the user's functions, awaits their promises, reads page fields, sets
//! timers and converts values; every decision is taken by [`crate::paginate::Walk`]. State is
//! shared as `Rc<RefCell<Inner>>` and no borrow is ever held across an `.await` or a call
//! into user code, so user callbacks may read the paginator's getters.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Date, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{future_to_promise, spawn_local, JsFuture};

use super::codec::codec_from_js;
use super::convert::{set_own, to_value};
use super::errors::pagination_error;
use crate::codec::CursorCodec;
use crate::paginate::link::next_link;
use crate::paginate::resume::scope_digest;
use crate::paginate::retry::{is_retryable, retry_after_seconds};
use crate::paginate::{
    Config, Failure, FailureAction, FailureFacts, Layout, Request, ResumeState, RetryPolicy,
    SameToken, Start, Step, StopReason, Token, Walk,
};
use crate::value::Value;

#[wasm_bindgen(module = "/src/wasm/paginate.js")]
extern "C" {
    #[wasm_bindgen(js_name = "raceAbort")]
    fn race_abort(
        promise: &JsValue,
        signal: &JsValue,
        marker: &JsValue,
        timeout_ms: f64,
    ) -> Promise;
    #[wasm_bindgen(js_name = "fetchContext")]
    fn fetch_context(
        signal: &JsValue,
        page_size: &JsValue,
        attempt: u32,
        segment: JsValue,
        total_segments: JsValue,
    ) -> JsValue;
    #[wasm_bindgen(js_name = "iterResult")]
    fn iter_result_js(value: &JsValue, done: bool) -> JsValue;
    #[wasm_bindgen(js_name = "raceThen")]
    fn race_then(promise: &JsValue, signal: &JsValue, marker: &JsValue, id: f64, settle: &JsValue);
    #[wasm_bindgen(js_name = "sleepOrAbort")]
    fn sleep_or_abort(ms: f64, signal: &JsValue, marker: &JsValue) -> Promise;
}

thread_local! {
    /// Property names as JS strings, so that reading page fields does not decode the same
    /// UTF-8 name on every page. Bounded: names beyond the cap are simply not cached.
    /// (A B-tree: a hash map costs kilobytes of wasm.)
    static KEYS: RefCell<std::collections::BTreeMap<String, JsValue>> =
        const { RefCell::new(std::collections::BTreeMap::new()) };
}

fn key(name: &str) -> JsValue {
    KEYS.with(|keys| {
        if let Some(k) = keys.borrow().get(name) {
            return k.clone();
        }
        let k = JsValue::from_str(name);
        let mut keys = keys.borrow_mut();
        if keys.len() < 256 {
            keys.insert(name.to_string(), k.clone());
        }
        k
    })
}

fn get(obj: &JsValue, name: &str) -> JsValue {
    if obj.is_object() || obj.is_function() {
        Reflect::get(obj, &key(name)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

fn global(name: &str) -> JsValue {
    get(&js_sys::global().into(), name)
}

fn type_error(msg: &str) -> JsValue {
    super::errors::TypeError::new(msg).into()
}

fn now() -> f64 {
    Date::now()
}

/// A value read from a page: a dotted path or a user function.
#[derive(Clone)]
enum Field {
    Path(Vec<String>),
    Func(Function),
}

impl Field {
    fn parse(value: &JsValue, what: &str) -> Result<Option<Field>, JsValue> {
        if value.is_undefined() {
            Ok(None)
        } else if let Some(f) = value.dyn_ref::<Function>() {
            Ok(Some(Field::Func(f.clone())))
        } else if let Some(s) = value.as_string() {
            Ok(Some(Field::Path(split_path(&s))))
        } else {
            Err(type_error(&format!(
                "options.{what} must be a dotted path or a function"
            )))
        }
    }
}

fn split_path(s: &str) -> Vec<String> {
    s.split('.')
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect()
}

fn at_path(value: &JsValue, path: &[String]) -> JsValue {
    let mut v = value.clone();
    for key in path {
        if v.is_undefined() || v.is_null() {
            return JsValue::UNDEFINED;
        }
        v = get(&v, key);
    }
    v
}

/// Where the items of a page are.
#[derive(Clone)]
enum ItemsAt {
    /// Not configured: pages only.
    Unknown,
    Field(Field),
    /// The body itself (link preset without `items`).
    Whole,
    /// Relay: `edges[].node`, else `nodes`.
    Relay,
}

/// Where the next token of a page is.
#[derive(Clone)]
enum NextAt {
    Field(Field),
    /// `next_cursor`, else `nextCursor`.
    Keyset,
    /// `pageInfo.endCursor`.
    Relay,
    /// The `rel="next"` URL of the response's Link header.
    Link,
}

#[derive(Clone)]
struct Reader {
    root: Option<Vec<String>>,
    items: ItemsAt,
    next: NextAt,
    more: Option<Field>,
    link: bool,
}

impl Reader {
    /// True when reading a page awaits nothing (no user function, no response body).
    fn is_sync(&self) -> bool {
        !self.link
            && !matches!(self.items, ItemsAt::Field(Field::Func(_)))
            && !matches!(self.next, NextAt::Field(Field::Func(_)))
            && !matches!(self.more, Some(Field::Func(_)))
    }
}

/// One page as the consumer receives it.
struct PageData {
    /// What page iteration yields (the page, or a link response's JSON body).
    page: JsValue,
    /// The items of the page, when the items location is configured.
    items: Option<Array>,
}

struct Inner {
    walk: Walk<JsValue, PageData>,
    fetch_page: Function,
    /// Shared, so that reading a page does not copy its paths.
    reader: Rc<Reader>,
    /// Requests in flight on the direct path ([`on_settled`]), until they settle.
    direct: Vec<Request<JsValue>>,
    /// The direct path's outcome callback ([`settle_fn`]).
    settle: Option<Settle>,
    codec: Rc<CursorCodec>,
    controller: JsValue,
    signal: JsValue,
    abort_marker: JsValue,
    user_signal: Option<JsValue>,
    listener: Option<Function>,
    retryable: Option<Function>,
    page_size: JsValue,
    total_segments: Option<u32>,
    init_error: Option<JsValue>,
    fetch_error: Option<JsValue>,
    abort_reported: bool,
    wakers: Vec<Function>,
    items: Option<(Array, u32, u32)>,
    last_segment: Option<u32>,
    ended_ms: Option<f64>,
}

type Shared = Rc<RefCell<Inner>>;

/// The direct path's outcome callback: `(request id, ok, page or error)`.
type Settle = Closure<dyn FnMut(f64, bool, JsValue)>;

impl Inner {
    fn resume_token(&self) -> Option<String> {
        match self.walk.resume_state() {
            Ok(Some(state)) => state.encode(&self.codec).ok(),
            _ => None,
        }
    }

    fn user_aborted(&self) -> bool {
        self.user_signal
            .as_ref()
            .is_some_and(|s| get(s, "aborted").is_truthy())
    }

    fn wake(&mut self) {
        for w in self.wakers.drain(..) {
            let _ = w.call0(&JsValue::UNDEFINED);
        }
    }
}

/// Aborts every request in flight and every wait, and detaches from the user's signal. The
/// borrow is released first: aborting runs the user's abort listeners, which may read the
/// paginator's getters.
fn shut_down(shared: &Shared) {
    let (controller, detach) = {
        let mut s = shared.borrow_mut();
        if s.ended_ms.is_none() {
            s.ended_ms = Some(now());
        }
        // A walk that ended with nothing in flight skips the abort: it would mint a
        // DOMException for no listener.
        let idle = s.walk.stop_reason() == Some(StopReason::End) && s.walk.in_flight().is_empty();
        let controller = (!idle).then(|| s.controller.clone());
        let listener = s.listener.take();
        (controller, s.user_signal.clone().zip(listener))
    };
    if let Some(controller) = controller {
        abort_controller(&controller);
    }
    if let Some((signal, listener)) = detach {
        if let Ok(remove) = get(&signal, "removeEventListener").dyn_into::<Function>() {
            let _ = remove.call2(&signal, &key("abort"), &listener);
        }
    }
}

fn abort_controller(controller: &JsValue) {
    if let Ok(abort) = get(controller, "abort").dyn_into::<Function>() {
        let _ = abort.call0(controller);
    }
}

fn on_abort(signal: &JsValue, listener: &JsValue) {
    if let Ok(add) = get(signal, "addEventListener").dyn_into::<Function>() {
        let opts = Object::new();
        set_own(&opts, "once", &JsValue::TRUE);
        let _ = add.call3(signal, &"abort".into(), listener, &opts);
    }
}

/// Resolves after `ms` with true, or with false when the walk's signal aborts first.
async fn sleep(shared: &Shared, ms: f64) -> bool {
    let (signal, marker) = {
        let s = shared.borrow();
        (s.signal.clone(), s.abort_marker.clone())
    };
    let won = JsFuture::from(sleep_or_abort(ms, &signal, &marker))
        .await
        .unwrap_or(JsValue::UNDEFINED);
    !Object::is(&won, &marker)
}

fn call_fetch(shared: &Shared, req: &Request<JsValue>) -> JsValue {
    let (f, ctx) = {
        let s = shared.borrow();
        let (segment, total) = match s.total_segments {
            Some(total) => (JsValue::from(req.segment), JsValue::from(total)),
            None => (JsValue::UNDEFINED, JsValue::UNDEFINED),
        };
        let ctx = fetch_context(&s.signal, &s.page_size, req.attempt, segment, total);
        (s.fetch_page.clone(), ctx)
    };
    let token = req.token.clone().unwrap_or(JsValue::UNDEFINED);
    match f.call2(&JsValue::UNDEFINED, &token, &ctx) {
        Ok(ret) => Promise::resolve(&ret).into(),
        Err(err) => Promise::reject(&err).into(),
    }
}

/// Issues requests: those without a delay call `fetchPage` right now, so that request n+1
/// is under way before page n reaches the consumer.
fn issue(shared: &Shared, requests: Vec<Request<JsValue>>) {
    for req in requests {
        // The common case (no delay, a page read without awaiting user callbacks) settles
        // through one promise chain and `on_settled`, without a future.
        let direct = req.delay_ms <= 0.0 && shared.borrow().reader.is_sync();
        if direct {
            let pending = call_fetch(shared, &req);
            let (signal, marker) = {
                let mut s = shared.borrow_mut();
                s.direct.push(req.clone());
                (s.signal.clone(), s.abort_marker.clone())
            };
            let settle = settle_fn(shared);
            race_then(&pending, &signal, &marker, req.id as f64, &settle);
            continue;
        }
        let started = if req.delay_ms <= 0.0 {
            Some(call_fetch(shared, &req))
        } else {
            None
        };
        spawn_local(run_request(shared.clone(), req, started));
    }
}

/// The time for the walk's state steps; the clock is read only when it matters.
fn clock(shared: &Shared) -> f64 {
    if shared.borrow().walk.needs_clock() {
        now()
    } else {
        0.0
    }
}

fn pump(shared: &Shared) {
    let t = clock(shared);
    let reqs = shared.borrow_mut().walk.poll_requests(t);
    issue(shared, reqs);
}

async fn run_request(shared: Shared, mut req: Request<JsValue>, mut started: Option<JsValue>) {
    loop {
        let pending = match started.take() {
            Some(p) => p,
            None => {
                if !sleep(&shared, req.delay_ms).await {
                    return;
                }
                if shared.borrow().walk.is_stopping() {
                    return;
                }
                call_fetch(&shared, &req)
            }
        };
        let (signal, marker) = {
            let s = shared.borrow();
            (s.signal.clone(), s.abort_marker.clone())
        };
        let outcome = JsFuture::from(race_abort(&pending, &signal, &marker, -1.0)).await;
        if let Ok(v) = &outcome {
            if Object::is(v, &marker) {
                return;
            }
        }
        let reader = shared.borrow().reader.clone();
        let read = match outcome {
            Ok(page) => read_page(&reader, page).await,
            Err(err) => Err((Failure::FetchFailed, err)),
        };
        match after_read(&shared, req, read) {
            Some((next, next_started)) => {
                req = next;
                started = next_started;
            }
            None => return,
        }
    }
}

/// Hands a request's read outcome to the walk; `Some` with the retry request (and its fetch
/// when it is already under way) when the request goes on.
fn after_read(
    shared: &Shared,
    req: Request<JsValue>,
    read: Result<ReadPage, (Failure, JsValue)>,
) -> Option<(Request<JsValue>, Option<JsValue>)> {
    match read {
        Ok((data, len, next, more)) => {
            shared
                .borrow_mut()
                .walk
                .on_page(req.id, data, len, next, more);
            pump(shared);
            shared.borrow_mut().wake();
            None
        }
        Err((failure, err)) => {
            let retryable = failure == Failure::FetchFailed && classify(shared, &err);
            let retry_after = retry_after_ms(&err);
            let action = shared.borrow_mut().walk.on_failure(
                req.id,
                failure,
                retryable,
                retry_after,
                js_sys::Math::random(),
                now(),
            );
            match action {
                FailureAction::Retry(next) => {
                    let started = (next.delay_ms <= 0.0).then(|| call_fetch(shared, &next));
                    Some((next, started))
                }
                FailureAction::Fail | FailureAction::Stop => {
                    let controller = {
                        let mut s = shared.borrow_mut();
                        if matches!(action, FailureAction::Fail) {
                            s.fetch_error = Some(err);
                        }
                        s.controller.clone()
                    };
                    // Requests of other segments are aborted; the resume state is the
                    // consumer's position, so nothing they fetched is lost.
                    abort_controller(&controller);
                    shared.borrow_mut().wake();
                    None
                }
                FailureAction::Ignore => None,
            }
        }
    }
}

/// Takes the outcome of a request on the direct path (see [`issue`]): `ok` with the page, or
/// the failure.
fn on_settled(shared: &Shared, id: f64, ok: bool, value: JsValue) {
    let req = {
        let mut s = shared.borrow_mut();
        let at = s.direct.iter().position(|r| r.id as f64 == id);
        at.map(|i| s.direct.swap_remove(i))
    };
    let Some(req) = req else {
        return;
    };
    let read = if ok {
        let reader = shared.borrow().reader.clone();
        read_now(&reader, value)
    } else {
        Err((Failure::FetchFailed, value))
    };
    if let Some((next, started)) = after_read(shared, req, read) {
        spawn_local(run_request(shared.clone(), next, started));
    }
}

/// The walk's one outcome callback for the direct path, made at its first request. It holds
/// the walk weakly (a strong handle would be a cycle through JS that is never freed).
fn settle_fn(shared: &Shared) -> JsValue {
    if let Some(f) = &shared.borrow().settle {
        return f.as_ref().clone();
    }
    let weak = Rc::downgrade(shared);
    let closure =
        Closure::<dyn FnMut(f64, bool, JsValue)>::new(move |id: f64, ok: bool, value: JsValue| {
            if let Some(shared) = weak.upgrade() {
                on_settled(&shared, id, ok, value);
            }
        });
    let f = closure.as_ref().clone();
    shared.borrow_mut().settle = Some(closure);
    f
}

/// [`read_page`] for a reader that awaits nothing ([`Reader::is_sync`]): it completes at its
/// first poll.
fn read_now(reader: &Reader, page: JsValue) -> Result<ReadPage, (Failure, JsValue)> {
    use std::future::Future;
    let mut fut = std::pin::pin!(read_page(reader, page));
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    match fut.as_mut().poll(&mut cx) {
        std::task::Poll::Ready(r) => r,
        std::task::Poll::Pending => Err(bad_page("a page read did not complete", None)),
    }
}

fn is_absent(token: &JsValue) -> bool {
    if token.is_undefined() || token.is_null() {
        return true;
    }
    if token.as_string().is_some_and(|s| s.is_empty()) {
        return true;
    }
    if token.is_object() && !Array::is_array(token) && !token.is_function() {
        let proto = Object::get_prototype_of(token);
        let plain =
            proto.is_null() || Object::is(&proto, &Object::get_prototype_of(&Object::new()));
        return plain && Object::keys(token.unchecked_ref::<Object>()).length() == 0;
    }
    false
}

fn to_token(raw: JsValue) -> Option<Token<JsValue>> {
    if is_absent(&raw) {
        return None;
    }
    let value = to_value(&raw).ok();
    Some(Token { raw, value })
}

async fn call_user(f: &Function, page: &JsValue) -> Result<JsValue, JsValue> {
    let ret = f.call1(&JsValue::UNDEFINED, page)?;
    JsFuture::from(Promise::resolve(&ret)).await
}

fn bad_page(message: &str, cause: Option<JsValue>) -> (Failure, JsValue) {
    (
        Failure::BadPage,
        cause.unwrap_or_else(|| js_sys::Error::new(message).into()),
    )
}

type ReadPage = (PageData, u64, Option<Token<JsValue>>, Option<bool>);

async fn read_page(reader: &Reader, page: JsValue) -> Result<ReadPage, (Failure, JsValue)> {
    let (page, link_next) = if reader.link {
        read_response(page).await?
    } else {
        (page, None)
    };
    // A missing or primitive page must not read as "no next token": that would end the walk
    // silently.
    if !page.is_object() {
        return Err(bad_page("fetchPage resolved with no page object", None));
    }
    let root = match &reader.root {
        Some(path) => {
            let r = at_path(&page, path);
            if r.is_undefined() || r.is_null() {
                return Err(bad_page("the page has nothing at options.root", None));
            }
            r
        }
        None => page.clone(),
    };
    let items_value = match &reader.items {
        ItemsAt::Unknown => None,
        ItemsAt::Whole => Some(root.clone()),
        ItemsAt::Field(Field::Path(p)) => Some(at_path(&root, p)),
        ItemsAt::Field(Field::Func(f)) => Some(
            call_user(f, &page)
                .await
                .map_err(|e| bad_page("", Some(e)))?,
        ),
        ItemsAt::Relay => {
            let edges = get(&root, "edges");
            if Array::is_array(&edges) {
                let nodes: Array = edges
                    .unchecked_ref::<Array>()
                    .iter()
                    .map(|e| get(&e, "node"))
                    .collect();
                Some(nodes.into())
            } else {
                Some(get(&root, "nodes"))
            }
        }
    };
    let items = match items_value {
        None => None,
        // A service may leave an empty list out of its response (AWS JSON protocols do).
        Some(v) if v.is_undefined() || v.is_null() => Some(Array::new()),
        Some(v) if Array::is_array(&v) => Some(v.unchecked_into::<Array>()),
        Some(_) => return Err(bad_page("the items of a page are not an array", None)),
    };
    let next_raw = match &reader.next {
        NextAt::Link => link_next.unwrap_or(JsValue::UNDEFINED),
        NextAt::Keyset => {
            let snake = get(&root, "next_cursor");
            if snake.is_undefined() {
                get(&root, "nextCursor")
            } else {
                snake
            }
        }
        NextAt::Relay => at_path(&root, &["pageInfo".into(), "endCursor".into()]),
        NextAt::Field(Field::Path(p)) => at_path(&root, p),
        NextAt::Field(Field::Func(f)) => call_user(f, &page)
            .await
            .map_err(|e| bad_page("", Some(e)))?,
    };
    let more_value = match (&reader.more, &reader.next) {
        (Some(Field::Path(p)), _) => at_path(&root, p),
        (Some(Field::Func(f)), _) => call_user(f, &page)
            .await
            .map_err(|e| bad_page("", Some(e)))?,
        (None, NextAt::Relay) => at_path(&root, &["pageInfo".into(), "hasNextPage".into()]),
        (None, _) => JsValue::UNDEFINED,
    };
    let more = if more_value.is_undefined() {
        None
    } else {
        Some(more_value.is_truthy())
    };
    let len = items.as_ref().map_or(0, |a| a.length() as u64);
    Ok((PageData { page, items }, len, to_token(next_raw), more))
}

/// Link preset: a non-2xx response is a failure (the response is the error); otherwise the
/// page is the JSON body and the next token the resolved `rel="next"` URL.
async fn read_response(
    response: JsValue,
) -> Result<(JsValue, Option<JsValue>), (Failure, JsValue)> {
    let status = get(&response, "status").as_f64();
    let Some(status) = status else {
        return Err(bad_page(
            "with preset \"link\", fetchPage must return a fetch Response",
            None,
        ));
    };
    if !(200.0..300.0).contains(&status) {
        return Err((Failure::FetchFailed, response));
    }
    let headers = get(&response, "headers");
    let header = get(&headers, "get")
        .dyn_into::<Function>()
        .ok()
        .and_then(|g| g.call1(&headers, &"link".into()).ok())
        .and_then(|h| h.as_string());
    let next = match header.as_deref().and_then(next_link) {
        None => None,
        Some(target) => {
            let base = get(&response, "url");
            let base = if base.as_string().is_some_and(|s| !s.is_empty()) {
                base
            } else {
                JsValue::UNDEFINED
            };
            let url_ctor = global("URL")
                .dyn_into::<Function>()
                .map_err(|e| bad_page("", Some(e)))?;
            let url = Reflect::construct(&url_ctor, &Array::of2(&target.into(), &base))
                .map_err(|e| bad_page("", Some(e)))?;
            Some(get(&url, "href"))
        }
    };
    let json = get(&response, "json")
        .dyn_into::<Function>()
        .map_err(|_| bad_page("the response has no json() method", None))?;
    let body = call_user(&json.bind0(&response), &JsValue::UNDEFINED)
        .await
        .map_err(|e| bad_page("", Some(e)))?;
    Ok((body, next))
}

fn classify(shared: &Shared, err: &JsValue) -> bool {
    let user = shared.borrow().retryable.clone();
    if let Some(f) = user {
        return f
            .call1(&JsValue::UNDEFINED, err)
            .map(|v| v.is_truthy())
            .unwrap_or(false);
    }
    let status = [
        get(err, "status"),
        get(err, "statusCode"),
        get(&get(err, "$metadata"), "httpStatusCode"),
    ]
    .iter()
    .find_map(|v| v.as_f64());
    let facts = FailureFacts {
        status,
        name: get(err, "name").as_string(),
        retryable_hint: get(err, "$retryable").is_truthy(),
        is_type_error: err.is_instance_of::<js_sys::TypeError>(),
    };
    is_retryable(&facts)
}

/// A server-given wait: `Retry-After` of a thrown `Response`, or `err.retryAfter` (seconds,
/// an HTTP date, or a `Date`).
fn retry_after_ms(err: &JsValue) -> Option<f64> {
    let headers = get(err, "headers");
    let from_header = get(&headers, "get")
        .dyn_into::<Function>()
        .ok()
        .and_then(|g| g.call1(&headers, &"retry-after".into()).ok())
        .filter(|v| !v.is_null() && !v.is_undefined());
    let value = from_header.unwrap_or_else(|| get(err, "retryAfter"));
    if let Some(seconds) = value.as_f64() {
        return Some(seconds * 1000.0);
    }
    if let Some(d) = value.dyn_ref::<Date>() {
        return Some(d.get_time() - now());
    }
    let text = value.as_string()?;
    retry_after_seconds(&text).or_else(|| {
        let at = Date::parse(&text);
        at.is_finite().then(|| at - now())
    })
}

enum Pulled {
    Page {
        page: JsValue,
        items: Option<Array>,
        skip: u64,
        take: u64,
        cut: bool,
    },
    Done,
}

fn stop_error(shared: &Shared, code: &str, message: &str, cause: Option<JsValue>) -> JsValue {
    let token = shared.borrow().resume_token();
    pagination_error(code, message, cause, token)
}

/// One attempt at handing the next page to a consumer; `None` when it has to wait.
fn pull_now(shared: &Shared) -> Option<Result<Pulled, JsValue>> {
    let init_error = shared.borrow_mut().init_error.take();
    if let Some(err) = init_error {
        shared.borrow_mut().walk.stop(StopReason::Error);
        shut_down(shared);
        return Some(Err(err));
    }
    let aborted = {
        let s = shared.borrow();
        s.user_aborted() && s.walk.stop_reason() != Some(StopReason::End)
    };
    if aborted {
        let first = {
            let mut s = shared.borrow_mut();
            s.walk.stop(StopReason::Aborted);
            !std::mem::replace(&mut s.abort_reported, true)
        };
        shut_down(shared);
        if first {
            let reason = shared
                .borrow()
                .user_signal
                .as_ref()
                .map(|sig| get(sig, "reason"));
            return Some(Err(stop_error(
                shared,
                "aborted",
                "the walk was aborted",
                reason.filter(|r| !r.is_undefined()),
            )));
        }
        return Some(Ok(Pulled::Done));
    }
    let t = clock(shared);
    shared.borrow_mut().walk.start(t);
    pump(shared);
    let t = clock(shared);
    let step = shared.borrow_mut().walk.pop(t);
    match step {
        Step::Page(d) => {
            // Request n+1 goes out before page n reaches the consumer.
            pump(shared);
            let mut s = shared.borrow_mut();
            s.last_segment = s.total_segments.map(|_| d.segment);
            let cut = d.is_cut();
            Some(Ok(Pulled::Page {
                page: d.page.page,
                items: d.page.items,
                skip: d.skip,
                take: d.take,
                cut,
            }))
        }
        Step::Wait => None,
        Step::Failed(failure) => {
            shut_down(shared);
            let cause = shared.borrow_mut().fetch_error.take();
            let message = match failure {
                Failure::FetchFailed => "fetchPage failed",
                Failure::BadPage => "a page could not be read",
                Failure::RepeatedToken => "a page returned a token this walk already sent",
            };
            Some(Err(stop_error(shared, failure.code(), message, cause)))
        }
        Step::Stopped(_) => {
            shut_down(shared);
            Some(Ok(Pulled::Done))
        }
    }
}

/// Waits until a request reports, the signal aborts, or the time limit passes.
async fn wait(shared: &Shared) {
    let (signal, marker, limit) = {
        let s = shared.borrow();
        let limit = s
            .walk
            .config()
            .time_limit_ms
            .map(|l| l - s.walk.elapsed_ms(now()));
        (s.signal.clone(), s.abort_marker.clone(), limit)
    };
    let sh = shared.clone();
    let woken = Promise::new(&mut |resolve, _| sh.borrow_mut().wakers.push(resolve));
    // With a time limit, wake up at the limit too, to stop at this page boundary.
    let timeout = limit.map_or(-1.0, |ms| ms.max(0.0) + 1.0);
    let _ = JsFuture::from(race_abort(&woken, &signal, &marker, timeout)).await;
}

/// Hands the next page to a consumer, waiting for it when needed.
async fn pull(shared: &Shared) -> Result<Pulled, JsValue> {
    loop {
        if let Some(r) = pull_now(shared) {
            return r;
        }
        wait(shared).await;
    }
}

/// The iterator result of a page consumer (the page counts as received in full).
fn page_result(shared: &Shared, pulled: Pulled) -> JsValue {
    match pulled {
        Pulled::Done => iter_result(&JsValue::UNDEFINED, true),
        Pulled::Page {
            page,
            skip,
            take,
            cut,
            ..
        } => {
            let reader = {
                let mut s = shared.borrow_mut();
                s.walk.consume_page();
                s.reader.clone()
            };
            let page = if cut {
                cut_page(&reader, &page, skip, take)
            } else {
                page
            };
            iter_result(&page, false)
        }
    }
}

/// A shallow copy of `page` whose items list holds only the handed-out items (only when the
/// items are found at a path; the user's objects are never changed).
fn cut_page(reader: &Reader, page: &JsValue, skip: u64, take: u64) -> JsValue {
    let mut path: Vec<String> = reader.root.clone().unwrap_or_default();
    match &reader.items {
        ItemsAt::Field(Field::Path(p)) => path.extend(p.iter().cloned()),
        ItemsAt::Relay => {
            let root = at_path(page, &path);
            let key = if Array::is_array(&get(&root, "edges")) {
                "edges"
            } else {
                "nodes"
            };
            path.push(key.into());
        }
        ItemsAt::Whole if path.is_empty() => {
            return slice(page, skip, take);
        }
        ItemsAt::Whole => {}
        _ => return page.clone(),
    }
    replace_at(page, &path, skip, take)
}

fn slice(list: &JsValue, skip: u64, take: u64) -> JsValue {
    match list.dyn_ref::<Array>() {
        Some(a) => a.slice(skip as u32, (skip + take) as u32).into(),
        None => list.clone(),
    }
}

fn replace_at(value: &JsValue, path: &[String], skip: u64, take: u64) -> JsValue {
    let Some((first, rest)) = path.split_first() else {
        return slice(value, skip, take);
    };
    if !value.is_object() {
        return value.clone();
    }
    let copy = Object::assign(&Object::new(), value.unchecked_ref());
    let child = get(value, first);
    set_own(&copy, first, &replace_at(&child, rest, skip, take));
    copy.into()
}

fn iter_result(value: &JsValue, done: bool) -> JsValue {
    iter_result_js(value, done)
}

/// A paginated walk: iterate pages with `for await`, items with `items()`.
///
/// ```js
/// const pages = paginate((token, { signal }) => ddb.send(new ScanCommand({
///   TableName, ExclusiveStartKey: token }), { abortSignal: signal }), { preset: "dynamodb" });
/// for await (const page of pages) console.log(page.Items.length);
/// ```
#[wasm_bindgen(js_name = "Paginator")]
pub struct Paginator {
    shared: Shared,
}

/// The page iterator behind `for await (const page of paginator)`.
#[wasm_bindgen(js_name = "PageIterator")]
pub struct PageIterator {
    shared: Shared,
}

/// The item iterator returned by `paginator.items()`.
#[wasm_bindgen(js_name = "ItemIterator")]
pub struct ItemIterator {
    shared: Shared,
}

fn leave(shared: &Shared) -> Promise {
    {
        let mut s = shared.borrow_mut();
        s.walk.stop(StopReason::Aborted);
        s.items = None;
    }
    shut_down(shared);
    Promise::resolve(&iter_result(&JsValue::UNDEFINED, true))
}

/// The next item without waiting; `None` when the next page has not arrived yet.
fn next_item_now(shared: &Shared) -> Option<Result<JsValue, JsValue>> {
    loop {
        let next = {
            let mut s = shared.borrow_mut();
            match s.items.take() {
                Some((items, index, end)) if index < end => {
                    if index + 1 < end {
                        s.items = Some((items.clone(), index + 1, end));
                    }
                    s.walk.consume(1);
                    Some((items, index))
                }
                _ => None,
            }
        };
        // Read outside the borrow: an items array may have getters (a Proxy).
        if let Some((items, index)) = next {
            return Some(Ok(iter_result(&items.get(index), false)));
        }
        match pull_now(shared)? {
            Err(e) => return Some(Err(e)),
            Ok(Pulled::Done) => return Some(Ok(iter_result(&JsValue::UNDEFINED, true))),
            Ok(Pulled::Page {
                items, skip, take, ..
            }) => {
                let Some(items) = items else {
                    shared.borrow_mut().walk.stop(StopReason::Error);
                    shut_down(shared);
                    return Some(Err(type_error(
                        "items() needs options.items (or a preset that knows where items are)",
                    )));
                };
                if take > 0 {
                    shared.borrow_mut().items = Some((
                        items,
                        skip as u32,
                        (skip + take).min(u32::MAX as u64) as u32,
                    ));
                }
            }
        }
    }
}

async fn next_item(shared: Shared) -> Result<JsValue, JsValue> {
    loop {
        if let Some(r) = next_item_now(&shared) {
            return r;
        }
        wait(&shared).await;
    }
}

fn settled(r: Result<JsValue, JsValue>) -> Promise {
    match r {
        Ok(v) => Promise::resolve(&v),
        Err(e) => Promise::reject(&e),
    }
}

#[wasm_bindgen(js_class = "PageIterator")]
impl PageIterator {
    /// The iterator itself (a fresh handle on the same walk), so it is async-iterable too.
    #[wasm_bindgen(js_name = "[Symbol.asyncIterator]")]
    pub fn async_iterator(&self) -> PageIterator {
        PageIterator {
            shared: self.shared.clone(),
        }
    }

    /// Resolves with the next page.
    #[wasm_bindgen(unchecked_return_type = "Promise<IteratorResult<any>>")]
    pub fn next(&self) -> Promise {
        // A page that is already here is handed out without an extra future.
        if let Some(r) = pull_now(&self.shared) {
            return settled(r.map(|p| page_result(&self.shared, p)));
        }
        let shared = self.shared.clone();
        future_to_promise(async move {
            let pulled = pull(&shared).await?;
            Ok(page_result(&shared, pulled))
        })
    }

    /// Called by `break`: stops fetching and aborts requests in flight; the resume token stays
    /// after the last page received.
    #[wasm_bindgen(
        js_name = "return",
        unchecked_return_type = "Promise<IteratorResult<any>>"
    )]
    pub fn return_(&self) -> Promise {
        leave(&self.shared)
    }
}

#[wasm_bindgen(js_class = "ItemIterator")]
impl ItemIterator {
    /// The iterator itself (a fresh handle on the same walk).
    #[wasm_bindgen(js_name = "[Symbol.asyncIterator]")]
    pub fn async_iterator(&self) -> ItemIterator {
        ItemIterator {
            shared: self.shared.clone(),
        }
    }

    /// Resolves with the next item.
    #[wasm_bindgen(unchecked_return_type = "Promise<IteratorResult<any>>")]
    pub fn next(&self) -> Promise {
        if let Some(r) = next_item_now(&self.shared) {
            return settled(r);
        }
        future_to_promise(next_item(self.shared.clone()))
    }

    /// Called by `break`: stops fetching; the resume token stays after the last item received.
    #[wasm_bindgen(
        js_name = "return",
        unchecked_return_type = "Promise<IteratorResult<any>>"
    )]
    pub fn return_(&self) -> Promise {
        leave(&self.shared)
    }
}

#[wasm_bindgen(js_class = "Paginator")]
impl Paginator {
    /// The page iterator (`for await (const page of paginator)`).
    #[wasm_bindgen(js_name = "[Symbol.asyncIterator]")]
    pub fn async_iterator(&self) -> PageIterator {
        PageIterator {
            shared: self.shared.clone(),
        }
    }

    /// Iterates items instead of pages (`for await (const item of paginator.items())`).
    pub fn items(&self) -> ItemIterator {
        ItemIterator {
            shared: self.shared.clone(),
        }
    }

    /// Every remaining item, in order.
    #[wasm_bindgen(js_name = "toArray", unchecked_return_type = "Promise<any[]>")]
    pub fn to_array(&self) -> Promise {
        let shared = self.shared.clone();
        future_to_promise(async move {
            let out = Array::new();
            loop {
                let r = match next_item_now(&shared) {
                    Some(r) => r?,
                    None => next_item(shared.clone()).await?,
                };
                if get(&r, "done").is_truthy() {
                    return Ok(out.into());
                }
                out.push(&get(&r, "value"));
            }
        })
    }

    /// Resumes this walk later (also in another process): defined until the walk reached its
    /// end, `undefined` after.
    #[wasm_bindgen(getter, js_name = "resumeToken")]
    pub fn resume_token(&self) -> Option<String> {
        self.shared.borrow().resume_token()
    }

    /// Why the walk stopped; `undefined` while it runs.
    #[wasm_bindgen(getter, js_name = "stopReason")]
    pub fn stop_reason(&self) -> Option<String> {
        self.shared
            .borrow()
            .walk
            .stop_reason()
            .map(|r| r.as_str().to_string())
    }

    /// Counters: pages, items, emptyPages, retries, requests, elapsedMs.
    #[wasm_bindgen(getter, unchecked_return_type = "PaginatorStats")]
    pub fn stats(&self) -> JsValue {
        let s = self.shared.borrow();
        let st = s.walk.stats();
        let obj = Object::new();
        set_own(&obj, "pages", &(st.pages as f64).into());
        set_own(&obj, "items", &(st.items as f64).into());
        set_own(&obj, "emptyPages", &(st.empty_pages as f64).into());
        set_own(&obj, "retries", &(st.retries as f64).into());
        set_own(&obj, "requests", &(st.requests as f64).into());
        let at = s.ended_ms.unwrap_or_else(now);
        set_own(&obj, "elapsedMs", &s.walk.elapsed_ms(at).into());
        obj.into()
    }

    /// The 0-based segment of the page (or item) handed out last, with `segments` or
    /// `segment`; `undefined` otherwise.
    #[wasm_bindgen(getter, js_name = "lastSegment")]
    pub fn last_segment(&self) -> Option<u32> {
        self.shared.borrow().last_segment
    }
}

fn opt_count(options: &JsValue, key: &str) -> Result<Option<f64>, JsValue> {
    let v = get(options, key);
    if v.is_undefined() {
        return Ok(None);
    }
    match v.as_f64() {
        Some(n) if n >= 0.0 && !n.is_nan() => Ok(Some(n)),
        _ => Err(type_error(&format!(
            "options.{key} must be a non-negative number"
        ))),
    }
}

fn reader_of(options: &JsValue) -> Result<Reader, JsValue> {
    let preset = get(options, "preset");
    let preset = if preset.is_undefined() {
        None
    } else {
        Some(
            preset
                .as_string()
                .ok_or_else(|| type_error("options.preset must be a string"))?,
        )
    };
    let root = get(options, "root").as_string().map(|s| split_path(&s));
    let items = Field::parse(&get(options, "items"), "items")?;
    let next = Field::parse(&get(options, "next"), "next")?;
    let more = Field::parse(&get(options, "more"), "more")?;
    let (default_items, default_next) = match preset.as_deref() {
        None => (ItemsAt::Unknown, None),
        Some("dynamodb") => (
            ItemsAt::Field(Field::Path(vec!["Items".into()])),
            Some(NextAt::Field(Field::Path(vec!["LastEvaluatedKey".into()]))),
        ),
        Some("aws") => (
            ItemsAt::Unknown,
            Some(NextAt::Field(Field::Path(vec!["NextToken".into()]))),
        ),
        Some("keyset") => (
            ItemsAt::Field(Field::Path(vec!["items".into()])),
            Some(NextAt::Keyset),
        ),
        Some("relay") => (ItemsAt::Relay, Some(NextAt::Relay)),
        Some("link") => (ItemsAt::Whole, Some(NextAt::Link)),
        Some(other) => {
            return Err(type_error(
                &[
                    "unknown preset \"",
                    other,
                    "\" (dynamodb, aws, keyset, relay, link)",
                ]
                .concat(),
            ))
        }
    };
    let next = match (next, default_next) {
        (Some(f), _) => NextAt::Field(f),
        (None, Some(d)) => d,
        (None, None) => {
            return Err(type_error(
                "paginate needs options.preset or options.next to find the next token",
            ))
        }
    };
    Ok(Reader {
        root,
        items: items.map(ItemsAt::Field).unwrap_or(default_items),
        next,
        more,
        link: preset.as_deref() == Some("link"),
    })
}

/// Walks a token-paginated API. `fetchPage(token, ctx)` fetches one page; options say where
/// the items and the next token are (`preset`, `items`, `next`, `more`, `root`) and bound the
/// walk (`maxItems`, `maxPages`, `maxRequests`, `timeLimitMs`, `signal`). See
/// `docs/paginator.md` for the exact semantics.
///
/// ```js
/// for await (const item of paginate(fetchPage, { preset: "keyset" }).items()) use(item);
/// ```
#[wasm_bindgen(js_name = "paginate")]
pub fn paginate(
    #[wasm_bindgen(unchecked_param_type = "FetchPage<any>")] fetch_page: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PaginateOptions | undefined")] options: JsValue,
) -> Result<Paginator, JsValue> {
    let fetch_page: Function = fetch_page
        .dyn_into()
        .map_err(|_| type_error("paginate: fetchPage must be a function"))?;
    let reader = reader_of(&options)?;
    let retry_opts = get(&options, "retry");
    let mut retry = RetryPolicy::default();
    if let Some(n) = opt_count(&retry_opts, "retries")? {
        retry.retries = n.min(u32::MAX as f64) as u32;
    }
    if let Some(n) = opt_count(&retry_opts, "baseDelayMs")? {
        retry.base_delay_ms = n;
    }
    if let Some(n) = opt_count(&retry_opts, "maxDelayMs")? {
        retry.max_delay_ms = n;
    }
    let retryable = get(&retry_opts, "retryable").dyn_into::<Function>().ok();
    let segments = opt_count(&options, "segments")?;
    let one = get(&options, "segment");
    let layout = if !one.is_undefined() {
        if segments.is_some() {
            return Err(type_error(
                "options.segments and options.segment exclude each other",
            ));
        }
        let segment = get(&one, "segment").as_f64();
        let total = get(&one, "total").as_f64();
        match (segment, total) {
            (Some(s), Some(t))
                if s >= 0.0
                    && t >= 1.0
                    && s < t
                    && t <= 1_000_000.0
                    && s.fract() == 0.0
                    && t.fract() == 0.0 =>
            {
                Layout::One {
                    segment: s as u32,
                    total: t as u32,
                }
            }
            _ => {
                return Err(type_error(
                    "options.segment must be { segment, total } with 0 <= segment < total",
                ))
            }
        }
    } else if let Some(n) = segments {
        if !(1.0..=1_000_000.0).contains(&n) || n.fract() != 0.0 {
            return Err(type_error("options.segments must be a whole number >= 1"));
        }
        Layout::All { total: n as u32 }
    } else {
        Layout::Single
    };
    let total_segments = match layout {
        Layout::Single => None,
        Layout::All { total } | Layout::One { total, .. } => Some(total),
    };
    let scope_js = get(&options, "scope");
    let scope: Option<Value> = if scope_js.is_undefined() {
        None
    } else {
        Some(to_value(&scope_js)?)
    };
    let on_same_token = match get(&options, "onSameToken").as_string().as_deref() {
        None | Some("error") => SameToken::Error,
        Some("stop") => SameToken::Stop,
        Some(other) => {
            return Err(type_error(
                &[
                    "options.onSameToken must be \"error\" or \"stop\", not \"",
                    other,
                    "\"",
                ]
                .concat(),
            ))
        }
    };
    let max_items = opt_count(&options, "maxItems")?;
    if max_items.is_some() && matches!(reader.items, ItemsAt::Unknown) {
        return Err(type_error("options.maxItems needs options.items"));
    }
    let config = Config {
        max_items: max_items.map(|n| n as u64),
        max_pages: opt_count(&options, "maxPages")?.map(|n| n as u64),
        max_requests: opt_count(&options, "maxRequests")?.map(|n| n as u64),
        time_limit_ms: opt_count(&options, "timeLimitMs")?,
        min_interval_ms: opt_count(&options, "minIntervalMs")?.unwrap_or(0.0),
        prefetch: opt_count(&options, "prefetch")?.unwrap_or(0.0).min(1024.0) as u32,
        retry,
        on_same_token,
        layout,
        scope: scope.as_ref().map(scope_digest),
    };
    let codec_js = get(&options, "codec");
    let codec = if codec_js.is_undefined() {
        Rc::new(CursorCodec::default())
    } else {
        codec_from_js(&codec_js)?
    };
    let resume_js = get(&options, "resumeToken");
    let mut init_error = None;
    let starts: Vec<Start<JsValue>> = if !resume_js.is_undefined() {
        let decoded = resume_js
            .as_string()
            .ok_or_else(|| "resumeToken is not a string".to_string())
            .and_then(|t| {
                ResumeState::decode(&t, &codec, scope.as_ref(), layout).map_err(|e| e.to_string())
            });
        match decoded {
            Ok(state) => state
                .positions
                .into_iter()
                .map(|p| match p {
                    crate::paginate::Position::Done => Start::Done,
                    crate::paginate::Position::At { token, skip } => Start::At {
                        token: token.map(|v| Token {
                            raw: super::convert::from_value(&v),
                            value: Some(v),
                        }),
                        skip,
                    },
                })
                .collect(),
            Err(msg) => {
                init_error = Some(pagination_error("bad_resume_token", &msg, None, None));
                Vec::new()
            }
        }
    } else {
        let start = to_token(get(&options, "startToken"));
        layout
            .segment_ids()
            .iter()
            .map(|_| Start::At {
                token: start.clone(),
                skip: 0,
            })
            .collect()
    };
    let controller_ctor = global("AbortController")
        .dyn_into::<Function>()
        .map_err(|_| type_error("paginate needs AbortController"))?;
    let controller = Reflect::construct(&controller_ctor, &Array::new())?;
    let signal = get(&controller, "signal");
    let abort_marker: JsValue = Object::new().into();
    let user_signal = get(&options, "signal");
    let user_signal = (!user_signal.is_undefined()).then_some(user_signal);
    // Anything but an AbortSignal would be ignored, and the walk could then not be aborted.
    if let Some(us) = &user_signal {
        let listens = get(us, "addEventListener").is_function();
        if !listens || get(us, "aborted").as_bool().is_none() {
            return Err(type_error("options.signal must be an AbortSignal"));
        }
    }
    let mut listener = None;
    if let Some(us) = &user_signal {
        if let Ok(abort) = get(&controller, "abort").dyn_into::<Function>() {
            let bound = abort.bind0(&controller);
            on_abort(us, &bound);
            listener = Some(bound);
        }
    }
    let inner = Inner {
        walk: Walk::new(config, starts),
        fetch_page,
        reader: Rc::new(reader),
        direct: Vec::new(),
        settle: None,
        codec,
        controller,
        signal,
        abort_marker,
        user_signal,
        listener,
        retryable,
        page_size: get(&options, "pageSize"),
        total_segments,
        init_error,
        fetch_error: None,
        abort_reported: false,
        wakers: Vec::new(),
        items: None,
        last_segment: None,
        ended_ms: None,
    };
    Ok(Paginator {
        shared: Rc::new(RefCell::new(inner)),
    })
}
