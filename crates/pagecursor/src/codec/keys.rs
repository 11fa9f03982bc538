//! Keys, per-purpose subkeys and the cryptography of the signed and sealed modes.
//!
//! One secret never serves two algorithms: HKDF-SHA256 (RFC 5869, no salt) expands it into a
//! MAC key, an encryption key and a scope key with distinct `info` labels.
//!
//! Without the `keyed` feature (the npm package's client module) no key can be derived: a
//! [`DerivedKey`] then cannot exist, so every path that signs, verifies, seals or opens is
//! unreachable and none of the MAC or cipher code is in the build.

use crate::prelude::*;
#[cfg(feature = "keyed")]
use chacha20poly1305::aead::{Aead, Payload};
#[cfg(feature = "keyed")]
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
#[cfg(feature = "keyed")]
use hkdf::Hkdf;
#[cfg(feature = "keyed")]
use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

use crate::error::CursorError;

#[cfg(feature = "keyed")]
type HmacSha256 = Hmac<Sha256>;

/// Length of the truncated HMAC-SHA256 tag of a signed token (128 bits).
pub const MAC_LEN: usize = 16;
/// Length of the Poly1305 tag of a sealed token.
pub const AEAD_TAG_LEN: usize = 16;
/// Length of the XChaCha20 nonce of a sealed token.
pub const NONCE_LEN: usize = 24;
/// Length of the scope check a scoped token carries.
pub const SCOPE_CHECK_LEN: usize = 8;
/// The longest key id, in UTF-8 bytes (its length travels in one byte).
pub const MAX_KEY_ID_LEN: usize = 255;

#[cfg(feature = "keyed")]
const INFO_MAC: &[u8] = b"pagecursor/v1/hmac-sha256";
#[cfg(feature = "keyed")]
const INFO_ENC: &[u8] = b"pagecursor/v1/xchacha20poly1305";
#[cfg(feature = "keyed")]
const INFO_SCOPE: &[u8] = b"pagecursor/v1/scope";
const SCOPE_DIGEST_PREFIX: &[u8] = b"pagecursor/v1/scope\x00";

/// A secret with its id. The first key of a codec mints tokens; every key verifies them.
#[derive(Clone)]
pub struct Key {
    /// The id written into tokens (1 to 255 UTF-8 bytes); it only selects the key.
    pub id: String,
    /// The secret (at least 1 byte; use 32 random bytes).
    pub secret: Vec<u8>,
}

impl Key {
    /// A key from an id and a secret.
    ///
    /// ```
    /// let key = pagecursor::codec::Key::new("2024-05", b"0123456789abcdef0123456789abcdef");
    /// assert_eq!(key.id, "2024-05");
    /// ```
    pub fn new(id: impl Into<String>, secret: impl AsRef<[u8]>) -> Key {
        Key {
            id: id.into(),
            secret: secret.as_ref().to_vec(),
        }
    }
}

/// Never prints the secret.
impl core::fmt::Debug for Key {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Key")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

/// The refusal of a key where the `keyed` feature is off (here, and in the JS bindings, which
/// refuse `keys` before reading them there).
pub const KEYED_OFF: &str =
    "signing and sealing are not in this build of pagecursor (its `keyed` feature is off)";

/// A key's id and secret as the format allows them, checked before anything is derived (so
/// that a build without `keyed` refuses a bad key for the same reason).
#[inline(always)]
fn check(key: &Key) -> Result<(), CursorError> {
    if key.id.is_empty() || key.id.len() > MAX_KEY_ID_LEN {
        return Err(CursorError::UnsupportedValue(
            ["key id \"", &key.id, "\" must be 1 to 255 bytes long"].concat(),
        ));
    }
    if key.secret.is_empty() {
        return Err(CursorError::UnsupportedValue(
            ["the secret of key \"", &key.id, "\" is empty"].concat(),
        ));
    }
    Ok(())
}

/// The subkeys derived from one [`Key`].
#[cfg(feature = "keyed")]
#[derive(Clone)]
pub(crate) struct DerivedKey {
    pub(crate) id: String,
    enc: [u8; 32],
    /// HMAC states already keyed (inner and outer pads hashed once, at derivation): each
    /// tag then costs two SHA-256 blocks fewer, which halves the cost of a short token.
    mac: HmacSha256,
    scope: HmacSha256,
}

#[cfg(feature = "keyed")]
impl DerivedKey {
    pub(crate) fn derive(key: &Key) -> Result<DerivedKey, CursorError> {
        check(key)?;
        let hk = Hkdf::<Sha256>::new(None, &key.secret);
        let (mut mac, mut enc, mut scope) = ([0u8; 32], [0u8; 32], [0u8; 32]);
        // Expanding 32 bytes from SHA-256 never exceeds HKDF's 255 * 32 byte limit.
        let ok = hk.expand(INFO_MAC, &mut mac).is_ok()
            && hk.expand(INFO_ENC, &mut enc).is_ok()
            && hk.expand(INFO_SCOPE, &mut scope).is_ok();
        if !ok {
            return Err(CursorError::UnsupportedValue(
                "key derivation failed".into(),
            ));
        }
        Ok(DerivedKey {
            id: key.id.clone(),
            enc,
            mac: Self::hmac(&mac),
            scope: Self::hmac(&scope),
        })
    }

