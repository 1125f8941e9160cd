//! Calls and the library routines ompv gives a meaning of its own.
//!
//! A call of a function of the file (or of a library routine with a contract) is a Viper method
//! call: modular, by the callee's contract. Pointer arguments must point to the start of an
//! allocation (the callee indexes them from there); where the front end cannot see that, the call
//! checks it. Arguments of variadic output routines (`printf`) are evaluated (their reads need
//! permission) and dropped. `omp_get_thread_num()` and `omp_get_num_threads()` get their value
//! from the construct they are called in.

use super::prelude::{self, ALEN, LOC};
use super::{viper_call, Lowerer};
use crate::c::ast::*;
use crate::error::FrontError;
use ppl::obligations::build::*;
use ppl::obligations::Role;
use viper::ast::{
    BinaryOp, Expr as VExpr, Ident, PermLit, Stmt as VStmt, StmtKind as VKind, Type as VType,
};
use viper::Span;

impl Lowerer<'_> {
    pub(crate) fn call_stmt(
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
        // Routines whose value depends on the team.
        if f.origin == Origin::Library {
            if let Some(v) = self.team_routine(&callee.name, span, out)? {
                if let Some(t) = target {
                    let v = super::value::convert(v, super::value::Class::Int, class(&t.ty), span)?;
                    self.store(t, v, span, out)?;
                }
                return Ok(());
            }
            if is_lock_routine(&callee.name) && self.cur.team.is_some() {
                return Err(FrontError::unsupported(
                    callee.span,
                    format!(
                        "the lock routine `{}` inside a parallel region",
                        callee.name
                    ),
                ));
            }
        }
        let mut vargs = Vec::new();
        for (k, a) in args.iter().enumerate() {
            match f.params.get(k) {
                Some(p) => {
                    let pty = self.program.var(p.var).ty.clone();
                    if let ExprKind::Str(_) = a.kind {
                        // A string's characters are not modelled: any pointer will do.
                        vargs.push(viper_call(prelude::NULL, Vec::new(), a.span));
                        continue;
                    }
                    let v = self.c_value_as(a, &pty)?;
                    let interior = self.interior.contains(&(callee.name.clone(), k));
                    if pty.is_pointer() && f.origin == Origin::Main && !self.is_base(a) && !interior
                    {
                        // The callee indexes its pointer parameters from the start of an allocation.
                        let at = self.checks.add(
                            Role::Call {
                                callee: callee.name.clone(),
                            },
                            a.span,
                        );
                        let ok = prelude::starts_allocation(v.clone(), a.span);
                        out.push(stmt(VKind::Assert(respan(ok, at)), at));
                    }
                    vargs.push(v);
                }
                None => {
                    // An extra argument of a variadic routine: evaluated, then dropped.
                    if let ExprKind::Str(_) = a.kind {
                        continue;
                    }
                    let (v, c) = self.c_value(a)?;
                    let ty = match c {
                        super::value::Class::Int => VType::Int,
                        super::value::Class::Bool => VType::Bool,
                        super::value::Class::Float => prelude::float_type(),
                        super::value::Class::Ptr => prelude::array_type(),
                    };
                    let tmp = self.cur.names.fresh("arg");
                    let at = self.checks.add(Role::Statement, a.span);
                    out.push(var_decl(&tmp, ty, Some(v), at));
                }
            }
        }
        if f.origin == Origin::Library {
            match crate::c::library::accesses(self.program, &callee.name, args, span) {
                Some(a) => self.library_effects(&callee.name, &a, span, out)?,
                // The OpenMP runtime's routines mean what `omp` makes of them.
                None if callee.name.starts_with("omp_") => {}
                None => {
                    return Err(FrontError::unsupported(
                        callee.span,
                        format!(
                            "a call of `{}`: ompv has no model of what it accesses",
                            callee.name
                        ),
                    ))
                }
            }
        }
        if f.is_opaque() {
            // Nothing bounds what it does: all it may (`c::opaque`).
            let a = crate::c::opaque::accesses(self.program, f, args, span);
            self.library_effects(&callee.name, &a, span, out)?;
        }
        self.called.insert(callee.name.clone());
        let method = Ident::new(self.method_name(&callee.name), callee.span);
        let at = self.checks.add(
            Role::Call {
                callee: callee.name.clone(),
            },
            span,
        );
        let ret = super::viper_type(&f.ret);
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
        // The result goes through a temporary (the target may be in memory or need a conversion).
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
        if f.ret.is_unsigned() {
            let at = self.checks.add(Role::Internal("unsigned"), span);
            out.push(stmt(
                VKind::Inhale(bin(BinaryOp::Ge, local(&tmp, span), int(0, span), at)),
                at,
            ));
        }
        if let Some(t) = target {
            let have = class(&f.ret);
            let v = super::value::convert(local(&tmp, span), have, class(&t.ty), span)?;
            self.store(t, v, span, out)?;
        }
        Ok(())
    }

    /// The value of `omp_get_thread_num()` / `omp_get_num_threads()` where they are called.
    fn team_routine(
        &mut self,
        name: &str,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<Option<VExpr>, FrontError> {
        Ok(match name {
            "omp_get_thread_num" => Some(match (&self.cur.block, &self.cur.team) {
                (Some(b), _) if b.thread.is_some() => local(b.thread.as_ref().unwrap(), span),
                (_, Some(team)) => {
                    // Some thread of the team: which one is not known.
                    let team = team.clone();
                    self.runtime_value("thread number", "thread", span, out, |t, at| {
                        in_range(t, int(0, span), local(&team, span), at)
                    })
                }
                // In `main` outside any parallel region the thread is the initial one. Another
                // function may be called in a region: there it is the caller's thread, so its
                // contract must hold of every thread (OpenMP 5.2 §18.2.4).
                (_, None) if self.in_main() => int(0, span),
                (_, None) => {
                    self.runtime_value("thread number", "omp_value", span, out, |t, at| {
                        bin(viper::ast::BinaryOp::Ge, t, int(0, span), at)
                    })
                }
            }),
            "omp_get_num_threads" => Some(match &self.cur.team {
                Some(team) => local(team, span),
                None if self.in_main() => int(1, span),
                None => self.runtime_value("team size", "omp_value", span, out, |t, at| {
                    bin(viper::ast::BinaryOp::Ge, t, int(1, span), at)
                }),
            }),
            _ => None,
        })
    }

    /// Whether the code being lowered is `main`'s own (not a function it calls).
    fn in_main(&self) -> bool {
        self.cur.name == "main"
    }

    /// A fresh integer named after `prefix` of which only `fact` is known (a value of the OpenMP
    /// runtime ompv does not know; `fact` gets the variable and the check's span).
    fn runtime_value(
        &mut self,
        what: &'static str,
        prefix: &str,
        span: Span,
        out: &mut Vec<VStmt>,
        fact: impl FnOnce(VExpr, Span) -> VExpr,
    ) -> VExpr {
        let t = self.cur.names.fresh(prefix);
        let at = self.checks.add(Role::Internal(what), span);
        out.push(var_decl(&t, VType::Int, None, at));
        out.push(stmt(VKind::Inhale(fact(local(&t, span), at)), at));
        local(&t, span)
    }

    /// `free(p)`: the whole allocation's permission goes away.
    pub(crate) fn free(
        &mut self,
        p: &Expr,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let elem = p.ty.decay().pointee().cloned().unwrap_or(Type::Void);
        let pv = self.pointer(p)?;
        let at = self.checks.add(Role::Statement, span);
        if elem == Type::Void {
            return Err(FrontError::unsupported(span, "`free` of a `void *`"));
        }
        let n = viper_call(ALEN, vec![pv.clone()], span);
        let ty = Type::Array {
            elem: Box::new(elem),
            len: crate::c::types::ArrayLen::Unknown,
        };
        let perms = self.range_perms(p, pv.clone(), &ty, n, span)?;
        let null = bin(
            BinaryOp::Eq,
            pv,
            viper_call(prelude::NULL, Vec::new(), span),
            span,
        );
        out.push(stmt(
            VKind::If {
                cond: not(null, at),
                then: block(vec![stmt(VKind::Exhale(respan(perms, at)), at)], span),
                els: None,
            },
            at,
        ));
        Ok(())
    }

    /// Full permission to `n` elements (of the array type `ty`'s element) from pointer `pe`.
    fn range_perms(
        &mut self,
        pe: &Expr,
        pv: VExpr,
        ty: &Type,
        n: VExpr,
        span: Span,
    ) -> Result<VExpr, FrontError> {
        let Type::Array { elem, .. } = ty else {
            unreachable!("an array type")
        };
        let k = self.cur.names.fresh("k");
        if let Type::Array { .. } = &**elem {
            // Rows: each element is an allocation of its own (`row(p, k)`), whose elements
            // `object_perms` covers; one quantifier over all indices.
            let row = self.row_of(pe, pv.clone(), local(&k, span), span);
            let inner = self.object_perms(row, elem, perm_lit(PermLit::Write, span), span)?;
            let guard = in_range(local(&k, span), int(0, span), n, span);
            return Ok(nest_forall(decl(&k, VType::Int, span), guard, inner, span));
        }
        let r = self.elem_ref(pe, pv, local(&k, span), span);
        let atoms = self.elem_atoms(r, elem, span)?;
        let guard = in_range(local(&k, span), int(0, span), n, span);
        Ok(Self::atoms_perm(
            atoms,
            Some((decl(&k, VType::Int, span), guard)),
            perm_lit(PermLit::Write, span),
            span,
        ))
    }

    /// `memset`: the elements get unknown values (zero if the byte is 0).
    pub(crate) fn memset(
        &mut self,
        target: &Expr,
        count: Option<&Expr>,
        zero: bool,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let at = self.checks.add(Role::Statement, span);
        let (perms, zeros) = self.region_of(target, count, zero, span)?;
        out.push(stmt(VKind::Exhale(respan(perms.clone(), at)), at));
        let mut after = perms;
        if let Some(z) = zeros {
            after = and(after, z, span);
        }
        let at2 = self.checks.add(Role::Internal("memset"), span);
        out.push(stmt(VKind::Inhale(after), at2));
        Ok(())
    }

    /// `memcpy`: reading the source needs permission; the destination gets unknown values.
    pub(crate) fn memcpy(
        &mut self,
        dst: &Expr,
        src: &Expr,
        count: Option<&Expr>,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let at = self.checks.add(Role::Statement, span);
        let (sperms, _) = self.region_of(src, count, false, span)?;
        let half = super::spec::scale_perm(&sperms, span);
        out.push(stmt(VKind::Exhale(respan(half.clone(), at)), at));
        let at2 = self.checks.add(Role::Internal("memcpy"), span);
        out.push(stmt(VKind::Inhale(half), at2));
        self.memset(dst, count, false, span, out)
    }

    /// The permissions (and, if `zero`, the zero values) of the elements `target` designates:
    /// the whole object (`count` is `None`) or `count` elements from the pointer.
    fn region_of(
        &mut self,
        target: &Expr,
        count: Option<&Expr>,
        zero: bool,
        span: Span,
    ) -> Result<(VExpr, Option<VExpr>), FrontError> {
        match count {
            None => {
                let obj = self.array_value(target)?;
                let perms = self.object_perms(
                    obj.clone(),
                    &target.ty,
                    perm_lit(PermLit::Write, span),
                    span,
                )?;
                let zeros = if zero {
                    Some(self.zero_values(obj, &target.ty, span)?)
                } else {
                    None
                };
                Ok((perms, zeros))
            }
            Some(c) => {
                let pv = self.pointer(target)?;
                let n = self.c_value_as(c, &Type::SIZE_T)?;
                let elem = target.ty.decay().pointee().cloned().unwrap_or(Type::Void);
                let ty = Type::Array {
                    elem: Box::new(elem.clone()),
                    len: crate::c::types::ArrayLen::Unknown,
                };
                let perms = self.range_perms(target, pv.clone(), &ty, n.clone(), span)?;
                let zeros = if zero {
                    let k = self.cur.names.fresh("k");
                    let r = self.elem_ref(target, pv, local(&k, span), span);
                    let f = self.elem_field(&elem, span)?.ok_or_else(|| {
                        FrontError::unsupported(span, "`memset` of structs through a pointer")
                    })?;
                    let z = self.zero_value(&elem, span)?;
                    Some(forall(
                        vec![decl(&k, VType::Int, span)],
                        implies(
                            in_range(local(&k, span), int(0, span), n, span),
                            bin(BinaryOp::Eq, field(r, f, span), z, span),
                            span,
                        ),
                        span,
                    ))
                } else {
                    None
                };
                let _ = LOC;
                Ok((perms, zeros))
            }
        }
    }
}

