// The first vertical slice, through the package exactly as a consumer installs it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeCursor, decodeCursor, CursorError, PaginationError } from "pagecursor";

test("plain cursors round-trip JSON-like values as URL-safe base64url", () => {
  const values = [null, true, false, 0, -1.5, "héllo 🌍", [1, "a", null], { b: 1, a: [true, { c: "d" }] }];
  for (const value of values) {
    const token = encodeCursor(value);
    assert.match(token, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeCursor(token).value, value);
  }
});

test("decoded cursors have a direction and undefined optional fields", () => {
  const cursor = decodeCursor(encodeCursor({ id: 1 }));
  assert.equal(cursor.direction, "after");
  for (const field of ["issuedAt", "expiresAt", "keyId", "segment"]) {
    assert.equal(cursor[field], undefined, field);
  }
});

test("bad input is a CursorError with a stable code", () => {
  const bad = ["", "AQ==", "a+b/", "a b", "%%%", "A".repeat(100_000), 42, null, undefined, {}, Symbol("x")];
  for (const input of bad) {
    assert.throws(
      () => decodeCursor(input),
      (err) => err instanceof CursorError && err instanceof Error && err.name === "CursorError" && typeof err.code === "string",
      String(typeof input === "symbol" ? "symbol" : input).slice(0, 20),
    );
  }
});

test("a thousand bad inputs leave the module working", () => {
  let thrown = 0;
  for (let i = 0; i < 1000; i++) {
    const junk = Buffer.from(String(i * 7919)).toString("base64url") + "!".repeat(i % 3);
    try {
      decodeCursor(junk);
    } catch (err) {
      assert.ok(err instanceof CursorError, String(err));
      thrown++;
    }
  }
  assert.ok(thrown > 900, `only ${thrown} rejections`);
  assert.deepEqual(decodeCursor(encodeCursor({ still: "works" })).value, { still: "works" });
});

test("error classes are exported and constructible", () => {
  const err = new PaginationError("repeated_token", "same token twice", { resumeToken: "abc" });
  assert.equal(err.name, "PaginationError");
  assert.equal(err.code, "repeated_token");
  assert.equal(err.resumeToken, "abc");
  assert.ok(err instanceof Error);
});
