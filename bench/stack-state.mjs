// How long CursorStack.toString() is (bench/README.md, "Stack state sizes"): for stacks of
// 50 pages (maxDepth 50, the guide's) over the tokens real services hand out, the state this
// build writes (version 2: each token as what it shares with the one before and the bytes in
// between) against version 1 (every token whole), which is rebuilt here exactly as earlier
// builds minted it (a codec token of {v: 1, p, o, t: [tokens], n, d}; tests/stack-v1-states.json
// holds states such a build wrote). Also: the page at which each passes 2,000 characters (a safe
// URL length) and the codec's default maxLength of 4,096 (toString() throws too_large there).
// Run: node bench/stack-state.mjs (after scripts/build.sh). No timing: only lengths.
import { deflateRawSync } from "node:zlib";
import { createHash } from "node:crypto";
import { CursorStack, CursorCodec, paginate, encodeCursor } from "../pkg/node.js";

const quotePlus = (s) => encodeURIComponent(s).replace(/%20/g, "+").replace(/[!'()*~]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());

// DRF CursorPagination's next URLs, made as DRF makes them: encode_cursor is standard base64 of
// "p=<position>" (the created timestamp with microseconds), replace_query_param URL-escapes it.
// Consecutive pages are minutes apart. 128 characters each.
function drfUrls(n) {
  const out = [];
  let t = Date.UTC(2026, 4, 1, 12) * 1000;
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < n; i++) {
    t -= Math.floor(random() * 600e6);
    const iso = new Date(Math.floor(t / 1000)).toISOString();
    const position = `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${String(t % 1e6).padStart(6, "0")}+00:00`;
    const cursor = Buffer.from(`p=${quotePlus(position)}`, "ascii").toString("base64");
    out.push(`https://api.example.com/v1/merchants/204711/orders/?cursor=${quotePlus(cursor)}&page_size=50`);
  }
  return out;
}

// The same shape with cursors of random characters: the worst case, nothing to share but the
// URL around the cursor (no encoding can make 50 × 73 random characters shorter than ~2,700).
function randomUrls(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const cursor = createHash("sha512").update(`cursor ${i}`).digest("base64url").slice(0, 73);
    out.push(`https://api.example.com/v1/orders/?cursor=${cursor}&page_size=50`);
  }
  return out;
}

const dynamoKeys = (n) => Array.from({ length: n }, (_, i) => ({ pk: { S: "USER#123" }, sk: { S: `ORDER#2026-05-01#${String(1000 + i * 25).padStart(5, "0")}` } }));
const keysetTokens = (n) => Array.from({ length: n }, (_, i) => encodeCursor({ createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000 + i * 7), id: 100_000 + i * 25 }));

// The resume tokens useCursorStack records (one per page): a walk of one page over a service
// whose next tokens are `tokens`, minted by `codec`.
async function resumeTokens(tokens, codec) {
  const out = [];
  let resumeToken;
  const fetchPage = async (token) => {
    // Tokens come back equal, not identical (objects are copies after a resume).
    const i = token === undefined ? 0 : tokens.findIndex((t) => JSON.stringify(t) === JSON.stringify(token)) + 1;
    return { items: [i], next: tokens[i] };
  };
  for (let i = 0; i < tokens.length; i++) {
    const walk = paginate(fetchPage, { items: (p) => p.items, next: (p) => p.next, maxPages: 1, resumeToken, codec });
    await walk.toArray();
    out.push((resumeToken = walk.resumeToken));
  }
  return out;
}

const big = { maxLength: 1_000_000 };
const plain = new CursorCodec(big);
const signed = new CursorCodec({ keys: [{ id: "k1", secret: "a long random secret from your secret store" }], ...big });
const scope = { q: "open orders" };

// Lengths of toString() after each forward() (page 2, 3, …, 51), this build and version 1.
function lengths(tokens, codec) {
  const stack = new CursorStack({ maxDepth: 50, codec, scope });
  const v2 = [];
  const v1 = [];
  const kept = [undefined];
  for (const token of tokens) {
    stack.forward(token);
    kept.push(token);
    v2.push(stack.toString().length);
    const t = kept.slice(-50).map((k) => (k === undefined ? null : k));
    const oldest = BigInt(kept.length - t.length + 1);
    v1.push(codec.encode({ v: 1n, p: BigInt(kept.length), o: oldest, t, d: 50n }, { scope }).length);
  }
  return { v1, v2 };
}

const firstPast = (list, limit) => {
  const i = list.findIndex((n) => n > limit);
  return i < 0 ? "—" : String(i + 2);
};
const fmt = (n) => n.toLocaleString("en-US");

const sets = [
  ["DRF next URLs (128 chars)", drfUrls(50)],
  ["random-cursor URLs (128 chars)", randomUrls(50)],
  ["DynamoDB LastEvaluatedKey maps", dynamoKeys(50)],
  ["pagecursor keyset tokens (36 chars)", keysetTokens(50)],
];
// "plain" and "signed": the codec the walk mints its resume tokens with (useCursorStack: plain).
for (const [name, tokens] of [["the DRF URLs", drfUrls(50)], ["keyset tokens", keysetTokens(50)], ["DynamoDB keys", dynamoKeys(50)]]) {
  sets.push([`resume tokens over ${name}, plain`, await resumeTokens(tokens, plain)]);
  sets.push([`resume tokens over ${name}, signed`, await resumeTokens(tokens, signed)]);
}

console.log("Signed (HMAC) and scoped states of a maxDepth 50 stack on page 51, characters:\n");
console.log("| tokens | one token | version 1 | version 2 | deflate (reference) | v1 past 2,000 / 4,096 at page | v2 past 2,000 / 4,096 at page |");
console.log("|---|---|---|---|---|---|---|");
for (const [name, tokens] of sets) {
  const { v1, v2 } = lengths(tokens, signed);
  // What a general compressor would reach: the v1 payload deflated, in a signed token.
  const payload = Buffer.from(plain.encode({ t: tokens }), "base64url").subarray(2);
  const deflated = Math.ceil(((deflateRawSync(payload, { level: 9 }).length + 2 + 3 + 8 + 16 + 12) * 4) / 3);
  const one = typeof tokens[0] === "string" ? String(tokens[0].length) : `${JSON.stringify(tokens[0]).length} (JSON)`;
  console.log(`| ${name} | ${one} | ${fmt(v1.at(-1))} | **${fmt(v2.at(-1))}** | ~${fmt(deflated)} | ${firstPast(v1, 2000)} / ${firstPast(v1, 4096)} | ${firstPast(v2, 2000)} / ${firstPast(v2, 4096)} |`);
}
