//! A function's footprint over its parameters, and its accesses at one call, with the
//! arguments put in for the parameters (see [`super::function_footprints`] for which functions
//! get one).

use super::access::{dims_of, Access, Inner};
use crate::c::ast::*;
use crate::c::Program;
use crate::spec::build as s;
use crate::spec::Expr as SExpr;
use std::collections::HashMap;

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
                let dims = dims_of(&program.var(obj.base).ty);
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
