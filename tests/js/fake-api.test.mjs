// The demo's in-browser services (www/fake-api.js) behave like the real ones they stand for:
// DynamoDB's Limit counts items read before the filter, pages stop at 1 MB, filtered pages can be
// empty and still carry a key, EC2 NextTokens expire after 24 hours, and the keyset endpoint's
// signed cursors are checked by pagecursor.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as pagecursor from "pagecursor";
import {
  createBackend, createKeysetService, PAGE_BYTES, TOKEN_LIFETIME_MS, DEMO_KEY_ID,
} from "../../www/fake-api.js";

async function walkScan(backend, request) {
  const pages = [];
  let key;
  do {
    const page = await backend.scan({ ...request, ExclusiveStartKey: key });
    pages.push(page);
    key = page.LastEvaluatedKey;
  } while (key);
  return pages;
}

test("the table is the same for the same seed and different for another", () => {
  const a = createBackend({ seed: 7 });
  const b = createBackend({ seed: 7 });
  const c = createBackend({ seed: 8 });
  assert.deepEqual(a.table, b.table);
  assert.notDeepEqual(a.table.map((o) => o.status), c.table.map((o) => o.status));
  assert.equal(a.table.length, 3000);
  const sizes = a.table.map((o) => o.size);
  assert.ok(Math.min(...sizes) < 1000 && Math.max(...sizes) > 100_000, "item sizes vary");
});

test("Limit caps the items evaluated before the filter, not the items returned", async () => {
  const backend = createBackend();
  const page = await backend.scan({ Limit: 25, status: "cancelled" });
  const read = backend.table.slice(0, page.ScannedCount);
  assert.equal(page.ScannedCount, 25);
  assert.deepEqual(page.Items.map((o) => o.id), read.filter((o) => o.status === "cancelled").map((o) => o.id));
  assert.equal(page.Count, page.Items.length);
  assert.ok(page.Count < 25);
  assert.deepEqual(page.LastEvaluatedKey, { pk: read[24].pk, sk: read[24].sk });
});

test("a page stops before it would read more than 1 MB, whatever the Limit", async () => {
  const backend = createBackend();
  const pages = await walkScan(backend, { Limit: 1000 });
  let offset = 0;
  let stoppedBySize = 0;
  for (const page of pages) {
    assert.ok(page.ScannedBytes <= PAGE_BYTES, `${page.ScannedBytes} bytes`);
    assert.ok(page.ScannedCount < 1000);
    const next = backend.table[offset + page.ScannedCount];
    if (page.StoppedBy === "size") {
      stoppedBySize++;
      assert.ok(page.ScannedBytes + next.size > PAGE_BYTES, "the next item would cross the ceiling");
    }
    offset += page.ScannedCount;
  }
  assert.equal(offset, backend.table.length);
  assert.ok(stoppedBySize > 10);
  assert.deepEqual(pages.flatMap((p) => p.Items.map((o) => o.id)), backend.expectedOrderIds());
});

test("filtered scans return empty pages that still carry a LastEvaluatedKey", async () => {
  const backend = createBackend();
  const pages = await walkScan(backend, { Limit: 25, status: "returned" });
  const empty = pages.filter((p) => p.Count === 0 && p.LastEvaluatedKey);
  assert.ok(empty.length > 10, `${empty.length} empty pages with a key`);
  // Stopping at the first empty page would lose items; following every key loses none.
  const firstEmpty = pages.findIndex((p) => p.Count === 0);
  const beforeEmpty = pages.slice(0, firstEmpty).flatMap((p) => p.Items);
  const all = pages.flatMap((p) => p.Items.map((o) => o.id));
  assert.ok(beforeEmpty.length < all.length);
  assert.deepEqual(all, backend.expectedOrderIds("returned"));
  assert.equal(new Set(all).size, all.length);
});

test("a Limit that ends exactly on the last item returns a key and then an empty last page", async () => {
  const backend = createBackend({ orders: 50 });
  const first = await backend.scan({ Limit: 50 });
  assert.equal(first.ScannedCount, 50);
  assert.ok(first.LastEvaluatedKey, "DynamoDB cannot know it read the last item");
  const last = await backend.scan({ Limit: 50, ExclusiveStartKey: first.LastEvaluatedKey });
  assert.equal(last.Count, 0);
  assert.equal(last.LastEvaluatedKey, undefined);
});

test("a malformed ExclusiveStartKey or Limit is a ValidationException", async () => {
  const backend = createBackend();
  await assert.rejects(backend.scan({ ExclusiveStartKey: { sk: 3 } }), { name: "ValidationException" });
  await assert.rejects(backend.scan({ Limit: 0 }), { name: "ValidationException" });
});

