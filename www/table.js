// The Table view: Prev / Next / page numbers over a token-paginated service with pagecursor's
// CursorStack. Services only know "the page after this token", so the stack remembers the token
// of every visited page; its toString() lives in the URL (history.pushState), which makes reload
// and the browser's Back button land on the same page.
import { el, money, bytes, shortToken, fullToken, announce } from "./format.js";

const SOURCES = {
  dynamodb: {
    label: "DynamoDB Scan",
    filters: [["", "any status"], ["shipped", "status = shipped"], ["cancelled", "status = cancelled"], ["returned", "status = returned"]],
    tokenName: "LastEvaluatedKey",
    columns: ["Order", "Product", "Status", "Total", "Item size"],
  },
  ec2: {
    label: "EC2 DescribeInstances",
    filters: [["", "any state"], ["running", "state = running"], ["stopped", "state = stopped"], ["terminated", "state = terminated"]],
    tokenName: "NextToken",
    columns: ["Instance", "Type", "State", "Zone"],
  },
};
const SIZES = ["10", "25", "50"];

export function createTable({ backend, pagecursor, retry }) {
  const srcSelect = document.getElementById("table-source");
  const filterSelect = document.getElementById("table-filter");
  const sizeSelect = document.getElementById("table-size");
  const head = document.getElementById("table-head");
  const body = document.getElementById("table-body");
  const status = document.getElementById("table-status");
  const prev = document.getElementById("table-prev");
  const next = document.getElementById("table-next");
  const numbers = document.getElementById("table-pages");
  const notice = document.getElementById("table-notice");
  const tokens = document.getElementById("table-tokens");

  let stack = null;
  let page = null;
  let error = null;
  let loading = false;
  let request = 0;
  const demo = {
    get page() {
      return stack?.page;
    },
    get loading() {
      return loading;
    },
    get ids() {
      return [...body.querySelectorAll("[data-id]")].map((r) => r.dataset.id);
    },
    expectedIds: () => {
      const filter = filterSelect.value || undefined;
      return srcSelect.value === "ec2" ? backend.expectedInstanceIds(filter) : backend.expectedOrderIds(filter).map(String);
    },
    get error() {
      return error;
    },
  };

  function query() {
    return { src: srcSelect.value, filter: filterSelect.value, size: Number(sizeSelect.value) };
  }
  const scopeOf = (q) => ({ view: "table", src: q.src, filter: q.filter, size: q.size });

  function fillFilters(src, value = "") {
    filterSelect.replaceChildren(...SOURCES[src].filters.map(([v, label]) => el("option", { value: v }, label)));
    filterSelect.value = SOURCES[src].filters.some(([v]) => v === value) ? value : "";
  }

  // The URL is the source of truth for the position: query parameters plus the stack.
  function writeUrl(mode) {
    const url = new URL(location.href);
    const q = query();
    url.searchParams.set("view", "table");
    url.searchParams.set("src", q.src);
    url.searchParams.set("filter", q.filter);
    url.searchParams.set("size", String(q.size));
    url.searchParams.set("pos", stack.toString());
    const state = { view: "table", href: url.href };
    if (mode === "push") history.pushState(state, "", url);
    else history.replaceState(state, "", url);
  }

  function fromUrl() {
    const params = new URL(location.href).searchParams;
    const src = SOURCES[params.get("src")] ? params.get("src") : "dynamodb";
    srcSelect.value = src;
    fillFilters(src, params.get("filter") ?? "");
    sizeSelect.value = SIZES.includes(params.get("size")) ? params.get("size") : "10";
    const pos = params.get("pos");
    const options = { scope: scopeOf(query()) };
    error = null;
    try {
      stack = pos ? pagecursor.CursorStack.from(pos, options) : new pagecursor.CursorStack(options);
    } catch (err) {
      // A position from another query or a damaged URL: say so and start at page 1.
      stack = new pagecursor.CursorStack(options);
      error = err;
    }
  }

  // The highest page number the stack can jump to: the stack is the only source of truth (a
  // restored URL knows exactly the pages it recorded), so probe a copy of it with goTo.
  function knownPages() {
    let known = stack.page;
    try {
      const copy = pagecursor.CursorStack.from(stack.toString(), { scope: scopeOf(query()) });
      for (let p = stack.page + 1; p <= stack.page + 200; p++) {
        copy.goTo(p);
        if (copy.page !== p) break;
        known = p;
      }
    } catch {
      // goTo refuses a page that was never visited: that is where the known pages end.
    }
    return known;
  }

  async function fetchPage(token) {
    const q = query();
    const call = (t, ctx) =>
      q.src === "ec2"
        ? backend.describeInstances({ MaxResults: q.size, NextToken: t, state: q.filter || undefined, signal: ctx.signal, tag: "table" })
        : backend.scan({ Limit: q.size, ExclusiveStartKey: t, status: q.filter || undefined, signal: ctx.signal, tag: "table" });
    if (typeof pagecursor.paginate !== "function") return call(token, { attempt: 1 });
    // One page through paginate: it retries throttled requests with backoff and passes the raw
    // token through exactly as the service returned it.
    const options = { preset: q.src === "ec2" ? "aws" : "dynamodb", maxPages: 1, retry };
    if (q.src === "ec2") options.items = "Instances";
    if (token !== undefined) options.startToken = token;
    const pages = pagecursor.paginate(call, options);
    for await (const one of pages) return one;
    throw new Error("the service returned no page");
  }

  async function load() {
    const mine = ++request;
    loading = true;
    page = null;
    render(`Loading page ${stack.page}…`);
    try {
      const result = await fetchPage(stack.current);
      if (mine !== request) return;
      page = result;
      const nextToken = srcSelect.value === "ec2" ? result.NextToken : result.LastEvaluatedKey;
      stack.record(nextToken);
      writeUrl("replace");
    } catch (err) {
      if (mine !== request) return;
      error = err;
    } finally {
      if (mine === request) {
        loading = false;
        render();
      }
    }
  }

  function navigate(move) {
    error = null;
    try {
      move();
    } catch (err) {
      error = err;
      render();
      return;
    }
    writeUrl("push");
    void load();
  }

  function restart() {
    error = null;
    stack.reset(scopeOf(query()));
    writeUrl("push");
    void load();
  }

  function describe(err) {
    const cause = err?.cause ?? err;
    const name = cause?.code ?? cause?.name ?? "Error";
    if (name === "InvalidPaginationToken") {
      return `The service refused the ${SOURCES[srcSelect.value].tokenName}: ${cause.message}. CursorStack kept the token faithfully, but EC2 tokens only live 24 hours, so the listing has to start again.`;
    }
    if (name === "scope_mismatch") return "The position in the URL belongs to another query, so it was not used; showing page 1.";
    return `${name}: ${cause?.message ?? String(cause)}`;
  }

  function render(message) {
    const q = query();
    const source = SOURCES[q.src];
    head.replaceChildren(el("tr", {}, source.columns.map((c, i) => el("th", { scope: "col", class: i >= 3 && q.src === "dynamodb" ? "num" : undefined }, c))));
    const items = page ? (q.src === "ec2" ? page.Instances : page.Items) : [];
    body.replaceChildren(
      ...items.map((item) =>
        q.src === "ec2"
          ? el("tr", { dataset: { id: item.InstanceId } },
              el("td", { class: "mono" }, item.InstanceId), el("td", {}, item.InstanceType),
              el("td", {}, el("span", { class: `pill ${item.State.Name}` }, item.State.Name)), el("td", {}, item.AvailabilityZone))
          : el("tr", { dataset: { id: item.id } },
              el("td", { class: "mono" }, `#${String(item.id).padStart(5, "0")}`),
              el("td", { title: item.customer }, item.product),
              el("td", {}, el("span", { class: `pill ${item.status}` }, item.status)),
              el("td", { class: "num" }, money(item.totalCents)),
              el("td", { class: "num" }, bytes(item.sizeBytes), item.attachment ? el("span", { class: "clip", title: "has a large attachment" }, " ●") : null)),
      ),
    );
    const nextToken = page ? (q.src === "ec2" ? page.NextToken : page.LastEvaluatedKey) : undefined;
    if (page && items.length === 0) {
      body.append(el("tr", { class: "empty-row" }, el("td", { colspan: source.columns.length },
        nextToken
          ? `This page is empty: the filter removed every item the service read (${page.ScannedCount ?? q.size} of them), yet it returned a ${source.tokenName}, so there is more. Stopping here would lose data.`
          : "This last page is empty: the service could not know the previous page ended the table.")));
    }
    notice.hidden = !error;
    notice.replaceChildren(...(error ? [el("p", {}, describe(error)), el("button", { type: "button", class: "secondary", onclick: restart }, "Start over")] : []));

    prev.disabled = loading || !stack?.hasPrevious;
    next.disabled = loading || !stack?.hasNext;
    numbers.replaceChildren(...pageButtons());
    tokens.replaceChildren(
      el("div", {}, el("dt", {}, "Fetched with"), el("dd", { title: fullToken(stack?.current) }, el("code", {}, shortToken(stack?.current)))),
      el("div", {}, el("dt", {}, "Next token"), el("dd", { title: fullToken(nextToken) }, el("code", {}, page ? shortToken(nextToken) : "…"))),
      el("div", {}, el("dt", {}, "Read / shown"), el("dd", {}, page ? `${page.ScannedCount ?? (page.Instances ? "≤" + q.size : "?")} / ${items.length}` : "…")),
      el("div", {}, el("dt", {}, "In the URL"), el("dd", { title: stack?.toString() }, el("code", {}, `pos=${shortToken(stack?.toString() ?? "")}`))),
    );
    let text = message;
    if (!text && error) {
      const cause = error.cause ?? error;
      text = `Page ${stack.page} could not be loaded: ${cause.code ?? cause.name}.`;
    }
    if (!text && page) text = `Page ${stack.page}: ${items.length} ${q.src === "ec2" ? "instances" : "orders"}${stack.hasNext ? "" : ", the last page"}.`;
    announce(status, text ?? "");
  }

  function pageButtons() {
    if (!stack) return [];
    const current = stack.page;
    const seen = knownPages();
    const shown = new Set([1, seen]);
    for (let p = current - 3; p <= current + 3; p++) if (p >= 1 && p <= seen) shown.add(p);
    const list = [...shown].sort((a, b) => a - b);
    const out = [];
    let last = 0;
    for (const p of list) {
      if (p - last > 1) out.push(el("li", { class: "gap", "aria-hidden": "true" }, "…"));
      out.push(el("li", {}, el("button", {
        type: "button",
        class: p === current ? "page current" : "page",
        "aria-current": p === current ? "page" : undefined,
        "aria-label": `Page ${p}`,
        disabled: loading || undefined,
        onclick: () => { if (p !== stack.page) navigate(() => stack.goTo(p)); },
      }, p)));
      last = p;
    }
    return out;
  }

  prev.addEventListener("click", () => navigate(() => stack.back()));
  next.addEventListener("click", () => navigate(() => stack.forward()));
  srcSelect.addEventListener("change", () => {
    fillFilters(srcSelect.value);
    page = null;
    restart();
  });
  filterSelect.addEventListener("change", restart);
  sizeSelect.addEventListener("change", restart);

  return {
    demo,
    /** Called on load and on popstate: rebuild the stack from the URL and fetch its page. */
    restore() {
      fromUrl();
      void load();
    },
    render,
  };
}
