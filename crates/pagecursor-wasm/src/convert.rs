//! Conversion between JS values and [`Value`]: one converter each way, for every binding.
//!
//! JS to [`Value`]: the walker of `codec.js` (`pack`) writes the value's format v1 payload
//! bytes in one crossing, and [`payload::decode`] reads them as strictly as any token's payload.
//! [`Value`] to JS: [`payload::encode`] writes the bytes and the reader of `codec.js`
//! (`unpackValue`) builds the value in one crossing. The codec uses the same walker and reader
//! for cursors (src/codec.rs), so a value means the same thing whichever binding reads it,
//! and tests/vectors test the two directly. (A Rust walker over js-sys calls crossed the
//! boundary once per property, and was a second converter with its own refusals.)

use crate::prelude::*;
use wasm_bindgen::prelude::*;

use pagecursor::codec::payload;
use pagecursor::error::CursorError;
use pagecursor::value::Value;

// `codec.js`: the one value converter of the bindings, each way. Crossing the JS/wasm boundary once
// per property (typeof checks, Reflect.get, Object.keys, prototype checks) cost ten times more
// than the codec itself. So JS walks the value ONCE into the payload bytes of format v1
// (docs/cursor-format.md, "Payload") and hands them over in one call; Rust checks those bytes
// as strictly as a decoder does before it encodes, signs or seals anything, in every mode (no
// byte from JS is trusted). The reverse way, Rust hands over the checked payload and JS builds
// the value. The walker reads each user value exactly once and reports every refusal itself
// (`packError`, always `unsupported_value`): no second reader ever sees the value, so a getter
// runs once and a Proxy cannot answer differently the second time. (The comments of the
// snippet live here: it ships as written, and every byte counts against the size budget.)
// Notes on its functions:
// - Intrinsics are captured when the module loads: `Array.isArray`, `Object.getPrototypeOf`,
//   `Object.keys`, the `%TypedArray%.prototype` getters of `Symbol.toStringTag` (the brand:
//   `"Uint8Array"` for real Uint8Arrays and subclasses, `undefined` for anything else, Proxies
//   included) and `length` (the real length, whatever an own `length` says), and
//   `Date.prototype.getTime` (throws for anything but a real Date; a subclass's override is
//   never called). None of them runs user code except a Proxy's own traps.
// - `wellFormed`: on older engines without `isWellFormed`, any surrogate is refused by a regex.
// - `varint`: unsigned LEB128 of a non-negative safe integer (`bigVarint` for bigints).
// - `text(s, base)`: the UTF-8 of a well-formed string, preceded by its length: a head byte with
//   `base` (values) or a bare varint (map keys, `base < 0`). A short ASCII string (the common
//   case) is copied char by char, which also proves it well-formed.
// - `write` returns false with `why` set (a message, or 0 for too large: the walk stops as soon
//   as the payload passes `limit`, the payload of a `maxLength` token, so a 50 MB value is
//   never built in full nor copied into wasm memory, which never shrinks). A NaN is written as
//   the one NaN the format carries. A Date is a zigzag varint of its ms. Cycles are told from
//   deep nesting at depth 64 by the ancestors kept in `stack` (an array with own elements
//   only, so no prototype setter runs when it is written).
// - `pack` is re-entrant: a getter that calls the codec during a walk gets a fresh buffer,
//   stack and limit, and the outer walk's are restored afterwards (a shared buffer once let an
//   inner encode's bytes splice into the outer token: `[getter -> 7]` minted `[5,6,7]`). It
//   catches what a getter or trap throws ("reading a property threw: ..."). A buffer that grew
//   past 64 KiB is dropped after the walk. It copies the bytes into the Rust scratch buffer it
//   is given; longer ones wait in `last` for `packed`, which Rust calls before any other call
//   into JS.
// - `setMemory`/`mem`: the snippet keeps one view of the module's memory (renewed when a
//   growth detached it) and is given addresses, not slices.
// - `tokenBytes`: strict unpadded base64url (exactly what `codec::base64url::decode` accepts)
//   decoded four characters at a time (`charCodeAt`, no copy of the text) straight into the
//   scratch buffer. A character past the end reads as NaN, which looks up and shifts as 0, as
//   the `A` a zero bit pads with; anything past the table (`all > 255`) is refused. Every group
//   writes 3 bytes, so a string whose groups would pass the scratch is not decoded: Rust checks
//   its length against `maxLength` first, then decodes it itself.
// - `tokenText`: the token's base64url without base64 in wasm: two characters per 12 bits from
//   a table of the 4,096 pairs, stored as one u16 each into the ASCII buffer (written and read
//   as bytes through the same u16 view, so the platform's byte order cancels out), then one
//   `TextDecoder` decode of the ASCII (a string built by concatenation is a rope, slower to
//   build and to read: 2-3x in V8). Rust puts two zero bytes after the token, so the last group
//   reads zeros for its unused bits, and the characters past the length are cut off.
// - `read`/`unpackCursor` (the reverse way) see only bytes already checked by Rust. Objects,
//   arrays and the cursor get own data properties only: plain assignment when no prototype has
//   the key (`k in Object.prototype`, `i in Array.prototype` while Array.prototype's prototype
//   is Object.prototype), else `defineProperty` with a descriptor without a prototype, so no
//   setter planted on `Object.prototype` or `Array.prototype` ever runs during a decode.
//   `TextDecoder` is built with `ignoreBOM: true`: a leading U+FEFF is text, not a byte-order
//   mark (it used to vanish from values, keys and key ids).
// - `readKey`: map keys repeat from one cursor to the next, so the last ASCII key per hash slot
//   is kept and reused when its chars equal the bytes. Only ASCII keys are kept: then equal
//   char codes mean equal bytes. The key id of a signed or sealed cursor is read the same way.
// - `bytesOf`: a copy of a real Uint8Array (a secret), by its brand and real length.
#[wasm_bindgen(module = "/src/codec.js")]
extern "C" {
    /// Hands the snippet the module's memory, which it reads and writes at the addresses the
    /// functions below are given (no view object per call, no copy through a JS array).
    #[wasm_bindgen(js_name = "setMemory")]
    fn set_memory(memory: &JsValue);
    /// Walks a value into payload bytes and copies them to `to` when they fit in `cap`
    /// bytes. Returns their length; -1 when the value is not a cursor value (the reason is
    /// `packError()`: every refusal is `unsupported_value`); `-2 - n` when the walk passed
    /// `max` payload bytes (it stopped after `n`: too large). Longer than `cap`: fetch them
    /// with `packed`, before any other call into JS. With `tokens`, `undefined` inside the
    /// value reads as JSON reads it (see [`token_to_value`]).
    pub(crate) fn pack(value: &JsValue, to: u32, cap: u32, max: f64, tokens: bool) -> f64;
    /// Copies the bytes of the last `pack` to `to`.
    fn packed(to: u32);
    /// Why the last `pack` refused its value, in the words of an `unsupported_value` message.
    #[wasm_bindgen(js_name = "packError")]
    pub(crate) fn pack_error() -> String;
    /// The index of the element of a top-level array whose walk the last `pack` refused or a
    /// getter's throw stopped (-1: the failure was not inside one).
    #[wasm_bindgen(js_name = "packFailedAt")]
    pub(crate) fn pack_failed_at() -> f64;
    /// The JS value of the checked payload bytes at `at`.
    #[wasm_bindgen(js_name = "unpackValue")]
    fn unpack_value(at: u32) -> JsValue;
    /// `Array.isArray`, which throws for a revoked Proxy: caught, as an error value.
    #[wasm_bindgen(js_name = "isArrayOf", catch)]
    fn is_array_of(value: &JsValue) -> Result<bool, JsValue>;
}

