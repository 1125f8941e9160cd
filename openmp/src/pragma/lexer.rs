//! Tokens of a `#pragma omp` line. The text handed over has comments and line splices blanked, so
//! token offsets are offsets in the original pragma.

/// The kind of a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// An identifier or keyword.
    Word,
    /// A preprocessing number (`42`, `0x1f`, `1.5e-3`, `10u`).
    Number,
    /// A string or character literal, quotes included.
    Literal,
    /// An operator or punctuator.
    Punct,
}

/// A token: its kind and its byte range in the pragma text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token {
    pub kind: Tok,
    pub start: usize,
    pub end: usize,
}

/// Multi-character punctuators that matter inside clauses: reduction operators (`&&`, `||`),
/// member access (`->`) and the rest of C's, so that a raw expression keeps them whole.
const PUNCTS: &[&[u8]] = &[
    b"<<=", b">>=", b"->", b"++", b"--", b"<<", b">>", b"<=", b">=", b"==", b"!=", b"&&", b"||",
    b"+=", b"-=", b"*=", b"/=", b"%=", b"&=", b"|=", b"^=",
];

/// Splits `text` into tokens; never fails (an unknown byte is a one-byte punctuator, and a
/// non-ASCII sequence stays with it so that slices fall on character boundaries).
pub(crate) fn tokenize(text: &str) -> Vec<Token> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let kind = if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            Tok::Word
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            while i < b.len() {
                let d = b[i];
                let exp_sign = i > start
                    && (d == b'+' || d == b'-')
                    && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P');
                if d.is_ascii_alphanumeric() || d == b'_' || d == b'.' || exp_sign {
                    i += 1;
                } else {
                    break;
                }
            }
            Tok::Number
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            while !text.is_char_boundary(i) {
                i += 1;
            }
            Tok::Literal
        } else {
            i += PUNCTS
                .iter()
                .find(|p| b[i..].starts_with(p))
                .map_or(1, |p| p.len());
            while i < b.len() && !b[i].is_ascii() {
                i += 1;
            }
            Tok::Punct
        };
        out.push(Token {
            kind,
            start,
            end: i,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<&str> {
        tokenize(s).iter().map(|t| &s[t.start..t.end]).collect()
    }

    #[test]
    fn tokens() {
        assert_eq!(
            texts("reduction(&&: x) p->f a[0:n] 1.5e-3 \"a)b\" x>=1"),
            [
                "reduction",
                "(",
                "&&",
                ":",
                "x",
                ")",
                "p",
                "->",
                "f",
                "a",
                "[",
                "0",
                ":",
                "n",
                "]",
                "1.5e-3",
                "\"a)b\"",
                "x",
                ">=",
                "1"
            ]
        );
        // Never splits a character; an unterminated literal ends at the end of the text.
        assert_eq!(texts("é \"ab"), ["é", "\"ab"]);
    }
}
