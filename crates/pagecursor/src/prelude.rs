//! What the standard prelude gives a std build, for the modules of the `no_std` wasm32 build
//! (src/lib.rs): each module that needs them has `use crate::prelude::*;`. In a std build they
//! are the same items as std's prelude.
#![allow(unused_imports)]

pub(crate) use alloc::borrow::ToOwned;
pub(crate) use alloc::boxed::Box;
pub(crate) use alloc::format;
pub(crate) use alloc::string::{String, ToString};
pub(crate) use alloc::vec;
pub(crate) use alloc::vec::Vec;
