//! Converting `lang-c`'s AST of the user's file into the subset's AST, attaching specification
//! comments and pragmas, and building the parallel regions.
//!
//! Unsupported constructs inside verified functions are reported here (kind `unsupported`, naming
//! the construct, at its position); so are unresolved names and type mismatches (kind `type`).

mod expr;
mod stmt;
pub(crate) use stmt::header_end;
mod types;

use super::ast::*;
use crate::error::{FrontError, FrontErrors};
use crate::omp::Region;
use crate::pragma::Pragma;
use crate::source::{AnnotationContent, Loaded, MAIN, OMP_H};
use crate::spec::{Clause, ClauseKind, Contract, SpecItem};
use lang_c::ast as lc;
use lang_c::span::Node;
use std::collections::{HashMap, HashSet};
use viper::{FileId, Span};

/// The converted program: its functions and its outermost parallel regions.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The user's file.
    pub file: FileId,
    /// Functions of the file (definitions and prototypes, in source order), then the OpenMP
    /// runtime routines declared by ompv's `omp.h`.
    pub functions: Vec<Function>,
    /// Outermost parallel regions in source order; `StmtKind::Parallel(id)` refers to them.
    pub regions: Vec<Region>,
}

impl Program {
    /// The function with the given name (the definition if there is one).
    pub fn function(&self, name: &str) -> Option<&Function> {
        let mut found = None;
        for f in self.functions.iter().filter(|f| f.name.name == name) {
            if !matches!(f.body, Body::Prototype) {
                return Some(f);
            }
            found.get_or_insert(f);
        }
        found
    }
}

/// The names of the functions an external declaration declares or defines.
fn function_names(ext: &Node<lc::ExternalDeclaration>) -> Vec<String> {
    match &ext.node {
        lc::ExternalDeclaration::FunctionDefinition(f) => {
            types::declarator_name(&f.node.declarator)
                .into_iter()
                .collect()
        }
        lc::ExternalDeclaration::Declaration(d) => d
            .node
            .declarators
            .iter()
            .filter(|i| types::is_function_declarator(&i.node.declarator))
            .filter_map(|i| types::declarator_name(&i.node.declarator))
            .collect(),
        _ => Vec::new(),
    }
}

/// A callable function's signature.
#[derive(Clone, Debug)]
pub(crate) struct Signature {
    pub ret: Type,
    pub params: Vec<Type>,
}

/// Context of OpenMP constructs around the code being converted.
#[derive(Clone, Debug, Default)]
pub(crate) struct OmpCtx {
    /// Inside a basic block of a region (loop body, single, section): no further OpenMP constructs.
    pub in_block: bool,
    /// The pragmas of the enclosing parallel regions and `sections`, outermost first.
    pub enclosing: Vec<Pragma>,
}

/// The statement-level annotations found in front of a statement.
#[derive(Debug, Default)]
pub(crate) struct Leading {
    pub pragmas: Vec<Pragma>,
    pub loop_spec: Vec<Clause>,
    pub asserts: Vec<Stmt>,
}

/// State of the conversion.
pub(crate) struct Converter<'a> {
    pub l: &'a Loaded,
    used: Vec<bool>,
    pub errors: Vec<FrontError>,
    pub regions: Vec<Region>,
    pub sigs: HashMap<String, Result<Signature, FrontError>>,
    /// Functions declared only in system headers (not callable).
    pub foreign: HashSet<String>,
    pub scopes: Vec<HashMap<String, Type>>,
    /// Local variables of the current function whose declaration was rejected: a later use is
    /// not reported again as undeclared.
    pub rejected: HashSet<String>,
    pub ret: Type,
    pub func_name: String,
    pub omp: OmpCtx,
    /// Open `spec_ignore {` (its span) while skipping code.
    ignoring: Option<Span>,
}

/// The id of an error that only follows from one already reported (dropped before returning).
pub(crate) const FOLLOW_UP: &str = "follow-up";

