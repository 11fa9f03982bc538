#!/usr/bin/env bash
# Release wasm -> wasm-bindgen --target web -> wasm-opt -Oz -> pkg/, then the sizes a browser downloads.
source "$(dirname "$0")/lib.sh"

# pkg/ is generated: it starts as the hand-written entries, their declarations, README and
# package.json (src/js/entries/), and everything else is built into it below.
say "tsc: the TypeScript layer, before the wasm build"
# Checked against the declarations it needs, all in src/js/ (src/js/tsconfig.json says which), so
# that a type error stops the build before the two minutes of cargo and wasm-opt. After a change
# of the bindings' JS surface, `UPDATE_GLUE=1 bash scripts/build.sh` writes their new
# declarations into src/js/glue/pagecursor.d.ts (to commit with the change) and checks the
# TypeScript against them once the glue is generated.
[ "${UPDATE_GLUE:-}" = 1 ] || tsc -p src/js/tsconfig.json
rm -rf pkg
mkdir -p pkg
cp -R src/js/entries/. pkg/
say "cargo build --target wasm32-unknown-unknown: four browser modules and the server module"
# Five modules from one crate (one glue, pkg/pagecursor.js, drives each);
# Cargo.toml says what each feature gates, src/js/loading/loading.ts which module a page loads:
# - pagecursor_bg.wasm: everything (default features);
# - pagecursor_client_bg.wasm (`client`): paginate, InfiniteList, CursorStack and plain cursors;
# - pagecursor_keyed_bg.wasm (`keyed`, `page-models`): the codec with signing and sealing, and
#   the page models;
# - pagecursor_codec_bg.wasm (no feature): plain cursors;
# - pagecursor_server_bg.wasm: everything, built for speed instead of size (below), for the
#   entries that read it from disk (node.js, deno.js, workerd.js).
# A smaller module has no exports for what it leaves out (scripts/check-module.mjs checks which);
# the glue still defines their classes, and the JS layer never calls them in that module.
# `npm-module`: no std in the module (crates/pagecursor-wasm/src/lib.rs).
# RUSTFLAGS replaces the target's rustflags of .cargo/config.toml, so their cfg is repeated here.
# Each smaller module builds in its own target directory, so that each build keeps its artifacts
# between runs.
# name:features:what the module leaves out (the glue's classes and functions).
CLIENT_PART=PaginatorCore,InfiniteList,InfiniteLoad,ItemAt,CursorStack
PAGE_MODELS=offsetPage,paginateOffset,paginateKeyset
MODULES="client:client:$PAGE_MODELS keyed:keyed,page-models:$CLIENT_PART codec::$CLIENT_PART,$PAGE_MODELS"
# The panic locations of the dependencies name their files by path: `/crates/<index>/<crate>/…`
# instead of the build machine's registry directory (its home included), so that the shipped
# modules name no path of the machine that built them, whether or not its registry existed
# before the build (a prefix, not a directory listing). The standard library's own locations
# (`/rustc/<commit>/library/…`) come precompiled.
# The workspace's own sources by their path inside their crate (`src/…`), as short as they were
# before the workspace.
REMAP="--remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}/registry/src=/crates --remap-path-prefix=crates/pagecursor/= --remap-path-prefix=crates/pagecursor-wasm/="
export RUSTFLAGS="--cfg sha2_backend_soft=\"compact\" $REMAP"
cargo build --release --target wasm32-unknown-unknown -p pagecursor-wasm --features npm-module
for m in $MODULES; do
  cargo build --release --target wasm32-unknown-unknown -p pagecursor-wasm --no-default-features \
    --features "npm-module,$(echo "$m" | cut -d: -f2)" --target-dir "target/${m%%:*}"
