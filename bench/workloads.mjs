// The workloads of the benchmark, written once for Node and the browser. Each returns rows
// { workload, env, peer, peerNs, ours, oursNs, ratio, goal, unit } where ratio > 1 means
// pagecursor is faster (peer time / pagecursor time) and `peer` is the fastest competitor of the
// row; codec rows also carry `all` (every competitor's times, for `peerTables`) and may carry a
// `note` (what a JSON peer does not carry back).
import { compare, compareRuns, sleep } from "./measure.mjs";

export const KEYSET = { createdAt: new Date("2024-05-01T12:34:56.789Z"), id: 123456789 };
export const DDB_LEK = { pk: { S: "USER#123" }, sk: { S: "ORDER#2024-05-01#0001" }, gsi1pk: { S: "STATUS#OPEN" }, gsi1sk: { N: "1714566896" } };
export const SECRET = "bench-secret-0123456789abcdef0123456789";

function row(workload, env, results, ours, goal, unit = "ns/op") {
  const peers = Object.entries(results).filter(([n]) => n !== ours);
  const [peer, best] = peers.reduce((a, b) => (b[1].median < a[1].median ? b : a));
  const mine = results[ours];
  return {
    workload,
    env,
    peer,
    peerNs: best.median,
    ours,
    oursNs: mine.median,
    oursSpread: [mine.min, mine.max],
    ratio: best.median / mine.median,
    goal,
    unit,
    all: results,
  };
}

// The string-valued boundaries most REST APIs carry (issue 19): an ISO timestamp and a string
// id, and a DynamoDB key of two strings. The peer is slowest on `KEYSET`'s Date and number, so
// these are the common and the hard case for pagecursor.
export const KEYSET_STRINGS = { createdAt: "2026-11-30T12:34:56.789Z", id: "ord_01HZX3K7Q9V2B8N4M6P0R5T1WY" };
export const DDB_KEY = { PK: { S: "USER#8f3a2c" }, SK: { S: "ORDER#2026-11-30#ord_01HZX3K7Q9" } };

const PLAIN_VALUES = [
  ["keyset {createdAt, id}", KEYSET],
  ["DynamoDB LastEvaluatedKey", DDB_LEK],
  ["keyset of strings {createdAt, id}", KEYSET_STRINGS],
  ["DynamoDB key {PK, SK}", DDB_KEY],
];

