// Browsers and bundlers: every export, with the module loaded by web-load.js.
export { ready, init } from "./web-load.js";
export * from "./exports.js";
