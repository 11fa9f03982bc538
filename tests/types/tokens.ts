// Typed tokens, dotted paths and keyset keys (issue #17, "Types"): compiled by
// `tsc -p tests/types/tsconfig.json` (strict, exactOptionalPropertyTypes). Every line without
// a comment must compile; every `@ts-expect-error` line is a misuse the types must refuse (tsc
// fails on an expect-error line that compiles).
import {
  CursorStack,
  InfiniteList,
  paginate,
  paginateKeyset,
  type CustomOptions,
  type FetchContext,
  type FetchPage,
  type InfiniteListOptions,
  type KeysetKey,
  type PagePath,
  type PaginateOptions,
  type Paginator,
  type PathValue,
  type PresetItem,
  type PresetOptions,
  type PresetToken,
} from "pagecursor";

/** `true` only when A and B are the same type (not merely assignable). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function same<A, B>(_: Same<A, B>): void {}

// ---- Shapes of real services -----------------------------------------------------------

/** The DynamoDB client's AttributeValue, as @aws-sdk/client-dynamodb declares it (abridged). */
type AttributeValue = { S: string; N?: never } | { N: string; S?: never } | { B: Uint8Array; S?: never; N?: never };
interface QueryOutput {
  Items?: Record<string, AttributeValue>[] | undefined;
  LastEvaluatedKey?: Record<string, AttributeValue> | undefined;
  Count?: number | undefined;
}
declare function query(input: { ExclusiveStartKey?: Record<string, AttributeValue> | undefined; Limit?: number | undefined }): Promise<QueryOutput>;

