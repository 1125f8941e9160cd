//! Footprints of the file's functions, for their contracts and for the code that calls them.
//!
//! A function without a contract of the user's (other than `main`, and without OpenMP
//! constructs of its own) gets the footprint of its body as its contract, in terms of its
//! parameters: `void set(int *p, int v) { *p = v; }` asks for `Perm(p[0], write)`,
//! `int sum(int *p, int n)` summing `p[0..n)` for half of each of those elements. A call then
//! needs the callee's footprint with the arguments put in for the parameters: `set(&a[i], i)`
//! in iteration `i` needs `a[i]` only, so parallel iterations calling it do not conflict.
//!
//! As every inferred specification, these are checked: the body against the contract, each call
//! against the callee's precondition. Where an argument cannot be put in (a pointer ompv cannot
//! trace, a value it cannot express), the call falls back to the callee's whole objects.

use super::footprint::{described, footprint, Access, Env, Inner};
use super::summary::Summaries;
use super::taken::ProgramNames;
use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use crate::omp::Program as OmpProgram;
use crate::spec::build as s;
use crate::spec::Expr as SExpr;
use std::collections::{BTreeSet, HashMap};

/// The footprint of one function, over its parameters.
#[derive(Clone, Debug)]
pub struct CalleeFootprint {
    /// The parameters, in order, with the names their values have in the footprint.
    pub params: Vec<(VarId, String)>,
    /// The accesses of the body (bases: pointer parameters, globals).
    pub(super) accesses: Vec<Access>,
    /// Global pointers whose own locations the body reads.
    pub(super) pointers: Vec<VarId>,
    /// The contract clauses (`context …`) with their exactness.
    pub clauses: Vec<(SExpr, bool)>,
}

/// How an argument stands for a pointer parameter: the caller's object, the indices of the row
/// it points into (`None`: not expressible), and the offset of its first element in that row.
pub(super) struct ArgObject {
    pub base: VarId,
    pub prefix: Vec<Option<SExpr>>,
    pub offset: Offset,
}

impl CalleeFootprint {
    /// The variables whose objects the footprint accesses (and the pointers it reads).
    pub fn accessed(&self) -> impl Iterator<Item = VarId> + '_ {
        self.accesses
            .iter()
            .map(|a| a.base)
            .chain(self.pointers.iter().copied())
    }

    /// Whether the body reads the global pointer `g` (its own location).
    pub fn reads_pointer(&self, g: VarId) -> bool {
        self.pointers.contains(&g)
    }
}

/// Where a pointer argument points in its row.
pub(super) enum Offset {
    /// At the row's start.
    Zero,
    /// At this element.
    By(SExpr),
    /// Somewhere ompv cannot express (the callee's accesses cover the whole row then).
    Unknown,
}

/// The footprints of every function that can have one: verified, of the file, without a
/// contract of the user's, not `main`, not inlined into regions, without OpenMP constructs, and
/// whose body's footprint ompv can describe. Callees come first (a recursive call is taken with
/// the whole objects of its summary).
pub fn callee_footprints(program: &OmpProgram, names: &ProgramNames, summaries: &mut Summaries) {
    let mut visiting = BTreeSet::new();
    for f in &program.functions {
        visit_function(program, names, summaries, &f.name.name, &mut visiting);
    }
}

fn visit_function(
    program: &OmpProgram,
    names: &ProgramNames,
    summaries: &mut Summaries,
    name: &str,
    visiting: &mut BTreeSet<String>,
) {
    if !visiting.insert(name.to_string()) {
        return;
    }
    let Some(f) = program.function(name) else {
        return;
    };
    let Body::Verified(body) = &f.body else {
        return;
    };
    let mut callees = Vec::new();
    visit::each_stmt(&body.stmts, &mut |st| {
        if let StmtKind::Call { callee, .. } = &st.kind {
            callees.push(callee.name.clone());
        }
    });
    for c in callees {
        visit_function(program, names, summaries, &c, visiting);
    }
    let cf = of_function(program, names, summaries, f, body);
    if let (Some(cf), Some(s)) = (cf, summaries.get_mut(name)) {
        s.footprint = Some(cf);
    }
}

