//! The token list of a stack state, version 2 (`docs/cursor-stack.md`, "State format"): each
//! token as the bytes it shares with the token before it (a prefix and a suffix) and the bytes
//! between them.
//!
//! Why: consecutive tokens of a next-only API are alike. DRF next URLs share the scheme, host,
//! path and query parameters, and most of the base64 cursor; resume tokens share their header
//! and map fields; DynamoDB keys share their attribute names. Stored whole (version 1), a
//! `maxDepth: 50` stack of 128-character next URLs took 8,800 characters signed, past the
//! codec's default `maxLength` (4,096) at page 25; stored this way it takes 1,648
//! (`bench/stack-state.mjs`). A general compressor would need deflate in the wasm.
//!
//! Every token has one form (the longest shared prefix, then the longest shared suffix of what
//! is left), and a reader refuses any other: [`unpack`] packs what it read again and compares.

use crate::codec::base64url;
use crate::codec::payload::{self, write_varint, Reader};
use crate::error::CursorError;
use crate::paginate::resume::checksum;
use crate::prelude::*;
use crate::value::Value;

/// The header of a plain token minted with no option (version 1, flags 0): a resume token.
const PLAIN_HEADER: [u8; 2] = [1, 0];

/// At most this many bytes are copied from earlier tokens, over the whole list: a reader builds
/// at most this much more than the state's own length, so a state of a few kilobytes cannot
/// make it build gigabytes (each entry may copy all of the token before it). A writer stops
/// sharing once the list copied this much, so every list it writes is one a reader accepts.
pub(crate) const MAX_SHARED_BYTES: usize = 1 << 20;

/// How an entry's bytes become a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Kind {
    /// No token: page 1, fetched without one. No bytes.
    None = 0,
    /// A string: its UTF-8 bytes.
    Text = 1,
    /// A string that is strict unpadded base64url (a pagecursor token, a resume token): the bytes
    /// it encodes, a quarter fewer than its characters.
    Base64Url = 2,
    /// Any other value (a DynamoDB `LastEvaluatedKey`, a number): its payload encoding.
    Value = 3,
    /// A string that is a plain resume token (`useCursorStack` records one per page): the
    /// payload map without its last entry, the checksum `c`, which is a function of the rest
    /// (docs/paginator.md, "Resume tokens"). Dropping it saves 11 bytes a token, and lets the
    /// token's end be shared (the checksum differs in every token).
    Resume = 4,
}

fn malformed(why: &str) -> CursorError {
    CursorError::Malformed(["cursor stack state: ", why].concat())
}

/// The kind and bytes of a token.
fn split(token: Option<&Value>) -> Result<(Kind, Vec<u8>), CursorError> {
    let Some(token) = token else {
        return Ok((Kind::None, Vec::new()));
    };
    let Value::String(text) = token else {
        return Ok((Kind::Value, payload::encode(token, false)?));
    };
    if !text.is_empty() {
        // A strict decoder: a string decodes only when encoding its bytes gives it back.
        if let Ok(bytes) = base64url::decode(text) {
            // `join` gives the same string back: the payload encoding is canonical
            // (`encode(decode(bytes)) == bytes`), and the checksum is a function of the rest.
            if let Some(body) = resume_body(&bytes) {
                return Ok((Kind::Resume, body));
            }
            return Ok((Kind::Base64Url, bytes));
        }
    }
    Ok((Kind::Text, text.as_bytes().to_vec()))
}

/// The payload encoding of a plain resume token's map without its checksum, when `bytes` (a
/// decoded token) are one: a plain header, then a map whose last entry `c` is the checksum of
/// the others.
fn resume_body(bytes: &[u8]) -> Option<Vec<u8>> {
    let payload = bytes.strip_prefix(&PLAIN_HEADER)?;
    let Ok(Value::Map(mut entries)) = payload::decode(payload, false) else {
        return None;
    };
    let (key, sum) = entries.pop()?;
    let body = Value::Map(entries);
    (key == "c" && sum == Value::Bytes(checksum(&body)))
        .then(|| payload::encode(&body, false).ok())
        .flatten()
}

/// The token an entry's kind and bytes stand for.
fn join(kind: Kind, bytes: Vec<u8>) -> Result<Option<Value>, CursorError> {
    Ok(Some(match kind {
        Kind::None => return Ok(None),
        Kind::Text => Value::String(
            String::from_utf8(bytes).map_err(|_| malformed("a token is not valid UTF-8"))?,
        ),
        Kind::Base64Url => Value::String(base64url::encode(&bytes)),
        Kind::Value => payload::decode(&bytes, false)?,
        Kind::Resume => {
            let body = payload::decode(&bytes, false)?;
            let sum = checksum(&body);
            let Value::Map(mut entries) = body else {
                return Err(malformed("a resume token is not a map"));
            };
            entries.push(("c".to_owned(), Value::Bytes(sum)));
            let mut token = PLAIN_HEADER.to_vec();
            token.extend(payload::encode(&Value::Map(entries), false)?);
            Value::String(base64url::encode(&token))
        }
    }))
}

fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    a.iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// Writes a version 2 token list, one token at a time.
#[derive(Default)]
pub(crate) struct Packer {
    /// The list so far.
    pub(crate) out: Vec<u8>,
    /// The bytes of the last token written (what the next one may share).
    previous: Vec<u8>,
    /// The bytes copied so far by the tokens written.
    shared: usize,
}

impl Packer {
    /// Appends `token` (`None`: no token). Fails only for a token the payload encoding cannot
    /// carry (`unsupported_value`, as a version 1 state did).
    pub(crate) fn push(&mut self, token: Option<&Value>) -> Result<(), CursorError> {
        let (kind, bytes) = split(token)?;
        self.out.push(kind as u8);
        if kind == Kind::None {
            self.previous.clear();
            return Ok(());
        }
        let previous = &self.previous;
        let mut prefix = common_prefix(previous, &bytes);
        let mut suffix = common_suffix(
            previous.get(prefix..).unwrap_or_default(),
            bytes.get(prefix..).unwrap_or_default(),
        );
        if self.shared.saturating_add(prefix + suffix) > MAX_SHARED_BYTES {
            (prefix, suffix) = (0, 0);
        }
        self.shared += prefix + suffix;
        let middle = bytes.get(prefix..bytes.len() - suffix).unwrap_or_default();
        write_varint(&mut self.out, prefix as u64);
        write_varint(&mut self.out, suffix as u64);
        write_varint(&mut self.out, middle.len() as u64);
        self.out.extend_from_slice(middle);
        self.previous = bytes;
        Ok(())
    }
}

/// The prefix, suffix and middle lengths of an entry.
fn counts(r: &mut Reader<'_>) -> Result<[usize; 3], CursorError> {
    let mut out = [0; 3];
    for n in &mut out {
        *n = usize::try_from(r.varint()?).map_err(|_| malformed("bad token list"))?;
    }
    Ok(out)
}

