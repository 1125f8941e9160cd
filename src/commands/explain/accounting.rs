//! Permission accounting of two iterations that may run at the same time: for every array both
//! touch, whether the two permissions can be to the same element and, if so, whether their
//! amounts add up to at most 1 (`1\2 + 1\2 ≤ 1`). This is a reading aid computed from the
//! shape of the indices; the proof itself is the verifier's (the disjointness obligations).

use num_bigint::BigInt;
use num_rational::Ratio;
use num_traits::{One, ToPrimitive, Zero};
use ppl::obligations::split::{atom, conjuncts};
use ppl::obligations::subst::subst;
use ppl::obligations::LOC_FUNCTION;
use ppl::Incomparable;
use viper::ast::{BinaryOp, Expr, ExprKind, PermLit, UnaryOp};

/// A permission amount.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Amount {
    /// A known fraction (1 is `write`).
    Frac(Ratio<i64>),
    /// `read`: some positive amount, as small as needed.
    Read,
    /// An amount the accounting cannot evaluate (printed as Viper).
    Symbolic(String),
}

impl Amount {
    /// The amount of an `acc`'s permission expression (`None`: full permission).
    pub fn of(perm: Option<&Expr>) -> Amount {
        let Some(p) = perm else {
            return Amount::Frac(Ratio::one());
        };
        match &p.kind {
            ExprKind::PermLit(PermLit::Write) => Amount::Frac(Ratio::one()),
            ExprKind::PermLit(PermLit::None) => Amount::Frac(Ratio::zero()),
            ExprKind::PermLit(PermLit::Wildcard) => Amount::Read,
            ExprKind::Binary {
                op: BinaryOp::PermDiv | BinaryOp::Div,
                left,
                right,
            } => match (&left.kind, &right.kind) {
                (ExprKind::IntLit(a), ExprKind::IntLit(b)) => match (a.to_i64(), b.to_i64()) {
                    (Some(a), Some(b)) if b > 0 => Amount::Frac(Ratio::new(a, b)),
                    _ => Amount::Symbolic(viper::printer::print_expr(p)),
                },
                _ => Amount::Symbolic(viper::printer::print_expr(p)),
            },
            _ => Amount::Symbolic(viper::printer::print_expr(p)),
        }
    }

    /// As the specification language writes it: `write`, `1\2`, `read`.
    pub fn show(&self) -> String {
        match self {
            Amount::Frac(r) if r.is_one() => "write".into(),
            Amount::Frac(r) => show_ratio(r),
            Amount::Read => "read".into(),
            Amount::Symbolic(s) => s.clone(),
        }
    }
}

fn show_ratio(r: &Ratio<i64>) -> String {
    if r.is_integer() {
        r.to_integer().to_string()
    } else {
        format!("{}\\{}", r.numer(), r.denom())
    }
}

/// One permission of an iteration's precondition to an array element.
#[derive(Clone, Debug)]
pub struct Atom {
    /// The array (Viper name).
    pub array: String,
    /// The element, over the iteration's Viper variable.
    pub index: Expr,
    /// Variables bound by a `\forall*` around it (then it covers many elements).
    pub bound: Vec<String>,
    /// Whether it is asked for under a condition.
    pub guarded: bool,
    pub amount: Amount,
}

/// The array permissions of some precondition clauses.
pub fn atoms(pres: &[&Expr]) -> Vec<Atom> {
    let mut out = Vec::new();
    for e in pres {
        let Ok(cs) = conjuncts(e) else { continue };
        for c in &cs {
            let Some(a) = atom(c, LOC_FUNCTION) else {
                continue;
            };
            let ExprKind::Acc { perm, .. } = &c.acc.kind else {
                continue;
            };
            out.push(Atom {
                array: a.array,
                index: a.index,
                bound: a.bound,
                guarded: !matches!(a.guard.kind, ExprKind::BoolLit(true)),
                amount: Amount::of(perm.as_deref()),
            });
        }
    }
    out
}

/// `coef * var + offset` (`coef` 0: a constant).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Affine {
    coef: BigInt,
    offset: BigInt,
}

