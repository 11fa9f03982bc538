//! JS bindings of the page models: `offsetPage`, `paginateOffset`, `paginateKeyset`.

use crate::prelude::*;
use js_sys::Array;

use super::errors::{cursor_error, not_an_object, range_error, type_error, whole_number};
use super::read::{array_length_of, get, scope_option};
use wasm_bindgen::prelude::*;

use super::codec::JsCursorCodec;
use super::convert::{pack_failed_at, to_value};
use pagecursor::error::{decimal, quoted, CursorError};
use pagecursor::keyset::{paginate_keyset as core_keyset, KeysetError, KeysetOptions, SortKey};
use pagecursor::page::{OffsetPage, PageError, MAX_SAFE_INTEGER, MAX_TOTAL};
use pagecursor::value::Value;

/// The caller's `items` read once in JS ([`copy`]): a copy whose elements are own data
/// properties, so that nothing later reads the caller's array (a Proxy) again.
fn items_copy(items: &JsValue, what: &str) -> Result<Array, JsValue> {
    let copy = copy(items)?;
    if copy.is_null() {
        return Err(type_error(&[what, " must be an array"].concat()));
    }
    if copy.is_undefined() {
        return Err(range_error(
            &[what, ".length must be an array length"].concat(),
        ));
    }
    Ok(copy.unchecked_into())
}

fn options_object(options: &JsValue) -> Result<(), JsValue> {
    if options.is_object() {
        Ok(())
    } else {
        Err(not_an_object(options, "options"))
    }
}

/// A required whole number `options.<key>` in `[min, max]` (see [`whole_number`]; absent is
/// a `TypeError`).
fn count(options: &JsValue, key: &str, min: u64, max: u64) -> Result<u64, JsValue> {
    whole_number(&get(options, key)?, &["options.", key].concat(), min, max)
}

fn page_error(err: PageError) -> JsValue {
    range_error(&err.message())
}

fn meta_object(items: &JsValue, meta: &OffsetPage) -> JsValue {
    offset_result(
        items,
        meta.page as f64,
        meta.limit as f64,
        meta.total as f64,
        meta.pages as f64,
        meta.offset as f64,
        meta.has_next,
        meta.has_previous,
    )
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
    Ok(meta_object(&JsValue::UNDEFINED, &meta))
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
    let length = array_length(&items)?;
    if length.as_f64() == Some(-1.0) {
        return Err(type_error("items must be an array"));
    }
    let length = array_length_of(&length)?;
    options_object(&options)?;
    let page = count(&options, "page", 1, MAX_SAFE_INTEGER)?;
    let limit = count(&options, "limit", 1, MAX_SAFE_INTEGER)?;
    let meta = OffsetPage::new(u64::from(length), page, limit).map_err(page_error)?;
    let range = meta.range(u64::from(length));
    let slice = slice_items(&items, range.start as u32, range.end as u32)?;
    Ok(meta_object(&slice, &meta))
}

fn cursor_option(options: &JsValue, key: &str) -> Result<Option<String>, JsValue> {
    let value = get(options, key)?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_string() {
        Some(s) => Ok(Some(s)),
        None => Err(cursor_error(CursorError::Malformed(
            [key, " must be a cursor string"].concat(),
        ))),
    }
}

fn keyset_error(err: KeysetError) -> JsValue {
    match err {
        KeysetError::Cursor(e) => cursor_error(e),
        KeysetError::NoKeys | KeysetError::WrongArity { .. } => type_error(&err.message()),
        _ => range_error(&err.message()),
    }
}

