// What the test compares: the sink against a single-process walk of the source, item for item,
// and the journal's count of items written more than once.
import { paginateScan, ScanCommand } from "@aws-sdk/client-dynamodb";
import { paginate } from "pagecursor";
import { itemId } from "./table.mjs";

// The reference: one process, one paginate walk over the whole table, no segments.
export async function referenceWalk(client, TableName, { pageSize = 100, segment } = {}) {
  const pages = paginate(
    (token, { signal, pageSize: Limit, segment: Segment, totalSegments: TotalSegments }) =>
      client.send(new ScanCommand({ TableName, Limit, ExclusiveStartKey: token, Segment, TotalSegments }), { abortSignal: signal }),
    { preset: "dynamodb", pageSize, ...(segment ? { segment } : {}) },
  );
  const items = new Map();
  const pageSizes = [];
  let limitCuts = 0;
  let sizeCuts = 0;
  for await (const page of pages) {
    for (const item of page.Items) items.set(itemId(item), item);
    pageSizes.push(page.Items.length);
    if (page.LastEvaluatedKey) {
      if (page.Items.length === pageSize) limitCuts++;
      else sizeCuts++;
    }
  }
  return { items, pages: pageSizes.length, limitCuts, sizeCuts, stats: pages.stats };
}

// The sink and the journal are read with the AWS SDK's own paginator, not with the library under
// test.
export async function readTable(client, TableName) {
  const items = new Map();
  for await (const page of paginateScan({ client }, { TableName })) {
    for (const item of page.Items) items.set(itemId(item), item);
  }
  return items;
}

// Canonical form of an item for comparison: attribute names sorted, sets sorted (DynamoDB sets
// are unordered).
export function canonical(item) {
  const value = (v) => {
    const [type, x] = Object.entries(v)[0];
    if (type === "SS" || type === "NS") return { [type]: [...x].sort() };
    if (type === "M") return { M: canonical(x) };
    if (type === "L") return { L: x.map(value) };
    if (type === "B") return { B: Buffer.from(x).toString("base64") };
    return { [type]: x };
  };
  return JSON.stringify(Object.keys(item).sort().map((k) => [k, value(item[k])]));
}

export function compare(expected, actual) {
  const missing = [];
  const different = [];
  const extra = [];
  for (const [id, item] of expected) {
    const got = actual.get(id);
    if (!got) missing.push(id);
    else if (canonical(got) !== canonical(item)) different.push(id);
  }
  for (const id of actual.keys()) if (!expected.has(id)) extra.push(id);
  return { missing, different, extra };
}

// From the journal: writes (item writes sent), distinct items, duplicates = writes - distinct,
// and per job { attempts: Map(attempt -> items written), writes, distinct, duplicates }.
export async function readJournal(client, TableName) {
  const perJob = new Map();
  const all = new Map();
  for (const row of (await readTable(client, TableName)).values()) {
    const job = row.PK.S;
    const attempt = row.SK.S.split("#")[0];
    const ids = row.ids.S.split("\n");
    if (!perJob.has(job)) perJob.set(job, { attempts: new Map(), counts: new Map() });
    const j = perJob.get(job);
    j.attempts.set(attempt, (j.attempts.get(attempt) ?? 0) + ids.length);
    for (const id of ids) {
      j.counts.set(id, (j.counts.get(id) ?? 0) + 1);
      all.set(id, (all.get(id) ?? 0) + 1);
    }
  }
  const sum = (m) => [...m.values()].reduce((a, b) => a + b, 0);
  const jobs = new Map(
    [...perJob].map(([job, j]) => {
      const writes = sum(j.counts);
      return [job, { attempts: j.attempts, ids: new Set(j.counts.keys()), writes, distinct: j.counts.size, duplicates: writes - j.counts.size }];
    }),
  );
  const writes = sum(all);
  return { writes, distinct: all.size, duplicates: writes - all.size, jobs };
}
