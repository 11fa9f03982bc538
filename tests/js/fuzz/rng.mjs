// A seeded, deterministic random source for the boundary fuzzer. Every iteration gets its own
// generator, derived from the seed text and the iteration number, so that one iteration can be
// replayed alone (`FUZZ_SEED=<seed> FUZZ_ONLY=<iteration>`) and gives the same input as in the
// full run.

/** 128 bits of state from a text (cyrb128). */
function hash(text) {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/** The generator of one iteration: sfc32 over the hash of `seed:iteration`. */
export function rngFor(seed, iteration) {
  let [a, b, c, d] = hash(`${seed}:${iteration}`);
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const rng = {
    /** A float in [0, 1). */
    float: next,
    /** An integer in [0, n). */
    int: (n) => Math.floor(next() * n),
    /** True with probability p. */
    chance: (p) => next() < p,
    /** One element of a list. */
    pick: (list) => list[Math.floor(next() * list.length)],
    /** One of several weighted choices: [[weight, value], ...]. */
    weighted(pairs) {
      let total = 0;
      for (const [w] of pairs) total += w;
      let r = next() * total;
      for (const [w, v] of pairs) {
        if ((r -= w) < 0) return v;
      }
      return pairs[pairs.length - 1][1];
    },
    /** Random bytes. */
    bytes(n) {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = Math.floor(next() * 256);
      return out;
    },
    /** A random hex text of n digits. */
    hex(n) {
      let s = "";
      for (let i = 0; i < n; i++) s += "0123456789abcdef"[Math.floor(next() * 16)];
      return s;
    },
  };
  return rng;
}