done
# The server module: every feature, cargo profile `server` (opt-level 3), sha2's unrolled
# software backend instead of the compact one (no `sha2_backend_soft` cfg), and wasm SIMD, which
# every server runtime the package supports has (Node >= 16.4, Deno, Bun, workerd) and LLVM
# vectorizes loops with (SHA-256's message schedule among them): signed cursors 6-8 % faster,
# the module 8 KB smaller (bench/README.md, "A module for servers").
RUSTFLAGS="-C target-feature=+simd128 $REMAP" cargo build --profile server \
  --target wasm32-unknown-unknown -p pagecursor-wasm --features npm-module --target-dir target/server
unset RUSTFLAGS
say "wasm-bindgen --target web"
rm -rf pkg/snippets target/*-bindgen
# Every entry (pkg/{web,node,deno,workerd,inline}.js) passes the module to init explicitly and
# every runtime the package supports has TextEncoder#encodeInto: no default path, no fallback.
# The generated declarations (pkg/pagecursor.d.ts) are not shipped: `tsc -p src/js/tsconfig.json`
# checks the TypeScript layer against them.
wasm-bindgen --target web --omit-default-module-path --encode-into always \
  --out-dir pkg --out-name pagecursor target/wasm32-unknown-unknown/release/pagecursor_wasm.wasm
# The other modules the same way, each into pkg/pagecursor_<name>_bg.wasm, checked to fit the
# full module's glue: its exports, but for the parts it leaves out (LEFT_OUT), and imports the
# glue has.
bind_module() { # bind_module NAME CARGO_OUTPUT LEFT_OUT
  local name=$1
  wasm-bindgen --target web --omit-default-module-path --encode-into always \
    --out-dir "target/$name-bindgen" --out-name pagecursor "$2"
  node scripts/check-module.mjs pkg "target/$name-bindgen" "$3"
  cp "target/$name-bindgen/pagecursor_bg.wasm" "pkg/pagecursor_${name}_bg.wasm"
}
for m in $MODULES; do
  bind_module "${m%%:*}" "target/${m%%:*}/wasm32-unknown-unknown/release/pagecursor_wasm.wasm" "$(echo "$m" | cut -d: -f3)"
done
# The server module leaves nothing out: the same glue drives it as the full module.
bind_module server target/server/wasm32-unknown-unknown/server/pagecursor_wasm.wasm ""
# The glue carries every Rust doc comment as JSDoc and the snippets their source comments; types
# and docs ship in pkg/index.d.ts. esbuild (a real parser, so nothing is guessed) drops comments
# and whitespace and simplifies syntax (~4 KB gzip saved). Class and function names stay what
# users see in stack traces and `constructor.name`: the glue and the small snippets keep every
# identifier (renaming them and keeping the names costs more than it saves there), and the
# larger hand-written files rename their locals with `--keep-names`, which keeps each
# function's and class's `name` (the driver and the codec walker: 1.1 KB gzip saved, measured
# on this build). Some files rename without keeping names, because no name of theirs reaches a
# user (the glue imports the walker's functions by their export names; loading.ts's functions
# are called by the package alone; users hold the paginator's Paginator and iterators, not its
# walk) and a kept name is a call that bundlers keep too: the codec walker (-267 B gzip),
# loading.ts (-102 B) and the paginator's walk (src/js/paginate/ but paginator.ts: import client
# -382 B, everything -448 B).
minify() { # minify IN OUT [ESBUILD-FLAGS...] (OUT may be IN)
  local in=$1 out=$2; shift 2
  esbuild "$in" --minify-whitespace --minify-syntax --legal-comments=none --format=esm \
    --log-level=warning --outfile="$out" --allow-overwrite "$@"
  node --check "$out"
}
minify pkg/pagecursor.js pkg/pagecursor.js
# The glue's classes and enums become droppable by a bundler, and its loading steps are exported
# for pkg/web-load.js (scripts/finish-glue.mjs says why and how).
node scripts/finish-glue.mjs pkg/pagecursor.js
node --check pkg/pagecursor.js
for f in $(find pkg/snippets -name '*.js' | sort); do
  # Only the value module is large enough for renamed locals to pay.
  case "$f" in */js/value.js) minify "$f" "$f" --minify-identifiers ;; *) minify "$f" "$f" ;; esac
