// An in-browser stand-in for the paginated services people actually call, so the demo needs no
// server: a DynamoDB-like Scan, an EC2-like DescribeInstances and a keyset endpoint whose
// cursors pagecursor mints and verifies. Everything is deterministic from a seed, so the tests
// can compare what the page showed with the table it came from.
//
// This file has no imports on purpose: Node tests import it by relative path, and the keyset
// mode receives pagecursor's exports from its caller (`createKeysetService(backend, pagecursor)`).

/** The byte ceiling of one DynamoDB page: Scan stops reading once this much data was read. */
export const PAGE_BYTES = 1024 * 1024;
/** How long an EC2-style NextToken stays valid. */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The key id of the demo's signing codec (the secret is demo-only and public on purpose). */
export const DEMO_KEY_ID = "demo-2026";
export const DEMO_SECRET = "pagecursor-demo-secret-not-for-production";
/** The fake clock starts here, so tokens and screenshots are the same on every run. */
export const EPOCH = Date.UTC(2026, 0, 15, 9, 0, 0);
/** How long the demo's like service takes to answer. */
export const LIKE_MS = 300;

const TENANT = "TENANT#acme";
const STATUSES = ["pending", "shipped", "delivered", "cancelled", "returned"];
// Run lengths and weights make statuses come in bursts, like orders of one campaign; the rare
// "returned" status then leaves long stretches of the table with no match, which is what makes
// filtered Scans return empty pages that still carry a LastEvaluatedKey.
const STATUS_WEIGHTS = [0.2, 0.32, 0.3, 0.12, 0.06];
const CUSTOMERS = [
  "Ada Lovelace", "Grace Hopper", "Alan Turing", "Barbara Liskov", "Edsger Dijkstra",
  "Frances Allen", "Donald Knuth", "Radia Perlman", "Ken Thompson", "Margaret Hamilton",
  "John McCarthy", "Shafi Goldwasser", "Leslie Lamport", "Hedy Lamarr", "Tim Berners-Lee",
  "Sophie Wilson", "Niklaus Wirth", "Adele Goldberg", "Dennis Ritchie", "Karen Spärck Jones",
];
const PRODUCTS = [
  "Walnut desk", "Desk lamp", "Standing mat", "Monitor arm", "Keyboard", "Headphones",
  "Notebook set", "Fountain pen", "Office chair", "Bookshelf", "Plant pot", "Coffee grinder",
];
const INSTANCE_STATES = ["running", "stopped", "terminated", "pending"];
const INSTANCE_WEIGHTS = [0.55, 0.25, 0.15, 0.05];
const INSTANCE_TYPES = ["t3.micro", "t3.small", "m7g.large", "c7i.xlarge", "r6i.2xlarge"];

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same table everywhere. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(random, values, weights) {
  let r = random();
  for (let i = 0; i < values.length; i++) {
    r -= weights[i];
    if (r < 0) return values[i];
  }
  return values[values.length - 1];
}

/** The orders table, sorted by its key (pk, sk) as a Scan of one partition reads it. */
function makeOrders(seed, count) {
  const random = prng(seed);
  const orders = [];
  let status = "pending";
  let run = 0;
  let createdAt = EPOCH - 90 * 24 * 3600 * 1000;
  for (let i = 1; i <= count; i++) {
    if (run <= 0) {
      status = pick(random, STATUSES, STATUS_WEIGHTS);
      run = 1 + Math.floor(random() * 60);
    }
    run--;
    // Most items are a few KB; one in twenty carries an attachment of 120 to 390 KB, so a page
    // with a high Limit meets the 1 MB ceiling long before it meets the Limit.
    const large = random() < 0.05;
    const size = large ? 120_000 + Math.floor(random() * 270_000) : 300 + Math.floor(random() * 3700);
    createdAt += 60_000 + Math.floor(random() * 3_600_000);
    orders.push({
      pk: TENANT,
      sk: `ORDER#${String(i).padStart(5, "0")}`,
      id: i,
      customer: CUSTOMERS[Math.floor(random() * CUSTOMERS.length)],
      product: PRODUCTS[Math.floor(random() * PRODUCTS.length)],
      status,
      totalCents: 500 + Math.floor(random() * 250_000),
      createdAt: new Date(createdAt).toISOString(),
      size,
      attachment: large,
    });
  }
  return orders;
}

