//! Offset pagination: a 1-based page number and a limit, with metadata derived from a total.
//!
//! Counts are `u64` and the JS bindings accept any safe integer (totals up to 2^53), so totals of
//! large tables are exact. A page past the end is not an error: it is empty, and its metadata
//! still describes the whole data set.
//!
//! ```
//! use pagecursor::OffsetPage;
//!
//! let p = OffsetPage::new(95, 3, 20).unwrap();
//! assert_eq!((p.pages, p.offset, p.has_next, p.has_previous), (5, 40, true, true));
//! assert_eq!(p.range(95), 40..60);
//! ```

use crate::prelude::*;
use core::fmt;
use core::ops::Range;

use crate::error::decimal;

/// The largest integer a JS number holds exactly, `2^53 - 1`: the bound of every count.
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;
/// The largest total a page model accepts, `2^53`: the contract counts "totals up to 2^53",
/// and 2^53 itself is still exact in a JS number.
pub const MAX_TOTAL: u64 = 1 << 53;

/// Why page arguments were refused (a `RangeError` in JS).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageError {
    /// `page` is below 1 (or, in JS, not an integer).
    InvalidPage(String),
    /// `limit` is below 1 (or, in JS, not an integer).
    InvalidLimit(String),
    /// `total` is negative (or, in JS, not an integer).
    InvalidTotal(String),
    /// The page starts beyond 2^53 - 1 rows, which a JS number cannot count exactly.
    OffsetTooLarge {
        /// The page asked for.
        page: u64,
        /// The page size.
        limit: u64,
    },
}

impl PageError {
    /// The message of the error, as `Display` prints it (built from its pieces: see
    /// [`decimal`]).
    pub fn message(&self) -> String {
        match self {
            PageError::InvalidPage(v) => ["page must be an integer >= 1, got ", v].concat(),
            PageError::InvalidLimit(v) => ["limit must be an integer >= 1, got ", v].concat(),
            PageError::InvalidTotal(v) => ["total must be an integer >= 0, got ", v].concat(),
            PageError::OffsetTooLarge { page, limit } => [
                "page ",
                &decimal(*page),
                " with limit ",
                &decimal(*limit),
                " starts beyond 2^53 - 1 rows",
            ]
            .concat(),
        }
    }
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for PageError {}

/// The metadata of one offset page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OffsetPage {
    /// The 1-based page number asked for.
    pub page: u64,
    /// Rows per page.
    pub limit: u64,
    /// Rows in the whole data set.
    pub total: u64,
    /// Number of pages of the data set: `ceil(total / limit)` (0 for an empty data set).
    pub pages: u64,
    /// Rows skipped before this page: `(page - 1) * limit`.
    pub offset: u64,
    /// True when a later page has rows (`page < pages`).
    pub has_next: bool,
    /// True when the page is not the first (`page > 1`), also past the end.
    pub has_previous: bool,
}

impl OffsetPage {
    /// Describes page `page` (1-based) of `limit` rows over `total` rows.
    pub fn new(total: u64, page: u64, limit: u64) -> Result<OffsetPage, PageError> {
        if !(1..=MAX_SAFE_INTEGER).contains(&page) {
            return Err(PageError::InvalidPage(decimal(page)));
        }
        if !(1..=MAX_SAFE_INTEGER).contains(&limit) {
            return Err(PageError::InvalidLimit(decimal(limit)));
        }
        if total > MAX_TOTAL {
            return Err(PageError::InvalidTotal(decimal(total)));
        }
        let offset = (page - 1)
            .checked_mul(limit)
            .filter(|&o| o <= MAX_SAFE_INTEGER)
            .ok_or(PageError::OffsetTooLarge { page, limit })?;
        let pages = total.div_ceil(limit);
        Ok(OffsetPage {
            page,
            limit,
            total,
            pages,
            offset,
            has_next: page < pages,
            has_previous: page > 1,
        })
    }

    /// The index range of this page's rows in a data set of `len` rows (empty past the end).
    pub fn range(&self, len: u64) -> Range<usize> {
        let start = self.offset.min(len);
        let end = self.offset.saturating_add(self.limit).min(len);
        // Both are at most `len`, which came from a slice length, so they fit a usize.
        start as usize..end as usize
    }
}

/// One offset page of an in-memory slice: its rows and metadata.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffsetSlice<'a, T> {
    /// The rows of the page (empty past the end).
    pub items: &'a [T],
    /// The page metadata, with `total` = the slice length.
    pub meta: OffsetPage,
}

/// Cuts page `page` (1-based) of `limit` rows out of `items`.
pub fn paginate_offset<T>(
    items: &[T],
    page: u64,
    limit: u64,
) -> Result<OffsetSlice<'_, T>, PageError> {
    let meta = OffsetPage::new(items.len() as u64, page, limit)?;
    let items = items.get(meta.range(items.len() as u64)).unwrap_or(&[]);
    Ok(OffsetSlice { items, meta })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_pages() {
        let p = OffsetPage::new(100, 1, 10).unwrap();
        assert_eq!(
            p,
            OffsetPage {
                page: 1,
                limit: 10,
                total: 100,
                pages: 10,
                offset: 0,
                has_next: true,
                has_previous: false
            }
        );
        let last = OffsetPage::new(101, 11, 10).unwrap();
        assert_eq!(
            (last.pages, last.has_next, last.has_previous),
            (11, false, true)
        );
        let empty = OffsetPage::new(0, 1, 10).unwrap();
        assert_eq!(
            (empty.pages, empty.has_next, empty.has_previous),
            (0, false, false)
        );
    }

    #[test]
    fn past_the_end_is_empty_not_an_error() {
        let data: Vec<u32> = (0..25).collect();
        let p = paginate_offset(&data, 9, 10).unwrap();
        assert!(p.items.is_empty());
        assert_eq!((p.meta.total, p.meta.pages, p.meta.offset), (25, 3, 80));
        assert!(!p.meta.has_next && p.meta.has_previous);
        let third = paginate_offset(&data, 3, 10).unwrap();
        assert_eq!(third.items, &[20, 21, 22, 23, 24]);
    }

    #[test]
    fn counts_beyond_32_bits() {
        let total = MAX_SAFE_INTEGER;
        let p = OffsetPage::new(total, 3_000_000_000, 1_000_000).unwrap();
        assert_eq!(p.offset, 2_999_999_999_000_000);
        assert_eq!(p.pages, total.div_ceil(1_000_000));
        assert!(p.has_next);
    }

    #[test]
    fn refuses_bad_arguments() {
        assert!(matches!(
            OffsetPage::new(10, 0, 10),
            Err(PageError::InvalidPage(_))
        ));
        assert!(matches!(
            OffsetPage::new(10, 1, 0),
            Err(PageError::InvalidLimit(_))
        ));
        assert!(matches!(
            OffsetPage::new(MAX_TOTAL + 1, 1, 1),
            Err(PageError::InvalidTotal(_))
        ));
        assert!(OffsetPage::new(MAX_TOTAL, 1, 1).is_ok());
        assert!(matches!(
            OffsetPage::new(MAX_TOTAL, 1, 0),
            Err(PageError::InvalidLimit(_))
        ));
        assert!(matches!(
            OffsetPage::new(10, MAX_SAFE_INTEGER, MAX_SAFE_INTEGER),
            Err(PageError::OffsetTooLarge { .. })
        ));
    }
}
