//! Division lemmas for quantified permissions whose inverse divides by a symbolic width.
//!
//! A receiver `loc(a, r*cols + c)` (`0 <= c < cols`) or `loc(a, k*m)` is inverted with `j / cols`
//! and `j % cols` (see `qp_shape`). Relating such a quotient to linear bounds on `j` is nonlinear
//! arithmetic, which Z3 does not decide; three families of valid ground facts make the cases that
//! matter linear:
//!
//! - *thresholds*: for a term `T` that is syntactically `m * u`, `m > 0 ==> (T <= s <==> u <= s / m)`
//!   (where `s` is a shifted index; `T` comes from the bounds the regions put on the index, e.g.
//!   `rows * cols` of `0 <= k < rows * cols`, or `i*cols + cols` of a row `i*cols <= k < i*cols + cols`);
//! - *decompositions*: for an index written `m * u + v`, `0 <= v < m ==> s / m == u && s % m == v`
//!   (and `m != 0 ==> s / m == u && s % m == 0` when `v` is `0`), for accesses such as
//!   `loc(a, i*cols + j)`;
//! - *rows*: `0 <= s - m*u < m ==> s / m == u`, for the rows `u` of slices `m*u + v <= k < …`
//!   (two iterations' rows of a flat 2-D array are then apart by their quotients).
//!
//! All hold for all integers (Euclidean division), so assuming them is sound; they only add terms
//! the solver may use.

use z3::ast::{Ast, Bool, Dynamic, Int};

use super::qp_shape::affine;
use crate::verifier::smt::terms::*;

/// A quotient used by a region: `(index - offset) / width`, `width` not a literal.
#[derive(Clone, Debug)]
pub struct Division {
    /// The index term (an index variable, or its inverse function applied to a receiver).
    pub index: Int,
    pub width: Int,
    pub offset: Int,
}

impl Division {
    fn shifted(&self, index: &Int) -> Int {
        isub(index, &self.offset)
    }

    /// The same division at another index term.
    pub fn at(&self, index: Int) -> Division {
        Division {
            index,
            width: self.width.clone(),
            offset: self.offset.clone(),
        }
    }
}

/// Whether `t` is an integer numeral, possibly written `-(n)` or `(- n)`.
fn is_numeral(t: &Int) -> bool {
    t.as_i64().is_some() || t.simplify().as_i64().is_some()
}

/// `t` as `m * u + v` with `v` free of `m` (`u` is `0` when `m` does not occur). `u` may mention
/// `m` (`m * m` is `m * m + 0`): the lemmas built from the split hold for every integer `u`.
fn split_by(t: &Int, m: &Int) -> Option<(Int, Int)> {
    if t.ast_eq(m) {
        return Some((int(1), int(0)));
    }
    let td = Dynamic::from_ast(t);
    if !mentions(&td, &Dynamic::from_ast(m)) {
        return Some((int(0), t.clone()));
    }
    let kids: Vec<Int> = td.children().iter().filter_map(|k| k.as_int()).collect();
    let name = td.safe_decl().map(|d| d.name()).unwrap_or_default();
    match name.as_str() {
        "+" => {
            let (mut u, mut v) = (int(0), int(0));
            for k in &kids {
                let (ku, kv) = split_by(k, m)?;
                u = iadd(&u, &ku);
                v = iadd(&v, &kv);
            }
            Some((u, v))
        }
        "-" if kids.len() == 1 => {
            let (u, v) = split_by(&kids[0], m)?;
            Some((ineg(&u), ineg(&v)))
        }
        "-" => {
            let (first, rest) = kids.split_first()?;
            let (mut u, mut v) = split_by(first, m)?;
            for k in rest {
                let (ku, kv) = split_by(k, m)?;
                u = isub(&u, &ku);
                v = isub(&v, &kv);
            }
            Some((u, v))
        }
        "*" => {
            // A factor that is `m` itself: the others are the quotient.
            if let Some(p) = kids.iter().position(|k| k.ast_eq(m)) {
                let others: Vec<&Int> = kids
                    .iter()
                    .enumerate()
                    .filter(|(q, _)| *q != p)
                    .map(|(_, k)| k)
                    .collect();
                let u = others.iter().fold(int(1), |acc, k| imul(&acc, k));
                return Some((u, int(0)));
            }
            // Otherwise one factor mentions `m` and the others scale its split.
            let md = Dynamic::from_ast(m);
            let mut inner: Option<(Int, Int)> = None;
            let mut factor = int(1);
            for k in &kids {
                if mentions(&Dynamic::from_ast(k), &md) {
                    if inner.is_some() {
                        return None;
                    }
                    inner = Some(split_by(k, m)?);
                } else {
                    factor = imul(&factor, k);
                }
            }
            let (u, v) = inner?;
            Some((imul(&factor, &u), imul(&factor, &v)))
        }
        _ => None,
    }
}

