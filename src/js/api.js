// The public surface of pagecursor, shared by every entry (node.js, web.js, workerd.js, deno.js,
// inline.js). Each entry starts loading the WebAssembly module its own way (loading.js) and
// re-exports this file; nothing here waits for the module.
import * as wasm from "./pagecursor.js";
import { makeArgumentError } from "./errors.js";
import { isLoaded, notReady } from "./loading.js";

export { paginate, Paginator } from "./paginator.js";
export { CursorError, PaginationError } from "./errors.js";
export { CursorStack } from "./stack.js";
export { InfiniteList } from "./infinite.js";

// The synchronous functions of the wasm: before the module is instantiated each is a
// `not_ready` CursorError that says what to await (loading.js), not a TypeError from the glue.
export function encodeCursor(value, options) {
  if (!isLoaded()) throw notReady("encodeCursor");
  return wasm.encodeCursor(value, options);
}
export function decodeCursor(token, options) {
  if (!isLoaded()) throw notReady("decodeCursor");
  return wasm.decodeCursor(token, options);
}
export function offsetPage(options) {
  if (!isLoaded()) throw notReady("offsetPage");
  return wasm.offsetPage(options);
}
export function paginateOffset(items, options) {
  if (!isLoaded()) throw notReady("paginateOffset");
  return wasm.paginateOffset(items, options);
}
export function paginateKeyset(items, options) {
  if (!isLoaded()) throw notReady("paginateKeyset");
  return wasm.paginateKeyset(items, options);
}

// F6 (docs/security.md): misuse is a TypeError, and no call reaches WebAssembly with a pointer
// that is not the object's own (docs/cursor-stack.md, "Re-entrant calls and object lifetimes").
const live = new WeakMap();
const R = Reflect;
const lock = (o) => (live.set(o, { ptr: o.__wbg_ptr, busy: 0 }), Object.defineProperty(o, "__wbg_ptr", { configurable: false }));
function record(o, k) {
  const r = live.get(o);
  if (r && o.__wbg_ptr === r.ptr) return r;
  throw makeArgumentError(false, `${k}: freed or foreign object`);
}

function brand(C) {
  const p = C.prototype, free = p.free, destroy = p.__destroy_into_raw;
  for (const k of Object.getOwnPropertyNames(p)) {
    const d = Object.getOwnPropertyDescriptor(p, k), g = d.get ? "get" : "value", f = d[g];
    if (k === "constructor" || typeof f !== "function") continue;
    d[g] = k === "free"
      ? function () {
        if (record(this, k).busy) throw makeArgumentError(false, "free: the object is in use by one of its own calls");
        const o = this;
        live.delete(o);
        free.call({ __destroy_into_raw: () => destroy.call(o) });
      }
      : function (a, b, c) {
        const r = record(this, k);
        r.busy++;
        try {
          return f.call(this, a, b, c);
        } finally {
          r.busy--;
        }
      };
    Object.defineProperty(p, k, d);
  }
  if (p[Symbol.dispose]) p[Symbol.dispose] = p.free;
  const wrap = C.__wrap;
  if (wrap) C.__wrap = (ptr) => lock(wrap.call(C, ptr));
  const hidden = (k) => k === "__wrap";
  return (p.constructor = new Proxy(C, {
    construct: (t, args, n) => {
      if (!isLoaded()) throw notReady("new CursorCodec");
      return lock(R.construct(t, args, n));
    },
    get: (t, k, r) => (hidden(k) ? undefined : R.get(t, k, r)),
    getOwnPropertyDescriptor: (t, k) => (hidden(k) ? undefined : R.getOwnPropertyDescriptor(t, k)),
    has: (t, k) => !hidden(k) && k in t,
    ownKeys: (t) => R.ownKeys(t).filter((k) => !hidden(k)),
  }));
}

// Pure: a bundle that never imports CursorCodec drops the class and its brand (no other path
// hands a glue CursorCodec to user code).
export const CursorCodec = /* @__PURE__ */ brand(wasm.CursorCodec);
