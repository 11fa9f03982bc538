//! JS bindings of the page models: `offsetPage`, `paginateOffset`, `paginateKeyset`.

use std::rc::Rc;

use js_sys::{Array, Object, Reflect};

use super::errors::{RangeError, TypeError};
use wasm_bindgen::prelude::*;

use super::codec::codec_from_js;
use super::convert::{set_own, to_value};
use crate::codec::CursorCodec;
use crate::error::{quoted, CursorError};
use crate::keyset::{paginate_keyset as core_keyset, KeysetError, KeysetOptions, SortKey};
use crate::page::{Decimal, OffsetPage, PageError, MAX_SAFE_INTEGER, MAX_TOTAL};
use crate::value::Value;

/// `obj[key]`, `undefined` when `obj` is not an object. What a getter or Proxy trap throws is
/// the error, unchanged: an option that cannot be read must never be taken for an absent one
/// (F1 in docs/security.md). Shared by the client bindings (one copy in the module).
pub(crate) fn get(obj: &JsValue, key: &str) -> Result<JsValue, JsValue> {
    if obj.is_object() {
        Reflect::get(obj, &key.into())
    } else {
        Ok(JsValue::UNDEFINED)
    }
}

/// The elements of an array, read with the same care as [`get`] (a Proxy array's `length` or
/// element trap may throw; js_sys `Array::length`/`get` would let that unwind through wasm).
/// `each` is called in order and may stop the walk with an error.
pub(crate) fn for_each_item(
    arr: &JsValue,
    each: &mut dyn FnMut(JsValue) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    for i in 0..items_length(arr)? {
        each(Reflect::get_u32(arr, i)?)?;
    }
    Ok(())
}

/// `items.length` of an array that may be a Proxy whose trap throws (the error, unchanged).
fn items_length(items: &JsValue) -> Result<u32, JsValue> {
    Ok(get(items, "length")?.as_f64().unwrap_or(0.0) as u32)
}

fn type_error(msg: &str) -> JsValue {
    TypeError::new(msg).into()
}

fn range_error(msg: &str) -> JsValue {
    RangeError::new(msg).into()
}

/// `options.codec`: a plain codec when absent (`undefined` or `null`).
pub(crate) fn codec_option(options: &JsValue) -> Result<Rc<CursorCodec>, JsValue> {
    let codec = get(options, "codec")?;
    if codec.is_undefined() || codec.is_null() {
        Ok(Rc::new(CursorCodec::default()))
    } else {
        codec_from_js(&codec)
    }
}

/// `options.scope`: `None` when `undefined`.
pub(crate) fn scope_option(options: &JsValue) -> Result<Option<Value>, JsValue> {
    let scope = get(options, "scope")?;
    if scope.is_undefined() {
        Ok(None)
    } else {
        Ok(Some(to_value(&scope)?))
    }
}

