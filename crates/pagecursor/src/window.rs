//! The chunk window of an infinite list (`InfiniteList` in JS): which chunks are in memory, and
//! the resume token each loaded chunk starts at, kept also for chunks dropped from memory so
//! that scrolling back refetches them. Owns the window's rules and its serialized form; it
//! calls nothing but [`Value`]. The core list ([`crate::list::List`]) holds one and decides
//! the loads around it.

use crate::error::{decimal, CursorError};
use crate::prelude::*;
use crate::stack::{check_version, LIST_STATE_VERSION};
use crate::value::Value;
use alloc::collections::VecDeque;

/// The chunk bookkeeping of an infinite list: the start at which every known chunk begins
/// (also of chunks dropped from memory), and the window of chunks held in memory.
///
/// Chunks are numbered from the list's origin: chunk `0` starts where the list's own options
/// start (`None`), chunk `i > 0` at the paginator's resume token after chunk `i - 1`. Chunks
/// before the origin have negative ids and are walked backward (with the pages' previous
/// tokens): chunk `-1` starts at the previous token of the origin's first page, chunk `-k - 1`
/// at the resume token of chunk `-k`'s backward walk. Each chunk is walked from its own start
/// in its own direction ([`backward`](Self::backward)), whichever edge of the window it is
/// loaded at. Loading past the window's end appends a chunk (dropping the first one past
/// `max_chunks`); loading before it prepends one (dropping the last one past `max_chunks`).
///
/// ```
/// use pagecursor::window::{ChunkWindow, Edge};
///
/// let mut w = ChunkWindow::new(Some(2));
/// for i in 0..3 {
///     let (index, _start) = w.next_chunk().unwrap();
///     w.loaded(Edge::Back, index, Some(format!("r{i}")), 10);
/// }
/// assert_eq!(w.window(), 1..3);           // chunk 0 was dropped, its start kept
/// assert_eq!(w.previous_chunk(), Some((0, None)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkWindow {
    /// `starts[i]`: the start of chunk `base + i` (`None` for chunk 0, the list's own start).
    starts: VecDeque<Option<String>>,
    /// The id of the chunk `starts[0]` starts (0, or below once a chunk before the origin is
    /// known).
    base: i64,
    /// The id of the first chunk that does not exist, once the end was seen.
    end: Option<i64>,
    /// The id of the first chunk that exists, once the beginning was seen (the origin's first
    /// page had no previous token, or a backward walk reached a page without one).
    begin: Option<i64>,
    /// The first chunk in memory.
    first: i64,
    /// How many chunks are in memory.
    len: usize,
    max_chunks: Option<usize>,
    /// What a scroll-driven UI reported of its two sentinels, by [`Edge`] (front, back).
    sentinels: [Sentinel; 2],
}

/// A sentinel of a scroll-driven UI: an element before (front) or after (back) the items that
/// loads the chunk on its side while it is in view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Sentinel {
    /// The UI's last report: in view or not.
    in_view: bool,
    /// Set when a load at the other edge dropped the chunk on this side; cleared when the
    /// sentinel is reported out of view, or a load at this edge ran.
    held: bool,
}

/// Which side of the window a chunk was loaded on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Before the window (`loadPrevious`).
    Front = 0,
    /// After the window (`loadMore`).
    Back = 1,
}

impl Edge {
    fn opposite(self) -> Edge {
        match self {
            Edge::Front => Edge::Back,
            Edge::Back => Edge::Front,
        }
    }
}

/// What a load did to the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowChange {
    /// The chunk was empty and marked the end: the window is unchanged.
    Nothing,
    /// The chunk was added on the given side.
    Added(Edge),
    /// The chunk was added and the chunk at the opposite side was dropped from memory.
    AddedAndDropped(Edge),
}

impl ChunkWindow {
    /// An empty window before chunk 0; `max_chunks` bounds the chunks held in memory.
    pub fn new(max_chunks: Option<usize>) -> ChunkWindow {
        ChunkWindow {
            starts: VecDeque::from([None]),
            base: 0,
            end: None,
            begin: None,
            first: 0,
            len: 0,
            max_chunks: max_chunks.map(|m| m.max(1)),
            sentinels: Default::default(),
        }
    }

    /// The chunk ids held in memory.
    pub fn window(&self) -> core::ops::Range<i64> {
        self.first..self.first + self.len as i64
    }

