// Wires the demo together: the fake services, the page log, the three views and the URL.
// pagecursor is imported as a namespace so that a build missing one export disables only the
// view that needs it, instead of failing the whole module graph at link time.
import * as pagecursor from "pagecursor";
import { createBackend, createKeysetService } from "./fake-api.js";
import { createLog } from "./log.js";
import { createFeed } from "./feed.js";
import { createTable } from "./table.js";
import { createInspector } from "./inspector.js";
import { el, clockTime } from "./format.js";

const params = new URL(location.href).searchParams;
const THROTTLE_RATE = 0.3;
// Throttled requests are retried with a short backoff; ten retries make a give-up vanishingly
// rare at a 30 % fault rate, which is what a well-configured client looks like.
const retry = { retries: 10, baseDelayMs: 15, maxDelayMs: 120 };

const backend = createBackend({ seed: 2026 });
const throttle = document.getElementById("throttle");
const latency = document.getElementById("latency");
if (params.has("latency")) latency.value = params.get("latency");
throttle.checked = params.get("throttle") === "1";
const applyFaults = () => {
  backend.faults.throttle = throttle.checked ? THROTTLE_RATE : 0;
  backend.faults.latencyMs = Number(latency.value) || 0;
};
throttle.addEventListener("change", applyFaults);
latency.addEventListener("change", applyFaults);
applyFaults();

const log = createLog(backend);

// Each view names the exports it needs; missing ones are reported in the view, not thrown.
function missing(names) {
  return names.filter((name) => typeof pagecursor[name] !== "function");
}
function needs(panelId, names) {
  const absent = missing(names);
  const panel = document.getElementById(panelId);
  if (absent.length === 0) return true;
  const box = panel.querySelector(".needs");
  box.hidden = false;
  box.replaceChildren(
    el("p", {}, "This view needs ", absent.map((n, i) => [i ? ", " : "", el("code", {}, n)]),
      ", which this build of pagecursor does not export yet."),
  );
  for (const node of panel.children) if (!node.classList.contains("panel-head") && node !== box) node.hidden = true;
  return false;
}

// The page above (controls, the request log) is live already: pagecursor's import does not wait
// for its wasm. The views below mint cursors and restore the table from the URL synchronously at
// start, so they are built once `ready` resolved.
await pagecursor.ready;

let keyset = null;
if (missing(["CursorCodec", "paginateKeyset"]).length === 0) {
  try {
    keyset = createKeysetService(backend, pagecursor);
  } catch (err) {
    // A codec without signed mode refuses `keys`; the inspector then works with plain tokens.
    keyset = null;
    document.getElementById("inspect-mint-info").textContent = `Signed cursors are unavailable: ${err.message}`;
  }
}

const views = {};
if (needs("panel-feed", ["InfiniteList"])) views.feed = createFeed({ backend, pagecursor, retry });
if (needs("panel-table", ["CursorStack"])) views.table = createTable({ backend, pagecursor, retry });
if (needs("panel-inspector", ["CursorCodec"])) {
  views.inspector = createInspector({ backend, pagecursor, keyset, onClock: advanceClock });
}

// --- the fake clock ------------------------------------------------------------------------
const clock = document.getElementById("clock");
const clockStart = backend.clock.now();
function showClock() {
  const elapsed = backend.clock.now() - clockStart;
  clock.textContent = clockTime(backend.clock.now()) + (elapsed ? ` (+${Math.round(elapsed / 3_600_000)} h)` : "");
  clock.dateTime = new Date(backend.clock.now()).toISOString();
}
function advanceClock(ms) {
  backend.clock.advance(ms);
  showClock();
  views.inspector?.decode();
}
document.getElementById("clock-advance").addEventListener("click", () => advanceClock(25 * 3600 * 1000));
showClock();

// --- tabs --------------------------------------------------------------------------------
const tabs = [...document.querySelectorAll("[role=tab]")];
let current = null;
function show(view, { focus = false } = {}) {
  if (!tabs.some((t) => t.dataset.view === view)) view = "feed";
  current = view;
  for (const tab of tabs) {
    const selected = tab.dataset.view === view;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
    document.getElementById(tab.getAttribute("aria-controls")).hidden = !selected;
    if (selected && focus) tab.focus();
  }
  if (view === "feed") views.feed?.activate();
}
function selectTab(view, options) {
  show(view, options);
  const url = new URL(location.href);
  if (url.searchParams.get("view") !== view) {
    url.searchParams.set("view", view);
    history.replaceState({ ...(history.state ?? {}), view }, "", url);
  }
  if (view === "table" && !tableStarted) startTable();
}
for (const tab of tabs) {
  tab.addEventListener("click", () => selectTab(tab.dataset.view));
  // Arrow keys move between tabs, as in the WAI-ARIA tabs pattern.
  tab.addEventListener("keydown", (event) => {
    const i = tabs.indexOf(tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    selectTab(tabs[(to + tabs.length) % tabs.length].dataset.view, { focus: true });
  });
}

// The table's position lives in the URL; Back/Forward rebuild the stack from it.
let tableStarted = false;
function startTable() {
  tableStarted = true;
  views.table?.restore();
}
window.addEventListener("popstate", () => {
  const view = new URL(location.href).searchParams.get("view") ?? "feed";
  show(view);
  if (view === "table") startTable();
});

const initial = params.get("view") ?? "feed";
show(initial);
if (initial === "table") startTable();

// For the browser tests: the fake table and what each view did with it.
window.__demo = {
  backend,
  log,
  keyset,
  feed: views.feed?.demo,
  table: views.table?.demo,
  inspector: views.inspector?.demo,
  missing: missing(["InfiniteList", "CursorStack", "paginate", "paginateKeyset", "CursorCodec"]),
};
document.getElementById("status").textContent = "ready";
