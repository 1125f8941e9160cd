//! The names of the `critical` sections ompv's rewritings introduce: one per lock variable
//! (`omp::sync::locks`), per loop with `ordered` blocks (`omp::sync::ordered`) and per
//! `mutexinoutset` lock of a task graph (`omp::tasking::tasks`). None is a C identifier, so no
//! `critical(name)` of the program can take one; the readers here tell what a name stands for.

use crate::c::ast::VarId;

/// The prefix of the critical names that stand for lock variables (not a C identifier, so no
/// `critical(name)` of the program can take it).
pub(crate) const LOCK_PREFIX: &str = "omp_lock ";

/// The same for nestable lock variables.
pub(crate) const NEST_LOCK_PREFIX: &str = "omp_nest_lock ";

/// The critical name of lock variable `v` (named `name`).
pub(crate) fn critical_name(v: VarId, name: &str, nest: bool) -> String {
    let p = if nest { NEST_LOCK_PREFIX } else { LOCK_PREFIX };
    format!("{p}{name}#{}", v.0)
}

/// The lock variable a critical name stands for, if it stands for one.
pub fn lock_var(critical: &str) -> Option<(VarId, &str)> {
    let rest = critical
        .strip_prefix(LOCK_PREFIX)
        .or_else(|| critical.strip_prefix(NEST_LOCK_PREFIX))?;
    let (name, id) = rest.rsplit_once('#')?;
    Some((VarId(id.parse().ok()?), name))
}

/// Whether a critical name stands for a nestable lock.
pub fn is_nestable(critical: &str) -> bool {
    critical.starts_with(NEST_LOCK_PREFIX)
}

/// The prefix of the critical names that stand for a loop's `ordered` blocks (not a C
/// identifier, so no `critical(name)` of the program can take it).
pub(crate) const ORDERED_PREFIX: &str = "omp ordered ";

/// The line of the loop whose `ordered` blocks a critical name stands for, if it stands for one.
pub fn ordered_loop_line(critical: &str) -> Option<u32> {
    critical
        .strip_prefix(ORDERED_PREFIX)?
        .split_once('#')?
        .0
        .parse()
        .ok()
}

/// The prefix of the `critical` names that stand for the locks of `mutexinoutset` dependences
/// (not a C identifier, so no `critical(name)` of the program can take it).
pub(crate) const MUTEX_PREFIX: &str = "mutexinoutset ";

/// The storage a `critical` name of a `mutexinoutset` lock stands for, as written in the clause.
pub fn mutex_item(critical: &str) -> Option<&str> {
    let rest = critical.strip_prefix(MUTEX_PREFIX)?;
    let label = rest.rsplit_once('@').map_or(rest, |(l, _)| l);
    Some(label.split_once('#').map_or(label, |(t, _)| t))
}
