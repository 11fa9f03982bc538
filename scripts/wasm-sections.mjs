// The little of the WebAssembly binary format that the build's module edits need
// (scripts/import-names.mjs): LEB128 numbers, names, a walk over
// a module's sections (also read by tests/js/module-parts.mjs and the fuzzer's stack probe,
// tests/js/fuzz/probe.mjs), and one that rebuilds it with some sections replaced.

/** The unsigned LEB128 number at `at` of `bytes`: `[value, the offset after it]`. */
export function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return [value, at];
  }
}

/**
 * The signed LEB128 number at `at` of `bytes` (an `i32.const`, a data segment's offset), up to
 * 32 bits: `[value, the offset after it]`.
 */
export function readSleb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  if (shift < 32 && byte & 0x40) value |= -1 << shift;
  return [value, at];
}

/** `n` as unsigned LEB128. */
export function leb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}

/** A name as the binary format writes it: its UTF-8 length, then its bytes. */
export const nameBytes = (s) => Buffer.concat([leb(Buffer.byteLength(s)), Buffer.from(s)]);

/** The name at `at` of `bytes`: `[name, the offset after it]`. */
export function readName(bytes, at) {
  const [length, start] = readLeb(bytes, at);
  return [bytes.toString("utf8", start, start + length), start + length];
}

/** The sections of the module `bytes`, in order: `{ id, start, body, end }` (offsets). */
export function* sections(bytes) {
  for (let start = 8; start < bytes.length; ) {
    const id = bytes[start];
    const [size, body] = readLeb(bytes, start + 1);
    yield { id, start, body, end: body + size };
    start = body + size;
  }
}

/**
 * The module `bytes` with each section that `edit(id, bodyStart, end)` answers a new body for
 * (a Buffer) replaced by it; `undefined` keeps the section as it is.
 */
export function rewriteSections(bytes, edit) {
  const parts = [bytes.subarray(0, 8)];
  for (const { id, start, body, end } of sections(bytes)) {
    const replaced = edit(id, body, end);
    parts.push(replaced === undefined ? bytes.subarray(start, end) : Buffer.concat([Buffer.from([id]), leb(replaced.length), replaced]));
  }
  return Buffer.concat(parts);
}
