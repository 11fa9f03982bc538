//! The resume-token payload: where each segment of a walk stands, bound to a query scope and
//! protected by a checksum (and by the codec's MAC when the codec has keys).

use crate::prelude::*;
use sha2::{Digest, Sha256};

use super::token::canonical_bytes;
use crate::codec::{CursorCodec, DecodeOptions, EncodeOptions};
use crate::value::Value;

/// Version of the payload layout inside the codec's token.
pub const PAYLOAD_VERSION: f64 = 1.0;
/// Bytes of the scope digest carried in a resume token.
pub const SCOPE_DIGEST_BYTES: usize = 16;
/// Bytes of the checksum over the payload.
pub const CHECKSUM_BYTES: usize = 8;
/// Bytes of an item's content digest, the anchor of a walk without `itemKey`: enough to find
/// one item among the few thousand of a page.
pub const CONTENT_DIGEST_BYTES: usize = 8;

/// What a resume position inside a page is anchored by: the last item the consumer received,
/// which a resumed walk skips the refetched page up to and including, so that rows inserted
/// or deleted before it do not shift the cut.
#[derive(Clone, Debug, PartialEq)]
pub enum Anchor {
    /// That item's key (`itemKey`); never [`Value::Null`] (no item has a null key).
    Key(Value),
    /// The digest of that item's JSON form ([`content_digest`]), for a walk without
    /// `itemKey`; `None` when the item had no JSON form, so that the resumed walk knows its
    /// cut could not be anchored and counts the miss.
    Content(Option<[u8; CONTENT_DIGEST_BYTES]>),
}

/// Which anchor a resumed page is skipped by: what the host must report with it
/// ([`crate::paginate::Walk::on_page_with_keys`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnchorKind {
    /// The items' keys (`itemKey`).
    Key,
    /// The items' JSON forms ([`Value::String`], or [`Value::Null`] for an item without one).
    Content,
}

impl Anchor {
    /// Which kind of anchor this is.
    pub fn kind(&self) -> AnchorKind {
        match self {
            Anchor::Key(_) => AnchorKind::Key,
            Anchor::Content(_) => AnchorKind::Content,
        }
    }
}

/// The content digest of item `i` of a page whose items' JSON forms are `forms` (`None`: an
/// item without one, which has no digest): the first [`CONTENT_DIGEST_BYTES`] of SHA-256 over
/// the item's JSON text and the number of items before it in the page with the same text.
/// Counting equal items makes two equal rows of one page two anchors, so a cut between them
/// resumes between them.
pub fn content_digest(forms: &[Option<&str>], i: usize) -> Option<[u8; CONTENT_DIGEST_BYTES]> {
    let text = (*forms.get(i)?)?;
    let before = forms[..i].iter().filter(|f| **f == Some(text)).count() as u32;
    let mut bytes = b"pagecursor/item".to_vec();
    bytes.extend_from_slice(&before.to_be_bytes());
    bytes.extend_from_slice(text.as_bytes());
    let mut out = [0u8; CONTENT_DIGEST_BYTES];
    out.copy_from_slice(&Sha256::digest(&bytes)[..CONTENT_DIGEST_BYTES]);
    Some(out)
}

/// Where one segment stands, from the consumer's point of view.
#[derive(Clone, Debug, PartialEq)]
pub enum Position {
    /// The segment reached its end.
    Done,
    /// The next page to hand out is the one fetched with `token` (`None`: the first request,
    /// made without a token), of which the first `skip` items were already handed out.
    At {
        /// The service token that fetches the page, as a value.
        token: Option<Value>,
        /// Items of that page the consumer already received.
        skip: u64,
        /// The last item of that page the consumer received (see [`Anchor`]). Only with
        /// `skip > 0`.
        anchor: Option<Anchor>,
    },
}

/// Which segments a walk covers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// One chain, no segments.
    #[default]
    Single,
    /// All `total` segments of a parallel scan.
    All {
        /// Number of segments.
        total: u32,
    },
    /// Segment `segment` of `total` only.
    One {
        /// 0-based segment number.
        segment: u32,
        /// Number of segments.
        total: u32,
    },
}

impl Layout {
    /// The segment ids walked, in order.
    pub fn segment_ids(self) -> Vec<u32> {
        match self {
            Layout::Single => vec![0],
            Layout::All { total } => (0..total).collect(),
            Layout::One { segment, .. } => vec![segment],
        }
    }
}

