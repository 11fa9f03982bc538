//! Compiles the value module, the TypeScript of `src/js/value/` at the repository root, into
//! the one JS file the bindings import as their snippet (`js/value.js`, ignored by git),
//! before the crate compiles. The value module is the JS layer's one owner of JS value ⇄
//! payload bytes: written and type-checked as TypeScript with the rest of the layer, and
//! shipped once, as this snippet, which `pkg/value.js` re-exports for the other JS files.
//! wasm-bindgen reads a snippet when the crate compiles, so it must exist by then, and a build
//! script is the one step every cargo build of the bindings runs (the npm build, clippy, the
//! wasm-bindgen tests). Only for wasm32: on any other target the crate is empty.
//! esbuild comes from the repository's `npm ci` (`scripts/setup.sh`).

use std::env;
use std::path::PathBuf;
use std::process::{exit, Command};

fn main() {
    println!("cargo:rerun-if-changed=../../src/js/value");
    println!("cargo:rerun-if-changed=js/value.js");
    if env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("wasm32") {
        return;
    }
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let root = crate_dir.join("../..");
    let esbuild = root.join("node_modules/.bin/esbuild");
    let out = crate_dir.join("js/value.js");
    let status = Command::new(&esbuild)
        .arg(root.join("src/js/value/value.ts"))
        .args(["--bundle", "--format=esm", "--log-level=warning"])
        .arg(format!("--outfile={}", out.display()))
        .status();
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => {
            eprintln!("esbuild could not compile src/js/value/value.ts ({s})");
            exit(1);
        }
        Err(err) => {
            eprintln!(
                "{}: {err}; run `npm ci` at the repository root first",
                esbuild.display()
            );
            exit(1);
        }
    }
}
