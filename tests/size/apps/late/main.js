// A frontend split by route, as Vite, webpack and React.lazy make it: the first chunk uses only
// plain cursors and the error classes (so the page chooses the codec module), and the feed and
// the signing routes arrive later as chunks of their own. The feed's classes must still work:
// pagecursor loads a module with them while plain cursors go on working (src/js/loading/loading.ts).
// After the feed made its objects, a later route that needs signing is told why it cannot have
// it, with a typed error. With `?together`, one route needs both, so both parts arrive at once,
// before any swap: the page swaps in the module with both, and both work. With `?overlap`, the
// signing route arrives while the feed's module still loads (the test holds it back): the
// module with both supersedes it, and both work.
import { encodeCursor, decodeCursor, CursorError, ready } from "pagecursor";
import { report, whenReady } from "../fixtures.js";

const query = new URLSearchParams(location.search);

report(async (check) => {
  await whenReady(ready);
  if (query.has("together") || query.has("overlap")) {
    const { showFeed, sign } = query.has("together")
      ? await import("./both.js")
      : { ...(await import("./feed.js")), ...(await import("./signing.js")) };
    await showFeed(check);
    await ready;
    check("signing, arrived with the feed or while its module loaded", typeof sign() === "string");
    check("plain cursors after both routes", decodeCursor(encodeCursor({ id: 9 })).value.id === 9);
    return;
  }
  const token = encodeCursor({ id: 7 });
  check("plain cursors before the feed route", decodeCursor(token).value.id === 7, token);

  const feed = import("./feed.js"); // the route's chunk: its marks run when it arrives
  const { showFeed } = await feed;
  // While the module with the client classes loads, plain cursors go on working.
  check("plain cursors while the feed's module loads", decodeCursor(encodeCursor({ id: 8 })).value.id === 8);
  await showFeed(check);
  check("plain cursors after the feed route", decodeCursor(encodeCursor({ id: 9 })).value.id === 9);

  const { sign } = await import("./signing.js");
  try {
    sign();
    check("signing after the feed made its objects: refused", false, "no error");
  } catch (err) {
    check(
      "signing after the feed made its objects: refused, saying why",
      err instanceof CursorError && err.code === "not_ready" && /is not in the WebAssembly module this page chose/.test(err.message),
      `${err?.name} ${err?.code}: ${err?.message}`,
    );
  }
});
