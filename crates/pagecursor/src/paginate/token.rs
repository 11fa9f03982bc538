//! Service tokens: when a token means "no more pages", and the canonical digest that detects a
//! token the walk already sent (also across a cycle A, B, A).

use crate::prelude::*;
use crate::value::Value;

/// Bytes kept per sent token by cycle detection: a 128-bit keyed digest of its canonical form
/// ([`SentTokens`]). 16 bytes make an accidental collision
/// (a false `repeated_token`) vanishingly unlikely (about 2^-64 after 2^32 pages) while
/// keeping the set small.
pub const TOKEN_DIGEST_BYTES: usize = 16;

/// A service token as the walk holds it: the host's raw value (passed back to `fetchPage`
/// unchanged) and, when the token is a cursor value, its [`Value`] form (for cycle detection
/// and resume tokens).
#[derive(Clone, Debug)]
pub struct Token<T> {
    /// The raw token exactly as the page carried it.
    pub raw: T,
    /// The token as a [`Value`], or `None` when it cannot be represented (a class instance,
    /// a function…): such a token is still followed, but it neither takes part in cycle
    /// detection nor can be written into a resume token.
    pub value: Option<Value>,
}

impl Token<Value> {
    /// A token whose raw form is its own [`Value`] (native use and tests).
    pub fn from_value(value: Value) -> Token<Value> {
        Token {
            raw: value.clone(),
            value: Some(value),
        }
    }
}

/// Appends a canonical, self-delimiting encoding of `value` to `out`. With `sort_keys` map
/// entries are ordered by key, so that `{a, b}` and `{b, a}` encode alike (token equality
/// ignores key order); without it the order is kept (checksums of a payload).
pub fn canonical_bytes(value: &Value, sort_keys: bool, out: &mut Vec<u8>) {
    fn len(out: &mut Vec<u8>, n: usize) {
        out.extend_from_slice(&(n as u64).to_be_bytes());
    }
    match value {
        Value::Null => out.push(0),
        Value::Bool(b) => out.push(if *b { 2 } else { 1 }),
        Value::Float(f) => {
            out.push(3);
            // Every NaN is the same token; -0 and 0 stay distinct, as the codec keeps them.
            let bits = if f.is_nan() {
                f64::NAN.to_bits()
            } else {
                f.to_bits()
            };
            out.extend_from_slice(&bits.to_be_bytes());
        }
        Value::Int(i) => {
            out.push(4);
            out.extend_from_slice(&i.to_be_bytes());
        }
        Value::String(s) => {
            out.push(5);
            len(out, s.len());
            out.extend_from_slice(s.as_bytes());
        }
        Value::Bytes(b) => {
            out.push(6);
            len(out, b.len());
            out.extend_from_slice(b);
        }
        Value::Date(ms) => {
            out.push(7);
            out.extend_from_slice(&ms.to_be_bytes());
        }
        Value::List(items) => {
            out.push(8);
            len(out, items.len());
            for item in items {
                canonical_bytes(item, sort_keys, out);
            }
        }
        Value::Map(entries) => {
            out.push(9);
            len(out, entries.len());
            let mut refs: Vec<&(String, Value)> = entries.iter().collect();
            if sort_keys {
                sort_by_key_name(&mut refs);
            }
            for (k, v) in refs {
                len(out, k.len());
                out.extend_from_slice(k.as_bytes());
                canonical_bytes(v, sort_keys, out);
            }
        }
    }
}

/// Sorts map entries by key, with the crate's merge sort (`n log n` comparisons in the worst
/// case: an insertion sort took seconds for a token of 50,000 keys).
fn sort_by_key_name(refs: &mut [&(String, Value)]) {
    crate::sort::merge_sort_by(refs, |a, b| a.0 < b.0);
}

/// SipHash-2-4 with a 128-bit output (the reference `siphash.c` with `outlen` 16, from the
/// `siphasher` crate) of `data` under `key`: a keyed function, so that whoever chooses the
/// tokens (a server, or users whose data become keys in `LastEvaluatedKey`) cannot make two
/// tokens collide without the key. About a hundred times cheaper than SHA-256 in the
/// size-optimised wasm build, where the digest was most of the paginator's time per page.
pub fn siphash128(key: [u64; 2], data: &[u8]) -> [u8; TOKEN_DIGEST_BYTES] {
    use core::hash::Hasher;
    use siphasher::sip128::{Hasher128, SipHasher24};
    let mut h = SipHasher24::new_with_keys(key[0], key[1]);
    h.write(data);
    h.finish128().as_bytes()
}

