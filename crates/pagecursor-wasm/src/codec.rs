//! JS bindings of the cursor codec: `CursorCodec`, `encodeCursor`, `decodeCursor`.
//!
//! Only option parsing and conversion live here. An option of the wrong type or out of range
//! is a `TypeError` or `RangeError` with the code `invalid_argument` (src/errors.rs, one
//! policy for every export); options that contradict each other and values the format cannot
//! carry are `CursorError`s.

use crate::prelude::*;
use alloc::rc::Rc;

use js_sys::{Date, Function, JsString, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::errors::cursor_error;
use wasm_bindgen::JsCast;

use super::convert::{addr, addr_mut, is_array, pack, pack_error, packed_bytes, to_value, Scratch};
use super::errors::{not_an_object, range_error, type_error, whole_number};
use super::read::{for_each_item, get};
use pagecursor::codec::{
    self, CodecOptions, DecodeOptions, Direction, EncodeOptions, Key, Mode, Segment,
};
use pagecursor::error::CursorError;

// The token half of the value module (src/js/value/, compiled into this crate's snippet by
// build.rs; src/convert.rs imports the rest).
#[wasm_bindgen(module = "/js/value.js")]
extern "C" {
    /// A copy of a real `Uint8Array` (of its bytes as the intrinsic `length` getter counts
    /// them), or `undefined` for anything else (a Proxy, a fake, a detached array).
    #[wasm_bindgen(js_name = "bytesOf")]
    fn bytes_of(value: &JsValue) -> JsValue;
    /// Builds a JS `Cursor` from metadata and checked payload bytes at these addresses. The
    /// metadata: a flags byte (1 before, 2 time, 4 segment, 8 key id), then issued-at and
    /// expires-at as f64 (time), segment and total as u32 (segment), the key id as a length
    /// byte and UTF-8 (key id). Little-endian.
    #[wasm_bindgen(js_name = "unpackCursor")]
    fn unpack_cursor(meta: u32, payload: u32) -> JsValue;
    /// Decodes a token that is strict unpadded base64url to `to` (at most `cap` bytes) and
    /// returns its length in characters; -1 when it is not a string; `-2 - length` when the
    /// string is not strict base64url or decodes to more than `cap` bytes (the Rust path then
    /// reads it and reports exactly what is wrong). No copy of the text into wasm memory.
    #[wasm_bindgen(js_name = "tokenBytes")]
    fn token_bytes(token: &JsValue, to: u32, cap: u32) -> f64;
    /// The token of the `len` bytes at `at` (header, payload, tag), which two zero bytes
    /// follow: their unpadded base64url,
    /// written by the snippet straight into a JS string (base64ct's constant-time encoder and
    /// the UTF-8 decode of a Rust `String` were a third of an `encodeCursor`).
    #[wasm_bindgen(js_name = "tokenText")]
    fn token_text(at: u32, len: u32) -> JsValue;
}

/// The largest integer a JS number holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
/// Ranges of whole-number options.
const SAFE: (u64, u64) = (0, MAX_SAFE as u64);
const SAFE_FROM_1: (u64, u64) = (1, MAX_SAFE as u64);
const U32: (u64, u64) = (0, 4_294_967_295);
const U32_FROM_1: (u64, u64) = (1, 4_294_967_295);

fn js_now() -> i64 {
    Date::now() as i64
}

/// `Date.now` as a core clock: every codec the bindings make has one (the core has no clock of
/// its own without std), unless the user gave `now`.
pub fn js_clock() -> codec::Clock {
    Rc::new(js_now)
}

/// A plain codec with the JS clock: the shorthands' and the bindings' default.
pub fn plain_codec() -> codec::CursorCodec {
    codec::CursorCodec::default().with_clock(js_clock())
}

fn bad(why: String) -> CursorError {
    CursorError::UnsupportedValue(why)
}

/// The token argument as bytes: a non-empty string no longer than `max_length` (a longer
/// one is refused before its text is copied into wasm memory; at most the scratch buffer's
/// worth of it was decoded). Strict base64url decodes straight into `scratch` in JS
/// (`Ok(Ok(length))`, the bytes at the start of `scratch`); anything else comes back as the
/// text (`Ok(Err(text))`), for the core to decode and report.
fn token_arg(
    token: &JsValue,
    max_length: usize,
    scratch: &mut [u8],
) -> Result<Result<usize, String>, CursorError> {
    let got = token_bytes(token, addr_mut(scratch), scratch.len() as u32);
    if got == -1.0 {
        return Err(CursorError::Malformed("a token must be a string".into()));
    }
    let length = (if got < 0.0 { -2.0 - got } else { got }) as usize;
    if length > max_length {
        return Err(CursorError::TooLarge {
            length,
            max: max_length,
        });
    }
    if length == 0 {
        return Err(CursorError::Malformed("empty token".into()));
    }
    if got < 0.0 {
        return Ok(Err(String::from(token.unchecked_ref::<JsString>())));
    }
    // The decoded length as `tokenBytes` computes it (a length of 1 mod 4 never gets here).
    Ok(Ok(length * 3 / 4))
}

/// Mints a token for a JS value: the value crosses as payload bytes built by the value module, which
/// reads it once and reports every refusal itself; the core checks those bytes as strictly as a
/// decoder does before it signs, seals or encodes them. `options` is read after the value, as
/// the errors of the API expect.
fn encode_js(
    codec: &codec::CursorCodec,
    value: &JsValue,
    options: &JsValue,
    now: Option<&Function>,
    has_ttl: bool,
) -> Result<JsValue, JsValue> {
    let mut scratch = Scratch::take();
    let max = codec.max_length();
    // The payload of the longest token: the walk stops past it, so a huge value is refused
    // before its bytes are built or copied into wasm memory (which never shrinks).
    let limit = max / 4 * 3 + max % 4 * 3 / 4;
    let got = pack(
        value,
        addr_mut(&mut scratch.0),
        scratch.0.len() as u32,
        limit as f64,
        false,
    );
    if got == -1.0 {
        return Err(cursor_error(bad(pack_error())));
    }
    let mut big = Vec::new();
    let payload = if got < 0.0 {
        // At least this long: the walk stopped there.
        let bytes = (-2.0 - got) as usize;
        Err(CursorError::TooLarge {
            length: bytes.saturating_mul(4).div_ceil(3),
            max,
        })
    } else {
        Ok(packed_bytes(&scratch.0, got as usize, &mut big))
    };
    let mut opts = encode_options(options)?;
    if let (Some(now), true) = (now, has_ttl || opts.ttl.is_some()) {
        opts.now_ms = Some(call_now(now)?);
    }
    // Checked in every mode: no byte from JS reaches a MAC, an AEAD or a token unchecked.
    let mut token = codec
        .encode_checked(payload.map_err(cursor_error)?, &opts)
        .map_err(cursor_error)?;
    let len = token.len() as u32;
    // The last group of three reads up to two bytes past the token: zeros, the unused bits.
    token.extend_from_slice(&[0, 0]);
    Ok(token_text(addr(&token), len))
}

/// Decodes a token into a JS `Cursor`, built by the value module from the checked payload.
fn decode_js(
    codec: &codec::CursorCodec,
    token: &JsValue,
    options: &JsValue,
    now: Option<&Function>,
) -> Result<JsValue, JsValue> {
    let mut scratch = Scratch::take();
    let token = token_arg(token, codec.max_length(), &mut scratch.0).map_err(cursor_error)?;
    let (mut opts, bad_scope) = decode_options(options)?;
    if let Some(now) = now {
        opts.now_ms = Some(call_now(now)?);
    }
    let owned;
    let bytes = match token {
        Ok(len) => scratch.0.get(..len).unwrap_or_default(),
        // Not strict base64url (or longer than the scratch): the core decodes the text and
        // says what is wrong. (The lengths are checked: a token is ASCII, or not a token.)
        Err(text) => {
            owned = codec::base64url::decode(&text).map_err(cursor_error)?;
            &owned
        }
    };
    let decoded = codec.decode_bytes(bytes, &opts);
    if let Some(err) = bad_scope {
        // A scope that is no cursor value is judged where the scope is (docs/cursor-format.md
        // §7, step 9), as the Rust decoder does: what an earlier step finds wins; the scope
        // step and the time after it give way to it.
        return Err(cursor_error(match decoded {
            Err(early)
                if !matches!(
                    early,
                    CursorError::ScopeMismatch
                        | CursorError::Expired { .. }
                        | CursorError::IssuedInFuture { .. }
                ) =>
            {
                early
            }
            _ => err,
        }));
    }
    let (cursor, body) = decoded.map_err(cursor_error)?;
    let mut meta = Vec::with_capacity(48);
    let mut flags = 0u8;
    if cursor.direction == Direction::Before {
        flags |= 1;
    }
    meta.push(0);
    if let (Some(iat), Some(exp)) = (cursor.issued_at, cursor.expires_at) {
        flags |= 2;
        meta.extend_from_slice(&(iat as f64).to_le_bytes());
        meta.extend_from_slice(&(exp as f64).to_le_bytes());
    }
    if let Some(seg) = cursor.segment {
        flags |= 4;
        meta.extend_from_slice(&seg.segment.to_le_bytes());
        meta.extend_from_slice(&seg.total.to_le_bytes());
    }
    if let Some(id) = &cursor.key_id {
        flags |= 8;
        // Key ids are at most 255 bytes (checked when the codec is built and in the header).
        meta.push(id.len() as u8);
        meta.extend_from_slice(id.as_bytes());
    }
    if let Some(first) = meta.first_mut() {
        *first = flags;
    }
    Ok(unpack_cursor(addr(&meta), addr(&body)))
}

fn check_bag(options: &JsValue) -> Result<(), JsValue> {
    if options.is_undefined() || options.is_null() || options.is_object() {
        Ok(())
    } else {
        Err(not_an_object(options, "options"))
    }
}

/// Reads an optional whole number `<bag>.<key>` in `[min, max]` (see [`whole_number`]):
/// `bag` is `options` or the path of a nested bag.
fn whole(
    options: &JsValue,
    bag: &str,
    key: &str,
    (min, max): (u64, u64),
) -> Result<Option<u64>, JsValue> {
    let v = get(options, key)?;
    if v.is_undefined() {
        return Ok(None);
    }
    whole_number(&v, &[bag, ".", key].concat(), min, max).map(Some)
}

/// Reads the encode options bag of the JS API. What a getter of the bag throws is the error.
pub fn encode_options(options: &JsValue) -> Result<EncodeOptions, JsValue> {
    if options.is_undefined() {
        return Ok(EncodeOptions::default());
    }
    check_bag(options)?;
    let mut out = EncodeOptions::default();
    let direction = get(options, "direction")?;
    match direction.as_string().as_deref() {
        _ if direction.is_undefined() => {}
        Some("after") => {}
        Some("before") => out.direction = Direction::Before,
        _ => return Err(type_error("direction must be \"after\" or \"before\"")),
    }
    let scope = get(options, "scope")?;
    if !scope.is_undefined() {
        out.scope = Some(to_value(&scope).map_err(cursor_error)?);
    }
    let segment = get(options, "segment")?;
    if !segment.is_undefined() {
        if !segment.is_object() {
            return Err(type_error("options.segment must be { segment, total }"));
        }
        let total = whole(&segment, "options.segment", "total", U32_FROM_1)?;
        let index = whole(&segment, "options.segment", "segment", U32)?;
        match (index, total) {
            (Some(s), Some(t)) if s < t => {
                out.segment = Some(Segment {
                    segment: s as u32,
                    total: t as u32,
                })
            }
            _ => {
                return Err(range_error(
                    "options.segment must be { segment, total } with 0 <= segment < total",
                ))
            }
        }
    }
    out.ttl = whole(options, "options", "ttl", SAFE)?;
    Ok(out)
}

/// Reads the decode options bag of the JS API. What a getter of the bag throws is the error.
/// The decode options, and the error of a `scope` that is no cursor value: the decoder reports
/// it at the scope step, after reading the token (docs/cursor-format.md §7), not before.
pub fn decode_options(options: &JsValue) -> Result<(DecodeOptions, Option<CursorError>), JsValue> {
    let mut out = DecodeOptions::default();
    if options.is_undefined() {
        return Ok((out, None));
    }
    check_bag(options)?;
    let scope = get(options, "scope")?;
    let mut bad = None;
    if !scope.is_undefined() {
        match to_value(&scope) {
            Ok(v) => out.scope = Some(v),
            Err(e) => bad = Some(e),
        }
    }
    Ok((out, bad))
}

fn secret_bytes(secret: &JsValue, id: &str) -> Result<Vec<u8>, JsValue> {
    if let Some(s) = secret.dyn_ref::<JsString>() {
        if !s.is_valid_utf16() {
            return Err(cursor_error(bad([
                "the secret of key \"",
                id,
                "\" has a lone surrogate",
            ]
            .concat())));
        }
        return Ok(String::from(s).into_bytes());
    }
    let bytes = bytes_of(secret);
    if !bytes.is_undefined() {
        return Ok(bytes.unchecked_into::<Uint8Array>().to_vec());
    }
    Err(type_error(
        &[
            "the secret of key \"",
            id,
            "\" must be a string or a Uint8Array",
        ]
        .concat(),
    ))
}

fn read_keys(keys: &JsValue) -> Result<Vec<Key>, JsValue> {
    if keys.is_undefined() {
        return Ok(Vec::new());
    }
    // Without signing and sealing (the package's smaller modules) keys are refused unread: the
    // core would refuse them anyway, and this reader's code is then not in the module.
    if !cfg!(feature = "keyed") {
        return Err(cursor_error(CursorError::UnsupportedValue(
            codec::KEYED_OFF.into(),
        )));
    }
    if !is_array(keys).map_err(cursor_error)? {
        return Err(type_error("keys must be an array of { id, secret }"));
    }
    let mut out = Vec::new();
    for_each_item(keys, &mut |entry| {
        let id = get(&entry, "id")?;
        let id = match id.dyn_ref::<JsString>() {
            Some(s) if s.is_valid_utf16() => String::from(s),
            _ => return Err(type_error("every key needs a string id")),
        };
        let secret = secret_bytes(&get(&entry, "secret")?, &id)?;
        out.push(Key { id, secret });
        Ok(())
    })?;
    Ok(out)
}

/// Mints and checks cursors.
///
/// ```js
/// const codec = new CursorCodec({ keys: [{ id: "k1", secret: process.env.CURSOR_SECRET }] });
/// const token = codec.encode({ createdAt: new Date(), id: 42n }, { scope: "orders" });
/// codec.decode(token, { scope: "orders" }).value; // { createdAt: Date, id: 42n }
/// ```
#[wasm_bindgen(js_name = "CursorCodec")]
pub struct JsCursorCodec {
    inner: Rc<codec::CursorCodec>,
    /// The user's `now`, called by this class's own methods so that what it throws reaches
    /// the caller unchanged.
    now: Option<Function>,
    has_ttl: bool,
}

/// `options.maxLength` of a codec, saturating as the f64 it was read from: on wasm32 a length
/// above 2^32 - 1 is "no limit", never truncated to a small one.
fn max_length(options: &JsValue) -> Result<Option<usize>, JsValue> {
    Ok(whole(options, "options", "maxLength", SAFE_FROM_1)?
        .map(|max| usize::try_from(max).unwrap_or(usize::MAX)))
}

fn call_now(now: &Function) -> Result<i64, JsValue> {
    let ms = now.call0(&JsValue::UNDEFINED)?;
    match ms.as_f64() {
        Some(ms) if pagecursor::value::is_whole(ms) && ms.abs() <= 8.64e15 => Ok(ms as i64),
        _ => Err(cursor_error(bad(
            "now() must return a whole number of milliseconds in [-8.64e15, 8.64e15]".into(),
        ))),
    }
}

#[wasm_bindgen(js_class = "CursorCodec")]
impl JsCursorCodec {
    /// Creates a codec from its options bag:
    /// `{ keys, mode, ttl, maxLength, now, clockSkew, padding }`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "CursorCodecOptions")] options: JsValue,
    ) -> Result<JsCursorCodec, JsValue> {
        check_bag(&options)?;
        let mut opts = CodecOptions {
            keys: read_keys(&get(&options, "keys")?)?,
            clock: Some(js_clock()),
            ..Default::default()
        };
        // Without signing and sealing (the package's smaller modules) the package itself makes
        // the only codecs: the shared plain one and the React stack's (src/js/codec/codec-of.ts), with
        // no option but `maxLength`; any other is refused unread, so its reader is not linked.
        if !cfg!(feature = "keyed") {
            for name in ["mode", "ttl", "clockSkew", "padding", "now"] {
                if !get(&options, name)?.is_undefined() {
                    return Err(cursor_error(CursorError::UnsupportedValue(
                        codec::KEYED_OFF.into(),
                    )));
                }
            }
            if let Some(max) = max_length(&options)? {
                opts.max_length = max;
            }
            return Ok(JsCursorCodec {
                inner: Rc::new(codec::CursorCodec::new(opts).map_err(cursor_error)?),
                now: None,
                has_ttl: false,
            });
        }
        let mode = get(&options, "mode")?;
        opts.mode = match mode.as_string().as_deref() {
            _ if mode.is_undefined() => None,
            Some("plain") => Some(Mode::Plain),
            Some("signed") => Some(Mode::Signed),
            Some("sealed") => Some(Mode::Sealed),
            _ => {
                return Err(type_error(
                    "mode must be \"plain\", \"signed\" or \"sealed\"",
                ))
            }
        };
        opts.ttl = whole(&options, "options", "ttl", SAFE)?;
        if let Some(max) = max_length(&options)? {
            opts.max_length = max;
        }
        if let Some(skew) = whole(&options, "options", "clockSkew", SAFE)? {
            opts.clock_skew = skew;
        }
        opts.padding = whole(&options, "options", "padding", (1, 65536))?.map(|p| p as usize);
        let now = get(&options, "now")?;
        let now = if now.is_undefined() {
            None
        } else {
            let f = now
                .dyn_into::<Function>()
                .map_err(|_| type_error("now must be a function returning ms"))?;
            let clock_fn = f.clone();
            // Bindings given this codec (`core`) use this clock; a throw
            // or a non-number reads as "before 1970", which encode refuses.
            opts.clock = Some(Rc::new(move || call_now(&clock_fn).unwrap_or(i64::MIN)));
            Some(f)
        };
        let has_ttl = opts.ttl.is_some();
        let inner = Rc::new(codec::CursorCodec::new(opts).map_err(cursor_error)?);
        Ok(JsCursorCodec {
            inner,
            now,
            has_ttl,
        })
    }

    /// The mode this codec mints and accepts: `"plain"`, `"signed"` or `"sealed"`.
    #[wasm_bindgen(getter, unchecked_return_type = "\"plain\" | \"signed\" | \"sealed\"")]
    pub fn mode(&self) -> String {
        self.inner.mode().as_str().into()
    }

    /// Mints a token for `value`.
    #[wasm_bindgen(unchecked_return_type = "string")]
    pub fn encode(
        &self,
        #[wasm_bindgen(unchecked_param_type = "CursorValue")] value: JsValue,
        #[wasm_bindgen(unchecked_param_type = "EncodeOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        encode_js(
            &self.inner,
            &value,
            &options,
            self.now.as_ref(),
            self.has_ttl,
        )
    }

    /// Checks and decodes a token.
    #[wasm_bindgen(unchecked_return_type = "Cursor")]
    pub fn decode(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] token: JsValue,
        #[wasm_bindgen(unchecked_param_type = "DecodeOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        decode_js(&self.inner, &token, &options, self.now.as_ref())
    }
}

