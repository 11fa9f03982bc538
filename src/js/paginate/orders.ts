// What the wasm `PaginatorCore` asks the driver for during a call: requests to issue (a queue
// from `first` to `last`) and the page to hand out (d…). The core holds an `Orders` (its
// `Driver` import, crates/pagecursor-wasm/src/paginate.rs) and calls `request` and `deliver` on
// it; the driver acts on what they recorded after the call returned (requests.ts, driver.ts),
// so that no user code runs inside a core call.
//
// Owns that callback's shape; it calls nothing. The core holds this object, not the walk, so
// that a walk left unfinished can still be collected. Its methods run inside a core call, so
// nothing in them may throw: fields are class fields and requests object literals (defined,
// never set through a prototype's setter), and no array is grown.

// A request the core asked for (`Orders.request`), queued until the driver issues it.
interface Request {
  id: number;
  token: unknown;
  attempt: number;
  segment: number;
  delay: number;
  keys: number; // see Driver.request in crates/pagecursor-wasm/src/paginate.rs
  next: Request | null;
}

export class Orders {
  first: Request | null = null;
  last: Request | null = null;
  // The walk's held token: the last string token reported as text with pullWith.
  held: string | undefined = undefined;
  dId = 0;
  dSkip = 0;
  dTake = 0;
  dSegment = 0;
  dCut = false;

  request(id: number, token: unknown, attempt: number, segment: number, delay: number, held: boolean, keys: number): void {
    const r: Request = { id, token: held ? this.held : token, attempt, segment, delay, keys, next: null };
    if (this.last === null) this.first = r;
    else this.last.next = r;
    this.last = r;
  }

  deliver(id: number, skip: number, take: number, segment: number, cut: boolean): void {
    this.dId = id;
    this.dSkip = skip;
    this.dTake = take;
    this.dSegment = segment;
    this.dCut = cut;
  }
}
