// Node side of the benchmark: every workload against its peers, in this one process.
import { Base64 } from "js-base64";
import { createPaginator } from "@smithy/core";
import * as pc from "pagecursor";
import { b64url, hmacParts, hmacRoundTrip } from "./node-peers.mjs";
import { plainCodec, signedCodec, signedParts, paginatorOverhead, prefetch, selected } from "./workloads.mjs";

function nodeHmacPeer(secret, value) {
  return { "Node crypto.createHmac + timingSafeEqual": hmacRoundTrip(secret, value) };
}

export async function runNode({ quick, only = "" }) {
  const env = "node";
  const on = selected(only);
  return [
    ...(on("plain") ? await plainCodec({ pc, Base64, b64url, env, quick }) : []),
    ...(on("signed") ? await signedCodec({ pc, peers: nodeHmacPeer, env, quick }) : []),
    ...(on("signed") ? await signedParts({ pc, parts: hmacParts, env, quick }) : []),
    ...(on("paginator") ? await paginatorOverhead({ pc, createPaginator, env, quick }) : []),
    ...(on("prefetch") ? await prefetch({ pc, env, quick }) : []),
  ];
}
