// The baseline of the per-import sizes: the same page and fixtures as the other apps, walked by
// a hand-written loop instead of pagecursor. Its bytes are subtracted from each app's.
import { fetchPage, report, ITEMS } from "../fixtures.js";

report(async (check) => {
  const items = [];
  let token;
  do {
    const page = await fetchPage(token);
    items.push(...page.items);
    token = page.next;
  } while (token !== undefined);
  check("hand-written walk", items.length === ITEMS.length, items.length);
});
