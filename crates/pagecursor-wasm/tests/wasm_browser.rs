//! Boundary behaviour of the bindings, run again in headless Chromium.
#![cfg(target_arch = "wasm32")]
// wasm_bindgen_test functions are tests, but clippy does not know them as such.
#![allow(clippy::unwrap_used)]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod wasm_common;
