//! serde-wasm-bindgen as the converter between JS values and pagecursor's `Value`: plain
//! cursors encoded from and decoded to JS values by `serdeEncode` and `serdeDecode` (with the
//! feature `serde`), beside the package's own `encodeCursor` and `decodeCursor` in the same
//! module. A measurement (bench/serde-probe/run.sh), not part of the package.

#[cfg(not(feature = "serde"))]
use pagecursor::{decode_cursor, encode_cursor, Value};
#[cfg(not(feature = "serde"))]
use wasm_bindgen::prelude::*;

/// The baseline's export (the module without the feature): a plain cursor of a string and
/// back, no converter. It links the codec (and with it the package's own bindings, whose
/// `encodeCursor` and `decodeCursor` are the hand-written converter) as the serde build does.
#[cfg(not(feature = "serde"))]
#[wasm_bindgen(js_name = "stringRoundTrip")]
pub fn string_round_trip(text: &str) -> Option<String> {
    let token = encode_cursor(&Value::String(text.into())).ok()?;
    match decode_cursor(&token).ok()?.value {
        Value::String(back) => Some(back),
        _ => None,
    }
}

#[cfg(feature = "serde")]
pub use with_serde::*;

#[cfg(feature = "serde")]
mod with_serde {
    use core::fmt;

    use pagecursor::{decode_cursor, encode_cursor, Value};
    use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
    use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
    use wasm_bindgen::prelude::*;

    /// A `Value` read by serde: every case its data model offers, and nothing else.
    struct In(Value);

    impl<'de> Deserialize<'de> for In {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<In, D::Error> {
            d.deserialize_any(ValueVisitor).map(In)
        }
    }

    struct ValueVisitor;

    impl<'de> Visitor<'de> for ValueVisitor {
        type Value = Value;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a cursor value")
        }
        fn visit_unit<E>(self) -> Result<Value, E> {
            Ok(Value::Null)
        }
        fn visit_none<E>(self) -> Result<Value, E> {
            Ok(Value::Null)
        }
        fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
            Ok(Value::Bool(v))
        }
        // serde's data model has one integer family: a JS number that is a safe integer and a
        // bigint both arrive here, so which one it was is lost.
        fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
            Ok(Value::Float(v as f64))
        }
        fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
            Ok(Value::Float(v as f64))
        }
        fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
            Ok(Value::Float(v))
        }
        fn visit_str<E>(self, v: &str) -> Result<Value, E> {
            Ok(Value::String(v.into()))
        }
        fn visit_string<E>(self, v: String) -> Result<Value, E> {
            Ok(Value::String(v))
        }
        fn visit_bytes<E>(self, v: &[u8]) -> Result<Value, E> {
            Ok(Value::Bytes(v.to_vec()))
        }
        fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Value, E> {
            Ok(Value::Bytes(v))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
            let mut list = Vec::new();
            while let Some(In(v)) = seq.next_element()? {
                list.push(v);
            }
            Ok(Value::List(list))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
            let mut entries = Vec::new();
            while let Some((k, In(v))) = map.next_entry::<String, In>()? {
                entries.push((k, v));
            }
            Ok(Value::Map(entries))
        }
    }

    /// A `Value` written by serde: a bigint as one (serde-wasm-bindgen's option for 64-bit
    /// integers), a date as its milliseconds (serde has no date), maps as plain objects.
    struct Out<'a>(&'a Value);

    impl Serialize for Out<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self.0 {
                Value::Null => s.serialize_unit(),
                Value::Bool(b) => s.serialize_bool(*b),
                Value::Float(f) => s.serialize_f64(*f),
                Value::Int(i) => match i64::try_from(*i) {
                    Ok(i) => s.serialize_i64(i),
                    Err(_) => s.serialize_u64(*i as u64),
                },
                Value::String(t) => s.serialize_str(t),
                Value::Bytes(b) => s.serialize_bytes(b),
                Value::Date(ms) => s.serialize_i64(*ms),
                Value::List(items) => {
                    let mut seq = s.serialize_seq(Some(items.len()))?;
                    for v in items {
                        seq.serialize_element(&Out(v))?;
                    }
                    seq.end()
                }
                Value::Map(entries) => {
                    let mut map = s.serialize_map(Some(entries.len()))?;
                    for (k, v) in entries {
                        map.serialize_entry(k, &Out(v))?;
                    }
                    map.end()
                }
            }
        }
    }

    fn failed(message: impl fmt::Display) -> JsValue {
        JsError::new(&message.to_string()).into()
    }

    /// `encodeCursor(value)` with serde-wasm-bindgen as the converter.
    #[wasm_bindgen(js_name = "serdeEncode")]
    pub fn serde_encode(value: JsValue) -> Result<String, JsValue> {
        let In(value) = serde_wasm_bindgen::from_value(value).map_err(failed)?;
        encode_cursor(&value).map_err(failed)
    }

    /// `decodeCursor(token).value` with serde-wasm-bindgen as the converter.
    #[wasm_bindgen(js_name = "serdeDecode")]
    pub fn serde_decode(token: &str) -> Result<JsValue, JsValue> {
        let cursor = decode_cursor(token).map_err(failed)?;
        let out = serde_wasm_bindgen::Serializer::new()
            .serialize_maps_as_objects(true)
            .serialize_large_number_types_as_bigints(true);
        Out(&cursor.value).serialize(&out).map_err(failed)
    }
}
