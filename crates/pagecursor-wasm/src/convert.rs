//! Conversion between JS values and [`Value`]: one converter each way, for every binding.
//!
//! JS to [`Value`]: the walker of the value module (`pack`) writes the value's format v1 payload
//! bytes in one crossing, and [`payload::decode`] reads them as strictly as any token's payload.
//! [`Value`] to JS: [`payload::encode`] writes the bytes and the reader of the value module
//! (`unpackValue`) builds the value in one crossing. The codec uses the same walker and reader
//! for cursors (src/codec.rs), so a value means the same thing whichever binding reads it,
//! and tests/vectors test the two directly. (A Rust walker over js-sys calls crossed the
//! boundary once per property, and was a second converter with its own refusals.)

use crate::prelude::*;
use wasm_bindgen::prelude::*;

use pagecursor::codec::payload;
use pagecursor::error::CursorError;
use pagecursor::value::Value;

// The value module (src/js/value/, TypeScript, compiled into this crate's snippet by
// build.rs): the one value converter, each way. Crossing the JS/wasm boundary once per property
// cost ten times more than the codec itself, so JS walks a value ONCE into format v1 payload
// bytes and hands them over in one call, and Rust checks those bytes as strictly as a decoder
// does before it encodes, signs or seals anything (no byte from JS is trusted). The reverse
// way, Rust hands over the checked payload and JS builds the value. Its files say how.
#[wasm_bindgen(module = "/js/value.js")]
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
