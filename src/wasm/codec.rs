//! JS bindings of the cursor codec: `CursorCodec`, `encodeCursor`, `decodeCursor`.
//!
//! Only option parsing and conversion live here. Bad option values are `CursorError`s with
//! the code `unsupported_value` (never a `TypeError`), so callers handle one error class.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Date, Function, JsString, Object, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::convert::{from_value, set_own, to_value};
use super::page::{for_each_item, get};
use crate::codec::{
    self, CodecOptions, Cursor, DecodeOptions, Direction, EncodeOptions, Key, Mode, Segment,
};
use crate::error::CursorError;

// `codec.js`: fast value conversion for the codec bindings. Crossing the JS/wasm boundary once
// per property (typeof checks, Reflect.get, Object.keys, prototype checks) cost ten times more
// than the codec itself. So JS walks the value ONCE into the payload bytes of format v1
// (docs/cursor-format.md, "Payload") and hands them over in one call; Rust checks those bytes
// as strictly as a decoder does before it signs or encodes anything. The reverse way, Rust
// hands over the checked payload and JS builds the value. Whatever the walker does not handle
// (values the format refuses: lone surrogates, cycles, class instances, out-of-range bigints,
// …) makes `pack` return undefined, and the Rust converter handles the value, so every error
// keeps its exact code and message. (The comments of the snippet live here: it ships as
// written, and every byte counts against the size budget.) Notes on its functions:
// - `wellFormed`: on older engines without `isWellFormed`, any surrogate sends the value to the
//   Rust path, which checks pairs.
// - `varint`: unsigned LEB128 of a non-negative safe integer (`bigVarint` for bigints).
// - `text(s, base)`: the UTF-8 of a well-formed string, preceded by its length: a head byte with
//   `base` (values) or a bare varint (map keys, `base < 0`); false for a lone surrogate. A short
//   ASCII string (the common case) is copied char by char, which also proves it well-formed;
//   below 64 chars its length fits the head byte or one varint byte, written in place.
// - `write` returns false when the value is not for this walker. A NaN is written as the one NaN
//   the format carries (0x7ff8000000000000). A Date is a zigzag varint of its ms; |ms| <=
//   8.64e15, so 2|ms| may pass 2^53: bigint arithmetic then. An object with symbol keys goes to
//   the Rust converter, which refuses it with unsupported_value.
// - `setMemory`/`mem`: the snippet keeps one view of the module's memory (renewed when a
//   growth detached it) and is given addresses, not slices: a slice argument costs a new view
//   object per call, and stores through a view of wasm memory are slower than into a JS array,
//   so bytes are built in JS arrays and copied over with one `set`.
// - `pack` catches a throwing getter: the Rust converter reads the value again and reports it.
//   It copies the bytes into the Rust scratch buffer it is given (no `Uint8Array` handed back,
//   no `length`/`set` crossings). `exact` stays true only while every byte written is canonical
//   by construction, so Rust may skip `payload::check` (it runs on everything else, exactly as
//   before): it turns false for byte arrays (a subclass may lie about `length`), for a Date
//   whose `getTime()` is not an integer within ±8.64e15 (a subclass may override it), for an
//   array whose `length` is not an array length (a Proxy), and when a getter re-entered `pack`
//   (`walks` changed: the shared buffer was overwritten under the outer walk).
// - `tokenBytes`: strict unpadded base64url (the alphabet, no `=`, no length ≡ 1 mod 4, zero
//   unused bits in the last character: exactly what `codec::base64url::decode` accepts) decoded
//   in place in a JS array, then copied into the scratch buffer. A short token's chars are
//   copied one by one (their OR proves them ASCII); a long one goes through `encodeInto`,
//   whose fixed cost per call (~300 ns in Chromium, ~50 ns in Node) only pays off then.
//   Anything else goes to the Rust path, which reports it.
// - `read`/`unpackCursor` (the reverse way) see only bytes already checked by Rust. A Date
//   (0x08) is a zigzag varint; up to 7 bytes (49 bits) it is exact as a number.
// - `readText`: short ASCII strings are built eight, then four chars per `fromCharCode` (fewer
//   allocations than one at a time, and no TextDecoder call).
// - `readKey`: map keys repeat from one cursor to the next, so the last ASCII key per hash slot
//   is kept and reused when its chars equal the bytes (no new string, and V8 finds the
//   property key already internalized). Only ASCII keys are kept: then equal char codes mean
//   equal bytes (a Latin-1 key such as "Ã©" must never stand for the UTF-8 bytes of "é").
//   The key id of a signed or sealed cursor is read the same way: it repeats even more.
#[wasm_bindgen(module = "/src/wasm/codec.js")]
extern "C" {
    /// Hands the snippet the module's memory, which it reads and writes at the addresses the
    /// functions below are given (no view object per call, no copy through a JS array).
    #[wasm_bindgen(js_name = "setMemory")]
    fn set_memory(memory: &JsValue);
    /// Walks a value into payload bytes and copies them to `to` when they fit in `cap`
    /// bytes. Returns -1 when the value needs the Rust converter (a getter threw, or the
    /// walker does not handle it), else `2 * length + exact`: `exact` (1) when the walker
    /// vouches that the bytes are canonical by construction, 0 when they must be checked (a
    /// Date whose `getTime` is not an integer in range, a byte array, an array whose `length`
    /// is not an array length, a walk re-entered by a getter). Longer than `cap`: fetch them
    /// with `packed`.
    fn pack(value: &JsValue, to: u32, cap: u32) -> f64;
    /// Copies the `len` bytes of the last `pack` to `to`.
    fn packed(to: u32, len: u32);
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
}

