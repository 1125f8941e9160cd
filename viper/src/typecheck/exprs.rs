//! The checker state and the typing of expressions.

use super::env::{Env, GlobalKind};
use super::names::report_duplicate;
use super::ty::{Ty, Unifier};
use super::Errors;
use crate::ast::*;
use crate::Span;
use std::collections::{HashMap, HashSet};

/// What kind of name a local is, for assignability.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum LocalKind {
    /// A method argument (not assignable).
    MethodArg,
    /// A method result or local variable.
    Var,
    /// An argument of a function or predicate.
    MemberArg,
    /// A quantified or `let`-bound variable.
    Bound,
}

pub(super) struct Local {
    pub(super) ty: Ty,
    pub(super) kind: LocalKind,
}

/// Why `perm(..)` may not stand somewhere, and whether Silver's type checker (`false`) or its
/// consistency check (`true`) says so.
pub(super) type PermBan = (&'static str, bool);

/// Where an expression stands, which decides what it may contain. (`old` and labelled `old`
/// where they are not allowed are consistency errors, as in Silver.)
#[derive(Clone, Copy)]
pub(super) struct Ctx {
    /// `old(..)` is allowed; otherwise the reason why not.
    pub(super) old: Result<(), &'static str>,
    /// `old[l](..)` is allowed; otherwise the reason why not.
    pub(super) labelled_old: Result<(), &'static str>,
    /// `result` is allowed (function postconditions).
    pub(super) result: bool,
    /// `result` here is a consistency error rather than a type error (function bodies, where
    /// Silver's type checker lets it pass).
    pub(super) result_consistency: bool,
    /// `perm(..)` is allowed; otherwise why not.
    pub(super) perm: Result<(), PermBan>,
    /// Inside a domain axiom (no functions with preconditions).
    pub(super) axiom: bool,
}

/// Type-checks the members of a program, one member per checker.
pub(super) struct Checker<'e> {
    pub(super) env: &'e Env,
    pub(super) errors: &'e mut Errors,
    /// Visible locals, innermost scope last.
    pub(super) scopes: Vec<HashMap<String, Local>>,
    /// All locals of the current member (bound variables may not reuse these names).
    pub(super) member_locals: HashMap<String, Span>,
    /// Labels of the current method.
    pub(super) labels: HashSet<String>,
    /// Type parameters in scope (inside a generic domain).
    pub(super) type_params: Vec<String>,
    /// The result type, inside a function.
    pub(super) result_ty: Option<Ty>,
    unifier: Unifier,
    /// `/` nodes of the current top-level expression with their result types.
    divs: Vec<(usize, Ty)>,
    /// Domain function type arguments that must be inferred: (variable, call span, parameter,
    /// function).
    must_infer: Vec<(Ty, Span, String, String)>,
    /// Checking the axioms generated for an ADT, whose applications of constructors take the
    /// domain's type parameters where the arguments do not determine them.
    pub(super) generated_axioms: bool,
    /// Addresses of the `/` nodes that are permission divisions.
    perm_divs: HashSet<usize>,
    /// The results of the current method (in scope, but not to be used, in its precondition).
    pub(super) method_returns: HashSet<String>,
    /// Whether a method precondition is being checked.
    pub(super) in_precondition: bool,
    /// Silver's choice of integer or permission division for the current top-level expression.
    pub(super) divisions: super::division::Divisions,
}

fn addr(e: &Expr) -> usize {
    e as *const Expr as usize
}

