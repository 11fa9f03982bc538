//! JS binding of the core list (`pagecursor::list`): `InfiniteList` and its `InfiniteLoad`s
//! convert values and errors and call the core, which decides which chunk loads, from where,
//! what the window keeps and drops, which items a chunk keeps by key, and when a kept page
//! serves the next chunk. Neither holds a JS value: the JS list (src/js/list/infinite.ts)
//! holds the items by chunk id, the user's `fetchPage` and options, the kept page and the
//! promises, and applies the answers it reads from a load's getters.

use crate::prelude::*;
use alloc::rc::Rc;
use core::cell::RefCell;

use js_sys::{Array, JsString};

use super::errors::{type_error, TypeError};
use wasm_bindgen::prelude::*;

use crate::errors::cursor_error;
use wasm_bindgen::JsCast;

use super::codec::JsCursorCodec;
use super::convert::token_to_value;
use super::paginate::scope_setting;
use super::read::{count_option, scope_option};
use pagecursor::codec::{CursorCodec, DecodeOptions, EncodeOptions};
use pagecursor::error::CursorError;
use pagecursor::list::{At, Done, EditError, List, Load, LoadKind, Next, Placement, Plan, Walk};
use pagecursor::stack::{ChunkWindow, Edge};
use pagecursor::value::Value;

/// A positive whole number option, `None` when absent (at most 2^32 - 1: a count of items or
/// chunks held in memory).
fn positive(options: &JsValue, key: &str) -> Result<Option<usize>, JsValue> {
    Ok(count_option(options, key, 4_294_967_295)?.map(|n| n as usize))
}

struct State {
    list: List,
    codec: Rc<CursorCodec>,
    scope: Option<Value>,
}

/// Shared by a list and its loads: a load that a `reset()` made stale ends on the list it
/// began on, even after that list was freed.
type Shared = Rc<RefCell<State>>;

/// One load of an `InfiniteList`, from `start` to `end`, which the JS list runs with the
/// paginator's driver. Its getters are the core's answers: the plan after `begin`, the
/// chunk's keep mask and the window after `walked`. Internal: never reaches users.
#[wasm_bindgen]
pub struct InfiniteLoad {
    shared: Shared,
    load: Load,
    plan: Option<Plan>,
    keep: Option<Vec<u8>>,
    done: Option<Done>,
}

#[wasm_bindgen]
impl InfiniteLoad {
    /// The load's turn came: true when there is a chunk to load (see the getters `chunk`,
    /// `start`, `want`, `reusesPage`), false at the end (or the start, loading previous).
    pub fn begin(&mut self) -> bool {
        self.plan = self.shared.borrow_mut().list.begin(&mut self.load);
        self.plan.is_some()
    }

    /// The id of the chunk the load fetches (its index from the list's origin; negative
    /// before it).
    #[wasm_bindgen(getter)]
    pub fn chunk(&self) -> f64 {
        self.plan.as_ref().map_or(0.0, |p| p.chunk as f64)
    }

    /// The chunk's walk goes backward (a chunk before the origin): it follows the pages'
    /// previous tokens and hands out each page's items last first.
    #[wasm_bindgen(getter)]
    pub fn backward(&self) -> bool {
        self.plan.as_ref().is_some_and(|p| p.backward)
    }

    /// The resume token the chunk's walk starts at (`undefined`: the list's own start).
    #[wasm_bindgen(getter)]
    pub fn start(&self) -> Option<String> {
        self.plan.as_ref().and_then(|p| p.start.clone())
    }

    /// How many items the chunk's walk hands out (`undefined`: one page).
    #[wasm_bindgen(getter)]
    pub fn want(&self) -> Option<usize> {
        self.plan.as_ref().and_then(|p| p.want)
    }

    /// The walk's first request is for the page the list kept at the load before: serve it.
    #[wasm_bindgen(getter, js_name = "reusesPage")]
    pub fn reuses_page(&self) -> bool {
        self.plan.as_ref().is_some_and(|p| p.reuse_page)
    }