/// The thresholds `T` such that an atom of `facts` says `index >= T` or `index < T` (possibly
/// negated), for atoms linear in `index` with coefficient ±1.
fn thresholds(facts: &[Dynamic], index: &Int, out: &mut Vec<Int>) {
    let idx = Dynamic::from_ast(index);
    let mut stack: Vec<Dynamic> = facts.to_vec();
    let mut seen = std::collections::HashSet::new();
    while let Some(t) = stack.pop() {
        if t.kind() != z3::AstKind::App || !seen.insert(ast_id(&t)) {
            continue;
        }
        let kids = t.children();
        let name = t.safe_decl().map(|d| d.name()).unwrap_or_default();
        let cmp = matches!(name.as_str(), "<=" | "<" | ">=" | ">") && kids.len() == 2;
        if !cmp {
            // Conditions sit in Boolean connectives and in the `ite`s of permission terms.
            stack.extend(kids);
            continue;
        }
        let (Some(l), Some(r)) = (kids[0].as_int(), kids[1].as_int()) else {
            continue;
        };
        if !crate::verifier::smt::terms::mentions(&Dynamic::from_ast(&l), &idx)
            && !crate::verifier::smt::terms::mentions(&Dynamic::from_ast(&r), &idx)
        {
            continue;
        }
        // l - r as c * index + rest.
        let Some(a) = affine(
            &Dynamic::from_ast(&isub(&l, &r)),
            std::slice::from_ref(&idx),
        ) else {
            continue;
        };
        let Some(c) = a.coefs[0].as_ref().and_then(|c| c.as_i64()) else {
            continue;
        };
        // c*index + rest ⋈ 0, i.e. index ⋈' -rest/c for c = ±1.
        let x = match c {
            1 => ineg(&a.rest),
            -1 => a.rest.clone(),
            _ => continue,
        };
        // index <= x is index < x + 1; index < x is index < x: thresholds x and x + 1 cover both
        // strictness and direction.
        out.push(x.clone());
        out.push(iadd(&x, &int(1)));
    }
}

/// Inverse-function applications of integer sort in `facts` (the index of a region at the
/// placeholder receiver).
fn inverse_terms(facts: &[Dynamic], out: &mut Vec<Int>) {
    let mut stack: Vec<Dynamic> = facts.to_vec();
    let mut seen = std::collections::HashSet::new();
    while let Some(t) = stack.pop() {
        if t.kind() != z3::AstKind::App || !seen.insert(ast_id(&t)) {
            continue;
        }
        let name = t.safe_decl().map(|d| d.name()).unwrap_or_default();
        if name.starts_with("inv@") || name.starts_with("sinv@") {
            if let Some(i) = t.as_int() {
                if !out.iter().any(|o| o.ast_eq(&i)) {
                    out.push(i);
                }
                continue;
            }
        }
        stack.extend(t.children());
    }
}

/// The non-literal factors of the products in `t` (candidate widths of a 2-D layout).
fn product_factors(t: &Dynamic, out: &mut Vec<Int>) {
    if t.kind() != z3::AstKind::App {
        return;
    }
    let name = t.safe_decl().map(|d| d.name()).unwrap_or_default();
    let kids = t.children();
    if name == "*" {
        for k in &kids {
            if let Some(i) = k.as_int() {
                if !is_numeral(&i)
                    && !matches!(k.safe_decl().map(|d| d.name()).as_deref(), Ok("*"))
                    && !out.iter().any(|o| o.ast_eq(&i))
                {
                    out.push(i);
                }
            }
        }
    }
    if matches!(name.as_str(), "+" | "-" | "*") {
        for k in &kids {
            product_factors(k, out);
        }
    }
}

