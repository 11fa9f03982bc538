//! JS binding of the cursor stack: `CursorStack`.

use crate::prelude::*;
use alloc::rc::Rc;
use core::cell::RefCell;

use super::errors::RangeError;
use wasm_bindgen::prelude::*;

use crate::errors::cursor_error;

use super::codec::JsCursorCodec;
use super::convert::{from_value, to_value};
use super::errors::pagination_error;
use super::read::{count_option, positive_integer, scope_option};
use pagecursor::codec::{CursorCodec, EncodeOptions};
use pagecursor::error::CursorError;
use pagecursor::page::MAX_SAFE_INTEGER;
use pagecursor::stack::{CursorStack, StackError};
use pagecursor::value::Value;

fn stack_error(err: StackError) -> JsValue {
    match err {
        StackError::InvalidMaxDepth => RangeError::new(&err.message()).into(),
        _ => pagination_error(err.code(), &err.message(), None, None),
    }
}

/// The token argument of `record`/`forward`: `undefined` is "no token" (the end).
fn token_arg(value: &JsValue) -> Result<Option<Value>, CursorError> {
    if value.is_undefined() {
        Ok(None)
    } else {
        to_value(value).map(Some)
    }
}

fn token_out(token: Option<Value>) -> JsValue {
    token.as_ref().map(from_value).unwrap_or(JsValue::UNDEFINED)
}

struct Options {
    max_depth: Option<u64>,
    scope: Option<Value>,
    codec: Rc<CursorCodec>,
}

/// The options the wasm reads (`options.codec` is read by src/js/stack/stack.ts, which hands over
/// the wasm codec itself).
fn read_options(options: &JsValue, codec: &JsCursorCodec) -> Result<Options, JsValue> {
    // Kept as a u64 on wasm32 too: `maxDepth: 2 ** 53 - 1` reads back as given.
    let max_depth = count_option(options, "maxDepth", MAX_SAFE_INTEGER)?;
    let scope = scope_option(options)?;
    let codec = codec.core();
    Ok(Options {
        max_depth,
        scope,
        codec,
    })
}

/// Back, forward and jump navigation over an API that only hands out "next" tokens.
///
/// ```js
/// const stack = new CursorStack();
/// let page = await api.list({ token: stack.current });      // page 1
/// page = await api.list({ token: stack.forward(page.next) }); // page 2
/// page = await api.list({ token: stack.back() });             // page 1 again
/// location.hash = stack.toString();                           // survives a reload
/// ```
///
/// Every method takes `&self`: wasm-bindgen then only takes a shared borrow for the call, which
/// a getter or Proxy trap of a token may nest (calling `stack.page`, or `stack.back()`, from
/// inside `stack.record(token)`) without its "recursive use of an object" throw from inside
/// WebAssembly. The state lives in a `RefCell` borrowed only after every user value of the call
/// was read (and never across a call into JS), so a nested call sees the state before the outer
/// call and the outer call applies to the state after the nested one.
#[wasm_bindgen(js_name = "CursorStack")]
pub struct JsCursorStack {
    inner: RefCell<CursorStack>,
    scope: RefCell<Option<Value>>,
    codec: Rc<CursorCodec>,
}

/// The typed error of a stack found borrowed: unreachable while no borrow is held across a call
/// into JS, and a `TypeError` rather than a trap if that ever changes.
fn busy() -> JsValue {
    super::errors::type_error("CursorStack: called while in use")
}

impl JsCursorStack {
    fn with<T>(&self, f: impl FnOnce(&mut CursorStack) -> T) -> Result<T, JsValue> {
        let mut inner = self.inner.try_borrow_mut().map_err(|_| busy())?;
        Ok(f(&mut inner))
    }

    fn read<T>(&self, f: impl FnOnce(&CursorStack) -> T) -> T {
        // Shared borrows only conflict with `with`, which never calls into JS.
        match self.inner.try_borrow() {
            Ok(inner) => f(&inner),
            Err(_) => f(&CursorStack::default()),
        }
    }
}

