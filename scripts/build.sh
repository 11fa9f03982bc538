#!/usr/bin/env bash
# Release wasm -> wasm-bindgen --target web -> wasm-opt -Oz -> pkg/, then the sizes a browser downloads.
source "$(dirname "$0")/lib.sh"

say "cargo build --release --target wasm32-unknown-unknown --features npm-module"
# `npm-module`: no std in the module (src/lib.rs).
# Without reference types: JS values cross through the glue's own table, not a wasm
# `externref` table with a shim around every export and import that takes one
# (scripts/without-externref.mjs says why it takes a flag and a section edit, and what it saves).
# RUSTFLAGS replaces the target's rustflags of .cargo/config.toml, so their cfg is repeated here;
# the wasm32 test builds keep that config, and externref, as it is.
RUSTFLAGS='--cfg sha2_backend_soft="compact" -C target-feature=-reference-types' \
  cargo build --release --target wasm32-unknown-unknown --lib --features npm-module
say "wasm-bindgen --target web"
rm -rf pkg/snippets
# Every entry (pkg/{web,node,deno,workerd,inline}.js) passes the module to init explicitly and
# every runtime the package supports has TextEncoder#encodeInto: no default path, no fallback.
# The generated declarations (pkg/pagecursor.d.ts) are not shipped: `tsc -p src/js/tsconfig.json`
# checks the TypeScript layer against them.
# The section edit that goes with the flag above, on a copy, so cargo's output stays what cargo
# wrote.
cp target/wasm32-unknown-unknown/release/pagecursor.wasm target/pagecursor-bindgen-input.wasm
node scripts/without-externref.mjs target/pagecursor-bindgen-input.wasm
wasm-bindgen --target web --omit-default-module-path --encode-into always \
  --out-dir pkg --out-name pagecursor target/pagecursor-bindgen-input.wasm
# The glue carries every Rust doc comment as JSDoc and the snippets their source comments; types
# and docs ship in pkg/index.d.ts. esbuild (a real parser, so nothing is guessed) drops comments
# and whitespace and simplifies syntax (~4 KB gzip saved). Class and function names stay what
# users see in stack traces and `constructor.name`: the glue and the small snippets keep every
# identifier (renaming them and keeping the names costs more than it saves there), and the
# larger hand-written files rename their locals with `--keep-names`, which keeps each
# function's and class's `name` (the driver and the codec walker: 1.1 KB gzip saved, measured
# on this build).
minify() { # minify IN OUT [ESBUILD-FLAGS...] (OUT may be IN)
  local in=$1 out=$2; shift 2
  esbuild "$in" --minify-whitespace --minify-syntax --legal-comments=none --format=esm \
    --log-level=warning --outfile="$out" --allow-overwrite "$@"
  node --check "$out"
}
minify pkg/pagecursor.js pkg/pagecursor.js
for f in $(find pkg/snippets -name '*.js' | sort); do
  # Only the codec's walker is large enough for renamed locals to pay for the kept names.
  case "$f" in */src/wasm/codec.js) minify "$f" "$f" --minify-identifiers --keep-names ;; *) minify "$f" "$f" ;; esac
done
# The hand-written JS layer (src/js/, with its comments) ships the same way: the TypeScript
# files (src/js/*.ts; `tsc -p src/js/tsconfig.json` checks them) compile with the same flags,
# esbuild dropping their types. api.js and codec.js keep their identifiers: `--keep-names` would wrap
# each export in a naming call and the CursorCodec class in a static block, which bundlers must
# keep, so a bundle without CursorCodec or encodeCursor could no longer drop them (its exports
# are `const` arrows and a class, named by the language itself).
minify src/js/api.ts pkg/api.js
minify src/js/codec.ts pkg/codec.js
# The root entry's list of exports and the client half of it (re-exports only).
minify src/js/exports.ts pkg/exports.js
minify src/js/client.ts pkg/client.js
# The option readers that paginator.js, react.js and tanstack.js share (small: no renaming, like
# the snippets).
minify src/js/options.ts pkg/options.js
# The paginator's driver and the rest rename their locals (see minify above).
for f in paginator loading stack infinite; do minify "src/js/$f.ts" "pkg/$f.js" --minify-identifiers --keep-names; done
# pagecursor/react and pagecursor/tanstack: their published types are the hand-written
# pkg/react.d.ts and pkg/tanstack.d.ts, which `tsc -p src/js/tsconfig.json` checks the sources
# against.
for f in react tanstack; do minify "src/js/$f.ts" "pkg/$f.js" --minify-identifiers --keep-names; done
say "wasm-opt -Oz"
# `--converge` repeats the passes until the module stops shrinking (~300 B gzip, ~5 s).
# `--low-memory-unused` lets wasm-opt fold constant additions into load and store offsets, which
# assumes no pointer lies in the first 1 KB of memory (~450 B gzip). That holds here: rustc
# places the 1 MB stack first, growing down towards 0 from 1 MB, with the data above it, so
# the low 1 KB is only reached by a stack within 1 KB of overflowing, and the recursion of the
# codec and the paginator is bounded (nesting depth 64) far below that.
wasm-opt -Oz --converge --low-memory-unused --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  --strip-producers --strip-target-features \
  pkg/pagecursor_bg.wasm -o pkg/pagecursor_bg.wasm.opt
mv pkg/pagecursor_bg.wasm.opt pkg/pagecursor_bg.wasm
# The optional `pagecursor/inline` entry: the same module as base64, for iife/cjs bundles.
node scripts/build-inline.mjs

# The error classes live in a wasm-bindgen snippet (so Rust constructs the very classes users
# import); re-export them from a stable path, with the snippet's factories that api.js and
# paginator.ts share with Rust (internal: api.js re-exports the classes only).
snippet="$(cd pkg && find snippets -name errors.js | head -n1)"
[ -n "$snippet" ] || { echo "build: no errors.js snippet in pkg/snippets" >&2; exit 1; }
printf '// Generated by scripts/build.sh: the error classes and factories of the wasm-bindgen snippet.\nexport { CursorError, PaginationError, makeArgumentError, makePaginationError } from "./%s";\n' "$snippet" > pkg/errors.js

node scripts/size.mjs
