//! The decisions of an infinite list (`InfiniteList` in JS): which chunk a load fetches and
//! from which start token, for how many items; the order of loads (a second load of the kind
//! that was asked last joins it, loads run in call order); which items of a walk a chunk keeps
//! when items have keys, and whether it walks on to fill itself; whether the page a chunk
//! ended inside serves the next chunk instead of being fetched again; where `items[0]` stands
//! (`first_index`); what a refresh walks and how it lays out the window it brings; and the
//! bookkeeping of edits and their undo (edit.rs). Built on [`ChunkWindow`], which owns what
//! is in memory and each chunk's start token.
//!
//! The host (the JS list through `crates/pagecursor-wasm/src/infinite.rs`) holds the items by
//! chunk id, fetches and awaits, and applies what a [`List`] answers; a list never sees an item
//! or a page, only counts, keys, tokens and chunk ids. Calls the window, the paginator's resume
//! tokens (to tell a cut page) and its keyed digests.

mod edit;

pub use edit::{At, EditError};

use alloc::collections::VecDeque;
use core::ops::Range;

use crate::codec::CursorCodec;
use crate::error::CursorError;
use crate::paginate::resume::scope_digest;
use crate::paginate::token::{digest, random_key};
use crate::paginate::{Layout, Position, ResumeState};
use crate::prelude::*;
use crate::value::Value;
use crate::window::{ChunkWindow, Edge, WindowChange};

/// Which load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadKind {
    /// The chunk after the window (`loadMore`).
    More,
    /// The chunk before the window, refetched from its kept start token (`loadPrevious`).
    Previous,
    /// The window walked again from its first chunk's start, for as many items as it holds,
    /// replacing it when done (`refresh("window")`).
    RefreshWindow,
    /// One chunk walked from the origin: its new items go on top of the window, or it becomes
    /// the window (`refresh("head")`).
    RefreshHead,
}

impl LoadKind {
    fn refresh(self) -> bool {
        matches!(self, LoadKind::RefreshWindow | LoadKind::RefreshHead)
    }
}

/// The loads of a list, which run one after the other in call order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Queue {
    Idle,
    /// `pending` loads started and not ended; `last` is the kind of the last one started.
    Busy {
        last: LoadKind,
        pending: u32,
    },
}

/// A chunk in memory as the list knows it: the keyed digest of each item's key, in order
/// (`NO_KEY` for an item whose key is no cursor value; none at all without `itemKey`), how
/// many items it holds, and which fetch brought them (an edit's undo applies only while the
/// chunk is still that fetch's).
#[derive(Clone, Debug)]
struct Shown {
    keys: Vec<u128>,
    count: usize,
    fetch: u32,
}

/// The digest that stands for "no key": an item whose key is no cursor value is compared
/// with nothing (a real digest of 0 is taken as 1).
const NO_KEY: u128 = 0;

/// The decisions of one infinite list; see the [module](self) documentation.
///
/// ```
/// use pagecursor::list::{List, LoadKind, Next, Walk};
/// use pagecursor::window::ChunkWindow;
/// use pagecursor::CursorCodec;
///
/// let codec = CursorCodec::default();
/// let mut list = List::new(ChunkWindow::new(Some(2)), Some(20));
/// let mut load = list.start(LoadKind::More).unwrap();
/// let plan = list.begin(&mut load).unwrap();
/// assert_eq!((plan.chunk, plan.start, plan.want), (0, None, Some(20)));
/// // The host fetched 20 items; the walk stopped at resume token "r0".
/// let walked = list.walked(&mut load, Walk::new(20, Some("r0".into())), &codec, None);
/// let Next::Done(done) = walked.next else { unreachable!() };
/// assert_eq!(done.window, 0..1);
/// list.end(load);
/// assert!(!list.loading());
/// assert_eq!(list.first_index(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct List {
    window: ChunkWindow,
    chunk_items: Option<usize>,
    /// The chunks in memory, in window order.
    shown: VecDeque<Shown>,
    queue: Queue,
    /// The chunk whose first page the host kept from the load before (the chunk before it
    /// ended inside that page): only the next load may use it.
    kept: Option<i64>,
    /// The index of the first item in memory, counted from the list's origin.
    first_index: i64,
    /// How many chunk fetches the list has seen: each chunk in memory knows its own.
    fetches: u32,
    /// The key of the items' key digests, one per list.
    digest_key: [u64; 2],
}

