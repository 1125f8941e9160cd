//! Term construction over Z3 with light, purely syntactic simplification.
//!
//! Symbolic values are Z3 ASTs of the thread-local context. The constructors here fold literals and
//! drop neutral elements so that the common cases (full permissions, literal fractions, identical
//! receivers) never reach the solver; everything else is left to Z3.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use z3::ast::{Ast, Bool, Dynamic, Int, Real};

/// A symbolic value of any sort.
pub type Term = Dynamic;

pub fn tt() -> Bool {
    Bool::from_bool(true)
}

pub fn ff() -> Bool {
    Bool::from_bool(false)
}

pub fn is_true(b: &Bool) -> bool {
    b.as_bool() == Some(true)
}

pub fn is_false(b: &Bool) -> bool {
    b.as_bool() == Some(false)
}

/// Conjunction; `true` conjuncts are dropped, a `false` one makes the result `false`.
pub fn and<I: IntoIterator<Item = Bool>>(items: I) -> Bool {
    let mut kept: Vec<Bool> = Vec::new();
    for b in items {
        match b.as_bool() {
            Some(true) => {}
            Some(false) => return ff(),
            None => {
                if !kept.iter().any(|k| k.ast_eq(&b)) {
                    kept.push(b)
                }
            }
        }
    }
    match kept.len() {
        0 => tt(),
        1 => kept.pop().unwrap_or_else(tt),
        _ => Bool::and(&kept),
    }
}

pub fn and2(a: &Bool, b: &Bool) -> Bool {
    and([a.clone(), b.clone()])
}

/// Disjunction; `false` disjuncts are dropped, a `true` one makes the result `true`.
pub fn or<I: IntoIterator<Item = Bool>>(items: I) -> Bool {
    let mut kept: Vec<Bool> = Vec::new();
    for b in items {
        match b.as_bool() {
            Some(false) => {}
            Some(true) => return tt(),
            None => {
                if !kept.iter().any(|k| k.ast_eq(&b)) {
                    kept.push(b)
                }
            }
        }
    }
    match kept.len() {
        0 => ff(),
        1 => kept.pop().unwrap_or_else(ff),
        _ => Bool::or(&kept),
    }
}

pub fn or2(a: &Bool, b: &Bool) -> Bool {
    or([a.clone(), b.clone()])
}

pub fn not(a: &Bool) -> Bool {
    match a.as_bool() {
        Some(v) => Bool::from_bool(!v),
        None => a.not(),
    }
}

pub fn implies(a: &Bool, b: &Bool) -> Bool {
    match (a.as_bool(), b.as_bool()) {
        (Some(true), _) => b.clone(),
        (Some(false), _) | (_, Some(true)) => tt(),
        (_, Some(false)) => a.not(),
        _ if a.ast_eq(b) => tt(),
        _ => a.implies(b),
    }
}

pub fn iff(a: &Bool, b: &Bool) -> Bool {
    match (a.as_bool(), b.as_bool()) {
        (Some(true), _) => b.clone(),
        (_, Some(true)) => a.clone(),
        (Some(false), _) => not(b),
        (_, Some(false)) => not(a),
        _ if a.ast_eq(b) => tt(),
        _ => a.iff(b),
    }
}

/// `if c then a else b` for terms of the same sort.
pub fn ite(c: &Bool, a: &Term, b: &Term) -> Term {
    match c.as_bool() {
        Some(true) => a.clone(),
        Some(false) => b.clone(),
        None if a.ast_eq(b) => a.clone(),
        None => c.ite(a, b),
    }
}

pub fn ite_real(c: &Bool, a: &Real, b: &Real) -> Real {
    match c.as_bool() {
        Some(true) => a.clone(),
        Some(false) => b.clone(),
        None if a.ast_eq(b) => a.clone(),
        None => c.ite(a, b),
    }
}

/// Whether a term is a numeral or a Boolean literal (so equality can be decided syntactically).
fn literal_value(t: &Term) -> Option<Literal> {
    if let Some(b) = t.as_bool() {
        return b.as_bool().map(Literal::Bool);
    }
    if let Some(i) = t.as_int() {
        return int_value(&i).map(Literal::Int);
    }
    if let Some(r) = t.as_real() {
        return rat_value(&r).map(Literal::Rat);
    }
    None
}

#[derive(PartialEq)]
enum Literal {
    Bool(bool),
    Int(BigInt),
    Rat(BigRational),
}

