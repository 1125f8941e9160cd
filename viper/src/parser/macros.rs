//! `define` macros, expanded after parsing and before type checking, as Silver's macro expander
//! does: a use takes the position of the call; expression macros are substituted for names and
//! applications, statement macros for statements (their statements join the enclosing block);
//! names declared in a macro's body (local variables, bound variables, labels) that clash with a
//! name of the member get fresh names `name$N`; parameters bound again inside the body (by a
//! quantifier or `let`) are not substituted there; a macro that uses itself, directly or through
//! others, is an error at its definition.

use crate::ast::*;
use crate::{FileId, InputError, Span};
use std::collections::{HashMap, HashSet};

type Result<T> = std::result::Result<T, InputError>;

/// `define name(params) body`
#[derive(Clone, Debug)]
pub(crate) struct Macro {
    pub name: Ident,
    /// `None` without parentheses (`define A e`), `Some` with (`define A() e`, `define B(x) e`).
    pub params: Option<Vec<Ident>>,
    pub body: MacroBody,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub(crate) enum MacroBody {
    Expr(Expr),
    Stmts(Block),
}

/// What the parser collected besides the declarations: macros and the positions of statements
/// that are a name alone (uses of parameterless statement macros).
#[derive(Default)]
pub(crate) struct Macros {
    pub globals: Vec<Macro>,
    /// Macros defined inside a method's body, by method name.
    pub locals: HashMap<String, Vec<Macro>>,
    /// (file, start) of the statements that are a name alone.
    pub bare: HashSet<(FileId, u32)>,
}

impl Macros {
    pub(crate) fn extend(&mut self, other: Macros) {
        self.globals.extend(other.globals);
        for (k, v) in other.locals {
            self.locals.entry(k).or_default().extend(v);
        }
        self.bare.extend(other.bare);
    }
}

/// Expands every macro use of `program`.
pub(crate) fn expand(program: &mut Program, macros: &Macros) -> Result<()> {
    if macros.globals.is_empty() && macros.locals.is_empty() && macros.bare.is_empty() {
        return Ok(());
    }
    let mut globals: HashSet<String> = HashSet::new();
    for item in &program.items {
        globals.insert(item.name().name.clone());
        if let Item::Domain(d) = item {
            for f in &d.functions {
                globals.insert(f.name.name.clone());
            }
        }
    }
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for m in &macros.globals {
        if seen.insert(&m.name.name, m.span).is_some() {
            return Err(InputError::parser(
                m.name.span,
                format!("another macro named `{}` already exists", m.name.name),
            ));
        }
        if globals.contains(&m.name.name) {
            return Err(InputError::parser(
                m.name.span,
                format!(
                    "the macro name `{}` has already been used by another identifier",
                    m.name.name
                ),
            ));
        }
    }
    // Silver warns about a parameter its macro does not use; ompv cannot report warnings, and a
    // file annotated with one would look answered without it.
    for m in macros
        .globals
        .iter()
        .chain(macros.locals.values().flatten())
    {
        let mut used = Vec::new();
        match &m.body {
            MacroBody::Expr(e) => idents_in_expr(e, &mut used),
            MacroBody::Stmts(b) => idents_in_block(b, &mut used),
        }
        for p in m.params.iter().flatten() {
            if !used.contains(&p.name) {
                return Err(InputError::unsupported(
                    m.span,
                    format!(
                        "macro `{}` does not use its parameter `{}` (Silver warns about it)",
                        m.name.name, p.name
                    ),
                ));
            }
        }
    }
    let methods: HashSet<String> = program.methods().map(|m| m.name.name.clone()).collect();
    for item in &mut program.items {
        let locals: &[Macro] = match item {
            Item::Method(m) => macros
                .locals
                .get(&m.name.name)
                .map(Vec::as_slice)
                .unwrap_or(&[]),
            _ => &[],
        };
        let mut table: HashMap<&str, &Macro> = HashMap::new();
        for m in macros.globals.iter().chain(locals.iter()) {
            // Local macros come last and shadow global ones.
            table.insert(&m.name.name, m);
        }
        let mut scope = globals.clone();
        declared_in_item(item, &mut scope);
        let mut x = Expander {
            macros: table,
            methods: &methods,
            bare: &macros.bare,
            scope,
            counters: HashMap::new(),
            acyclic: HashSet::new(),
        };
        x.item(item)?;
    }
    Ok(())
}

struct Expander<'a> {
    macros: HashMap<&'a str, &'a Macro>,
    methods: &'a HashSet<String>,
    bare: &'a HashSet<(FileId, u32)>,
    /// Names a macro's declarations must not reuse.
    scope: HashSet<String>,
    counters: HashMap<String, usize>,
    /// Macros known not to use themselves.
    acyclic: HashSet<String>,
}