/// The address of a buffer in the module's memory, for the snippet to read (wasm32
/// addresses are 32 bits).
fn addr(bytes: &[u8]) -> u32 {
    bytes.as_ptr() as usize as u32
}

/// The address of a buffer the snippet writes into: taken from a unique borrow, as the
/// pointer a `&mut [u8]` argument would pass.
fn addr_mut(bytes: &mut [u8]) -> u32 {
    bytes.as_mut_ptr() as usize as u32
}

/// Bytes of the scratch buffer: the payload of a token of the default `maxLength` (4,096
/// characters of base64url are 3,072 bytes).
const SCRATCH_LEN: usize = 3072;

/// A scratch buffer for the payload going out and the decoded token coming in, taken out of
/// its slot for the call and put back when dropped: a call re-entered from JS (a getter that
/// mints a cursor) finds the slot empty and uses a buffer of its own, so no borrow is ever
/// held across a call into JS.
struct Scratch(Vec<u8>);

impl Scratch {
    fn take() -> Scratch {
        let mut v = SCRATCH.with(|s| s.take());
        if v.len() < SCRATCH_LEN {
            v = vec![0; SCRATCH_LEN];
            // The first call (or one re-entered from JS): the snippet may not know the memory.
            set_memory(&wasm_bindgen::memory());
        }
        Scratch(v)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let v = std::mem::take(&mut self.0);
        SCRATCH.with(|s| s.set(v));
    }
}

/// A live codec in the registry: its id and its core.
type Registered = (u64, Rc<codec::CursorCodec>);

thread_local! {
    static SCRATCH: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
    /// Live codecs by id, so that bindings that receive a `CursorCodec` inside an options
    /// object (the paginator, the cursor stack) can reach its core without unsafe code.
    /// A slab: a codec's slot (`__codecSlot`) finds its entry at once and its id must match, so
    /// creating, finding and dropping a codec cost the same with a million live ones (a vector
    /// scanned by id made a churn of abandoned codecs quadratic: 100,000 took 17 s). Free slots
    /// are reused. (A hash map or B-tree costs kilobytes of wasm; a B-tree 3.5 KB gzip.)
    static CODECS: RefCell<Vec<Option<Registered>>> = const { RefCell::new(Vec::new()) };
    static FREE_SLOTS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: RefCell<u64> = const { RefCell::new(1) };
}

