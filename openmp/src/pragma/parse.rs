//! Parsing `#pragma omp` lines. The text is the original pragma with comments and line splices
//! blanked, so token offsets are offsets in the original file.

use super::ast::*;
use crate::error::FrontError;
use crate::spec::{Ident, Origin};
use viper::Span;

/// Directives of OpenMP that ompv does not handle (yet): an `unsupported` error, not a syntax error.
const UNSUPPORTED_DIRECTIVES: &[&str] = &[
    "task",
    "taskwait",
    "taskyield",
    "taskloop",
    "taskgroup",
    "critical",
    "atomic",
    "barrier",
    "master",
    "masked",
    "ordered",
    "target",
    "teams",
    "distribute",
    "flush",
    "threadprivate",
    "declare",
    "cancel",
    "cancellation",
    "scope",
    "loop",
    "requires",
    "allocate",
    "depobj",
    "scan",
    "tile",
    "unroll",
    "error",
    "nothing",
    "metadirective",
    "assume",
    "assumes",
    "interop",
    "dispatch",
    "workshare",
];

/// Clauses of OpenMP that ompv does not handle (yet).
const UNSUPPORTED_CLAUSES: &[&str] = &[
    "if",
    "proc_bind",
    "copyin",
    "lastprivate",
    "linear",
    "aligned",
    "safelen",
    "ordered",
    "copyprivate",
    "allocate",
    "order",
    "nontemporal",
    "untied",
    "final",
    "mergeable",
    "depend",
    "priority",
    "grainsize",
    "num_tasks",
    "nogroup",
    "device",
    "map",
    "dist_schedule",
    "inclusive",
    "exclusive",
    "in_reduction",
    "task_reduction",
    "uniform",
    "inbranch",
    "notinbranch",
    "filter",
    "allocator",
    "detach",
    "affinity",
    "bind",
    "num_teams",
    "thread_limit",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Word,
    Number,
    Punct,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Tok,
    start: usize,
    end: usize,
}

fn tokenize(text: &str) -> Vec<Token> {
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
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            Tok::Number
        } else {
            // Two-character operators used in reductions.
            let two = &b[i..(i + 2).min(b.len())];
            i += if two == b"&&" || two == b"||" { 2 } else { 1 };
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

struct P<'a> {
    text: &'a str,
    toks: Vec<Token>,
    pos: usize,
    origin: Origin<'a>,
}

impl<'a> P<'a> {
    fn peek(&self) -> Option<Token> {
        self.toks.get(self.pos).copied()
    }

    fn s(&self, t: Token) -> &'a str {
        &self.text[t.start..t.end]
    }

    fn span(&self, start: usize, end: usize) -> Span {
        self.origin.source.span(
            self.origin.file,
            self.origin.base + start,
            self.origin.base + end,
        )
    }

    fn tspan(&self, t: Token) -> Span {
        self.span(t.start, t.end)
    }

    /// Span for "here": the next token, or the end of the pragma.
    fn here(&self) -> Span {
        match self.peek() {
            Some(t) => self.tspan(t),
            None => {
                let end = self.text.trim_end().len();
                self.span(end, end)
            }
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(t) => format!("`{}`", self.s(t)),
            None => "the end of the pragma".into(),
        }
    }

    fn eat(&mut self, punct: &str) -> bool {
        if self.peek().is_some_and(|t| self.s(t) == punct) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, punct: &str, after: &str) -> Result<Token, FrontError> {
        match self.peek() {
            Some(t) if self.s(t) == punct => {
                self.pos += 1;
                Ok(t)
            }
            _ => Err(FrontError::omp_syntax(
                self.here(),
                format!("expected `{punct}` {after}, found {}", self.found()),
            )),
        }
    }

    fn word(&mut self) -> Option<(Token, &'a str)> {
        match self.peek() {
            Some(t) if t.kind == Tok::Word => {
                self.pos += 1;
                Some((t, self.s(t)))
            }
            _ => None,
        }
    }

    /// An expression argument: the tokens up to `,` or `)` at parenthesis depth 0.
    fn raw_expr(&mut self, what: &str) -> Result<RawExpr, FrontError> {
        let first = self.pos;
        let mut depth = 0usize;
        while let Some(t) = self.peek() {
            let s = self.s(t);
            if depth == 0 && (s == "," || s == ")") {
                break;
            }
            if s == "(" {
                depth += 1;
            } else if s == ")" {
                depth -= 1;
            }
            self.pos += 1;
        }
        if self.pos == first {
            return Err(FrontError::omp_syntax(
                self.here(),
                format!("expected {what}, found {}", self.found()),
            ));
        }
        let (a, b) = (self.toks[first], self.toks[self.pos - 1]);
        let text = self.text[a.start..b.end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        Ok(RawExpr {
            text,
            span: self.span(a.start, b.end),
        })
    }

    /// `( a, b, c )`: a list of variable names.
    fn var_list(&mut self, clause: &str) -> Result<Vec<Ident>, FrontError> {
        let mut vars = Vec::new();
        loop {
            match self.word() {
                Some((t, name)) => vars.push(Ident {
                    name: name.to_string(),
                    span: self.tspan(t),
                }),
                None => {
                    return Err(FrontError::omp_syntax(
                        self.here(),
                        format!(
                            "expected a variable name in `{clause}`, found {}",
                            self.found()
                        ),
                    ))
                }
            }
            if !self.eat(",") {
                break;
            }
        }
        self.expect(")", &format!("to close `{clause}(`"))?;
        Ok(vars)
    }
}