/// The value class of a C type (integers for anything without one).
fn class(t: &Type) -> super::value::Class {
    super::value::Class::of(t).unwrap_or(super::value::Class::Int)
}

/// The OpenMP lock routines.
pub(crate) fn is_lock_routine(name: &str) -> bool {
    matches!(
        name,
        "omp_set_lock"
            | "omp_unset_lock"
            | "omp_test_lock"
            | "omp_set_nest_lock"
            | "omp_unset_nest_lock"
            | "omp_test_nest_lock"
    )
}

/// `forall k :: guard ==> inner` with the quantifiers of `inner` (a conjunction of
/// `forall ks :: g ==> acc(..)` and plain `acc`s) merged into one per permission, the shape
/// quantified permissions take.
fn nest_forall(k: viper::ast::LocalDecl, guard: VExpr, inner: VExpr, span: Span) -> VExpr {
    use viper::ast::{ExprKind as E, QuantKind};
    match &inner.kind {
        E::Binary {
            op: BinaryOp::And,
            left,
            right,
        } => and(
            nest_forall(k.clone(), guard.clone(), (**left).clone(), span),
            nest_forall(k, guard, (**right).clone(), span),
            span,
        ),
        E::Quant {
            kind: QuantKind::Forall,
            vars,
            body,
            ..
        } => {
            let (g2, a) = match &body.kind {
                E::Binary {
                    op: BinaryOp::Implies,
                    left,
                    right,
                } => ((**left).clone(), (**right).clone()),
                _ => (bool_lit(true, span), (**body).clone()),
            };
            let mut all = vec![k];
            all.extend(vars.iter().cloned());
            forall(all, implies(and(guard, g2, span), a, span), span)
        }
        _ => forall(vec![k], implies(guard, inner, span), span),
    }
}
