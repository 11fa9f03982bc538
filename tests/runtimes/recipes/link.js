import { paginate, PaginationError } from "pagecursor";

// A GitHub-style API: each page is a JSON array, and the next page's URL is in the Link header.
// `?fail=1` makes the test server answer the first request with 503 + Retry-After: 0.
const first = `/api/repos?per_page=4&client=${crypto.randomUUID()}&fail=1`;

const repos = paginate(
  // fetchPage gets the raw token, here the absolute `rel="next"` URL; undefined on the first call.
  (nextUrl, { signal }) => fetch(nextUrl ?? first, { signal, headers: { accept: "application/json" } }),
  { preset: "link", retry: { retries: 3, baseDelayMs: 50 } },
);

const list = document.getElementById("repos");
try {
  for await (const repo of repos.items()) {
    list.append(Object.assign(document.createElement("li"), { textContent: repo.name }));
  }
} catch (err) {
  // A failure after the retries: resume later from err.resumeToken with no page lost.
  if (err instanceof PaginationError) console.error(err.code, err.resumeToken);
  throw err;
}

window.__result = { names: [...list.children].map((li) => li.textContent), stats: repos.stats, stopReason: repos.stopReason };
document.getElementById("result").textContent = JSON.stringify(window.__result);
