// Small formatting helpers shared by the views: tokens shortened for tables, sizes, clock times.

/** Creates an element: el("td", { class: "x", title: "…" }, child, "text", …). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** JSON that also shows bigints, bytes and dates, for decoded cursors and raw tokens. */
export function show(value, indent = 2) {
  return JSON.stringify(
    value,
    function (key, v) {
      const raw = this[key];
      if (typeof raw === "bigint") return `${raw}n`;
      if (raw instanceof Date) return `Date(${Number.isNaN(raw.getTime()) ? "invalid" : raw.toISOString()})`;
      if (raw instanceof Uint8Array) return `bytes(${raw.length})`;
      return v;
    },
    indent,
  ) ?? String(value);
}

/** A token as one short line: DynamoDB keys by their sort key, long strings head…tail. */
export function shortToken(token) {
  if (token === undefined || token === null) return "—";
  if (typeof token === "object") {
    if (typeof token.sk === "string") return token.sk;
    const text = show(token, 0);
    return text.length > 22 ? `${text.slice(0, 20)}…` : text;
  }
  const text = String(token);
  return text.length > 16 ? `${text.slice(0, 7)}…${text.slice(-5)}` : text;
}

export function fullToken(token) {
  if (token === undefined || token === null) return "no token";
  return typeof token === "string" ? token : show(token);
}

export function bytes(n) {
  if (n === undefined) return "—";
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(2)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

export function money(cents) {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A fake-clock instant as "Thu 15 Jan, 09:00 UTC". */
export function clockTime(ms) {
  const d = new Date(ms);
  const day = d.toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
  const time = d.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return `${day}, ${time} UTC`;
}

/** "in 23 h 59 min" / "2 h ago", relative to the fake clock. */
export function relative(ms, now) {
  const delta = ms - now;
  const abs = Math.abs(delta);
  if (abs < 60_000) return "now";
  const h = Math.floor(abs / 3_600_000);
  const m = Math.floor((abs % 3_600_000) / 60_000);
  const text = h ? `${h} h ${m} min` : `${m} min`;
  return delta >= 0 ? `in ${text}` : `${text} ago`;
}

/** Announces a short message in a live region and keeps it as the element's text. */
export function announce(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
