//! The memory accesses of library routines through their pointer arguments
//! ([`crate::c::library`]), at a call: a write needs write permission to what it writes and
//! leaves any values there (the permission is given up and taken back); a read needs some
//! permission to every character it may read (checked as a read of each one).

use super::prelude::{self, ALEN, PBASE, POFF};
use super::{viper_call, Lowerer};
use crate::c::ast::Expr;
use crate::c::library::{Effect, Extent};
use crate::error::FrontError;
use ppl::obligations::build::*;
use ppl::obligations::Role;
use viper::ast::{BinaryOp, PermLit, Stmt as VStmt, StmtKind as VKind, Type as VType};

impl Lowerer<'_> {
    /// The checks and updates of `effects`, the accesses of a call of the library routine
    /// `callee`.
    pub(crate) fn library_effects(
        &mut self,
        callee: &str,
        effects: &[Effect<'_>],
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        for e in effects {
            self.library_effect(callee, e, out)?;
        }
        Ok(())
    }

    fn library_effect(
        &mut self,
        callee: &str,
        e: &Effect<'_>,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let span = e.arg.span;
        let pointee = pointee_of(e.arg);
        let Some(f) = pointee
            .as_ref()
            .and_then(|t| self.elem_field(t, span).transpose())
        else {
            return Err(FrontError::unsupported(
                span,
                format!(
                    "an argument of `{callee}` that points to a struct or an array (what the \
                     routine accesses there is not modelled)"
                ),
            ));
        };
        let f = f?;
        let (p, _) = self.c_value(e.arg)?;
        // The allocation and the offset in it the argument points to.
        let (obj, lo) = if self.is_base(e.arg) {
            (p, int(0, span))
        } else {
            (
                viper_call(PBASE, vec![p.clone()], span),
                viper_call(POFF, vec![p], span),
            )
        };
        let len = viper_call(ALEN, vec![obj.clone()], span);
        let k = self.cur.names.fresh("k");
        let at = self.checks.add(
            Role::Call {
                callee: callee.to_string(),
            },
            span,
        );
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
                    Extent::Rest => all(acc(
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
            (false, _) => {
                // Reading each character needs a permission to it.
                let x = elem(local(&k, span));
                let read = all(bin(BinaryOp::Eq, x.clone(), x, span));
                out.push(stmt(VKind::Assert(respan(read, at)), at));
            }
        }
        Ok(())
    }
}

/// The type `arg` points to.
fn pointee_of(arg: &Expr) -> Option<crate::c::ast::Type> {
    arg.ty.decay().pointee().cloned()
}
