//! Fuzzes token decoding in every mode, with and without a scope
//! (run: `cargo +nightly fuzz run decode_modes`; seeds: `cargo run --example seeds`).
//!
//! Input: one selector byte (its low two bits choose the decoding scope: none, `null`, a
//! string, a map), then the token. The same token goes to a plain, a signed and a sealed
//! codec with fixed keys (a current and a retired one) and a fixed clock.
//!
//! Properties: decoding never panics; whatever is accepted re-mints to exactly the same
//! token (so no second spelling of a token exists, and no mutation of a valid signed or
//! sealed seed is accepted unless it is the seed itself).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pagecursor_fuzz::{assert_remints, codecs, decode_options, scope};

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(token) = std::str::from_utf8(rest) else {
        return;
    };
    let options = decode_options(sel);
    for codec in codecs() {
        if let Ok(cursor) = codec.decode(token, &options) {
            assert_remints(&codec, token, &cursor, scope(sel));
        }
    }
});