/// The tokens one chain of requests has sent, as keyed digests ([`siphash128`] of the
/// canonical form under a random key per chain): memory grows by [`TOKEN_DIGEST_BYTES`] (over
/// a table at most 3/4 full) per page, never by the size of a token.
#[derive(Clone, Debug)]
pub struct SentTokens {
    key: [u64; 2],
    digests: DigestSet,
    /// The canonical form of the token being digested, kept to spare an allocation per page.
    buf: Vec<u8>,
}

/// A random key for [`siphash128`]. Without a random source the key stays fixed: collisions
/// can then be searched for offline, which at worst stops a walk with `repeated_token` (or
/// hides an item of a list as shown already).
pub(crate) fn random_key() -> [u64; 2] {
    let mut bytes = [0u8; 16];
    let _ = getrandom::fill(&mut bytes);
    let mut k0 = [0u8; 8];
    let mut k1 = [0u8; 8];
    k0.copy_from_slice(&bytes[..8]);
    k1.copy_from_slice(&bytes[8..]);
    [u64::from_le_bytes(k0), u64::from_le_bytes(k1)]
}

/// The keyed digest of a value's canonical form (map key order ignored), `buf` its scratch.
pub(crate) fn digest(key: [u64; 2], value: &Value, buf: &mut Vec<u8>) -> u128 {
    buf.clear();
    canonical_bytes(value, true, buf);
    u128::from_le_bytes(siphash128(key, buf))
}

impl Default for SentTokens {
    fn default() -> SentTokens {
        SentTokens {
            key: random_key(),
            digests: DigestSet::default(),
            buf: Vec::new(),
        }
    }
}

impl SentTokens {
    /// Records a token about to be sent. Returns false when an equal token was sent before.
    pub fn insert(&mut self, value: &Value) -> bool {
        let d = digest(self.key, value, &mut self.buf);
        self.digests.insert(d)
    }

    /// True when a token deep-equal to `value` was already sent.
    pub fn contains(&self, value: &Value) -> bool {
        self.digests
            .contains(digest(self.key, value, &mut Vec::new()))
    }

    /// How many distinct tokens were sent.
    pub fn len(&self) -> usize {
        self.digests.len + usize::from(self.digests.zero)
    }

    /// True before the first token was sent.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A set of digests: open addressing with linear probing, at most 3/4 full. The digests are
/// keyed SipHash outputs, so their low bits already spread evenly and cannot be aimed at one
/// slot without the key. A B-tree took a quarter of a page's time in the core; std's hash
/// set would cost kilobytes of wasm.
#[derive(Clone, Debug, Default)]
struct DigestSet {
    /// A power of two of slots (or none); 0 marks a free slot.
    slots: Vec<u128>,
    /// Digests in `slots`.
    len: usize,
    /// The digest 0 (which marks free slots) was inserted.
    zero: bool,
}

impl DigestSet {
    /// The slot holding `d` or the free slot where it goes: `Err` when it is present.
    fn find(&self, d: u128) -> Option<Result<usize, usize>> {
        let mask = self.slots.len().checked_sub(1)?;
        let mut i = (d as usize) & mask;
        // At most 3/4 full, so a free slot ends every probe; the bound only guards the loop.
        for _ in 0..self.slots.len() {
            match self.slots.get(i) {
                Some(0) => return Some(Ok(i)),
                Some(s) if *s == d => return Some(Err(i)),
                Some(_) => i = (i + 1) & mask,
                None => return None,
            }
        }
        None
    }

    fn insert(&mut self, d: u128) -> bool {
        if d == 0 {
            return !core::mem::replace(&mut self.zero, true);
        }
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            let size = (self.slots.len() * 2).max(16);
            let old = core::mem::replace(&mut self.slots, alloc::vec![0; size]);
            self.len = 0;
            for s in old.into_iter().filter(|s| *s != 0) {
                self.insert(s);
            }
        }
        match self.find(d) {
            Some(Ok(i)) => {
                if let Some(slot) = self.slots.get_mut(i) {
                    *slot = d;
                    self.len += 1;
                }
                true
            }
            _ => false,
        }
    }