fn err(span: Span, message: impl Into<String>) -> InputError {
    InputError::parser(span, message)
}

impl<'a> Expander<'a> {
    fn get(&self, name: &str) -> Option<&'a Macro> {
        self.macros.get(name).copied()
    }

    fn item(&mut self, item: &mut Item) -> Result<()> {
        match item {
            Item::Field(_) => Ok(()),
            Item::Method(m) => {
                for e in m.pres.iter_mut().chain(&mut m.posts) {
                    self.expr(e)?;
                }
                if let Some(b) = &mut m.body {
                    self.block(b)?;
                }
                Ok(())
            }
            Item::Function(f) => {
                for e in f.pres.iter_mut().chain(&mut f.posts).chain(&mut f.body) {
                    self.expr(e)?;
                }
                Ok(())
            }
            Item::Predicate(p) => {
                if let Some(e) = &mut p.body {
                    self.expr(e)?;
                }
                Ok(())
            }
            Item::Domain(d) => {
                for a in &mut d.axioms {
                    self.expr(&mut a.expr)?;
                }
                Ok(())
            }
        }
    }

    /// Rejects a macro that uses itself (directly or through other macros).
    fn check_acyclic(&mut self, m: &'a Macro) -> Result<()> {
        if self.acyclic.contains(&m.name.name) {
            return Ok(());
        }
        let mut stack: Vec<&'a Macro> = Vec::new();
        self.dfs(m, &mut stack)?;
        Ok(())
    }

    fn dfs(&mut self, m: &'a Macro, stack: &mut Vec<&'a Macro>) -> Result<()> {
        if self.acyclic.contains(&m.name.name) {
            return Ok(());
        }
        if stack.iter().any(|s| s.name.name == m.name.name) {
            return Err(err(
                m.span,
                format!("Recursive macro declaration found: {}", m.name.name),
            ));
        }
        stack.push(m);
        let mut names = Vec::new();
        match &m.body {
            MacroBody::Expr(e) => names_in_expr(e, &mut names),
            MacroBody::Stmts(b) => names_in_block(b, &mut names),
        }
        for n in names {
            if let Some(next) = self.get(&n) {
                self.dfs(next, stack)?;
            }
        }
        stack.pop();
        self.acyclic.insert(m.name.name.clone());
        Ok(())
    }

    fn fresh(&mut self, name: &str) -> String {
        let counter = self.counters.entry(name.to_string()).or_insert(0);
        loop {
            let candidate = format!("{name}${counter}");
            *counter += 1;
            if !self.scope.contains(&candidate) {
                return candidate;
            }
        }
    }

    /// New names for the declarations of a macro body that clash with the scope.
    fn renaming(&mut self, declared: Vec<String>) -> HashMap<String, String> {
        let mut map = HashMap::new();
        for d in declared {
            if map.contains_key(&d) {
                continue;
            }
            if self.scope.contains(&d) {
                let f = self.fresh(&d);
                self.scope.insert(f.clone());
                map.insert(d, f);
            } else {
                self.scope.insert(d);
            }
        }
        map
    }

    fn check_arity(&self, m: &Macro, args: Option<&[Expr]>, span: Span) -> Result<()> {
        match (&m.params, args) {
            (Some(_), None) => Err(err(
                span,
                format!(
                    "macro `{}` is defined with parameters but referenced without",
                    m.name.name
                ),
            )),
            (Some(ps), Some(xs)) if ps.len() != xs.len() => {
                Err(err(span, "Number of macro arguments does not match"))
            }
            (None, Some(_)) => Err(err(span, "Number of macro arguments does not match")),
            _ => Ok(()),
        }
    }

    /// The body of expression macro `m` applied to `args` at `span`.
    fn instantiate_expr(&mut self, m: &'a Macro, args: &[Expr], span: Span) -> Result<Expr> {
        let MacroBody::Expr(body) = &m.body else {
            return Err(err(span, "Statement macro used in expression position"));
        };
        self.check_acyclic(m)?;
        let mut body = body.clone();
        let mut declared = Vec::new();
        binders_in_expr(&body, &mut declared);
        let renaming = self.renaming(declared);
        if !renaming.is_empty() {
            rename_expr(&mut body, &renaming);
        }
        let subst = params_map(m, args);
        if !subst.is_empty() {
            subst_expr(&mut body, &subst, &mut Vec::new())?;
        }
        body.for_each_span_mut(&mut |s| *s = span);
        Ok(body)
    }

    /// The statements of statement macro `m` applied to `args` at `span`.
    fn instantiate_block(&mut self, m: &'a Macro, args: &[Expr], span: Span) -> Result<Block> {
        let MacroBody::Stmts(body) = &m.body else {
            return Err(err(span, "Expression macro used in statement position"));
        };
        self.check_acyclic(m)?;
        let mut body = body.clone();
        let mut declared = Vec::new();
        declared_in_block(&body, &mut declared);
        let renaming = self.renaming(declared);
        if !renaming.is_empty() {
            rename_block(&mut body, &renaming);
        }
        let subst = params_map(m, args);
        if !subst.is_empty() {
            subst_block(&mut body, &subst)?;
        }
        body.for_each_span_mut(&mut |s| *s = span);
        Ok(body)
    }

    fn expr(&mut self, e: &mut Expr) -> Result<()> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.expr_here(e))
    }

    fn expr_here(&mut self, e: &mut Expr) -> Result<()> {
        let span = e.span;
        match &mut e.kind {
            ExprKind::Local(n) => {
                if let Some(m) = self.get(n) {
                    self.check_arity(m, None, span)?;
                    *e = self.instantiate_expr(m, &[], span)?;
                    return self.expr(e);
                }
            }
            ExprKind::Call { name, args } => {
                if let Some(m) = self.get(&name.name) {
                    if m.params.is_none() {
                        // `define f g` then `f(x)`: the macro names what is applied.
                        if let MacroBody::Expr(b) = &m.body {
                            if let ExprKind::Local(n) = &b.kind {
                                self.check_acyclic(m)?;
                                name.name = n.clone();
                                return self.expr(e);
                            }
                        }
                    }
                    self.check_arity(m, Some(args), span)?;
                    let args = std::mem::take(args);
                    *e = self.instantiate_expr(m, &args, span)?;
                    return self.expr(e);
                }
            }
            _ => {}
        }
        let mut result = Ok(());
        e.for_each_child_mut(&mut |c| {
            if result.is_ok() {
                result = self.expr(c);
            }
        });
        result
    }

    fn block(&mut self, b: &mut Block) -> Result<()> {
        let stmts = std::mem::take(&mut b.stmts);
        for s in stmts {
            self.stmt_into(s, &mut b.stmts)?;
        }
        Ok(())
    }

    fn stmt_into(&mut self, s: Stmt, out: &mut Vec<Stmt>) -> Result<()> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.stmt_into_here(s, out))
    }

    fn stmt_into_here(&mut self, mut s: Stmt, out: &mut Vec<Stmt>) -> Result<()> {
        let span = s.span;
        let bare = self.bare.contains(&(span.file, span.start));
        match &mut s.kind {
            StmtKind::Call {
                targets,
                method,
                args,
            } => {
                if let Some(m) = self.get(&method.name) {
                    if targets.is_empty() {
                        if let MacroBody::Expr(_) = m.body {
                            return Err(err(span, "Expression macro used in statement position"));
                        }
                        let args_opt = if bare { None } else { Some(args.as_slice()) };
                        if !(bare && m.params.is_none()) {
                            self.check_arity(m, args_opt, span)?;
                        }
                        let args = std::mem::take(args);
                        let body = self.instantiate_block(m, &args, span)?;
                        for st in body.stmts {
                            self.stmt_into(st, out)?;
                        }
                        return Ok(());
                    }
                    // `a, b := M(..)`: an expression macro that must expand to a method call.
                    let mut value = Expr::new(
                        ExprKind::Call {
                            name: method.clone(),
                            args: std::mem::take(args),
                        },
                        span,
                    );
                    self.expr(&mut value)?;
                    let targets = std::mem::take(targets);
                    return match value.into_parts() {
                        (ExprKind::Call { name, args }, _) if self.methods.contains(&name.name) => {
                            out.push(Stmt::new(
                                StmtKind::Call {
                                    targets,
                                    method: name,
                                    args,
                                },
                                span,
                            ));
                            Ok(())
                        }
                        _ => Err(err(
                            span,
                            "several variables can only be assigned the results of a method call",
                        )),
                    };
                }
                if bare {
                    return Err(err(span, format!("`{}` is not a statement", method.name)));
                }
                for a in args.iter_mut() {
                    self.expr(a)?;
                }
            }
            StmtKind::Assign { target, value } => {
                self.expr(value)?;
                if let Some(m) = self.get(&target.name) {
                    self.check_arity(m, None, span)?;
                    let t = self.instantiate_expr(m, &[], span)?;
                    let value = std::mem::replace(value, Expr::new(ExprKind::Null, span));
                    match t.into_parts() {
                        (ExprKind::Local(n), sp) => *target = Ident::new(n, sp),
                        (kind @ ExprKind::Field { .. }, sp) => {
                            out.push(Stmt::new(
                                StmtKind::FieldAssign {
                                    target: Expr::new(kind, sp),
                                    value,
                                },
                                span,
                            ));
                            return Ok(());
                        }
                        _ => {
                            return Err(err(
                                span,
                                "The body of this macro is not a suitable left-hand side for an \
                                 assignment statement",
                            ))
                        }
                    }
                    if let StmtKind::Assign { value: v, .. } = &mut s.kind {
                        *v = value;
                    }
                }
                // `x := M(..)` where `M` expands to a method call.
                if let StmtKind::Assign { target, value } = &mut s.kind {
                    if let ExprKind::Call { name, .. } = &value.kind {
                        if self.methods.contains(&name.name) {
                            let target = target.clone();
                            let v = std::mem::replace(value, Expr::new(ExprKind::Null, span));
                            if let (ExprKind::Call { name, args }, _) = v.into_parts() {
                                out.push(Stmt::new(
                                    StmtKind::Call {
                                        targets: vec![target],
                                        method: name,
                                        args,
                                    },
                                    span,
                                ));
                                return Ok(());
                            }
                        }
                    }
                }
            }
            StmtKind::Block(b) => self.block(b)?,
            StmtKind::VarDecl { init, .. } => {
                if let Some(e) = init {
                    self.expr(e)?;
                }
            }
            StmtKind::FieldAssign { target, value } => {
                self.expr(target)?;
                self.expr(value)?;
            }
            StmtKind::New { .. } => {}
            StmtKind::If { cond, then, els } => {
                self.expr(cond)?;
                self.block(then)?;
                if let Some(b) = els {
                    self.block(b)?;
                }
            }
            StmtKind::While {
                cond,
                invariants,
                body,
            } => {
                self.expr(cond)?;
                for i in invariants.iter_mut() {
                    self.expr(i)?;
                }
                self.block(body)?;
            }
            StmtKind::Inhale(e)
            | StmtKind::Exhale(e)
            | StmtKind::Assert(e)
            | StmtKind::Assume(e)
            | StmtKind::Fold(e)
            | StmtKind::Unfold(e) => self.expr(e)?,
            StmtKind::Label { invariants, .. } => {
                for i in invariants.iter_mut() {
                    self.expr(i)?;
                }
            }
        }
        out.push(s);
        Ok(())
    }
}