/// A number as JS prints it (`1.5`, `NaN`, `Infinity`), for error messages. JS formats it so
/// that Rust's float formatting (about 8 KB gzip of the module) is not linked in.
pub(crate) fn number_text(n: f64) -> String {
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// A JS count: a number that is an integer in `[1, max]` — a `TypeError` for other types, a
/// `RangeError` for other numbers. `what` names it in the messages.
pub(crate) fn positive_integer(value: &JsValue, what: &str, max: f64) -> Result<u64, JsValue> {
    let Some(n) = value.as_f64() else {
        return Err(type_error(&[what, " must be a number"].concat()));
    };
    if n.fract() != 0.0 || !(1.0..=max).contains(&n) {
        return Err(range_error(
            &[what, " must be an integer >= 1, got ", &number_text(n)].concat(),
        ));
    }
    Ok(n as u64)
}

/// An optional count option (`maxDepth`, `chunkItems`, `maxChunks`): `None` when absent or
/// `Infinity`, else as [`positive_integer`].
pub(crate) fn count_option(
    options: &JsValue,
    key: &str,
    what: &str,
    max: f64,
) -> Result<Option<u64>, JsValue> {
    let value = get(options, key)?;
    if value.is_undefined() || value.as_f64() == Some(f64::INFINITY) {
        return Ok(None);
    }
    positive_integer(&value, what, max).map(Some)
}

fn options_object(options: &JsValue) -> Result<(), JsValue> {
    if options.is_object() {
        Ok(())
    } else {
        Err(type_error("options must be an object"))
    }
}

/// An integer count from the options bag: a `TypeError` when it is not a number, a
/// `RangeError` when it is NaN, not an integer, below `min` or above `max`.
fn count(options: &JsValue, key: &str, min: u64, max: u64) -> Result<u64, JsValue> {
    let value = get(options, key)?;
    let Some(n) = value.as_f64() else {
        let what = if value.is_undefined() {
            "missing".to_owned()
        } else {
            format!("a {}", value.js_typeof().as_string().unwrap_or_default())
        };
        return Err(type_error(&format!("{key} must be a number, got {what}")));
    };
    if n.fract() != 0.0 || n < min as f64 || n > max as f64 {
        return Err(range_error(&format!(
            "{key} must be an integer from {} to {}, got {}",
            Decimal(min),
            Decimal(max),
            number_text(n)
        )));
    }
    Ok(n as u64)
}

fn page_error(err: PageError) -> JsValue {
    range_error(&err.to_string())
}

fn meta_object(meta: &OffsetPage) -> Object {
    let obj = Object::new();
    set_own(&obj, "page", &(meta.page as f64).into());
    set_own(&obj, "limit", &(meta.limit as f64).into());
    set_own(&obj, "total", &(meta.total as f64).into());
    set_own(&obj, "pages", &(meta.pages as f64).into());
    set_own(&obj, "offset", &(meta.offset as f64).into());
    set_own(&obj, "hasNext", &meta.has_next.into());
    set_own(&obj, "hasPrevious", &meta.has_previous.into());
    obj
}

/// The metadata of a 1-based offset page. Past the end is not an error; a `page` or `limit`
/// that is not an integer >= 1 (or a `total` that is not an integer >= 0) is a `RangeError`,
/// a non-number a `TypeError`.
///
/// ```js
/// offsetPage({ total: 95, page: 3, limit: 20 });
/// // { page: 3, limit: 20, total: 95, pages: 5, offset: 40, hasNext: true, hasPrevious: true }
/// ```
#[wasm_bindgen(js_name = "offsetPage", unchecked_return_type = "OffsetPageInfo")]
pub fn offset_page(
    #[wasm_bindgen(unchecked_param_type = "{ total: number; page: number; limit: number }")]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    options_object(&options)?;
    let total = count(&options, "total", 0, MAX_TOTAL)?;
    let page = count(&options, "page", 1, MAX_SAFE_INTEGER)?;
    let limit = count(&options, "limit", 1, MAX_SAFE_INTEGER)?;
    let meta = OffsetPage::new(total, page, limit).map_err(page_error)?;
    Ok(meta_object(&meta).into())
}

/// One offset page of an array: `{ items, ...offsetPage }` with `total` = `items.length`.
/// The caller's array is not changed.
///
/// ```js
/// const { items, pages } = paginateOffset(rows, { page: 2, limit: 20 });
/// ```
#[wasm_bindgen(js_name = "paginateOffset")]
pub fn paginate_offset(
    items: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ page: number; limit: number }")] options: JsValue,
) -> Result<JsValue, JsValue> {
    if !Array::is_array(&items) {
        return Err(type_error("items must be an array"));
    }
    options_object(&options)?;
    let items: Array = items.unchecked_into();
    let page = count(&options, "page", 1, MAX_SAFE_INTEGER)?;
    let limit = count(&options, "limit", 1, MAX_SAFE_INTEGER)?;
    let length = items_length(&items)?;
    let meta = OffsetPage::new(u64::from(length), page, limit).map_err(page_error)?;
    let range = meta.range(u64::from(length));
    let slice = pick_items(&items, &[], range.start as u32, range.end as u32)?;
    let out = Object::new();
    set_own(&out, "items", &slice);
    Object::assign(&out, &meta_object(&meta));
    Ok(out.into())
}

fn cursor_option(options: &JsValue, key: &str) -> Result<Option<String>, JsValue> {
    let value = get(options, key)?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_string() {
        Some(s) => Ok(Some(s)),
        None => Err(CursorError::Malformed(format!("{key} must be a cursor string")).into()),
    }
}