impl<'e> Checker<'e> {
    pub(super) fn new(env: &'e Env, errors: &'e mut Errors) -> Checker<'e> {
        Checker {
            env,
            errors,
            scopes: Vec::new(),
            member_locals: HashMap::new(),
            labels: HashSet::new(),
            type_params: Vec::new(),
            result_ty: None,
            unifier: Unifier::default(),
            divs: Vec::new(),
            must_infer: Vec::new(),
            generated_axioms: false,
            perm_divs: HashSet::new(),
            method_returns: HashSet::new(),
            in_precondition: false,
            divisions: Default::default(),
        }
    }

    pub(super) fn into_perm_divs(self) -> HashSet<usize> {
        self.perm_divs
    }

    pub(super) fn err(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(span, message);
    }

    // ------------------------------------------------------------------ top-level expressions

    /// Checks a top-level expression against `expected` (`None`: an assertion, which may hold
    /// permissions), then resolves the inference variables it introduced.
    pub(super) fn top(&mut self, e: &Expr, expected: Option<&Ty>, ctx: Ctx) {
        self.resolve_divisions(e, expected);
        match expected {
            None => self.assertion(e, ctx),
            Some(t) => self.check(e, t, ctx),
        }
        self.top_done();
    }

    /// Checks a pure top-level expression and returns its (resolved) type.
    pub(super) fn top_infer(&mut self, e: &Expr, ctx: Ctx) -> Ty {
        self.resolve_divisions(e, None);
        let t = self.infer(e, ctx, false);
        let t = self.unifier.resolve(&t);
        self.top_done();
        t
    }

    pub(super) fn top_done(&mut self) {
        // One report per unsolved variable, even if several applications share it.
        let mut reported = Vec::new();
        for (var, span, param, func) in std::mem::take(&mut self.must_infer) {
            let rep = self.unifier.shallow(&var);
            if self.unifier.has_unsolved(&var) && !reported.contains(&rep) && !self.generated_axioms
            {
                reported.push(rep);
                self.err(
                    span,
                    format!(
                        "cannot infer the type argument `{param}` of domain function `{func}`; \
                         use the application where its type is determined"
                    ),
                );
            }
        }
        self.unifier.default_unsolved();
        for (a, t) in std::mem::take(&mut self.divs) {
            if self.unifier.resolve(&t) == Ty::Perm {
                self.perm_divs.insert(a);
            }
        }
        self.unifier = Unifier::default();
        self.divisions = Default::default();
    }

    // ------------------------------------------------------------------ checking helpers

    /// Checks that `e` is an assertion: a boolean, possibly holding permissions.
    pub(super) fn assertion(&mut self, e: &Expr, ctx: Ctx) {
        let t = self.infer(e, ctx, true);
        self.expect_assertion(e, &t);
    }

    fn expect_assertion(&mut self, e: &Expr, t: &Ty) {
        let t = self.unifier.shallow(t);
        if t != Ty::Impure && !self.unifier.unify(&t, &Ty::Bool) {
            let found = self.unifier.resolve(&t);
            self.err(
                e.span,
                format!("expected an assertion of type Bool, found {found}"),
            );
        }
    }

    /// Checks `e` against the type `expected`.
    pub(super) fn check(&mut self, e: &Expr, expected: &Ty, ctx: Ctx) {
        let t = self.infer(e, ctx, false);
        self.expect(e.span, &t, expected);
    }

    fn expect(&mut self, span: Span, found: &Ty, expected: &Ty) {
        if !self.unifier.unify(found, expected) {
            let found = self.unifier.resolve(found);
            let expected = self.unifier.resolve(expected);
            self.err(span, format!("expected type {expected}, found {found}"));
        }
    }

    /// Whether `t` is (or can be made) `Int` or `Perm`.
    fn numeric(&mut self, t: &Ty) -> bool {
        match self.unifier.shallow(t) {
            Ty::Int | Ty::Perm | Ty::Error => true,
            Ty::Var(_) => self.unifier.make_numeric(t),
            _ => false,
        }
    }

    pub(super) fn lookup(&self, name: &str) -> Option<&Local> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    pub(super) fn declare(&mut self, name: &str, ty: Ty, kind: LocalKind) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), Local { ty, kind });
        }
    }

    /// Checks that a bound variable does not reuse a visible, member or global name.
    fn check_binder(&mut self, name: &Ident) {
        if let Some((_, g)) = self.env.globals.get(&name.name) {
            report_duplicate(self.errors, &name.name, *g, name.span);
        } else if let Some(s) = self.member_locals.get(&name.name) {
            report_duplicate(self.errors, &name.name, *s, name.span);
        } else if self.lookup(&name.name).is_some() {
            self.err(
                name.span,
                format!(
                    "duplicate identifier `{}`: it is already bound here",
                    name.name
                ),
            );
        }
    }

    /// The checker's type for a declared type; `Error` (after reporting) if it is not valid.
    pub(super) fn check_type(&mut self, t: &Type, span: Span) -> Ty {
        let params = self.type_params.clone();
        let before = self.errors.len();
        self.env.check_type(t, span, &params, self.errors);
        if self.errors.len() == before {
            Ty::from_ast(t)
        } else {
            Ty::Error
        }
    }

    // ------------------------------------------------------------------ inference

    /// The type of `e`. `assertion_ok` tells whether permission assertions may stand here.
    pub(super) fn infer(&mut self, e: &Expr, ctx: Ctx, assertion_ok: bool) -> Ty {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            self.infer_kind(e, ctx, assertion_ok)
        })
    }

    fn infer_kind(&mut self, e: &Expr, ctx: Ctx, assertion_ok: bool) -> Ty {
        match &e.kind {
            ExprKind::IntLit(_) => Ty::Int,
            ExprKind::BoolLit(_) => Ty::Bool,
            ExprKind::Null => Ty::Ref,
            ExprKind::Result => match (&self.result_ty, ctx.result) {
                (Some(t), true) => t.clone(),
                (Some(t), false) if ctx.result_consistency => {
                    self.errors
                        .consistency(e.span, "`result` is not allowed in function bodies");
                    t.clone()
                }
                _ => {
                    self.err(
                        e.span,
                        "`result` can only be used in function postconditions",
                    );
                    Ty::Error
                }
            },
            ExprKind::Local(x) => self.local(x, e.span),
            ExprKind::PermLit(PermLit::Wildcard) => {
                self.errors.consistency(
                    e.span,
                    "`wildcard` can only be used as the permission amount of `acc`",
                );
                Ty::Perm
            }
            ExprKind::PermLit(_) => Ty::Perm,
            ExprKind::Field { receiver, field } => {
                self.check(receiver, &Ty::Ref, ctx);
                self.field_type(field)
            }
            ExprKind::Unary { op, operand } => {
                let t = self.infer(operand, ctx, false);
                match op {
                    UnaryOp::Not => {
                        self.expect(operand.span, &t, &Ty::Bool);
                        Ty::Bool
                    }
                    UnaryOp::Neg => {
                        if !self.numeric(&t) {
                            let t = self.unifier.resolve(&t);
                            self.err(
                                operand.span,
                                format!("expected type Int or Perm, found {t}"),
                            );
                            return Ty::Error;
                        }
                        t
                    }
                }
            }
            ExprKind::Binary { op, left, right } => {
                self.binary(e, *op, left, right, ctx, assertion_ok)
            }
            ExprKind::Cond { cond, then, els } => {
                self.check(cond, &Ty::Bool, ctx);
                let t1 = self.infer(then, ctx, assertion_ok);
                let t2 = self.infer(els, ctx, assertion_ok);
                let (s1, s2) = (self.unifier.shallow(&t1), self.unifier.shallow(&t2));
                if s1 == Ty::Impure || s2 == Ty::Impure {
                    self.expect_assertion(then, &t1);
                    self.expect_assertion(els, &t2);
                    Ty::Impure
                } else if self.unifier.unify(&t1, &t2) {
                    t1
                } else {
                    let (t1, t2) = (self.unifier.resolve(&t1), self.unifier.resolve(&t2));
                    self.err(
                        els.span,
                        format!(
                            "the branches of a conditional have different types: {t1} and {t2}"
                        ),
                    );
                    Ty::Error
                }
            }
            ExprKind::Call { name, args } => self.call(e, name, args, ctx, assertion_ok),
            ExprKind::Old { label, expr } => {
                match label {
                    None => {
                        if let Err(why) = ctx.old {
                            self.errors.consistency(e.span, why);
                        }
                    }
                    Some(l) => {
                        if let Err(why) = ctx.labelled_old {
                            self.errors.consistency(e.span, why);
                        } else if !self.labels.contains(&l.name) {
                            self.errors
                                .consistency(l.span, format!("undeclared label `{}`", l.name));
                        }
                    }
                }
                self.infer(expr, ctx, false)
            }
            ExprKind::Acc { loc, perm } => {
                self.access(loc, perm.as_deref(), ctx);
                if !assertion_ok {
                    self.err(e.span, ACC_NOT_HERE);
                    return Ty::Error;
                }
                Ty::Impure
            }
            ExprKind::PermOf(loc) => {
                match ctx.perm {
                    Ok(()) => {}
                    Err((why, true)) => self.errors.consistency(e.span, why),
                    Err((why, false)) => self.err(e.span, why),
                }
                self.location(loc, ctx);
                Ty::Perm
            }
            ExprKind::Quant {
                kind,
                vars,
                triggers,
                body,
            } => self.quantifier(*kind, vars, triggers, body, ctx, assertion_ok),
            ExprKind::Let { var, value, body } => {
                let vt = self.infer(value, ctx, false);
                self.check_binder(var);
                self.scopes.push(HashMap::new());
                self.declare(&var.name, vt, LocalKind::Bound);
                let t = self.infer(body, ctx, assertion_ok);
                self.scopes.pop();
                t
            }
            ExprKind::Unfolding { acc, body } => {
                self.predicate_access(acc, ctx, "unfolded");
                self.infer(body, ctx, assertion_ok)
            }
            ExprKind::SeqLit { elem_ty, elems } => Ty::Seq(Box::new(self.elements(
                elem_ty.as_ref(),
                elems,
                e.span,
                ctx,
            ))),
            ExprKind::SetLit {
                multi,
                elem_ty,
                elems,
            } => {
                let t = Box::new(self.elements(elem_ty.as_ref(), elems, e.span, ctx));
                if *multi {
                    Ty::Multiset(t)
                } else {
                    Ty::Set(t)
                }
            }
            ExprKind::SeqRange { lo, hi } => {
                self.check(lo, &Ty::Int, ctx);
                self.check(hi, &Ty::Int, ctx);
                Ty::Seq(Box::new(Ty::Int))
            }
            ExprKind::Len(x) => {
                let t = self.infer(x, ctx, false);
                match self.unifier.shallow(&t) {
                    Ty::Seq(_) | Ty::Set(_) | Ty::Multiset(_) | Ty::Error => {}
                    Ty::Var(_) => {
                        let v = self.unifier.fresh();
                        self.expect(x.span, &t, &Ty::Seq(Box::new(v)));
                    }
                    other => {
                        let other = self.unifier.resolve(&other);
                        self.err(
                            x.span,
                            format!("`|..|` expects a sequence, set or multiset, found {other}"),
                        );
                    }
                }
                Ty::Int
            }
            ExprKind::Index { seq, index } => {
                let elem = self.sequence(seq, ctx);
                self.check(index, &Ty::Int, ctx);
                elem
            }
            ExprKind::Slice { seq, lo, hi } => {
                let elem = self.sequence(seq, ctx);
                for x in lo.iter().chain(hi) {
                    self.check(x, &Ty::Int, ctx);
                }
                Ty::Seq(Box::new(elem))
            }
            ExprKind::Update { seq, index, value } => {
                let elem = self.sequence(seq, ctx);
                self.check(index, &Ty::Int, ctx);
                self.check(value, &elem, ctx);
                Ty::Seq(Box::new(elem))
            }
        }
    }

    fn local(&mut self, x: &str, span: Span) -> Ty {
        if let Some(l) = self.lookup(x) {
            let (ty, kind) = (l.ty.clone(), l.kind);
            if self.in_precondition && kind == LocalKind::Var && self.method_returns.contains(x) {
                self.errors.consistency(
                    span,
                    format!("the result `{x}` of the method cannot be used in its precondition"),
                );
            }
            return ty;
        }
        match self.env.global_kind(x) {
            Some(k) => self.err(span, format!("`{x}` is {}, not a variable", k.describe())),
            None => self.err(span, format!("undeclared identifier `{x}`")),
        }
        Ty::Error
    }

    pub(super) fn field_type(&mut self, field: &Ident) -> Ty {
        if let Some(t) = self.env.fields.get(&field.name) {
            return t.clone();
        }
        match self.env.global_kind(&field.name) {
            Some(k) => self.err(
                field.span,
                format!("`{}` is {}, not a field", field.name, k.describe()),
            ),
            None => self.err(field.span, format!("undeclared field `{}`", field.name)),
        }
        Ty::Error
    }

    /// The element type of a sequence expression.
    fn sequence(&mut self, seq: &Expr, ctx: Ctx) -> Ty {
        let t = self.infer(seq, ctx, false);
        let elem = self.unifier.fresh();
        let want = Ty::Seq(Box::new(elem.clone()));
        if !self.unifier.unify(&t, &want) {
            let t = self.unifier.resolve(&t);
            self.err(seq.span, format!("expected a sequence, found {t}"));
            return Ty::Error;
        }
        elem
    }

    /// The element type of a collection literal.
    fn elements(&mut self, given: Option<&Type>, elems: &[Expr], span: Span, ctx: Ctx) -> Ty {
        let elem = match given {
            Some(t) => self.check_type(t, span),
            None => self.unifier.fresh(),
        };
        for x in elems {
            self.check(x, &elem, ctx);
        }
        elem
    }

    fn binary(
        &mut self,
        e: &Expr,
        op: BinaryOp,
        left: &Expr,
        right: &Expr,
        ctx: Ctx,
        assertion_ok: bool,
    ) -> Ty {
        use BinaryOp::*;
        match op {
            And => {
                let l = self.infer(left, ctx, assertion_ok);
                let r = self.infer(right, ctx, assertion_ok);
                self.connective(left, &l, right, &r)
            }
            Implies => {
                self.check(left, &Ty::Bool, ctx);
                let r = self.infer(right, ctx, assertion_ok);
                if self.unifier.shallow(&r) == Ty::Impure {
                    Ty::Impure
                } else {
                    self.expect(right.span, &r, &Ty::Bool);
                    Ty::Bool
                }
            }
            Or | Iff => {
                self.check(left, &Ty::Bool, ctx);
                self.check(right, &Ty::Bool, ctx);
                Ty::Bool
            }
            Eq | Ne => {
                let l = self.infer(left, ctx, false);
                let r = self.infer(right, ctx, false);
                if !self.unifier.unify(&l, &r) {
                    let (l, r) = (self.unifier.resolve(&l), self.unifier.resolve(&r));
                    self.err(e.span, format!("cannot compare {l} with {r}"));
                }
                Ty::Bool
            }
            Lt | Le | Gt | Ge => {
                self.same_numeric(e, left, right, ctx);
                Ty::Bool
            }
            Add | Sub => self.same_numeric(e, left, right, ctx),
            Mul => {
                let l = self.infer(left, ctx, false);
                let r = self.infer(right, ctx, false);
                let (sl, sr) = (self.unifier.shallow(&l), self.unifier.shallow(&r));
                if !self.numeric(&l) {
                    self.err(left.span, format!("expected type Int or Perm, found {sl}"));
                    return Ty::Error;
                }
                if !self.numeric(&r) {
                    self.err(right.span, format!("expected type Int or Perm, found {sr}"));
                    return Ty::Error;
                }
                match (sl, sr) {
                    // Int * Perm and Perm * Int are permissions; an undecided operand next to a
                    // Perm becomes a Perm (Silver tries `Perm * Perm` first).
                    (Ty::Int, Ty::Perm) | (Ty::Perm, Ty::Int) => Ty::Perm,
                    (Ty::Perm, _) => {
                        self.unifier.unify(&r, &Ty::Perm);
                        Ty::Perm
                    }
                    (_, Ty::Perm) => {
                        self.unifier.unify(&l, &Ty::Perm);
                        Ty::Perm
                    }
                    _ => {
                        self.unifier.unify(&l, &r);
                        l
                    }
                }
            }
            Div | PermDiv => self.division(e, op, left, right, ctx),
            Mod => {
                self.check(left, &Ty::Int, ctx);
                self.check(right, &Ty::Int, ctx);
                Ty::Int
            }
            In => {
                let l = self.infer(left, ctx, false);
                let r = self.infer(right, ctx, false);
                match self.unifier.shallow(&r) {
                    Ty::Seq(t) | Ty::Set(t) => {
                        self.expect(left.span, &l, &t);
                        Ty::Bool
                    }
                    Ty::Multiset(t) => {
                        self.expect(left.span, &l, &t);
                        Ty::Int
                    }
                    Ty::Error => Ty::Error,
                    other => {
                        let other = self.unifier.resolve(&other);
                        self.err(
                            right.span,
                            format!("`in` expects a set, sequence or multiset, found {other}"),
                        );
                        Ty::Error
                    }
                }
            }
            Append => {
                let elem = self.unifier.fresh();
                let seq = Ty::Seq(Box::new(elem));
                self.check(left, &seq, ctx);
                self.check(right, &seq, ctx);
                seq
            }
            Union | Intersection | Setminus | Subset => {
                let l = self.infer(left, ctx, false);
                let r = self.infer(right, ctx, false);
                let t = match (self.unifier.shallow(&l), self.unifier.shallow(&r)) {
                    (Ty::Set(_) | Ty::Multiset(_) | Ty::Error, _) => l,
                    (Ty::Var(_), Ty::Set(_) | Ty::Multiset(_) | Ty::Error) => r.clone(),
                    (other, _) => {
                        let other = self.unifier.resolve(&other);
                        self.err(
                            left.span,
                            format!("`{}` expects sets or multisets, found {other}", op.symbol()),
                        );
                        return Ty::Error;
                    }
                };
                self.expect(right.span, &r, &t);
                if op == Subset {
                    Ty::Bool
                } else {
                    t
                }
            }
        }
    }

    /// `&&`: both sides booleans, or assertions if either holds permissions.
    fn connective(&mut self, left: &Expr, l: &Ty, right: &Expr, r: &Ty) -> Ty {
        let (sl, sr) = (self.unifier.shallow(l), self.unifier.shallow(r));
        if sl == Ty::Impure || sr == Ty::Impure {
            self.expect_assertion(left, l);
            self.expect_assertion(right, r);
            Ty::Impure
        } else {
            self.expect(left.span, l, &Ty::Bool);
            self.expect(right.span, r, &Ty::Bool);
            Ty::Bool
        }
    }

    /// Both operands of the same numeric type (`+ - < <= > >=`); returns that type.
    fn same_numeric(&mut self, e: &Expr, left: &Expr, right: &Expr, ctx: Ctx) -> Ty {
        let l = self.infer(left, ctx, false);
        let r = self.infer(right, ctx, false);
        if !self.numeric(&l) {
            let t = self.unifier.resolve(&l);
            self.err(left.span, format!("expected type Int or Perm, found {t}"));
            return Ty::Error;
        }
        if !self.unifier.unify(&l, &r) {
            let (l, r) = (self.unifier.resolve(&l), self.unifier.resolve(&r));
            self.err(
                right.span,
                format!(
                    "expected type {l}, found {r} (`{}` does not mix Int and Perm)",
                    {
                        match &e.kind {
                            ExprKind::Binary { op, .. } => op.symbol(),
                            _ => "?",
                        }
                    }
                ),
            );
            return Ty::Error;
        }
        l
    }

    /// `/`: `Int / Int` is a fraction or an integer (Silver's choice, made beforehand by
    /// `division`); `Perm / Int` is a permission.
    fn division(&mut self, e: &Expr, op: BinaryOp, left: &Expr, right: &Expr, ctx: Ctx) -> Ty {
        let l = self.infer(left, ctx, false);
        let r = self.infer(right, ctx, false);
        if !self.numeric(&l) {
            let t = self.unifier.resolve(&l);
            self.err(left.span, format!("expected type Int or Perm, found {t}"));
            return Ty::Error;
        }
        match self.unifier.shallow(&r) {
            Ty::Perm => {
                if self.unifier.shallow(&l) == Ty::Int {
                    self.err(right.span, "an Int cannot be divided by a Perm");
                } else {
                    self.errors.unsupported(
                        e.span,
                        "dividing a permission by a permission is not supported",
                    );
                }
                return Ty::Error;
            }
            Ty::Error => return Ty::Error,
            _ => self.expect(right.span, &r, &Ty::Int),
        }
        // `Int / Int` is a fraction or an integer division as Silver's typing decides (see
        // `division`); undecided only where that pass could not see the operands' types.
        let decided = self.divisions.decided.get(&addr(e)).cloned();
        let result = match (self.unifier.shallow(&l), decided) {
            (Ty::Int, _) if op == BinaryOp::PermDiv => Ty::Perm,
            (Ty::Int, Some(Ty::Perm)) => Ty::Perm,
            (Ty::Int, Some(Ty::Int)) => Ty::Int,
            (Ty::Int, _) => self.unifier.fresh_numeric(),
            (Ty::Error, _) => return Ty::Error,
            // `Perm / Int`, or an undecided dividend whose type decides the result.
            _ => l,
        };
        self.divs.push((addr(e), result.clone()));
        result
    }

    fn call(&mut self, e: &Expr, name: &Ident, args: &[Expr], ctx: Ctx, assertion_ok: bool) -> Ty {
        let env = self.env;
        if name.name == crate::parser::DECREASES {
            // A `decreases` clause: its condition is a Boolean, its measures are expressions of
            // any type or predicate instances.
            if let Some((cond, measures)) = args.split_first() {
                self.check(cond, &Ty::Bool, ctx);
                for m in measures {
                    match &m.kind {
                        ExprKind::Call {
                            name: p,
                            args: pargs,
                        } if env.predicates.contains_key(&p.name) => {
                            self.predicate_instance(p, pargs, ctx);
                        }
                        _ => {
                            self.infer(m, ctx, false);
                        }
                    }
                }
            }
            return Ty::Bool;
        }
        if let Some(sig) = env.functions.get(&name.name) {
            if ctx.axiom && sig.has_pres {
                self.err(
                    name.span,
                    format!(
                        "function `{}` has preconditions and cannot be used in a domain axiom",
                        name.name
                    ),
                );
            }
            self.arguments(name, args, &sig.args, ctx);
            return sig.ret.clone();
        }
        if let Some(sig) = env.domain_functions.get(&name.name) {
            let inst: Vec<(String, Ty)> = sig
                .type_params
                .iter()
                .map(|p| (p.clone(), self.unifier.fresh()))
                .collect();
            for (p, v) in &inst {
                self.must_infer
                    .push((v.clone(), e.span, p.clone(), name.name.clone()));
            }
            let arg_tys: Vec<Ty> = sig.args.iter().map(|t| t.instantiate(&inst)).collect();
            self.arguments(name, args, &arg_tys, ctx);
            return sig.ret.instantiate(&inst);
        }
        if env.predicates.contains_key(&name.name) {
            self.predicate_instance(name, args, ctx);
            if !assertion_ok {
                self.err(e.span, PREDICATE_NOT_HERE);
                return Ty::Error;
            }
            return Ty::Impure;
        }
        match env.global_kind(&name.name) {
            Some(GlobalKind::Method) => self.err(
                e.span,
                format!(
                    "method `{}` cannot be called in an expression; method calls are statements",
                    name.name
                ),
            ),
            Some(k) => self.err(
                name.span,
                format!("`{}` is {}, not a function", name.name, k.describe()),
            ),
            None => self.err(name.span, format!("undeclared function `{}`", name.name)),
        }
        for a in args {
            self.infer(a, ctx, false);
        }
        Ty::Error
    }

    /// Checks the arguments of a call against the parameter types.
    pub(super) fn arguments(&mut self, name: &Ident, args: &[Expr], params: &[Ty], ctx: Ctx) {
        if args.len() != params.len() {
            self.err(
                name.span,
                format!(
                    "`{}` expects {} argument{}, found {}",
                    name.name,
                    params.len(),
                    if params.len() == 1 { "" } else { "s" },
                    args.len()
                ),
            );
            for a in args {
                self.infer(a, ctx, false);
            }
            return;
        }
        for (a, p) in args.iter().zip(params) {
            self.check(a, p, ctx);
        }
    }

    fn predicate_instance(&mut self, name: &Ident, args: &[Expr], ctx: Ctx) {
        let params = self.env.predicates[&name.name].args.clone();
        self.arguments(name, args, &params, ctx);
    }

    /// The location and permission of `acc(loc, perm)`.
    fn access(&mut self, loc: &Expr, perm: Option<&Expr>, ctx: Ctx) {
        self.location(loc, ctx);
        if let Some(p) = perm {
            if !matches!(p.kind, ExprKind::PermLit(PermLit::Wildcard)) {
                self.check(p, &Ty::Perm, ctx);
            }
        }
    }

    /// A field access `e.f` or a predicate instance `P(..)` (in `acc`, `perm`).
    fn location(&mut self, loc: &Expr, ctx: Ctx) {
        match &loc.kind {
            ExprKind::Field { .. } => {
                self.infer(loc, ctx, false);
            }
            ExprKind::Call { name, args } if self.env.predicates.contains_key(&name.name) => {
                self.predicate_instance(name, args, ctx);
            }
            ExprKind::Call { name, .. } => {
                self.err(
                    name.span,
                    format!(
                        "`{}` is not a predicate; expected a field access or a predicate instance",
                        name.name
                    ),
                );
            }
            _ => self.err(
                loc.span,
                "expected a field access `e.f` or a predicate instance `P(..)`",
            ),
        }
    }

    /// `acc(P(..), p)` or `P(..)` in `fold`, `unfold`, `unfolding` (`what` says which).
    pub(super) fn predicate_access(&mut self, e: &Expr, ctx: Ctx, what: &str) {
        let (inst, perm) = match &e.kind {
            ExprKind::Acc { loc, perm } => (&**loc, perm.as_deref()),
            _ => (e, None),
        };
        match &inst.kind {
            ExprKind::Call { name, args } if self.env.predicates.contains_key(&name.name) => {
                self.predicate_instance(name, args, ctx);
                if !self.env.predicates[&name.name].has_body {
                    self.err(name.span, format!("abstract predicates cannot be {what}"));
                }
            }
            _ => {
                self.err(inst.span, "expected a predicate instance `P(..)`");
                return;
            }
        }
        if let Some(p) = perm {
            if !matches!(p.kind, ExprKind::PermLit(PermLit::Wildcard)) {
                self.check(p, &Ty::Perm, ctx);
            }
        }
    }

    fn quantifier(
        &mut self,
        kind: QuantKind,
        vars: &[LocalDecl],
        triggers: &[Trigger],
        body: &Expr,
        ctx: Ctx,
        assertion_ok: bool,
    ) -> Ty {
        let mut seen: HashMap<&str, Span> = HashMap::new();
        let mut tys = Vec::new();
        for v in vars {
            tys.push(self.check_type(&v.ty, v.span));
            if let Some(first) = seen.get(v.name.name.as_str()) {
                report_duplicate(self.errors, &v.name.name, *first, v.name.span);
            } else {
                seen.insert(&v.name.name, v.name.span);
                self.check_binder(&v.name);
            }
        }
        self.scopes.push(HashMap::new());
        for (v, t) in vars.iter().zip(tys) {
            self.declare(&v.name.name, t, LocalKind::Bound);
        }
        for t in triggers {
            for x in &t.exprs {
                self.infer(x, ctx, false);
            }
            self.check_trigger(t);
        }
        let t = match kind {
            QuantKind::Forall => {
                let t = self.infer(body, ctx, assertion_ok);
                if self.unifier.shallow(&t) == Ty::Impure {
                    Ty::Impure
                } else {
                    self.expect(body.span, &t, &Ty::Bool);
                    Ty::Bool
                }
            }
            QuantKind::Exists => {
                self.check(body, &Ty::Bool, ctx);
                Ty::Bool
            }
        };
        self.scopes.pop();
        t
    }
}

const ACC_NOT_HERE: &str = "`acc(..)` is only allowed in assertions (method pre- and \
postconditions, invariants, inhale, exhale, assert, assume, function preconditions, predicate \
bodies), not here";

const PREDICATE_NOT_HERE: &str = "a predicate instance is a permission assertion and is only \
allowed in assertions, `acc(..)`, `fold`, `unfold` and `unfolding`, not here";
