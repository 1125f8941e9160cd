//! What each function of the file may access, and which of it it may write: its pointer
//! parameters (by position) and the globals it uses, through its own code and the functions it
//! calls (a fixed point over the call graph).
//!
//! The summaries size inferred contracts: a function that only reads an object asks for half a
//! permission to it (so that parallel iterations calling it can share the object), and a call
//! needs only the objects its callee reaches. They are guesses that the proof checks — a
//! function's body is verified against its contract, a call against the callee's — so a wrong
//! summary costs a proof (`unknown`), never a wrong `verified`.

use super::access::{object_of, pointer_base};
use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use crate::omp::Program as OmpProgram;
use std::collections::{BTreeSet, HashMap};

/// What one function may access.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Pointer parameters (by position) whose objects the function may access.
    pub params: BTreeSet<usize>,
    /// Globals (not `threadprivate`) the function may access.
    pub globals: BTreeSet<VarId>,
    /// The parameters of `params` whose objects it may write.
    pub written_params: BTreeSet<usize>,
    /// The globals of `globals` it may write (their own value or, for a pointer or an array,
    /// an element).
    pub written_globals: BTreeSet<VarId>,
    /// Whether it runs a parallel region (itself or in a function it calls). A region's
    /// disjointness checks take two iterations' permissions from what the function holds, so
    /// a shared read there needs a whole permission: such a function counts as writing
    /// everything it accesses.
    pub regions: bool,
    /// The footprint of its body over its parameters, when it has one ([`super::callee`]).
    pub footprint: Option<super::callee::CalleeFootprint>,
}

impl Summary {
    /// Whether the function may write the object of its parameter `k`.
    pub fn writes_param(&self, k: usize) -> bool {
        self.written_params.contains(&k)
    }
}

/// The summaries of the verified functions, by name.
pub type Summaries = HashMap<String, Summary>;

/// One call: the callee and, per argument, the variable its pointer value comes from.
type CallBases = (String, Vec<Option<VarId>>);

/// The summaries of every verified function of `program`.
pub fn summaries(program: &OmpProgram) -> Summaries {
    let globals: BTreeSet<VarId> = program
        .globals
        .iter()
        .map(|g| g.var)
        .filter(|v| !program.var(*v).threadprivate)
        .collect();
    let mut out: Summaries = HashMap::new();
    let mut calls: HashMap<String, Vec<CallBases>> = HashMap::new();
    let mut regions_of: HashMap<&str, Vec<&crate::omp::Region>> = HashMap::new();
    for r in &program.regions {
        regions_of.entry(r.function.as_str()).or_default().push(r);
    }
    for f in &program.functions {
        let Body::Verified(body) = &f.body else {
            continue;
        };
        let params: Vec<VarId> = f.params.iter().map(|p| p.var).collect();
        let mut sum = Summary::default();
        let mut fc = Vec::new();
        let mut opaque_writes = BTreeSet::new();
        // The blocks of the function's regions hold copies of their code.
        let mut stmts = body.stmts.clone();
        for r in regions_of.get(f.name.name.as_str()).into_iter().flatten() {
            for b in r.ppl.blocks() {
                stmts.extend(b.payload.body.block().stmts.iter().cloned());
            }
        }
        visit::each_stmt(&stmts, &mut |st| {
            visit::stmt_exprs(st, &mut |e| {
                let mut vs = Vec::new();
                e.vars(&mut vs);
                for v in vs {
                    if let Some(k) = params.iter().position(|p| *p == v) {
                        if program.var(v).ty.is_pointer() {
                            sum.params.insert(k);
                        }
                    }
                    if globals.contains(&v) {
                        sum.globals.insert(v);
                    }
                }
            });
            if let StmtKind::Call { callee, args, .. } = &st.kind {
                fc.push((callee.name.clone(), args.iter().map(arg_base).collect()));
                // A function without a body or contract may write the globals it can name.
                if let Some(cf) = program.function(&callee.name).filter(|c| c.is_opaque()) {
                    let reached = crate::c::opaque::reachable_globals(program, cf);
                    opaque_writes.extend(reached.filter(|v| globals.contains(v)));
                }
            }
        });
        sum.globals.extend(opaque_writes.iter().copied());
        sum.written_globals.append(&mut opaque_writes);
        // Direct writes (calls of the file's functions are propagated below).
        for v in direct_writes(program, &stmts) {
            if let Some(k) = params.iter().position(|p| *p == v) {
                sum.written_params.insert(k);
            }
            if globals.contains(&v) {
                sum.written_globals.insert(v);
            }
        }
        sum.regions = regions_of.contains_key(f.name.name.as_str());
        out.insert(f.name.name.clone(), sum);
        calls.insert(f.name.name.clone(), fc);
    }
    // Propagate through calls: a callee's globals are the caller's; a callee's parameters
    // become the caller's parameters (or globals) passed for them.
    loop {
        let mut changed = false;
        for f in &program.functions {
            let Some(fcalls) = calls.get(&f.name.name) else {
                continue;
            };
            let params: Vec<VarId> = f.params.iter().map(|p| p.var).collect();
            for (callee, args) in fcalls {
                let Some(cs) = out.get(callee).cloned() else {
                    continue;
                };
                let me = out.get_mut(&f.name.name).expect("every verified function");
                if cs.regions && !me.regions {
                    me.regions = true;
                    changed = true;
                }
                for g in &cs.globals {
                    changed |= me.globals.insert(*g);
                }
                for g in &cs.written_globals {
                    changed |= me.written_globals.insert(*g);
                }
                for k in &cs.params {
                    let Some(Some(v)) = args.get(*k) else {
                        continue;
                    };
                    let write = cs.writes_param(*k);
                    if let Some(p) = params.iter().position(|x| x == v) {
                        changed |= me.params.insert(p);
                        if write {
                            changed |= me.written_params.insert(p);
                        }
                    }
                    if globals.contains(v) {
                        changed |= me.globals.insert(*v);
                        if write {
                            changed |= me.written_globals.insert(*v);
                        }
                    }
                }
            }
        }
        for sum in out.values_mut() {
            if sum.regions {
                changed |= sum.written_params.len() < sum.params.len()
                    || sum.written_globals.len() < sum.globals.len();
                sum.written_params.clone_from(&sum.params);
                sum.written_globals.clone_from(&sum.globals);
            }
        }
        if !changed {
            break;
        }
    }
    for sum in out.values_mut() {
        let params = sum.params.clone();
        sum.written_params.retain(|k| params.contains(k));
    }
    out
}

