// The public surface of pagecursor, shared by every entry (node.js, web.js, workerd.js, deno.js).
// Each entry initialises the WebAssembly module its own way and then re-exports this file.
export { CursorCodec, encodeCursor, decodeCursor } from "./pagecursor.js";
export { CursorStack, offsetPage, paginateOffset, paginateKeyset } from "./pagecursor.js";
export { paginate, Paginator } from "./paginator.js";
export { InfiniteList } from "./paginator.js";
export { CursorError, PaginationError } from "./errors.js";
