//! Which clauses each directive accepts, which clauses may appear only once, and which exclude
//! each other (OpenMP 5.2: the "Directives" list and "unique"/"exclusive" properties of each
//! clause, §17.2 for compound constructs).

use super::directive::Directive;
use Directive as D;

/// The memory-order clauses (§15.8.1).
pub(crate) const MEMORY_ORDERS: &[&str] = &["seq_cst", "acq_rel", "release", "acquire", "relaxed"];

/// The construct-type clauses of `cancel` and `cancellation point` (§16.1).
pub(crate) const CONSTRUCT_TYPES: &[&str] = &["parallel", "sections", "for", "taskgroup"];

/// Every clause keyword of OpenMP 5.2 for C (the construct types of `cancel` excepted).
pub(crate) const ALL_CLAUSES: &[&str] = &[
    "absent",
    "acq_rel",
    "acquire",
    "adjust_args",
    "affinity",
    "align",
    "aligned",
    "allocate",
    "allocator",
    "append_args",
    "at",
    "atomic_default_mem_order",
    "bind",
    "capture",
    "collapse",
    "compare",
    "contains",
    "copyin",
    "copyprivate",
    "default",
    "defaultmap",
    "depend",
    "destroy",
    "detach",
    "device",
    "device_type",
    "dist_schedule",
    "doacross",
    "dynamic_allocators",
    "enter",
    "exclusive",
    "fail",
    "filter",
    "final",
    "firstprivate",
    "from",
    "full",
    "grainsize",
    "has_device_addr",
    "hint",
    "holds",
    "if",
    "in_reduction",
    "inbranch",
    "inclusive",
    "indirect",
    "init",
    "initializer",
    "is_device_ptr",
    "lastprivate",
    "linear",
    "link",
    "map",
    "match",
    "mergeable",
    "message",
    "no_openmp",
    "no_openmp_routines",
    "no_parallelism",
    "nocontext",
    "nogroup",
    "nontemporal",
    "notinbranch",
    "novariants",
    "nowait",
    "num_tasks",
    "num_teams",
    "num_threads",
    "order",
    "ordered",
    "otherwise",
    "partial",
    "priority",
    "private",
    "proc_bind",
    "read",
    "reduction",
    "relaxed",
    "release",
    "reverse_offload",
    "safelen",
    "schedule",
    "seq_cst",
    "severity",
    "shared",
    "simd",
    "simdlen",
    "sizes",
    "task_reduction",
    "thread_limit",
    "threads",
    "to",
    "unified_address",
    "unified_shared_memory",
    "uniform",
    "untied",
    "update",
    "use",
    "use_device_addr",
    "use_device_ptr",
    "uses_allocators",
    "weak",
    "when",
    "write",
];

const ASSUMPTIONS: &[&str] = &[
    "absent",
    "contains",
    "holds",
    "no_openmp",
    "no_openmp_routines",
    "no_parallelism",
];

