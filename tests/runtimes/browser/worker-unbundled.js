// The module Web Worker of the unbundled page. Import maps apply to documents, not to workers,
// so the worker names the package's browser entry by URL.
import * as pagecursor from "/node_modules/pagecursor/web.js";
import { runChecks } from "../app-core.js";

const loadMs = Math.round(performance.now());
runChecks(pagecursor, { fetchBase: new URL("/", self.location.href).href }).then((result) => {
  self.postMessage({ loadMs, ...result });
});
