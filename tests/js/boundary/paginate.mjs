// Boundary cases of the paginate area (see ./index.mjs for the shape of each export): the
// paginator (`paginate`) and `InfiniteList` at the JS boundary, issue #14 parts 5 to 7 and the
// paginator's rows of the Major findings. Each group is one class of input, with several
// variants: fake abort events and look-alike signals, hostile errors (fake Dates, throwing
// getters, Proxies, huge strings), oversized tokens, timer overflow, numbers that are not
// integers, pages whose fields are read again by a cut copy, and re-entrant or revoked
// callbacks. Runs in Node and Chromium: no Node API.
import { USER, throwingProxy } from "../hostile.mjs";

const keyset = (extra = {}) => ({ preset: "keyset", ...extra });

/** Three pages [1,2] [] [3] with the keyset preset. */
const threePages = () => async (token) => {
  if (token === undefined) return { items: [1, 2], next_cursor: "p2" };
  if (token === "p2") return { items: [], next_cursor: "p3" };
  return { items: [3] };
};

/** One page of `items` (a later token is never asked for: the page has no next token). */
const itemPages = (items) => async () => ({ items });

const neverSettles = () => new Promise(() => {});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function abortAfter(ms) {
  const c = new AbortController();
  setTimeout(() => c.abort(), ms);
  return c.signal;
}


