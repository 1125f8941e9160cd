//! The memory accesses of library routines ([`crate::c::library`]), at a call: a write needs
//! write permission to what it writes and leaves any values there (the permission is given up
//! and taken back); a read needs some permission to every location it may read (checked as a
//! read of each one). Hidden state is the global `Program::hidden_state` names. An access ompv
//! only bounds (a string up to the end of its object) is checked with a role that says so, so
//! that its failure is `unknown`; one it cannot bound at all is a check that fails, `unknown`
//! too, naming the routine.

use super::prelude::{self, ALEN, LOC, PBASE, POFF};
use super::{viper_call, Lowerer, Repr};
use crate::c::ast::{Expr, ExprKind, Type, VarId};
use crate::c::library::{Accesses, Effect, Extent, Target};
use crate::error::FrontError;
use crate::semantics::libc::State;
use ppl::obligations::build::*;
use ppl::obligations::Role;
use viper::ast::{BinaryOp, PermLit, Stmt as VStmt, StmtKind as VKind, Type as VType};
use viper::Span;

impl Lowerer<'_> {
    /// The checks and updates of `accesses`, those of a call of the library routine `callee`
    /// at `span`.
    pub(crate) fn library_effects(
        &mut self,
        callee: &str,
        accesses: &Accesses<'_>,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        for e in &accesses.effects {
            self.library_effect(callee, e, accesses.opaque, out)?;
        }
        if let Some(why) = &accesses.unbounded {
            let at = self.checks.add(
                access_role(callee, why.clone(), false, accesses.opaque),
                span,
            );
            out.push(stmt(VKind::Assert(bool_lit(false, at)), at));
        }
        Ok(())
    }

    fn library_effect(
        &mut self,
        callee: &str,
        e: &Effect<'_>,
        opaque: bool,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let span = e.span;
        let (obj, lo, f, what) = match e.target {
            Target::Global(v) => return self.opaque_global(callee, v, span, out),
            Target::State(s) => {
                let v = self
                    .program
                    .hidden_state(s)
                    .expect("the converter creates the hidden state of every routine called");
                (
                    self.state_object(v, span)?,
                    int(0, span),
                    prelude::VAL,
                    None,
                )
            }
            Target::Arg(arg)
                if e.extent == Extent::Whole
                    && matches!(pointee_of(arg), Some(crate::c::ast::Type::Struct(_))) =>
            {
                return self.whole_structs(callee, arg, opaque, span, out);
            }
            Target::Arg(arg) => {
                let pointee = pointee_of(arg);
                let Some(f) = pointee
                    .as_ref()
                    .and_then(|t| self.elem_field(t, span).transpose())
                else {
                    return Err(FrontError::unsupported(
                        span,
                        format!(
                            "an argument of `{callee}` that points to a struct or an array (what \
                             the routine accesses there is not modelled)"
                        ),
                    ));
                };
                let f = f?;
                let (p, _) = self.c_value(arg)?;
                // The allocation and the offset in it the argument points to.
                let (obj, lo) = if self.is_base(arg) {
                    (p, int(0, span))
                } else if e.extent == Extent::Whole {
                    (viper_call(PBASE, vec![p], span), int(0, span))
                } else {
                    (
                        viper_call(PBASE, vec![p.clone()], span),
                        viper_call(POFF, vec![p], span),
                    )
                };
                (obj, lo, f, Some(arg))
            }
        };
        let len = viper_call(ALEN, vec![obj.clone()], span);
        let k = self.cur.names.fresh("k");
        let access = match (what, e.write) {
            (None, true) => "updates its hidden state".to_string(),
            (None, false) => "reads its hidden state".to_string(),
            (Some(a), write) if e.extent == Extent::Whole => format!(
                "may {} all of the object `{}` points into",
                if write { "write" } else { "read" },
                crate::c::print::print_expr(a, self.program)
            ),
            (Some(a), write) => {
                let verb = match (write, e.extent) {
                    (_, Extent::Whole) => unreachable!("handled above"),
                    (true, Extent::One) => "writes the object at",
                    (true, Extent::Rest) => "writes the characters from",
                    (false, Extent::One) => "reads the object at",
                    (false, Extent::Rest) => "reads the characters from",
                };
                format!("{verb} `{}`", crate::c::print::print_expr(a, self.program))
            }
        };
        let at = self
            .checks
            .add(access_role(callee, access, e.exact, opaque), span);
        let elem = |i| prelude::element(obj.clone(), i, f, span);
        let all = |body| {
            forall(
                vec![decl(&k, VType::Int, span)],
                implies(
                    in_range(local(&k, span), lo.clone(), len.clone(), span),
                    body,
                    span,
                ),
                span,
            )
        };
        match (e.write, e.extent) {
            (true, extent) => {
                let perm = match extent {
                    Extent::One => acc(elem(lo.clone()), perm_lit(PermLit::Write, span), span),
                    Extent::Rest | Extent::Whole => all(acc(
                        elem(local(&k, span)),
                        perm_lit(PermLit::Write, span),
                        span,
                    )),
                };
                // (Permissions exist only inside an allocation: holding it is being in bounds.)
                out.push(stmt(VKind::Exhale(respan(perm.clone(), at)), at));
                let back = self.checks.add(Role::Internal("library write"), span);
                out.push(stmt(VKind::Inhale(respan(perm, back)), back));
            }
            (false, Extent::One) => {
                let x = elem(lo.clone());
                let read = bin(BinaryOp::Eq, x.clone(), x, span);
                out.push(stmt(VKind::Assert(respan(read, at)), at));
            }
            (false, Extent::Rest | Extent::Whole) => {
                // Reading each character needs a permission to it.
                let x = elem(local(&k, span));
                let read = all(bin(BinaryOp::Eq, x.clone(), x, span));
                out.push(stmt(VKind::Assert(respan(read, at)), at));
            }
        }
        Ok(())
    }

    /// A write of every struct of the allocation `arg` points into (`c::opaque`'s bound of a
    /// function without a body; the structs hold no pointers): write permission to each member
    /// is given up and taken back, its values any.
    fn whole_structs(
        &mut self,
        callee: &str,
        arg: &Expr,
        opaque: bool,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let ty = pointee_of(arg).expect("a pointer to a struct");
        let (p, _) = self.c_value(arg)?;
        let obj = if self.is_base(arg) {
            p
        } else {
            viper_call(PBASE, vec![p], span)
        };
        let len = viper_call(ALEN, vec![obj.clone()], span);
        let k = self.cur.names.fresh("k");
        let at_k = viper_call(LOC, vec![obj, local(&k, span)], span);
        let atoms = self.elem_atoms(at_k, &ty, span)?;
        let outer = (
            decl(&k, VType::Int, span),
            in_range(local(&k, span), int(0, span), len, span),
        );
        let perm = Self::atoms_perm(atoms, Some(outer), perm_lit(PermLit::Write, span), span);
        let access = format!(
            "may write all of the object `{}` points into",
            crate::c::print::print_expr(arg, self.program)
        );
        let at = self
            .checks
            .add(access_role(callee, access, false, opaque), span);
        out.push(stmt(VKind::Exhale(respan(perm.clone(), at)), at));
        let back = self.checks.add(Role::Internal("library write"), span);
        out.push(stmt(VKind::Inhale(respan(perm, back)), back));
        Ok(())
    }

    /// A call of a function ompv knows nothing of ([`crate::c::opaque`]) may write all of the
    /// global `v`: write permission to it is given up and taken back, its values any.
    fn opaque_global(
        &mut self,
        callee: &str,
        v: VarId,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let var = self.program.var(v).clone();
        let what = if Some(v) == self.program.hidden_state(State::Unseen) {
            "may write objects only other files can name (a `static` variable of its own)"
                .to_string()
        } else {
            format!("may write all of `{}`", var.name)
        };
        let at = self
            .checks
            .add(access_role(callee, what, false, true), span);
        let Some(Repr::Memory(obj)) = self.repr(&v).cloned() else {
            // (Every global of the user's file lives in memory; one that does not is not bounded.)
            out.push(stmt(VKind::Assert(bool_lit(false, at)), at));
            return Ok(());
        };
        let perm = self.object_perms(obj, &var.ty, perm_lit(PermLit::Write, span), span)?;
        out.push(stmt(VKind::Exhale(respan(perm.clone(), at)), at));
        let back = self.checks.add(Role::Internal("opaque write"), span);
        out.push(stmt(VKind::Inhale(respan(perm, back)), back));
        Ok(())
    }

    /// The object of the global `v` that holds hidden state (in memory, as every global).
    fn state_object(&mut self, v: VarId, span: Span) -> Result<viper::ast::Expr, FrontError> {
        match self.repr(&v).cloned() {
            Some(Repr::Memory(obj)) => Ok(obj),
            _ => {
                let e = Expr {
                    kind: ExprKind::Var(v),
                    ty: Type::INT,
                    span,
                };
                Err(FrontError::unsupported(
                    span,
                    format!(
                        "the hidden state `{}` here",
                        crate::c::print::print_expr(&e, self.program)
                    ),
                ))
            }
        }
    }
}

/// The role of the check of an access `access` (in words) of `callee`: a library routine's, or
/// one of a function ompv knows nothing of, which is never exact.
fn access_role(callee: &str, access: String, exact: bool, opaque: bool) -> Role {
    if opaque {
        Role::Opaque {
            callee: callee.to_string(),
            access,
        }
    } else {
        Role::Library {
            callee: callee.to_string(),
            access,
            exact,
        }
    }
}

/// The type `arg` points to.
fn pointee_of(arg: &Expr) -> Option<crate::c::ast::Type> {
    arg.ty.decay().pointee().cloned()
}