function makeInstances(seed, count) {
  const random = prng(seed ^ 0x9e3779b9);
  const instances = [];
  let state = "running";
  let run = 0;
  for (let i = 0; i < count; i++) {
    if (run <= 0) {
      state = pick(random, INSTANCE_STATES, INSTANCE_WEIGHTS);
      run = 1 + Math.floor(random() * 40);
    }
    run--;
    let hex = "";
    for (let k = 0; k < 17; k++) hex += Math.floor(random() * 16).toString(16);
    instances.push({
      InstanceId: `i-${hex}`,
      InstanceType: INSTANCE_TYPES[Math.floor(random() * INSTANCE_TYPES.length)],
      State: { Name: state },
      AvailabilityZone: `eu-west-1${"abc"[Math.floor(random() * 3)]}`,
      index: i,
    });
  }
  return instances;
}

/** An error shaped like the ones the AWS SDK throws: a `name`, a `message` and `$retryable`. */
function serviceError(name, message, retryable) {
  const err = new Error(message);
  err.name = name;
  err.code = name;
  if (retryable) err.$retryable = { throttling: true };
  return err;
}

function abortError() {
  return typeof DOMException === "function"
    ? new DOMException("the request was aborted", "AbortError")
    : Object.assign(new Error("the request was aborted"), { name: "AbortError" });
}

