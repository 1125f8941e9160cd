//! The scan for constructs the back end does not support. Each one found is reported as an
//! `unsupported` input error at its position, so no program is ever verified partially.

use crate::ast::*;
use crate::{InputError, Span};

use super::rules::assertions::qp_items;
use super::rules::walk::stmt_exprs;
use super::rules::walk::visit;

/// All unsupported constructs of the program (empty if it can be verified).
pub fn scan(program: &Program) -> Vec<InputError> {
    let mut s = Scan { errors: Vec::new() };
    for item in &program.items {
        match item {
            Item::Field(_) => {}
            Item::Predicate(p) => {
                if let Some(b) = &p.body {
                    s.expr(b, true);
                }
            }
            Item::Domain(d) => {
                for f in &d.functions {
                    if f.unique && !f.args.is_empty() {
                        s.err(f.span, "a unique domain function with arguments");
                    }
                }
                for a in &d.axioms {
                    s.expr(&a.expr, false);
                }
            }
            Item::Function(f) => {
                for p in &f.pres {
                    s.expr(p, true);
                }
                for p in &f.posts {
                    s.expr(p, false);
                }
                if let Some(b) = &f.body {
                    s.expr(b, false);
                }
            }
            Item::Method(m) => {
                for p in m.pres.iter().chain(m.posts.iter()) {
                    s.expr(p, true);
                }
                if let Some(b) = &m.body {
                    s.block(b);
                }
            }
        }
    }
    s.errors
}

struct Scan {
    errors: Vec<InputError>,
}

impl Scan {
    fn err(&mut self, span: Span, what: impl Into<String>) {
        self.errors.push(InputError::unsupported(
            span,
            format!("{} is not supported by the verifier", what.into()),
        ));
    }

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            match &s.kind {
                StmtKind::Fold(Expr {
                    kind: ExprKind::Acc { perm: Some(p), .. },
                    ..
                }) if matches!(p.kind, ExprKind::PermLit(PermLit::Wildcard)) => {
                    self.err(s.span, "folding with `wildcard`")
                }
                StmtKind::Block(inner) => self.block(inner),
                StmtKind::If { then, els, .. } => {
                    self.block(then);
                    if let Some(e) = els {
                        self.block(e);
                    }
                }
                StmtKind::While { body, .. } => self.block(body),
                _ => {}
            }
            let assertion = matches!(
                s.kind,
                StmtKind::Inhale(_)
                    | StmtKind::Exhale(_)
                    | StmtKind::Assert(_)
                    | StmtKind::While { .. }
                    | StmtKind::Label { .. }
                    | StmtKind::Fold(_)
                    | StmtKind::Unfold(_)
            );
            for e in stmt_exprs(s) {
                self.expr(e, assertion);
            }
        }
    }

    /// Checks an expression; `assertion` tells whether access predicates may occur in it.
    fn expr(&mut self, e: &Expr, assertion: bool) {
        let mut found: Vec<(Span, String)> = Vec::new();
        // The instance an `unfolding` names is an access predicate in any expression.
        let mut unfolded: Vec<*const Expr> = Vec::new();
        visit(e, &mut |x| match &x.kind {
            ExprKind::Unfolding { acc, .. } => unfolded.push(&**acc as *const Expr),
            ExprKind::Acc { .. } if !assertion && !unfolded.contains(&(x as *const Expr)) => {
                found.push((x.span, "an access predicate in this position".into()));
            }
            ExprKind::PermLit(PermLit::Epsilon) => found.push((x.span, "`epsilon`".into())),
            ExprKind::Quant {
                kind, vars, body, ..
            } => {
                let has_acc = !super::rules::assertions::is_pure(body);
                let mut predicate = false;
                visit(body, &mut |y| {
                    if let ExprKind::Acc { loc, .. } = &y.kind {
                        predicate |= !matches!(loc.kind, ExprKind::Field { .. });
                    }
                });
                if predicate {
                    found.push((x.span, "a quantified predicate access".into()));
                } else if has_acc {
                    if *kind == QuantKind::Exists {
                        found.push((x.span, "access predicates under `exists`".into()));
                    } else if qp_items(vars, body).is_none() {
                        found.push((x.span, "this form of quantified permission".into()));
                    }
                }
            }
            ExprKind::Binary {
                op: BinaryOp::In,
                right,
                ..
            } if matches!(right.kind, ExprKind::SeqRange { .. }) => {}
            _ => {}
        });
        for (span, what) in found {
            self.err(span, what);
        }
    }
}