    /// How many chunk starts are kept (memory grows by one short string per chunk).
    pub fn known_chunks(&self) -> usize {
        self.starts.len()
    }

    /// The start of chunk `index`, when it is known (`Some(None)`: the list's own start).
    pub fn start_of(&self, index: i64) -> Option<Option<String>> {
        let at = usize::try_from(index.checked_sub(self.base)?).ok()?;
        self.starts.get(at).cloned()
    }

    /// Whether chunk `index` is walked backward from its start: a chunk before the origin.
    pub fn backward(index: i64) -> bool {
        index < 0
    }

    /// The chunk after the window and its start, unless the end was reached.
    pub fn next_chunk(&self) -> Option<(i64, Option<String>)> {
        let index = self.first + self.len as i64;
        if self.end.is_some_and(|e| index >= e) {
            return None;
        }
        self.start_of(index).map(|s| (index, s))
    }

    /// The chunk before the window and its start, unless the window starts at the beginning
    /// (or nothing before it is known yet).
    pub fn previous_chunk(&self) -> Option<(i64, Option<String>)> {
        let index = self.first - 1;
        if self.begin.is_some_and(|b| index < b) {
            return None;
        }
        self.start_of(index).map(|s| (index, s))
    }

    /// The origin's first page was read: `before` is the start of the backward walk of the
    /// chunk before the origin (a resume token made from that page's previous token), `None`
    /// when the page had none (the origin is the beginning). Known once: later reads of the
    /// origin change nothing.
    pub fn origin_read(&mut self, before: Option<String>) {
        if self.base < 0 || self.begin.is_some() {
            return;
        }
        match before {
            Some(start) => {
                self.starts.push_front(Some(start));
                self.base = -1;
            }
            None => self.begin = Some(0),
        }
    }

    /// The same window with its last `n` chunks in memory: a window restored from
    /// [`to_value`](Self::to_value) (empty, right after the saved window) whose saved chunks
    /// came with it (a snapshot's items). `None` when the saved window held fewer chunks.
    pub fn shown(mut self, n: usize) -> Option<ChunkWindow> {
        let n64 = i64::try_from(n).ok()?;
        if self.len != 0 || self.first - n64 < self.base {
            return None;
        }
        self.first -= n64;
        self.len = n;
        Some(self)
    }

    /// The window walked again forward from chunk `first`'s start (`first >= 0`): it becomes
    /// the chunks the walks brought, `(items, resume token)` each, the first at `first`; their
    /// resume tokens are the starts after it, and the starts known past them are forgotten (the
    /// data moved). A last walk without a resume token is the end; one that brought nothing is
    /// no chunk. Chunks before `first` stay as they are.
    pub fn replace(&mut self, first: i64, walks: &[(usize, Option<String>)]) {
        let keep = usize::try_from(first - self.base + 1).unwrap_or(0);
        self.starts.truncate(keep.max(1));
        self.first = first;
        self.len = 0;
        self.end = None;
        for (items, resume) in walks {
            match resume {
                Some(token) => {
                    self.starts.push_back(Some(token.clone()));
                    self.len += 1;
                }
                None => {
                    if *items > 0 {
                        self.len += 1;
                    }
                    self.end = Some(first + self.len as i64);
                    break;
                }
            }
        }
        self.sentinels = Default::default();
    }

    /// True while a chunk after the window may exist.
    pub fn has_more(&self) -> bool {
        self.next_chunk().is_some()
    }

    /// True when a chunk before the window can be loaded: one dropped from memory, or one
    /// before the origin.
    pub fn has_previous(&self) -> bool {
        self.previous_chunk().is_some()
    }

