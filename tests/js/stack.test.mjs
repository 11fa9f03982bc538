// CursorStack through the installed package: navigation, eviction, serialization.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { CursorStack, CursorCodec, CursorError, PaginationError } from "pagecursor";

const isBadPage = (err) => err instanceof PaginationError && err.code === "bad_page";

test("forward, back and forward again reuse recorded tokens", () => {
  const s = new CursorStack();
  assert.equal(s.page, 1);
  assert.equal(s.current, undefined);
  assert.equal(s.hasNext, false);
  assert.equal(s.hasPrevious, false);
  s.record("t2");
  assert.equal(s.hasNext, true);
  assert.equal(s.forward(), "t2");
  assert.equal(s.forward("t3"), "t3");
  assert.equal(s.page, 3);
  assert.equal(s.current, "t3");
  assert.equal(s.hasPrevious, true);
  assert.equal(s.hasNext, false);
  assert.equal(s.back(), "t2");
  assert.equal(s.back(), undefined); // page 1's token
  assert.equal(s.page, 1);
  assert.equal(s.hasPrevious, false);
  assert.equal(s.back(), undefined);
  assert.equal(s.page, 1);
  assert.equal(s.forward(), "t2");
  assert.equal(s.forward(), "t3");
  assert.equal(s.page, 3);
});

test("absent next tokens mark the end; forward past it is bad_page", () => {
  for (const end of [undefined, null, "", {}]) {
    const s = new CursorStack();
    s.forward("a");
    s.record(end);
    assert.equal(s.hasNext, false, String(end));
    assert.throws(() => s.forward(), isBadPage);
    assert.equal(s.page, 2);
  }
  // Not recorded yet is "unknown", also not a next page.
  assert.throws(() => new CursorStack().forward(), isBadPage);
});

test("tokens are arbitrary cursor values such as LastEvaluatedKey objects", () => {
  const lek = { pk: { S: "user#1" }, sk: { N: "42" } };
  const s = new CursorStack();
  assert.deepEqual(s.forward(lek), lek);
  assert.deepEqual(s.current, lek);
  s.forward(123n);
  assert.equal(s.current, 123n);
  assert.throws(() => s.record(() => 1), (e) => e instanceof CursorError && e.code === "unsupported_value");
  assert.throws(() => s.forward(new Map()), (e) => e instanceof CursorError && e.code === "unsupported_value");
});

test("a changed next token on refetch truncates the recorded future", () => {
  const s = new CursorStack();
  s.forward("a");
  s.forward("b");
  s.forward("c");
  s.goTo(2);
  s.record("b"); // unchanged: pages 3 and 4 stay reachable
  assert.equal(s.goTo(4), "c");
  s.goTo(2);
  s.record("B");
  assert.throws(() => s.goTo(3), isBadPage);
  assert.equal(s.hasNext, true);
  assert.equal(s.forward(), "B");
  assert.equal(s.page, 3);
});

test("goTo visits visited pages only; bad arguments are RangeError/TypeError", () => {
  const s = new CursorStack();
  s.forward("a");
  s.forward("b");
  assert.equal(s.goTo(1), undefined);
  assert.equal(s.page, 1);
  assert.equal(s.goTo(3), "b");
  assert.throws(() => s.goTo(4), isBadPage);
  for (const bad of [0, -1, 1.5, NaN, Infinity]) assert.throws(() => s.goTo(bad), RangeError, String(bad));
  assert.throws(() => s.goTo("2"), TypeError);
  assert.equal(s.page, 3);
});

test("maxDepth keeps the N most recent pages; page numbers keep counting", () => {
  const s = new CursorStack({ maxDepth: 2 });
  for (const t of ["a", "b", "c", "d"]) s.forward(t);
  assert.equal(s.page, 5);
  assert.equal(s.hasPrevious, true);
  assert.equal(s.back(), "c");
  assert.equal(s.page, 4);
  // Page 3's token was evicted: back() cannot return it.
  assert.equal(s.hasPrevious, false);
  assert.equal(s.back(), undefined);
  assert.equal(s.page, 4);
  assert.throws(() => s.goTo(1), isBadPage);
  assert.throws(() => s.goTo(3), isBadPage);
  assert.equal(s.goTo(5), "d");
  assert.throws(() => new CursorStack({ maxDepth: 0 }), RangeError);
});

