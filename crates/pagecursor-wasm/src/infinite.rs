//! JS binding of `InfiniteList`: infinite scroll in chunks of exactly `chunkItems` items,
//! built on the paginator (`maxItems` cuts a chunk, its `resumeToken` starts the next one),
//! with a memory window of `maxChunks` chunks whose dropped chunks keep their start tokens.

use crate::prelude::*;
use alloc::collections::VecDeque;
use alloc::rc::Rc;
use core::cell::{Cell, RefCell};

use js_sys::{Array, Function, JsString, Promise};

use super::errors::TypeError;
use wasm_bindgen::prelude::*;

use crate::errors::cursor_error;
use wasm_bindgen::JsCast;

use super::codec::JsCursorCodec;
use super::convert::token_to_value;
use super::paginate::scope_setting;
use super::read::{count_option, get, scope_option};
use pagecursor::codec::{CursorCodec, DecodeOptions, EncodeOptions};
use pagecursor::error::CursorError;
use pagecursor::paginate::token::SentTokens;
use pagecursor::paginate::{Layout, Position, ResumeState};
use pagecursor::stack::{ChunkWindow, Edge, WindowChange};
use pagecursor::value::Value;

/// A positive whole number option, `None` when absent (at most 2^32 - 1: a count of items or
/// chunks held in memory).
fn positive(options: &JsValue, key: &str) -> Result<Option<usize>, JsValue> {
    Ok(count_option(options, key, 4_294_967_295)?.map(|n| n as usize))
}

/// Which load a promise in flight belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    More,
    Previous,
}

/// The loads of the list: they run one after the other, in call order.
enum Load {
    Idle,
    /// Loads are running or queued; `tail` is the last one started (a second call of its kind
    /// returns its promise) and `pending` counts the unfinished ones.
    Busy {
        kind: Kind,
        tail: Promise,
        pending: u32,
    },
}

struct State {
    fetch_page: JsValue,
    options: JsValue,
    chunk_items: Option<usize>,
    codec: Rc<CursorCodec>,
    scope: Option<Value>,
    window: ChunkWindow,
    /// The items of the chunks in memory, one array per chunk, in window order, with their
    /// item keys (`itemKey`; none without) as the paginator keeps its sent tokens (keyed
    /// digests), so that no key is shown twice.
    chunks: VecDeque<(Array, SentTokens)>,
    /// The concatenation of `chunks`: the same array until the next change, so UI frameworks
    /// can compare snapshots by identity.
    items: Array,
    load: Load,
    /// The page the next chunk starts in, when the last `loadMore` cut it: that chunk is
    /// served from it instead of fetching it again. Only until the next load.
    kept: Option<Kept>,
    /// The paginator driver's load runner (`runLoad` of src/js/paginate/paginator.ts), given to the
    /// constructor: `run_load(load, prior)` awaits `prior`, then walks the chunk `load`
    /// begins, and resolves with its items.
    run_load: Function,
}

type Shared = Rc<RefCell<State>>;

/// A page as `fetchPage` returned it (a promise or the page), with its request token.
struct Kept {
    /// The chunk that starts in the page.
    index: usize,
    token: JsValue,
    page: JsValue,
}

impl State {
    fn rebuild_items(&mut self) {
        let all = Array::new();
        for (chunk, _) in &self.chunks {
            // Cannot fail: both arrays are the list's own, and own data properties are defined.
            let _ = append_items(&all, chunk);
        }
        self.items = all;
    }

    fn loading(&self) -> bool {
        matches!(self.load, Load::Busy { .. })
    }
}

/// The paginator options of one chunk: the user's `options`, bounded to one chunk of
/// `chunk_items` items (one page without it) and started at the chunk's resume token. Called
/// with no borrow of the list held: copying the options runs the user's getters, which may
/// use the list.
fn chunk_options(
    options: &JsValue,
    chunk_items: Option<usize>,
    start: &Option<String>,
) -> Result<JsValue, JsValue> {
    chunk_options_of(options, chunk_items.map(|n| n as f64), start.as_deref())
}