/// Everything a resume token says.
#[derive(Clone, Debug, PartialEq)]
pub struct ResumeState {
    /// The digest of the query scope the walk was bound to.
    pub scope: Option<[u8; SCOPE_DIGEST_BYTES]>,
    /// Which segments the walk covers.
    pub layout: Layout,
    /// One position per walked segment, in the order of [`Layout::segment_ids`].
    pub positions: Vec<Position>,
}

/// Why a resume token was refused; all map to `bad_resume_token`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// The codec refused the token (damaged, wrong key, expired…): the codec's error code.
    Codec(&'static str),
    /// The payload is not one this version writes, or its checksum does not match.
    Damaged(&'static str),
    /// The token was minted for another scope.
    OtherScope,
    /// The token was minted for other segments.
    OtherLayout,
}

impl ResumeError {
    /// The message of the error, as `Display` prints it (built from its pieces: see
    /// [`decimal`](crate::error::decimal)).
    pub fn message(&self) -> String {
        match self {
            ResumeError::Codec(code) => ["resume token refused by the codec (", code, ")"].concat(),
            ResumeError::Damaged(why) => ["resume token is damaged: ", why].concat(),
            ResumeError::OtherScope => "resume token belongs to another scope".to_owned(),
            ResumeError::OtherLayout => "resume token belongs to another segment layout".to_owned(),
        }
    }
}

impl core::fmt::Display for ResumeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message())
    }
}

/// The digest of a scope (key order ignored, like token equality).
pub fn scope_digest(scope: &Value) -> [u8; SCOPE_DIGEST_BYTES] {
    let mut bytes = b"pagecursor/scope".to_vec();
    canonical_bytes(scope, true, &mut bytes);
    let hash = Sha256::digest(&bytes);
    let mut out = [0u8; SCOPE_DIGEST_BYTES];
    out.copy_from_slice(&hash[..SCOPE_DIGEST_BYTES]);
    out
}

/// The checksum `c` of a resume token's payload map (`body`: the map without `c`). Also how a
/// cursor stack state drops it from the resume tokens it holds and computes it back
/// (`src/stack/tokens.rs`).
pub(crate) fn checksum(body: &Value) -> Vec<u8> {
    let mut bytes = b"pagecursor/resume".to_vec();
    canonical_bytes(body, false, &mut bytes);
    Sha256::digest(&bytes)[..CHECKSUM_BYTES].to_vec()
}

fn num(n: u64) -> Value {
    Value::Float(n as f64)
}

fn as_u64(v: &Value) -> Option<u64> {
    match v {
        Value::Float(f)
            if f.is_finite() && *f >= 0.0 && crate::value::is_whole(*f) && *f < 9.0e15 =>
        {
            Some(*f as u64)
        }
        _ => None,
    }
}

impl ResumeState {
    fn body(&self) -> Value {
        let layout = match self.layout {
            Layout::Single => Value::Null,
            Layout::All { total } => Value::List(vec![num(total.into())]),
            Layout::One { segment, total } => {
                Value::List(vec![num(total.into()), num(segment.into())])
            }
        };
        let positions = self
            .positions
            .iter()
            .map(|p| match p {
                Position::Done => Value::List(vec![]),
                Position::At {
                    token,
                    skip,
                    anchor,
                } => {
                    let mut parts = vec![num(*skip)];
                    // The anchor is a third element (a key) or a null third and a fourth (a
                    // content digest, empty for an item without a JSON form), so that tokens
                    // without one (every token minted before anchors existed) keep their exact
                    // spelling; the token slot is then null for the first request.
                    match (token, anchor) {
                        (t, Some(a)) => {
                            parts.push(t.clone().unwrap_or(Value::Null));
                            match a {
                                Anchor::Key(key) => parts.push(key.clone()),
                                Anchor::Content(digest) => {
                                    parts.push(Value::Null);
                                    parts.push(Value::Bytes(
                                        digest.map(|d| d.to_vec()).unwrap_or_default(),
                                    ));
                                }
                            }
                        }
                        (Some(t), None) => parts.push(t.clone()),
                        (None, None) => {}
                    }
                    Value::List(parts)
                }
            })
            .collect();
        Value::map([
            ("v", Value::Float(PAYLOAD_VERSION)),
            (
                "s",
                self.scope
                    .map(|s| Value::Bytes(s.to_vec()))
                    .unwrap_or(Value::Null),
            ),
            ("l", layout),
            ("p", Value::List(positions)),
        ])
    }

