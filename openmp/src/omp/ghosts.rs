//! The ghost variables `omp::data_sharing::lock_updates` adds for shared variables that a
//! loop's iterations only update under a lock: each one's name says which variable it tracks
//! and with which operator, so later passes can read that back.

use crate::c::ast::{Storage, VarId};
use crate::c::Program;
use crate::pragma::ReductionOp;

/// The prefix of the names of ghost variables.
const PREFIX: &str = "contribution_";

/// The name of the ghost of variable `x` (named `name`) updated with `op`.
pub fn ghost_name(name: &str, x: VarId, op: ReductionOp) -> String {
    format!("{PREFIX}{name}_{}_{}", x.0, word(op))
}

/// For a ghost variable: the shared variable it tracks and the operator.
pub fn ghost_of(program: &Program, v: VarId) -> Option<(VarId, ReductionOp)> {
    let info = program.var(v);
    if info.storage != Storage::Synthetic {
        return None;
    }
    let rest = info.name.strip_prefix(PREFIX)?;
    let mut parts = rest.rsplitn(3, '_');
    let op = parts.next()?;
    let id: u32 = parts.next()?.parse().ok()?;
    let op = ReductionOp::ALL.iter().copied().find(|o| word(*o) == op)?;
    Some((VarId(id), op))
}

fn word(op: ReductionOp) -> &'static str {
    match op {
        ReductionOp::Add => "add",
        ReductionOp::Sub => "sub",
        ReductionOp::Mul => "mul",
        ReductionOp::BitAnd => "band",
        ReductionOp::BitOr => "bor",
        ReductionOp::BitXor => "bxor",
        ReductionOp::And => "and",
        ReductionOp::Or => "or",
        ReductionOp::Min => "min",
        ReductionOp::Max => "max",
    }
}
