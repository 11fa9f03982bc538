// Issue 15's plain cursors: encodeCursor / decodeCursor, used once.
import { encodeCursor, decodeCursor, ready } from "pagecursor";
import { fetchPage, report, whenReady, ITEMS } from "../fixtures.js";

report(async (check) => {
  await whenReady(ready);
  const first = await fetchPage(undefined);
  const last = first.items.at(-1);
  const token = encodeCursor({ id: last.id, name: last.name });
  const cursor = decodeCursor(token);
  check("plain round trip", cursor.value.id === last.id && cursor.value.name === last.name && cursor.direction === "after", token);
  check("fixtures used", ITEMS.length === 25);
});
