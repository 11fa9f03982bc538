//! Parts of the package that a build of the module may leave out, by Cargo feature. The npm
//! package ships several modules with the same exports and one glue (scripts/build.sh); in a
//! module without the `client` feature, `paginate`'s core, `InfiniteList` and `CursorStack`
//! keep their exports, but their constructors refuse every call and their objects cannot
//! exist, so that the compiler drops everything their methods would have called.
//!
//! How: each of those objects has a field of type [`InModule`], `()` with the feature and an
//! uninhabited type without it, and each method starts with [`present`] of it: without the
//! feature that call is a `match` on no value, after which the compiler knows nothing runs.

/// `()` where the `client` feature is on.
#[cfg(feature = "client")]
pub(crate) type InModule = ();
/// No value where the `client` feature is off.
#[cfg(not(feature = "client"))]
pub(crate) type InModule = core::convert::Infallible;

/// The field's value, for the constructors, which return first where the part is left out
/// (`if !cfg!(feature = "client")`), so that this is never reached there.
#[cfg(feature = "client")]
pub(crate) fn in_module() -> InModule {}
#[cfg(not(feature = "client"))]
pub(crate) fn in_module() -> InModule {
    core::arch::wasm32::unreachable()
}

/// Called first by every method: nothing after it is in a build without the part.
#[cfg(feature = "client")]
#[inline(always)]
pub(crate) fn present(_: &InModule) {}
#[cfg(not(feature = "client"))]
#[inline(always)]
pub(crate) fn present(never: &InModule) {
    match *never {}
}
