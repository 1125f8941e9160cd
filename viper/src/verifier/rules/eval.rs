//! Evaluation of expressions to terms, with well-definedness checks: permission for every heap
//! read, non-zero divisors, sequence indices in range, and function preconditions.
//!
//! Evaluation never forks the path: the operands of `&&`, `||`, `==>` and `? :` that are only
//! evaluated under a condition are checked with that condition assumed temporarily, and the
//! result combines them into one term (an `ite`).

use z3::ast::{Ast, Bool, Dynamic, Int, Real};

use crate::ast::*;
use crate::printer::print_expr;
use crate::{ErrorKind, ErrorReason, Span};

use crate::verifier::context::{Site, Stop, Verifier, R};
use crate::verifier::heap::chunks::Heap;
use crate::verifier::heap::heap_basic::lit_positive;
use crate::verifier::heap::state::State;
use crate::verifier::smt::quant::quantify;
use crate::verifier::smt::terms::*;
use crate::verifier::smt::triggers::{infer_patterns, valid_pattern_term};

/// A numeric operand pair, both integers or both reals.
enum Num {
    Int(Int, Int),
    Real(Real, Real),
}

impl Verifier<'_, '_> {
    pub fn eval_bool(&mut self, st: &mut State, e: &Expr, site: Site) -> R<Bool> {
        let t = self.eval(st, e, site)?;
        match t.as_bool() {
            Some(b) => Ok(b),
            None => self.internal(format!("expected a Boolean at line {}", e.span.line)),
        }
    }

    /// Evaluates `e` with `cond` assumed (for operands evaluated only under a condition). The
    /// assumptions made meanwhile are kept, guarded by `cond`.
    pub fn eval_under(&mut self, st: &mut State, cond: &Bool, e: &Expr, site: Site) -> R<Dynamic> {
        let saved = st.pc.clone();
        let mark = self.defs_log.len();
        st.assume(cond.clone());
        let res = self.eval(st, e, site);
        self.restore_pc(st, saved, cond, mark);
        res
    }

    fn eval_bool_under(&mut self, st: &mut State, cond: &Bool, e: &Expr, site: Site) -> R<Bool> {
        let t = self.eval_under(st, cond, e, site)?;
        match t.as_bool() {
            Some(b) => Ok(b),
            None => self.internal(format!("expected a Boolean at line {}", e.span.line)),
        }
    }

    pub fn eval(&mut self, st: &mut State, e: &Expr, site: Site) -> R<Dynamic> {
        // Operator chains make trees as deep as they are long: grow the stack on demand.
        stacker::maybe_grow(super::RED_ZONE, super::SEGMENT, || {
            self.eval_here(st, e, site)
        })
    }