/// Parses one pragma; `text` starts at its `#`.
pub fn parse_pragma(text: &str, origin: Origin<'_>, line: u32) -> Result<Pragma, FrontError> {
    let mut p = P {
        text,
        toks: tokenize(text),
        pos: 0,
        origin,
    };
    p.expect("#", "")?;
    match p.word() {
        Some((_, "pragma")) => {}
        _ => return Err(FrontError::omp_syntax(p.here(), "expected `pragma`")),
    }
    match p.word() {
        Some((_, "omp")) => {}
        _ => return Err(FrontError::omp_syntax(p.here(), "expected `omp`")),
    }
    let (directive, directive_span) = parse_directive(&mut p)?;
    let mut clauses: Vec<Clause> = Vec::new();
    while p.peek().is_some() {
        if !clauses.is_empty() {
            p.eat(",");
        }
        let clause = parse_clause(&mut p, directive)?;
        let unique = !matches!(
            clause.kind,
            ClauseKind::Private(_)
                | ClauseKind::Firstprivate(_)
                | ClauseKind::Shared(_)
                | ClauseKind::Reduction { .. }
        );
        if unique
            && clauses
                .iter()
                .any(|c| c.kind.keyword() == clause.kind.keyword())
        {
            return Err(FrontError::omp_syntax(
                clause.span,
                format!("clause `{}` appears twice", clause.kind.keyword()),
            ));
        }
        clauses.push(clause);
    }
    Ok(Pragma {
        directive,
        clauses,
        span: p.span(0, text.trim_end().len()),
        directive_span,
        line,
    })
}

fn parse_directive(p: &mut P<'_>) -> Result<(Directive, Span), FrontError> {
    let Some((first, w)) = p.word() else {
        return Err(FrontError::omp_syntax(
            p.here(),
            format!("expected an OpenMP directive, found {}", p.found()),
        ));
    };
    let mut last = first;
    let next_is = |p: &mut P<'_>, word: &str, last: &mut Token| -> bool {
        match p.peek() {
            Some(t) if p.s(t) == word => {
                p.pos += 1;
                *last = t;
                true
            }
            _ => false,
        }
    };
    let d = match w {
        "parallel" => {
            if next_is(p, "for", &mut last) {
                if next_is(p, "simd", &mut last) {
                    Directive::ParallelForSimd
                } else {
                    Directive::ParallelFor
                }
            } else if next_is(p, "sections", &mut last) {
                Directive::ParallelSections
            } else {
                if let Some(t) = p.peek() {
                    let s = p.s(t);
                    if UNSUPPORTED_DIRECTIVES.contains(&s) {
                        return Err(FrontError::unsupported(
                            p.span(first.start, t.end),
                            format!("OpenMP directive `parallel {s}` is not supported"),
                        ));
                    }
                }
                Directive::Parallel
            }
        }
        "for" => {
            if next_is(p, "simd", &mut last) {
                Directive::ForSimd
            } else {
                Directive::For
            }
        }
        "simd" => Directive::Simd,
        "sections" => Directive::Sections,
        "section" => Directive::Section,
        "single" => Directive::Single,
        other if UNSUPPORTED_DIRECTIVES.contains(&other) => {
            return Err(FrontError::unsupported(
                p.tspan(first),
                format!("OpenMP directive `{other}` is not supported"),
            ))
        }
        other => {
            let mut known = vec!["parallel", "for", "simd", "sections", "section", "single"];
            known.extend(UNSUPPORTED_DIRECTIVES);
            return Err(FrontError::omp_syntax(
                p.tspan(first),
                format!(
                    "unknown OpenMP directive `{other}`{}",
                    crate::suggest::hint(other, &known)
                ),
            ));
        }
    };
    Ok((d, p.span(first.start, last.end)))
}

