//! Silver's consistency checks on a well-typed program (its `Consistency` object and the `check`s
//! of its AST nodes) that are not part of typing. Each violation is a `consistency.error` at the
//! offending node:
//!
//! - a function whose precondition applies it again, directly or through other functions'
//!   specifications and bodies (its precondition would be needed to define itself);
//! - a trigger that does not mention every quantified variable, or a trigger term that mentions
//!   none;
//! - a domain axiom that reads the heap (field access, `perm`, predicate instance);
//! - a method call or multiple assignment with the same target twice;
//! - a `unique` domain function with arguments.
//!
//! The checks Silver makes while typing (where `old`, labelled `old`, `perm`, `wildcard` and
//! `result` may stand, labels, results in preconditions) are reported by the type checker
//! itself, with `consistency.error` where Silver reports them so; trigger term shapes are type
//! errors (Silver checks them while translating and reports them as such).

use std::collections::{BTreeSet, HashMap, HashSet};

use super::Errors;
use crate::ast::*;

/// Runs the checks listed in the module documentation.
pub(super) fn check(program: &Program, errors: &mut Errors) {
    precondition_cycles(program, errors);
    for item in &program.items {
        match item {
            Item::Field(_) => {}
            Item::Method(m) => {
                for e in m.pres.iter().chain(&m.posts) {
                    expression(e, errors);
                }
                if let Some(b) = &m.body {
                    block(b, errors);
                }
            }
            Item::Function(f) => {
                for e in f.pres.iter().chain(&f.posts).chain(&f.body) {
                    expression(e, errors);
                }
            }
            Item::Predicate(p) => {
                if let Some(e) = &p.body {
                    expression(e, errors);
                }
            }
            Item::Domain(d) => {
                for f in &d.functions {
                    if f.unique && !f.args.is_empty() {
                        errors.consistency(
                            f.span,
                            format!(
                                "only constants (domain functions without arguments) can be \
                                 unique; `{}` has arguments",
                                f.name.name
                            ),
                        );
                    }
                }
                for a in &d.axioms {
                    expression(&a.expr, errors);
                    if let Some(span) = heap_access(&a.expr) {
                        errors.consistency(
                            span,
                            "domain axioms cannot read the heap (field accesses, `perm`, \
                             predicate instances)",
                        );
                    }
                }
            }
        }
    }
}

/// The checks of the statements of a block (nested blocks included, without recursion).
fn block(b: &Block, errors: &mut Errors) {
    let mut pending = vec![b];
    while let Some(b) = pending.pop() {
        for s in &b.stmts {
            for e in stmt_exprs(s) {
                expression(e, errors);
            }
            match &s.kind {
                StmtKind::Block(inner) => pending.push(inner),
                StmtKind::If { then, els, .. } => {
                    pending.push(then);
                    pending.extend(els.iter());
                }
                StmtKind::While { body, .. } => pending.push(body),
                StmtKind::Call { targets, .. } => {
                    let mut seen = HashSet::new();
                    if targets.iter().any(|t| !seen.insert(t.name.as_str())) {
                        errors.consistency(
                            s.span,
                            "the targets of a method call must be distinct variables",
                        );
                    }
                }
                _ => {}
            }
        }
    }
}

/// The expressions a statement holds directly.
fn stmt_exprs(s: &Stmt) -> Vec<&Expr> {
    match &s.kind {
        StmtKind::Block(_) | StmtKind::New { .. } => Vec::new(),
        StmtKind::VarDecl { init, .. } => init.iter().collect(),
        StmtKind::Assign { value, .. } => vec![value],
        StmtKind::FieldAssign { target, value } => vec![target, value],
        StmtKind::Call { args, .. } => args.iter().collect(),
        StmtKind::If { cond, .. } => vec![cond],
        StmtKind::While {
            cond, invariants, ..
        } => std::iter::once(cond).chain(invariants).collect(),
        StmtKind::Inhale(e)
        | StmtKind::Exhale(e)
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Fold(e)
        | StmtKind::Unfold(e) => vec![e],
        StmtKind::Label { invariants, .. } => invariants.iter().collect(),
    }
}

/// Calls `f` on `e` and all its sub-expressions, without recursion.
fn visit<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        f(x);
        x.for_each_child(&mut |c| stack.push(c));
    }
}

/// The checks of one expression: the triggers of its quantifiers.
fn expression(e: &Expr, errors: &mut Errors) {
    visit(e, &mut |x| {
        if let ExprKind::Quant { vars, triggers, .. } = &x.kind {
            quantifier_triggers(vars, triggers, errors);
        }
    });
}

