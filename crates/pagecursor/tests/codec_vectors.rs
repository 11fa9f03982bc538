//! Test vectors of format v1 (`tests/vectors/*.json`): generated here and checked here.
//!
//! Regenerate with `cargo test --test codec_vectors -- --ignored generate_vectors`; the
//! generator asserts every expected outcome before it writes a file, and `vectors_pass`
//! checks the committed files. The JS tests, the wasm tests and
//! `tests/independent_decoder.py` read the same files.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used)] // tests fail loudly by design

use std::path::Path;

use pagecursor::codec::{
    CodecOptions, CursorCodec, DecodeOptions, EncodeOptions, Key, Mode, Segment,
};
use pagecursor::{Direction, Value};
use serde_json::{json, Map, Value as Json};

const T0: i64 = 1_714_566_896_789;

// ---------------------------------------------------------------------------------------
// Typed JSON encoding of values: wide integers and ms as decimal strings, bytes as hex,
// numbers as IEEE-754 bit patterns (with a readable "v" where JSON can hold it exactly).

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn to_json(v: &Value) -> Json {
    match v {
        Value::Null => json!({"t": "null"}),
        Value::Bool(b) => json!({"t": "bool", "v": b}),
        Value::Float(f) => {
            json!({"t": "number", "bits": format!("{:016x}", f.to_bits()), "text": format!("{f:?}")})
        }
        Value::Int(i) => json!({"t": "bigint", "v": i.to_string()}),
        Value::String(s) => json!({"t": "string", "v": s}),
        Value::Bytes(b) => json!({"t": "bytes", "hex": hex(b)}),
        Value::Date(ms) => json!({"t": "date", "ms": ms.to_string()}),
        Value::List(items) => {
            json!({"t": "list", "v": items.iter().map(to_json).collect::<Vec<_>>()})
        }
        Value::Map(entries) => {
            json!({"t": "map", "v": entries.iter().map(|(k, v)| json!([k, to_json(v)])).collect::<Vec<_>>()})
        }
    }
}

fn from_json(j: &Json) -> Value {
    let s = |k: &str| j[k].as_str().unwrap();
    match s("t") {
        "null" => Value::Null,
        "bool" => Value::Bool(j["v"].as_bool().unwrap()),
        "number" => Value::Float(f64::from_bits(u64::from_str_radix(s("bits"), 16).unwrap())),
        "bigint" => Value::Int(s("v").parse().unwrap()),
        "string" => Value::String(s("v").to_owned()),
        "bytes" => Value::Bytes(unhex(s("hex"))),
        "date" => Value::Date(s("ms").parse().unwrap()),
        "list" => Value::List(j["v"].as_array().unwrap().iter().map(from_json).collect()),
        "map" => Value::Map(
            j["v"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_str().unwrap().to_owned(), from_json(&p[1])))
                .collect(),
        ),
        t => panic!("unknown type {t}"),
    }
}

// ---------------------------------------------------------------------------------------
// Codec and option specs as they appear in the files.

fn k1() -> Json {
    json!({"id": "k1", "secret_hex": hex(&(0u8..32).collect::<Vec<_>>())})
}
fn k0() -> Json {
    json!({"id": "k0", "secret_hex": hex(b"an older secret, rotated out....")})
}

