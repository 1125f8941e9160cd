//! The run-time effect of data-sharing attributes (OpenMP 5.2 §5.1, §5.4, §5.5.8): the
//! attribute of every variable comes from [`crate::omp::sharing::construct_sharing`]; here a
//! private copy is made for the implicit task, thread or explicit task that executes the
//! construct — once per thread, not per iteration — and the originals of `lastprivate`,
//! `linear` and `reduction` variables get their values at the end.
//!
//! - `private`: a new uninitialised object; `firstprivate`: a new object initialised from the
//!   original when the construct is encountered (a read of the original by the encountering
//!   unit); `lastprivate`: the value of the sequentially last iteration (lexically last section)
//!   is assigned to the original by the thread that ran it; `reduction`: a copy initialised with
//!   the operator's identity, combined into the original at the end of the construct by each
//!   thread — the combinations are synchronised with each other by the implementation (they are
//!   atomic accesses here), but they order nothing else and do race with plain accesses of the
//!   original that nothing orders with them (§5.5.8: such accesses must be synchronised with the
//!   update of the original).

use super::env::Binding;
use super::memory::Origin;
use super::thread::Thread;
use super::value::{self, Ptr, Value};
use super::world::{inconclusive, R};
use crate::c::ast::*;
use crate::omp::sharing::{construct_sharing, ConstructKind, ConstructSharing, Referenced};
use crate::pragma::{Directive, ReductionId, ReductionOp};
use viper::Span;

/// A variable a construct gave a copy of its own.
#[derive(Clone, Debug)]
pub(crate) struct Priv {
    pub var: VarId,
    /// The original's storage (`None` when the variable is declared by the loop header).
    pub orig: Option<Ptr>,
    pub copy: Ptr,
    pub cells: u64,
    pub kind: ConstructSharing,
    /// `linear`: the original's value when the construct was encountered, and the step.
    pub linear: Option<(Value, i128)>,
    /// The header of the loop whose iteration variable this is (its original is written
    /// there, at the end of a `simd` loop, §5.4.6).
    pub header: Option<Span>,
}

/// The copies one construct made (in the scope it pushed).
#[derive(Debug, Default)]
pub(crate) struct DataEnv {
    pub privs: Vec<Priv>,
    /// A `simd` construct on its own: its thread combines the reductions into the originals
    /// with plain accesses (no other thread's combination is synchronised with them).
    pub own_thread_combines: bool,
}

impl DataEnv {
    /// The copy of `v`, if the construct made one.
    pub fn copy_of(&self, v: VarId) -> Option<&Priv> {
        self.privs.iter().find(|p| p.var == v)
    }
}

/// The identity of a reduction operator for a cell of type `t` (§5.5.5).
fn identity(op: ReductionOp, t: &Type) -> Value {
    let it = value::IntTy::of(t);
    match op {
        ReductionOp::Add
        | ReductionOp::Sub
        | ReductionOp::BitOr
        | ReductionOp::BitXor
        | ReductionOp::Or => {
            if t.is_float() {
                Value::Float(0.0)
            } else {
                Value::Int(0)
            }
        }
        ReductionOp::Mul | ReductionOp::And => {
            if t.is_float() {
                Value::Float(1.0)
            } else {
                Value::Int(1)
            }
        }
        ReductionOp::BitAnd => Value::Int(it.map_or(-1, |i| i.wrap(-1))),
        ReductionOp::Max => match it {
            Some(i) => Value::Int(i.min()),
            None => Value::Float(f64::NEG_INFINITY),
        },
        ReductionOp::Min => match it {
            Some(i) => Value::Int(i.max()),
            None => Value::Float(f64::INFINITY),
        },
    }
}

