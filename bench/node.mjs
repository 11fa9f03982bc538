// Node side of the benchmark: every workload against its peers, in this one process.
import { Base64 } from "js-base64";
import { createPaginator } from "@smithy/core";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import * as pc from "pagecursor";
import { b64url, hmacPeer } from "./node-peers.mjs";
import {
  plainCodec,
  plainPeers,
  signedCodec,
  signedParts,
  webCryptoPeer,
  noblePeer,
  paginatorOverhead,
  prefetch,
  selected,
  BUFFER,
  WEBCRYPTO,
  NOBLE,
} from "./workloads.mjs";

// The signed peers in Node: its own HMAC, WebCrypto (globalThis.crypto.subtle) batched, and
// @noble/hashes; every base64url by Buffer, Node's fastest.
const signedPeers = {
  "Node crypto.createHmac + timingSafeEqual": async (secret, value) => hmacPeer(secret, value),
  [WEBCRYPTO]: (secret, value) => webCryptoPeer(globalThis.crypto.subtle, b64url, secret, value),
  [NOBLE]: async (secret, value) => noblePeer(hmac, sha256, b64url, secret, value),
};

export async function runNode({ quick, only = "" }) {
  const env = "node";
  const on = selected(only);
  // JSON + btoa/atob, Uint8Array.toBase64 where Node has it (not in Node 20), Buffer, js-base64.
  const peers = plainPeers({ Base64, extra: { [BUFFER]: b64url } });
  return [
    ...(on("plain") ? await plainCodec({ pc, peers, env, quick }) : []),
    ...(on("signed") ? await signedCodec({ pc, peers: signedPeers, env, quick, isAsync: true }) : []),
    ...(on("signed") ? await signedParts({ pc, peers: signedPeers, env, quick, isAsync: true }) : []),
    ...(on("paginator") ? await paginatorOverhead({ pc, createPaginator, env, quick }) : []),
    ...(on("prefetch") ? await prefetch({ pc, env, quick }) : []),
  ];
}
