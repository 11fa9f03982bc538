// pagecursor_codec_bg.wasm (the crate with no feature: plain cursors) through the public API:
// module-parts.mjs says how. It mints and reads plain cursors and refuses the rest.
import { underModule, plainWorks, keyedRefused, clientRefused } from "./module-parts.mjs";

const pc = await underModule("codec");
plainWorks(pc);
keyedRefused(pc);
clientRefused(pc);
