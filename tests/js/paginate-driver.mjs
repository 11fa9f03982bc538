// The paginator's JS driver through the real `for await` protocol, shared by the Node test
// (tests/js/paginate.test.mjs) and Chromium (tests/browser/paginate.test.mjs). Ported from the
// wasm-bindgen tests that drove the Rust-exported paginator (crates/pagecursor-wasm/tests/wasm_common/paginate.rs)
// before the awaiting moved to JavaScript, plus what the hostile cases (./hostile.mjs, run in
// the same two engines) do not pin for findings F1 and F2: a synchronous throw at paginate(),
// the resumeToken and stopReason after a bad page, and the resume at an unreadable item.
// Each check throws on a deviation; `runDriverChecks(lib)` resolves with the names it ran.

import { USER } from "./hostile.mjs";

function check(cond, what) {
  if (!cond) throw new Error(`paginator driver: ${what}`);
}

async function forAwait(iterable) {
  const out = [];
  for await (const x of iterable) out.push(x);
  return out;
}

async function rejection(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("paginator driver: expected a rejection");
}

// Pages [1,2], [], [3], []: empty and short pages carry a token and must not end the walk.
function keysetApi(token, ctx) {
  const pages = [[1, 2], [], [3], []];
  const i = token === undefined ? 0 : Number(token);
  if (!(ctx.signal instanceof AbortSignal) || ctx.attempt !== 1) throw new Error("bad ctx");
  return Promise.resolve({ items: pages[i], next_cursor: i + 1 < pages.length ? String(i + 1) : undefined });
}

export const checks = {
  async "for await walks pages and items through empty pages"({ paginate }) {
    const pages = await forAwait(paginate(keysetApi, { preset: "keyset" }));
    check(pages.length === 4, `4 pages, got ${pages.length}`);
    check(pages.filter((p) => p.items.length === 0).length === 2, "2 empty pages");
    const p = paginate(keysetApi, { preset: "keyset" });
    const items = await forAwait(p.items());
    check(items.join() === "1,2,3", `items ${items}`);
    check(p.stopReason === "end", `stopReason ${p.stopReason}`);
    check(p.resumeToken === undefined, "no resumeToken at the end");
    check(p.stats.emptyPages === 2 && p.stats.pages === 4 && p.stats.items === 3, "stats");
  },

  async "a repeated token rejects with repeated_token"({ paginate }) {
    const fetch = async (token) => ({ items: [token ?? "first"], next: token === "A" ? "B" : "A" });
    const p = paginate(fetch, { items: "items", next: "next" });
    const err = await rejection(forAwait(p.items()));
    check(err.name === "PaginationError" && err.code === "repeated_token", `got ${err.code}`);
    check(p.stopReason === "error", `stopReason ${p.stopReason}`);
  },

  async "an object token repeated with another key order is repeated_token"({ paginate }) {
    const fetch = async (token) => ({
      Items: [1],
      LastEvaluatedKey: token === undefined ? { pk: "a", sk: 1 } : { sk: 1, pk: "a" },
    });
    const err = await rejection(paginate(fetch, { preset: "dynamodb" }).toArray());
    check(err.code === "repeated_token", `got ${err.code}`);
  },

  async "abort before the first fetch and during a fetch"({ paginate }) {
    const before = new AbortController();
    before.abort();
    let calls = 0;
    const p = paginate(() => {
      calls++;
      return { items: [] };
    }, { preset: "keyset", signal: before.signal });
    const err = await rejection(forAwait(p));
    check(err.code === "aborted", `got ${err.code}`);
    check(calls === 0, "nothing fetched");

    // A fetch that never settles is still abortable, and its ctx.signal is aborted.
    const during = new AbortController();
    let seen;
    const p2 = paginate((token, ctx) => {
      seen = ctx.signal;
      setTimeout(() => during.abort(), 1);
      return new Promise(() => {});
    }, { preset: "keyset", signal: during.signal });
    const err2 = await rejection(forAwait(p2));
    check(err2.code === "aborted", `got ${err2.code}`);
    check(seen.aborted === true, "ctx.signal aborted");
  },

  async "F1: a throwing options getter propagates the user's error"({ paginate }) {
    let got;
    try {
      paginate(keysetApi, Object.defineProperty({ preset: "keyset" }, "maxItems", { get() { throw USER; } }));
    } catch (err) {
      got = err;
    }
    check(got === USER, `got ${got}`);
    try {
      paginate(keysetApi, new Proxy({}, { get() { throw USER; } }));
      got = undefined;
    } catch (err) {
      got = err;
    }
    check(got === USER, `Proxy: got ${got}`);
  },

  // Its code and cause: hostile case "page.next_cursor getter throws".
  async "F1: a page whose field getter throws leaves a resumeToken and stopReason error"({ paginate }) {
    const page = Object.defineProperty({ items: [1] }, "next_cursor", { get() { throw USER; } });
    const p = paginate(async () => page, { preset: "keyset" });
    const err = await rejection(p.toArray());
    check(typeof err.resumeToken === "string", "a resumeToken");
    check(p.stopReason === "error", `stopReason ${p.stopReason}`);
  },

  // A throwing `length` (the first read of the items): hostile case "page.items is a throwing
  // Proxy array".
  async "F2: items that are a Proxy throwing on an element are bad_page, resumable before that page"({ paginate }) {
    const onItem = new Proxy([1, 2], { get(t, k) { if (k === "1") throw USER; return t[k]; } });
    const p = paginate(async () => ({ items: onItem }), { preset: "keyset" });
    const seen = [];
    const err2 = await rejection((async () => {
      for await (const item of p.items()) seen.push(item);
    })());
    check(err2.code === "bad_page" && err2.cause === USER, `element: got ${err2.code}`);
    // The items are read once, when the page arrives: none of a page that cannot be read is
    // handed out, and the resume token stands before it.
    check(seen.join() === "", `items before the failure: ${seen}`);
    let again = 0;
    const rest = await paginate(async () => ({ items: again++ === 0 ? [1, 2] : [] }), {
      preset: "keyset", resumeToken: err2.resumeToken,
    }).toArray();
    check(rest.join() === "1,2", `resumed: ${rest}`);
  },

  async "new Paginator() is a TypeError"({ Paginator, paginate }) {
    let got;
    try {
      new Paginator();
    } catch (err) {
      got = err;
    }
    check(got instanceof TypeError, `got ${got}`);
    check(paginate(keysetApi, { preset: "keyset" }) instanceof Paginator, "instanceof Paginator");
  },
};

