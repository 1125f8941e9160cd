//! Receivers of quantified permissions that are affine in the bound variables.
//!
//! A receiver such as `loc(a, x + k)`, `loc(a, c - k)`, `loc(a, 2*k + c)` or, for 2-D data,
//! `loc(a, r*cols + c)` with `0 <= c < cols`, is rewritten over *index variables* that stand for
//! its integer arguments: `forall k :: 0 <= k < n ==> acc(loc(a, x + k).f)` becomes
//! `forall j :: 0 <= j - x < n ==> acc(loc(a, j).f)`. The bound variables are recovered from an
//! index exactly, by arithmetic (`k = j - x`, `k = c - j`, `k = (j - c) / 2` where
//! `(j - c) % 2 == 0`, `r = j / cols` and `c = j % cols`), so the region, the permission amount and
//! the injectivity of the receiver no longer depend on E-matching through arithmetic: the inverse
//! functions and their triggers see `loc(a, j)`, with a bound variable directly below an
//! uninterpreted function, and comparing two such regions is linear arithmetic over the index.
//!
//! A bound variable that the receiver does not mention must be determined by the condition
//! (`b == k / 100` in `100*b <= k < 100*b + 100`, see `qp_determined`) and is replaced by that term.
//!
//! The rewriting is exact: `xs ↦ A(xs)` is a bijection from the region onto its image, and the
//! image is described by `cond(inverse(j))` plus, for strides, the guard that `j` is hit at all.

use z3::ast::{Ast, Bool, Dynamic, Int};

use super::qp::QpParts;
use super::qp_determined::{determined, Determined};
use super::qp_lemmas::{row_lemma, Division};
use crate::verifier::smt::terms::*;

/// An integer term as `sum coefs[k] * vars[k] + rest`, with coefficients and `rest` free of the
/// bound variables.
#[derive(Clone, Debug)]
pub struct Affine {
    pub coefs: Vec<Option<Int>>,
    pub rest: Int,
}

impl Affine {
    fn constant(t: Int, n: usize) -> Affine {
        Affine {
            coefs: vec![None; n],
            rest: t,
        }
    }

    fn add(mut self, other: Affine) -> Affine {
        for (a, b) in self.coefs.iter_mut().zip(other.coefs) {
            *a = match (a.take(), b) {
                (Some(x), Some(y)) => Some(iadd(&x, &y)),
                (x, y) => x.or(y),
            };
        }
        self.rest = iadd(&self.rest, &other.rest);
        self
    }

    fn scale(mut self, f: &Int) -> Affine {
        for c in self.coefs.iter_mut() {
            *c = c.as_ref().map(|x| imul(f, x));
        }
        self.rest = imul(f, &self.rest);
        self
    }

    /// The variables with a coefficient that is not the literal 0.
    pub(crate) fn used(&self) -> Vec<usize> {
        self.coefs
            .iter()
            .enumerate()
            .filter(|(_, c)| c.as_ref().is_some_and(|c| !is_lit(c, 0)))
            .map(|(k, _)| k)
            .collect()
    }
}

/// Whether `t` is the integer literal `v`.
pub(crate) fn is_lit(t: &Int, v: i64) -> bool {
    t.as_i64() == Some(v)
}

/// Which of `vars` the term mentions, as a bit mask (up to 64 variables).
pub(crate) fn var_mask(t: &Dynamic, vars: &[Dynamic]) -> u64 {
    if let Some(k) = vars.iter().position(|v| v.ast_eq(t)) {
        return 1u64 << k.min(63);
    }
    if t.kind() != z3::AstKind::App {
        return 0;
    }
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        t.children().iter().fold(0, |m, c| m | var_mask(c, vars))
    })
}

/// The name of an application's function symbol (`None` for other terms).
fn app_name(t: &Dynamic) -> Option<String> {
    if t.kind() != z3::AstKind::App {
        return None;
    }
    t.safe_decl().ok().map(|d| d.name())
}

