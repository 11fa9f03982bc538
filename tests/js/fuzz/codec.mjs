// Fuzz targets of the codec: encodeCursor, decodeCursor, and CursorCodec (constructor, encode,
// decode) in plain, signed and sealed mode, with hostile values, hostile options, re-entrant
// getters and hostile tokens.
import { valueGen, sameValue, determined, show, USER, UNSUPPORTED, setOwn } from "./values.mjs";
import { attemptSync, typed, contains, mentions, describeError } from "./oracle.mjs";

const BOM = "\uFEFF";
// Number options refused: a number out of range is a RangeError, anything else a TypeError, both
// with code invalid_argument (the one policy of every export).
const numberRefusal = (v) => (typeof v === "number" ? "RangeError" : "TypeError");
const NUMS = [0, 1, 2, 60, 3600, 4096, 65536, 65537, 1.5, -1, NaN, Infinity, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 80, "60", null, 10n];

/** A whole number option in [min, max]: valid, or which outcome it must give. */
const wholeOk = (v, min, max) => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/** A key id and secret; a secret may be a byte array whose `length` lies. */
function key(rng, i) {
  const id = rng.pick([`k${i}`, `${BOM}k${i}`, `${BOM}`, `clé-${i}`, `2026-${i}`]);
  const real = rng.bytes(rng.pick([1, 16, 32]));
  const kind = rng.int(4);
  if (kind === 0) return { entry: { id, secret: `secret ${id} ${rng.hex(8)}` }, id, real: undefined, d: `{id:${show(id)}, secret:text}` };
  if (kind === 1) {
    const s = Uint8Array.from(real);
    const lie = rng.pick([0, 1, 64, 2 ** 31 + 100]);
    Object.defineProperty(s, "length", { value: lie });
    return { entry: { id, secret: s }, id, real, d: `{id:${show(id)}, secret:Uint8Array(${real.length}, own length ${lie})}` };
  }
  return { entry: { id, secret: Uint8Array.from(real) }, id, real, d: `{id:${show(id)}, secret:Uint8Array(${real.length})}` };
}

/** Which outcomes a hostile option bag must give, on top of success (none: valid). */
function codecOptions(rng) {
  const mode = rng.pick(["plain", "signed", "sealed", "shorthand"]);
  const opts = {};
  const refuse = new Set();
  const ds = [`mode ${mode}`];
  const keys = [];
  let hostileClock = false;
  if (mode === "signed" || mode === "sealed") {
    const n = 1 + rng.int(2);
    for (let i = 0; i < n; i++) keys.push(key(rng, i));
    opts.keys = keys.map((k) => k.entry);
    ds.push(`keys [${keys.map((k) => k.d).join(", ")}]`);
    opts.mode = mode;
  } else if (mode === "plain" && rng.chance(0.3)) {
    opts.mode = "plain";
  }
  if (rng.chance(0.25)) {
    const ttl = rng.pick(NUMS);
    opts.ttl = ttl;
    ds.push(`ttl ${show(ttl)}`);
    if (!wholeOk(ttl, 0, 2 ** 53 - 1)) refuse.add(numberRefusal(ttl));
  }
  if (rng.chance(0.25)) {
    const maxLength = rng.pick(NUMS);
    opts.maxLength = maxLength;
    ds.push(`maxLength ${show(maxLength)}`);
    if (!wholeOk(maxLength, 1, 2 ** 53 - 1)) refuse.add(numberRefusal(maxLength));
  }
  if (mode === "sealed" && rng.chance(0.2)) {
    const padding = rng.pick(NUMS);
    opts.padding = padding;
    ds.push(`padding ${show(padding)}`);
    if (!wholeOk(padding, 1, 65536)) refuse.add(numberRefusal(padding));
  }
  if (rng.chance(0.1)) {
    const [now, hostile, d] = rng.pick([[() => 1e12, false, "now() -> 1e12"], [() => { throw USER; }, true, "now() throws"], [() => NaN, true, "now() -> NaN"]]);
    opts.now = now;
    hostileClock = hostile;
    ds.push(d);
  }
  return { mode, opts, refuse, keys, hostileClock, d: ds.join(", ") };
}

