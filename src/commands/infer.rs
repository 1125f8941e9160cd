//! `ompv infer FILE.c`: the file with every specification ompv infers written in, as VerCors-style
//! comments at the places a user would write them (function contracts before the function,
//! iteration contracts after the loop header, loop invariants before inner loops). Constructs left
//! without a specification are named on stderr. The output verifies as the input does: the
//! written specifications are then the user's, and checked.

use super::encode::failure_report;
use super::input;
use super::inputs;
use super::run::print_report;
use crate::cli::{Format, InferArgs};
use crate::exit::ExitCode;
use crate::output;
use viper::SourceMap;

pub fn run(args: &InferArgs) -> ExitCode {
    let input = inputs::one_c_file(&args.file);
    let name = input.name();
    let mut sources = SourceMap::new();
    let program = match input::load(&input, &args.build, &mut sources) {
        Ok(read) => {
            input::print_warnings(&name, &read.warnings);
            read.program
        }
        Err(failures) => {
            print_report(&failure_report(&name, sources, &failures), Format::Text);
            return ExitCode::InputError;
        }
    };
    // The user's file is the first one registered.
    let Some(file) = sources.get(viper::FileId(0)) else {
        return ExitCode::InputError;
    };
    output::out(&with_insertions(file.text(), &program.inference.insertions));
    for (at, why) in &program.inference.missing {
        output::errln(&format!("{name}:{}:{}: note: {why}", at.line, at.column));
    }
    ExitCode::Verified
}

/// `text` with each insertion's text placed at its byte offset (several at one offset in order),
/// laid out as the code around it: a line an insertion starts gets the indentation of the line
/// it is inserted into, and the further lines of a `/*@ … @*/` comment line up under its first
/// clause.
pub fn with_insertions(text: &str, insertions: &[openmp::infer::Insertion]) -> String {
    let mut sorted: Vec<&openmp::infer::Insertion> = insertions
        .iter()
        .filter(|i| i.offset <= text.len() && text.is_char_boundary(i.offset))
        .collect();
    sorted.sort_by_key(|i| i.offset);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for i in sorted {
        out.push_str(&text[at..i.offset]);
        let line_start = text[..i.offset].rfind('\n').map_or(0, |k| k + 1);
        let indent: String = text[line_start..]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect();
        let next_is_newline = text[i.offset..].starts_with('\n');
        lay_out(&i.text, &indent, next_is_newline, &mut out);
        at = i.offset;
    }
    out.push_str(&text[at..]);
    out
}

/// Appends `insertion` to `out`, indenting each line it starts with `indent`, or, inside a
/// specification comment, under the comment's first clause. No line gets trailing blanks.
fn lay_out(insertion: &str, indent: &str, next_is_newline: bool, out: &mut String) {
    let mut comment: Option<String> = None;
    let mut rest = insertion;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("/*@ ") {
            // The column of the first clause, as blanks (tabs kept, so that it lines up).
            let line = &out[out.rfind('\n').map_or(0, |k| k + 1)..];
            let mut under: String = line
                .chars()
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            under.push_str("    ");
            comment = Some(under);
            out.push_str("/*@ ");
            rest = &rest[4..];
            continue;
        }
        if rest.starts_with("@*/") {
            comment = None;
            out.push_str("@*/");
            rest = &rest[3..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
        if c == '\n' {
            let line_follows = match rest.chars().next() {
                Some(n) => n != '\n',
                None => !next_is_newline,
            };
            if line_follows {
                out.push_str(comment.as_deref().unwrap_or(indent));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use openmp::infer::Insertion;

    fn insert(text: &str, at: &[(&str, &str)]) -> String {
        let insertions: Vec<Insertion> = at
            .iter()
            .map(|(before, t)| Insertion {
                offset: text.find(before).expect("the place"),
                text: t.to_string(),
            })
            .collect();
        with_insertions(text, &insertions)
    }

    #[test]
    fn insertions_keep_the_indentation_and_clauses_line_up() {
        let text = "int f(void)\n{\n    #pragma omp single\n    g();\n    return 0;\n}\n";
        let braced = insert(
            text,
            &[
                (
                    "g();",
                    "{ /*@ context Perm(a, 1\\2);\ncontext Perm(b, 1\\2); @*/\n",
                ),
                ("\n    return", "\n}"),
            ],
        );
        assert_eq!(
            braced,
            "int f(void)\n{\n    #pragma omp single\n    { /*@ context Perm(a, 1\\2);\n          \
             context Perm(b, 1\\2); @*/\n    g();\n    }\n    return 0;\n}\n"
        );
        // A function contract before a function at the start of a line.
        let contract = insert(
            "void f(void) {}\n",
            &[("void", "/*@ requires true;\nensures true; @*/\n")],
        );
        assert_eq!(
            contract,
            "/*@ requires true;\n    ensures true; @*/\nvoid f(void) {}\n"
        );
    }
}
