//! # pagecursor
//!
//! Opaque, typed, versioned cursors and a correct paginator for token-paginated APIs.
//!
//! The crate is a pure Rust core that builds and tests natively; the WebAssembly bindings
//! used by the npm package live in [`wasm`](crate) behind `cfg(target_arch = "wasm32")`.
//!
//! ```
//! use pagecursor::{decode_cursor, encode_cursor, Value};
//!
//! let boundary = Value::map([("id", Value::Int(42)), ("name", Value::from("Zoë"))]);
//! let token = encode_cursor(&boundary).unwrap();
//! assert_eq!(decode_cursor(&token).unwrap().value, boundary);
//! ```
#![warn(missing_docs)]

pub mod codec;
pub mod error;
pub mod keyset;
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

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;

/// The README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