interface Post {
  id: string;
  createdAt: Date;
  rank?: number;
  meta: { tags: string[] };
}
interface PostPage {
  items: Post[];
  nextCursor?: string;
  hasMore: boolean;
  total: number;
}
interface NumberedPage {
  items: Post[];
  next_cursor: number | null;
}
interface Edge {
  cursor: string;
  node: Post;
}
interface Connection {
  edges: Edge[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}
interface GraphQLPage {
  data: { viewer: { posts: Connection } };
  errors?: { message: string }[];
}
interface ListOutput {
  Things?: { Name: string }[];
  NextToken?: string;
}

// ---- Presets fix the token ---------------------------------------------------------------

same<PresetToken<"dynamodb", QueryOutput>, Record<string, AttributeValue>>(true);
same<PresetToken<"dynamodb", any>, Record<string, any>>(true);
same<PresetToken<"keyset", PostPage>, string>(true);
same<PresetToken<"keyset", NumberedPage>, number>(true);
same<PresetToken<"keyset", { items: Post[] }>, string>(true);
same<PresetToken<"aws", ListOutput>, string>(true);
same<PresetToken<"relay", GraphQLPage>, string>(true);
same<PresetToken<"link", unknown>, string>(true);
same<PresetToken<undefined, PostPage, bigint>, bigint>(true);
same<PresetItem<"dynamodb", QueryOutput>, Record<string, AttributeValue>>(true);
same<PresetItem<"keyset", PostPage>, Post>(true);
same<PresetItem<"relay", Connection>, Post>(true);
same<PresetItem<"relay", { nodes: Post[]; pageInfo: Connection["pageInfo"] }>, Post>(true);
same<PresetItem<"link", Post[]>, Post>(true);
same<PresetItem<"aws", ListOutput>, any>(true);

// dynamodb: the key record of the page type reaches fetchPage and goes back to the SDK as is.
const scan = paginate<QueryOutput>((key, { pageSize }) => {
  same<typeof key, Record<string, AttributeValue> | undefined>(true);
  return query({ ExclusiveStartKey: key, Limit: pageSize });
}, { preset: "dynamodb", pageSize: 100 });
same<typeof scan, Paginator<QueryOutput, Record<string, AttributeValue>>>(true);
// Without type arguments the page type is inferred from what fetchPage returns; an arrow's
// token is typed before that, with the preset's fallback (any key record, which the SDK takes).
const inferredScan = paginate((key, { pageSize }) => {
  same<typeof key, Record<string, any> | undefined>(true);
  return query({ ExclusiveStartKey: key, Limit: pageSize });
}, { preset: "dynamodb", pageSize: 100 });
same<typeof inferredScan, Paginator<QueryOutput, Record<string, AttributeValue>>>(true);
// A function typed on its own gives its precise token type.
const fetchKeys = (key: Record<string, AttributeValue> | undefined) => query({ ExclusiveStartKey: key });
const typedScan = paginate(fetchKeys, { preset: "dynamodb" });
same<typeof typedScan, Paginator<QueryOutput, Record<string, AttributeValue>>>(true);
// @ts-expect-error: a DynamoDB key is a record, not a string
paginate((key: string | undefined) => query({}), { preset: "dynamodb" });
// @ts-expect-error: startToken has the token's type
paginate(() => query({}), { preset: "dynamodb", startToken: "k" });
paginate(() => query({}), { preset: "dynamodb", startToken: { pk: { S: "a" } } });

// keyset: the token is the page's nextCursor / next_cursor type.
const posts = paginate<PostPage, Post>(async (cursor) => {
  const c: string | undefined = cursor;
  void c;
  return { items: [], hasMore: false, total: 0 };
}, { preset: "keyset" });
void posts;
paginate<NumberedPage>(async (cursor) => {
  same<typeof cursor, number | undefined>(true);
  return { items: [], next_cursor: null };
}, { preset: "keyset" });
// An arrow whose token is not annotated gets the fallback string before the page type is
// known: refused for a page whose token is a number (give the Page type, as above).
// @ts-expect-error: the page's keyset token is a number, not the fallback string
paginate(async (cursor) => ({ items: [] as Post[], next_cursor: cursor === undefined ? 1 : null }), { preset: "keyset" });
paginate(async (cursor: number | undefined) => ({ items: [] as Post[], next_cursor: cursor === undefined ? 1 : null }), { preset: "keyset" });
// @ts-expect-error: this page's keyset token is a number
paginate<NumberedPage>(async (cursor: string | undefined) => ({ items: [], next_cursor: cursor ? 1 : null }), { preset: "keyset" });

// link: fetchPage returns the Response and gets the next URL; Page is the JSON body.
const repos = paginate<{ id: number }[]>((url, { signal }) => fetch(url ?? "/api/repos", { signal }), { preset: "link" });
same<typeof repos, Paginator<{ id: number }[], { id: number }>>(true);
const wrapped = paginate<{ data: { id: number }[] }, { id: number }>((url) => fetch(url ?? "/api/repos"), { preset: "link", items: "data" });
void wrapped;
// @ts-expect-error: the link token is the next URL, a string
paginate((url: URL | undefined) => fetch(url ?? "/"), { preset: "link" });
// @ts-expect-error: with preset link fetchPage returns the Response, not its body
paginate<{ id: number }[]>(async (url) => (await fetch(url ?? "/")).json() as Promise<{ id: number }[]>, { preset: "link" });
// @ts-expect-error: the link token is a URL string
paginate(() => fetch("/"), { preset: "link", startToken: new URL("http://127.0.0.1/") });
// @ts-expect-error: items is a path in the JSON body (here an array: no field "data")
paginate<{ id: number }[]>(() => fetch("/"), { preset: "link", items: "data" });

// aws: NextToken and friends are strings.
paginate<ListOutput, { Name: string }>(async (token) => {
  const t: string | undefined = token;
  void t;
  return {};
}, { preset: "aws", items: "Things" });
// @ts-expect-error: items must name an array of the page
paginate<ListOutput>(async () => ({}), { preset: "aws", items: "NextToken" });

// relay under a root: items, next and more are read at the root, functions get its value.
const feed = paginate<GraphQLPage, Post>(async (after) => {
  const a: string | undefined = after;
  void a;
  return { data: { viewer: { posts: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } } } } };
}, {
  preset: "relay",
  root: "data.viewer.posts",
  items: (connection, page) => {
    same<typeof connection, Connection>(true);
    same<typeof page, GraphQLPage>(true);
    return connection.edges.map((e) => e.node);
  },
  more: "pageInfo.hasNextPage",
});
void feed;
// @ts-expect-error: "data.viewer.post" is not in the page
paginate<GraphQLPage, Post>(async () => ({}) as GraphQLPage, { preset: "relay", root: "data.viewer.post" });
// @ts-expect-error: under root "data.viewer.posts", "data.viewer.posts.edges" is not a path
paginate<GraphQLPage, Post>(async () => ({}) as GraphQLPage, { preset: "relay", root: "data.viewer.posts", items: "data.viewer.posts.edges" });
// @ts-expect-error: a root names an object, not a string
paginate<GraphQLPage, Post>(async () => ({}) as GraphQLPage, { preset: "relay", root: "data.viewer.posts.pageInfo.endCursor" });
// Without a root, the same locations as full paths (through an array index too).
paginate<GraphQLPage, Edge>(async () => ({}) as GraphQLPage, {
  preset: "relay",
  items: "data.viewer.posts.edges",
  next: "data.viewer.posts.edges.0.cursor",
  more: "data.viewer.posts.pageInfo.hasNextPage",
});