fn codec_from(spec: &Json) -> CursorCodec {
    let keys = spec["keys"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|k| {
                    Key::new(
                        k["id"].as_str().unwrap(),
                        unhex(k["secret_hex"].as_str().unwrap()),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let mode = spec["mode"].as_str().map(|m| match m {
        "plain" => Mode::Plain,
        "signed" => Mode::Signed,
        "sealed" => Mode::Sealed,
        _ => panic!("mode {m}"),
    });
    let mut opts = CodecOptions {
        keys,
        mode,
        ..Default::default()
    };
    if let Some(ttl) = spec["ttl"].as_u64() {
        opts.ttl = Some(ttl);
    }
    if let Some(max) = spec["maxLength"].as_u64() {
        opts.max_length = max as usize;
    }
    if let Some(pad) = spec["padding"].as_u64() {
        opts.padding = Some(pad as usize);
    }
    CursorCodec::new(opts).unwrap()
}

fn encode_options(spec: &Json) -> EncodeOptions {
    let mut o = EncodeOptions::default();
    if spec["direction"] == "before" {
        o.direction = Direction::Before;
    }
    if !spec["scope"].is_null() {
        o.scope = Some(from_json(&spec["scope"]));
    }
    if let Some(seg) = spec["segment"].as_object() {
        o.segment = Some(Segment {
            segment: seg["segment"].as_u64().unwrap() as u32,
            total: seg["total"].as_u64().unwrap() as u32,
        });
    }
    o.ttl = spec["ttl"].as_u64();
    o.now_ms = spec["nowMs"].as_str().map(|s| s.parse().unwrap());
    if let Some(n) = spec["nonce_hex"].as_str() {
        o.nonce_for_test_vectors = Some(unhex(n).try_into().unwrap());
    }
    o
}

fn decode_options(spec: &Json) -> DecodeOptions {
    DecodeOptions {
        scope: (!spec["scope"].is_null()).then(|| from_json(&spec["scope"])),
        now_ms: Some(spec["nowMs"].as_str().unwrap().parse().unwrap()),
    }
}

fn cursor_json(c: &pagecursor::Cursor) -> Json {
    let mut m = Map::new();
    m.insert("value".into(), to_json(&c.value));
    m.insert("direction".into(), c.direction.as_str().into());
    if let Some(t) = c.issued_at {
        m.insert("issuedAtMs".into(), t.to_string().into());
    }
    if let Some(t) = c.expires_at {
        m.insert("expiresAtMs".into(), t.to_string().into());
    }
    if let Some(k) = &c.key_id {
        m.insert("keyId".into(), k.clone().into());
    }
    if let Some(s) = c.segment {
        m.insert(
            "segment".into(),
            json!({"segment": s.segment, "total": s.total}),
        );
    }
    Json::Object(m)
}

/// Runs one vector: decode (and for positive vectors with an encode spec, re-encode).
fn check(v: &Json) -> Result<(), String> {
    let name = v["name"].as_str().unwrap_or("?");
    let codec = codec_from(&v["codec"]);
    if let Some(code) = v["expect"]["encodeError"].as_str() {
        let err = codec
            .encode(&from_json(&v["value"]), &encode_options(&v["encode"]))
            .err()
            .ok_or(format!("{name}: encode succeeded"))?;
        return (err.code() == code)
            .then_some(())
            .ok_or(format!("{name}: encode gave {} not {code}", err.code()));
    }
    let token = v["token"].as_str().unwrap();
    let got = codec.decode(token, &decode_options(&v["decode"]));
    match (&v["expect"]["error"], got) {
        (Json::String(code), Err(e)) if e.code() == code => Ok(()),
        (Json::String(code), other) => Err(format!("{name}: wanted {code}, got {other:?}")),
        (_, Err(e)) => Err(format!("{name}: unexpected error {e}")),
        (_, Ok(cursor)) => {
            if cursor_json(&cursor) != v["expect"]["cursor"] {
                return Err(format!("{name}: cursor differs: {}", cursor_json(&cursor)));
            }
            if v["encode"].is_object() {
                let minter = if v["mintCodec"].is_object() {
                    codec_from(&v["mintCodec"])
                } else {
                    codec
                };
                let again = minter
                    .encode(&from_json(&v["value"]), &encode_options(&v["encode"]))
                    .map_err(|e| format!("{name}: re-encode failed: {e}"))?;
                if again != token {
                    return Err(format!("{name}: re-encoded to {again}"));
                }
            }
            Ok(())
        }
    }
}

#[test]
fn vectors_pass() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors");
    let mut count = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let file: Json = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for v in file["vectors"].as_array().unwrap() {
            count += 1;
            if let Err(e) = check(v) {
                failures.push(e);
            }
        }
    }
    assert!(count >= 60, "only {count} vectors");
    assert!(failures.is_empty(), "{failures:#?}");
}

// ---------------------------------------------------------------------------------------
// The generator.

struct Gen {
    vectors: Vec<Json>,
}

fn now_json(ms: i64) -> Json {
    ms.to_string().into()
}

impl Gen {
    /// Mints a token from `codec`/`encode`, then decodes it under `codec2`/`decode`; the
    /// outcome must be `expect` (None: success).
    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        name: &str,
        codec: Json,
        value: &Value,
        encode: Json,
        decode_codec: Option<Json>,
        decode: Json,
        expect: Option<&str>,
    ) -> String {
        let token = codec_from(&codec)
            .encode(value, &encode_options(&encode))
            .unwrap();
        let dcodec = decode_codec.clone().unwrap_or(codec.clone());
        self.add_token(name, dcodec, Some((value, encode)), &token, decode, expect);
        if decode_codec.is_some() {
            if let Some(last) = self.vectors.last_mut() {
                last["mintCodec"] = codec;
            }
        }
        token
    }

    fn add_token(
        &mut self,
        name: &str,
        codec: Json,
        minted: Option<(&Value, Json)>,
        token: &str,
        decode: Json,
        expect: Option<&str>,
    ) {
        let got = codec_from(&codec).decode(token, &decode_options(&decode));
        let mut v = json!({"name": name, "codec": codec, "token": token, "decode": decode});
        match (expect, got) {
            (None, Ok(cursor)) => {
                v["expect"] = json!({"cursor": cursor_json(&cursor)});
                if let Some((value, encode)) = minted {
                    assert_eq!(&cursor.value, value, "{name}");
                    v["value"] = to_json(value);
                    v["encode"] = encode;
                }
            }
            (Some(code), Err(e)) => {
                assert_eq!(e.code(), code, "{name}: {e}");
                v["expect"] = json!({"error": code});
            }
            (want, got) => panic!("{name}: wanted {want:?}, got {got:?}"),
        }
        self.vectors.push(v);
    }

    fn write(self, file: &str, description: &str) {
        let out =
            json!({"format": "pagecursor v1", "description": description, "vectors": self.vectors});
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/vectors")
            .join(file);
        std::fs::write(path, serde_json::to_string_pretty(&out).unwrap() + "\n").unwrap();
    }
}

