// An edge function for the Cloudflare Workers runtime (workerd): a keyset-paginated JSON API whose
// cursors are sealed (encrypted and authenticated) by pagecursor, so clients can neither read nor
// forge the position, and a cursor minted for one query is refused for another.
//
//   GET /orders?status=open&limit=5[&cursor=…] -> { items, nextCursor }   (400 { error } on a bad cursor)
//   GET /selftest                               -> the shared app-core checks, run inside workerd
//
// The secret comes from the CURSOR_SECRET binding (a text binding here; `wrangler secret put` in
// production). `import … from "pagecursor"` resolves to the package's `workerd` entry.
import * as pagecursor from "pagecursor";
import { CursorCodec, CursorError, paginateKeyset } from "pagecursor";
import { runChecks } from "../app-core.js";
import { ORDERS } from "./orders.js";

let codec;
function cursorCodec(env) {
  // One codec per isolate; ttl bounds how long a leaked cursor stays usable.
  codec ??= new CursorCodec({ keys: [{ id: "2026-12", secret: env.CURSOR_SECRET }], mode: "sealed", ttl: 600 });
  return codec;
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    try {
      if (url.pathname === "/orders") return orders(url, cursorCodec(env));
      if (url.pathname === "/selftest") return Response.json(await runChecks(pagecursor));
      return new Response("not found", { status: 404 });
    } catch (err) {
      if (err instanceof CursorError) return Response.json({ error: err.code, message: err.message }, { status: 400 });
      throw err;
    }
  },
};

function orders(url, codec) {
  const status = url.searchParams.get("status") ?? "open";
  const limit = Math.min(50, Math.max(1, Number(url.searchParams.get("limit")) || 5));
  // In a real worker this is a query: WHERE status = ? AND (created_at, id) > (?, ?) LIMIT ?.
  const rows = ORDERS.filter((o) => o.status === status);
  const page = paginateKeyset(rows, {
    keys: ["createdAt", "id"],
    after: url.searchParams.get("cursor") ?? undefined,
    limit,
    codec,
    // The scope binds each cursor to this query: replayed with another status, it is scope_mismatch.
    scope: { resource: "orders", status },
  });
  return Response.json({ items: page.items, nextCursor: page.nextCursor });
}
