//! Data-sharing passes: the reads and writes OpenMP's data-sharing clauses make (§5.4, §5.5)
//! written into the code — `firstprivate`-like reads of clauses, `lastprivate`, `linear`,
//! reductions and updates under locks — and the shared scalars moved where their one object
//! lives (`hoist`, `snapshot`).

pub mod clause_reads;
pub mod hoist;
pub mod lastprivate;
pub mod linear;
pub mod lock_updates;
pub mod reduction;
pub mod snapshot;
