//! Bound variables of a quantified permission that the receiver does not mention but the
//! condition determines.
//!
//! A region of iterations that each own a block, `forall b, k :: 0 <= b < 10 && 100*b <= k <
//! 100*b + 100 ==> acc(loc(a, k).f)`, has a receiver without `b`: the generic inverse functions
//! then need an instance of the region's definition at the right `b` to tell whether a location
//! belongs to it, which E-matching finds or not depending on Z3's internal order of work (the
//! same query was proved in some processes and not in others). But the condition fixes `b` by a
//! lower bound `100*b <= k`: `b == k / 100` (Euclidean division) for every `(b, k)` of the
//! region, and with `b` replaced by that term the quantifier is over `k` alone. The candidate is
//! read off the condition's syntax; whether it is exact is an obligation of the rewriting
//! (`cond ==> b == candidate`), proved before the rewritten form is used.

use z3::ast::{Ast, Dynamic, Int};

use super::qp_shape::{affine, is_lit, var_mask};
use crate::verifier::smt::terms::*;

/// A bound variable `var` equal, on the whole region, to `(term - offset) / width`.
#[derive(Clone, Debug)]
pub struct Determined {
    /// The divided term (over the other bound variables).
    pub term: Int,
    pub width: Int,
    pub offset: Int,
}

impl Determined {
    /// The variable's value as a term over the other bound variables.
    pub fn value(&self) -> Int {
        let shifted = isub(&self.term, &self.offset);
        if is_lit(&self.width, 1) {
            shifted
        } else {
            idiv(&shifted, &self.width)
        }
    }
}

/// The conjuncts of a condition (nested `and`s flattened).
fn conjuncts(t: &Dynamic, out: &mut Vec<Dynamic>) {
    let is_and =
        t.kind() == z3::AstKind::App && t.safe_decl().is_ok_and(|d| d.kind() == z3::DeclKind::And);
    if is_and {
        for c in t.children() {
            conjuncts(&c, out);
        }
    } else {
        out.push(t.clone());
    }
}

/// A candidate for `vars[var]`: the largest value allowed by a bound `width * var + offset <=
/// term` (or `<`) of the condition, where `term` mentions none of the variables in `unknown` (a mask that includes
/// `var`) and the width is a positive literal or a term free of bound variables.
pub fn determined(
    cond: &Dynamic,
    var: usize,
    vars: &[Dynamic],
    unknown: u64,
) -> Option<Determined> {
    let mut parts = Vec::new();
    conjuncts(cond, &mut parts);
    let candidates: Vec<Determined> = parts
        .iter()
        .filter_map(|c| from_upper_bound(c, var, vars, unknown))
        .collect();
    // A bound by the other variables (`100*b <= k`) before a constant one (`b < 10`), which
    // determines the variable only when the region has a single value of it.
    let tied = candidates
        .iter()
        .position(|d| var_mask(&Dynamic::from_ast(&d.term), vars) != 0);
    let pick = tied.unwrap_or(0);
    candidates.into_iter().nth(pick)
}

fn from_upper_bound(c: &Dynamic, var: usize, vars: &[Dynamic], unknown: u64) -> Option<Determined> {
    if c.kind() != z3::AstKind::App {
        return None;
    }
    let kind = c.safe_decl().ok()?.kind();
    let kids = c.children();
    let [l, r] = kids.as_slice() else {
        return None;
    };
    // As `low <= high`, or `low < high` when strict.
    let (low, high, strict) = match kind {
        z3::DeclKind::Le => (l, r, false),
        z3::DeclKind::Lt => (l, r, true),
        z3::DeclKind::Ge => (r, l, false),
        z3::DeclKind::Gt => (r, l, true),
        _ => return None,
    };
    let a = affine(low, vars)?;
    if a.used() != [var] || var_mask(high, vars) & unknown != 0 {
        return None;
    }
    let width = a.coefs[var].clone()?;
    if var_mask(&Dynamic::from_ast(&width), vars) != 0 || width.as_i64().is_some_and(|w| w <= 0) {
        return None;
    }
    let offset = if strict {
        iadd(&a.rest, &int(1))
    } else {
        a.rest
    };
    Some(Determined {
        term: high.as_int()?,
        width,
        offset,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verifier::heap::int_consts as ints;

    #[test]
    fn block_index_from_its_upper_bound() {
        let v = ints(&["b", "k"]);
        let (b, k) = (v[0].as_int().unwrap(), v[1].as_int().unwrap());
        let c100 = int(100);
        let low = imul(&b, &c100);
        let cond = and([
            icmp(&int(0), &b, Cmp::Le),
            icmp(&b, &int(10), Cmp::Lt),
            icmp(&low, &k, Cmp::Le),
            icmp(&k, &iadd(&low, &c100), Cmp::Lt),
        ]);
        let d = determined(&Dynamic::from_ast(&cond), 0, &v, 1).unwrap();
        assert!(d.term.ast_eq(&k));
        assert_eq!(d.width.as_i64(), Some(100));
        // Nor is `k` when `b` is unknown too (its bounds mention `b`).
        assert!(determined(&Dynamic::from_ast(&cond), 1, &v, 3).is_none());
    }

    #[test]
    fn no_candidate_without_an_upper_bound_of_the_variable() {
        let v = ints(&["b", "k"]);
        let (b, k) = (v[0].as_int().unwrap(), v[1].as_int().unwrap());
        // Only a lower bound of `b`, and a negative width.
        let cond = and([
            icmp(&k, &imul(&b, &int(100)), Cmp::Le),
            icmp(&imul(&b, &int(-2)), &k, Cmp::Le),
        ]);
        assert!(determined(&Dynamic::from_ast(&cond), 0, &v, 1).is_none());
    }
}
