//! Integer globals that no code of the program changes: their value is always their initial
//! one (C11 §6.7.9: a global without initialiser starts at zero).
//!
//! ompv keeps globals in memory, and a function verified on its own, or a loop checked by its
//! invariant, knows nothing of a location's value unless its specification says so: with
//! `int n = 200; double u[200];`, `for (i = 0; i < n; i++) u[i] = 0;` in a function is not
//! provably within bounds. When nothing assigns `n` (no assignment anywhere, no address taken,
//! not `threadprivate`, every function of the program verified so that all code is seen), the
//! inferred contracts and loop invariants may say `n == 200`: `main` knows it from the initial
//! state, each call keeps it (the callee's contract says so again), and each check of it is a
//! proof obligation like any other, never an assumption.

use std::collections::BTreeMap;

use crate::c::ast::{Body, ExprKind, Init, Origin, UnOp, VarId};
use crate::c::Program;

/// The integer globals no code changes, with their value.
pub fn constant_globals(program: &Program) -> BTreeMap<VarId, i128> {
    let mut assigned = std::collections::BTreeSet::new();
    for f in &program.functions {
        match &f.body {
            // (With what library routines update: `rand`'s hidden state.)
            Body::Verified(b) => assigned.extend(crate::omp::effects::written(program, &b.stmts)),
            // Verified where it is inlined (a verified body holds its copy).
            Body::NotVerified(crate::c::ast::NotVerified::Inlined) => {}
            // Code ompv does not see may change anything.
            _ if f.origin == Origin::Main => return BTreeMap::new(),
            _ => {}
        }
    }
    let mut out = BTreeMap::new();
    for g in &program.globals {
        let var = program.var(g.var);
        if !var.ty.is_integer() || var.addr_taken || var.threadprivate || assigned.contains(&g.var)
        {
            continue;
        }
        let value = match &g.init {
            None => Some(0),
            Some(Init::Expr(e)) => literal(e),
            Some(Init::List(_)) => None,
        };
        if let Some(v) = value {
            out.insert(g.var, v);
        }
    }
    out
}

/// Replaces each read of a constant global by its value (for code that only reads them).
pub struct Inline<'a>(pub &'a BTreeMap<VarId, i128>);

impl crate::c::rewrite::Rewriter for Inline<'_> {
    fn expr(&mut self, e: &mut crate::c::ast::Expr) {
        if let ExprKind::Var(v) = e.kind {
            if let Some(c) = self.0.get(&v) {
                e.kind = ExprKind::Int(*c);
            }
        }
    }
}

/// The value of an integer literal, possibly negated or converted.
fn literal(e: &crate::c::ast::Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Unary { op: UnOp::Neg, arg } => literal(arg).map(|v| -v),
        ExprKind::Cast(inner) if inner.ty.is_integer() => literal(inner),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use viper::SourceMap;

    fn constants(src: &str) -> Vec<(String, i128)> {
        let mut sm = SourceMap::new();
        let f = sm.add("t.c", src);
        let program =
            crate::parse_c(&mut sm, f, &Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
        constant_globals(&program)
            .into_iter()
            .map(|(v, c)| (program.var(v).name.clone(), c))
            .collect()
    }

    #[test]
    fn globals_nothing_changes_keep_their_initial_value() {
        let got = constants(
            "int n = 200, m = -3, z; double d = 1.0; int w = 1; int p = 2; int *q;\n\
             void f(void) { w = 2; }\nint main(void) { q = &p; f(); return n + m + z; }\n",
        );
        assert_eq!(
            got,
            vec![
                ("n".to_string(), 200),
                ("m".to_string(), -3),
                ("z".to_string(), 0)
            ]
        );
    }

    #[test]
    fn a_function_ompv_does_not_see_may_change_any() {
        let got = constants("int n = 200;\nvoid g(void);\nint main(void) { g(); return n; }\n");
        assert_eq!(got, vec![]);
    }
}
