// Issue #16, "Fail loudly" and "Presets that fit real APIs", through the installed package:
// every misconfiguration or error body that used to end a walk early with stopReason "end"
// is a PaginationError bad_page whose message says what happened; the presets know the token
// families of real APIs; `root` applies to functions too. Each case failed before the change
// (it returned a short result without an error).
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { paginate, PaginationError } from "pagecursor";

// A chain of `n` pages; `shape(i, next)` builds page i whose next token is `next` (undefined
// on the last page); page i is fetched with token `t${i}`.
function chain(n, shape) {
  const calls = [];
  const fetchPage = async (token) => {
    const i = token === undefined ? 0 : Number(String(token).slice(1));
    calls.push(token);
    return shape(i, i + 1 < n ? `t${i + 1}` : undefined);
  };
  return { fetchPage, calls };
}

async function failure(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  assert.fail("the walk ended without an error");
}

// A bad_page whose message (and String(err)) says `words`.
async function badPage(p, words) {
  const err = await failure(p.toArray());
  assert.ok(err instanceof PaginationError, `a PaginationError, got ${err}`);
  assert.equal(err.code, "bad_page", err.message);
  assert.ok(err.message.startsWith("a page could not be read: "), err.message);
  assert.ok(err.message.includes(words), `${JSON.stringify(err.message)} says ${JSON.stringify(words)}`);
  assert.ok(String(err).includes(words), "String(err) is enough to debug");
  assert.equal(p.stopReason, "error");
  return err;
}

test("a typo in options.items: bad_page naming the path, after one request (was: 50 requests, 0 items)", async () => {
  const api = chain(50, (i, next) => ({ items: [i], next }));
  const p = paginate(api.fetchPage, { items: "itmes", next: "next" });
  const err = await badPage(p, 'nothing at options.items "itmes"');
  // The message also says how to accept a service that leaves out empty lists.
  assert.equal(err.message, 'a page could not be read: nothing at options.items "itmes"; if the service leaves out empty lists, use items: (page) => page.itmes ?? [] (or preset "aws" for AWS APIs)');
  assert.equal(api.calls.length, 1);
  // The resume token is before the bad page: nothing was handed out.
  assert.equal(typeof err.resumeToken, "string");
  assert.ok(err.cause instanceof Error);
});

test("a forgotten root: bad_page naming the path", async () => {
  const api = chain(3, (i, next) => ({ data: { rows: [i], next } }));
  await badPage(paginate(api.fetchPage, { items: "rows", next: "next" }), 'nothing at options.items "rows"');
  // With the root the same pages walk to the end.
  assert.deepEqual(await paginate(chain(3, (i, next) => ({ data: { rows: [i], next } })).fetchPage, { root: "data", items: "rows", next: "next" }).toArray(), [0, 1, 2]);
  // A root that is not there names itself.
  await badPage(paginate(api.fetchPage, { root: "result", items: "rows", next: "next" }), 'nothing at options.root "result"');
  // An items path missing under the root says both.
  await badPage(paginate(chain(2, (i, next) => ({ data: { list: [i], next } })).fetchPage, { root: "data", items: "rows", next: "next" }),
    'nothing at options.items "rows" under options.root "data"');
});

test("an error body (DRF 404 {detail}) from a fetchPage that did not check res.ok: bad_page on a first page", async () => {
  const p = paginate(async () => ({ detail: "Invalid cursor" }), { items: "results", next: "next" });
  const err = await failure(p.toArray());
  assert.equal(err.code, "bad_page");
  assert.match(err.message, /^a page could not be read: nothing at options\.items "results"; /);
  // Resumes at the page that could not be read.
  const again = paginate(async (token) => ({ results: [token ?? "first"], next: undefined }), { items: "results", next: "next", resumeToken: err.resumeToken });
  assert.deepEqual(await again.toArray(), ["first"]);
  // After a page that held the list, a page without it reads as a service leaving out an
  // empty list (API.md, "Paginator"): an empty page, which this one, having no next token,
  // ends the walk with. So a fetchPage must check res.ok (docs/paginator.md says so).
  let n = 0;
  const later = paginate(async () => (++n === 1 ? { results: [1, 2], next: "c2" } : { detail: "Invalid cursor" }), { items: "results", next: "next" });
  assert.deepEqual(await later.toArray(), [1, 2]);
  assert.equal(later.stats.emptyPages, 1);
});

