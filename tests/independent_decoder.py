#!/usr/bin/env python3
"""An independent decoder of pagecursor format v1, written from docs/cursor-format.md alone.

Standard library only (hmac, hashlib, base64, json, struct). It decodes every test vector
in tests/vectors/ (plain, signed and sealed), verifies signatures, opens sealed tokens,
checks scope checks and expiry, re-encodes every payload to check it is canonical, and
compares the outcome (cursor or error code) with the vector. The standard library has no
XChaCha20-Poly1305, so a small pure-Python one (RFC 8439 plus HChaCha20) is included below;
it is slow, but the vectors are short.

Usage: python3 tests/independent_decoder.py [vector files...]   (exit status 1 on mismatch)
"""

import base64
import glob
import hashlib
import hmac
import json
import math
import os
import struct
import sys

ALPHABET = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
B64_INDEX = {c: i for i, c in enumerate(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")}
MAX_SAFE = 2**53 - 1
MAX_DATE = 8_640_000_000_000_000
CANONICAL_NAN = 0x7FF8000000000000
MAX_DEPTH = 64


class CursorError(Exception):
    def __init__(self, code, why=""):
        super().__init__(f"{code}: {why}")
        self.code = code


def malformed(why):
    return CursorError("malformed", why)


# --- §1 strict base64url -------------------------------------------------------------------

def b64_decode(text):
    raw = text.encode("utf-8")
    if not raw or any(c not in ALPHABET for c in raw):
        raise malformed("not base64url")
    if len(raw) % 4 == 1:
        raise malformed("impossible length")
    rem = len(raw) % 4
    if rem:
        last = B64_INDEX[raw[-1]]
        unused = 4 if rem == 2 else 2
        if last & ((1 << unused) - 1):
            raise malformed("non-zero trailing bits")
    return base64.urlsafe_b64decode(raw + b"=" * ((4 - rem) % 4))


# --- reading -------------------------------------------------------------------------------

class Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def remaining(self):
        return len(self.data) - self.pos

    def take(self, n):
        if n > self.remaining():
            raise malformed("truncated")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def byte(self):
        return self.take(1)[0]

    def varint(self):
        n = 0
        for i in range(10):
            b = self.byte()
            n |= (b & 0x7F) << (7 * i)
            if not b & 0x80:
                if b == 0 and i > 0:
                    raise malformed("non-minimal varint")
                if n >= 2**64:
                    raise malformed("varint beyond 64 bits")
                return n
        raise malformed("varint beyond 64 bits")


def zigzag_decode(n):
    return (n >> 1) ^ -(n & 1)


def read_len(r, low5):
    if low5 < 31:
        return low5
    n = r.varint()
    if n < 31:
        raise malformed("length not in its shortest form")
    return n


def utf8(b):
    try:
        return b.decode("utf-8", errors="strict")
    except UnicodeDecodeError:
        raise malformed("invalid UTF-8")


def number_json(bits):
    # The vectors' "text" is informative only; comparisons use "bits".
    return {"t": "number", "bits": f"{bits:016x}"}


def read_value(r, depth):
    head = r.byte()
    major, low = head & 0xE0, head & 0x1F
    if major == 0x00:
        if head == 0x00:
            return {"t": "null"}
        if head in (0x01, 0x02):
            return {"t": "bool", "v": head == 0x02}
        if head == 0x03:
            bits = struct.unpack(">Q", r.take(8))[0]
            f = struct.unpack(">d", struct.pack(">Q", bits))[0]
            if math.isnan(f):
                if bits != CANONICAL_NAN:
                    raise malformed("non-canonical NaN")
            elif math.isfinite(f) and f == int(f) and abs(f) <= MAX_SAFE:
                if not (f == 0 and math.copysign(1, f) < 0):
                    raise malformed("safe integer in the float form")
            return number_json(bits)
        if head in (0x04, 0x05):
            n = r.varint()
            # -(2^53 - 1) is the most negative integer form: -1 - n, so n <= 2^53 - 2 there.
            if n > MAX_SAFE - (1 if head == 0x05 else 0):
                raise malformed("integer number beyond 2^53 - 1")
            v = n if head == 0x04 else -1 - n
            return number_json(struct.unpack(">Q", struct.pack(">d", float(v)))[0])
        if head == 0x06:
            return {"t": "bigint", "v": str(r.varint())}
        if head == 0x07:
            n = r.varint()
            if n > 2**63 - 1:
                raise malformed("bigint below -2^63")
            return {"t": "bigint", "v": str(-1 - n)}
        if head == 0x08:
            ms = zigzag_decode(r.varint())
            if abs(ms) > MAX_DATE:
                raise malformed("date out of range")
            return {"t": "date", "ms": str(ms)}
        raise malformed("reserved head byte")
    if major == 0x20:
        return {"t": "string", "v": utf8(r.take(read_len(r, low)))}
    if major == 0x40:
        return {"t": "bytes", "hex": r.take(read_len(r, low)).hex()}
    if major in (0x60, 0x80):
        if depth >= MAX_DEPTH:
            raise malformed("nesting too deep")
        n = read_len(r, low)
        if n > r.remaining():
            raise malformed("truncated")
        if major == 0x60:
            return {"t": "list", "v": [read_value(r, depth + 1) for _ in range(n)]}
        entries, seen = [], set()
        for _ in range(n):
            key = utf8(r.take(r.varint()))
            if key in seen:
                raise malformed("duplicate key")
            seen.add(key)
            entries.append([key, read_value(r, depth + 1)])
        return {"t": "map", "v": entries}
    raise malformed("reserved head byte")


def decode_payload(data):
    v, end = decode_payload_prefix(data)
    if end != len(data):
        raise malformed("trailing bytes")
    return v


def decode_payload_prefix(data):
    r = Reader(data)
    v = read_value(r, 0)
    return v, r.pos


# --- encoding (for re-encoding checks and canonical scopes) --------------------------------

def varint(n):
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def sized(base, n):
    return bytes([base | n]) if n < 31 else bytes([base | 31]) + varint(n)


def encode_value(v, sort_maps):
    t = v["t"]
    if t == "null":
        return b"\x00"
    if t == "bool":
        return b"\x02" if v["v"] else b"\x01"
    if t == "number":
        bits = int(v["bits"], 16)
        f = struct.unpack(">d", struct.pack(">Q", bits))[0]
        neg_zero = f == 0 and math.copysign(1, f) < 0
        if math.isfinite(f) and f == int(f) and abs(f) <= MAX_SAFE and not neg_zero:
            n = int(f)
            return b"\x04" + varint(n) if n >= 0 else b"\x05" + varint(-1 - n)
        if math.isnan(f):
            bits = CANONICAL_NAN
        return b"\x03" + struct.pack(">Q", bits)
    if t == "bigint":
        n = int(v["v"])
        return b"\x06" + varint(n) if n >= 0 else b"\x07" + varint(-1 - n)
    if t == "date":
        ms = int(v["ms"])
        return b"\x08" + varint((ms << 1) ^ (ms >> 63))
    if t == "string":
        b = v["v"].encode("utf-8")
        return sized(0x20, len(b)) + b
    if t == "bytes":
        b = bytes.fromhex(v["hex"])
        return sized(0x40, len(b)) + b
    if t == "list":
        return sized(0x60, len(v["v"])) + b"".join(encode_value(x, sort_maps) for x in v["v"])
    if t == "map":
        entries = v["v"]
        if sort_maps:
            entries = sorted(entries, key=lambda e: e[0].encode("utf-8"))
        out = sized(0x80, len(entries))
        for k, x in entries:
            kb = k.encode("utf-8")
            out += varint(len(kb)) + kb + encode_value(x, sort_maps)
        return out
    raise ValueError(t)


# --- XChaCha20-Poly1305 (RFC 8439 and draft-irtf-cfrg-xchacha), in plain Python ----------
# The standard library has no ChaCha20; this small, slow implementation is enough to open
# the sealed vectors, so they too are checked end to end.

MASK32 = 0xFFFFFFFF


def _rotl(v, n):
    return ((v << n) & MASK32) | (v >> (32 - n))


def _rounds(state):
    x = list(state)
    for _ in range(10):
        for a, b, c, d in ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
                           (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)):
            x[a] = (x[a] + x[b]) & MASK32; x[d] = _rotl(x[d] ^ x[a], 16)
            x[c] = (x[c] + x[d]) & MASK32; x[b] = _rotl(x[b] ^ x[c], 12)
            x[a] = (x[a] + x[b]) & MASK32; x[d] = _rotl(x[d] ^ x[a], 8)
            x[c] = (x[c] + x[d]) & MASK32; x[b] = _rotl(x[b] ^ x[c], 7)
    return x


_SIGMA = struct.unpack("<4I", b"expand 32-byte k")


def _chacha_block(key, counter, nonce12):
    state = list(_SIGMA) + list(struct.unpack("<8I", key)) + [counter] + list(struct.unpack("<3I", nonce12))
    x = _rounds(state)
    return struct.pack("<16I", *((a + b) & MASK32 for a, b in zip(x, state)))


def _hchacha(key, nonce16):
    x = _rounds(list(_SIGMA) + list(struct.unpack("<8I", key)) + list(struct.unpack("<4I", nonce16)))
    return struct.pack("<8I", *(x[0:4] + x[12:16]))


def _chacha_xor(key, nonce12, counter, data):
    out = bytearray()
    for i in range(0, len(data), 64):
        block = _chacha_block(key, counter + i // 64, nonce12)
        out += bytes(a ^ b for a, b in zip(data[i:i + 64], block))
    return bytes(out)


def _poly1305(key, msg):
    r = int.from_bytes(key[:16], "little") & 0x0FFFFFFC0FFFFFFC0FFFFFFC0FFFFFFF
    s_ = int.from_bytes(key[16:], "little")
    p, acc = (1 << 130) - 5, 0
    for i in range(0, len(msg), 16):
        acc = (acc + int.from_bytes(msg[i:i + 16] + b"\x01", "little")) * r % p
    return ((acc + s_) % (1 << 128)).to_bytes(16, "little")


def xchacha20poly1305_open(key, nonce24, aad, sealed):
    """Returns the plaintext, or None when the tag does not verify."""
    subkey = _hchacha(key, nonce24[:16])
    nonce12 = b"\x00" * 4 + nonce24[16:]
    ct, tag = sealed[:-16], sealed[-16:]
    otk = _chacha_block(subkey, 0, nonce12)[:32]
    pad = lambda b: b"\x00" * (-len(b) % 16)
    mac_data = aad + pad(aad) + ct + pad(ct) + struct.pack("<QQ", len(aad), len(ct))
    if not hmac.compare_digest(_poly1305(otk, mac_data), tag):
        return None
    return _chacha_xor(subkey, nonce12, 1, ct)


# --- §4 keys, §5 scope ---------------------------------------------------------------------

def hkdf_sha256(ikm, info, length=32):
    prk = hmac.new(b"\x00" * 32, ikm, hashlib.sha256).digest()
    okm, block = b"", b""
    for i in range((length + 31) // 32):
        block = hmac.new(prk, block + info + bytes([i + 1]), hashlib.sha256).digest()
        okm += block
    return okm[:length]


def subkeys(secret):
    return {
        "mac": hkdf_sha256(secret, b"pagecursor/v1/hmac-sha256"),
        "enc": hkdf_sha256(secret, b"pagecursor/v1/xchacha20poly1305"),
        "scope": hkdf_sha256(secret, b"pagecursor/v1/scope"),
    }


def scope_digest(scope):
    return hashlib.sha256(b"pagecursor/v1/scope\x00" + encode_value(scope, True)).digest()


# --- §7 decoding -----------------------------------------------------------------------------

def decode(token, codec, opts):
    max_length = codec.get("maxLength", 4096)
    if len(token) > max_length:
        raise CursorError("too_large")
    if token == "":
        raise malformed("empty")
    data = b64_decode(token)
    r = Reader(data)
    version = r.byte()
    if version != 1:
        raise CursorError("unsupported_version", str(version))
    flags = r.byte()
    if flags & 0x80:
        raise malformed("reserved flag")
    mode = flags & 0x03
    if mode == 3:
        raise malformed("mode 3")
    padded = bool(flags & 0x40)
    if padded and mode != 2:
        raise malformed("only sealed tokens are padded")
    key_id = None
    if mode in (1, 2):
        n = r.byte()
        if n == 0:
            raise malformed("empty key id")
        key_id = utf8(r.take(n))
    nonce = r.take(24) if mode == 2 else None
    time = None
    if flags & 0x08:
        iat, ttl = r.varint(), r.varint()
        if iat + ttl * 1000 > MAX_DATE:
            raise malformed("expiry out of range")
        time = (iat, ttl)
    segment = None
    if flags & 0x10:
        seg, total = r.varint(), r.varint()
        if seg >= 2**32 or total >= 2**32 or seg >= total:
            raise malformed("bad segment")
        segment = {"segment": seg, "total": total}

    keys = codec.get("keys") or []
    codec_mode = {"plain": 0, "signed": 1, "sealed": 2}[codec.get("mode") or ("signed" if keys else "plain")]
    if codec_mode == 0 and mode != 0:
        raise CursorError("unknown_key", key_id)
    if codec_mode != 0 and mode == 0:
        raise CursorError("bad_signature", "no downgrade")
    if codec_mode != mode:
        raise CursorError("bad_signature", "mode mismatch")
    key = None
    if mode != 0:
        match = [k for k in keys if k["id"] == key_id]
        if not match:
            raise CursorError("unknown_key", key_id)
        key = subkeys(bytes.fromhex(match[0]["secret_hex"]))
    before_check = r.pos
    check = r.take(8) if flags & 0x20 else None
    rest = data[r.pos:]
    if mode == 2:
        if len(rest) < 16:
            raise malformed("truncated tag")
        plaintext = xchacha20poly1305_open(key["enc"], nonce, data[:r.pos], rest)
        if plaintext is None:
            raise CursorError("bad_signature")
        value, end = decode_payload_prefix(plaintext)
        if any(plaintext[end:]) or (end != len(plaintext) and not padded):
            raise malformed("bytes after the value")
        assert encode_value(value, False) == plaintext[:end], "payload is not canonical"
    elif mode == 1:
        if len(rest) < 16:
            raise malformed("truncated tag")
        tag = data[-16:]
        want = hmac.new(key["mac"], data[:-16], hashlib.sha256).digest()[:16]
        if not hmac.compare_digest(tag, want):
            raise CursorError("bad_signature")
        payload = rest[:-16]
    else:
        payload = rest
    if mode != 2:
        value = decode_payload(payload)
        assert encode_value(value, False) == payload, "payload is not canonical"

    scope = opts.get("scope")
    if (scope is None) != (check is None):
        raise CursorError("scope_mismatch")
    if scope is not None:
        d = scope_digest(scope)
        want = d[:8] if mode == 0 else hmac.new(key["scope"], data[:before_check] + d, hashlib.sha256).digest()[:8]
        if not hmac.compare_digest(want, check):
            raise CursorError("scope_mismatch")

    cursor = {"value": value, "direction": "before" if flags & 0x04 else "after"}
    if time:
        iat, ttl = time
        now = int(opts["nowMs"])
        skew = codec.get("clockSkew", 60)
        if iat > now + skew * 1000:
            raise CursorError("expired", "issued in the future")
        if now >= iat + ttl * 1000:
            raise CursorError("expired")
        cursor["issuedAtMs"] = str(iat)
        cursor["expiresAtMs"] = str(iat + ttl * 1000)
    if key_id is not None:
        cursor["keyId"] = key_id
    if segment:
        cursor["segment"] = segment
    return cursor


def same_value(a, b):
    """Typed-JSON equality; numbers compare by bits (the informative "text" is ignored)."""
    if a["t"] != b["t"]:
        return False
    if a["t"] == "number":
        return int(a["bits"], 16) == int(b["bits"], 16)
    if a["t"] == "list":
        return len(a["v"]) == len(b["v"]) and all(same_value(x, y) for x, y in zip(a["v"], b["v"]))
    if a["t"] == "map":
        return len(a["v"]) == len(b["v"]) and all(
            x[0] == y[0] and same_value(x[1], y[1]) for x, y in zip(a["v"], b["v"]))
    return a == b


def same_cursor(got, want):
    return (same_value(got["value"], want["value"])
            and {k: v for k, v in got.items() if k != "value"}
            == {k: v for k, v in want.items() if k != "value"})


def main(paths):
    checked = skipped = 0
    failures = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            vectors = json.load(f)["vectors"]
        for v in vectors:
            name = f"{os.path.basename(path)}: {v['name']}"
            if "token" not in v:
                skipped += 1  # encode-only vector: an encoder's business
                continue
            expect = v["expect"]
            try:
                got = decode(v["token"], v["codec"], v["decode"])
            except CursorError as e:
                if expect.get("error") == e.code:
                    checked += 1
                else:
                    failures.append(f"{name}: got error {e}, wanted {expect}")
                continue
            except AssertionError as e:
                failures.append(f"{name}: {e}")
                continue
            if "cursor" in expect and same_cursor(got, expect["cursor"]):
                checked += 1
            else:
                failures.append(f"{name}: got {got}, wanted {expect}")
    for f in failures:
        print("FAIL", f)
    print(f"independent decoder: {checked} vectors decoded and matched, "
          f"{skipped} encode-only skipped, {len(failures)} failures")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    files = sys.argv[1:] or sorted(glob.glob(os.path.join(here, "vectors", "*.json")))
    sys.exit(main(files))
