// InfiniteList's firstIndex, refresh, edits with undo, and snapshot/initial, through the
// installed package, over a mutable in-memory service (a newest-first feed whose rows can be
// inserted, deleted and edited between requests), with keyset pages of uneven sizes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { InfiniteList, PaginationError } from "pagecursor";

/**
 * A feed of rows {id, text}, newest first; pages of `sizes` rows in turn (empty ones too). A
 * token is "offset/serial": the serial makes the token after an empty page a new one, and
 * fixes the page's size, so a token fetched again gives the same page.
 */
function feed(count, sizes = [3, 0, 4, 2]) {
  let rows = Array.from({ length: count }, (_, i) => ({ id: count - i, text: `row ${count - i}` }));
  const requests = [];
  const fetchPage = async (token, ctx) => {
    const [at, serial] = token === undefined ? [0, 0] : token.split("/").map(Number);
    requests.push({ at: token === undefined ? undefined : at, direction: ctx.direction });
    await new Promise((r) => setTimeout(r, 0));
    const n = sizes[serial % sizes.length];
    const items = rows.slice(at, at + n).map((r) => ({ ...r }));
    return { items, next_cursor: at + n < rows.length ? `${at + n}/${serial + 1}` : undefined };
  };
  return {
    fetchPage,
    requests,
    get rows() { return rows; },
    insertTop: (...ids) => { rows = [...ids.map((id) => ({ id, text: `row ${id}` })), ...rows]; },
    remove: (id) => { rows = rows.filter((r) => r.id !== id); },
    edit: (id, text) => { rows = rows.map((r) => (r.id === id ? { ...r, text } : r)); },
  };
}

const ids = (items) => items.map((r) => r.id);
const options = { preset: "keyset", itemKey: "id", chunkItems: 5 };

test("firstIndex counts from the origin and keeps every shown item's index across loads and drops", async () => {
  const api = feed(60);
  const list = new InfiniteList(api.fetchPage, { ...options, maxChunks: 3 });
  assert.equal(list.firstIndex, 0);
  const indexOf = new Map();
  const check = () => list.items.forEach((r, i) => {
    const at = list.firstIndex + i;
    if (indexOf.has(r.id)) assert.equal(indexOf.get(r.id), at, `row ${r.id} moved`);
    indexOf.set(r.id, at);
  });
  for (let i = 0; i < 6; i++) {
    await list.loadMore();
    check();
  }
  assert.equal(list.firstIndex, 15);
  assert.deepEqual(ids(list.items).slice(0, 2), [45, 44]);
  for (let i = 0; i < 3; i++) {
    await list.loadPrevious();
    check();
  }
  assert.equal(list.firstIndex, 0);
  assert.deepEqual(ids(list.items).slice(0, 1), [60]);
});

