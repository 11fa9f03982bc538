// The client side of the edge-function recipe: paginate's `keyset` preset reads `items` and
// `nextCursor` from each page and hands the cursor back unchanged; the client never looks inside.
import { paginate } from "pagecursor";

/** Walks GET /orders of the worker at `base` to the end; resolves to the orders, in order. */
export async function allOrders(base, { status = "open", pageSize = 4 } = {}) {
  const orders = paginate(
    async (cursor, { signal, pageSize }) => {
      const url = new URL("orders", base);
      url.searchParams.set("status", status);
      url.searchParams.set("limit", String(pageSize));
      if (cursor !== undefined) url.searchParams.set("cursor", cursor);
      const res = await fetch(url, { signal });
      if (!res.ok) throw res; // a thrown Response: 429/5xx are retried, honouring Retry-After
      return res.json();
    },
    { preset: "keyset", pageSize },
  );
  return { items: await orders.toArray(), stats: orders.stats };
}