/// The index as an affine function of `var`, if it is one with integer constants.
fn affine(e: &Expr, var: Option<&str>) -> Option<Affine> {
    match &e.kind {
        ExprKind::IntLit(v) => Some(Affine {
            coef: BigInt::zero(),
            offset: v.clone(),
        }),
        ExprKind::Local(n) if Some(n.as_str()) == var => Some(Affine {
            coef: BigInt::one(),
            offset: BigInt::zero(),
        }),
        ExprKind::Unary {
            op: UnaryOp::Neg,
            operand,
        } => {
            let a = affine(operand, var)?;
            Some(Affine {
                coef: -a.coef,
                offset: -a.offset,
            })
        }
        ExprKind::Binary { op, left, right } => {
            let (l, r) = (affine(left, var)?, affine(right, var)?);
            match op {
                BinaryOp::Add => Some(Affine {
                    coef: l.coef + r.coef,
                    offset: l.offset + r.offset,
                }),
                BinaryOp::Sub => Some(Affine {
                    coef: l.coef - r.coef,
                    offset: l.offset - r.offset,
                }),
                BinaryOp::Mul if l.coef.is_zero() => Some(Affine {
                    coef: &l.offset * r.coef,
                    offset: &l.offset * r.offset,
                }),
                BinaryOp::Mul if r.coef.is_zero() => Some(Affine {
                    coef: l.coef * &r.offset,
                    offset: l.offset * &r.offset,
                }),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether two permissions can be to the same element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlap {
    /// Never, for the pairs that may run at the same time (the reason in words).
    Never(String),
    /// Exactly when the condition holds (`j = i + 1`).
    When(String),
    /// Possibly: the indices are not simple enough to tell.
    Maybe,
}

/// One side of a pair: the block's atoms, its iteration's Viper variable and display name, and
/// for an iteration of a worksharing loop the Viper variable of the thread that runs it with
/// its display name.
pub struct Side<'a> {
    pub atoms: &'a [Atom],
    pub var: Option<&'a str>,
    pub name: Option<&'a str>,
    pub thread: Option<(&'a str, &'a str)>,
}

fn overlap(x: &Atom, y: &Atom, a: &Side, b: &Side, pairs: Incomparable) -> Overlap {
    if !x.bound.is_empty() || !y.bound.is_empty() {
        return Overlap::Maybe;
    }
    // `t + p` and `t' + p` of two iterations that run on different threads.
    if let (Some((tx, nx)), Some((ty, ny))) = (a.thread, b.thread) {
        if let (Some(fx), Some(fy)) = (affine(&x.index, Some(tx)), affine(&y.index, Some(ty))) {
            if fx.coef.is_one() && fy.coef.is_one() && fx.offset == fy.offset {
                return Overlap::Never(format!("{nx} ≠ {ny}: different threads"));
            }
        }
    }
    let (Some(fx), Some(fy)) = (affine(&x.index, a.var), affine(&y.index, b.var)) else {
        return Overlap::Maybe;
    };
    let (i, j) = (a.name.unwrap_or("i"), b.name.unwrap_or("j"));
    match (fx.coef.is_zero(), fy.coef.is_zero()) {
        (true, true) => {
            if fx.offset == fy.offset {
                Overlap::When("always (the same constant element)".into())
            } else {
                Overlap::Never("different constant elements".into())
            }
        }
        _ if fx.coef.is_one() && fy.coef.is_one() => {
            // i + p = j + q  <=>  j = i + (p - q)
            let d = &fx.offset - &fy.offset;
            if d.is_zero() {
                if pairs == Incomparable::Unequal {
                    Overlap::Never(format!("{i} ≠ {j}"))
                } else {
                    Overlap::When(format!("{j} = {i}"))
                }
            } else if d > BigInt::zero() {
                Overlap::When(format!("{j} = {i} + {d}"))
            } else {
                Overlap::When(format!("{j} = {i} - {}", -d))
            }
        }
        // i + p = q  <=>  i = q - p (and symmetrically): one iteration meets a fixed element.
        (false, true) if fx.coef.is_one() => {
            Overlap::When(format!("{i} = {}", &fy.offset - &fx.offset))
        }
        (true, false) if fy.coef.is_one() => {
            Overlap::When(format!("{j} = {}", &fx.offset - &fy.offset))
        }
        _ => Overlap::Maybe,
    }
}

/// The sum of two amounts against 1: the sum's text and whether it fits (`None`: unknown).
fn sum(x: &Amount, y: &Amount) -> (String, Option<bool>) {
    match (x, y) {
        (Amount::Frac(p), Amount::Frac(q)) => {
            let s = p + q;
            (show_ratio(&s), Some(s <= Ratio::one()))
        }
        (Amount::Read, Amount::Frac(p)) | (Amount::Frac(p), Amount::Read) => (
            "more than ".to_string() + &show_ratio(p),
            Some(*p < Ratio::one()),
        ),
        (Amount::Read, Amount::Read) => ("a small amount".into(), Some(true)),
        _ => ("?".into(), None),
    }
}

/// The element an atom names, over the display name of its iteration.
fn element(x: &Atom, side: &Side, array: &str) -> String {
    let mut idx = match (side.var, side.name) {
        (Some(v), Some(n)) if v != n => subst(
            &x.index,
            v,
            &Expr::new(ExprKind::Local(n.to_string()), x.index.span),
        ),
        _ => x.index.clone(),
    };
    if let Some((v, n)) = side.thread {
        idx = subst(
            &idx,
            v,
            &Expr::new(ExprKind::Local(n.to_string()), idx.span),
        );
    }
    let mut s = format!("{array}[{}]", viper::printer::print_expr(&idx));
    if !x.bound.is_empty() {
        s = format!("{array}[…] (\\forall*)");
    }
    if x.guarded {
        s.push_str(" (conditional)");
    }
    s
}

/// The accounting lines of a pair: one per pair of permissions to the same array.
pub fn lines(
    a: &Side,
    b: &Side,
    pairs: Incomparable,
    source: &dyn Fn(&str) -> String,
) -> Vec<String> {
    let mut out = Vec::new();
    for x in a.atoms {
        for y in b.atoms.iter().filter(|y| y.array == x.array) {
            let array = source(&x.array);
            let (ex, ey) = (element(x, a, &array), element(y, b, &array));
            let head = format!("{ex} {} + {ey} {}", x.amount.show(), y.amount.show());
            let line = match overlap(x, y, a, b, pairs) {
                Overlap::Never(why) => format!("{ex} and {ey}: never the same element ({why}) ✓"),
                o => {
                    let when = match &o {
                        Overlap::When(c) => format!("same element when {c}"),
                        _ => "may be the same element".to_string(),
                    };
                    match sum(&x.amount, &y.amount) {
                        (s, Some(true)) => format!("{head} = {s} ≤ 1 ✓ ({when})"),
                        (s, Some(false)) => match &o {
                            Overlap::When(c) => {
                                format!("{head} = {s} > 1 ✗ (same element when {c}: a data race)")
                            }
                            _ => format!(
                                "{head} = {s} > 1: a data race if they can be the same \
                                 element (the verifier decides)"
                            ),
                        },
                        (_, None) => format!("{head} ≤ 1 must hold ({when}; the verifier decides)"),
                    }
                }
            };
            out.push(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ppl::obligations::build::*;
    use viper::Span;

    const S: Span = Span::DUMMY;

    fn at(array: &str, index: Expr, amount: Amount) -> Atom {
        Atom {
            array: array.into(),
            index,
            bound: Vec::new(),
            guarded: false,
            amount,
        }
    }

    fn half() -> Amount {
        Amount::Frac(Ratio::new(1, 2))
    }

    fn one() -> Amount {
        Amount::Frac(Ratio::one())
    }

    fn run(x: Atom, y: Atom, pairs: Incomparable) -> String {
        let (xs, ys) = ([x], [y]);
        let a = Side {
            atoms: &xs,
            var: Some("i_1"),
            name: Some("i"),
            thread: None,
        };
        let b = Side {
            atoms: &ys,
            var: Some("i_2"),
            name: Some("j"),
            thread: None,
        };
        lines(&a, &b, pairs, &|s| s.to_string()).join("\n")
    }

    #[test]
    fn same_index_of_fused_iterations_never_overlaps() {
        let l = run(
            at("c", local("i_1", S), one()),
            at("c", local("i_2", S), one()),
            Incomparable::Unequal,
        );
        assert_eq!(l, "c[i] and c[j]: never the same element (i ≠ j) ✓");
    }

    #[test]
    fn halves_add_up_and_a_shift_is_a_race() {
        let l = run(
            at("a", local("i_1", S), half()),
            at("a", local("i_2", S), half()),
            Incomparable::All,
        );
        assert_eq!(
            l,
            "a[i] 1\\2 + a[j] 1\\2 = 1 ≤ 1 ✓ (same element when j = i)"
        );
        let next = bin(BinaryOp::Add, local("i_1", S), int(1, S), S);
        let l = run(
            at("a", next, half()),
            at("a", local("i_2", S), one()),
            Incomparable::Unequal,
        );
        assert_eq!(
            l,
            "a[i + 1] 1\\2 + a[j] write = 3\\2 > 1 ✗ (same element when j = i + 1: a data race)"
        );
    }

    #[test]
    fn reads_and_unknown_indices() {
        let l = run(
            at("a", local("i_1", S), Amount::Read),
            at("a", local("i_2", S), half()),
            Incomparable::All,
        );
        assert!(l.contains("= more than 1\\2 ≤ 1 ✓"), "{l}");
        let l = run(
            at("a", local("n", S), one()),
            at("a", local("i_2", S), one()),
            Incomparable::All,
        );
        assert!(
            l.contains("= 2 > 1: a data race if they can be the same"),
            "{l}"
        );
        let l = run(
            at("a", local("i_1", S), one()),
            at("a", int(0, S), one()),
            Incomparable::All,
        );
        assert!(l.contains("(same element when i = 0: a data race)"), "{l}");
        assert_eq!(Amount::of(None), one());
        assert_eq!(
            Amount::of(Some(&perm_lit(PermLit::Wildcard, S))).show(),
            "read"
        );
    }
}