    fn eval_here(&mut self, st: &mut State, e: &Expr, site: Site) -> R<Dynamic> {
        if self.halted() {
            return Err(Stop);
        }
        let expected = self.expected.take();
        match &e.kind {
            ExprKind::IntLit(v) => Ok(Dynamic::from_ast(&int_lit(v))),
            ExprKind::BoolLit(b) => Ok(Dynamic::from_ast(&Bool::from_bool(*b))),
            ExprKind::Null => Ok(self.sym.null.clone()),
            ExprKind::Local(name) => match st.store.get(name) {
                Some(t) => Ok(t.clone()),
                None => self.internal(format!("unbound variable `{name}` at line {}", e.span.line)),
            },
            ExprKind::Result => match st.store.get("result") {
                Some(t) => Ok(t.clone()),
                None => self.internal("`result` outside a function postcondition"),
            },
            ExprKind::Field { receiver, field } => {
                let r = self.eval(st, receiver, site)?;
                self.read_field(st, &r, field, e, site)
            }
            ExprKind::Unary { op, operand } => {
                let t = self.eval(st, operand, site)?;
                match op {
                    UnaryOp::Not => match t.as_bool() {
                        Some(b) => Ok(Dynamic::from_ast(&not(&b))),
                        None => self.internal("`!` on a non-Boolean"),
                    },
                    UnaryOp::Neg => {
                        if let Some(i) = t.as_int() {
                            Ok(Dynamic::from_ast(&ineg(&i)))
                        } else if let Some(r) = t.as_real() {
                            Ok(Dynamic::from_ast(&rneg(&r)))
                        } else {
                            self.internal("`-` on a non-number")
                        }
                    }
                }
            }
            ExprKind::Binary { op, left, right } => self.eval_binary(st, *op, left, right, e, site),
            ExprKind::Cond { cond, then, els } => {
                let c = self.eval_bool(st, cond, site)?;
                match c.as_bool() {
                    Some(true) => self.eval(st, then, site),
                    Some(false) => self.eval(st, els, site),
                    None => {
                        let a = self.eval_under(st, &c, then, site)?;
                        let b = self.eval_under(st, &not(&c), els, site)?;
                        if a.get_sort() == b.get_sort() {
                            return Ok(ite(&c, &a, &b));
                        }
                        match self.numeric(a, b)? {
                            Num::Real(x, y) => Ok(Dynamic::from_ast(&ite_real(&c, &x, &y))),
                            Num::Int(..) => self.internal("branches of `? :` differ in sort"),
                        }
                    }
                }
            }
            ExprKind::Call { name, args } => self.eval_call(st, name, args, e, site, expected),
            ExprKind::Old { label, expr } => {
                let heap = match label {
                    None => st.old.clone(),
                    Some(l) => match st.labels.get(&l.name) {
                        Some(h) => h.clone(),
                        None => {
                            return self
                                .unsupported(l.span, format!("label `{}` not reached", l.name))
                        }
                    },
                };
                let current = std::mem::replace(&mut st.heap, heap.clone());
                let reading = st.eval_heap.replace(heap);
                let res = self.eval(st, expr, site);
                st.heap = current;
                st.eval_heap = reading;
                res
            }
            ExprKind::Acc { .. } => {
                self.unsupported(e.span, "an access predicate inside an expression")
            }
            ExprKind::PermOf(loc) => {
                let (fid, r) = self.heap_location(st, loc, site)?;
                if self.sym.fields[fid].quantified {
                    self.q_ground_lemmas(st, fid, &r);
                }
                Ok(Dynamic::from_ast(&self.perm_at(&st.heap.clone(), fid, &r)))
            }
            ExprKind::PermLit(p) => match p {
                PermLit::Write => Ok(Dynamic::from_ast(&perm_write())),
                PermLit::None => Ok(Dynamic::from_ast(&perm_none())),
                PermLit::Wildcard => {
                    self.unsupported(e.span, "`wildcard` outside an access predicate")
                }
                PermLit::Epsilon => self.unsupported(e.span, "`epsilon`"),
            },
            ExprKind::Quant {
                kind,
                vars,
                triggers,
                body,
            } => self.eval_quant(st, *kind, vars, triggers, body, site),
            ExprKind::Let { var, value, body } => {
                let v = self.eval(st, value, site)?;
                let prev = st.bind(&var.name, v);
                let res = self.eval(st, body, site);
                st.unbind(&var.name, prev);
                res
            }
            ExprKind::Unfolding { acc, body } => self.eval_unfolding(st, acc, body, site),
            ExprKind::SeqLit { elem_ty, elems } => {
                let mut ts = Vec::new();
                for x in elems {
                    ts.push(self.eval(st, x, site)?);
                }
                let elem = match (elem_ty, ts.first()) {
                    (Some(t), _) => self.sort(t, e.span)?,
                    (None, Some(t)) => t.get_sort(),
                    (None, None) => {
                        return self.unsupported(e.span, "an empty sequence without element type")
                    }
                };
                let seq_sort = self.sym.seq_sort(&elem);
                let Some(f) = self.seq(&seq_sort) else {
                    return self.internal("sequence sort without functions");
                };
                let mut acc: Option<Dynamic> = None;
                for t in ts.iter().rev() {
                    let one = f.singleton(t);
                    acc = Some(match acc {
                        None => one,
                        Some(rest) => f.append(&one, &rest),
                    });
                }
                let lit = acc.unwrap_or_else(|| f.empty());
                let len = f.length(&lit);
                st.assume(eq(
                    &Dynamic::from_ast(&len),
                    &Dynamic::from_ast(&int(ts.len() as i64)),
                ));
                Ok(lit)
            }
            ExprKind::SeqRange { lo, hi } => {
                let lo = self.eval_int(st, lo, site)?;
                let hi = self.eval_int(st, hi, site)?;
                let seq_sort = self.sym.seq_sort(&z3::Sort::int());
                match self.seq(&seq_sort).and_then(|f| f.range(&lo, &hi)) {
                    Some(r) => Ok(r),
                    None => self.internal("integer sequences without ranges"),
                }
            }
            ExprKind::SetLit {
                multi,
                elem_ty,
                elems,
            } => {
                let mut ts = Vec::new();
                for x in elems {
                    ts.push(self.eval(st, x, site)?);
                }
                let elem = match (elem_ty, ts.first()) {
                    (Some(t), _) => self.sort(t, e.span)?,
                    (None, Some(t)) => t.get_sort(),
                    (None, None) => {
                        return self.unsupported(e.span, "an empty collection without element type")
                    }
                };
                if *multi {
                    let sort = self.sym.multiset_sort(&elem);
                    let Some(f) = self.multiset(&sort) else {
                        return self.internal("multiset sort without functions");
                    };
                    Ok(ts.iter().fold(f.empty(), |m, t| f.add(&m, t)))
                } else {
                    let sort = self.sym.set_sort(&elem);
                    let Some(f) = self.set(&sort) else {
                        return self.internal("set sort without functions");
                    };
                    Ok(ts.iter().fold(f.empty(), |m, t| f.add(&m, t)))
                }
            }
            ExprKind::Len(x) => {
                let t = self.eval(st, x, site)?;
                let sort = t.get_sort();
                if let Some(f) = self.seq(&sort) {
                    return Ok(Dynamic::from_ast(&f.length(&t)));
                }
                if let Some(f) = self.set(&sort) {
                    return Ok(Dynamic::from_ast(&f.card(&t)));
                }
                if let Some(f) = self.multiset(&sort) {
                    return Ok(Dynamic::from_ast(&f.card(&t)));
                }
                self.internal("`|..|` of a non-collection")
            }
            ExprKind::Index { seq, index } => {
                let s = self.eval(st, seq, site)?;
                let i = self.eval_int(st, index, site)?;
                let Some(len) = self.seq(&s.get_sort()).map(|f| f.length(&s)) else {
                    return self.internal("indexing a non-sequence");
                };
                self.check_index(st, &len, &i, (seq, index), site)?;
                let f = self.seq(&s.get_sort()).expect("declared above");
                Ok(f.index(&s, &i))
            }
            ExprKind::Slice { seq, lo, hi } => {
                let s = self.eval(st, seq, site)?;
                let lo = match lo {
                    Some(l) => Some(self.eval_int(st, l, site)?),
                    None => None,
                };
                let hi = match hi {
                    Some(h) => Some(self.eval_int(st, h, site)?),
                    None => None,
                };
                let Some(f) = self.seq(&s.get_sort()) else {
                    return self.internal("slicing a non-sequence");
                };
                // s[lo..hi] is s[..hi][lo..].
                let mut out = s.clone();
                if let Some(h) = &hi {
                    out = f.take(&out, h);
                }
                if let Some(l) = &lo {
                    out = f.drop(&out, l);
                }
                Ok(out)
            }
            ExprKind::Update { seq, index, value } => {
                let s = self.eval(st, seq, site)?;
                let i = self.eval_int(st, index, site)?;
                let v = self.eval(st, value, site)?;
                let Some(len) = self.seq(&s.get_sort()).map(|f| f.length(&s)) else {
                    return self.internal("updating a non-sequence");
                };
                self.check_index(st, &len, &i, (seq, index), site)?;
                let f = self.seq(&s.get_sort()).expect("declared above");
                Ok(f.update(&s, &i, &v))
            }
        }
    }

