// The local server of the browser cells: static folders (built apps, the unbundled pages and the
// installed package) plus a GitHub-style paginated API, all on 127.0.0.1 and a random port.
//
// GET /api/repos?page=N&per_page=K -> a JSON array of { id, name } out of REPO_COUNT repos, with
// `Link: <…page=N+1…>; rel="next", <…>; rel="last"` while a next page exists (absolute URLs, as
// GitHub sends them). `?fail=N` answers the first N requests of a client id with 503 +
// Retry-After: 0, so retries can be seen.
import { serve as serveStatic } from "../../scripts/serve.mjs";

export const REPO_COUNT = 10;

/** Starts the server; `mounts` maps URL prefixes ("/vite/") to folders. Resolves to { server, url, log }. */
export function serve({ mounts }) {
  const failures = new Map();
  return serveStatic({
    mounts,
    route: (req, res, url) => {
      if (url.pathname !== "/api/repos") return false;
      repos(req, res, url, failures);
      return true;
    },
  });
}

function repos(req, res, url, failures) {
  const client = url.searchParams.get("client") ?? "";
  const failFirst = Number(url.searchParams.get("fail") ?? 0);
  const seen = failures.get(client) ?? 0;
  if (seen < failFirst) {
    failures.set(client, seen + 1);
    res.writeHead(503, { "retry-after": "0", "content-type": "application/json", "access-control-allow-origin": "*" });
    return res.end(JSON.stringify({ message: "try again" }));
  }
  const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page") ?? 30) || 30));
  const last = Math.max(1, Math.ceil(REPO_COUNT / perPage));
  const items = [];
  for (let i = (page - 1) * perPage; i < Math.min(page * perPage, REPO_COUNT); i++) items.push({ id: 1000 + i, name: `repo-${i}` });
  const at = (n) => {
    const u = new URL(url);
    u.searchParams.set("page", String(n));
    return `<${u.href}>`;
  };
  const links = [];
  if (page < last) links.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`);
  if (page > 1) links.push(`${at(1)}; rel="first"`, `${at(page - 1)}; rel="prev"`);
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "Link",
  };
  if (links.length) headers.link = links.join(", ");
  res.writeHead(200, headers);
  res.end(JSON.stringify(items));
}