// `appendItems(out, items)` defines `items` as own data properties at the end of `out`:
// `Array.prototype.push` would run a setter planted on `Array.prototype` (an index accessor)
// from inside wasm (the descriptor has no prototype, so a planted `get` or `set` is not read
// either). A `catch` import all the same, so that nothing can unwind through wasm.
//
// `callDriver(f, a, b)` calls a function of the paginator's driver that the list was given
// (its load runner and its option check) as a plain function, through `Reflect.apply`
// captured when the glue loads: `Function.prototype.call`, which a page may have replaced, is
// never read. A `catch` import: what the call throws comes back as an error value.
//
// `chunkOptions(options, maxItems, resumeToken)` makes a chunk's options (see [`chunk_options`])
// with `Object.assign` captured when the glue loads (a page that replaces it later changes
// nothing), in a `catch` import: a getter of the user's options that throws at a later load is
// that load's error (through js_sys `Object::assign` it would unwind through the wasm frames,
// and the load's promise never settle). The bounds are defined as own data properties, so no
// setter planted on `Object.prototype` runs.
#[wasm_bindgen(
    inline_js = "const define = Object.defineProperty, apply = Reflect.apply, assign = Object.assign, remove = Reflect.deleteProperty;
const field = (value) => ({ __proto__: null, value, writable: true, enumerable: true, configurable: true });
const BOUNDS = ['chunkItems', 'maxChunks', 'maxItems', 'maxPages'];
export function chunkOptions(options, maxItems, resumeToken) {
  const opts = {};
  if (typeof options === 'object' && options !== null) assign(opts, options);
  for (let i = 0; i < BOUNDS.length; i++) remove(opts, BOUNDS[i]);
  if (maxItems === undefined) define(opts, 'maxPages', field(1));
  else define(opts, 'maxItems', field(maxItems));
  if (resumeToken !== undefined) define(opts, 'resumeToken', field(resumeToken));
  return opts;
}
export function appendItems(out, items, keep) {
  let n = out.length;
  for (let i = 0; i < items.length; i++) if (keep === undefined || keep[i]) define(out, n++, field(items[i]));
}
export function callDriver(f, a, b) {
  return apply(f, undefined, [a, b]);
}"
)]
extern "C" {
    #[wasm_bindgen(catch, js_name = "chunkOptions")]
    fn chunk_options_of(
        options: &JsValue,
        max_items: Option<f64>,
        resume_token: Option<&str>,
    ) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_name = "appendItems")]
    fn append_items(out: &Array, items: &Array) -> Result<(), JsValue>;
    /// `append_items` of the items whose `keep` byte is 1.
    #[wasm_bindgen(catch, js_name = "appendItems")]
    fn append_kept(out: &Array, items: &Array, keep: &[u8]) -> Result<(), JsValue>;
    /// `run_load(load, prior)`: runs `load` after `prior` (a promise or `undefined`) settled
    /// (`begin`, the chunk's walk, `loaded`, and `end` in any case); resolves with the chunk's
    /// items.
    #[wasm_bindgen(catch, js_name = "callDriver")]
    fn run_with(run_load: &Function, load: &JsValue, prior: &JsValue) -> Result<Promise, JsValue>;
    /// `check_options(fetchPage, options)`: throws what the driver's reading of `paginate`'s
    /// options throws, makes no walk, and answers its copy of `options.scope` (what the core
    /// converts).
    #[wasm_bindgen(catch, js_name = "callDriver")]
    fn check_with(
        check_options: &Function,
        fetch_page: &JsValue,
        options: &JsValue,
    ) -> Result<JsValue, JsValue>;
}

/// One load of an `InfiniteList`, driven by the paginator's JS driver, which only awaits:
/// the list decides which chunk, with which options, and what the window keeps. Internal:
/// never reaches users.
#[wasm_bindgen]
pub struct InfiniteLoad {
    shared: Shared,
    kind: Kind,
    /// The window index of the chunk being loaded, from `begin` to `loaded`.
    index: Cell<Option<usize>>,
    /// Whether the walk reads a page without user functions or a response body, so that a
    /// page it read can be read again (set by `begin`).
    rereadable: Cell<bool>,
    /// With `itemKey`: the chunk's items so far (a load that found items the window already
    /// shows walks on to fill its chunk), their keys, and how many it dropped.
    kept: Array,
    keys: RefCell<SentTokens>,
    dropped: Cell<usize>,
}

