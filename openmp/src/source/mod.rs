//! Reading a C file: preprocessing, finding specification comments and pragmas, blanking them for
//! the C parser, and mapping positions back to the original file.
//!
//! Specification comments and pragmas are taken from the original text (exact positions, no macro
//! expansion); the preprocessor output tells which of them survive conditional compilation and
//! where they sit relative to the C code that `lang-c` parses.

pub mod build;
pub mod cpp;
pub mod extract;
pub mod linemap;
pub mod scan;

use crate::error::{FrontError, FrontErrors};
use crate::pragma::{parse_pragma, Pragma};
use crate::spec::{parse_spec, Origin, Spec};
use extract::{extract, is_omp_pragma, is_spec_comment, PragmaText, SpecGroup};
use linemap::{KnownText, LineMap};
use scan::{blank, scan, PieceKind};
use std::collections::HashMap;
use viper::{FileId, SourceFile, SourceMap, Span};

/// A file whose text ompv knows: the user's file (index 0) and ompv's headers (index 1 on, in the
/// order of [`cpp::HEADERS`]).
#[derive(Debug)]
pub struct KnownFile {
    pub id: FileId,
    pub source: SourceFile,
    pub groups: Vec<SpecGroup>,
    pub pragmas: Vec<PragmaText>,
}

/// Index of the user's file in [`Loaded::files`].
pub const MAIN: usize = 0;
/// Index of ompv's `omp.h` in [`Loaded::files`].
pub const OMP_H: usize = 1;

/// Whether a known file is one of ompv's library headers.
pub fn is_library(file: usize) -> bool {
    file != MAIN
}

/// A specification group or pragma, parsed, with its place in the preprocessor output.
#[derive(Clone, Debug)]
pub struct Annotation {
    pub content: AnnotationContent,
    /// Index into [`Loaded::files`].
    pub file: usize,
    pub out_start: usize,
    pub out_end: usize,
    /// Span in the original file.
    pub span: Span,
}

/// What an [`Annotation`] holds.
#[derive(Clone, Debug)]
pub enum AnnotationContent {
    Spec(Spec),
    Pragma(Pragma),
    /// A pragma that could not be parsed or is not supported. The error is reported only if the
    /// pragma is in code ompv verifies (functions with `requires false` may contain anything).
    InvalidPragma(FrontError),
}

/// A preprocessed, parsed C file with its annotations.
#[derive(Debug)]
pub struct Loaded {
    /// The preprocessor output with comments and pragmas blanked (what `lang-c` parsed).
    pub output: String,
    pub map: LineMap,
    pub files: Vec<KnownFile>,
    /// Annotations in output order.
    pub annotations: Vec<Annotation>,
    pub unit: lang_c::ast::TranslationUnit,
    /// For each entry of `map.file_names`, the index of the known file it is, if any.
    known_of_marker: Vec<Option<usize>>,
    /// The object-like macros the user's file defines (name -> replacement text), for the
    /// expressions in pragma clauses, which are read from the original text.
    pub macros: HashMap<String, String>,
}

impl Loaded {
    /// The span in the original source of the output range `start..end`. Positions inside system
    /// headers map to the `#include` line of the main file that brought them in.
    pub fn span(&self, start: usize, end: usize) -> Span {
        let s = self.map.to_original(start, false);
        let e = self.map.to_original(end.max(start), true);
        match (s, e) {
            (Some((fs, so)), Some((fe, eo))) if fs == fe => {
                if let Some(k) = self.known_of_marker[fs] {
                    let f = &self.files[k];
                    return f.source.span(f.id, so, eo.max(so));
                }
            }
            (Some((fs, so)), _) => {
                if let Some(k) = self.known_of_marker[fs] {
                    let f = &self.files[k];
                    return f.source.span(f.id, so, so);
                }
            }
            _ => {}
        }
        self.include_site(start)
    }

    /// The main-file line through which output `offset` was reached, as a span over that line.
    fn include_site(&self, offset: usize) -> Span {
        let line = self.map.origin(offset).main_line;
        let f = &self.files[MAIN];
        match f.source.line_start(line) {
            Some(s) if line > 0 => {
                let len = f.source.line_text(line).len();
                f.source.span(f.id, s, s + len)
            }
            _ => Span::DUMMY,
        }
    }

    /// Whether output `offset` comes from a header of the user's own: one that is neither ompv's
    /// nor one cpp calls a system header (its `#include "…"` and `-I` folders, not `-isystem`).
    pub fn in_user_header(&self, offset: usize) -> bool {
        self.map.origin(offset).file.is_some_and(|f| {
            self.known_of_marker[f].is_none()
                && !self.map.system[f]
                && !self.map.file_names[f].starts_with('<')
        })
    }

