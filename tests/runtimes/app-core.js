// The one check every target of the runtimes matrix runs: Node, worker_threads, Deno, Bun, each
// bundler's browser build, the import-map page, the module Web Worker and the workerd worker.
// It takes the imported package namespace as an argument, so that every app does its own
// `import * as pagecursor from "pagecursor"` and the target's own resolution is what is tested;
// this file imports nothing and runs unbundled too.

/** Runs every check; resolves to { ok, checks: [{ name, status, detail }] }. Never throws. */
export async function runChecks(pc, { fetchBase, fetchImpl = globalThis.fetch } = {}) {
  const checks = [];
  const run = async (name, fn) => {
    try {
      await fn();
      checks.push({ name, status: "pass" });
    } catch (err) {
      checks.push({ name, status: "fail", detail: describe(err) });
    }
  };

  // No entry has top-level await: `ready` is a promise (already resolved where the runtime
  // instantiates synchronously), and synchronous calls wait for it.
  await run("ready", async () => {
    if (!(pc.ready instanceof Promise)) throw new Error("the entry exports no ready promise");
    if (pc.init() !== pc.ready) throw new Error("init() does not return ready");
    await pc.ready;
  });
  await run("plain round-trip", () => plainRoundTrip(pc));
  await run("typed errors", () => typedErrors(pc));
  await run("signed codec", () => signedCodec(pc));
  await run("sealed codec", () => sealedCodec(pc));
  await run("paginate (for await)", () => paginateInMemory(pc));
  await run("keyset pages and cursor stack", () => keysetAndStack(pc));
  if (fetchBase) await run("paginate over fetch (Link header)", () => paginateLink(pc, fetchBase, fetchImpl));

  return { ok: checks.every((c) => c.status === "pass"), checks };
}

// Values whose type a JSON round-trip would lose: bigint, Date, bytes, -0, key order, Unicode.
const SAMPLE = {
  z: "Zoë 🌍",
  a: 9007199254740993n,
  at: new Date(1714566896789),
  bytes: new Uint8Array([0, 1, 254, 255]),
  list: [true, null, -0, 1.5, { b: 2, a: 1 }],
};

function plainRoundTrip(pc) {
  const token = pc.encodeCursor(SAMPLE);
  check(/^[A-Za-z0-9_-]+$/.test(token), `token is not base64url: ${token}`);
  const cursor = pc.decodeCursor(token);
  strictEqual(cursor.value, SAMPLE, "value");
  check(cursor.direction === "after", `direction ${cursor.direction}`);
  for (const field of ["issuedAt", "expiresAt", "keyId", "segment"]) {
    check(cursor[field] === undefined, `${field} is ${String(cursor[field])}, expected undefined`);
  }
  const before = pc.decodeCursor(pc.encodeCursor({ id: 7 }, { direction: "before" }));
  check(before.direction === "before", `direction ${before.direction}, expected before`);
}

function typedErrors(pc) {
  for (const bad of ["", "not a token!", null]) {
    expectCursorError(pc, () => pc.decodeCursor(bad), ["malformed"]);
  }
  expectCursorError(pc, () => pc.encodeCursor({ f: () => 1 }), ["unsupported_value"]);
  const err = new pc.PaginationError("repeated_token", "same token twice", { resumeToken: "r" });
  check(err instanceof Error && err.name === "PaginationError" && err.code === "repeated_token", "PaginationError shape");
}

const KEYS = [{ id: "k1", secret: "a secret of at least thirty-two bytes!" }];

function signedCodec(pc) {
  const codec = new pc.CursorCodec({ keys: KEYS });
  const scope = { q: "orders", status: "open" };
  const token = codec.encode(SAMPLE, { scope });
  check(/^[A-Za-z0-9_-]+$/.test(token), `token is not base64url: ${token}`);
  const cursor = codec.decode(token, { scope });
  strictEqual(cursor.value, SAMPLE, "value");
  check(cursor.keyId === "k1", `keyId ${cursor.keyId}`);
  const codes = ["bad_signature", "malformed", "unsupported_version", "unknown_key"];
  const mid = token.length >> 1;
  const flipped = token.slice(0, mid) + (token[mid] === "A" ? "B" : "A") + token.slice(mid + 1);
  expectCursorError(pc, () => codec.decode(flipped, { scope }), codes);
  expectCursorError(pc, () => codec.decode(token, { scope: { q: "orders", status: "closed" } }), ["scope_mismatch"]);
  expectCursorError(pc, () => codec.decode(pc.encodeCursor(SAMPLE), { scope }), codes);
  const other = new pc.CursorCodec({ keys: [{ id: "k2", secret: "another secret of thirty-two bytes!!" }] });
  expectCursorError(pc, () => other.decode(token, { scope }), ["unknown_key"]);
}

function sealedCodec(pc) {
  const codec = new pc.CursorCodec({ keys: KEYS, mode: "sealed" });
  const secret = { owner: "visible-only-to-the-server" };
  const token = codec.encode(secret);
  const raw = base64urlToBytes(token);
  check(!latin1(raw).includes("visible-only-to-the-server"), "a sealed token shows its plaintext");
  strictEqual(codec.decode(token).value, secret, "value");
}

