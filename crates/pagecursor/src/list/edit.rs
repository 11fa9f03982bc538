//! Edits of a list's window (`update`, `remove`, `insert` in JS) and their undo: where an item
//! with a key is shown, which chunk an inserted item joins, what each edit does to the counts,
//! the keys and the first index, and whether an undo still applies (only while the chunk it
//! changed is still the fetch it changed: once fetched again, the service's copy wins).

use super::{List, Shown, NO_KEY};
use crate::value::Value;

/// Where an item is shown: its chunk's id, its index in that chunk, and the fetch of the
/// chunk it was edited in (an undo applies only while the chunk is still that fetch's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// The chunk's id.
    pub chunk: i64,
    /// The item's index in the chunk.
    pub index: usize,
    /// Which fetch of the chunk.
    pub fetch: u32,
}

/// Why an edit cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditError {
    /// `insert` into a list that has no chunk in memory.
    Empty,
    /// The item's key is shown already (in another place than the item edited).
    Shown,
}

impl List {
    fn chunk_at(&self, chunk: i64) -> Option<usize> {
        let window = self.window.window();
        window
            .contains(&chunk)
            .then(|| (chunk - window.start) as usize)
    }

    fn shown_at(&mut self, chunk: i64, fetch: u32) -> Option<&mut Shown> {
        let i = self.chunk_at(chunk)?;
        self.shown.get_mut(i).filter(|s| s.fetch == fetch)
    }

    /// Where the item with `key` is shown, if it is.
    pub fn locate(&self, key: &Value) -> Option<At> {
        let d = self.digest(Some(key));
        let start = self.window.window().start;
        self.shown.iter().enumerate().find_map(|(i, s)| {
            let index = s.keys.iter().position(|k| *k == d)?;
            Some(At {
                chunk: start + i as i64,
                index,
                fetch: s.fetch,
            })
        })
    }

    /// Where the item with `key` is shown now, if it is still in the chunk `edit` changed and
    /// that chunk is still the fetch `edit` changed (an undo looks for what its edit did).
    pub fn relocate(&self, key: &Value, edit: At) -> Option<At> {
        self.locate(key)
            .filter(|at| at.chunk == edit.chunk && at.fetch == edit.fetch)
    }

    /// The item at `at` now has the key `key` (an update): refused when another item shows
    /// that key.
    pub fn rekey(&mut self, at: At, key: Option<&Value>) -> Result<(), EditError> {
        let d = self.digest(key);
        if d != NO_KEY
            && self
                .locate(key.unwrap_or(&Value::Null))
                .is_some_and(|o| o != at)
        {
            return Err(EditError::Shown);
        }
        if let Some(s) = self.shown_at(at.chunk, at.fetch) {
            if let Some(k) = s.keys.get_mut(at.index) {
                *k = d;
            }
        }
        Ok(())
    }

    /// The item at `at` is removed: the items after it shift down by one, the first index
    /// stays. False when `at` is no longer shown as it was.
    pub fn remove(&mut self, at: At) -> bool {
        let Some(s) = self.shown_at(at.chunk, at.fetch) else {
            return false;
        };
        if at.index >= s.count {
            return false;
        }
        if !s.keys.is_empty() {
            s.keys.remove(at.index);
        }
        s.count -= 1;
        true
    }

    /// An item with `key` is inserted at the start of the window (on top of its first chunk:
    /// the first index falls by one) or at its end (after the last item of its last chunk).
    pub fn insert(&mut self, at_start: bool, key: Option<&Value>) -> Result<At, EditError> {
        let d = self.digest(key);
        if self.shows(d) {
            return Err(EditError::Shown);
        }
        let range = self.window.window();
        let (chunk, s) = if at_start {
            (range.start, self.shown.front_mut())
        } else {
            (range.end - 1, self.shown.back_mut())
        };
        let s = s.ok_or(EditError::Empty)?;
        let index = if at_start { 0 } else { s.count };
        insert_key(s, index, d);
        let fetch = s.fetch;
        if at_start {
            self.first_index -= 1;
        }
        Ok(At {
            chunk,
            index,
            fetch,
        })
    }

    /// The undo of an insert at the start: the item at `at` (the inserted one, wherever it is
    /// now) goes, and the first index rises by one again. False when the chunk was fetched
    /// again meanwhile.
    pub fn uninsert(&mut self, at: At, at_start: bool) -> bool {
        let removed = self.remove(at);
        if removed && at_start {
            self.first_index += 1;
        }
        removed
    }

    /// The undo of a remove: an item with `key` goes back at `at` (its index clamped to the
    /// chunk). False when the chunk was fetched again meanwhile or the key is shown again.
    pub fn unremove(&mut self, at: At, key: Option<&Value>) -> Option<usize> {
        let d = self.digest(key);
        if self.shows(d) {
            return None;
        }
        let s = self.shown_at(at.chunk, at.fetch)?;
        let index = at.index.min(s.count);
        insert_key(s, index, d);
        Some(index)
    }
}

fn insert_key(s: &mut Shown, index: usize, d: u128) {
    if !s.keys.is_empty() || d != NO_KEY {
        // A chunk without digests (no key seen yet) gets one per item from now on.
        if s.keys.is_empty() {
            s.keys.resize(s.count, NO_KEY);
        }
        s.keys.insert(index, d);
    }
    s.count += 1;
}