/// Reads the tokens of a version 2 token list. Anything but a list a [`Packer`] writes is
/// `malformed`.
pub(crate) fn unpack(packed: &[u8]) -> Result<Vec<Option<Value>>, CursorError> {
    let mut r = Reader::new(packed);
    let mut tokens = Vec::new();
    let mut previous: Vec<u8> = Vec::new();
    let mut shared = 0usize;
    while r.remaining() > 0 {
        let kind = match r.byte()? {
            0 => Kind::None,
            1 => Kind::Text,
            2 => Kind::Base64Url,
            3 => Kind::Value,
            4 => Kind::Resume,
            _ => return Err(malformed("bad token list")),
        };
        if kind == Kind::None {
            previous.clear();
            tokens.push(None);
            continue;
        }
        let [prefix, suffix, middle] = counts(&mut r)?;
        if prefix
            .checked_add(suffix)
            .is_none_or(|n| n > previous.len())
        {
            return Err(malformed("bad token list"));
        }
        shared = shared
            .checked_add(prefix + suffix)
            .filter(|&n| n <= MAX_SHARED_BYTES)
            .ok_or_else(|| malformed("the tokens share more than 1 MiB"))?;
        let middle = r.take(middle)?;
        let mut bytes = Vec::with_capacity(prefix + middle.len() + suffix);
        bytes.extend_from_slice(previous.get(..prefix).unwrap_or_default());
        bytes.extend_from_slice(middle);
        bytes.extend_from_slice(previous.get(previous.len() - suffix..).unwrap_or_default());
        tokens.push(join(kind, bytes.clone())?);
        previous = bytes;
    }
    // One form per list: the shortest shares, the right kinds, nothing left over.
    let mut again = Packer::default();
    for token in &tokens {
        again.push(token.as_ref())?;
    }
    if again.out != packed {
        return Err(malformed("the token list is not in its canonical form"));
    }
    Ok(tokens)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn s(t: &str) -> Option<Value> {
        Some(Value::from(t))
    }

    fn pack(tokens: &[Option<Value>]) -> Vec<u8> {
        let mut p = Packer::default();
        for t in tokens {
            p.push(t.as_ref()).unwrap();
        }
        p.out
    }

    #[test]
    fn shares_prefixes_and_suffixes_and_round_trips() {
        let tokens = vec![
            None,
            s("https://api.example.com/v1/orders/?cursor=cD0yMDI2&page_size=50"),
            s("https://api.example.com/v1/orders/?cursor=cD0yMDI1&page_size=50"),
            s("AQCCCWNyZWF0ZWRBdAiq8rTC5mMCaWQElZrvOg"),
            s("AQCCCWNyZWF0ZWRBdAiq8rTC5mMCaWQElZrvOw"),
            s("eyJrIjoxfQ=="), // padded standard base64 is text
            Some(Value::map([
                ("pk", Value::from("a")),
                ("sk", Value::Int(1)),
            ])),
            Some(Value::map([
                ("pk", Value::from("a")),
                ("sk", Value::Int(2)),
            ])),
            s("same"),
            s("same"),
            s("ab"),
            s("é"),
        ];
        let packed = pack(&tokens);
        assert_eq!(unpack(&packed).unwrap(), tokens);
        // The second URL costs its kind, three one-byte counts and one differing byte.
        let first = pack(&tokens[1..2]).len();
        let both = pack(&tokens[1..3]).len();
        assert_eq!(both - first, 5);
        // Base64 strings keep their bytes, not their characters.
        let b64 = pack(&tokens[3..4]).len();
        assert_eq!(b64, 4 + 28);
    }

    #[test]
    fn resume_tokens_drop_their_checksum_and_get_it_back() {
        use crate::codec::CursorCodec;
        #[cfg(feature = "keyed")]
        use crate::codec::{CodecOptions, Key};
        use crate::paginate::resume::{Layout, Position, ResumeState};
        let state = |skip: u64, url: &str| ResumeState {
            scope: Some([7; 16]),
            layout: Layout::Single,
            positions: vec![Position::At {
                token: Some(Value::from(url)),
                skip,
                anchor: None,
            }],
        };
        let plain = CursorCodec::default();
        let a = state(
            0,
            "https://api.example.com/v1/orders/?cursor=cD0x&page_size=50",
        );
        let b = state(
            0,
            "https://api.example.com/v1/orders/?cursor=cD0y&page_size=50",
        );
        let c = state(
            3,
            "https://api.example.com/v1/orders/?cursor=cD0z&page_size=50",
        );
        let tokens: Vec<Option<Value>> = [None, Some(&a), Some(&b), Some(&c)]
            .into_iter()
            .map(|s| s.map(|s| Value::from(s.encode(&plain).unwrap().as_str())))
            .collect();
        let packed = pack(&tokens);
        assert_eq!(packed[1], Kind::Resume as u8);
        assert_eq!(unpack(&packed).unwrap(), tokens);
        // The second shares all but one byte of the URL: no checksum to store.
        assert_eq!(pack(&tokens[..3]).len() - pack(&tokens[..2]).len(), 5);
        // A plain token whose checksum is wrong stays whole bytes, and so does a signed resume
        // token (a MAC, not a checksum, at its end; signing is the crate's `keyed` feature).
        let mut wrong = base64url::decode(&a.encode(&plain).unwrap()).unwrap();
        *wrong.last_mut().unwrap() ^= 1;
        #[allow(unused_mut)]
        let mut others = vec![base64url::encode(&wrong)];
        #[cfg(feature = "keyed")]
        others.push(
            a.encode(
                &CursorCodec::new(CodecOptions {
                    keys: vec![Key::new("k1", [1u8; 32])],
                    ..Default::default()
                })
                .unwrap(),
            )
            .unwrap(),
        );
        for other in others {
            let tokens = vec![Some(Value::from(other.as_str()))];
            let packed = pack(&tokens);
            assert_eq!(packed[0], Kind::Base64Url as u8);
            assert_eq!(unpack(&packed).unwrap(), tokens);
        }
        // A resume entry whose body is not a map is refused.
        assert_eq!(unpack(&[4, 0, 0, 1, 0]).unwrap_err().code(), "malformed");
    }

    #[test]
    fn refuses_every_other_form() {
        let good = pack(&[s("abcdef"), s("abcxef")]);
        assert!(unpack(&good).is_ok());
        for bad in [
            vec![5],                                              // unknown kind
            vec![1, 0, 0, 3, b'a'],                               // truncated middle
            vec![1, 0, 0, 1, b'a', 1, 2, 0, 0], // shares more than the token before it
            vec![1, 0, 0, 2, b'a', b'b', 1, 0, 0, 2, b'a', b'c'], // a shorter form exists
            vec![1, 0, 0, 1, 0xff],             // not UTF-8
            vec![1, 0, 0, 4, b'A', b'Q', b'I', b'D'], // base64url stored as text
            vec![3, 0, 0, 2, 0x00, 0x00],       // a value with trailing bytes
            vec![1, 0x80, 0x00, 0, 0],          // a varint that is not minimal
        ] {
            assert_eq!(unpack(&bad).unwrap_err().code(), "malformed", "{bad:?}");
        }
    }

    #[test]
    fn copies_at_most_a_mebibyte() {
        // A hostile list: one long token, then entries that each copy all of it.
        let mut bad = vec![1];
        write_varint(&mut bad, 0);
        write_varint(&mut bad, 0);
        write_varint(&mut bad, 1000);
        bad.extend(core::iter::repeat_n(b'a', 1000));
        for _ in 0..2000 {
            bad.extend([1, 0xe8, 0x07, 0, 0]); // prefix 1000, suffix 0, no middle
        }
        assert_eq!(unpack(&bad).unwrap_err().code(), "malformed");
        // What a writer makes of as many equal tokens reads back: it stops sharing in time.
        let long = "a".repeat(1000);
        let tokens = vec![s(&long); 2000];
        let packed = pack(&tokens);
        assert_eq!(unpack(&packed).unwrap(), tokens);
    }
}
