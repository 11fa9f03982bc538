// The client half of the public surface: walking token-paginated APIs, the infinite list and the
// cursor stack. The root entry re-exports it (exports.ts), and `pagecursor/web/client` alone, for
// pages without a bundler that never fetch the codec's and the page models' JS (api.ts). Each
// module below is free of side effects.
export { paginate, Paginator } from "./paginator.js";
export { CursorStack } from "./stack.js";
export { InfiniteList } from "./infinite.js";
