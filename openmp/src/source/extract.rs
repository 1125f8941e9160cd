//! Specification comments and `#pragma omp` lines of an original file.
//!
//! Both are read from the *original* text so that every position inside them is exact; their
//! text is handed to the parsers with everything that is not specification or pragma replaced by
//! spaces, so offsets in that text are offsets in the original file.

use super::scan::{scan, PieceKind};

/// A run of specification comments separated only by whitespace (e.g. several `//@` lines), parsed
/// as one specification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecGroup {
    /// Byte range in the original file, from the first comment's start to the last one's end.
    pub start: usize,
    pub end: usize,
    /// The comments of the group (byte ranges in the original).
    pub comments: Vec<(usize, usize)>,
    /// `original[start..end]` with comment markers and non-specification text replaced by spaces.
    pub masked: String,
}

/// A `#pragma omp` directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PragmaText {
    /// Byte range in the original file, from `#` to the end of its last continuation line.
    pub start: usize,
    pub end: usize,
    /// 1-based line of the `#`.
    pub line: u32,
    /// `original[start..end]` with comments and backslash splices replaced by spaces.
    pub masked: String,
}

/// Whether a comment is a specification comment (`/*@ … */` or `//@ …`).
pub fn is_spec_comment(text: &str) -> bool {
    text.starts_with("/*@") || text.starts_with("//@")
}

/// Whether a specification comment starts with a `loop_invariant` clause.
fn opens_invariants(comment: &str) -> bool {
    comment[3..].trim_start().starts_with("loop_invariant")
}

/// Whether a directive is `#pragma omp …`; returns false for other pragmas.
pub fn is_omp_pragma(directive: &str) -> bool {
    let words: Vec<&str> = directive
        .trim_start_matches('#')
        .split(|c: char| c.is_whitespace() || c == '\\')
        .filter(|w| !w.is_empty())
        .take(2)
        .collect();
    words == ["pragma", "omp"]
}

/// The specification groups and OpenMP pragmas of an original file, in text order.
pub fn extract(text: &str) -> (Vec<SpecGroup>, Vec<PragmaText>) {
    let pieces = scan(text);
    let mut groups: Vec<SpecGroup> = Vec::new();
    let mut pragmas = Vec::new();
    // Lines are counted on from the previous pragma (pieces come in text order): counting from
    // the start each time made extraction quadratic in the size of the file.
    let mut counted = (0usize, 1u32);
    for p in &pieces {
        match p.kind {
            PieceKind::Directive if is_omp_pragma(p.text(text)) => {
                let mut masked = text.as_bytes()[p.start..p.end].to_vec();
                // The comments inside the directive (pieces are sorted by their start).
                let first = pieces.partition_point(|c| c.start < p.start);
                let inside = pieces[first..].iter().take_while(|c| c.start < p.end);
                for c in inside.filter(|c| c.is_comment() && c.end <= p.end) {
                    super::scan::blank(&mut masked, c.start - p.start, c.end - p.start);
                }
                for k in 0..masked.len() {
                    if masked[k] == b'\\' && matches!(masked.get(k + 1), Some(b'\n' | b'\r')) {
                        masked[k] = b' ';
                    }
                }
                pragmas.push(PragmaText {
                    start: p.start,
                    end: p.end,
                    line: {
                        counted.1 += newlines(&text[counted.0..p.start]);
                        counted.0 = p.start;
                        counted.1
                    },
                    masked: String::from_utf8_lossy(&masked).into_owned(),
                });
            }
            PieceKind::BlockComment | PieceKind::LineComment if is_spec_comment(p.text(text)) => {
                // Loop invariants after a contract start a group of their own: a block's
                // contract and the invariants of the loop that begins the block (as `ompv infer`
                // writes them) belong to different constructs.
                let joins = groups.last().is_some_and(|g| {
                    text[g.end..p.start].chars().all(char::is_whitespace)
                        && (!opens_invariants(p.text(text))
                            || opens_invariants(&text[g.comments[0].0..g.comments[0].1]))
                });
                if joins {
                    if let Some(g) = groups.last_mut() {
                        g.end = p.end;
                        g.comments.push((p.start, p.end));
                    }
                } else {
                    groups.push(SpecGroup {
                        start: p.start,
                        end: p.end,
                        comments: vec![(p.start, p.end)],
                        masked: String::new(),
                    });
                }
            }
            _ => {}
        }
    }
    for g in &mut groups {
        g.masked = mask_group(text, g);
    }
    (groups, pragmas)
}

