// The paginator against real token-paginated servers on 127.0.0.1: dynalite (DynamoDB, npm)
// and moto in server mode (DynamoDB and EC2, PyPI). Every walk by `paginate` is compared item
// for item, ids and order, with the AWS SDK's own paginator over the same seeded data.
//
// Run: `bash tests/peers/run.sh` starts both servers, passes their URLs in PEERS_DYNALITE_URL
// and PEERS_MOTO_URL, and stops them on every exit path. Without those variables this file
// starts (and stops) the servers itself with the same scripts.
//
// The file is also its own child process for the resume test: with PEERS_RESUME_CHILD set it
// resumes one walk from a resumeToken, prints the item ids and defines no tests.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { InfiniteList, paginate, PaginationError } from "pagecursor";
import { peerServers } from "./peer-server.mjs";

// Dummy credentials and no instance-metadata look-ups: nothing may leave 127.0.0.1.
process.env.AWS_ACCESS_KEY_ID = "peers";
process.env.AWS_SECRET_ACCESS_KEY = "peers";
process.env.AWS_REGION = "us-east-1";
process.env.AWS_EC2_METADATA_DISABLED = "true";
delete process.env.AWS_PROFILE;
delete process.env.AWS_SESSION_TOKEN;

const {
  BatchWriteItemCommand,
  CreateTableCommand,
  DynamoDBClient,
  QueryCommand,
  ScanCommand,
  paginateQuery,
  paginateScan,
  waitUntilTableExists,
} = await import("@aws-sdk/client-dynamodb");
const {
  DynamoDBDocumentClient,
  QueryCommand: DocQueryCommand,
  paginateQuery: paginateDocQuery,
} = await import("@aws-sdk/lib-dynamodb");
const { DescribeInstancesCommand, EC2Client, RunInstancesCommand, paginateDescribeInstances } =
  await import("@aws-sdk/client-ec2");
const { CreateBucketCommand, ListObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3Client, paginateListObjectsV2 } =
  await import("@aws-sdk/client-s3");
const { CreateRoleCommand, IAMClient, ListRolesCommand, paginateListRoles } = await import("@aws-sdk/client-iam");
const { CreateHostedZoneCommand, ListHostedZonesCommand, Route53Client, paginateListHostedZones } =
  await import("@aws-sdk/client-route-53");

// ---------------------------------------------------------------------------------------
// Clients, seed data and the fetchPage functions handed to `paginate`.

const CREDENTIALS = { accessKeyId: "peers", secretAccessKey: "peers" };

function clientConfig(endpoint) {
  // maxAttempts 1: the SDK must not retry on its own, so every retry seen in these tests is
  // the paginator's.
  return { endpoint, region: "us-east-1", credentials: CREDENTIALS, maxAttempts: 1 };
}

// accountIdEndpointMode off: no account-based endpoint resolution for DynamoDB.
const dynamoClient = (endpoint) => new DynamoDBClient({ ...clientConfig(endpoint), accountIdEndpointMode: "disabled" });
const ec2Client = (endpoint) => new EC2Client(clientConfig(endpoint));

// mulberry32: a tiny seeded PRNG, so both servers hold byte-identical data on every run.
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

