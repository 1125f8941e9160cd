//! Generic traversal helpers over the AST (expressions of a statement, variables assigned in a
//! block, every sub-expression of an expression).

use std::collections::BTreeSet;

use crate::ast::*;

/// The expressions a statement holds directly (not those of nested blocks).
pub fn stmt_exprs(s: &Stmt) -> Vec<&Expr> {
    match &s.kind {
        StmtKind::Block(_) => Vec::new(),
        StmtKind::VarDecl { init, .. } => init.iter().collect(),
        StmtKind::Assign { value, .. } => vec![value],
        StmtKind::FieldAssign { target, value } => vec![target, value],
        StmtKind::Call { args, .. } => args.iter().collect(),
        StmtKind::New { .. } => Vec::new(),
        StmtKind::If { cond, .. } => vec![cond],
        StmtKind::While {
            cond, invariants, ..
        } => {
            let mut v = vec![cond];
            v.extend(invariants.iter());
            v
        }
        StmtKind::Inhale(e)
        | StmtKind::Exhale(e)
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Fold(e)
        | StmtKind::Unfold(e) => vec![e],
        StmtKind::Label { invariants, .. } => invariants.iter().collect(),
    }
}

/// Local variables assigned anywhere in a block (including variables declared inside it; the
/// caller havocs those of them that are in scope).
pub fn assigned_vars(b: &Block) -> BTreeSet<String> {
    let mut assigned = BTreeSet::new();
    collect_assigned(b, &mut assigned);
    assigned
}

fn collect_assigned(b: &Block, assigned: &mut BTreeSet<String>) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Block(inner) => collect_assigned(inner, assigned),
            StmtKind::VarDecl { decl, .. } => {
                assigned.insert(decl.name.name.clone());
            }
            StmtKind::Assign { target, .. } | StmtKind::New { target, .. } => {
                assigned.insert(target.name.clone());
            }
            StmtKind::Call { targets, .. } => {
                assigned.extend(targets.iter().map(|t| t.name.clone()));
            }
            StmtKind::If { then, els, .. } => {
                collect_assigned(then, assigned);
                if let Some(e) = els {
                    collect_assigned(e, assigned);
                }
            }
            StmtKind::While { body, .. } => collect_assigned(body, assigned),
            _ => {}
        }
    }
}

/// Calls `f` on `e` and on all its sub-expressions (pre-order).
pub fn visit<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        f(x);
        let kids = x.children();
        stack.extend(kids.into_iter().rev());
    }
}