test("reset starts over and may change the scope", () => {
  const s = new CursorStack({ scope: { q: "a" } });
  s.forward("x");
  s.reset({ q: "b" });
  assert.equal(s.page, 1);
  assert.equal(s.current, undefined);
  assert.equal(s.hasNext, false);
  const state = s.toString();
  assert.equal(CursorStack.from(state, { scope: { q: "b" } }).page, 1);
});

test("toString/from restore the position, URL-safe", () => {
  const s = new CursorStack({ maxDepth: 10 });
  s.forward({ id: 1n, at: new Date(5) });
  s.forward("p3");
  s.record("p4");
  s.back();
  const state = s.toString();
  assert.match(state, /^[A-Za-z0-9_-]+$/);
  assert.equal(JSON.stringify({ s }), JSON.stringify({ s: state }));
  const r = CursorStack.from(state);
  assert.equal(r.page, 2);
  assert.deepEqual(r.current, { id: 1n, at: new Date(5) });
  assert.equal(r.hasNext, true);
  assert.equal(r.hasPrevious, true);
  assert.equal(r.maxDepth, 10);
  assert.equal(r.forward(), "p3");
  assert.equal(r.forward(), "p4");
  assert.equal(r.page, 4);
});

test("state is capped only by the codec's maxLength", () => {
  const big = new CursorCodec({ maxLength: 1_000_000 });
  const s = new CursorStack({ codec: big });
  // Tokens with nothing in common (hex digests): the state cannot share their bytes.
  const token = (i) => createHash("sha256").update(String(i)).digest("hex").slice(0, 29);
  for (let i = 0; i < 1000; i++) s.forward(token(i));
  const state = s.toString();
  assert.ok(state.length > 20_000);
  const r = CursorStack.from(state, { codec: big });
  assert.equal(r.page, 1001);
  assert.equal(r.goTo(1), undefined);
  assert.equal(r.forward(), token(0));
  const small = new CursorCodec({ maxLength: 200 });
  const t = new CursorStack({ codec: small });
  for (let i = 0; i < 30; i++) t.forward(`token-${i}`);
  assert.throws(() => t.toString(), (e) => e instanceof CursorError && e.code === "too_large");
});

// DRF CursorPagination's next URL for a `-created` ordering, as DRF makes it: standard base64
// of "p=<position>", URL-escaped. 128 characters.
function drfUrl(us) {
  const iso = new Date(Math.floor(us / 1000)).toISOString();
  const position = `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${String(us % 1e6).padStart(6, "0")}+00:00`;
  const q = (s) => encodeURIComponent(s).replace(/%20/g, "+");
  const cursor = Buffer.from(`p=${q(position)}`).toString("base64");
  return `https://api.example.com/v1/merchants/204711/orders/?cursor=${q(cursor)}&page_size=50`;
}