/// Equality; identical terms and distinct literals are decided syntactically.
pub fn eq(a: &Term, b: &Term) -> Bool {
    if a.ast_eq(b) {
        return tt();
    }
    if let (Some(x), Some(y)) = (literal_value(a), literal_value(b)) {
        return Bool::from_bool(x == y);
    }
    a.eq(b)
}

/// The value of an integer numeral.
pub fn int_value(i: &Int) -> Option<BigInt> {
    if let Some(v) = i.as_i64() {
        return Some(BigInt::from(v));
    }
    numeral_string(i).and_then(|s| s.parse().ok())
}

/// The value of a real numeral.
pub fn rat_value(r: &Real) -> Option<BigRational> {
    if let Some((n, d)) = r.as_rational() {
        if d != 0 {
            return Some(BigRational::new(n.into(), d.into()));
        }
    }
    let s = numeral_string(r)?;
    match s.split_once('/') {
        Some((n, d)) => {
            let n: BigInt = n.trim().parse().ok()?;
            let d: BigInt = d.trim().parse().ok()?;
            (!d.is_zero()).then(|| BigRational::new(n, d))
        }
        None => s
            .trim()
            .parse::<BigInt>()
            .ok()
            .map(BigRational::from_integer),
    }
}

/// The decimal text of a numeral AST (`None` for non-numerals).
fn numeral_string<A: Ast>(a: &A) -> Option<String> {
    if a.kind() != z3::AstKind::Numeral {
        return None;
    }
    let ctx = a.get_ctx().get_z3_context();
    // SAFETY: `a` is a live numeral AST of `ctx`; Z3 returns a NUL-terminated string owned by the
    // context that stays valid until the next API call, and we copy it at once.
    unsafe {
        let p = z3_sys::Z3_get_numeral_string(ctx, a.get_z3_ast());
        if p.is_null() {
            return None;
        }
        Some(std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned())
    }
}

pub fn int_lit(v: &BigInt) -> Int {
    if let Ok(small) = i64::try_from(v) {
        return Int::from_i64(small);
    }
    match v.to_string().parse::<Int>() {
        Ok(i) => i,
        // Z3 accepts every decimal numeral; should it not, build the value from 32-bit digits.
        Err(()) => {
            let base = Int::from_i64(1 << 32);
            let (sign, digits) = v.to_u32_digits();
            let mut acc = Int::from_i64(0);
            for d in digits.iter().rev() {
                acc = Int::add(&[&Int::mul(&[&acc, &base]), &Int::from_i64(i64::from(*d))]);
            }
            if sign == num_bigint::Sign::Minus {
                acc.unary_minus()
            } else {
                acc
            }
        }
    }
}

pub fn int(v: i64) -> Int {
    Int::from_i64(v)
}

fn fold_int2(a: &Int, b: &Int, f: impl Fn(BigInt, BigInt) -> Option<BigInt>) -> Option<Int> {
    let (x, y) = (int_value(a)?, int_value(b)?);
    f(x, y).map(|v| int_lit(&v))
}

pub fn iadd(a: &Int, b: &Int) -> Int {
    if let Some(v) = fold_int2(a, b, |x, y| Some(x + y)) {
        return v;
    }
    if int_value(a).is_some_and(|x| x.is_zero()) {
        return b.clone();
    }
    if int_value(b).is_some_and(|y| y.is_zero()) {
        return a.clone();
    }
    Int::add(&[a, b])
}

pub fn isub(a: &Int, b: &Int) -> Int {
    if let Some(v) = fold_int2(a, b, |x, y| Some(x - y)) {
        return v;
    }
    if int_value(b).is_some_and(|y| y.is_zero()) {
        return a.clone();
    }
    Int::sub(&[a, b])
}

pub fn imul(a: &Int, b: &Int) -> Int {
    if let Some(v) = fold_int2(a, b, |x, y| Some(x * y)) {
        return v;
    }
    for (x, y) in [(a, b), (b, a)] {
        match int_value(x) {
            Some(v) if v == BigInt::from(1) => return y.clone(),
            Some(v) if v.is_zero() => return int(0),
            _ => {}
        }
    }
    Int::mul(&[a, b])
}

pub fn ineg(a: &Int) -> Int {
    match int_value(a) {
        Some(x) => int_lit(&-x),
        None => a.unary_minus(),
    }
}