/// Converts the parsed file into the subset's AST with its parallel regions.
pub fn convert(l: &Loaded) -> Result<Program, FrontErrors> {
    let mut c = Converter {
        l,
        used: vec![false; l.annotations.len()],
        errors: Vec::new(),
        regions: Vec::new(),
        sigs: HashMap::new(),
        foreign: HashSet::new(),
        scopes: Vec::new(),
        rejected: HashSet::new(),
        ret: Type::Void,
        func_name: String::new(),
        omp: OmpCtx::default(),
        ignoring: None,
    };
    c.collect_signatures();
    let functions = c.top_level();
    // Every annotation of the user's file must have found its place.
    for (i, a) in l.annotations.iter().enumerate() {
        if c.used[i] || a.file != MAIN {
            continue;
        }
        let e = match &a.content {
            AnnotationContent::InvalidPragma(e) => e.clone(),
            AnnotationContent::Pragma(_) => FrontError::omp_syntax(
                a.span,
                "this `#pragma omp` is not followed by a statement it could apply to",
            ),
            AnnotationContent::Spec(_) => FrontError::spec_syntax(
                a.span,
                "this specification is not attached to anything: contracts go before a function, \
                 loop invariants before a loop, iteration contracts between `for (…)` and the loop \
                 body, region/single/section contracts at the start of their `{ … }` body",
            ),
        };
        c.errors.push(e);
    }
    c.errors.retain(|e| e.id != FOLLOW_UP);
    if c.errors.is_empty() {
        Ok(Program {
            file: l.files[MAIN].id,
            functions,
            regions: c.regions,
        })
    } else {
        c.errors.sort_by_key(|e| (e.span.file, e.span.start));
        c.errors.dedup();
        Err(FrontErrors(c.errors))
    }
}

impl<'a> Converter<'a> {
    /// The original span of a `lang-c` span.
    pub fn sp(&self, s: lang_c::span::Span) -> Span {
        if s.is_none() {
            return Span::DUMMY;
        }
        self.l.span(s.start, s.end)
    }

    /// Takes (marks as used) the annotations starting in the output range `lo..hi`.
    pub fn take(&mut self, lo: usize, hi: usize) -> Vec<usize> {
        let anns = &self.l.annotations;
        let first = anns.partition_point(|a| a.out_start < lo);
        let mut out = Vec::new();
        for (i, a) in anns.iter().enumerate().skip(first) {
            if a.out_start >= hi {
                break;
            }
            if !self.used[i] {
                self.used[i] = true;
                out.push(i);
            }
        }
        out
    }

    /// Marks the annotations inside skipped code as used, without looking at them.
    pub fn skip(&mut self, lo: usize, hi: usize) {
        self.take(lo, hi);
    }

    /// Processes the annotations in front of a statement (or at the end of a block, `at_end`):
    /// pragmas, loop invariants, assertions, `spec_ignore` markers.
    pub fn leading(&mut self, anns: Vec<usize>) -> Leading {
        let mut lead = Leading::default();
        for i in anns {
            let a = &self.l.annotations[i];
            match &a.content {
                AnnotationContent::InvalidPragma(e) => {
                    if self.ignoring.is_none() {
                        self.errors.push(e.clone());
                    }
                }
                AnnotationContent::Pragma(p) => {
                    if self.ignoring.is_none() {
                        lead.pragmas.push(p.clone());
                    }
                }
                AnnotationContent::Spec(spec) => {
                    for item in &spec.items {
                        if self.ignoring.is_some() {
                            if let SpecItem::IgnoreClose(_) = item {
                                self.ignoring = None;
                            }
                            continue;
                        }
                        if !lead.pragmas.is_empty() {
                            self.errors.push(FrontError::spec_syntax(
                                item.span(),
                                "a specification between `#pragma omp` and its statement is not \
                                 attached to anything (a region's contract goes at the start of \
                                 its `{ … }` body, an iteration contract between `for (…)` and \
                                 the loop body)",
                            ));
                            continue;
                        }
                        match item {
                            SpecItem::IgnoreOpen(s) => self.ignoring = Some(*s),
                            SpecItem::IgnoreClose(s) => self.errors.push(FrontError::spec_syntax(
                                *s,
                                "`spec_ignore }` without a preceding `spec_ignore {`",
                            )),
                            SpecItem::Assert { expr, span } => {
                                if let Some(e) = self.check_spec_expr(expr) {
                                    self.errors.push(e);
                                }
                                lead.asserts.push(Stmt {
                                    kind: StmtKind::Assert(expr.clone()),
                                    span: *span,
                                })
                            }
                            SpecItem::Clause(c) if c.kind == ClauseKind::LoopInvariant => {
                                lead.loop_spec.push(c.clone())
                            }
                            SpecItem::Clause(c) => self.errors.push(FrontError::spec_syntax(
                                c.span,
                                format!(
                                    "`{}` here is not attached to anything: function contracts go \
                                     before the function, iteration contracts between `for (…)` \
                                     and the loop body, region/single/section contracts at the \
                                     start of their `{{ … }}` body",
                                    c.kind.keyword()
                                ),
                            )),
                        }
                    }
                }
            }
        }
        lead
    }