/// `t` as an affine combination of `vars`; `None` if it is not one (a product of two terms that
/// mention bound variables, a division, an uninterpreted function of a bound variable, ...).
pub fn affine(t: &Dynamic, vars: &[Dynamic]) -> Option<Affine> {
    let n = vars.len();
    let ti = t.as_int()?;
    if let Some(k) = vars.iter().position(|v| v.ast_eq(t)) {
        let mut a = Affine::constant(int(0), n);
        a.coefs[k] = Some(int(1));
        return Some(a);
    }
    if var_mask(t, vars) == 0 {
        return Some(Affine::constant(ti, n));
    }
    let kids = t.children();
    match app_name(t)?.as_str() {
        "+" => {
            let mut acc = Affine::constant(int(0), n);
            for c in &kids {
                acc = acc.add(affine(c, vars)?);
            }
            Some(acc)
        }
        "-" if kids.len() == 1 => Some(affine(&kids[0], vars)?.scale(&int(-1))),
        "-" => {
            let (first, rest) = kids.split_first()?;
            let mut acc = affine(first, vars)?;
            for c in rest {
                acc = acc.add(affine(c, vars)?.scale(&int(-1)));
            }
            Some(acc)
        }
        "*" => {
            // Exactly one factor may mention bound variables; the others form the coefficient.
            let mut factor = int(1);
            let mut inner: Option<Affine> = None;
            for c in &kids {
                if var_mask(c, vars) == 0 {
                    factor = imul(&factor, &c.as_int()?);
                } else if inner.is_none() {
                    inner = Some(affine(c, vars)?);
                } else {
                    return None;
                }
            }
            Some(inner?.scale(&factor))
        }
        _ => None,
    }
}

/// How one integer argument of the receiver depends on the bound variables.
#[derive(Clone, Debug)]
pub(crate) enum SlotForm {
    /// The bound variable itself (of any sort).
    Var(usize),
    /// `stride * x + offset`, `stride` not zero on the region.
    Line {
        var: usize,
        stride: Int,
        offset: Int,
    },
    /// `width * row + col + offset` where `0 <= col < width` on the region.
    Rect {
        row: usize,
        col: usize,
        width: Int,
        offset: Int,
    },
}

/// An argument position of the receiver that depends on bound variables, with the index variable
/// that replaces it.
#[derive(Clone, Debug)]
struct Slot {
    index: Dynamic,
    form: SlotForm,
}

/// A receiver rewritten over index variables, with what makes the rewriting exact.
pub struct Rewritten {
    pub parts: QpParts,
    /// Facts about the original region the rewriting relies on (`stride != 0`,
    /// `0 <= col < width`), as implications from the region's condition; to be proved first.
    pub obligations: Vec<Bool>,
}

/// The slot form of an integer term affine in the bound variables: one variable with any
/// non-zero stride, or two as a row and a column (coefficient 1) of a rectangle.
pub(crate) fn slot_form(t: &Dynamic, vars: &[Dynamic]) -> Option<SlotForm> {
    t.as_int()?;
    let a = affine(t, vars)?;
    let used = a.used();
    match used.as_slice() {
        [x] => {
            let stride = a.coefs[*x].clone()?;
            Some(SlotForm::Line {
                var: *x,
                stride,
                offset: a.rest,
            })
        }
        [x, y] => {
            let (cx, cy) = (a.coefs[*x].clone()?, a.coefs[*y].clone()?);
            // The column has coefficient 1, the row the width (any other term).
            let (row, col, width) = if is_lit(&cy, 1) && !is_lit(&cx, 1) {
                (*x, *y, cx)
            } else if is_lit(&cx, 1) && !is_lit(&cy, 1) {
                (*y, *x, cy)
            } else {
                return None;
            };
            Some(SlotForm::Rect {
                row,
                col,
                width,
                offset: a.rest,
            })
        }
        _ => None,
    }
}

/// Splits `rcv` into a context of uninterpreted functions and slots; `None` if a bound variable
/// occurs below an interpreted operation that is not an affine integer argument.
fn collect_slots(
    rcv: &Dynamic,
    vars: &[Dynamic],
    slots: &mut Vec<(Dynamic, SlotForm)>,
) -> Option<()> {
    let mask = var_mask(rcv, vars);
    if mask == 0 {
        return Some(());
    }
    if let Some(k) = vars.iter().position(|v| v.ast_eq(rcv)) {
        slots.push((rcv.clone(), SlotForm::Var(k)));
        return Some(());
    }
    if let Some(form) = slot_form(rcv, vars) {
        slots.push((rcv.clone(), form));
        return Some(());
    }
    if !is_pattern_app(rcv) {
        return None;
    }
    for c in rcv.children() {
        collect_slots(&c, vars, slots)?;
    }
    Some(())
}