/// Euclidean division as in SMT-LIB (the remainder is non-negative).
pub fn idiv(a: &Int, b: &Int) -> Int {
    if let Some(v) = fold_int2(a, b, |x, y| euclid(&x, &y).map(|(q, _)| q)) {
        return v;
    }
    a.div(b)
}

/// Euclidean remainder as in SMT-LIB.
pub fn imod(a: &Int, b: &Int) -> Int {
    if let Some(v) = fold_int2(a, b, |x, y| euclid(&x, &y).map(|(_, r)| r)) {
        return v;
    }
    a.modulo(b)
}

fn euclid(x: &BigInt, y: &BigInt) -> Option<(BigInt, BigInt)> {
    if y.is_zero() {
        return None;
    }
    let mut q = x / y;
    let mut r = x - &q * y;
    if r.is_negative() {
        if y.is_positive() {
            q -= 1;
            r += y;
        } else {
            q += 1;
            r -= y;
        }
    }
    Some((q, r))
}

pub fn icmp(a: &Int, b: &Int, op: Cmp) -> Bool {
    if let (Some(x), Some(y)) = (int_value(a), int_value(b)) {
        return Bool::from_bool(op.holds(x.cmp(&y)));
    }
    if a.ast_eq(b) {
        return Bool::from_bool(op.holds(std::cmp::Ordering::Equal));
    }
    match op {
        Cmp::Lt => a.lt(b),
        Cmp::Le => a.le(b),
        Cmp::Gt => a.gt(b),
        Cmp::Ge => a.ge(b),
    }
}

/// An ordering comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    fn holds(self, o: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Cmp::Lt => o == Less,
            Cmp::Le => o != Greater,
            Cmp::Gt => o == Greater,
            Cmp::Ge => o != Less,
        }
    }
}

// ---- permissions (Z3 reals) ----

pub fn rat_lit(v: &BigRational) -> Real {
    let (n, d) = (v.numer().to_string(), v.denom().to_string());
    Real::from_rational_str(&n, &d).unwrap_or_else(|| {
        int_lit(v.numer())
            .to_real()
            .div(int_lit(v.denom()).to_real())
    })
}

pub fn perm_write() -> Real {
    rat_lit(&BigRational::from_integer(1.into()))
}

pub fn perm_none() -> Real {
    rat_lit(&BigRational::zero())
}

pub fn is_none_perm(p: &Real) -> bool {
    rat_value(p).is_some_and(|v| v.is_zero())
}

/// Whether `p` is the literal `write` (1).
pub fn is_write_perm(p: &Real) -> bool {
    rat_value(p).is_some_and(|v| v.is_one())
}

pub fn int_to_real(i: &Int) -> Real {
    match int_value(i) {
        Some(v) => rat_lit(&BigRational::from_integer(v)),
        None => i.to_real(),
    }
}

fn fold_rat2(
    a: &Real,
    b: &Real,
    f: impl Fn(BigRational, BigRational) -> Option<BigRational>,
) -> Option<Real> {
    let (x, y) = (rat_value(a)?, rat_value(b)?);
    f(x, y).map(|v| rat_lit(&v))
}

/// `ite(g, x, 0)` as `(g, x)`: the shape of a quantified permission's amount at a receiver.
fn guarded(t: &Real) -> Option<(Bool, Real)> {
    if t.kind() != z3::AstKind::App {
        return None;
    }
    let name = t.safe_decl().ok()?.name();
    if name != "if" && name != "ite" {
        return None;
    }
    let c = t.children();
    let [g, x, z] = c.as_slice() else {
        return None;
    };
    let z = z.as_real()?;
    is_none_perm(&z).then_some((g.as_bool()?, x.as_real()?))
}

/// `op(ite(g, x, 0), ite(g, y, 0))` as `ite(g, op(x, y), 0)` when both amounts have the same
/// guard and `op(0, 0) = 0` (sum, difference, minimum). Keeps the amounts of chunks that were
/// exhaled and inhaled again one guarded constant instead of a growing chain of terms, which
/// every later permission question would carry.
fn same_guard(a: &Real, b: &Real, op: impl Fn(&Real, &Real) -> Real) -> Option<Real> {
    let (g, x) = guarded(a)?;
    let (h, y) = guarded(b)?;
    g.ast_eq(&h)
        .then(|| ite_real(&g, &op(&x, &y), &perm_none()))
}