test('refresh("window") shows the service\'s deletions, inserts and edits, with no empty moment', async () => {
  const api = feed(30);
  const list = new InfiniteList(api.fetchPage, { ...options, maxChunks: 3 });
  for (let i = 0; i < 4; i++) await list.loadMore();
  assert.deepEqual(ids(list.items), [25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
  const before = list.firstIndex;
  api.remove(20);
  api.edit(18, "edited");
  let emptied = false;
  list.subscribe(() => { if (list.items.length === 0) emptied = true; });
  const sent = api.requests.length;
  await list.refresh();
  assert.equal(emptied, false);
  assert.deepEqual(ids(list.items), [25, 24, 23, 22, 21, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10]);
  assert.equal(list.items.find((r) => r.id === 18).text, "edited");
  assert.equal(list.firstIndex, before);
  // It walked from the window's first chunk's cursor, forward: the page at offset 3, whose
  // first two rows that chunk's cursor skips.
  assert.deepEqual(api.requests[sent], { at: 3, direction: "forward" });
  // And goes on after it.
  assert.deepEqual(ids(await list.loadMore()), [9, 8, 7, 6, 5]);
  // A bad mode is a TypeError with the invalid_argument code, as a rejected promise.
  await assert.rejects(list.refresh("all"), (e) => e instanceof TypeError && e.code === "invalid_argument");
});

test('refresh("head") puts new rows on top and moves nothing else; without a shown key it starts over', async () => {
  const api = feed(20);
  const list = new InfiniteList(api.fetchPage, options);
  await list.loadMore();
  await list.loadMore();
  const shown = list.items;
  api.insertTop(22, 21);
  await list.refresh("head");
  assert.deepEqual(ids(list.items), [22, 21, ...ids(shown)]);
  assert.equal(list.firstIndex, -2);
  assert.equal(list.items[2], shown[0], "the rows shown before are the same objects");
  // Everything changed on the service: the fresh chunk becomes the window, at 0.
  const l2 = new InfiniteList(api.fetchPage, options);
  await l2.loadMore();
  for (const r of api.rows.slice()) api.remove(r.id);
  api.insertTop(100, 99, 98, 97, 96, 95);
  await l2.refresh("head");
  assert.deepEqual(ids(l2.items), [100, 99, 98, 97, 96]);
  assert.equal(l2.firstIndex, 0);
  assert.equal(l2.hasMore, true);
});

test("update, remove and insert change the window at once and undo exactly once", async () => {
  const api = feed(12);
  const list = new InfiniteList(api.fetchPage, options);
  await list.loadMore();
  await list.loadMore();
  let heard = 0;
  list.subscribe(() => heard++);
  // An optimistic like that fails: the undo restores the row.
  const liked = list.update(11, (r) => ({ ...r, liked: true }));
  assert.equal(list.items.find((r) => r.id === 11).liked, true);
  liked();
  assert.equal(list.items.find((r) => r.id === 11).liked, undefined);
  liked();
  assert.equal(heard, 2, "an undo runs once");
  // remove: the rows after shift, firstIndex stays.
  const undoRemove = list.remove(10);
  assert.deepEqual(ids(list.items), [12, 11, 9, 8, 7, 6, 5, 4, 3]);
  assert.equal(list.firstIndex, 0);
  undoRemove();
  assert.deepEqual(ids(list.items), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  // insert at the start: on top, firstIndex -1; at the end: after the last row.
  const undoTop = list.insert({ id: 13, text: "new" });
  const undoEnd = list.insert({ id: 0, text: "old" }, "end");
  assert.deepEqual(ids(list.items), [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 0]);
  assert.equal(list.firstIndex, -1);
  undoTop();
  undoEnd();
  assert.deepEqual(ids(list.items), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  assert.equal(list.firstIndex, 0);
  // Inserting a key the window shows moves it: one row per key, and the undo puts it back.
  const undoMove = list.insert({ id: 9, text: "moved" });
  assert.deepEqual(ids(list.items), [9, 12, 11, 10, 8, 7, 6, 5, 4, 3]);
  undoMove();
  assert.deepEqual(ids(list.items), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  // A key the window does not show: nothing happens, and the undo does nothing.
  const none = list.update(99, { id: 99 });
  none();
  assert.deepEqual(ids(list.items), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  // An update to a key shown elsewhere is refused.
  assert.throws(() => list.update(12, { id: 11 }), (e) => e instanceof TypeError && e.code === "invalid_argument");
  // update and remove need itemKey.
  const plain = new InfiniteList(api.fetchPage, { preset: "keyset", chunkItems: 5 });
  await plain.loadMore();
  assert.throws(() => plain.remove(12), (e) => e instanceof TypeError && e.code === "invalid_argument" && /itemKey/.test(e.message));
  // Without itemKey insert works, and its undo finds the row by identity.
  const row = { id: 50 };
  const undoPlain = plain.insert(row);
  assert.equal(plain.items[0], row);
  undoPlain();
  assert.deepEqual(ids(plain.items), [12, 11, 10, 9, 8]);
});

test("an edit lasts until its chunk is fetched again; then the service's copy wins and the undo does nothing", async () => {
  const api = feed(12);
  const list = new InfiniteList(api.fetchPage, options);
  await list.loadMore();
  const undo = list.update(12, (r) => ({ ...r, text: "local" }));
  // A load of another chunk keeps the edit.
  await list.loadMore();
  assert.equal(list.items[0].text, "local");
  await list.refresh();
  assert.equal(list.items[0].text, "row 12");
  undo();
  assert.equal(list.items[0].text, "row 12");
  // An insert into a list that shows nothing yet is a TypeError.
  const empty = new InfiniteList(api.fetchPage, options);
  assert.throws(() => empty.insert({ id: 1 }), (e) => e instanceof TypeError && e.code === "invalid_argument");
});

test("snapshot() and initial: the same items at once, no request for them, and the list goes on", async () => {
  const api = feed(40);
  const server = new InfiniteList(api.fetchPage, { ...options, maxChunks: 4 });
  await server.loadMore();
  await server.loadMore();
  const snap = JSON.parse(JSON.stringify(server.snapshot()));
  assert.equal(snap.items.length, 10);
  const sent = api.requests.length;
  const client = new InfiniteList(api.fetchPage, { ...options, maxChunks: 4, initial: snap });
  assert.deepEqual(client.items, snap.items);
  assert.equal(client.firstIndex, 0);
  assert.equal(api.requests.length, sent, "no request for the items it shows");
  assert.deepEqual(ids(await client.loadMore()), [30, 29, 28, 27, 26]);
  // It knows the keys it shows: edits work, and a refresh replaces the window.
  client.remove(39);
  await client.refresh();
  assert.deepEqual(ids(client.items).slice(0, 3), [40, 39, 38]);
  // reset() starts over without the snapshot.
  client.reset();
  assert.deepEqual(client.items, []);
  // A snapshot of a window deep in the list keeps its firstIndex.
  await server.loadMore();
  await server.loadMore();
  await server.loadMore();
  const deep = server.snapshot();
  assert.equal(deep.firstIndex, 5);
  const back = new InfiniteList(api.fetchPage, { ...options, maxChunks: 4, initial: deep });
  assert.equal(back.firstIndex, 5);
  assert.equal(back.hasPrevious, true);
  assert.deepEqual(ids(await back.loadPrevious()), [40, 39, 38, 37, 36]);
  assert.equal(back.firstIndex, 0);
  // A state that is not a snapshot's, or items that do not match it, are refused.
  assert.throws(() => new InfiniteList(api.fetchPage, { ...options, initial: { items: snap.items.slice(1), state: snap.state } }), (e) => e.code === "malformed");
  assert.throws(() => new InfiniteList(api.fetchPage, { ...options, initial: { items: snap.items, state: server.toString() } }), (e) => e.code === "malformed");
  assert.throws(() => new InfiniteList(api.fetchPage, { ...options, initial: { items: "x" } }), (e) => e instanceof TypeError && e.code === "invalid_argument");
});

test("a refresh queued after a load runs after it, and a second refresh joins the first", async () => {
  const api = feed(30);
  const list = new InfiniteList(api.fetchPage, options);
  await list.loadMore();
  const more = list.loadMore();
  const a = list.refresh();
  const b = list.refresh();
  await more;
  await a;
  await b;
  assert.deepEqual(ids(list.items), [30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
  // A reset during a refresh makes it stale.
  const stale = list.refresh();
  list.reset();
  await assert.rejects(stale, (e) => e instanceof PaginationError && e.code === "aborted");
});

test("update and remove read a key object's getters once", async () => {
  const api = feed(12);
  const list = new InfiniteList(api.fetchPage, { preset: "keyset", itemKey: (r) => ({ k: r.id }), chunkItems: 5 });
  await list.loadMore();
  let reads = 0;
  const key = (id) => ({ get k() { reads++; return id; } });
  const undo = list.remove(key(12));
  assert.equal(reads, 1);
  assert.deepEqual(ids(list.items), [11, 10, 9, 8]);
  undo();
  list.update(key(11), (r) => ({ ...r, text: "edited" }));
  assert.equal(reads, 2);
  assert.equal(list.items[1].text, "edited");
});

test("an edit's key is one a page could carry: a lone surrogate or a bigint outside 64 bits is a TypeError, as in a page (bad_page)", async () => {
  const api = feed(12);
  const list = new InfiniteList(api.fetchPage, { preset: "keyset", itemKey: "id", chunkItems: 5 });
  await list.loadMore();
  const shown = ids(list.items);
  const refused = (e) => e instanceof TypeError && e.code === "invalid_argument" && /not a cursor value/.test(e.message);
  for (const bad of ["\uD800", 2n ** 70n, -(2n ** 64n)]) {
    assert.throws(() => list.insert({ id: bad, text: "new" }), refused, `insert ${String(bad)}`);
    assert.throws(() => list.update(12, { id: bad, text: "new" }), refused, `update to ${String(bad)}`);
    assert.throws(() => list.update(bad, (r) => r), refused, `update of ${String(bad)}`);
    assert.throws(() => list.remove(bad), refused, `remove ${String(bad)}`);
    const snap = list.snapshot();
    assert.throws(() => new InfiniteList(api.fetchPage, { preset: "keyset", itemKey: "id", chunkItems: 5, initial: { ...snap, items: [{ id: bad }, ...snap.items.slice(1)] } }), refused, `initial with ${String(bad)}`);
  }
  assert.deepEqual(ids(list.items), shown, "nothing changed");
  // The same keys in a page: the walk says bad_page, naming the item.
  const page = new InfiniteList(async () => ({ items: [{ id: "\uD800" }] }), { preset: "keyset", itemKey: "id", chunkItems: 1 });
  await assert.rejects(page.loadMore(), (e) => e instanceof PaginationError && e.code === "bad_page" && /not a cursor value/.test(e.message));
});