/// The footprint of `f`, if it is a function that gets one.
fn of_function(
    program: &OmpProgram,
    names: &ProgramNames,
    summaries: &Summaries,
    f: &Function,
    body: &Block,
) -> Option<CalleeFootprint> {
    let eligible = f.origin == Origin::Main
        && f.contract.is_none()
        && f.name.name != "main"
        && !program.orphans.inlined.contains_key(&f.name.name)
        && !summaries.get(&f.name.name).is_some_and(|s| s.regions);
    if !eligible {
        return None;
    }
    let mut constructs = false;
    visit::each_stmt(&body.stmts, &mut |st| {
        constructs |= matches!(st.kind, StmtKind::Omp(_));
    });
    if constructs {
        return None;
    }
    let span = f.name.span;
    // Values the body does not change stand for themselves: the parameters and the globals.
    let changed = crate::omp::effects::written(program, &body.stmts);
    let mut fixed = HashMap::new();
    let mut params = Vec::new();
    for p in &f.params {
        let var = program.var(p.var);
        params.push((p.var, var.name.clone()));
        if !changed.contains(&p.var) && !var.in_memory() {
            fixed.insert(p.var, s::var(&var.name, span));
        }
    }
    for g in &program.globals {
        let var = program.var(g.var);
        let shadowed = params.iter().any(|(_, n)| *n == var.name);
        if !changed.contains(&g.var) && !var.threadprivate && !shadowed {
            fixed.insert(g.var, s::var(&var.name, span));
        }
    }
    let mut env = Env {
        program,
        fixed,
        own: BTreeSet::new(),
        taken: names.of_function(Some(&f.name.name)),
        span,
        thread: false,
        iteration: Vec::new(),
        boxed: BTreeSet::new(),
        lock_bases: None,
        summaries,
        // A function's objects come from its callers: their lengths are not known here.
        lengths: Default::default(),
    };
    let fp = footprint(&mut env, &body.stmts);
    if let Some((_, why)) = &fp.failure {
        tracing::debug!("no footprint for `{}`: {why}", f.name.name);
        return None;
    }
    // A global scalar is read by the contract's own conditions and bounds (`k < m`), which
    // needs its permission first and whatever the conditions: its accesses become one
    // unconditional permission, before the others.
    let scalar = |a: &Access| a.indices.is_empty() && program.var(a.base).in_memory();
    let (mut accesses, rest): (Vec<Access>, Vec<Access>) =
        fp.accesses.into_iter().partition(|a| scalar(a));
    for a in &mut accesses {
        if !a.loops.is_empty() || !a.guards.is_empty() {
            a.loops.clear();
            a.guards.clear();
            a.exact = false;
        }
    }
    accesses.extend(rest);
    let fp = described(&mut env, accesses, fp.pointers);
    Some(CalleeFootprint {
        params,
        accesses: fp.accesses,
        pointers: fp.pointers,
        clauses: fp.clauses,
    })
}

/// The placeholder a parameter's name is renamed to before the arguments are put in (so that
/// an argument mentioning another parameter's name is not substituted again).
fn placeholder(k: usize) -> String {
    format!("\u{1}param{k}")
}