/// The clauses a leaf (non-compound) directive accepts.
fn leaf_clauses(d: Directive) -> &'static [&'static str] {
    match d {
        D::Parallel => &[
            "allocate",
            "copyin",
            "default",
            "firstprivate",
            "if",
            "num_threads",
            "private",
            "proc_bind",
            "reduction",
            "shared",
        ],
        D::Teams => &[
            "allocate",
            "default",
            "firstprivate",
            "if",
            "num_teams",
            "private",
            "reduction",
            "shared",
            "thread_limit",
        ],
        D::Simd => &[
            "aligned",
            "collapse",
            "if",
            "lastprivate",
            "linear",
            "nontemporal",
            "order",
            "private",
            "reduction",
            "safelen",
            "simdlen",
        ],
        D::Masked => &["filter"],
        D::Single => &[
            "allocate",
            "copyprivate",
            "firstprivate",
            "nowait",
            "private",
        ],
        D::Scope => &["allocate", "firstprivate", "nowait", "private", "reduction"],
        D::Sections => &[
            "allocate",
            "firstprivate",
            "lastprivate",
            "nowait",
            "private",
            "reduction",
        ],
        D::For => &[
            "allocate",
            "collapse",
            "firstprivate",
            "lastprivate",
            "linear",
            "nowait",
            "order",
            "ordered",
            "private",
            "reduction",
            "schedule",
        ],
        D::Distribute => &[
            "allocate",
            "collapse",
            "dist_schedule",
            "firstprivate",
            "lastprivate",
            "order",
            "private",
        ],
        D::Loop => &[
            "bind",
            "collapse",
            "lastprivate",
            "order",
            "private",
            "reduction",
        ],
        D::Scan => &["inclusive", "exclusive"],
        D::Tile => &["sizes"],
        D::Unroll => &["full", "partial"],
        D::Task => &[
            "affinity",
            "allocate",
            "default",
            "depend",
            "detach",
            "final",
            "firstprivate",
            "if",
            "in_reduction",
            "mergeable",
            "priority",
            "private",
            "shared",
            "untied",
        ],
        D::Taskloop => &[
            "allocate",
            "collapse",
            "default",
            "final",
            "firstprivate",
            "grainsize",
            "if",
            "in_reduction",
            "lastprivate",
            "mergeable",
            "nogroup",
            "num_tasks",
            "priority",
            "private",
            "reduction",
            "shared",
            "untied",
        ],
        D::Critical => &["hint"],
        D::Taskgroup => &["allocate", "task_reduction"],
        D::Taskwait => &["depend", "nowait"],
        D::Atomic => &[
            "read", "write", "update", "capture", "compare", "fail", "weak", "seq_cst", "acq_rel",
            "release", "acquire", "relaxed", "hint",
        ],
        D::Flush => &["seq_cst", "acq_rel", "release", "acquire"],
        D::Depobj => &["depend", "destroy", "update"],
        D::Ordered => &["doacross", "depend", "threads", "simd"],
        D::Cancel => &["parallel", "sections", "for", "taskgroup", "if"],
        D::CancellationPoint => CONSTRUCT_TYPES,
        D::TargetData => &["device", "if", "map", "use_device_addr", "use_device_ptr"],
        D::TargetEnterData | D::TargetExitData => &["depend", "device", "if", "map", "nowait"],
        D::Target => &[
            "allocate",
            "defaultmap",
            "depend",
            "device",
            "firstprivate",
            "has_device_addr",
            "if",
            "in_reduction",
            "is_device_ptr",
            "map",
            "nowait",
            "private",
            "thread_limit",
            "uses_allocators",
        ],
        D::TargetUpdate => &["depend", "device", "from", "if", "nowait", "to"],
        D::Interop => &["depend", "destroy", "device", "init", "nowait", "use"],
        D::Dispatch => &[
            "depend",
            "device",
            "has_device_addr",
            "is_device_ptr",
            "nocontext",
            "novariants",
            "nowait",
        ],
        D::Metadirective | D::BeginMetadirective => &["when", "otherwise", "default"],
        D::DeclareVariant => &["match", "adjust_args", "append_args"],
        D::BeginDeclareVariant => &["match"],
        D::DeclareSimd => &[
            "aligned",
            "inbranch",
            "linear",
            "notinbranch",
            "simdlen",
            "uniform",
        ],
        D::DeclareTarget => &["enter", "indirect", "link", "to", "device_type"],
        D::BeginDeclareTarget => &["device_type", "indirect"],
        D::Requires => &[
            "atomic_default_mem_order",
            "dynamic_allocators",
            "reverse_offload",
            "unified_address",
            "unified_shared_memory",
        ],
        D::Assumes | D::BeginAssumes | D::Assume => ASSUMPTIONS,
        D::Error => &["at", "message", "severity"],
        D::DeclareReduction => &["initializer"],
        D::DeclareMapper => &["map"],
        D::Allocate => &["allocator", "align"],
        _ => &[],
    }
}

/// Whether clause `name` may appear on directive `d`. A compound construct accepts the clauses
/// of its leaves (§17.2), except `nowait` when its first leaf is `parallel` (the region ends with
/// a barrier anyway; no parallel worksharing construct accepts it) and `ordered` on the composite
/// constructs that distribute a loop over teams.
pub fn allowed(d: Directive, name: &str) -> bool {
    let leaves = d.leaves();
    if leaves.len() > 1 {
        if name == "nowait" && leaves[0] == D::Parallel {
            return false;
        }
        if name == "ordered" && leaves.contains(&D::Distribute) {
            return false;
        }
    }
    leaves.iter().any(|l| leaf_clauses(*l).contains(&name))
}

