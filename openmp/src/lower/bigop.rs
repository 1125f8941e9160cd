//! Combining values over an integer range: JML's generalised quantifiers `\sum`, `\product`,
//! `\max` and `\min` of specifications, and the combination of the contributions of a
//! reduction's iterations (`omp::data_sharing::reduction`).
//!
//! `op` over `lo <= k < hi` of a body `e(k)` is the application `f(x1, …, xn, lo, hi)` of a
//! recursive Viper function generated for the body, with its free variables `x1 … xn` as
//! arguments:
//!
//! ```text
//! function f(x1: T1, …, lo: Int, hi: Int): Int
//!   requires forall k: Int :: lo <= k && k < hi ==> acc(loc(a, k).val, wildcard)   // what e reads
//! { hi <= lo ? unit : f(x1, …, lo, hi - 1) op e(hi - 1) }
//! ```
//!
//! (`\max`/`\min` have no unit: they require `lo < hi` and start from `e(lo)`.) One function
//! serves every occurrence of the same body (up to the names of its free variables), so that a
//! reduction's result and the user's `\sum` of the same expression are the same term and need no
//! induction to be compared. The definition is the mathematical one (`unit`, then one more
//! element at the top), and Viper unfolds it one step per application it meets: enough for a
//! loop invariant `s == (\sum int k; 0 <= k && k < i; a[k])`.

use super::{unique, viper_call, Lowerer, Repr};
use crate::error::FrontError;
use ppl::obligations::build::*;
use ppl::obligations::subst::{free_vars, subst, visit};
use ppl::obligations::Role;
use viper::ast::{
    BinaryOp, Expr as VExpr, ExprKind as VKind, Function, Item, PermLit, Type as VType,
};
use viper::Span;

/// The operator that combines the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Combine {
    Sum,
    Product,
    Max,
    Min,
    /// C's `&`, `|`, `^` (uninterpreted in ompv's model, but associative and commutative in C).
    BitAnd,
    BitOr,
    BitXor,
}

impl Combine {
    /// A word for generated names.
    fn word(self) -> &'static str {
        match self {
            Combine::Sum => "sum",
            Combine::Product => "product",
            Combine::Max => "max",
            Combine::Min => "min",
            Combine::BitAnd => "bit_and",
            Combine::BitOr => "bit_or",
            Combine::BitXor => "bit_xor",
        }
    }

    /// How diagnostics name the operator.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Combine::Sum => "`\\sum`",
            Combine::Product => "`\\product`",
            Combine::Max => "`\\max`",
            Combine::Min => "`\\min`",
            Combine::BitAnd => "the `&` of a reduction",
            Combine::BitOr => "the `|` of a reduction",
            Combine::BitXor => "the `^` of a reduction",
        }
    }

    /// The value over an empty range (`None`: the range must not be empty).
    fn unit(self, span: Span) -> Option<VExpr> {
        match self {
            Combine::Sum | Combine::BitOr | Combine::BitXor => Some(int(0, span)),
            Combine::Product => Some(int(1, span)),
            Combine::BitAnd => Some(int(-1, span)),
            Combine::Max | Combine::Min => None,
        }
    }

    /// `a op b`.
    pub(crate) fn apply(self, a: VExpr, b: VExpr, span: Span) -> VExpr {
        match self {
            Combine::Sum => bin(BinaryOp::Add, a, b, span),
            Combine::Product => bin(BinaryOp::Mul, a, b, span),
            Combine::Max => cond(bin(BinaryOp::Ge, a.clone(), b.clone(), span), a, b, span),
            Combine::Min => cond(bin(BinaryOp::Le, a.clone(), b.clone(), span), a, b, span),
            Combine::BitAnd => viper_call("c_band", vec![a, b], span),
            Combine::BitOr => viper_call("c_bor", vec![a, b], span),
            Combine::BitXor => viper_call("c_bxor", vec![a, b], span),
        }
    }

    /// Whether the range may be empty.
    pub(crate) fn has_unit(self) -> bool {
        self.unit(Span::DUMMY).is_some()
    }
}