    /// Chunk `index` (from [`next_chunk`](Self::next_chunk) or
    /// [`previous_chunk`](Self::previous_chunk)) loaded `items` items and its walk stopped at
    /// `resume` (`None`: the end of the data in its direction). Ignored when the window moved
    /// meanwhile.
    pub fn loaded(
        &mut self,
        edge: Edge,
        index: i64,
        resume: Option<String>,
        items: usize,
    ) -> WindowChange {
        let expected = match edge {
            Edge::Back => self.next_chunk().map(|(i, _)| i),
            Edge::Front => self.previous_chunk().map(|(i, _)| i),
        };
        if expected != Some(index) {
            return WindowChange::Nothing;
        }
        // A load ran at this edge: its sentinel is no longer held (a "load earlier" button
        // may load before the sentinel was out of view).
        self.sentinels[edge as usize].held = false;
        // The chunk a walk's resume token starts: the next one forward, the one before backward.
        let backward = ChunkWindow::backward(index);
        let following = if backward { index - 1 } else { index + 1 };
        match resume {
            Some(token) => self.set_start(following, token),
            // A chunk walked in its own direction that now reaches the end there, loaded at
            // the other edge (fetched again after a drop), means the data shrank; the chunks
            // in memory stay, so only a load that grows the list marks the end.
            None if (edge == Edge::Front) != backward => {}
            None => {
                // Chunks known from an earlier pass past this one no longer exist.
                let empty = items == 0;
                if backward {
                    while self.base < index {
                        self.starts.pop_front();
                        self.base += 1;
                    }
                    self.begin = Some(if empty { index + 1 } else { index });
                } else {
                    self.starts
                        .truncate(usize::try_from(index - self.base + 1).unwrap_or(1));
                    self.end = Some(if empty { index } else { index + 1 });
                }
                if empty {
                    return WindowChange::Nothing;
                }
            }
        }
        self.len += 1;
        if edge == Edge::Front {
            self.first -= 1;
        }
        // The new chunk moves both sentinels: what the UI reported before is stale. They count
        // as out of view (no load is wanted) until the UI reports them again.
        let before = self.sentinels;
        for sentinel in &mut self.sentinels {
            sentinel.in_view = false;
        }
        if self.max_chunks.is_some_and(|m| self.len > m) {
            self.len -= 1;
            if edge == Edge::Back {
                self.first += 1;
            }
            // Held unless the reader is already looking at it and no longer at the sentinel
            // that loaded: then they scrolled there while the load ran, and the drop did not
            // bring it into view.
            let (loading, other) = (before[edge as usize], before[edge.opposite() as usize]);
            self.sentinels[edge.opposite() as usize].held = !other.in_view || loading.in_view;
            return WindowChange::AddedAndDropped(edge);
        }
        WindowChange::Added(edge)
    }

    /// Records the start of chunk `index`, growing the known starts by one at either end.
    fn set_start(&mut self, index: i64, token: String) {
        if index == self.base - 1 {
            self.starts.push_front(Some(token));
            self.base -= 1;
        } else if index - self.base == self.starts.len() as i64 {
            self.starts.push_back(Some(token));
        } else if let Some(slot) = usize::try_from(index - self.base)
            .ok()
            .and_then(|at| self.starts.get_mut(at))
        {
            *slot = Some(token);
        }
    }

    /// A scroll-driven UI's report of a sentinel: in view or not. Returns the load it should
    /// start now, if any ([`wanted`](Self::wanted)). A load that adds a chunk makes every report
    /// stale (the sentinels moved): both count as out of view until reported again, so a UI
    /// reports every sentinel again after each load (an `IntersectionObserver` observed again
    /// answers at once).
    ///
    /// **Hysteresis.** A load that drops a chunk at one edge *holds* the sentinel at that edge:
    /// it starts no load until it is reported out of view. (Not when the reader was already
    /// looking at it, and no longer at the sentinel that loaded, when the load landed: they
    /// scrolled there while it ran.) In a viewport about the size of the
    /// window, the drop itself brings that sentinel into view (the content before the viewport
    /// shrank and the scroll position is clamped at its end) without any scroll of the user's;
    /// loading there would drop the chunk just loaded at the other edge, whose sentinel would
    /// then load it again, and so on (measured in Chromium with `maxChunks: 3`, a 720 px window
    /// in a 640 px box: requests for chunks 0, 3, 0, 3, … without end). A held sentinel that
    /// the user scrolls toward while it stays in view (a wheel turned at the end of the
    /// scroll) is reported out of view and in view again: a sighting of the user's own.
    pub fn sentinel(&mut self, edge: Edge, in_view: bool) -> Option<Edge> {
        let sentinel = &mut self.sentinels[edge as usize];
        sentinel.in_view = in_view;
        if !in_view {
            sentinel.held = false;
        }
        self.wanted()
    }

