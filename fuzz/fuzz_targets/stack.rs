//! Fuzzes the client state parsers: `CursorStack::deserialize` / `from_value` (the string of
//! `CursorStack.toString()` / `CursorStack.from`) and `ChunkWindow::from_value` (the state
//! inside `InfiniteList.toString()`), then drives whatever was accepted
//! (run: `cargo +nightly fuzz run stack`, or fuzz/build.sh).
//!
//! Input: one selector byte (bits 0–1: the scope), then a token; the token's bytes double as
//! a script of operations (forward, back, goTo, record, reset, maxDepth) run on an accepted
//! stack, and of chunk loads run on an accepted window.
//!
//! Properties: no panic (the build has overflow checks, so page arithmetic near 2^64 is
//! covered); an accepted stack's state re-reads to the same state, before and after every
//! operation; an accepted signed state re-mints to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pagecursor::codec::{DecodeOptions, Mode};
use pagecursor::stack::{ChunkWindow, Edge};
use pagecursor::{CursorStack, Value};
use pagecursor_fuzz::{codec, keys, scope};

fn same(a: &CursorStack, b: &CursorStack) -> bool {
    a.to_value().ok() == b.to_value().ok()
}

fn drive_stack(mut stack: CursorStack, script: &[u8]) {
    for (i, &op) in script.iter().take(48).enumerate() {
        match op % 7 {
            0 => {
                let _ = stack.forward(None);
            }
            1 => {
                let _ = stack.forward(Some(Some(Value::from(format!("t{i}")))));
            }
            2 => {
                let _ = stack.back();
            }
            3 => {
                // Pages near both ends of the range, and small ones.
                let page = match op >> 3 {
                    0 => u64::MAX,
                    1 => u64::MAX - 1,
                    2 => stack.page().wrapping_add(1),
                    n => u64::from(n),
                };
                let _ = stack.go_to(page);
            }
            4 => stack.record(if op & 8 == 0 {
                None
            } else {
                Some(Value::Int(i as i128))
            }),
            5 => {
                let _ = stack.set_max_depth(if op & 8 == 0 {
                    None
                } else {
                    Some(u64::from(op >> 4))
                });
            }
            _ => stack.reset(),
        }
        // Every state a stack holds re-reads to the same stack (F11, fixed: a lowered
        // maxDepth used to leave more tokens than maxDepth, which `from_value` refused).
        match CursorStack::from_value(&stack.to_value().expect("a stack of string and integer tokens encodes")) {
            Ok(again) => assert!(same(&again, &stack), "the state round-trips"),
            Err(e) => panic!("a stack's own state re-reads after every operation: {e}"),
        }
        let _ = (
            stack.page(),
            stack.current(),
            stack.has_next(),
            stack.has_previous(),
        );
    }
}

fn drive_window(mut window: ChunkWindow, script: &[u8]) {
    for (i, &op) in script.iter().take(32).enumerate() {
        let _ = (
            window.window(),
            window.known_chunks(),
            window.has_more(),
            window.has_previous(),
        );
        let edge = if op & 1 == 0 { Edge::Back } else { Edge::Front };
        let target = match edge {
            Edge::Back => window.next_chunk(),
            Edge::Front => window.previous_chunk(),
        };
        let index = match target {
            Some((index, _)) if op & 2 == 0 => index,
            // Any chunk id, before the origin too.
            _ => i64::from(op) - 128,
        };
        // The origin's first page read, with or without a previous token.
        if op & 0x40 != 0 {
            window.origin_read((op & 0x80 != 0).then(|| format!("p{i}")));
        }
        let resume = (op & 4 == 0).then(|| format!("r{i}"));
        let _ = window.loaded(edge, index, resume, usize::from(op >> 3));
        let _ = window.to_value();
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(token) = std::str::from_utf8(rest) else {
        return;
    };
    let scope = scope(sel);
    for codec in [codec(Mode::Plain, vec![]), codec(Mode::Signed, keys())] {
        if let Ok(stack) = CursorStack::deserialize(token, &codec, scope.as_ref()) {
            let again = CursorStack::from_value(&stack.to_value().expect("an accepted state encodes"))
                .expect("own state re-reads");
            assert!(same(&again, &stack));
            let minted = stack
                .serialize(&codec, scope.as_ref())
                .expect("an accepted state serializes");
            let back = CursorStack::deserialize(&minted, &codec, scope.as_ref())
                .expect("a re-minted state is accepted");
            assert!(same(&back, &stack));
            drive_stack(stack, rest);
        }
        if let Ok(cursor) = codec.decode(
            token,
            &DecodeOptions {
                scope: scope.clone(),
                ..Default::default()
            },
        ) {
            for max in [None, Some(1), Some(3)] {
                if let Ok(window) = ChunkWindow::from_value(&cursor.value, max) {
                    drive_window(window, rest);
                }
            }
        }
    }
});
