//! WebAssembly bindings of pagecursor: a thin layer that converts JS values and errors and
//! calls the core crate. One file per JS concept. Everything here is for
//! `wasm32-unknown-unknown`; other targets build an empty crate.
// No std in the npm package's module (feature `npm-module`, which scripts/build.sh turns on):
// std's panic path boxes and formats every panic's payload, although a panic there can only
// trap; with `core` and `alloc` alone the panic handler below traps at once (0.9 KB gzip less of
// the module). The wasm32 test builds keep std: their harness links it and its panic handler.
#![cfg_attr(all(target_arch = "wasm32", feature = "npm-module"), no_std)]
#![cfg(target_arch = "wasm32")]

extern crate alloc;

mod prelude;

pub mod codec;
pub mod convert;
pub mod errors;
pub mod read;

// The parts a smaller module of the npm package leaves out (Cargo.toml, scripts/build.sh): their
// exports are not in it at all, so neither is their code nor its wasm-bindgen wrappers. The one
// glue (pkg/pagecursor.js) still defines their classes; the JS layer never calls one in a module
// without it (src/js/loading/loading.ts: `isLoaded(part)` comes first, and says `not_ready`).
#[cfg(feature = "client")]
pub mod infinite;
#[cfg(feature = "page-models")]
pub mod page;
#[cfg(feature = "client")]
pub mod paginate;
#[cfg(feature = "client")]
pub mod stack;

use wasm_bindgen::prelude::wasm_bindgen;

// The generated declarations of the glue (pkg/pagecursor.d.ts, not shipped) name the public
// types that the bindings' `unchecked_*_type` attributes use; they come from the published
// declarations, so that `tsc -p src/js/tsconfig.json` checks the TypeScript layer against the
// glue's real signatures.
#[wasm_bindgen(typescript_custom_section)]
const PUBLIC_TYPES: &str = r#"import type { Cursor, CursorCodecOptions, CursorStackOptions, CursorValue, DecodeOptions, EncodeOptions, FetchPage, InfiniteListOptions, KeysetPage, OffsetPageInfo } from "./index.js";"#;

/// The wasm module's allocator. talc instead of the default dlmalloc: 2.6 KB gzip less of every
/// import, measured with the same build flags (bench/README.md, "What was tried"), and the same
/// allocations (the module is single-threaded, and memory only grows).
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// A panic in the WebAssembly module traps, as `panic = "abort"` did with std, without
/// formatting its message first. (The bindings are written so that none is reachable: bad input
/// is a typed error, never a panic.)
#[cfg(feature = "npm-module")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}