fn keyset_error(err: KeysetError) -> JsValue {
    match err {
        KeysetError::Cursor(e) => e.into(),
        KeysetError::NoKeys | KeysetError::WrongArity { .. } => type_error(&err.to_string()),
        _ => range_error(&err.to_string()),
    }
}

// `keyColumns` reads the key columns of the items in one pass on the JS side, so that a whole
// column crosses into WebAssembly at once instead of with several calls per value: numbers and
// valid Dates as one Float64Array, well-formed strings as one joined string plus their UTF-16
// lengths, bigints in the i64 range as one BigInt64Array (`packed`: the column as one typed
// array or joined string when all its values have the type of the first one, else null). Other
// columns go value by value. It returns the index of the first item that is not an object, if
// any. (The comments live here, not in the JS: the JS is shipped as written and every byte of
// it counts against the size budget.)
#[wasm_bindgen(inline_js = r#"
const I64_MIN = -(2n ** 63n);
const I64_END = 2n ** 63n;
function packed(col) {
  const n = col.length;
  const first = col[0];
  if (typeof first === "number") {
    const f = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = col[i];
      if (typeof v !== "number") return null;
      f[i] = v;
    }
    return [0, f];
  }
  if (first instanceof Date) {
    const f = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = col[i];
      if (!(v instanceof Date)) return null;
      const t = v.getTime();
      if (t !== t) return null;
      f[i] = t;
    }
    return [1, f];
  }
  if (typeof first === "string" && typeof first.isWellFormed === "function") {
    const lengths = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const v = col[i];
      if (typeof v !== "string" || !v.isWellFormed()) return null;
      lengths[i] = v.length;
    }
    return [3, col.join(""), lengths];
  }
  if (typeof first === "bigint") {
    const f = new BigInt64Array(n);
    for (let i = 0; i < n; i++) {
      const v = col[i];
      if (typeof v !== "bigint" || v < I64_MIN || v >= I64_END) return null;
      f[i] = v;
    }
    return [4, f];
  }
  return null;
}
export const pickItems = (a, ix, s, e) => (ix.length ? Array.from(ix, (i) => a[i]) : Array.prototype.slice.call(a, s, e));
export function keyColumns(items, keys) {
  const n = items.length;
  const out = [];
  for (const key of keys) {
    const col = new Array(n);
    for (let i = 0; i < n; i++) {
      const item = items[i];
      if (item === null || typeof item !== "object") return i;
      col[i] = item[key];
    }
    out.push(packed(col) ?? [2, col]);
  }
  return out;
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = "keyColumns", catch)]
    fn key_columns(items: &Array, keys: &Array) -> Result<JsValue, JsValue>;
    // The items at `indices`, or without indices `items.slice(start, end)`. The caller's array
    // may be a Proxy that throws from any read: this import catches that (js_sys
    // `Array::slice`/`get` would let it unwind through wasm frames).
    #[wasm_bindgen(js_name = "pickItems", catch)]
    fn pick_items(items: &Array, indices: &[u32], start: u32, end: u32) -> Result<Array, JsValue>;
}