/** An encode option bag, hostile at times: its model (for decode) and outcomes it forces. */
function encodeOptions(rng, vg) {
  if (rng.chance(0.4)) return { opts: undefined, scope: undefined, d: "" };
  const opts = {};
  const ds = [];
  const refuse = new Set();
  let scope, segment, direction = "after";
  if (rng.chance(0.3)) {
    direction = rng.pick(["after", "before", "BEFORE", 1]);
    opts.direction = direction;
    ds.push(`direction ${show(direction)}`);
    if (direction !== "after" && direction !== "before") refuse.add("TypeError");
  }
  if (rng.chance(0.5)) {
    // Its own generator: a scope of `undefined` is an absent scope, not a refused value, so
    // its outcomes join the value's only when it is defined.
    const sg = valueGen(rng, vg.env);
    const g = sg.gen(1);
    if (g.v !== undefined) {
      opts.scope = g.v;
      scope = { m: g.m };
      ds.push(`scope ${g.d}`);
      for (const k of ["refuse", "soft"]) for (const o of sg.state[k]) vg.state[k].add(o);
      vg.state.counters.push(...sg.state.counters);
      sg.state.inner = vg.state.inner;
    }
  }
  if (rng.chance(0.25)) {
    const s = rng.pick([0, 1, 2, 1.5, -1, 2 ** 32, NaN]), total = rng.pick([1, 2, 4, 2 ** 32 - 1, 2 ** 32, 0.5]);
    opts.segment = { segment: s, total };
    ds.push(`segment {${show(s)}/${show(total)}}`);
    if (wholeOk(s, 0, 2 ** 32 - 1) && wholeOk(total, 1, 2 ** 32 - 1) && s < total) segment = { segment: s, total };
    else refuse.add("RangeError");
  }
  if (rng.chance(0.2)) {
    const ttl = rng.pick(NUMS);
    opts.ttl = ttl;
    ds.push(`ttl ${show(ttl)}`);
    if (!wholeOk(ttl, 0, 2 ** 53 - 1)) refuse.add(numberRefusal(ttl));
  }
  let bag = opts;
  if (rng.chance(0.1)) {
    // A bag whose getter throws: the user's error.
    bag = Object.defineProperty({ ...opts }, rng.pick(["direction", "scope", "segment", "ttl"]), { get() { throw USER; }, enumerable: true });
    refuse.add("user");
    ds.push("a throwing getter");
  }
  return { opts: bag, plain: opts, scope, segment, direction, refuse, d: ds.join(", ") };
}

/** A secret plaintext sealed right before the call: no later token may carry its bytes. */
export function sealSecret(t) {
  const marker = `CARD-4111-${t.rng.hex(12)}`;
  const text = `${marker}-${"9".repeat(t.rng.int(200))}`;
  t.env.sealer.encode({ pan: text, blob: new TextEncoder().encode(text), id: marker });
  return marker;
}

/** Checks a minted token against the value it was minted for. */
function checkToken(t, where, token, marker) {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]+$/.test(token)) {
    t.fail(`${where}: the token is not base64url`, show(token));
    return false;
  }
  if (marker && contains(Buffer.from(token, "base64url"), new TextEncoder().encode(marker))) {
    t.fail(`${where}: the token carries bytes of an earlier sealed value (stale scratch memory)`, marker);
  }
  return true;
}

/** Read-once and re-entrancy oracles after a call that succeeded. */
export function checkReads(t, where, state) {
  for (const c of state.counters) {
    if (c.what === "non-enumerable getter") {
      if (c.reads > 0) t.fail(`${where}: a non-enumerable getter of a value was read`, c.what);
      continue;
    }
    let worst = c.reads;
    for (const n of c.perKey.values()) worst = Math.max(worst, n);
    if (c.perKey.size > 0) worst = Math.max(...c.perKey.values());
    if (worst > 1) t.fail(`${where}: a ${c.stable ? "getter or trap" : "getter with another value each read"} was read more than once (read each value once)`, `${c.what}: ${worst} reads`);
  }
}