    /// A walk of the chunk ended with `items` items and the paginator's `resume` token.
    /// `keys` (with `itemKey`): the driver's copies of the items' keys. `lastToken`: the last
    /// page the walk requested was requested with a token; `rereadable`: the walk reads a page
    /// without user functions or a response body; `prev`: the driver's copy of the previous
    /// token of the walk's first page (`undefined`: none). Answers a number `n` when the load
    /// walks on (walk again from `resume` for `n` items, `0`: one page, and report it here),
    /// otherwise `undefined`: the load is done. Then see `keep`, `first`, `end`, `keepsPage`.
    pub fn walked(
        &mut self,
        items: usize,
        resume: Option<String>,
        keys: Option<Array>,
        #[wasm_bindgen(js_name = "lastToken")] last_token: bool,
        rereadable: bool,
        prev: &JsValue,
    ) -> Option<usize> {
        // The driver checked that every key is a cursor value; one that still is not is kept,
        // compared with nothing.
        let keys: Option<Vec<Option<Value>>> = keys.map(|keys| {
            (0..keys.length())
                .map(|i| token_to_value(&keys.get(i)).ok())
                .collect()
        });
        let walk = Walk {
            items,
            keys: keys.as_deref(),
            resume,
            last_token,
            rereadable,
            prev: key_of(prev),
        };
        let walked = {
            let mut s = self.shared.borrow_mut();
            let State { list, codec, scope } = &mut *s;
            list.walked(&mut self.load, walk, codec, scope.as_ref())
        };
        self.keep = walked
            .keep
            .map(|keep| keep.into_iter().map(u8::from).collect());
        match walked.next {
            Next::Again(n) => Some(n),
            Next::Done(done) => {
                self.done = Some(done);
                None
            }
        }
    }

    /// Which items of the last walk the chunk keeps (1) and drops as shown already (0), with
    /// `itemKey`; `undefined` without (it keeps them all).
    #[wasm_bindgen(getter)]
    pub fn keep(&self) -> Option<Vec<u8>> {
        self.keep.clone()
    }

    /// The first chunk in memory once the load is done.
    #[wasm_bindgen(getter)]
    pub fn first(&self) -> f64 {
        self.done.as_ref().map_or(0.0, |d| d.window.start as f64)
    }

    /// The chunk after the last one in memory once the load is done.
    #[wasm_bindgen(getter)]
    pub fn end(&self) -> f64 {
        self.done.as_ref().map_or(0.0, |d| d.window.end as f64)
    }

    /// Where the items the load kept go, once it is done: `undefined` when they are the chunk
    /// `chunk` (or nothing); otherwise see `counts` and `onTop`. The items replace the
    /// window's chunks from `from` on (a refresh), cut into chunks of these counts.
    #[wasm_bindgen(getter)]
    pub fn counts(&self) -> Option<Vec<u32>> {
        match &self.done.as_ref()?.placement {
            Placement::Window { counts, .. } => Some(counts_array(counts)),
            _ => None,
        }
    }

    /// The first chunk a refresh's items replace (see `counts`).
    #[wasm_bindgen(getter)]
    pub fn from(&self) -> f64 {
        match self.done.as_ref().map(|d| &d.placement) {
            Some(Placement::Window { from, .. }) => *from as f64,
            _ => 0.0,
        }
    }

    /// The first `onTop` items go on top of the first chunk in memory (a head refresh that
    /// found new items), the rest are let go.
    #[wasm_bindgen(getter, js_name = "onTop")]
    pub fn on_top(&self) -> Option<usize> {
        match self.done.as_ref()?.placement {
            Placement::OnTop(n) => Some(n),
            _ => None,
        }
    }

    /// Keep the last page the walk requested, with its token, for the next load.
    #[wasm_bindgen(getter, js_name = "keepsPage")]
    pub fn keeps_page(&self) -> bool {
        self.done.as_ref().is_some_and(|d| d.keep_page)
    }

    /// The load finished (loaded or failed): the list is idle when it was the last one.
    pub fn finish(self) {
        self.shared.borrow_mut().list.end(self.load);
    }
}

/// Which load of a list ([`InfiniteList::start`]).
// wasm-bindgen's items for a string enum have no docs of their own (hidden: the enum is the
// glue's, used by src/js/list/infinite.ts).
#[doc(hidden)]
#[wasm_bindgen]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ListLoadKind {
    /// `loadMore()`.
    More = "more",
    /// `loadPrevious()`.
    Previous = "previous",
    /// `refresh("window")`.
    RefreshWindow = "window",
    /// `refresh("head")`.
    RefreshHead = "head",
}

/// Where an item is shown ([`InfiniteList::locate`]), for an edit and its undo: the chunk, the
/// index in it, and which fetch of the chunk (the core checks it). Internal: never reaches
/// users.
#[wasm_bindgen]
pub struct ItemAt {
    at: At,
}

#[wasm_bindgen]
impl ItemAt {
    /// The chunk's id.
    #[wasm_bindgen(getter)]
    pub fn chunk(&self) -> f64 {
        self.at.chunk as f64
    }

