// Runs the boundary suite against a loaded package (`lib`): every case with a module-still-
// alive check after it, then every poisoning class many times in a row. Shared by Node and
// Chromium; returns plain rows that both test files assert on.
import { AREAS } from "./index.mjs";
import { classify, sanity, settle } from "../hostile.mjs";

/** A guard, not a timing assertion: a case that never settles is reported as "hang". */
const HANG_MS = 5000;

async function alive(lib) {
  try {
    await sanity(lib);
    return "ok";
  } catch (err) {
    return `module broken: ${classify(lib, err)} ${err?.message ?? ""}`;
  }
}

/** Every case of every area: `{ area, name, expected, got, after, status }`. */
export async function runCases(lib, only) {
  const rows = [];
  for (const [area, mod] of Object.entries(AREAS)) {
    if (only && !only.includes(area)) continue;
    for (const [name, expected, call] of mod.cases(lib)) {
      const accept = Array.isArray(expected) ? expected : [expected];
      const got = await settle(lib, call, HANG_MS);
      const after = await alive(lib);
      const status = after === "ok" && accept.includes(got) ? "ok" : "fail";
      rows.push({ area, name, expected: accept.join(" | "), got, after, status });
    }
  }
  return rows;
}

/**
 * Every poisoning class, `calls` times each (synchronous calls back to back; async ones
 * awaited one by one): `{ area, name, calls, failures, first, after, status }`, where
 * `failures` counts calls whose outcome is not the expected one and `first` is the first
 * outcome.
 */
export async function runPoisons(lib, calls, only) {
  const rows = [];
  for (const [area, mod] of Object.entries(AREAS)) {
    if (only && !only.includes(area)) continue;
    for (const [name, expected, call] of mod.poisons(lib)) {
      const accept = Array.isArray(expected) ? expected : [expected];
      let failures = 0;
      let first;
      for (let i = 0; i < calls; i++) {
        let got;
        try {
          const r = call();
          if (r && typeof r.then === "function") await r;
          got = "ok";
        } catch (err) {
          got = classify(lib, err);
        }
        first ??= got;
        if (!accept.includes(got)) {
          failures++;
          if (got.startsWith("WebAssembly")) break;
        }
      }
      const after = await alive(lib);
      rows.push({ area, name, expected: accept.join(" | "), calls, failures, first, after, status: failures === 0 && after === "ok" ? "ok" : "fail" });
    }
  }
  return rows;
}