export function checkInner(t, where, state) {
  for (const msg of state.inner) t.fail(`${where}: a re-entrant call inside a getter went wrong`, msg);
}

/** One encode (and decode) of a hostile value with a hostile codec. */
export function encodeCase(t) {
  const { rng, lib, env } = t;
  const c = codecOptions(rng);
  t.note(`codec: ${c.d}`);
  let codec;
  if (c.mode !== "shorthand") {
    const [got, made] = attemptSync(lib, () => new lib.CursorCodec(c.opts));
    const allowed = new Set([...c.refuse]);
    if (c.refuse.size === 0) allowed.add("ok");
    allowed.add("CursorError:unsupported_value"); // key ids/secrets the codec may refuse (duplicates, empty)
    if (!allowed.has(got)) {
      t.fail(`new CursorCodec: ${typed(got) ? "wrong outcome" : "untyped error"} ${got}`, `expected ${[...allowed].join(" | ")}; ${describeError(made)}`);
      return;
    }
    if (got !== "ok") return;
    codec = made;
  }
  const encode = codec ? (v, o) => codec.encode(v, o) : (v, o) => lib.encodeCursor(v, o);
  const decode = codec ? (k, o) => codec.decode(k, o) : (k, o) => lib.decodeCursor(k, o);
  // A codec whose clock throws fails its own re-entrant calls too: re-enter the shorthand.
  env.codec = c.hostileClock ? undefined : codec;
  if (codec && !c.hostileClock) {
    try {
      env.codecValue = ["reentry", rng.int(1000)];
      env.codecToken = codec.encode(env.codecValue);
    } catch {
      env.codecToken = undefined;
    }
  }
  const vg = valueGen(rng, env);
  const value = vg.gen(0);
  const eo = encodeOptions(rng, vg);
  t.note(`value: ${value.d}`);
  if (eo.d) t.note(`options: ${eo.d}`);
  const marker = rng.chance(0.6) ? sealSecret(t) : undefined;
  const [got, token] = attemptSync(lib, () => encode(value.v, eo.opts));
  const st = vg.state;
  const must = new Set([...st.refuse, ...(eo.refuse ?? [])]);
  const allowed = new Set([...must, ...st.soft, "CursorError:too_large"]);
  // A ttl whose expiry passes the range of a JS Date (8.64e15 ms) may be refused.
  if ((c.opts.ttl ?? 0) > 1e12 || (eo.plain?.ttl ?? 0) > 1e12) allowed.add(UNSUPPORTED);
  if (must.size === 0) allowed.add("ok");
  if (c.opts.now && (c.opts.ttl !== undefined || eo.plain?.ttl !== undefined)) {
    allowed.add("user");
    allowed.add(UNSUPPORTED);
  }
  const where = codec ? `${c.mode} CursorCodec.encode` : "encodeCursor";
  checkInner(t, where, st);
  if (!allowed.has(got)) {
    const kind = typed(got) ? (got === "ok" ? "accepted a value it must refuse" : "wrong outcome") : "untyped error";
    t.fail(`${where}: ${kind} ${got === "ok" ? "" : got}`.trim(), `expected ${[...allowed].join(" | ")}; ${got === "ok" ? `token ${token.slice(0, 40)}` : describeError(token)}`);
    return;
  }
  if (got !== "ok") return;
  checkReads(t, where, st);
  if (!checkToken(t, where, token, marker)) return;
  // The round trip: decode gives the model back, strictly (types included).
  if (eo.scope && !determined(eo.scope.m)) return;
  // A hostile clock (throws, NaN) fails every decode of that codec: nothing to compare.
  if (c.hostileClock) return;
  const decodeOpts = eo.scope ? { scope: eo.scope.m } : undefined;
  maybePollute(t, value.m, () => {
    const [dgot, cursor] = attemptSync(lib, () => decode(token, decodeOpts));
    const ttlZero = c.opts.ttl === 0 || eo.plain?.ttl === 0;
    if (dgot === "CursorError:expired" && ttlZero) return;
    if (dgot !== "ok") {
      t.fail(`${where} then decode: a minted token does not decode (${dgot})`, describeError(cursor));
      return;
    }
    if (!sameValue(cursor.value, value.m)) {
      t.fail(`${where} then decode: the round trip changed the value`, `got ${show(cursor.value)}, model ${show(value.m)}`);
    }
    if (marker && mentions(cursor.value, marker)) t.fail(`${where}: the decoded value carries an earlier sealed secret`, marker);
    if (cursor.direction !== (eo.direction ?? "after")) t.fail(`${where} then decode: direction changed`, `${cursor.direction}`);
    if (eo.segment && !(cursor.segment?.segment === eo.segment.segment && cursor.segment?.total === eo.segment.total)) {
      t.fail(`${where} then decode: segment changed`, show(cursor.segment));
    }
    if (codec && c.keys.length && cursor.keyId !== c.keys[0].id) {
      t.fail(`${where} then decode: keyId changed (a leading U+FEFF?)`, `got ${show(cursor.keyId)}, expected ${show(c.keys[0].id)}`);
    }
  });
  // A secret byte array whose own `length` lies: the real bytes are the key.
  if (codec && c.keys[0]?.real) {
    const again = new lib.CursorCodec({ ...c.opts, keys: [{ id: c.keys[0].id, secret: Uint8Array.from(c.keys[0].real) }] });
    const [vgot, v] = attemptSync(lib, () => again.decode(token, decodeOpts));
    if (vgot !== "ok") t.fail(`${c.mode} CursorCodec: a byte-array secret was not read as its real bytes`, `${c.keys[0].d}: ${vgot} ${describeError(v)}`);
    again.free();
  }
  if (codec && eo.scope && rng.chance(0.3)) {
    const [sgot] = attemptSync(lib, () => decode(token, { scope: ["another", "scope", rng.hex(4)] }));
    if (sgot !== "CursorError:scope_mismatch") t.fail(`${where}: decoding with another scope is not scope_mismatch`, sgot);
  }
  codec?.free();
}