    fn hmac(key: &[u8; 32]) -> HmacSha256 {
        // HMAC accepts keys of any length, so this cannot fail; fall back to an empty-keyed
        // MAC type-wise rather than panic.
        <HmacSha256 as KeyInit>::new_from_slice(key)
            .unwrap_or_else(|_| <HmacSha256 as KeyInit>::new(&Default::default()))
    }

    /// The 16-byte tag of a signed token over all its bytes before the tag.
    pub(crate) fn sign(&self, signed_bytes: &[u8]) -> [u8; MAC_LEN] {
        let mut mac = self.mac.clone();
        mac.update(signed_bytes);
        let full = mac.finalize().into_bytes();
        let mut tag = [0u8; MAC_LEN];
        tag.copy_from_slice(&full[..MAC_LEN]);
        tag
    }

    /// Checks a signed token's tag in constant time.
    pub(crate) fn verify(&self, signed_bytes: &[u8], tag: &[u8]) -> Result<(), CursorError> {
        let mut mac = self.mac.clone();
        mac.update(signed_bytes);
        mac.verify_truncated_left(tag)
            .map_err(|_| CursorError::BadSignature)
    }

    /// The scope check of a signed or sealed token: HMAC-SHA256 under the scope subkey of
    /// the header bytes that precede the check, then the scope digest; first 8 bytes.
    pub(crate) fn scope_check(&self, header: &[u8], digest: &[u8; 32]) -> [u8; SCOPE_CHECK_LEN] {
        let mut mac = self.scope.clone();
        mac.update(header);
        mac.update(digest);
        let full = mac.finalize().into_bytes();
        let mut check = [0u8; SCOPE_CHECK_LEN];
        check.copy_from_slice(&full[..SCOPE_CHECK_LEN]);
        check
    }

    fn cipher(&self) -> XChaCha20Poly1305 {
        XChaCha20Poly1305::new(&self.enc.into())
    }

    /// Encrypts the payload with the header as associated data: ciphertext ‖ 16-byte tag.
    pub(crate) fn seal(
        &self,
        nonce: &[u8; NONCE_LEN],
        header: &[u8],
        payload: &[u8],
    ) -> Result<Vec<u8>, CursorError> {
        let nonce = XNonce::from(*nonce);
        self.cipher()
            .encrypt(
                &nonce,
                Payload {
                    msg: payload,
                    aad: header,
                },
            )
            .map_err(|_| CursorError::UnsupportedValue("payload too large to seal".into()))
    }

    /// Decrypts and authenticates a sealed token's ciphertext ‖ tag.
    pub(crate) fn open(
        &self,
        nonce: &[u8],
        header: &[u8],
        sealed: &[u8],
    ) -> Result<Vec<u8>, CursorError> {
        let mut n = [0u8; NONCE_LEN];
        if nonce.len() != NONCE_LEN {
            return Err(CursorError::Malformed("nonce has the wrong length".into()));
        }
        n.copy_from_slice(nonce);
        self.cipher()
            .decrypt(
                &XNonce::from(n),
                Payload {
                    msg: sealed,
                    aad: header,
                },
            )
            .map_err(|_| CursorError::BadSignature)
    }
}

/// Without the `keyed` feature: the same interface, and no value of it (`Infallible`), so the
/// compiler knows each method below is never called.
#[cfg(not(feature = "keyed"))]
#[derive(Clone)]
pub(crate) struct DerivedKey {
    pub(crate) id: String,
    never: core::convert::Infallible,
}

#[cfg(not(feature = "keyed"))]
impl DerivedKey {
    pub(crate) fn derive(key: &Key) -> Result<DerivedKey, CursorError> {
        check(key)?;
        Err(CursorError::UnsupportedValue(KEYED_OFF.into()))
    }

    pub(crate) fn sign(&self, _signed_bytes: &[u8]) -> [u8; MAC_LEN] {
        match self.never {}
    }

    pub(crate) fn verify(&self, _signed_bytes: &[u8], _tag: &[u8]) -> Result<(), CursorError> {
        match self.never {}
    }

    pub(crate) fn scope_check(&self, _header: &[u8], _digest: &[u8; 32]) -> [u8; SCOPE_CHECK_LEN] {
        match self.never {}
    }

    pub(crate) fn seal(
        &self,
        _nonce: &[u8; NONCE_LEN],
        _header: &[u8],
        _payload: &[u8],
    ) -> Result<Vec<u8>, CursorError> {
        match self.never {}
    }

    pub(crate) fn open(
        &self,
        _nonce: &[u8],
        _header: &[u8],
        _sealed: &[u8],
    ) -> Result<Vec<u8>, CursorError> {
        match self.never {}
    }
}

/// SHA-256 of the domain label and the canonical encoding of a scope.
pub(crate) fn scope_digest(canonical: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(SCOPE_DIGEST_PREFIX);
    h.update(canonical);
    h.finalize().into()
}

/// A fresh random nonce for a sealed token.
pub(crate) fn random_nonce() -> Result<[u8; NONCE_LEN], CursorError> {
    let mut n = [0u8; NONCE_LEN];
    getrandom::fill(&mut n)
        .map_err(|_| CursorError::UnsupportedValue("no random source for a nonce".into()))?;
    Ok(n)
}

/// Compares two byte strings without branching on their contents.
pub(crate) fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