/// Lemmas relating quotients and products to the bounds the `facts` put on region indices:
/// - for a division `s / m` at any index and a threshold `T` that is `m * u`:
///   `m > 0 ==> (T <= s <==> u <= s / m)`;
/// - for two thresholds `T1 = m * u1`, `T2 = m * u2`: `m > 0 ==> (T1 <= T2 <==> u1 <= u2)`
///   (e.g. `i*cols + cols <= rows*cols` from `i < rows`);
/// - for a threshold `m * u + v` and an index `s`: `0 <= s - m*u < m ==> s / m == u` (the row
///   of `s`), where two rows of width `m` differ by more than a constant.
///
/// `indices` are the index terms of the regions (inverse applications found in `facts` are added);
/// `extra` are further thresholds `(m, T, u)` with `T = m * u`.
pub fn threshold_lemmas(
    divisions: &[Division],
    indices: &[Int],
    facts: &[Dynamic],
    extra: &[(Int, Int, Int)],
) -> Vec<Bool> {
    let mut indices: Vec<Int> = indices.to_vec();
    inverse_terms(facts, &mut indices);
    let mut ts: Vec<Int> = Vec::new();
    for i in &indices {
        thresholds(facts, i, &mut ts);
    }
    let mut widths: Vec<Int> = divisions.iter().map(|d| d.width.clone()).collect();
    for t in &ts {
        product_factors(&Dynamic::from_ast(t), &mut widths);
    }
    for (m, _, _) in extra {
        if !widths.iter().any(|w| w.ast_eq(m)) {
            widths.push(m.clone());
        }
    }
    widths.retain(|w| !is_numeral(w));
    if widths.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<Bool> = Vec::new();
    let mut push = |l: Bool| {
        if !is_true(&l) && !out.iter().any(|o: &Bool| o.ast_eq(&l)) {
            out.push(l);
        }
    };
    // Each division at its own index and at every other one: an inverse function's axiom at
    // another region's index divides that index.
    let mut at_all: Vec<Division> = Vec::new();
    for d in divisions {
        for i in std::iter::once(&d.index).chain(indices.iter()) {
            let di = d.at(i.clone());
            if !at_all.iter().any(|x| {
                x.index.ast_eq(&di.index)
                    && x.width.ast_eq(&di.width)
                    && x.offset.ast_eq(&di.offset)
            }) {
                at_all.push(di);
            }
        }
    }
    for d in &at_all {
        let s = d.shifted(&d.index);
        let q = idiv(&s, &d.width);
        let positive = icmp(&d.width, &int(0), Cmp::Gt);
        for t in &ts {
            let shifted_t = isub(t, &d.offset);
            let Some((u, v)) = split_by(&shifted_t, &d.width) else {
                continue;
            };
            if v.as_i64() != Some(0) {
                continue;
            }
            push(implies(
                &positive,
                &iff(&icmp(&shifted_t, &s, Cmp::Le), &icmp(&u, &q, Cmp::Le)),
            ));
        }
    }
    // Rows: an index within `[m*u, m*u + m)` is in row `u`, for each threshold `m*u + v`
    // (`i*n + 1` of a row's slice `1 <= k - i*n < n - 1`): two slices of different rows are
    // then told apart by their quotients. Only rows whose number is free of the width (not
    // `n` of `n*n`): the others say nothing a region needs and cost the solver nonlinear work.
    let mut rows: Vec<(Int, Int)> = Vec::new();
    for m in &widths {
        for t in &ts {
            let Some((u, _)) = split_by(t, m) else {
                continue;
            };
            let u = u.simplify();
            if is_numeral(&u)
                || mentions(&Dynamic::from_ast(&u), &Dynamic::from_ast(m))
                || rows.iter().any(|(w, x)| w.ast_eq(m) && x.ast_eq(&u))
            {
                continue;
            }
            rows.push((m.clone(), u));
        }
    }
    // A width whose rows all differ by constants (`i` and `i + 1` of one region's bounds) has
    // one region's rows: nothing to tell apart, and the quotients would only slow the solver.
    let apart = |m: &Int| {
        let of_m: Vec<&Int> = rows
            .iter()
            .filter(|(w, _)| w.ast_eq(m))
            .map(|(_, u)| u)
            .collect();
        of_m.iter().enumerate().any(|(a, u1)| {
            of_m[a + 1..]
                .iter()
                .any(|u2| !is_numeral(&isub(u1, u2).simplify()))
        })
    };
    let rows: Vec<(Int, Int)> = rows.iter().filter(|(m, _)| apart(m)).cloned().collect();
    for (m, u) in &rows {
        for i in &indices {
            push(row_lemma(i, m, u));
        }
    }
    for m in &widths {
        let positive = icmp(m, &int(0), Cmp::Gt);
        let mut multiples: Vec<(&Int, Int)> = ts
            .iter()
            .filter_map(|t| {
                let (u, v) = split_by(t, m)?;
                (v.as_i64() == Some(0)).then_some((t, u))
            })
            .collect();
        for (w, t, u) in extra {
            if w.ast_eq(m) {
                multiples.push((t, u.clone()));
            }
        }
        for (a, (t1, u1)) in multiples.iter().enumerate() {
            for (t2, u2) in &multiples[a + 1..] {
                // With both quotients numerals the comparison is linear already.
                if is_numeral(u1) && is_numeral(u2) {
                    continue;
                }
                push(implies(
                    &positive,
                    &iff(&icmp(t1, t2, Cmp::Le), &icmp(u1, u2, Cmp::Le)),
                ));
                push(implies(
                    &positive,
                    &iff(&icmp(t2, t1, Cmp::Le), &icmp(u2, u1, Cmp::Le)),
                ));
            }
        }
    }
    out
}