// ---- Paths checked against the page ----------------------------------------------------

// @ts-expect-error: a typo in the items path
paginate<PostPage>(async () => ({}) as PostPage, { preset: "keyset", items: "itmes" });
// @ts-expect-error: items must name an array ("total" is a number)
paginate<PostPage>(async () => ({}) as PostPage, { preset: "keyset", items: "total" });
// @ts-expect-error: more must name a flag ("total" is a number)
paginate<PostPage>(async () => ({}) as PostPage, { preset: "keyset", more: "total" });
paginate<PostPage>(async () => ({}) as PostPage, { preset: "keyset", more: "hasMore" });
// @ts-expect-error: the item type does not match the array at that path
paginate<PostPage, string>(async () => ({}) as PostPage, { preset: "keyset", items: "items" });
// @ts-expect-error: an items function's result is an array (or null), not undefined
paginate<ListOutput, { Name: string }>(async () => ({}), { preset: "aws", items: (page) => page.Things });
paginate<ListOutput, { Name: string }>(async () => ({}), { preset: "aws", items: (page) => page.Things ?? [] });

// No preset: next is required, and the token is the type at the next location.
const custom = paginate<PostPage, Post, string>(async (cursor) => {
  same<typeof cursor, string | undefined>(true);
  return { items: [], hasMore: false, total: 0 };
}, { items: "items", next: "nextCursor", more: "hasMore" });
void custom;
// @ts-expect-error: without a preset, options.next is required
paginate<PostPage, Post>(async () => ({}) as PostPage, { items: "items" });
// @ts-expect-error: next is not a field of the page
paginate<PostPage, Post>(async () => ({}) as PostPage, { items: "items", next: "next" });
// @ts-expect-error: with Token = string, next must name a string ("total" is a number)
paginate<PostPage, Post, string>(async () => ({}) as PostPage, { items: "items", next: "total" });
// A next function's token reaches fetchPage (here a bigint, from an explicit Token).
paginate<PostPage, Post, bigint>(async (offset) => {
  same<typeof offset, bigint | undefined>(true);
  return { items: [], hasMore: false, total: 0 };
}, { items: "items", next: (page) => (page.hasMore ? BigInt(page.total) : undefined) });

// Inferred from fetchPage: the page type checks the paths without type arguments.
const inferred = paginate(async () => ({ rows: [{ n: 1 }], cursor: "c" as string | undefined }), { items: "rows", next: "cursor" });
same<typeof inferred, Paginator<{ rows: { n: number }[]; cursor: string | undefined }, any>>(true);
// @ts-expect-error: "row" is not in the inferred page
paginate(async () => ({ rows: [{ n: 1 }], cursor: "c" }), { items: "row", next: "cursor" });
// An items function's result gives the item type.
const byFunction = paginate(async () => ({ rows: [{ n: 1 }], cursor: "c" }), { items: (page) => page.rows, next: "cursor" });
same<typeof byFunction, Paginator<{ rows: { n: number }[]; cursor: string }, { n: number }>>(true);