    /// Mints the resume token with `codec`. A position whose anchor the payload cannot spell
    /// (an anchor with `skip` 0, a [`Value::Null`] key, or beside a [`Value::Null`] token) is
    /// `unsupported_value`: decoding would not give the same state back.
    pub fn encode(&self, codec: &CursorCodec) -> Result<String, crate::CursorError> {
        for p in &self.positions {
            if let Position::At {
                token,
                skip,
                anchor: Some(a),
            } = p
            {
                if *skip == 0 || *a == Anchor::Key(Value::Null) || *token == Some(Value::Null) {
                    return Err(crate::CursorError::UnsupportedValue(
                        "a resume position with that anchor".into(),
                    ));
                }
            }
        }
        let body = self.body();
        let sum = checksum(&body);
        let Value::Map(mut entries) = body else {
            return Err(crate::CursorError::UnsupportedValue("payload".into()));
        };
        entries.push(("c".into(), Value::Bytes(sum)));
        codec.encode(&Value::Map(entries), &EncodeOptions::default())
    }

    /// Checks and reads a resume token for a walk with the given scope and layout.
    pub fn decode(
        token: &str,
        codec: &CursorCodec,
        scope: Option<&Value>,
        layout: Layout,
    ) -> Result<ResumeState, ResumeError> {
        let cursor = codec
            .decode(token, &DecodeOptions::default())
            .map_err(|e| ResumeError::Codec(e.code()))?;
        // The codec's own header fields are not covered by the payload checksum: resume
        // tokens are minted with their defaults, so anything else is damage.
        if cursor.direction != crate::codec::Direction::After || cursor.segment.is_some() {
            return Err(ResumeError::Damaged("unexpected cursor header"));
        }
        let Value::Map(mut entries) = cursor.value else {
            return Err(ResumeError::Damaged("payload is not a map"));
        };
        let Some(("c", Value::Bytes(sum))) = entries.last().map(|(k, v)| (k.as_str(), v)) else {
            return Err(ResumeError::Damaged("no checksum"));
        };
        let sum = sum.clone();
        entries.pop();
        let body = Value::Map(entries);
        if checksum(&body) != sum {
            return Err(ResumeError::Damaged("checksum does not match"));
        }
        let state = Self::from_body(&body)?;
        let expected_scope = scope.map(scope_digest);
        if state.scope != expected_scope {
            return Err(ResumeError::OtherScope);
        }
        if state.layout != layout || state.positions.len() != layout.segment_ids().len() {
            return Err(ResumeError::OtherLayout);
        }
        Ok(state)
    }

