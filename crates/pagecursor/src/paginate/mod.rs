//! The paginator core: a host-agnostic state machine that walks a token-paginated source.
//!
//! * [`token`]: when a token means "the end", canonical digests for cycle detection;
//! * [`retry`]: default retry classification, full-jitter backoff, `Retry-After`;
//! * [`resume`]: the resume-token payload (positions, scope digest, checksum);
//! * [`link`]: the `rel="next"` link of an RFC 8288 `Link` header;
//! * [`walk`]: the walk itself — requests, ordering, budgets, cut points, stop reasons.
//!
//! The semantics are written down in `docs/paginator.md`.
//!
//! A host drives a [`Walk`]: it asks which requests to issue, reports their outcomes, and
//! hands pages to its consumer. A synchronous host over an in-memory source:
//!
//! ```
//! use pagecursor::paginate::{Config, Step, StopReason, Token, Walk};
//! use pagecursor::Value;
//!
//! // Three pages; the token of page i is the string "i"; the second page is empty.
//! let pages: Vec<Vec<u32>> = vec![vec![1, 2], vec![], vec![3]];
//! let mut walk: Walk<Value, Vec<u32>> = Walk::new(Config::default(), vec![]);
//! walk.start(0.0);
//! let mut items: Vec<u32> = Vec::new();
//! loop {
//!     for req in walk.poll_requests(0.0) {
//!         let i = match &req.token {
//!             Some(Value::String(s)) => s.parse::<usize>().unwrap(),
//!             _ => 0,
//!         };
//!         let next = (i + 1 < pages.len()).then(|| Token::from_value(Value::from((i + 1).to_string())));
//!         let page = pages[i].clone();
//!         let len = page.len() as u64;
//!         walk.on_page(req.id, page, len, next, None);
//!     }
//!     match walk.pop(0.0) {
//!         Step::Page(d) => {
//!             items.extend(&d.page[d.skip as usize..(d.skip + d.take) as usize]);
//!             walk.consume_page();
//!         }
//!         Step::Stopped(reason) => {
//!             assert_eq!(reason, StopReason::End);
//!             break;
//!         }
//!         other => panic!("{other:?}"),
//!     }
//! }
//! assert_eq!(items, [1, 2, 3]);
//! assert_eq!(walk.resume_state(), Ok(None)); // the walk reached its end
//! ```

pub mod link;
pub mod resume;
pub mod retry;
pub mod token;
pub mod walk;

pub use resume::{content_digest, Anchor, AnchorKind, Layout, Position, ResumeError, ResumeState};
pub use retry::{FailureFacts, RetryPolicy};
pub use token::Token;
pub use walk::{
    Config, Delivery, Failure, FailureAction, Request, SameToken, Start, Stats, Step, StopReason,
    Walk,
};