    fn contains(&self, d: u128) -> bool {
        if d == 0 {
            return self.zero;
        }
        matches!(self.find(d), Some(Err(_)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_values() {
        assert!(Value::Null.is_absent_token());
        assert!(Value::from("").is_absent_token());
        assert!(Value::Map(vec![]).is_absent_token());
        assert!(!Value::List(vec![]).is_absent_token());
        assert!(!Value::from("x").is_absent_token());
        assert!(!Value::Float(0.0).is_absent_token());
        assert!(!Value::Bool(false).is_absent_token());
    }

    #[test]
    fn key_order_is_ignored_but_types_are_not() {
        // Deep equality as cycle detection sees it: `y` counts as sent once `x` was.
        let same = |x: &Value, y: &Value| {
            let mut sent = SentTokens::default();
            sent.insert(x);
            sent.contains(y)
        };
        let a = Value::map([("pk", Value::from("u#1")), ("sk", Value::Int(3))]);
        let b = Value::map([("sk", Value::Int(3)), ("pk", Value::from("u#1"))]);
        assert!(same(&a, &b));
        let c = Value::map([("sk", Value::Float(3.0)), ("pk", Value::from("u#1"))]);
        assert!(!same(&a, &c));
        let nested_a = Value::map([("k", a.clone())]);
        let nested_b = Value::map([("k", b)]);
        assert!(same(&nested_a, &nested_b));
        assert!(!same(
            &Value::Bytes(vec![1, 2]),
            &Value::List(vec![Value::Float(1.0), Value::Float(2.0)])
        ));
    }

    #[test]
    fn siphash128_matches_the_reference_vectors() {
        // vectors_sip128 of the SipHash reference code: key 00..0f, messages 00..(n-1).
        let key = [0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908];
        let msg: Vec<u8> = (0u8..16).collect();
        assert_eq!(
            siphash128(key, &msg[..0]),
            [
                0xa3, 0x81, 0x7f, 0x04, 0xba, 0x25, 0xa8, 0xe6, 0x6d, 0xf6, 0x72, 0x14, 0xc7, 0x55,
                0x02, 0x93
            ]
        );
        assert_eq!(
            siphash128(key, &msg[..1]),
            [
                0xda, 0x87, 0xc1, 0xd8, 0x6b, 0x99, 0xaf, 0x44, 0x34, 0x76, 0x59, 0x11, 0x9b, 0x22,
                0xfc, 0x45
            ]
        );
    }

    #[test]
    fn digest_set_grows_and_finds_every_digest() {
        let spread = |i: u128| i.wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
        // Same low bits: every digest probes from one slot.
        let clustered = |i: u128| i << 64;
        for digest in [spread, clustered] {
            let mut set = DigestSet::default();
            for i in 0..2000 {
                assert!(!set.contains(digest(i)));
                assert!(set.insert(digest(i)), "{i} is new");
            }
            for i in 0..2000 {
                assert!(set.contains(digest(i)));
                assert!(!set.insert(digest(i)), "{i} was inserted");
            }
            assert!(!set.contains(digest(2000)));
            // 0 (the free-slot mark) is one of them.
            assert!(set.zero);
            assert_eq!(set.len + 1, 2000);
            assert!(set.len * 4 <= set.slots.len() * 3);
        }
    }

    #[test]
    fn keys_are_sorted_for_every_input_order() {
        // Sorted, reversed, interleaved, one key, none.
        let names: Vec<String> = (0..300).map(|i| alloc::format!("k{i:03}")).collect();
        let orders: Vec<Vec<usize>> = alloc::vec![
            (0..300).collect(),
            (0..300).rev().collect(),
            (0..300).map(|i| (i * 7) % 300).collect(),
            alloc::vec![0],
            alloc::vec![],
        ];
        for order in orders {
            let entries: Vec<(String, Value)> = order
                .iter()
                .map(|&i| (names[i].clone(), Value::Int((i as i64).into())))
                .collect();
            let mut refs: Vec<&(String, Value)> = entries.iter().collect();
            sort_by_key_name(&mut refs);
            let got: Vec<&str> = refs.iter().map(|(k, _)| k.as_str()).collect();
            let mut want: Vec<&str> = order.iter().map(|&i| names[i].as_str()).collect();
            want.sort_unstable();
            assert_eq!(got, want);
        }
    }

    #[test]
    fn sent_tokens_ignore_key_order() {
        let mut sent = SentTokens::default();
        let a = Value::map([("pk", Value::from("u#1")), ("sk", Value::Int(3))]);
        let b = Value::map([("sk", Value::Int(3)), ("pk", Value::from("u#1"))]);
        let c = Value::map([("sk", Value::Float(3.0)), ("pk", Value::from("u#1"))]);
        assert!(sent.insert(&a));
        assert!(sent.contains(&b));
        assert!(!sent.contains(&c));
    }

    #[test]
    fn sent_tokens_detect_cycles() {
        let mut sent = SentTokens::default();
        assert!(sent.insert(&Value::from("A")));
        assert!(sent.insert(&Value::from("B")));
        assert!(sent.contains(&Value::from("A")));
        assert!(!sent.insert(&Value::from("A")));
        assert_eq!(sent.len(), 2);
    }
}
