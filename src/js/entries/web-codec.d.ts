// `pagecursor/web/codec`: the cursor codec and the page models of the root entry, for pages
// without a bundler (the declarations are the root entry's).
export { CursorCodec, CursorError, PaginationError, decodeCursor, encodeCursor, init, offsetPage, paginateKeyset, paginateOffset, ready } from "./index.js";
export type * from "./index.js";
