// The page log: one row per request the fake services answered (or refused), newest first, with
// the token sent and received, items returned versus evaluated, bytes and time. Empty pages and
// failures stand out, because they are where naive pagination code goes wrong.
import { el, shortToken, fullToken, bytes } from "./format.js";

const MAX_ROWS = 300;
const SOURCES = { feed: "Feed", table: "Table", inspector: "Inspector" };
// Service error names are long; the log shows a short label and the full name on hover.
const SHORT_ERRORS = {
  InvalidPaginationToken: "token refused",
  ValidationException: "invalid request",
  InvalidParameterValue: "invalid request",
  CursorError: "cursor refused",
};

export function createLog(backend) {
  const body = document.getElementById("log-body");
  const totals = { requests: 0, empty: 0, throttled: 0, failed: 0, bytes: 0 };
  const entries = [];

  function tokenCell(token, label) {
    if (token === undefined || token === null) return el("td", { class: "token none" }, "—");
    const full = fullToken(token);
    return el(
      "td",
      { class: "token" },
      el(
        "details",
        {},
        el("summary", { title: full, "aria-label": `${label}: ${full}` }, shortToken(token)),
        el("code", {}, full),
      ),
    );
  }

  function note(entry) {
    if (entry.error) {
      const retry = /Throughput|LimitExceeded|Throttl/.test(entry.error.name);
      const label = retry ? "throttled → retry" : SHORT_ERRORS[entry.error.name] ?? entry.error.name;
      return el("span", { class: retry ? "tag warn" : "tag bad", title: `${entry.error.name}: ${entry.error.message}` }, label);
    }
    const tags = [];
    if (entry.returned === 0 && entry.received !== undefined) tags.push(el("span", { class: "tag empty" }, "empty, has token"));
    else if (entry.returned === 0) tags.push(el("span", { class: "tag empty" }, "empty last page"));
    if (entry.stoppedBy === "size") tags.push(el("span", { class: "tag info", title: "the page stopped at the 1 MB read ceiling, before the Limit" }, "1 MB ceiling"));
    if (entry.received === undefined) tags.push(el("span", { class: "tag ok" }, "end"));
    return tags;
  }

  function add(entry) {
    entries.push(entry);
    totals.requests++;
    if (entry.error) {
      if (/Throughput|LimitExceeded/.test(entry.error.name)) totals.throttled++;
      else totals.failed++;
    } else {
      if (entry.returned === 0) totals.empty++;
      totals.bytes += entry.bytes ?? 0;
    }
    const ratio = entry.evaluated ? entry.returned / entry.evaluated : 0;
    const row = el(
      "tr",
      {
        class: entry.error ? "failed" : entry.returned === 0 ? "empty" : undefined,
        dataset: { seq: entry.seq, api: entry.api },
      },
      el("td", { class: "num" }, entry.seq),
      el("td", {}, el("span", { class: "api" }, entry.api === "DescribeInstances" ? ["Describe", el("wbr"), "Instances"] : entry.api), el("span", { class: "source" }, SOURCES[entry.tag] ?? "")),
      tokenCell(entry.sent, "token sent"),
      tokenCell(entry.received, "token received"),
      el(
        "td",
        { class: "num counts", title: entry.error ? undefined : `${entry.returned} returned of ${entry.evaluated} evaluated` },
        entry.error
          ? "—"
          : [
              el("span", { class: "returned" }, entry.returned),
              el("span", { class: "of" }, ` / ${entry.evaluated}`),
              el("span", { class: "bar", "aria-hidden": "true" }, el("span", { style: `width:${Math.round(ratio * 100)}%` })),
            ],
      ),
      el("td", { class: "num" }, entry.error ? "—" : bytes(entry.bytes),
        el("span", { class: "source" }, `${Math.max(0, Math.round(entry.ms ?? 0))} ms`)),
      el("td", { class: "note" }, note(entry)),
    );
    body.prepend(row);
    while (body.rows.length > MAX_ROWS) body.deleteRow(body.rows.length - 1);
    render();
  }

  function render() {
    document.getElementById("log-requests").textContent = totals.requests;
    document.getElementById("log-empty").textContent = totals.empty;
    document.getElementById("log-throttled").textContent = totals.throttled;
    document.getElementById("log-failed").textContent = totals.failed;
    document.getElementById("log-bytes").textContent = bytes(totals.bytes);
    document.getElementById("log-placeholder").hidden = totals.requests > 0;
  }

  function clear() {
    entries.length = 0;
    Object.keys(totals).forEach((k) => (totals[k] = 0));
    body.replaceChildren();
    render();
  }

  document.getElementById("log-clear").addEventListener("click", clear);
  backend.subscribe((event) => {
    if (event.kind === "request") add(event);
  });
  render();
  return { entries, totals, clear };
}
