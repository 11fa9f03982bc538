// `import "pagecursor/full"`: the page loads the full WebAssembly module (pkg/full.js says why).
export {};
