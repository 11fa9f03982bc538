// Node side of the benchmark: every workload against its peers, in this one process.
import { createHmac, timingSafeEqual } from "node:crypto";
import { Base64 } from "js-base64";
import { createPaginator } from "@smithy/core";
import * as pc from "pagecursor";
import { plainCodec, signedCodec, paginatorOverhead, prefetch, selected } from "./workloads.mjs";

const b64url = {
  encode: (s) => Buffer.from(s).toString("base64url"),
  decode: (s) => Buffer.from(s, "base64url").toString(),
};

function nodeHmacPeer(secret, value) {
  const key = Buffer.from(secret);
  return {
    "Node crypto.createHmac + timingSafeEqual": () => {
      const body = Buffer.from(JSON.stringify(value)).toString("base64url");
      const token = `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
      const dot = token.indexOf(".");
      const mac = createHmac("sha256", key).update(token.slice(0, dot)).digest();
      const given = Buffer.from(token.slice(dot + 1), "base64url");
      if (given.length !== mac.length || !timingSafeEqual(given, mac)) throw new Error("bad mac");
      return JSON.parse(Buffer.from(token.slice(0, dot), "base64url").toString());
    },
  };
}

export async function runNode({ quick, only = "" }) {
  const env = "node";
  const on = selected(only);
  return [
    ...(on("plain") ? await plainCodec({ pc, Base64, b64url, env, quick }) : []),
    ...(on("signed") ? await signedCodec({ pc, peers: nodeHmacPeer, env, quick }) : []),
    ...(on("paginator") ? await paginatorOverhead({ pc, createPaginator, env, quick }) : []),
    ...(on("prefetch") ? await prefetch({ pc, env, quick }) : []),
  ];
}
