//! Turning Silicon's answer into ompv's types: verification errors with the native back end's ids
//! and spans, input errors for Silicon's parse/type/consistency errors.

use super::frontend::{RawError, RawPos};
use crate::verifier::Verdict;
use crate::{ErrorKind, ErrorReason, FileId, InputError, SourceFile, Span, VerificationError};
use std::time::Duration;

/// An error Silicon reported that has no counterpart among ompv's error kinds and reasons (e.g.
/// `predicate.not.wellformed` or `call.failed:receiver.null`), kept with Silicon's own id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherError {
    /// Silicon's `fullId`.
    pub id: String,
    pub span: Span,
    pub message: String,
}

/// Silicon's answer for one program.
#[derive(Clone, Debug, Default)]
pub struct SiliconResult {
    /// Silver's parser, type checker or consistency check rejected the program (ids
    /// `parser.error`, `typechecker.error`, `consistency.error`).
    pub input_errors: Vec<InputError>,
    /// Verification errors, with ompv's ids and spans.
    pub errors: Vec<VerificationError>,
    /// Verification errors whose ids ompv does not know.
    pub other_errors: Vec<OtherError>,
    /// Why the answer is inconclusive: Silicon's `timeout.error`, `exceptional.error` and any other
    /// non-verification error. Never counted as success.
    pub inconclusive: Vec<OtherError>,
    /// Time Silicon took for this program (not counting JVM start-up).
    pub time: Duration,
}

impl SiliconResult {
    /// `true` if Silicon rejected the program before verifying it.
    pub fn is_rejected(&self) -> bool {
        !self.input_errors.is_empty()
    }

    /// The verdict of a program that was not rejected: `Failed` if any error, else `Unknown` if
    /// anything was inconclusive, else `Verified`.
    pub fn verdict(&self) -> Verdict {
        if !self.errors.is_empty() || !self.other_errors.is_empty() {
            Verdict::Failed
        } else if !self.inconclusive.is_empty() {
            Verdict::Unknown
        } else {
            Verdict::Verified
        }
    }
}

/// Turns a Silicon position into a span of ompv's sources.
pub trait Locate {
    fn span(&self, pos: &RawPos) -> Span;
}

/// Positions in a source file that Silicon read verbatim.
pub struct InText<'a> {
    pub source: &'a SourceFile,
    pub file: FileId,
}

impl Locate for InText<'_> {
    fn span(&self, pos: &RawPos) -> Span {
        span_in(self.source, self.file, pos)
    }
}

/// The byte offset of a 1-based line and character column, clamped to the text.
pub fn offset_of(source: &SourceFile, line: u32, column: u32) -> usize {
    let text = source.text();
    let Some(start) = source.line_start(line.max(1)) else {
        return text.len();
    };
    let line_text = source.line_text(line.max(1));
    let skip = column.saturating_sub(1) as usize;
    let within = line_text
        .char_indices()
        .nth(skip)
        .map_or(line_text.len(), |(i, _)| i);
    start + within
}

/// The span of a Silicon position in `source`.
pub fn span_in(source: &SourceFile, file: FileId, pos: &RawPos) -> Span {
    if pos.line == 0 {
        return Span::DUMMY;
    }
    let start = offset_of(source, pos.line, pos.column);
    let end = pos
        .end
        .map_or(start, |(l, c)| offset_of(source, l, c))
        .max(start);
    source.span(file, start, end)
}

fn error_kind(id: &str) -> Option<ErrorKind> {
    ErrorKind::from_id(id)
}

fn error_reason(id: &str) -> Option<ErrorReason> {
    ErrorReason::from_id(id)
}

