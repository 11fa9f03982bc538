// Issue #16, "Invalid scope at decode": a decode scope that is no cursor value (a lone
// surrogate, 65 levels deep, a bigint beyond 64 bits) is `unsupported_value` at the scope step
// of docs/cursor-format.md §7 (step 9), after the token was read and authenticated, as the
// Rust decoder does (crates/pagecursor/tests/codec_scope_order.rs): an earlier step's error wins, and the scope
// step comes before the time step. It used to be reported before the token was parsed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CursorCodec, CursorError, decodeCursor, encodeCursor } from "pagecursor";

const deep = (levels) => {
  let v = 1;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};
const BAD = { "lone surrogate": "\ud800", "65 levels": deep(65), "bigint 2^64": 2n ** 64n };

function code(fn) {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof CursorError, String(err));
    return err.code;
  }
  return "ok";
}

test("an invalid decode scope is unsupported_value at step 9, after the token's own errors", () => {
  let clock = Date.UTC(2026, 0, 1);
  const signed = new CursorCodec({ keys: [{ id: "k1", secret: "first secret" }], now: () => clock });
  const other = new CursorCodec({ keys: [{ id: "k9", secret: "another secret" }] });
  const token = signed.encode(7);
  const scoped = signed.encode(7, { scope: "q" });
  const expiring = signed.encode(7, { ttl: 1 });
  const forged = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
  for (const [what, scope] of Object.entries(BAD)) {
    const s = { scope };
    // 64 levels are a value: only the scope differs.
    assert.equal(code(() => decodeCursor(encodeCursor(1), { scope: deep(64) })), "scope_mismatch");
    // Steps 1-8 first.
    assert.equal(code(() => decodeCursor(42, s)), "malformed", what);
    assert.equal(code(() => decodeCursor("A".repeat(5000), s)), "too_large", what);
    assert.equal(code(() => decodeCursor("not*base64", s)), "malformed", what);
    assert.equal(code(() => decodeCursor("Ag", s)), "unsupported_version", what);
    assert.equal(code(() => decodeCursor(token, s)), "unknown_key", what);
    assert.equal(code(() => other.decode(token, s)), "unknown_key", what);
    assert.equal(code(() => signed.decode(forged, s)), "bad_signature", what);
    // Then the scope step: an authentic token, scoped or not.
    assert.equal(code(() => signed.decode(token, s)), "unsupported_value", what);
    assert.equal(code(() => signed.decode(scoped, s)), "unsupported_value", what);
    assert.equal(code(() => decodeCursor(encodeCursor(1), s)), "unsupported_value", what);
    // Step 9 before step 10: expired, but the scope is judged first.
    clock += 10_000;
    assert.equal(code(() => signed.decode(expiring)), "expired", what);
    assert.equal(code(() => signed.decode(expiring, s)), "unsupported_value", what);
    clock -= 10_000;
  }
});
