// pagecursor_keyed_bg.wasm (the crate with `keyed` and `page-models`) through the public API:
// module-parts.mjs says how. It signs, seals and pages, and refuses paginate, InfiniteList and
// CursorStack.
import { underModule, plainWorks, keyedWorks, clientRefused } from "./module-parts.mjs";

const pc = await underModule("keyed");
plainWorks(pc);
keyedWorks(pc);
clientRefused(pc);
