// The public surface of pagecursor, shared by every entry (node.js, web.js, workerd.js, deno.js).
// Each entry initialises the WebAssembly module its own way and then re-exports this file.
import { CursorCodec, CursorStack, InfiniteList } from "./pagecursor.js";

export { CursorCodec, encodeCursor, decodeCursor } from "./pagecursor.js";
export { CursorStack, offsetPage, paginateOffset, paginateKeyset } from "./pagecursor.js";
export { paginate, Paginator } from "./paginator.js";
export { InfiniteList } from "./paginator.js";
export { CursorError, PaginationError } from "./errors.js";
import { makeArgumentError } from "./errors.js";

// F6 (docs/security.md): misuse is a TypeError.
for (const C of [CursorCodec, CursorStack, InfiniteList]) {
  const p = C.prototype;
  for (const k of Object.getOwnPropertyNames(p)) {
    const d = Object.getOwnPropertyDescriptor(p, k), g = d.get ? "get" : "value", f = d[g];
    if (/^(constructor|free|__destroy_into_raw)$/.test(k)) continue;
    d[g] = function (a, b, c) {
      if (this instanceof C && this.__wbg_ptr) return f.call(this, a, b, c);
      throw makeArgumentError(false, `${k}: freed or foreign object`);
    };
    Object.defineProperty(p, k, d);
  }
}
