// Every export of the package's root entry: the entries (node.js, web.js, workerd.js, deno.js,
// inline.js) start loading the WebAssembly module their own way and re-export this file. Each
// module below is free of side effects, so a bundler keeps only what a page imports
// (bench/size-budget.json "perImport").
export * from "./api.js";
export * from "./client.js";
