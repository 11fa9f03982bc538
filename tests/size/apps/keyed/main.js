// Issue 15's keyed codec: CursorCodec with keys, signing and sealing once each.
import { CursorCodec, ready } from "pagecursor";
import { fetchPage, report, whenReady } from "../fixtures.js";

const keys = [{ id: "k1", secret: "size-app-secret-0123456789abcdef" }];

report(async (check) => {
  await whenReady(ready);
  const first = await fetchPage(undefined);
  const value = { id: first.items.at(-1).id };
  for (const mode of ["signed", "sealed"]) {
    const codec = new CursorCodec({ keys, mode });
    const token = codec.encode(value, { scope: "orders" });
    const cursor = codec.decode(token, { scope: "orders" });
    check(`${mode} round trip`, codec.mode === mode && cursor.value.id === value.id && cursor.keyId === "k1", token);
  }
});