    /// The load a scroll-driven UI should start: at the back while its sentinel is in view, not
    /// held and a chunk after the window may exist — the back wins when both are in view, so a
    /// window shorter than the viewport grows to its end instead of taking turns — else at the
    /// front on the same terms.
    pub fn wanted(&self) -> Option<Edge> {
        let ready = |edge: Edge| {
            let s = self.sentinels[edge as usize];
            s.in_view && !s.held
        };
        if ready(Edge::Back) && self.has_more() {
            Some(Edge::Back)
        } else if ready(Edge::Front) && self.has_previous() {
            Some(Edge::Front)
        } else {
            None
        }
    }

    /// The state as a [`Value`]: the chunk starts (and the id of the first, when chunks before
    /// the origin are known), the end and the beginning when known, and the window (first
    /// chunk and length). A restored window is empty and positioned right after the saved
    /// window, like a paginator's resume token: loading more continues with the chunk after
    /// it, loading previous refetches the saved window's chunks from the last one back.
    pub fn to_value(&self) -> Value {
        let mut entries = vec![
            ("v".to_owned(), Value::Int(LIST_STATE_VERSION)),
            (
                "s".to_owned(),
                Value::List(
                    self.starts
                        .iter()
                        .map(|s| s.clone().map(Value::String).unwrap_or(Value::Null))
                        .collect(),
                ),
            ),
            ("f".to_owned(), Value::Int(self.first.into())),
            ("n".to_owned(), Value::Int(self.len as i128)),
        ];
        if let Some(end) = self.end {
            entries.push(("e".to_owned(), Value::Int(end.into())));
        }
        if self.base != 0 {
            entries.push(("b".to_owned(), Value::Int(self.base.into())));
        }
        if let Some(begin) = self.begin {
            entries.push(("g".to_owned(), Value::Int(begin.into())));
        }
        Value::Map(entries)
    }

    /// Rebuilds an (empty) window from [`to_value`](Self::to_value).
    pub fn from_value(
        value: &Value,
        max_chunks: Option<usize>,
    ) -> Result<ChunkWindow, CursorError> {
        let bad = |why: &str| CursorError::Malformed(["infinite list state: ", why].concat());
        // Chunk ids and counts stay far inside i64 (a list of 2^40 chunks is no list).
        const LIMIT: i128 = 1 << 40;
        let number = |key: &str| -> Result<Option<i64>, CursorError> {
            match value.get(key) {
                None => Ok(None),
                Some(Value::Int(i)) if *i >= -LIMIT && *i <= LIMIT => Ok(Some(*i as i64)),
                Some(Value::Int(_)) => Err(bad(&[key, " is out of range"].concat())),
                Some(_) => Err(bad(&[key, " is not an integer"].concat())),
            }
        };
        // A cursor stack's state (its version is its own, 2 today) is not a newer list state.
        if value.get("t").is_some() && value.get("s").is_none() {
            return Err(bad("a cursor stack state, not an infinite list state"));
        }
        check_version(value, "infinite list state", LIST_STATE_VERSION)?;
        let Some(Value::List(list)) = value.get("s") else {
            return Err(bad("no chunk starts"));
        };
        let base = number("b")?.unwrap_or(0);
        if base > 0 || list.len() as i64 <= -base {
            return Err(bad("no chunk starts"));
        }
        let mut starts = VecDeque::with_capacity(list.len());
        for (i, s) in list.iter().enumerate() {
            let id = base + i as i64;
            match (id, s) {
                (0, Value::Null) => starts.push_back(None),
                (id, Value::String(t)) if id != 0 && !t.is_empty() => {
                    starts.push_back(Some(t.clone()))
                }
                _ => return Err(bad(&["bad start of chunk ", &signed(id)].concat())),
            }
        }
        let first = number("f")?.ok_or_else(|| bad("no window"))?;
        let len = number("n")?.ok_or_else(|| bad("no window"))?;
        let (end, begin) = (number("e")?, number("g")?);
        let position = first + len;
        let known = base + starts.len() as i64;
        // The chunk after the window must be startable, or be the known end; the window must
        // lie within the known starts and the beginning and end.
        let startable = position < known || end == Some(position);
        if len < 0
            || first < base
            || !startable
            || end.is_some_and(|e| e > known || position > e)
            || begin.is_some_and(|g| g < base || g > first)
        {
            return Err(bad("window outside the known chunks"));
        }
        Ok(ChunkWindow {
            starts,
            base,
            end,
            begin,
            first: position,
            len: 0,
            max_chunks: max_chunks.map(|m| m.max(1)),
            sentinels: Default::default(),
        })
    }
}

