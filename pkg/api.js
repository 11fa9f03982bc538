// The public surface of pagecursor, shared by every entry (node.js, web.js, workerd.js, deno.js).
// Each entry initialises the WebAssembly module its own way and then re-exports this file.
import { CursorCodec as Codec, CursorStack as Stack } from "./pagecursor.js";
import { InfiniteList as List } from "./paginator.js";
import { makeArgumentError } from "./errors.js";

export { encodeCursor, decodeCursor } from "./pagecursor.js";
export { offsetPage, paginateOffset, paginateKeyset } from "./pagecursor.js";
export { paginate, Paginator } from "./paginator.js";
export { CursorError, PaginationError } from "./errors.js";

// F6 (docs/security.md): misuse is a TypeError, and no call reaches WebAssembly with a pointer
// that is not the live object's own (why and how: docs/cursor-stack.md, "Object lifetimes").
const live = new WeakMap();
const foreign = (k) => makeArgumentError(false, `${k}: freed or foreign object`);
// Non-configurable: a caller may write a number over it (then the object is refused) but never
// turn it into an accessor that answers the check and the glue differently.
const lock = (obj) => (live.set(obj, { ptr: obj.__wbg_ptr, busy: 0 }), Object.defineProperty(obj, "__wbg_ptr", { configurable: false }));
// The record of `obj` when its own `__wbg_ptr` is still the one the glue gave it.
function record(obj) {
  const rec = live.get(obj);
  return rec && obj.__wbg_ptr === rec.ptr && rec.ptr ? rec : undefined;
}

function brand(C) {
  const p = C.prototype;
  const free = p.free, destroy = p.__destroy_into_raw;
  for (const k of Object.getOwnPropertyNames(p)) {
    if (k === "constructor") continue;
    const d = Object.getOwnPropertyDescriptor(p, k), g = d.get ? "get" : "value", f = d[g];
    if (typeof f !== "function") continue;
    d[g] = k === "free"
      ? function () {
        const rec = record(this);
        if (!rec) throw foreign(k);
        if (rec.busy) throw makeArgumentError(false, "free: the object is in use by one of its own calls");
        const obj = this;
        live.delete(obj);
        free.call({ __destroy_into_raw: () => destroy.call(obj) });
      }
      : function (a, b, c) {
        const rec = record(this);
        if (!rec) throw foreign(k);
        rec.busy++;
        try {
          return f.call(this, a, b, c);
        } finally {
          rec.busy--;
        }
      };
    Object.defineProperty(p, k, d);
  }
  if (typeof Symbol.dispose === "symbol" && p[Symbol.dispose]) p[Symbol.dispose] = p.free;
  const wrap = C.__wrap;
  if (wrap) C.__wrap = (ptr) => lock(wrap.call(C, ptr));
  const exported = new Proxy(C, {
    construct: (target, args, newTarget) => lock(Reflect.construct(target, args, newTarget)),
    get: (target, k, receiver) => (k === "__wrap" ? undefined : Reflect.get(target, k, receiver)),
    getOwnPropertyDescriptor: (target, k) => (k === "__wrap" ? undefined : Reflect.getOwnPropertyDescriptor(target, k)),
    has: (target, k) => k !== "__wrap" && k in target,
    ownKeys: (target) => Reflect.ownKeys(target).filter((k) => k !== "__wrap"),
  });
  p.constructor = exported;
  return exported;
}

export const CursorCodec = brand(Codec);
export const CursorStack = brand(Stack);
export const InfiniteList = brand(List);
