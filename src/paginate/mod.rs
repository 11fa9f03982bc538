//! The paginator core: a host-agnostic state machine that walks a token-paginated source.
//!
//! * [`token`]: when a token means "the end", canonical digests for cycle detection;
//! * [`retry`]: default retry classification, full-jitter backoff, `Retry-After`;
//! * [`resume`]: the resume-token payload (positions, scope digest, checksum);
//! * [`link`]: the `rel="next"` link of an RFC 8288 `Link` header;
//! * [`walk`]: the walk itself — requests, ordering, budgets, cut points, stop reasons.
//!
//! The semantics are written down in `docs/paginator.md`.

pub mod link;
pub mod resume;
pub mod retry;
pub mod token;
pub mod walk;

pub use resume::{Layout, Position, ResumeError, ResumeState};
pub use retry::{FailureFacts, RetryPolicy};
pub use token::Token;
pub use walk::{
    Config, Delivery, Failure, FailureAction, Request, SameToken, Start, Stats, Step, StopReason,
    Walk,
};