    /// Checks the names used in a contract against the variables in scope.
    pub fn check_contract(&mut self, c: &Contract) {
        for cl in &c.clauses {
            if let Some(e) = self.check_spec_expr(&cl.expr) {
                self.errors.push(e);
            }
        }
    }

    /// Whether code is being skipped (inside `spec_ignore { … }`).
    pub fn ignoring(&self) -> bool {
        self.ignoring.is_some()
    }

    /// Reports an unclosed `spec_ignore {` at the end of a block (and stops ignoring).
    pub fn close_ignore_at_end(&mut self) {
        if let Some(s) = self.ignoring.take() {
            self.errors.push(FrontError::spec_syntax(
                s,
                "`spec_ignore {` without a matching `spec_ignore }` in the same block",
            ));
        }
    }

    /// A contract made of the specification groups `anns` (only clauses allowed; `allowed` says which).
    pub fn contract_of(
        &mut self,
        anns: &[usize],
        allowed: &[ClauseKind],
        what: &str,
    ) -> Option<Contract> {
        let mut clauses = Vec::new();
        let mut span: Option<Span> = None;
        for &i in anns {
            let a = &self.l.annotations[i];
            let AnnotationContent::Spec(spec) = &a.content else {
                continue;
            };
            span = Some(span.map_or(a.span, |s| s.join(a.span)));
            for item in &spec.items {
                match item {
                    SpecItem::Clause(c) if allowed.contains(&c.kind) => clauses.push(c.clone()),
                    SpecItem::Clause(c) => self.errors.push(FrontError::spec_syntax(
                        c.span,
                        format!("`{}` is not allowed in {what}", c.kind.keyword()),
                    )),
                    other => self.errors.push(FrontError::spec_syntax(
                        other.span(),
                        format!("only contract clauses are allowed in {what}"),
                    )),
                }
            }
        }
        span.map(|span| Contract { clauses, span })
    }

    /// Collects the signatures of the functions declared or defined in the user's file and in
    /// ompv's `omp.h`, and the names of functions declared in system headers.
    fn collect_signatures(&mut self) {
        for ext in &self.l.unit.0 {
            let file = self.l.file_of(ext.span.start);
            let (specs, declarators): (
                &[Node<lc::DeclarationSpecifier>],
                Vec<&Node<lc::Declarator>>,
            ) = match &ext.node {
                lc::ExternalDeclaration::FunctionDefinition(f) => {
                    (&f.node.specifiers, vec![&f.node.declarator])
                }
                lc::ExternalDeclaration::Declaration(d) => (
                    &d.node.specifiers,
                    d.node
                        .declarators
                        .iter()
                        .map(|i| &i.node.declarator)
                        .collect(),
                ),
                _ => continue,
            };
            for d in declarators {
                if !types::is_function_declarator(d) {
                    continue;
                }
                let Some(name) = types::declarator_name(d) else {
                    continue;
                };
                if matches!(file, Some(MAIN) | Some(OMP_H)) {
                    let sig = self.signature(specs, d).map(|(ret, params)| Signature {
                        ret,
                        params: params.iter().map(|p| p.ty).collect(),
                    });
                    // A definition's signature wins over a prototype's; keep the first otherwise.
                    let is_def = matches!(ext.node, lc::ExternalDeclaration::FunctionDefinition(_));
                    if is_def || !self.sigs.contains_key(&name) {
                        self.sigs.insert(name, sig);
                    }
                } else {
                    self.foreign.insert(name);
                }
            }
        }
    }

