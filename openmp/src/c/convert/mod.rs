//! Converting `lang-c`'s AST of the user's file into ompv's C program ([`Program`]): names
//! resolved, expressions typed and free of side effects, specification comments and pragmas
//! attached where they belong.
//!
//! Constructs ompv does not model are reported here (kind `unsupported`, naming the construct,
//! at its position); so are unresolved names and type mismatches (kind `type`).
//!
//! The files of this folder are one unit: each holds the methods of one [`Converter`] for a part
//! of C's syntax (declarations, types, statements, expressions, calls, pragmas), and they call
//! each other's.

mod calls;
mod decl;
mod expr;
mod omp;
mod polybench;
mod stmt;
mod types;

use super::ast::*;
use super::program::Program;
use crate::error::{FrontError, FrontErrors};
use crate::pragma::Pragma;
use crate::source::{is_library, AnnotationContent, Loaded, MAIN};
use crate::spec::{Clause, ClauseKind, Contract, SpecItem};
use lang_c::ast as lc;
use lang_c::span::Node;
use std::collections::{BTreeMap, HashMap, HashSet};
use viper::Span;

/// A callable function's signature.
#[derive(Clone, Debug)]
pub(crate) struct Signature {
    pub ret: Type,
    pub params: Vec<Type>,
    pub variadic: bool,
    pub library: bool,
}

/// What a name in scope stands for.
#[derive(Clone, Debug)]
pub(crate) enum Binding {
    Var(VarId),
    /// An enumeration constant.
    Const(i128),
}

/// Context of OpenMP constructs around the code being converted.
#[derive(Clone, Debug, Default)]
pub(crate) struct OmpCtx {
    /// The pragmas of the enclosing constructs, outermost first.
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
    pub vars: Vec<Var>,
    pub structs: Vec<StructDef>,
    pub struct_tags: HashMap<String, StructId>,
    /// Tags of `union`s already reported as unsupported.
    pub union_tags: HashSet<String>,
    pub typedefs: HashMap<String, Type>,
    pub globals: Vec<Global>,
    pub sigs: HashMap<String, Result<Signature, FrontError>>,
    /// Functions declared only in system headers ompv does not ship (not callable).
    pub foreign: HashSet<String>,
    /// Innermost last; the first frame holds globals and enumeration constants.
    pub scopes: Vec<HashMap<String, Binding>>,
    /// Names whose declaration was rejected: a later use is not reported again.
    pub rejected: HashSet<String>,
    pub ret: Type,
    pub func_name: String,
    pub omp: OmpCtx,
    /// Open `spec_ignore {` (its span) while skipping code.
    ignoring: Option<Span>,
    /// Counter for the names of temporaries.
    pub temps: usize,
    /// See [`Program::masked_contracts`].
    pub masked_contracts: BTreeMap<VarId, crate::spec::Contract>,
    /// Counter of outermost parallel regions.
    pub next_region: usize,
    /// File-scope declarative directives, with the index of the external declaration they
    /// precede (they are applied when the declarations before them are known).
    declarative: Vec<(usize, Pragma)>,
    declarative_at: usize,
}

/// The id of an error that only follows from one already reported (dropped before returning).
pub(crate) const FOLLOW_UP: &str = "follow-up";