/**
 * Runs `then` with, at times, a hostile setter on Object.prototype or Array.prototype for a
 * key that decoding builds (a throwing or a swallowing one): decoding must not be affected.
 */
function maybePollute(t, model, then) {
  if (!t.rng.chance(0.15)) return then();
  const keys = ["value", "direction", "keyId", "issuedAt", "segment", "0"];
  if (model && typeof model === "object" && !Array.isArray(model)) keys.push(...Object.keys(model).filter((k) => k !== "__proto__"));
  const k = t.rng.pick(keys);
  const proto = t.rng.chance(0.3) ? Array.prototype : Object.prototype;
  const throwing = t.rng.chance(0.5);
  if (Object.getOwnPropertyDescriptor(proto, k)) return then();
  t.note(`${proto === Array.prototype ? "Array" : "Object"}.prototype[${show(k)}] has a ${throwing ? "throwing" : "swallowing"} setter during decode`);
  Object.defineProperty(proto, k, { set() { if (throwing) throw USER; }, get() { return undefined; }, configurable: true });
  try {
    return then();
  } finally {
    delete proto[k];
  }
}

/** Decodes of hostile tokens: mutated valid ones, non-strings, Proxies, huge strings. */
export function decodeCase(t) {
  const { rng, lib } = t;
  const modes = ["plain", "signed", "sealed"];
  const mode = rng.pick(modes);
  const codec = mode === "plain" ? undefined : t.env.codecs[mode];
  const scope = rng.chance(0.4) ? rng.pick(["q", { tenant: "t1" }, [1, 2n], `${BOM}q`]) : undefined;
  const value = rng.pick([{ id: 1 }, [5, 6, 7], `${BOM}abc`, 9007199254740993n, new Uint8Array([1, 2, 3])]);
  const encode = (v, o) => (codec ? codec.encode(v, o) : lib.encodeCursor(v, o));
  const decode = (k, o) => (codec ? codec.decode(k, o) : lib.decodeCursor(k, o));
  const token = encode(value, scope === undefined ? undefined : { scope });
  let input, mutated = false;
  const r = rng.int(10);
  if (r < 4) {
    // One edited character, a truncation or an extension.
    const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const i = rng.int(token.length);
    const e = rng.int(3);
    input = e === 0 ? token.slice(0, i) + rng.pick(chars) + token.slice(i + 1) : e === 1 ? token.slice(0, i) : token + rng.pick(chars);
    mutated = input !== token;
    t.note(`token: ${mode} token with an edit at ${i}`);
  } else if (r < 6) {
    input = token;
    t.note(`token: a valid ${mode} token`);
  } else {
    const hostile = [
      [() => BOM + token, "U+FEFF + token"],
      [() => token + "=", "token + '='"],
      [() => new String(token), "String object"],
      [() => ({ toString: () => token }), "object with toString"],
      [() => new Proxy({}, { get() { throw USER; } }), "throwing Proxy"],
      [() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; }, "revoked Proxy"],
      [() => "A".repeat(rng.pick([4096, 4097, 1 << 20])), "long string"],
      [() => token.slice(0, -1) + "\ud800", "token with a lone surrogate"],
      [() => 12345, "number"],
      [() => undefined, "undefined"],
    ];
    const [make, d] = rng.pick(hostile);
    input = make();
    mutated = true;
    t.note(`token: ${d}`);
  }
  let opts = scope === undefined ? undefined : { scope };
  if (rng.chance(0.15)) {
    opts = Object.defineProperty({}, "scope", { get() { throw USER; }, enumerable: true });
    t.note("decode options: scope getter throws");
  } else if (rng.chance(0.1)) {
    opts = { scope: rng.chance(0.5) ? ["x", "\ud800"] : { a: () => 1 } };
    t.note("decode options: an unsupported scope");
  }
  const [got, out] = maybePolluteDecode(t, () => attemptSync(lib, () => decode(input, opts)));
  const where = codec ? `${mode} CursorCodec.decode` : "decodeCursor";
  if (!(got === "ok" || got === "user" || got.startsWith("CursorError:"))) {
    t.fail(`${where}: ${typed(got) ? "wrong outcome" : "untyped error"} ${got}`, describeError(out));
    return;
  }
  if (got === "ok" && mutated && codec) t.fail(`${where}: an edited token was accepted`, `value ${show(out.value)}`);
  if (got === "ok" && !mutated && opts?.scope === scope && !sameValue(out.value, value)) {
    t.fail(`${where}: the round trip changed the value`, `got ${show(out.value)}, expected ${show(value)}`);
  }
}