/// Combines two values with a reduction operator (§5.5.5: `-` combines with `+`).
fn combine(op: ReductionOp, a: Value, b: Value, t: &Type) -> Result<Value, value::Ub> {
    let arith = |o: BinOp| value::arith(o, a, b, t, t, t);
    match op {
        ReductionOp::Add | ReductionOp::Sub => arith(BinOp::Add),
        ReductionOp::Mul => arith(BinOp::Mul),
        ReductionOp::BitAnd => arith(BinOp::BitAnd),
        ReductionOp::BitOr => arith(BinOp::BitOr),
        ReductionOp::BitXor => arith(BinOp::BitXor),
        ReductionOp::And => Ok(Value::Int((a.truth()? && b.truth()?) as i128)),
        ReductionOp::Or => Ok(Value::Int((a.truth()? || b.truth()?) as i128)),
        ReductionOp::Max | ReductionOp::Min => {
            let lt = value::compare_numbers(BinOp::Lt, a, b, t, t)?;
            let pick_b = if op == ReductionOp::Max {
                lt
            } else {
                !lt && a != b
            };
            Ok(if pick_b { b } else { a })
        }
    }
}

/// The names of the variables a pragma's data-sharing clauses list.
fn clause_names(p: &crate::pragma::Pragma) -> Vec<(&str, Span)> {
    let mut out = Vec::new();
    for c in &p.clauses {
        if !crate::semantics::openmp::names_attribute(&c.kind) {
            continue;
        }
        for i in c.kind.items() {
            out.push((i.base.name.as_str(), i.span));
        }
    }
    out
}

