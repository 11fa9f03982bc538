// The module's memory as the value module sees it: the bindings hand it over once
// (`setMemory`, again after a call re-entered from JS made a scratch buffer of its own), and
// then pass addresses, not slices, so no view object is made per call and nothing is copied
// through a JS array. A growth of the memory detaches the views; `mem()` renews them.

/** A WebAssembly.Memory, or anything with its `buffer` (the converter test gives a plain one). */
export interface Memory {
  readonly buffer: ArrayBufferLike;
}

import { DV, U8 } from "./intrinsics.js";

let memory: Memory | undefined;
let heap: Uint8Array = new U8(0);
/** The memory's bytes as a DataView and its buffer, valid after `mem()` until the next growth. */
export let heapView: DataView;
export let heapBuffer: ArrayBufferLike;

export function setMemory(m: Memory): void {
  memory = m;
  heap = new U8(0);
}

/** The memory's bytes, renewed when a growth detached the last view. */
export function mem(): Uint8Array {
  if (heap.byteLength === 0) {
    heapBuffer = memory!.buffer;
    heap = new U8(heapBuffer);
    heapView = new DV(heapBuffer);
  }
  return heap;
}