test("a list left out of a later page is an empty page; a body of another shape is not", async () => {
  // S3 ListObjectsV2 with a Delimiter: a page of only CommonPrefixes has no Contents.
  const pages = [
    { Contents: [{ Key: "a" }], CommonPrefixes: [{ Prefix: "d/" }], NextContinuationToken: "t1" },
    { CommonPrefixes: [{ Prefix: "e/" }], NextContinuationToken: "t2" },
    { Contents: [{ Key: "z" }] },
  ];
  const fetchPage = async (t) => pages[t === undefined ? 0 : Number(t[1])];
  const explicit = paginate(fetchPage, { items: "Contents", next: "NextContinuationToken" });
  assert.deepEqual((await explicit.toArray()).map((o) => o.Key), ["a", "z"]);
  assert.equal(explicit.stats.emptyPages, 1);
  // Under preset aws also on the first page.
  const first = async (t) => pages[t === undefined ? 1 : 2];
  assert.deepEqual((await paginate(first, { preset: "aws", items: "Contents" }).toArray()).map((o) => o.Key), ["z"]);
  // Without the preset a first page without the list is bad_page, saying how to accept it.
  const err = await badPage(paginate(first, { items: "Contents", next: "NextContinuationToken" }), 'nothing at options.items "Contents"');
  assert.match(err.message, /use items: \(page\) => page\.Contents \?\? \[\] \(or preset "aws" for AWS APIs\)$/);
  // Under a root and a deeper path the hint names the path under the root (what an items
  // function receives).
  const nested = await badPage(paginate(async () => ({ data: { feed: {} } }), { root: "data", items: "feed.rows", next: "next" }), 'nothing at options.items "feed.rows"');
  assert.match(nested.message, /page\.feed\?\.rows \?\? \[\]/);
  // A later body that is an array, or whose path breaks before its last name, is no page with
  // its list left out: bad_page still.
  for (const bad of [[2], { data: null }]) {
    let n = 0;
    const p = paginate(async () => (++n === 1 ? { data: { rows: [1] }, next: "n" } : bad), { items: "data.rows", next: "next" });
    await badPage(p, 'nothing at options.items "data.rows"');
  }
  // An items function still has to answer a list: it says itself what a page without one is.
  let m = 0;
  await badPage(paginate(async () => (++m === 1 ? { rows: [1], next: "n" } : {}), { items: (page) => page.rows, next: "next" }), "options.items returned undefined");
});

test("null and [] stay empty pages; the walk goes on", async () => {
  const api = chain(4, (i, next) => ({ items: i === 1 ? null : i === 2 ? [] : [i], next }));
  const p = paginate(api.fetchPage, { items: "items", next: "next" });
  assert.deepEqual(await p.toArray(), [0, 3]);
  assert.equal(p.stats.emptyPages, 2);
  assert.equal(p.stopReason, "end");
  // `null` half-way along the path is no location either: bad_page.
  await badPage(paginate(chain(2, (i, next) => ({ data: null, next })).fetchPage, { items: "data.rows", next: "next" }), 'nothing at options.items "data.rows"');
});

test("a preset's own items field counts as configured: DynamoDB Items, keyset items, Relay edges/nodes", async () => {
  await badPage(paginate(chain(3, (i, next) => ({ Item: { i }, LastEvaluatedKey: next })).fetchPage, { preset: "dynamodb" }),
    'nothing at "Items" (preset "dynamodb")');
  await badPage(paginate(chain(3, (i, next) => ({ data: [i], next_cursor: next })).fetchPage, { preset: "keyset" }),
    'nothing at "items" (preset "keyset")');
  await badPage(paginate(chain(3, (i, next) => ({ data: { orders: { pageInfo: { endCursor: next, hasNextPage: !!next } } } })).fetchPage, { preset: "relay", root: "data.orders" }),
    'nothing at "edges" or "nodes" under options.root "data.orders" (preset "relay")');
  // Items `null` from a preset is an empty page, as with a path.
  const p = paginate(chain(2, (i, next) => ({ Items: i === 0 ? null : [i], LastEvaluatedKey: next })).fetchPage, { preset: "dynamodb" });
  assert.deepEqual(await p.toArray(), [1]);
});

