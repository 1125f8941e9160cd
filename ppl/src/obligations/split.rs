//! Splitting a contract into its resource part rc (the permissions) and its functional part P
//! (the pure facts), and the normal form of resource parts used to quantify over iterations.

use super::build::*;
use super::checks::PermAtom;
use super::subst::has_acc;
use viper::ast::*;
use viper::Span;

/// One permission of a resource part in normal form: `forall vars :: guard ==> acc`.
#[derive(Clone, Debug, PartialEq)]
pub struct Conjunct {
    /// Variables bound around the permission (from `\forall*`).
    pub vars: Vec<LocalDecl>,
    /// When the permission is asked for (`true` if always).
    pub guard: Expr,
    /// The `acc(..)` node.
    pub acc: Expr,
}

impl Conjunct {
    /// The conjunct as an assertion.
    pub fn to_expr(&self) -> Expr {
        let span = self.acc.span;
        let body = implies(self.guard.clone(), self.acc.clone(), span);
        if self.vars.is_empty() {
            body
        } else {
            forall(self.vars.clone(), body, span)
        }
    }
}

/// A shape of assertion the normal form does not cover.
#[derive(Clone, Debug, PartialEq)]
pub struct UnsupportedShape {
    pub span: Span,
    pub what: &'static str,
}

/// The permissions of an assertion in normal form, in order.
pub fn conjuncts(e: &Expr) -> Result<Vec<Conjunct>, UnsupportedShape> {
    let mut out = Vec::new();
    collect(e, &[], &bool_lit(true, e.span), &mut out)?;
    Ok(out)
}

fn collect(
    e: &Expr,
    vars: &[LocalDecl],
    guard: &Expr,
    out: &mut Vec<Conjunct>,
) -> Result<(), UnsupportedShape> {
    if !has_acc(e) {
        return Ok(());
    }
    match &e.kind {
        ExprKind::Binary {
            op: BinaryOp::And,
            left,
            right,
        } => {
            collect(left, vars, guard, out)?;
            collect(right, vars, guard, out)
        }
        ExprKind::Binary {
            op: BinaryOp::Implies,
            left,
            right,
        } => {
            let g = and(guard.clone(), (**left).clone(), left.span);
            collect(right, vars, &g, out)
        }
        ExprKind::Cond { cond: c, then, els } => {
            let g1 = and(guard.clone(), (**c).clone(), c.span);
            collect(then, vars, &g1, out)?;
            let g2 = and(guard.clone(), not((**c).clone(), c.span), c.span);
            collect(els, vars, &g2, out)
        }
        ExprKind::Quant {
            kind: QuantKind::Forall,
            vars: qv,
            body,
            ..
        } => {
            let mut all = vars.to_vec();
            all.extend(qv.iter().cloned());
            collect(body, &all, guard, out)
        }
        ExprKind::Acc { .. } => {
            out.push(Conjunct {
                vars: vars.to_vec(),
                guard: guard.clone(),
                acc: e.clone(),
            });
            Ok(())
        }
        _ => Err(UnsupportedShape {
            span: e.span,
            what: "a permission inside this kind of expression",
        }),
    }
}

/// The resource part: the permissions of `e` (pure leaves dropped), `true` if there are none.
pub fn resource_part(e: &Expr) -> Result<Expr, UnsupportedShape> {
    let cs = conjuncts(e)?;
    Ok(and_all(cs.iter().map(Conjunct::to_expr), e.span))
}

/// The functional part: `e` with every permission replaced by `true` (and simplified).
pub fn functional_part(e: &Expr) -> Expr {
    if !has_acc(e) {
        return e.clone();
    }
    match &e.kind {
        ExprKind::Binary {
            op: BinaryOp::And,
            left,
            right,
        } => and(functional_part(left), functional_part(right), e.span),
        ExprKind::Binary {
            op: BinaryOp::Implies,
            left,
            right,
        } => implies((**left).clone(), functional_part(right), e.span),
        ExprKind::Cond { cond: c, then, els } => {
            let (t, f) = (functional_part(then), functional_part(els));
            if is_true(&t) && is_true(&f) {
                bool_lit(true, e.span)
            } else {
                cond((**c).clone(), t, f, e.span)
            }
        }
        ExprKind::Quant {
            kind,
            vars,
            triggers,
            body,
        } => {
            let b = functional_part(body);
            if is_true(&b) {
                b
            } else {
                Expr::new(
                    ExprKind::Quant {
                        kind: *kind,
                        vars: vars.clone(),
                        triggers: triggers.clone(),
                        body: Box::new(b),
                    },
                    e.span,
                )
            }
        }
        ExprKind::Acc { .. } => bool_lit(true, e.span),
        // Other shapes cannot hold permissions in well-typed Viper.
        _ => e.clone(),
    }
}

