//! A scanner that finds comments and preprocessor directive lines in C text, skipping string and
//! character literals. It works on original sources and on preprocessor output alike.

/// What a [`Piece`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    /// `/* … */` (or an unterminated one running to the end of the text).
    BlockComment,
    /// `// …` up to (not including) the end of the line.
    LineComment,
    /// A line whose first token is `#`, with its backslash continuations, up to (not including) the
    /// terminating newline. Comments inside it are reported as pieces of their own too.
    Directive,
}

/// A byte range of the text with its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub kind: PieceKind,
    pub start: usize,
    pub end: usize,
}

impl Piece {
    pub fn text<'a>(&self, src: &'a str) -> &'a str {
        &src[self.start..self.end]
    }

    pub fn is_comment(&self) -> bool {
        matches!(self.kind, PieceKind::BlockComment | PieceKind::LineComment)
    }
}

/// All comments and directives of `text`, in order of their start (a directive comes before the
/// comments inside it).
pub fn scan(text: &str) -> Vec<Piece> {
    let b = text.as_bytes();
    let mut pieces = Vec::new();
    let mut i = 0;
    // Only whitespace (or comments) seen since the start of the line: a `#` starts a directive.
    let mut line_start = true;
    while i < b.len() {
        match b[i] {
            b'\n' => {
                line_start = true;
                i += 1;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => i += 1,
            b'\\' if splice_len(b, i) > 0 => i += splice_len(b, i),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = block_comment_end(b, i);
                pieces.push(Piece {
                    kind: PieceKind::BlockComment,
                    start: i,
                    end,
                });
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = line_end(b, i);
                pieces.push(Piece {
                    kind: PieceKind::LineComment,
                    start: i,
                    end,
                });
                i = end;
            }
            b'#' if line_start => {
                let at = pieces.len();
                let end = directive_end(b, i, &mut pieces);
                pieces.insert(
                    at,
                    Piece {
                        kind: PieceKind::Directive,
                        start: i,
                        end,
                    },
                );
                i = end;
                line_start = false;
            }
            q @ (b'"' | b'\'') => {
                i = literal_end(b, i, q);
                line_start = false;
            }
            _ => {
                i += 1;
                line_start = false;
            }
        }
    }
    pieces
}

/// Length of a backslash-newline at `i` (0 if there is none).
fn splice_len(b: &[u8], i: usize) -> usize {
    match (b.get(i), b.get(i + 1), b.get(i + 2)) {
        (Some(b'\\'), Some(b'\n'), _) => 2,
        (Some(b'\\'), Some(b'\r'), Some(b'\n')) => 3,
        _ => 0,
    }
}

fn block_comment_end(b: &[u8], start: usize) -> usize {
    let mut i = start + 2;
    while i + 1 < b.len() {
        if b[i] == b'*' && b[i + 1] == b'/' {
            return i + 2;
        }
        i += 1;
    }
    b.len()
}

/// End of a line comment: the next newline not preceded by a backslash splice.
fn line_end(b: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < b.len() {
        if splice_len(b, i) > 0 {
            i += splice_len(b, i);
        } else if b[i] == b'\n' {
            return if i > start && b[i - 1] == b'\r' {
                i - 1
            } else {
                i
            };
        } else {
            i += 1;
        }
    }
    b.len()
}

fn literal_end(b: &[u8], start: usize, quote: u8) -> usize {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\n' => return i, // unterminated: let the C parser complain
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// End of a directive starting at `start`; comments inside it are appended to `pieces`.
fn directive_end(b: &[u8], start: usize, pieces: &mut Vec<Piece>) -> usize {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\n' => {
                return if b[i - 1] == b'\r' { i - 1 } else { i };
            }
            b'\\' if splice_len(b, i) > 0 => i += splice_len(b, i),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = block_comment_end(b, i);
                pieces.push(Piece {
                    kind: PieceKind::BlockComment,
                    start: i,
                    end,
                });
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = line_end(b, i);
                pieces.push(Piece {
                    kind: PieceKind::LineComment,
                    start: i,
                    end,
                });
                i = end;
            }
            q @ (b'"' | b'\'') => i = literal_end(b, i, q),
            _ => i += 1,
        }
    }
    b.len()
}

/// `text` with the byte range `start..end` replaced by spaces, newlines kept (so offsets and line
/// numbers do not move).
pub fn blank(text: &mut [u8], start: usize, end: usize) {
    for c in &mut text[start..end] {
        if *c != b'\n' && *c != b'\r' {
            *c = b' ';
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(PieceKind, &str)> {
        scan(src).iter().map(|p| (p.kind, p.text(src))).collect()
    }

    #[test]
    fn comments_and_directives() {
        let src =
            "#include <a.h>\nint x; /* c1 */ // c2\n  #pragma omp parallel \\\n   for\nint y;\n";
        assert_eq!(
            kinds(src),
            vec![
                (PieceKind::Directive, "#include <a.h>"),
                (PieceKind::BlockComment, "/* c1 */"),
                (PieceKind::LineComment, "// c2"),
                (PieceKind::Directive, "#pragma omp parallel \\\n   for"),
            ]
        );
    }

    #[test]
    fn strings_hide_comment_markers() {
        let src = "char *s = \"/*@ not a spec @*/\"; char c = '\"'; //@ spec\n";
        assert_eq!(kinds(src), vec![(PieceKind::LineComment, "//@ spec")]);
    }

    #[test]
    fn hash_not_at_line_start_is_not_a_directive() {
        let src = "int a; # define X\n /* x */ #pragma omp for\n";
        assert_eq!(
            kinds(src),
            vec![
                (PieceKind::BlockComment, "/* x */"),
                (PieceKind::Directive, "#pragma omp for"),
            ]
        );
    }

    #[test]
    fn comment_inside_directive_and_multiline_block_comment() {
        let src = "#pragma omp for /* a\n b */ nowait\nx /*@\n requires 1;\n@*/";
        assert_eq!(
            kinds(src),
            vec![
                (PieceKind::Directive, "#pragma omp for /* a\n b */ nowait"),
                (PieceKind::BlockComment, "/* a\n b */"),
                (PieceKind::BlockComment, "/*@\n requires 1;\n@*/"),
            ]
        );
    }

    #[test]
    fn blanking_keeps_newlines() {
        let mut t = b"a/*x\ny*/b".to_vec();
        blank(&mut t, 1, 8);
        assert_eq!(&t, b"a   \n   b");
    }
}
