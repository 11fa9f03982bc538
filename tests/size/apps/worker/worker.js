// A module worker written the way an app would: import at the top, the handler set at the top.
// It answers each message with the first page of a walk (an async API, which waits for the
// wasm itself).
import { paginate } from "pagecursor";
import { fetchPage, SHAPE } from "../fixtures.js";

self.onmessage = async ({ data }) => {
  const walk = paginate(fetchPage, { ...SHAPE, maxPages: 1 });
  const items = [];
  for await (const page of walk) items.push(...page.items);
  self.postMessage({ id: data.id, items: items.length, resumeToken: walk.resumeToken });
};
