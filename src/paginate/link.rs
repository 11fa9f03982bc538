//! The `rel="next"` target of an RFC 8288 `Link` header.

/// Finds the URI reference of the first link whose `rel` contains the token `next`
/// (case-insensitive, quoted or not). The caller resolves it against the response URL.
pub fn next_link(header: &str) -> Option<String> {
    let mut rest = header;
    loop {
        // `split_once`/`split_at_checked` rather than slicing by index: no panic path, so the
        // wasm build carries no `str` slice-error formatting (~3 KB with the char escaper).
        let (_, after) = rest.split_once('<')?;
        let (target, params_all) = after.split_once('>')?;
        // The parameters of this link run up to the next '<' that follows a comma.
        let params_end = find_next_link(params_all).unwrap_or(params_all.len());
        let (params, next) = params_all.split_at_checked(params_end)?;
        if params.split(';').any(is_rel_next) {
            return Some(target.trim().to_string());
        }
        rest = next;
    }
}

fn find_next_link(s: &str) -> Option<usize> {
    let mut in_quotes = false;
    let mut seen_comma = false;
    for (i, c) in s.char_indices() {
        match c {
            '"' => in_quotes = !in_quotes,
            ',' if !in_quotes => seen_comma = true,
            '<' if !in_quotes && seen_comma => return Some(i),
            _ => {}
        }
    }
    None
}

fn is_rel_next(param: &str) -> bool {
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
    fn next_not_first_and_relative_and_multi_rel() {
        let h = r#"</items?page=1>; rel="prev first", </items?page=3>; title="a, <b>"; rel="nofollow next""#;
        assert_eq!(next_link(h).as_deref(), Some("/items?page=3"));
        assert_eq!(next_link("</a>; rel=next").as_deref(), Some("/a"));
        assert_eq!(next_link("</a>; REL=\"Next\"").as_deref(), Some("/a"));
    }

    #[test]
    fn no_next() {
        assert_eq!(next_link(""), None);
        assert_eq!(next_link(r#"</a>; rel="prev""#), None);
        assert_eq!(next_link(r#"</a>; rel="nextish""#), None);
        assert_eq!(next_link("<unterminated; rel=next"), None);
    }
}