function maybePolluteDecode(t, then) {
  return maybePollute(t, { id: 1 }, then);
}

/** Re-entrant getter in a signed value: the token must be authentic for what was encoded. */
export function reentrantSignedCase(t) {
  const { rng, lib } = t;
  const codec = t.env.codecs.signed;
  const midway = (f) => () => { try { f(); } catch (err) { if (!(err instanceof lib.CursorError)) throw err; } };
  const inner = rng.pick([() => lib.encodeCursor("admin"), () => codec.encode(["admin", "x"]), () => codec.decode(codec.encode(7)),
    () => lib.decodeCursor(lib.encodeCursor(5)), midway(() => lib.encodeCursor(["admin", "x", "\ud800"])),
    midway(() => codec.encode(["admin", "x", "\ud800"])), midway(() => lib.encodeCursor({ role: "admin", x: "\ud800" }))]);
  const role = rng.pick(["viewer", 7, 9007199254740993n, [1, 2]]);
  const value = { user: "alice" };
  Object.defineProperty(value, "role", { get() { inner(); return role; }, enumerable: true });
  t.note(`signed encode of {user:"alice", role: getter that re-enters the codec -> ${show(role)}}`);
  const [got, token] = attemptSync(lib, () => codec.encode(value));
  if (got !== "ok") {
    if (!typed(got)) t.fail(`signed CursorCodec.encode (re-entrant getter): untyped error ${got}`, describeError(token));
    return;
  }
  const cursor = codec.decode(token);
  if (!sameValue(cursor.value, { user: "alice", role })) {
    t.fail("signed CursorCodec.encode (re-entrant getter): the signed token is authentic for a value never encoded", `decodes as ${show(cursor.value)}`);
  }
}

export { setOwn };