fn gen() -> Gen {
    Gen {
        vectors: Vec::new(),
    }
}

fn plain() -> Json {
    json!({"mode": "plain"})
}
fn signed() -> Json {
    json!({"mode": "signed", "keys": [k1(), k0()]})
}
fn sealed() -> Json {
    json!({"mode": "sealed", "keys": [k1(), k0()]})
}
fn enc_at(ms: i64) -> Json {
    json!({"nowMs": now_json(ms)})
}
fn dec_at(ms: i64) -> Json {
    json!({"nowMs": now_json(ms)})
}
fn nonce(n: u8) -> String {
    hex(&[n; 24])
}

fn keyset_number() -> Value {
    Value::map([
        ("createdAt", Value::Date(T0)),
        ("id", Value::Float(123_456_789.0)),
    ])
}
fn keyset_bigint() -> Value {
    Value::map([
        ("createdAt", Value::Date(T0)),
        ("id", Value::Int(123_456_789)),
    ])
}
fn lek() -> Value {
    Value::map([
        ("pk", Value::map([("S", Value::from("USER#123"))])),
        (
            "sk",
            Value::map([("S", Value::from("ORDER#2024-05-01#0001"))]),
        ),
    ])
}
fn lek_typed() -> Value {
    Value::map([
        ("PK", Value::map([("S", Value::from("TENANT#9"))])),
        ("amount", Value::map([("N", Value::from("12.5000"))])),
        (
            "blob",
            Value::map([("B", Value::Bytes(vec![0, 1, 254, 255]))]),
        ),
    ])
}
fn lek_lib() -> Value {
    Value::map([
        ("pk", Value::from("USER#123")),
        ("n", Value::Float(12.5)),
        ("big", Value::Int(12_345_678_901_234_567_890)),
        ("set", Value::List(vec![Value::from("a"), Value::from("b")])),
        ("bin", Value::Bytes(vec![9, 8, 7])),
    ])
}
fn scalars() -> Vec<(&'static str, Value)> {
    vec![
        ("null", Value::Null),
        ("true", Value::Bool(true)),
        ("false", Value::Bool(false)),
        ("number zero", Value::Float(0.0)),
        ("number minus zero", Value::Float(-0.0)),
        ("number NaN", Value::Float(f64::NAN)),
        ("number infinity", Value::Float(f64::INFINITY)),
        ("number minus infinity", Value::Float(f64::NEG_INFINITY)),
        ("number 2^53-1", Value::Float(9_007_199_254_740_991.0)),
        ("number -(2^53-1)", Value::Float(-9_007_199_254_740_991.0)),
        ("number 2^53", Value::Float(9_007_199_254_740_992.0)),
        ("number 1e21", Value::Float(1e21)),
        ("number 0.1", Value::Float(0.1)),
        ("number smallest subnormal", Value::Float(5e-324)),
        ("bigint 0", Value::Int(0)),
        ("bigint 1", Value::Int(1)),
        ("bigint -1", Value::Int(-1)),
        ("bigint -2^63", Value::Int(i64::MIN.into())),
        ("bigint 2^64-1", Value::Int(u64::MAX.into())),
        ("bigint 2^53+1", Value::Int(9_007_199_254_740_993)),
        ("string empty", Value::from("")),
        (
            "string unicode",
            Value::from("Zoë Ångström 🦀 e\u{301} \u{0} \u{ffff} \u{10ffff}"),
        ),
        ("string 31 bytes", Value::from("x".repeat(31))),
        ("bytes", Value::Bytes(vec![0, 1, 127, 128, 255])),
        ("bytes empty", Value::Bytes(vec![])),
        ("date epoch", Value::Date(0)),
        ("date before epoch", Value::Date(-1)),
        ("date max", Value::Date(8_640_000_000_000_000)),
        ("date min", Value::Date(-8_640_000_000_000_000)),
        (
            "list nested",
            Value::List(vec![
                Value::List(vec![]),
                Value::map::<&str>([]),
                Value::Null,
            ]),
        ),
        (
            "map key order kept",
            Value::map([
                ("z", Value::Int(1)),
                ("a", Value::Int(2)),
                ("m", Value::Null),
            ]),
        ),
        (
            "map __proto__ key",
            Value::map([("__proto__", Value::Int(1))]),
        ),
    ]
}