/// One load of a [`List`], from [`List::start`] to [`List::end`].
#[derive(Clone, Debug)]
pub struct Load {
    kind: LoadKind,
    /// The chunk being loaded (for a refresh, the first chunk it replaces), from
    /// [`List::begin`] on.
    chunk: Option<i64>,
    /// The digests of the items the load kept so far, in order (with keys).
    keys: Vec<u128>,
    /// How many items the load kept so far, and how many it dropped as shown.
    kept: usize,
    dropped: usize,
    /// A refresh: what its walks brought, a chunk each (count, resume token), and how many
    /// items it walks for in all.
    walks: Vec<(usize, Option<String>)>,
    target: usize,
    /// The previous token of the first page of the load's first walk, once that walk ended
    /// (a walk that fills the chunk starts inside it: its first page is not the chunk's).
    first_prev: Option<Option<Value>>,
}

impl Load {
    /// Which load this is.
    pub fn kind(&self) -> LoadKind {
        self.kind
    }
}

/// What a load fetches ([`List::begin`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The chunk's id: its index in the list (chunk 0 starts where the list starts). The
    /// host keeps the chunk's items under it. For a refresh, the first chunk it replaces.
    pub chunk: i64,
    /// The resume token the walk starts at (`None`: where the list's own options start).
    pub start: Option<String>,
    /// The walk goes backward: a chunk before the list's origin, walked with the pages'
    /// previous tokens from its start (each page's items handed out last first).
    pub backward: bool,
    /// How many items the walk hands out (`None`: one page).
    pub want: Option<usize>,
    /// The walk's first request is for the page the host kept from the load before
    /// ([`Done::keep_page`]): the host serves that page instead of fetching it.
    pub reuse_page: bool,
}

/// What the host reports of one walk of a load ([`List::walked`]).
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    /// How many items the walk handed out.
    pub items: usize,
    /// With `itemKey`: the key of each item, in order (`None`: a key that is no cursor value,
    /// kept and compared with nothing; an item past the end of the slice counts as one).
    pub keys: Option<&'a [Option<Value>]>,
    /// The walk's resume token: where the next chunk starts (`None`: the end of the data).
    pub resume: Option<String>,
    /// The last page the walk requested was requested with a token (not the first request of
    /// the list's options).
    pub last_token: bool,
    /// A page of this walk can be read again with the same result (no user function reads it
    /// and it is no response body): only then may the next chunk reuse the last one.
    pub rereadable: bool,
    /// The previous token of the walk's first page (`None`: none, or no previous location):
    /// for the origin's chunk, where the chunk before the origin starts.
    pub prev: Option<Value>,
}

impl Walk<'static> {
    /// A walk without keys whose last page was requested with a token and can be read again.
    pub fn new(items: usize, resume: Option<String>) -> Walk<'static> {
        Walk {
            items,
            keys: None,
            resume,
            last_token: true,
            rereadable: true,
            prev: None,
        }
    }
}

/// The answer to a [`Walk`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walked {
    /// With keys: which of the walk's items the load keeps (`false`: its key is shown in the
    /// window or earlier in the load already).
    pub keep: Option<Vec<bool>>,
    /// What comes next.
    pub next: Next,
}

/// After a walk: walk on, or the load is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// Walk again from the walk's resume token for this many items and report that walk too:
    /// the chunk dropped items whose keys were shown and misses them, or a refresh walks its
    /// next chunk.
    Again(usize),
    /// The load is complete.
    Done(Done),
}

/// What a complete load did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Done {
    /// What the window did: the chunk added, and the one at the other side dropped.
    pub change: WindowChange,
    /// The chunks in memory now: the host keeps the items of these ids and lets go of others.
    pub window: Range<i64>,
    /// The chunk ended inside the last page it requested, which the next `More` load starts
    /// in: the host keeps that page (with its request token) for [`Plan::reuse_page`].
    pub keep_page: bool,
    /// Where the host puts the items the load kept (all its walks', in order).
    pub placement: Placement,
}

/// Where the items of a complete load go ([`Done::placement`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Placement {
    /// They are the chunk [`Plan::chunk`] (nothing, when the window did not change).
    Chunk,
    /// They replace the window's chunks from `from` on (the chunks before it stay), cut into
    /// chunks of these counts.
    Window {
        /// The first chunk they replace.
        from: i64,
        /// How many items each new chunk holds.
        counts: Vec<usize>,
    },
    /// The first `n` go on top of the first chunk in memory; the rest are let go.
    OnTop(usize),
}