// A page of type any is not checked: every path is a string.
paginate<any>(async () => ({}), { preset: "keyset", items: "whatever.you.like", root: "data" });
// Paths deeper than PathDepth (5 segments) are not checked below it.
type Deep = { a: { b: { c: { d: { e: { f: { g: { h: { items: number[] } } } } } } } } };
paginate<Deep, number>(async () => ({}) as Deep, { items: "a.b.c.d.e.f.g.h.items", next: "a.b" });
// @ts-expect-error: within the depth a wrong segment is still an error
paginate<Deep, number>(async () => ({}) as Deep, { items: "a.b.x.d.e.f.g.h.items", next: "a.b" });
// A field typed unknown or any is not looked into.
paginate<{ body: unknown }>(async () => ({ body: null }), { items: "body.rows", next: "body.next" });

// The path types are exported for options built elsewhere.
const itemsAt: PagePath<GraphQLPage, readonly Edge[]> = "data.viewer.posts.edges";
same<PathValue<GraphQLPage, "data.viewer.posts.pageInfo">, Connection["pageInfo"]>(true);
same<PathValue<GraphQLPage, "data.viewer.posts.edges.0.node">, Post>(true);
void itemsAt;
// @ts-expect-error: not an array of edges
const wrongAt: PagePath<GraphQLPage, readonly Edge[]> = "data.viewer.posts.pageInfo";
void wrongAt;

// Options typed ahead of the call: a known preset keeps its token; a PaginateOptions value
// (preset not known statically) gives fetchPage an unknown token.
const ddbOptions: PresetOptions<QueryOutput, Record<string, AttributeValue>, "dynamodb"> = { preset: "dynamodb", maxItems: 10 };
paginate((key) => query({ ExclusiveStartKey: key }), ddbOptions);
const anyOptions: PaginateOptions<PostPage, Post> = Math.random() > 0.5 ? { preset: "keyset" } : { items: "items", next: "nextCursor" };
paginate<PostPage, Post>(async (token) => {
  same<typeof token, unknown>(true);
  return { items: [], hasMore: false, total: 0 };
}, anyOptions);
const customOptions: CustomOptions<PostPage, Post, string> = { items: "items", next: "nextCursor" };
void customOptions;
// @ts-expect-error: a custom options object without next
const noNext: CustomOptions<PostPage, Post, string> = { items: "items" };
void noNext;

// exactOptionalPropertyTypes: options may be passed as possibly-undefined values.
declare const maybeSignal: AbortSignal | undefined;
declare const maybeLimit: number | undefined;
paginate<PostPage, Post>(async () => ({}) as PostPage, { preset: "keyset", signal: maybeSignal, maxItems: maybeLimit, retry: { retries: maybeLimit } });

// A FetchPage written on its own, typed with the preset's token.
const fetchPosts: FetchPage<PostPage, PresetToken<"keyset", PostPage>> = async (cursor: string | undefined, ctx: FetchContext) => {
  void [cursor, ctx];
  return { items: [], hasMore: false, total: 0 };
};
paginate(fetchPosts, { preset: "keyset", maxPages: 2 });

// ---- CursorStack<Token> -----------------------------------------------------------------

const stack = new CursorStack<string>({ maxDepth: 10 });
const firstToken: string | undefined = stack.current;
stack.record("t2");
stack.record(undefined);
stack.record(null);
const nextToken: string = stack.forward();
const backToken: string | undefined = stack.back();
const pageToken: string | undefined = stack.goTo(1);
void [firstToken, nextToken, backToken, pageToken];
// @ts-expect-error: back() is undefined on page 1
const notUndefined: string = stack.back();
// @ts-expect-error: this stack's tokens are strings
stack.record(2);
// @ts-expect-error: this stack's tokens are strings
stack.forward({ page: 2 });
const keys = CursorStack.from<Record<string, AttributeValue>>(stack.toString());
paginate((key) => query({ ExclusiveStartKey: key }), { preset: "dynamodb", startToken: keys.current, maxPages: 1 });
// The stack that drives a Prev/Next UI hands fetchPage the token type it records.
export async function prevNext(): Promise<void> {
  const pages = new CursorStack<Record<string, AttributeValue>>();
  const page = await query({ ExclusiveStartKey: pages.current });
  pages.record(page.LastEvaluatedKey);
  if (pages.hasNext) await query({ ExclusiveStartKey: pages.forward() });
}
// The default stays the contract's: any token, unknown out.
const untyped = new CursorStack();
untyped.record({ any: "thing" });
same<typeof untyped.current, unknown>(true);