    /// The item's index in its chunk.
    #[wasm_bindgen(getter)]
    pub fn index(&self) -> usize {
        self.at.index
    }

    /// The same place in the same fetch of the chunk, at another index (the JS list found the
    /// item there by identity).
    #[wasm_bindgen(js_name = "withIndex")]
    pub fn with_index(&self, index: usize) -> ItemAt {
        ItemAt {
            at: At { index, ..self.at },
        }
    }
}

/// Counts as the `Uint32Array` wasm-bindgen makes of a returned `Vec<u32>` (a chunk holds
/// fewer than 2^32 items: `chunkItems` is below that, and edits add one at a time).
fn counts_array(counts: &[usize]) -> Vec<u32> {
    counts
        .iter()
        .map(|n| u32::try_from(*n).unwrap_or(u32::MAX))
        .collect()
}

/// A key given by the JS list (the driver's copy of an item's key), `None` when `undefined`
/// (no `itemKey`) or no cursor value (compared with nothing).
fn key_of(key: &JsValue) -> Option<Value> {
    if key.is_undefined() {
        None
    } else {
        token_to_value(key).ok()
    }
}

fn edit_error(err: EditError, what: &str) -> JsValue {
    match err {
        EditError::Empty => {
            type_error(&[what, ": the list shows no chunk yet (load one first)"].concat())
        }
        EditError::Shown => {
            type_error(&[what, ": the list shows an item with that key already"].concat())
        }
    }
}

/// Infinite scroll over any token-paginated API, with a memory cap: the core's decisions of
/// one list. The JS `InfiniteList` users hold (src/js/list/infinite.ts) wraps it.
#[wasm_bindgen(js_name = "InfiniteList")]
pub struct InfiniteList {
    shared: Shared,
}

/// A saved state, and with a snapshot's items their keys (`undefined` each without
/// `itemKey`) and count.
struct Saved<'a> {
    state: &'a JsString,
    items: Option<(Option<Array>, usize)>,
}

fn build(
    fetch_page: &JsValue,
    options: &JsValue,
    codec: &JsCursorCodec,
    saved: Option<Saved<'_>>,
) -> Result<InfiniteList, JsValue> {
    if !fetch_page.is_function() {
        return Err(TypeError::new("InfiniteList: fetchPage must be a function").into());
    }
    let chunk_items = positive(options, "chunkItems")?;
    let max_chunks = positive(options, "maxChunks")?;
    let codec = codec.core();
    let scope = scope_option(options)?;
    let list = match saved {
        None => List::new(ChunkWindow::new(max_chunks), chunk_items),
        Some(Saved { state, items }) => {
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
            let window =
                ChunkWindow::from_value(&cursor.value, max_chunks).map_err(cursor_error)?;
            match items {
                None => List::new(window, chunk_items),
                Some((keys, count)) => {
                    let (counts, first_index) = snapshot_fields(&cursor.value)?;
                    let keys: Option<Vec<Option<Value>>> =
                        keys.map(|k| (0..k.length()).map(|i| key_of(&k.get(i))).collect());
                    if counts.iter().sum::<usize>() != count {
                        return Err(cursor_error(CursorError::Malformed(
                            "infinite list snapshot: its items are not as many as the state counts"
                                .into(),
                        )));
                    }
                    List::with_items(window, chunk_items, &counts, keys.as_deref(), first_index)
                        .map_err(cursor_error)?
                }
            }
        }
    };
    let state = State { list, codec, scope };
    Ok(InfiniteList {
        shared: Rc::new(RefCell::new(state)),
    })
}