test("50 pages of 128-character next URLs: a signed state of at most 2,000 characters that restores and goes back to page 1 exactly", () => {
  const codec = new CursorCodec({ keys: [{ id: "k1", secret: "a long random secret from your secret store" }] });
  const scope = { table: "orders", status: "open" };
  const stack = new CursorStack({ codec, scope, maxDepth: 50 });
  const urls = [];
  let us = Date.UTC(2026, 4, 1, 12) * 1000;
  for (let page = 2; page <= 50; page++) {
    us -= 60e6 + ((page * 7_919_123) % 600e6);
    const url = drfUrl(us);
    assert.equal(url.length, 128);
    urls.push(url);
    stack.record(url);
    assert.equal(stack.forward(), url);
  }
  stack.record(drfUrl(us - 90e6)); // page 50 says what page 51 is
  const state = stack.toString();
  assert.ok(state.length <= 2000, `${state.length} characters`);
  const restored = CursorStack.from(state, { codec, scope });
  assert.equal(restored.page, 50);
  assert.equal(restored.hasNext, true);
  assert.equal(restored.current, urls.at(-1));
  for (let page = 49; page >= 1; page--) {
    assert.equal(restored.back(), page === 1 ? undefined : urls[page - 2]);
    assert.equal(restored.page, page);
  }
  assert.equal(restored.hasPrevious, false);
  assert.equal(restored.goTo(50), urls.at(-1));
  assert.equal(restored.forward(), drfUrl(us - 90e6));
  // Changed anywhere, it is refused; restored with another scope, too.
  for (const i of [5, state.length >> 1, state.length - 2]) {
    const edited = state.slice(0, i) + (state[i] === "A" ? "B" : "A") + state.slice(i + 1);
    assert.throws(() => CursorStack.from(edited, { codec, scope }), (e) => e instanceof CursorError && ["bad_signature", "malformed", "unknown_key"].includes(e.code));
  }
  assert.throws(() => CursorStack.from(state, { codec, scope: { table: "orders" } }), (e) => e instanceof CursorError && e.code === "scope_mismatch");
});

test("version 1 states written by an earlier build restore exactly (tests/stack-v1-states.json)", () => {
  const { states } = JSON.parse(readFileSync(new URL("../stack-v1-states.json", import.meta.url), "utf8"));
  assert.equal(states.length, 3);
  for (const { name, codec: c, scope, state, expect } of states) {
    const codec = c.keys ? new CursorCodec({ keys: c.keys.map((k) => ({ id: k.id, secret: Buffer.from(k.secret_hex, "hex") })) }) : undefined;
    const stack = CursorStack.from(state, { codec, scope });
    assert.equal(stack.page, expect.page, name);
    assert.equal(stack.hasNext, expect.hasNext, name);
    assert.equal(stack.hasPrevious, expect.hasPrevious, name);
    assert.equal(stack.maxDepth, expect.maxDepth ?? undefined, name);
    const oldest = expect.oldest ?? 1;
    for (let i = 0; i < expect.tokens.length; i++) {
      const page = oldest + i;
      const copy = CursorStack.from(state, { codec, scope });
      let got;
      try {
        got = copy.goTo(page);
      } catch (err) {
        // Past the furthest page: the token is the furthest page's next token.
        assert.ok(err instanceof PaginationError && i === expect.tokens.length - 1, `${name}: page ${page}`);
        copy.goTo(page - 1);
        got = copy.forward();
      }
      assert.deepEqual(got, expect.tokens[i] ?? undefined, `${name}: page ${page}`);
    }
    // Written again it is the compact version, and it restores to the same position.
    const again = stack.toString();
    assert.notEqual(again, state);
    const back = CursorStack.from(again, { codec, scope });
    assert.equal(back.page, stack.page);
    assert.deepEqual(back.current, stack.current);
  }
});

test("a hostile state is a CursorError, never another error", () => {
  const s = new CursorStack();
  for (let i = 0; i < 8; i++) s.forward(`https://api.example.com/items?after=${i * 37}&limit=20`);
  s.record({ pk: { S: "a" } });
  const state = s.toString();
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let seed = 42;
  const random = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  let restored = 0;
  for (let round = 0; round < 2000; round++) {
    let edited = state;
    for (let k = 1 + random(3); k > 0; k--) {
      const i = random(edited.length);
      const c = alphabet[random(64)];
      edited = [edited.slice(0, i) + c + edited.slice(i + 1), edited.slice(0, i) + c + edited.slice(i), edited.slice(0, i) + edited.slice(i + 1)][random(3)];
    }
    try {
      const r = CursorStack.from(edited);
      // Accepted: then its own state re-reads.
      assert.equal(CursorStack.from(r.toString()).page, r.page);
      restored++;
    } catch (err) {
      assert.ok(err instanceof CursorError, `${edited}: ${err}`);
    }
  }
  assert.ok(restored < 2000);
});