/// A registry id nobody can guess: a forged `{ __codecId }` object must not reach the keys of a
/// codec its author holds no reference to. 53 random bits, so the id is exact in a JS number.
fn fresh_id() -> u64 {
    let mut bytes = [0u8; 8];
    let random = getrandom::fill(&mut bytes).is_ok();
    let mut id = u64::from_le_bytes(bytes) & ((1 << 53) - 1);
    // Without a random source (none is missing in browsers, Node, Deno, Bun or workerd) the
    // ids fall back to a counter. Two live codecs may share an id: each is found by its slot.
    while !random || id == 0 {
        id = NEXT_ID.with(|n| {
            let mut n = n.borrow_mut();
            *n = (*n + 1) & ((1 << 53) - 1);
            *n
        });
        if id != 0 {
            break;
        }
    }
    id
}

/// The largest integer a JS number holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
/// Ranges of whole-number options, with their text for messages.
const SAFE: (f64, f64, &str) = (0.0, MAX_SAFE, "[0, 2^53 - 1]");
const SAFE_FROM_1: (f64, f64, &str) = (1.0, MAX_SAFE, "[1, 2^53 - 1]");
const U32: (f64, f64, &str) = (0.0, 4_294_967_295.0, "[0, 2^32 - 1]");
const U32_FROM_1: (f64, f64, &str) = (1.0, 4_294_967_295.0, "[1, 2^32 - 1]");

fn js_now() -> i64 {
    Date::now() as i64
}