/// The address of a buffer in the module's memory, for the snippet to read (wasm32
/// addresses are 32 bits).
pub(crate) fn addr(bytes: &[u8]) -> u32 {
    bytes.as_ptr() as usize as u32
}

/// The address of a buffer the snippet writes into: taken from a unique borrow, as the
/// pointer a `&mut [u8]` argument would pass.
pub(crate) fn addr_mut(bytes: &mut [u8]) -> u32 {
    bytes.as_mut_ptr() as usize as u32
}

/// Bytes of the scratch buffer: the payload of a token of the default `maxLength` (4,096
/// characters of base64url are 3,072 bytes).
const SCRATCH_LEN: usize = 3072;

/// A scratch buffer for the payload going out and the decoded token coming in, taken out of
/// its slot for the call and put back when dropped: a call re-entered from JS (a getter that
/// mints a cursor) finds the slot empty and uses a buffer of its own, so no borrow is ever
/// held across a call into JS.
pub(crate) struct Scratch(pub(crate) Vec<u8>);

impl Scratch {
    pub(crate) fn take() -> Scratch {
        // Held only for the take: a call re-entered from JS finds the slot empty (or, at that
        // instant, locked) and makes a buffer of its own.
        let mut v = SCRATCH
            .try_lock()
            .map(|mut s| core::mem::take(&mut *s))
            .unwrap_or_default();
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
        let v = core::mem::take(&mut self.0);
        if let Some(mut slot) = SCRATCH.try_lock() {
            *slot = v;
        }
    }
}