/// `0 <= s - m*u < m ==> s / m == u`: `u` is the row of `s` in rows of width `m` (valid for all
/// integers, with Euclidean division).
pub fn row_lemma(s: &Int, m: &Int, u: &Int) -> Bool {
    let off = isub(s, &imul(m, u));
    let inside = and2(&icmp(&int(0), &off, Cmp::Le), &icmp(&off, m, Cmp::Lt));
    implies(
        &inside,
        &eq(&Dynamic::from_ast(&idiv(s, m)), &Dynamic::from_ast(u)),
    )
}

/// Decomposition lemmas for the divisions at the ground index terms `args` (the integer
/// arguments of an accessed receiver).
pub fn decomposition_lemmas(divisions: &[Division], args: &[Int]) -> Vec<Bool> {
    let mut out = Vec::new();
    for d in divisions {
        for g in args {
            let s = d.shifted(g);
            let Some((u, v)) = split_by(&s, &d.width) else {
                continue;
            };
            if int_value(&u).is_some_and(|x| x == 0.into()) {
                continue;
            }
            let q = idiv(&s, &d.width);
            let r = imod(&s, &d.width);
            let exact = and2(
                &eq(&Dynamic::from_ast(&q), &Dynamic::from_ast(&u)),
                &eq(&Dynamic::from_ast(&r), &Dynamic::from_ast(&v)),
            );
            let hyp = if v.as_i64() == Some(0) {
                not(&eq(
                    &Dynamic::from_ast(&d.width),
                    &Dynamic::from_ast(&int(0)),
                ))
            } else {
                and2(&icmp(&int(0), &v, Cmp::Le), &icmp(&v, &d.width, Cmp::Lt))
            };
            out.push(implies(&hyp, &exact));
        }
    }
    out
}

/// The thresholds `(m, T, u)` that the integer arguments written `m * u + v` stand between:
/// `m * u` and `m * u + m` (the arguments' row and the next), for each candidate width `m`.
pub fn decomposition_thresholds(widths: &[Int], args: &[Int]) -> Vec<(Int, Int, Int)> {
    let mut out = Vec::new();
    for m in widths {
        for g in args {
            let Some((u, v)) = split_by(g, m) else {
                continue;
            };
            if int_value(&u).is_some_and(|x| x == 0.into()) {
                continue;
            }
            let t = isub(g, &v);
            out.push((m.clone(), t.clone(), u.clone()));
            out.push((m.clone(), iadd(&t, m), iadd(&u, &int(1))));
        }
    }
    out
}

/// The candidate widths of a 2-D layout in `terms`: the non-literal factors of their products.
pub fn widths_in(terms: &[Int]) -> Vec<Int> {
    let mut out = Vec::new();
    for t in terms {
        product_factors(&Dynamic::from_ast(t), &mut out);
    }
    out
}

/// The integer arguments of a receiver term, at any depth below uninterpreted functions.
pub fn int_args(rcv: &Dynamic, out: &mut Vec<Int>) {
    if rcv.kind() != z3::AstKind::App {
        return;
    }
    for c in rcv.children() {
        if let Some(i) = c.as_int() {
            out.push(i);
        } else if is_pattern_app(&c) {
            int_args(&c, out);
        }
    }
}
