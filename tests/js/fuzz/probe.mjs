// The shadow-stack probe: sees at once when a call let a JS exception unwind through wasm
// frames, or trapped (issue #14, item 1). Rust's wasm keeps a shadow stack in linear memory
// below a stack-pointer global; an exception or trap that unwinds through a wasm frame skips
// the frame's epilogue, so the pointer stays lower for the rest of the module's life (after
// about 1,500-3,600 such calls every call fails with "memory access out of bounds").
//
// The pointer is not exported, so the probe measures it: between calls no wasm frame is live,
// so the whole stack region is dead memory. The probe zeroes the region below the last
// measured bottom, makes one fixed call (`encodeCursor(1)`, whose frames have a fixed depth),
// and finds the lowest byte it wrote: that bottom moves down by exactly what leaked.
//
// It needs the module's memory, which the package does not export: `initSync()` of the
// wasm-bindgen glue returns the already-initialized instance's exports (the same module
// record as the package's own entry). It checks the layout first (stack first, data above
// it: the global and data sections of the .wasm) and stays off when that does not hold.
import { readFileSync } from "node:fs";
import { sections, readLeb, readSleb } from "../../../scripts/wasm-sections.mjs";

/** [stack top, first data address] from a .wasm file, or undefined when unreadable. */
function layout(bytes) {
  let top, lowestData = Infinity;
  for (const { id, body } of sections(bytes)) {
    let [n, p] = readLeb(bytes, body);
    if (id === 6) {
      // The first mutable i32 global initialized by a constant is the stack pointer.
      for (let i = 0; i < n && top === undefined; i++) {
        const type = bytes[p++], mutable = bytes[p++], op = bytes[p++];
        let v;
        if (op === 0x41) [v, p] = readSleb(bytes, p);
        while (bytes[p++] !== 0x0b);
        if (type === 0x7f && mutable === 1 && v !== undefined) top = v;
      }
    } else if (id === 11) {
      for (let i = 0; i < n; i++) {
        let flags, offset, size;
        [flags, p] = readLeb(bytes, p);
        if (flags !== 0 || bytes[p++] !== 0x41) return undefined;
        [offset, p] = readSleb(bytes, p);
        lowestData = Math.min(lowestData, offset);
        p++; // the `end` of the offset expression
        [size, p] = readLeb(bytes, p);
        p += size;
      }
    }
  }
  return top === undefined ? undefined : [top, lowestData];
}

const WINDOW = 64 * 1024;

/**
 * A probe for `lib` loaded from `pkgDir` (a file URL of the installed package's folder), or
 * a probe whose `leaked()` is always 0 when the module's layout is not the expected one.
 */
export async function stackProbe(lib, pkgDir) {
  const off = { enabled: false, why: "", leaked: () => 0 };
  let wasm, top;
  try {
    const found = layout(readFileSync(new URL("pagecursor_server_bg.wasm", pkgDir)));
    if (!found || found[1] < found[0] || found[0] % 4 !== 0) return { ...off, why: "not a stack-first layout" };
    top = found[0];
    const glue = await import(new URL("pagecursor.js", pkgDir).href);
    wasm = glue.initSync();
    if (!(wasm?.memory instanceof WebAssembly.Memory)) return { ...off, why: "no memory export" };
  } catch (err) {
    return { ...off, why: String(err) };
  }
  let last = top;
  const measure = () => {
    // Everything below the stack top is dead between calls; zero a window below the last
    // bottom, probe, and find the probe's lowest written word.
    let start = Math.max(0, last - WINDOW) & ~3;
    new Uint32Array(wasm.memory.buffer, start, (top - start) / 4).fill(0);
    lib.encodeCursor(1);
    let words = new Uint32Array(wasm.memory.buffer, start, (top - start) / 4);
    let i = 0;
    while (i < words.length && words[i] === 0) i++;
    if (i === 0 && start > 0) {
      // Moved more than the window: measure over the whole region.
      start = 0;
      new Uint32Array(wasm.memory.buffer, 0, top / 4).fill(0);
      lib.encodeCursor(1);
      words = new Uint32Array(wasm.memory.buffer, 0, top / 4);
      while (i < words.length && words[i] === 0) i++;
    }
    return start + i * 4;
  };
  last = measure();
  return {
    enabled: true,
    why: "",
    /** Bytes of shadow stack lost since the last call of leaked() (0 when none). */
    leaked() {
      let now;
      try {
        now = measure();
      } catch {
        return 0; // a broken module: the alive check reports it
      }
      const lost = last - now;
      last = now;
      return lost;
    },
  };
}