#[wasm_bindgen]
impl InfiniteLoad {
    /// The chunk to load as `[fetchPage, options, token, page]`, `undefined` when there is
    /// none (the end, or the start for `loadPrevious`). `page` (with its request `token`) is
    /// the page the chunk starts in when the chunk before cut it: the walk's first request is
    /// for it, and it is served instead of fetched. Throws what the user's options threw.
    pub fn begin(&self) -> Result<JsValue, JsValue> {
        let (fetch_page, options, chunk_items, start, kept) = {
            let mut s = self.shared.borrow_mut();
            let target = match self.kind {
                Kind::More => s.window.next_chunk(),
                Kind::Previous => s.window.previous_chunk(),
            };
            let Some((index, start)) = target else {
                return Ok(JsValue::UNDEFINED);
            };
            self.index.set(Some(index));
            // A kept page is for the load right after the one that cut it, and only for it.
            let kept = s
                .kept
                .take()
                .filter(|k| self.kind == Kind::More && k.index == index);
            (
                s.fetch_page.clone(),
                s.options.clone(),
                s.chunk_items,
                start.clone(),
                kept,
            )
        };
        let options = chunk_options(&options, chunk_items, &start)?;
        self.rereadable.set(rereadable(&options)?);
        let (token, page) = kept.map_or((JsValue::UNDEFINED, JsValue::UNDEFINED), |k| {
            (k.token, k.page)
        });
        Ok(Array::of4(&fetch_page, &options, &token, &page).into())
    }

    /// The chunk arrived: `items`, and the paginator's `resume` token (where the next chunk
    /// starts). The window decides what it keeps and drops. `page` is the last page the walk
    /// requested, with its request `token`: kept for the next `loadMore` when the chunk ended
    /// inside it. `keys` (with `itemKey`): the driver's copies of the items' keys; an item
    /// whose key the window or the chunk already holds is dropped (see [`Self::fill`]).
    /// Answers the chunk's items (what the load resolves with), or a number `n`: walk again
    /// from `resume` for `n` more items and report them here.
    pub fn loaded(
        &self,
        items: Array,
        resume: Option<String>,
        token: JsValue,
        page: JsValue,
        keys: Option<Array>,
    ) -> JsValue {
        let items = match keys {
            Some(keys) => {
                let missing = self.fill(&items, &keys, resume.is_some());
                if missing > 0 {
                    return (missing as f64).into();
                }
                self.kept.clone()
            }
            None => items,
        };
        let Some(index) = self.index.take() else {
            return items.into();
        };
        let edge = match self.kind {
            Kind::More => Edge::Back,
            Kind::Previous => Edge::Front,
        };
        let kept = match (&resume, self.kind, self.rereadable.get()) {
            (Some(resume), Kind::More, true) if cut_in(&self.shared, resume, &token) => {
                Some(Kept {
                    index: index + 1,
                    token,
                    page,
                })
            }
            _ => None,
        };
        let mut s = self.shared.borrow_mut();
        let change = s
            .window
            .loaded(edge, index, resume, items.length() as usize);
        let chunk = (items.clone(), self.keys.take());
        match change {
            WindowChange::Nothing => {}
            WindowChange::Added(Edge::Back) => s.chunks.push_back(chunk),
            WindowChange::Added(Edge::Front) => s.chunks.push_front(chunk),
            WindowChange::AddedAndDropped(Edge::Back) => {
                s.chunks.push_back(chunk);
                s.chunks.pop_front();
            }
            WindowChange::AddedAndDropped(Edge::Front) => {
                s.chunks.push_front(chunk);
                s.chunks.pop_back();
            }
        }
        if change != WindowChange::Nothing {
            s.kept = kept;
        }
        s.rebuild_items();
        items.into()
    }

