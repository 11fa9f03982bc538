// What one codec call costs at the JS⇄wasm seam, counted rather than timed (issue 19, "profile
// first"): calls from JS into the wasm's exports, calls from the wasm into JS imports, the
// glue's string copies (TextDecoder#decode, TextEncoder#encodeInto) and the scratch
// allocations the glue asks the wasm for (`__wbindgen_malloc`/`__wbindgen_realloc`).
//
//   node bench/codec-crossings.mjs [path/to/pkg/node.js]
//
// Counting, not timing, so the figures are exact on any machine, however loaded: they say where
// a call's time can go, and `bench/run.sh` says how long it takes. It wraps WebAssembly.Instance
// before the package loads: the package itself is not changed.
import { KEYSET, KEYSET_STRINGS, DDB_KEY, DDB_LEK, SECRET } from "./workloads.mjs";

const counts = new Map();
const bump = (name) => counts.set(name, (counts.get(name) ?? 0) + 1);

const NativeInstance = WebAssembly.Instance;
// The glue instantiates once (pkg/node.js: initSync) and keeps `instance.exports`: wrap both
// directions of that one instance.
class CountingInstance extends NativeInstance {
  constructor(module, imports) {
    const wrapped = {};
    for (const [ns, fns] of Object.entries(imports ?? {})) {
      wrapped[ns] = {};
      for (const [name, fn] of Object.entries(fns)) {
        wrapped[ns][name] = typeof fn === "function"
          ? function (...args) {
              bump(`import ${name.replace(/^__wbg_|_[0-9a-f]{16}$/g, "")}`);
              return Reflect.apply(fn, this, args);
            }
          : fn;
      }
    }
    super(module, wrapped);
    const raw = super.exports;
    const exports = {};
    for (const [name, value] of Object.entries(raw)) {
      exports[name] = typeof value === "function"
        ? (...args) => {
            bump(name.startsWith("__wbindgen_") ? `alloc ${name}` : `export ${name}`);
            return Reflect.apply(value, undefined, args);
          }
        : value;
    }
    Object.defineProperty(this, "exports", { value: Object.freeze(exports) });
  }
}
WebAssembly.Instance = CountingInstance;
for (const [proto, method, label] of [
  [TextDecoder.prototype, "decode", "copy TextDecoder#decode (wasm → JS string)"],
  [TextEncoder.prototype, "encodeInto", "copy TextEncoder#encodeInto (JS string → wasm)"],
  [TextEncoder.prototype, "encode", "copy TextEncoder#encode"],
]) {
  const native = proto[method];
  proto[method] = function (...args) {
    bump(label);
    return Reflect.apply(native, this, args);
  };
}

const entry = process.argv[2] ? new URL(process.argv[2], `file://${process.cwd()}/`).href : "pagecursor";
const pc = await import(entry);

const signed = new pc.CursorCodec({ keys: [{ id: "k1", secret: SECRET }] });
const tokens = {
  plain: (v) => pc.encodeCursor(v),
  signed: (v) => signed.encode(v),
};
const calls = [];
for (const [label, value] of [
  ["keyset {createdAt: Date, id: number}", KEYSET],
  ["keyset of strings", KEYSET_STRINGS],
  ["DynamoDB key {PK, SK}", DDB_KEY],
  ["DynamoDB LastEvaluatedKey (4 keys)", DDB_LEK],
]) {
  const plain = tokens.plain(value);
  const mac = tokens.signed(value);
  calls.push([`encodeCursor, ${label}`, () => pc.encodeCursor(value)]);
  calls.push([`decodeCursor, ${label}`, () => pc.decodeCursor(plain)]);
  calls.push([`signed encode, ${label}`, () => signed.encode(value)]);
  calls.push([`signed decode, ${label}`, () => signed.decode(mac)]);
}

const N = 100; // calls per row: the counts are per call, averaged (the first call may differ)
const rows = [];
for (const [label, call] of calls) {
  call(); // warm: one-time work (the glue's cached views) is not per call
  counts.clear();
  for (let i = 0; i < N; i++) call();
  const per = [...counts].map(([k, v]) => [k, v / N]);
  const sum = (prefix) => per.filter(([k]) => k.startsWith(prefix)).reduce((a, [, v]) => a + v, 0);
  rows.push({ label, exports: sum("export "), imports: sum("import "), copies: sum("copy "), allocs: sum("alloc "), detail: per });
}

console.log("| call | JS → wasm | wasm → JS | string copies | glue allocations |\n|---|--:|--:|--:|--:|");
for (const r of rows) console.log(`| ${r.label} | ${r.exports} | ${r.imports} | ${r.copies} | ${r.allocs} |`);
console.log("\nPer call, by name:");
for (const r of rows) console.log(`- ${r.label}: ${r.detail.map(([k, v]) => `${k} ×${v}`).join(", ")}`);