impl JsCursorCodec {
    /// The core of this codec, for the bindings that are given it as `options.codec` (the
    /// paginator, the cursor stack, the infinite list, keyset pages): the JS layer hands them
    /// the wasm object of a CursorCodec it made (src/js/codec/codec.ts `codecOption`), never a user
    /// value, so nothing here looks anything up.
    pub fn core(&self) -> Rc<codec::CursorCodec> {
        self.inner.clone()
    }
}

/// Mints a plain cursor for `value` (options as `CursorCodec.encode`).
///
/// ```js
/// const token = encodeCursor({ createdAt: new Date(), id: 42n });
/// ```
#[wasm_bindgen(js_name = "encodeCursor", unchecked_return_type = "string")]
pub fn encode_cursor(
    #[wasm_bindgen(unchecked_param_type = "CursorValue")] value: JsValue,
    #[wasm_bindgen(unchecked_param_type = "EncodeOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    encode_js(&plain_codec(), &value, &options, None, false)
}

/// Decodes a plain cursor (options as `CursorCodec.decode`).
///
/// ```js
/// const { value, direction } = decodeCursor(token);
/// ```
#[wasm_bindgen(js_name = "decodeCursor", unchecked_return_type = "Cursor")]
pub fn decode_cursor(
    #[wasm_bindgen(unchecked_param_type = "string")] token: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DecodeOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    decode_js(&plain_codec(), &token, &options, None)
}