test("throttling throws ProvisionedThroughputExceededException marked retryable", async () => {
  const backend = createBackend({ throttle: 1 });
  const events = [];
  backend.subscribe((e) => events.push(e));
  await assert.rejects(backend.scan({ Limit: 10 }), (err) => {
    assert.equal(err.name, "ProvisionedThroughputExceededException");
    assert.ok(err.$retryable);
    return true;
  });
  assert.equal(events.at(-1).error.name, "ProvisionedThroughputExceededException");
  backend.faults.throttle = 0;
  const page = await backend.scan({ Limit: 10 });
  assert.equal(page.ScannedCount, 10);
  assert.equal(events.at(-1).evaluated, 10);
});

test("every request is reported with token sent and received, returned vs evaluated, bytes", async () => {
  const backend = createBackend();
  const events = [];
  backend.subscribe((e) => events.push(e));
  const first = await backend.scan({ Limit: 25, status: "shipped" });
  await backend.scan({ Limit: 25, status: "shipped", ExclusiveStartKey: first.LastEvaluatedKey });
  assert.equal(events.length, 2);
  assert.equal(events[0].sent, undefined);
  assert.deepEqual(events[0].received, first.LastEvaluatedKey);
  assert.deepEqual(events[1].sent, first.LastEvaluatedKey);
  assert.equal(events[0].returned, first.Count);
  assert.equal(events[0].evaluated, 25);
  assert.equal(events[0].bytes, first.ScannedBytes);
  assert.ok(events[1].seq > events[0].seq);
});

test("EC2 NextTokens page through a filtered fleet with short and empty pages", async () => {
  const backend = createBackend();
  const ids = [];
  let token;
  let empty = 0;
  do {
    const page = await backend.describeInstances({ MaxResults: 50, NextToken: token, state: "stopped" });
    if (page.Instances.length === 0 && page.NextToken) empty++;
    ids.push(...page.Instances.map((i) => i.InstanceId));
    token = page.NextToken;
  } while (token);
  assert.ok(empty > 0);
  assert.deepEqual(ids, backend.expectedInstanceIds("stopped"));
  await assert.rejects(backend.describeInstances({ MaxResults: 4 }), { name: "InvalidParameterValue" });
});

test("EC2 NextTokens expire 24 hours after they were issued", async () => {
  const backend = createBackend();
  const { NextToken } = await backend.describeInstances({ MaxResults: 100 });
  backend.clock.advance(TOKEN_LIFETIME_MS - 1);
  const page = await backend.describeInstances({ MaxResults: 100, NextToken });
  assert.equal(page.Instances[0].InstanceId, backend.instances[100].InstanceId);
  backend.clock.advance(1);
  await assert.rejects(backend.describeInstances({ MaxResults: 100, NextToken }), (err) => {
    assert.equal(err.name, "InvalidPaginationToken");
    assert.match(err.message, /expired/);
    assert.equal(err.$retryable, undefined);
    return true;
  });
});

test("EC2 NextTokens are refused when damaged or used with another filter", async () => {
  const backend = createBackend();
  const { NextToken } = await backend.describeInstances({ MaxResults: 100, state: "running" });
  const damaged = (NextToken[3] === "A" ? "B" : "A") + NextToken.slice(1);
  for (const request of [
    { NextToken: damaged, state: "running" },
    { NextToken: "not a token", state: "running" },
    { NextToken, state: "stopped" },
  ]) {
    await assert.rejects(backend.describeInstances({ MaxResults: 100, ...request }), { name: "InvalidPaginationToken" });
  }
});

test("the keyset endpoint's cursors are signed, bound to the query and expire on the fake clock", () => {
  const backend = createBackend();
  const service = createKeysetService(backend, pagecursor);
  const ids = [];
  let after;
  let page;
  do {
    page = service.list({ after, limit: 40, status: "cancelled" });
    ids.push(...page.items.map((o) => o.id));
    after = page.nextCursor;
  } while (page.hasNext);
  assert.deepEqual(ids, backend.expectedOrderIds("cancelled"));

  const { nextCursor } = service.list({ limit: 5, status: "shipped" });
  const cursor = service.codec.decode(nextCursor, { scope: service.scopeOf("shipped") });
  assert.equal(cursor.keyId, DEMO_KEY_ID);
  assert.ok(cursor.expiresAt instanceof Date);
  assert.throws(() => service.list({ after: nextCursor, limit: 5, status: "returned" }), { code: "scope_mismatch" });
  // ttl 24 h, no grace: valid one millisecond before, expired exactly at issuedAt + ttl.
  backend.clock.advance(24 * 3600 * 1000 - 1);
  assert.equal(service.list({ after: nextCursor, limit: 5, status: "shipped" }).items[0].id, 6);
  backend.clock.advance(1);
  assert.throws(() => service.list({ after: nextCursor, limit: 5, status: "shipped" }), { code: "expired" });
});