impl List {
    /// A list over `window` (new, or restored from a saved state) whose loads hand out
    /// `chunk_items` items each (`None`: one page).
    pub fn new(window: ChunkWindow, chunk_items: Option<usize>) -> List {
        List {
            window,
            chunk_items,
            shown: VecDeque::new(),
            queue: Queue::Idle,
            kept: None,
            first_index: 0,
            fetches: 0,
            digest_key: random_key(),
        }
    }

    /// A list whose window is in memory already (a [`snapshot`](Self::snapshot) taken
    /// elsewhere, a server render): its chunks hold `counts` items each (their keys in
    /// `keys`, with `itemKey`), and the first of them stands at `first_index`. The saved
    /// window must hold as many chunks as `counts` has, and `keys` as many keys as there are
    /// items.
    pub fn with_items(
        window: ChunkWindow,
        chunk_items: Option<usize>,
        counts: &[usize],
        keys: Option<&[Option<Value>]>,
        first_index: i64,
    ) -> Result<List, CursorError> {
        let bad = |why: &str| CursorError::Malformed(["infinite list snapshot: ", why].concat());
        let window = window
            .shown(counts.len())
            .ok_or_else(|| bad("its chunks are not those of the state"))?;
        let mut list = List::new(window, chunk_items);
        let total: usize = counts.iter().sum();
        if keys.is_some_and(|k| k.len() != total) {
            return Err(bad("its items are not as many as the state counts"));
        }
        let mut at = 0;
        for &count in counts {
            let keys = match keys {
                Some(keys) => keys[at..at + count]
                    .iter()
                    .map(|k| list.digest(k.as_ref()))
                    .collect(),
                None => Vec::new(),
            };
            at += count;
            list.fetches += 1;
            list.shown.push_back(Shown {
                keys,
                count,
                fetch: list.fetches,
            });
        }
        list.first_index = first_index;
        Ok(list)
    }

    /// The window: which chunks are in memory, their start tokens, the saved state.
    pub fn window(&self) -> &ChunkWindow {
        &self.window
    }

    /// Items per chunk (`None`: one page).
    pub fn chunk_items(&self) -> Option<usize> {
        self.chunk_items
    }

    /// The index of the first item in memory, counted from the list's origin (where it opened:
    /// the first item it loaded forward is 0). Loading or dropping a chunk at either edge never
    /// changes the index of an item that stays in memory.
    pub fn first_index(&self) -> i64 {
        self.first_index
    }

    /// How many items each chunk in memory holds, in window order.
    pub fn counts(&self) -> Vec<usize> {
        self.shown.iter().map(|s| s.count).collect()
    }

    /// The window's state with the chunks in memory (their counts and the first index), for a
    /// list built elsewhere with the same items ([`with_items`](Self::with_items)).
    pub fn snapshot(&self) -> Value {
        let mut value = self.window.to_value();
        if let Value::Map(entries) = &mut value {
            let counts = self.shown.iter().map(|s| Value::Int(s.count as i128));
            entries.push(("c".to_owned(), Value::List(counts.collect())));
            entries.push(("i".to_owned(), Value::Int(self.first_index.into())));
        }
        value
    }

    /// True from [`start`](Self::start) until every load started has [ended](Self::end).
    pub fn loading(&self) -> bool {
        matches!(self.queue, Queue::Busy { .. })
    }

    /// A load of `kind` is asked for. `None`: the load started last is of the same kind and
    /// has not ended, and this call joins it (the host answers with that load's result).
    /// Otherwise the new load, which runs after every load started before it ended: the host
    /// calls [`begin`](Self::begin) then, and [`end`](Self::end) in any case.
    pub fn start(&mut self, kind: LoadKind) -> Option<Load> {
        let pending = match self.queue {
            Queue::Busy { last, .. } if last == kind => return None,
            Queue::Busy { pending, .. } => pending + 1,
            Queue::Idle => 1,
        };
        self.queue = Queue::Busy {
            last: kind,
            pending,
        };
        Some(Load {
            kind,
            chunk: None,
            keys: Vec::new(),
            kept: 0,
            dropped: 0,
            walks: Vec::new(),
            target: 0,
            first_prev: None,
        })
    }

