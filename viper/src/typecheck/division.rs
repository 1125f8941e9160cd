//! Silver's choice between the integer and the permission reading of `/`.
//!
//! Silver gives each operator an ordered list of signatures (`/`: `Perm/Perm`, `Perm/Int`,
//! `Int/Int -> Perm`, `Int/Int -> Int`; `*`: `Perm*Perm`, `Int*Perm`, `Perm*Int`, `Int*Int`; `+`,
//! `-`, unary `-` and comparisons: `Perm` before `Int`; `==`, `!=`, `? :`: both operands of one
//! type), collects every typing of a top-level expression (a statement's expression, a contract,
//! a function body, an axiom, a quantifier body, a trigger term, a call argument) in the order
//! "operator signature first, then the typings of the first operand, then of the second, ...",
//! and keeps the first whose type fits what the context expects. So `(1/2) * (2/1) == (0/1)` is a
//! permission equation (false), while `var i: Int := 7/2` and `x/2 > 0` (with `0` an `Int`) divide
//! integers.
//!
//! This pass computes that choice for every `/` of a top-level expression before the expression
//! is typed: [`Checker::resolve_divisions`] records, per `/` node, whether Silver's first fitting
//! typing makes it a permission (`Perm`) or an integer (`Int`) division. Leaves whose type it
//! cannot tell (generic domain functions, collection operations) accept any type; the type
//! checker then reports what does not fit.

use std::collections::HashMap;

use super::exprs::Checker;
use super::ty::Ty;
use crate::ast::*;

/// The numeric view of a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Num {
    Int,
    Perm,
    /// Neither (Bool, Ref, collections, ...).
    Other,
    /// Unknown here: fits every requirement.
    Any,
}

impl Num {
    fn of(t: &Ty) -> Num {
        match t {
            Ty::Int => Num::Int,
            Ty::Perm => Num::Perm,
            Ty::Var(_) | Ty::Error | Ty::Param(_) => Num::Any,
            _ => Num::Other,
        }
    }

    /// Whether a typing of type `self` fits the requirement `want`.
    fn fits(self, want: Num) -> bool {
        self == want || self == Num::Any || want == Num::Any
    }
}

use Num::{Any, Int, Other, Perm};

