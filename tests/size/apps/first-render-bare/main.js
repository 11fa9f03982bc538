// The same app without pagecursor: the feed is a hand-written loop over the same fetchPage.
import { start } from "../first-render/views.js";
import { PAGE_SIZE } from "../fixtures.js";

start(async (fetchPage) => {
  const items = [];
  let token;
  do {
    const page = await fetchPage(token);
    items.push(...page.items);
    token = page.next;
  } while (token !== undefined && items.length < PAGE_SIZE);
  return items.slice(0, PAGE_SIZE);
});