/// A chunk id in words (a negative one with its sign).
fn signed(id: i64) -> String {
    if id < 0 {
        ["-", &decimal(id.unsigned_abs())].concat()
    } else {
        decimal(id as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunk_window_slides_and_keeps_starts() {
        let mut w = ChunkWindow::new(Some(2));
        assert!(w.has_more() && !w.has_previous());
        for i in 0..4 {
            let (index, start) = w.next_chunk().unwrap();
            assert_eq!(index, i);
            assert_eq!(start, (i > 0).then(|| format!("r{}", i - 1)));
            w.loaded(Edge::Back, index, Some(format!("r{i}")), 5);
        }
        assert_eq!(w.window(), 2..4);
        assert_eq!(w.known_chunks(), 5);
        assert_eq!(w.previous_chunk(), Some((1, Some("r0".into()))));
        assert_eq!(
            w.loaded(Edge::Front, 1, Some("r1".into()), 5),
            WindowChange::AddedAndDropped(Edge::Front)
        );
        assert_eq!(w.window(), 1..3);
        // Forward again reuses the kept start of chunk 3.
        assert_eq!(w.next_chunk(), Some((3, Some("r2".into()))));
        // A stale completion (the window moved) is ignored.
        assert_eq!(w.loaded(Edge::Back, 7, None, 1), WindowChange::Nothing);
        let (i, _) = w.next_chunk().unwrap();
        w.loaded(Edge::Back, i, Some("r3".into()), 5);
        let (i, _) = w.next_chunk().unwrap();
        assert_eq!(i, 4);
        // The data ends exactly at a chunk boundary: an empty last chunk is not added.
        assert_eq!(w.loaded(Edge::Back, 4, None, 0), WindowChange::Nothing);
        assert!(!w.has_more());
        assert_eq!(w.window(), 2..4);
    }

    /// Loads the chunk at `edge`, as a UI does when the window asks for it.
    fn load(w: &mut ChunkWindow, edge: Edge) -> WindowChange {
        let (index, _) = match edge {
            Edge::Back => w.next_chunk(),
            Edge::Front => w.previous_chunk(),
        }
        .unwrap();
        w.loaded(edge, index, Some(format!("r{index}")), 10)
    }

    #[test]
    fn a_sentinel_brought_into_view_by_a_drop_waits_until_it_was_out_of_view() {
        let mut w = ChunkWindow::new(Some(3));
        // The bottom sentinel in view: chunks 0 to 3 load, the fourth drops chunk 0.
        assert_eq!(w.sentinel(Edge::Back, true), Some(Edge::Back));
        for _ in 0..3 {
            load(&mut w, Edge::Back);
            // The load made the reports stale: nothing is wanted until the UI reports again.
            assert_eq!(w.wanted(), None);
            assert_eq!(w.sentinel(Edge::Back, true), Some(Edge::Back));
        }
        assert_eq!(
            load(&mut w, Edge::Back),
            WindowChange::AddedAndDropped(Edge::Back)
        );
        assert_eq!(w.window(), 1..4);
        // The UI reports both sentinels after the load: in a viewport about the window's size
        // the drop hid the bottom one and brought the top one into view. The top is held.
        assert_eq!(w.sentinel(Edge::Back, false), None);
        assert_eq!(w.sentinel(Edge::Front, true), None, "no ping-pong");
        // The user scrolls down a little (the top leaves the view), then back up: it loads.
        assert_eq!(w.sentinel(Edge::Front, false), None);
        assert_eq!(w.sentinel(Edge::Front, true), Some(Edge::Front));
        assert_eq!(
            load(&mut w, Edge::Front),
            WindowChange::AddedAndDropped(Edge::Front)
        );
        assert_eq!(w.window(), 0..3);
        // That load dropped chunk 3: the bottom sentinel, brought into view by it, is held; the
        // top one is at the first chunk now.
        assert_eq!(w.sentinel(Edge::Back, true), None);
        assert_eq!(w.wanted(), None);
        // Reported out of view and in view again (the user's wheel toward it), it loads.
        assert_eq!(w.sentinel(Edge::Back, false), None);
        assert_eq!(w.sentinel(Edge::Back, true), Some(Edge::Back));
        // A load at an edge releases its own sentinel: a "load earlier" button works.
        load(&mut w, Edge::Back);
        assert!(w.sentinels[Edge::Front as usize].held);
        load(&mut w, Edge::Front);
        assert!(!w.sentinels[Edge::Front as usize].held);
        // A restored window starts with no report and no hold.
        let back = ChunkWindow::from_value(&w.to_value(), Some(3)).unwrap();
        assert_eq!(back.sentinels, [Sentinel::default(); 2]);
    }

    #[test]
    fn a_sentinel_the_reader_scrolled_to_while_the_load_ran_is_not_held() {
        let mut w = ChunkWindow::new(Some(2));
        w.sentinel(Edge::Back, true);
        load(&mut w, Edge::Back);
        load(&mut w, Edge::Back);
        // The third load runs; meanwhile the reader scrolls up to the top sentinel.
        let (index, _) = w.next_chunk().unwrap();
        w.sentinel(Edge::Back, false);
        w.sentinel(Edge::Front, true);
        assert_eq!(
            w.loaded(Edge::Back, index, Some("r2".into()), 10),
            WindowChange::AddedAndDropped(Edge::Back)
        );
        assert_eq!(
            w.sentinel(Edge::Front, true),
            Some(Edge::Front),
            "the reader's own sighting loads"
        );
        // While both are in view (a window shorter than the viewport) the drop holds.
        let mut w = ChunkWindow::new(Some(2));
        for _ in 0..3 {
            w.sentinel(Edge::Front, true);
            w.sentinel(Edge::Back, true);
            load(&mut w, Edge::Back);
        }
        assert!(w.sentinels[Edge::Front as usize].held);
    }

    #[test]
    fn the_back_wins_when_both_sentinels_are_in_view() {
        // A window shorter than the viewport: both in view, no hold yet. The list grows at the
        // back until the end; the front, held by each drop, never takes a turn.
        let mut w = ChunkWindow::new(Some(2));
        assert_eq!(w.sentinel(Edge::Front, true), None);
        let mut want = w.sentinel(Edge::Back, true);
        let mut loads = 0;
        while let Some(edge) = want {
            assert_eq!(edge, Edge::Back);
            let (index, _) = w.next_chunk().unwrap();
            w.loaded(edge, index, (index < 6).then(|| format!("r{index}")), 10);
            // Both still in view after the load, reported again (the front one first).
            assert_eq!(w.sentinel(Edge::Front, true), None);
            want = w.sentinel(Edge::Back, true);
            loads += 1;
            assert!(loads < 20);
        }
        assert_eq!(loads, 7);
        assert!(!w.has_more());
        assert_eq!(w.window(), 5..7);
        assert_eq!(w.wanted(), None, "the held front waits at the end too");
    }

    #[test]
    fn chunk_window_round_trips_empty_after_its_window() {
        let mut w = ChunkWindow::new(Some(3));
        for i in 0..4 {
            let (index, _) = w.next_chunk().unwrap();
            w.loaded(Edge::Back, index, Some(format!("r{i}")), 3);
        }
        assert_eq!(w.window(), 1..4);
        let back = ChunkWindow::from_value(&w.to_value(), Some(3)).unwrap();
        assert_eq!(back.window(), 4..4);
        assert_eq!(back.next_chunk(), Some((4, Some("r3".into()))));
        assert_eq!(back.previous_chunk(), Some((3, Some("r2".into()))));
        // At the end: nothing more, the saved chunks are still reachable backwards.
        let (index, _) = w.next_chunk().unwrap();
        w.loaded(Edge::Back, index, None, 2);
        let done = ChunkWindow::from_value(&w.to_value(), None).unwrap();
        assert!(!done.has_more() && done.has_previous());
        assert_eq!(done.previous_chunk(), Some((4, Some("r3".into()))));
        let stack = crate::stack::CursorStack::new().to_value().unwrap();
        assert_eq!(
            ChunkWindow::from_value(&stack, None).unwrap_err().code(),
            "malformed"
        );
        let fresh = ChunkWindow::from_value(&ChunkWindow::new(None).to_value(), None).unwrap();
        assert_eq!(fresh, ChunkWindow::new(None));
        let bad = Value::map([
            ("v", Value::Int(1)),
            ("s", Value::List(vec![])),
            ("f", Value::Int(0)),
            ("n", Value::Int(0)),
        ]);
        assert!(ChunkWindow::from_value(&bad, None).is_err());
    }
}