    /// The load's turn came: the chunk it fetches, or `None` when there is none (the end, or
    /// the start for a `Previous` load; an empty window for a window refresh), and the load
    /// resolves with no items.
    pub fn begin(&mut self, load: &mut Load) -> Option<Plan> {
        let (chunk, start, want) = match load.kind {
            LoadKind::More => {
                let (chunk, start) = self.window.next_chunk()?;
                (chunk, start, self.chunk_items)
            }
            LoadKind::Previous => {
                let (chunk, start) = self.window.previous_chunk()?;
                (chunk, start, self.chunk_items)
            }
            LoadKind::RefreshWindow => {
                // The chunks from the origin's on: a chunk before the origin has no forward
                // start to walk the window from, so those stay as they are.
                let range = self.window.window();
                let from = range.start.max(0);
                load.target = self
                    .shown
                    .iter()
                    .skip((from - range.start) as usize)
                    .map(|s| s.count)
                    .sum();
                if from >= range.end || load.target == 0 {
                    return None;
                }
                let start = self.window.start_of(from)?;
                (from, start, self.refresh_want(load.target))
            }
            LoadKind::RefreshHead => (0, self.window.start_of(0)?, self.chunk_items),
        };
        load.chunk = Some(chunk);
        // A kept page is for the load right after the one that cut it, and only for it.
        let reuse_page = self.kept.take() == Some(chunk) && load.kind == LoadKind::More;
        Some(Plan {
            chunk,
            start,
            backward: !load.kind.refresh() && ChunkWindow::backward(chunk),
            want,
            reuse_page,
        })
    }

    /// How many items the next walk of a window refresh hands out, `left` to go.
    fn refresh_want(&self, left: usize) -> Option<usize> {
        self.chunk_items.map(|n| n.min(left))
    }

    fn digest(&self, key: Option<&Value>) -> u128 {
        match key {
            None => NO_KEY,
            Some(key) => digest(self.digest_key, key, &mut Vec::new()).max(1),
        }
    }

    /// True when a chunk in memory shows an item with this digest.
    fn shows(&self, d: u128) -> bool {
        d != NO_KEY && self.shown.iter().any(|s| s.keys.contains(&d))
    }

    /// A walk of the load ended. With keys, the load keeps the items whose keys are not shown
    /// yet (a refresh: not brought by itself yet, as it replaces what is shown); a `More`
    /// chunk that dropped some and did not reach the end walks on from its resume token to
    /// fill itself. A chunk before the window (`Previous`) is only cleaned, as walking on from
    /// its end would run into the window. Filling stops after as many duplicates as the window
    /// and the chunk hold keys (plus a chunk): a source that keeps repeating keys is not
    /// walked to its end. A window refresh walks chunk after chunk until it brought as many
    /// items as the window held when it started, or the end.
    pub fn walked(
        &mut self,
        load: &mut Load,
        walk: Walk<'_>,
        codec: &CursorCodec,
        scope: Option<&Value>,
    ) -> Walked {
        let before = load.kept;
        let shown_before = load.keys.len();
        if load.first_prev.is_none() {
            load.first_prev = Some(walk.prev.clone());
        }
        let keep = walk.keys.map(|keys| {
            let keep: Vec<bool> = (0..walk.items)
                .map(|i| {
                    let d = self.digest(keys.get(i).and_then(Option::as_ref));
                    let shown = d != NO_KEY
                        && (load.keys.contains(&d) || (!load.kind.refresh() && self.shows(d)));
                    if !shown {
                        load.keys.push(d);
                    }
                    !shown
                })
                .collect();
            let kept = keep.iter().filter(|k| **k).count();
            load.kept += kept;
            load.dropped += walk.items - kept;
            keep
        });
        if keep.is_none() {
            load.kept += walk.items;
        }
        if load.kind == LoadKind::RefreshWindow {
            load.walks.push((load.kept - before, walk.resume.clone()));
            let left = load.target.saturating_sub(load.kept);
            if walk.resume.is_some() && left > 0 {
                let want = self.refresh_want(left).unwrap_or(0);
                return Walked {
                    keep,
                    next: Next::Again(want),
                };
            }
            return Walked {
                keep,
                next: Next::Done(self.refreshed(load)),
            };
        }
        let forward = load.chunk.is_some_and(|c| !ChunkWindow::backward(c));
        if keep.is_some() && load.kind == LoadKind::More && forward {
            let shown = shown_before + self.shown.iter().map(|s| s.keys.len()).sum::<usize>();
            let want = self.chunk_items.unwrap_or(0);
            let missing = want.saturating_sub(load.kept);
            if walk.resume.is_some()
                && load.dropped > 0
                && load.dropped <= shown + want
                && missing > 0
            {
                return Walked {
                    keep,
                    next: Next::Again(missing),
                };
            }
        }
        let done = if load.kind == LoadKind::RefreshHead {
            self.head(load, walk.resume)
        } else {
            self.finish(load, walk, codec, scope)
        };
        Walked {
            keep,
            next: Next::Done(done),
        }
    }

