// `import "pagecursor/full"`: the page loads the full WebAssembly module, whatever the rest of
// its code imports. For pages whose first modules use some of pagecursor and whose later code
// (a lazily loaded chunk, a later `<script type="module">`) uses more: the browser entry chooses
// its module when the page's first module graph has run (src/js/loading/loading.ts), so code that
// arrives later finds only what that graph used. Import it from a module that runs at start.
// Listed in package.json "sideEffects", so bundlers keep it.
import { uses } from "./loading.js";
import { __wbg_client_imports, __wbg_keyed_imports } from "./pagecursor.js";

uses("keyed", __wbg_keyed_imports);
uses("client", __wbg_client_imports);