done
# The hand-written JS layer (src/js/, a folder per concept, with its comments) ships the same
# way, into the flat pkg/ its imports name: the TypeScript files (src/js/*/*.ts and the entries'
# lists src/js/*.ts; `tsc -p src/js/tsconfig.json` checks them) compile with the same flags,
# esbuild dropping their types. api.js and codec.js keep their identifiers: `--keep-names` would wrap
# each export in a naming call and the CursorCodec class in a static block, which bundlers must
# keep, so a bundle without CursorCodec or encodeCursor could no longer drop them (its exports
# are `const` arrows and a class, named by the language itself).
minify src/js/codec/api.ts pkg/api.js
minify src/js/codec/codec.ts pkg/codec.js
# How the client classes find a codec's wasm object, and the marks of code that needs a part of
# the package (small: no renaming, like the snippets).
minify src/js/codec/codec-of.ts pkg/codec-of.js
minify src/js/loading/uses-keyed.ts pkg/uses-keyed.js
minify src/js/loading/uses-client.ts pkg/uses-client.js
# The root entry's list of exports and the client half of it (re-exports only).
minify src/js/exports.ts pkg/exports.js
minify src/js/client.ts pkg/client.js
# The option readers that walk-options.js, react.js and tanstack.js share (small: no renaming, like
# the snippets).
minify src/js/options/options.ts pkg/options.js
# The paginator, the stack and the list rename their locals (see minify above).
for f in paginate/paginator stack/stack list/infinite; do minify "src/js/$f.ts" "pkg/${f#*/}.js" --minify-identifiers --keep-names; done
# The paginator's walk (src/js/paginate/ but paginator.ts: the options it reads, the presets,
# the copies of user values, reading a page, the core's orders, the requests and the walk itself) renames without keeping
# names: none of theirs reaches a user (users hold the Paginator and its iterators, made by
# paginator.ts), like loading.ts below.
for f in presets walk-options user-values read-page orders requests driver; do minify "src/js/paginate/$f.ts" "pkg/$f.js" --minify-identifiers; done
# The list's view (items by chunk id, the core's answers applied, edits): no name of it
# reaches a user either.
minify src/js/list/view.ts pkg/view.js --minify-identifiers
minify src/js/loading/loading.ts pkg/loading.js --minify-identifiers
# pagecursor/react, pagecursor/vue and pagecursor/tanstack: their published types are the
# hand-written pkg/react.d.ts, pkg/vue.d.ts and pkg/tanstack.d.ts, which `tsc -p
# src/js/tsconfig.json` checks the sources against; controller.js is the stores that react.js
# and vue.js share (src/js/frameworks/controller.ts, with page-state.ts).
for f in controller page-state react vue tanstack; do minify "src/js/frameworks/$f.ts" "pkg/$f.js" --minify-identifiers --keep-names; done
say "wasm-opt -Oz"
# `--converge` repeats the passes until the module stops shrinking (~300 B gzip, ~5 s).
# `--low-memory-unused` lets wasm-opt fold constant additions into load and store offsets, which
# assumes no pointer lies in the first 1 KB of memory (~450 B gzip). That holds here: rustc
# places the 1 MB stack first, growing down towards 0 from 1 MB, with the data above it, so
# the low 1 KB is only reached by a stack within 1 KB of overflowing, and the recursion of the
# codec and the paginator is bounded (nesting depth 64) far below that.
# `--one-caller-inline-max-function-size 30`: wasm-opt inlines a function that has one caller
# whatever its size by default, although rustc at opt-level "z" chose to keep it a call. Kept
# as calls, the modules are 1-3.5 KB larger raw but smaller compressed (gzip -9: full -1,781 B,
# client -1,043 B, keyed -601 B, codec -93 B; brotli -661/-451/-249/-93 B), at a cost within
# the benchmarks' noise (bench/README.md, "What was tried").
# `--always-inline-max-function-size 5` (default 2) for the three smaller modules: functions of up
# to 5 instructions (a field read through an `Rc`, a `RefCell` flag) are inlined wherever they
# are called, where their body is about the size of the call. Client -137 B gzip, keyed -26,
# codec -33, with no speed change the benchmarks can see; the full module would grow by 7 B and
# its codec measured 1-2 % slower in Chromium, so it keeps the default (bench/README.md,
# "What was tried").
# (`optimize` is scripts/lib.sh's: wasm-opt with the features every module uses.)
for m in pagecursor_bg pagecursor_client_bg pagecursor_keyed_bg pagecursor_codec_bg; do
  small="--always-inline-max-function-size 5"
  [ "$m" = pagecursor_bg ] && small=""
  optimize "pkg/$m.wasm" -Oz --converge --low-memory-unused --one-caller-inline-max-function-size 30 $small
