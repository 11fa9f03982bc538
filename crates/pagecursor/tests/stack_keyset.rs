//! Keyset stability: walking forward to the end and back to the start visits every row exactly
//! once, in order, while rows are inserted and deleted between page loads — the property that
//! offset pagination lacks.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use pagecursor::codec::CursorCodec;
use pagecursor::{compare_values, paginate_keyset, paginate_offset, KeysetOptions, SortKey, Value};
use proptest::prelude::*;

fn row(score: i64, id: i64) -> Vec<Value> {
    vec![Value::Float(score as f64), Value::Int(id.into())]
}

fn id_of(r: &[Value]) -> i128 {
    match r.get(1) {
        Some(Value::Int(i)) => *i,
        _ => -1,
    }
}

/// One page load, then a mutation of the data: (insert score, delete index) pairs.
type Mutations = Vec<(Option<i64>, Option<usize>)>;

fn walk(
    rows: &mut Vec<Vec<Value>>,
    mutations: &Mutations,
    limit: usize,
    backward: bool,
    next_id: &mut i64,
) -> Vec<Vec<Value>> {
    let codec = CursorCodec::default();
    let mut options = KeysetOptions {
        keys: vec![SortKey::asc("score"), SortKey::asc("id")],
        limit,
        ..Default::default()
    };
    let mut step = 0;
    // Forward: mutate between page loads unless this is the quiet run-up of a backward walk.
    let mut seen = Vec::new();
    let last = loop {
        let page = paginate_keyset(rows, &options, &codec).unwrap();
        if page.next_cursor.is_none() {
            break page;
        }
        seen.extend(page.indices.iter().map(|&i| rows[i].clone()));
        options.after = page.next_cursor;
        if !backward {
            mutate(rows, mutations.get(step), next_id);
            step += 1;
        }
    };
    let mut chunk: Vec<Vec<Value>> = last.indices.iter().map(|&i| rows[i].clone()).collect();
    if !backward {
        seen.append(&mut chunk);
        return seen;
    }
    // Backward from the last page: prepend each earlier page.
    let mut seen = chunk;
    options.after = None;
    let mut before = last.previous_cursor;
    while let Some(b) = before {
        mutate(rows, mutations.get(step), next_id);
        step += 1;
        options.before = Some(b);
        let page = paginate_keyset(rows, &options, &codec).unwrap();
        let mut chunk: Vec<Vec<Value>> = page.indices.iter().map(|&i| rows[i].clone()).collect();
        chunk.append(&mut seen);
        seen = chunk;
        before = page.previous_cursor;
    }
    seen
}

fn mutate(rows: &mut Vec<Vec<Value>>, m: Option<&(Option<i64>, Option<usize>)>, next_id: &mut i64) {
    let Some((insert, delete)) = m else { return };
    if let Some(score) = insert {
        rows.push(row(*score, *next_id));
        *next_id += 1;
    }
    if let Some(i) = delete {
        if !rows.is_empty() {
            let i = i % rows.len();
            rows.swap_remove(i);
        }
    }
}

fn is_strictly_ascending(rows: &[Vec<Value>]) -> bool {
    rows.windows(2).all(|w| {
        compare_values(&w[0][0], &w[1][0])
            .then_with(|| compare_values(&w[0][1], &w[1][1]))
            .is_lt()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn forward_and_backward_walks_are_stable_under_writes(
        scores in prop::collection::vec(0i64..20, 0..40),
        mutations in prop::collection::vec(
            (prop::option::of(0i64..20), prop::option::of(0usize..100)), 0..20),
        limit in 1usize..6,
        backward in any::<bool>(),
    ) {
        let mut rows: Vec<Vec<Value>> =
            scores.iter().enumerate().map(|(i, &s)| row(s, i as i64)).collect();
        let original: Vec<i128> = rows.iter().map(|r| id_of(r)).collect();
        let mut next_id = rows.len() as i64;
        let seen = walk(&mut rows, &mutations, limit, backward, &mut next_id);
        // Every row is visited at most once and in key order...
        prop_assert!(is_strictly_ascending(&seen));
        // ...and every row that existed throughout the walk was visited.
        let seen_ids: Vec<i128> = seen.iter().map(|r| id_of(r)).collect();
        for id in original {
            if rows.iter().any(|r| id_of(r) == id) {
                prop_assert!(seen_ids.contains(&id), "row {} was skipped", id);
            }
        }
    }
}

/// The same scenario under offset pagination: deleting a row already seen shifts the data and
/// the next page skips a row that was never deleted.
#[test]
fn offset_skips_where_keyset_does_not() {
    let mut rows: Vec<i64> = (0..10).collect();
    let first = paginate_offset(&rows, 1, 3).unwrap().items.to_vec();
    assert_eq!(first, [0, 1, 2]);
    rows.remove(0);
    let second = paginate_offset(&rows, 2, 3).unwrap().items.to_vec();
    assert_eq!(second, [4, 5, 6], "row 3 was skipped by offset pagination");

    let codec = CursorCodec::default();
    let mut keyed: Vec<Vec<Value>> = (0..10).map(|i| vec![Value::Int(i)]).collect();
    let mut options = KeysetOptions {
        keys: vec![SortKey::asc("id")],
        limit: 3,
        ..Default::default()
    };
    let p1 = paginate_keyset(&keyed, &options, &codec).unwrap();
    keyed.remove(0);
    options.after = p1.next_cursor;
    let p2 = paginate_keyset(&keyed, &options, &codec).unwrap();
    let ids: Vec<Value> = p2.indices.iter().map(|&i| keyed[i][0].clone()).collect();
    assert_eq!(ids, [Value::Int(3), Value::Int(4), Value::Int(5)]);
}
