import { encodeCursor, decodeCursor, CursorError } from "pagecursor";

const $ = (id) => document.getElementById(id);

// Dates in the JSON box are ISO strings; turn the ones that look like instants into Dates so
// the cursor carries a real date type.
const revive = (_key, v) =>
  typeof v === "string" && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(v) ? new Date(v) : v;

const show = (value) =>
  JSON.stringify(
    value,
    (_k, v) => (typeof v === "bigint" ? `${v}n` : v instanceof Uint8Array ? `bytes(${v.length})` : v),
    2,
  );

function encode() {
  try {
    const token = encodeCursor(JSON.parse($("value").value, revive));
    $("token").textContent = token;
    $("token").classList.remove("error");
    $("inspect").value = token;
    decode();
  } catch (err) {
    $("token").textContent = err instanceof CursorError ? `${err.code}: ${err.message}` : String(err);
    $("token").classList.add("error");
  }
}

function decode() {
  try {
    const cursor = decodeCursor($("inspect").value.trim());
    $("decoded").textContent = show(cursor);
    $("decoded").classList.remove("error");
  } catch (err) {
    $("decoded").textContent = err instanceof CursorError ? `${err.code}: ${err.message}` : String(err);
    $("decoded").classList.add("error");
  }
}

$("encode").addEventListener("click", encode);
$("decode").addEventListener("click", decode);
encode();
$("status").textContent = "ready";
