//! Fixtures shared by the fuzz targets and their seed generator: fixed keys, a fixed clock,
//! the scopes the targets decode with, and the "accepted tokens are canonical" check.
//!
//! Every fixture is deterministic so that a crashing input replays exactly.

use std::sync::Arc;

use base64::Engine as _;
use pagecursor::codec::{
    CodecOptions, Cursor, CursorCodec, DecodeOptions, EncodeOptions, Key, Mode, NONCE_LEN,
};
use pagecursor::Value;

/// The clock of every codec here (2024-05-01T12:34:56.789Z).
pub const NOW: i64 = 1_714_566_896_789;

/// The current key (mints) and the retired key (still verifies).
pub fn keys() -> Vec<Key> {
    vec![
        Key::new("k1", b"fuzzing secret, current"),
        Key::new("k0", b"fuzzing secret, retired"),
    ]
}

/// A codec of `mode` holding `keys`, with the fixed clock.
pub fn codec(mode: Mode, keys: Vec<Key>) -> CursorCodec {
    CursorCodec::new(CodecOptions {
        keys,
        mode: Some(mode),
        clock: Some(Arc::new(|| NOW)),
        ..Default::default()
    })
    .expect("the fixture options are valid")
}

/// The three decoding codecs: plain, signed and sealed (the signed and sealed ones hold the
/// current and the retired key).
pub fn codecs() -> [CursorCodec; 3] {
    [
        codec(Mode::Plain, vec![]),
        codec(Mode::Signed, keys()),
        codec(Mode::Sealed, keys()),
    ]
}

/// The scope selected by the low two bits of `sel`: none, `null`, a string or a map.
pub fn scope(sel: u8) -> Option<Value> {
    match sel & 3 {
        0 => None,
        1 => Some(Value::Null),
        2 => Some(Value::from("tenant-1")),
        _ => Some(Value::map([
            ("tenant", Value::from("t-1")),
            ("sort", Value::from("createdAt")),
        ])),
    }
}

/// Asserts that a token `codec` accepted is the one it would mint for the decoded cursor:
/// the format is canonical, so a second spelling of an accepted token is a bug (it would let
/// tokens be altered without detection). Sealed tokens are re-minted with the token's own
/// nonce; padded ones are skipped (the fixtures never pad).
pub fn assert_remints(codec: &CursorCodec, token: &str, cursor: &Cursor, scope: Option<Value>) {
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(token)
        .expect("an accepted token is base64url");
    let mut nonce = None;
    if codec.mode() == Mode::Sealed {
        if bytes[1] & 0x40 != 0 {
            return;
        }
        // version, flags, key id length, key id, nonce.
        let start = 3 + usize::from(bytes[2]);
        let mut n = [0u8; NONCE_LEN];
        n.copy_from_slice(&bytes[start..start + NONCE_LEN]);
        nonce = Some(n);
    }
    // Re-mint with the key that minted the token (the first key of a codec mints).
    let minting = match &cursor.key_id {
        Some(id) => {
            let key = keys()
                .into_iter()
                .find(|k| &k.id == id)
                .expect("an accepted token names a held key");
            self::codec(codec.mode(), vec![key])
        }
        None => codec.clone(),
    };
    let ttl = match (cursor.issued_at, cursor.expires_at) {
        (Some(i), Some(e)) => {
            assert_eq!((e - i) % 1000, 0, "expiry is issued-at plus whole seconds");
            Some(((e - i) / 1000) as u64)
        }
        (None, None) => None,
        other => panic!("issuedAt and expiresAt come together: {other:?}"),
    };
    let again = minting
        .encode(
            &cursor.value,
            &EncodeOptions {
                direction: cursor.direction,
                scope,
                segment: cursor.segment,
                ttl,
                now_ms: cursor.issued_at,
                nonce_for_test_vectors: nonce,
            },
        )
        .expect("a decoded cursor encodes again");
    assert_eq!(again, token, "an accepted token re-mints to itself");
}

/// Decoding options at the fixed clock with the scope of `sel`.
// Options structs may gain fields: they are always built with `..Default::default()`.
#[allow(clippy::needless_update)]
pub fn decode_options(sel: u8) -> DecodeOptions {
    DecodeOptions {
        scope: scope(sel),
        now_ms: Some(NOW),
        ..Default::default()
    }
}