/// The key values of every item, row by row.
fn key_rows(items: &Array, keys: &[SortKey]) -> Result<Vec<Vec<Value>>, JsValue> {
    let names: Array = keys
        .iter()
        .map(|k| JsValue::from(k.name.as_str()))
        .collect();
    let columns = key_columns(items, &names)?;
    if let Some(i) = columns.as_f64() {
        return Err(type_error(&format!("item {} is not an object", i as u32)));
    }
    let n = items_length(items)? as usize;
    let mut rows: Vec<Vec<Value>> = (0..n).map(|_| Vec::with_capacity(keys.len())).collect();
    let columns: Array = columns.unchecked_into();
    for (key, column) in keys.iter().zip(columns.iter()) {
        let column: Array = column.unchecked_into();
        let kind = column.get(0).as_f64().unwrap_or(2.0);
        let values = column.get(1);
        if kind == 0.0 || kind == 1.0 {
            let numbers = js_sys::Float64Array::from(values).to_vec();
            for (row, n) in rows.iter_mut().zip(numbers) {
                row.push(if kind == 0.0 {
                    Value::Float(n)
                } else {
                    Value::Date(n as i64)
                });
            }
            continue;
        }
        if kind == 3.0 {
            let joined = values.as_string().unwrap_or_default();
            let lengths = js_sys::Uint32Array::from(column.get(2)).to_vec();
            let mut chars = joined.chars();
            for (row, len) in rows.iter_mut().zip(lengths) {
                // The strings are well-formed, so each ends on a character boundary; cut the
                // joined string where each one's UTF-16 length is used up.
                let rest = chars.as_str();
                let mut units = 0;
                while units < len as usize {
                    match chars.next() {
                        Some(c) => units += c.len_utf16(),
                        None => break,
                    }
                }
                let taken = rest.len() - chars.as_str().len();
                row.push(Value::String(
                    rest.get(..taken).unwrap_or_default().to_owned(),
                ));
            }
            continue;
        }
        if kind == 4.0 {
            let numbers = js_sys::BigInt64Array::from(values).to_vec();
            for (row, n) in rows.iter_mut().zip(numbers) {
                row.push(Value::Int(n.into()));
            }
            continue;
        }
        let values: Array = values.unchecked_into();
        for (i, (row, v)) in rows.iter_mut().zip(values.iter()).enumerate() {
            if v.is_undefined() {
                return Err(type_error(&format!(
                    "item {i} has no value for key {}",
                    quoted(&key.name)
                )));
            }
            row.push(to_value(&v).map_err(|e| match e {
                CursorError::UnsupportedValue(why) => CursorError::UnsupportedValue(format!(
                    "item {i}, key {}: {why}",
                    quoted(&key.name)
                )),
                other => other,
            })?);
        }
    }
    Ok(rows)
}

/// One keyset page of an array: the items sorted by `keys` (the last key a unique
/// tiebreaker), after or before a cursor, in ascending key order, with the cursors of the
/// neighbouring pages. The caller's array is not changed. A malformed `after`/`before` is a
/// `CursorError`.
///
/// ```js
/// const page = paginateKeyset(rows, { keys: ["createdAt", "id"], limit: 20, after });
/// page.items; page.nextCursor; page.previousCursor;
/// ```
#[wasm_bindgen(js_name = "paginateKeyset", unchecked_return_type = "KeysetPage<any>")]
pub fn paginate_keyset(
    items: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "{ keys: string[]; after?: string; before?: string; limit: number; codec?: CursorCodec; scope?: CursorValue }"
    )]
    options: JsValue,
) -> Result<JsValue, JsValue> {
    if !Array::is_array(&items) {
        return Err(type_error("items must be an array"));
    }
    options_object(&options)?;
    let items: Array = items.unchecked_into();
    let keys_js = get(&options, "keys")?;
    if !Array::is_array(&keys_js) {
        return Err(type_error("keys must be an array of strings"));
    }
    let mut keys = Vec::new();
    for_each_item(&keys_js, &mut |k| {
        let name = k
            .as_string()
            .ok_or_else(|| type_error("keys must be an array of strings"))?;
        keys.push(SortKey::asc(name));
        Ok(())
    })?;
    if keys.is_empty() {
        return Err(type_error("keys must name at least one key"));
    }
    let limit = count(&options, "limit", 1, MAX_SAFE_INTEGER)?;
    let codec = codec_option(&options)?;
    let scope = scope_option(&options)?;
    let after = cursor_option(&options, "after")?;
    let before = cursor_option(&options, "before")?;
    let rows = key_rows(&items, &keys)?;
    let page = core_keyset(
        &rows,
        &KeysetOptions {
            keys,
            after,
            before,
            limit: usize::try_from(limit).unwrap_or(usize::MAX),
            scope,
        },
        &codec,
    )
    .map_err(keyset_error)?;
    let out = Object::new();
    let indices: Vec<u32> = page.indices.iter().map(|&i| i as u32).collect();
    let page_items = pick_items(&items, &indices, 0, 0)?;
    set_own(&out, "items", &page_items);
    if let Some(c) = &page.next_cursor {
        set_own(&out, "nextCursor", &c.into());
    }
    if let Some(c) = &page.previous_cursor {
        set_own(&out, "previousCursor", &c.into());
    }
    set_own(&out, "hasNext", &page.has_next.into());
    set_own(&out, "hasPrevious", &page.has_previous.into());
    Ok(out.into())
}