fn params_map(m: &Macro, args: &[Expr]) -> HashMap<String, Expr> {
    m.params
        .iter()
        .flatten()
        .zip(args)
        .map(|(p, a)| (p.name.clone(), a.clone()))
        .collect()
}

// ------------------------------------------------------------------------------------------
// Names

/// The names an expression uses that may be macros: locals and applied names.
fn names_in_expr(e: &Expr, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Local(n) => out.push(n.clone()),
        ExprKind::Call { name, .. } => out.push(name.name.clone()),
        _ => {}
    }
    e.for_each_child(&mut |c| names_in_expr(c, out));
}

fn names_in_block(b: &Block, out: &mut Vec<String>) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Call { method, .. } => out.push(method.name.clone()),
            StmtKind::Assign { target, .. } => out.push(target.name.clone()),
            _ => {}
        }
        for_each_stmt_expr(s, &mut |e| names_in_expr(e, out));
        for_each_sub_block(s, &mut |b| names_in_block(b, out));
    }
}

fn for_each_stmt_expr(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    match &s.kind {
        StmtKind::Block(_) | StmtKind::New { .. } => {}
        StmtKind::VarDecl { init, .. } => init.iter().for_each(f),
        StmtKind::Assign { value, .. } => f(value),
        StmtKind::FieldAssign { target, value } => {
            f(target);
            f(value);
        }
        StmtKind::Call { args, .. } => args.iter().for_each(f),
        StmtKind::If { cond, .. } => f(cond),
        StmtKind::While {
            cond, invariants, ..
        } => {
            f(cond);
            invariants.iter().for_each(f);
        }
        StmtKind::Inhale(e)
        | StmtKind::Exhale(e)
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Fold(e)
        | StmtKind::Unfold(e) => f(e),
        StmtKind::Label { invariants, .. } => invariants.iter().for_each(f),
    }
}