function revoked(target = {}) {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

function expect(cond, what) {
  if (!cond) throw new Error(what);
}

/** An error of a failing page (503, so retried by default) with `extra` fields. */
function failure(extra) {
  return Object.assign(new Error("503 from the service"), { status: 503 }, extra);
}

/** A walk whose every request fails with `err()`; resolves with the outcome and the calls. */
function failingWalk(lib, err, options) {
  let calls = 0;
  const walk = lib.paginate(async () => {
    calls++;
    throw err();
  }, keyset(options)).toArray();
  return { walk, calls: () => calls };
}

/** A Date whose own getTime throws: the intrinsic getter reads the real time. */
function dateWithThrowingGetTime() {
  const d = new Date();
  d.getTime = () => { throw USER; };
  return d;
}

class LyingDate extends Date {
  getTime() {
    throw USER;
  }
}

class ShiftedDate extends Date {
  getTime() {
    return 5;
  }
}

/** A token walk: page 1 carries `next`, page 2 ends; resolves with the items. */
function tokenWalk(lib, next, options) {
  let n = 0;
  return lib.paginate(async () => (n++ === 0 ? { items: [1], next_cursor: next } : { items: [2] }), keyset(options));
}

/** Whether the event loop still runs timers while `promise` is pending. */
async function timersRunDuring(promise) {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  try {
    return { result: await promise, ticks };
  } finally {
    clearInterval(timer);
  }
}

export function cases(lib) {
  const { paginate, InfiniteList } = lib;
  const walk = (fetchPage, options) => paginate(fetchPage, options).toArray();
  const big = (n) => new Array(n).fill(1);

  return [
    // --- fake abort events: decided by signal.aborted, never by the event (part 5) ---
    ["fake abort Event on ctx.signal: the walk goes on", "ok", async () => {
      const items = await walk(async (token, ctx) => {
        ctx.signal.dispatchEvent(new Event("abort"));
        return threePages()(token);
      }, keyset());
      expect(items.join() === "1,2,3", `items ${items}`);
    }],
    ["fake abort Event on options.signal: the walk goes on, timers still run", "ok", async () => {
      const c = new AbortController();
      const { result, ticks } = await timersRunDuring(walk(async (token) => {
        if (token === undefined) c.signal.dispatchEvent(new Event("abort"));
        await sleep(5);
        return threePages()(token);
      }, keyset({ signal: c.signal })));
      expect(result.join() === "1,2,3" && ticks > 0, `items ${result}, ${ticks} timer ticks`);
    }],
    ["fake abort Event on options.signal, then the real abort", "PaginationError:aborted", () => {
      const c = new AbortController();
      setTimeout(() => c.abort(), 20);
      return walk(() => {
        c.signal.dispatchEvent(new Event("abort"));
        return neverSettles();
      }, keyset({ signal: c.signal }));
    }],
    ["fake abort Event on ctx.signal, then the real abort", "PaginationError:aborted", () =>
      walk((token, ctx) => {
        ctx.signal.dispatchEvent(new Event("abort"));
        return neverSettles();
      }, keyset({ signal: abortAfter(20) }))],
    ["fake abort Event on ctx.signal of a prefetching walk", "ok", async () => {
      const items = await walk(async (token, ctx) => {
        ctx.signal.dispatchEvent(new Event("abort"));
        return threePages()(token);
      }, keyset({ prefetch: 2 }));
      expect(items.join() === "1,2,3", `items ${items}`);
    }],
    ["a real AbortSignal whose own aborted getter lies", "ok", async () => {
      const signal = new AbortController().signal;
      Object.defineProperty(signal, "aborted", { get: () => true });
      const items = await walk(threePages(), keyset({ signal }));
      expect(items.join() === "1,2,3", `items ${items}`);
    }],
    ["options.signal a look-alike { aborted, addEventListener }", "TypeError", () =>
      walk(threePages(), keyset({ signal: { aborted: false, addEventListener() {}, removeEventListener() {} } }))],
    ["options.signal Object.create(AbortSignal.prototype)", "TypeError", () =>
      walk(threePages(), keyset({ signal: Object.create(AbortSignal.prototype) }))],
    // Node's AbortSignal checks its brand by a symbol field, which a Proxy forwards.
    ["options.signal a Proxy of a real AbortSignal", ["TypeError", "ok"], () =>
      walk(threePages(), keyset({ signal: new Proxy(new AbortController().signal, {}) }))],
    ["options.signal a revoked Proxy", "TypeError", () => walk(threePages(), keyset({ signal: revoked() }))],
    ["InfiniteList: fake abort Event on options.signal", "ok", async () => {
      const c = new AbortController();
      const list = new InfiniteList(async (token) => {
        c.signal.dispatchEvent(new Event("abort"));
        return threePages()(token);
      }, keyset({ signal: c.signal, chunkItems: 3 }));
      const items = await list.loadMore();
      expect(items.join() === "1,2,3", `items ${items}`);
    }],

    // --- the failing page's error: read once in JS, never through wasm (part 6) ---
    ["retryAfter: a Date whose own getTime throws", "PaginationError:fetch_failed", async () => {
      const w = failingWalk(lib, () => failure({ retryAfter: dateWithThrowingGetTime() }), { retry: { retries: 1 } });
      await w.walk;
    }],
    ["retryAfter: Object.create(Date.prototype)", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => failure({ retryAfter: Object.create(Date.prototype) }), { retry: { retries: 1, baseDelayMs: 0 } }).walk],
    ["retryAfter: a Date subclass whose getTime throws", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => failure({ retryAfter: new LyingDate() }), { retry: { retries: 1 } }).walk],
    ["retryAfter: a Date subclass lying in getTime waits by its real time", "PaginationError:fetch_failed", async () => {
      // The real time is now + 30 days: the time budget cannot afford it, so no retry.
      const w = failingWalk(lib, () => failure({ retryAfter: new ShiftedDate(Date.now() + 30 * 86400e3) }), {
        retry: { retries: 1 }, timeLimitMs: 60000,
      });
      try {
        await w.walk;
      } finally {
        expect(w.calls() === 1, `${w.calls()} calls`);
      }
    }],
    ["retryAfter: a Proxy of a Date", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => failure({ retryAfter: new Proxy(new Date(), {}) }), { retry: { retries: 1 } }).walk],
    ["retryAfter: a revoked Proxy", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => failure({ retryAfter: revoked(new Date()) }), { retry: { retries: 1 } }).walk],
    ["retryAfter: a getter that throws", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => Object.defineProperty(failure({}), "retryAfter", { get() { throw USER; } }), { retry: { retries: 1 } }).walk],
    ["retryAfter: a string of 1 MiB", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => failure({ retryAfter: "1".repeat(1 << 20) }), { retry: { retries: 1, baseDelayMs: 0 } }).walk],
    ["the error's status getter throws: not retried", "PaginationError:fetch_failed", async () => {
      const w = failingWalk(lib, () => Object.defineProperty(new Error("x"), "status", { get() { throw USER; } }));
      try {
        await w.walk;
      } finally {
        expect(w.calls() === 1, `${w.calls()} calls`);
      }
    }],
    ["the error's name getter throws", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => Object.defineProperty(new Error("x"), "name", { get() { throw USER; } })).walk],
    ["the error's $retryable getter throws", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => Object.defineProperty(new Error("x"), "$retryable", { get() { throw USER; } })).walk],
    ["the error's headers getter throws", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => Object.defineProperty(failure({}), "headers", { get() { throw USER; } }), { retry: { retries: 1, baseDelayMs: 0 } }).walk],
    ["the error's headers.get throws", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => failure({ headers: { get() { throw USER; } } }), { retry: { retries: 1, baseDelayMs: 0 } }).walk],
    ["the error's headers.get returns a fake Date", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => failure({ headers: { get: () => Object.create(Date.prototype) } }), { retry: { retries: 1, baseDelayMs: 0 } }).walk],
    ["the error's name is 1 MiB long", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => Object.assign(new Error("x"), { name: "T".repeat(1 << 20) })).walk],
    ["the error is a Proxy whose every trap throws", "PaginationError:fetch_failed", async () => {
      const err = throwingProxy(new Error("x"));
      try {
        await walk(() => Promise.reject(err), keyset());
      } catch (e) {
        expect(e.cause === err, "the cause is the error itself");
        throw e;
      }
    }],
    ["the error is a revoked Proxy", "PaginationError:fetch_failed", () => walk(() => Promise.reject(revoked()), keyset())],
    ["retry.retryable returns a throwing Proxy (truthy)", "PaginationError:fetch_failed", () =>
      failingWalk(lib, () => new Error("x"), { retry: { retries: 1, baseDelayMs: 0, retryable: () => throwingProxy() } }).walk],

    // --- tokens: capped before they are copied into wasm memory (part 7) ---
    ["next token: an array of 2,000,000 elements", "PaginationError:bad_page", () => tokenWalk(lib, big(2e6))],
    ["next token: a string of 100,000 characters", "PaginationError:bad_page", () => tokenWalk(lib, "x".repeat(1e5))],
    ["next token: an object of 50,000 keys", "PaginationError:bad_page", () => {
      const token = {};
      for (let i = 0; i < 50000; i++) token[`k${50000 - i}`] = i;
      return tokenWalk(lib, token);
    }],
    ["next token: a Uint8Array of 1 MiB", "PaginationError:bad_page", () => tokenWalk(lib, new Uint8Array(1 << 20))],
    ["next token: a Uint8Array whose own length lies (2^31 + 100)", "ok", async () => {
      const bytes = Object.defineProperty(new Uint8Array([1, 2]), "length", { value: 2 ** 31 + 100 });
      const p = tokenWalk(lib, { k: bytes }, { maxItems: 1 });
      await p.toArray();
      expect(typeof p.resumeToken === "string", "a resume token for the real two bytes");
    }],
    ["next token: a Proxy array whose length lies (2^32 - 1)", "PaginationError:bad_page", () =>
      tokenWalk(lib, new Proxy([1], { get: (t, k) => (k === "length" ? 2 ** 32 - 1 : t[k]) }))],
    ["next token: a throwing Proxy", "PaginationError:bad_page(cause=user)", () => tokenWalk(lib, throwingProxy())],
    ["next token: a revoked Proxy", "PaginationError:bad_page", () => tokenWalk(lib, revoked())],
    ["next token: a field getter that throws", "PaginationError:bad_page(cause=user)", () =>
      tokenWalk(lib, Object.defineProperty({}, "k", { enumerable: true, get() { throw USER; } }))],
    ["next token: 2,000 keys in reverse order (cycle detection sorts them)", "PaginationError:repeated_token", () => {
      const a = {}, b = {};
      for (let i = 0; i < 2000; i++) a[`k${i}`] = i;
      for (let i = 1999; i >= 0; i--) b[`k${i}`] = i;
      let n = 0;
      return walk(async () => ({ items: [n], next_cursor: n++ % 2 === 0 ? a : b }), keyset());
    }],
    ["next token: nested 100 deep (no form, still followed)", "ok", () => {
      let deep = 0;
      for (let i = 0; i < 100; i++) deep = [deep];
      return tokenWalk(lib, deep);
    }],
    ["next token: a fake Date inside (no form, still followed)", "ok", () => tokenWalk(lib, { at: Object.create(Date.prototype) })],
    ["next token: a Date subclass lying in getTime resumes at its real time", "ok", async () => {
      const at = new ShiftedDate(1714566896789);
      // Cut inside the page fetched with { at }: the resume token holds that token.
      const part = paginate(async (t) => (t === undefined ? { items: [1, 2], next_cursor: { at } } : { items: [3, 4] }), keyset({ maxItems: 3 }));
      await part.toArray();
      let seen;
      await paginate(async (t) => {
        seen = t;
        return { items: [3, 4] };
      }, keyset({ resumeToken: part.resumeToken })).toArray();
      expect(seen.at instanceof Date && Date.prototype.getTime.call(seen.at) === 1714566896789, `resumed with ${seen?.at}`);
    }],
    ["startToken: an array of 2,000,000 elements", "RangeError", () => walk(threePages(), keyset({ startToken: big(2e6) }))],
    ["startToken: a throwing Proxy", "user", () => walk(threePages(), keyset({ startToken: throwingProxy() }))],
    ["scope: an array of 2,000,000 elements", "RangeError", () => walk(threePages(), keyset({ scope: big(2e6) }))],
    ["scope: a throwing Proxy", "user", () => walk(threePages(), keyset({ scope: throwingProxy() }))],
    ["scope: an object with a field set to undefined", "CursorError:unsupported_value", () =>
      walk(threePages(), keyset({ scope: { tenant: undefined } }))],
    ["resumeToken: a string of 100 MB", "PaginationError:bad_resume_token", () =>
      walk(threePages(), keyset({ resumeToken: "A".repeat(100e6) }))],
    ["resumeToken: a String object", "PaginationError:bad_resume_token", () =>
      walk(threePages(), keyset({ resumeToken: new String("AQ") }))],
    ["InfiniteList.from: a state of 100 MB", "CursorError:too_large", () =>
      InfiniteList.from("A".repeat(100e6), threePages(), keyset())],
    ["link preset: a Link header of 1 MiB", "PaginationError:bad_page", () =>
      walk(async () => ({
        status: 200, url: "https://api.example/items", headers: { get: () => `<${"x".repeat(1 << 20)}>; rel="next"` },
        json: async () => [1],
      }), { preset: "link" })],

    // --- waits above 2^31 - 1 ms are waited for, not turned into 1 ms (Major: timer overflow) ---
    ["Retry-After of 30 days beyond timeLimitMs: fails at once with a resumeToken", "PaginationError:fetch_failed", async () => {
      const w = failingWalk(lib, () => failure({ retryAfter: 30 * 86400 }), { retry: { retries: 1 }, timeLimitMs: 60000 });
      try {
        await w.walk;
      } catch (e) {
        expect(typeof e.resumeToken === "string" && w.calls() === 1, `${w.calls()} calls, resumeToken ${e.resumeToken}`);
        throw e;
      }
    }],
    ["Retry-After header of 30 days: the retry waits (aborted before it)", "PaginationError:aborted", async () => {
      const headers = { get: (h) => (h === "retry-after" ? String(30 * 86400) : null) };
      const w = failingWalk(lib, () => failure({ headers }), { retry: { retries: 1 }, signal: abortAfter(50) });
      try {
        await w.walk;
      } finally {
        expect(w.calls() === 1, `${w.calls()} calls: the retry did not wait`);
      }
    }],
    ["minIntervalMs 3e9: the second request waits (aborted before it)", "PaginationError:aborted", async () => {
      let calls = 0;
      try {
        await walk(async (t) => {
          calls++;
          return { items: [calls], next_cursor: `p${calls}` };
        }, keyset({ minIntervalMs: 3e9, signal: abortAfter(50) }));
      } finally {
        expect(calls === 1, `${calls} calls: minIntervalMs did not wait`);
      }
    }],
    ["timeLimitMs 3e9: a slow page is waited for", "ok", async () => {
      const items = await walk(async (token) => {
        await sleep(10);
        return threePages()(token);
      }, keyset({ timeLimitMs: 3e9 }));
      expect(items.join() === "1,2,3", `items ${items}`);
    }],

    // --- numbers: integers only, documented ranges (Major: one error policy) ---
    ["maxItems 1.5", "RangeError", () => walk(threePages(), keyset({ maxItems: 1.5 }))],
    ["maxItems Infinity", "RangeError", () => walk(threePages(), keyset({ maxItems: Infinity }))],
    ["maxItems '5'", "TypeError", () => walk(threePages(), keyset({ maxItems: "5" }))],
    ["maxPages 2^53", "RangeError", () => walk(threePages(), keyset({ maxPages: 2 ** 53 }))],
    ["maxRequests -1", "RangeError", () => walk(threePages(), keyset({ maxRequests: -1 }))],
    ["timeLimitMs NaN", "RangeError", () => walk(threePages(), keyset({ timeLimitMs: NaN }))],
    ["minIntervalMs 0.5", "RangeError", () => walk(threePages(), keyset({ minIntervalMs: 0.5 }))],
    ["prefetch 1025", "RangeError", () => walk(threePages(), keyset({ prefetch: 1025 }))],
    ["pageSize 'x'", "TypeError", () => walk(threePages(), keyset({ pageSize: "x" }))],
    ["pageSize 0", "RangeError", () => walk(threePages(), keyset({ pageSize: 0 }))],
    ["pageSize 2.5", "RangeError", () => walk(threePages(), keyset({ pageSize: 2.5 }))],
    ["segments 10,001", "RangeError", () => walk(threePages(), keyset({ segments: 10001 }))],
    ["segments 1e6", "RangeError", () => walk(threePages(), keyset({ segments: 1e6 }))],
    ["segment { segment: 0.5, total: 2 }", "RangeError", () => walk(threePages(), keyset({ segment: { segment: 0.5, total: 2 } }))],
    ["segment { segment: 0, total: 1e6 + 1 }", "RangeError", () => walk(threePages(), keyset({ segment: { segment: 0, total: 1e6 + 1 } }))],
    ["retry.retries 1.5", "RangeError", () => walk(threePages(), keyset({ retry: { retries: 1.5 } }))],
    ["retry.baseDelayMs Infinity", "RangeError", () => walk(threePages(), keyset({ retry: { baseDelayMs: Infinity } }))],
    ["retry.maxDelayMs -1", "RangeError", () => walk(threePages(), keyset({ retry: { maxDelayMs: -1 } }))],
    ["InfiniteList chunkItems 1.5", "RangeError", () => new InfiniteList(threePages(), keyset({ chunkItems: 1.5 }))],
    ["InfiniteList maxChunks 0", "RangeError", () => new InfiniteList(threePages(), keyset({ maxChunks: 0 }))],
    ["InfiniteList prefetch 0.5 (a paginator option)", "RangeError", () => new InfiniteList(threePages(), keyset({ prefetch: 0.5 }))],
    ["segments 5,000: every segment walked (linear in pages)", "ok", async () => {
      const items = await walk(async (t, ctx) => ({ items: [ctx.segment] }), keyset({ segments: 5000 }));
      expect(items.length === 5000 && new Set(items).size === 5000, `${items.length} items`);
    }],

    // --- page fields are read once: the cut copy of maxItems reads nothing again (Major) ---
    ["cut copy: the items getter throws on a second read", "ok", async () => {
      let reads = 0;
      const page = { get items() { if (reads++) throw USER; return [1, 2, 3]; } };
      const pages = [];
      for await (const p of paginate(async () => page, keyset({ maxItems: 2 }))) pages.push(p);
      expect(pages.length === 1 && pages[0].items.join() === "1,2" && reads === 1, `${reads} reads`);
    }],
    ["cut copy: another field's getter is not run", "ok", async () => {
      const page = Object.defineProperty({ items: [1, 2, 3] }, "meta", { enumerable: true, get() { throw USER; } });
      const pages = [];
      for await (const p of paginate(async () => page, keyset({ maxItems: 2 }))) pages.push(p);
      expect(pages[0].items.join() === "1,2" && page.items.length === 3, "cut copy");
    }],
    ["cut copy: a page Proxy whose ownKeys trap throws", "PaginationError:bad_page(cause=user)", async () => {
      const page = new Proxy({ items: [1, 2, 3] }, { ownKeys() { throw USER; } });
      for await (const p of paginate(async () => page, keyset({ maxItems: 2 }))) void p;
    }],
    ["cut copy fails: the resume token keeps the page", "ok", async () => {
      let fail = true;
      const fetchPage = async (t) => (t === undefined
        ? (fail ? new Proxy({ items: [1, 2, 3], next_cursor: "b" }, { ownKeys() { throw USER; } }) : { items: [1, 2, 3], next_cursor: "b" })
        : { items: [4] });
      let err;
      try {
        for await (const p of paginate(fetchPage, keyset({ maxItems: 2 }))) void p;
      } catch (e) {
        err = e;
      }
      expect(err?.code === "bad_page", `error ${err}`);
      fail = false;
      const rest = await paginate(fetchPage, keyset({ resumeToken: err.resumeToken })).toArray();
      expect(rest.join() === "1,2,3,4", `resumed ${rest}`);
    }],
    ["the next token's getter runs once per page", "ok", async () => {
      let reads = 0;
      const page = Object.defineProperty({ items: [1] }, "next_cursor", { get() { reads++; return undefined; } });
      await walk(async () => page, keyset({ maxItems: 5 }));
      expect(reads === 1, `${reads} reads`);
    }],

    // --- re-entrant and revoked callbacks (part 7: nothing unwinds through wasm) ---
    ["fetchPage reads the paginator's getters", "ok", async () => {
      const p = paginate(async (token) => {
        void p.resumeToken, p.stats, p.stopReason, p.lastSegment;
        return threePages()(token);
      }, keyset());
      expect((await p.toArray()).join() === "1,2,3", "items");
    }],
    ["fetchPage calls next() of the walk it serves", ["ok", "PaginationError:aborted"], async () => {
      let it;
      const p = paginate(async (token) => {
        if (token === undefined) it.next().catch(() => {});
        return threePages()(token);
      }, keyset());
      it = p[Symbol.asyncIterator]();
      for (let r = await it.next(); !r.done; r = await it.next());
    }],
    ["a page getter calls toArray() of the walk it serves", ["ok", "PaginationError:aborted"], async () => {
      let p;
      const page = { get items() { p.toArray().catch(() => {}); return [1]; } };
      p = paginate(async () => page, keyset());
      await p.toArray();
    }],
    ["a listener of ctx.signal calls next() when the walk stops", "ok", async () => {
      let it;
      const p = paginate((token, ctx) => {
        ctx.signal.addEventListener("abort", () => it.next().catch(() => {}));
        return threePages()(token);
      }, keyset({ maxPages: 1 }));
      it = p[Symbol.asyncIterator]();
      await it.next();
      await it.return();
    }],
    ["onSameToken getter throws", "user", () =>
      walk(threePages(), Object.defineProperty(keyset(), "onSameToken", { get() { throw USER; } }))],
    ["onSameToken getter starts another walk", "ok", () =>
      walk(threePages(), Object.defineProperty(keyset(), "onSameToken", { get() { paginate(threePages(), keyset()); return "stop"; } }))],
    ["options a revoked Proxy", "TypeError", () => walk(threePages(), revoked())],
    ["fetchPage a revoked Proxy", "PaginationError:fetch_failed", () => walk(revoked(async () => ({})), keyset())],
    ["InfiniteList options a revoked Proxy", "TypeError", () => new InfiniteList(threePages(), revoked())],
    ["InfiniteList fetchPage a revoked Proxy", "PaginationError:fetch_failed", () =>
      new InfiniteList(revoked(async () => ({})), keyset()).loadMore()],
    ["InfiniteList: a listener frees the list during loadMore", "ok", async () => {
      const list = new InfiniteList(threePages(), keyset({ chunkItems: 2 }));
      list.subscribe(() => {
        try {
          list.free();
        } catch {
          // A second free() is the glue's error, not this case's.
        }
      });
      const items = await list.loadMore();
      expect(items.join() === "1,2", `items ${items}`);
    }],
    ["InfiniteList: an options getter calls loadMore() at a later load", "ok", async () => {
      let list, loads = 0;
      const options = Object.defineProperty(keyset({ chunkItems: 1 }), "items", {
        enumerable: true,
        get() { if (loads++ === 2) list.loadMore().catch(() => {}); return "items"; },
      });
      list = new InfiniteList(threePages(), options);
      await list.loadMore();
      await list.loadMore();
      expect(list.items.join() === "1,2", `items ${list.items}`);
    }],
    // A bound on the work of one page: a Proxy claiming 2^31 items froze the event loop.
    ["a page whose items Proxy claims 2^31 elements is bad_page at once", "PaginationError:bad_page", () =>
      walk(async () => ({ items: new Proxy([1], { get: (t, k) => (k === "length" ? 2147483748 : Reflect.get(t, k)) }) }), keyset({ maxItems: 3e9 }))],
    ["options.scope is a revoked Proxy: TypeError with code invalid_argument", "ok", () => {
      let err;
      try { paginate(threePages(), keyset({ scope: revoked([]) })); } catch (e) { err = e; }
      expect(err instanceof TypeError && err.code === "invalid_argument" && /revoked Proxy/.test(err.message), `got ${err?.name} ${err?.code} ${err?.message}`);
    }],
    ["options.codec is a revoked Proxy: TypeError with code invalid_argument", "ok", async () => {
      let err;
      try { await walk(threePages(), keyset({ codec: revoked() })); } catch (e) { err = e; }
      expect(err instanceof TypeError && err.code === "invalid_argument" && /CursorCodec/.test(err.message), `got ${err?.name} ${err?.code} ${err?.message}`);
    }],
    // The window's items are joined in JS with own data properties: `push` from inside wasm
    // ran a setter planted on Array.prototype (a throwing one unwound through the wasm frames).
    // The planted setter here behaves like a plain store, so the rest of the process is
    // unaffected, and records the arrays it was called on.
    ["InfiniteList: the window is built without running a setter planted on Array.prototype", "ok", async () => {
      const list = new InfiniteList(threePages(), keyset({ chunkItems: 2 }));
      const hit = new Set();
      const planted = Object.defineProperty(Array.prototype, "0", {
        configurable: true,
        get() { return undefined; },
        set(v) {
          hit.add(this);
          Object.defineProperty(this, "0", { value: v, writable: true, enumerable: true, configurable: true });
        },
      });
      try {
        await list.loadMore();
        await list.loadMore();
      } finally {
        delete planted[0];
      }
      expect(list.items.join() === "1,2,3", `window ${list.items}`);
      expect(!hit.has(list.items), "the window's array ran the planted setter");
    }],

    // --- itemKey (issue 16): the key of every item is a user value read through a path or
    // returned by a function; hostile ones fail the walk as bad_page, never the module ---
    ["itemKey path over a throwing getter: bad_page, the getter's error its cause", "PaginationError:bad_page(cause=user)", () =>
      walk(itemPages([{ get id() { throw USER; } }]), keyset({ itemKey: "id" }))],
    ["itemKey path over a Proxy item whose get trap throws", "PaginationError:bad_page(cause=user)", () =>
      walk(itemPages([throwingProxy()]), keyset({ itemKey: "a.b" }))],
    ["itemKey path over a revoked Proxy item", "PaginationError:bad_page", () =>
      walk(itemPages([revoked({ id: 1 })]), keyset({ itemKey: "id" }))],
    ["itemKey function that throws: bad_page, the function's error its cause", "PaginationError:bad_page(cause=user)", () =>
      walk(itemPages([{ id: 1 }]), keyset({ itemKey: () => { throw USER; } }))],
    ["itemKey function returning a Proxy whose ownKeys trap throws", "PaginationError:bad_page(cause=user)", () =>
      walk(itemPages([{ id: 1 }]), keyset({ itemKey: () => new Proxy({}, { ownKeys() { throw USER; } }) }))],
    ["itemKey function returning a fake Date", "PaginationError:bad_page", () =>
      walk(itemPages([{ id: 1 }]), keyset({ itemKey: () => Object.create(Date.prototype) }))],
    ["itemKey function returning a Date subclass whose getTime lies", "ok", async () => {
      // The key is read with the intrinsic getter: both items keep their real, distinct times.
      const times = [new ShiftedDate(1000), new ShiftedDate(2000)];
      const items = await walk(itemPages([{ id: 0 }, { id: 1 }]), keyset({ itemKey: (item) => times[item.id], maxItems: 1 }));
      expect(items.length === 1, `items ${JSON.stringify(items)}`);
    }],
    ["itemKey function returning a cyclic array", "PaginationError:bad_page", () =>
      walk(itemPages([{ id: 1 }]), keyset({ itemKey: () => { const a = []; a.push(a); return a; } }))],
    ["itemKey function returning 1,000 nested arrays", "PaginationError:bad_page", () =>
      walk(itemPages([{ id: 1 }]), keyset({ itemKey: () => { let v = 1; for (let i = 0; i < 1000; i++) v = [v]; return v; } }))],
    ["itemKey function returning a 1 MiB string", "PaginationError:bad_page", () =>
      walk(itemPages([{ id: 1 }]), keyset({ itemKey: () => "k".repeat(1 << 20), maxItems: 1 }))],
    ["itemKey function returning a symbol", "PaginationError:bad_page", () =>
      walk(itemPages([{ id: 1 }]), keyset({ itemKey: () => Symbol("key") }))],
    ["itemKey key with a lone surrogate", "PaginationError:bad_page", () =>
      walk(itemPages([{ id: "\uD800" }]), keyset({ itemKey: "id", maxItems: 1 }))],
    ["itemKey a String object", "TypeError", () => walk(itemPages([{ id: 1 }]), keyset({ itemKey: new String("id") }))],
    ["itemKey an array of names", "TypeError", () => walk(itemPages([{ id: 1 }]), keyset({ itemKey: ["id"] }))],
    ["itemKey the empty path", "TypeError", () => walk(itemPages([{ id: 1 }]), keyset({ itemKey: "" }))],
    ["itemKey a getter on the options that throws", "user", () =>
      walk(itemPages([{ id: 1 }]), keyset(Object.defineProperty({}, "itemKey", { get() { throw USER; }, enumerable: true })))],
    ["itemKey read once per item, across a cut and its resume", "ok", async () => {
      let reads = 0;
      const counted = (id) => ({ get id() { reads++; return id; } });
      const page1 = [counted(1), counted(2), counted(3)];
      const fetchPage = async (token) => (token === undefined ? { items: page1, next_cursor: "p2" } : { items: [counted(4)] });
      const first = paginate(fetchPage, keyset({ itemKey: "id", maxItems: 2 }));
      const got = await first.toArray();
      const rest = await walk(fetchPage, keyset({ itemKey: "id", resumeToken: first.resumeToken }));
      expect(got.length === 2 && rest.length === 2, `items ${got.length} then ${rest.length}`);
      // First walk: items 1 and 2 handed out (3 is past the cut); the resume refetches page 1
      // (three keys to find the anchor) and reads item 4. Nothing is read twice per walk.
      expect(reads <= 3 + 3 + 1, `${reads} reads of the key`);
    }],
    ["InfiniteList whose itemKey function throws: loadMore() rejects bad_page, retry() recovers", "ok", async () => {
      let fail = true;
      const itemKey = (item) => {
        if (fail) throw USER;
        return item.id;
      };
      const list = new InfiniteList(async () => ({ items: [{ id: 1 }, { id: 2 }] }), keyset({ itemKey, chunkItems: 2 }));
      const err = await list.loadMore().then(() => undefined, (e) => e);
      expect(err?.code === "bad_page" && err.cause === USER && list.error === err, `loadMore() gave ${err?.code}, error ${list.error?.code}`);
      fail = false;
      await list.retry();
      expect(list.items.length === 2 && list.error === undefined, `window ${JSON.stringify(list.items)}, error ${list.error?.code}`);
    }],
  ];
}