pub fn radd(a: &Real, b: &Real) -> Real {
    if let Some(v) = fold_rat2(a, b, |x, y| Some(x + y)) {
        return v;
    }
    if let Some(v) = same_guard(a, b, radd) {
        return v;
    }
    if is_none_perm(a) {
        return b.clone();
    }
    if is_none_perm(b) {
        return a.clone();
    }
    Real::add(&[a, b])
}

pub fn rsub(a: &Real, b: &Real) -> Real {
    if let Some(v) = fold_rat2(a, b, |x, y| Some(x - y)) {
        return v;
    }
    if is_none_perm(b) {
        return a.clone();
    }
    if a.ast_eq(b) {
        return perm_none();
    }
    if let Some(v) = same_guard(a, b, rsub) {
        return v;
    }
    Real::sub(&[a, b])
}

pub fn rmul(a: &Real, b: &Real) -> Real {
    if let Some(v) = fold_rat2(a, b, |x, y| Some(x * y)) {
        return v;
    }
    let one = BigRational::from_integer(1.into());
    if rat_value(a).is_some_and(|x| x == one) {
        return b.clone();
    }
    if rat_value(b).is_some_and(|y| y == one) {
        return a.clone();
    }
    if is_none_perm(a) || is_none_perm(b) {
        return perm_none();
    }
    Real::mul(&[a, b])
}

/// Real division; the caller checks that the divisor is non-zero.
pub fn rdiv(a: &Real, b: &Real) -> Real {
    if let Some(v) = fold_rat2(a, b, |x, y| (!y.is_zero()).then(|| x / y)) {
        return v;
    }
    a.div(b)
}

pub fn rneg(a: &Real) -> Real {
    match rat_value(a) {
        Some(x) => rat_lit(&-x),
        None => a.unary_minus(),
    }
}

pub fn rmin(a: &Real, b: &Real) -> Real {
    if let Some(v) = fold_rat2(a, b, |x, y| Some(if x <= y { x } else { y })) {
        return v;
    }
    if a.ast_eq(b) {
        return a.clone();
    }
    if let Some(v) = same_guard(a, b, rmin) {
        return v;
    }
    ite_real(&rcmp(a, b, Cmp::Le), a, b)
}

pub fn rcmp(a: &Real, b: &Real, op: Cmp) -> Bool {
    if let (Some(x), Some(y)) = (rat_value(a), rat_value(b)) {
        return Bool::from_bool(op.holds(x.cmp(&y)));
    }
    if a.ast_eq(b) {
        return Bool::from_bool(op.holds(std::cmp::Ordering::Equal));
    }
    // `ite(g, x, 0) op ite(g, y, 0)` is `x op y` where `g` holds and `0 op 0` elsewhere.
    if let (Some((g, x)), Some((h, y))) = (guarded(a), guarded(b)) {
        if g.ast_eq(&h) {
            let inside = rcmp(&x, &y, op);
            let outside = op.holds(std::cmp::Ordering::Equal);
            match inside.as_bool() {
                Some(v) if v == outside => return Bool::from_bool(v),
                _ if outside => return implies(&g, &inside),
                _ => return and2(&g, &inside),
            }
        }
    }
    match op {
        Cmp::Lt => a.lt(b),
        Cmp::Le => a.le(b),
        Cmp::Gt => a.gt(b),
        Cmp::Ge => a.ge(b),
    }
}

/// `p > 0`
pub fn positive(p: &Real) -> Bool {
    rcmp(p, &perm_none(), Cmp::Gt)
}

/// Whether a term may appear in a Z3 pattern: an application of one of our uninterpreted functions
/// (domain and Viper functions, field-value lookups) or an array (set) select. Decided by name,
/// since the numbering of Z3's declaration kinds differs between Z3 versions.
pub fn is_pattern_app(t: &Dynamic) -> bool {
    if t.kind() != z3::AstKind::App || t.num_children() == 0 {
        return false;
    }
    match t.safe_decl() {
        Ok(d) => {
            let n = d.name();
            n.starts_with("f.")
                || n.starts_with("d.")
                || n.starts_with("$FVF.lookup_")
                || n.starts_with("$Seq.")
                || n.starts_with("$Set.")
                || n.starts_with("$Multiset.")
                || n == "select"
        }
        Err(_) => false,
    }
}

/// Z3's identifier of a term (equal for equal terms of one context).
pub fn ast_id<A: Ast>(t: &A) -> u32 {
    // SAFETY: a live AST of its own context.
    unsafe { z3_sys::Z3_get_ast_id(t.get_ctx().get_z3_context(), t.get_z3_ast()) }
}

