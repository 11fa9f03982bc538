// The source table of the export: its schema, its seeded contents and the DynamoDB client the
// workers and the test share. Everything talks to 127.0.0.1 only, with dummy credentials.
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
} from "@aws-sdk/client-dynamodb";

const CREDENTIALS = { accessKeyId: "scaleout", secretAccessKey: "scaleout" };

// maxAttempts 1: the SDK never retries on its own, so every retry counted in the figures is the
// paginator's (a throttled Scan) or the sink's (an UnprocessedItems batch). accountIdEndpointMode
// off: no account-based endpoint resolution.
export function dynamoClient(endpoint) {
  process.env.AWS_EC2_METADATA_DISABLED = "true";
  // The SDK's notice that its releases after January 2027 need Node 22 would be printed by every
  // worker process; the runtimes matrix, not this test, is where Node versions are tracked.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return new DynamoDBClient({
    endpoint,
    region: "us-east-1",
    credentials: CREDENTIALS,
    maxAttempts: 1,
    accountIdEndpointMode: "disabled",
  });
}

// A composite key (PK, SK), so that a parallel Scan splits the table by the hash of PK: every
// item of one partition key lands in the same segment.
export async function createTable(client, TableName) {
  await client.send(
    new CreateTableCommand({
      TableName,
      AttributeDefinitions: [
        { AttributeName: "PK", AttributeType: "S" },
        { AttributeName: "SK", AttributeType: "S" },
      ],
      KeySchema: [
        { AttributeName: "PK", KeyType: "HASH" },
        { AttributeName: "SK", KeyType: "RANGE" },
      ],
      BillingMode: "PAY_PER_REQUEST",
    }),
  );
}

export async function deleteTable(client, TableName) {
  await client.send(new DeleteTableCommand({ TableName }));
}

// What a checkpoint is bound to: the table itself (its ARN and creation time, so that a table
// dropped and recreated under the same name does not accept old checkpoints) and every scan
// parameter that changes what a page holds.
export async function describeSource(client, TableName) {
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  return { arn: Table.TableArn, created: Table.CreationDateTime.getTime() };
}

// The item id used everywhere (sink, comparisons): its primary key.
export const itemId = (item) => `${item.PK.S}|${item.SK.S}`;

// mulberry32: a tiny seeded PRNG, so every run holds byte-identical data.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The seeded table: `count` orders over `customers` partition keys, plus one hot customer whose
// `hot` orders carry attachments. Sizes are mixed: most items are 0.1-1.2 KB, one in thirty
// 2-12 KB, and every `attachmentEvery`-th order of the hot customer 80-250 KB. The attachments make the
// hot customer's pages stop at the 1 MB ceiling long before `Limit`; everywhere else `Limit` cuts.
// The hot customer also makes its segment the longest one (a hot partition, as a parallel Scan
// sees it: one partition key is never split between segments).
export const DEFAULT_DATA = { count: 20_000, customers: 900, hot: 800, attachmentEvery: 10, seed: 18 };

export function generateItems({ count, customers, hot, attachmentEvery, seed } = DEFAULT_DATA) {
  const rand = prng(seed);
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const text = (len) => {
    let block = "";
    for (let k = 0; k < 64; k++) block += alphabet[Math.floor(rand() * alphabet.length)];
    return block.repeat(Math.ceil(len / 64)).slice(0, len);
  };
  const items = [];
  for (let i = 0; i < count; i++) {
    const isHot = i < hot;
    const customer = isHot ? "C#hot" : `C#${String(Math.floor(rand() * customers)).padStart(4, "0")}`;
    let len;
    if (isHot && i % attachmentEvery === 0) len = 80_000 + Math.floor(rand() * 170_000);
    else if (rand() < 1 / 30) len = 2_000 + Math.floor(rand() * 10_000);
    else len = 100 + Math.floor(rand() * 1_100);
    items.push({
      PK: { S: customer },
      SK: { S: `ORDER#${String(i).padStart(6, "0")}` },
      n: { N: String(i) },
      total: { N: (rand() * 1000).toFixed(2) },
      status: { S: rand() < 0.1 ? "OPEN" : "CLOSED" },
      tags: { SS: ["a", "b", "c"].filter(() => rand() < 0.7).concat(["x"]) },
      body: { S: text(len) },
    });
  }
  return items;
}

// BatchWriteItem in batches of 25, `parallel` requests in flight; UnprocessedItems are sent
// again (dynalite never returns any, DynamoDB may).
export async function batchPut(client, TableName, items, { parallel = 8 } = {}) {
  const batches = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  let retries = 0;
  async function lane() {
    while (next < batches.length) {
      let request = { [TableName]: batches[next++].map((Item) => ({ PutRequest: { Item } })) };
      while (request && Object.keys(request).length > 0) {
        const out = await client.send(new BatchWriteItemCommand({ RequestItems: request }));
        request = out.UnprocessedItems;
        if (request && Object.keys(request).length > 0) retries++;
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, lane));
  return { batches: batches.length, retries };
}
