//! WebAssembly bindings: a thin layer that converts JS values and errors and calls the core.
//! One file per JS concept; no logic of its own beyond conversion.

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
/// import (83,445 B against 86,045 B of the optimized module, measured in the session of issue
/// 15 with the same build flags; bench/README.md, "Package shape"), and the same allocations
/// (the module is single-threaded, and memory only grows, as before).
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