/// Whether a term contains a quantifier.
pub fn has_quantifier(t: &Dynamic) -> bool {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || match t.kind() {
        z3::AstKind::Quantifier => true,
        z3::AstKind::App => t.children().iter().any(has_quantifier),
        _ => false,
    })
}

/// Substitutes `from` by `to` in `t` (a no-op when `from` does not occur).
pub fn subst<A: Ast>(t: &A, pairs: &[(&Dynamic, &Dynamic)]) -> A {
    if pairs.is_empty() {
        return t.substitute::<Dynamic>(&[]);
    }
    t.substitute(pairs)
}

/// Whether `t` mentions the constant `c` (by substitution with a fresh constant).
pub fn mentions(t: &Dynamic, c: &Dynamic) -> bool {
    let probe = Dynamic::fresh_const("probe", &c.get_sort());
    !t.substitute(&[(c, &probe)]).ast_eq(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_fold() {
        let half = rat_lit(&BigRational::new(1.into(), 2.into()));
        let sum = radd(&half, &half);
        assert_eq!(rat_value(&sum), Some(BigRational::from_integer(1.into())));
        assert!(is_true(&rcmp(&sum, &perm_write(), Cmp::Ge)));
        assert!(is_false(&positive(&perm_none())));
        let seven = int(7);
        assert_eq!(int_value(&idiv(&int(-7), &int(2))), Some(BigInt::from(-4)));
        assert_eq!(int_value(&imod(&int(-7), &int(2))), Some(BigInt::from(1)));
        assert_eq!(int_value(&imod(&seven, &int(-2))), Some(BigInt::from(1)));
        assert_eq!(int_value(&idiv(&seven, &int(-2))), Some(BigInt::from(-3)));
    }

    #[test]
    fn amounts_under_one_guard_fold() {
        let q = |n: i64, d: i64| rat_lit(&BigRational::new(n.into(), d.into()));
        let g = Bool::new_const("in_region");
        let at = |p: &Real| ite_real(&g, p, &perm_none());
        let (half, quarter) = (at(&q(1, 2)), at(&q(1, 4)));
        // What is left after taking a quarter of a half is one guarded quarter, not a chain.
        assert!(rsub(&half, &quarter).ast_eq(&quarter));
        assert!(radd(&quarter, &quarter).ast_eq(&half));
        assert!(rmin(&half, &quarter).ast_eq(&quarter));
        assert!(is_none_perm(&rsub(&half, &half)));
        // Comparisons are decided inside the guard, and `0 op 0` outside it.
        assert!(is_true(&rcmp(&quarter, &half, Cmp::Le)));
        assert!(rcmp(&half, &quarter, Cmp::Le).ast_eq(g.not()));
        assert!(rcmp(&quarter, &half, Cmp::Lt).ast_eq(&g));
        assert!(is_false(&rcmp(&half, &quarter, Cmp::Lt)));
        // Another guard, or a non-zero else branch: left to the solver.
        let h = Bool::new_const("elsewhere");
        let other = ite_real(&h, &q(1, 4), &perm_none());
        assert!(!is_none_perm(&rsub(&other, &quarter)));
        assert!(rcmp(&other, &quarter, Cmp::Le).as_bool().is_none());
        let not_zero = ite_real(&g, &q(1, 2), &q(1, 8));
        assert!(rcmp(&not_zero, &half, Cmp::Le).as_bool().is_none());
    }

    #[test]
    fn big_numerals_round_trip() {
        let big: BigInt = "123456789012345678901234567890".parse().unwrap();
        let t = int_lit(&big);
        assert_eq!(int_value(&t), Some(big.clone()));
        let r = rat_lit(&BigRational::new(big.clone(), 7.into()));
        assert_eq!(rat_value(&r), Some(BigRational::new(big, 7.into())));
    }

    #[test]
    fn boolean_simplification() {
        let x = Bool::new_const("x");
        assert!(is_true(&and([tt(), tt()])));
        assert!(is_false(&and([x.clone(), ff()])));
        assert!(and([x.clone(), tt()]).ast_eq(&x));
        assert!(is_true(&implies(&x, &x)));
        assert!(is_true(&eq(&Dynamic::from_ast(&x), &Dynamic::from_ast(&x))));
        assert!(is_false(&eq(
            &Dynamic::from_ast(&int(1)),
            &Dynamic::from_ast(&int(2))
        )));
    }
}