fn for_each_sub_block(s: &Stmt, f: &mut dyn FnMut(&Block)) {
    match &s.kind {
        StmtKind::Block(b) => f(b),
        StmtKind::If { then, els, .. } => {
            f(then);
            if let Some(b) = els {
                f(b);
            }
        }
        StmtKind::While { body, .. } => f(body),
        _ => {}
    }
}

/// Every name an expression refers to (variables, applied names, fields, labels).
fn idents_in_expr(e: &Expr, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Local(n) => out.push(n.clone()),
        ExprKind::Call { name, .. } => out.push(name.name.clone()),
        ExprKind::Field { field, .. } => out.push(field.name.clone()),
        ExprKind::Old { label: Some(l), .. } => out.push(l.name.clone()),
        _ => {}
    }
    e.for_each_child(&mut |c| idents_in_expr(c, out));
}

fn idents_in_block(b: &Block, out: &mut Vec<String>) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Call {
                targets, method, ..
            } => {
                out.push(method.name.clone());
                out.extend(targets.iter().map(|t| t.name.clone()));
            }
            StmtKind::Assign { target, .. } => out.push(target.name.clone()),
            StmtKind::New { target, fields } => {
                out.push(target.name.clone());
                out.extend(fields.iter().flatten().map(|f| f.name.clone()));
            }
            StmtKind::Label { name, .. } => out.push(name.name.clone()),
            _ => {}
        }
        for_each_stmt_expr(s, &mut |e| idents_in_expr(e, out));
        for_each_sub_block(s, &mut |b| idents_in_block(b, out));
    }
}

