//! The crate's one sort: a heap sort.
//!
//! `n log n` comparisons in the worst case, no allocation, and a fraction of the code of the
//! standard sorts: `sort_unstable_by` linked about 3.5 KB of wasm (its quicksort, pivot and
//! sorting networks; bench/README.md, "Package shape"). It is unstable, so callers give it a
//! total order (map keys are distinct; the keyset order breaks ties by row index).

/// Sorts `v` into ascending order by `less` (a strict total order: `less(a, b)` when `a` goes
/// before `b`).
pub(crate) fn heap_sort_by<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    let mut sift_down = |v: &mut [T], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[root], &v[child]) {
            return;
        }
        v.swap(root, child);
        root = child;
    };
    let n = v.len();
    for root in (0..n / 2).rev() {
        sift_down(v, root, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift_down(v, 0, end);
    }
}

#[cfg(test)]
mod tests {
    use super::heap_sort_by;

    #[test]
    fn sorts_every_input_order() {
        // Orders that a heap sort handles differently: sorted, reversed, interleaved, with
        // ties, one element, none.
        let orders: Vec<Vec<u32>> = vec![
            (0..300).collect(),
            (0..300).rev().collect(),
            (0..300).map(|i| (i * 7) % 300).collect(),
            (0..300).map(|i| (i * 13) % 17).collect(),
            vec![0],
            vec![],
        ];
        for order in orders {
            let mut got = order.clone();
            heap_sort_by(&mut got, |a, b| a < b);
            let mut want = order;
            want.sort_unstable();
            assert_eq!(got, want);
        }
    }
}