/// The variable a call's argument points into, if it is a pointer traced to one.
fn arg_base(a: &Expr) -> Option<VarId> {
    object_of(a).filter(|_| a.ty.decay().is_pointer())
}

/// The variables through which `stmts` write, not counting what the file's functions they call
/// write: assignment targets (their root variable, or the pointer they write through),
/// allocations, `free`, `memset`/`memcpy` destinations, and every pointer passed to a library
/// routine (which may write through it).
fn direct_writes(program: &Program, stmts: &[Stmt]) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    visit::each_stmt(stmts, &mut |st| {
        let mut target = |t: &Expr| {
            if let Some(v) = written_base(t) {
                out.insert(v);
            }
        };
        match &st.kind {
            StmtKind::Assign { target: t, .. } | StmtKind::Alloc { target: t, .. } => target(t),
            StmtKind::Call {
                target: t,
                callee,
                args,
            } => {
                if let Some(t) = t {
                    target(t);
                }
                let of_file = program
                    .function(&callee.name)
                    .is_some_and(|f| f.origin == Origin::Main && f.is_verified());
                if !of_file {
                    out.extend(args.iter().filter_map(arg_base));
                }
            }
            StmtKind::Free(p)
            | StmtKind::MemSet { target: p, .. }
            | StmtKind::MemCpy { dst: p, .. } => {
                out.extend(arg_base(p).or_else(|| written_base(p)));
            }
            _ => {}
        }
    });
    out
}

/// The variable an lvalue's write lands in or goes through: `x` for `x`, `x.f`, `a[i][j]` of an
/// array `a`; `p` for `p[i]`, `*p`, `p->f`.
fn written_base(lv: &Expr) -> Option<VarId> {
    match &lv.kind {
        ExprKind::Var(v) => Some(*v),
        ExprKind::Index { base, .. } | ExprKind::Member { base, .. } => {
            written_base(base).or_else(|| pointer_base(base).map(|(v, _)| v))
        }
        ExprKind::Deref(p) => pointer_base(p).map(|(v, _)| v).or_else(|| written_base(p)),
        ExprKind::Cast(inner) => written_base(inner),
        _ => None,
    }
}

/// The writes, through the summaries of the calls too: the variables whose objects `stmts` may
/// write.
pub fn writes(program: &Program, summaries: &Summaries, stmts: &[Stmt]) -> BTreeSet<VarId> {
    let mut out = direct_writes(program, stmts);
    visit::each_stmt(stmts, &mut |st| {
        if let StmtKind::Call { callee, args, .. } = &st.kind {
            if let Some(cs) = summaries.get(&callee.name) {
                out.extend(cs.written_globals.iter().copied());
                for (k, a) in args.iter().enumerate() {
                    if cs.writes_param(k) {
                        out.extend(arg_base(a));
                    }
                }
            }
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary_of(src: &str, f: &str) -> Summary {
        let mut sm = viper::SourceMap::new();
        let file = sm.add("t.c", src);
        let c =
            crate::parse_c(&mut sm, file, &Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
        let program = OmpProgram {
            c,
            regions: Vec::new(),
            orphans: Default::default(),
        };
        summaries(&program).remove(f).expect("summarised")
    }

    #[test]
    fn reading_and_writing_parameters_and_globals() {
        let src = "int g; int h;\n\
                   int sum(int *p, int n) { int s = 0; for (int k = 0; k < n; k++) s += p[k]; return s + g; }\n\
                   void set(int *q, int *r, int v) { q[0] = v + r[0]; h = v; }\n\
                   void both(int *x, int *y) { set(y, x, sum(x, 3)); }\n\
                   int main() { int a[3]; both(a, a); return 0; }";
        let sum = summary_of(src, "sum");
        assert_eq!(sum.params, BTreeSet::from([0]));
        assert!(sum.written_params.is_empty() && sum.written_globals.is_empty());
        assert_eq!(sum.globals.len(), 1);
        let set = summary_of(src, "set");
        assert_eq!(set.written_params, BTreeSet::from([0]));
        assert_eq!(set.written_globals.len(), 1);
        // Through the calls: `both` writes `y` (set's `q`) and reads `x`.
        let both = summary_of(src, "both");
        assert_eq!(both.params, BTreeSet::from([0, 1]));
        assert_eq!(both.written_params, BTreeSet::from([1]));
        assert_eq!(both.globals.len(), 2);
        assert_eq!(both.written_globals.len(), 1);
    }

    #[test]
    fn library_routines_may_write_what_they_are_given() {
        let src = "#include <stdio.h>\n\
                   void get(int *p) { scanf(\"%d\", p); }\n\
                   int main() { int a[1]; get(a); return 0; }";
        assert_eq!(summary_of(src, "get").written_params, BTreeSet::from([0]));
    }
}
