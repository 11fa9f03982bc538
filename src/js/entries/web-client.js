// `pagecursor/web/client`, for pages without a bundler: paginate, InfiniteList and CursorStack
// alone (the codec's and the page models' JS is not fetched), with the module loaded by
// web-load.js. A CursorCodec for `options.codec` comes from `pagecursor/web/codec`; both share
// one load of the module.
export { ready, init } from "./web-load.js";
export * from "./client.js";
export { CursorError, PaginationError } from "./errors.js";