/// Whether `clause` may appear on `d` (OpenMP 4.5, restricted to the clauses ompv knows).
fn allowed(d: Directive, clause: &str) -> bool {
    const PARALLEL: &[&str] = &[
        "num_threads",
        "default",
        "private",
        "firstprivate",
        "shared",
        "reduction",
    ];
    const FOR: &[&str] = &[
        "private",
        "firstprivate",
        "reduction",
        "schedule",
        "collapse",
        "nowait",
    ];
    const SIMD: &[&str] = &["simdlen", "collapse", "private", "reduction"];
    const SECTIONS: &[&str] = &["private", "firstprivate", "reduction", "nowait"];
    const SINGLE: &[&str] = &["private", "firstprivate", "nowait"];
    let any = |lists: &[&[&str]]| lists.iter().any(|l| l.contains(&clause));
    match d {
        Directive::Parallel => any(&[PARALLEL]),
        Directive::For => any(&[FOR]),
        Directive::Simd => any(&[SIMD]),
        Directive::ForSimd => any(&[FOR, SIMD]),
        Directive::ParallelFor => clause != "nowait" && any(&[PARALLEL, FOR]),
        Directive::ParallelForSimd => clause != "nowait" && any(&[PARALLEL, FOR, SIMD]),
        Directive::Sections => any(&[SECTIONS]),
        Directive::ParallelSections => clause != "nowait" && any(&[PARALLEL, SECTIONS]),
        Directive::Section => false,
        Directive::Single => any(&[SINGLE]),
    }
}

