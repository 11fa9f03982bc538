// pagecursor_bg.wasm (every feature, built for size: the module a browser page that uses both
// the client classes and keys loads, and the `pagecursor/inline` entry's) through the public
// API: module-parts.mjs says how. Node's entry runs the server module instead
// (server-module.test.mjs), so without this file the size-built module would run in browsers
// alone.
import { underModule, plainWorks, clientWorks, keyedWorks } from "./module-parts.mjs";

const pc = await underModule("full");
plainWorks(pc);
clientWorks(pc);
keyedWorks(pc);
