// The module Web Worker of the bundled apps: mints and verifies cursors and walks a paginated
// fetch, with the package imported by its bare name (resolved by the bundler).
import * as pagecursor from "pagecursor";
import { runChecks } from "../app-core.js";

const loadMs = Math.round(performance.now());
runChecks(pagecursor, { fetchBase: new URL("/", self.location.href).href }).then((result) => {
  self.postMessage({ loadMs, ...result });
});
