//! The scan for constructs the back end does not support. Each one found is reported as an
//! `unsupported` input error at its position, so no program is ever verified partially.

use crate::ast::*;
use crate::{InputError, Span};

use super::assertions::qp_items;
use super::program::visit;
use super::walk::stmt_exprs;

/// All unsupported constructs of the program (empty if it can be verified).
pub fn scan(program: &Program) -> Vec<InputError> {
    let mut s = Scan { errors: Vec::new() };
    for item in &program.items {
        match item {
            Item::Field(f) => s.ty(&f.ty, f.span),
            Item::Predicate(p) => s.err(p.span, format!("predicate `{}`", p.name.name)),
            Item::Domain(d) => {
                for f in &d.functions {
                    for a in &f.args {
                        s.ty(&a.ty, a.span);
                    }
                    s.ty(&f.ret, f.span);
                    if f.unique && !f.args.is_empty() {
                        s.err(f.span, "a unique domain function with arguments");
                    }
                }
                for a in &d.axioms {
                    s.expr(&a.expr, false);
                }
            }
            Item::Function(f) => {
                for a in &f.args {
                    s.ty(&a.ty, a.span);
                }
                s.ty(&f.ret, f.span);
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
                for a in m.args.iter().chain(m.returns.iter()) {
                    s.ty(&a.ty, a.span);
                }
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

    fn ty(&mut self, ty: &Type, span: Span) {
        match ty {
            Type::Int | Type::Bool | Type::Perm | Type::Ref => {}
            Type::Seq(t) | Type::Set(t) => self.ty(t, span),
            Type::Multiset(t) => self.ty(t, span),
            Type::Domain { args, .. } => {
                for a in args {
                    self.ty(a, span);
                }
            }
            // Type variables occur in generic domains, which are instantiated per use.
            Type::Var(_) => {}
        }
    }

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            match &s.kind {
                StmtKind::Fold(_) => self.err(s.span, "`fold`"),
                StmtKind::Unfold(_) => self.err(s.span, "`unfold`"),
                StmtKind::VarDecl { decl, .. } => self.ty(&decl.ty, decl.span),
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
            ExprKind::SeqLit {
                elem_ty: Some(t), ..
            }
            | ExprKind::SetLit {
                elem_ty: Some(t), ..
            } if !supported_type(t) => found.push((x.span, format!("the type `{t}`"))),
            ExprKind::Quant {
                kind, vars, body, ..
            } => {
                for v in vars {
                    if !supported_type(&v.ty) {
                        found.push((v.span, format!("the type `{}`", v.ty)));
                    }
                }
                let has_acc = !super::assertions::is_pure(body);
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

fn supported_type(t: &Type) -> bool {
    match t {
        Type::Int | Type::Bool | Type::Perm | Type::Ref => true,
        Type::Seq(x) | Type::Set(x) | Type::Multiset(x) => supported_type(x),
        Type::Var(_) => true,
        Type::Domain { args, .. } => args.iter().all(supported_type),
    }
}