/// Rewrites the parts of a quantified permission over index variables (see the module
/// documentation); `None` when the receiver is not of an affine shape, or already has every bound
/// variable directly as an argument (nothing to gain).
pub fn rewrite(parts: &QpParts) -> Option<Rewritten> {
    let vars = &parts.vars;
    if vars.is_empty() || vars.len() > 63 {
        return None;
    }
    let mut found = Vec::new();
    collect_slots(&parts.rcv, vars, &mut found)?;
    // A receiver without bound variables is one location, not a region over an index.
    if found.is_empty() {
        return None;
    }
    // Every bound variable in at most one slot (and so occurring once); those in none must be
    // determined by the condition (see `qp_determined`).
    let mut seen = vec![0usize; vars.len()];
    for (_, f) in &found {
        match f {
            SlotForm::Var(x) | SlotForm::Line { var: x, .. } => seen[*x] += 1,
            SlotForm::Rect { row, col, .. } => {
                seen[*row] += 1;
                seen[*col] += 1;
            }
        }
    }
    if seen.iter().any(|&n| n > 1) {
        return None;
    }
    let absent: u64 = (0..vars.len())
        .filter(|&x| seen[x] == 0)
        .fold(0, |m, x| m | 1u64 << x);
    if absent == 0 && found.iter().all(|(_, f)| matches!(f, SlotForm::Var(_))) {
        return None;
    }
    let cond = Dynamic::from_ast(&parts.cond);
    let fixed: Vec<(usize, Determined)> = (0..vars.len())
        .filter(|&x| absent & (1u64 << x) != 0)
        .map(|x| determined(&cond, x, vars, absent).map(|d| (x, d)))
        .collect::<Option<_>>()?;
    let mut slots = Vec::new();
    let mut obligations = Vec::new();
    // The bound variables as terms over the index variables.
    let mut inverse: Vec<Option<Dynamic>> = vec![None; vars.len()];
    let mut guards: Vec<Bool> = Vec::new();
    let mut divisions: Vec<Division> = Vec::new();
    let mut rcv_pairs: Vec<(Dynamic, Dynamic)> = Vec::new();
    for (term, form) in found {
        let index = match &form {
            SlotForm::Var(x) => vars[*x].clone(),
            _ => Dynamic::fresh_const("idx", &z3::Sort::int()),
        };
        match &form {
            SlotForm::Var(x) => inverse[*x] = Some(index.clone()),
            SlotForm::Line {
                var,
                stride,
                offset,
            } => {
                let j = index.as_int()?;
                let shifted = isub(&j, offset);
                let x = if is_lit(stride, 1) {
                    shifted
                } else if is_lit(stride, -1) {
                    ineg(&shifted)
                } else {
                    if is_lit(stride, 0) {
                        return None;
                    }
                    guards.push(eq(
                        &Dynamic::from_ast(&imod(&shifted, stride)),
                        &Dynamic::from_ast(&int(0)),
                    ));
                    if stride.as_i64().is_none() {
                        divisions.push(Division {
                            index: j.clone(),
                            width: stride.clone(),
                            offset: offset.clone(),
                        });
                        obligations.push(implies(
                            &parts.cond,
                            &not(&eq(&Dynamic::from_ast(stride), &Dynamic::from_ast(&int(0)))),
                        ));
                    }
                    idiv(&shifted, stride)
                };
                inverse[*var] = Some(Dynamic::from_ast(&x));
            }
            SlotForm::Rect {
                row,
                col,
                width,
                offset,
            } => {
                let j = index.as_int()?;
                let shifted = isub(&j, offset);
                let c = vars[*col].as_int()?;
                obligations.push(implies(
                    &parts.cond,
                    &and2(&icmp(&int(0), &c, Cmp::Le), &icmp(&c, width, Cmp::Lt)),
                ));
                if width.as_i64().is_none() {
                    divisions.push(Division {
                        index: j.clone(),
                        width: width.clone(),
                        offset: offset.clone(),
                    });
                }
                inverse[*row] = Some(Dynamic::from_ast(&idiv(&shifted, width)));
                inverse[*col] = Some(Dynamic::from_ast(&imod(&shifted, width)));
            }
        }
        if !term.ast_eq(&index) {
            rcv_pairs.push((term, index.clone()));
        }
        slots.push(Slot { index, form });
    }
    // A determined variable's value, over the others, then over the index variables.
    let slot_back: Vec<(Dynamic, Dynamic)> = vars
        .iter()
        .zip(inverse.iter())
        .filter_map(|(v, t)| Some((v.clone(), t.clone()?)))
        .collect();
    let slot_pairs: Vec<(&Dynamic, &Dynamic)> = slot_back.iter().map(|(a, b)| (a, b)).collect();
    for (x, d) in &fixed {
        let value = d.value();
        let exact = implies(&parts.cond, &eq(&vars[*x], &Dynamic::from_ast(&value)));
        if d.width.as_i64().is_none() {
            // Nonlinear: the obligation may use that the variable is the row of the divided term
            // if the condition puts the term in its row (a theorem of integer division).
            let shifted = isub(&d.term, &d.offset);
            let row = row_lemma(&shifted, &d.width, &vars[*x].as_int()?);
            obligations.push(implies(&row, &exact));
            divisions.push(Division {
                index: subst(&d.term, &slot_pairs),
                width: d.width.clone(),
                offset: d.offset.clone(),
            });
        } else {
            obligations.push(exact);
        }
        inverse[*x] = Some(Dynamic::from_ast(&subst(&value, &slot_pairs)));
    }
    let inverse: Vec<Dynamic> = inverse.into_iter().collect::<Option<Vec<_>>>()?;
    let back: Vec<(&Dynamic, &Dynamic)> = vars.iter().zip(inverse.iter()).collect();
    let rpairs: Vec<(&Dynamic, &Dynamic)> = rcv_pairs.iter().map(|(a, b)| (a, b)).collect();
    let rcv = subst(&parts.rcv, &rpairs);
    // The rewritten receiver must no longer mention the original variables (other than those
    // kept as index variables).
    let kept: Vec<Dynamic> = slots
        .iter()
        .filter(|s| matches!(s.form, SlotForm::Var(_)))
        .map(|s| s.index.clone())
        .collect();
    let dropped: Vec<Dynamic> = vars
        .iter()
        .filter(|v| !kept.iter().any(|k| k.ast_eq(*v)))
        .cloned()
        .collect();
    if var_mask(&rcv, &dropped) != 0 {
        return None;
    }
    let cond = and(std::iter::once(subst(&parts.cond, &back)).chain(guards));
    let perm = parts.perm.as_ref().map(|p| subst(p, &back));
    let names = parts
        .names
        .iter()
        .zip(inverse.iter())
        .map(|((name, _), t)| (name.clone(), t.clone()))
        .collect();
    Some(Rewritten {
        parts: QpParts {
            vars: slots.iter().map(|s| s.index.clone()).collect(),
            cond,
            rcv,
            perm,
            field: parts.field,
            desc: parts.desc.clone(),
            names,
            divisions,
        },
        obligations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verifier::heap::int_consts as ints;

    #[test]
    fn affine_forms() {
        let v = ints(&["k", "r"]);
        let (k, r) = (v[0].as_int().unwrap(), v[1].as_int().unwrap());
        let x = Int::new_const("x");
        let m = Int::new_const("m");
        // x + k
        let a = affine(&Dynamic::from_ast(&Int::add(&[&x, &k])), &v).unwrap();
        assert!(a.coefs[0].as_ref().is_some_and(|c| is_lit(c, 1)));
        assert!(a.coefs[1].is_none());
        // c - 2*k
        let t = Int::sub(&[&x, &Int::mul(&[&int(2), &k])]);
        let a = affine(&Dynamic::from_ast(&t), &v).unwrap();
        assert_eq!(a.used(), vec![0]);
        // r*m + k: the coefficient of r is m
        let t = Int::add(&[&Int::mul(&[&r, &m]), &k]);
        let a = affine(&Dynamic::from_ast(&t), &v).unwrap();
        assert_eq!(a.used(), vec![0, 1]);
        assert!(a.coefs[1].as_ref().unwrap().ast_eq(&m));
        // k*r is not affine
        assert!(affine(&Dynamic::from_ast(&Int::mul(&[&k, &r])), &v).is_none());
    }
}
