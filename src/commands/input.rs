//! Reading a C file and turning it into the Viper program that `ompv verify` checks; shared by
//! `ompv encode` and `ompv verify`.

use crate::cli::BuildArgs;
use crate::flags;
use crate::input::Input;
use openmp::lower::Lowered;
use viper::{SourceMap, Span};

/// A problem with the input: kind (`syntax`, `unsupported`, `type`, `io`, `internal`), finer id,
/// position and message. An error, or one of the warnings of a [`Read`].
#[derive(Clone, Debug)]
pub struct InputFailure {
    pub kind: &'static str,
    pub id: String,
    pub span: Span,
    pub message: String,
}

/// A C input, read and parsed, with the warnings reading it gave.
pub struct Read<P> {
    pub program: P,
    pub warnings: Vec<InputFailure>,
    /// How it was built (its flags and the directory cpp ran in).
    pub build: openmp::Build,
}

/// Reads, preprocesses and parses a C input (registered in `sources` under its name), built as
/// `build` says.
pub fn load(
    input: &Input,
    build: &BuildArgs,
    sources: &mut SourceMap,
) -> Result<Read<openmp::Program>, Vec<InputFailure>> {
    load_with(input, build, sources, openmp::parse_file)
}

/// The C front end that reads a file: with its regions built and its specifications inferred
/// (`openmp::parse_file`, giving an `openmp::Program`) or as a plain C program
/// (`openmp::parse_c`, giving an `openmp::c::Program`).
pub type Parse<P> =
    fn(&mut SourceMap, viper::FileId, &openmp::Build) -> Result<P, openmp::FrontErrors>;

/// Like [`load`], with the front end `parse`.
pub fn load_with<P>(
    input: &Input,
    build: &BuildArgs,
    sources: &mut SourceMap,
    parse: Parse<P>,
) -> Result<Read<P>, Vec<InputFailure>> {
    let usage_or_io = |message: String| {
        let kind = if matches!(input, Input::Invalid { .. }) {
            "usage"
        } else {
            "io"
        };
        vec![InputFailure {
            kind,
            id: format!("{kind}.error"),
            span: Span::DUMMY,
            message,
        }]
    };
    let bytes = input.read_bytes().map_err(usage_or_io)?;
    let how = flags::build_of(build, input).map_err(|message| {
        vec![InputFailure {
            kind: "usage",
            id: "usage.error".into(),
            span: Span::DUMMY,
            message,
        }]
    })?;
    let (text, latin1) = decode(bytes);
    let file = sources.add(input.name(), text);
    let mut warnings = Vec::new();
    if let (Some(at), Some(src)) = (latin1, sources.get(file)) {
        let char_at = |k: usize| {
            let len = src.text()[k..].chars().next().map_or(0, char::len_utf8);
            src.span(file, k, k + len)
        };
        if let Some(o) = outside_comments(src.text()) {
            // A literal's bytes are its value: read as Latin-1 they would be other bytes (and
            // a string another length) than the compiler sees.
            return Err(vec![InputFailure {
                kind: "unsupported",
                id: "unsupported.encoding".into(),
                span: char_at(o),
                message: "a byte that is not UTF-8 outside a comment: ompv reads such bytes \
                          only in comments (as ISO-8859-1)"
                    .into(),
            }]);
        }
        warnings.push(InputFailure {
            kind: "io",
            id: "io.encoding".into(),
            span: char_at(at),
            message: format!(
                "{} is not UTF-8: read as ISO-8859-1 (its other bytes are all in comments)",
                input.name()
            ),
        });
    }
    let program = parse(sources, file, &how).map_err(|errs| {
        errs.0
            .into_iter()
            .map(|e| InputFailure {
                kind: e.kind.as_str(),
                id: e.id.to_string(),
                span: e.span,
                message: e.message,
            })
            .collect::<Vec<_>>()
    })?;
    Ok(Read {
        program,
        warnings,
        build: how,
    })
}

/// The warnings of a [`Read`], on standard error (for the commands whose standard output is
/// not a report).
pub fn print_warnings(name: &str, warnings: &[InputFailure]) {
    for w in warnings {
        let label =
            crate::output::color::paint(crate::output::color::get().stderr, "1;33", "warning");
        crate::output::errln(&format!(
            "{label}[{}]: {name}:{}:{}: {}",
            w.kind, w.span.line, w.span.column, w.message
        ));
    }
}

/// The text of a C file: UTF-8, or else ISO-8859-1 (every byte one character), with the offset
/// in the text of its first character that is not ASCII.
fn decode(bytes: Vec<u8>) -> (String, Option<usize>) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            let bytes = e.into_bytes();
            let text: String = bytes.iter().map(|&b| char::from(b)).collect();
            let at = text.find(|c: char| !c.is_ascii());
            (text, at)
        }
    }
}

/// The offset of the first character of `text` that is not ASCII and not in a comment.
fn outside_comments(text: &str) -> Option<usize> {
    let comments: Vec<_> = openmp::source::scan::scan(text)
        .into_iter()
        .filter(|p| p.is_comment())
        .collect();
    text.char_indices()
        .filter(|(_, c)| !c.is_ascii())
        .map(|(k, _)| k)
        .find(|k| !comments.iter().any(|p| (p.start..p.end).contains(k)))
}

/// Lowers a parsed program to Viper and type-checks the result. A generated program that does
/// not type-check is a bug of ompv, reported as an `internal` error (never verified).
pub fn lower(
    program: &openmp::Program,
    options: openmp::lower::Options,
) -> Result<Lowered, Vec<InputFailure>> {
    let mut lowered = openmp::lower::lower_with(program, options).map_err(|errs| {
        errs.0
            .into_iter()
            .map(|e| InputFailure {
                kind: e.kind.as_str(),
                id: e.id.to_string(),
                span: e.span,
                message: e.message,
            })
            .collect::<Vec<_>>()
    })?;
    tracing::debug!(
        "generated Viper program:\n{}",
        viper::print(&lowered.program)
    );
    if let Err(errs) = viper::typecheck(&mut lowered.program) {
        return Err(errs
            .into_iter()
            .map(|e| InputFailure {
                kind: "internal",
                id: "internal.error".into(),
                span: Span::DUMMY,
                message: format!(
                    "the generated Viper program does not type-check (a bug of ompv): {}",
                    e.message
                ),
            })
            .collect());
    }
    Ok(lowered)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_is_read_in_comments_only() {
        let (text, at) = decode(b"/* caf\xe9 */ int x;".to_vec());
        assert_eq!(text, "/* caf\u{e9} */ int x;");
        assert_eq!(at, Some(6));
        assert_eq!(outside_comments(&text), None);
        let (text, _) = decode(b"// ok\nchar *s = \"\xe9\";".to_vec());
        assert_eq!(outside_comments(&text), Some(17));
        assert_eq!(
            decode("int \u{e9};".as_bytes().to_vec()).1,
            None,
            "UTF-8 stays UTF-8"
        );
    }
}
