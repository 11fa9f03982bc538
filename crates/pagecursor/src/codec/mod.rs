//! The cursor codec: values in, opaque URL-safe tokens out, and back.
//!
//! Format v1 is specified in `docs/cursor-format.md`. A token is strict unpadded base64url
//! of `header ‖ payload ‖ tag`; three modes protect it:
//!
//! * **plain** (no keys): readable, unprotected; for trusted round trips.
//! * **signed** (the default with keys): readable, HMAC-SHA256 tag truncated to 128 bits.
//! * **sealed**: XChaCha20-Poly1305; the value cannot be read without the key.
//!
//! ```
//! use pagecursor::codec::{CodecOptions, CursorCodec, DecodeOptions, EncodeOptions, Key};
//! use pagecursor::Value;
//!
//! let codec = CursorCodec::new(CodecOptions {
//!     keys: vec![Key::new("k1", b"a secret of 32 random bytes.....")],
//!     ..Default::default()
//! })?;
//! let boundary = Value::map([("createdAt", Value::Date(1_714_566_896_789)), ("id", Value::Float(123456789.0))]);
//! let scope = Value::from("tenant-7/orders");
//! let token = codec.encode(&boundary, &EncodeOptions { scope: Some(scope.clone()), ..Default::default() })?;
//! let cursor = codec.decode(&token, &DecodeOptions { scope: Some(scope), ..Default::default() })?;
//! assert_eq!(cursor.value, boundary);
//! assert_eq!(cursor.key_id.as_deref(), Some("k1"));
//! # Ok::<(), pagecursor::CursorError>(())
//! ```

use crate::prelude::*;
pub mod base64url;
mod envelope;
mod keys;
pub mod payload;

use alloc::borrow::Cow;

use crate::error::CursorError;
use crate::value::Value;

pub use envelope::Mode;
#[doc(hidden)]
pub use keys::KEYED_OFF;
pub use keys::{Key, AEAD_TAG_LEN, MAC_LEN, NONCE_LEN, SCOPE_CHECK_LEN};

use envelope::Header;
use keys::DerivedKey;
use payload::Reader;

/// The format version this codec mints and reads.
pub const VERSION: u8 = 1;
/// The default `maxLength` of a token, in characters.
pub const DEFAULT_MAX_LENGTH: usize = 4096;
/// Nesting deeper than this is refused at encode and at decode.
pub const MAX_DEPTH: usize = 64;
/// The default allowance, in seconds, for an issued-at in the future.
pub const DEFAULT_CLOCK_SKEW: u64 = 60;

/// Which way a cursor points from its boundary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Direction {
    /// Rows after the boundary (the next page).
    #[default]
    After,
    /// Rows before the boundary (the previous page).
    Before,
}

impl Direction {
    /// `"after"` or `"before"`, as in JS.
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::After => "after",
            Direction::Before => "before",
        }
    }
}

/// A parallel-scan segment: `segment` is 0-based and below `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// 0-based segment number.
    pub segment: u32,
    /// Number of segments of the scan.
    pub total: u32,
}

/// A clock: milliseconds since the Unix epoch. With `std` it is shared across threads, so a
/// codec is `Send + Sync`.
#[cfg(feature = "std")]
pub type Clock = alloc::sync::Arc<dyn Fn() -> i64 + Send + Sync>;
/// A clock: milliseconds since the Unix epoch. Without `std` (a single-threaded host such as a
/// JS engine, whose clock is a JS function) it need not be `Send`.
#[cfg(not(feature = "std"))]
pub type Clock = alloc::rc::Rc<dyn Fn() -> i64>;

fn system_now() -> Result<i64, CursorError> {
    #[cfg(feature = "std")]
    {
        use std::time::{SystemTime, UNIX_EPOCH};
        Ok(match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => d.as_millis() as i64,
            Err(e) => -(e.duration().as_millis() as i64),
        })
    }
    #[cfg(not(feature = "std"))]
    Err(CursorError::UnsupportedValue(
        "no clock on this platform: pass now_ms or a clock".into(),
    ))
}