fn raw_token(bytes: &[u8]) -> String {
    base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, bytes)
}

fn raw_bytes(token: &str) -> Vec<u8> {
    base64::Engine::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, token).unwrap()
}

fn change(token: &str, i: usize) -> String {
    let mut b = token.as_bytes().to_vec();
    b[i] = if b[i] == b'A' { b'B' } else { b'A' };
    String::from_utf8(b).unwrap()
}

#[test]
#[ignore = "writes tests/vectors; run explicitly to regenerate"]
fn generate_vectors() {
    let at = dec_at(T0);

    // plain
    let mut g = gen();
    g.add(
        "keyset date+number",
        plain(),
        &keyset_number(),
        json!({}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "keyset date+bigint",
        plain(),
        &keyset_bigint(),
        json!({}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "dynamodb LastEvaluatedKey (AWS SDK attribute values)",
        plain(),
        &lek(),
        json!({}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "dynamodb attribute values S, N, B",
        plain(),
        &lek_typed(),
        json!({}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "lib-dynamodb plain values",
        plain(),
        &lek_lib(),
        json!({}),
        None,
        at.clone(),
        None,
    );
    for (name, v) in scalars() {
        g.add(name, plain(), &v, json!({}), None, at.clone(), None);
    }
    g.add(
        "direction before",
        plain(),
        &keyset_number(),
        json!({"direction": "before"}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "segment 3 of 8",
        plain(),
        &lek(),
        json!({"segment": {"segment": 3, "total": 8}}),
        None,
        at.clone(),
        None,
    );
    let scope = to_json(&Value::map([
        ("tenant", Value::from("t-1")),
        ("sort", Value::from("createdAt")),
    ]));
    g.add(
        "scope digest travels",
        plain(),
        &keyset_number(),
        json!({"scope": scope}),
        None,
        json!({"nowMs": now_json(T0), "scope": scope}),
        None,
    );
    g.add(
        "ttl 3600 at fixed clock",
        plain(),
        &keyset_number(),
        json!({"ttl": 3600, "nowMs": now_json(T0)}),
        None,
        dec_at(T0 + 1000),
        None,
    );
    g.write("plain.json", "plain mode: readable, unprotected tokens");

    // signed
    let mut g = gen();
    g.add(
        "keyset date+number",
        signed(),
        &keyset_number(),
        json!({}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "keyset date+bigint",
        signed(),
        &keyset_bigint(),
        json!({}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "dynamodb LastEvaluatedKey",
        signed(),
        &lek(),
        json!({}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "dynamodb attribute values S, N, B",
        signed(),
        &lek_typed(),
        json!({}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "every scalar",
        signed(),
        &Value::List(scalars().into_iter().map(|(_, v)| v).collect()),
        json!({}),
        None,
        at.clone(),
        None,
    );
    g.add("scoped, before, segment, ttl", signed(), &keyset_number(),
        json!({"scope": scope, "direction": "before", "segment": {"segment": 0, "total": 2}, "ttl": 600, "nowMs": now_json(T0)}),
        None, json!({"nowMs": now_json(T0 + 599_999), "scope": scope}), None);
    g.add(
        "codec ttl",
        json!({"mode": "signed", "keys": [k1()], "ttl": 60}),
        &keyset_number(),
        enc_at(T0),
        None,
        dec_at(T0),
        None,
    );
    g.write(
        "signed.json",
        "signed mode: HMAC-SHA256/128 over the token bytes",
    );

    // sealed
    let mut g = gen();
    g.add(
        "keyset date+number",
        sealed(),
        &keyset_number(),
        json!({"nonce_hex": nonce(7)}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "dynamodb LastEvaluatedKey",
        sealed(),
        &lek(),
        json!({"nonce_hex": nonce(8)}),
        None,
        at.clone(),
        None,
    );
    g.add("scoped, before, segment, ttl", sealed(), &lek_typed(),
        json!({"nonce_hex": nonce(9), "scope": scope, "direction": "before", "segment": {"segment": 1, "total": 4}, "ttl": 60, "nowMs": now_json(T0)}),
        None, json!({"nowMs": now_json(T0), "scope": scope}), None);
    g.add(
        "every scalar",
        sealed(),
        &Value::List(scalars().into_iter().map(|(_, v)| v).collect()),
        json!({"nonce_hex": nonce(10)}),
        None,
        at.clone(),
        None,
    );
    let padded = json!({"mode": "sealed", "keys": [k1()], "padding": 32});
    g.add(
        "padded to 32 bytes",
        padded.clone(),
        &keyset_number(),
        json!({"nonce_hex": nonce(11)}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "padded, 33 bytes become 64",
        padded,
        &Value::from("y".repeat(31)),
        json!({"nonce_hex": nonce(12)}),
        None,
        at.clone(),
        None,
    );
    g.write(
        "sealed.json",
        "sealed mode: XChaCha20-Poly1305 with fixed nonces",
    );

    // rotated
    let mut g = gen();
    let old = json!({"mode": "signed", "keys": [k0()]});
    let rotated = json!({"mode": "signed", "keys": [k1(), k0()]});
    let retired = json!({"mode": "signed", "keys": [k1()]});
    g.add(
        "minted by the old key, verified after rotation",
        old.clone(),
        &keyset_number(),
        json!({}),
        Some(rotated.clone()),
        at.clone(),
        None,
    );
    g.add(
        "old key retired",
        old,
        &keyset_number(),
        json!({}),
        Some(retired.clone()),
        at.clone(),
        Some("unknown_key"),
    );
    g.add(
        "sealed by the old key, opened after rotation",
        json!({"mode": "sealed", "keys": [k0()]}),
        &lek(),
        json!({"nonce_hex": nonce(1)}),
        Some(json!({"mode": "sealed", "keys": [k1(), k0()]})),
        at.clone(),
        None,
    );
    g.add(
        "signed token at a plain codec",
        retired.clone(),
        &keyset_number(),
        json!({}),
        Some(plain()),
        at.clone(),
        Some("unknown_key"),
    );
    g.write(
        "rotated.json",
        "key rotation: the first key mints, every key verifies",
    );

    // expired
    let mut g = gen();
    let c = json!({"mode": "signed", "keys": [k1()]});
    let e = json!({"ttl": 60, "nowMs": now_json(T0)});
    g.add(
        "one ms before expiry",
        c.clone(),
        &keyset_number(),
        e.clone(),
        None,
        dec_at(T0 + 59_999),
        None,
    );
    g.add(
        "exactly at expiry",
        c.clone(),
        &keyset_number(),
        e.clone(),
        None,
        dec_at(T0 + 60_000),
        Some("expired"),
    );
    g.add(
        "long after expiry",
        c.clone(),
        &keyset_number(),
        e.clone(),
        None,
        dec_at(T0 + 86_400_000),
        Some("expired"),
    );
    g.add(
        "issued 60 s in the future (skew allowance)",
        c.clone(),
        &keyset_number(),
        e.clone(),
        None,
        dec_at(T0 - 60_000),
        None,
    );
    g.add(
        "issued beyond the skew allowance",
        c.clone(),
        &keyset_number(),
        e.clone(),
        None,
        dec_at(T0 - 60_001),
        Some("expired"),
    );
    g.add(
        "plain token expired",
        plain(),
        &keyset_number(),
        e.clone(),
        None,
        dec_at(T0 + 60_000),
        Some("expired"),
    );
    g.add(
        "sealed token expired",
        sealed(),
        &keyset_number(),
        json!({"ttl": 1, "nowMs": now_json(T0), "nonce_hex": nonce(2)}),
        None,
        dec_at(T0 + 1000),
        Some("expired"),
    );
    g.add(
        "ttl 0 is expired at once",
        c.clone(),
        &keyset_number(),
        json!({"ttl": 0, "nowMs": now_json(T0)}),
        None,
        dec_at(T0),
        Some("expired"),
    );
    g.write("expired.json", "expiry at fixed clocks: expired once now >= issuedAt + ttl; 60 s skew for future issued-at");

    // scope
    let mut g = gen();
    let other = to_json(&Value::map([
        ("tenant", Value::from("t-2")),
        ("sort", Value::from("createdAt")),
    ]));
    let reordered = to_json(&Value::map([
        ("sort", Value::from("createdAt")),
        ("tenant", Value::from("t-1")),
    ]));
    for (mode, c) in [
        ("plain", plain()),
        ("signed", signed()),
        ("sealed", sealed()),
    ] {
        let mut e = json!({"scope": scope});
        if mode == "sealed" {
            e["nonce_hex"] = nonce(3).into();
        }
        g.add(
            &format!("{mode}: other scope"),
            c.clone(),
            &keyset_number(),
            e.clone(),
            None,
            json!({"nowMs": now_json(T0), "scope": other}),
            Some("scope_mismatch"),
        );
        g.add(
            &format!("{mode}: no scope at decode"),
            c.clone(),
            &keyset_number(),
            e.clone(),
            None,
            at.clone(),
            Some("scope_mismatch"),
        );
        g.add(
            &format!("{mode}: map order of the scope ignored"),
            c.clone(),
            &keyset_number(),
            e.clone(),
            None,
            json!({"nowMs": now_json(T0), "scope": reordered}),
            None,
        );
        let mut e2 = json!({});
        if mode == "sealed" {
            e2["nonce_hex"] = nonce(4).into();
        }
        g.add(
            &format!("{mode}: scope at decode only"),
            c.clone(),
            &keyset_number(),
            e2,
            None,
            json!({"nowMs": now_json(T0), "scope": scope}),
            Some("scope_mismatch"),
        );
        g.add(
            &format!("{mode}: null is a scope too"),
            c.clone(),
            &keyset_number(),
            e.clone(),
            None,
            json!({"nowMs": now_json(T0), "scope": to_json(&Value::Null)}),
            Some("scope_mismatch"),
        );
    }
    g.write("scope.json", "scope binding in every mode");

    // tampered
    let mut g = gen();
    for (mode, c, e) in [
        (
            "signed",
            signed(),
            json!({"scope": scope, "ttl": 60, "nowMs": now_json(T0)}),
        ),
        (
            "sealed",
            sealed(),
            json!({"scope": scope, "ttl": 60, "nowMs": now_json(T0), "nonce_hex": nonce(5)}),
        ),
    ] {
        let token = codec_from(&c)
            .encode(&keyset_number(), &encode_options(&e))
            .unwrap();
        let d = json!({"nowMs": now_json(T0), "scope": scope});
        g.add_token(
            &format!("{mode}: untouched"),
            c.clone(),
            Some((&keyset_number(), e.clone())),
            &token,
            d.clone(),
            None,
        );
        for i in 0..token.len() {
            let t = change(&token, i);
            let got = codec_from(&c).decode(&t, &decode_options(&d)).unwrap_err();
            assert!([
                "bad_signature",
                "malformed",
                "unsupported_version",
                "unknown_key"
            ]
            .contains(&got.code()));
            g.add_token(
                &format!("{mode}: character {i} changed"),
                c.clone(),
                None,
                &t,
                d.clone(),
                Some(got.code()),
            );
        }
    }
    let p = codec_from(&plain())
        .encode(&keyset_number(), &EncodeOptions::default())
        .unwrap();
    g.add_token(
        "plain token at a signing codec (no downgrade)",
        signed(),
        None,
        &p,
        at.clone(),
        Some("bad_signature"),
    );
    g.add_token(
        "plain token at a sealing codec (no downgrade)",
        sealed(),
        None,
        &p,
        at.clone(),
        Some("bad_signature"),
    );
    let s = codec_from(&signed())
        .encode(&keyset_number(), &EncodeOptions::default())
        .unwrap();
    g.add_token(
        "signed token at a sealing codec",
        sealed(),
        None,
        &s,
        at.clone(),
        Some("bad_signature"),
    );
    let mut raw = raw_bytes(&s);
    raw[1] = 0; // mode flipped to plain
    g.add_token(
        "signed token relabelled plain",
        signed(),
        None,
        &raw_token(&raw),
        at.clone(),
        Some("bad_signature"),
    );
    let mut raw = raw_bytes(&s);
    raw[1] = 2; // mode flipped to sealed
    g.add_token(
        "signed token relabelled sealed",
        signed(),
        None,
        &raw_token(&raw),
        at.clone(),
        Some("bad_signature"),
    );
    g.write(
        "tampered.json",
        "single-character changes and mode confusion",
    );

    // truncated
    let mut g = gen();
    for (mode, c, e) in [
        ("plain", plain(), json!({})),
        ("signed", signed(), json!({})),
        ("sealed", sealed(), json!({"nonce_hex": nonce(6)})),
    ] {
        let token = codec_from(&c)
            .encode(&keyset_number(), &encode_options(&e))
            .unwrap();
        let raw = raw_bytes(&token);
        for n in [0, 1, 2, 3, 5, raw.len() / 2, raw.len() - 16, raw.len() - 1] {
            let t = raw_token(&raw[..n]);
            let got = codec_from(&c).decode(&t, &decode_options(&at));
            let code = got.map(|_| "ok").unwrap_or_else(|e| e.code());
            assert!(
                ["malformed", "bad_signature"].contains(&code),
                "{mode} {n}: {code}"
            );
            g.add_token(
                &format!("{mode}: first {n} of {} bytes", raw.len()),
                c.clone(),
                None,
                &t,
                at.clone(),
                Some(code),
            );
        }
    }
    g.write("truncated.json", "tokens cut short");

    // bom: a leading U+FEFF is text like any other (a decoder that strips it, as TextDecoder
    // does by default, maps two tokens to one value and loses map entries)
    let mut g = gen();
    let bom_value = Value::from("\u{FEFF}abc");
    let bom_map = Value::map([
        ("\u{FEFF}k", Value::from(1.0)),
        ("k", Value::from(2.0)),
        ("v", Value::from("\u{FEFF}")),
    ]);
    let bom_key = json!({"id": "\u{FEFF}k1", "secret_hex": hex(&(0u8..32).collect::<Vec<_>>())});
    for (mode, codec, n) in [
        ("plain", plain(), 0u8),
        ("signed", signed(), 0),
        ("sealed", sealed(), 11),
    ] {
        let enc = |k: u8| {
            if n == 0 {
                json!({})
            } else {
                json!({"nonce_hex": nonce(n + k)})
            }
        };
        g.add(
            &format!("{mode}: value with a leading BOM"),
            codec.clone(),
            &bom_value,
            enc(0),
            None,
            at.clone(),
            None,
        );
        g.add(
            &format!("{mode}: map key with a leading BOM beside the same key without"),
            codec.clone(),
            &bom_map,
            enc(1),
            None,
            at.clone(),
            None,
        );
    }
    g.add(
        "signed: key id with a leading BOM",
        json!({"mode": "signed", "keys": [bom_key.clone()]}),
        &bom_value,
        json!({}),
        None,
        at.clone(),
        None,
    );
    g.add(
        "sealed: key id with a leading BOM",
        json!({"mode": "sealed", "keys": [bom_key]}),
        &bom_map,
        json!({"nonce_hex": nonce(14)}),
        None,
        at.clone(),
        None,
    );
    g.write(
        "bom.json",
        "a leading U+FEFF in values, map keys and key ids is kept in every mode",
    );

    // malformed
    let mut g = gen();
    let good = codec_from(&plain())
        .encode(&Value::Int(1), &EncodeOptions::default())
        .unwrap();
    let mut cases: Vec<(String, String, &str)> = vec![
        ("empty".into(), "".into(), "malformed"),
        ("padding".into(), format!("{good}="), "malformed"),
        ("plus".into(), "AQA+".into(), "malformed"),
        ("slash".into(), "AQA/".into(), "malformed"),
        ("space".into(), format!(" {good}"), "malformed"),
        ("newline".into(), format!("{good}\n"), "malformed"),
        ("dot".into(), "AQA.".into(), "malformed"),
        ("impossible length".into(), "AQAAA".into(), "malformed"),
        (
            "non-canonical trailing bits".into(),
            "AQAGAR".into(),
            "malformed",
        ),
        (
            "version 0".into(),
            raw_token(&[0, 0, 0]),
            "unsupported_version",
        ),
        (
            "version 2".into(),
            raw_token(&[2, 0, 0]),
            "unsupported_version",
        ),
        ("version only".into(), raw_token(&[1]), "malformed"),
        (
            "reserved flag bit".into(),
            raw_token(&[1, 0x80, 0]),
            "malformed",
        ),
        (
            "padding flag on a plain token".into(),
            raw_token(&[1, 0x40, 0]),
            "malformed",
        ),
        (
            "padding flag on a signed token".into(),
            raw_token(&[1, 0x41, 2, b'k', b'1', 0]),
            "malformed",
        ),
        ("mode 3".into(), raw_token(&[1, 3, 0]), "malformed"),
        ("no value".into(), raw_token(&[1, 0]), "malformed"),
        (
            "trailing byte".into(),
            raw_token(&[1, 0, 0, 0]),
            "malformed",
        ),
        (
            "unknown value type".into(),
            raw_token(&[1, 0, 0x09]),
            "malformed",
        ),
        (
            "unknown major type".into(),
            raw_token(&[1, 0, 0xa0]),
            "malformed",
        ),
        (
            "non-minimal varint".into(),
            raw_token(&[1, 0, 0x06, 0x81, 0x00]),
            "malformed",
        ),
        (
            "safe integer in float form".into(),
            raw_token(&[1, 0, 0x03, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0]),
            "malformed",
        ),
        (
            "NaN with payload".into(),
            raw_token(&[1, 0, 0x03, 0x7f, 0xf8, 0, 0, 0, 0, 0, 1]),
            "malformed",
        ),
        (
            "integer number beyond 2^53-1".into(),
            raw_token(&[1, 0, 0x04, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10]),
            "malformed",
        ),
        (
            "bigint below -2^63".into(),
            raw_token(&[
                1, 0, 0x07, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01,
            ]),
            "malformed",
        ),
        (
            "varint over 64 bits".into(),
            raw_token(&[
                1, 0, 0x06, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02,
            ]),
            "malformed",
        ),
        (
            "date beyond JS range".into(),
            raw_token(&[
                1, 0, 0x08, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x9f, 0x01,
            ]),
            "malformed",
        ),
        (
            "short string in long form".into(),
            raw_token(&[1, 0, 0x3f, 0x01, b'a']),
            "malformed",
        ),
        (
            "invalid UTF-8".into(),
            raw_token(&[1, 0, 0x22, 0xc3, 0x28]),
            "malformed",
        ),
        (
            "lone surrogate as UTF-8 (CESU)".into(),
            raw_token(&[1, 0, 0x23, 0xed, 0xa0, 0x80]),
            "malformed",
        ),
        (
            "duplicate map key".into(),
            raw_token(&[1, 0, 0x82, 1, b'a', 0, 1, b'a', 0]),
            "malformed",
        ),
        (
            "string longer than the token".into(),
            raw_token(&[1, 0, 0x3f, 0xff, 0xff, 0xff, 0xff, 0x0f]),
            "malformed",
        ),
        (
            "list count beyond the token".into(),
            raw_token(&[1, 0, 0x7f, 0xff, 0xff, 0xff, 0xff, 0x0f]),
            "malformed",
        ),
        (
            "segment not below total".into(),
            raw_token(&[1, 0x10, 2, 2, 0]),
            "malformed",
        ),
        (
            "scope check cut short".into(),
            raw_token(&[1, 0x20, 0, 0]),
            "malformed",
        ),
    ];
    let mut deep = vec![1u8, 0];
    deep.extend(std::iter::repeat_n(0x61u8, 65));
    deep.push(0);
    cases.push(("nesting 65 deep".into(), raw_token(&deep), "malformed"));
    for (name, token, code) in cases {
        g.add_token(&name, plain(), None, &token, at.clone(), Some(code));
    }
    g.add_token(
        "signed: empty key id",
        signed(),
        None,
        &raw_token(&[1, 1, 0, 0]),
        at.clone(),
        Some("malformed"),
    );
    g.add_token(
        "signed: tag cut short",
        signed(),
        None,
        &raw_token(&[1, 1, 2, b'k', b'1', 0, 1, 2]),
        at.clone(),
        Some("malformed"),
    );
    g.write("malformed.json", "inputs that are not format v1 tokens");

    // oversized
    let mut g = gen();
    let small = json!({"mode": "plain", "maxLength": 16});
    g.add_token(
        "17 characters at maxLength 16",
        small.clone(),
        None,
        &"A".repeat(17),
        at.clone(),
        Some("too_large"),
    );
    g.add_token(
        "garbage beyond the limit is too_large before base64",
        small.clone(),
        None,
        &"!".repeat(17),
        at.clone(),
        Some("too_large"),
    );
    g.add_token(
        "4097 characters at the default",
        plain(),
        None,
        &"A".repeat(4097),
        at.clone(),
        Some("too_large"),
    );
    let sixteen = codec_from(&plain())
        .encode(&Value::from("012345678"), &EncodeOptions::default())
        .unwrap();
    assert_eq!(sixteen.len(), 16);
    g.add_token(
        "exactly maxLength",
        small.clone(),
        None,
        &sixteen,
        at.clone(),
        None,
    );
    let big = Value::from("x".repeat(20));
    assert_eq!(
        codec_from(&small)
            .encode(&big, &EncodeOptions::default())
            .unwrap_err()
            .code(),
        "too_large"
    );
    g.vectors.push(json!({"name": "encode refuses to mint beyond maxLength", "codec": small, "value": to_json(&big), "encode": {}, "expect": {"encodeError": "too_large"}}));
    let huge = Value::map([
        ("pk", Value::map([("S", Value::from("p".repeat(2048)))])),
        ("sk", Value::map([("S", Value::from("s".repeat(1024)))])),
        ("gpk", Value::map([("S", Value::from("g".repeat(2048)))])),
    ]);
    g.vectors.push(json!({"name": "a maximal DynamoDB GSI key exceeds the default limit", "codec": signed(), "value": to_json(&huge), "encode": {}, "expect": {"encodeError": "too_large"}}));
    g.write(
        "oversized.json",
        "maxLength at decode (before any decoding) and at encode",
    );
}