/// Variables bound in an expression (quantifiers, `let`).
fn binders_in_expr(e: &Expr, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Quant { vars, .. } => out.extend(vars.iter().map(|v| v.name.name.clone())),
        ExprKind::Let { var, .. } => out.push(var.name.clone()),
        _ => {}
    }
    e.for_each_child(&mut |c| binders_in_expr(c, out));
}

/// Names declared in a block: local variables, labels, bound variables.
fn declared_in_block(b: &Block, out: &mut Vec<String>) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::VarDecl { decl, .. } => out.push(decl.name.name.clone()),
            StmtKind::Label { name, .. } => out.push(name.name.clone()),
            _ => {}
        }
        for_each_stmt_expr(s, &mut |e| binders_in_expr(e, out));
        for_each_sub_block(s, &mut |b| declared_in_block(b, out));
    }
}

fn declared_in_item(item: &Item, scope: &mut HashSet<String>) {
    let mut out = Vec::new();
    match item {
        Item::Method(m) => {
            out.extend(m.args.iter().chain(&m.returns).map(|d| d.name.name.clone()));
            for e in m.pres.iter().chain(&m.posts) {
                binders_in_expr(e, &mut out);
            }
            if let Some(b) = &m.body {
                declared_in_block(b, &mut out);
            }
        }
        Item::Function(f) => {
            out.extend(f.args.iter().map(|d| d.name.name.clone()));
            for e in f.pres.iter().chain(&f.posts).chain(&f.body) {
                binders_in_expr(e, &mut out);
            }
        }
        Item::Predicate(p) => {
            out.extend(p.args.iter().map(|d| d.name.name.clone()));
            if let Some(e) = &p.body {
                binders_in_expr(e, &mut out);
            }
        }
        Item::Domain(d) => {
            for a in &d.axioms {
                binders_in_expr(&a.expr, &mut out);
            }
        }
        Item::Field(_) => {}
    }
    scope.extend(out);
}

