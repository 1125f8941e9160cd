//! Parsing `#pragma omp` lines (OpenMP 5.2 §3.1: `#pragma omp directive-name [[,] clause]...`).
//! The text is the original pragma with comments and line splices blanked, so token offsets are
//! offsets in the original file.

use super::ast::*;
use super::directive::FORTRAN_ONLY;
use super::lexer::{tokenize, Tok, Token};
use super::rules;
use crate::error::FrontError;
use crate::spec::{Ident, Origin};
use viper::Span;

pub(crate) struct P<'a> {
    text: &'a str,
    toks: Vec<Token>,
    pos: usize,
    origin: Origin<'a>,
}

type R<T> = Result<T, FrontError>;

impl<'a> P<'a> {
    fn peek(&self) -> Option<Token> {
        self.toks.get(self.pos).copied()
    }

    fn peek_at(&self, k: usize) -> Option<Token> {
        self.toks.get(self.pos + k).copied()
    }

    fn s(&self, t: Token) -> &'a str {
        &self.text[t.start..t.end]
    }

    /// The text of the token `k` ahead, or "".
    fn ahead(&self, k: usize) -> &'a str {
        self.peek_at(k).map_or("", |t| self.s(t))
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

    fn err<T>(&self, msg: impl Into<String>) -> R<T> {
        Err(FrontError::omp_syntax(self.here(), msg))
    }

    fn eat(&mut self, punct: &str) -> bool {
        if self.peek().is_some_and(|t| self.s(t) == punct) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, punct: &str, after: &str) -> R<Token> {
        match self.peek() {
            Some(t) if self.s(t) == punct => {
                self.pos += 1;
                Ok(t)
            }
            _ => {
                let sep = if after.is_empty() { "" } else { " " };
                self.err(format!(
                    "expected `{punct}`{sep}{after}, found {}",
                    self.found()
                ))
            }
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

    fn ident(&mut self, what: &str) -> R<Ident> {
        match self.word() {
            Some((t, name)) => Ok(Ident {
                name: name.to_string(),
                span: self.tspan(t),
            }),
            None => self.err(format!("expected {what}, found {}", self.found())),
        }
    }

    /// Whether the next tokens are the word `w` followed by `next`.
    fn word_then(&self, w: &str, next: &str) -> bool {
        self.peek().is_some_and(|t| t.kind == Tok::Word)
            && self.ahead(0) == w
            && self.ahead(1) == next
    }

    /// A keyword from `from_name`'s set.
    fn keyword<K>(&mut self, what: &str, from_name: fn(&str) -> Option<K>) -> R<K> {
        if let Some(t) = self.peek().filter(|t| t.kind == Tok::Word) {
            if let Some(k) = from_name(self.s(t)) {
                self.pos += 1;
                return Ok(k);
            }
        }
        self.err(format!("expected {what}, found {}", self.found()))
    }

    /// Whether a `:` comes before the `)` that closes the current parenthesis.
    fn colon_ahead(&self) -> bool {
        let mut depth = 0usize;
        for t in &self.toks[self.pos..] {
            match self.s(*t) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" if depth == 0 => return false,
                ")" | "]" | "}" => depth -= 1,
                ":" if depth == 0 => return true,
                _ => {}
            }
        }
        false
    }

    /// An expression: the tokens up to one of `stops` at bracket depth 0 (a `)`, `]` or `}`
    /// closing an enclosing bracket always stops).
    fn raw_until(&mut self, stops: &[&str], what: &str) -> R<RawExpr> {
        self.raw_opt(stops)?.map_or_else(
            || self.err(format!("expected {what}, found {}", self.found())),
            Ok,
        )
    }

    fn raw_opt(&mut self, stops: &[&str]) -> R<Option<RawExpr>> {
        let first = self.pos;
        let mut depth = 0usize;
        while let Some(t) = self.peek() {
            let s = self.s(t);
            if depth == 0 && (stops.contains(&s) || matches!(s, ")" | "]" | "}")) {
                break;
            }
            match s {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth -= 1,
                _ => {}
            }
            self.pos += 1;
        }
        if self.pos == first {
            return Ok(None);
        }
        Ok(Some(self.raw_between(first, self.pos)))
    }

    /// The tokens `first..last` as a raw expression.
    fn raw_between(&self, first: usize, last: usize) -> RawExpr {
        let (a, b) = (self.toks[first], self.toks[last - 1]);
        RawExpr {
            text: normalise(&self.text[a.start..b.end]),
            span: self.span(a.start, b.end),
        }
    }

    /// An expression up to `,` or `)`.
    fn expr(&mut self, what: &str) -> R<RawExpr> {
        self.raw_until(&[","], what)
    }

    /// Everything up to the `)` closing the current parenthesis (commas and colons included).
    fn content(&mut self) -> R<Option<RawExpr>> {
        self.raw_opt(&[])
    }

    /// A list item (§3.2.1): `*`… `([d]…)` name then `[…]`, `.f`, `->f`.
    fn list_item(&mut self, clause: &str) -> R<ListItem> {
        let first = self.pos;
        let mut derefs = 0;
        while self.eat("*") {
            derefs += 1;
        }
        let mut shape = Vec::new();
        if self.ahead(0) == "(" && self.ahead(1) == "[" {
            self.pos += 1;
            while self.eat("[") {
                shape.push(self.raw_until(&["]"], "an array dimension")?);
                self.expect("]", "to close the array dimension")?;
            }
            self.expect(")", "after the array shape")?;
        }
        let base = match self.word() {
            Some((t, name)) => Ident {
                name: name.to_string(),
                span: self.tspan(t),
            },
            None => {
                return self.err(format!(
                    "expected a variable name in `{clause}`, found {}",
                    self.found()
                ))
            }
        };
        let mut designators = Vec::new();
        loop {
            if self.eat(".") {
                designators.push(Designator::Member(self.ident("a member name after `.`")?));
            } else if self.eat("->") {
                designators.push(Designator::Arrow(self.ident("a member name after `->`")?));
            } else if let Some(open) = self.peek().filter(|t| self.s(*t) == "[") {
                self.pos += 1;
                let lower = self.raw_opt(&[":"])?;
                if self.eat(":") {
                    let length = self.raw_opt(&[":"])?;
                    let stride = if self.eat(":") {
                        Some(self.raw_until(&[], "a stride")?)
                    } else {
                        None
                    };
                    let close = self.expect("]", "to close the array section")?;
                    designators.push(Designator::Section {
                        lower,
                        length,
                        stride,
                        span: self.span(open.start, close.end),
                    });
                } else {
                    let Some(index) = lower else {
                        return self.err("expected an index or an array section");
                    };
                    self.expect("]", "to close the subscript")?;
                    designators.push(Designator::Index(index));
                }
            } else {
                break;
            }
        }
        let e = self.raw_between(first, self.pos);
        Ok(ListItem {
            text: e.text,
            span: e.span,
            base,
            derefs,
            shape,
            designators,
        })
    }

    /// `item, item, …` (up to `)` or `:`).
    fn items(&mut self, clause: &str, variables_only: bool) -> R<Vec<ListItem>> {
        let mut items = Vec::new();
        loop {
            let item = self.list_item(clause)?;
            if variables_only && !item.is_variable() {
                return Err(FrontError::omp_syntax(
                    item.span,
                    format!(
                        "`{}` in `{clause}` must be a variable name (OpenMP 5.2 §5.4: a part of \
                         another variable, such as an array element or a member, cannot appear here)",
                        item.text
                    ),
                ));
            }
            items.push(item);
            if !self.eat(",") {
                return Ok(items);
            }
        }
    }

    /// `(item, …)`.
    fn list_clause(&mut self, clause: &str, variables_only: bool) -> R<Vec<ListItem>> {
        let items = self.items(clause, variables_only)?;
        self.close(clause)?;
        Ok(items)
    }

    fn close(&mut self, clause: &str) -> R<Token> {
        self.expect(")", &format!("to close `{clause}(`"))
    }

    /// A reduction identifier followed by `:`.
    fn reduction_id(&mut self) -> R<ReductionId> {
        let t = self.peek();
        let op = ReductionOp::ALL
            .iter()
            .find(|op| t.is_some_and(|t| self.s(t) == op.symbol()));
        let id = match (op, t) {
            (Some(op), _) => {
                self.pos += 1;
                ReductionId::Op(*op)
            }
            (None, Some(t)) if t.kind == Tok::Word => {
                self.pos += 1;
                ReductionId::User(Ident {
                    name: self.s(t).to_string(),
                    span: self.tspan(t),
                })
            }
            _ => {
                return self.err(format!(
                    "expected a reduction operator, found {}",
                    self.found()
                ))
            }
        };
        self.expect(":", "after the reduction operator")?;
        Ok(id)
    }

    /// `iterator(…)` as text, if next.
    fn iterator(&mut self) -> R<Option<RawExpr>> {
        if !self.word_then("iterator", "(") {
            return Ok(None);
        }
        self.pos += 2;
        let e = self.raw_until(&[], "iterator definitions")?;
        self.close("iterator")?;
        Ok(Some(e))
    }

    /// Modifiers of `map`, `to`, `from`, each followed by an optional `,`.
    fn map_modifiers(&mut self, words: &[&str]) -> R<Vec<MapModifier>> {
        let mut out = Vec::new();
        loop {
            let w = self.ahead(0);
            let next = self.ahead(1);
            let next_is_word = self.peek_at(1).is_some_and(|t| t.kind == Tok::Word);
            let m = if words.contains(&w) && (matches!(next, "," | ":") || next_is_word) {
                self.pos += 1;
                match w {
                    "always" => MapModifier::Always,
                    "close" => MapModifier::Close,
                    _ => MapModifier::Present,
                }
            } else if w == "mapper" && next == "(" {
                self.pos += 2;
                let id = self.ident("a mapper identifier")?;
                self.close("mapper")?;
                MapModifier::Mapper(id)
            } else if let Some(e) = self.iterator()? {
                MapModifier::Iterator(e)
            } else {
                return Ok(out);
            };
            out.push(m);
            self.eat(",");
        }
    }

    /// An iteration vector of `sink`: `var [± offset], …`.
    fn sink_vector(&mut self) -> R<Vec<SinkTerm>> {
        let mut out = Vec::new();
        loop {
            let var = self.ident("a loop iteration variable")?;
            let offset = if let Some(sign) = self.peek().filter(|t| matches!(self.s(*t), "+" | "-"))
            {
                self.pos += 1;
                let rest = self.raw_until(&[","], "an offset")?;
                // Kept as `- n`: the sign, a space, the value.
                Some(RawExpr {
                    text: format!("{} {}", self.s(sign), rest.text),
                    span: self.tspan(sign).join(rest.span),
                })
            } else {
                None
            };
            let end = offset.as_ref().map_or(var.span, |o| o.span);
            out.push(SinkTerm {
                span: var.span.join(end),
                var,
                offset,
            });
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }
}

/// Whitespace runs collapsed to one space.
fn normalise(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The closest of `candidates` to `word`, if close enough to be a likely typo.
pub(crate) fn suggest<'c>(
    word: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(word, c), c))
        .filter(|(d, c)| *d <= (c.len().max(word.len()) / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn did_you_mean(s: Option<&str>) -> String {
    s.map(|s| format!("; did you mean `{s}`?"))
        .unwrap_or_default()
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
        _ => return p.err("expected `pragma`"),
    }
    match p.word() {
        Some((_, "omp")) => {}
        _ => return p.err("expected `omp`"),
    }
    let (directive, directive_span) = parse_directive(&mut p)?;
    let mut argument = parse_argument(&mut p, directive)?;
    let mut clauses: Vec<Clause> = Vec::new();
    while p.peek().is_some() {
        p.eat(",");
        if directive == Directive::Flush && argument.is_none() && p.eat("(") {
            let items = p.list_clause("flush", true)?;
            argument = Some(DirectiveArg::List(items));
            continue;
        }
        let clause = parse_clause(&mut p, directive)?;
        clauses.push(clause);
    }
    check_clauses(directive, &clauses, directive_span)?;
    if directive == Directive::Flush && argument.is_some() {
        // A memory order and a list exclude each other (§15.8.5).
        if let Some(c) = clauses.first() {
            return Err(FrontError::omp_syntax(
                c.keyword_span,
                format!(
                    "`flush` with a list cannot have a `{}` clause",
                    c.kind.keyword()
                ),
            ));
        }
    }
    Ok(Pragma {
        directive,
        argument,
        clauses,
        span: p.span(0, text.trim_end().len()),
        directive_span,
        line,
    })
}

fn parse_directive(p: &mut P<'_>) -> R<(Directive, Span)> {
    let Some(first) = p.peek().filter(|t| t.kind == Tok::Word) else {
        return p.err(format!("expected an OpenMP directive, found {}", p.found()));
    };
    // The longest run of words that names a directive.
    let mut words = Vec::new();
    while let Some(t) = p.peek_at(words.len()).filter(|t| t.kind == Tok::Word) {
        words.push(t);
        if words.len() == 6 {
            break;
        }
    }
    for n in (1..=words.len()).rev() {
        let name = words[..n]
            .iter()
            .map(|t| p.s(*t))
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(d) = Directive::from_name(&name) {
            p.pos += n;
            return Ok((d, p.span(first.start, words[n - 1].end)));
        }
    }
    let w = p.s(first);
    // A multi-word name with a wrong later word: suggest the closest full name.
    let multi = matches!(w, "declare" | "begin" | "end" | "target" | "cancellation");
    let (shown, s) = if multi && words.len() > 1 {
        let k = words
            .len()
            .min(if w == "begin" || w == "end" { 3 } else { 2 });
        let t = words[..k]
            .iter()
            .map(|t| p.s(*t))
            .collect::<Vec<_>>()
            .join(" ");
        let s = suggest(&t, Directive::all().map(Directive::name));
        (t, s)
    } else {
        (w.to_string(), suggest(w, super::directive::first_words()))
    };
    if s.is_none() && FORTRAN_ONLY.contains(&w) {
        return Err(FrontError::omp_syntax(
            p.tspan(first),
            format!("`{w}` is not an OpenMP directive for C (it exists in Fortran only)"),
        ));
    }
    Err(FrontError::omp_syntax(
        p.tspan(first),
        format!("unknown OpenMP directive `{shown}`{}", did_you_mean(s)),
    ))
}

/// The parenthesised argument after the directive name.
fn parse_argument(p: &mut P<'_>, d: Directive) -> R<Option<DirectiveArg>> {
    use Directive as D;
    let needs = matches!(
        d,
        D::Threadprivate
            | D::Allocate
            | D::DeclareReduction
            | D::DeclareMapper
            | D::DeclareVariant
            | D::Depobj
    );
    let may = needs || matches!(d, D::Critical | D::DeclareTarget);
    if !may || p.ahead(0) != "(" {
        if needs {
            return p.err(format!(
                "expected `(` after `{}`, found {}",
                d.name(),
                p.found()
            ));
        }
        return Ok(None);
    }
    p.pos += 1;
    let name = d.name();
    let arg = match d {
        D::Critical => DirectiveArg::Name(p.ident("the name of the critical section")?),
        D::Threadprivate | D::Allocate => DirectiveArg::List(p.items(name, true)?),
        D::DeclareTarget => DirectiveArg::List(p.items(name, true)?),
        D::Depobj => DirectiveArg::Object(p.list_item(name)?),
        D::DeclareReduction => {
            let id = p.reduction_id()?;
            let mut types = Vec::new();
            loop {
                types.push(p.raw_until(&[",", ":"], "a type name")?);
                if !p.eat(",") {
                    break;
                }
            }
            p.expect(":", "after the types of `declare reduction`")?;
            let combiner = p.raw_until(&[], "a combiner expression")?;
            DirectiveArg::DeclareReduction {
                id,
                types,
                combiner,
            }
        }
        _ => DirectiveArg::Raw(p.raw_until(&[], &format!("the argument of `{name}`"))?),
    };
    p.close(name)?;
    Ok(Some(arg))
}

/// Clauses without arguments.
fn bare(name: &str) -> Option<ClauseKind> {
    use ClauseKind as C;
    Some(match name {
        "nowait" => C::Nowait,
        "untied" => C::Untied,
        "mergeable" => C::Mergeable,
        "nogroup" => C::Nogroup,
        "inbranch" => C::Inbranch,
        "notinbranch" => C::Notinbranch,
        "full" => C::Full,
        "read" => C::Read,
        "write" => C::Write,
        "capture" => C::Capture,
        "compare" => C::Compare,
        "weak" => C::Weak,
        "threads" => C::Threads,
        "simd" => C::Simd,
        "dynamic_allocators" => C::DynamicAllocators,
        "reverse_offload" => C::ReverseOffload,
        "unified_address" => C::UnifiedAddress,
        "unified_shared_memory" => C::UnifiedSharedMemory,
        "no_openmp" => C::NoOpenmp,
        "no_openmp_routines" => C::NoOpenmpRoutines,
        "no_parallelism" => C::NoParallelism,
        _ => C::MemoryOrder(MemoryOrder::from_name(name)?),
    })
}

fn parse_clause(p: &mut P<'_>, d: Directive) -> R<Clause> {
    use ClauseKind as C;
    let Some((t, name)) = p.word() else {
        return p.err(format!("expected a clause, found {}", p.found()));
    };
    let kspan = p.tspan(t);
    let is_type = rules::CONSTRUCT_TYPES.contains(&name)
        && matches!(d, Directive::Cancel | Directive::CancellationPoint);
    if !is_type && !rules::ALL_CLAUSES.contains(&name) {
        let extended = Directive::all()
            .map(Directive::name)
            .filter_map(|n| n.strip_prefix(d.name()).and_then(|r| r.strip_prefix(' ')))
            .filter(|r| !r.contains(' '));
        let s = suggest(name, rules::clauses_of(d))
            .map(|s| format!("`{s}`"))
            .or_else(|| {
                suggest(name, extended).map(|r| format!("the directive `omp {} {r}`", d.name()))
            })
            .or_else(|| {
                suggest(name, rules::ALL_CLAUSES.iter().copied()).map(|s| format!("`{s}`"))
            });
        let hint = s
            .map(|s| format!("; did you mean {s}?"))
            .unwrap_or_default();
        return Err(FrontError::omp_syntax(
            kspan,
            format!("unknown OpenMP clause `{name}`{hint}"),
        ));
    }
    if !rules::allowed(d, name) {
        return Err(FrontError::omp_syntax(
            kspan,
            format!("clause `{name}` is not allowed on `omp {}`", d.name()),
        ));
    }
    // Clauses whose parentheses are optional or absent.
    let open = p.ahead(0) == "(";
    let kind = if is_type {
        C::ConstructType(Directive::from_name(name).unwrap_or(Directive::Parallel))
    } else if let Some(k) = bare(name).filter(|_| !open) {
        k
    } else if !open {
        match name {
            "ordered" => C::Ordered(None),
            "partial" => C::Partial(None),
            "indirect" => C::Indirect(None),
            "otherwise" => C::Otherwise(None),
            "destroy" => C::Destroy(None),
            "update" if d == Directive::Atomic => C::Update(None),
            _ => return p.err(format!("expected `(` after `{name}`, found {}", p.found())),
        }
    } else if bare(name).is_some() {
        return p.err(format!("clause `{name}` takes no arguments"));
    } else {
        p.pos += 1;
        let k = clause_args(p, d, name)?;
        p.close(name)?;
        k
    };
    let end = p.toks[p.pos - 1].end;
    Ok(Clause {
        kind,
        span: p.span(t.start, end),
        keyword_span: kspan,
    })
}

/// The arguments of clause `name` inside its parentheses.
fn clause_args(p: &mut P<'_>, d: Directive, name: &str) -> R<ClauseKind> {
    use ClauseKind as C;
    Ok(match name {
        "default" if matches!(d, Directive::Metadirective | Directive::BeginMetadirective) => {
            C::Otherwise(p.content()?)
        }
        "default" => C::Default(p.keyword(
            "`shared`, `none`, `private` or `firstprivate`",
            DefaultKind::from_name,
        )?),
        "shared" => C::Shared(p.items(name, true)?),
        "private" => C::Private(p.items(name, true)?),
        "firstprivate" => C::Firstprivate(p.items(name, true)?),
        "copyin" => C::Copyin(p.items(name, true)?),
        "copyprivate" => C::Copyprivate(p.items(name, true)?),
        "uniform" => C::Uniform(p.items(name, true)?),
        "nontemporal" => C::Nontemporal(p.items(name, true)?),
        "is_device_ptr" => C::IsDevicePtr(p.items(name, true)?),
        "use_device_ptr" => C::UseDevicePtr(p.items(name, true)?),
        "inclusive" => C::Inclusive(p.items(name, false)?),
        "exclusive" => C::Exclusive(p.items(name, false)?),
        "enter" => C::Enter(p.items(name, true)?),
        "link" => C::Link(p.items(name, true)?),
        "has_device_addr" => C::HasDeviceAddr(p.items(name, false)?),
        "use_device_addr" => C::UseDeviceAddr(p.items(name, false)?),
        "lastprivate" => {
            let conditional = p.word_then("conditional", ":");
            if conditional {
                p.pos += 2;
            }
            C::Lastprivate {
                conditional,
                items: p.items(name, true)?,
            }
        }
        "linear" => C::Linear(linear(p)?),
        "reduction" => {
            let modifier = match ReductionModifier::from_name(p.ahead(0)) {
                Some(m) if p.ahead(1) == "," => {
                    p.pos += 2;
                    Some(m)
                }
                _ => None,
            };
            let op = p.reduction_id()?;
            C::Reduction {
                modifier,
                op,
                items: p.items(name, false)?,
            }
        }
        "task_reduction" | "in_reduction" => {
            let op = p.reduction_id()?;
            let items = p.items(name, false)?;
            if name == "task_reduction" {
                C::TaskReduction { op, items }
            } else {
                C::InReduction { op, items }
            }
        }
        "map" => {
            let modifiers = p.map_modifiers(&["always", "close", "present"])?;
            let map_type = match MapType::from_name(p.ahead(0)) {
                Some(t) if p.ahead(1) == ":" => {
                    p.pos += 2;
                    Some(t)
                }
                _ => {
                    if !modifiers.is_empty() {
                        p.expect(":", "after the map-type modifiers")?;
                    }
                    None
                }
            };
            C::Map {
                modifiers,
                map_type,
                items: p.items(name, false)?,
            }
        }
        "to" | "from" => {
            let modifiers = if p.colon_ahead() {
                let m = p.map_modifiers(&["present"])?;
                p.expect(":", "after the motion modifiers")?;
                m
            } else {
                Vec::new()
            };
            let items = p.items(name, false)?;
            if name == "to" {
                C::To { modifiers, items }
            } else {
                C::From { modifiers, items }
            }
        }
        "defaultmap" => {
            let behavior = p.keyword("an implicit behaviour", DefaultmapBehavior::from_name)?;
            let category = if p.eat(":") {
                Some(p.keyword(
                    "a variable category (scalar, aggregate, pointer, all)",
                    DefaultmapCategory::from_name,
                )?)
            } else {
                None
            };
            C::Defaultmap { behavior, category }
        }
        "aligned" => {
            let items = p.items(name, true)?;
            let alignment = if p.eat(":") {
                Some(p.raw_until(&[], "an alignment")?)
            } else {
                None
            };
            C::Aligned { items, alignment }
        }
        "allocate" => {
            let (mut allocator, mut align) = (None, None);
            if p.colon_ahead() {
                if matches!(p.ahead(0), "allocator" | "align") && p.ahead(1) == "(" {
                    loop {
                        let w = if p.ahead(0) == "allocator" {
                            "allocator"
                        } else {
                            "align"
                        };
                        p.pos += 1;
                        p.expect("(", &format!("after `{w}`"))?;
                        let e = Some(p.raw_until(&[], "an expression")?);
                        p.close(w)?;
                        match w {
                            "allocator" => allocator = e,
                            _ => align = e,
                        }
                        if !p.eat(",") {
                            break;
                        }
                        if !matches!(p.ahead(0), "allocator" | "align") {
                            return p.err("expected `allocator(…)` or `align(…)`");
                        }
                    }
                } else {
                    allocator = Some(p.raw_until(&[":"], "an allocator")?);
                }
                p.expect(":", "after the allocator")?;
            }
            C::Allocate {
                allocator,
                align,
                items: p.items(name, true)?,
            }
        }
        "uses_allocators" | "when" | "match" | "adjust_args" | "append_args" | "absent"
        | "contains" | "init" => {
            let e = p.raw_until(&[], "an argument")?;
            match name {
                "uses_allocators" => C::UsesAllocators(e),
                "when" => C::When(e),
                "match" => C::Match(e),
                "adjust_args" => C::AdjustArgs(e),
                "append_args" => C::AppendArgs(e),
                "absent" => C::Absent(e),
                "contains" => C::Contains(e),
                _ => C::Init(e),
            }
        }
        "otherwise" => C::Otherwise(p.content()?),
        "initializer" => C::Initializer(p.raw_until(&[], "an initializer")?),
        "indirect" => C::Indirect(Some(p.expr("a condition")?)),
        "partial" => C::Partial(Some(p.expr("an unroll factor")?)),
        "ordered" => C::Ordered(Some(p.expr("a number of loops")?)),
        // `fail` takes the orders of a read (§15.8.3).
        "fail" => C::Fail(p.keyword("`seq_cst`, `acquire` or `relaxed`", |s| {
            MemoryOrder::from_name(s)
                .filter(|m| !matches!(m, MemoryOrder::Release | MemoryOrder::AcqRel))
        })?),
        "atomic_default_mem_order" => {
            C::AtomicDefaultMemOrder(p.keyword("a memory order", MemoryOrder::from_name)?)
        }
        "at" => C::At(p.keyword("`compilation` or `execution`", ErrorAt::from_name)?),
        "severity" => C::Severity(p.keyword("`fatal` or `warning`", Severity::from_name)?),
        "proc_bind" => {
            C::ProcBind(p.keyword("`primary`, `close` or `spread`", ProcBind::from_name)?)
        }
        "bind" => C::Bind(p.keyword("`teams`, `parallel` or `thread`", Binding::from_name)?),
        "device_type" => {
            C::DeviceType(p.keyword("`host`, `nohost` or `any`", DeviceType::from_name)?)
        }
        "sizes" => {
            let mut v = vec![p.expr("a tile size")?];
            while p.eat(",") {
                v.push(p.expr("a tile size")?);
            }
            C::Sizes(v)
        }
        "num_teams" => {
            let lower = if p.colon_ahead() {
                let l = p.raw_until(&[":"], "a lower bound")?;
                p.expect(":", "after the lower bound")?;
                Some(l)
            } else {
                None
            };
            C::NumTeams {
                lower,
                upper: p.expr("a number of teams")?,
            }
        }
        "order" => {
            let modifier = if p.colon_ahead() {
                let m = p.keyword(
                    "`reproducible` or `unconstrained`",
                    OrderModifier::from_name,
                )?;
                p.expect(":", "after the order modifier")?;
                Some(m)
            } else {
                None
            };
            p.keyword("`concurrent`", |s| (s == "concurrent").then_some(()))?;
            C::Order(modifier)
        }
        "schedule" => {
            let mut modifiers = Vec::new();
            if p.colon_ahead() {
                loop {
                    modifiers.push(p.keyword(
                        "a schedule modifier (monotonic, nonmonotonic, simd)",
                        ScheduleModifier::from_name,
                    )?);
                    if !p.eat(",") {
                        break;
                    }
                }
                p.expect(":", "after the schedule modifiers")?;
            }
            let kind = p.keyword(
                "a schedule kind (static, dynamic, guided, auto, runtime)",
                ScheduleKind::from_name,
            )?;
            let chunk = if p.eat(",") {
                Some(p.expr("a chunk size")?)
            } else {
                None
            };
            C::Schedule {
                modifiers,
                kind,
                chunk,
            }
        }
        "dist_schedule" => {
            p.keyword("`static`", |s| (s == "static").then_some(()))?;
            C::DistSchedule(if p.eat(",") {
                Some(p.expr("a chunk size")?)
            } else {
                None
            })
        }
        "affinity" => {
            let iterator = p.iterator()?;
            if iterator.is_some() {
                p.expect(":", "after the iterator")?;
            }
            C::Affinity {
                iterator,
                items: p.items(name, false)?,
            }
        }
        "detach" => C::Detach(p.list_item(name)?),
        "use" => C::Use(p.list_item(name)?),
        "destroy" => C::Destroy(Some(p.list_item(name)?)),
        "grainsize" | "num_tasks" => {
            let strict = p.word_then("strict", ":");
            if strict {
                p.pos += 2;
            }
            let e = p.expr(if name == "grainsize" {
                "a grain size"
            } else {
                "a number of tasks"
            })?;
            if name == "grainsize" {
                C::Grainsize { strict, size: e }
            } else {
                C::NumTasks { strict, count: e }
            }
        }
        "device" => {
            let modifier = match DeviceModifier::from_name(p.ahead(0)) {
                Some(m) if p.ahead(1) == ":" => {
                    p.pos += 2;
                    Some(m)
                }
                _ => None,
            };
            C::Device {
                modifier,
                device: p.expr("a device number")?,
            }
        }
        "update" => C::Update(Some(p.keyword("a dependence type", DependType::from_name)?)),
        "depend" => C::Depend(depend(p)?),
        "doacross" => {
            let t = p.keyword("`source` or `sink`", |s| match s {
                "source" => Some(true),
                "sink" => Some(false),
                _ => None,
            })?;
            p.expect(":", "after the dependence type")?;
            if t {
                if p.ahead(0) == "omp_cur_iteration" {
                    p.pos += 1;
                }
                C::Doacross(Doacross::Source)
            } else {
                C::Doacross(Doacross::Sink(p.sink_vector()?))
            }
        }
        "if" => {
            // The longest run of words naming a directive, followed by `:`.
            let mut modifier = None;
            let mut n = 0;
            while p.peek_at(n).is_some_and(|t| t.kind == Tok::Word) {
                n += 1;
            }
            for k in (1..=n.min(3)).rev() {
                if p.ahead(k) != ":" {
                    continue;
                }
                let words: Vec<&str> = (0..k).map(|i| p.ahead(i)).collect();
                if let Some(m) = Directive::from_name(&words.join(" ")) {
                    let (a, b) = (p.toks[p.pos], p.toks[p.pos + k - 1]);
                    if !d.leaves().contains(&m) && m != d || !rules::allowed(m, "if") {
                        return Err(FrontError::omp_syntax(
                            p.span(a.start, b.end),
                            format!(
                                "the `if` modifier `{}` does not name a construct of `omp {}` that \
                                 accepts `if`",
                                m.name(),
                                d.name()
                            ),
                        ));
                    }
                    modifier = Some(m);
                    p.pos += k + 1;
                    break;
                }
            }
            if modifier.is_none() && n > 0 && p.ahead(1) == ":" {
                let w = p.ahead(0);
                let s = suggest(w, d.leaves().iter().map(|l| l.name()));
                return p.err(format!(
                    "`{w}` is not a directive name that can modify `if`{}",
                    did_you_mean(s)
                ));
            }
            C::If {
                modifier,
                cond: p.expr("a condition")?,
            }
        }
        // Clauses with one expression argument.
        _ => {
            let e = p.expr("an expression")?;
            match name {
                "allocator" => C::Allocator(e),
                "align" => C::Align(e),
                "novariants" => C::Novariants(e),
                "nocontext" => C::Nocontext(e),
                "simdlen" => C::Simdlen(e),
                "holds" => C::Holds(e),
                "message" => C::Message(e),
                "collapse" => C::Collapse(e),
                "num_threads" => C::NumThreads(e),
                "thread_limit" => C::ThreadLimit(e),
                "safelen" => C::Safelen(e),
                "filter" => C::Filter(e),
                "final" => C::Final(e),
                "priority" => C::Priority(e),
                "hint" => C::Hint(e),
                _ => {
                    return Err(FrontError::omp_syntax(
                        e.span,
                        format!("clause `{name}` takes no arguments"),
                    ))
                }
            }
        }
    })
}

/// `linear(list[: step])`, `linear(list: modifier[, step(s)])`, or the deprecated
/// `linear(modifier(list)[: step])` (§5.4.6).
fn linear(p: &mut P<'_>) -> R<Linear> {
    let old = LinearModifier::from_name(p.ahead(0)).filter(|_| p.ahead(1) == "(");
    let (items, mut modifier, deprecated_syntax) = if let Some(m) = old {
        p.pos += 2;
        let items = p.items("linear", true)?;
        p.close(m.name())?;
        (items, Some(m), true)
    } else {
        (p.items("linear", true)?, None, false)
    };
    let mut step = None;
    if deprecated_syntax {
        if p.eat(":") {
            step = Some(p.expr("a linear step")?);
        }
    } else if p.eat(":") {
        loop {
            let w = p.ahead(0);
            let next = p.ahead(1);
            if LinearModifier::from_name(w).is_some() && matches!(next, "," | ")") {
                if modifier.is_some() {
                    return p.err("`linear` takes at most one of `val`, `ref`, `uval`");
                }
                modifier = LinearModifier::from_name(w);
                p.pos += 1;
            } else if w == "step" && next == "(" {
                if step.is_some() {
                    return p.err("`linear` takes at most one step");
                }
                p.pos += 2;
                step = Some(p.raw_until(&[], "a linear step")?);
                p.close("step")?;
            } else if step.is_none() && modifier.is_none() {
                step = Some(p.expr("a linear step")?);
                if p.ahead(0) == "," {
                    return p
                        .err("a `linear` step written alone excludes modifiers (write `step(…)`)");
                }
                break;
            } else {
                return p.err(format!(
                    "expected `val`, `ref`, `uval` or `step(…)`, found {}",
                    p.found()
                ));
            }
            if !p.eat(",") {
                break;
            }
        }
    }
    Ok(Linear {
        items,
        modifier,
        step,
        deprecated_syntax,
    })
}

/// `depend([iterator(…),] type: locators)`, `depend(source)`, `depend(sink: vector)` (§15.9.5).
fn depend(p: &mut P<'_>) -> R<Dependence> {
    let iterator = p.iterator()?;
    if iterator.is_some() {
        p.expect(",", "after the iterator")?;
    }
    let w = p.ahead(0);
    if iterator.is_none() && w == "source" {
        p.pos += 1;
        return Ok(Dependence::Source);
    }
    if iterator.is_none() && w == "sink" {
        p.pos += 1;
        p.expect(":", "after `sink`")?;
        return Ok(Dependence::Sink(p.sink_vector()?));
    }
    let kind = p.keyword(
        "a dependence type (in, out, inout, mutexinoutset, inoutset, depobj, source, sink)",
        DependType::from_name,
    )?;
    p.expect(":", "after the dependence type")?;
    Ok(Dependence::Locators {
        iterator,
        kind,
        items: p.items("depend", false)?,
    })
}

/// The restrictions that involve several clauses: unique clauses, mutually exclusive clauses,
/// required clauses, one `if` per constituent construct, and the `atomic` combinations.
fn check_clauses(d: Directive, clauses: &[Clause], dspan: Span) -> R<()> {
    let err = |span: Span, msg: String| Err(FrontError::omp_syntax(span, msg));
    for (i, c) in clauses.iter().enumerate() {
        let k = c.kind.keyword();
        let earlier = &clauses[..i];
        if rules::unique(k) && earlier.iter().any(|e| e.kind.keyword() == k) {
            return err(c.span, format!("clause `{k}` appears twice"));
        }
        for group in rules::EXCLUSIVE {
            if !group.contains(&k) {
                continue;
            }
            if let Some(e) = earlier
                .iter()
                .find(|e| e.kind.keyword() != k && group.contains(&e.kind.keyword()))
            {
                return err(
                    c.span,
                    format!(
                        "clauses `{}` and `{k}` cannot both appear on `omp {}`",
                        e.kind.keyword(),
                        d.name()
                    ),
                );
            }
        }
        if let ClauseKind::Defaultmap { category, .. } = &c.kind {
            let same = earlier.iter().any(|e| {
                matches!(&e.kind, ClauseKind::Defaultmap { category: c2, .. }
                    if c2 == category || c2.is_none() || category.is_none())
            });
            if same {
                return err(
                    c.span,
                    "two `defaultmap` clauses for the same variable category".into(),
                );
            }
        }
    }
    // `depend(source)` and `depend(sink: …)` belong to stand-alone `ordered`, where only they
    // may appear (§15.9.5, §15.10.1).
    for c in clauses {
        if let ClauseKind::Depend(dep) = &c.kind {
            let doacross = !matches!(dep, Dependence::Locators { .. });
            if doacross != (d == Directive::Ordered) {
                let msg = if doacross {
                    "`depend(source)` and `depend(sink: …)` may appear on `omp ordered` only"
                } else {
                    "`depend` on `omp ordered` must be `depend(source)` or `depend(sink: …)`"
                };
                return err(c.span, msg.into());
            }
        }
    }
    // One `if` per constituent construct (§3.4).
    let targets = |c: &Clause| -> Vec<Directive> {
        match &c.kind {
            ClauseKind::If {
                modifier: Some(m), ..
            } => vec![*m],
            ClauseKind::If { modifier: None, .. } => d
                .leaves()
                .into_iter()
                .filter(|l| rules::allowed(*l, "if"))
                .collect(),
            _ => Vec::new(),
        }
    };
    for (i, c) in clauses.iter().enumerate() {
        let mine = targets(c);
        if clauses[..i]
            .iter()
            .any(|e| targets(e).iter().any(|t| mine.contains(t)))
        {
            return err(
                c.span,
                "more than one `if` clause applies to the same construct".into(),
            );
        }
    }
    if let Some(req) = rules::required(d) {
        if !clauses.iter().any(|c| req.contains(&c.kind.keyword())) {
            let names: Vec<String> = req.iter().map(|r| format!("`{r}`")).collect();
            return err(
                dspan,
                format!("`omp {}` needs a {} clause", d.name(), names.join(" or ")),
            );
        }
    }
    if d == Directive::Atomic {
        let has = |k: &str| clauses.iter().find(|c| c.kind.keyword() == k);
        for (a, b) in [
            ("capture", "read"),
            ("capture", "write"),
            ("compare", "read"),
            ("compare", "write"),
        ] {
            if let (Some(x), Some(_)) = (has(a), has(b)) {
                return err(x.span, format!("`{a}` cannot be combined with `{b}`"));
            }
        }
        for k in ["fail", "weak"] {
            if let Some(c) = has(k) {
                if has("compare").is_none() {
                    return err(c.span, format!("`{k}` needs the `compare` clause"));
                }
            }
        }
    }
    Ok(())
}
