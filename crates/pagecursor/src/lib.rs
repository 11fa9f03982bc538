//! # pagecursor
//!
//! Opaque, typed, versioned cursors and a correct paginator for token-paginated APIs.
//!
//! The crate is a pure Rust core: it builds and tests natively and has no WebAssembly, JS or
//! browser dependency. The npm package's modules are built from a separate bindings crate
//! (`crates/pagecursor-wasm`) that only converts values and errors. Without the default `std`
//! feature the crate is `no_std` (with `alloc`): codecs then need a clock or `now_ms`.
//!
//! ```
//! use pagecursor::{decode_cursor, encode_cursor, Value};
//!
//! let boundary = Value::map([("id", Value::Int(42)), ("name", Value::from("Zoë"))]);
//! let token = encode_cursor(&boundary).unwrap();
//! assert_eq!(decode_cursor(&token).unwrap().value, boundary);
//! ```
#![warn(missing_docs)]
// Without `std` (the npm package's WebAssembly module builds the core so) only `core` and
// `alloc`: the bindings crate's panic handler then traps at once instead of formatting.
#![cfg_attr(not(any(feature = "std", test)), no_std)]

extern crate alloc;

mod prelude;

pub mod codec;
pub mod error;
pub mod keyset;
pub mod list;
pub mod page;
pub mod paginate;
mod sort;
pub mod stack;
pub mod value;
pub mod window;

pub use codec::{decode_cursor, encode_cursor, Cursor, CursorCodec, Direction};
pub use error::CursorError;
pub use keyset::{
    compare_keys, compare_values, keyset_sql_bounds, keyset_sql_bounds_at, paginate_keyset,
    KeysetError, KeysetOptions, KeysetPage, SortKey, SqlBounds,
};
pub use page::{paginate_offset, OffsetPage, OffsetSlice, PageError};
pub use stack::{CursorStack, StackError};
pub use value::Value;

/// The README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
