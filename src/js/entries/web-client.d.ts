// `pagecursor/web/client`: paginate, InfiniteList and CursorStack of the root entry, for pages
// without a bundler (the declarations are the root entry's).
export { CursorError, CursorStack, InfiniteList, PaginationError, Paginator, init, paginate, ready } from "./index.js";
export type * from "./index.js";