async function paginateInMemory(pc) {
  const sent = [];
  const fetchPage = async (token, ctx) => {
    sent.push(token);
    check(ctx && typeof ctx.attempt === "number" && ctx.signal, "fetchPage got no ctx");
    const n = token ?? 0;
    return { items: [n * 10, n * 10 + 1], next: n < 3 ? n + 1 : undefined };
  };
  const pages = [];
  const walk = pc.paginate(fetchPage, { items: "items", next: "next" });
  for await (const page of walk) pages.push(page.items.join("+"));
  check(pages.join("|") === "0+1|10+11|20+21|30+31", `pages ${pages.join("|")}`);
  check(sent.join(",") === ",1,2,3" && sent[0] === undefined, `tokens sent ${sent.map(String)}`);
  check(walk.stopReason === "end" && walk.resumeToken === undefined, `stopReason ${walk.stopReason}`);

  // A break keeps a resumeToken from which a second paginator yields exactly the rest.
  const first = pc.paginate(fetchPage, { items: "items", next: "next", maxItems: 3 });
  const head = await first.toArray();
  check(typeof first.resumeToken === "string", "no resumeToken after maxItems");
  const rest = await pc.paginate(fetchPage, { items: "items", next: "next", resumeToken: first.resumeToken }).toArray();
  check([...head, ...rest].join(",") === "0,1,10,11,20,21,30,31", `resumed ${head} + ${rest}`);
}

function keysetAndStack(pc) {
  const rows = Array.from({ length: 7 }, (_, i) => ({ at: new Date(Date.UTC(2026, 0, 1 + (i >> 1))), id: 10 + i }));
  const codec = new pc.CursorCodec({ keys: KEYS });
  const scope = { table: "rows" };
  const ids = [];
  let after;
  let pages = 0;
  do {
    const page = pc.paginateKeyset(rows, { keys: ["at", "id"], after, limit: 3, codec, scope });
    ids.push(...page.items.map((r) => r.id));
    after = page.nextCursor;
    pages++;
  } while (after !== undefined && pages < 10);
  check(ids.join() === "10,11,12,13,14,15,16" && pages === 3, `keyset walk ${ids} in ${pages} pages`);

  const stack = new pc.CursorStack();
  stack.record("token-2");
  check(stack.hasNext && stack.forward() === "token-2" && stack.page === 2, `forward: page ${stack.page}`);
  stack.back();
  check(stack.page === 1 && stack.current === undefined, `back: page ${stack.page}`);
}

// GitHub-style API served by tests/runtimes/server.mjs: a JSON array per page, `Link: <…>; rel="next"`.
async function paginateLink(pc, base, fetchImpl) {
  const urls = [];
  const walk = pc.paginate(
    (url, { signal }) => {
      urls.push(url);
      return fetchImpl(url ?? new URL("api/repos?per_page=4", base).href, { signal });
    },
    { preset: "link" },
  );
  const names = [];
  for await (const repo of walk.items()) names.push(repo.name);
  check(names.length === 10 && names[9] === "repo-9", `items ${names}`);
  check(urls.length === 3 && urls[0] === undefined && /page=3/.test(urls[2]), `urls ${urls}`);
}

function expectCursorError(pc, fn, codes) {
  let thrown;
  try {
    fn();
  } catch (err) {
    thrown = err;
  }
  check(thrown !== undefined, `no error thrown, expected ${codes.join("|")}`);
  check(thrown instanceof pc.CursorError && thrown instanceof Error, `not a CursorError: ${describe(thrown)}`);
  check(thrown.name === "CursorError" && codes.includes(thrown.code), `code ${thrown.code}, expected ${codes.join("|")}`);
}

/** Deep equality that also compares types: bigint vs number, Date, Uint8Array, -0, key order. */
function strictEqual(actual, expected, where) {
  const fail = (why) => {
    throw new Error(`${where}: ${why}`);
  };
  if (expected instanceof Date) {
    if (!(actual instanceof Date) || actual.getTime() !== expected.getTime()) fail(`expected ${expected.toISOString()}`);
  } else if (expected instanceof Uint8Array) {
    if (!(actual instanceof Uint8Array) || actual.join() !== expected.join()) fail("bytes differ");
  } else if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) fail("array length differs");
    expected.forEach((v, i) => strictEqual(actual[i], v, `${where}[${i}]`));
  } else if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object") fail(`expected an object, got ${typeof actual}`);
    const keys = Object.keys(expected);
    if (Object.keys(actual).join() !== keys.join()) fail(`keys ${Object.keys(actual)} (order kept?), expected ${keys}`);
    for (const k of keys) strictEqual(actual[k], expected[k], `${where}.${k}`);
  } else if (!Object.is(actual, expected)) {
    fail(`${typeof actual} ${String(actual)}, expected ${typeof expected} ${String(expected)}`);
  }
}

function check(cond, message) {
  if (!cond) throw new Error(message);
}

function describe(err) {
  if (err instanceof Error) return `${err.name}${err.code ? ` (${err.code})` : ""}: ${err.message}`;
  return String(err);
}

function base64urlToBytes(token) {
  const b64 = token.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function latin1(bytes) {
  return Array.from(bytes, (b) => String.fromCharCode(b)).join("");
}
