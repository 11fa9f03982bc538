// The mark of code that needs the "client" part of pagecursor (paginate's core, InfiniteList,
// CursorStack): their classes check `isLoaded(CLIENT)`, and so make a bundler keep this file,
// whose evaluation tells loading.ts before the browser entry chooses which module to fetch.
// Nothing else imports it, and the package declares it free of side effects, so a bundle of
// plain cursors alone drops it, and with it the glue's imports that only the part's modules
// need (scripts/split-imports.mjs).
//
// Owns: nothing but the mark. May call: loading.ts.
import { uses } from "./loading.js";
import { __wbg_client_imports } from "./pagecursor.js";

export const CLIENT = uses("client", __wbg_client_imports);
