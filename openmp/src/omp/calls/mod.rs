//! Calls: functions inlined where OpenMP binds their constructs to the caller's region
//! (orphaned constructs, §1.2), where only the caller knows what they need (`contextual`), and
//! recursive task-parallel functions.

pub mod contextual;
pub mod inline;
pub mod orphan;
pub mod recursive_tasks;