    /// Index of the known file output `offset` belongs to (`None` for system headers).
    pub fn file_of(&self, offset: usize) -> Option<usize> {
        self.map
            .origin(offset)
            .file
            .and_then(|f| self.known_of_marker[f])
    }
}

/// Records `#define NAME text` (object-like macros only) or forgets `#undef NAME`.
fn record_macro(macros: &mut HashMap<String, String>, directive: &str) {
    let body = directive[1..].trim_start();
    if let Some(rest) = body.strip_prefix("undef") {
        macros.remove(rest.trim());
        return;
    }
    let Some(rest) = body.strip_prefix("define") else {
        return;
    };
    let rest = rest.trim_start();
    let name_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, tail) = rest.split_at(name_len);
    if name.is_empty() || tail.starts_with('(') {
        return;
    }
    macros.insert(name.to_string(), tail.trim().to_string());
}

fn position_span(source: &SourceFile, id: FileId, line: u32, column: u32) -> Span {
    let start = source.line_start(line.max(1)).unwrap_or(0);
    let len = source.line_text(line.max(1)).len();
    let off = start + (column.max(1) as usize - 1).min(len);
    source.span(id, off, off)
}

/// Preprocesses and parses the file `main` of `sources`, built as `build` says. Registers
/// ompv's headers in `sources`.
pub fn load(
    sources: &mut SourceMap,
    main: FileId,
    build: &build::Build,
) -> Result<Loaded, FrontErrors> {
    let main_src = sources
        .get(main)
        .cloned()
        .ok_or_else(|| FrontError::c_syntax(Span::DUMMY, "unknown source file"))?;
    let headers: Vec<(FileId, SourceFile)> = cpp::HEADERS
        .iter()
        .map(|(name, text)| {
            let shown = format!("{name} (ompv)");
            (sources.add(&shown, *text), SourceFile::new(&shown, *text))
        })
        .collect();
    let include = cpp::include_dir().map_err(|e| {
        FrontError::new(
            crate::ErrorKind::Io,
            "cpp",
            Span::DUMMY,
            format!("cannot write ompv's headers: {e}"),
        )
    })?;
    let raw = match cpp::preprocess(main_src.text(), build, &include) {
        Ok(r) => r,
        Err(cpp::CppFailure::Io(m)) => {
            return Err(FrontError::new(crate::ErrorKind::Io, "cpp", Span::DUMMY, m).into())
        }
        Err(cpp::CppFailure::Error {
            line,
            column,
            message,
        }) => {
            let span = position_span(&main_src, main, line, column);
            return Err(FrontError::new(crate::ErrorKind::Syntax, "cpp", span, message).into());
        }
    };
    let markers: Vec<String> = cpp::HEADERS
        .iter()
        .map(|(name, _)| include.join(name).to_string_lossy().into_owned())
        .collect();
    let mut known = vec![KnownText {
        marker_name: cpp::STDIN_NAME,
        text: main_src.text(),
    }];
    for (m, (_, text)) in markers.iter().zip(cpp::HEADERS) {
        known.push(KnownText {
            marker_name: m,
            text,
        });
    }
    let map = LineMap::new(&raw, &known);
    let known_of_marker: Vec<Option<usize>> = map
        .file_names
        .iter()
        .map(|n| {
            if n == cpp::STDIN_NAME {
                Some(MAIN)
            } else {
                markers.iter().position(|m| m == n).map(|k| k + 1)
            }
        })
        .collect();
    let mut files = Vec::new();
    for (id, source) in std::iter::once((main, main_src)).chain(headers) {
        let (groups, pragmas) = extract(source.text());
        files.push(KnownFile {
            id,
            source,
            groups,
            pragmas,
        });
    }

    let mut out = raw.clone().into_bytes();
    let mut errors = Vec::new();
    let mut annotations: Vec<Annotation> = Vec::new();
    let mut group_ann: HashMap<(usize, usize), Option<usize>> = HashMap::new();
    let mut macros: HashMap<String, String> = HashMap::new();
    for piece in scan(&raw) {
        let text = piece.text(&raw);
        let known = map
            .origin(piece.start)
            .file
            .and_then(|f| known_of_marker[f]);
        match piece.kind {
            PieceKind::BlockComment | PieceKind::LineComment => {
                blank(&mut out, piece.start, piece.end);
                if !is_spec_comment(text) {
                    continue;
                }
                let Some(k) = known else { continue };
                let Some((_, orig)) = map.to_original(piece.start, false) else {
                    continue;
                };
                let Some(g) = files[k]
                    .groups
                    .iter()
                    .position(|g| g.comments.iter().any(|c| c.0 == orig))
                else {
                    continue;
                };
                match group_ann.get(&(k, g)) {
                    Some(&Some(a)) => annotations[a].out_end = piece.end,
                    // The group's specification did not parse (its error is reported once).
                    Some(None) => {}
                    None => {
                        let f = &files[k];
                        let grp = &f.groups[g];
                        let span = f.source.span(f.id, grp.start, grp.end);
                        let parsed = parse_spec(
                            &grp.masked,
                            Origin {
                                file: f.id,
                                source: &f.source,
                                base: grp.start,
                            },
                        );
                        match parsed {
                            Ok(mut spec) => {
                                crate::spec::macros::expand(&mut spec, &macros);
                                group_ann.insert((k, g), Some(annotations.len()));
                                annotations.push(Annotation {
                                    content: AnnotationContent::Spec(spec),
                                    file: k,
                                    out_start: piece.start,
                                    out_end: piece.end,
                                    span,
                                })
                            }
                            Err(e) => {
                                group_ann.insert((k, g), None);
                                errors.push(e)
                            }
                        }
                    }
                }
            }
            PieceKind::Directive => {
                let words: Vec<&str> = text[1..].split_whitespace().take(1).collect();
                if words == ["define"] || words == ["undef"] {
                    // Kept in the output by `cpp -dD`; the C parser must not see them.
                    blank(&mut out, piece.start, piece.end);
                    // Every macro the compiler knows at this point (the command line's and the
                    // headers' too), except ompv's own headers'.
                    if !known.is_some_and(is_library) {
                        record_macro(&mut macros, text);
                    }
                    continue;
                }
                if words != ["pragma"] {
                    continue;
                }
                blank(&mut out, piece.start, piece.end);
                if !is_omp_pragma(text) {
                    continue;
                }
                let Some(k) = known else { continue };
                let line = map.origin(piece.start).line;
                let f = &files[k];
                let Some(pt) = f.pragmas.iter().find(|p| p.line == line) else {
                    let span = position_span(&f.source, f.id, line, 1);
                    annotations.push(Annotation {
                        content: AnnotationContent::InvalidPragma(FrontError::unsupported(
                            span,
                            "`#pragma omp` produced by a macro or `_Pragma` is not supported",
                        )),
                        file: k,
                        out_start: piece.start,
                        out_end: piece.end,
                        span,
                    });
                    continue;
                };
                let origin = Origin {
                    file: f.id,
                    source: &f.source,
                    base: pt.start,
                };
                let span = f.source.span(f.id, pt.start, pt.end);
                let parsed = parse_pragma(&pt.masked, origin, pt.line);
                let content = match parsed {
                    Ok(mut p) => {
                        crate::pragma::macros::expand(&mut p, &macros);
                        AnnotationContent::Pragma(p)
                    }
                    Err(e) => AnnotationContent::InvalidPragma(e),
                };
                annotations.push(Annotation {
                    span,
                    content,
                    file: k,
                    out_start: piece.start,
                    out_end: piece.end,
                });
            }
        }
    }
    if !errors.is_empty() {
        return Err(FrontErrors(errors));
    }
    annotations.sort_by_key(|a| a.out_start);
    let output = String::from_utf8(out).expect("blanking keeps UTF-8: only ASCII bytes change");
    let mut loaded = Loaded {
        output,
        map,
        files,
        annotations,
        unit: lang_c::ast::TranslationUnit(Vec::new()),
        known_of_marker,
        macros,
    };
    let config = lang_c::driver::Config::with_gcc();
    let text = loaded.output.clone();
    // lang-c is a generated parser; a panic inside it must not take ompv down.
    let parsed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        lang_c::driver::parse_preprocessed(&config, text)
    }));
    let Ok(parsed) = parsed else {
        return Err(FrontError::c_syntax(Span::DUMMY, "the C parser failed on this file").into());
    };
    match parsed {
        Ok(parse) => loaded.unit = parse.unit,
        Err(e) => {
            let span = loaded.span(e.offset, e.offset + 1);
            // lang-c lists pseudo-tokens too; an empty one would print as "``".
            let mut expected: Vec<&str> = e
                .expected
                .iter()
                .copied()
                .filter(|t| !t.is_empty())
                .collect();
            expected.sort_unstable();
            let shown: Vec<String> = expected.iter().take(8).map(|t| format!("`{t}`")).collect();
            let more = if expected.len() > 8 { ", …" } else { "" };
            let message = if loaded.file_of(e.offset) == Some(MAIN) {
                format!("syntax error: expected {}{more}", shown.join(", "))
            } else {
                format!(
                    "syntax error in a header included here (line {} of `{}`): expected {}{more}",
                    loaded.map.origin(e.offset).line,
                    loaded
                        .map
                        .origin(e.offset)
                        .file
                        .map_or("?", |f| loaded.map.file_names[f].as_str()),
                    shown.join(", ")
                )
            };
            return Err(FrontError::c_syntax(span, message).into());
        }
    }
    Ok(loaded)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_text(text: &str) -> Result<(SourceMap, Loaded), FrontErrors> {
        let mut sm = SourceMap::new();
        let id = sm.add("t.c", text);
        let l = load(&mut sm, id, &build::Build::default())?;
        Ok((sm, l))
    }

    #[test]
    fn system_headers_parse_and_annotations_are_found() {
        let src = "#include <stdio.h>\n#include <stdlib.h>\n#include <omp.h>\n\n/*@ requires n > 0; @*/\nint f(int n) {\n  #pragma omp parallel\n  { }\n  return n;\n}\n#if 0\n//@ requires junk junk\n#pragma omp task\n#endif\n";
        let (_, l) = load_text(src).unwrap_or_else(|e| panic!("{e:?}"));
        let main: Vec<_> = l.annotations.iter().filter(|a| a.file == MAIN).collect();
        assert_eq!(main.len(), 2, "the #if 0 part is dropped");
        assert!(matches!(main[0].content, AnnotationContent::Spec(_)));
        assert_eq!((main[0].span.line, main[0].span.column), (5, 1));
        assert!(matches!(main[1].content, AnnotationContent::Pragma(_)));
        assert_eq!((main[1].span.line, main[1].span.column), (7, 3));
        // omp.h's contracts are read too.
        assert!(l.annotations.iter().any(|a| a.file == OMP_H));
        assert!(!l.output.contains("/*@"));
        assert!(!l.output.contains("#pragma omp"));
    }

    #[test]
    fn spans_of_c_code_map_to_original_columns() {
        let src = "#define N 10\nint g(int *a) {\n\t  return   a[N] +   a[1];\n}\n";
        let (_, l) = load_text(src).unwrap();
        let off = l.output.find("a[1]").unwrap();
        let s = l.span(off, off + 4);
        assert_eq!((s.line, s.column), (3, 22));
        assert_eq!(&src[s.start as usize..s.end as usize], "a[1]");
        // (The expansion of `N`: a bare "10" may be in a line marker of a header.)
        let off = l.output.find("a[10]").unwrap() + 2;
        let s = l.span(off, off + 2);
        assert_eq!(&src[s.start as usize..s.start as usize + 1], "N");
    }

    #[test]
    fn errors_are_collected_with_positions() {
        let src =
            "//@ requires x +;\nint f(void);\n#pragma omp taskloop\nint g(void);\n//@ ensures ;\n";
        let e = load_text(src).unwrap_err().0;
        assert_eq!(e.len(), 2);
        assert_eq!((e[0].span.line, e[0].span.column), (1, 17));
        assert_eq!(e[0].id, "spec.syntax");
        assert_eq!((e[1].span.line, e[1].span.column), (5, 13));
    }

    #[test]
    fn pragma_errors_are_kept_for_later() {
        // A pragma that does not parse is kept as an error for the place it stands in; one that
        // parses but the proof does not handle (`taskloop`) is an ordinary pragma here.
        let src = "int g(void);\n#pragma omp frobnicate\n#pragma omp taskloop\nint h(void);\n";
        let (_, l) = load_text(src).unwrap();
        assert!(l
            .annotations
            .iter()
            .any(|a| matches!(&a.content, AnnotationContent::Pragma(p) if p.line == 3)));
        let bad: Vec<_> = l
            .annotations
            .iter()
            .filter_map(|a| match &a.content {
                AnnotationContent::InvalidPragma(e) => Some(e),
                _ => None,
            })
            .collect();
        assert_eq!(bad.len(), 1);
        assert_eq!((bad[0].span.line, bad[0].span.column), (2, 13));
        assert_eq!(bad[0].kind, crate::ErrorKind::Syntax);
    }

    #[test]
    fn c_syntax_errors_and_cpp_errors() {
        let e = load_text("int f(void) {\n  int x = ;\n}\n").unwrap_err().0;
        assert_eq!(e[0].id, "c.syntax");
        assert_eq!((e[0].span.line, e[0].span.column), (2, 11));
        let e = load_text("int a;\n#include \"no_such_header_ompv.h\"\n")
            .unwrap_err()
            .0;
        assert_eq!(e[0].id, "cpp");
        assert_eq!(e[0].span.line, 2);
        let e = load_text("#error stop here\n").unwrap_err().0;
        assert_eq!(e[0].span.line, 1);
    }
}