    /// Adds the items of a walk whose keys are not shown yet (in the window, or earlier in the
    /// chunk) to the chunk, and answers how many items the chunk still misses when it is to be
    /// filled (0: it is complete). Only a `loadMore` chunk is filled, from where its walk
    /// stopped (`more`: it did not reach the end): it continues where the window ends. A
    /// chunk before the window (`loadPrevious`) is only cleaned, as walking on from its end
    /// would run into the window. Filling stops after as many duplicates as the window and
    /// the chunk hold keys: a source that keeps repeating keys is not walked to its end.
    fn fill(&self, items: &Array, keys: &Array, more: bool) -> usize {
        let s = self.shared.borrow();
        let mut chunk = self.keys.borrow_mut();
        let mut shown = chunk.len();
        let mut keep = Vec::new();
        let mut dropped = self.dropped.get();
        for i in 0..items.length() {
            // The driver checked that every key is a cursor value; one that still is not is
            // kept, compared with nothing.
            let new = token_to_value(&keys.get(i)).map_or(true, |key| {
                !s.chunks.iter().any(|(_, k)| k.contains(&key)) && chunk.insert(&key)
            });
            keep.push(u8::from(new));
            dropped += usize::from(!new);
        }
        self.dropped.set(dropped);
        // Cannot fail: both arrays are the list's own.
        let _ = append_kept(&self.kept, items, &keep);
        for (_, k) in &s.chunks {
            shown += k.len();
        }
        let chunk_items = s.chunk_items.unwrap_or(0);
        let missing = chunk_items.saturating_sub(self.kept.length() as usize);
        if self.kind == Kind::More && more && dropped > 0 && dropped <= shown + chunk_items {
            missing
        } else {
            0
        }
    }

    /// The load finished (loaded or failed): the list is idle when it was the last one. The
    /// JS class around this one (src/js/list/infinite.ts) owns the listeners: it notifies them when
    /// the promise of a load settles, with the load's error when it failed.
    pub fn end(self) {
        {
            let mut s = self.shared.borrow_mut();
            if let Load::Busy { pending, .. } = &mut s.load {
                *pending -= 1;
                if *pending == 0 {
                    s.load = Load::Idle;
                }
            }
        }
    }
}