function shuffled(n, rand) {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

// Two tables, both filled from the same seeded generator:
// - "Items": 250 small items in one partition (PK "P#0"), for the Query walks. 13 seeded
//   items (5 %) have status OPEN, so a Limit-25 page filtered on OPEN is mostly short, sometimes
//   empty while still carrying a LastEvaluatedKey.
// - "Big": 48 items over 12 partitions, 10 of them 350 KiB: about 3.6 MB, so the 1 MB page
//   ceiling cuts an unlimited Scan (and each segment of a parallel Scan) into several pages.
const TABLES = {
  Items: { count: 250, partitions: 1, big: 0, payload: [64, 320] },
  Big: { count: 48, partitions: 12, big: 10, payload: [1024, 3072] },
};
const ITEMS = TABLES.Items.count;
const OPEN_ITEMS = Math.round(ITEMS * 0.05);

// Items: PK "P#<i % partitions>", SK "ITEM#<i, 5 digits>", n, status, payload. The seeds and
// shuffles follow the exploration scripts whose measurements docs/real-servers.md quotes.
function generateItems({ count, partitions, big, payload: [min, max] }) {
  const rand = prng(42);
  const bigSet = new Set(shuffled(count, rand).slice(0, big));
  const open = new Set(shuffled(count, rand).slice(0, Math.round(count * 0.05)));
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const items = [];
  for (let i = 0; i < count; i++) {
    const len = bigSet.has(i) ? 350 * 1024 : min + Math.floor(rand() * (max - min));
    let block = "";
    for (let k = 0; k < 64; k++) block += alphabet[Math.floor(rand() * alphabet.length)];
    items.push({
      PK: { S: `P#${i % partitions}` },
      SK: { S: `ITEM#${String(i).padStart(5, "0")}` },
      n: { N: String(i) },
      status: { S: open.has(i) ? "OPEN" : "CLOSED" },
      payload: { S: block.repeat(Math.ceil(len / 64)).slice(0, len) },
    });
  }
  return items;
}

async function seedTable(client, table) {
  await client.send(
    new CreateTableCommand({
      TableName: table,
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
  await waitUntilTableExists({ client, maxWaitTime: 20, minDelay: 1, maxDelay: 1 }, { TableName: table });
  const items = generateItems(TABLES[table]);
  for (let i = 0; i < items.length; i += 25) {
    let pending = { [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    // Neither server has ever left items unprocessed here; the bound keeps a surprise finite.
    for (let attempt = 0; attempt < 5 && pending && Object.keys(pending).length > 0; attempt++) {
      pending = (await client.send(new BatchWriteItemCommand({ RequestItems: pending }))).UnprocessedItems;
    }
    assert.equal(Object.keys(pending ?? {}).length, 0, `unprocessed items left while seeding ${table}`);
  }
}

// 12 reservations, 27 instances, in creation order: R0 = 12 x t2.micro prod, R1..R10 one
// instance each (alternating t3.small dev / t2.micro prod), R11 = 5 x t3.small dev.
async function seedInstances(client) {
  const plan = [{ n: 12, type: "t2.micro", env: "prod" }];
  for (let i = 0; i < 10; i++) {
    plan.push(i % 2 ? { n: 1, type: "t2.micro", env: "prod" } : { n: 1, type: "t3.small", env: "dev" });
  }
  plan.push({ n: 5, type: "t3.small", env: "dev" });
  for (const p of plan) {
    await client.send(
      new RunInstancesCommand({
        ImageId: "ami-12c6146b", // moto's example AMI id; moto does not validate AMIs by default
        MinCount: p.n,
        MaxCount: p.n,
        InstanceType: p.type,
        TagSpecifications: [{ ResourceType: "instance", Tags: [{ Key: "env", Value: p.env }] }],
      }),
    );
  }
}

const QUERY_P0 = {
  TableName: "Items",
  KeyConditionExpression: "PK = :pk",
  ExpressionAttributeValues: { ":pk": { S: "P#0" } },
};
const QUERY_P0_OPEN = {
  ...QUERY_P0,
  FilterExpression: "#st = :open",
  ExpressionAttributeNames: { "#st": "status" },
  ExpressionAttributeValues: { ":pk": { S: "P#0" }, ":open": { S: "OPEN" } },
};

// The fetchPage every DynamoDB walk uses: the raw token (LastEvaluatedKey, exactly as the
// previous page carried it) becomes ExclusiveStartKey, ctx.pageSize becomes Limit, the
// segment fields become Segment/TotalSegments, ctx.signal aborts the request. `calls` (when
// given) records what the paginator passed, so the tests can check the raw-token contract.
function dynamoFetch(client, Command, input, calls) {
  return async (token, ctx) => {
    calls?.push({ token, ...ctx });
    const request = { ...input };
    if (token !== undefined) request.ExclusiveStartKey = token;
    if (ctx.pageSize !== undefined) request.Limit = ctx.pageSize;
    if (ctx.totalSegments !== undefined) {
      request.Segment = ctx.segment;
      request.TotalSegments = ctx.totalSegments;
    }
    const page = await client.send(new Command(request), { abortSignal: ctx.signal });
    // Tagged so a parallel walk's pages can be grouped by segment.
    return ctx.totalSegments === undefined ? page : { ...page, segment: ctx.segment };
  };
}

function ec2Fetch(client, input, calls) {
  return async (token, ctx) => {
    calls?.push({ token, ...ctx });
    const request = { ...input };
    if (token !== undefined) request.NextToken = token;
    if (ctx.pageSize !== undefined) request.MaxResults = ctx.pageSize;
    return client.send(new DescribeInstancesCommand(request), { abortSignal: ctx.signal });
  };
}

const itemId = (item) => `${item.PK.S}|${item.SK.S}`;
const docItemId = (item) => `${item.PK}|${item.SK}`;

async function collect(iterable) {
  const out = [];
  for await (const x of iterable) out.push(x);
  return out;
}

// ---------------------------------------------------------------------------------------
// Child process of the resume test: resume from a token handed over in the environment.

if (process.env.PEERS_RESUME_CHILD) {
  const { endpoint, resumeToken } = JSON.parse(process.env.PEERS_RESUME_CHILD);
  const client = dynamoClient(endpoint);
  const rest = await paginate(dynamoFetch(client, QueryCommand, QUERY_P0), {
    preset: "dynamodb",
    pageSize: 25,
    resumeToken,
  }).toArray();
  process.stdout.write(JSON.stringify(rest.map(itemId)));
  client.destroy();
} else {
  defineTests();
}

// ---------------------------------------------------------------------------------------
// The tests.

function defineTests() {
  // The suites run side by side (dynalite and moto are separate processes); the tests
  // inside a suite run one after the other.
  describe("pagecursor against real servers", { concurrency: true }, () => {
    const urls = peerServers({ dynalite: "PEERS_DYNALITE_URL", moto: "PEERS_MOTO_URL" });
    dynamoSuites(urls);
    ec2Suite(urls);
    awsListSuite(urls);
    s3FoldersSuite(urls);
  });
}

function dynamoSuites(urls) {
  for (const server of ["dynalite", "moto"]) {
    describe(`DynamoDB on ${server}`, { concurrency: false }, () => {
      let client;
      before(async () => {
        client = dynamoClient(urls[server]);
        await seedTable(client, "Items");
        await seedTable(client, "Big");
      });
      after(() => client?.destroy());

      test("Query with Limit 25 and a filter that empties pages matches paginateQuery", async () => {
        const sdkPages = await collect(paginateQuery({ client, pageSize: 25 }, { ...QUERY_P0_OPEN }));
        const calls = [];
        const pages = paginate(dynamoFetch(client, QueryCommand, QUERY_P0_OPEN, calls), {
          preset: "dynamodb",
          pageSize: 25,
        });
        const items = await pages.toArray();

        assert.deepEqual(items.map(itemId), sdkPages.flatMap((p) => p.Items).map(itemId));
        assert.equal(items.length, OPEN_ITEMS);
        // Short and empty pages must not end the walk: some pages carried a token and no item.
        const emptyWithToken = sdkPages.filter((p) => p.Items.length === 0 && p.LastEvaluatedKey);
        assert.ok(emptyWithToken.length > 0, "the data should produce empty pages that carry a token");
        assert.equal(pages.stats.pages, sdkPages.length);
        assert.equal(pages.stats.emptyPages, sdkPages.filter((p) => p.Items.length === 0).length);
        assert.equal(pages.stopReason, "end");
        assert.equal(pages.resumeToken, undefined);
        // fetchPage got the raw LastEvaluatedKey of the previous page, and Limit from pageSize.
        assert.deepEqual(
          calls.map((c) => c.token),
          [undefined, ...sdkPages.slice(0, -1).map((p) => p.LastEvaluatedKey)],
        );
        assert.ok(calls.every((c) => c.pageSize === 25 && c.signal instanceof AbortSignal));
      });

      test("Scan without Limit over 350 KiB items: pages cut at 1 MB match paginateScan", async () => {
        const sdkPages = await collect(paginateScan({ client }, { TableName: "Big" }));
        const calls = [];
        const pages = paginate(dynamoFetch(client, ScanCommand, { TableName: "Big" }, calls), {
          preset: "dynamodb",
        });
        const items = await collect(pages.items());

        assert.deepEqual(items.map(itemId), sdkPages.flatMap((p) => p.Items).map(itemId));
        assert.equal(items.length, TABLES.Big.count);
        assert.ok(sdkPages.length >= 3, `expected several size-cut pages, got ${sdkPages.length}`);
        assert.equal(pages.stats.pages, sdkPages.length);
        assert.ok(calls.every((c) => c.pageSize === undefined), "no pageSize: no Limit is sent");
      });

      test("parallel Scan with 4 segments matches paginateScan per segment", async () => {
        const perSegment = await Promise.all(
          [0, 1, 2, 3].map((s) =>
            collect(paginateScan({ client }, { TableName: "Big", Segment: s, TotalSegments: 4 })),
          ),
        );
        const calls = [];
        const pages = await collect(
          paginate(dynamoFetch(client, ScanCommand, { TableName: "Big" }, calls), {
            preset: "dynamodb",
            segments: 4,
          }),
        );

        assert.deepEqual(
          [...new Set(calls.map((c) => `${c.segment}/${c.totalSegments}`))].sort(),
          ["0/4", "1/4", "2/4", "3/4"],
        );
        for (const s of [0, 1, 2, 3]) {
          assert.deepEqual(
            pages.filter((p) => p.segment === s).flatMap((p) => p.Items).map(itemId),
            perSegment[s].flatMap((p) => p.Items).map(itemId),
            `segment ${s}`,
          );
        }
        assert.equal(pages.length, perSegment.flat().length);
        const all = pages.flatMap((p) => p.Items).map(itemId);
        assert.equal(new Set(all).size, TABLES.Big.count);
        // The 1 MB ceiling applies per segment too: some segment took more than one page.
        assert.ok(perSegment.some((seg) => seg.length >= 2), "expected a segment with several pages");
      });

      test("DocumentClient Query with the dynamodb preset matches lib-dynamodb paginateQuery", async () => {
        const doc = DynamoDBDocumentClient.from(client);
        const input = {
          TableName: "Items",
          KeyConditionExpression: "PK = :pk",
          ExpressionAttributeValues: { ":pk": "P#0" },
        };
        const sdkPages = await collect(paginateDocQuery({ client: doc, pageSize: 25 }, { ...input }));
        const calls = [];
        const items = await paginate(dynamoFetch(doc, DocQueryCommand, input, calls), {
          preset: "dynamodb",
          pageSize: 25,
        }).toArray();

        assert.deepEqual(items.map(docItemId), sdkPages.flatMap((p) => p.Items).map(docItemId));
        assert.equal(items.length, ITEMS);
        assert.equal(typeof items[0].n, "number");
        // The DocumentClient's LastEvaluatedKey is a plain object; it comes back untouched.
        assert.deepEqual(calls[1].token, sdkPages[0].LastEvaluatedKey);
        assert.equal(typeof calls[1].token.SK, "string");
      });

      test("maxItems 37, then a fresh paginator from resumeToken yields exactly the rest", async () => {
        const whole = (await collect(paginateQuery({ client, pageSize: 25 }, { ...QUERY_P0 })))
          .flatMap((p) => p.Items)
          .map(itemId);
        const fetchPage = dynamoFetch(client, QueryCommand, QUERY_P0);
        const first = paginate(fetchPage, { preset: "dynamodb", pageSize: 25, maxItems: 37 });
        const head = (await first.toArray()).map(itemId);
        assert.equal(head.length, 37);
        assert.equal(first.stopReason, "maxItems");
        assert.equal(typeof first.resumeToken, "string");

        const resumeToken = JSON.parse(JSON.stringify(first.resumeToken)); // as if stored and read back
        const rest = paginate(fetchPage, { preset: "dynamodb", pageSize: 25, resumeToken });
        const tail = (await rest.toArray()).map(itemId);
        assert.deepEqual([...head, ...tail], whole);
        assert.equal(rest.stopReason, "end");
        assert.equal(rest.resumeToken, undefined);

        // The same token resumes in another process: nothing in it depends on this one.
        const child = await new Promise((resolve, reject) => {
          execFile(
            process.execPath,
            [fileURLToPath(import.meta.url)],
            {
              env: { ...process.env, PEERS_RESUME_CHILD: JSON.stringify({ endpoint: urls[server], resumeToken }) },
              maxBuffer: 1 << 20,
            },
            (err, stdout, stderr) => (err ? reject(new Error(`child failed: ${stderr}`)) : resolve(stdout)),
          );
        });
        assert.deepEqual(JSON.parse(child), tail);
      });

      test("maxItems 7 over filtered pages (some empty), resumed, equals one walk", async () => {
        const fetchPage = dynamoFetch(client, QueryCommand, QUERY_P0_OPEN);
        const whole = (await paginate(fetchPage, { preset: "dynamodb", pageSize: 25 }).toArray()).map(itemId);
        const first = paginate(fetchPage, { preset: "dynamodb", pageSize: 25, maxItems: 7 });
        const head = (await first.toArray()).map(itemId);
        assert.equal(head.length, 7);
        const tail = await paginate(fetchPage, {
          preset: "dynamodb",
          pageSize: 25,
          resumeToken: first.resumeToken,
        }).toArray();
        assert.deepEqual([...head, ...tail.map(itemId)], whole);
        assert.equal(whole.length, OPEN_ITEMS);
      });

      test("prefetch 2 and a break after 3 pages: bounded requests, resume yields exactly the rest", async () => {
        const fetchPage = dynamoFetch(client, QueryCommand, QUERY_P0);
        const whole = (await paginate(fetchPage, { preset: "dynamodb", pageSize: 25 }).toArray()).map(itemId);
        const calls = [];
        const walk = paginate(dynamoFetch(client, QueryCommand, QUERY_P0, calls), {
          preset: "dynamodb",
          pageSize: 25,
          prefetch: 2,
        });
        const head = [];
        let pages = 0;
        for await (const page of walk) {
          head.push(...page.Items.map(itemId));
          if (++pages === 3) break;
        }
        // At most prefetch requests beyond the pages received; the rest are aborted through
        // ctx.signal, which the SDK turns into a rejected send.
        assert.ok(calls.length >= 3 && calls.length <= 3 + 2, `${calls.length} requests`);
        assert.equal(typeof walk.resumeToken, "string");
        const tail = await paginate(fetchPage, {
          preset: "dynamodb",
          pageSize: 25,
          resumeToken: walk.resumeToken,
        }).toArray();
        assert.deepEqual([...head, ...tail.map(itemId)], whole);
      });

      test("an invalid ExclusiveStartKey surfaces as fetch_failed with the server's error", async (t) => {
        let thrown;
        const attempts = [];
        const fetchPage = dynamoFetch(client, QueryCommand, QUERY_P0);
        const walk = paginate(
          async (token, ctx) => {
            attempts.push(ctx.attempt);
            try {
              return await fetchPage(token, ctx);
            } catch (err) {
              thrown = err;
              throw err;
            }
          },
          {
            preset: "dynamodb",
            pageSize: 5,
            startToken: { foo: { S: "garbage" } },
            retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 },
          },
        );
        await assert.rejects(walk.toArray(), (err) => {
          assert.ok(err instanceof PaginationError, `got ${err}`);
          assert.equal(err.code, "fetch_failed");
          assert.equal(err.cause, thrown);
          assert.equal(typeof err.resumeToken, "string");
          return true;
        });
        assert.equal(walk.stopReason, "error");
        t.diagnostic(
          `${attempts.length} attempt(s); HTTP ${thrown.$metadata?.httpStatusCode}; ` +
            `cause ${thrown.name}: ${thrown.message.split("\n")[0].slice(0, 100)}`,
        );
        if (server === "dynalite") {
          // A ValidationException (400) is never retried.
          assert.equal(thrown.name, "ValidationException");
          assert.deepEqual(attempts, [1]);
        } else {
          // moto answers with an HTML 500 the SDK cannot parse; whether that is retried or
          // not, the walk ends after at most 1 + retries attempts.
          assert.ok(attempts.length >= 1 && attempts.length <= 3, `attempts ${attempts}`);
          assert.deepEqual(attempts, attempts.map((_, i) => i + 1));
        }
      });
    });
  }

}

function ec2Suite(urls) {
  describe("EC2 DescribeInstances on moto", { concurrency: false }, () => {
    let client;
    before(async () => {
      client = ec2Client(urls.moto);
      await seedInstances(client);
    });
    after(() => client?.destroy());

    const reservationIds = (pages) => pages.flatMap((p) => p.Reservations).map((r) => r.ReservationId);
    const instanceIds = (reservations) => reservations.flatMap((r) => r.Instances).map((i) => i.InstanceId);

    for (const [label, input] of [
      ["all reservations", {}],
      ["filtered by tag", { Filters: [{ Name: "tag:env", Values: ["dev"] }] }],
    ]) {
      test(`MaxResults 5 with the aws preset matches paginateDescribeInstances (${label})`, async () => {
        const sdkPages = await collect(paginateDescribeInstances({ client, pageSize: 5 }, structuredClone(input)));
        const calls = [];
        const walk = paginate(ec2Fetch(client, input, calls), { preset: "aws", items: "Reservations", pageSize: 5 });
        const reservations = await walk.toArray();

        assert.deepEqual(
          reservations.map((r) => r.ReservationId),
          reservationIds(sdkPages),
        );
        assert.deepEqual(instanceIds(reservations), instanceIds(sdkPages.flatMap((p) => p.Reservations)));
        assert.ok(sdkPages.length >= 2, `expected several pages, got ${sdkPages.length}`);
        assert.equal(walk.stats.pages, sdkPages.length);
        assert.deepEqual(
          calls.map((c) => c.token),
          [undefined, ...sdkPages.slice(0, -1).map((p) => p.NextToken)],
        );
        assert.ok(calls.every((c) => c.pageSize === 5));
      });
    }

    test("maxItems over reservations, resumed, equals one walk", async () => {
      const fetchPage = ec2Fetch(client, {});
      const whole = (await paginate(fetchPage, { preset: "aws", items: "Reservations", pageSize: 5 }).toArray()).map(
        (r) => r.ReservationId,
      );
      assert.equal(whole.length, 12);
      const first = paginate(fetchPage, { preset: "aws", items: "Reservations", pageSize: 5, maxItems: 7 });
      const head = (await first.toArray()).map((r) => r.ReservationId);
      const tail = (
        await paginate(fetchPage, {
          preset: "aws",
          items: "Reservations",
          pageSize: 5,
          resumeToken: first.resumeToken,
        }).toArray()
      ).map((r) => r.ReservationId);
      assert.equal(head.length, 7);
      assert.deepEqual([...head, ...tail], whole);
    });

    test("a failure mid-walk resumes from the error's resumeToken without loss", async () => {
      const fetchPage = ec2Fetch(client, {});
      const whole = (await paginate(fetchPage, { preset: "aws", items: "Reservations", pageSize: 5 }).toArray()).map(
        (r) => r.ReservationId,
      );
      // The second request goes out with a damaged token: moto answers with an HTML 500.
      let calls = 0;
      const failing = paginate(
        (token, ctx) => fetchPage(++calls === 2 ? `${token}-damaged` : token, ctx),
        { preset: "aws", items: "Reservations", pageSize: 5, retry: { retries: 0 } },
      );
      const head = [];
      let failure;
      try {
        for await (const r of failing.items()) head.push(r.ReservationId);
      } catch (err) {
        failure = err;
      }
      assert.ok(failure instanceof PaginationError, `got ${failure}`);
      assert.equal(failure.code, "fetch_failed");
      assert.equal(failure.cause.$metadata?.httpStatusCode, 500);
      assert.equal(typeof failure.resumeToken, "string");
      assert.equal(head.length, 5);
      const tail = (
        await paginate(fetchPage, {
          preset: "aws",
          items: "Reservations",
          pageSize: 5,
          resumeToken: failure.resumeToken,
        }).toArray()
      ).map((r) => r.ReservationId);
      assert.deepEqual([...head, ...tail], whole);
    });

    // An HTTP 500 is retryable by default, so the walk must give up after its retries
    // rather than loop: with the default options too (the timeout turns a hang into a failure).
    for (const [label, retry, attemptsRange] of [
      ["no retries", { retries: 0 }, [1, 1]],
      ["two retries", { retries: 2, baseDelayMs: 1, maxDelayMs: 2 }, [3, 3]],
      ["default retry options", undefined, [1, 10]],
    ]) {
      test(`a bad NextToken (moto: HTML 500) is fetch_failed with its cause, ${label}`, { timeout: 60_000 }, async (t) => {
        let thrown;
        const attempts = [];
        const fetchPage = ec2Fetch(client, {});
        const walk = paginate(
          async (token, ctx) => {
            attempts.push(ctx.attempt);
            try {
              return await fetchPage(token, ctx);
            } catch (err) {
              thrown = err;
              throw err;
            }
          },
          { preset: "aws", items: "Reservations", pageSize: 5, startToken: "garbage-not-a-token", ...(retry && { retry }) },
        );
        await assert.rejects(collect(walk), (err) => {
          assert.ok(err instanceof PaginationError, `got ${err}`);
          assert.equal(err.code, "fetch_failed");
          assert.equal(err.cause, thrown);
          assert.equal(err.cause.$metadata?.httpStatusCode, 500);
          assert.equal(typeof err.resumeToken, "string");
          return true;
        });
        t.diagnostic(
          `${attempts.length} attempt(s); HTTP ${thrown.$metadata?.httpStatusCode}; ` +
            `cause ${thrown.name}: ${thrown.message.split("\n")[0].slice(0, 100)}`,
        );
        const [least, most] = attemptsRange;
        assert.ok(attempts.length >= least && attempts.length <= most, `attempts ${attempts}`);
        assert.deepEqual(attempts, attempts.map((_, i) => i + 1));
        assert.equal(walk.stopReason, "error");
      });
    }
  });
}

// ---------------------------------------------------------------------------------------
// The token families of AWS list operations (issue #16) on moto: S3 ListObjects v1 and v2,
// IAM ListRoles, Route 53 ListHostedZones, each walked with preset "aws" and compared item
// for item, and request token for request token, with the AWS SDK v3 paginator.

function awsListSuite(urls) {
  describe("AWS list operations on moto: preset aws against the SDK v3 paginators", { concurrency: false }, () => {
    let s3, iam, route53;
    const BUCKET = "pagecursor-peers";
    // 41 keys: 29 at the top, 12 under two prefixes (for the Delimiter walk).
    const keys = [
      ...Array.from({ length: 29 }, (_, i) => `k${String(i).padStart(3, "0")}`),
      ...Array.from({ length: 6 }, (_, i) => `logs/${i}`),
      ...Array.from({ length: 6 }, (_, i) => `tmp/${i}`),
    ].sort();
    before(async () => {
      const config = clientConfig(urls.moto);
      s3 = new S3Client({ ...config, forcePathStyle: true });
      iam = new IAMClient(config);
      route53 = new Route53Client(config);
      await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
      for (const Key of keys) await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: Key }));
      const policy = JSON.stringify({ Version: "2012-10-17", Statement: [] });
      for (let i = 0; i < 23; i++) {
        await iam.send(new CreateRoleCommand({ RoleName: `peers-role-${i}`, Path: "/peers/", AssumeRolePolicyDocument: policy }));
      }
      for (let i = 0; i < 13; i++) {
        await route53.send(new CreateHostedZoneCommand({ Name: `zone${i}.peers.example.`, CallerReference: `peers-${i}` }));
      }
    });
    after(() => {
      s3?.destroy();
      iam?.destroy();
      route53?.destroy();
    });

    // A fetchPage for `Command` that sends the token as `tokenParam` and ctx.pageSize as
    // `sizeParam`, recording the tokens it was called with.
    const fetchWith = (client, Command, input, tokenParam, sizeParam, calls) => async (token, ctx) => {
      calls?.push(token);
      const request = { ...input };
      if (token !== undefined) request[tokenParam] = token;
      if (ctx.pageSize !== undefined) request[sizeParam] = ctx.pageSize;
      return client.send(new Command(request), { abortSignal: ctx.signal });
    };

    test("S3 ListObjectsV2 (NextContinuationToken, IsTruncated) matches paginateListObjectsV2", async () => {
      const sdkPages = await collect(paginateListObjectsV2({ client: s3, pageSize: 7 }, { Bucket: BUCKET }));
      const calls = [];
      const walk = paginate(fetchWith(s3, ListObjectsV2Command, { Bucket: BUCKET }, "ContinuationToken", "MaxKeys", calls), {
        preset: "aws", items: "Contents", pageSize: 7,
      });
      const objects = await walk.toArray();
      assert.ok(sdkPages.length >= 5, `${sdkPages.length} SDK pages`);
      assert.deepEqual(objects.map((o) => o.Key), sdkPages.flatMap((p) => p.Contents).map((o) => o.Key));
      assert.deepEqual(objects.map((o) => o.Key), keys);
      assert.deepEqual(calls, [undefined, ...sdkPages.slice(0, -1).map((p) => p.NextContinuationToken)]);
      assert.equal(walk.stopReason, "end");
    });

    test("S3 ListObjects (v1): preset aws follows NextMarker; the hint for a v1 listing without one (the last key as Marker) walks the same keys", async () => {
      const v2Keys = (await collect(paginateListObjectsV2({ client: s3, pageSize: 10 }, { Bucket: BUCKET })))
        .flatMap((p) => p.Contents).map((o) => o.Key);
      // moto answers every truncated v1 page with a NextMarker (real S3 does only with a
      // Delimiter; without one the preset fails with a hint: tests/js/loud.test.mjs).
      const calls = [];
      const markers = [];
      const walk = paginate(fetchWith(s3, ListObjectsCommand, { Bucket: BUCKET }, "Marker", "MaxKeys", calls), {
        preset: "aws", items: "Contents", pageSize: 10,
      });
      for await (const page of walk) markers.push(page.NextMarker);
      assert.equal(walk.stopReason, "end");
      assert.ok(walk.stats.pages >= 4, `${walk.stats.pages} pages`);
      assert.deepEqual(calls, [undefined, ...markers.slice(0, -1)]);
      assert.equal(markers.at(-1), undefined);
      assert.equal(walk.stats.items, keys.length);
      // The hint of the bad_page: the last key of a page is the next Marker.
      const hinted = paginate(fetchWith(s3, ListObjectsCommand, { Bucket: BUCKET }, "Marker", "MaxKeys"), {
        preset: "aws", items: "Contents", pageSize: 10, next: (page) => page.Contents?.at(-1)?.Key,
      });
      assert.deepEqual((await hinted.toArray()).map((o) => o.Key), v2Keys);
      assert.deepEqual(v2Keys, keys);
    });

    test("IAM ListRoles (Marker while IsTruncated) matches paginateListRoles", async () => {
      const input = { PathPrefix: "/peers/" };
      // A copy: the SDK paginators write their token into the input object.
      const sdkPages = await collect(paginateListRoles({ client: iam, pageSize: 4 }, structuredClone(input)));
      const calls = [];
      const walk = paginate(fetchWith(iam, ListRolesCommand, input, "Marker", "MaxItems", calls), {
        preset: "aws", items: "Roles", pageSize: 4,
      });
      const roles = await walk.toArray();
      assert.ok(sdkPages.length >= 5, `${sdkPages.length} SDK pages`);
      assert.deepEqual(roles.map((r) => r.RoleName), sdkPages.flatMap((p) => p.Roles).map((r) => r.RoleName),
        `ours: ${roles.map((r) => r.RoleName)}; SDK: ${sdkPages.map((p) => `${p.Roles.map((r) => r.RoleName)} (${p.Marker})`).join(" | ")}`);
      assert.equal(roles.length, 23);
      assert.deepEqual(calls, [undefined, ...sdkPages.slice(0, -1).map((p) => p.Marker)]);
      assert.equal(walk.stopReason, "end");
    });

    test("Route 53 ListHostedZones (NextMarker; Marker echoes the request) matches paginateListHostedZones", async () => {
      const sdkPages = await collect(paginateListHostedZones({ client: route53, pageSize: 3 }, {}));
      const calls = [];
      const walk = paginate(fetchWith(route53, ListHostedZonesCommand, {}, "Marker", "MaxItems", calls), {
        preset: "aws", items: "HostedZones", pageSize: 3,
      });
      const zones = await walk.toArray();
      assert.ok(sdkPages.length >= 4, `${sdkPages.length} SDK pages`);
      assert.deepEqual(zones.map((z) => z.Id), sdkPages.flatMap((p) => p.HostedZones).map((z) => z.Id));
      assert.equal(zones.filter((z) => z.Name.endsWith(".peers.example.")).length, 13);
      assert.deepEqual(calls, [undefined, ...sdkPages.slice(0, -1).map((p) => p.NextMarker)]);
      assert.equal(walk.stopReason, "end");
    });

    test("prefetch 0 is lazy against a real server: two pages and a break are two requests", async () => {
      const calls = [];
      const walk = paginate(fetchWith(s3, ListObjectsV2Command, { Bucket: BUCKET }, "ContinuationToken", "MaxKeys", calls), {
        preset: "aws", items: "Contents", pageSize: 5,
      });
      let pages = 0;
      for await (const page of walk) {
        assert.equal(page.Contents.length, 5);
        if (++pages === 2) break;
      }
      assert.equal(calls.length, 2);
      const rest = await paginate(fetchWith(s3, ListObjectsV2Command, { Bucket: BUCKET }, "ContinuationToken", "MaxKeys"), {
        preset: "aws", items: "Contents", pageSize: 5, resumeToken: walk.resumeToken,
      }).toArray();
      assert.deepEqual(rest.map((o) => o.Key), keys.slice(10));
    });

    test("an error body surfaces with its words: a missing bucket is fetch_failed naming NoSuchBucket", async () => {
      const walk = paginate(fetchWith(s3, ListObjectsV2Command, { Bucket: "no-such-bucket" }, "ContinuationToken", "MaxKeys"), {
        preset: "aws", items: "Contents", retry: { retries: 0 },
      });
      await assert.rejects(walk.toArray(), (err) => {
        assert.equal(err.code, "fetch_failed");
        assert.match(err.message, /^fetchPage failed: NoSuchBucket: /);
        assert.equal(err.cause.name, "NoSuchBucket");
        return true;
      });
    });
  });
}

// ---------------------------------------------------------------------------------------
// S3 "folders": ListObjectsV2 with Delimiter "/" answers a page of only CommonPrefixes with no
// Contents at all (the SDK gives `Contents: undefined`). Under preset "aws" such a page is an
// empty page; with a plain path (`items: "Contents"`) it is one once an earlier page of the
// walk (or an earlier load of the list) held Contents, and a first page without Contents is
// the bad_page whose message tells how to accept the service. Every walk is compared with
// paginateListObjectsV2 over the same listing, page for page.

function s3FoldersSuite(urls) {
  describe("S3 folders on moto: ListObjectsV2 with Delimiter \"/\" leaves out Contents on pages of only CommonPrefixes", { concurrency: false }, () => {
    let s3;
    // Its own bucket, so that the listings of the suite above keep their keys.
    const BUCKET = "pagecursor-peers-folders";
    const p2 = (n) => String(n).padStart(2, "0");
    // 278 keys: 40 folders f00/…f39/ of 3 to 6 keys (every fifth with a subfolder deep/), and
    // 10 keys at the root named index-NN, which sort after every folder: the first pages of
    // the root listing are only prefixes. Two folders are shaped for the rule on absent lists:
    // - f07/: 12 keys, then 45 subfolders s00/…s44/: pages with Contents, then pages without;
    // - f21/: 10 subfolders a0/…a9/, then 5 keys z00…z04: a first page without Contents.
    const keys = [];
    for (let i = 0; i < 40; i++) {
      const folder = `f${p2(i)}/`;
      if (i === 7) {
        for (let k = 0; k < 12; k++) keys.push(`${folder}k${p2(k)}`);
        for (let s = 0; s < 45; s++) keys.push(`${folder}s${p2(s)}/x`);
      } else if (i === 21) {
        for (let s = 0; s < 10; s++) keys.push(`${folder}a${s}/x`, `${folder}a${s}/y`);
        for (let k = 0; k < 5; k++) keys.push(`${folder}z${p2(k)}`);
      } else {
        for (let k = 0; k < 3 + (i % 4); k++) keys.push(`${folder}k${p2(k)}`);
        if (i % 5 === 0) keys.push(`${folder}deep/a`, `${folder}deep/b`);
      }
    }
    for (let k = 0; k < 10; k++) keys.push(`index-${p2(k)}`);
    keys.sort();

    /** What a Delimiter "/" listing of `prefix` holds, from the keys alone: its keys and its prefixes. */
    function listing(prefix = "") {
      const inside = keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
      return {
        keys: inside.filter((k) => !k.includes("/")).map((k) => prefix + k),
        prefixes: [...new Set(inside.filter((k) => k.includes("/")).map((k) => prefix + k.slice(0, k.indexOf("/") + 1)))],
      };
    }

    before(async () => {
      s3 = new S3Client({ ...clientConfig(urls.moto), forcePathStyle: true });
      await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
      for (let i = 0; i < keys.length; i += 20) {
        await Promise.all(keys.slice(i, i + 20).map((Key) => s3.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: Key }))));
      }
    });
    after(() => s3?.destroy());

    // fetchPage: ContinuationToken from the raw token, MaxKeys from ctx.pageSize; `seen` (when
    // given) records each page as it came back.
    const listFetch = (input, seen) => async (token, ctx) => {
      const request = { Bucket: BUCKET, Delimiter: "/", ...input };
      if (token !== undefined) request.ContinuationToken = token;
      if (ctx.pageSize !== undefined) request.MaxKeys = ctx.pageSize;
      const page = await s3.send(new ListObjectsV2Command(request), { abortSignal: ctx.signal });
      seen?.push({ token, page });
      return page;
    };
    const sdkPagesOf = (input, pageSize) =>
      collect(paginateListObjectsV2({ client: s3, pageSize }, { Bucket: BUCKET, Delimiter: "/", ...structuredClone(input) }));
    const keysOf = (pages) => pages.flatMap((p) => p.Contents ?? []).map((o) => o.Key);
    // Prefixes and keys of a page, the prefixes first (the same for both walks compared).
    const entries = (page) => [...(page.CommonPrefixes ?? []).map((p) => `P:${p.Prefix}`), ...(page.Contents ?? []).map((o) => `K:${o.Key}`)];
    // A page's shape: "K" when it holds Contents, "-" when it leaves them out.
    const shape = (pages) => pages.map((p) => (p.Contents === undefined ? "-" : "K")).join("");

    test("the bucket holds the 278 keys in 40 folders and 10 at the root", async () => {
      const all = keysOf(await collect(paginateListObjectsV2({ client: s3, pageSize: 1000 }, { Bucket: BUCKET })));
      assert.deepEqual(all, keys);
      assert.equal(keys.length, 278);
      assert.equal(listing().prefixes.length, 40);
      assert.equal(listing().keys.length, 10);
    });

    // Which pages of each listing hold Contents, as moto answers them (real S3 pages a
    // Delimiter listing the same way: MaxKeys counts keys and prefixes together, in key order).
    for (const [label, input, pageSize, pages] of [
      ["the root", {}, 7, "-----KKK"], // 40 prefixes first: five pages of only prefixes
      ["the root", {}, 50, "K"],
      ["Prefix \"f07/\"", { Prefix: "f07/" }, 7, "KK-------"], // its keys, then pages of only subfolders
      ["Prefix \"f07/\"", { Prefix: "f07/" }, 50, "K-"],
      ["Prefix \"f21/\"", { Prefix: "f21/" }, 7, "-KK"], // subfolders first
      ["Prefix \"f21/\"", { Prefix: "f21/" }, 50, "K"],
    ]) {
      const firstWithout = pages[0] === "-";
      const plainPath = firstWithout
        ? `bad_page at the first page (only prefixes), and its advice "?? []" walks it`
        : pages.includes("-")
          ? "reads the later pages without Contents as empty"
          : "walks it too (every page holds Contents)";
      test(`Delimiter "/" over ${label}, MaxKeys ${pageSize} (pages ${pages}): prefixes and keys, and Contents with preset aws, match paginateListObjectsV2; items "Contents" without a preset ${plainPath}`, async () => {
        const sdkPages = await sdkPagesOf(input, pageSize);
        assert.equal(shape(sdkPages), pages, "the pages moto answers");
        const tokens = [undefined, ...sdkPages.slice(0, -1).map((p) => p.NextContinuationToken)];
        const { keys: wantKeys, prefixes: wantPrefixes } = listing(input.Prefix);

        // Prefixes and keys together, item for item.
        const seen = [];
        const both = paginate(listFetch(input, seen), { preset: "aws", items: entries, pageSize });
        const got = await both.toArray();
        assert.deepEqual(got, sdkPages.flatMap(entries));
        assert.deepEqual(got.toSorted(), [...wantPrefixes.map((p) => `P:${p}`), ...wantKeys.map((k) => `K:${k}`)].toSorted());
        assert.deepEqual(seen.map((s) => s.token), tokens);
        assert.equal(both.stats.pages, sdkPages.length);
        assert.equal(both.stats.requests, sdkPages.length);
        assert.equal(both.stopReason, "end");

        // preset aws, items "Contents": a page without Contents is an empty page, wherever it is.
        const aws = paginate(listFetch(input), { preset: "aws", items: "Contents", pageSize });
        const awsKeys = (await aws.toArray()).map((o) => o.Key);
        assert.deepEqual(awsKeys, keysOf(sdkPages));
        assert.deepEqual(awsKeys, wantKeys);
        assert.equal(aws.stats.pages, sdkPages.length);
        assert.equal(aws.stats.requests, sdkPages.length);
        assert.equal(aws.stats.emptyPages, pages.split("-").length - 1);
        assert.equal(aws.stopReason, "end");

        // A plain path, no preset.
        const plain = [];
        const path = paginate(listFetch(input, plain), { items: "Contents", next: "NextContinuationToken", pageSize });
        if (firstWithout) {
          // Nothing told the walk that Contents may be absent: a typo would look the same.
          await assert.rejects(path.toArray(), (err) => {
            assert.ok(err instanceof PaginationError, `got ${err}`);
            assert.equal(err.code, "bad_page");
            assert.match(err.message, /nothing at options\.items "Contents"/);
            assert.match(err.message, /items: \(page\) => page\.Contents \?\? \[\]/);
            assert.match(err.message, /preset "aws"/);
            return true;
          });
          assert.equal(plain.length, 1, "failed at the first page");
          assert.equal(path.stats.items, 0);
          assert.equal(path.stopReason, "error");
          // What the message says to do walks the listing.
          const advised = paginate(listFetch(input), { items: (page) => page.Contents ?? [], next: "NextContinuationToken", pageSize });
          assert.deepEqual((await advised.toArray()).map((o) => o.Key), keysOf(sdkPages));
          assert.equal(advised.stats.pages, sdkPages.length);
        } else {
          // The first page held Contents: every later page without them is an empty page.
          assert.deepEqual((await path.toArray()).map((o) => o.Key), keysOf(sdkPages));
          assert.deepEqual(plain.map((s) => s.token), tokens);
          assert.equal(path.stats.pages, sdkPages.length);
          assert.equal(path.stats.emptyPages, pages.split("-").length - 1);
          assert.equal(path.stopReason, "end");
        }
      });
    }

    test("an InfiniteList with preset aws, chunks of 9 over pages of 7 of the root listing, shows the SDK's keys", async () => {
      const sdkKeys = keysOf(await sdkPagesOf({}, 7));
      const seen = [];
      const list = new InfiniteList(listFetch({}, seen), { preset: "aws", items: "Contents", pageSize: 7, chunkItems: 9 });
      let loads = 0;
      while (list.hasMore) {
        await list.loadMore();
        loads++;
      }
      assert.deepEqual(list.items.map((o) => o.Key), sdkKeys);
      assert.equal(sdkKeys.length, 10);
      // The first load walks the five pages of only prefixes to fill its chunk of 9.
      assert.equal(shape(seen.map((s) => s.page)), "-----KKK");
      assert.equal(loads, 2);
    });

    test("an InfiniteList with items: \"Contents\" (no preset) over \"f07/\": a load that starts on a page without Contents reads it as empty, as an earlier load held Contents", async () => {
      const sdkKeys = keysOf(await sdkPagesOf({ Prefix: "f07/" }, 7));
      const seen = [];
      const list = new InfiniteList(listFetch({ Prefix: "f07/" }, seen), {
        items: "Contents", next: "NextContinuationToken", pageSize: 7, chunkItems: 12,
      });
      const loads = [];
      while (list.hasMore) {
        const from = seen.length;
        const chunk = await list.loadMore();
        loads.push({ items: chunk.length, pages: shape(seen.slice(from).map((s) => s.page)) });
      }
      assert.deepEqual(list.items.map((o) => o.Key), sdkKeys);
      // The 12 keys fill the first chunk from two pages; the second load starts on the third
      // page, which has no Contents, and walks the subfolders to the end.
      assert.deepEqual(loads, [{ items: 12, pages: "KK" }, { items: 0, pages: "-------" }]);
    });
  });
}
