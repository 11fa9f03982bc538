//! The crate's one sort: a merge sort.
//!
//! `n log n` comparisons in the worst case and a fraction of the code of the standard sorts:
//! `sort_unstable_by` linked about 3.5 KB of wasm (its quicksort, pivot and sorting networks;
//! bench/README.md, "What was tried").

/// Sorts `v` into ascending order by `less` (`less(a, b)` when `a` goes before `b`), keeping
/// equal elements in their order.
///
/// A bottom-up merge sort: runs of 1, 2, 4, … elements merged pairwise from `v` into a buffer
/// of the same length and back, at most `n log n` comparisons in every case.
pub(crate) fn merge_sort_by<T: Copy>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    let n = v.len();
    let mut buf = v.to_vec();
    let mut width = 1;
    // `true` while the sorted runs are in `buf` rather than `v`.
    let mut in_buf = false;
    while width < n {
        let (src, dst): (&[T], &mut [T]) = if in_buf { (&buf, v) } else { (v, &mut buf) };
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut i, mut j) = (start, mid);
            for slot in dst.iter_mut().take(end).skip(start) {
                let take_right = j < end && (i >= mid || less(&src[j], &src[i]));
                if take_right {
                    *slot = src[j];
                    j += 1;
                } else {
                    *slot = src[i];
                    i += 1;
                }
            }
            start = end;
        }
        in_buf = !in_buf;
        width *= 2;
    }
    if in_buf {
        v.copy_from_slice(&buf);
    }
}

#[cfg(test)]
mod tests {
    use super::merge_sort_by;

    #[test]
    fn sorts_every_input_order_stably() {
        // Sorted, reversed, interleaved, many ties, runs that are not powers of two, one
        // element, none. Each element carries its position, and only the key is compared, so
        // std's stable sort is the one right answer.
        let orders: Vec<Vec<u32>> = vec![
            (0..300).collect(),
            (0..300).rev().collect(),
            (0..300).map(|i| (i * 7) % 300).collect(),
            (0..300).map(|i| (i * 13) % 17).collect(),
            (0..1000).map(|i| (i * 7919) % 1009).collect(),
            vec![5; 40],
            vec![1, 0],
            vec![0],
            vec![],
        ];
        for order in orders {
            let tagged: Vec<(u32, usize)> = order.iter().copied().zip(0..).collect();
            let mut got = tagged.clone();
            merge_sort_by(&mut got, |a, b| a.0 < b.0);
            let mut want = tagged;
            want.sort_by_key(|&(key, _)| key);
            assert_eq!(got, want);
        }
    }
}
