// Issue 15's "everything": every export of the root entry stays referenced (the namespace object
// escapes), and each purpose is used once so that every wasm module it needs is fetched.
import * as pagecursor from "pagecursor";
import { fetchPage, report, whenReady, SHAPE, PAGE_SIZE, ITEMS } from "../fixtures.js";

const keys = [{ id: "k1", secret: "size-app-secret-0123456789abcdef" }];

report(async (check) => {
  const names = Object.keys(pagecursor);
  await whenReady(pagecursor.ready);
  check("exports", names.includes("paginate") && names.includes("CursorCodec"), names.join(","));

  const token = pagecursor.encodeCursor({ id: 7 });
  check("plain", pagecursor.decodeCursor(token).value.id === 7, token);
  for (const mode of ["signed", "sealed"]) {
    const codec = new pagecursor.CursorCodec({ keys, mode });
    check(mode, codec.decode(codec.encode({ id: 7 })).value.id === 7);
  }
  let code;
  try {
    pagecursor.decodeCursor("!");
  } catch (err) {
    code = err instanceof pagecursor.CursorError ? err.code : `not a CursorError: ${err}`;
  }
  check("CursorError", code === "malformed", code);

  const all = await pagecursor.paginate(fetchPage, SHAPE).toArray();
  check("paginate", all.length === ITEMS.length, all.length);
  const list = new pagecursor.InfiniteList(fetchPage, { ...SHAPE, chunkItems: PAGE_SIZE });
  check("InfiniteList", (await list.loadMore()).length === PAGE_SIZE);
  const stack = new pagecursor.CursorStack();
  stack.record("10");
  stack.forward();
  check("CursorStack", stack.page === 2);

  check("offsetPage", pagecursor.offsetPage({ total: 25, page: 3, limit: 10 }).hasNext === false);
  check("paginateOffset", pagecursor.paginateOffset(ITEMS, { page: 2, limit: 10 }).items[0].id === 11);
  const keyset = pagecursor.paginateKeyset(ITEMS, { keys: ["id"], limit: 10 });
  const next = pagecursor.paginateKeyset(ITEMS, { keys: ["id"], limit: 10, after: keyset.nextCursor });
  check("paginateKeyset", next.items[0].id === 11, next.items[0]?.id);
});