/// Whether a walk with these (copied) chunk options reads a page without user functions or a
/// response body: reading a page again then finds the same items and token.
fn rereadable(options: &JsValue) -> Result<bool, JsValue> {
    if get(options, "preset")?.as_string().as_deref() == Some("link") {
        return Ok(false);
    }
    for key in ["items", "next", "more"] {
        if get(options, key)?.is_function() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether the walk stopped inside the page it fetched last, with `token`: the resume token
/// says "a page, of which some items were handed out" (one chain, no segments). That page is
/// the last one requested: a chain requests its next page only while items are still wanted
/// (`maxItems` counts the pages fetched ahead), so a walk cut by `maxItems` fetched nothing
/// after the page it cut. The token is not read again (its getters ran when its page came).
fn cut_in(shared: &Shared, resume: &str, token: &JsValue) -> bool {
    let (codec, scope) = {
        let s = shared.borrow();
        (s.codec.clone(), s.scope.clone())
    };
    let Ok(state) = ResumeState::decode(resume, &codec, scope.as_ref(), Layout::Single) else {
        return false;
    };
    let [Position::At {
        token: at, skip, ..
    }] = state.positions.as_slice()
    else {
        return false;
    };
    if *skip == 0 {
        return false;
    }
    at.is_some() != token.is_undefined()
}

fn start_load(shared: &Shared, kind: Kind) -> Promise {
    let (prior, run_load) = {
        let s = shared.borrow();
        let prior = match &s.load {
            Load::Busy {
                kind: running,
                tail,
                ..
            } if *running == kind => return tail.clone(),
            Load::Busy { tail, .. } => JsValue::from(tail),
            Load::Idle => JsValue::UNDEFINED,
        };
        (prior, s.run_load.clone())
    };
    let load: JsValue = InfiniteLoad {
        shared: shared.clone(),
        kind,
        index: Cell::new(None),
        rereadable: Cell::new(false),
        kept: Array::new(),
        keys: RefCell::new(SentTokens::default()),
        dropped: Cell::new(0),
    }
    .into();
    // The runner awaits before it begins: the load starts after this call returned, with the
    // list marked busy. The load queued before this one runs first; its failure is its
    // caller's.
    let promise = match run_with(&run_load, &load, &prior) {
        Ok(promise) => promise,
        // Only when the list was given something else than the driver's runner.
        Err(err) => return Promise::reject(&err),
    };
    {
        let mut s = shared.borrow_mut();
        let pending = match &s.load {
            Load::Busy { pending, .. } => *pending + 1,
            Load::Idle => 1,
        };
        s.load = Load::Busy {
            kind,
            tail: promise.clone(),
            pending,
        };
    }
    promise
}

/// Infinite scroll over any token-paginated API, with a memory cap.
///
/// ```js
/// const list = new InfiniteList(fetchPage, { preset: "dynamodb", chunkItems: 50, maxChunks: 10 });
/// const unsubscribe = list.subscribe(() => render(list.items));
/// await list.loadMore();            // exactly 50 items, across short and empty pages
/// sessionStorage.pos = list.toString();
/// ```
#[wasm_bindgen(js_name = "InfiniteList")]
pub struct InfiniteList {
    shared: Shared,
}

/// The paginator driver's functions a list needs (src/js/paginate/paginator.ts), given to its
/// constructor by the JS `InfiniteList` (src/js/list/infinite.ts): the list calls them, nothing
/// is registered on a class.
struct DriverFns {
    run_load: Function,
    check_options: Function,
}

fn build(
    fetch_page: JsValue,
    options: JsValue,
    codec: &JsCursorCodec,
    saved: Option<&JsString>,
    driver: DriverFns,
) -> Result<InfiniteList, JsValue> {
    if !fetch_page.is_function() {
        return Err(TypeError::new("InfiniteList: fetchPage must be a function").into());
    }
    let chunk_items = positive(&options, "chunkItems")?;
    let max_chunks = positive(&options, "maxChunks")?;
    let codec = codec.core();
    let scope = scope_option(&options)?;
    let window = match saved {
        None => ChunkWindow::new(max_chunks),
        Some(state) => {
            // Measured before the copy into wasm memory (which never shrinks): a string of more
            // than twice `maxLength` UTF-16 units has more than `maxLength` characters, which
            // the codec's decode would refuse `too_large` after the copy.
            let length = state.length() as usize;
            if length / 2 > codec.max_length() {
                return Err(cursor_error(CursorError::TooLarge {
                    length,
                    max: codec.max_length(),
                }));
            }
            let cursor = codec
                .decode(
                    &String::from(state),
                    &DecodeOptions {
                        scope: scope.clone(),
                        ..Default::default()
                    },
                )
                .map_err(cursor_error)?;
            ChunkWindow::from_value(&cursor.value, max_chunks).map_err(cursor_error)?
        }
    };
    // Check the paginator options now, so that a bad option fails the constructor, as
    // `paginate` would, without making a walk: the driver's reading of them (its codec
    // included), then what the core refuses of the scope (the driver's copy).
    let chunk = chunk_options(&options, chunk_items, &None)?;
    let scope_copy = check_with(&driver.check_options, &fetch_page, &chunk)?;
    scope_setting(&scope_copy)?;
    let state = State {
        fetch_page,
        options,
        chunk_items,
        codec,
        scope,
        window,
        chunks: VecDeque::new(),

        items: Array::new(),
        load: Load::Idle,
        kept: None,
        run_load: driver.run_load,
    };
    Ok(InfiniteList {
        shared: Rc::new(RefCell::new(state)),
    })
}

#[wasm_bindgen(js_class = "InfiniteList")]
impl InfiniteList {
    /// A list with no items yet. Options are the paginator's (`preset`, `items`, `next`,
    /// `retry`, `signal`, `codec`, `scope`, …) plus `chunkItems` (items per load; without it a
    /// load is one page) and `maxChunks` (chunks kept in memory; unlimited by default).
    /// `runLoad` and `checkOptions` are the paginator driver's (src/js/paginate/paginator.ts).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = "fetchPage", unchecked_param_type = "FetchPage<any>")]
        fetch_page: JsValue,
        #[wasm_bindgen(unchecked_param_type = "InfiniteListOptions | undefined")] options: JsValue,
        codec: &JsCursorCodec,
        #[wasm_bindgen(js_name = "runLoad")] run_load: Function,
        #[wasm_bindgen(js_name = "checkOptions")] check_options: Function,
    ) -> Result<InfiniteList, JsValue> {
        let driver = DriverFns {
            run_load,
            check_options,
        };
        build(fetch_page, options, codec, None, driver)
    }

    /// Restores the position saved by `toString()`: the list is empty and positioned right
    /// after the saved window, like a paginator's resume token — `loadMore()` continues with
    /// the next chunk, `loadPrevious()` refetches the saved chunks from the last one back.
    pub fn from(
        state: JsValue,
        #[wasm_bindgen(js_name = "fetchPage", unchecked_param_type = "FetchPage<any>")]
        fetch_page: JsValue,
        #[wasm_bindgen(unchecked_param_type = "InfiniteListOptions | undefined")] options: JsValue,
        codec: &JsCursorCodec,
        #[wasm_bindgen(js_name = "runLoad")] run_load: Function,
        #[wasm_bindgen(js_name = "checkOptions")] check_options: Function,
    ) -> Result<InfiniteList, JsValue> {
        let Some(state) = state.dyn_ref::<JsString>() else {
            return Err(cursor_error(CursorError::Malformed(
                "infinite list state must be a string".into(),
            )));
        };
        let driver = DriverFns {
            run_load,
            check_options,
        };
        build(fetch_page, options, codec, Some(state), driver)
    }

    /// The items of the chunks in memory, in order (the same array until the next change).
    #[wasm_bindgen(getter, unchecked_return_type = "any[]")]
    pub fn items(&self) -> Array {
        self.shared.borrow().items.clone()
    }

    /// True while a chunk after the window may exist.
    #[wasm_bindgen(getter, js_name = "hasMore")]
    pub fn has_more(&self) -> bool {
        self.shared.borrow().window.has_more()
    }

    /// True when chunks before the window were dropped and `loadPrevious()` can refetch them.
    #[wasm_bindgen(getter, js_name = "hasPrevious")]
    pub fn has_previous(&self) -> bool {
        self.shared.borrow().window.has_previous()
    }

    /// True while a load is in flight.
    #[wasm_bindgen(getter)]
    pub fn loading(&self) -> bool {
        self.shared.borrow().loading()
    }

    /// Appends the next chunk (dropping the first one past `maxChunks`) and resolves with its
    /// items (`[]` at the end). A second call while one is in flight returns the same promise.
    /// On failure the list is unchanged and the call can be retried.
    #[wasm_bindgen(js_name = "loadMore", unchecked_return_type = "Promise<any[]>")]
    pub fn load_more(&self) -> Promise {
        start_load(&self.shared, Kind::More)
    }

    /// Refetches the chunk before the window from its kept start token and prepends it
    /// (dropping the last chunk past `maxChunks`); resolves with its items (`[]` at the start).
    #[wasm_bindgen(js_name = "loadPrevious", unchecked_return_type = "Promise<any[]>")]
    pub fn load_previous(&self) -> Promise {
        start_load(&self.shared, Kind::Previous)
    }

    /// A scroll-driven UI's report: the sentinel after the items (`more`) or before them is in
    /// view or not. Returns the load to start now, `"more"` or `"previous"`, or `undefined`
    /// (none, or a load is running). The window owns the rule, hysteresis included
    /// (`ChunkWindow::sentinel`); the JS class checks the arguments.
    pub fn sentinel(&self, more: bool, in_view: bool) -> JsValue {
        let Ok(mut s) = self.shared.try_borrow_mut() else {
            return JsValue::UNDEFINED;
        };
        let edge = if more { Edge::Back } else { Edge::Front };
        match s.window.sentinel(edge, in_view) {
            _ if s.loading() => JsValue::UNDEFINED,
            Some(Edge::Back) => "more".into(),
            Some(Edge::Front) => "previous".into(),
            None => JsValue::UNDEFINED,
        }
    }

    /// The position (chunk start tokens and window), URL- and sessionStorage-safe, minted by
    /// `options.codec` and bound to `options.scope`.
    #[wasm_bindgen(js_name = "toString")]
    pub fn to_js_string(&self) -> Result<String, JsValue> {
        let s = self.shared.borrow();
        s.codec
            .encode(
                &s.window.to_value(),
                &EncodeOptions {
                    scope: s.scope.clone(),
                    ..Default::default()
                },
            )
            .map_err(cursor_error)
    }

    /// `JSON.stringify` gives the same string as `toString()`.
    #[wasm_bindgen(js_name = "toJSON")]
    pub fn to_json(&self) -> Result<String, JsValue> {
        self.to_js_string()
    }
}
