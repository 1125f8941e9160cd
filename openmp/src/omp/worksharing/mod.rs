//! Work distribution: regions around sequential loops of worksharing constructs, `simd` loops
//! in a block's code, the number of threads a region asks for, and the code after `main`'s last
//! region.

pub mod block_simd;
pub mod region_loops;
pub mod requested_threads;
pub mod sequential_tail;
