// pagecursor_client_bg.wasm (the crate with its `client` feature only) through the public API:
// module-parts.mjs says how. It walks, scrolls and pages, mints plain cursors, and refuses a
// codec with keys and the page models.
import { underModule, plainWorks, clientWorks, keyedRefused } from "./module-parts.mjs";

const pc = await underModule("client");
plainWorks(pc);
clientWorks(pc);
keyedRefused(pc);
