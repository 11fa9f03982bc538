//! The `rel="next"` and `rel="prev"` targets of an RFC 8288 `Link` header.

use crate::prelude::*;
/// Finds the URI reference of the first link whose `rel` contains the token `next`
/// (case-insensitive, quoted or not). The caller resolves it against the response URL.
pub fn next_link(header: &str) -> Option<String> {
    link_of(header, &["next"])
}

/// Finds the URI reference of the first link whose `rel` contains `prev` or `previous`, as
/// [`next_link`] does for `next`.
pub fn prev_link(header: &str) -> Option<String> {
    link_of(header, &["prev", "previous"])
}

fn link_of(header: &str, rels: &[&str]) -> Option<String> {
    let mut rest = header;
    loop {
        // Cut at bytes, not by index: no panic path, so the wasm build carries no `str`
        // slice-error formatting (~3 KB with the char escaper); and at ASCII bytes rather
        // than with `split_once(char)`, whose char searcher is 0.6 KB of wasm.
        let (_, after) = split_at_byte(rest, b'<')?;
        let (target, params_all) = split_at_byte(after, b'>')?;
        // The parameters of this link run up to the next '<' that follows a comma.
        let params_end = find_next_link(params_all).unwrap_or(params_all.len());
        let (mut params, next) = params_all.split_at_checked(params_end)?;
        // Each `;`-separated parameter, the last one included.
        let found = loop {
            match split_at_byte(params, b';') {
                Some((param, more)) if !has_rel(param, rels) => params = more,
                Some(_) => break true,
                None => break has_rel(params, rels),
            }
        };
        if found {
            return Some(target.trim().to_owned());
        }
        rest = next;
    }
}

/// `s` before and after its first `byte`, an ASCII delimiter (never part of a multi-byte
/// character, so both sides are whole strings).
fn split_at_byte(s: &str, byte: u8) -> Option<(&str, &str)> {
    let i = s.bytes().position(|b| b == byte)?;
    Some((s.get(..i)?, s.get(i + 1..)?))
}

fn find_next_link(s: &str) -> Option<usize> {
    let mut in_quotes = false;
    let mut seen_comma = false;
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'"' => in_quotes = !in_quotes,
            b',' if !in_quotes => seen_comma = true,
            b'<' if !in_quotes && seen_comma => return Some(i),
            _ => {}
        }
    }
    None
}

fn has_rel(param: &str, rels: &[&str]) -> bool {
    let Some((name, value)) = split_at_byte(param, b'=') else {
        return false;
    };
    if !name.trim().eq_ignore_ascii_case("rel") {
        return false;
    }
    // `value.trim().trim_end_matches(',').trim().trim_matches('"')`, with the quote and comma
    // stripped byte by byte (the char-pattern trims are two more searchers in the wasm).
    let mut value = value.trim();
    while let Some(v) = value.strip_suffix(',') {
        value = v;
    }
    value = value.trim();
    while let Some(v) = value.strip_prefix('"') {
        value = v;
    }
    while let Some(v) = value.strip_suffix('"') {
        value = v;
    }
    value
        .split_ascii_whitespace()
        .any(|rel| rels.iter().any(|r| rel.eq_ignore_ascii_case(r)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_style_header() {
        let h = r#"<https://api.github.com/repos/x/y/issues?page=2>; rel="next", <https://api.github.com/repos/x/y/issues?page=5>; rel="last""#;
        assert_eq!(
            next_link(h).as_deref(),
            Some("https://api.github.com/repos/x/y/issues?page=2")
        );
    }

    #[test]
    fn prev_links() {
        let h = r#"</items?page=1>; rel="prev first", </items?page=3>; rel="next""#;
        assert_eq!(prev_link(h).as_deref(), Some("/items?page=1"));
        assert_eq!(prev_link("</a>; rel=previous").as_deref(), Some("/a"));
        assert_eq!(prev_link("</a>; rel=next"), None);
    }

    #[test]
    fn next_not_first_and_relative_and_multi_rel() {
        let h = r#"</items?page=1>; rel="prev first", </items?page=3>; title="a, <b>"; rel="nofollow next""#;
        assert_eq!(next_link(h).as_deref(), Some("/items?page=3"));
        assert_eq!(next_link("</a>; rel=next").as_deref(), Some("/a"));
        assert_eq!(next_link("</a>; REL=\"Next\"").as_deref(), Some("/a"));
    }

    #[cfg(not(target_arch = "wasm32"))]
    /// The implementation before the byte-wise cuts, with std's char-pattern searchers: the
    /// reference the cuts must agree with.
    fn reference(header: &str) -> Option<String> {
        fn find_next(s: &str) -> Option<usize> {
            let (mut q, mut c) = (false, false);
            for (i, ch) in s.char_indices() {
                match ch {
                    '"' => q = !q,
                    ',' if !q => c = true,
                    '<' if !q && c => return Some(i),
                    _ => {}
                }
            }
            None
        }
        fn rel_next(param: &str) -> bool {
            let Some((name, value)) = param.split_once('=') else {
                return false;
            };
            if !name.trim().eq_ignore_ascii_case("rel") {
                return false;
            }
            let value = value.trim().trim_end_matches(',').trim().trim_matches('"');
            value
                .split_ascii_whitespace()
                .any(|rel| rel.eq_ignore_ascii_case("next"))
        }
        let mut rest = header;
        loop {
            let (_, after) = rest.split_once('<')?;
            let (target, params_all) = after.split_once('>')?;
            let end = find_next(params_all).unwrap_or(params_all.len());
            let (params, next) = params_all.split_at_checked(end)?;
            if params.split(';').any(rel_next) {
                return Some(target.trim().to_string());
            }
            rest = next;
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn agrees_with_the_char_searchers(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    "<", ">", ";", "=", ",", "\"", " ", "\t", "\u{a0}", "\u{3000}", "rel", "REL",
                    "next", "Next", "prev", "/a?b=1", "é", "🦀", "title", "x",
                ]),
                0..24,
            )
        ) {
            let header: String = parts.concat();
            proptest::prop_assert_eq!(next_link(&header), reference(&header), "{:?}", header);
        }
    }

    #[test]
    fn no_next() {
        assert_eq!(next_link(""), None);
        assert_eq!(next_link(r#"</a>; rel="prev""#), None);
        assert_eq!(next_link(r#"</a>; rel="nextish""#), None);
        assert_eq!(next_link("<unterminated; rel=next"), None);
    }
}