impl Lowerer<'_> {
    /// `op` over `lo <= k < hi` of `body` (a lowered expression over the variable `k`).
    pub(crate) fn combine_range(
        &mut self,
        op: Combine,
        k: &str,
        body: VExpr,
        lo: VExpr,
        hi: VExpr,
        span: Span,
    ) -> Result<VExpr, FrontError> {
        let unsupported = |what: &str| {
            FrontError::unsupported(span, format!("{} whose body {what}", op.describe()))
        };
        let mut bad = None;
        visit(&body, &mut |x| match &x.kind {
            VKind::Old { .. } => bad = Some("uses `\\old` (write `\\old` around the whole range)"),
            VKind::Acc { .. } | VKind::PermOf(_) => bad = Some("is not a value"),
            VKind::Call { name, .. } if self.bigop_functions.contains(&name.name) => {
                bad = Some("is itself a `\\sum`, `\\product`, `\\max` or `\\min`")
            }
            _ => {}
        });
        if let Some(b) = bad {
            return Err(unsupported(b));
        }
        // A body that does not depend on the variable: the closed form (a count is then the
        // length of the range, which a recursive definition would need induction to give).
        if !free_vars(&body).contains(k) {
            let s = span;
            let len = bin(BinaryOp::Sub, hi.clone(), lo.clone(), s);
            let nonempty = bin(BinaryOp::Lt, lo.clone(), hi.clone(), s);
            match op {
                Combine::Sum => {
                    return Ok(bin(
                        BinaryOp::Mul,
                        cond(nonempty, len, int(0, s), s),
                        body,
                        s,
                    ))
                }
                Combine::Max | Combine::Min | Combine::BitAnd | Combine::BitOr => {
                    return Ok(match op.unit(s) {
                        Some(u) => cond(nonempty, body, u, s),
                        None => body,
                    })
                }
                _ => {}
            }
        }
        // The free variables become arguments, in the order they occur.
        let free = free_vars(&body);
        let mut order: Vec<String> = Vec::new();
        visit(&body, &mut |x| {
            if let VKind::Local(n) = &x.kind {
                if n != k && free.contains(n) && !order.contains(n) {
                    order.push(n.clone());
                }
            }
        });
        let mut types = Vec::new();
        for n in &order {
            let t = self.local_type(n).ok_or_else(|| {
                unsupported(&format!("uses `{n}`, whose type ompv does not know"))
            })?;
            types.push(t);
        }
        // Names of the function's own variables: not bound anywhere in the body.
        let mut taken: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
        visit(&body, &mut |x| match &x.kind {
            VKind::Local(n) => {
                taken.insert(n.clone());
            }
            VKind::Quant { vars, .. } => taken.extend(vars.iter().map(|v| v.name.name.clone())),
            _ => {}
        });
        let mut fresh = |base: &str| {
            let mut v = base.to_string();
            while taken.contains(&v) || super::reserved::is_reserved(&v) {
                v.push('_');
            }
            taken.insert(v.clone());
            v
        };
        let kk = fresh("k");
        let lo_n = fresh("lo");
        let hi_n = fresh("hi");
        let params: Vec<String> = (0..order.len()).map(|j| fresh(&format!("x{j}"))).collect();
        let s = Span::DUMMY;
        let mut norm = subst(&body, k, &local(&kk, s));
        for (n, p) in order.iter().zip(&params) {
            norm = subst(&norm, n, &local(p, s));
        }
        let key = format!(
            "{}|{}|{:?}",
            op.word(),
            viper::printer::print_expr(&norm),
            types
        );
        let name = match self.bigops.get(&key) {
            Some(n) => n.clone(),
            None => {
                let name = unique(&format!("{}_of", op.word()), &mut self.globals);
                let f = self
                    .range_function(op, &name, &norm, &kk, &lo_n, &hi_n, &params, &types, span)?;
                self.items.push(Item::Function(f));
                self.bigops.insert(key, name.clone());
                self.bigop_functions.insert(name.clone());
                name
            }
        };
        let mut args: Vec<VExpr> = order.iter().map(|n| local(n, span)).collect();
        args.push(lo);
        args.push(hi);
        let at = self.checks.add(
            Role::Call {
                callee: op.describe().trim_matches('`').to_string(),
            },
            span,
        );
        let mut app = viper_call(&name, args, span);
        app.span = at;
        Ok(app)
    }

    /// The recursive function of `op` over the normalised body `e` (free variables `params`,
    /// bound variable `k`).
    #[allow(clippy::too_many_arguments)]
    fn range_function(
        &mut self,
        op: Combine,
        name: &str,
        e: &VExpr,
        k: &str,
        lo: &str,
        hi: &str,
        params: &[String],
        types: &[VType],
        span: Span,
    ) -> Result<Function, FrontError> {
        let s = span;
        let l = || local(lo, s);
        let h = || local(hi, s);
        let nonempty = || bin(BinaryOp::Lt, l(), h(), s);
        // What the body reads, for every k of the range.
        let mut pres: Vec<VExpr> = Vec::new();
        if !op.has_unit() {
            pres.push(nonempty());
        }
        // A precondition that is not well-formed (a location read twice for different `k`) is
        // reported at the range expression.
        let pre_at = self.checks.add(
            Role::Precondition(ppl::obligations::Owner::Function(
                op.describe().trim_matches('`').to_string(),
            )),
            span,
        );
        let mut seen: Vec<String> = Vec::new();
        let mut err = None;
        visit(e, &mut |x| {
            let VKind::Field { receiver, .. } = &x.kind else {
                return;
            };
            let mut inner = false;
            visit(receiver, &mut |y| {
                inner |= matches!(y.kind, VKind::Field { .. })
            });
            let bound: Vec<String> = free_vars(receiver)
                .into_iter()
                .filter(|v| v != k && !params.contains(v))
                .collect();
            if inner || !bound.is_empty() {
                err.get_or_insert(FrontError::unsupported(
                    span,
                    format!(
                        "{} whose body reads memory at a location that depends on memory or on \
                         a variable bound inside it",
                        op.describe()
                    ),
                ));
                return;
            }
            let printed = viper::printer::print_expr(x);
            if seen.contains(&printed) {
                return;
            }
            seen.push(printed);
            let a = acc(x.clone(), perm_lit(PermLit::Wildcard, s), s);
            pres.push(respan(
                if free_vars(receiver).contains(k) {
                    forall(
                        vec![decl(k, VType::Int, s)],
                        implies(in_range(local(k, s), l(), h(), s), a, s),
                        s,
                    )
                } else {
                    implies(nonempty(), a, s)
                },
                pre_at,
            ));
        });
        if let Some(e) = err {
            return Err(e);
        }
        let mut args: Vec<viper::ast::LocalDecl> = params
            .iter()
            .zip(types)
            .map(|(p, t)| decl(p, t.clone(), s))
            .collect();
        args.push(decl(lo, VType::Int, s));
        args.push(decl(hi, VType::Int, s));
        let recurse = |upper: VExpr| {
            let mut a: Vec<VExpr> = params.iter().map(|p| local(p, s)).collect();
            a.push(l());
            a.push(upper);
            viper_call(name, a, s)
        };
        let last = bin(BinaryOp::Sub, h(), int(1, s), s);
        let step = op.apply(recurse(last.clone()), subst(e, k, &last), s);
        let body = match op.unit(s) {
            Some(u) => cond(bin(BinaryOp::Le, h(), l(), s), u, step, s),
            None => cond(
                bin(BinaryOp::Le, h(), bin(BinaryOp::Add, l(), int(1, s), s), s),
                subst(e, k, &l()),
                step,
                s,
            ),
        };
        Ok(Function {
            name: viper::ast::Ident::new(name, s),
            args,
            ret: VType::Int,
            pres,
            posts: Vec::new(),
            body: Some(body),
            span: s,
        })
    }

    /// The Viper type of a variable of the code being lowered, by its Viper name.
    pub(crate) fn local_type(&self, name: &str) -> Option<VType> {
        if let Some((_, _, is_int)) = self.cur.bound.iter().rev().find(|b| b.1 == name) {
            return Some(if *is_int { VType::Int } else { VType::Bool });
        }
        if self.cur.team.as_deref() == Some(name)
            || self.cur.bounds.values().any(|b| b == name)
            || self
                .cur
                .block
                .as_ref()
                .and_then(|b| b.thread.as_deref())
                .is_some_and(|t| t == name)
        {
            return Some(VType::Int);
        }
        if let Some((r, ty)) = &self.cur.result {
            if r == name {
                return super::viper_type(ty);
            }
        }
        for (v, repr) in &self.cur.vars {
            match repr {
                Repr::Local(n) if n == name => return super::viper_type(&self.program.var(*v).ty),
                Repr::Memory(e) if matches!(&e.kind, VKind::Local(n) if n == name) => {
                    return Some(super::prelude::array_type())
                }
                _ => {}
            }
        }
        None
    }
}

