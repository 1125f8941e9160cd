//! C statements to Viper statements.
//!
//! Locals are Viper locals (fresh names: Viper wants every name of a member to differ);
//! `for (init; cond; step) body` is `init; while (cond) { body; step }` with its
//! `loop_invariant`s (and the function's `context_everywhere`); calls are method calls (modular,
//! by the callee's contract). `return e` is supported where it needs no jump: as the last
//! statement, in the branches of a final `if`, and in `if (c) { …; return x; } rest` (lowered
//! as `if (c) { … } else { rest }`); anywhere else it is reported as unsupported.

use super::cexpr::{convert, Want};
use super::prelude::element;
use super::scope::VarKind;
use super::spec::SpecPos;
use super::{viper_type, Lowerer};
use crate::c::{AssignOp, Block, Expr, ExprKind, Stmt, StmtKind, Type as CType};
use crate::error::FrontError;
use crate::spec::Contract;
use ppl::obligations::build::*;
use ppl::obligations::Role;
use viper::ast::{Block as VBlock, Expr as VExpr, Ident, Stmt as VStmt, StmtKind as VKind};
use viper::Span;

impl Lowerer<'_> {
    /// Lowers a statement list; `tail`: the list ends the function (returns are allowed there).
    pub(crate) fn stmts(
        &mut self,
        ss: &[Stmt],
        tail: bool,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        for (k, s) in ss.iter().enumerate() {
            let last = k + 1 == ss.len();
            if tail && !last {
                if let StmtKind::If {
                    cond: c,
                    then,
                    els: None,
                } = &s.kind
                {
                    if ends_with_return(&then.stmts) {
                        // `if (c) { …; return x; } rest` is `if (c) { … } else { rest }`.
                        let c = self.condition(c)?;
                        let then = self.scoped_block(&then.stmts, then.span, true)?;
                        let rest = &ss[k + 1..];
                        let els = self.scoped_block(rest, s.span, true)?;
                        let at = self.checks.add(Role::Statement, s.span);
                        out.push(stmt(
                            VKind::If {
                                cond: c,
                                then,
                                els: Some(els),
                            },
                            at,
                        ));
                        return Ok(());
                    }
                }
            }
            self.stmt(s, tail && last, out)?;
        }
        Ok(())
    }

    /// A block in a scope of its own.
    pub(crate) fn scoped_block(
        &mut self,
        ss: &[Stmt],
        span: Span,
        tail: bool,
    ) -> Result<VBlock, FrontError> {
        self.cur.scope.push();
        let mut v = Vec::new();
        let r = self.stmts(ss, tail, &mut v);
        self.cur.scope.pop();
        r?;
        Ok(block(v, span))
    }

    fn stmt(&mut self, s: &Stmt, tail: bool, out: &mut Vec<VStmt>) -> Result<(), FrontError> {
        let span = s.span;
        if let Some((block, var)) = self.cur.shared_writes.get(&span).cloned() {
            // A data race wherever this write can be reached.
            let at = self.checks.add(Role::SharedWrite { block, var }, span);
            out.push(stmt(VKind::Assert(bool_lit(false, at)), at));
        }
        match &s.kind {
            StmtKind::Decl { name, ty, init } => {
                let Some(vty) = viper_type(*ty) else {
                    return Err(FrontError::type_error(span, "a variable of type `void`"));
                };
                let init = match init {
                    Some(e) => Some(self.c_expr(e, want_of(*ty))?),
                    None => None,
                };
                let v = self.fresh_var(&name.name);
                let kind = if self.cur.in_block {
                    VarKind::Private
                } else {
                    VarKind::Local
                };
                self.cur.scope.declare(&name.name, v.clone(), *ty, kind);
                let at = self.checks.add(Role::Statement, span);
                out.push(var_decl(&v, vty, init, at));
            }
            StmtKind::Assign { target, op, value } => self.assign(target, *op, value, span, out)?,
            StmtKind::Call {
                target,
                callee,
                args,
            } => self.call_stmt(target.as_ref(), callee, args, span, out)?,
            StmtKind::If { cond: c, then, els } => {
                let c = self.condition(c)?;
                let then = self.scoped_block(&then.stmts, then.span, tail)?;
                let els = match els {
                    Some(b) => Some(self.scoped_block(&b.stmts, b.span, tail)?),
                    None => None,
                };
                let at = self.checks.add(Role::Statement, span);
                out.push(stmt(VKind::If { cond: c, then, els }, at));
            }
            StmtKind::While {
                cond: c,
                spec,
                body,
            } => {
                let c = self.condition(c)?;
                let invariants = self.invariants(spec.as_ref())?;
                let body = self.scoped_block(&body.stmts, body.span, false)?;
                let at = self.checks.add(Role::Statement, span);
                out.push(stmt(
                    VKind::While {
                        cond: c,
                        invariants,
                        body,
                    },
                    at,
                ));
            }
            StmtKind::For {
                init,
                cond: c,
                step,
                spec,
                body,
            } => {
                self.cur.scope.push();
                let r = self.for_loop(init, c.as_ref(), step, spec.as_ref(), body, span, out);
                self.cur.scope.pop();
                r?;
            }
            StmtKind::Return(e) => {
                if !tail {
                    return Err(FrontError::unsupported(
                        span,
                        "`return` before the end of the function (other than in `if (…) { …; return …; }` \
                         followed by the rest of the function) is not supported",
                    ));
                }
                if let Some(e) = e {
                    let Some((res, ty)) = self.cur.result.clone() else {
                        return Err(FrontError::type_error(
                            span,
                            "`return` with a value in a `void` function",
                        ));
                    };
                    let v = self.c_expr(e, want_of(ty))?;
                    let at = self.checks.add(Role::Statement, span);
                    out.push(assign(&res, v, at));
                }
            }
            StmtKind::Block(b) => {
                self.cur.scope.push();
                let r = self.stmts(&b.stmts, tail, out);
                self.cur.scope.pop();
                r?;
            }
            StmtKind::Assert(e) => {
                let a = self.assertion(e, SpecPos::Code)?;
                let at = self.checks.add(Role::Assert, span);
                out.push(stmt(VKind::Assert(respan(a, at)), at));
            }
            // Code between `spec_ignore {` and `spec_ignore }` is excluded from verification
            // at the user's request.
            StmtKind::SpecIgnored => {}
            StmtKind::Parallel(id) => self.region(*id, out)?,
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn for_loop(
        &mut self,
        init: &[Stmt],
        c: Option<&Expr>,
        step: &[Stmt],
        spec: Option<&Contract>,
        body: &Block,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        self.stmts(init, false, out)?;
        let c = match c {
            Some(c) => self.condition(c)?,
            None => bool_lit(true, self.checks.add(Role::Condition, span)),
        };
        let invariants = self.invariants(spec)?;
        self.cur.scope.push();
        let mut b = Vec::new();
        let r = self.stmts(&body.stmts, false, &mut b);
        self.cur.scope.pop();
        r?;
        self.stmts(step, false, &mut b)?;
        let at = self.checks.add(Role::Statement, span);
        out.push(stmt(
            VKind::While {
                cond: c,
                invariants,
                body: block(b, body.span),
            },
            at,
        ));
        Ok(())
    }

    /// A condition (`if`/`while`), checked where it is evaluated.
    fn condition(&mut self, c: &Expr) -> Result<VExpr, FrontError> {
        let v = self.c_expr(c, Want::Bool)?;
        Ok(respan(v, self.checks.add(Role::Condition, c.span)))
    }

    /// The invariants of a loop: its `loop_invariant`s and the function's `context_everywhere`.
    fn invariants(&mut self, spec: Option<&Contract>) -> Result<Vec<VExpr>, FrontError> {
        let everywhere = self.cur.everywhere.clone();
        let mut clauses: Vec<&crate::spec::Clause> =
            spec.map(|c| c.invariants().collect()).unwrap_or_default();
        clauses.extend(everywhere.iter());
        let lowered = self.spec_clauses(clauses, SpecPos::Code)?;
        Ok(lowered
            .into_iter()
            .map(|c| respan(c.expr, self.checks.add(Role::LoopInvariant, c.span)))
            .collect())
    }

    fn assign(
        &mut self,
        target: &Expr,
        op: AssignOp,
        value: &Expr,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        // `t op= v` is `t = t op v`.
        let full = match op.binop() {
            None => value.clone(),
            Some(b) => Expr {
                kind: ExprKind::Binary {
                    op: b,
                    lhs: Box::new(target.clone()),
                    rhs: Box::new(value.clone()),
                },
                ty: CType::Int,
                span,
            },
        };
        let at = self.checks.add(Role::Statement, span);
        match &target.kind {
            ExprKind::Var(n) => {
                let Some(var) = self.cur.scope.lookup(n).cloned() else {
                    return Err(FrontError::type_error(
                        target.span,
                        format!("undeclared identifier `{n}`"),
                    ));
                };
                let v = self.c_expr(&full, want_of(var.ty))?;
                out.push(assign(&var.viper, v, at));
            }
            ExprKind::Index { .. } | ExprKind::Deref(_) => {
                let loc = self.lvalue(target)?;
                let v = self.c_expr(&full, Want::Int)?;
                out.push(stmt(
                    VKind::FieldAssign {
                        target: loc,
                        value: v,
                    },
                    at,
                ));
            }
            _ => {
                return Err(FrontError::unsupported(
                    target.span,
                    "assigning to this expression",
                ))
            }
        }
        Ok(())
    }

    /// The element an assignment writes: `loc(a, i).val`.
    fn lvalue(&mut self, target: &Expr) -> Result<VExpr, FrontError> {
        let span = target.span;
        match &target.kind {
            ExprKind::Index { base, index } => {
                let b = self.c_expr(base, Want::Ptr)?;
                let i = self.c_expr(index, Want::Int)?;
                Ok(element(b, i, span))
            }
            ExprKind::Deref(p) => {
                let b = self.c_expr(p, Want::Ptr)?;
                Ok(element(b, int(0, span), span))
            }
            _ => Err(FrontError::unsupported(
                span,
                "assigning to this expression",
            )),
        }
    }

    fn call_stmt(
        &mut self,
        target: Option<&Expr>,
        callee: &crate::spec::Ident,
        args: &[Expr],
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let program = self.program;
        let Some(f) = program.function(&callee.name) else {
            return Err(FrontError::type_error(
                callee.span,
                format!("call of the undeclared function `{}`", callee.name),
            ));
        };
        if f.params.len() != args.len() {
            return Err(FrontError::type_error(
                span,
                format!(
                    "`{}` takes {} argument(s), {} given",
                    callee.name,
                    f.params.len(),
                    args.len()
                ),
            ));
        }
        let mut vargs = Vec::new();
        for (a, p) in args.iter().zip(&f.params) {
            vargs.push(self.c_expr(a, want_of(p.ty))?);
        }
        self.called.insert(callee.name.clone());
        let method = Ident::new(self.method_name(&callee.name), callee.span);
        let at = self.checks.add(
            Role::Call {
                callee: callee.name.clone(),
            },
            span,
        );
        let ret = viper_type(f.ret);
        let direct = match (target, ret.is_some()) {
            (
                Some(Expr {
                    kind: ExprKind::Var(n),
                    ..
                }),
                true,
            ) => self
                .cur
                .scope
                .lookup(n)
                .filter(|v| want_of(v.ty) == want_of(f.ret))
                .map(|v| v.viper.clone()),
            _ => None,
        };
        if let Some(t) = direct {
            out.push(stmt(
                VKind::Call {
                    targets: vec![Ident::new(t, span)],
                    method,
                    args: vargs,
                },
                at,
            ));
            return Ok(());
        }
        let Some(rty) = ret else {
            if let Some(t) = target {
                return Err(FrontError::type_error(
                    t.span,
                    format!("`{}` returns no value", callee.name),
                ));
            }
            out.push(stmt(
                VKind::Call {
                    targets: Vec::new(),
                    method,
                    args: vargs,
                },
                at,
            ));
            return Ok(());
        };
        // A result that is dropped, converted or stored in memory goes through a temporary.
        let tmp = self.cur.names.fresh(&format!("{}_result", callee.name));
        let decl_at = self.checks.add(Role::Statement, span);
        out.push(var_decl(&tmp, rty, None, decl_at));
        out.push(stmt(
            VKind::Call {
                targets: vec![Ident::new(tmp.clone(), span)],
                method,
                args: vargs,
            },
            at,
        ));
        let Some(t) = target else {
            return Ok(());
        };
        let have = want_of(f.ret);
        let at = self.checks.add(Role::Statement, span);
        match &t.kind {
            ExprKind::Var(n) => {
                let Some(var) = self.cur.scope.lookup(n).cloned() else {
                    return Err(FrontError::type_error(
                        t.span,
                        format!("undeclared identifier `{n}`"),
                    ));
                };
                let v = convert(local(&tmp, span), have, want_of(var.ty), span)?;
                out.push(assign(&var.viper, v, at));
            }
            _ => {
                let loc = self.lvalue(t)?;
                let v = convert(local(&tmp, span), have, Want::Int, span)?;
                out.push(stmt(
                    VKind::FieldAssign {
                        target: loc,
                        value: v,
                    },
                    at,
                ));
            }
        }
        Ok(())
    }
}

/// The value class of a (non-void) C type.
pub(crate) fn want_of(t: CType) -> Want {
    Want::of(t).unwrap_or(Want::Int)
}

/// Whether a statement list ends with a `return` on every path.
fn ends_with_return(ss: &[Stmt]) -> bool {
    match ss.last().map(|s| &s.kind) {
        Some(StmtKind::Return(_)) => true,
        Some(StmtKind::Block(b)) => ends_with_return(&b.stmts),
        Some(StmtKind::If {
            then, els: Some(e), ..
        }) => ends_with_return(&then.stmts) && ends_with_return(&e.stmts),
        _ => false,
    }
}
