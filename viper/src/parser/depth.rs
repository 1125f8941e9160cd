//! The nesting bound of parsed programs, checked without recursion.
//!
//! Nesting is what the source nests: blocks, brackets, operands of operators of different
//! levels. A chain of operators of one precedence level (`a + b - c + ...`, `p && q && ...`,
//! `a ==> b ==> ...`, `c ? x : d ? y : z`) is one level however long it is, although its tree is
//! as deep as the chain is long: the consumers of trees cope with any depth (they grow their
//! stack on demand or iterate), the bound only keeps deeply bracketed input out.

use super::precedence::{chain_side, level, Side};
use super::MAX_NESTING;
use crate::ast::*;
use crate::InputError;

enum Node<'a> {
    Stmt(&'a Stmt),
    Expr(&'a Expr),
}

/// Rejects a program whose statements and expressions nest deeper than [`MAX_NESTING`].
pub(super) fn check(program: &Program) -> Result<(), InputError> {
    let mut stack: Vec<(Node<'_>, usize)> = Vec::new();
    for item in &program.items {
        match item {
            Item::Field(_) => {}
            Item::Method(m) => {
                push_exprs(&mut stack, m.pres.iter().chain(&m.posts), 1);
                if let Some(b) = &m.body {
                    push_block(&mut stack, b, 1);
                }
            }
            Item::Function(f) => {
                push_exprs(&mut stack, f.pres.iter().chain(&f.posts).chain(&f.body), 1);
            }
            Item::Predicate(p) => push_exprs(&mut stack, p.body.iter(), 1),
            Item::Domain(d) => push_exprs(&mut stack, d.axioms.iter().map(|a| &a.expr), 1),
        }
    }
    while let Some((node, depth)) = stack.pop() {
        let span = match node {
            Node::Stmt(s) => s.span,
            Node::Expr(e) => e.span,
        };
        if depth > MAX_NESTING {
            return Err(InputError::parser(
                span,
                format!("nesting deeper than {MAX_NESTING} levels is not supported"),
            ));
        }
        match node {
            Node::Stmt(s) => push_stmt_children(&mut stack, s, depth + 1),
            Node::Expr(e) => push_expr_children(&mut stack, e, depth + 1),
        }
    }
    Ok(())
}

fn push_exprs<'a>(
    stack: &mut Vec<(Node<'a>, usize)>,
    exprs: impl Iterator<Item = &'a Expr>,
    depth: usize,
) {
    stack.extend(exprs.map(|e| (Node::Expr(e), depth)));
}

fn push_block<'a>(stack: &mut Vec<(Node<'a>, usize)>, b: &'a Block, depth: usize) {
    stack.extend(b.stmts.iter().map(|s| (Node::Stmt(s), depth)));
}

fn push_stmt_children<'a>(stack: &mut Vec<(Node<'a>, usize)>, s: &'a Stmt, d: usize) {
    match &s.kind {
        StmtKind::Block(b) => push_block(stack, b, d),
        StmtKind::VarDecl { init, .. } => push_exprs(stack, init.iter(), d),
        StmtKind::Assign { value, .. } => push_exprs(stack, std::iter::once(value), d),
        StmtKind::FieldAssign { target, value } => {
            push_exprs(stack, [target, value].into_iter(), d)
        }
        StmtKind::Call { args, .. } => push_exprs(stack, args.iter(), d),
        StmtKind::New { .. } => {}
        StmtKind::If { cond, then, els } => {
            push_exprs(stack, std::iter::once(cond), d);
            push_block(stack, then, d);
            if let Some(b) = els {
                push_block(stack, b, d);
            }
        }
        StmtKind::While {
            cond,
            invariants,
            body,
        } => {
            push_exprs(stack, std::iter::once(cond).chain(invariants), d);
            push_block(stack, body, d);
        }
        StmtKind::Inhale(e)
        | StmtKind::Exhale(e)
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Fold(e)
        | StmtKind::Unfold(e) => push_exprs(stack, std::iter::once(e), d),
        StmtKind::Label { invariants, .. } => push_exprs(stack, invariants.iter(), d),
    }
}

/// Pushes the children of `e` at depth `d`, except the link of a chain of operators of one
/// precedence level (the left operand of a left-associative operator, the right operand of a
/// right-associative one, the else branch of a conditional), which stays at `e`'s depth.
fn push_expr_children<'a>(stack: &mut Vec<(Node<'a>, usize)>, e: &'a Expr, d: usize) {
    let same = d - 1;
    match &e.kind {
        ExprKind::Binary { op, left, right } => {
            let (l, r) = match (chain_side(*op), &left.kind, &right.kind) {
                (Side::Left, ExprKind::Binary { op: lop, .. }, _) if same_level(*op, *lop) => {
                    (same, d)
                }
                (Side::Right, _, ExprKind::Binary { op: rop, .. }) if same_level(*op, *rop) => {
                    (d, same)
                }
                _ => (d, d),
            };
            stack.push((Node::Expr(left), l));
            stack.push((Node::Expr(right), r));
        }
        ExprKind::Cond { cond, then, els } => {
            stack.push((Node::Expr(cond), d));
            stack.push((Node::Expr(then), d));
            let e_depth = if matches!(els.kind, ExprKind::Cond { .. }) {
                same
            } else {
                d
            };
            stack.push((Node::Expr(els), e_depth));
        }
        _ => e.for_each_child(&mut |x| stack.push((Node::Expr(x), d))),
    }
}

fn same_level(a: BinaryOp, b: BinaryOp) -> bool {
    level(a) == level(b)
}