/// Gives codecs without a clock of their own `Date.now` (wasm32 has no std clock). Other
/// bindings that build a core codec themselves may call it too; it is idempotent.
pub fn install_clock() {
    codec::set_fallback_clock(js_now);
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

/// Mints a token for a JS value: the value crosses as payload bytes built by `codec.js`,
/// which the core checks strictly; values that walker leaves alone take the Rust converter.
/// `options` is read after the value, as the errors of the API expect.
fn encode_js(
    codec: &codec::CursorCodec,
    value: &JsValue,
    options: &JsValue,
    now: Option<&Function>,
    has_ttl: bool,
) -> Result<String, JsValue> {
    let mut scratch = Scratch::take();
    let got = pack(value, addr_mut(&mut scratch.0), scratch.0.len() as u32);
    let mut big = Vec::new();
    let payload = if got < 0.0 {
        None
    } else {
        let len = (got / 2.0) as usize;
        let bytes = match scratch.0.get(..len) {
            Some(bytes) => bytes,
            None => {
                big.resize(len, 0);
                packed(addr_mut(&mut big), len as u32);
                &big
            }
        };
        Some((bytes, got % 2.0 == 1.0))
    };
    let fallback = match payload {
        Some(_) => None,
        None => Some(to_value(value)?),
    };
    let mut opts = encode_options(options)?;
    if let (Some(now), true) = (now, has_ttl || opts.ttl.is_some()) {
        opts.now_ms = Some(call_now(now)?);
    }
    if let Some((bytes, exact)) = payload {
        let minted = if exact {
            codec.encode_trusted(bytes, &opts)
        } else {
            codec.encode_checked(bytes, &opts)
        };
        match minted {
            // Only a payload the walker got wrong is malformed; convert the slow way then.
            Err(CursorError::Malformed(_)) => {}
            other => return Ok(other?),
        }
    }
    let value = match fallback {
        Some(v) => v,
        None => to_value(value)?,
    };
    Ok(codec.encode(&value, &opts)?)
}

/// Decodes a token into a JS `Cursor`, built by `codec.js` from the checked payload.
fn decode_js(
    codec: &codec::CursorCodec,
    token: &JsValue,
    options: &JsValue,
    now: Option<&Function>,
) -> Result<JsValue, JsValue> {
    let mut scratch = Scratch::take();
    let token = token_arg(token, codec.max_length(), &mut scratch.0)?;
    let mut opts = decode_options(options)?;
    if let Some(now) = now {
        opts.now_ms = Some(call_now(now)?);
    }
    let owned;
    let bytes = match token {
        Ok(len) => scratch.0.get(..len).unwrap_or_default(),
        // Not strict base64url (or longer than the scratch): the core decodes the text and
        // says what is wrong. (The lengths are checked: a token is ASCII, or not a token.)
        Err(text) => {
            owned = codec::base64url::decode(&text)?;
            &owned
        }
    };
    let (cursor, body) = codec.decode_bytes(bytes, &opts)?;
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

/// Builds the JS `Cursor` object; absent optional fields stay `undefined`.
pub fn cursor_to_js(cursor: &Cursor) -> JsValue {
    let obj = Object::new();
    set_own(&obj, "value", &from_value(&cursor.value));
    set_own(&obj, "direction", &cursor.direction.as_str().into());
    if let Some(ms) = cursor.issued_at {
        set_own(&obj, "issuedAt", &Date::new(&(ms as f64).into()));
    }
    if let Some(ms) = cursor.expires_at {
        set_own(&obj, "expiresAt", &Date::new(&(ms as f64).into()));
    }
    if let Some(id) = &cursor.key_id {
        set_own(&obj, "keyId", &id.into());
    }
    if let Some(seg) = cursor.segment {
        let s = Object::new();
        set_own(&s, "segment", &seg.segment.into());
        set_own(&s, "total", &seg.total.into());
        set_own(&obj, "segment", &s);
    }
    obj.into()
}

fn check_bag(options: &JsValue, what: &str) -> Result<(), CursorError> {
    if options.is_undefined() || options.is_null() || options.is_object() {
        Ok(())
    } else {
        Err(bad([what, " options must be an object"].concat()))
    }
}

/// Reads an optional whole number in `[min, max]`. (Messages here are concatenated rather
/// than formatted: `format!` would pull formatting code into the wasm at each call site.)
fn whole(
    options: &JsValue,
    key: &str,
    (min, max, range): (f64, f64, &str),
) -> Result<Option<f64>, JsValue> {
    let v = get(options, key)?;
    if v.is_undefined() {
        return Ok(None);
    }
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= min && n <= max => Ok(Some(n)),
        _ => Err(bad([key, " must be a whole number in ", range].concat()).into()),
    }
}

/// Reads the encode options bag of the JS API. What a getter of the bag throws is the error.
pub fn encode_options(options: &JsValue) -> Result<EncodeOptions, JsValue> {
    if options.is_undefined() {
        return Ok(EncodeOptions::default());
    }
    check_bag(options, "encode")?;
    let mut out = EncodeOptions::default();
    let direction = get(options, "direction")?;
    match direction.as_string().as_deref() {
        _ if direction.is_undefined() => {}
        Some("after") => {}
        Some("before") => out.direction = Direction::Before,
        _ => return Err(bad("direction must be \"after\" or \"before\"".to_string()).into()),
    }
    let scope = get(options, "scope")?;
    if !scope.is_undefined() {
        out.scope = Some(to_value(&scope)?);
    }
    let segment = get(options, "segment")?;
    if !segment.is_undefined() {
        if !segment.is_object() {
            return Err(bad("segment must be { segment, total }".into()).into());
        }
        let total = whole(&segment, "total", U32_FROM_1)?;
        let index = whole(&segment, "segment", U32)?;
        match (index, total) {
            (Some(s), Some(t)) if s < t => {
                out.segment = Some(Segment {
                    segment: s as u32,
                    total: t as u32,
                })
            }
            _ => {
                return Err(bad(
                    "segment must be { segment, total } with 0 <= segment < total".into(),
                )
                .into())
            }
        }
    }
    out.ttl = whole(options, "ttl", SAFE)?.map(|t| t as u64);
    Ok(out)
}

/// Reads the decode options bag of the JS API. What a getter of the bag throws is the error.
pub fn decode_options(options: &JsValue) -> Result<DecodeOptions, JsValue> {
    if options.is_undefined() {
        return Ok(DecodeOptions::default());
    }
    check_bag(options, "decode")?;
    let mut out = DecodeOptions::default();
    let scope = get(options, "scope")?;
    if !scope.is_undefined() {
        out.scope = Some(to_value(&scope)?);
    }
    Ok(out)
}

/// The core codec behind a JS `CursorCodec` passed in an options object.
pub fn codec_from_js(value: &JsValue) -> Result<Rc<codec::CursorCodec>, JsValue> {
    install_clock();
    let whole = |v: JsValue| {
        v.as_f64()
            .filter(|f| f.fract() == 0.0 && (0.0..=MAX_SAFE).contains(f))
            .map(|f| f as u64)
    };
    let id = whole(get(value, "__codecId")?);
    let slot = whole(get(value, "__codecSlot")?);
    id.zip(slot)
        .and_then(|(id, slot)| {
            CODECS.with(|c| match c.borrow().get(usize::try_from(slot).ok()?) {
                Some(Some((k, v))) if *k == id && id != 0 => Some(v.clone()),
                _ => None,
            })
        })
        .ok_or_else(|| {
            JsValue::from(super::errors::TypeError::new(
                "options.codec must be a CursorCodec",
            ))
        })
}

fn secret_bytes(secret: &JsValue, id: &str) -> Result<Vec<u8>, CursorError> {
    if let Some(s) = secret.dyn_ref::<JsString>() {
        if !s.is_valid_utf16() {
            return Err(bad(
                ["the secret of key \"", id, "\" has a lone surrogate"].concat()
            ));
        }
        return Ok(String::from(s).into_bytes());
    }
    if secret.is_instance_of::<Uint8Array>() {
        return Ok(Uint8Array::from(secret.clone()).to_vec());
    }
    Err(bad([
        "the secret of key \"",
        id,
        "\" must be a string or a Uint8Array",
    ]
    .concat()))
}

fn read_keys(keys: &JsValue) -> Result<Vec<Key>, JsValue> {
    if keys.is_undefined() {
        return Ok(Vec::new());
    }
    if !Array::is_array(keys) {
        return Err(bad("keys must be an array of { id, secret }".into()).into());
    }
    let mut out = Vec::new();
    for_each_item(keys, &mut |entry| {
        let id = get(&entry, "id")?;
        let id = match id.dyn_ref::<JsString>() {
            Some(s) if s.is_valid_utf16() => String::from(s),
            _ => return Err(bad("every key needs a string id".into()).into()),
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
    id: u64,
    slot: u32,
    inner: Rc<codec::CursorCodec>,
    /// The user's `now`, called by this class's own methods so that what it throws reaches
    /// the caller unchanged.
    now: Option<Function>,
    has_ttl: bool,
}

fn call_now(now: &Function) -> Result<i64, JsValue> {
    let ms = now.call0(&JsValue::UNDEFINED)?;
    match ms.as_f64() {
        Some(ms) if ms.is_finite() => Ok(ms.floor() as i64),
        _ => Err(bad("now() must return a finite number of milliseconds".into()).into()),
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
        install_clock();
        check_bag(&options, "CursorCodec")?;
        let mut opts = CodecOptions {
            keys: read_keys(&get(&options, "keys")?)?,
            ..Default::default()
        };
        let mode = get(&options, "mode")?;
        opts.mode = match mode.as_string().as_deref() {
            _ if mode.is_undefined() => None,
            Some("plain") => Some(Mode::Plain),
            Some("signed") => Some(Mode::Signed),
            Some("sealed") => Some(Mode::Sealed),
            _ => return Err(bad("mode must be \"plain\", \"signed\" or \"sealed\"".into()).into()),
        };
        opts.ttl = whole(&options, "ttl", SAFE)?.map(|t| t as u64);
        if let Some(max) = whole(&options, "maxLength", SAFE_FROM_1)? {
            opts.max_length = max as usize;
        }
        if let Some(skew) = whole(&options, "clockSkew", SAFE)? {
            opts.clock_skew = skew as u64;
        }
        opts.padding =
            whole(&options, "padding", (1.0, 65536.0, "[1, 65536]"))?.map(|p| p as usize);
        let now = get(&options, "now")?;
        let now = if now.is_undefined() {
            None
        } else {
            let f = now
                .dyn_into::<Function>()
                .map_err(|_| bad("now must be a function returning ms".into()))?;
            let clock_fn = f.clone();
            // Bindings that reach this codec through `codec_from_js` use this clock; a throw
            // or a non-number reads as "before 1970", which encode refuses.
            opts.clock = Some(Rc::new(move || call_now(&clock_fn).unwrap_or(i64::MIN)));
            Some(f)
        };
        let has_ttl = opts.ttl.is_some();
        let inner = Rc::new(codec::CursorCodec::new(opts)?);
        let id = fresh_id();
        let entry = Some((id, inner.clone()));
        let slot = match FREE_SLOTS.with(|f| f.borrow_mut().pop()) {
            Some(slot) => {
                CODECS.with(|c| {
                    if let Some(free) = c.borrow_mut().get_mut(slot as usize) {
                        *free = entry;
                    }
                });
                slot
            }
            None => CODECS.with(|c| {
                let mut c = c.borrow_mut();
                c.push(entry);
                (c.len() - 1) as u32
            }),
        };
        Ok(JsCursorCodec {
            id,
            slot,
            inner,
            now,
            has_ttl,
        })
    }

    /// Internal: lets other bindings find this codec's core.
    #[wasm_bindgen(getter, js_name = "__codecId")]
    pub fn codec_id(&self) -> f64 {
        self.id as f64
    }

    /// Internal: where other bindings find this codec's core.
    #[wasm_bindgen(getter, js_name = "__codecSlot")]
    pub fn codec_slot(&self) -> f64 {
        self.slot as f64
    }

    /// The mode this codec mints and accepts: `"plain"`, `"signed"` or `"sealed"`.
    #[wasm_bindgen(getter, unchecked_return_type = "\"plain\" | \"signed\" | \"sealed\"")]
    pub fn mode(&self) -> String {
        self.inner.mode().as_str().into()
    }

    /// Mints a token for `value`.
    pub fn encode(
        &self,
        #[wasm_bindgen(unchecked_param_type = "CursorValue")] value: JsValue,
        #[wasm_bindgen(unchecked_param_type = "EncodeOptions")] options: JsValue,
    ) -> Result<String, JsValue> {
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

impl Drop for JsCursorCodec {
    fn drop(&mut self) {
        CODECS.with(|c| {
            if let Some(entry) = c.borrow_mut().get_mut(self.slot as usize) {
                *entry = None;
            }
        });
        FREE_SLOTS.with(|f| f.borrow_mut().push(self.slot));
    }
}

/// Mints a plain cursor for `value` (options as `CursorCodec.encode`).
///
/// ```js
/// const token = encodeCursor({ createdAt: new Date(), id: 42n });
/// ```
#[wasm_bindgen(js_name = "encodeCursor")]
pub fn encode_cursor(
    #[wasm_bindgen(unchecked_param_type = "CursorValue")] value: JsValue,
    #[wasm_bindgen(unchecked_param_type = "EncodeOptions")] options: JsValue,
) -> Result<String, JsValue> {
    install_clock();
    encode_js(
        &codec::CursorCodec::default(),
        &value,
        &options,
        None,
        false,
    )
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
    install_clock();
    decode_js(&codec::CursorCodec::default(), &token, &options, None)
}