/// The clauses `d` accepts.
pub fn clauses_of(d: Directive) -> Vec<&'static str> {
    ALL_CLAUSES
        .iter()
        .chain(CONSTRUCT_TYPES)
        .copied()
        .filter(|c| allowed(d, c))
        .collect()
}

/// Whether a clause may appear at most once on a directive (its "unique" property). `if` is
/// handled apart (once per constituent construct, §3.4).
pub fn unique(name: &str) -> bool {
    !matches!(
        name,
        "shared"
            | "private"
            | "firstprivate"
            | "lastprivate"
            | "linear"
            | "reduction"
            | "task_reduction"
            | "in_reduction"
            | "copyin"
            | "copyprivate"
            | "map"
            | "to"
            | "from"
            | "enter"
            | "link"
            | "uniform"
            | "aligned"
            | "allocate"
            | "nontemporal"
            | "is_device_ptr"
            | "use_device_ptr"
            | "has_device_addr"
            | "use_device_addr"
            | "depend"
            | "doacross"
            | "affinity"
            | "defaultmap"
            | "uses_allocators"
            | "when"
            | "adjust_args"
            | "init"
            | "use"
            | "inclusive"
            | "exclusive"
            | "if"
    )
}

/// Groups of clauses of which at most one may appear on a directive.
pub(crate) const EXCLUSIVE: &[&[&str]] = &[
    &["grainsize", "num_tasks"],
    &["inbranch", "notinbranch"],
    &["full", "partial"],
    MEMORY_ORDERS,
    &["read", "write", "update"],
    &["parallel", "sections", "for", "taskgroup"],
    &["inclusive", "exclusive"],
    &["doacross", "threads"],
    &["doacross", "simd"],
    &["depend", "threads"],
    &["depend", "simd"],
    &["enter", "to"],
];

/// Clauses of which a directive needs at least one.
pub(crate) fn required(d: Directive) -> Option<&'static [&'static str]> {
    Some(match d {
        D::TargetData => &["map", "use_device_addr", "use_device_ptr"],
        D::TargetEnterData | D::TargetExitData | D::DeclareMapper => &["map"],
        D::TargetUpdate => &["to", "from"],
        D::Tile => &["sizes"],
        D::Cancel | D::CancellationPoint => CONSTRUCT_TYPES,
        D::Scan => &["inclusive", "exclusive"],
        D::Depobj => &["depend", "destroy", "update"],
        D::Interop => &["init", "use", "destroy"],
        D::DeclareVariant => &["match"],
        D::Requires => &[
            "atomic_default_mem_order",
            "dynamic_allocators",
            "reverse_offload",
            "unified_address",
            "unified_shared_memory",
        ],
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaf_lists_use_known_clauses_and_compounds_take_unions() {
        for d in Directive::all() {
            for c in leaf_clauses(d) {
                assert!(
                    ALL_CLAUSES.contains(c) || CONSTRUCT_TYPES.contains(c),
                    "{c} on {d:?}"
                );
            }
        }
        assert!(allowed(D::ParallelFor, "copyin") && allowed(D::ParallelFor, "schedule"));
        assert!(!allowed(D::ParallelFor, "nowait") && allowed(D::ForSimd, "nowait"));
        assert!(allowed(D::TargetParallelFor, "nowait"));
        assert!(!allowed(D::DistributeParallelFor, "ordered"));
        assert!(allowed(D::TaskloopSimd, "safelen") && allowed(D::MaskedTaskloop, "filter"));
        assert!(!allowed(D::Simd, "firstprivate") && !allowed(D::Section, "private"));
        assert!(!allowed(D::Master, "filter") && allowed(D::ParallelMasked, "filter"));
        assert!(!allowed(D::Flush, "relaxed") && allowed(D::Atomic, "relaxed"));
        assert!(clauses_of(D::Barrier).is_empty());
        assert_eq!(clauses_of(D::Critical), ["hint"]);
    }
}