// `keyColumns` reads the key columns of the items in one pass on the JS side: for each key, a
// new array of every item's value (each read once), which then crosses into WebAssembly as one
// value through the one converter (the codec walker, src/convert.rs). It returns the index
// of the first item that is not an object, if any. (The comments live here, not in the JS: the
// JS is shipped as written and every byte of it counts against the size budget.)
//
// Every value of the caller is read once, here, with intrinsics captured when the module loads
// (a patched `Array.isArray` is never called): `copy` reads an array's `length` and each element
// once into a new array (`null`: not an array; `undefined`: a `length` that is no array
// length, which only a Proxy can claim), and the bindings read only that copy afterwards; a
// revoked Proxy is a `TypeError` and more than 2^24 elements a `RangeError`, both with `code:
// "invalid_argument"` (a Proxy claiming 2^32 - 1 elements would be read one by one for minutes:
// in-memory page models sort at most 2^24 items). A key value is read as the walker reads any
// value (a Date by the intrinsic `getTime`, a fake one refused). Arrays are
// built with `Array.from` over an array-like without a prototype and results are object
// literals: both create own data properties, so no setter of a polluted `Object.prototype` or
// `Array.prototype` runs and nothing reads through to one. Every import that runs any of it is
// `catch`: what a getter or Proxy trap throws comes back as the error, never unwinding through
// WebAssembly frames.
#[wasm_bindgen(inline_js = r#"
const isArray = Array.isArray, from = Array.from;
const list = (n, f) => from({ __proto__: null, length: n }, f);
const define = Object.defineProperty;
const argError = (E, m) => define(new E(m), "code", { __proto__: null, value: "invalid_argument", writable: true, enumerable: true, configurable: true });
const MAX_ROWS = 16777216;
function arrayCheck(a) {
  try {
    return isArray(a);
  } catch {
    throw argError(TypeError, "a revoked Proxy is not an array");
  }
}
export function copy(a) {
  if (!arrayCheck(a)) return null;
  const n = a.length;
  if (typeof n !== "number" || !(n >= 0 && n <= 4294967295 && n % 1 === 0)) return undefined;
  if (n > MAX_ROWS) throw argError(RangeError, "more than 2^24 items: " + n);
  return list(n, (_, i) => a[i]);
}
export const arrayLength = (a) => (arrayCheck(a) ? a.length : -1);
export const sliceItems = (a, s, e) => list(e - s, (_, k) => a[s + k]);
export const pickItems = (a, ix, n) => list(n, (_, k) => a[ix[k]]);
export const offsetResult = (items, page, limit, total, pages, offset, hasNext, hasPrevious) =>
  items === undefined ? { page, limit, total, pages, offset, hasNext, hasPrevious }
  : { items, page, limit, total, pages, offset, hasNext, hasPrevious };
export const keysetResult = (items, n, p, hasNext, hasPrevious) =>
  n === undefined ? (p === undefined ? { items, hasNext, hasPrevious } : { items, previousCursor: p, hasNext, hasPrevious })
  : p === undefined ? { items, nextCursor: n, hasNext, hasPrevious } : { items, nextCursor: n, previousCursor: p, hasNext, hasPrevious };
export function keyColumns(items, keys) {
  const n = items.length;
  for (let i = 0; i < n; i++) {
    const item = items[i];
    if (item === null || typeof item !== "object") return i;
  }
  return list(keys.length, (_, k) => {
    const key = keys[k];
    return list(n, (_, i) => items[i][key]);
  });
}
"#)]
extern "C" {
    /// A copy of the caller's array (see above): `null` when it is not an array, `undefined`
    /// when its `length` is no array length.
    #[wasm_bindgen(catch)]
    fn copy(array: &JsValue) -> Result<JsValue, JsValue>;
    /// `Array.isArray(a) ? a.length : -1`, read once (a revoked Proxy throws).
    #[wasm_bindgen(js_name = "arrayLength", catch)]
    fn array_length(items: &JsValue) -> Result<JsValue, JsValue>;
    /// `items[start..end]`, each element read once (a hole reads as `undefined`), into a new
    /// array.
    #[wasm_bindgen(js_name = "sliceItems", catch)]
    fn slice_items(items: &JsValue, start: u32, end: u32) -> Result<JsValue, JsValue>;
    /// The result of `offsetPage` (`items` undefined) or `paginateOffset`.
    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(js_name = "offsetResult")]
    fn offset_result(
        items: &JsValue,
        page: f64,
        limit: f64,
        total: f64,
        pages: f64,
        offset: f64,
        has_next: bool,
        has_previous: bool,
    ) -> JsValue;
    /// The result of `paginateKeyset`; an absent cursor is no property at all.
    #[wasm_bindgen(js_name = "keysetResult")]
    fn keyset_result(
        items: &JsValue,
        next: Option<String>,
        previous: Option<String>,
        has_next: bool,
        has_previous: bool,
    ) -> JsValue;
    #[wasm_bindgen(js_name = "keyColumns", catch)]
    fn key_columns(items: &Array, keys: &Array) -> Result<JsValue, JsValue>;
    // The items of our copy at `indices` (the first `n` of them).
    #[wasm_bindgen(js_name = "pickItems", catch)]
    fn pick_items(items: &Array, indices: &[u32], n: u32) -> Result<JsValue, JsValue>;
}

