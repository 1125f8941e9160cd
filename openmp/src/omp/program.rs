//! The second stage's result: the C program after the OpenMP passes, with the PPL program of
//! every outermost parallel region.

use super::ast::Region;
use super::ast::RegionId;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::{Deref, DerefMut};

/// The program with its OpenMP meaning. It reads through to the C program it extends
/// (variables, functions), which later stages query as before.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The C program, rewritten by the passes (`crate::passes`).
    pub c: crate::c::Program,
    /// Outermost parallel regions in source order.
    pub regions: Vec<Region>,
    /// What became of orphaned OpenMP constructs.
    pub orphans: Orphans,
}

impl Deref for Program {
    type Target = crate::c::Program;
    fn deref(&self) -> &crate::c::Program {
        &self.c
    }
}

impl DerefMut for Program {
    fn deref_mut(&mut self) -> &mut crate::c::Program {
        &mut self.c
    }
}

impl crate::c::print::Names for Program {
    fn name(&self, v: crate::c::VarId) -> String {
        self.var(v).name.clone()
    }
}

/// What ompv did with the orphaned constructs of a program.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Orphans {
    /// The functions inlined where they are called (into parallel regions, or into `main`: see
    /// [`super::contextual`]), with the number of calls inlined.
    pub inlined: BTreeMap<String, usize>,
    /// The regions ompv made for orphaned worksharing constructs run by a team of one thread.
    pub serial: BTreeSet<RegionId>,
}