// ------------------------------------------------------------------------------------------
// Renaming declarations

fn rename(name: &mut String, map: &HashMap<String, String>) {
    if let Some(n) = map.get(name.as_str()) {
        *name = n.clone();
    }
}

fn rename_expr(e: &mut Expr, map: &HashMap<String, String>) {
    match &mut e.kind {
        ExprKind::Local(n) => rename(n, map),
        ExprKind::Quant { vars, .. } => vars.iter_mut().for_each(|v| rename(&mut v.name.name, map)),
        ExprKind::Let { var, .. } => rename(&mut var.name, map),
        ExprKind::Old { label: Some(l), .. } => rename(&mut l.name, map),
        _ => {}
    }
    e.for_each_child_mut(&mut |c| rename_expr(c, map));
}

fn rename_block(b: &mut Block, map: &HashMap<String, String>) {
    for s in &mut b.stmts {
        match &mut s.kind {
            StmtKind::VarDecl { decl, .. } => rename(&mut decl.name.name, map),
            StmtKind::Label { name, .. } => rename(&mut name.name, map),
            StmtKind::Assign { target, .. } => rename(&mut target.name, map),
            StmtKind::Call { targets, .. } => {
                targets.iter_mut().for_each(|t| rename(&mut t.name, map))
            }
            StmtKind::New { target, .. } => rename(&mut target.name, map),
            _ => {}
        }
        for_each_stmt_expr_mut(s, &mut |e| rename_expr(e, map));
        for_each_sub_block_mut(s, &mut |b| rename_block(b, map));
    }
}

fn for_each_stmt_expr_mut(s: &mut Stmt, f: &mut dyn FnMut(&mut Expr)) {
    match &mut s.kind {
        StmtKind::Block(_) | StmtKind::New { .. } => {}
        StmtKind::VarDecl { init, .. } => init.iter_mut().for_each(f),
        StmtKind::Assign { value, .. } => f(value),
        StmtKind::FieldAssign { target, value } => {
            f(target);
            f(value);
        }
        StmtKind::Call { args, .. } => args.iter_mut().for_each(f),
        StmtKind::If { cond, .. } => f(cond),
        StmtKind::While {
            cond, invariants, ..
        } => {
            f(cond);
            invariants.iter_mut().for_each(f);
        }
        StmtKind::Inhale(e)
        | StmtKind::Exhale(e)
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Fold(e)
        | StmtKind::Unfold(e) => f(e),
        StmtKind::Label { invariants, .. } => invariants.iter_mut().for_each(f),
    }
}

fn for_each_sub_block_mut(s: &mut Stmt, f: &mut dyn FnMut(&mut Block)) {
    match &mut s.kind {
        StmtKind::Block(b) => f(b),
        StmtKind::If { then, els, .. } => {
            f(then);
            if let Some(b) = els {
                f(b);
            }
        }
        StmtKind::While { body, .. } => f(body),
        _ => {}
    }
}

// ------------------------------------------------------------------------------------------
// Substituting arguments for parameters

/// The name an argument stands for where a name is required (a field, a label, a function).
fn arg_name(arg: &Expr, span: Span) -> Result<String> {
    match &arg.kind {
        ExprKind::Local(n) => Ok(n.clone()),
        _ => Err(err(
            span,
            "macro expansion cannot substitute an expression in a non-expression position",
        )),
    }
}

