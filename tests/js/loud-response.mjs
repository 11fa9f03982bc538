// Issue #16: a fetch Response read through a path or a preset other than `link` (a forgotten
// `.json()`) is bad_page whose message says to return `await res.json()`. Shared by Node
// (tests/js/loud-response.test.mjs) and Chromium (tests/browser/loud.test.mjs): each runtime's
// own Response. No node: imports, so that a browser page can run it.

function check(ok, what) {
  if (!ok) throw new Error(`check failed: ${what}`);
}

async function failure(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("the walk ended without an error");
}

const BODY = JSON.stringify({ items: [1], next: "t1", Items: [1], LastEvaluatedKey: { k: 1 }, edges: [], pageInfo: {} });
const response = () => new Response(BODY, { headers: { "content-type": "application/json", link: "<https://example.test/x?page=2>; rel=next" } });

export const checks = {
  async "a Response read by a path or a preset other than link is bad_page saying to return await res.json()"(lib) {
    const cases = [
      { items: "items", next: "next" },
      { preset: "keyset" },
      { preset: "dynamodb" },
      { preset: "aws", items: "Items" },
      { preset: "relay" },
      { root: "data", items: (v) => v, next: (v) => v.next },
      { items: () => [], next: "next" },
      { next: "next" },
    ];
    for (const options of cases) {
      const p = lib.paginate(async () => response(), options);
      const err = await failure(p.toArray().catch((e) => { throw e; }));
      const what = JSON.stringify(Object.keys(options));
      check(err instanceof lib.PaginationError, `${what}: a PaginationError, got ${err}`);
      check(err.code === "bad_page", `${what}: bad_page, got ${err.code}`);
      check(err.message.includes("return `await res.json()`") && err.message.includes('preset: "link"'), `${what}: ${err.message}`);
      check(String(err).includes("fetchPage returned a fetch Response"), `${what}: String(err) says it`);
      check(p.stopReason === "error", `${what}: stopReason ${p.stopReason}`);
    }
  },
  async "functions for every location read the Response themselves; preset link reads it"(lib) {
    let n = 0;
    const fn = lib.paginate(async () => ({ r: response(), n: ++n }), {
      items: async (p) => (await p.r.json()).items, next: (p) => (p.n < 2 ? p.n : undefined),
    });
    const got = await fn.toArray();
    check(JSON.stringify(got) === "[1,1]", `functions: ${JSON.stringify(got)}`);
    const seen = [];
    const link = lib.paginate(async (url) => {
      seen.push(url);
      return url === undefined ? response() : new Response("[2]", { headers: { "content-type": "application/json" } });
    }, { preset: "link", items: "items" });
    const first = await failure(link.toArray());
    // The second body is an array: nothing at options.items "items" of it.
    check(first.code === "bad_page" && first.message.includes('nothing at options.items "items"'), first.message);
    check(seen.length === 2 && typeof seen[1] === "string" && seen[1] === "https://example.test/x?page=2", `link followed: ${seen}`);
  },
};

export async function runResponseChecks(lib) {
  const ran = [];
  for (const [name, fn] of Object.entries(checks)) {
    await fn(lib);
    ran.push(name);
  }
  return ran;
}