/// Options of [`CursorCodec::encode`].
#[derive(Clone, Debug, Default)]
pub struct EncodeOptions {
    /// After (default) or before the boundary.
    pub direction: Direction,
    /// Binds the token to a query: decode must present an equal scope.
    pub scope: Option<Value>,
    /// The parallel-scan segment the cursor belongs to.
    pub segment: Option<Segment>,
    /// Time to live in seconds, overriding the codec's.
    pub ttl: Option<u64>,
    /// The clock reading to use (ms since the epoch) instead of the codec's clock.
    pub now_ms: Option<i64>,
    /// The nonce of a sealed token, for reproducible test vectors only. A nonce must never be
    /// used twice with one key: leave this `None` and a random nonce is drawn.
    pub nonce_for_test_vectors: Option<[u8; NONCE_LEN]>,
}

/// Options of [`CursorCodec::decode`].
#[derive(Clone, Debug, Default)]
pub struct DecodeOptions {
    /// The scope of the query the token is presented to.
    pub scope: Option<Value>,
    /// The clock reading to use (ms since the epoch) instead of the codec's clock.
    pub now_ms: Option<i64>,
}

/// A decoded cursor.
#[derive(Clone, Debug, PartialEq)]
pub struct Cursor {
    /// The boundary value the cursor carries.
    pub value: Value,
    /// After or before the boundary.
    pub direction: Direction,
    /// When the token was minted (ms since the epoch); only tokens with a ttl carry it.
    pub issued_at: Option<i64>,
    /// When the token expires (ms since the epoch): issued-at plus the ttl.
    pub expires_at: Option<i64>,
    /// The id of the key that signed or sealed the token.
    pub key_id: Option<String>,
    /// The parallel-scan segment, where the token carries one.
    pub segment: Option<Segment>,
}

/// Options of [`CursorCodec::new`].
#[derive(Clone)]
pub struct CodecOptions {
    /// Keys by id: the first mints, all verify. Empty: a plain codec.
    pub keys: Vec<Key>,
    /// The mode; `None` means signed when keys are given, else plain.
    pub mode: Option<Mode>,
    /// Time to live of minted tokens, in seconds; tokens then carry issued-at and ttl.
    pub ttl: Option<u64>,
    /// Tokens longer than this are `too_large`, at decode and at encode.
    pub max_length: usize,
    /// The clock (ms since the epoch); `None` uses the system clock.
    pub clock: Option<Clock>,
    /// How far in the future (seconds) an issued-at may lie, for servers whose clocks differ.
    pub clock_skew: u64,
    /// Sealed mode only: pad the encrypted payload with zero bytes to a multiple of this many
    /// bytes, so that token lengths reveal less about the value. `None`: no padding.
    pub padding: Option<usize>,
}

impl Default for CodecOptions {
    fn default() -> Self {
        CodecOptions {
            keys: Vec::new(),
            mode: None,
            ttl: None,
            max_length: DEFAULT_MAX_LENGTH,
            clock: None,
            clock_skew: DEFAULT_CLOCK_SKEW,
            padding: None,
        }
    }
}

/// Shows the key ids only, never the secrets.
impl core::fmt::Debug for CodecOptions {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CodecOptions")
            .field("keys", &self.keys)
            .field("mode", &self.mode)
            .field("ttl", &self.ttl)
            .field("max_length", &self.max_length)
            .field("clock", &self.clock.as_ref().map(|_| "custom"))
            .field("clock_skew", &self.clock_skew)
            .field("padding", &self.padding)
            .finish()
    }
}

