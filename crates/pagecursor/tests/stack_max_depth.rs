//! Exhaustive check of F11 (docs/security.md): every stack reachable by short operation
//! sequences, restored with every `maxDepth` from 1 to 6, keeps its current page and token,
//! holds at most `maxDepth` tokens, and its state re-reads to the same stack (directly and
//! through a codec), again and again — `CursorStack.from(stack.toString())` never refuses a
//! state a stack emitted.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use std::collections::HashSet;

use pagecursor::codec::CursorCodec;
use pagecursor::{CursorStack, Value};

const MAX_DEPTHS: std::ops::RangeInclusive<u64> = 1..=6;

/// Every operation of the stack, with a small alphabet of tokens (so that states repeat and
/// the search stays small) and the absent tokens that mean "the end".
fn successors(stack: &CursorStack) -> Vec<CursorStack> {
    let tokens = [Some(Value::from("a")), Some(Value::from("b")), None];
    let mut out = Vec::new();
    for token in &tokens {
        let mut s = stack.clone();
        s.record(token.clone());
        out.push(s);
        let mut s = stack.clone();
        if s.forward(Some(token.clone())).is_ok() {
            out.push(s);
        }
    }
    let mut s = stack.clone();
    if s.forward(None).is_ok() {
        out.push(s);
    }
    let mut s = stack.clone();
    s.back();
    out.push(s);
    for page in stack.oldest()..=stack.furthest() {
        let mut s = stack.clone();
        s.go_to(page).unwrap();
        out.push(s);
    }
    let mut s = stack.clone();
    s.reset();
    out.push(s);
    // A stack that itself went through a lowered depth keeps walking (set, then unset).
    for depth in [Some(2), None] {
        let mut s = stack.clone();
        s.set_max_depth(depth).unwrap();
        out.push(s);
    }
    out
}

/// The stacks reachable from a fresh one (unlimited and with a depth of 3) in `steps`
/// operations, each state once.
fn reachable(steps: usize) -> Vec<CursorStack> {
    let mut seen = HashSet::new();
    let mut all = Vec::new();
    let mut frontier = vec![CursorStack::new(), CursorStack::with_max_depth(3).unwrap()];
    for _ in 0..=steps {
        let mut next = Vec::new();
        for stack in frontier {
            if seen.insert(format!("{:?}", stack.to_value().unwrap())) {
                next.extend(successors(&stack));
                all.push(stack);
            }
        }
        frontier = next;
    }
    all
}

fn check_round_trip(stack: &CursorStack, codec: &CursorCodec) {
    let again = CursorStack::from_value(&stack.to_value().unwrap())
        .unwrap_or_else(|e| panic!("{stack:?} does not re-read: {e}"));
    assert_eq!(&again, stack);
    let token = stack.serialize(codec, None).unwrap();
    let restored = CursorStack::deserialize(&token, codec, None).unwrap();
    assert_eq!(&restored, stack);
    assert_eq!(restored.serialize(codec, None).unwrap(), token);
}

#[test]
fn every_state_restored_with_a_smaller_max_depth_round_trips() {
    let codec = CursorCodec::default();
    let stacks = reachable(7);
    assert!(stacks.len() > 1_000, "only {} states", stacks.len());
    for stack in &stacks {
        check_round_trip(stack, &codec);
        for depth in MAX_DEPTHS {
            // `CursorStack.from(state, { maxDepth })`: restore, then lower the depth.
            let mut lowered = CursorStack::from_value(&stack.to_value().unwrap()).unwrap();
            lowered.set_max_depth(Some(depth)).unwrap();
            assert_eq!(lowered.page(), stack.page(), "{stack:?} depth {depth}");
            assert_eq!(
                lowered.current(),
                stack.current(),
                "{stack:?} depth {depth}"
            );
            assert_eq!(lowered.max_depth(), Some(depth));
            let kept = lowered.furthest() - lowered.oldest() + 1;
            assert!(kept <= depth, "{lowered:?} keeps {kept} > {depth}");
            // Nothing is lost for the next step: forward from the current page gives the same
            // token as before (when the stack had one).
            let (mut a, mut b) = (stack.clone(), lowered.clone());
            if let Ok(token) = a.forward(None) {
                assert_eq!(b.forward(None), Ok(token), "{stack:?} depth {depth}");
            }
            check_round_trip(&lowered, &codec);
            // Lowering again to the same depth changes nothing.
            let mut twice = lowered.clone();
            twice.set_max_depth(Some(depth)).unwrap();
            assert_eq!(twice, lowered);
        }
    }
}
