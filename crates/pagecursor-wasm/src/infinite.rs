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

use super::errors::TypeError;
use wasm_bindgen::prelude::*;

use crate::errors::cursor_error;
use wasm_bindgen::JsCast;

use super::codec::JsCursorCodec;
use super::convert::token_to_value;
use super::paginate::scope_setting;
use super::read::{count_option, scope_option};
use pagecursor::codec::{CursorCodec, DecodeOptions, EncodeOptions};
use pagecursor::error::CursorError;
use pagecursor::list::{Done, List, Load, LoadKind, Next, Plan, Walk};
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

    /// The id of the chunk the load fetches (its index in the list).
    #[wasm_bindgen(getter)]
    pub fn chunk(&self) -> usize {
        self.plan.as_ref().map_or(0, |p| p.chunk)
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
    /// without user functions or a response body. Answers a number `n` when the chunk is to
    /// be filled (walk again from `resume` for `n` items and report it here), otherwise
    /// `undefined`: the load is done. Then see `keep`, `first`, `end`, `keepsPage`.
    pub fn walked(
        &mut self,
        items: usize,
        resume: Option<String>,
        keys: Option<Array>,
        #[wasm_bindgen(js_name = "lastToken")] last_token: bool,
        rereadable: bool,
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
    pub fn first(&self) -> usize {
        self.done.as_ref().map_or(0, |d| d.window.start)
    }

    /// The chunk after the last one in memory once the load is done.
    #[wasm_bindgen(getter)]
    pub fn end(&self) -> usize {
        self.done.as_ref().map_or(0, |d| d.window.end)
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

/// Infinite scroll over any token-paginated API, with a memory cap: the core's decisions of
/// one list. The JS `InfiniteList` users hold (src/js/list/infinite.ts) wraps it.
#[wasm_bindgen(js_name = "InfiniteList")]
pub struct InfiniteList {
    shared: Shared,
}

fn build(
    fetch_page: &JsValue,
    options: &JsValue,
    codec: &JsCursorCodec,
    saved: Option<&JsString>,
) -> Result<InfiniteList, JsValue> {
    if !fetch_page.is_function() {
        return Err(TypeError::new("InfiniteList: fetchPage must be a function").into());
    }
    let chunk_items = positive(options, "chunkItems")?;
    let max_chunks = positive(options, "maxChunks")?;
    let codec = codec.core();
    let scope = scope_option(options)?;
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
    let state = State {
        list: List::new(window, chunk_items),
        codec,
        scope,
    };
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
        build(fetch_page, options, codec, Some(state))
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

    /// A load is asked for (`more`: the chunk after the window, else the one before it).
    /// `undefined`: the load started last is of the same kind and still runs, and this call
    /// joins it. Otherwise the new load, to run after the ones started before it ended.
    pub fn start(&self, more: bool) -> Option<InfiniteLoad> {
        let kind = if more {
            LoadKind::More
        } else {
            LoadKind::Previous
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