    fn next_fetch(&mut self) -> u32 {
        self.fetches = self.fetches.wrapping_add(1);
        self.fetches
    }

    fn take_keys(&mut self, load: &mut Load) -> Vec<u128> {
        digests(core::mem::take(&mut load.keys))
    }

    fn finish(
        &mut self,
        load: &mut Load,
        walk: Walk<'_>,
        codec: &CursorCodec,
        scope: Option<&Value>,
    ) -> Done {
        let resume = walk.resume.clone();
        let items = load.kept;
        let Some(chunk) = load.chunk.take() else {
            return self.unchanged();
        };
        // (A backward chunk's last page is before it, not where the next chunk starts.)
        let keep_page = match &resume {
            Some(resume)
                if load.kind == LoadKind::More
                    && walk.rereadable
                    && !ChunkWindow::backward(chunk) =>
            {
                cut_in(resume, codec, scope, walk.last_token)
            }
            _ => false,
        };
        let edge = if load.kind == LoadKind::Previous {
            Edge::Front
        } else {
            Edge::Back
        };
        if chunk == 0 {
            let prev = load.first_prev.take().flatten();
            let before = prev.and_then(|prev| before_origin(prev, codec, scope));
            self.window.origin_read(before);
        }
        let change = self.window.loaded(edge, chunk, resume, items);
        let mut keys = self.take_keys(load);
        if ChunkWindow::backward(chunk) {
            // A backward walk hands out the chunk's items last first.
            keys.reverse();
        }
        let shown = Shown {
            keys,
            count: items,
            fetch: self.next_fetch(),
        };
        match change {
            WindowChange::Nothing => {}
            WindowChange::Added(Edge::Back) => self.shown.push_back(shown),
            WindowChange::AddedAndDropped(Edge::Back) => {
                self.shown.push_back(shown);
                if let Some(dropped) = self.shown.pop_front() {
                    self.first_index += dropped.count as i64;
                }
            }
            WindowChange::Added(Edge::Front) => {
                self.first_index -= items as i64;
                self.shown.push_front(shown);
            }
            WindowChange::AddedAndDropped(Edge::Front) => {
                self.first_index -= items as i64;
                self.shown.push_front(shown);
                self.shown.pop_back();
            }
        }
        let keep_page = keep_page && change != WindowChange::Nothing;
        if change != WindowChange::Nothing {
            self.kept = keep_page.then_some(chunk + 1);
        }
        Done {
            change,
            window: self.window.window(),
            keep_page,
            placement: Placement::Chunk,
        }
    }

    fn unchanged(&self) -> Done {
        Done {
            change: WindowChange::Nothing,
            window: self.window.window(),
            keep_page: false,
            placement: Placement::Chunk,
        }
    }

    /// A window refresh brought its chunks: they replace the window's chunks from the first it
    /// walked (which keeps its start and first index), their resume tokens the starts after it.
    fn refreshed(&mut self, load: &mut Load) -> Done {
        let Some(first) = load.chunk.take() else {
            return self.unchanged();
        };
        let mut walks = core::mem::take(&mut load.walks);
        // A walk that brought nothing after the first is the end, not a chunk.
        while walks.len() > 1 && walks.last().is_some_and(|w| w.0 == 0) {
            let (_, resume) = walks.pop().unwrap_or_default();
            if let Some(last) = walks.last_mut() {
                last.1 = resume;
            }
        }
        let keys = self.take_keys(load);
        let before = (first - self.window.window().start).max(0) as usize;
        self.shown.truncate(before);
        self.window.replace(first, &walks);
        let mut at = 0;
        let new = self.window.window().end - first;
        for (count, _) in walks.iter().take(new.max(0) as usize) {
            let keys = keys
                .get(at..at + count)
                .map(<[u128]>::to_vec)
                .unwrap_or_default();
            at += count;
            let fetch = self.next_fetch();
            self.shown.push_back(Shown {
                keys,
                count: *count,
                fetch,
            });
        }
        self.kept = None;
        let counts = self.shown.iter().skip(before).map(|s| s.count).collect();
        Done {
            change: WindowChange::Added(Edge::Back),
            window: self.window.window(),
            keep_page: false,
            placement: Placement::Window {
                from: first,
                counts,
            },
        }
    }

