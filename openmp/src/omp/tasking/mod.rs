//! Explicit tasks (§12): their order with the generating code and each other, undeferred and
//! conditionally generated tasks, task loops, `master` blocks that generate tasks, and the reads
//! a task makes when it is created.

pub mod creation_reads;
pub mod master_tasks;
pub mod task_branches;
pub mod task_loops;
pub mod tasks;
