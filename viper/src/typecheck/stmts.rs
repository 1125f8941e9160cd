//! Typing statements.

use super::exprs::{Checker, Ctx, LocalKind};
use super::ty::Ty;
use crate::ast::*;
use std::collections::HashMap;

impl Checker<'_> {
    pub(super) fn block(&mut self, b: &Block, ctx: Ctx) {
        self.scopes.push(HashMap::new());
        for s in &b.stmts {
            self.stmt(s, ctx);
        }
        self.scopes.pop();
    }

    fn stmt(&mut self, s: &Stmt, ctx: Ctx) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.stmt_kind(s, ctx));
    }

    fn stmt_kind(&mut self, s: &Stmt, ctx: Ctx) {
        match &s.kind {
            StmtKind::Block(b) => self.block(b, ctx),
            StmtKind::VarDecl { decl, init } => {
                let t = self.check_type(&decl.ty, decl.span);
                if let Some(e) = init {
                    self.top(e, Some(&t), ctx);
                }
                self.declare(&decl.name.name, t, LocalKind::Var);
            }
            StmtKind::Assign { target, value } => {
                let t = self.assignable(target);
                self.top(value, Some(&t), ctx);
            }
            StmtKind::FieldAssign { target, value } => {
                let t = self.top_infer(target, ctx);
                if !matches!(target.kind, ExprKind::Field { .. }) {
                    self.err(target.span, "expected a field access `e.f`");
                }
                self.top(value, Some(&t), ctx);
            }
            StmtKind::Call {
                targets,
                method,
                args,
            } => self.method_call(s, targets, method, args, ctx),
            StmtKind::New { target, fields } => {
                let t = self.assignable(target);
                if t != Ty::Ref && t != Ty::Error {
                    self.err(
                        target.span,
                        format!("`new` creates a Ref, but `{}` has type {t}", target.name),
                    );
                }
                for f in fields.iter().flatten() {
                    self.field_type(f);
                }
            }
            StmtKind::If { cond, then, els } => {
                self.top(cond, Some(&Ty::Bool), ctx);
                self.block(then, ctx);
                if let Some(b) = els {
                    self.block(b, ctx);
                }
            }
            StmtKind::While {
                cond,
                invariants,
                body,
            } => {
                self.top(cond, Some(&Ty::Bool), ctx);
                let inv_ctx = Ctx {
                    perm: Err(super::items::NO_PERM_IN_CONTRACT),
                    ..ctx
                };
                for inv in invariants {
                    self.top(inv, None, inv_ctx);
                }
                self.block(body, ctx);
            }
            StmtKind::Inhale(e)
            | StmtKind::Exhale(e)
            | StmtKind::Assert(e)
            | StmtKind::Assume(e) => self.top(e, None, ctx),
            StmtKind::Label { invariants, .. } => {
                for inv in invariants {
                    self.top(inv, None, ctx);
                }
            }
            StmtKind::Fold(e) => {
                self.predicate_access(e, ctx, "folded");
                self.top_done();
            }
            StmtKind::Unfold(e) => {
                self.predicate_access(e, ctx, "unfolded");
                self.top_done();
            }
        }
    }

    /// The type of an assignment target, reporting targets that may not be assigned.
    fn assignable(&mut self, target: &Ident) -> Ty {
        match self.lookup(&target.name) {
            Some(l) => {
                let (ty, kind) = (l.ty.clone(), l.kind);
                match kind {
                    LocalKind::Var => ty,
                    LocalKind::MethodArg | LocalKind::MemberArg => {
                        self.err(
                            target.span,
                            format!(
                                "cannot assign to `{}`: it is a method argument",
                                target.name
                            ),
                        );
                        Ty::Error
                    }
                    LocalKind::Bound => {
                        self.err(
                            target.span,
                            format!("cannot assign to the bound variable `{}`", target.name),
                        );
                        Ty::Error
                    }
                }
            }
            None => {
                match self.env.global_kind(&target.name) {
                    Some(k) => self.err(
                        target.span,
                        format!("cannot assign to `{}`: it is {}", target.name, k.describe()),
                    ),
                    None => self.err(
                        target.span,
                        format!("undeclared identifier `{}`", target.name),
                    ),
                }
                Ty::Error
            }
        }
    }

    fn method_call(
        &mut self,
        s: &Stmt,
        targets: &[Ident],
        method: &Ident,
        args: &[Expr],
        ctx: Ctx,
    ) {
        let target_tys: Vec<Ty> = targets.iter().map(|t| self.assignable(t)).collect();
        let env = self.env;
        let Some(sig) = env.methods.get(&method.name) else {
            match env.global_kind(&method.name) {
                Some(k) => self.err(
                    method.span,
                    format!("`{}` is {}, not a method", method.name, k.describe()),
                ),
                None => self.err(method.span, format!("undeclared method `{}`", method.name)),
            }
            for a in args {
                self.top_infer(a, ctx);
            }
            return;
        };
        if args.len() != sig.args.len() {
            self.err(
                method.span,
                format!(
                    "method `{}` expects {} argument{}, found {}",
                    method.name,
                    sig.args.len(),
                    if sig.args.len() == 1 { "" } else { "s" },
                    args.len()
                ),
            );
            for a in args {
                self.top_infer(a, ctx);
            }
        } else {
            for (a, t) in args.iter().zip(&sig.args) {
                self.top(a, Some(t), ctx);
            }
        }
        if targets.len() != sig.rets.len() {
            self.err(
                s.span,
                format!(
                    "method `{}` returns {} value{}, but {} target{} given",
                    method.name,
                    sig.rets.len(),
                    if sig.rets.len() == 1 { "" } else { "s" },
                    targets.len(),
                    if targets.len() == 1 { " is" } else { "s are" }
                ),
            );
            return;
        }
        for ((t, tt), rt) in targets.iter().zip(&target_tys).zip(&sig.rets) {
            if *tt != Ty::Error && tt != rt {
                self.err(
                    t.span,
                    format!(
                        "`{}` has type {tt}, but the method returns {rt} here",
                        t.name
                    ),
                );
            }
        }
    }
}
