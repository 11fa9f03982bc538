// `pagecursor/web/codec`, for pages without a bundler: the cursor codec and the page models
// alone (no paginator or client classes are fetched), with the module loaded by web-load.js.
export { ready, init } from "./web-load.js";
export * from "./api.js";