    /// A head refresh brought the origin's chunk. When the window holds the origin chunk and a
    /// key it shows is in the fresh chunk, the fresh items before the first such key go on top
    /// of the window (the first index falls by their count; nothing else moves). Otherwise the
    /// fresh chunk becomes the window, at index 0.
    fn head(&mut self, load: &mut Load, resume: Option<String>) -> Done {
        if load.chunk.take().is_none() {
            return self.unchanged();
        }
        let keys = core::mem::take(&mut load.keys);
        let at_origin = self.window.window().start == 0 && !self.shown.is_empty();
        let first_shown = keys.iter().position(|d| self.shows(*d));
        if let (true, Some(n)) = (at_origin, first_shown) {
            let fetch = self.next_fetch();
            if let Some(top) = self.shown.front_mut() {
                if !top.keys.is_empty() {
                    let mut on_top = keys;
                    on_top.truncate(n);
                    on_top.append(&mut top.keys);
                    top.keys = on_top;
                }
                top.count += n;
                top.fetch = fetch;
            }
            self.first_index -= n as i64;
            return Done {
                change: WindowChange::Added(Edge::Front),
                window: self.window.window(),
                keep_page: false,
                placement: Placement::OnTop(n),
            };
        }
        let count = load.kept;
        let keys = digests(keys);
        self.window.replace(0, &[(count, resume)]);
        self.shown.clear();
        if !self.window.window().is_empty() {
            let fetch = self.next_fetch();
            self.shown.push_back(Shown { keys, count, fetch });
        }
        self.first_index = 0;
        self.kept = None;
        Done {
            change: WindowChange::Added(Edge::Back),
            window: self.window.window(),
            keep_page: false,
            placement: Placement::Window {
                from: 0,
                counts: self.counts(),
            },
        }
    }

    /// The load ended (done, or failed anywhere from [`begin`](Self::begin) on): the list is
    /// idle when it was the last one.
    pub fn end(&mut self, _load: Load) {
        if let Queue::Busy { last, pending } = self.queue {
            self.queue = match pending {
                0 | 1 => Queue::Idle,
                n => Queue::Busy {
                    last,
                    pending: n - 1,
                },
            };
        }
    }

    /// A scroll-driven UI's report of a sentinel ([`ChunkWindow::sentinel`]): the load it
    /// should start now, none while a load runs.
    pub fn sentinel(&mut self, edge: Edge, in_view: bool) -> Option<LoadKind> {
        let wanted = self.window.sentinel(edge, in_view);
        match wanted {
            _ if self.loading() => None,
            Some(Edge::Back) => Some(LoadKind::More),
            Some(Edge::Front) => Some(LoadKind::Previous),
            None => None,
        }
    }
}

/// Where the chunk before the origin starts: a resume token of a walk whose first request is
/// the origin page's previous token. `None` when it cannot be minted (a token past the codec's
/// `maxLength`): then nothing before the origin is known, as for a page without one.
fn before_origin(prev: Value, codec: &CursorCodec, scope: Option<&Value>) -> Option<String> {
    ResumeState {
        scope: scope.map(scope_digest),
        layout: Layout::Single,
        positions: vec![Position::At {
            token: Some(prev),
            skip: 0,
            anchor: None,
        }],
    }
    .encode(codec)
    .ok()
}

/// A chunk's digests as it keeps them: none without keys (none reported), only its count.
fn digests(keys: Vec<u128>) -> Vec<u128> {
    if keys.iter().all(|d| *d == NO_KEY) {
        Vec::new()
    } else {
        keys
    }
}

/// Whether a walk stopped inside the page it fetched last (requested with a token or not,
/// `last_token`): its resume token says "a page, of which some items were handed out" (one
/// chain, no segments), for a request of the same kind. That page is the last one requested:
/// a chain requests its next page only while items are still wanted (`maxItems` counts the
/// pages fetched ahead), so a walk cut by `maxItems` fetched nothing after the page it cut.
fn cut_in(resume: &str, codec: &CursorCodec, scope: Option<&Value>, last_token: bool) -> bool {
    let Ok(state) = ResumeState::decode(resume, codec, scope, Layout::Single) else {
        return false;
    };
    match state.positions.as_slice() {
        [Position::At { token, skip, .. }] => *skip > 0 && token.is_some() == last_token,
        _ => false,
    }
}