export function poisons(lib) {
  const { paginate, InfiniteList } = lib;
  const fakeDate = Object.create(Date.prototype);
  const lyingDate = dateWithThrowingGetTime();
  const failing = (retryAfter) => () => Promise.reject(Object.assign(new Error("503"), { status: 503, retryAfter }));
  const big = "A".repeat(16 * 1024 * 1024);
  const bigToken = new Array(2e6).fill(1);
  return [
    // The issue's own example: once a TypeError thrown through wasm by the core's getTime.
    ["a walk whose error's retryAfter is a fake Date", "PaginationError:fetch_failed", () =>
      paginate(failing(fakeDate), { preset: "keyset", retry: { retries: 0 } }).toArray()],
    ["a walk whose error's retryAfter is a Date with a throwing getTime", "PaginationError:fetch_failed", () =>
      paginate(failing(lyingDate), { preset: "keyset", retry: { retries: 0 } }).toArray()],
    ["paginate(fetchPage, revoked Proxy options)", "TypeError", () => paginate(async () => ({}), revoked())],
    ["new InfiniteList(fetchPage, revoked Proxy options)", "TypeError", () => new InfiniteList(async () => ({}), revoked())],
    ["InfiniteList.from(16 MiB state)", "CursorError:too_large", () => InfiniteList.from(big, async () => ({}), { preset: "keyset" })],
    ["a walk resumed from a 16 MiB resumeToken", "PaginationError:bad_resume_token", () =>
      paginate(async () => ({ items: [] }), { preset: "keyset", resumeToken: big }).toArray()],
    ["a walk whose next token has 2,000,000 elements", "PaginationError:bad_page", () =>
      paginate(async () => ({ items: [1], next_cursor: bigToken }), { preset: "keyset" }).toArray()],
  ];
}