test("malformed, tampered and other-scope state is a CursorError", () => {
  const s = new CursorStack({ scope: "q1" });
  s.forward("a");
  const state = s.toString();
  for (const bad of ["", "!!!", "AAAA", 42, null, state.slice(0, -3)]) {
    assert.throws(() => CursorStack.from(bad, { scope: "q1" }), CursorError, String(bad));
  }
  assert.throws(
    () => CursorStack.from(state, { scope: "q2" }),
    (e) => e instanceof CursorError && e.code === "scope_mismatch",
  );
});

test("a signing codec signs the state: any change is rejected", () => {
  const codec = new CursorCodec({ keys: [{ id: "k1", secret: "a very secret secret of 32 bytes!" }] });
  const s = new CursorStack({ codec, scope: "feed" });
  s.forward("a");
  s.forward("b");
  const state = s.toString();
  assert.equal(CursorStack.from(state, { codec, scope: "feed" }).page, 3);
  const flipped = state.slice(0, -2) + (state.at(-2) === "A" ? "B" : "A") + state.at(-1);
  assert.throws(
    () => CursorStack.from(flipped, { codec, scope: "feed" }),
    (e) => e instanceof CursorError && e.code === "bad_signature",
  );
  // A plain state handed to the signing codec: no downgrade.
  assert.throws(() => CursorStack.from(new CursorStack({ scope: "feed" }).toString(), { codec, scope: "feed" }), CursorError);
});

test("random walks agree with a naive model (hasPrevious exactly when back() moves)", () => {
  // A small deterministic PRNG so that a failure can be replayed.
  let seed = 12345;
  const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const tokens = ["a", "b", "c", { k: 1 }, undefined, null, ""];
  for (let walk = 0; walk < 200; walk++) {
    const depth = rand(4) === 0 ? undefined : 1 + rand(4);
    const s = new CursorStack({ maxDepth: depth });
    // Model: all[i] fetches page i + 1; pages below `oldest` are evicted.
    let m = { page: 1, oldest: 1, all: [undefined], tail: "unknown" };
    const present = (t) => t !== undefined && t !== null && t !== "";
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    const record = (t) => {
      if (m.page < m.all.length) {
        if (present(t) && same(t, m.all[m.page])) return;
        m.all.length = m.page;
      }
      m.tail = present(t) ? { t } : "end";
    };
    for (let step = 0; step < 40; step++) {
      const op = rand(6);
      const t = tokens[rand(tokens.length)];
      if (op === 0) {
        s.record(t);
        record(t);
      } else if (op <= 2) {
        const give = rand(2) === 0;
        // forward(undefined) is "no token given", not "the end" (docs/cursor-stack.md).
        if (give && t !== undefined) record(t);
        let expected;
        if (m.page < m.all.length) expected = m.all[m.page++];
        else if (typeof m.tail === "object") {
          m.all.push(m.tail.t);
          m.page++;
          m.tail = "unknown";
          if (depth) m.oldest = Math.max(m.oldest, m.all.length - depth + 1);
          expected = m.all[m.page - 1];
        } else expected = PaginationError;
        if (expected === PaginationError) assert.throws(() => (give ? s.forward(t) : s.forward()), PaginationError);
        else assert.deepEqual(give ? s.forward(t) : s.forward(), expected);
      } else if (op === 3) {
        const before = s.page;
        const had = s.hasPrevious;
        const got = s.back();
        assert.equal(s.page < before, had);
        if (m.page > m.oldest) assert.deepEqual(got, m.all[--m.page - 1]);
        else assert.equal(got, undefined);
      } else if (op === 4) {
        const p = 1 + rand(8);
        if (p >= m.oldest && p <= m.all.length) {
          m.page = p;
          assert.deepEqual(s.goTo(p), m.all[p - 1]);
        } else assert.throws(() => s.goTo(p), PaginationError);
      } else {
        const r = CursorStack.from(s.toString());
        assert.equal(r.page, s.page);
        assert.equal(r.hasNext, s.hasNext);
      }
      assert.equal(s.page, m.page);
      assert.deepEqual(s.current, m.all[m.page - 1]);
      assert.equal(s.hasPrevious, m.page > m.oldest);
      assert.equal(s.hasNext, m.page < m.all.length || typeof m.tail === "object");
    }
  }
});