/// Whether a permission amount is a full (write) permission.
pub fn is_write(p: &Expr) -> bool {
    match &p.kind {
        ExprKind::PermLit(PermLit::Write) => true,
        ExprKind::Binary {
            op: BinaryOp::PermDiv,
            left,
            right,
        } => {
            matches!((&left.kind, &right.kind), (ExprKind::IntLit(a), ExprKind::IntLit(b)) if a == b && *a != 0.into())
        }
        _ => false,
    }
}

/// The permission atoms of a resource conjunct over the array model (`acc(loc(a, e).val, p)`).
pub fn atom(c: &Conjunct, loc_fn: &str) -> Option<PermAtom> {
    let ExprKind::Acc { loc, perm } = &c.acc.kind else {
        return None;
    };
    let ExprKind::Field {
        receiver,
        field: member,
    } = &loc.kind
    else {
        return None;
    };
    let ExprKind::Call { name, args } = &receiver.kind else {
        return None;
    };
    if name.name != loc_fn || args.len() != 2 {
        return None;
    }
    Some(PermAtom {
        span: c.acc.span,
        array: viper::printer::print_expr(&args[0]),
        array_expr: args[0].clone(),
        index: args[1].clone(),
        field: member.name.clone(),
        guard: c.guard.clone(),
        bound: c.vars.iter().map(|v| v.name.name.clone()).collect(),
        writes: perm.as_deref().is_none_or(is_write),
        inferred: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use viper::printer::print_expr;

    const S: Span = Span::DUMMY;

    fn a(arr: &str, idx: Expr) -> Expr {
        acc(
            field(call("loc", vec![local(arr, S), idx], S), "val", S),
            perm_lit(PermLit::Write, S),
            S,
        )
    }

    #[test]
    fn split_separates_permissions_and_facts() {
        // acc(c[i]) && (i > 0 ==> acc(a[i-1])) && c[i] == 1
        let i = || local("i", S);
        let e = and_all(
            [
                a("c", i()),
                implies(
                    bin(BinaryOp::Gt, i(), int(0, S), S),
                    a("a", bin(BinaryOp::Sub, i(), int(1, S), S)),
                    S,
                ),
                bin(
                    BinaryOp::Eq,
                    field(call("loc", vec![local("c", S), i()], S), "val", S),
                    int(1, S),
                    S,
                ),
            ],
            S,
        );
        let cs = conjuncts(&e).unwrap();
        assert_eq!(cs.len(), 2);
        assert_eq!(print_expr(&cs[1].guard), "i > 0");
        assert_eq!(
            print_expr(&resource_part(&e).unwrap()),
            "acc(loc(c, i).val, write) && (i > 0 ==> acc(loc(a, i - 1).val, write))"
        );
        assert_eq!(print_expr(&functional_part(&e)), "loc(c, i).val == 1");
        let at = atom(&cs[1], "loc").unwrap();
        assert_eq!(at.array, "a");
        assert!(at.writes);
    }

    #[test]
    fn quantified_and_conditional_permissions_are_normalised() {
        let k = || local("k", S);
        let q = forall(
            vec![decl("k", Type::Int, S)],
            implies(
                bin(BinaryOp::Lt, k(), local("n", S), S),
                cond(local("b", S), a("x", k()), a("y", k()), S),
                S,
            ),
            S,
        );
        let cs = conjuncts(&q).unwrap();
        assert_eq!(cs.len(), 2);
        assert_eq!(cs[0].vars.len(), 1);
        assert_eq!(print_expr(&cs[0].guard), "k < n && b");
        assert_eq!(print_expr(&cs[1].guard), "k < n && !b");
        assert!(is_true(&functional_part(&q)));
    }

    #[test]
    fn write_amounts() {
        assert!(is_write(&perm_lit(PermLit::Write, S)));
        assert!(is_write(&bin(BinaryOp::PermDiv, int(2, S), int(2, S), S)));
        assert!(!is_write(&bin(BinaryOp::PermDiv, int(1, S), int(2, S), S)));
        assert!(!is_write(&perm_lit(PermLit::Wildcard, S)));
    }
}
