//! The decisions of an infinite list (`InfiniteList` in JS): which chunk a load fetches and
//! from which start token, for how many items; the order of loads (a second load of the kind
//! that was asked last joins it, loads run in call order); which items of a walk a chunk keeps
//! when items have keys, and whether it walks on to fill itself; and whether the page a chunk
//! ended inside serves the next chunk instead of being fetched again. Built on
//! [`ChunkWindow`], which owns what is in memory and each chunk's start token.
//!
//! The host (the JS list through `crates/pagecursor-wasm/src/infinite.rs`) holds the items by
//! chunk id, fetches and awaits, and applies what a [`List`] answers; a list never sees an item
//! or a page, only counts, keys, tokens and chunk ids. Calls the window, the paginator's resume
//! tokens (to tell a cut page) and its key digests.

use alloc::collections::VecDeque;
use core::ops::Range;

use crate::codec::CursorCodec;
use crate::paginate::token::SentTokens;
use crate::paginate::{Layout, Position, ResumeState};
use crate::prelude::*;
use crate::value::Value;
use crate::window::{ChunkWindow, Edge, WindowChange};

/// Which load: the chunk after the window (`loadMore`) or the one before it (`loadPrevious`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadKind {
    /// The chunk after the window.
    More,
    /// The chunk before the window, refetched from its kept start token.
    Previous,
}

impl LoadKind {
    fn edge(self) -> Edge {
        match self {
            LoadKind::More => Edge::Back,
            LoadKind::Previous => Edge::Front,
        }
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
/// ```
#[derive(Clone, Debug)]
pub struct List {
    window: ChunkWindow,
    chunk_items: Option<usize>,
    /// The item keys of each chunk in memory, in window order (empty sets without keys).
    keys: VecDeque<SentTokens>,
    queue: Queue,
    /// The chunk whose first page the host kept from the load before (the chunk before it
    /// ended inside that page): only the next load may use it.
    kept: Option<usize>,
}

/// One load of a [`List`], from [`List::start`] to [`List::end`].
#[derive(Clone, Debug)]
pub struct Load {
    kind: LoadKind,
    /// The chunk being loaded, from [`List::begin`] on.
    chunk: Option<usize>,
    /// With keys: the keys of the items the chunk kept so far.
    keys: SentTokens,
    /// With keys: how many items the chunk kept so far, and how many it dropped as shown.
    kept: usize,
    dropped: usize,
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
    /// host keeps the chunk's items under it.
    pub chunk: usize,
    /// The resume token the walk starts at (`None`: where the list's own options start).
    pub start: Option<String>,
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
        }
    }
}

/// The answer to a [`Walk`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walked {
    /// With keys: which of the walk's items the chunk keeps (`false`: its key is shown in the
    /// window or earlier in the chunk already).
    pub keep: Option<Vec<bool>>,
    /// What comes next.
    pub next: Next,
}

/// After a walk: walk on, or the load is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The chunk dropped items whose keys were shown and misses this many: walk again from
    /// the walk's resume token for as many items and report that walk too.
    Again(usize),
    /// The chunk is complete.
    Done(Done),
}

/// What a complete load did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Done {
    /// What the window did: the chunk added, and the one at the other side dropped.
    pub change: WindowChange,
    /// The chunks in memory now: the host keeps the items of these ids and lets go of others.
    pub window: Range<usize>,
    /// The chunk ended inside the last page it requested, which the next `More` load starts
    /// in: the host keeps that page (with its request token) for [`Plan::reuse_page`].
    pub keep_page: bool,
}

impl List {
    /// A list over `window` (new, or restored from a saved state) whose loads hand out
    /// `chunk_items` items each (`None`: one page).
    pub fn new(window: ChunkWindow, chunk_items: Option<usize>) -> List {
        List {
            window,
            chunk_items,
            keys: VecDeque::new(),
            queue: Queue::Idle,
            kept: None,
        }
    }

    /// The window: which chunks are in memory, their start tokens, the saved state.
    pub fn window(&self) -> &ChunkWindow {
        &self.window
    }

