//! Source positions. Every AST node carries a [`Span`]; a [`SourceMap`] turns a span back into a
//! file name and text for diagnostics. Spans of Viper code generated from C point into the C file.
//! All of them serialise, so that a report can cross a process boundary (the CLI checks each
//! file in a child process of its own).

use serde::{Deserialize, Serialize};

/// Identifies a file registered in a [`SourceMap`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct FileId(pub u32);

/// A region of source text: its file, byte range and the 1-based line and column of its start.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
    /// 1-based line of `start`; 0 only for [`Span::DUMMY`].
    pub line: u32,
    /// 1-based column (in characters) of `start`.
    pub column: u32,
}

impl Span {
    /// The span of synthesised nodes that have no source position.
    pub const DUMMY: Span = Span {
        file: FileId(0),
        start: 0,
        end: 0,
        line: 0,
        column: 0,
    };

    pub fn is_dummy(&self) -> bool {
        self.line == 0
    }

    /// The smallest span covering `self` and `other` (same file assumed); line/column from the earlier.
    pub fn join(self, other: Span) -> Span {
        if self.is_dummy() {
            return other;
        }
        if other.is_dummy() {
            return self;
        }
        let (first, _) = if self.start <= other.start {
            (self, other)
        } else {
            (other, self)
        };
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
            line: first.line,
            column: first.column,
        }
    }
}

/// One source file: its name as given by the user and its text, with an index of line starts.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SourceFile {
    name: String,
    text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// 1-based line and character column of a byte offset (clamped to the text).
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        let start = self.line_starts[line];
        let mut cut = offset;
        while !self.text.is_char_boundary(cut) {
            cut -= 1;
        }
        let column = self.text[start..cut].chars().count() + 1;
        (line as u32 + 1, column as u32)
    }

    /// Byte offset of the start of a 1-based line, if the line exists.
    pub fn line_start(&self, line: u32) -> Option<usize> {
        self.line_starts
            .get((line as usize).checked_sub(1)?)
            .copied()
    }

    /// The text of a 1-based line without its line break.
    pub fn line_text(&self, line: u32) -> &str {
        let Some(start) = self.line_start(line) else {
            return "";
        };
        let end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |i| start + i);
        self.text[start..end].trim_end_matches('\r')
    }

    /// The span of the byte range `start..end` in this file.
    pub fn span(&self, file: FileId, start: usize, end: usize) -> Span {
        let (line, column) = self.line_col(start);
        Span {
            file,
            start: start as u32,
            end: end.max(start) as u32,
            line,
            column,
        }
    }
}

/// All source files of one run, addressed by [`FileId`].
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Registers a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push(SourceFile::new(name, text));
        FileId(self.files.len() as u32 - 1)
    }

    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based() {
        let f = SourceFile::new("a", "ab\ncd\n\u{e9}x");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(1), (1, 2));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(6), (3, 1));
        assert_eq!(f.line_col(8), (3, 2));
        assert_eq!(f.line_text(2), "cd");
    }
}