/// The scratch buffer between calls (a `spin` lock, never contended: the module is
/// single-threaded, and a re-entered call only ever finds it empty; the crate is `no_std` on
/// wasm32, so there is no `thread_local!`).
static SCRATCH: spin::Mutex<Vec<u8>> = spin::Mutex::new(Vec::new());

/// `Array.isArray(value)`, where a revoked Proxy's throw is `unsupported_value`.
pub(crate) fn is_array(value: &JsValue) -> Result<bool, CursorError> {
    is_array_of(value).map_err(|err| {
        let message = js_sys::Reflect::get(&err, &"message".into())
            .ok()
            .and_then(|m| m.as_string());
        CursorError::UnsupportedValue(
            [
                "reading a property threw: ",
                message.as_deref().unwrap_or("an error"),
            ]
            .concat(),
        )
    })
}

/// Converts a JS value into a [`Value`]; anything that is not a `CursorValue` is refused.
pub fn to_value(js: &JsValue) -> Result<Value, CursorError> {
    walk(js, false)
}

/// [`to_value`] for a service token: `undefined` is read as JSON reads it (an object field
/// left out, an array element `null`), as the token would travel on any wire. A token object
/// built with a field set to `undefined` is still a token the paginator can compare and
/// write into a resumeToken.
pub fn token_to_value(js: &JsValue) -> Result<Value, CursorError> {
    walk(js, true)
}

fn walk(js: &JsValue, tokens: bool) -> Result<Value, CursorError> {
    let mut scratch = Scratch::take();
    let got = pack(
        js,
        addr_mut(&mut scratch.0),
        scratch.0.len() as u32,
        f64::INFINITY,
        tokens,
    );
    // Without a limit the walk never stops for size: any failure is a refusal.
    if got < 0.0 {
        return Err(CursorError::UnsupportedValue(pack_error()));
    }
    let mut big = Vec::new();
    payload::decode(packed_bytes(&scratch.0, got as usize, &mut big), false)
}

/// The `len` bytes of the last `pack` into `scratch`: there when they fit, else fetched into
/// `big` (`packed`, the next call into JS after the `pack`).
pub(crate) fn packed_bytes<'a>(scratch: &'a [u8], len: usize, big: &'a mut Vec<u8>) -> &'a [u8] {
    match scratch.get(..len) {
        Some(bytes) => bytes,
        None => {
            big.resize(len, 0);
            packed(addr_mut(big));
            big
        }
    }
}

/// Converts a [`Value`] into its JS form: `Int` as `bigint`, `Bytes` as `Uint8Array`,
/// `Date` as `Date`, maps as plain objects with their key order (own data properties: no
/// setter of a polluted prototype runs).
pub fn from_value(value: &Value) -> JsValue {
    let mut scratch = Scratch::take();
    let bytes = &mut scratch.0;
    bytes.clear();
    // Every `Value` the bindings hold came from a JS value or a checked payload, so it has
    // an encoding; `null` stands in for one that has none (a Rust-built value out of range).
    let js = match payload::write(bytes, value) {
        Ok(()) => unpack_value(addr(bytes)),
        Err(_) => JsValue::NULL,
    };
    // Back to a whole scratch buffer, so the next call reuses it.
    bytes.resize(bytes.len().max(SCRATCH_LEN), 0);
    js
}