/// The key values of every item, row by row: each key's column (read once per item by
/// `keyColumns`) crosses as one value through the one converter (src/convert.rs).
fn key_rows(items: &Array, names: &Array, keys: &[SortKey]) -> Result<Vec<Vec<Value>>, JsValue> {
    let columns = key_columns(items, names)?;
    if let Some(i) = columns.as_f64() {
        return Err(type_error(
            &["item ", &decimal(i as u64), " is not an object"].concat(),
        ));
    }
    // The length of our own copy: the rows are as many as the elements read, never what a
    // Proxy's `length` claims at a second read.
    let n = items.length() as usize;
    let mut rows: Vec<Vec<Value>> = (0..n).map(|_| Vec::with_capacity(keys.len())).collect();
    let columns: Array = columns.unchecked_into();
    for (key, column) in keys.iter().zip(columns.iter()) {
        let values = match to_value(&column) {
            Ok(Value::List(values)) if values.len() == n => values,
            Err(CursorError::UnsupportedValue(why)) => {
                return Err(column_error(&column.unchecked_into(), &key.name, why))
            }
            // A column is our own array of n values: nothing else comes back.
            Ok(_) | Err(_) => {
                return Err(type_error(
                    &[
                        "the values of key ",
                        &quoted(&key.name),
                        " could not be read",
                    ]
                    .concat(),
                ))
            }
        };
        for (row, v) in rows.iter_mut().zip(values) {
            row.push(v);
        }
    }
    Ok(rows)
}

/// The error of the first value of a key column that is no cursor value.
fn column_error(column: &Array, key: &str, why: String) -> JsValue {
    // The item the walk stopped at: no value of the user is read a second time to find it.
    let at = pack_failed_at();
    let Some(i) = (at >= 0.0).then_some(at as u32) else {
        return cursor_error(CursorError::UnsupportedValue(why));
    };
    let item = |what: &str| ["item ", &decimal(u64::from(i)), what, &quoted(key)].concat();
    // Our copy of the item's value (the column), not the item.
    if column.get(i).is_undefined() {
        return type_error(&item(" has no value for key "));
    }
    cursor_error(CursorError::UnsupportedValue(
        [&item(", key "), ": ", &why].concat(),
    ))
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
    codec: &JsCursorCodec,
) -> Result<JsValue, JsValue> {
    let items = items_copy(&items, "items")?;
    options_object(&options)?;
    let names = match copy(&get(&options, "keys")?)? {
        names if names.is_null() => return Err(type_error("keys must be an array of strings")),
        names => names,
    };
    if names.is_undefined() {
        return Err(range_error("keys.length must be an array length"));
    }
    let names: Array = names.unchecked_into();
    let mut keys = Vec::new();
    for name in names.iter() {
        let name = name
            .as_string()
            .ok_or_else(|| type_error("keys must be an array of strings"))?;
        keys.push(SortKey::asc(name));
    }
    if keys.is_empty() {
        return Err(type_error("keys must name at least one key"));
    }
    let limit = count(&options, "limit", 1, MAX_SAFE_INTEGER)?;
    let codec = codec.core();
    let scope = scope_option(&options)?;
    let after = cursor_option(&options, "after")?;
    let before = cursor_option(&options, "before")?;
    let rows = key_rows(&items, &names, &keys)?;
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
    let indices: Vec<u32> = page.indices.iter().map(|&i| i as u32).collect();
    let page_items = pick_items(&items, &indices, indices.len() as u32)?;
    Ok(keyset_result(
        &page_items,
        page.next_cursor,
        page.previous_cursor,
        page.has_next,
        page.has_previous,
    ))
}
