// The mark of code that needs pagecursor's full WebAssembly module (signing, sealing, the page
// models): the CursorCodec class and the page models check `isLoaded(FULL)`, and so make a
// bundler keep this file, whose evaluation tells loading.ts before the browser entry chooses
// which module to fetch. Nothing else imports it, and the package declares it free of side
// effects, so a bundle without that code drops it and loads the client module.
//
// Owns: nothing but the mark. May call: loading.ts.
import { needsFullModule } from "./loading.js";

export const FULL: true = needsFullModule();