    /// Reads the payload map. It must hold exactly the keys `body` writes, in its order: an
    /// unknown key (or another order) would be a second spelling of the same resume token
    /// (F7 in docs/security.md), so it is damage even under a valid checksum or MAC.
    fn from_body(body: &Value) -> Result<ResumeState, ResumeError> {
        let bad = ResumeError::Damaged;
        // (`decode` hands over the map it checked: this only names its entries.)
        let Value::Map(entries) = body else {
            return Err(bad("payload is not a map"));
        };
        let [(kv, v), (ks, s), (kl, l), (kp, p)] = entries.as_slice() else {
            return Err(bad("unexpected payload keys"));
        };
        if !(kv == "v" && ks == "s" && kl == "l" && kp == "p") {
            return Err(bad("unexpected payload keys"));
        }
        if *v != Value::Float(PAYLOAD_VERSION) {
            return Err(bad("unknown payload version"));
        }
        let scope = match s {
            Value::Null => None,
            Value::Bytes(b) if b.len() == SCOPE_DIGEST_BYTES => {
                let mut s = [0u8; SCOPE_DIGEST_BYTES];
                s.copy_from_slice(b);
                Some(s)
            }
            _ => return Err(bad("bad scope digest")),
        };
        let small = |v: &Value| as_u64(v).and_then(|n| u32::try_from(n).ok());
        let layout = match l {
            Value::Null => Layout::Single,
            Value::List(l) => match l.as_slice() {
                [t] => Layout::All {
                    total: small(t).ok_or(bad("bad layout"))?,
                },
                [t, s] => Layout::One {
                    total: small(t).ok_or(bad("bad layout"))?,
                    segment: small(s).ok_or(bad("bad layout"))?,
                },
                _ => return Err(bad("bad layout")),
            },
            _ => return Err(bad("bad layout")),
        };
        let Value::List(raw) = p else {
            return Err(bad("no positions"));
        };
        let mut positions = Vec::with_capacity(raw.len());
        for p in raw {
            let Value::List(parts) = p else {
                return Err(bad("bad position"));
            };
            positions.push(match parts.as_slice() {
                [] => Position::Done,
                [skip] => Position::At {
                    token: None,
                    skip: as_u64(skip).ok_or(bad("bad skip"))?,
                    anchor: None,
                },
                [skip, token] => Position::At {
                    token: Some(token.clone()),
                    skip: as_u64(skip).ok_or(bad("bad skip"))?,
                    anchor: None,
                },
                // Only the spelling `body` writes (one spelling per state, as for F7): an
                // anchor after at least one item received, never null.
                [skip, token, anchor] => {
                    let skip = as_u64(skip).ok_or(bad("bad skip"))?;
                    if skip == 0 || *anchor == Value::Null {
                        return Err(bad("bad anchor"));
                    }
                    Position::At {
                        token: (*token != Value::Null).then(|| token.clone()),
                        skip,
                        anchor: Some(Anchor::Key(anchor.clone())),
                    }
                }
                // A content digest: the key slot null, the digest whole or empty.
                [skip, token, Value::Null, Value::Bytes(digest)] => {
                    let skip = as_u64(skip).ok_or(bad("bad skip"))?;
                    let digest = match digest.len() {
                        0 => None,
                        CONTENT_DIGEST_BYTES => {
                            let mut d = [0u8; CONTENT_DIGEST_BYTES];
                            d.copy_from_slice(digest);
                            Some(d)
                        }
                        _ => return Err(bad("bad anchor")),
                    };
                    if skip == 0 {
                        return Err(bad("bad anchor"));
                    }
                    Position::At {
                        token: (*token != Value::Null).then(|| token.clone()),
                        skip,
                        anchor: Some(Anchor::Content(digest)),
                    }
                }
                _ => return Err(bad("bad position")),
            });
        }
        Ok(ResumeState {
            scope,
            layout,
            positions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> ResumeState {
        ResumeState {
            scope: Some(scope_digest(&Value::from("orders"))),
            layout: Layout::All { total: 3 },
            positions: vec![
                Position::Done,
                Position::At {
                    token: None,
                    skip: 0,
                    anchor: None,
                },
                Position::At {
                    token: Some(Value::map([
                        ("pk", Value::Bytes(vec![0, 255])),
                        ("sk", Value::Float(2.5)),
                    ])),
                    skip: 7,
                    anchor: None,
                },
            ],
        }
    }

    #[test]
    fn round_trip() {
        let codec = CursorCodec::default();
        let s = sample();
        let t = s.encode(&codec).unwrap();
        let back = ResumeState::decode(
            &t,
            &codec,
            Some(&Value::from("orders")),
            Layout::All { total: 3 },
        )
        .unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn other_scope_or_layout_is_refused() {
        let codec = CursorCodec::default();
        let t = sample().encode(&codec).unwrap();
        let l = Layout::All { total: 3 };
        assert_eq!(
            ResumeState::decode(&t, &codec, Some(&Value::from("users")), l),
            Err(ResumeError::OtherScope)
        );
        assert_eq!(
            ResumeState::decode(&t, &codec, None, l),
            Err(ResumeError::OtherScope)
        );
        assert_eq!(
            ResumeState::decode(
                &t,
                &codec,
                Some(&Value::from("orders")),
                Layout::All { total: 4 }
            ),
            Err(ResumeError::OtherLayout)
        );
    }

    #[test]
    fn every_single_character_change_is_refused() {
        let codec = CursorCodec::default();
        let t = sample().encode(&codec).unwrap();
        let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let scope = Value::from("orders");
        for i in 0..t.len() {
            for &c in alphabet.iter().step_by(5) {
                let mut bytes = t.clone().into_bytes();
                if bytes[i] == c {
                    continue;
                }
                bytes[i] = c;
                let damaged = String::from_utf8(bytes).unwrap();
                let r =
                    ResumeState::decode(&damaged, &codec, Some(&scope), Layout::All { total: 3 });
                // The last character may only carry padding bits that base64 ignores.
                if let Ok(state) = r {
                    assert_eq!(state, sample(), "{damaged}");
                }
            }
        }
    }
}
