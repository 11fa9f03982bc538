// The mark of code that needs the "keyed" part of pagecursor (signing, sealing, the page
// models): the CursorCodec class and the page models check `isLoaded(KEYED)`, and so make a
// bundler keep this file, whose evaluation tells loading.ts before the browser entry chooses
// which module to fetch. Nothing else imports it, and the package declares it free of side
// effects, so a bundle without that code drops it, and with it the glue's imports that only the
// part's modules need (scripts/split-imports.mjs).
//
// Owns: nothing but the mark. May call: loading.ts.
import { uses } from "./loading.js";
import { __wbg_keyed_imports } from "./pagecursor.js";

export const KEYED = uses("keyed", __wbg_keyed_imports);
