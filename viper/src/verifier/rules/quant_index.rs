//! Pure quantifiers whose bound variables reach the heap only through an affine index.
//!
//! `forall i, j :: 0 <= i < n && 0 <= j < m ==> loc(a, i*m + j).val == 0` has no trigger: every
//! term that mentions `i` and `j` has arithmetic between them and an uninterpreted function, which
//! Z3 does not accept in patterns. Like quantified permissions (see `qp_shape`), such a quantifier
//! is rewritten over the index `k = i*m + j`: `forall k :: m != 0 ==> (0 <= k / m < n && 0 <=
//! k % m < m ==> loc(a, k).val == 0)`, which has the trigger `loc(a, k).val`.
//!
//! The rewriting is an equivalence. The index term is replaced by `k` and the bound variables by
//! their inverses; for that, the map from the bound variables to the index must be a bijection
//! onto the indices the guard admits: `x -> s*x + c` for a literal `s` (guard `(k - c) % s == 0`),
//! and `(r, c) -> m*r + c` for `0 <= c < m`, which must be where the body matters (checked first:
//! outside it a `forall`'s body is true, an `exists`'s false).

use z3::ast::{Ast, Bool, Dynamic};

use crate::verifier::heap::qp_shape::{is_lit, slot_form, var_mask, SlotForm};
use crate::verifier::smt::terms::*;

/// A quantifier over index variables equivalent to the original, given its obligations.
pub struct IndexQuantifier {
    pub vars: Vec<Dynamic>,
    /// The new body (for `forall`: `guard ==> body`; for `exists`: `guard && body`).
    pub body: Bool,
    /// Facts to prove first (over the original bound variables).
    pub obligations: Vec<Bool>,
}

/// Integer arguments of uninterpreted applications in `t` that are affine, non-trivial terms over
/// `vars` mentioning all of them.
fn index_terms(t: &Dynamic, vars: &[Dynamic], all: u64, out: &mut Vec<Dynamic>) {
    if t.kind() != z3::AstKind::App {
        return;
    }
    let app = is_pattern_app(t);
    for c in t.children() {
        if app
            && c.as_int().is_some()
            && !vars.iter().any(|v| v.ast_eq(&c))
            && var_mask(&c, vars) == all
            && !out.iter().any(|o| o.ast_eq(&c))
        {
            out.push(c.clone());
        }
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || index_terms(&c, vars, all, out));
    }
}

/// Rewrites `forall vars :: body` (or `exists`) over an index, when some affine index term
/// covers all bound variables; `None` otherwise.
pub fn index_quantifier(forall: bool, vars: &[Dynamic], body: &Bool) -> Option<IndexQuantifier> {
    if vars.is_empty() || vars.len() > 2 {
        return None;
    }
    let all: u64 = (1u64 << vars.len()) - 1;
    let mut terms = Vec::new();
    index_terms(&Dynamic::from_ast(body), vars, all, &mut terms);
    for t in terms {
        if let Some(q) = rewrite_over(forall, vars, body, &t) {
            return Some(q);
        }
    }
    None
}

fn rewrite_over(
    forall: bool,
    vars: &[Dynamic],
    body: &Bool,
    term: &Dynamic,
) -> Option<IndexQuantifier> {
    let form = slot_form(term, vars)?;
    let k = Dynamic::fresh_const("idx", &z3::Sort::int());
    let ki = k.as_int()?;
    let mut obligations = Vec::new();
    let mut inverse: Vec<Option<Dynamic>> = vec![None; vars.len()];
    let guard = match &form {
        SlotForm::Var(_) => return None,
        SlotForm::Line {
            var,
            stride,
            offset,
        } => {
            // Only literal strides: a symbolic one may be zero.
            let s = stride.as_i64()?;
            let shifted = isub(&ki, offset);
            let (x, guard) = match s {
                0 => return None,
                1 => (shifted, tt()),
                -1 => (ineg(&shifted), tt()),
                _ => (
                    idiv(&shifted, stride),
                    eq(
                        &Dynamic::from_ast(&imod(&shifted, stride)),
                        &Dynamic::from_ast(&int(0)),
                    ),
                ),
            };
            inverse[*var] = Some(Dynamic::from_ast(&x));
            guard
        }
        SlotForm::Rect {
            row,
            col,
            width,
            offset,
        } => {
            if is_lit(width, 0) {
                return None;
            }
            let c = vars[*col].as_int()?;
            let inside = and2(&icmp(&int(0), &c, Cmp::Le), &icmp(&c, width, Cmp::Lt));
            obligations.push(if forall {
                implies(&not(&inside), body)
            } else {
                implies(body, &inside)
            });
            let shifted = isub(&ki, offset);
            inverse[*row] = Some(Dynamic::from_ast(&idiv(&shifted, width)));
            inverse[*col] = Some(Dynamic::from_ast(&imod(&shifted, width)));
            not(&eq(&Dynamic::from_ast(width), &Dynamic::from_ast(&int(0))))
        }
    };
    let inverse: Vec<Dynamic> = inverse.into_iter().collect::<Option<Vec<_>>>()?;
    let replaced = subst(body, &[(term, &k)]);
    let pairs: Vec<(&Dynamic, &Dynamic)> = vars.iter().zip(inverse.iter()).collect();
    let over_k = subst(&replaced, &pairs);
    if var_mask(&Dynamic::from_ast(&over_k), vars) != 0 {
        return None;
    }
    let body = if forall {
        implies(&guard, &over_k)
    } else {
        and2(&guard, &over_k)
    };
    Some(IndexQuantifier {
        vars: vec![k],
        body,
        obligations,
    })
}