test("an items function that returns undefined is bad_page (null and [] are empty pages)", async () => {
  await badPage(paginate(chain(2, (i, next) => ({ rows: [i], next })).fetchPage, { items: (page) => { page.rows; }, next: "next" }),
    "options.items returned undefined");
  assert.deepEqual(await paginate(chain(3, (i, next) => ({ rows: i === 1 ? null : [i], next })).fetchPage, { items: (page) => page.rows, next: "next" }).toArray(), [0, 2]);
});

test("`more` says true but no next token: bad_page (given, or from a preset)", async () => {
  // A has-more flag with the token under another name than configured.
  const api = chain(3, (i, next) => ({ items: [i], hasMore: next !== undefined, cursor: next }));
  await badPage(paginate(api.fetchPage, { items: "items", next: "next", more: "hasMore" }),
    'the page says there is more (options.more "hasMore" is true) but has no next token at options.next "next"');
  await badPage(paginate(api.fetchPage, { items: "items", next: (page) => page.next, more: (page) => page.hasMore }),
    "the page says there is more (options.more is true) but has no next token from options.next");
  // Relay: hasNextPage true, endCursor null.
  await badPage(paginate(async () => ({ data: { q: { nodes: [1], pageInfo: { hasNextPage: true, endCursor: null } } } }), { preset: "relay", root: "data.q" }),
    'the page says there is more ("pageInfo.hasNextPage" (preset "relay") is true) but has no next token at "pageInfo.endCursor" (preset "relay")');
  // AWS: IsTruncated true, no token of any family.
  await badPage(paginate(async () => ({ Things: [1], IsTruncated: true }), { preset: "aws", items: "Things" }),
    'the page says there is more ("IsTruncated" (preset "aws") is true) but has no next token at any of NextToken');
  // `more` false with a token ends; `more` true with a token goes on.
  const ok = paginate(chain(3, (i, next) => ({ items: [i], hasMore: next !== undefined, next })).fetchPage, { items: "items", next: "next", more: "hasMore" });
  assert.deepEqual(await ok.toArray(), [0, 1, 2]);
});

test("a fetch Response read through a path or a preset other than link: bad_page saying to return await res.json()", async () => {
  const body = JSON.stringify({ items: [1], next: "t1", Items: [1], edges: [] });
  const response = () => new Response(body, { headers: { "content-type": "application/json" } });
  const cases = [
    { items: "items", next: "next" },
    { preset: "keyset" },
    { preset: "dynamodb" },
    { preset: "aws", items: "Items" },
    { preset: "relay" },
    { root: "data", items: (p) => p, next: (p) => p.next },
    { items: (p) => [], next: "next" },
  ];
  for (const options of cases) {
    const p = paginate(async () => response(), options);
    const err = await badPage(p, "return `await res.json()`");
    assert.ok(err.message.includes('preset: "link"'), err.message);
  }
  // Functions for every location read the Response themselves: no check.
  let n = 0;
  const fn = paginate(async () => ({ r: response(), n: ++n }), { items: async (p) => (await p.r.json()).items, next: (p) => (p.n < 2 ? p.n : undefined) });
  assert.deepEqual(await fn.toArray(), [1, 1]);
  // A Response-like object of another realm or a polyfill (toStringTag "Response") counts too.
  class FakeResponse { get [Symbol.toStringTag]() { return "Response"; } }
  await badPage(paginate(async () => new FakeResponse(), { items: "items", next: "next" }), "return `await res.json()`");
});

test("Relay without root, when the page has no edges, nodes or pageInfo at the top: bad_page naming root", async () => {
  const page = { data: { orders: { edges: [{ node: 1 }], pageInfo: { endCursor: "c1", hasNextPage: true } } } };
  const err = await badPage(paginate(async () => page, { preset: "relay" }), "options.root");
  assert.ok(err.message.includes('"edges", "nodes" or "pageInfo"'), err.message);
  // Edges without pageInfo could only end after one page: bad_page too.
  await badPage(paginate(async () => ({ edges: [{ node: 1 }] }), { preset: "relay" }), 'nothing at "pageInfo" (preset "relay")');
  // Items given explicitly, no root, no pageInfo at the top: the root is what is missing.
  await badPage(paginate(async () => page, { preset: "relay", items: "data.orders.edges" }), "preset \"relay\" needs options.root");
  await badPage(paginate(async () => ({ data: { q: { nodes: [1] } } }), { preset: "relay", root: "data.q" }), 'nothing at "pageInfo" under options.root "data.q"');
  // At the top, a connection needs no root.
  const top = paginate(chain(3, (i, next) => ({ nodes: [i], pageInfo: { endCursor: next ?? null, hasNextPage: next !== undefined } })).fetchPage, { preset: "relay" });
  assert.deepEqual(await top.toArray(), [0, 1, 2]);
});