impl<'p> Thread<'p, '_> {
    /// Makes the copies construct `c` gives the current unit, in a new scope of the current
    /// frame. `loops` are the construct's associated loops.
    pub fn data_env(
        &mut self,
        c: &'p OmpConstruct,
        kind: ConstructKind,
        loops: &'p [CanonicalLoop],
    ) -> R<DataEnv> {
        let p = &c.pragma;
        let prog = self.rt.prog;
        let mut vars: Vec<VarId> = self
            .rt
            .referenced
            .get(&(c as *const OmpConstruct as usize))
            .cloned()
            .unwrap_or_default();
        for (name, span) in clause_names(p) {
            let v = self.resolve_name(name, span)?;
            vars.push(v);
        }
        vars.sort();
        vars.dedup();
        self.frame().push_scope();
        let mut env = DataEnv {
            own_thread_combines: p.directive == Directive::Simd,
            ..DataEnv::default()
        };
        for v in vars {
            let var = prog.var(v);
            let lp = loops.iter().find(|l| l.var == v);
            let team_shared = match self.frames.last().and_then(|f| f.var(v)) {
                Some(b) => b.team_shared,
                None => true,
            };
            let r = Referenced {
                var,
                loop_var: lp.is_some(),
                team_shared,
            };
            let attr = match construct_sharing(p, kind, &r) {
                Ok(a) => a,
                Err(e) if e.kind == crate::error::ErrorKind::Unsupported => {
                    return inconclusive(e.span, e.message)
                }
                Err(e) => {
                    return inconclusive(
                        e.span,
                        format!("the program is not valid OpenMP: {}", e.message),
                    )
                }
            };
            let declared_by_loop = lp.is_some_and(|l| l.declares_var);
            let needs_copy = match &attr {
                ConstructSharing::Inherited
                | ConstructSharing::Shared
                | ConstructSharing::Threadprivate => false,
                // The loop code declares the private iteration variables itself.
                ConstructSharing::LoopVar { linear: false } => false,
                ConstructSharing::LoopVar { linear: true } => !declared_by_loop,
                _ => true,
            };
            if !needs_copy {
                continue;
            }
            if let ConstructSharing::Reduction {
                modifier: Some(m),
                clause,
                ..
            } = &attr
            {
                if *m != crate::pragma::ReductionModifier::Default {
                    return inconclusive(
                        *clause,
                        format!("the reduction modifier `{m}` is outside the replay's model"),
                    );
                }
            }
            // §5.4.5: a variable both `firstprivate` and `lastprivate` is updated only after every
            // thread has initialised its copy from it. The run does not make the thread of the
            // last iteration wait for the others, so it could show a race OpenMP rules out.
            if let ConstructSharing::Lastprivate {
                firstprivate: true,
                clause,
                ..
            } = &attr
            {
                return inconclusive(
                    *clause,
                    "a variable both `firstprivate` and `lastprivate` (its update waits for every \
                     thread's copy, which the run does not model)",
                );
            }
            if let ConstructSharing::Reduction {
                op: ReductionId::User(id),
                ..
            } = &attr
            {
                return inconclusive(
                    id.span,
                    "user-defined reductions are outside the replay's model",
                );
            }
            let span = p.directive_span;
            let orig = if declared_by_loop {
                None
            } else {
                Some(self.var_ptr(v, span)?)
            };
            let ty = self.resolve(&var.ty, span)?;
            let cells = self.cells_of(&ty, span)?;
            let owned_ty = super::eval::has_vla(&var.ty).then(|| ty.clone());
            let obj = match self
                .w()
                .mem
                .alloc(cells, Value::Uninit, Origin::Var(v), owned_ty)
            {
                Ok(o) => o,
                Err(m) => return inconclusive(span, m),
            };
            if p.directive.has_leaf(Directive::Simd) {
                if let Some(o) = self.w().mem.get_mut(obj) {
                    o.lane_private = true;
                }
            }
            let copy = Ptr { obj, off: 0 };
            let cell_ty = ty.innermost().clone();
            let mut linear = None;
            let first_from = match &attr {
                ConstructSharing::Firstprivate { clause } => Some(clause.unwrap_or(span)),
                ConstructSharing::Lastprivate {
                    firstprivate: true,
                    clause,
                    ..
                } => Some(*clause),
                _ => None,
            };
            if let (Some(at), Some(o)) = (first_from, orig) {
                for k in 0..cells as i64 {
                    let x = self.load(
                        Ptr {
                            obj: o.obj,
                            off: o.off + k,
                        },
                        at,
                    )?;
                    self.init_cell(Ptr { obj, off: k }, x, at)?;
                }
            }
            match &attr {
                ConstructSharing::Reduction {
                    op: ReductionId::Op(op),
                    ..
                } => {
                    if cell_ty.is_pointer() {
                        return inconclusive(
                            span,
                            "a reduction over an array section through a pointer",
                        );
                    }
                    for k in 0..cells as i64 {
                        self.init_cell(Ptr { obj, off: k }, identity(*op, &cell_ty), span)?;
                    }
                }
                ConstructSharing::Linear { step, clause } => {
                    let o = orig.expect("a linear variable has an original");
                    let base = self.load(o, *clause)?;
                    let step = match step {
                        Some(s) => self.clause_int(s)?,
                        None => 1,
                    };
                    self.init_cell(copy, base, *clause)?;
                    linear = Some((base, step));
                }
                _ => {}
            }
            self.frame().bind(
                v,
                var.name.as_str(),
                Binding {
                    obj,
                    team_shared: false,
                },
                true,
            );
            env.privs.push(Priv {
                var: v,
                orig,
                copy,
                cells,
                kind: attr,
                linear,
                header: lp.map(|l| l.header),
            });
        }
        Ok(env)
    }

    /// Sets the `linear` copies for logical iteration `k` (§5.4.6).
    pub fn linear_step(&mut self, env: &DataEnv, k: u64, span: Span) -> R<()> {
        for p in &env.privs {
            if let Some((base, step)) = p.linear {
                let t = self.rt.prog.var(p.var).ty.clone();
                let v = match base {
                    Value::Ptr(_) => {
                        let elem = t.pointee().cloned().unwrap_or(Type::Void);
                        let n = self.cells_of(&elem, span)? as i128;
                        Value::Ptr(self.ptr_add(base, k as i128 * step * n, span)?)
                    }
                    _ => value::arith(
                        BinOp::Add,
                        base,
                        Value::Int(k as i128 * step),
                        &t,
                        &Type::Int {
                            rank: crate::c::types::IntRank::LongLong,
                            signed: true,
                        },
                        &t,
                    )
                    .or_else(|x| self.ub(span, x))?,
                };
                self.init_cell(p.copy, v, span)?;
            }
        }
        Ok(())
    }

    /// The end of a construct's data environment: `lastprivate`/`linear` originals get the
    /// copy's value if this unit ran the sequentially last iteration, reductions are combined,
    /// and the copies end.
    pub fn finish_env(&mut self, env: DataEnv, ran_last: bool) -> R<()> {
        for p in &env.privs {
            let Some(orig) = p.orig else { continue };
            match &p.kind {
                ConstructSharing::Lastprivate { clause, .. }
                | ConstructSharing::Linear { clause, .. }
                    if ran_last =>
                {
                    for k in 0..p.cells as i64 {
                        let v = self.load(
                            Ptr {
                                obj: p.copy.obj,
                                off: k,
                            },
                            *clause,
                        )?;
                        self.store(
                            Ptr {
                                obj: orig.obj,
                                off: orig.off + k,
                            },
                            v,
                            *clause,
                        )?;
                    }
                }
                ConstructSharing::LoopVar { linear: true } if ran_last => {
                    let span = p.header.unwrap_or(self.rt.prog.var(p.var).span);
                    let v = self.load(p.copy, span)?;
                    self.store(orig, v, span)?;
                }
                ConstructSharing::Reduction {
                    op: ReductionId::Op(op),
                    clause,
                    ..
                } => {
                    let t = self.rt.prog.var(p.var).ty.innermost().clone();
                    for k in 0..p.cells as i64 {
                        let o = Ptr {
                            obj: orig.obj,
                            off: orig.off + k,
                        };
                        let mine = self.load(
                            Ptr {
                                obj: p.copy.obj,
                                off: k,
                            },
                            *clause,
                        )?;
                        // Atomic with respect to the other threads' combinations, but without
                        // happens-before edges: OpenMP orders nothing by them (§5.5.8). A `simd`
                        // construct's thread combines on its own: every thread that runs one
                        // updates the original it sees, unsynchronised.
                        self.atomic_place = (!env.own_thread_combines).then_some(o);
                        let r = (|| {
                            let cur = self.load(o, *clause)?;
                            let v = combine(*op, cur, mine, &t).or_else(|x| self.ub(*clause, x))?;
                            self.store(o, v, *clause)
                        })();
                        self.atomic_place = None;
                        r?;
                    }
                }
                _ => {}
            }
        }
        self.pop_scope();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduction_identities_and_combinations() {
        // §5.5.5: the initialiser and combiner of each built-in operator.
        let i = Type::INT;
        let d = Type::DOUBLE;
        assert_eq!(identity(ReductionOp::Add, &i), Value::Int(0));
        assert_eq!(identity(ReductionOp::Mul, &d), Value::Float(1.0));
        assert_eq!(identity(ReductionOp::BitAnd, &i), Value::Int(-1));
        assert_eq!(identity(ReductionOp::Max, &i), Value::Int(i32::MIN as i128));
        assert_eq!(identity(ReductionOp::Min, &d), Value::Float(f64::INFINITY));
        let c = |op, a, b| combine(op, Value::Int(a), Value::Int(b), &i).unwrap();
        assert_eq!(c(ReductionOp::Sub, 5, 3), Value::Int(8));
        assert_eq!(c(ReductionOp::Max, 5, 3), Value::Int(5));
        assert_eq!(c(ReductionOp::Min, 5, 3), Value::Int(3));
        assert_eq!(c(ReductionOp::And, 5, 0), Value::Int(0));
        assert_eq!(c(ReductionOp::BitXor, 6, 3), Value::Int(5));
    }
}