/// Mints and checks cursors (format v1).
///
/// ```
/// use std::sync::Arc;
/// use pagecursor::codec::{CodecOptions, CursorCodec, DecodeOptions, EncodeOptions, Key, Mode};
/// use pagecursor::Value;
///
/// // Sealed tokens with a one-hour ttl; the new key mints, the old one still opens.
/// let codec = CursorCodec::new(CodecOptions {
///     keys: vec![Key::new("2024-06", [7u8; 32]), Key::new("2024-05", [9u8; 32])],
///     mode: Some(Mode::Sealed),
///     ttl: Some(3600),
///     clock: Some(Arc::new(|| 1_714_566_896_789)),
///     ..Default::default()
/// })?;
/// let token = codec.encode(&Value::Int(42), &EncodeOptions::default())?;
/// let cursor = codec.decode(&token, &DecodeOptions::default())?;
/// assert_eq!(cursor.value, Value::Int(42));
/// assert_eq!(cursor.expires_at, Some(1_714_566_896_789 + 3_600_000));
///
/// // An hour later the token is expired, and with another scope it is refused.
/// let later = DecodeOptions { now_ms: Some(1_714_570_496_789), ..Default::default() };
/// assert_eq!(codec.decode(&token, &later).unwrap_err().code(), "expired");
/// let scoped = DecodeOptions { scope: Some(Value::from("other query")), ..Default::default() };
/// assert_eq!(codec.decode(&token, &scoped).unwrap_err().code(), "scope_mismatch");
/// # Ok::<(), pagecursor::CursorError>(())
/// ```
#[derive(Clone)]
pub struct CursorCodec {
    mode: Mode,
    keys: Vec<DerivedKey>,
    ttl: Option<u64>,
    max_length: usize,
    clock: Option<Clock>,
    clock_skew: u64,
    padding: Option<usize>,
}

/// Shows the mode and key ids, never key material.
impl core::fmt::Debug for CursorCodec {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let ids: Vec<&str> = self.keys.iter().map(|k| k.id.as_str()).collect();
        f.debug_struct("CursorCodec")
            .field("mode", &self.mode)
            .field("key_ids", &ids)
            .field("ttl", &self.ttl)
            .field("max_length", &self.max_length)
            .finish_non_exhaustive()
    }
}

impl Default for CursorCodec {
    /// A plain codec with the default limits.
    fn default() -> Self {
        CursorCodec {
            mode: Mode::Plain,
            keys: Vec::new(),
            ttl: None,
            max_length: DEFAULT_MAX_LENGTH,
            clock: None,
            clock_skew: DEFAULT_CLOCK_SKEW,
            padding: None,
        }
    }
}

fn too_large(length: usize, max: usize) -> CursorError {
    CursorError::TooLarge { length, max }
}