#[wasm_bindgen(js_class = "CursorStack")]
impl JsCursorStack {
    /// A stack on page 1. `maxDepth` keeps the tokens of that many most recent pages, `scope`
    /// binds the serialized state to a query, `codec` mints it (signed with a signing codec).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "CursorStackOptions | undefined")] options: JsValue,
        codec: &JsCursorCodec,
    ) -> Result<JsCursorStack, JsValue> {
        let o = read_options(&options, codec)?;
        let inner = match o.max_depth {
            Some(d) => CursorStack::with_max_depth(d).map_err(stack_error)?,
            None => CursorStack::new(),
        };
        Ok(JsCursorStack {
            inner: RefCell::new(inner),
            scope: RefCell::new(o.scope),
            codec: o.codec,
        })
    }

    /// Restores a stack from `toString()`. Tampered state, state of another scope or a
    /// malformed string is a `CursorError`.
    ///
    /// ```js
    /// const stack = CursorStack.from(params.get("nav"), { scope: query, codec });
    /// ```
    pub fn from(
        state: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CursorStackOptions | undefined")] options: JsValue,
        codec: &JsCursorCodec,
    ) -> Result<JsCursorStack, JsValue> {
        let o = read_options(&options, codec)?;
        let Some(token) = state.as_string() else {
            return Err(cursor_error(CursorError::Malformed(
                "cursor stack state must be a string".into(),
            )));
        };
        let mut inner =
            CursorStack::deserialize(&token, &o.codec, o.scope.as_ref()).map_err(cursor_error)?;
        if o.max_depth.is_some() {
            inner.set_max_depth(o.max_depth).map_err(stack_error)?;
        }
        Ok(JsCursorStack {
            inner: RefCell::new(inner),
            scope: RefCell::new(o.scope),
            codec: o.codec,
        })
    }

    /// The 1-based number of the current page.
    #[wasm_bindgen(getter)]
    pub fn page(&self) -> f64 {
        self.read(|s| s.page() as f64)
    }

    /// The token that fetches the current page (`undefined` for the first page).
    #[wasm_bindgen(getter, unchecked_return_type = "unknown")]
    pub fn current(&self) -> JsValue {
        token_out(self.read(|s| s.current()))
    }

    /// True exactly when `back()` returns the token of an existing previous page.
    #[wasm_bindgen(getter, js_name = "hasPrevious")]
    pub fn has_previous(&self) -> bool {
        self.read(|s| s.has_previous())
    }

    /// True only when the current page's next token is recorded and present.
    #[wasm_bindgen(getter, js_name = "hasNext")]
    pub fn has_next(&self) -> bool {
        self.read(|s| s.has_next())
    }

    /// The configured depth (`undefined`: unlimited).
    #[wasm_bindgen(getter, js_name = "maxDepth")]
    pub fn max_depth(&self) -> Option<f64> {
        self.read(|s| s.max_depth()).map(|d| d as f64)
    }

    /// The current page loaded: remember its next token (`undefined`, `null`, `""` or `{}`:
    /// this is the last page).
    pub fn record(
        &self,
        #[wasm_bindgen(js_name = "nextToken", unchecked_param_type = "unknown")]
        next_token: JsValue,
    ) -> Result<(), JsValue> {
        let next = token_arg(&next_token).map_err(cursor_error)?;
        self.with(|s| s.record(next))
    }

    /// Moves to the next page, recording `nextToken` first when given, and returns the token
    /// to fetch it with. Throws `PaginationError` `bad_page` when the next token is unknown
    /// or the current page is the last.
    #[wasm_bindgen(unchecked_return_type = "unknown")]
    pub fn forward(
        &self,
        #[wasm_bindgen(js_name = "nextToken", unchecked_param_type = "unknown")]
        next_token: JsValue,
    ) -> Result<JsValue, JsValue> {
        let next = if next_token.is_undefined() {
            None
        } else {
            Some(Some(to_value(&next_token).map_err(cursor_error)?))
        };
        let token = self.with(|s| s.forward(next))?.map_err(stack_error)?;
        Ok(token_out(token))
    }

    /// Moves to the previous page and returns its token (`undefined` for page 1). Without a
    /// previous page (`hasPrevious` false) it stays put and returns `undefined`.
    #[wasm_bindgen(unchecked_return_type = "unknown")]
    pub fn back(&self) -> Result<JsValue, JsValue> {
        Ok(token_out(self.with(|s| s.back())?))
    }

    /// Moves to a visited page whose token is kept and returns its token. A page that is not
    /// a whole number from 1 to 2^53 - 1 is a `RangeError` (`TypeError` for a non-number); a page never visited
    /// or evicted by `maxDepth` is a `PaginationError` `bad_page`.
    #[wasm_bindgen(js_name = "goTo", unchecked_return_type = "unknown")]
    pub fn go_to(&self, page: JsValue) -> Result<JsValue, JsValue> {
        let page = positive_integer(&page, "page", MAX_SAFE_INTEGER)?;
        let token = self.with(|s| s.go_to(page))?.map_err(stack_error)?;
        Ok(token_out(token))
    }

    /// The query changed: start over on page 1. A given `scope` replaces the stack's scope;
    /// without one the scope stays.
    pub fn reset(
        &self,
        #[wasm_bindgen(unchecked_param_type = "CursorValue | undefined")] scope: JsValue,
    ) -> Result<(), JsValue> {
        let scope = if scope.is_undefined() {
            None
        } else {
            Some(to_value(&scope).map_err(cursor_error)?)
        };
        self.with(|s| s.reset())?;
        if let Some(scope) = scope {
            *self.scope.try_borrow_mut().map_err(|_| busy())? = Some(scope);
        }
        Ok(())
    }

    /// The state as a URL-safe string (minted by the codec, bound to the scope).
    #[wasm_bindgen(js_name = "toString")]
    pub fn to_js_string(&self) -> Result<String, JsValue> {
        // A snapshot: the codec's clock (a user `now`) may run while it is minted, and may call
        // this stack, so no borrow is held then.
        let state = self.read(|s| s.to_value()).map_err(cursor_error)?;
        let scope = self.scope.try_borrow().map_err(|_| busy())?.clone();
        self.codec
            .encode(
                &state,
                &EncodeOptions {
                    scope,
                    ..Default::default()
                },
            )
            .map_err(cursor_error)
    }

    /// `JSON.stringify` gives the same string as `toString()`.
    #[wasm_bindgen(js_name = "toJSON")]
    pub fn to_json(&self) -> Result<String, JsValue> {
        self.to_js_string()
    }
}