test("messages say what happened: the cause's words are in the message; cause and resumeToken are unchanged", async () => {
  const boom = new Error("HTTP 404 Not Found (request 3)");
  let n = 0;
  const p = paginate(async () => {
    if (++n === 3) throw boom;
    return { items: [n], next: `t${n}` };
  }, { items: "items", next: "next", retry: { retries: 0 } });
  const err = await failure(p.toArray());
  assert.equal(err.code, "fetch_failed");
  assert.equal(err.message, "fetchPage failed: HTTP 404 Not Found (request 3)");
  assert.equal(String(err), "PaginationError: fetchPage failed: HTTP 404 Not Found (request 3)");
  assert.equal(err.cause, boom);
  assert.equal(typeof err.resumeToken, "string");
  // A named error keeps its name in the words; a thrown string is its own message.
  class NoSuchBucket extends Error { name = "NoSuchBucket"; }
  const named = await failure(paginate(async () => { throw new NoSuchBucket("The specified bucket does not exist"); }, { items: "items", next: "next" }).toArray());
  assert.equal(named.message, "fetchPage failed: NoSuchBucket: The specified bucket does not exist");
  const str = await failure(paginate(async () => { throw "offline"; }, { items: "items", next: "next", retry: { retries: 0 } }).toArray());
  assert.equal(str.message, "fetchPage failed: offline");
  assert.equal(str.cause, "offline");
  // A getter that throws says nothing, and is read once.
  let reads = 0;
  const hostile = { get message() { reads++; throw new Error("no"); } };
  const h = await failure(paginate(async () => { throw hostile; }, { items: "items", next: "next", retry: { retries: 0 } }).toArray());
  assert.equal(h.message, "fetchPage failed");
  assert.equal(h.cause, hostile);
  assert.equal(reads, 1);
  // An items function that throws: its words follow "a page could not be read".
  const bad = await failure(paginate(async () => ({}), { items: () => { throw new TypeError("rows is not iterable"); }, next: "next" }).toArray());
  assert.equal(bad.message, "a page could not be read: TypeError: rows is not iterable");
});

