//! Recognising a converted `for` loop in canonical form (OpenMP 5.2 §4.4.1) after conversion:
//! `var = lower` (or a declaration of `var` with that initialiser), `var op bound` with `op` one
//! of `<`, `<=`, `>`, `>=`, `!=` and a bound that does not mention `var`, and a constant
//! increment that moves `var` toward the bound. Loop constructs get their [`CanonicalLoop`] when
//! converted; this is for plain loops that later passes look at.

use super::ast::{BinOp, CanonicalLoop, Expr, ExprKind, Init, Stmt, StmtKind, VarId};
use super::constant::eval_const;
use super::visit;
use viper::Span;

/// `e` without integer conversions around it.
pub fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(inner) if inner.ty.is_integer() => strip(inner),
        _ => e,
    }
}

/// The canonical form of the loop `for (init; cond; step)` (with no code computing the test
/// first), whose whole statement is `span` and whose header is `header`.
pub fn of_for(
    init: &[Stmt],
    cond_pre: &[Stmt],
    cond: Option<&Expr>,
    step: &[Stmt],
    header: Span,
    span: Span,
) -> Option<CanonicalLoop> {
    if !cond_pre.is_empty() {
        return None;
    }
    let (var, lower, declares_var) = match init {
        [Stmt {
            kind: StmtKind::Assign { target, value },
            ..
        }] => (visit::whole_var(target)?, value, false),
        [Stmt {
            kind:
                StmtKind::Decl {
                    var,
                    init: Some(Init::Expr(value)),
                },
            ..
        }] => (*var, value, true),
        _ => return None,
    };
    let ExprKind::Binary { op, lhs, rhs } = &cond?.kind else {
        return None;
    };
    let is_var = |e: &Expr| matches!(strip(e).kind, ExprKind::Var(x) if x == var);
    let (test, bound) = if is_var(lhs) {
        (*op, &**rhs)
    } else if is_var(rhs) {
        let flipped = match op {
            BinOp::Lt => BinOp::Gt,
            BinOp::Le => BinOp::Ge,
            BinOp::Gt => BinOp::Lt,
            BinOp::Ge => BinOp::Le,
            o => *o,
        };
        (flipped, &**lhs)
    } else {
        return None;
    };
    let mut mentioned = Vec::new();
    bound.vars(&mut mentioned);
    if mentioned.contains(&var) {
        return None;
    }
    let step = increment(step, var)?;
    let toward_bound = match test {
        BinOp::Lt | BinOp::Le => step > 0,
        BinOp::Gt | BinOp::Ge => step < 0,
        BinOp::Ne => step == 1 || step == -1,
        _ => false,
    };
    toward_bound.then(|| CanonicalLoop {
        var,
        declares_var,
        lower: lower.clone(),
        test,
        bound: bound.clone(),
        step,
        header,
        span,
    })
}

/// The constant `c` of a converted increment `var = var + c` or `var = var - c` (what `var++`,
/// `var += c`, … become), possibly under an integer conversion.
pub fn increment(step: &[Stmt], var: VarId) -> Option<i128> {
    let [Stmt {
        kind: StmtKind::Assign { target, value },
        ..
    }] = step
    else {
        return None;
    };
    if visit::whole_var(target) != Some(var) {
        return None;
    }
    let ExprKind::Binary { op, lhs, rhs } = &strip(value).kind else {
        return None;
    };
    let is_var = matches!(strip(lhs).kind, ExprKind::Var(x) if x == var);
    match op {
        BinOp::Add if is_var => eval_const(rhs),
        BinOp::Sub if is_var => eval_const(rhs).map(|c| -c),
        _ => None,
    }
}

