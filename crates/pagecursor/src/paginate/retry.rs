//! Which failures are retried, and how long to wait before the next attempt.

use crate::prelude::*;
/// Retry settings of a walk (`options.retry`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryPolicy {
    /// Retries per page after the first attempt (default 3).
    pub retries: u32,
    /// Backoff scale in ms (default 100): attempt n waits up to `base * 2^(n-1)`.
    pub base_delay_ms: f64,
    /// Cap of one backoff in ms (default 20 000). A server's `Retry-After` is not capped.
    pub max_delay_ms: f64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            retries: 3,
            base_delay_ms: 100.0,
            max_delay_ms: 20_000.0,
        }
    }
}

impl RetryPolicy {
    /// The wait before retry number `retry` (1 for the first retry): `Retry-After` when the
    /// failure carried one, otherwise full jitter, `random * min(max, base * 2^(retry-1))`
    /// with `random` in `[0, 1)` from the caller's generator.
    pub fn delay_ms(&self, retry: u32, retry_after_ms: Option<f64>, random: f64) -> f64 {
        if let Some(ms) = retry_after_ms.filter(|ms| ms.is_finite()) {
            return ms.max(0.0);
        }
        let exp = retry.saturating_sub(1).min(60);
        let ceiling =
            (self.base_delay_ms.max(0.0) * (1u64 << exp) as f64).min(self.max_delay_ms.max(0.0));
        let random = if random.is_finite() {
            random.clamp(0.0, 1.0)
        } else {
            0.0
        };
        ceiling * random
    }
}

/// HTTP statuses retried by default.
pub const RETRYABLE_STATUSES: [u16; 5] = [429, 500, 502, 503, 504];

/// Error names retried by default (AWS throttling errors).
pub const RETRYABLE_NAMES: [&str; 4] = [
    "ThrottlingException",
    "ProvisionedThroughputExceededException",
    "RequestLimitExceeded",
    "TooManyRequestsException",
];

/// What the host could read from a failure, for the default classification.
#[derive(Clone, Debug, Default)]
pub struct FailureFacts {
    /// An HTTP status (a thrown `Response`, `err.status`, `err.statusCode`,
    /// `err.$metadata.httpStatusCode`).
    pub status: Option<f64>,
    /// The error's `name`.
    pub name: Option<String>,
    /// A truthy `err.$retryable` (the AWS SDK's retry hint).
    pub retryable_hint: bool,
    /// The failure is a `TypeError` (a programming error, never retried).
    pub is_type_error: bool,
}

/// The default answer to "is this failure worth another attempt?".
pub fn is_retryable(facts: &FailureFacts) -> bool {
    let name = facts.name.as_deref().unwrap_or("");
    if facts.is_type_error || name == "TypeError" || name == "ValidationException" {
        return false;
    }
    if facts.retryable_hint || RETRYABLE_NAMES.contains(&name) {
        return true;
    }
    facts
        .status
        .is_some_and(|s| RETRYABLE_STATUSES.iter().any(|&r| f64::from(r) == s))
}

/// Parses a `Retry-After` value given in delay-seconds (`"120"`, also fractional). HTTP dates
/// are parsed by the host, which has a date parser. (The JS driver parses both itself, as it
/// reads the failing page's error: no header text is copied into wasm memory.)
pub fn retry_after_seconds(text: &str) -> Option<f64> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    // By hand rather than `str::parse::<f64>`, whose tables add ~10 KB to the wasm: the
    // digits as one integer over a power of ten. Both are exact up to 15 digits and 10^22, so
    // the one division rounds correctly (the classic fast path); longer values of a delay
    // header are not worth the exactness.
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    if (int.is_empty() && frac.is_empty()) || frac.contains('.') {
        return None;
    }
    let mut mantissa = 0f64;
    for b in int.bytes().chain(frac.bytes()) {
        mantissa = mantissa * 10.0 + f64::from(b - b'0');
    }
    // 10^digits by multiplication (`powi` is std's): exact up to 10^22, as above.
    let scale = (0..frac.len().min(400)).fold(1f64, |p, _| p * 10.0);
    let seconds = mantissa / scale;
    seconds.is_finite().then_some(seconds * 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_jitter_stays_under_the_capped_exponential() {
        let p = RetryPolicy {
            retries: 5,
            base_delay_ms: 100.0,
            max_delay_ms: 1000.0,
        };
        assert_eq!(p.delay_ms(1, None, 0.5), 50.0);
        assert_eq!(p.delay_ms(2, None, 0.5), 100.0);
        assert_eq!(p.delay_ms(3, None, 0.999), 399.6);
        assert_eq!(p.delay_ms(10, None, 0.5), 500.0);
        assert_eq!(p.delay_ms(1, None, 0.0), 0.0);
        assert_eq!(p.delay_ms(u32::MAX, None, 1.0), 1000.0);
        assert_eq!(p.delay_ms(2, None, f64::NAN), 0.0);
    }

    #[test]
    fn retry_after_wins_over_backoff() {
        let p = RetryPolicy::default();
        assert_eq!(p.delay_ms(1, Some(2500.0), 0.9), 2500.0);
        assert_eq!(p.delay_ms(1, Some(-5.0), 0.9), 0.0);
        assert_eq!(retry_after_seconds(" 3 "), Some(3000.0));
        assert_eq!(retry_after_seconds("0.5"), Some(500.0));
        assert_eq!(retry_after_seconds("1.25"), Some(1250.0));
        assert_eq!(retry_after_seconds(".5"), Some(500.0));
        assert_eq!(retry_after_seconds("2."), Some(2000.0));
        assert_eq!(retry_after_seconds("120"), Some(120_000.0));
        assert_eq!(retry_after_seconds("."), None);
        assert_eq!(retry_after_seconds("1.2.3"), None);
        assert_eq!(retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT"), None);
        assert_eq!(retry_after_seconds("-1"), None);
    }

    #[test]
    fn default_classification() {
        let status = |s: f64| FailureFacts {
            status: Some(s),
            ..Default::default()
        };
        let named = |n: &str| FailureFacts {
            name: Some(n.into()),
            ..Default::default()
        };
        for s in [429.0, 500.0, 502.0, 503.0, 504.0] {
            assert!(is_retryable(&status(s)), "{s}");
        }
        for s in [400.0, 401.0, 404.0, 501.0, 200.0] {
            assert!(!is_retryable(&status(s)), "{s}");
        }
        for n in RETRYABLE_NAMES {
            assert!(is_retryable(&named(n)));
        }
        assert!(!is_retryable(&named("ValidationException")));
        assert!(!is_retryable(&named("Error")));
        let hinted = FailureFacts {
            retryable_hint: true,
            ..Default::default()
        };
        assert!(is_retryable(&hinted));
        let type_error = FailureFacts {
            status: Some(503.0),
            is_type_error: true,
            ..Default::default()
        };
        assert!(!is_retryable(&type_error));
        let validation = FailureFacts {
            status: Some(503.0),
            name: Some("ValidationException".into()),
            retryable_hint: true,
            ..Default::default()
        };
        assert!(!is_retryable(&validation));
    }
}