fn parse_clause(p: &mut P<'_>, d: Directive) -> Result<Clause, FrontError> {
    let Some((t, name)) = p.word() else {
        return Err(FrontError::omp_syntax(
            p.here(),
            format!("expected a clause, found {}", p.found()),
        ));
    };
    const KNOWN: &[&str] = &[
        "nowait",
        "schedule",
        "private",
        "firstprivate",
        "shared",
        "default",
        "num_threads",
        "simdlen",
        "collapse",
        "reduction",
    ];
    if UNSUPPORTED_CLAUSES.contains(&name) {
        return Err(FrontError::unsupported(
            p.tspan(t),
            format!("OpenMP clause `{name}` is not supported"),
        ));
    }
    if !KNOWN.contains(&name) {
        let mut known = KNOWN.to_vec();
        known.extend(UNSUPPORTED_CLAUSES);
        return Err(FrontError::omp_syntax(
            p.tspan(t),
            format!(
                "unknown OpenMP clause `{name}`{}",
                crate::suggest::hint(name, &known)
            ),
        ));
    }
    if !allowed(d, name) {
        return Err(FrontError::omp_syntax(
            p.tspan(t),
            format!("clause `{name}` is not allowed on `omp {}`", d.name()),
        ));
    }
    let kind = if name == "nowait" {
        ClauseKind::Nowait
    } else {
        p.expect("(", &format!("after `{name}`"))?;
        match name {
            "schedule" => {
                let kt = p.peek().filter(|t| t.kind == Tok::Word);
                let kind = match kt.map(|t| p.s(t)) {
                    Some("static") => ScheduleKind::Static,
                    Some("dynamic") => ScheduleKind::Dynamic,
                    Some("guided") => ScheduleKind::Guided,
                    Some("auto") => ScheduleKind::Auto,
                    Some("runtime") => ScheduleKind::Runtime,
                    Some(w @ ("monotonic" | "nonmonotonic" | "simd")) => {
                        return Err(FrontError::unsupported(
                            p.here(),
                            format!("schedule modifier `{w}` is not supported"),
                        ))
                    }
                    _ => {
                        return Err(FrontError::omp_syntax(
                            p.here(),
                            format!(
                                "expected a schedule kind (static, dynamic, guided, auto, runtime), found {}",
                                p.found()
                            ),
                        ))
                    }
                };
                p.pos += 1;
                let chunk = if p.eat(",") {
                    Some(p.raw_expr("a chunk size")?)
                } else {
                    None
                };
                p.expect(")", "to close `schedule(`")?;
                ClauseKind::Schedule { kind, chunk }
            }
            "private" => ClauseKind::Private(p.var_list(name)?),
            "firstprivate" => ClauseKind::Firstprivate(p.var_list(name)?),
            "shared" => ClauseKind::Shared(p.var_list(name)?),
            "default" => {
                let k = match p.word() {
                    Some((_, "shared")) => DefaultKind::Shared,
                    Some((_, "none")) => DefaultKind::None,
                    Some((k, w @ ("private" | "firstprivate"))) => {
                        return Err(FrontError::unsupported(
                            p.tspan(k),
                            format!("`default({w})` is not supported"),
                        ))
                    }
                    _ => {
                        return Err(FrontError::omp_syntax(
                            p.here(),
                            format!("expected `shared` or `none`, found {}", p.found()),
                        ))
                    }
                };
                p.expect(")", "to close `default(`")?;
                ClauseKind::Default(k)
            }
            "reduction" => {
                let op_tok = p.peek();
                let op = match op_tok.map(|t| p.s(t)) {
                    Some("+") => ReductionOp::Add,
                    Some("-") => ReductionOp::Sub,
                    Some("*") => ReductionOp::Mul,
                    Some("&") => ReductionOp::BitAnd,
                    Some("|") => ReductionOp::BitOr,
                    Some("^") => ReductionOp::BitXor,
                    Some("&&") => ReductionOp::And,
                    Some("||") => ReductionOp::Or,
                    Some("min") => ReductionOp::Min,
                    Some("max") => ReductionOp::Max,
                    _ => {
                        return Err(FrontError::omp_syntax(
                            p.here(),
                            format!("expected a reduction operator, found {}", p.found()),
                        ))
                    }
                };
                p.pos += 1;
                p.expect(":", "after the reduction operator")?;
                ClauseKind::Reduction {
                    op,
                    vars: p.var_list(name)?,
                }
            }
            _ => {
                let what = match name {
                    "num_threads" => "a number of threads",
                    "simdlen" => "a vector length",
                    _ => "a loop count",
                };
                let e = p.raw_expr(what)?;
                p.expect(")", &format!("to close `{name}(`"))?;
                match name {
                    "num_threads" => ClauseKind::NumThreads(e),
                    "simdlen" => ClauseKind::Simdlen(e),
                    _ => ClauseKind::Collapse(e),
                }
            }
        }
    };
    let end = p.toks[p.pos - 1].end;
    Ok(Clause {
        kind,
        span: p.span(t.start, end),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use viper::{FileId, SourceFile};

    fn parse(src: &str) -> Result<Pragma, FrontError> {
        let f = SourceFile::new("t.c", src);
        parse_pragma(
            src,
            Origin {
                file: FileId(0),
                source: &f,
                base: 0,
            },
            1,
        )
    }

    fn err(src: &str) -> (ErrorKind, u32, u32, String) {
        let e = parse(src).unwrap_err();
        (e.kind, e.span.line, e.span.column, e.message)
    }

    #[test]
    fn directives() {
        let cases = [
            ("#pragma omp parallel", Directive::Parallel),
            ("#pragma omp for", Directive::For),
            ("#pragma omp parallel for", Directive::ParallelFor),
            ("#pragma omp simd", Directive::Simd),
            ("#pragma omp for simd", Directive::ForSimd),
            ("#pragma omp parallel for simd", Directive::ParallelForSimd),
            ("#pragma omp sections", Directive::Sections),
            ("#pragma omp parallel sections", Directive::ParallelSections),
            ("#pragma omp section", Directive::Section),
            ("#pragma omp single", Directive::Single),
            (
                "  #  pragma   omp   parallel   for  ",
                Directive::ParallelFor,
            ),
        ];
        for (src, d) in cases {
            assert_eq!(parse(src).unwrap().directive, d, "{src}");
        }
    }

    #[test]
    fn clauses() {
        let p = parse("#pragma omp parallel for schedule(static, N/4) private(a, b), firstprivate(c) shared(d) default(none) num_threads(4) reduction(+: s) collapse(1)").unwrap();
        let shown: Vec<String> = p.clauses.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            shown,
            [
                "schedule(static, N/4)",
                "private(a, b)",
                "firstprivate(c)",
                "shared(d)",
                "default(none)",
                "num_threads(4)",
                "reduction(+: s)",
                "collapse(1)"
            ]
        );
        assert_eq!(p.schedule(), Some((ScheduleKind::Static, Some("N/4"))));
        assert!(!p.nowait());
        let q = parse("#pragma omp for schedule(dynamic) nowait").unwrap();
        assert!(q.nowait());
        assert_eq!(q.schedule(), Some((ScheduleKind::Dynamic, None)));
        let s = parse("#pragma omp simd simdlen(M)").unwrap();
        assert_eq!(s.clauses[0].to_string(), "simdlen(M)");
        let r = parse("#pragma omp for reduction(max:m) reduction(&&: ok)").unwrap();
        assert_eq!(r.clauses.len(), 2);
    }

    #[test]
    fn clause_spans() {
        let p = parse("#pragma omp for  schedule( static )\tnowait").unwrap();
        assert_eq!(p.clauses[0].span.column, 18);
        assert_eq!(p.clauses[1].span.column, 37);
        assert_eq!(p.directive_span.column, 13);
    }

    #[test]
    fn unsupported_directives_and_clauses() {
        assert_eq!(
            err("#pragma omp task"),
            (
                ErrorKind::Unsupported,
                1,
                13,
                "OpenMP directive `task` is not supported".into()
            )
        );
        assert_eq!(err("#pragma omp critical").0, ErrorKind::Unsupported);
        assert_eq!(err("#pragma omp atomic update").0, ErrorKind::Unsupported);
        assert_eq!(err("#pragma omp barrier").0, ErrorKind::Unsupported);
        assert_eq!(err("#pragma omp parallel master").0, ErrorKind::Unsupported);
        assert_eq!(
            err("#pragma omp for lastprivate(x)"),
            (
                ErrorKind::Unsupported,
                1,
                17,
                "OpenMP clause `lastprivate` is not supported".into()
            )
        );
        assert_eq!(err("#pragma omp parallel if(n > 10)").2, 22);
    }

    #[test]
    fn misspelt_directives_and_clauses_get_a_hint() {
        let m = err("#pragma omp parralel for").3;
        assert!(m.contains("did you mean `parallel`?"), "{m}");
        let m = err("#pragma omp parallel for shedule(static)").3;
        assert!(m.contains("did you mean `schedule`?"), "{m}");
        let m = err("#pragma omp for nowiat").3;
        assert!(m.contains("did you mean `nowait`?"), "{m}");
        let m = err("#pragma omp frobnicate").3;
        assert!(!m.contains("did you mean"), "{m}");
    }

    #[test]
    fn malformed_pragmas() {
        let (k, l, c, m) = err("#pragma omp parallel for schedule(statik)");
        assert_eq!((k, l, c), (ErrorKind::Syntax, 1, 35));
        assert!(m.contains("schedule kind"), "{m}");
        let (k, _, c, m) = err("#pragma omp for schedule(static");
        assert_eq!((k, c), (ErrorKind::Syntax, 32));
        assert!(m.contains("expected `)`"), "{m}");
        let (k, _, c, m) = err("#pragma omp parralel");
        assert_eq!((k, c), (ErrorKind::Syntax, 13));
        assert!(m.contains("unknown OpenMP directive"), "{m}");
        let (k, _, c, m) = err("#pragma omp parallel nowait");
        assert_eq!((k, c), (ErrorKind::Syntax, 22));
        assert!(m.contains("not allowed"), "{m}");
        let (k, _, c, _) = err("#pragma omp for nowait nowait");
        assert_eq!((k, c), (ErrorKind::Syntax, 24));
        let (k, _, c, _) = err("#pragma omp for private()");
        assert_eq!((k, c), (ErrorKind::Syntax, 25));
        let (k, _, c, _) = err("#pragma omp for foo");
        assert_eq!((k, c), (ErrorKind::Syntax, 17));
        let (k, _, _, _) = err("#pragma omp");
        assert_eq!(k, ErrorKind::Syntax);
        let (k, _, c, _) = err("#pragma omp parallel for nowait");
        assert_eq!((k, c), (ErrorKind::Syntax, 26));
    }

    #[test]
    fn multi_line_pragma_positions() {
        // As handed over by extraction: the splice is blanked, the newline kept.
        let src = "#pragma omp for  \n    schedule(static) nowait";
        let p = parse(src).unwrap();
        assert_eq!((p.clauses[0].span.line, p.clauses[0].span.column), (2, 5));
        assert_eq!((p.clauses[1].span.line, p.clauses[1].span.column), (2, 22));
    }
}