/// The loop nest of a loop construct as the plain `for` loops it stands for (outermost first),
/// `var_type` giving each loop variable's type: what one thread does when it runs all the
/// iterations in order (the lanes of a `simd` loop in a block's code, seen from other blocks).
pub fn plain_nest(
    loops: &[CanonicalLoop],
    body: &super::ast::Block,
    var_type: &dyn Fn(VarId) -> super::ast::Type,
) -> Stmt {
    let Some((l, inner)) = loops.split_first() else {
        return Stmt {
            kind: StmtKind::Block(body.clone()),
            span: body.span,
        };
    };
    let ty = var_type(l.var);
    let var = |span| Expr {
        kind: ExprKind::Var(l.var),
        ty: ty.clone(),
        span,
    };
    let at = l.header;
    let init = if l.declares_var {
        StmtKind::Decl {
            var: l.var,
            init: Some(Init::Expr(l.lower.clone())),
        }
    } else {
        StmtKind::Assign {
            target: var(at),
            value: l.lower.clone(),
        }
    };
    let cond = Expr {
        kind: ExprKind::Binary {
            op: l.test,
            lhs: Box::new(var(at)),
            rhs: Box::new(l.bound.clone()),
        },
        ty: super::ast::Type::INT,
        span: at,
    };
    let (op, by) = if l.step < 0 {
        (BinOp::Sub, -l.step)
    } else {
        (BinOp::Add, l.step)
    };
    let step = StmtKind::Assign {
        target: var(at),
        value: Expr {
            kind: ExprKind::Binary {
                op,
                lhs: Box::new(var(at)),
                rhs: Box::new(Expr {
                    kind: ExprKind::Int(by),
                    ty: ty.clone(),
                    span: at,
                }),
            },
            ty: ty.clone(),
            span: at,
        },
    };
    let stmt = |kind| Stmt { kind, span: at };
    Stmt {
        kind: StmtKind::Loop {
            kind: super::ast::LoopKind::For,
            init: vec![stmt(init)],
            cond_pre: Vec::new(),
            cond: Some(cond),
            step: vec![stmt(step)],
            spec: None,
            body: if inner.is_empty() {
                body.clone()
            } else {
                super::ast::Block {
                    stmts: vec![plain_nest(inner, body, var_type)],
                    span: body.span,
                }
            },
        },
        span: l.span,
    }
}

/// An integer expression as a constant plus a sum of variables with coefficients.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Affine {
    pub constant: i128,
    pub terms: std::collections::BTreeMap<VarId, i128>,
}

impl Affine {
    fn constant(c: i128) -> Affine {
        Affine {
            constant: c,
            terms: Default::default(),
        }
    }

    fn plus(mut self, other: &Affine, k: i128) -> Option<Affine> {
        self.constant = self.constant.checked_add(other.constant.checked_mul(k)?)?;
        for (v, c) in &other.terms {
            let e = self.terms.entry(*v).or_insert(0);
            *e = e.checked_add(c.checked_mul(k)?)?;
        }
        self.terms.retain(|_, c| *c != 0);
        Some(self)
    }

    /// The affine form of `e`: sums, differences, negations and products with constants of
    /// integer variables and constants (integer conversions looked through).
    pub fn of(e: &Expr) -> Option<Affine> {
        let e = strip(e);
        match &e.kind {
            ExprKind::Int(c) => Some(Affine::constant(*c)),
            ExprKind::Var(v) if e.ty.is_integer() => Some(Affine {
                constant: 0,
                terms: [(*v, 1)].into_iter().collect(),
            }),
            ExprKind::Unary {
                op: super::ast::UnOp::Neg,
                arg,
            } => Affine::constant(0).plus(&Affine::of(arg)?, -1),
            ExprKind::Binary { op, lhs, rhs } => {
                let (l, r) = (Affine::of(lhs)?, Affine::of(rhs)?);
                match op {
                    BinOp::Add => l.plus(&r, 1),
                    BinOp::Sub => l.plus(&r, -1),
                    BinOp::Mul if l.terms.is_empty() => Affine::constant(0).plus(&r, l.constant),
                    BinOp::Mul if r.terms.is_empty() => Affine::constant(0).plus(&l, r.constant),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// The number of iterations of a loop of step 1 or -1, as an affine form of its bounds (when
/// it runs at all): `bound - lower` for `<`, one more for `<=`, and the same downwards. Two loops
/// with equal forms run the same number of logical iterations (OpenMP 5.2 §4.4.2), whatever the
/// values of the variables.
pub fn trip_count(l: &CanonicalLoop) -> Option<Affine> {
    let (lo, hi) = (Affine::of(&l.lower)?, Affine::of(&l.bound)?);
    match (l.step, l.test) {
        (1, BinOp::Lt) => hi.plus(&lo, -1),
        (1, BinOp::Le) => hi.plus(&lo, -1)?.plus(&Affine::constant(1), 1),
        (-1, BinOp::Gt) => lo.plus(&hi, -1),
        (-1, BinOp::Ge) => lo.plus(&hi, -1)?.plus(&Affine::constant(1), 1),
        _ => None,
    }
}