#[wasm_bindgen(js_class = "InfiniteList")]
impl InfiniteList {
    /// A list with no items yet, from the `InfiniteList` options the core reads: `chunkItems`
    /// (items per load; without it a load is one page), `maxChunks` (chunks kept in memory;
    /// unlimited by default) and `scope`; `fetchPage` is only checked. The JS list then checks
    /// the paginator's options with the driver and hands its copy of the scope to
    /// `checkScope`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = "fetchPage", unchecked_param_type = "FetchPage<any>")]
        fetch_page: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "InfiniteListOptions | undefined")] options: &JsValue,
        codec: &JsCursorCodec,
    ) -> Result<InfiniteList, JsValue> {
        build(fetch_page, options, codec, None)
    }

    /// Restores the position saved by `toString()`: the list is empty and positioned right
    /// after the saved window, like a paginator's resume token — `loadMore()` continues with
    /// the next chunk, `loadPrevious()` refetches the saved chunks from the last one back.
    pub fn from(
        state: &JsValue,
        #[wasm_bindgen(js_name = "fetchPage", unchecked_param_type = "FetchPage<any>")]
        fetch_page: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "InfiniteListOptions | undefined")] options: &JsValue,
        codec: &JsCursorCodec,
    ) -> Result<InfiniteList, JsValue> {
        let Some(state) = state.dyn_ref::<JsString>() else {
            return Err(cursor_error(CursorError::Malformed(
                "infinite list state must be a string".into(),
            )));
        };
        build(
            fetch_page,
            options,
            codec,
            Some(Saved { state, items: None }),
        )
    }

    /// A list with its window in memory from a `snapshot()`'s state (made elsewhere: a server
    /// render, an earlier page): `keys` are the keys of its items (with `itemKey`), `count`
    /// how many there are. The JS list holds the items themselves.
    #[wasm_bindgen(js_name = "withItems")]
    pub fn with_items(
        state: &JsValue,
        #[wasm_bindgen(js_name = "fetchPage", unchecked_param_type = "FetchPage<any>")]
        fetch_page: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "InfiniteListOptions | undefined")] options: &JsValue,
        codec: &JsCursorCodec,
        keys: Option<Array>,
        count: usize,
    ) -> Result<InfiniteList, JsValue> {
        let Some(state) = state.dyn_ref::<JsString>() else {
            return Err(cursor_error(CursorError::Malformed(
                "infinite list snapshot: its state must be a string".into(),
            )));
        };
        let items = Some((keys, count));
        build(fetch_page, options, codec, Some(Saved { state, items }))
    }

    /// Refuses the driver's copy of `options.scope` as a walk would (it must be a cursor
    /// value).
    #[wasm_bindgen(js_name = "checkScope")]
    pub fn check_scope(&self, scope: &JsValue) -> Result<(), JsValue> {
        scope_setting(scope).map(drop)
    }

    /// Items per chunk (`undefined`: one page).
    #[wasm_bindgen(getter, js_name = "chunkItems")]
    pub fn chunk_items(&self) -> Option<usize> {
        self.shared.borrow().list.chunk_items()
    }

    /// True while a chunk after the window may exist.
    #[wasm_bindgen(getter, js_name = "hasMore")]
    pub fn has_more(&self) -> bool {
        self.shared.borrow().list.window().has_more()
    }

    /// True when chunks before the window were dropped and `loadPrevious()` can refetch them.
    #[wasm_bindgen(getter, js_name = "hasPrevious")]
    pub fn has_previous(&self) -> bool {
        self.shared.borrow().list.window().has_previous()
    }

    /// The index of `items[0]` counted from the list's origin.
    #[wasm_bindgen(getter, js_name = "firstIndex")]
    pub fn first_index(&self) -> f64 {
        self.shared.borrow().list.first_index() as f64
    }

    /// The first chunk in memory (the id of the first of `counts`).
    #[wasm_bindgen(getter, js_name = "windowStart")]
    pub fn window_start(&self) -> f64 {
        self.shared.borrow().list.window().window().start as f64
    }

    /// How many items each chunk in memory holds, in window order.
    pub fn counts(&self) -> Vec<u32> {
        counts_array(&self.shared.borrow().list.counts())
    }

    /// Where the item with this key (the driver's copy) is shown, if it is.
    pub fn locate(&self, key: &JsValue) -> Option<ItemAt> {
        let key = key_of(key)?;
        let at = self.shared.borrow().list.locate(&key)?;
        Some(ItemAt { at })
    }

    /// Where the item with this key is now, while it is in the chunk `edit` changed and that
    /// chunk was not fetched again.
    pub fn relocate(&self, key: &JsValue, edit: &ItemAt) -> Option<ItemAt> {
        let key = key_of(key)?;
        let at = self.shared.borrow().list.relocate(&key, edit.at)?;
        Some(ItemAt { at })
    }

    /// An item with `key` goes at the start of the window (`atStart`) or its end: where.
    pub fn insert(
        &self,
        #[wasm_bindgen(js_name = "atStart")] at_start: bool,
        key: &JsValue,
    ) -> Result<ItemAt, JsValue> {
        let key = key_of(key);
        let at = self.shared.borrow_mut().list.insert(at_start, key.as_ref());
        at.map(|at| ItemAt { at })
            .map_err(|e| edit_error(e, "InfiniteList.insert"))
    }

    /// The item at `at` goes (false: the chunk was fetched again since).
    pub fn remove(&self, at: &ItemAt) -> bool {
        self.shared.borrow_mut().list.remove(at.at)
    }

    /// The item at `at` now has the key `key` (an update).
    pub fn rekey(&self, at: &ItemAt, key: &JsValue) -> Result<(), JsValue> {
        let key = key_of(key);
        let done = self.shared.borrow_mut().list.rekey(at.at, key.as_ref());
        done.map_err(|e| edit_error(e, "InfiniteList.update"))
    }

    /// The undo of an insert: the item at `at` goes again (and the first index rises back
    /// after an insert at the start). False: the chunk was fetched again since.
    pub fn uninsert(
        &self,
        at: &ItemAt,
        #[wasm_bindgen(js_name = "atStart")] at_start: bool,
    ) -> bool {
        self.shared.borrow_mut().list.uninsert(at.at, at_start)
    }

    /// The undo of a remove: an item with `key` goes back at `at`; its index now, or
    /// `undefined` when the chunk was fetched again since or the key is shown again.
    pub fn unremove(&self, at: &ItemAt, key: &JsValue) -> Option<usize> {
        let key = key_of(key);
        self.shared.borrow_mut().list.unremove(at.at, key.as_ref())
    }

    /// The position with the chunks in memory (their counts and the first index), minted as
    /// `toString()` is: `withItems` builds a list that shows them.
    pub fn snapshot(&self) -> Result<String, JsValue> {
        let s = self.shared.borrow();
        s.codec
            .encode(
                &s.list.snapshot(),
                &EncodeOptions {
                    scope: s.scope.clone(),
                    ..Default::default()
                },
            )
            .map_err(cursor_error)
    }

    /// A load is asked for. `undefined`: the load started last is of the same kind and still
    /// runs, and this call joins it. Otherwise the new load, to run after the ones started
    /// before it ended.
    pub fn start(&self, kind: ListLoadKind) -> Option<InfiniteLoad> {
        let kind = match kind {
            ListLoadKind::More => LoadKind::More,
            ListLoadKind::Previous => LoadKind::Previous,
            ListLoadKind::RefreshWindow => LoadKind::RefreshWindow,
            ListLoadKind::RefreshHead => LoadKind::RefreshHead,
            ListLoadKind::__Invalid => return None,
        };
        let load = self.shared.borrow_mut().list.start(kind)?;
        Some(InfiniteLoad {
            shared: self.shared.clone(),
            load,
            plan: None,
            keep: None,
            done: None,
        })
    }

    /// A scroll-driven UI's report: the sentinel after the items (`more`) or before them is in
    /// view or not. Returns the load to start now, `"more"` or `"previous"`, or `undefined`
    /// (none, or a load is running). The core owns the rule, hysteresis included
    /// (`ChunkWindow::sentinel`); the JS class checks the arguments.
    pub fn sentinel(&self, more: bool, in_view: bool) -> JsValue {
        let Ok(mut s) = self.shared.try_borrow_mut() else {
            return JsValue::UNDEFINED;
        };
        let edge = if more { Edge::Back } else { Edge::Front };
        match s.list.sentinel(edge, in_view) {
            Some(LoadKind::More) => "more".into(),
            Some(LoadKind::Previous) => "previous".into(),
            _ => JsValue::UNDEFINED,
        }
    }

    /// The position (chunk start tokens and window), URL- and sessionStorage-safe, minted by
    /// `options.codec` and bound to `options.scope`.
    #[wasm_bindgen(js_name = "toString")]
    pub fn to_js_string(&self) -> Result<String, JsValue> {
        let s = self.shared.borrow();
        s.codec
            .encode(
                &s.list.window().to_value(),
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

/// The chunk counts and first index a snapshot's state carries besides the window.
fn snapshot_fields(value: &Value) -> Result<(Vec<usize>, i64), JsValue> {
    let bad = || {
        cursor_error(CursorError::Malformed(
            "infinite list snapshot: a state without its chunks' counts (use InfiniteList.from for toString())".into(),
        ))
    };
    let Some(Value::List(counts)) = value.get("c") else {
        return Err(bad());
    };
    let counts = counts
        .iter()
        .map(|c| match c {
            Value::Int(n) => usize::try_from(*n).ok(),
            _ => None,
        })
        .collect::<Option<Vec<usize>>>()
        .ok_or_else(bad)?;
    let Some(Value::Int(first)) = value.get("i") else {
        return Err(bad());
    };
    let first = i64::try_from(*first).map_err(|_| bad())?;
    Ok((counts, first))
}
