// What every size app shares, pagecursor or not: an in-page paginated "API" (no network, so the
// page fetches only the app and pagecursor) and the result flag the tests read. The baseline app
// uses all of it too, so it cancels out of the per-import difference.
export const ITEMS = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `item-${i + 1}` }));
export const PAGE_SIZE = 10;

/** Pages of PAGE_SIZE items; `next` is the offset of the next page, absent on the last one. */
export async function fetchPage(token) {
  const start = token === undefined ? 0 : Number(token);
  const page = { items: ITEMS.slice(start, start + PAGE_SIZE) };
  if (start + PAGE_SIZE < ITEMS.length) page.next = String(start + PAGE_SIZE);
  return page;
}

/** Options that tell pagecursor's walkers where the items and the next token are. */
export const SHAPE = { items: "items", next: "next" };

/** The entry's `ready`: a promise after issue 15, a function before it; nothing when absent. */
export function whenReady(ready) {
  return typeof ready === "function" ? ready() : ready;
}

/** Runs the app's checks and publishes { ok, checks } as window.__result. */
export async function report(run) {
  const checks = [];
  const check = (name, pass, detail) => checks.push({ name, pass: pass === true, ...(detail === undefined ? {} : { detail: String(detail) }) });
  try {
    await run(check);
  } catch (err) {
    checks.push({ name: "no exception", pass: false, detail: `${err?.name}: ${err?.message}` });
  }
  const result = { ok: checks.length > 0 && checks.every((c) => c.pass), checks };
  window.__result = result;
  document.getElementById("result").textContent = JSON.stringify(result);
}
