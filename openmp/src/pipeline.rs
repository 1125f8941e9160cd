//! The front end's passes, in the order they run: from a C file to the program `lower` turns
//! into Viper. Each line says what the pass takes and what it guarantees to the passes after it;
//! a pass may rely only on what the passes above it guarantee.
//!
//! Stages hand on a type of their own: `source::Loaded` (the preprocessed file, with its
//! pragmas and specification comments), `c::Program` (the C program), `omp::Program` (with its
//! regions in PPL) and `infer::Program` (with every missing specification inferred).

use crate::error::FrontErrors;
use crate::{c, infer, omp, source};
use source::build::Build;
use viper::{FileId, SourceMap};

/// Reads a C file into a C program without building its parallel regions: every OpenMP
/// construct the pragma parser reads is kept, including those the proof does not handle yet
/// (for consumers that only need the C program, such as the replay of a race witness).
pub fn parse_c(
    sources: &mut SourceMap,
    file: FileId,
    build: &Build,
) -> Result<c::Program, FrontErrors> {
    let loaded = source::load(sources, file, build)?;
    c::convert::convert(&loaded)
}

/// Preprocesses, parses and converts the C file `file` of `sources`, builds its regions and
/// infers its missing specifications; `build` says how the file is preprocessed.
/// Registers ompv's `omp.h` in `sources` (specifications of the OpenMP runtime routines point
/// into it).
pub fn parse_file(
    sources: &mut SourceMap,
    file: FileId,
    build: &Build,
) -> Result<infer::Program, FrontErrors> {
    // The preprocessed text, comments kept; pragmas and specifications taken out with spans.
    let loaded = source::load(sources, file, build)?;
    // Names resolved, expressions typed and free of side effects, pragmas and specifications
    // attached to their statements; what ompv does not model is an error here.
    let program = c::convert::convert(&loaded)?;
    let program = openmp(program)?;
    // Every specification the user did not write, inferred (zero-annotation mode); regions and
    // functions then carry complete contracts.
    Ok(infer::infer(program))
}

/// The OpenMP passes: each rewrites an OpenMP construct into ones the region builder knows
/// (or records what the builder needs), keeping what may run at the same time.
fn openmp(mut c: c::Program) -> Result<omp::Program, FrontErrors> {
    let program = &mut c;
    // Takes the program as written; guarantees OpenMP 5.2's nesting restrictions hold (a
    // program breaking one is reported as not conforming, not as unsupported).
    omp::build::conforming(program)?;
    // Takes conforming code; guarantees a `master`/`masked` block that generates tasks is a
    // `single nowait` (its region approximated, with why).
    let masters = omp::tasking::master_tasks::as_single(program);
    // Guarantees an unannotated function with regions called only at `main`'s top level is
    // inlined there (so the caller's facts reach it).
    let in_main = omp::calls::contextual::resolve(program);
    // Guarantees every orphaned construct (and lock routine, threadprivate use) is in the
    // region of each call: the function is inlined where it is called in a region.
    let mut orphans = omp::calls::orphan::resolve(program)?;
    // Again with the calls in regions inlined: a `barrier` in a function called in a worksharing
    // loop is closely nested in it when it runs (§17 speaks of regions, which calls extend).
    omp::build::conforming(program)?;
    for (name, n) in in_main {
        *orphans.inlined.entry(name).or_default() += n;
    }
    // Guarantees a region's body is not a sequential loop around worksharing constructs: that
    // loop is around one region per iteration (or the region is approximated, with why).
    let mut loop_approximations = omp::worksharing::region_loops::desugar(program);
    for (id, a) in masters {
        loop_approximations.entry(id).or_insert(a);
    }
    // Guarantees no lock routine pairs are left in regions: each pair is a `critical` of its
    // own name per lock (§18.9).
    omp::sync::locks::desugar(program);
    // Guarantees an undeferred task (`if(0)`) whose data environment changes nothing is its
    // body, run in place (§12.5).
    omp::tasking::tasks::inline_undeferred(program);
    // Guarantees tasks generated under an `if` stand at the top level of the generating code,
    // guarded.
    omp::tasking::task_branches::flatten(program);
    // Guarantees a loop whose body is one `task` is one node of parallel tasks.
    omp::tasking::task_loops::desugar(program);
    // Guarantees the reads a task's `firstprivate` makes at its creation (§5.4.4) are reads of
    // the generating code.
    omp::tasking::creation_reads::insert(program)?;
    // Guarantees a scalar declared in the code of a task-generating `single`/`section` and
    // shared with its tasks is declared before the region.
    omp::data_sharing::hoist::shared_task_scalars(program);
    // Guarantees a global scalar a region only reads is read once, at the region's start.
    omp::data_sharing::snapshot::read_only_globals(program);
    // Guarantees no `ordered` block is left: each loop's are a `critical` of its own (§15.10).
    let ordered_loops = omp::sync::ordered::desugar(program);
    // Guarantees no `linear` clause is left: private copies from the logical iteration (§5.4.6).
    omp::data_sharing::linear::desugar(program);
    // Guarantees a reduction variable's value after its construct is computed from per-thread
    // contributions (§5.5).
    omp::data_sharing::reduction::desugar(program);
    // Guarantees a shared variable a loop only updates under a lock gets its value after the
    // region from ghost contributions (thesis ch. 6).
    omp::data_sharing::lock_updates::desugar(program);
    // Guarantees every `simd` loop in a block's code has a region number of its own.
    omp::worksharing::block_simd::number(program);
    // Takes the rewritten program; guarantees every outermost region is a PPL program with its
    // block pairs, and every construct ompv cannot encode is an error.
    omp::build::regions(
        c,
        omp::build::Rewritten {
            orphans,
            loop_approximations,
            ordered_loops,
        },
    )
}