done
# The server module for speed: -O3 (-O4 measured no faster and 640 B larger; bench/README.md, "A
# module for servers"), with the SIMD its build enabled.
optimize pkg/pagecursor_server_bg.wasm -O3 --enable-simd
# Import names without wasm-bindgen's hashes, in the glue and the five modules alike
# (scripts/import-names.mjs says why); before the inline entry copies the full module.
node scripts/import-names.mjs pkg/pagecursor.js pkg/pagecursor_bg.wasm pkg/pagecursor_client_bg.wasm \
  pkg/pagecursor_keyed_bg.wasm pkg/pagecursor_codec_bg.wasm pkg/pagecursor_server_bg.wasm
# The glue's imports split by the part that needs them, so that a bundle carries only those of
# the modules it can load (scripts/split-imports.mjs says why and how).
node scripts/split-imports.mjs pkg/pagecursor.js pkg/pagecursor_bg.wasm pkg/pagecursor_client_bg.wasm \
  pkg/pagecursor_keyed_bg.wasm pkg/pagecursor_codec_bg.wasm
node --check pkg/pagecursor.js
# tsc checked the JS layer against src/js/glue/pagecursor.d.ts before this build; it must be what
# wasm-bindgen (and split-imports) declared for the bindings just built, comments aside.
node scripts/glue-declarations.mjs pkg/pagecursor.d.ts > target/glue-declarations.d.ts
if [ "${UPDATE_GLUE:-}" = 1 ]; then
  cp target/glue-declarations.d.ts src/js/glue/pagecursor.d.ts
  tsc -p src/js/tsconfig.json
elif ! cmp -s target/glue-declarations.d.ts src/js/glue/pagecursor.d.ts; then
  diff -u src/js/glue/pagecursor.d.ts target/glue-declarations.d.ts | head -40 >&2
  echo "build: the bindings' declarations changed; write them and check the JS layer against them: UPDATE_GLUE=1 bash scripts/build.sh" >&2
  exit 1
fi
# The optional `pagecursor/inline` entry: the full module as base64, for iife/cjs bundles.
node scripts/build-inline.mjs

# The error classes live in a wasm-bindgen snippet (so Rust constructs the very classes users
# import); re-export them from a stable path, with the snippet's factories that api.js and
# paginator.ts share with Rust (internal: api.js re-exports the classes only).
snippet="$(cd pkg && find snippets -name errors.js | head -n1)"
[ -n "$snippet" ] || { echo "build: no errors.js snippet in pkg/snippets" >&2; exit 1; }
printf '// Generated by scripts/build.sh: the error classes and factories of the wasm-bindgen snippet.\nexport { CursorError, PaginationError, makeArgumentError, makePaginationError } from "./%s";\n' "$snippet" > pkg/errors.js
# The value module (src/js/value/, the bindings' snippet, compiled by
# crates/pagecursor-wasm/build.rs) for the JS files that import it: the same module instance.
snippet="$(cd pkg && find snippets -path '*/js/value.js' | head -n1)"
[ -n "$snippet" ] || { echo "build: no js/value.js snippet in pkg/snippets" >&2; exit 1; }
printf '// Generated by scripts/build.sh: the value module, the wasm-bindgen snippet of src/js/value/.\nexport * from "./%s";\n' "$snippet" > pkg/value.js

node scripts/size.mjs
