//! WebAssembly bindings: a thin layer that converts JS values and errors and calls the core.
//! One file per JS concept; no logic of its own beyond conversion.

pub mod codec;
pub mod convert;
pub mod errors;
pub mod infinite;
pub mod page;
pub mod paginate;
pub mod stack;
