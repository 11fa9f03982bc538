// Typed usage of the package: `tsc --noEmit` must accept every line, and each
// `@ts-expect-error` line must really be an error (tsc fails on an unused one).
import {
  CursorCodec,
  CursorError,
  PaginationError,
  decodeCursor,
  encodeCursor,
  paginate,
  CursorStack,
  InfiniteList,
  offsetPage,
  paginateOffset,
  paginateKeyset,
  type Cursor,
  type CursorErrorCode,
  type CursorValue,
  Paginator,
} from "pagecursor";

const token: string = encodeCursor({ createdAt: new Date(), id: 42n, tags: ["a"], raw: new Uint8Array(2) });
const cursor: Cursor = decodeCursor(token, { scope: { q: "x" } });
const dir: "after" | "before" = cursor.direction;
const issued: Date | undefined = cursor.issuedAt;
void dir;
void issued;

// @ts-expect-error: a function is not a CursorValue
encodeCursor(() => 1);
// @ts-expect-error: undefined is not a CursorValue
encodeCursor(undefined);
// @ts-expect-error: direction is "after" | "before"
encodeCursor(1, { direction: "sideways" });

const codec = new CursorCodec({ keys: [{ id: "k1", secret: "s".repeat(32) }], ttl: 3600 });
codec.encode([1, "a"], { scope: { tenant: "t1" }, segment: { segment: 0, total: 4 } });
// @ts-expect-error: unknown mode
new CursorCodec({ mode: "encrypted" });

try {
  decodeCursor("x");
} catch (err) {
  if (err instanceof CursorError) {
    const code: CursorErrorCode = err.code;
    // @ts-expect-error: not a cursor error code
    const wrong: typeof err.code = "repeated_token";
    void code;
    void wrong;
  }
  if (err instanceof PaginationError) {
    const resume: string | undefined = err.resumeToken;
    void resume;
  }
}

interface Order {
  id: string;
}
interface OrdersPage {
  Items: Order[];
  LastEvaluatedKey?: Record<string, CursorValue>;
}
const pages: Paginator<OrdersPage, Order> = paginate<OrdersPage, Order>(
  async (startKey, ctx) => {
    void ctx.signal;
    const attempt: number = ctx.attempt;
    void attempt;
    void startKey;
    return { Items: [{ id: "1" }] };
  },
  { preset: "dynamodb", maxItems: 37, prefetch: 1, retry: { retries: 2 } },
);
async function walk() {
  for await (const page of pages) {
    const first: Order | undefined = page.Items[0];
    void first;
  }
  for await (const item of pages.items()) {
    const id: string = item.id;
    void id;
  }
  const all: Order[] = await pages.toArray();
  void all;
  const reason = pages.stopReason;
  // @ts-expect-error: not a stop reason
  if (reason === "finished") return;
}
void walk;
// itemKey: a path, or a function of the item type; the stats count anchor misses.
const keyed = paginate<OrdersPage, Order>(async () => ({ Items: [] }), { preset: "dynamodb", itemKey: (o) => o.id });
paginate<OrdersPage, Order>(async () => ({ Items: [] }), { preset: "dynamodb", itemKey: "id" });
const misses: number = keyed.stats.anchorMisses;
void misses;
// @ts-expect-error: an item key is a path or a function
paginate(async () => ({ Items: [] }), { preset: "dynamodb", itemKey: 3 });
// @ts-expect-error: an item key's path is checked against the item type
paginate<OrdersPage, Order>(async () => ({ Items: [] }), { preset: "dynamodb", itemKey: "nope" });
// @ts-expect-error: unknown preset
paginate(async () => ({}), { preset: "graphql" });

const stack = new CursorStack({ maxDepth: 50 });
stack.record("t2");
const next: unknown = stack.forward();
void next;
const restored: CursorStack = CursorStack.from(stack.toString());
const page: number = restored.page;
void page;

const list = new InfiniteList<OrdersPage, Order>(async () => ({ Items: [] }), { preset: "dynamodb", chunkItems: 20, maxChunks: 5 });
// @ts-expect-error: the generic order is <Page, Item> everywhere (Page = Order has no Items)
new InfiniteList<Order, OrdersPage>(async () => ({ Items: [] }), { preset: "dynamodb", chunkItems: 20 });
const unsubscribe: () => void = list.subscribe(() => {});
unsubscribe();
// A scroll-driven UI's report of a sentinel: the load to start, if any.
const load: "more" | "previous" | undefined = list.sentinel("previous", true);
void load;
// @ts-expect-error: a sentinel is "more" or "previous"
list.sentinel("bottom", true);
// Every class that holds wasm memory releases it on demand.
list.free();
new CursorCodec().free();
restored.free();
// @ts-expect-error: inView is a boolean
list.sentinel("more", 1);

const info = offsetPage({ total: 95, page: 3, limit: 20 });
const pagesCount: number = info.pages;
void pagesCount;
const sliced = paginateOffset([1, 2, 3], { page: 1, limit: 2 });
const firstNumber: number | undefined = sliced.items[0];
void firstNumber;
const keyset = paginateKeyset([{ id: 1 }], { keys: ["id"], limit: 10 });
const nextCursor: string | undefined = keyset.nextCursor;
void nextCursor;
// @ts-expect-error: limit is required
paginateKeyset([{ id: 1 }], { keys: ["id"] });

// The paginator's surface under every option (moved from tests/js/paginator-audit.test.mjs):
// `instanceof Paginator` narrows, presets, ctx fields, resume and segment options, error fields.
type Row = { id: number };
type Ddb = { Items: Row[]; LastEvaluatedKey?: Record<string, unknown> };
export async function paginatorOptions(): Promise<void> {
  const ac = new AbortController();
  const p = paginate<Ddb, Row>(async (token, ctx) => {
    const s: AbortSignal = ctx.signal; const a: number = ctx.attempt;
    const seg: number | undefined = ctx.segment; const tot: number | undefined = ctx.totalSegments;
    const ps: number | undefined = ctx.pageSize; void [s, a, seg, tot, ps, token];
    return { Items: [{ id: 1 }] };
  }, { preset: "dynamodb", maxItems: 3, maxPages: 2, maxRequests: 9, timeLimitMs: 5, minIntervalMs: 1, prefetch: 1,
       segments: 2, pageSize: 10, signal: ac.signal, onSameToken: "stop", scope: { table: "t" },
       retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5, retryable: (e: unknown) => e instanceof Error } });
  const isP: boolean = p instanceof Paginator;
  const u = p as unknown;
  if (u instanceof Paginator) { const r: string | undefined = u.resumeToken; void r; }
  const seg: number | undefined = p.lastSegment;
  for await (const page of p) { const n: number = page.Items[0].id; void n; }
  const one = paginate(async () => ({ items: [1], next: { k: 2 } }), { items: "items", next: "next", segment: { segment: 0, total: 4 }, startToken: { k: 1 } });
  const rel = paginate(async () => ({ data: { orders: { nodes: ["a"], pageInfo: { hasNextPage: false, endCursor: null } } } }),
    { preset: "relay", root: "data.orders", more: "pageInfo.hasNextPage", resumeToken: "x" });
  const lnk = paginate(async () => new Response("[]"), { preset: "link" });
  try { await one.toArray(); } catch (e) {
    if (e instanceof PaginationError) { const rt: string | undefined = e.resumeToken; const c: unknown = e.cause; void rt; void c; }
  }
  void [isP, seg, rel, lnk];
}
