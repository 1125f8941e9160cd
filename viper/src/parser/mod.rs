//! The Viper parser: a `pest` grammar (`viper.pest`) and a builder that turns its parse tree into
//! the [`ast`](crate::ast).
//!
//! The parser resolves only what the syntax alone cannot express in the AST: `x := m(..)` becomes a
//! method call when a method `m` is declared in the file, names of the enclosing domain's type
//! parameters become [`Type::Var`](crate::ast::Type::Var), and `var a: T, b: U := m(..)` is split
//! into declarations followed by the call. Everything else is left to the type checker.
//!
//! The files of this folder are one unit: the `Builder`'s methods, split by the kind of syntax they
//! build (items, statements, expressions, ADTs, macros), call each other's.

mod adt;
mod builder;
mod depth;
mod desugar;
mod errors;
mod exprs;
mod grammar;
mod macros;
mod precedence;
mod stmts;

use crate::ast::Program;
use crate::{FileId, InputError, SourceFile, Span};
use std::path::{Path, PathBuf};

/// The name under which a `decreases` clause reaches the type checker (an application of it to
/// the clause's condition and measures, among the preconditions or loop invariants); the type
/// checker checks it and removes it. No Viper name contains a space.
pub const DECREASES: &str = "decreases clause";

/// Whether a domain is the encoding of an `adt` declaration (its last function is its tag
/// function, positioned at the declaration).
pub fn is_adt_domain(d: &crate::ast::Domain) -> bool {
    d.functions
        .last()
        .is_some_and(|f| f.span == d.span && f.name.name == format!("{}_tag", d.name.name))
}

/// The name of an inhale-exhale assertion `[A, B]` until it is resolved by its context.
pub(crate) const INHALE_EXHALE: &str = "inhale exhale";

/// Annotations that change what a program means or how it is verified; the others are ignored,
/// as Silicon ignores annotations it does not know.
const MEANINGFUL_ANNOTATIONS: &[&str] = &[
    "opaque",
    "reveal",
    "exhaleMode",
    "moreJoins",
    "stateConsolidationMode",
    "proverConfigArgs",
    "proverArgs",
];

/// A parsed file before its macros are expanded: the declarations, the macros, the imports.
struct Parsed {
    program: Program,
    macros: macros::Macros,
    imports: Vec<(Span, String, bool)>,
    adts: adt::Adts,
}

/// The deepest nesting of expressions and statements the parser accepts; deeper input is rejected
/// with a `parser.error` so that recursive consumers of the tree cannot exhaust their stack.
pub const MAX_NESTING: usize = 512;

/// Stack reserved for one parse: pest and the builder recurse once per bracket level.
const PARSE_STACK: usize = 64 * 1024 * 1024;

/// Parses a whole program; the text is registered as `file` in the spans of the result.
pub fn parse_program(text: &str, file: FileId) -> Result<Program, InputError> {
    let parsed = parse_one(text, file)?;
    let mut program = parsed.program;
    let mut macros = parsed.macros;
    let adts = parsed.adts;
    for (span, path, local) in parsed.imports {
        if local {
            return Err(InputError::unsupported(
                span,
                format!("`import \"{path}\"` needs the importing file's path (parse the file)"),
            ));
        }
        import_standard(&path, span, &mut program, &mut macros)?;
    }
    finish(program, &macros, &adts)
}

/// Parses the program in file `path` with the files it imports (`import "relative/path"`, each
/// file once); the text of `path` is registered as `file`, imported files as the following ids.
pub fn parse_file(path: &Path, text: &str, file: FileId) -> Result<Program, InputError> {
    let mut seen: Vec<PathBuf> = vec![path.canonicalize().unwrap_or_else(|_| path.to_path_buf())];
    let mut pending: Vec<(PathBuf, Parsed)> = vec![(path.to_path_buf(), parse_one(text, file)?)];
    let mut program = Program::default();
    let mut macros = macros::Macros::default();
    let mut adts = adt::Adts::default();
    let mut next_id = file.0 + 1;
    while let Some((from, parsed)) = pending.pop() {
        for (span, import, local) in &parsed.imports {
            if !local {
                import_standard(import, *span, &mut program, &mut macros)?;
                continue;
            }
            let dir = from.parent().unwrap_or(Path::new("."));
            let target = dir.join(import);
            let canonical = match target.canonicalize() {
                Ok(c) => c,
                Err(e) => {
                    return Err(InputError::parser(
                        *span,
                        format!("cannot import `{import}`: {e}"),
                    ))
                }
            };
            if seen.contains(&canonical) {
                continue;
            }
            seen.push(canonical);
            let text = std::fs::read_to_string(&target)
                .map_err(|e| InputError::parser(*span, format!("cannot import `{import}`: {e}")))?;
            let id = FileId(next_id);
            next_id += 1;
            pending.push((target, parse_one(&text, id)?));
        }
        // Imported declarations come first, as in Silver.
        let mut items = parsed.program.items;
        items.append(&mut program.items);
        program.items = items;
        macros.extend(parsed.macros);
        adts.extend(parsed.adts);
    }
    finish(program, &macros, &adts)
}

/// `import <library/file.vpr>`: the termination measures' library (`decreases/...`) declares
/// only what termination checks use, which the native back end does not make, so it is not
/// needed; any other file of Silver's standard library is not available.
fn import_standard(
    path: &str,
    span: Span,
    _program: &mut Program,
    _macros: &mut macros::Macros,
) -> Result<(), InputError> {
    if path.starts_with("decreases/") {
        return Ok(());
    }
    Err(InputError::unsupported(
        span,
        format!("`import <{path}>`: Silver's standard library is not available"),
    ))
}

/// Expands macros, resolves inhale-exhale assertions and checks the nesting depth.
fn finish(
    mut program: Program,
    macros: &macros::Macros,
    adts: &adt::Adts,
) -> Result<Program, InputError> {
    stacker::grow(PARSE_STACK, || {
        macros::expand(&mut program, macros)?;
        adt::rewrite(&mut program, adts)?;
        desugar::inhale_exhale(&mut program)?;
        depth::check(&program)?;
        Ok(program)
    })
}

fn parse_one(text: &str, file: FileId) -> Result<Parsed, InputError> {
    let source = SourceFile::new("", text);
    // A leading byte-order mark becomes blanks of the same length, so that offsets stay valid.
    let blanked;
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => {
            blanked = format!("   {rest}");
            blanked.as_str()
        }
        None => text,
    };
    stacker::grow(PARSE_STACK, || {
        let tree = grammar::parse(text).map_err(|e| errors::from_pest(&e, &source, file))?;
        for p in tree.clone().into_inner().flatten() {
            if p.as_rule() == grammar::Rule::annotation {
                let name: String = p.as_str()[1..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.'))
                    .collect();
                if MEANINGFUL_ANNOTATIONS.contains(&name.as_str()) {
                    let s = p.as_span();
                    return Err(InputError::unsupported(
                        source.span(file, s.start(), s.end()),
                        format!("the annotation `@{name}`"),
                    ));
                }
            }
        }
        let mut b = builder::Builder::new(&source, file);
        let program = b.program(tree)?;
        depth::check(&program)?;
        Ok(Parsed {
            program,
            macros: std::mem::take(&mut b.macros),
            imports: std::mem::take(&mut b.imports),
            adts: std::mem::take(&mut b.adts),
        })
    })
}

#[cfg(test)]
mod tests;
