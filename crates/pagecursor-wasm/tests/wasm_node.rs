//! Boundary behaviour of the bindings, run in Node by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]
// wasm_bindgen_test functions are tests, but clippy does not know them as such.
#![allow(clippy::unwrap_used)]

mod wasm_common;
