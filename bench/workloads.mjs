// The workloads of the benchmark, written once for Node and the browser. Each returns rows
// { workload, env, peer, peerNs, ours, oursNs, ratio, goal, unit } where ratio > 1 means
// pagecursor is faster (peer time / pagecursor time).
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

/**
 * Plain cursors against JSON + base64url by hand and js-base64: encode + decode of every value,
 * and for the string-valued ones encode and decode timed apart (each side's decode reads a
 * token its own encode made once).
 */
export async function plainCodec({ pc, Base64, b64url, env, quick }) {
  const rows = [];
  const rounds = quick ? 5 : 15;
  const goal = ">= 1.0x fastest peer";
  for (const [label, value] of PLAIN_VALUES) {
    const results = await compare(
      {
        pagecursor: () => pc.decodeCursor(pc.encodeCursor(value)),
        "JSON + base64url by hand": () => JSON.parse(b64url.decode(b64url.encode(JSON.stringify(value)))),
        "js-base64": () => JSON.parse(Base64.decode(Base64.encodeURI(JSON.stringify(value)))),
      },
      { rounds },
    );
    rows.push(row(`plain encode+decode, ${label}`, env, results, "pagecursor", goal));
    if (value !== KEYSET_STRINGS && value !== DDB_KEY) continue;
    const encoded = await compare(
      {
        pagecursor: () => pc.encodeCursor(value),
        "JSON + base64url by hand": () => b64url.encode(JSON.stringify(value)),
        "js-base64": () => Base64.encodeURI(JSON.stringify(value)),
      },
      { rounds },
    );
    rows.push(row(`plain encode, ${label}`, env, encoded, "pagecursor", goal));
    const ours = pc.encodeCursor(value);
    const text = b64url.encode(JSON.stringify(value));
    const viaBase64 = Base64.encodeURI(JSON.stringify(value));
    const decoded = await compare(
      {
        pagecursor: () => pc.decodeCursor(ours),
        "JSON + base64url by hand": () => JSON.parse(b64url.decode(text)),
        "js-base64": () => JSON.parse(Base64.decode(viaBase64)),
      },
      { rounds },
    );
    rows.push(row(`plain decode, ${label}`, env, decoded, "pagecursor", goal));
  }
  return rows;
}

/** Signed mint + verify against the platform's HMAC. `peers` maps names to (sync or async) fns. */
export async function signedCodec({ pc, peers, env, quick, isAsync = false }) {
  const codec = new pc.CursorCodec({ keys: [{ id: "k1", secret: SECRET }] });
  const batched = {};
  const competitors = { pagecursor: () => codec.decode(codec.encode(KEYSET)) };
  for (const [name, peer] of Object.entries(peers(SECRET, KEYSET))) {
    competitors[name] = peer.fn ?? peer;
    if (peer.per) batched[name] = peer.per;
  }
  const results = await compare(competitors, { rounds: quick ? 5 : 15, isAsync });
  // A batched peer does `per` operations per call: report it per operation.
  for (const [name, per] of Object.entries(batched)) {
    for (const k of ["median", "min", "max"]) results[name][k] /= per;
  }
  return [row("signed mint+verify, keyset", env, results, "pagecursor", signedGoal(env))];
}

const signedGoal = (env) => (env === "node" ? ">= 1.5x Node HMAC" : ">= 5x WebCrypto");

/**
 * Signed mint and verify timed apart, over the string-valued keyset boundary. `parts(secret,
 * value)` gives the peer's `{ mint: { name: fn }, verify: { name: fn } }`; each side verifies a
 * token its own mint made once.
 */
export async function signedParts({ pc, parts, env, quick, isAsync = false }) {
  const codec = new pc.CursorCodec({ keys: [{ id: "k1", secret: SECRET }] });
  const token = codec.encode(KEYSET_STRINGS);
  const { mint, verify } = await parts(SECRET, KEYSET_STRINGS);
  const rounds = quick ? 5 : 15;
  const minted = await compare({ pagecursor: () => codec.encode(KEYSET_STRINGS), ...mint }, { rounds, isAsync });
  const verified = await compare({ pagecursor: () => codec.decode(token), ...verify }, { rounds, isAsync });
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

export function markdown(rows) {
  const fmt = (ns, unit) =>
    unit === "ns/run" ? `${(ns / 1e6).toFixed(0)} ms` : ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`;
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
