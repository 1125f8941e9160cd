//! Generic traversal helpers over the AST (children of an expression, expressions of a statement,
//! variables assigned in a block).

use std::collections::BTreeSet;

use crate::ast::*;

/// The direct sub-expressions of an expression (trigger expressions included).
pub fn expr_children(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::IntLit(_)
        | ExprKind::BoolLit(_)
        | ExprKind::Null
        | ExprKind::Local(_)
        | ExprKind::Result
        | ExprKind::PermLit(_) => Vec::new(),
        ExprKind::Field { receiver, .. } => vec![receiver],
        ExprKind::Unary { operand, .. } => vec![operand],
        ExprKind::Binary { left, right, .. } => vec![left, right],
        ExprKind::Cond { cond, then, els } => vec![cond, then, els],
        ExprKind::Call { args, .. } => args.iter().collect(),
        ExprKind::Old { expr, .. } => vec![expr],
        ExprKind::Acc { loc, perm } => {
            let mut v: Vec<&Expr> = vec![loc];
            v.extend(perm.iter().map(|p| &**p));
            v
        }
        ExprKind::PermOf(x) | ExprKind::Len(x) => vec![x],
        ExprKind::Quant { triggers, body, .. } => {
            let mut v: Vec<&Expr> = triggers.iter().flat_map(|t| t.exprs.iter()).collect();
            v.push(body);
            v
        }
        ExprKind::Let { value, body, .. } => vec![value, body],
        ExprKind::Unfolding { acc, body } => vec![acc, body],
        ExprKind::SeqLit { elems, .. } | ExprKind::SetLit { elems, .. } => elems.iter().collect(),
        ExprKind::SeqRange { lo, hi } => vec![lo, hi],
        ExprKind::Index { seq, index } => vec![seq, index],
        ExprKind::Slice { seq, lo, hi } => {
            let mut v: Vec<&Expr> = vec![seq];
            v.extend(lo.iter().map(|x| &**x));
            v.extend(hi.iter().map(|x| &**x));
            v
        }
        ExprKind::Update { seq, index, value } => vec![seq, index, value],
    }
}

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