    pub fn eval_int(&mut self, st: &mut State, e: &Expr, site: Site) -> R<Int> {
        let t = self.eval(st, e, site)?;
        match t.as_int() {
            Some(i) => Ok(i),
            None => self.internal(format!("expected an integer at line {}", e.span.line)),
        }
    }

    /// A permission amount (an integer is converted).
    pub fn eval_perm(&mut self, st: &mut State, e: &Expr, site: Site) -> R<Real> {
        let t = self.eval(st, e, site)?;
        if let Some(r) = t.as_real() {
            Ok(r)
        } else if let Some(i) = t.as_int() {
            Ok(int_to_real(&i))
        } else {
            self.internal(format!("expected a permission at line {}", e.span.line))
        }
    }

    fn check_index(
        &mut self,
        st: &mut State,
        len: &Int,
        i: &Int,
        (seq, index): (&Expr, &Expr),
        site: Site,
    ) -> R<()> {
        let span = index.span;
        let what = || format!("{} into {}", print_expr(index), print_expr(seq));
        self.check(
            st,
            &icmp(i, &int(0), Cmp::Ge),
            site,
            ErrorReason::SeqIndexNegative,
            span,
            || format!("Index {} might be negative.", what()),
        )?;
        self.check(
            st,
            &icmp(i, len, Cmp::Lt),
            site,
            ErrorReason::SeqIndexExceedsLength,
            span,
            || format!("Index {} might exceed sequence length.", what()),
        )
    }

    pub fn field_id(&mut self, field: &Ident) -> R<usize> {
        match self.index.field_id(&field.name) {
            Some(id) => Ok(id),
            None => self.internal(format!("unknown field `{}`", field.name)),
        }
    }