/// Converts the parsed file into a [`Program`] (regions not yet built).
pub fn convert(l: &Loaded) -> Result<Program, FrontErrors> {
    let mut c = Converter {
        l,
        used: vec![false; l.annotations.len()],
        errors: Vec::new(),
        vars: Vec::new(),
        structs: Vec::new(),
        struct_tags: HashMap::new(),
        union_tags: HashSet::new(),
        typedefs: HashMap::new(),
        globals: Vec::new(),
        sigs: HashMap::new(),
        foreign: HashSet::new(),
        scopes: vec![HashMap::new()],
        rejected: HashSet::new(),
        ret: Type::Void,
        func_name: String::new(),
        omp: OmpCtx::default(),
        ignoring: None,
        temps: 0,
        masked_contracts: BTreeMap::new(),
        next_region: 0,
        declarative: Vec::new(),
        declarative_at: 0,
    };
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
        let mut program = Program {
            file: l.files[MAIN].id,
            vars: c.vars,
            structs: c.structs,
            globals: c.globals,
            functions,
            masked_contracts: c.masked_contracts,
            function_index: Default::default(),
        };
        crate::c::opaque::add_unseen_state(&mut program);
        Ok(program)
    } else {
        Err(FrontErrors::sorted(c.errors))
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

    /// Takes the specification annotations starting in `lo..hi`, leaving pragmas for the
    /// statement that follows.
    pub fn take_specs(&mut self, lo: usize, hi: usize) -> Vec<usize> {
        let anns = &self.l.annotations;
        let first = anns.partition_point(|a| a.out_start < lo);
        let mut out = Vec::new();
        for (i, a) in anns.iter().enumerate().skip(first) {
            if a.out_start >= hi {
                break;
            }
            if !self.used[i] && matches!(a.content, AnnotationContent::Spec(_)) {
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

    /// Registers a variable.
    pub fn new_var(&mut self, v: Var) -> VarId {
        self.vars.push(v);
        VarId(self.vars.len() as u32 - 1)
    }

    /// A variable.
    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v.0 as usize]
    }

    /// A type as C writes it.
    pub fn tname(&self, ty: &Type) -> String {
        TypeName {
            ty,
            structs: &self.structs,
        }
        .to_string()
    }

    /// Processes the annotations in front of a statement (or at the end of a block): pragmas,
    /// loop invariants, assertions, `spec_ignore` markers.
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
                        // A stand-alone directive (`taskwait`, `barrier`, …) has no statement:
                        // what follows it belongs to the next statement.
                        if lead.pragmas.iter().any(|p| !p.is_stand_alone()) {
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

    /// The known file (user's file or one of ompv's headers) an output offset belongs to.
    fn known_file(&self, offset: usize) -> Option<usize> {
        self.l.file_of(offset)
    }

    /// The top-level walk, in source order: types, globals and function signatures first (so
    /// that bodies may call functions defined later), then contracts and function bodies.
    fn top_level(&mut self) -> Vec<Function> {
        let unit = &self.l.unit.0;
        // Pass 1: contracts in front of external declarations, `spec_ignore` around them.
        let mut front: Vec<(Option<Contract>, bool)> = Vec::with_capacity(unit.len());
        let mut cursor = 0;
        let mut pending: Vec<usize> = Vec::new();
        for (k, ext) in unit.iter().enumerate() {
            let anns = self.take(cursor, ext.span.start);
            cursor = ext.span.end;
            self.declarative_at = k;
            self.top_level_annotations(anns, &mut pending);
            let file = self.known_file(ext.span.start);
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
            } else if is_function && file.is_some() {
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
        self.declarative_at = unit.len();
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
        for (ext, (contract, _)) in unit.iter().zip(&front) {
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

        // Pass 2: declarations in order (types, globals, signatures).
        let mut protos: Vec<(usize, Function)> = Vec::new();
        let mut declarative = std::mem::take(&mut self.declarative).into_iter().peekable();
        for (k, ext) in unit.iter().enumerate() {
            // Declarative directives apply to what is declared before them.
            while let Some(p) = declarative.next_if(|(at, _)| *at <= k) {
                self.declarative_pragma(&p.1);
            }
            let file = self.known_file(ext.span.start);
            match &ext.node {
                lc::ExternalDeclaration::Declaration(d) => {
                    for f in self.external_declaration(d, file, &shared) {
                        protos.push((k, f));
                    }
                }
                lc::ExternalDeclaration::FunctionDefinition(f) => {
                    let fd = &f.node;
                    let Some(name) = types::declarator_name(&fd.declarator) else {
                        continue;
                    };
                    if file.is_none() {
                        self.foreign.insert(name);
                        continue;
                    }
                    let sig = self.signature(&fd.specifiers, &fd.declarator).map(
                        |(ret, params, variadic)| Signature {
                            ret,
                            params: params.into_iter().map(|(_, t, _, _)| t).collect(),
                            variadic,
                            library: file.is_some_and(is_library),
                        },
                    );
                    self.sigs.insert(name, sig);
                }
                lc::ExternalDeclaration::StaticAssert(s) => {
                    if file == Some(MAIN) {
                        self.errors.push(FrontError::unsupported(
                            self.sp(s.span),
                            "`_Static_assert` is not supported",
                        ));
                    }
                }
            }
        }
        for (_, p) in declarative {
            self.declarative_pragma(&p);
        }

        // Pass 3: function definitions of the user's file, and the prototypes in place.
        let mut functions = Vec::new();
        let mut library = Vec::new();
        let mut protos = protos.into_iter().peekable();
        for (k, (ext, (_, ignored))) in unit.iter().zip(front).enumerate() {
            while let Some((_, f)) = protos.next_if(|(at, _)| *at == k) {
                match f.origin {
                    Origin::Main => functions.push(f),
                    Origin::Library | Origin::System => library.push(f),
                }
            }
            let lc::ExternalDeclaration::FunctionDefinition(f) = &ext.node else {
                continue;
            };
            let decl_span = self.sp(ext.span);
            match self.known_file(ext.span.start) {
                Some(MAIN) => {
                    let contract = types::declarator_name(&f.node.declarator)
                        .and_then(|n| shared.get(&n).cloned());
                    if let Some(func) = self.function_definition(f, contract, ignored, decl_span) {
                        functions.push(func);
                    }
                }
                Some(_) => self.errors.push(FrontError::unsupported(
                    decl_span,
                    "a function definition in a library header",
                )),
                None => {}
            }
        }
        functions.extend(library);
        functions
    }

    /// Annotations between top-level declarations: contract groups go to `pending`;
    /// `threadprivate` pragmas mark globals; other pragmas are not allowed there; `spec_ignore`
    /// markers switch ignoring on and off.
    fn top_level_annotations(&mut self, anns: Vec<usize>, pending: &mut Vec<usize>) {
        for i in anns {
            let a = &self.l.annotations[i];
            match &a.content {
                AnnotationContent::InvalidPragma(e) if a.file == MAIN => {
                    self.errors.push(e.clone())
                }
                AnnotationContent::Pragma(p) if a.file == MAIN => {
                    let p = p.clone();
                    self.declarative.push((self.declarative_at, p));
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
        let name = types::declarator_ident(&fd.declarator, self)?;
        let not_verified = if ignored {
            Some(NotVerified::SpecIgnore)
        } else if contract.as_ref().is_some_and(|c| c.is_requires_false()) {
            Some(NotVerified::RequiresFalse)
        } else {
            None
        };
        let sig = self.signature(&fd.specifiers, &fd.declarator);
        if let Some(reason) = not_verified {
            // Not verified: the body may contain anything; its annotations are not looked at.
            self.skip(body_span.start, body_span.end);
            let (ret, params, variadic) = sig.unwrap_or((Type::Void, Vec::new(), false));
            let params = self.declare_params(&name.name, params);
            self.scopes.truncate(1);
            return Some(Function {
                name,
                ret,
                params,
                variadic,
                contract,
                body: Body::NotVerified(reason),
                origin: Origin::Main,
                span,
            });
        }
        let (ret, params, variadic) = match sig {
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
        if variadic {
            self.errors.push(FrontError::unsupported(
                name.span,
                format!("the variadic function `{}`", name.name),
            ));
        }
        self.func_name = name.name.clone();
        self.ret = ret.clone();
        self.rejected.clear();
        let params = self.declare_params(&name.name, params);
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
        self.scopes.truncate(1);
        Some(Function {
            name,
            ret,
            params,
            variadic,
            contract,
            body: Body::Verified(body),
            origin: Origin::Main,
            span,
        })
    }

    /// Declares a function's parameters in a new scope (left open for the body).
    pub(crate) fn declare_params(&mut self, func: &str, params: types::ParamList) -> Vec<Param> {
        self.scopes.truncate(1);
        self.scopes.push(HashMap::new());
        let mut out = Vec::new();
        for (name, ty, span, made) in params {
            if self
                .scopes
                .last()
                .is_some_and(|s| s.contains_key(&name.name))
            {
                self.errors.push(FrontError::type_error(
                    name.span,
                    format!("parameter `{}` declared twice", name.name),
                ));
                continue;
            }
            // (A parameter a later one's array length names already has its variable.)
            let v = if let Some(v) = made {
                v
            } else {
                self.new_var(Var {
                    name: name.name.clone(),
                    ty,
                    storage: Storage::Param,
                    function: Some(func.to_string()),
                    span: name.span,
                    addr_taken: false,
                    is_const: false,
                    threadprivate: false,
                })
            };
            if let Some(s) = self.scopes.last_mut() {
                s.insert(name.name.clone(), Binding::Var(v));
            }
            out.push(Param { var: v, span });
        }
        out
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

#[cfg(test)]
mod tests;