    /// The top-level walk: contracts before functions, function bodies, `spec_ignore` around
    /// functions.
    fn top_level(&mut self) -> Vec<Function> {
        // Pass 1: the contract in front of every external declaration, and whether it lies inside
        // `spec_ignore { … }`. Function bodies are not looked at yet.
        let mut front: Vec<(Option<Contract>, bool)> = Vec::with_capacity(self.l.unit.0.len());
        let mut cursor = 0;
        let mut pending: Vec<usize> = Vec::new();
        for ext in &self.l.unit.0 {
            let anns = self.take(cursor, ext.span.start);
            cursor = ext.span.end;
            self.top_level_annotations(anns, &mut pending);
            let file = self.l.file_of(ext.span.start);
            let is_function = match &ext.node {
                lc::ExternalDeclaration::FunctionDefinition(_) => true,
                lc::ExternalDeclaration::Declaration(d) => d
                    .node
                    .declarators
                    .iter()
                    .any(|i| types::is_function_declarator(&i.node.declarator)),
                _ => false,
            };
            let contract = if pending.is_empty() {
                None
            } else if is_function && matches!(file, Some(MAIN) | Some(OMP_H)) {
                let c = self.contract_of(
                    &pending,
                    &[
                        ClauseKind::Requires,
                        ClauseKind::Ensures,
                        ClauseKind::Context,
                        ClauseKind::ContextEverywhere,
                    ],
                    "a function contract",
                );
                pending.clear();
                c
            } else {
                let s = self.l.annotations[pending[0]].span;
                self.errors.push(FrontError::spec_syntax(
                    s,
                    "a contract must be followed by a function of this file",
                ));
                pending.clear();
                None
            };
            front.push((contract, self.ignoring.is_some()));
        }
        let anns = self.take(cursor, usize::MAX);
        self.top_level_annotations(anns, &mut pending);
        if let Some(&p) = pending.first() {
            let s = self.l.annotations[p].span;
            self.errors.push(FrontError::spec_syntax(
                s,
                "a contract must be followed by a function of this file",
            ));
        }
        self.close_ignore_at_end();

        // A function has one contract, written before its prototype or its definition.
        let mut shared: HashMap<String, Contract> = HashMap::new();
        for (ext, (contract, _)) in self.l.unit.0.iter().zip(&front) {
            let Some(c) = contract else { continue };
            for name in function_names(ext) {
                match shared.entry(name) {
                    std::collections::hash_map::Entry::Occupied(e) => {
                        self.errors.push(FrontError::spec_syntax(
                            c.span,
                            format!(
                                "`{}` already has a contract on another declaration",
                                e.key()
                            ),
                        ))
                    }
                    std::collections::hash_map::Entry::Vacant(e) => {
                        e.insert(c.clone());
                    }
                }
            }
        }

        // Pass 2: the functions.
        let mut functions = Vec::new();
        let mut runtime = Vec::new();
        for (ext, (_, ignored)) in self.l.unit.0.iter().zip(front) {
            let origin = match self.l.file_of(ext.span.start) {
                Some(MAIN) => Origin::Main,
                Some(OMP_H) => Origin::OmpRuntime,
                _ => continue,
            };
            let decl_span = self.sp(ext.span);
            match &ext.node {
                lc::ExternalDeclaration::FunctionDefinition(f) => {
                    if origin != Origin::Main {
                        continue;
                    }
                    let contract = types::declarator_name(&f.node.declarator)
                        .and_then(|n| shared.get(&n).cloned());
                    if let Some(func) = self.function_definition(f, contract, ignored, decl_span) {
                        functions.push(func);
                    }
                }
                lc::ExternalDeclaration::Declaration(d) => {
                    for init in &d.node.declarators {
                        let dr = &init.node.declarator;
                        if !types::is_function_declarator(dr) {
                            continue;
                        }
                        let Ok((ret, params)) = self.signature(&d.node.specifiers, dr) else {
                            // Unsupported signatures are reported when the function is called.
                            continue;
                        };
                        let Some(name) = types::declarator_ident(dr, self) else {
                            continue;
                        };
                        let contract = shared.get(&name.name).cloned();
                        if let Some(c) = &contract {
                            self.scopes =
                                vec![params.iter().map(|p| (p.name.name.clone(), p.ty)).collect()];
                            self.check_contract(c);
                            self.scopes.clear();
                        }
                        let func = Function {
                            name,
                            ret,
                            params,
                            contract,
                            body: Body::Prototype,
                            origin,
                            span: decl_span,
                        };
                        match origin {
                            Origin::Main => functions.push(func),
                            Origin::OmpRuntime => runtime.push(func),
                        }
                    }
                }
                _ => {}
            }
        }
        functions.extend(runtime);
        functions
    }