test("link preset: a non-2xx Response is described by its status", async () => {
  const server = http.createServer((req, res) => {
    res.writeHead(404, { "content-type": "application/json" });
    res.end('{"detail":"Invalid cursor"}');
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  try {
    const url = `http://127.0.0.1:${server.address().port}/x`;
    const err = await failure(paginate((u, { signal }) => fetch(u ?? url, { signal }), { preset: "link" }).toArray());
    assert.equal(err.code, "fetch_failed");
    assert.equal(err.message, "fetchPage failed: HTTP 404 Not Found");
    assert.ok(err.cause instanceof Response);
  } finally {
    server.close();
  }
});

test("link preset: what is no fetch Response is bad_page saying so, also a fake one whose status throws", async () => {
  const fakes = {
    "a plain object": { status: "200", items: [1] },
    "an object made from Response.prototype": Object.create(Response.prototype),
    "a Proxy whose status throws": new Proxy({}, { get: (_, key) => { if (key === "status") throw new Error("trap"); } }),
  };
  for (const [what, page] of Object.entries(fakes)) {
    let calls = 0;
    const err = await failure(paginate(async () => (calls++, page), { preset: "link", retry: { retries: 3, baseDelayMs: 1 } }).toArray());
    assert.ok(err instanceof PaginationError, what);
    assert.equal(err.code, "bad_page", `${what}: ${err.message}`);
    assert.equal(err.message, 'a page could not be read: with preset "link", fetchPage must return a fetch Response', what);
    assert.equal(calls, 1, `${what}: a bad page is not retried`);
  }
});

test("aws: NextToken, nextToken, NextContinuationToken, NextMarker; IsTruncated is the has-more flag", async () => {
  for (const field of ["NextToken", "nextToken", "NextContinuationToken", "NextMarker"]) {
    const api = chain(4, (i, next) => ({ Things: [i], [field]: next, ...(field.startsWith("Next") && field !== "NextToken" ? { IsTruncated: next !== undefined } : {}) }));
    const p = paginate(api.fetchPage, { preset: "aws", items: "Things" });
    assert.deepEqual(await p.toArray(), [0, 1, 2, 3], field);
    assert.deepEqual(api.calls, [undefined, "t1", "t2", "t3"], field);
  }
  // IsTruncated false ends the walk even with a token (Route 53 echoes Marker; some services
  // leave a stale NextMarker).
  const stale = paginate(async () => ({ Things: [1], NextMarker: "again", IsTruncated: false }), { preset: "aws", items: "Things" });
  assert.deepEqual(await stale.toArray(), [1]);
  assert.equal(stale.stopReason, "end");
});

test("aws: Marker is the next token when IsTruncated is true and no Next… field exists (IAM)", async () => {
  // IAM ListRoles: { Roles, IsTruncated, Marker } — Marker only while truncated.
  const api = chain(3, (i, next) => ({ Roles: [i], IsTruncated: next !== undefined, ...(next ? { Marker: next } : {}) }));
  const p = paginate(api.fetchPage, { preset: "aws", items: "Roles" });
  assert.deepEqual(await p.toArray(), [0, 1, 2]);
  assert.deepEqual(api.calls, [undefined, "t1", "t2"]);
  // Route 53: Marker echoes the request, NextMarker is the next one: NextMarker wins.
  const r53 = chain(3, (i, next) => ({ HostedZones: [i], Marker: i === 0 ? undefined : `t${i}`, IsTruncated: next !== undefined, ...(next ? { NextMarker: next } : {}) }));
  assert.deepEqual(await paginate(r53.fetchPage, { preset: "aws", items: "HostedZones" }).toArray(), [0, 1, 2]);
});

test("aws: S3 ListObjects (v1) without a Delimiter (truncated, no NextMarker) is bad_page with a hint, never a stop after one page", async () => {
  const page = { Name: "b", Contents: [{ Key: "a" }, { Key: "b" }], IsTruncated: true, Marker: "", MaxKeys: 2 };
  const err = await badPage(paginate(async () => page, { preset: "aws", items: "Contents" }), "S3 ListObjects (v1) without a Delimiter gives no NextMarker");
  assert.ok(err.message.includes("ListObjectsV2"), err.message);
  // The hint works: the last key as the next token.
  const keys = ["a", "b", "c", "d", "e"];
  const listed = paginate(async (marker) => {
    const from = marker === undefined ? 0 : keys.indexOf(marker) + 1;
    const Contents = keys.slice(from, from + 2).map((Key) => ({ Key }));
    return { Contents, IsTruncated: from + 2 < keys.length, Marker: marker ?? "" };
  }, { preset: "aws", items: "Contents", next: (page) => page.Contents.at(-1)?.Key });
  assert.deepEqual((await listed.toArray()).map((o) => o.Key), keys);
  // IsTruncated false ends it, also with options.next: no request after the last page.
  assert.equal(listed.stats.requests, 3);
});

test("root applies to every location, functions included: they receive the value at root and the whole page", async () => {
  const seen = [];
  const api = chain(3, (i, next) => ({ data: { list: [i], cursor: next, more: next !== undefined }, meta: { page: i } }));
  const p = paginate(api.fetchPage, {
    root: "data",
    items: (conn, page) => (seen.push([conn, page]), conn.list),
    next: (conn) => conn.cursor,
    more: async (conn, page) => conn.more && page.meta.page < 5,
  });
  assert.deepEqual(await p.toArray(), [0, 1, 2]);
  assert.equal(seen.length, 3);
  for (const [conn, page] of seen) assert.equal(conn, page.data);
});

test("{ items, nextToken } walks with preset keyset alone (also next_token, nextPageToken, next_cursor, nextCursor)", async () => {
  for (const field of ["nextToken", "next_token", "nextPageToken", "next_cursor", "nextCursor"]) {
    const api = chain(4, (i, next) => ({ items: [i], [field]: next }));
    const p = paginate(api.fetchPage, { preset: "keyset" });
    assert.deepEqual(await p.toArray(), [0, 1, 2, 3], field);
  }
  // The aws preset with items given walks it too (CloudWatch Logs, ECS: nextToken).
  assert.deepEqual(await paginate(chain(3, (i, next) => ({ items: [i], nextToken: next })).fetchPage, { preset: "aws", items: "items" }).toArray(), [0, 1, 2]);
});
