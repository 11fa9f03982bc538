// What a Node user writes by hand instead of pagecursor, shared by bench/node.mjs and the
// CPU-time micro-benchmark bench/codec-cpu.mjs (so both measure the same peer).
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Base64url of a string's UTF-8 by Node's Buffer, and back; `encodeBytes`/`decodeBytes` carry
 * bytes (an HMAC tag), `utf8` gives a string's UTF-8 (the interface of `bench/workloads.mjs`'s
 * codecs).
 */
export const b64url = {
  encode: (s) => Buffer.from(s).toString("base64url"),
  decode: (s) => Buffer.from(s, "base64url").toString(),
  encodeBytes: (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64url"),
  decodeBytes: (s) => Buffer.from(s, "base64url"),
  utf8: (s) => Buffer.from(s),
};

/**
 * A signed cursor by hand: a JSON body and an HMAC-SHA256 tag, both base64url; returns one
 * mint + verify + parse of `value`.
 */
export function hmacRoundTrip(secret, value) {
  const key = Buffer.from(secret);
  return () => {
    const body = Buffer.from(JSON.stringify(value)).toString("base64url");
    const token = `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
    const dot = token.indexOf(".");
    const mac = createHmac("sha256", key).update(token.slice(0, dot)).digest();
    const given = Buffer.from(token.slice(dot + 1), "base64url");
    if (given.length !== mac.length || !timingSafeEqual(given, mac)) throw new Error("bad mac");
    return JSON.parse(Buffer.from(token.slice(0, dot), "base64url").toString());
  };
}

/**
 * The same signed cursor by hand as a peer of `bench/workloads.mjs` (`signedCodec`,
 * `signedParts`): `mint()` makes the token of `value`, `verify(token)` checks its tag and parses
 * its body.
 */
export function hmacPeer(secret, value) {
  const key = Buffer.from(secret);
  return {
    mint: () => {
      const body = Buffer.from(JSON.stringify(value)).toString("base64url");
      return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
    },
    verify: (token) => {
      const dot = token.indexOf(".");
      const mac = createHmac("sha256", key).update(token.slice(0, dot)).digest();
      const given = Buffer.from(token.slice(dot + 1), "base64url");
      if (given.length !== mac.length || !timingSafeEqual(given, mac)) throw new Error("bad mac");
      return JSON.parse(Buffer.from(token.slice(0, dot), "base64url").toString());
    },
  };
}
