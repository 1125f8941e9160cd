//! Deciding, without the solver, that one permission amount of a quantified chunk exceeds
//! another inside the chunks' common region.
//!
//! When a quantified permission is consumed, each chunk is first probed with "does it cover all
//! that is still needed, for every receiver?". Amounts of regions with shared inverses are
//! piecewise constants over one guard (`ite(img(r) && 0 <= inv(r) < n, 1/2, 0)` minus what
//! earlier steps took). If the needed amount exceeds the chunk's inside that guard, the probe is
//! invalid as soon as the region is non-empty, but Z3, with quantified axioms in scope, often
//! cannot show it and gives up only at the probe's resource limit. Skipping such a probe is
//! sound: the consumer then takes `min(needed, available)` from the chunk, which is the same
//! amount whatever the probe would have said.

use num_rational::BigRational;
use z3::ast::{Ast, Bool, Dynamic, Real};

use crate::verifier::smt::terms::rat_value;

/// Whether `lhs <= rhs` fails wherever the first guard of `lhs` holds: both sides evaluate to
/// constants once that guard is taken to be true, and `lhs` is the larger.
pub fn exceeds_under_guard(lhs: &Real, rhs: &Real) -> bool {
    let lhs = Dynamic::from_ast(lhs);
    let Some(guard) = first_guard(&lhs) else {
        return false;
    };
    match (value(&lhs, &guard), value(&Dynamic::from_ast(rhs), &guard)) {
        (Some(l), Some(r)) => l > r,
        _ => false,
    }
}

fn decl_name(t: &Dynamic) -> Option<String> {
    if t.kind() != z3::AstKind::App {
        return None;
    }
    t.safe_decl().ok().map(|d| d.name())
}

/// Z3 names the if-then-else declaration `if`; its SMT-LIB name is `ite`.
fn is_ite(name: &str) -> bool {
    name == "if" || name == "ite"
}

/// The condition of the first if-then-else in `t` whose condition is not a comparison of
/// amounts (those come from `min`, and are evaluated instead).
fn first_guard(t: &Dynamic) -> Option<Bool> {
    let name = decl_name(t)?;
    let children = t.children();
    if is_ite(&name) {
        let c = children.first()?.as_bool()?;
        if truth(&c, None).is_none() {
            return Some(c);
        }
    }
    children.iter().find_map(first_guard)
}

/// The value of an amount with `guard` true, if it is a constant then.
fn value(t: &Dynamic, guard: &Bool) -> Option<BigRational> {
    if let Some(r) = t.as_real() {
        if let Some(v) = rat_value(&r) {
            return Some(v);
        }
    }
    let name = decl_name(t)?;
    let c = t.children();
    match (name.as_str(), c.as_slice()) {
        (n, [cond, a, b]) if is_ite(n) => {
            if truth(&cond.as_bool()?, Some(guard))? {
                value(a, guard)
            } else {
                value(b, guard)
            }
        }
        ("+", args) => args
            .iter()
            .try_fold(BigRational::from_integer(0.into()), |acc, a| {
                Some(acc + value(a, guard)?)
            }),
        ("-", [a]) => Some(-value(a, guard)?),
        ("-", [first, rest @ ..]) => rest
            .iter()
            .try_fold(value(first, guard)?, |acc, a| Some(acc - value(a, guard)?)),
        ("*", args) => args
            .iter()
            .try_fold(BigRational::from_integer(1.into()), |acc, a| {
                Some(acc * value(a, guard)?)
            }),
        ("/", [a, b]) => {
            let d = value(b, guard)?;
            (d != BigRational::from_integer(0.into())).then_some(value(a, guard)? / d)
        }
        _ => None,
    }
}

/// The truth of a condition: `guard` is true (when given), comparisons of amounts that are
/// constants are decided, and `and`/`or`/`not` of decided conditions.
fn truth(c: &Bool, guard: Option<&Bool>) -> Option<bool> {
    if let Some(b) = c.as_bool() {
        return Some(b);
    }
    if guard.is_some_and(|g| g.ast_eq(c)) {
        return Some(true);
    }
    let d = Dynamic::from_ast(c);
    let name = decl_name(&d)?;
    let args = d.children();
    let amount = |a: &Dynamic| match guard {
        Some(g) => value(a, g),
        None => a.as_real().and_then(|r| rat_value(&r)),
    };
    let sub = |a: &Dynamic| truth(&a.as_bool()?, guard);
    match (name.as_str(), args.as_slice()) {
        ("<=", [a, b]) => Some(amount(a)? <= amount(b)?),
        ("<", [a, b]) => Some(amount(a)? < amount(b)?),
        (">=", [a, b]) => Some(amount(a)? >= amount(b)?),
        (">", [a, b]) => Some(amount(a)? > amount(b)?),
        ("not", [a]) => Some(!sub(a)?),
        ("and", args) => args.iter().try_fold(true, |acc, a| Some(acc && sub(a)?)),
        ("or", args) => args.iter().try_fold(false, |acc, a| Some(acc || sub(a)?)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verifier::smt::terms::{ite_real, perm_none, rat_lit, rmin, rsub};

    fn q(n: i64, d: i64) -> Real {
        rat_lit(&BigRational::new(n.into(), d.into()))
    }

    #[test]
    fn a_half_exceeds_a_half_minus_a_quarter_inside_the_region() {
        let g = Bool::new_const("in_region");
        let needed = ite_real(&g, &q(1, 2), &perm_none());
        let avail = rsub(&needed, &ite_real(&g, &q(1, 4), &perm_none()));
        assert!(exceeds_under_guard(&needed, &avail));
        // The other direction holds, and is left to the solver.
        assert!(!exceeds_under_guard(&avail, &needed));
    }

    #[test]
    fn equal_or_unknown_amounts_are_left_to_the_solver() {
        let g = Bool::new_const("in_region");
        let h = Bool::new_const("elsewhere");
        let half = ite_real(&g, &q(1, 2), &perm_none());
        assert!(!exceeds_under_guard(&half, &half.clone()));
        // A second guard: its value is not known, so nothing is decided.
        let other = ite_real(&h, &q(1, 4), &perm_none());
        assert!(!exceeds_under_guard(&half, &other));
        // A symbolic amount.
        let p = Real::new_const("p");
        assert!(!exceeds_under_guard(&half, &ite_real(&g, &p, &perm_none())));
    }

    #[test]
    fn min_is_evaluated() {
        let g = Bool::new_const("in_region");
        let half = ite_real(&g, &q(1, 2), &perm_none());
        let quarter = ite_real(&g, &q(1, 4), &perm_none());
        let taken = rmin(&half, &quarter);
        // Needed 1/2 - min(1/2, 1/4) = 1/4 against an available 1/8.
        let left = rsub(&half, &taken);
        let eighth = ite_real(&g, &q(1, 8), &perm_none());
        assert!(exceeds_under_guard(&left, &eighth));
        assert!(!exceeds_under_guard(&eighth, &left));
    }
}