    /// The heap location an access predicate names: its field (or predicate) and receiver (or
    /// predicate instance location), evaluated in `st`.
    pub fn heap_location(&mut self, st: &mut State, loc: &Expr, site: Site) -> R<(usize, Dynamic)> {
        match &loc.kind {
            ExprKind::Field { receiver, field } => {
                let rcv = self.eval(st, receiver, site)?;
                Ok((self.field_id(field)?, rcv))
            }
            ExprKind::Call { name, args } if self.sym.predicates.contains_key(&name.name) => {
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.eval(st, a, site)?);
                }
                let refs: Vec<&dyn Ast> = vals.iter().map(|v| v as &dyn Ast).collect();
                let p = &self.sym.predicates[&name.name];
                Ok((p.field, p.loc.apply(&refs)))
            }
            _ => self.unsupported(loc.span, "this location"),
        }
    }

    pub fn sort(&mut self, ty: &Type, span: Span) -> R<z3::Sort> {
        match self.sym.sort_of_in(ty, &self.type_env) {
            Ok(s) => Ok(s),
            Err(what) => self.unsupported(span, what),
        }
    }

    /// The total permission to `rcv.field` in `heap`.
    pub fn perm_at(&self, heap: &Heap, field: usize, rcv: &Dynamic) -> Real {
        if self.sym.fields[field].quantified {
            self.q_total_at(heap, field, rcv)
        } else {
            self.basic_perm_at(heap, field, rcv)
        }
    }

    /// Reads `rcv.field`, checking that some permission to it is held.
    fn read_field(
        &mut self,
        st: &mut State,
        rcv: &Dynamic,
        field: &Ident,
        access: &Expr,
        site: Site,
    ) -> R<Dynamic> {
        let fid = self.field_id(field)?;
        let quantified = self.sym.fields[fid].quantified;
        if !quantified {
            // Fast path: a chunk of this very receiver with a positive literal permission.
            let fast = st
                .reading()
                .basic_of(fid)
                .find(|(_, c)| c.rcv.ast_eq(rcv) && lit_positive(&c.perm))
                .map(|(_, c)| c.val.clone());
            if let Some(v) = fast {
                if !self.depends_on_skolem(rcv) {
                    return Ok(v);
                }
            }
        }
        if quantified {
            self.q_ground_lemmas(st, fid, rcv);
        }
        let reading = st.reading().clone();
        let perm = self.perm_at(&reading, fid, rcv);
        let likeliest = quantified && self.q_likeliest_holds(st, &reading, fid, rcv);
        if !likeliest {
            self.check(
                st,
                &positive(&perm),
                site,
                ErrorReason::InsufficientPermission,
                access.span,
                || {
                    format!(
                        "There might be insufficient permission to access {}",
                        print_expr(access)
                    )
                },
            )?;
        }
        Ok(self.value_at(st, &reading, fid, rcv))
    }

    /// The value of `rcv.field` in `heap` (permission to it was checked by the caller).
    pub fn value_at(&mut self, st: &mut State, heap: &Heap, fid: usize, rcv: &Dynamic) -> Dynamic {
        if self.sym.fields[fid].quantified || self.depends_on_skolem(rcv) {
            return self.q_value_at(st, heap, fid, rcv);
        }
        match self.basic_value_at(heap, fid, rcv) {
            Some(v) => v,
            None => {
                let sort = self.sym.fields[fid].sort.clone();
                self.fresh_dependent("unread", &sort)
            }
        }
    }

    pub fn depends_on_skolem(&self, t: &Dynamic) -> bool {
        self.skolems.iter().any(|s| mentions(t, s))
    }

    fn numeric(&mut self, a: Dynamic, b: Dynamic) -> R<Num> {
        match (a.as_int(), b.as_int()) {
            (Some(x), Some(y)) => return Ok(Num::Int(x, y)),
            (Some(x), None) => {
                if let Some(y) = b.as_real() {
                    return Ok(Num::Real(int_to_real(&x), y));
                }
            }
            (None, Some(y)) => {
                if let Some(x) = a.as_real() {
                    return Ok(Num::Real(x, int_to_real(&y)));
                }
            }
            (None, None) => {
                if let (Some(x), Some(y)) = (a.as_real(), b.as_real()) {
                    return Ok(Num::Real(x, y));
                }
            }
        }
        self.internal("arithmetic on non-numbers")
    }

    fn eval_binary(
        &mut self,
        st: &mut State,
        op: BinaryOp,
        left: &Expr,
        right: &Expr,
        e: &Expr,
        site: Site,
    ) -> R<Dynamic> {
        use BinaryOp::*;
        let b = |x: Bool| Ok(Dynamic::from_ast(&x));
        match op {
            And => {
                let l = self.eval_bool(st, left, site)?;
                if is_false(&l) {
                    return b(l);
                }
                let r = self.eval_bool_under(st, &l, right, site)?;
                b(and2(&l, &r))
            }
            Or => {
                let l = self.eval_bool(st, left, site)?;
                if is_true(&l) {
                    return b(l);
                }
                let r = self.eval_bool_under(st, &not(&l), right, site)?;
                b(or2(&l, &r))
            }
            Implies => {
                let l = self.eval_bool(st, left, site)?;
                if is_false(&l) {
                    return b(tt());
                }
                let r = self.eval_bool_under(st, &l, right, site)?;
                b(implies(&l, &r))
            }
            In => {
                // `x in [a..b)` is `a <= x && x < b`.
                if let ExprKind::SeqRange { lo, hi } = &right.kind {
                    let x = self.eval_int(st, left, site)?;
                    let lo = self.eval_int(st, lo, site)?;
                    let hi = self.eval_int(st, hi, site)?;
                    return b(and2(&icmp(&lo, &x, Cmp::Le), &icmp(&x, &hi, Cmp::Lt)));
                }
                let x = self.eval(st, left, site)?;
                let c = self.eval(st, right, site)?;
                let in_trigger = self.mode.in_trigger;
                if let Some(f) = self.seq(&c.get_sort()) {
                    return b(if in_trigger {
                        f.trigger(&c, &x)
                    } else {
                        f.contains(&c, &x)
                    });
                }
                if let Some(f) = self.set(&c.get_sort()) {
                    return b(f.member(&x, &c));
                }
                if let Some(f) = self.multiset(&c.get_sort()) {
                    return Ok(Dynamic::from_ast(&f.count(&c, &x)));
                }
                self.internal("`in` on a non-collection")
            }
            _ => {
                let l = self.eval(st, left, site)?;
                let exp = matches!(op, Eq | Ne).then(|| l.get_sort());
                let r = self.eval_expecting(st, right, site, exp)?;
                self.binary_terms(st, op, l, r, right, e, site)
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn binary_terms(
        &mut self,
        st: &mut State,
        op: BinaryOp,
        l: Dynamic,
        r: Dynamic,
        right: &Expr,
        e: &Expr,
        site: Site,
    ) -> R<Dynamic> {
        use BinaryOp::*;
        let d = |x: &dyn Ast| Ok(Dynamic::from_ast(x));
        match op {
            Eq | Ne => {
                let sort = l.get_sort();
                let seq_eq = if let Some(f) = self.seq(&sort) {
                    Some(f.equal(&l, &r))
                } else if let Some(f) = self.set(&sort) {
                    Some(f.equal(&l, &r))
                } else {
                    self.multiset(&sort).map(|f| f.equal(&l, &r))
                };
                let t = if let Some(t) = seq_eq {
                    if l.ast_eq(&r) {
                        tt()
                    } else {
                        t
                    }
                } else if l.get_sort() == r.get_sort() {
                    eq(&l, &r)
                } else {
                    match self.numeric(l, r)? {
                        Num::Int(a, b) => eq(&Dynamic::from_ast(&a), &Dynamic::from_ast(&b)),
                        Num::Real(a, b) => eq(&Dynamic::from_ast(&a), &Dynamic::from_ast(&b)),
                    }
                };
                if op == Eq {
                    d(&t)
                } else {
                    d(&not(&t))
                }
            }
            Iff => match (l.as_bool(), r.as_bool()) {
                (Some(a), Some(b)) => d(&iff(&a, &b)),
                _ => self.internal("`<==>` on non-Booleans"),
            },
            Add | Sub | Mul => match self.numeric(l, r)? {
                Num::Int(a, b) => d(&match op {
                    Add => iadd(&a, &b),
                    Sub => isub(&a, &b),
                    _ => imul(&a, &b),
                }),
                Num::Real(a, b) => d(&match op {
                    Add => radd(&a, &b),
                    Sub => rsub(&a, &b),
                    _ => rmul(&a, &b),
                }),
            },
            Div | Mod | PermDiv => {
                let num = self.numeric(l, r)?;
                let nonzero = match &num {
                    Num::Int(_, b) => not(&eq(&Dynamic::from_ast(b), &Dynamic::from_ast(&int(0)))),
                    Num::Real(_, b) => {
                        not(&eq(&Dynamic::from_ast(b), &Dynamic::from_ast(&perm_none())))
                    }
                };
                self.check(
                    st,
                    &nonzero,
                    site,
                    ErrorReason::DivisionByZero,
                    right.span,
                    || format!("Divisor {} might be zero.", print_expr(right)),
                )?;
                match (op, num) {
                    (Div, Num::Int(a, b)) => d(&idiv(&a, &b)),
                    (Mod, Num::Int(a, b)) => d(&imod(&a, &b)),
                    (PermDiv, Num::Int(a, b)) => d(&rdiv(&int_to_real(&a), &int_to_real(&b))),
                    (Div | PermDiv, Num::Real(a, b)) => d(&rdiv(&a, &b)),
                    _ => self.internal("`%` on permissions"),
                }
            }
            Lt | Le | Gt | Ge => {
                let c = match op {
                    Lt => Cmp::Lt,
                    Le => Cmp::Le,
                    Gt => Cmp::Gt,
                    _ => Cmp::Ge,
                };
                match self.numeric(l, r)? {
                    Num::Int(a, b) => d(&icmp(&a, &b, c)),
                    Num::Real(a, b) => d(&rcmp(&a, &b, c)),
                }
            }
            Append => match self.seq(&l.get_sort()) {
                Some(f) => Ok(f.append(&l, &r)),
                None => self.internal("`++` on non-sequences"),
            },
            Union | Intersection | Setminus | Subset => {
                let sort = l.get_sort();
                if let Some(f) = self.set(&sort) {
                    return Ok(match op {
                        Union => f.union(&l, &r),
                        Intersection => f.inter(&l, &r),
                        Setminus => f.diff(&l, &r),
                        _ => Dynamic::from_ast(&f.subset(&l, &r)),
                    });
                }
                if let Some(f) = self.multiset(&sort) {
                    return Ok(match op {
                        Union => f.union(&l, &r),
                        Intersection => f.inter(&l, &r),
                        Setminus => f.diff(&l, &r),
                        _ => Dynamic::from_ast(&f.subset(&l, &r)),
                    });
                }
                self.unsupported(e.span, format!("`{}` on these operands", op.symbol()))
            }
            And | Or | Implies | In => self.internal("unexpected operator"),
        }
    }

    /// Evaluates `e` where the context expects a value of `expected`.
    pub fn eval_expecting(
        &mut self,
        st: &mut State,
        e: &Expr,
        site: Site,
        expected: Option<z3::Sort>,
    ) -> R<Dynamic> {
        self.expected = expected;
        let r = self.eval(st, e, site);
        self.expected = None;
        r
    }

    fn eval_call(
        &mut self,
        st: &mut State,
        name: &Ident,
        args: &[Expr],
        e: &Expr,
        site: Site,
        expected: Option<z3::Sort>,
    ) -> R<Dynamic> {
        // Formal argument sorts guide generic applications among the arguments.
        if let Some((domain, func)) = self.index.domain_functions.get(name.name.as_str()).copied() {
            if !domain.type_params.is_empty() {
                // Type parameters are bound from the expected result and from the arguments
                // evaluated so far; each argument is expected to have its formal's sort.
                let mut env = std::collections::HashMap::new();
                if let Some(e) = &expected {
                    let mut trial = std::collections::HashMap::new();
                    if self.unify(&func.ret, e, &mut trial) {
                        env = trial;
                    }
                }
                let mut targs = Vec::new();
                for (a, formal) in args.iter().zip(func.args.iter()) {
                    let exp = self.sym.sort_of_in(&formal.ty, &env).ok();
                    let t = self.eval_expecting(st, a, site, exp)?;
                    self.unify(&formal.ty, &t.get_sort(), &mut env);
                    targs.push(t);
                }
                return self.generic_app(domain, func, &targs, expected, e.span);
            }
        }
        let formal_types: Vec<Option<Type>> = match self.index.functions.get(name.name.as_str()) {
            Some(f) => f.args.iter().map(|a| Some(a.ty.clone())).collect(),
            None => vec![None; args.len()],
        };
        let mut targs = Vec::new();
        for (a, ft) in args
            .iter()
            .zip(formal_types.iter().chain(std::iter::repeat(&None)))
        {
            let exp = ft.as_ref().and_then(|t| self.sym.sort_of(t).ok());
            targs.push(self.eval_expecting(st, a, site, exp)?);
        }
        if let Some(df) = self.sym.domain_funcs.get(&name.name) {
            let refs: Vec<&dyn Ast> = targs.iter().map(|t| t as &dyn Ast).collect();
            return Ok(df.decl.apply(&refs));
        }
        let Some(func) = self.index.functions.get(name.name.as_str()).copied() else {
            return self.unsupported(name.span, format!("application of `{}`", name.name));
        };
        // Every function a member can reach is in its scope (see `scope`); a miss is a defect of
        // ours, reported as an internal error (never a verdict), not a panic.
        let Some(fs) = self.sym.functions.get(&name.name) else {
            return self.internal(format!(
                "function `{}` outside the member's scope",
                name.name
            ));
        };
        let (heap_dependent, snapshot_arg) = (fs.heap_dependent, fs.snapshot_arg);
        if self.mode.in_trigger {
            let fs = &self.sym.functions[&name.name];
            if heap_dependent {
                let refs: Vec<&dyn Ast> = targs.iter().map(|t| t as &dyn Ast).collect();
                return Ok(fs.stateless.apply(&refs));
            }
            let mut all: Vec<&dyn Ast> = Vec::new();
            if snapshot_arg {
                all.push(&self.sym.unit);
            }
            all.extend(targs.iter().map(|t| t as &dyn Ast));
            return Ok(fs.decl.apply(&all));
        }
        // The precondition, consumed without changing the heap; its snapshot is the function's
        // heap argument.
        let app_site = Site::new(ErrorKind::ApplicationPrecondition, e.span);
        let mut cst = st.clone();
        cst.heap = st.reading().clone();
        cst.eval_heap = None;
        cst.store = func
            .args
            .iter()
            .zip(targs.iter())
            .map(|(a, t)| (a.name.name.clone(), t.clone()))
            .collect();
        let pre = conjoin(&func.pres);
        if pre.is_some() && self.consuming_pre.contains(&name.name) {
            return self.unsupported(
                name.span,
                format!(
                    "function `{}` whose precondition applies it (recursion through                      preconditions)",
                    name.name
                ),
            );
        }
        let snap = match &pre {
            Some(p) => {
                self.consuming_pre.push(name.name.clone());
                let consumed = self.consume_guarded(cst, p, app_site, heap_dependent);
                self.consuming_pre.pop();
                let (after, snap) = consumed?;
                st.pc = after.pc;
                st.sm_cache = after.sm_cache;
                snap
            }
            None => None,
        };
        let limited = match &self.mode.in_function {
            Some(caller) => self.index.same_scc(caller, &name.name),
            None => false,
        };
        let fs = &self.sym.functions[&name.name];
        let decl = if limited { &fs.limited } else { &fs.decl };
        let mut all: Vec<Dynamic> = Vec::new();
        if snapshot_arg {
            all.push(snap.unwrap_or_else(|| self.sym.unit.clone()));
        }
        all.extend(targs);
        let refs: Vec<&dyn Ast> = all.iter().map(|t| t as &dyn Ast).collect();
        let app = decl.apply(&refs);
        // The precondition holds for these arguments: the function's axioms apply.
        if !func.pres.is_empty() {
            if let Some(pre_holds) = fs.pre.apply(&refs).as_bool() {
                st.assume(pre_holds);
            }
        }
        Ok(app)
    }

    fn eval_quant(
        &mut self,
        st: &mut State,
        kind: QuantKind,
        vars: &[LocalDecl],
        triggers: &[Trigger],
        body: &Expr,
        site: Site,
    ) -> R<Dynamic> {
        let mut sks = Vec::new();
        let mut saved = Vec::new();
        for v in vars {
            let sort = self.sort(&v.ty, v.span)?;
            let sk = self.fresh(&v.name.name, &sort);
            saved.push((v.name.name.clone(), st.bind(&v.name.name, sk.clone())));
            sks.push(sk);
        }
        let n_sk = self.skolems.len();
        self.skolems.extend(sks.iter().cloned());
        self.mode.quant_depth += 1;
        let base = st.pc.clone();
        let mark = self.defs_log.len();
        let body_t = self.eval_bool(st, body, site);
        let pats = match &body_t {
            Ok(_) => self.eval_triggers(st, triggers, &sks, site),
            Err(_) => Ok(Vec::new()),
        };
        self.mode.quant_depth -= 1;
        self.skolems.truncate(n_sk);
        for (name, prev) in saved.into_iter().rev() {
            st.unbind(&name, prev);
        }
        // Facts learnt while evaluating the body for the skolem values (e.g. that a function's
        // precondition holds) hold for all values: they are kept, quantified like the body.
        let facts = st.pc.since(&base);
        st.pc = base;
        let body_t = body_t?;
        let mut pats = pats?;
        if pats.is_empty() {
            pats = infer_patterns(&Dynamic::from_ast(&body_t), &sks)
                .into_iter()
                .map(|p| p.iter().map(|t| self.as_trigger_term(t)).collect())
                .collect();
        }
        let defs = &self.defs_log[mark.min(self.defs_log.len())..];
        let mut aux = Vec::new();
        for f in facts {
            let is_def = defs.iter().any(|d| d.ast_eq(&f));
            if !is_def && sks.iter().any(|k| mentions(&Dynamic::from_ast(&f), k)) {
                aux.push(f);
            } else {
                st.assume(f);
            }
        }
        if !aux.is_empty() {
            let aux_body = and(aux);
            let aux_pats: Vec<Vec<Dynamic>> = {
                let usable: Vec<Vec<Dynamic>> = pats
                    .iter()
                    .filter(|p| p.iter().all(|t| mentions_term(&aux_body, t)))
                    .cloned()
                    .collect();
                if usable.is_empty() {
                    infer_patterns(&Dynamic::from_ast(&aux_body), &sks)
                        .into_iter()
                        .map(|p| p.iter().map(|t| self.as_trigger_term(t)).collect())
                        .collect()
                } else {
                    usable
                }
            };
            st.assume(quantify(&sks, &aux_pats, &aux_body));
        }
        let forall = kind == QuantKind::Forall;
        if pats.is_empty() {
            // No trigger: the bound variables may reach the heap only through an affine index
            // (`loc(a, i*m + j)`); over that index the quantifier has one.
            if let Some(q) = self.index_quantifier(st, forall, &sks, &body_t) {
                return Ok(q);
            }
        }
        match crate::verifier::smt::quant::quantifier(forall, &sks, &pats, &body_t) {
            Some(q) => Ok(Dynamic::from_ast(&q)),
            None => self.internal("Z3 refused a quantifier"),
        }
    }

    /// The quantifier rewritten over an affine index term (see `quant_index`), if there is one
    /// whose obligations hold and the rewritten body has a trigger.
    fn index_quantifier(
        &mut self,
        st: &State,
        forall: bool,
        sks: &[Dynamic],
        body: &Bool,
    ) -> Option<Dynamic> {
        let q = super::quant_index::index_quantifier(forall, sks, body)?;
        let pats: Vec<Vec<Dynamic>> = infer_patterns(&Dynamic::from_ast(&q.body), &q.vars)
            .into_iter()
            .map(|p| p.iter().map(|t| self.as_trigger_term(t)).collect())
            .collect();
        if pats.is_empty() {
            return None;
        }
        for ob in &q.obligations {
            if !self.holds(st, ob) {
                return None;
            }
        }
        crate::verifier::smt::quant::quantifier(forall, &q.vars, &pats, &q.body)
            .map(|b| Dynamic::from_ast(&b))
    }

    /// Translates triggers to Z3 patterns; those Z3 would reject are dropped (Z3 then chooses).
    fn eval_triggers(
        &mut self,
        st: &mut State,
        triggers: &[Trigger],
        sks: &[Dynamic],
        site: Site,
    ) -> R<Vec<Vec<Dynamic>>> {
        let saved = (self.mode.unchecked, self.mode.in_trigger);
        self.mode.unchecked = true;
        self.mode.in_trigger = true;
        let mut out = Vec::new();
        for t in triggers {
            // A heap-dependent application inside a trigger term has no term of its value's sort
            // (triggers use its Boolean stateless version): such triggers are dropped and Z3
            // chooses patterns.
            if t.exprs.iter().any(|x| self.nested_heap_dependent_app(x)) {
                continue;
            }
            let mut terms = Vec::new();
            let mut ok = true;
            for x in &t.exprs {
                match self.eval(st, x, site) {
                    Ok(term) if valid_pattern_term(&term, sks) => terms.push(term),
                    Ok(_) => ok = false,
                    Err(Stop) => {
                        self.mode.unchecked = saved.0;
                        self.mode.in_trigger = saved.1;
                        return Err(Stop);
                    }
                }
            }
            if ok && crate::verifier::smt::quant::covers(&terms, sks) {
                out.push(terms);
            }
        }
        self.mode.unchecked = saved.0;
        self.mode.in_trigger = saved.1;
        Ok(out)
    }
}

impl Verifier<'_, '_> {
    /// Whether `e` applies a heap-dependent function below its root.
    fn nested_heap_dependent_app(&self, e: &Expr) -> bool {
        let mut found = false;
        e.for_each_child(&mut |c| {
            super::walk::visit(c, &mut |x| {
                if let ExprKind::Call { name, .. } = &x.kind {
                    if self.index.heap_dependent.contains(name.name.as_str()) {
                        found = true;
                    }
                }
            })
        });
        found
    }
}

/// Whether `sub` occurs in `t`.
fn mentions_term(t: &Bool, sub: &Dynamic) -> bool {
    let probe = Dynamic::fresh_const("probe", &sub.get_sort());
    !t.substitute(&[(sub, &probe)]).ast_eq(t)
}

/// The conjunction of a list of assertions, as one expression (for consuming preconditions).
pub fn conjoin(es: &[Expr]) -> Option<Expr> {
    let mut it = es.iter().rev();
    let mut acc = it.next()?.clone();
    for e in it {
        let span = e.span.join(acc.span);
        acc = Expr::new(
            ExprKind::Binary {
                op: BinaryOp::And,
                left: Box::new(e.clone()),
                right: Box::new(acc),
            },
            span,
        );
    }
    Some(acc)
}
