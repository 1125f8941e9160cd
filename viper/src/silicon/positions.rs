//! Silicon reads a program ompv generated (e.g. from C) as printed Viper text, so it reports
//! positions in that text. To report them where the native back end would — at the spans the
//! program's nodes carry, which may point into a C file — the printed text is parsed again and its
//! nodes are paired with the original ones: printing is canonical, so both trees have the same
//! shape and their spans can be walked in the same order.

use super::error::SiliconError;
use super::frontend::RawPos;
use super::mapping::{offset_of, Locate};
use crate::ast::Program;
use crate::{FileId, SourceFile, Span};

/// The id given to the printed text; it is never registered in a [`crate::SourceMap`].
const PRINTED: FileId = FileId(u32::MAX);

/// A program printed for Silicon, with the way back from printed positions to original spans.
pub struct PrintedProgram {
    text: SourceFile,
    /// (span in the printed text, span in the original program), in tree order.
    pairs: Vec<(Span, Span)>,
}

fn spans_of(program: &Program) -> Vec<Span> {
    let mut copy = program.clone();
    let mut spans = Vec::new();
    copy.for_each_span_mut(&mut |s| spans.push(*s));
    spans
}

impl PrintedProgram {
    /// Prints `program` and pairs the nodes of the re-parsed text with the original nodes.
    pub fn new(program: &Program) -> Result<PrintedProgram, SiliconError> {
        let text = crate::print(program);
        let parsed = crate::parse(&text, PRINTED).map_err(|e| {
            SiliconError::Printer(format!("the printed program does not parse again: {e}"))
        })?;
        // The type checker resolves operators in place (`/` on permissions), so a type-checked
        // program is compared with the type-checked re-parse, an unchecked one with the raw one.
        let mut checked = parsed.clone();
        let checked = crate::typecheck(&mut checked).ok().map(|()| checked);
        let stripped = |p: &Program| {
            let mut p = p.clone();
            p.clear_spans();
            p
        };
        let original = stripped(program);
        let raw = stripped(&parsed);
        let reparsed = checked
            .into_iter()
            .chain(std::iter::once(parsed))
            .find(|p| stripped(p) == original)
            .ok_or_else(|| {
                let first = original
                    .items
                    .iter()
                    .zip(&raw.items)
                    .find(|(a, b)| a != b)
                    .map_or_else(String::new, |(a, _)| {
                        format!(" (first at `{}`)", a.name().name)
                    });
                SiliconError::Printer(format!(
                    "the printed program parses to a different tree{first}"
                ))
            })?;
        let pairs = spans_of(&reparsed)
            .into_iter()
            .zip(spans_of(program))
            .collect();
        Ok(PrintedProgram {
            text: SourceFile::new("<printed>", text),
            pairs,
        })
    }

    /// The Viper text handed to Silicon.
    pub fn text(&self) -> &str {
        self.text.text()
    }
}

impl Locate for PrintedProgram {
    /// The original span of the node Silicon points at: a node starting and ending exactly there,
    /// else one starting there, else the smallest node around it.
    fn span(&self, pos: &RawPos) -> Span {
        if pos.line == 0 {
            return Span::DUMMY;
        }
        let start = offset_of(&self.text, pos.line, pos.column) as u32;
        let end = pos.end.map(|(l, c)| offset_of(&self.text, l, c) as u32);
        let usable = |(p, o): &&(Span, Span)| !p.is_dummy() && !o.is_dummy();
        let exact = self
            .pairs
            .iter()
            .filter(usable)
            .find(|(p, _)| p.start == start && Some(p.end) == end);
        let starting = || {
            self.pairs
                .iter()
                .filter(usable)
                .find(|(p, _)| p.start == start)
        };
        let around = || {
            self.pairs
                .iter()
                .filter(usable)
                .filter(|(p, _)| p.start <= start && start < p.end.max(p.start + 1))
                .min_by_key(|(p, _)| p.end - p.start)
        };
        exact
            .or_else(starting)
            .or_else(around)
            .map_or(Span::DUMMY, |(_, o)| *o)
    }
}
