// A later route that signs cursors, in a chunk of its own.
import { CursorCodec } from "pagecursor";

export function sign() {
  return new CursorCodec({ keys: [{ id: "k1", secret: "a secret of 32 random bytes....." }] }).encode({ id: 1 });
}
