// The in-page services of the framework apps (tests/react/app, tests/vue/app): the same data,
// the same failures and the same request logs for both, so that tests/frameworks/scenarios.mjs
// checks the two adapters against one another. Every figure a scenario checks is what a page
// rendered or what these logs recorded.

// For each filter, 200 items in pages of uneven sizes (most of them empty), a token that is the
// index of the page, and a failure on demand (window.__api.fail(n)).
const SIZES = [3, 0, 0, 4, 0, 1, 0, 0, 0, 6, 2, 0];
export const api = { requests: 0, failing: 0, fail(n = 1) { api.failing = n; } };
window.__api = api;
function pagesOf(filter) {
  const pages = [];
  for (let start = 0, i = 0; start < 200; i++) {
    const n = Math.min(SIZES[i % SIZES.length], 200 - start);
    pages.push(Array.from({ length: n }, (_, k) => ({ id: `${filter}-${start + k}` })));
    start += n;
  }
  return pages;
}
const PAGES = { a: pagesOf("a"), b: pagesOf("b") };
export function fetchPage(filter) {
  return async (token, { signal }) => {
    api.requests++;
    await new Promise((r) => setTimeout(r, 2));
    if (signal.aborted) throw signal.reason;
    if (api.failing > 0) {
      api.failing--;
      throw Object.assign(new Error("HTTP 400 Bad Request"), { name: "ValidationException" });
    }
    const pages = PAGES[filter];
    const i = typeof token === "number" ? token : 0;
    return { items: pages[i] ?? [], next_cursor: i + 1 < pages.length ? i + 1 : undefined };
  };
}

// Pages of exactly 10 items (one request per chunk of 10), each request logged with the page
// asked for and the direction the test is scrolling in (window.__phase).
const tight = { log: [] };
window.__tight = tight;
export async function fetchTight(token, { signal }) {
  const i = typeof token === "number" ? token : 0;
  tight.log.push({ page: i, phase: window.__phase ?? "start" });
  await new Promise((r) => setTimeout(r, 2));
  if (signal.aborted) throw signal.reason;
  return { items: Array.from({ length: 10 }, (_, k) => ({ id: `t-${i * 10 + k}` })), next_cursor: i + 1 < 100 ? i + 1 : undefined };
}

// A DynamoDB Query of 10 orders a page whose LastEvaluatedKey is {pk, sk} of the last order.
const ORDER_KEY = (i) => ({ pk: { S: "TENANT#4711" }, sk: { S: `ORDER#2026-05-01T${String(8 + Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}:00.000Z#${String(i * 37).padStart(6, "0")}` } });
export async function fetchOrders(key) {
  api.requests++;
  const start = key === undefined ? 0 : Number(key.sk.S.slice(-6)) / 37 + 1;
  const Items = Array.from({ length: 10 }, (_, k) => ({ id: `order-${start + k}` }));
  return { Items, LastEvaluatedKey: start + 10 < 1000 ? ORDER_KEY(start + 9) : undefined };
}

// A DRF-style service whose next links are 128-character URLs with an opaque cursor that
// shares little with the one before (a keyset position, base64): 10 items a page, 100 pages.
// The stack's state grows by one such token a page, past the 4,096 characters of the default
// codec at page 39 with pageItems 10 (about 103 characters a page).
function opaque(i, length) {
  let x = (i + 1) * 2654435761;
  let s = "";
  for (let k = 0; k < length; k++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    s += "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[x >>> 26];
  }
  return s;
}
// The link to page i + 1 (0-based), 128 characters.
export function nextUrl(i) {
  const head = "https://api.example.com/v1/orders/?cursor=";
  const tail = `&page=${i + 1}&page_size=10`;
  return head + opaque(i, 128 - head.length - tail.length) + tail;
}
export async function fetchLinks(url) {
  api.requests++;
  const i = url === undefined ? 0 : Number(new URL(url).searchParams.get("page"));
  return { results: Array.from({ length: 10 }, (_, k) => ({ id: `l-${i * 10 + k}` })), next: i + 1 < 100 ? nextUrl(i) : null };
}

// A newest-first feed of posts {id, liked} in pages of 4, token = offset, that takes new posts
// on top (window.__posts.add) and likes that fail on demand (window.__posts.failLikes). A page
// not at the top has a previous token (previous_cursor, the offset it starts at): asked for
// with ctx.direction "backward", the offset the page before ends at.
const posts = { rows: Array.from({ length: 40 }, (_, i) => ({ id: `p-${40 - i}`, liked: false })), failLikes: false, next: 41 };
posts.add = (n) => {
  for (let i = 0; i < n; i++) posts.rows.unshift({ id: `p-${posts.next++}`, liked: false });
};
window.__posts = posts;
export async function fetchPosts(token, { signal, direction }) {
  api.requests++;
  await new Promise((r) => setTimeout(r, 2));
  if (signal.aborted) throw signal.reason;
  const at = typeof token === "number" ? token : 0;
  const [from, to] = direction === "backward" ? [Math.max(0, at - 4), at] : [at, at + 4];
  const items = posts.rows.slice(from, to).map((r) => ({ ...r }));
  return { items, next_cursor: to < posts.rows.length ? to : undefined, previous_cursor: from > 0 ? from : undefined };
}
// The service's like: refused after a while when failLikes is set, else recorded.
export async function likePost(id) {
  // Long enough for a test to see the optimistic state before a refusal undoes it.
  await new Promise((r) => setTimeout(r, 300));
  if (posts.failLikes) throw new Error("HTTP 503");
  const row = posts.rows.find((r) => r.id === id);
  if (row) row.liked = true;
}