impl CursorCodec {
    /// This codec with `clock` as its clock (a plain default codec for a host without a std
    /// clock, at no cost of reading options).
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = Some(clock);
        self
    }

    /// A codec with the given options.
    ///
    /// Errors: `unknown_key` when the mode is signed or sealed and there are no keys;
    /// `unsupported_value` for plain mode with keys, a duplicate, empty or over-long key id,
    /// an empty secret, or a `max_length` of 0.
    pub fn new(options: CodecOptions) -> Result<CursorCodec, CursorError> {
        let mode = match (options.mode, options.keys.is_empty()) {
            (None, true) => Mode::Plain,
            (None, false) => Mode::Signed,
            (Some(Mode::Plain), false) => {
                return Err(CursorError::UnsupportedValue(
                    "mode \"plain\" cannot be combined with keys".into(),
                ))
            }
            (Some(m @ (Mode::Signed | Mode::Sealed)), true) => {
                return Err(CursorError::NoKeys { mode: m.as_str() })
            }
            (Some(m), _) => m,
        };
        match options.padding {
            Some(0) => {
                return Err(CursorError::UnsupportedValue(
                    "padding must be at least 1 byte".into(),
                ))
            }
            Some(_) if mode != Mode::Sealed => {
                return Err(CursorError::UnsupportedValue(
                    "padding applies to sealed tokens only".into(),
                ))
            }
            _ => {}
        }
        if options.max_length == 0 {
            return Err(CursorError::UnsupportedValue(
                "maxLength must be at least 1".into(),
            ));
        }
        let mut keys: Vec<DerivedKey> = Vec::with_capacity(options.keys.len());
        for key in &options.keys {
            if keys.iter().any(|k| k.id == key.id) {
                return Err(CursorError::UnsupportedValue(
                    ["duplicate key id \"", &key.id, "\""].concat(),
                ));
            }
            keys.push(DerivedKey::derive(key)?);
        }
        Ok(CursorCodec {
            mode,
            keys,
            ttl: options.ttl,
            max_length: options.max_length,
            clock: options.clock,
            clock_skew: options.clock_skew,
            padding: options.padding,
        })
    }

    /// The mode this codec mints (and the only one it accepts).
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The longest token this codec mints or reads, in characters.
    pub fn max_length(&self) -> usize {
        self.max_length
    }

    fn now(&self, given: Option<i64>) -> Result<i64, CursorError> {
        match (given, &self.clock) {
            (Some(ms), _) => Ok(ms),
            (None, Some(clock)) => Ok(clock()),
            (None, None) => system_now(),
        }
    }

    /// Mints a token for `value`.
    ///
    /// Errors: `unsupported_value` for a value or option that cannot be carried exactly (an
    /// integer outside `[-2^63, 2^64-1]`, a Date outside the JS range, a duplicate map key,
    /// nesting deeper than [`MAX_DEPTH`], a segment not below its total); `too_large` when
    /// the token would be longer than `max_length`.
    pub fn encode(&self, value: &Value, options: &EncodeOptions) -> Result<String, CursorError> {
        let bytes = self.encode_trusted(&payload::encode(value, false)?, options)?;
        Ok(base64url::encode(&bytes))
    }

    /// Mints a token whose payload is already encoded (format v1 "Payload" bytes), as the
    /// JS bindings build it without materialising a [`Value`]. The bytes are checked as
    /// strictly as a decoder checks them, so only a canonical encoding of a valid value is
    /// ever signed: anything else is `malformed`.
    pub fn encode_payload(
        &self,
        payload: Vec<u8>,
        options: &EncodeOptions,
    ) -> Result<String, CursorError> {
        Ok(base64url::encode(&self.encode_checked(&payload, options)?))
    }

    /// [`encode_payload`](Self::encode_payload) of borrowed bytes, up to the token's bytes
    /// (the JS bindings write their base64url in JS, straight into a JS string).
    #[doc(hidden)]
    pub fn encode_checked(
        &self,
        payload: &[u8],
        options: &EncodeOptions,
    ) -> Result<Vec<u8>, CursorError> {
        payload::check(payload, false)?;
        self.encode_trusted(payload, options)
    }

    /// Mints a token for payload bytes WITHOUT checking them: only for bytes that are a
    /// canonical encoding by construction ([`payload::encode`]'s, or those the JS walker of the
    /// bindings vouches for); anything else goes through [`encode_checked`](Self::encode_checked).
    /// Returns the token's bytes (header, payload, tag), before base64url.
    pub(crate) fn encode_trusted(
        &self,
        body: &[u8],
        options: &EncodeOptions,
    ) -> Result<Vec<u8>, CursorError> {
        if let Some(seg) = options.segment {
            if seg.segment >= seg.total {
                return Err(CursorError::UnsupportedValue(
                    "segment must be below total".into(),
                ));
            }
        }
        let time = match options.ttl.or(self.ttl) {
            None => None,
            Some(ttl) => {
                let now = self.now(options.now_ms)?;
                let iat = u64::try_from(now).map_err(|_| {
                    CursorError::UnsupportedValue("the clock reads a time before 1970".into())
                })?;
                let end = ttl.checked_mul(1000).and_then(|t| t.checked_add(iat));
                if end.is_none_or(|e| e > payload::MAX_DATE_MS as u64) {
                    return Err(CursorError::UnsupportedValue(
                        "ttl reaches beyond the range of a JS Date".into(),
                    ));
                }
                Some((iat, ttl))
            }
        };
        let pad = self
            .padding
            .map_or(0, |bucket| (bucket - body.len() % bucket) % bucket);
        let key = match self.mode {
            Mode::Plain => None,
            Mode::Signed | Mode::Sealed => self.keys.first(),
        };
        let nonce = match self.mode {
            Mode::Sealed => Some(match options.nonce_for_test_vectors {
                Some(n) => n,
                None => keys::random_nonce()?,
            }),
            _ => None,
        };
        let header = Header {
            mode: self.mode,
            direction: options.direction,
            key_id: key.map(|k| k.id.clone()),
            nonce,
            time,
            segment: options.segment,
            scoped: options.scope.is_some(),
            padded: self.padding.is_some(),
        };
        let mut bytes = Vec::with_capacity(body.len() + 64);
        header.write(&mut bytes);
        if let Some(scope) = &options.scope {
            let digest = keys::scope_digest(&payload::encode(scope, true)?);
            let check = match key {
                None => {
                    let mut c = [0u8; SCOPE_CHECK_LEN];
                    c.copy_from_slice(&digest[..SCOPE_CHECK_LEN]);
                    c
                }
                Some(k) => k.scope_check(&bytes, &digest),
            };
            bytes.extend_from_slice(&check);
        }
        let tag_len = match self.mode {
            Mode::Plain => 0,
            Mode::Signed => MAC_LEN,
            Mode::Sealed => AEAD_TAG_LEN,
        };
        // Refuse before any cryptography when the result cannot fit.
        let raw_len = bytes.len().saturating_add(body.len()).saturating_add(pad);
        let length = base64url::encoded_len(raw_len.saturating_add(tag_len));
        if length > self.max_length {
            return Err(too_large(length, self.max_length));
        }
        match (self.mode, key) {
            (Mode::Signed, Some(k)) => {
                bytes.extend_from_slice(body);
                let tag = k.sign(&bytes);
                bytes.extend_from_slice(&tag);
            }
            (Mode::Sealed, Some(k)) => {
                let mut padded = Vec::with_capacity(body.len() + pad);
                padded.extend_from_slice(body);
                padded.resize(body.len() + pad, 0);
                let sealed = k.seal(&nonce.unwrap_or_default(), &bytes, &padded)?;
                bytes.extend_from_slice(&sealed);
            }
            _ => {
                bytes.extend_from_slice(body);
                bytes.resize(bytes.len() + pad, 0);
            }
        }
        Ok(bytes)
    }

    /// Checks and decodes a token.
    ///
    /// The checks run in the order of `docs/cursor-format.md` ("Decoding"): length
    /// (`too_large`), base64url and header (`malformed`, `unsupported_version`), mode and key
    /// (`bad_signature`, `unknown_key`), tag (`bad_signature`), payload (`malformed`), scope
    /// (`scope_mismatch`), time (`expired`).
    pub fn decode(&self, token: &str, options: &DecodeOptions) -> Result<Cursor, CursorError> {
        let (mut cursor, body) = self.decode_with_payload(token, options)?;
        cursor.value = payload::decode(&body, true)?;
        Ok(cursor)
    }

    /// [`decode`](Self::decode) without building the value: the cursor's `value` is
    /// [`Value::Null`] and the checked payload bytes come along (format v1 "Payload",
    /// possibly followed by zero padding), for bindings that build their own value.
    pub fn decode_with_payload(
        &self,
        token: &str,
        options: &DecodeOptions,
    ) -> Result<(Cursor, Vec<u8>), CursorError> {
        // maxLength counts characters (docs/cursor-format.md); a token is ASCII, so bytes are
        // characters unless the text is not a token at all. A character is a byte that does
        // not continue one (0b10xx_xxxx): that is what `chars().count()` counts, without its
        // 0.8 KB of wasm (an unrolled word-at-a-time counter for a path that only errors).
        if token.len() > self.max_length {
            let length = token.bytes().filter(|&b| b & 0xC0 != 0x80).count();
            if length > self.max_length {
                return Err(too_large(length, self.max_length));
            }
        }
        if token.is_empty() {
            return Err(CursorError::Malformed("empty token".into()));
        }
        let bytes = base64url::decode(token)?;
        let (cursor, body) = self.decode_bytes(&bytes, options)?;
        Ok((cursor, body.into_owned()))
    }

    /// [`decode_with_payload`](Self::decode_with_payload) after the length checks and
    /// base64url: `bytes` are the decoded token. The payload is borrowed from `bytes` unless
    /// the token is sealed.
    #[doc(hidden)]
    pub fn decode_bytes<'a>(
        &self,
        bytes: &'a [u8],
        options: &DecodeOptions,
    ) -> Result<(Cursor, Cow<'a, [u8]>), CursorError> {
        let mut r = Reader::new(bytes);
        let header = Header::read(&mut r)?;
        let key = match (self.mode, header.mode) {
            (Mode::Plain, Mode::Plain) => None,
            (Mode::Plain, _) => {
                return Err(CursorError::UnknownKey(
                    header.key_id.clone().unwrap_or_default(),
                ))
            }
            (mine, theirs) if mine != theirs => return Err(CursorError::BadSignature),
            _ => {
                let id = header.key_id.as_deref().unwrap_or_default();
                let key = self.keys.iter().find(|k| k.id == id);
                Some(key.ok_or_else(|| CursorError::UnknownKey(id.to_owned()))?)
            }
        };
        let before_check = r.position();
        let check = if header.scoped {
            Some(envelope::read_scope_check(&mut r)?)
        } else {
            None
        };
        let header_end = r.position();
        let rest = bytes.get(header_end..).unwrap_or_default();
        let body = match (header.mode, key) {
            (Mode::Signed, Some(k)) => {
                if rest.len() < MAC_LEN {
                    return Err(CursorError::Malformed("truncated tag".into()));
                }
                let signed_end = bytes.len() - MAC_LEN;
                let signed = bytes.get(..signed_end).unwrap_or_default();
                k.verify(signed, bytes.get(signed_end..).unwrap_or_default())?;
                Cow::Borrowed(rest.get(..rest.len() - MAC_LEN).unwrap_or_default())
            }
            (Mode::Sealed, Some(k)) => {
                if rest.len() < AEAD_TAG_LEN {
                    return Err(CursorError::Malformed("truncated tag".into()));
                }
                let nonce = header.nonce.unwrap_or_default();
                Cow::Owned(k.open(&nonce, bytes.get(..header_end).unwrap_or_default(), rest)?)
            }
            _ => Cow::Borrowed(rest),
        };
        payload::check(&body, header.padded)?;
        let expected = match &options.scope {
            None => None,
            Some(scope) => {
                let digest = keys::scope_digest(&payload::encode(scope, true)?);
                let header_bytes = bytes.get(..before_check).unwrap_or_default();
                Some(match key {
                    None => digest.get(..SCOPE_CHECK_LEN).unwrap_or_default().to_vec(),
                    Some(k) => k.scope_check(header_bytes, &digest).to_vec(),
                })
            }
        };
        match (check, expected) {
            (None, None) => {}
            (Some(got), Some(want)) if keys::ct_eq(&got, &want) => {}
            _ => return Err(CursorError::ScopeMismatch),
        }
        let (issued_at, expires_at) = match header.time {
            None => (None, None),
            Some((iat, ttl)) => {
                // Bounded by the header parser: both fit a JS Date, so no overflow here.
                let iat = iat as i64;
                let expires_at = iat + (ttl as i64) * 1000;
                let now = self.now(options.now_ms)?;
                let skew = i64::try_from(self.clock_skew.saturating_mul(1000)).unwrap_or(i64::MAX);
                if iat > now.saturating_add(skew) {
                    return Err(CursorError::IssuedInFuture { issued_at: iat });
                }
                if now >= expires_at {
                    return Err(CursorError::Expired { expires_at });
                }
                (Some(iat), Some(expires_at))
            }
        };
        let cursor = Cursor {
            value: Value::Null,
            direction: header.direction,
            issued_at,
            expires_at,
            key_id: header.key_id,
            segment: header.segment,
        };
        Ok((cursor, body))
    }
}

/// Mints a plain token with the default options.
///
/// ```
/// let token = pagecursor::encode_cursor(&pagecursor::Value::Int(42))?;
/// assert_eq!(pagecursor::decode_cursor(&token)?.value, pagecursor::Value::Int(42));
/// # Ok::<(), pagecursor::CursorError>(())
/// ```
pub fn encode_cursor(value: &Value) -> Result<String, CursorError> {
    CursorCodec::default().encode(value, &EncodeOptions::default())
}

/// Decodes a plain token with the default options.
pub fn decode_cursor(token: &str) -> Result<Cursor, CursorError> {
    CursorCodec::default().decode(token, &DecodeOptions::default())
}