/// An operator signature: operand types and result type.
type Sig = (&'static [Num], Num);

const ARITH: &[Sig] = &[(&[Perm, Perm], Perm), (&[Int, Int], Int)];
const MUL: &[Sig] = &[
    (&[Perm, Perm], Perm),
    (&[Int, Perm], Perm),
    (&[Perm, Int], Perm),
    (&[Int, Int], Int),
];
const DIV: &[Sig] = &[
    (&[Perm, Perm], Perm),
    (&[Perm, Int], Perm),
    (&[Int, Int], Perm),
    (&[Int, Int], Int),
];
/// A `/` already resolved to a permission division.
const PERM_DIV: &[Sig] = &[
    (&[Perm, Perm], Perm),
    (&[Perm, Int], Perm),
    (&[Int, Int], Perm),
];
const CMP: &[Sig] = &[(&[Perm, Perm], Other), (&[Int, Int], Other)];
const NEG: &[Sig] = &[(&[Perm], Perm), (&[Int], Int)];
const MOD: &[Sig] = &[(&[Int, Int], Int)];

/// The pass's state for one top-level expression.
#[derive(Default)]
pub(super) struct Divisions {
    /// Decided `/` nodes (by address): the result type of Silver's first fitting typing.
    pub(super) decided: HashMap<usize, Ty>,
    /// Candidate types of nodes (by address), memoized.
    cands: HashMap<usize, Vec<Num>>,
    /// Bound variables of quantifiers and `let`s around the current node, innermost last.
    bound: Vec<(String, Num)>,
}

fn addr(e: &Expr) -> usize {
    e as *const Expr as usize
}

impl Checker<'_> {
    /// Decides every `/` of the top-level expression `e`, whose context expects `expected`
    /// (`None`: an assertion or no expectation), as Silver does (see the module documentation).
    pub(super) fn resolve_divisions(&mut self, e: &Expr, expected: Option<&Ty>) {
        let want = expected.map_or(Any, Num::of);
        self.fix(e, want);
    }

    /// The type of a leaf or of a node whose type does not depend on its operands.
    fn num_of_local(&self, name: &str) -> Num {
        if let Some((_, n)) = self.divisions.bound.iter().rev().find(|(b, _)| b == name) {
            return *n;
        }
        self.lookup(name).map_or(Any, |l| Num::of(&l.ty))
    }

    /// The types `e` may have, in Silver's order (distinct).
    fn cands(&mut self, e: &Expr) -> Vec<Num> {
        if let Some(c) = self.divisions.cands.get(&addr(e)) {
            return c.clone();
        }
        let c = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.cands_uncached(e));
        // Results under bound variables depend on their binding: cache only outside binders.
        if self.divisions.bound.is_empty() {
            self.divisions.cands.insert(addr(e), c.clone());
        }
        c
    }

    fn cands_uncached(&mut self, e: &Expr) -> Vec<Num> {
        match &e.kind {
            ExprKind::IntLit(_) => vec![Int],
            ExprKind::PermLit(_) | ExprKind::PermOf(_) => vec![Perm],
            ExprKind::BoolLit(_)
            | ExprKind::Null
            | ExprKind::Acc { .. }
            | ExprKind::Quant { .. }
            | ExprKind::SeqLit { .. }
            | ExprKind::SetLit { .. }
            | ExprKind::SeqRange { .. }
            | ExprKind::Slice { .. }
            | ExprKind::Update { .. } => vec![Other],
            ExprKind::Len(_) => vec![Int],
            ExprKind::Local(x) => vec![self.num_of_local(x)],
            ExprKind::Result => vec![self.result_ty.as_ref().map_or(Any, Num::of)],
            ExprKind::Field { field, .. } => {
                vec![self.env.fields.get(&field.name).map_or(Any, Num::of)]
            }
            ExprKind::Call { name, .. } => vec![self.call_result(&name.name)],
            ExprKind::Index { seq, .. } => vec![self.element_of(seq)],
            ExprKind::Old { expr, .. } => self.cands(expr),
            ExprKind::Unfolding { body, .. } => self.cands(body),
            ExprKind::Let { var, value, body } => {
                let v = self.cands(value).first().copied().unwrap_or(Any);
                self.divisions.bound.push((var.name.clone(), v));
                let c = self.cands(body);
                self.divisions.bound.pop();
                c
            }
            ExprKind::Unary { op, operand } => match op {
                UnaryOp::Not => vec![Other],
                UnaryOp::Neg => self.sig_cands(NEG, &[operand]),
            },
            ExprKind::Cond { then, els, .. } => self.linked_cands(&[then, els]),
            ExprKind::Binary { op, left, right } => {
                use BinaryOp::*;
                match op {
                    Add | Sub => self.sig_cands(ARITH, &[left, right]),
                    Mul => self.sig_cands(MUL, &[left, right]),
                    Div => self.sig_cands(DIV, &[left, right]),
                    PermDiv => self.sig_cands(PERM_DIV, &[left, right]),
                    Mod => vec![Int],
                    // `x in m` counts occurrences in a multiset (an Int).
                    In => vec![Any],
                    _ => vec![Other],
                }
            }
        }
    }

    /// The element type of a sequence expression, where it can be told without typing it.
    fn element_of(&mut self, seq: &Expr) -> Num {
        let declared: Option<Ty> = match &seq.kind {
            ExprKind::Local(x) => {
                if self.divisions.bound.iter().any(|(b, _)| b == x) {
                    None
                } else {
                    self.lookup(x).map(|l| l.ty.clone())
                }
            }
            ExprKind::Field { field, .. } => self.env.fields.get(&field.name).cloned(),
            ExprKind::Call { name, .. } => {
                self.env.functions.get(&name.name).map(|s| s.ret.clone())
            }
            ExprKind::SeqLit { elem_ty, elems } => {
                return match (elem_ty, elems.first()) {
                    (Some(t), _) => Num::of(&Ty::from_ast(t)),
                    (None, Some(first)) => self.cands(first).first().copied().unwrap_or(Any),
                    (None, None) => Any,
                };
            }
            ExprKind::SeqRange { .. } => return Int,
            ExprKind::Slice { seq, .. } | ExprKind::Update { seq, .. } => {
                return self.element_of(seq)
            }
            ExprKind::Old { expr, .. } => return self.element_of(expr),
            ExprKind::Binary {
                op: BinaryOp::Append,
                left,
                ..
            } => return self.element_of(left),
            _ => None,
        };
        match declared {
            Some(Ty::Seq(elem)) => Num::of(&elem),
            _ => Any,
        }
    }

    /// The result of a function or domain function application (`Any` if generic or unknown).
    fn call_result(&self, name: &str) -> Num {
        if let Some(sig) = self.env.functions.get(name) {
            return Num::of(&sig.ret);
        }
        if let Some(sig) = self.env.domain_functions.get(name) {
            return Num::of(&sig.ret);
        }
        if self.env.predicates.contains_key(name) {
            return Other;
        }
        Any
    }

    /// Result types of an operator, in signature order, over the operands' candidates.
    fn sig_cands(&mut self, sigs: &[Sig], args: &[&Expr]) -> Vec<Num> {
        let arg_cands: Vec<Vec<Num>> = args.iter().map(|a| self.cands(a)).collect();
        let mut out = Vec::new();
        for (params, res) in sigs {
            let ok = params
                .iter()
                .zip(&arg_cands)
                .all(|(p, cs)| cs.iter().any(|c| c.fits(*p)));
            if ok && !out.contains(res) {
                out.push(*res);
            }
        }
        if out.is_empty() {
            // A type error the checker reports; keep the pass going.
            out.push(Any);
        }
        out
    }

    /// Candidates of operands that must share one type (`==`, `? :` branches): the first
    /// operand's candidates that the others admit.
    fn linked_cands(&mut self, args: &[&Expr]) -> Vec<Num> {
        let all: Vec<Vec<Num>> = args.iter().map(|a| self.cands(a)).collect();
        let mut out: Vec<Num> = all[0]
            .iter()
            .copied()
            .filter(|t| all[1..].iter().all(|cs| cs.iter().any(|c| c.fits(*t))))
            .collect();
        if out.is_empty() {
            out.push(Any);
        }
        out
    }

    /// Fixes the first typing of `e` whose type fits `want`, recording the decided `/` nodes.
    fn fix(&mut self, e: &Expr, want: Num) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.fix_kind(e, want));
    }

    fn fix_kind(&mut self, e: &Expr, want: Num) {
        match &e.kind {
            ExprKind::Binary { op, left, right } => {
                use BinaryOp::*;
                let (l, r): (&Expr, &Expr) = (left, right);
                match op {
                    Add | Sub => {
                        self.fix_sig(ARITH, &[l, r], want);
                    }
                    Mul => {
                        self.fix_sig(MUL, &[l, r], want);
                    }
                    Div => {
                        let res = self.fix_sig(DIV, &[l, r], want);
                        let ty = if res == Int { Ty::Int } else { Ty::Perm };
                        self.divisions.decided.insert(addr(e), ty);
                    }
                    PermDiv => {
                        self.fix_sig(PERM_DIV, &[l, r], want);
                    }
                    Lt | Le | Gt | Ge => {
                        self.fix_sig(CMP, &[l, r], Any);
                    }
                    Mod => {
                        self.fix_sig(MOD, &[l, r], Any);
                    }
                    Eq | Ne => self.fix_linked(&[l, r], Any),
                    _ => {
                        self.fix(l, Any);
                        self.fix(r, Any);
                    }
                }
            }
            ExprKind::Unary { op, operand } => match op {
                UnaryOp::Neg => {
                    self.fix_sig(NEG, &[operand], want);
                }
                UnaryOp::Not => self.fix(operand, Any),
            },
            ExprKind::Cond { cond, then, els } => {
                self.fix(cond, Any);
                self.fix_linked(&[then, els], want);
            }
            ExprKind::Old { expr, .. } => self.fix(expr, want),
            ExprKind::Unfolding { acc, body } => {
                self.fix(acc, Any);
                self.fix(body, want);
            }
            ExprKind::Let { var, value, body } => {
                let v = self.cands(value).first().copied().unwrap_or(Any);
                self.fix(value, v);
                self.divisions.bound.push((var.name.clone(), v));
                self.fix(body, want);
                self.divisions.bound.pop();
            }
            ExprKind::Quant {
                vars,
                triggers,
                body,
                ..
            } => {
                let n = self.divisions.bound.len();
                for v in vars {
                    let t = Num::of(&Ty::from_ast(&v.ty));
                    self.divisions.bound.push((v.name.name.clone(), t));
                }
                // The body and each trigger term are top-level expressions of their own.
                for t in triggers {
                    for x in &t.exprs {
                        self.fix(x, Any);
                    }
                }
                self.fix(body, Any);
                self.divisions.bound.truncate(n);
            }
            ExprKind::Call { name, args } => {
                let params: Option<Vec<Num>> = if let Some(sig) = self.env.functions.get(&name.name)
                {
                    Some(sig.args.iter().map(Num::of).collect())
                } else if let Some(sig) = self.env.domain_functions.get(&name.name) {
                    Some(sig.args.iter().map(Num::of).collect())
                } else {
                    self.env
                        .predicates
                        .get(&name.name)
                        .map(|sig| sig.args.iter().map(Num::of).collect())
                };
                for (i, a) in args.iter().enumerate() {
                    let p = params.as_ref().and_then(|ps| ps.get(i)).copied();
                    self.fix(a, p.unwrap_or(Any));
                }
            }
            ExprKind::Acc { loc, perm } => {
                self.fix(loc, Any);
                if let Some(p) = perm {
                    self.fix(p, Perm);
                }
            }
            ExprKind::SeqLit { elems, .. } | ExprKind::SetLit { elems, .. } => {
                if !elems.is_empty() {
                    let refs: Vec<&Expr> = elems.iter().collect();
                    self.fix_linked(&refs, Any);
                }
            }
            ExprKind::SeqRange { lo, hi } => {
                self.fix(lo, Int);
                self.fix(hi, Int);
            }
            ExprKind::Index { seq, index } => {
                self.fix(seq, Any);
                self.fix(index, Int);
            }
            ExprKind::Slice { seq, lo, hi } => {
                self.fix(seq, Any);
                for x in lo.iter().chain(hi) {
                    self.fix(x, Int);
                }
            }
            ExprKind::Update { seq, index, value } => {
                self.fix(seq, Any);
                self.fix(index, Int);
                self.fix(value, Any);
            }
            // The operands of field accesses, `|..|` and `perm` are resolved on their own.
            ExprKind::Field { receiver, .. } => self.fix(receiver, Any),
            ExprKind::Len(x) => self.fix(x, Any),
            ExprKind::PermOf(loc) => self.fix(loc, Any),
            ExprKind::IntLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::Null
            | ExprKind::Result
            | ExprKind::Local(_)
            | ExprKind::PermLit(_) => {}
        }
    }

    /// Fixes the operands of the first signature with a result fitting `want` whose operand
    /// types the operands admit; returns that result.
    fn fix_sig(&mut self, sigs: &[Sig], args: &[&Expr], want: Num) -> Num {
        let arg_cands: Vec<Vec<Num>> = args.iter().map(|a| self.cands(a)).collect();
        for (params, res) in sigs {
            if !res.fits(want) {
                continue;
            }
            let ok = params
                .iter()
                .zip(&arg_cands)
                .all(|(p, cs)| cs.iter().any(|c| c.fits(*p)));
            if ok {
                for (a, p) in args.iter().zip(params.iter()) {
                    self.fix(a, *p);
                }
                return *res;
            }
        }
        // No signature fits: a type error the checker reports. Resolve the operands alone.
        for a in args {
            self.fix(a, Any);
        }
        Any
    }

    /// Fixes operands that must share one type: the first of the first operand's candidates
    /// that fits `want` and that the others admit.
    fn fix_linked(&mut self, args: &[&Expr], want: Num) {
        let all: Vec<Vec<Num>> = args.iter().map(|a| self.cands(a)).collect();
        let chosen = all[0]
            .iter()
            .copied()
            .find(|t| t.fits(want) && all[1..].iter().all(|cs| cs.iter().any(|c| c.fits(*t))));
        let t = chosen.unwrap_or(Any);
        // An operand of unknown type takes the type the others have.
        let t = if t == Any {
            all.iter()
                .flat_map(|cs| cs.first().copied())
                .find(|c| *c != Any)
                .unwrap_or(Any)
        } else {
            t
        };
        for a in args {
            self.fix(a, t);
        }
    }
}
