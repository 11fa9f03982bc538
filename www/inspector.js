// The Inspector view: paste any pagecursor token and see what it carries, or why it is refused,
// in plain words. Keyset cursors are minted by the demo's keyset endpoint (paginateKeyset with a
// SIGNED codec, ttl 24 h, clock = the fake service clock), so advancing the clock expires them.
import { el, show, clockTime, relative } from "./format.js";
import { DEMO_KEY_ID } from "./fake-api.js";

const EXPLAIN = {
  malformed: "This is not a pagecursor token: it has characters outside base64url, is cut short, or its bytes do not parse.",
  too_large: "The token is longer than the codec accepts (maxLength), so it is refused before any work is done.",
  unsupported_version: "The token's header names a format version this codec does not know: the header was edited, or a newer pagecursor minted it.",
  bad_signature: "The signature does not match the contents. Someone changed the token (one character is enough) or another secret signed it. The position it claims is never used.",
  unknown_key: "The token names a signing key this codec does not hold, e.g. a key that was rotated out.",
  expired: "The token is authentic but too old: the codec's ttl (24 h) has passed on the service clock. The client must start the listing again.",
  scope_mismatch: "The token is authentic but was minted for another query. Replaying a cursor against a different filter is refused instead of returning the wrong rows.",
  unsupported_value: "The value cannot be carried exactly by a cursor.",
};

export function createInspector({ backend, pagecursor, keyset, onClock }) {
  const input = document.getElementById("inspect-token");
  const codecChoice = () => document.querySelector("input[name=inspect-codec]:checked").value;
  const scopeSelect = document.getElementById("inspect-scope");
  const result = document.getElementById("inspect-result");
  const mintInfo = document.getElementById("inspect-mint-info");
  const mintButton = document.getElementById("inspect-mint");
  const plainCodec = new pagecursor.CursorCodec();
  let lastCode = null;

  const demo = {
    get code() {
      return lastCode;
    },
  };

  if (!keyset) {
    mintButton.disabled = true;
    mintInfo.textContent = "Minting needs paginateKeyset, which this build of pagecursor does not export yet.";
  }

  function decode() {
    const token = input.value.trim();
    if (!token) {
      lastCode = null;
      result.replaceChildren(el("p", { class: "muted" }, "Paste a token, or mint one with the button above."));
      return;
    }
    const signed = codecChoice() === "signed";
    const codec = signed ? keyset?.codec ?? plainCodec : plainCodec;
    const scope = scopeSelect.value === "none" ? undefined : keyset ? keyset.scopeOf(scopeSelect.value || undefined) : undefined;
    try {
      const cursor = codec.decode(token, scope === undefined ? {} : { scope });
      lastCode = "ok";
      result.replaceChildren(renderCursor(cursor, signed));
    } catch (err) {
      lastCode = err?.code ?? err?.name ?? "error";
      result.replaceChildren(
        el("div", { class: "verdict bad", role: "alert" },
          el("p", { class: "verdict-title" }, "Refused: ", el("code", { id: "inspect-code" }, lastCode)),
          el("p", {}, EXPLAIN[lastCode] ?? String(err?.message ?? err)),
          err?.message ? el("p", { class: "muted small" }, `message: ${err.message}`) : null,
          lastCode === "malformed" ? hint(token) : null),
      );
    }
  }

  // Tokens from the page log that are not pagecursor's: say what they are instead of only
  // "malformed".
  function hint(token) {
    if (/^[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(token)) {
      return el("p", { class: "small" }, "This looks like the fake EC2 service's own NextToken: opaque to clients, only the service that minted it can read it. CursorStack stores it as is.");
    }
    if (token.startsWith("{")) {
      return el("p", { class: "small" }, "This looks like a raw DynamoDB LastEvaluatedKey: a plain key object, not a token. paginate and CursorStack carry it as is; pagecursor tokens are what you would put in a URL instead.");
    }
    return null;
  }

  function renderCursor(cursor, signed) {
    const now = backend.clock.now();
    const row = (term, value) => el("div", {}, el("dt", {}, term), el("dd", {}, value));
    return el("div", { class: "verdict ok" },
      el("p", { class: "verdict-title" }, "Valid: ", el("code", { id: "inspect-code" }, "ok"),
        signed ? ` — signature checked with key ${cursor.keyId ?? "?"}` : " — plain token (integrity only, not authenticity)"),
      el("dl", { class: "facts" },
        row("Value", el("pre", {}, show(cursor.value))),
        row("Direction", cursor.direction === "before" ? "before (a Prev link)" : "after (a Next link)"),
        row("Key id", cursor.keyId ?? "— (not signed)"),
        row("Issued", cursor.issuedAt ? `${clockTime(cursor.issuedAt.getTime())} (${relative(cursor.issuedAt.getTime(), now)})` : "—"),
        row("Expires", cursor.expiresAt ? `${clockTime(cursor.expiresAt.getTime())} (${relative(cursor.expiresAt.getTime(), now)})` : "never"),
        row("Segment", cursor.segment ? `${cursor.segment.segment + 1} of ${cursor.segment.total}` : "—"),
      ),
    );
  }

  function mint() {
    if (!keyset) return;
    const status = scopeSelect.value && scopeSelect.value !== "none" ? scopeSelect.value : "shipped";
    const page = keyset.list({ limit: 5, status, tag: "inspector" });
    input.value = page.nextCursor ?? "";
    mintInfo.replaceChildren(
      "Minted by ", el("code", {}, "paginateKeyset"), ` for orders with status = ${status}: a page of ${page.items.length} (#${page.items.map((o) => o.id).join(", #")}); this is its `,
      el("code", {}, "nextCursor"), ` signed with key ${DEMO_KEY_ID} at ${clockTime(backend.clock.now())}.`,
    );
    document.querySelector("input[name=inspect-codec][value=signed]").checked = true;
    if (scopeSelect.value === "none" || scopeSelect.value === "") scopeSelect.value = status;
    decode();
  }

  // Changes one character in the middle of the token (the signed part), as an attacker or a
  // sloppy copy-paste would.
  function tamper() {
    const token = input.value.trim();
    if (token.length < 4) return;
    const i = Math.floor(token.length / 2);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const replacement = alphabet[(alphabet.indexOf(token[i]) + 7) % alphabet.length];
    input.value = token.slice(0, i) + replacement + token.slice(i + 1);
    decode();
  }

  document.getElementById("inspect-decode").addEventListener("click", decode);
  document.getElementById("inspect-tamper").addEventListener("click", tamper);
  document.getElementById("inspect-advance").addEventListener("click", () => {
    onClock(25 * 3600 * 1000);
  });
  mintButton.addEventListener("click", mint);
  input.addEventListener("input", decode);
  scopeSelect.addEventListener("change", decode);
  for (const radio of document.querySelectorAll("input[name=inspect-codec]")) radio.addEventListener("change", decode);
  decode();
  return { demo, decode };
}