    /// Items per chunk (`None`: one page).
    pub fn chunk_items(&self) -> Option<usize> {
        self.chunk_items
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
            keys: SentTokens::default(),
            kept: 0,
            dropped: 0,
        })
    }

    /// The load's turn came: the chunk it fetches, or `None` when there is none (the end, or
    /// the start for a `Previous` load), and the load resolves with no items.
    pub fn begin(&mut self, load: &mut Load) -> Option<Plan> {
        let (chunk, start) = match load.kind {
            LoadKind::More => self.window.next_chunk(),
            LoadKind::Previous => self.window.previous_chunk(),
        }?;
        load.chunk = Some(chunk);
        // A kept page is for the load right after the one that cut it, and only for it.
        let reuse_page = self.kept.take() == Some(chunk) && load.kind == LoadKind::More;
        Some(Plan {
            chunk,
            start,
            want: self.chunk_items,
            reuse_page,
        })
    }

    /// Whether the chunk keeps an item with `key`: not when a chunk in memory or the chunk
    /// itself holds the key already.
    fn keep(&self, load: &mut Load, key: Option<&Value>) -> bool {
        key.is_none_or(|key| !self.keys.iter().any(|k| k.contains(key)) && load.keys.insert(key))
    }

    /// A walk of the load ended. With keys, the chunk keeps the items whose keys are not shown
    /// yet; a `More` chunk that dropped some and did not reach the end walks on from its
    /// resume token to fill itself. A chunk before the window (`Previous`) is only cleaned, as
    /// walking on from its end would run into the window. Filling stops after as many
    /// duplicates as the window and the chunk hold keys (plus a chunk): a source that keeps
    /// repeating keys is not walked to its end.
    pub fn walked(
        &mut self,
        load: &mut Load,
        walk: Walk<'_>,
        codec: &CursorCodec,
        scope: Option<&Value>,
    ) -> Walked {
        let keep = walk.keys.map(|keys| {
            let shown_in_chunk = load.keys.len();
            let keep: Vec<bool> = (0..walk.items)
                .map(|i| self.keep(load, keys.get(i).and_then(Option::as_ref)))
                .collect();
            let kept = keep.iter().filter(|k| **k).count();
            load.kept += kept;
            load.dropped += walk.items - kept;
            let shown = shown_in_chunk + self.keys.iter().map(SentTokens::len).sum::<usize>();
            (keep, shown)
        });
        let (keep, items) = match keep {
            Some((keep, shown)) => {
                let want = self.chunk_items.unwrap_or(0);
                let missing = want.saturating_sub(load.kept);
                let dropped = load.dropped;
                if load.kind == LoadKind::More
                    && walk.resume.is_some()
                    && dropped > 0
                    && dropped <= shown + want
                    && missing > 0
                {
                    return Walked {
                        keep: Some(keep),
                        next: Next::Again(missing),
                    };
                }
                (Some(keep), load.kept)
            }
            None => (None, walk.items),
        };
        Walked {
            keep,
            next: Next::Done(self.finish(load, walk, items, codec, scope)),
        }
    }

    fn finish(
        &mut self,
        load: &mut Load,
        walk: Walk<'_>,
        items: usize,
        codec: &CursorCodec,
        scope: Option<&Value>,
    ) -> Done {
        let resume = walk.resume;
        let Some(chunk) = load.chunk.take() else {
            return Done {
                change: WindowChange::Nothing,
                window: self.window.window(),
                keep_page: false,
            };
        };
        let keep_page = match &resume {
            Some(resume) if load.kind == LoadKind::More && walk.rereadable => {
                cut_in(resume, codec, scope, walk.last_token)
            }
            _ => false,
        };
        let edge = load.kind.edge();
        let change = self.window.loaded(edge, chunk, resume, items);
        let keys = core::mem::take(&mut load.keys);
        match change {
            WindowChange::Nothing => {}
            WindowChange::Added(Edge::Back) => self.keys.push_back(keys),
            WindowChange::Added(Edge::Front) => self.keys.push_front(keys),
            WindowChange::AddedAndDropped(Edge::Back) => {
                self.keys.push_back(keys);
                self.keys.pop_front();
            }
            WindowChange::AddedAndDropped(Edge::Front) => {
                self.keys.push_front(keys);
                self.keys.pop_back();
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