fn newlines(text: &str) -> u32 {
    text.bytes().filter(|&b| b == b'\n').count() as u32
}

/// The group's text with comment markers (`/*@`, `@*/`, `*/`, `//@`, JML-style leading `@` on
/// continuation lines) blanked.
fn mask_group(text: &str, g: &SpecGroup) -> String {
    let mut m = text.as_bytes()[g.start..g.end].to_vec();
    for &(s, e) in &g.comments {
        let (s, e) = (s - g.start, e - g.start);
        let is_block = text[g.start + s..].starts_with("/*");
        super::scan::blank(&mut m, s, s + 3);
        if is_block {
            // Closing `*/` (absent if the comment is unterminated), optionally preceded by `@`.
            let terminated = e >= s + 5 && text[..g.start + e].ends_with("*/");
            let body_end = if terminated { e - 2 } else { e };
            let close = if body_end > s + 3 && m[body_end - 1] == b'@' {
                body_end - 1
            } else {
                body_end
            };
            super::scan::blank(&mut m, close, e);
            // Leading `@` of continuation lines.
            let mut at_line_start = false;
            for c in &mut m[s + 3..close] {
                match *c {
                    b'\n' => at_line_start = true,
                    b' ' | b'\t' | b'\r' => {}
                    b'@' if at_line_start => {
                        *c = b' ';
                        at_line_start = false;
                    }
                    _ => at_line_start = false,
                }
            }
        }
    }
    String::from_utf8_lossy(&m).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_invariants_after_a_contract_start_a_group() {
        let src = "{ /*@ context c; @*/\n/*@ loop_invariant i >= 0; @*/\n//@ loop_invariant j;\n";
        let (groups, _) = extract(src);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0].comments.len(), 1);
        assert_eq!(groups[1].comments.len(), 2);
    }

    #[test]
    fn groups_consecutive_spec_comments() {
        let src =
            "//@ requires a;\n  //@ ensures b;\nint f();\n/*@ context c; @*/ /* plain */ /*@ x @*/";
        let (groups, pragmas) = extract(src);
        assert!(pragmas.is_empty());
        assert_eq!(groups.len(), 3);
        assert_eq!(groups[0].comments.len(), 2);
        assert_eq!(groups[0].masked, "    requires a;\n      ensures b;");
        assert_eq!(groups[1].masked, "    context c;    ");
        assert_eq!(groups[2].masked, "    x    ");
        // Offsets in the masked text are offsets in the original.
        let g = &groups[0];
        let k = g.masked.find("ensures").unwrap();
        assert_eq!(&src[g.start + k..g.start + k + 7], "ensures");
    }

    #[test]
    fn jml_style_at_signs_and_plain_close() {
        let src = "/*@\n  @ requires a;\n  @ ensures b;\n  */";
        let (groups, _) = extract(src);
        assert_eq!(
            groups[0].masked,
            "   \n    requires a;\n    ensures b;\n    "
        );
    }

    #[test]
    fn pragmas_with_continuations_and_comments() {
        let src = "int x;\n   #  pragma omp parallel for \\\n     schedule(static) // why\n#pragma once\n#pragma ompx\n";
        let (_, pragmas) = extract(src);
        assert_eq!(pragmas.len(), 1);
        let p = &pragmas[0];
        assert_eq!(p.line, 2);
        assert_eq!(
            p.masked,
            "#  pragma omp parallel for  \n     schedule(static)       "
        );
        assert_eq!(&src[p.start..p.start + 1], "#");
    }

    #[test]
    fn spec_markers_inside_strings_are_ignored() {
        let (groups, _) = extract("char *s = \"//@ no\";\n");
        assert!(groups.is_empty());
    }
}