/// Every trigger must mention every quantified variable, and each of its terms some quantified
/// variable (Silver's `checkAllVarsMentionedInTriggers`; variables bound by `let` or by an inner
/// quantifier inside a trigger term do not count).
fn quantifier_triggers(vars: &[LocalDecl], triggers: &[Trigger], errors: &mut Errors) {
    let names: Vec<&str> = vars.iter().map(|v| v.name.name.as_str()).collect();
    let mut unmentioned: BTreeSet<usize> = BTreeSet::new();
    for t in triggers {
        let mut in_trigger: HashSet<&str> = HashSet::new();
        for e in &t.exprs {
            let free = free_locals(e);
            let mentions_some = names.iter().any(|n| free.contains(n));
            if !mentions_some {
                errors.consistency(
                    e.span,
                    "this trigger term does not mention any quantified variable",
                );
            }
            in_trigger.extend(free.into_iter().filter(|n| names.contains(n)));
        }
        for (i, n) in names.iter().enumerate() {
            if !in_trigger.contains(n) {
                unmentioned.insert(i);
            }
        }
    }
    for i in unmentioned {
        let v = &vars[i];
        errors.consistency(
            v.name.span,
            format!(
                "the quantified variable `{}` is not mentioned in every trigger",
                v.name.name
            ),
        );
    }
}

/// The local variables that occur free in `e` (not bound by a `let` or quantifier inside it).
fn free_locals(e: &Expr) -> HashSet<&str> {
    // (expression, names bound around it)
    let mut out = HashSet::new();
    let mut stack: Vec<(&Expr, Vec<&str>)> = vec![(e, Vec::new())];
    while let Some((x, bound)) = stack.pop() {
        match &x.kind {
            ExprKind::Local(n) => {
                if !bound.contains(&n.as_str()) {
                    out.insert(n.as_str());
                }
            }
            ExprKind::Let { var, value, body } => {
                stack.push((value, bound.clone()));
                let mut inner = bound.clone();
                inner.push(var.name.as_str());
                stack.push((body, inner));
            }
            ExprKind::Quant {
                vars,
                triggers,
                body,
                ..
            } => {
                let mut inner = bound.clone();
                inner.extend(vars.iter().map(|v| v.name.name.as_str()));
                for t in triggers {
                    for te in &t.exprs {
                        stack.push((te, inner.clone()));
                    }
                }
                stack.push((body, inner));
            }
            _ => x.for_each_child(&mut |c| stack.push((c, bound.clone()))),
        }
    }
    out
}

/// The position of a heap access in `e` (field read, `perm(..)`, access predicate), if any.
/// (Predicate instances in an axiom are already type errors.)
fn heap_access(e: &Expr) -> Option<crate::Span> {
    let mut found = None;
    visit(e, &mut |x| {
        if found.is_none()
            && matches!(
                x.kind,
                ExprKind::Field { .. } | ExprKind::PermOf(_) | ExprKind::Acc { .. }
            )
        {
            found = Some(x.span);
        }
    });
    found
}

/// Functions that recurse via their precondition (Silver's
/// `checkNoFunctionRecursesViaPreconditions`): `f` is reported if, starting from the functions
/// applied in its precondition and following applications in the preconditions, postconditions
/// and bodies of functions, `f` is reached again.
fn precondition_cycles(program: &Program, errors: &mut Errors) {
    let functions: Vec<&Function> = program.functions().collect();
    let index: HashMap<&str, usize> = functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.name.as_str(), i))
        .collect();
    let calls_in = |exprs: &mut dyn Iterator<Item = &Expr>| -> BTreeSet<usize> {
        let mut out = BTreeSet::new();
        for e in exprs {
            visit(e, &mut |x| {
                if let ExprKind::Call { name, .. } = &x.kind {
                    if let Some(&j) = index.get(name.name.as_str()) {
                        out.insert(j);
                    }
                }
            });
        }
        out
    };
    let all_calls: Vec<BTreeSet<usize>> = functions
        .iter()
        .map(|f| calls_in(&mut f.pres.iter().chain(&f.posts).chain(&f.body)))
        .collect();
    for (i, f) in functions.iter().enumerate() {
        let mut pending: Vec<usize> = calls_in(&mut f.pres.iter()).into_iter().collect();
        let mut seen: BTreeSet<usize> = BTreeSet::new();
        let mut cyclic = false;
        while let Some(j) = pending.pop() {
            if j == i {
                cyclic = true;
                break;
            }
            if seen.insert(j) {
                pending.extend(all_calls[j].iter().copied());
            }
        }
        if cyclic {
            errors.consistency(
                f.span,
                format!(
                    "function `{}` recurses via its precondition (its precondition applies it, \
                     directly or through other functions)",
                    f.name.name
                ),
            );
        }
    }
}