/// Sorts Silicon's errors into a [`SiliconResult`], locating each with `locate`.
pub fn map_errors(raw: &[RawError], time: Duration, locate: &dyn Locate) -> SiliconResult {
    let mut r = SiliconResult {
        time,
        ..SiliconResult::default()
    };
    let span_of = |p: &Option<RawPos>| p.as_ref().map_or(Span::DUMMY, |p| locate.span(p));
    for e in raw {
        let span = span_of(&e.pos);
        match e.id.as_str() {
            "parser.error" => {
                // Drop fastparse's trace of enclosing rules; the location is in the span.
                let message = e.message.split(" Occurred while parsing:").next();
                let message = message.unwrap_or(&e.message).trim_end_matches('.');
                r.input_errors.push(InputError::parser(span, message))
            }
            "typechecker.error" => r
                .input_errors
                .push(InputError::typechecker(span, &e.message)),
            "consistency.error" => r
                .input_errors
                .push(InputError::consistency(span, &e.message)),
            id => {
                let other = OtherError {
                    id: id.to_string(),
                    span,
                    message: e.message.clone(),
                };
                let Some((kind, reason)) = id.split_once(':') else {
                    r.inconclusive.push(other);
                    continue;
                };
                match (error_kind(kind), error_reason(reason)) {
                    (Some(kind), Some(reason)) => r.errors.push(VerificationError {
                        kind,
                        reason,
                        span,
                        reason_span: span_of(&e.reason_pos),
                        message: e.message.clone(),
                        model: Vec::new(),
                        incomplete: false,
                    }),
                    _ => r.other_errors.push(other),
                }
            }
        }
    }
    r.errors
        .sort_by_key(|e| (e.span.line, e.span.column, e.full_id()));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(id: &str, line: u32, column: u32, end: Option<(u32, u32)>) -> RawError {
        RawError {
            id: id.into(),
            message: format!("{id} message"),
            pos: Some(RawPos { line, column, end }),
            reason_pos: None,
        }
    }

    fn source() -> SourceFile {
        SourceFile::new("t.vpr", "method m()\n{\n  assert 1 == 2\n}\n")
    }

    #[test]
    fn verification_errors_keep_ids_and_spans() {
        let src = source();
        let at = InText {
            source: &src,
            file: FileId(3),
        };
        let r = map_errors(
            &[raw("assert.failed:assertion.false", 3, 10, Some((3, 16)))],
            Duration::ZERO,
            &at,
        );
        assert_eq!(r.verdict(), Verdict::Failed);
        assert_eq!(r.errors.len(), 1);
        let e = &r.errors[0];
        assert_eq!(e.full_id(), "assert.failed:assertion.false");
        assert_eq!(
            (e.span.line, e.span.column, e.span.file),
            (3, 10, FileId(3))
        );
        assert_eq!(
            &src.text()[e.span.start as usize..e.span.end as usize],
            "1 == 2"
        );
    }

    #[test]
    fn parse_type_and_consistency_errors_are_input_errors() {
        let src = source();
        let at = InText {
            source: &src,
            file: FileId(0),
        };
        let r = map_errors(
            &[
                raw("parser.error", 1, 1, None),
                raw("typechecker.error", 3, 3, None),
                raw("consistency.error", 3, 3, None),
            ],
            Duration::ZERO,
            &at,
        );
        assert!(r.is_rejected());
        let ids: Vec<_> = r.input_errors.iter().map(|e| e.kind.id()).collect();
        assert_eq!(
            ids,
            ["parser.error", "typechecker.error", "consistency.error"]
        );
    }

    #[test]
    fn unknown_ids_are_kept_and_timeouts_are_inconclusive() {
        let src = source();
        let at = InText {
            source: &src,
            file: FileId(0),
        };
        let r = map_errors(
            &[raw("call.failed:receiver.null", 3, 3, None)],
            Duration::ZERO,
            &at,
        );
        assert_eq!(r.verdict(), Verdict::Failed);
        assert_eq!(r.other_errors[0].id, "call.failed:receiver.null");

        let mut t = raw("timeout.error", 0, 0, None);
        t.pos = None;
        let r = map_errors(&[t], Duration::ZERO, &at);
        assert_eq!(r.verdict(), Verdict::Unknown);
        assert!(r.inconclusive[0].span.is_dummy());
    }

    #[test]
    fn empty_answer_is_verified() {
        let src = source();
        let at = InText {
            source: &src,
            file: FileId(0),
        };
        assert_eq!(
            map_errors(&[], Duration::ZERO, &at).verdict(),
            Verdict::Verified
        );
    }

    #[test]
    fn positions_beyond_the_text_are_clamped() {
        let src = source();
        let s = span_in(
            &src,
            FileId(0),
            &RawPos {
                line: 99,
                column: 7,
                end: None,
            },
        );
        assert_eq!(s.start as usize, src.text().len());
        let s = span_in(
            &src,
            FileId(0),
            &RawPos {
                line: 1,
                column: 500,
                end: Some((1, 600)),
            },
        );
        assert_eq!(s.start, 10);
    }
}
