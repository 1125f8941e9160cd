//! Positions between ompv's byte offsets and the protocol's line/character pairs, whose
//! characters count UTF-16 code units unless the client accepts UTF-8 (LSP 3.17
//! `positionEncoding`).

use lsp_types::{Position, Range};

/// How the protocol counts characters in a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16,
}

impl Encoding {
    /// The position of byte `offset` of `text` (clamped to the text, and back to a character
    /// boundary).
    pub fn position(self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line = before.matches('\n').count();
        let start = before.rfind('\n').map_or(0, |k| k + 1);
        let part = &text[start..offset];
        let character = match self {
            Encoding::Utf8 => part.len(),
            Encoding::Utf16 => part.encode_utf16().count(),
        };
        Position::new(line as u32, character as u32)
    }

    /// The range of bytes `start..end` of `text`.
    pub fn range(self, text: &str, start: usize, end: usize) -> Range {
        Range::new(
            self.position(text, start),
            self.position(text, end.max(start)),
        )
    }

    /// The byte offset of `position` in `text` (a position past a line's end is its end).
    pub fn offset(self, text: &str, position: Position) -> usize {
        let mut start = 0;
        for _ in 0..position.line {
            match text[start..].find('\n') {
                Some(k) => start += k + 1,
                None => return text.len(),
            }
        }
        let line = &text[start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let mut units = 0;
        for (k, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + k;
            }
            units += match self {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
            };
        }
        start + line.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_count_utf16_units_or_bytes() {
        // `é` is 2 bytes and 1 UTF-16 unit; `𝄞` is 4 bytes and 2 units.
        let text = "int x;\n/* é𝄞 */ a[i] = 1;\n";
        let at = text.find("a[i]").unwrap();
        assert_eq!(Encoding::Utf16.position(text, at), Position::new(1, 10));
        assert_eq!(Encoding::Utf8.position(text, at), Position::new(1, 13));
        for e in [Encoding::Utf8, Encoding::Utf16] {
            assert_eq!(e.offset(text, e.position(text, at)), at);
        }
        assert_eq!(Encoding::Utf16.offset(text, Position::new(0, 99)), 6);
        assert_eq!(
            Encoding::Utf16.offset(text, Position::new(9, 0)),
            text.len()
        );
        // A byte inside a character is taken back to its start.
        let inside = text.find('é').unwrap() + 1;
        assert_eq!(Encoding::Utf16.position(text, inside), Position::new(1, 3));
    }
}