fn subst_expr(e: &mut Expr, map: &HashMap<String, Expr>, bound: &mut Vec<String>) -> Result<()> {
    let free = |n: &str, bound: &Vec<String>| -> bool { !bound.iter().any(|b| b == n) };
    match &mut e.kind {
        ExprKind::Local(n) => {
            if free(n, bound) {
                if let Some(a) = map.get(n.as_str()) {
                    *e = a.clone();
                }
            }
            return Ok(());
        }
        ExprKind::Call { name, .. } if free(&name.name, bound) => {
            if let Some(a) = map.get(&name.name) {
                name.name = arg_name(a, name.span)?;
            }
        }
        ExprKind::Field { field, .. } => {
            if let Some(a) = map.get(&field.name) {
                field.name = arg_name(a, field.span)?;
            }
        }
        ExprKind::Old { label: Some(l), .. } => {
            if let Some(a) = map.get(&l.name) {
                l.name = arg_name(a, l.span)?;
            }
        }
        ExprKind::Quant { vars, .. } => {
            let n = bound.len();
            bound.extend(vars.iter().map(|v| v.name.name.clone()));
            let mut result = Ok(());
            e.for_each_child_mut(&mut |c| {
                if result.is_ok() {
                    result = subst_expr(c, map, bound);
                }
            });
            bound.truncate(n);
            return result;
        }
        ExprKind::Let { var, value, body } => {
            subst_expr(value, map, bound)?;
            bound.push(var.name.clone());
            let r = subst_expr(body, map, bound);
            bound.pop();
            return r;
        }
        _ => {}
    }
    let mut result = Ok(());
    e.for_each_child_mut(&mut |c| {
        if result.is_ok() {
            result = subst_expr(c, map, bound);
        }
    });
    result
}

fn subst_block(b: &mut Block, map: &HashMap<String, Expr>) -> Result<()> {
    let stmts = std::mem::take(&mut b.stmts);
    for mut s in stmts {
        let span = s.span;
        // An assignment to a parameter assigns to what the argument is.
        if let StmtKind::Assign { target, value } = &mut s.kind {
            if let Some(a) = map.get(&target.name) {
                match &a.kind {
                    ExprKind::Local(n) => target.name = n.clone(),
                    ExprKind::Field { .. } => {
                        let mut value = std::mem::replace(value, Expr::new(ExprKind::Null, span));
                        subst_expr(&mut value, map, &mut Vec::new())?;
                        b.stmts.push(Stmt::new(
                            StmtKind::FieldAssign {
                                target: a.clone(),
                                value,
                            },
                            span,
                        ));
                        continue;
                    }
                    _ => return Err(err(span, "a macro argument that cannot be assigned to")),
                }
            }
        }
        match &mut s.kind {
            StmtKind::Call {
                targets, method, ..
            } => {
                for t in targets.iter_mut() {
                    if let Some(a) = map.get(&t.name) {
                        t.name = arg_name(a, t.span)?;
                    }
                }
                if let Some(a) = map.get(&method.name) {
                    method.name = arg_name(a, method.span)?;
                }
            }
            StmtKind::New { target, fields } => {
                if let Some(a) = map.get(&target.name) {
                    target.name = arg_name(a, target.span)?;
                }
                for f in fields.iter_mut().flatten() {
                    if let Some(a) = map.get(&f.name) {
                        f.name = arg_name(a, f.span)?;
                    }
                }
            }
            StmtKind::Label { name, .. } => {
                if let Some(a) = map.get(&name.name) {
                    name.name = arg_name(a, name.span)?;
                }
            }
            _ => {}
        }
        let mut result = Ok(());
        for_each_stmt_expr_mut(&mut s, &mut |e| {
            if result.is_ok() {
                result = subst_expr(e, map, &mut Vec::new());
            }
        });
        result?;
        let mut result = Ok(());
        for_each_sub_block_mut(&mut s, &mut |b| {
            if result.is_ok() {
                result = subst_block(b, map);
            }
        });
        result?;
        b.stmts.push(s);
    }
    Ok(())
}