/// The bounds `lo`, `hi` of a range filter over `var` (`lo <= var && var < hi`, in any order
/// and with `<`, `<=`, `>`, `>=` either way round) and the rest of its conjuncts, if it has both
/// bounds and they do not mention `var`.
pub(crate) fn bounds(
    filter: &crate::spec::Expr,
    var: &str,
) -> Option<(
    crate::spec::Expr,
    crate::spec::Expr,
    Option<crate::spec::Expr>,
)> {
    use crate::spec::build as s;
    use crate::spec::{BinOp, Expr, ExprKind};
    fn conjuncts(e: &Expr, out: &mut Vec<Expr>) {
        match &e.kind {
            ExprKind::Binary {
                op: BinOp::And,
                lhs,
                rhs,
            } => {
                conjuncts(lhs, out);
                conjuncts(rhs, out);
            }
            _ => out.push(e.clone()),
        }
    }
    let mut parts = Vec::new();
    conjuncts(filter, &mut parts);
    let is_var = |e: &Expr| matches!(&e.kind, ExprKind::Var(n) if n == var);
    let (mut lo, mut hi, mut rest) = (None, None, Vec::new());
    for p in parts {
        let ExprKind::Binary { op, lhs, rhs } = &p.kind else {
            rest.push(p);
            continue;
        };
        let sp = p.span;
        let one = || s::int(1, sp);
        // Normalise to `var OP other` or `other OP var`.
        let (lower, upper) = match (op, is_var(lhs), is_var(rhs)) {
            // other <= var, var >= other
            (BinOp::Le, false, true) => (Some((**lhs).clone()), None),
            (BinOp::Ge, true, false) => (Some((**rhs).clone()), None),
            // other < var, var > other
            (BinOp::Lt, false, true) => (Some(s::add((**lhs).clone(), one(), sp)), None),
            (BinOp::Gt, true, false) => (Some(s::add((**rhs).clone(), one(), sp)), None),
            // var < other, other > var
            (BinOp::Lt, true, false) => (None, Some((**rhs).clone())),
            (BinOp::Gt, false, true) => (None, Some((**lhs).clone())),
            // var <= other, other >= var
            (BinOp::Le, true, false) => (None, Some(s::add((**rhs).clone(), one(), sp))),
            (BinOp::Ge, false, true) => (None, Some(s::add((**lhs).clone(), one(), sp))),
            _ => (None, None),
        };
        match (lower, upper) {
            (Some(l), _) if lo.is_none() && !s::mentions(&l, var) => lo = Some(l),
            (_, Some(h)) if hi.is_none() && !s::mentions(&h, var) => hi = Some(h),
            _ => rest.push(p),
        }
    }
    let rest = rest.into_iter().reduce(|a, b| s::and(a, b, filter.span));
    Some((lo?, hi?, rest))
}
