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
// No std in the WebAssembly module of the npm package (feature `npm-module`, which
// scripts/build.sh turns on): std's panic path boxes and formats every panic's payload, although
// a panic there can only trap; with `core` and `alloc` alone the panic handler below traps at
// once (0.9 KB gzip less of the module, bench/README.md). Every other build keeps std: native
// ones (tests, proptest, the std clock), and the wasm32 test builds, whose harness links std
// and its own panic handler.
#![cfg_attr(all(target_arch = "wasm32", feature = "npm-module"), no_std)]

extern crate alloc;

mod prelude;

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

/// A panic in the WebAssembly module traps, as `panic = "abort"` did with std, without
/// formatting its message first. (The bindings are written so that none is reachable: bad input
/// is a typed error, never a panic.)
#[cfg(all(target_arch = "wasm32", feature = "npm-module"))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}

/// The README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