    /// Annotations between top-level declarations: contract groups go to `pending`; pragmas are
    /// not allowed there; `spec_ignore` markers switch ignoring on and off.
    fn top_level_annotations(&mut self, anns: Vec<usize>, pending: &mut Vec<usize>) {
        for i in anns {
            let a = &self.l.annotations[i];
            match &a.content {
                AnnotationContent::InvalidPragma(e) if a.file == MAIN => {
                    self.errors.push(e.clone())
                }
                AnnotationContent::Pragma(_) if a.file == MAIN => {
                    self.errors.push(FrontError::unsupported(
                        a.span,
                        "`#pragma omp` outside a function is not supported",
                    ))
                }
                AnnotationContent::Spec(spec) => {
                    let mut has_clause = false;
                    for item in &spec.items {
                        match item {
                            SpecItem::IgnoreOpen(s) => {
                                if self.ignoring.is_some() {
                                    self.errors.push(FrontError::spec_syntax(
                                        *s,
                                        "`spec_ignore {` inside another `spec_ignore {`",
                                    ));
                                }
                                self.ignoring = Some(*s);
                            }
                            SpecItem::IgnoreClose(s) => {
                                if self.ignoring.take().is_none() {
                                    self.errors.push(FrontError::spec_syntax(
                                        *s,
                                        "`spec_ignore }` without a preceding `spec_ignore {`",
                                    ));
                                }
                            }
                            SpecItem::Assert { span, .. } => self.errors.push(
                                FrontError::spec_syntax(*span, "`assert` outside a function"),
                            ),
                            SpecItem::Clause(_) => has_clause = true,
                        }
                    }
                    if has_clause {
                        pending.push(i);
                    }
                }
                _ => {}
            }
        }
    }

    /// Converts a function definition; `None` if its signature is not supported (error reported).
    fn function_definition(
        &mut self,
        f: &Node<lc::FunctionDefinition>,
        contract: Option<Contract>,
        ignored: bool,
        span: Span,
    ) -> Option<Function> {
        let fd = &f.node;
        let body_span = fd.statement.span;
        let not_verified = if ignored {
            Some(NotVerified::SpecIgnore)
        } else if contract.as_ref().is_some_and(|c| c.is_requires_false()) {
            Some(NotVerified::RequiresFalse)
        } else {
            None
        };
        if let Some(reason) = not_verified {
            // Not verified: the body may contain anything; its annotations are not looked at.
            self.skip(body_span.start, body_span.end);
            let (ret, params) = self
                .signature(&fd.specifiers, &fd.declarator)
                .unwrap_or((Type::Void, Vec::new()));
            let name = types::declarator_ident(&fd.declarator, self)?;
            return Some(Function {
                name,
                ret,
                params,
                contract,
                body: Body::NotVerified(reason),
                origin: Origin::Main,
                span,
            });
        }
        let (ret, params) = match self.signature(&fd.specifiers, &fd.declarator) {
            Ok(s) => s,
            Err(e) => {
                self.errors.push(e);
                self.skip(body_span.start, body_span.end);
                return None;
            }
        };
        if !fd.declarations.is_empty() {
            self.errors.push(FrontError::unsupported(
                span,
                "K&R-style parameter declarations are not supported",
            ));
        }
        let name = types::declarator_ident(&fd.declarator, self)?;
        self.func_name = name.name.clone();
        self.ret = ret;
        let mut scope = HashMap::new();
        for p in &params {
            if scope.insert(p.name.name.clone(), p.ty).is_some() {
                self.errors.push(FrontError::type_error(
                    p.name.span,
                    format!("parameter `{}` declared twice", p.name.name),
                ));
            }
        }
        self.scopes = vec![scope];
        self.rejected.clear();
        if let Some(c) = &contract {
            self.check_contract(c);
        }
        let body = match &fd.statement.node {
            lc::Statement::Compound(items) => self.compound(items, body_span),
            _ => Block {
                stmts: Vec::new(),
                span: self.sp(body_span),
            },
        };
        self.scopes.clear();
        Some(Function {
            name,
            ret,
            params,
            contract,
            body: Body::Verified(body),
            origin: Origin::Main,
            span,
        })
    }
}

#[cfg(test)]
mod tests;