function sleep(ms, signal) {
  if (signal?.aborted) return Promise.reject(abortError());
  if (!ms) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// base64url of UTF-8, in both Node and browsers, without Buffer.
function toBase64Url(text) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromBase64Url(token) {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new Error("not base64url");
  const binary = atob(token.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
// FNV-1a: enough for the fake service to notice a damaged token; real services use a MAC.
function checksum(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/**
 * Creates the fake backend. Options: `seed`, `orders` (item count), `instances`, `throttle`
 * (probability 0..1 that a request fails with ProvisionedThroughputExceededException / 
 * RequestLimitExceeded), `latencyMs`. Faults can be changed later through `backend.faults`.
 */
export function createBackend({ seed = 2026, orders = 3000, instances = 900, throttle = 0, latencyMs = 0 } = {}) {
  const table = makeOrders(seed, orders);
  const fleet = makeInstances(seed, instances);
  const faultRandom = prng(seed ^ 0x51ed270b);
  const listeners = new Set();
  let now = EPOCH;
  let sequence = 0;
  let newestId = table.length; // the id of the last order placed (placeOrders)

  const backend = {
    seed,
    table,
    instances: fleet,
    faults: { throttle, latencyMs },
    /** The clock the fake services and the demo codec read; the user can advance it. */
    clock: {
      now: () => now,
      advance(ms) {
        now += ms;
        emit({ kind: "clock", now });
        return now;
      },
      set(ms) {
        now = ms;
        emit({ kind: "clock", now });
      },
    },
    /** Every request (also failed ones) is reported here; returns an unsubscribe function. */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The ids a full walk with this filter must yield, in order: what the tests compare to. */
    expectedOrderIds(status) {
      return table.filter((o) => matches(o, status)).map((o) => o.id);
    },
    expectedInstanceIds(state) {
      return fleet.filter((i) => !state || i.State.Name === state).map((i) => i.InstanceId);
    },
    /**
     * Places `count` new orders with `status` and returns their ids, newest first. Their keys
     * sort before every other key, the newest first (an inverted counter, as a newest-first
     * sort key would order them), so a Scan from the start reads them before the rest: what a
     * feed's pull-to-refresh (`refresh("head")`) asks for.
     */
    placeOrders(count, { status = "pending" } = {}) {
      const placed = [];
      for (let k = 0; k < count; k++) {
        const id = ++newestId;
        const random = prng(seed ^ id);
        placed.unshift({
          pk: TENANT,
          sk: `NEW#${String(999_999 - id).padStart(6, "0")}`,
          id,
          customer: CUSTOMERS[Math.floor(random() * CUSTOMERS.length)],
          product: PRODUCTS[Math.floor(random() * PRODUCTS.length)],
          status,
          totalCents: 500 + Math.floor(random() * 250_000),
          createdAt: new Date(now).toISOString(),
          size: 300 + Math.floor(random() * 3700),
          attachment: false,
        });
      }
      table.unshift(...placed);
      return placed.map((o) => o.id);
    },
    /**
     * The demo's like service: answers after `LIKE_MS` and refuses orders whose id is a
     * multiple of 5 (`LikeRefused`), so that a page shows the undo of an optimistic like.
     */
    async like(id) {
      await sleep(LIKE_MS);
      if (id % 5 === 0) throw serviceError("LikeRefused", `the service refuses to like order ${id}`, false);
    },
    scan,
    describeInstances,
    /** Logs a request made by another service (the keyset one) in the same stream. */
    record,
  };

  function emit(event) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A broken listener must not break the service it listens to.
      }
    }
  }

  function record(entry) {
    const event = { kind: "request", seq: ++sequence, at: now, ...entry };
    emit(event);
    return event;
  }

  async function fault(record, api, sent, started, signal, throttleName) {
    await sleep(backend.faults.latencyMs, signal);
    if (backend.faults.throttle > 0 && faultRandom() < backend.faults.throttle) {
      const err = serviceError(throttleName, "rate of requests exceeds the allowed throughput", true);
      record({ api, sent, error: { name: err.name, message: err.message }, ms: performanceNow() - started });
      throw err;
    }
  }

  /**
   * DynamoDB Scan of the orders partition. `Limit` caps the items EVALUATED (read) before the
   * filter runs; a page also stops before it would read more than 1 MB. LastEvaluatedKey is the
   * key of the last item read whenever the page stopped early — also when that item happens to be
   * the table's last one, so the following page is empty and has no key, as on DynamoDB.
   */
  async function scan({ Limit, ExclusiveStartKey, status, signal, tag } = {}) {
    const started = performanceNow();
    const record = (entry) => backend.record({ tag, ...entry });
    const sent = ExclusiveStartKey;
    if (Limit !== undefined && !(Number.isInteger(Limit) && Limit >= 1)) {
      throw serviceError("ValidationException", `Limit must be a positive integer, got ${Limit}`, false);
    }
    let start = 0;
    if (ExclusiveStartKey !== undefined) {
      const key = ExclusiveStartKey;
      if (!key || typeof key !== "object" || key.pk !== TENANT || typeof key.sk !== "string") {
        const err = serviceError("ValidationException", "the provided starting key is invalid", false);
        record({ api: "Scan", sent, error: { name: err.name, message: err.message }, ms: 0 });
        throw err;
      }
      start = lowerBoundAfter(key.sk);
    }
    await fault(record, "Scan", sent, started, signal, "ProvisionedThroughputExceededException");
    const Items = [];
    let i = start;
    let bytes = 0;
    let stoppedBy = "end";
    for (; i < table.length; i++) {
      const item = table[i];
      if (Limit !== undefined && i - start >= Limit) {
        stoppedBy = "limit";
        break;
      }
      if (i > start && bytes + item.size > PAGE_BYTES) {
        stoppedBy = "size";
        break;
      }
      bytes += item.size;
      if (matches(item, status)) Items.push(publicItem(item));
    }
    // Reaching the Limit on the table's very last item still counts as stopping at the Limit:
    // the service does not look ahead, so it returns a key and the next page is empty.
    if (stoppedBy === "end" && Limit !== undefined && i - start >= Limit) stoppedBy = "limit";
    const ScannedCount = i - start;
    const last = table[i - 1];
    const LastEvaluatedKey = stoppedBy !== "end" && last ? { pk: last.pk, sk: last.sk } : undefined;
    const page = { Items, Count: Items.length, ScannedCount, ScannedBytes: bytes, StoppedBy: stoppedBy };
    if (LastEvaluatedKey) page.LastEvaluatedKey = LastEvaluatedKey;
    record({
      api: "Scan", sent, received: LastEvaluatedKey, returned: Items.length, evaluated: ScannedCount,
      bytes, stoppedBy, ms: performanceNow() - started, ids: Items.map((it) => it.id),
    });
    return page;
  }

  function lowerBoundAfter(sk) {
    let lo = 0;
    let hi = table.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (table[mid].sk <= sk) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * EC2 DescribeInstances. Reads `MaxResults` instances (5..1000), then applies the filter, so a
   * page may be short or empty and still carry a NextToken. Tokens expire 24 hours after they
   * were issued on the fake clock: InvalidPaginationToken.
   */
  async function describeInstances({ MaxResults = 1000, NextToken, state, signal, tag } = {}) {
    const started = performanceNow();
    const record = (entry) => backend.record({ tag, ...entry });
    const sent = NextToken;
    const fail = (name, message) => {
      const err = serviceError(name, message, false);
      record({ api: "DescribeInstances", sent, error: { name, message }, ms: performanceNow() - started });
      return err;
    };
    if (!(Number.isInteger(MaxResults) && MaxResults >= 5 && MaxResults <= 1000)) {
      throw fail("InvalidParameterValue", `MaxResults must be between 5 and 1000, got ${MaxResults}`);
    }
    let offset = 0;
    if (NextToken !== undefined && NextToken !== null) {
      const token = readToken(NextToken);
      if (!token) throw fail("InvalidPaginationToken", "the pagination token is invalid");
      if (now >= token.iat + TOKEN_LIFETIME_MS) {
        throw fail("InvalidPaginationToken", "the pagination token has expired");
      }
      if (token.q !== (state ?? "")) {
        throw fail("InvalidPaginationToken", "the pagination token belongs to another query");
      }
      offset = token.o;
    }
    await fault(record, "DescribeInstances", sent, started, signal, "RequestLimitExceeded");
    const end = Math.min(offset + MaxResults, fleet.length);
    const Instances = fleet
      .slice(offset, end)
      .filter((inst) => !state || inst.State.Name === state)
      .map(({ index, ...inst }) => inst);
    const page = { Instances };
    if (end < fleet.length) page.NextToken = mintToken({ o: end, iat: now, q: state ?? "" });
    record({
      api: "DescribeInstances", sent, received: page.NextToken, returned: Instances.length,
      evaluated: end - offset, bytes: JSON.stringify(Instances).length, ms: performanceNow() - started,
      ids: Instances.map((i) => i.InstanceId),
    });
    return page;
  }

  function mintToken(body) {
    const json = JSON.stringify({ v: 1, ...body });
    return `${toBase64Url(json)}.${checksum(json)}`;
  }
  function readToken(token) {
    if (typeof token !== "string") return null;
    const dot = token.lastIndexOf(".");
    if (dot < 1) return null;
    try {
      const json = fromBase64Url(token.slice(0, dot));
      if (checksum(json) !== token.slice(dot + 1)) return null;
      const body = JSON.parse(json);
      return body.v === 1 && Number.isInteger(body.o) && typeof body.iat === "number" ? body : null;
    } catch {
      return null;
    }
  }

  return backend;
}

function matches(order, status) {
  return !status || order.status === status;
}

// The item as the service returns it: the storage size is the service's business, not the row's.
function publicItem({ size, attachment, ...rest }) {
  return { ...rest, sizeBytes: size, attachment };
}

function performanceNow() {
  return typeof performance === "object" ? performance.now() : Date.now();
}

/**
 * The keyset endpoint: `GET /orders?after=…&limit=…`, served by pagecursor's `paginateKeyset`
 * over the orders sorted by (createdAt, id). Its cursors are SIGNED by a `CursorCodec` whose
 * clock is the backend's fake clock and whose ttl is 24 h, and bound to the query (`scope`).
 * `pagecursor` is the module namespace (or any object with `CursorCodec` and `paginateKeyset`).
 */
export function createKeysetService(backend, pagecursor, { ttlSeconds = 24 * 3600 } = {}) {
  const codec = new pagecursor.CursorCodec({
    keys: [{ id: DEMO_KEY_ID, secret: DEMO_SECRET }],
    ttl: ttlSeconds,
    now: () => backend.clock.now(),
  });
  const rows = backend.table.map(publicItem);
  /** The scope a query's cursors are bound to: a cursor of one query is refused by another. */
  const scopeOf = (status) => ({ table: "orders", status: status ?? "any" });
  return {
    codec,
    scopeOf,
    list({ after, before, limit = 10, status, tag } = {}) {
      const started = performanceNow();
      const sent = after ?? before;
      try {
        const page = pagecursor.paginateKeyset(
          rows.filter((o) => matches(o, status)),
          { keys: ["createdAt", "id"], after, before, limit, codec, scope: scopeOf(status) },
        );
        backend.record({
          tag, api: "keyset", sent, received: page.nextCursor, returned: page.items.length,
          evaluated: page.items.length, bytes: JSON.stringify(page.items).length,
          ms: performanceNow() - started, ids: page.items.map((o) => o.id),
        });
        return page;
      } catch (err) {
        backend.record({ tag, api: "keyset", sent, error: { name: err.name, message: `${err.code ?? ""} ${err.message}` }, ms: 0 });
        throw err;
      }
    },
  };
}
