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
            Item::Predicate(p) => s.err(p.span, format!("predicate `{}`", p.name.name)),
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
                StmtKind::Fold(_) => self.err(s.span, "`fold`"),
                StmtKind::Unfold(_) => self.err(s.span, "`unfold`"),
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
            );
            for e in stmt_exprs(s) {
                self.expr(e, assertion);
            }
        }
    }

    /// Checks an expression; `assertion` tells whether access predicates may occur in it.
    fn expr(&mut self, e: &Expr, assertion: bool) {
        let mut found: Vec<(Span, String)> = Vec::new();
        visit(e, &mut |x| match &x.kind {
            ExprKind::Unfolding { .. } => found.push((x.span, "`unfolding`".into())),
            ExprKind::Acc { loc, .. } => {
                if !matches!(loc.kind, ExprKind::Field { .. }) {
                    found.push((x.span, "predicate access".into()));
                } else if !assertion {
                    found.push((x.span, "an access predicate in this position".into()));
                }
            }
            ExprKind::PermOf(loc) if !matches!(loc.kind, ExprKind::Field { .. }) => {
                found.push((x.span, "`perm` of a predicate".into()))
            }
            ExprKind::PermLit(PermLit::Epsilon) => found.push((x.span, "`epsilon`".into())),
            ExprKind::Quant {
                kind, vars, body, ..
            } => {
                let has_acc = !super::rules::assertions::is_pure(body);
                if has_acc {
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
