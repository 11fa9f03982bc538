//! Boundary behaviour of the bindings, run in Node by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

mod wasm_common;
