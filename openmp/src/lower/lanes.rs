//! A `simd` loop in the code of a block — an iteration of a worksharing loop, a `single`, a
//! section, a task, code every thread runs (OpenMP 5.2 §10.4, `omp::worksharing::block_simd`): the thread
//! that runs the code runs the loop, and its SIMD lanes may run iterations at the same time.
//! Other blocks see the block's footprint, which covers every lane (`infer::footprint` reads
//! the loop as the plain loops it stands for); the lanes among themselves are checked as a
//! region of its own with a team of one thread, lowered where the block reaches the loop, over
//! the block's variables and permissions — as a `simd` loop in a function's sequential code is.

use super::Lowerer;
use crate::c::ast::OmpConstruct;
use crate::error::FrontError;
use crate::omp::RegionId;
use viper::ast::Stmt as VStmt;

impl Lowerer<'_> {
    /// Lowers the region of the `simd` loop `c` inside the block being lowered; the state of
    /// the enclosing region's lowering is kept aside meanwhile.
    pub(crate) fn lanes(
        &mut self,
        c: &OmpConstruct,
        id: RegionId,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let bounds = std::mem::take(&mut self.cur.bounds);
        let ghosts = std::mem::take(&mut self.cur.ghosts);
        let scalars = std::mem::take(&mut self.cur.scalar_objects);
        let missing = std::mem::take(&mut self.cur.missing_facts);
        let held = std::mem::take(&mut self.cur.held);
        let r = self.region(c, id, out);
        self.cur.bounds = bounds;
        self.cur.ghosts = ghosts;
        self.cur.scalar_objects = scalars;
        self.cur.missing_facts = missing;
        self.cur.held = held;
        // The lanes' contracts are inferred or say nothing of values: what the block checks
        // after the loop may fail where the program is right.
        self.cur.lanes = true;
        r
    }
}