// ---- The fastest hand-written peers, shared by Node and the browser ----------------------------

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();
const ASCII = /^[\x00-\x7f]*$/;
const HIGH_BYTE = /[\x80-\xff]/;
const toUrl = (b64) => b64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromUrl = (s) => s.replace(/-/g, "+").replace(/_/g, "/");
function bytesToBinary(bytes) {
  if (bytes.length <= 0x8000) return String.fromCharCode.apply(null, bytes);
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return s;
}
function binaryToBytes(bin) {
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Base64url of a string's UTF-8 with `btoa`/`atob`, written for speed: a string of ASCII only is
 * its own UTF-8, so it goes to `btoa` as it is; any other goes through `TextEncoder` and a binary
 * string of `String.fromCharCode.apply` chunks. Decoding, `atob`'s binary string is the text when
 * it holds no byte above 0x7f, else its bytes go through `TextDecoder`. (Measured before it was
 * chosen, keyset of strings, Node 20 / Chromium 156: encode 250 / 380 ns; TextEncoder + apply on
 * every string 890 / 3,300 ns, `unescape(encodeURIComponent())` 760 / 1,060 ns; decode 200 /
 * 300 ns, TextDecoder on every token 700 / 1,250 ns.) `encodeBytes`/`decodeBytes` carry bytes
 * (an HMAC tag), `utf8` gives a string's UTF-8 bytes.
 */
export const btoaCodec = {
  encode: (s) => toUrl(btoa(ASCII.test(s) ? s : bytesToBinary(utf8Encoder.encode(s)))),
  decode: (t) => {
    const bin = atob(fromUrl(t));
    return HIGH_BYTE.test(bin) ? utf8Decoder.decode(binaryToBytes(bin)) : bin;
  },
  encodeBytes: (b) => toUrl(btoa(bytesToBinary(b))),
  decodeBytes: (t) => binaryToBytes(atob(fromUrl(t))),
  utf8: (s) => utf8Encoder.encode(s),
};

/** Whether this runtime has `Uint8Array.prototype.toBase64` and `Uint8Array.fromBase64`. */
export const hasNativeBase64 = typeof Uint8Array.prototype.toBase64 === "function" && typeof Uint8Array.fromBase64 === "function";

const URL_OPTS = { alphabet: "base64url", omitPadding: true };
const scratch = new Uint8Array(4096);
/**
 * Base64url with `Uint8Array.prototype.toBase64({ alphabet: "base64url", omitPadding: true })`
 * and `Uint8Array.fromBase64`/`setFromBase64`, or null where the runtime has neither (Node 20).
 * The UTF-8 goes through one reused buffer (`TextEncoder.encodeInto`, `setFromBase64`): in
 * Chromium 156 that measured 580 / 450 ns against 1,410 / 940 ns for `encode(s).toBase64()` and
 * `fromBase64(t)` on a fresh array each call (keyset of strings); tokens over 4 KB take the fresh
 * array.
 */
export const nativeCodec = hasNativeBase64
  ? {
      encode: (s) => {
        if (s.length * 3 > scratch.length) return utf8Encoder.encode(s).toBase64(URL_OPTS);
        const { written } = utf8Encoder.encodeInto(s, scratch);
        return scratch.subarray(0, written).toBase64(URL_OPTS);
      },
      decode: (t) => {
        if (t.length > (scratch.length * 4) / 3) return utf8Decoder.decode(Uint8Array.fromBase64(t, URL_OPTS));
        const { written } = scratch.setFromBase64(t, URL_OPTS);
        return utf8Decoder.decode(scratch.subarray(0, written));
      },
      encodeBytes: (b) => b.toBase64(URL_OPTS),
      decodeBytes: (t) => Uint8Array.fromBase64(t, URL_OPTS),
      utf8: (s) => utf8Encoder.encode(s),
    }
  : null;

/** Names of the plain peers each runtime may have (a missing one is "n/a" in `peerTables`). */
export const BTOA = "JSON + btoa/atob by hand";
export const NATIVE = "JSON + Uint8Array.toBase64/fromBase64";
export const BUFFER = "JSON + Buffer base64url";
export const JS_BASE64 = "JSON + js-base64";

/**
 * The plain peers of this runtime: name -> a base64url codec of a string's UTF-8 (`encode`,
 * `decode`). `extra` adds the runtime's own (Node's Buffer); `Base64` is js-base64, kept as the
 * peer the first published Chromium figures were measured against.
 */
export function plainPeers({ Base64, extra = {} }) {
  const peers = { [BTOA]: btoaCodec };
  if (nativeCodec) peers[NATIVE] = nativeCodec;
  Object.assign(peers, extra);
  if (Base64) peers[JS_BASE64] = { encode: (s) => Base64.encodeURI(s), decode: (t) => Base64.decode(t) };
  return peers;
}

/** Deep equality of the values a cursor carries: plain objects, arrays, Dates, bytes, primitives. */
export function deepEqual(a, b) {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return a.getTime() === b.getTime();
  if (ArrayBuffer.isView(a)) return a.length === b.length && a.every((x, i) => x === b[i]);
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}
const jsonOf = (v) => JSON.parse(JSON.stringify(v));
function expectEqual(got, want, what) {
  if (!deepEqual(got, want)) throw new Error(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
}

// A UTF-8 probe (two-, three- and four-byte characters, an escaped NUL, and bytes that give "-"
// and "_"), checked but not timed, with its token from Node's Buffer.
const UTF8_PROBE = { q: "naïve café €😀 \u0000 ~?>?>>~", id: -1.5 };
const UTF8_PROBE_TOKEN = "eyJxIjoibmHDr3ZlIGNhZsOpIOKCrPCfmIAgXHUwMDAwIH4_Pj8-Pn4iLCJpZCI6LTEuNX0";

/**
 * Checks, before any timing, that pagecursor and every plain peer round-trip the benchmark's
 * values: pagecursor returns each value exactly (a Date as a Date); a peer returns what JSON
 * carries (`JSON.parse(JSON.stringify(v))`: a Date comes back as its ISO string) and makes the
 * same token as every other peer, and the UTF-8 probe's token is Buffer's. Throws on a mismatch.
 */
export function checkPlain(pc, peers, values) {
  for (const value of values) {
    expectEqual(pc.decodeCursor(pc.encodeCursor(value)).value, value, "pagecursor round trip");
  }
  for (const [name, p] of Object.entries(peers)) {
    for (const value of [...values, UTF8_PROBE]) {
      const json = JSON.stringify(value);
      const token = p.encode(json);
      const want = value === UTF8_PROBE ? UTF8_PROBE_TOKEN : Object.values(peers)[0].encode(json);
      if (token !== want) throw new Error(`${name}: token ${token}, want ${want}`);
      expectEqual(JSON.parse(p.decode(token)), jsonOf(value), `${name} round trip`);
    }
  }
}

// Values a JSON peer cannot carry exactly: said in the row's note.
function jsonLoss(value) {
  const lost = Object.entries(value).filter(([, v]) => typeof v === "bigint" || v instanceof Date || ArrayBuffer.isView(v));
  return lost.length === 0 ? undefined : `the JSON peers return ${lost.map(([k]) => k).join(", ")} as a string; pagecursor returns the ${lost.map(([, v]) => v.constructor.name).join(", ")}`;
}

/**
 * Plain cursors against the fastest hand-written JSON + base64url of the runtime (`plainPeers`):
 * encode + decode of every value, and for the string-valued ones encode and decode timed apart
 * (each side's decode reads a token its own encode made once). `checkPlain` runs first.
 */
export async function plainCodec({ pc, peers, env, quick }) {
  checkPlain(pc, peers, PLAIN_VALUES.map(([, v]) => v));
  const rows = [];
  const rounds = quick ? 5 : 15;
  const goal = ">= 1.0x fastest peer";
  const each = (make) => Object.fromEntries(Object.entries(peers).map(([name, p]) => [name, make(p)]));
  for (const [label, value] of PLAIN_VALUES) {
    const note = jsonLoss(value);
    const results = await compare(
      {
        pagecursor: () => pc.decodeCursor(pc.encodeCursor(value)),
        ...each((p) => () => JSON.parse(p.decode(p.encode(JSON.stringify(value))))),
      },
      { rounds },
    );
    rows.push({ ...row(`plain encode+decode, ${label}`, env, results, "pagecursor", goal), note });
    if (value !== KEYSET_STRINGS && value !== DDB_KEY) continue;
    const encoded = await compare(
      { pagecursor: () => pc.encodeCursor(value), ...each((p) => () => p.encode(JSON.stringify(value))) },
      { rounds },
    );
    rows.push(row(`plain encode, ${label}`, env, encoded, "pagecursor", goal));
    const ours = pc.encodeCursor(value);
    const decoded = await compare(
      {
        pagecursor: () => pc.decodeCursor(ours),
        ...each((p) => {
          const text = p.encode(JSON.stringify(value));
          return () => JSON.parse(p.decode(text));
        }),
      },
      { rounds },
    );
    rows.push(row(`plain decode, ${label}`, env, decoded, "pagecursor", goal));
  }
  return rows;
}

// ---- Signed cursors ----------------------------------------------------------------------------
// A signed peer is `{ mint(): token, verify(token): value }`, sync or returning promises, with
// `batch` when its calls are issued `batch` at a time under one `Promise.all` (then timed per
// token). Every peer makes the same token: base64url(JSON) "." base64url(HMAC-SHA256(secret,
// that body)), as Node's `createHmac` makes it.

const BATCH = 100;
export const WEBCRYPTO = `WebCrypto HMAC, Promise.all x${BATCH}`;
export const NOBLE = "@noble/hashes hmac(sha256), sync";

// The keyset of strings signed with SECRET by Node's createHmac (the independent reference).
const SIGNED_STRINGS_TOKEN =
  "eyJjcmVhdGVkQXQiOiIyMDI2LTExLTMwVDEyOjM0OjU2Ljc4OVoiLCJpZCI6Im9yZF8wMUhaWDNLN1E5VjJCOE40TTZQMFI1VDFXWSJ9.cgHuic7NN0kbKNL5Ogx-Mcyb6IA2rR-o61rO7uKnfGY";

/**
 * WebCrypto's HMAC-SHA256 (`crypto.subtle.sign` with an imported key, `crypto.subtle.verify`),
 * each operation batched x100 under `Promise.all`; `b64` is the runtime's fastest base64url.
 */
export async function webCryptoPeer(subtle, b64, secret, value) {
  const key = await subtle.importKey("raw", b64.utf8(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  return {
    batch: BATCH,
    mint: async () => {
      const body = b64.encode(JSON.stringify(value));
      const mac = new Uint8Array(await subtle.sign("HMAC", key, b64.utf8(body)));
      return `${body}.${b64.encodeBytes(mac)}`;
    },
    verify: async (token) => {
      const dot = token.indexOf(".");
      const body = token.slice(0, dot);
      if (!(await subtle.verify("HMAC", key, b64.decodeBytes(token.slice(dot + 1)), b64.utf8(body)))) throw new Error("bad mac");
      return JSON.parse(b64.decode(body));
    },
  };
}

/** `@noble/hashes`' synchronous `hmac(sha256, key, data)`, compared in constant time. */
export function noblePeer(hmac, sha256, b64, secret, value) {
  const key = b64.utf8(secret);
  return {
    mint: () => {
      const body = b64.encode(JSON.stringify(value));
      return `${body}.${b64.encodeBytes(hmac(sha256, key, b64.utf8(body)))}`;
    },
    verify: (token) => {
      const dot = token.indexOf(".");
      const body = token.slice(0, dot);
      const mac = hmac(sha256, key, b64.utf8(body));
      const given = b64.decodeBytes(token.slice(dot + 1));
      let diff = given.length ^ mac.length;
      for (let i = 0; i < mac.length; i++) diff |= mac[i] ^ given[i];
      if (diff !== 0) throw new Error("bad mac");
      return JSON.parse(b64.decode(body));
    },
  };
}

const timedMint = (p) => (p.batch ? { fn: () => Promise.all(Array.from({ length: p.batch }, p.mint)), per: p.batch } : p.mint);
const timedVerify = (p, token) =>
  p.batch ? { fn: () => Promise.all(Array.from({ length: p.batch }, () => p.verify(token))), per: p.batch } : () => p.verify(token);
const timedRoundTrip = (p) =>
  p.batch
    ? { fn: () => Promise.all(Array.from({ length: p.batch }, async () => p.verify(await p.mint()))), per: p.batch }
    : () => p.verify(p.mint());

/**
 * Checks a signed peer before timing: its token of `value` is `want` when given (else it is
 * only checked to verify), verifying gives back what JSON carries of `value`, and a token with a
 * changed tag or body is refused. Returns the token.
 */
async function checkSigned(name, p, value, want) {
  const token = await p.mint();
  if (want !== undefined && token !== want) throw new Error(`${name}: token ${token}, want ${want}`);
  expectEqual(await p.verify(token), jsonOf(value), `${name} verify`);
  const dot = token.indexOf(".");
  const flip = (s, i) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
  for (const bad of [flip(token, token.length - 2), flip(token, 1)]) {
    let refused = false;
    try {
      await p.verify(bad);
    } catch {
      refused = true;
    }
    if (!refused) throw new Error(`${name}: accepted a tampered token ${bad} (dot at ${dot})`);
  }
  return token;
}

/**
 * Checks every signed peer over both signed values: all make the same token, the keyset of
 * strings' token is Node createHmac's, and each verifies and refuses as `checkSigned` says;
 * pagecursor's codec returns each value exactly.
 */
export async function checkSignedPeers(codec, peers) {
  for (const value of [KEYSET, KEYSET_STRINGS]) {
    expectEqual(codec.decode(codec.encode(value)).value, value, "pagecursor signed round trip");
    let first;
    for (const [name, make] of Object.entries(peers)) {
      const token = await checkSigned(name, await make(SECRET, value), value, value === KEYSET_STRINGS ? SIGNED_STRINGS_TOKEN : first);
      first ??= token;
    }
  }
}

/**
 * Signed mint + verify against the runtime's HMAC peers. `peers` maps names to
 * `async (secret, value) => peer` (see above); checked first (`checkSignedPeers`).
 */
export async function signedCodec({ pc, peers, env, quick, isAsync = false }) {
  const codec = new pc.CursorCodec({ keys: [{ id: "k1", secret: SECRET }] });
  await checkSignedPeers(codec, peers);
  const competitors = { pagecursor: () => codec.decode(codec.encode(KEYSET)) };
  for (const [name, make] of Object.entries(peers)) competitors[name] = timedRoundTrip(await make(SECRET, KEYSET));
  const results = await compareBatched(competitors, { rounds: quick ? 5 : 15, isAsync });
  return [{ ...row("signed mint+verify, keyset", env, results, "pagecursor", signedGoal(env)), note: jsonLoss(KEYSET) }];
}

// `compare` over competitors that are fns or `{ fn, per }` (a batched peer does `per`
// operations a call: reported per operation).
async function compareBatched(competitors, opts) {
  const fns = Object.fromEntries(Object.entries(competitors).map(([n, c]) => [n, c.fn ?? c]));
  const results = await compare(fns, opts);
  for (const [name, c] of Object.entries(competitors)) {
    if (c.per) for (const k of ["median", "min", "max"]) results[name][k] /= c.per;
  }
  return results;
}

const signedGoal = (env) => (env === "node" ? ">= 1.5x Node HMAC" : ">= 5x WebCrypto");

/**
 * Signed mint and verify timed apart, over the string-valued keyset boundary, against the same
 * `peers` as `signedCodec`; each side verifies a token its own mint made once.
 */
export async function signedParts({ pc, peers, env, quick, isAsync = false }) {
  const codec = new pc.CursorCodec({ keys: [{ id: "k1", secret: SECRET }] });
  const token = codec.encode(KEYSET_STRINGS);
  const mint = {};
  const verify = {};
  for (const [name, make] of Object.entries(peers)) {
    const p = await make(SECRET, KEYSET_STRINGS);
    mint[name] = timedMint(p);
    verify[name] = timedVerify(p, await p.mint());
  }
  const rounds = quick ? 5 : 15;
  const minted = await compareBatched({ pagecursor: () => codec.encode(KEYSET_STRINGS), ...mint }, { rounds, isAsync });
  const verified = await compareBatched({ pagecursor: () => codec.decode(token), ...verify }, { rounds, isAsync });
  return [
    row("signed mint, keyset of strings", env, minted, "pagecursor", signedGoal(env)),
    row("signed verify, keyset of strings", env, verified, "pagecursor", signedGoal(env)),
  ];
}

/**
 * The walk users write by hand over an AWS-style `NextToken` fetch: the baseline of the
 * paginator overhead (also run by `bench/paginate-cpu.mjs`). `check` is given the item count.
 */
export function whileLoop(fetchPage, check) {
  return async () => {
    let n = 0;
    let token;
    do {
      const page = await fetchPage(token);
      for (const item of page.Items) n += item.id >= 0 ? 1 : 0;
      token = page.NextToken;
    } while (token);
    check(n);
  };
}

/**
 * The same walk through pagecursor's `paginate` (package `pc`, AWS preset), counting items as
 * `whileLoop` does (also run by `bench/paginate-cpu.mjs`).
 */
export function pagecursorWalk(pc, fetchPage, check) {
  return async () => {
    let n = 0;
    for await (const page of pc.paginate(fetchPage, { preset: "aws", items: "Items" })) {
      for (const item of page.Items) n += item.id >= 0 ? 1 : 0;
    }
    check(n);
  };
}

/**
 * `pages` AWS-style pages of `perPage` items `{ id }` in memory (`NextToken` "t<page>"), and
 * the async fetch over them that the walks above take (both also used by
 * `bench/paginate-cpu.mjs`).
 */
export function makePages(pages, perPage) {
  const all = [];
  for (let p = 0; p < pages; p++) {
    const Items = Array.from({ length: perPage }, (_, i) => ({ id: p * perPage + i }));
    all.push({ Items, NextToken: p + 1 < pages ? `t${p + 1}` : undefined });
  }
  return all;
}
export const fetchFrom = (pages) => async (token) => pages[token ? Number(token.slice(1)) : 0];

/** Per-page overhead of walking 1,000 pages of 100 items from memory. */
export async function paginatorOverhead({ pc, createPaginator, env, quick }) {
  const PAGES = quick ? 200 : 1000;
  const fetchPage = fetchFrom(makePages(PAGES, 100));
  class FakeClient {
    async send(command) {
      return fetchPage(command.input.NextToken);
    }
  }
  class FakeCommand {
    constructor(input) {
      this.input = input;
    }
  }
  const check = (n) => {
    if (n !== PAGES * 100) throw new Error(`walked ${n} items, expected ${PAGES * 100}`);
  };
  const competitors = {
    "hand-written while loop": whileLoop(fetchPage, check),
    "async generator": async () => {
      async function* walk() {
        let token;
        do {
          const page = await fetchPage(token);
          yield* page.Items;
          token = page.NextToken;
        } while (token);
      }
      let n = 0;
      for await (const item of walk()) n += item.id >= 0 ? 1 : 0;
      check(n);
    },
    pagecursor: pagecursorWalk(pc, fetchPage, check),
  };
  if (createPaginator) {
    const paginateOp = createPaginator(FakeClient, FakeCommand, "NextToken", "NextToken", "MaxResults");
    competitors["AWS SDK v3 createPaginator"] = async () => {
      let n = 0;
      for await (const page of paginateOp({ client: new FakeClient() }, {})) {
        for (const item of page.Items) n += item.id >= 0 ? 1 : 0;
      }
      check(n);
    };
  }
  const results = await compareRuns(competitors, { rounds: quick ? 5 : 41 });
  const perPage = (name) => results[name].median / PAGES;
  const base = perPage("hand-written while loop");
  return [
    {
      workload: `paginator overhead, ${PAGES} pages x 100 items`,
      env,
      peer: "hand-written while loop",
      peerNs: base,
      ours: "pagecursor",
      oursNs: perPage("pagecursor"),
      oursSpread: [results.pagecursor.min / PAGES, results.pagecursor.max / PAGES],
      ratio: base / perPage("pagecursor"),
      extra: `+${((perPage("pagecursor") - base) / 1000).toFixed(2)} µs/page over the loop`,
      goal: "<= 2 µs/page above the loop",
      unit: "ns/page",
      all: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, { median: v.median / PAGES }])),
    },
  ];
}

/** Prefetch pipelining: fetch and consumer work of 20 ms each, overlapped. */
export async function prefetch({ pc, env, quick }) {
  const N = quick ? 10 : 30;
  const FETCH = 20;
  const WORK = 20;
  const fetchPage = async (token) => {
    await sleep(FETCH);
    const i = token ?? 0;
    return { items: [i], next: i + 1 < N ? i + 1 : undefined };
  };
  const results = await compareRuns(
    {
      "sequential loop (AWS SDK v3, botocore)": async () => {
        let token;
        do {
          const page = await fetchPage(token);
          await sleep(WORK);
          token = page.next;
        } while (token !== undefined);
      },
      "pagecursor prefetch: 1": async () => {
        for await (const _page of pc.paginate(fetchPage, { items: "items", next: "next", prefetch: 1 })) await sleep(WORK);
      },
    },
    { rounds: quick ? 1 : 3 },
  );
  const seq = results["sequential loop (AWS SDK v3, botocore)"].median;
  const ours = results["pagecursor prefetch: 1"].median;
  const ideal = N * Math.max(FETCH, WORK) * 1e6;
  return [
    {
      workload: `prefetch, ${N} pages, fetch ${FETCH} ms + work ${WORK} ms`,
      env,
      peer: "sequential loop",
      peerNs: seq,
      ours: "pagecursor prefetch: 1",
      oursNs: ours,
      oursSpread: [results["pagecursor prefetch: 1"].min, results["pagecursor prefetch: 1"].max],
      ratio: seq / ours,
      extra: `${(ours / ideal).toFixed(2)} x N·max(fetch, work)`,
      goal: ">= 1.8x sequential (<= 1.1 x N·max)",
      unit: "ns/run",
    },
  ];
}

/** Token lengths of the two example boundaries in every mode. */
export function tokenLengths(pc) {
  const key = [{ id: "k1", secret: SECRET }];
  const modes = {
    plain: new pc.CursorCodec(),
    signed: new pc.CursorCodec({ keys: key }),
    sealed: new pc.CursorCodec({ keys: key, mode: "sealed" }),
  };
  const out = [];
  for (const [label, value] of [["keyset {createdAt, id}", KEYSET], ["DynamoDB LastEvaluatedKey (4 keys)", DDB_LEK]]) {
    const lengths = {};
    for (const [mode, codec] of Object.entries(modes)) {
      try {
        lengths[mode] = codec.encode(value).length;
      } catch (err) {
        lengths[mode] = `error: ${err.code ?? err.message}`;
      }
    }
    out.push({ boundary: label, ...lengths });
  }
  return out;
}

// `only` is a comma-separated list of workload names (plain, signed, paginator, prefetch);
// empty selects every workload.
export function selected(only) {
  const names = only.split(",").map((s) => s.trim()).filter(Boolean);
  return (name) => names.length === 0 || names.includes(name);
}

const fmt = (ns, unit) =>
  unit === "ns/run" ? `${(ns / 1e6).toFixed(0)} ms` : ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`;

export function markdown(rows) {
  const lines = [
    "| workload | env | best peer | peer | pagecursor | ratio (peer / pagecursor) | goal |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.workload} | ${r.env} | ${r.peer} | ${fmt(r.peerNs, r.unit)} | ${fmt(r.oursNs, r.unit)} | ${r.ratio.toFixed(2)}x${r.extra ? ` (${r.extra})` : ""} | ${r.goal} |`,
    );
  }
  return lines.join("\n");
}

/**
 * One table per family of codec rows (plain, signed): every competitor's median time with its
 * ratio (that peer / pagecursor) in its own column, "n/a" where the runtime lacks it (no
 * `Uint8Array.toBase64` in Node 20; no Buffer or createHmac in the browser), and the row's note.
 */
export function peerTables(rows) {
  const out = [];
  for (const family of ["plain", "signed"]) {
    const mine = rows.filter((r) => r.all && r.workload.startsWith(`${family} `));
    if (mine.length === 0) continue;
    const names = [...new Set(mine.flatMap((r) => Object.keys(r.all).filter((n) => n !== r.ours)))];
    out.push(
      `| ${family} workload | env | pagecursor | ${names.join(" | ")} | note |`,
      `|---|---|--:|${names.map(() => "--:|").join("")}---|`,
    );
    for (const r of mine) {
      const cells = names.map((n) => (r.all[n] ? `${fmt(r.all[n].median, r.unit)} (${(r.all[n].median / r.oursNs).toFixed(2)}x)` : "n/a"));
      out.push(`| ${r.workload} | ${r.env} | ${fmt(r.oursNs, r.unit)} | ${cells.join(" | ")} | ${r.note ?? ""} |`);
    }
    out.push("");
  }
  return out.join("\n");
}