// ---- InfiniteList<Item>: the constructor takes <Page, Item> like paginate ---------------

const list = new InfiniteList<PostPage, Post>((cursor) => {
  same<typeof cursor, string | undefined>(true);
  return { items: [], hasMore: false, total: 0 };
}, { preset: "keyset", chunkItems: 20, maxChunks: 5 });
same<typeof list, InfiniteList<Post>>(true);
const ddbList = new InfiniteList((key) => query({ ExclusiveStartKey: key }), { preset: "dynamodb", chunkItems: 25 });
same<typeof ddbList, InfiniteList<Record<string, AttributeValue>>>(true);
// The contract's form: the item type alone (paths then unchecked).
const contractList = new InfiniteList<Post>(async () => ({ items: [] }), { items: "items", next: "next", chunkItems: 5 });
same<typeof contractList, InfiniteList<Post>>(true);
const restored = InfiniteList.from<PostPage, Post>(list.toString(), async () => ({}) as PostPage, { preset: "keyset", chunkItems: 20 });
same<typeof restored, InfiniteList<Post>>(true);
const restoredItems = InfiniteList.from<Post>(list.toString(), async () => ({ items: [] }), { preset: "keyset" });
void restoredItems;
// @ts-expect-error: a wrong path is refused for InfiniteList too
new InfiniteList<PostPage, Post>(async () => ({}) as PostPage, { preset: "keyset", items: "itmes" });
// @ts-expect-error: and a wrong token type
new InfiniteList<PostPage, Post>(async (cursor: number | undefined) => ({}) as PostPage, { preset: "keyset" });
// @ts-expect-error: no type arguments and a misuse: the contract's form does not catch it
new InfiniteList(async () => ({ items: [1] }), { items: "itmes", next: "next" });
// @ts-expect-error: chunkItems is a number
new InfiniteList<PostPage, Post>(async () => ({}) as PostPage, { preset: "keyset", chunkItems: "20" });
const listOptions: InfiniteListOptions<PostPage, Post> = { preset: "keyset", chunkItems: 10 };
new InfiniteList<PostPage, Post>(async () => ({}) as PostPage, listOptions);

// ---- paginateKeyset: keys checked against the row type ----------------------------------

const rows: Post[] = [];
const byDate = paginateKeyset(rows, { keys: ["createdAt", "id"], limit: 20 });
same<typeof byDate.items, Post[]>(true);
const sortKeys = ["createdAt", "id"] as const;
paginateKeyset(rows, { keys: sortKeys, limit: 20, after: byDate.nextCursor });
same<KeysetKey<Post>, "id" | "createdAt" | "meta">(true);
same<KeysetKey<any>, string>(true);
// @ts-expect-error: not a field of the rows
paginateKeyset(rows, { keys: ["created_at", "id"], limit: 20 });
// @ts-expect-error: an optional field (a row without it is a TypeError)
paginateKeyset(rows, { keys: ["rank", "id"], limit: 20 });
// @ts-expect-error: a field whose values a cursor cannot carry as a key (an interface)
paginateKeyset([{ id: 1, at: new Map<string, number>() }], { keys: ["at"], limit: 20 });
const looseKeys: string[] = ["createdAt", "id"];
// @ts-expect-error: a string[] is not checked keys (write the list `as const`)
paginateKeyset(rows, { keys: looseKeys, limit: 20 });
paginateKeyset<any>(rows, { keys: looseKeys, limit: 20 });
const readonlyRows: readonly { id: number }[] = [{ id: 1 }];
paginateKeyset(readonlyRows, { keys: ["id"], limit: 1 });