/// The accesses of a call of `cf`: `values[k]` is the value of scalar argument `k` (if ompv can
/// express it), `objects[k]` what pointer argument `k` points into; `globals` the values of
/// globals at the call (those the caller's code does not change); `fresh` gives names for the
/// callee's inner loops. `None` where the footprint cannot be put in terms of the caller.
pub(super) fn instantiate(
    program: &Program,
    cf: &CalleeFootprint,
    values: &[Option<SExpr>],
    objects: &[Option<ArgObject>],
    globals: &HashMap<VarId, SExpr>,
    fresh: &mut dyn FnMut(&str) -> String,
) -> Option<Vec<Access>> {
    // Names to put in: parameters (through placeholders) and globals.
    let mut renames: Vec<(String, SExpr)> = Vec::new();
    let mut fills: Vec<(String, SExpr)> = Vec::new();
    for (k, (_, name)) in cf.params.iter().enumerate() {
        let ph = placeholder(k);
        renames.push((name.clone(), s::var(&ph, viper::Span::DUMMY)));
        if let Some(Some(v)) = values.get(k) {
            fills.push((ph, v.clone()));
        }
    }
    let param_names: Vec<String> = cf.params.iter().map(|(_, n)| n.clone()).collect();
    let globals_by_name: Vec<(String, SExpr)> = globals
        .iter()
        .filter(|(v, _)| program.var(**v).storage == Storage::Global)
        .map(|(v, e)| (program.var(*v).name.clone(), e.clone()))
        .filter(|(n, _)| !param_names.contains(n))
        .collect();
    // Inner loops: their names in the callee, and in the caller (through placeholders too).
    let mut loop_names: Vec<(String, String)> = Vec::new();
    for a in &cf.accesses {
        for l in &a.loops {
            if !loop_names.iter().any(|(from, _)| *from == l.name) {
                loop_names.push((l.name.clone(), fresh(&l.name)));
            }
        }
    }
    for (k, (from, to)) in loop_names.iter().enumerate() {
        let ph = format!("\u{1}loop{k}");
        renames.push((from.clone(), s::var(&ph, viper::Span::DUMMY)));
        fills.push((ph, s::var(to, viper::Span::DUMMY)));
    }
    let put_in = |e: &SExpr| -> Option<SExpr> {
        let mut e = e.clone();
        for (name, ph) in &renames {
            e = s::subst(&e, name, ph);
        }
        // A global the callee's footprint names: its value at the call.
        for (name, v) in &globals_by_name {
            e = s::subst(&e, name, v);
        }
        for (ph, v) in &fills {
            e = s::subst(&e, ph, v);
        }
        // Anything still named that is not the caller's is out of reach.
        let unresolved = (0..cf.params.len()).any(|k| s::mentions(&e, &placeholder(k)))
            || program.globals.iter().any(|g| {
                let n = &program.var(g.var).name;
                !globals_by_name.iter().any(|(m, _)| m == n)
                    && renames.iter().all(|(from, _)| from != n)
                    && s::mentions(&e, n)
            });
        (!unresolved).then_some(e)
    };
    let mut out = Vec::new();
    for a in &cf.accesses {
        let loops = a
            .loops
            .iter()
            .map(|l| {
                let name = loop_names
                    .iter()
                    .find(|(from, _)| *from == l.name)?
                    .1
                    .clone();
                Some(Inner {
                    name,
                    range: put_in(&l.range)?,
                    nonempty: put_in(&l.nonempty)?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let guards = a.guards.iter().map(put_in).collect::<Option<Vec<_>>>()?;
        let mut indices = Vec::new();
        for i in &a.indices {
            indices.push(match i {
                Some(e) => Some(put_in(e)?),
                None => None,
            });
        }
        // Members move with the indices put in front of (or dropped from) the access's.
        let mut shift: isize = 0;
        let base = match cf.params.iter().position(|(v, _)| *v == a.base) {
            Some(k) => {
                let obj = objects.get(k)?.as_ref()?;
                shift = obj.prefix.len() as isize;
                let dims = super::footprint::dims_of(&program.var(obj.base).ty);
                let mut full = obj.prefix.clone();
                let mut rest = indices.into_iter();
                match (rest.next(), &obj.offset) {
                    (Some(first), Offset::Zero) => full.push(first),
                    (Some(Some(first)), Offset::By(off)) => {
                        full.push(Some(s::add(off.clone(), first, off.span)))
                    }
                    (Some(_), _) | (None, _) => full.push(None),
                }
                full.extend(rest);
                if full.len() != dims {
                    // A scalar passed by address (`&x`) is element 0 of its pointer.
                    let scalar_zero = dims == 0
                        && full.len() == 1
                        && full[0]
                            .as_ref()
                            .is_some_and(|e| matches!(e.kind, crate::spec::ExprKind::Int(0)));
                    if !scalar_zero {
                        return None;
                    }
                    full.clear();
                    shift = -1;
                }
                indices = full;
                obj.base
            }
            None => a.base,
        };
        let members = a
            .members
            .iter()
            .map(|(at, m)| Some((usize::try_from(*at as isize + shift).ok()?, m.clone())))
            .collect::<Option<Vec<_>>>()?;
        out.push(Access {
            base,
            indices,
            members,
            write: a.write,
            loops,
            guards,
            exact: a.exact,
            span: a.span,
        });
    }
    Some(out)
}