// Pages [0,1,2], [], [3], [4,5,6,7], [8] with numeric tokens.
function unevenApi(token) {
  const pages = [[0, 1, 2], [], [3], [4, 5, 6, 7], [8]];
  const i = token === undefined ? 0 : token;
  return Promise.resolve({ items: pages[i], next_cursor: i + 1 < pages.length ? i + 1 : undefined });
}

// Ported from crates/pagecursor-wasm/tests/wasm_common/stack.rs: InfiniteList loads through this driver.
checks["InfiniteList loads exact chunks and slides back"] = async ({ InfiniteList }) => {
  const options = { preset: "keyset", chunkItems: 4, maxChunks: 1 };
  const list = new InfiniteList(unevenApi, options);
  check((await list.loadMore()).join() === "0,1,2,3", "first chunk");
  check((await list.loadMore()).join() === "4,5,6,7", "second chunk");
  check(list.items.join() === "4,5,6,7", "window");
  check(list.hasPrevious && list.hasMore, "hasPrevious and hasMore");
  const state = list.toString();
  check((await list.loadPrevious()).join() === "0,1,2,3", "back");
  // Restored right after the saved window (chunk 1): the next load is the last chunk.
  const last = InfiniteList.from(state, unevenApi, options);
  check((await last.loadMore()).join() === "8", "last chunk");
  check(!last.hasMore, "no more");
  check((await last.loadPrevious()).join() === "4,5,6,7", "the saved chunk");
  let err;
  try {
    new InfiniteList(1);
  } catch (e) {
    err = e;
  }
  check(err instanceof TypeError, `new InfiniteList(1): ${err}`);
};

// Issue #16: with itemKey a cut inside a page resumes after the last item handed out, also
// when rows were inserted before it (a newest-first keyset feed, 5 new rows at the top).
checks["itemKey: a resume after inserts repeats nothing"] = async ({ paginate }) => {
  let rows = Array.from({ length: 30 }, (_, i) => ({ id: 30 - i }));
  const fetchPage = async (t) => {
    const from = t === undefined ? 0 : rows.findIndex((r) => r.id < t);
    const results = rows.slice(from, from + 20);
    return { results, next: from + 20 < rows.length ? results.at(-1).id : null };
  };
  const first = paginate(fetchPage, { items: "results", next: "next", itemKey: "id", maxItems: 10 });
  const got = (await first.toArray()).map((r) => r.id);
  rows = [35, 34, 33, 32, 31].map((id) => ({ id })).concat(rows);
  const rest = paginate(fetchPage, { items: "results", next: "next", itemKey: "id", resumeToken: first.resumeToken });
  const all = [...got, ...(await rest.toArray()).map((r) => r.id)];
  check(all.join() === Array.from({ length: 30 }, (_, i) => 30 - i).join(), `itemKey resume: ${all}`);
  check(rest.stats.anchorMisses === 0, "no anchor miss");
};

export async function runDriverChecks(lib) {
  const ran = [];
  for (const [name, fn] of Object.entries(checks)) {
    await fn(lib);
    ran.push(name);
  }
  return ran;
}
