//! The envelope of format v1: the header that precedes the payload (see
//! `docs/cursor-format.md`, "Envelope").
//!
//! ```text
//! version u8 = 1 | flags u8 | [key id: u8 len + UTF-8] | [nonce 24 B] | [issued-at varint ms,
//! ttl varint s] | [segment varint, total varint] | [scope check 8 B]
//! ```

use crate::error::CursorError;
use crate::prelude::*;

use super::keys::{NONCE_LEN, SCOPE_CHECK_LEN};
use super::payload::{write_varint, Reader, MAX_DATE_MS};
use super::{Direction, Segment, VERSION};

/// How a token is protected: the two low bits of the flags byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Readable and unprotected: for trusted use and round trips only.
    Plain,
    /// Readable, with a 128-bit HMAC-SHA256 tag.
    Signed,
    /// Encrypted and authenticated with XChaCha20-Poly1305.
    Sealed,
}

impl Mode {
    /// `"plain"`, `"signed"` or `"sealed"`, as in JS.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Plain => "plain",
            Mode::Signed => "signed",
            Mode::Sealed => "sealed",
        }
    }
}

const FLAG_BEFORE: u8 = 0x04;
const FLAG_TTL: u8 = 0x08;
const FLAG_SEGMENT: u8 = 0x10;
const FLAG_SCOPE: u8 = 0x20;
const FLAG_PADDED: u8 = 0x40;
const FLAG_RESERVED: u8 = 0x80;

/// The parsed header of a token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub(crate) mode: Mode,
    pub(crate) direction: Direction,
    pub(crate) key_id: Option<String>,
    pub(crate) nonce: Option<[u8; NONCE_LEN]>,
    /// Issued-at in ms and time to live in seconds, both or neither.
    pub(crate) time: Option<(u64, u64)>,
    pub(crate) segment: Option<Segment>,
    /// Whether a scope check follows (filled in by the caller, it depends on the header).
    pub(crate) scoped: bool,
    /// Sealed only: zero bytes may follow the value inside the ciphertext.
    pub(crate) padded: bool,
}

fn malformed(why: &str) -> CursorError {
    CursorError::Malformed(why.into())
}

impl Header {
    /// Writes every header field up to, not including, the scope check.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        out.push(VERSION);
        let mut flags = match self.mode {
            Mode::Plain => 0,
            Mode::Signed => 1,
            Mode::Sealed => 2,
        };
        if self.direction == Direction::Before {
            flags |= FLAG_BEFORE;
        }
        if self.time.is_some() {
            flags |= FLAG_TTL;
        }
        if self.segment.is_some() {
            flags |= FLAG_SEGMENT;
        }
        if self.scoped {
            flags |= FLAG_SCOPE;
        }
        if self.padded {
            flags |= FLAG_PADDED;
        }
        out.push(flags);
        if let Some(id) = &self.key_id {
            out.push(id.len() as u8);
            out.extend_from_slice(id.as_bytes());
        }
        if let Some(nonce) = &self.nonce {
            out.extend_from_slice(nonce);
        }
        if let Some((iat, ttl)) = self.time {
            write_varint(out, iat);
            write_varint(out, ttl);
        }
        if let Some(seg) = self.segment {
            write_varint(out, seg.segment.into());
            write_varint(out, seg.total.into());
        }
    }

    /// Reads the header up to the scope check; the caller reads the check when `scoped`.
    pub(crate) fn read(r: &mut Reader<'_>) -> Result<Header, CursorError> {
        let version = r.byte()?;
        if version != VERSION {
            return Err(CursorError::UnsupportedVersion(version));
        }
        let flags = r.byte()?;
        if flags & FLAG_RESERVED != 0 {
            return Err(malformed("reserved flag bits are set"));
        }
        let mode = match flags & 0x03 {
            0 => Mode::Plain,
            1 => Mode::Signed,
            2 => Mode::Sealed,
            _ => return Err(malformed("unknown mode")),
        };
        let padded = flags & FLAG_PADDED != 0;
        if padded && mode != Mode::Sealed {
            return Err(malformed("only sealed tokens are padded"));
        }
        let direction = if flags & FLAG_BEFORE != 0 {
            Direction::Before
        } else {
            Direction::After
        };
        let key_id = if mode == Mode::Plain {
            None
        } else {
            let len = usize::from(r.byte()?);
            if len == 0 {
                return Err(malformed("empty key id"));
            }
            let raw = r.take(len)?;
            let id = core::str::from_utf8(raw).map_err(|_| malformed("key id is not UTF-8"))?;
            Some(id.to_owned())
        };
        let nonce = if mode == Mode::Sealed {
            let mut n = [0u8; NONCE_LEN];
            n.copy_from_slice(r.take(NONCE_LEN)?);
            Some(n)
        } else {
            None
        };
        let time = if flags & FLAG_TTL != 0 {
            let iat = r.varint()?;
            let ttl = r.varint()?;
            let end = ttl
                .checked_mul(1000)
                .and_then(|t| t.checked_add(iat))
                .filter(|&end| end <= MAX_DATE_MS as u64);
            if end.is_none() {
                return Err(malformed("expiry beyond the range of a JS Date"));
            }
            Some((iat, ttl))
        } else {
            None
        };
        let segment = if flags & FLAG_SEGMENT != 0 {
            let segment = u32::try_from(r.varint()?).map_err(|_| malformed("segment too large"))?;
            let total = u32::try_from(r.varint()?).map_err(|_| malformed("total too large"))?;
            if segment >= total {
                return Err(malformed("segment is not below total"));
            }
            Some(Segment { segment, total })
        } else {
            None
        };
        Ok(Header {
            mode,
            direction,
            key_id,
            nonce,
            time,
            segment,
            scoped: flags & FLAG_SCOPE != 0,
            padded,
        })
    }
}

/// Reads the scope check of a scoped header.
pub(crate) fn read_scope_check(r: &mut Reader<'_>) -> Result<[u8; SCOPE_CHECK_LEN], CursorError> {
    let mut c = [0u8; SCOPE_CHECK_LEN];
    c.copy_from_slice(r.take(SCOPE_CHECK_LEN)?);
    Ok(c)
}
