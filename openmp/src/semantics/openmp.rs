//! What OpenMP 5.2 does to memory and to the order of threads beyond the code as written: the
//! accesses its data-sharing clauses make to the original list items, and the barriers its
//! constructs imply. One table entry per clause and per construct, each citing its section; the
//! proof (`omp::build`, `omp::tasking::creation_reads`, `lower`, `infer`) and the replay (`replay`) both
//! read it, and the README's table of implicit accesses is printed from it ([`markdown`]).
//!
//! A clause the proof does not handle has no entry ([`clause_rule`] is `None`), and
//! [`super::check_supported`] rejects it as `unsupported`: nothing of OpenMP is silently dropped.
//! Where an entry lists an access, the code that builds the proof realises it as
//! [`Realised`] says; an access the proof has no place for cannot be added without naming one.

use crate::pragma::{Clause, ClauseKind, Directive, ListItem, Pragma};

/// Who makes an implicit access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// Every thread that executes the construct (each initialises its own copy).
    EachThread,
    /// The thread that generates a task (§12.5: the task's data environment is built when the
    /// task is generated).
    GeneratingThread,
    /// One thread of the team: the one that runs the sequentially last iteration or the
    /// lexically last section (`lastprivate`), or each thread in turn under a lock of the
    /// implementation (`reduction`).
    OneThreadAtATime,
}

/// When an implicit access happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// When the construct is encountered, before any of its code runs.
    Start,
    /// At the end of the construct, before its implicit barrier (if any).
    End,
}

/// What an implicit access does to the original list item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Does {
    /// Reads the original (to initialise a copy).
    Read,
    /// Writes the original (a final value).
    Write,
}

/// Where the proof realises an implicit access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Realised {
    /// The blocks of the construct read the original: each iteration (or run) of the block
    /// holds a permission to it, checked at its start (`OmpBlock::implicit`).
    InTheBlocks,
    /// A read of the original in the generating code where the task is generated
    /// (`omp::tasking::creation_reads`).
    AtCreation,
    /// A block beside the construct writes the original once (`omp::build::combine_block`).
    BesideTheConstruct,
    /// `omp::data_sharing::linear` rewrites the clause into code that reads the original before the loop and
    /// writes it after.
    Rewritten,
    /// Only on the outermost `parallel` construct, where it happens before or after every
    /// thread of the region runs, when no other code of the program runs: nothing can overlap
    /// it (the region's encountering thread makes it, in order with its own code).
    NothingRunsBeside,
}

/// One implicit access of a clause's list items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub by: By,
    pub at: At,
    pub does: Does,
}

/// What one data-sharing or data-copying clause does beyond the code.
#[derive(Clone, Copy, Debug)]
pub struct ClauseRule {
    pub keyword: &'static str,
    /// The section of OpenMP 5.2 that defines it.
    pub section: &'static str,
    /// The accesses it makes to the original list items (empty: none).
    pub accesses: &'static [Access],
    /// How the proof realises them, on a construct nested in a region and on a task.
    pub nested: Option<Realised>,
    pub on_task: Option<Realised>,
    /// One line for the README.
    pub meaning: &'static str,
}

const READ_AT_START: Access = Access {
    by: By::EachThread,
    at: At::Start,
    does: Does::Read,
};

/// The data-sharing and data-copying clauses (OpenMP 5.2 §5.4, §5.5, §5.7).
pub const CLAUSES: &[ClauseRule] = &[
    ClauseRule {
        keyword: "shared",
        section: "§5.4.2",
        accesses: &[],
        nested: None,
        on_task: None,
        meaning: "the original list item itself: no copy, no access beyond the code",
    },
    ClauseRule {
        keyword: "default",
        section: "§5.4.1",
        accesses: &[],
        nested: None,
        on_task: None,
        meaning: "the attribute of variables no clause names (`shared` and `none` supported)",
    },
    ClauseRule {
        keyword: "private",
        section: "§5.4.3",
        accesses: &[],
        nested: None,
        on_task: None,
        meaning: "a new, uninitialised copy: the original is not accessed",
    },
    ClauseRule {
        keyword: "firstprivate",
        section: "§5.4.4",
        accesses: &[READ_AT_START],
        nested: Some(Realised::InTheBlocks),
        on_task: Some(Realised::AtCreation),
        meaning: "each copy is initialised from the original: a read of the original by every \
                  thread when the construct starts, or by the generating thread when a task is \
                  generated",
    },
    ClauseRule {
        keyword: "lastprivate",
        section: "§5.4.5",
        accesses: &[Access {
            by: By::OneThreadAtATime,
            at: At::End,
            does: Does::Write,
        }],
        nested: Some(Realised::BesideTheConstruct),
        on_task: None,
        meaning: "the thread of the sequentially last iteration (lexically last section) writes \
                  the original at the end",
    },
    ClauseRule {
        keyword: "linear",
        section: "§5.4.6",
        accesses: &[
            READ_AT_START,
            Access {
                by: By::OneThreadAtATime,
                at: At::End,
                does: Does::Write,
            },
        ],
        nested: Some(Realised::Rewritten),
        on_task: None,
        meaning: "each copy starts from the original's value (a read when the construct starts); \
                  the last iteration's value is written to the original at the end",
    },
    ClauseRule {
        keyword: "reduction",
        section: "§5.5.8",
        accesses: &[
            Access {
                by: By::OneThreadAtATime,
                at: At::End,
                does: Does::Read,
            },
            Access {
                by: By::OneThreadAtATime,
                at: At::End,
                does: Does::Write,
            },
        ],
        nested: Some(Realised::BesideTheConstruct),
        on_task: None,
        meaning: "copies start at the operator's identity; each thread combines its copy into \
                  the original at the end (the combinations are synchronised with each other \
                  only)",
    },
    ClauseRule {
        keyword: "copyin",
        section: "§5.7.1",
        accesses: &[],
        nested: None,
        on_task: None,
        meaning: "the primary thread's `threadprivate` values are copied into the other threads' \
                  copies before the region's code runs: no shared location is accessed",
    },
    ClauseRule {
        keyword: "copyprivate",
        section: "§5.7.2",
        accesses: &[],
        nested: None,
        on_task: None,
        meaning: "the `single`'s private values are copied into the other threads' private \
                  copies before any thread leaves the construct's barrier: only private \
                  locations are accessed",
    },
];

/// The rule of a data-sharing or data-copying clause; `None` for clauses that are not about
/// data sharing (their meaning is in [`super::check_supported`] and the builder) and for
/// those the proof does not handle (`task_reduction`, `in_reduction`, `allocate`, …).
pub fn clause_rule(kind: &ClauseKind) -> Option<&'static ClauseRule> {
    let keyword = kind.keyword();
    CLAUSES.iter().find(|r| r.keyword == keyword)
}

/// Whether `kind` is a clause whose list items get a data-sharing attribute or are copied
/// (OpenMP 5.2 §5.4–§5.7): those must have a rule.
pub fn is_data_clause(kind: &ClauseKind) -> bool {
    matches!(
        kind,
        ClauseKind::Default(_)
            | ClauseKind::Shared(_)
            | ClauseKind::Private(_)
            | ClauseKind::Firstprivate(_)
            | ClauseKind::Lastprivate { .. }
            | ClauseKind::Linear(_)
            | ClauseKind::Reduction { .. }
            | ClauseKind::TaskReduction { .. }
            | ClauseKind::InReduction { .. }
            | ClauseKind::Copyin(_)
            | ClauseKind::Copyprivate(_)
            | ClauseKind::Allocate { .. }
    )
}

/// Whether `kind` is a data-sharing attribute clause in the sense of §5.4's restriction that a
/// list item appears in at most one of them on a directive (the reduction clauses are such
/// clauses too, §5.5). `default` names no list item; `copyin` and `copyprivate` are data-copying
/// clauses (§5.7). A variable such a clause names has the attribute it gives, whatever `default`
/// says (§5.1.1).
pub fn names_attribute(kind: &ClauseKind) -> bool {
    matches!(
        kind,
        ClauseKind::Shared(_)
            | ClauseKind::Private(_)
            | ClauseKind::Firstprivate(_)
            | ClauseKind::Lastprivate { .. }
            | ClauseKind::Linear(_)
            | ClauseKind::Reduction { .. }
            | ClauseKind::TaskReduction { .. }
            | ClauseKind::InReduction { .. }
    )
}

/// Whether `kind` gives each of its list items a new list item of its own in the tasks of the
/// construct, so that the construct's code does not name the original: `private` (§5.4.3),
/// `firstprivate` (§5.4.4), `lastprivate` (§5.4.5), `linear` (§5.4.6), `reduction` (§5.5.8) and
/// `in_reduction` (§5.5.10). `shared` does not; neither does `task_reduction` (§5.5.9), whose
/// taskgroup keeps the original.
pub fn privatises(kind: &ClauseKind) -> bool {
    matches!(
        kind,
        ClauseKind::Private(_)
            | ClauseKind::Firstprivate(_)
            | ClauseKind::Lastprivate { .. }
            | ClauseKind::Linear(_)
            | ClauseKind::Reduction { .. }
            | ClauseKind::InReduction { .. }
    )
}

/// The leaves (indices into `d.leaves()`) a data-sharing attribute clause of a compound
/// directive applies to (§17.2). The `shared` clauses that the rules add to a `parallel` or
/// `teams` leaf for `firstprivate`, `lastprivate` and reduction items are not clauses that
/// appear, so they are not listed. A directive that is not compound is its only leaf.
pub fn leaves_of_clause(d: Directive, kind: &ClauseKind) -> Vec<usize> {
    use crate::pragma::rules::allowed;
    let leaves = d.leaves();
    let keyword = kind.keyword();
    let permits: Vec<usize> = (0..leaves.len())
        .filter(|&i| allowed(leaves[i], keyword))
        .collect();
    if leaves.len() == 1 {
        return vec![0];
    }
    let has = |l: Directive| leaves.contains(&l);
    match kind {
        // The innermost leaf that permits it.
        ClauseKind::Private(_) | ClauseKind::Linear(_) => {
            permits.last().into_iter().copied().collect()
        }
        ClauseKind::Firstprivate(_) => {
            let loop_or_ws = permits
                .iter()
                .any(|&i| leaves[i].is_worksharing() || leaves[i] == Directive::Taskloop);
            permits
                .into_iter()
                .filter(|&i| match leaves[i] {
                    Directive::Distribute => true,
                    Directive::Teams => !has(Directive::Distribute),
                    Directive::Taskloop => true,
                    Directive::Parallel => !loop_or_ws,
                    Directive::Target => true,
                    l => l.is_worksharing(),
                })
                .collect()
        }
        ClauseKind::Reduction { .. } => permits
            .into_iter()
            .filter(|&i| match leaves[i] {
                Directive::Parallel => !leaves.iter().any(|&l| {
                    matches!(
                        l,
                        Directive::Sections
                            | Directive::For
                            | Directive::Loop
                            | Directive::Taskloop
                    )
                }),
                Directive::Teams => !has(Directive::Loop),
                _ => true,
            })
            .collect(),
        // `lastprivate`, `shared` and the rest: every leaf that permits it.
        _ => permits,
    }
}

/// §5.4 (with §17.2 for compound directives, whose clauses are split among the leaves first): a
/// list item may appear in at most one data-sharing attribute clause of a construct, except
/// that it may be both `firstprivate` and `lastprivate`. The second appearance, and what it
/// clashes with, if an item breaks the rule.
pub fn repeated_list_item(p: &Pragma) -> Option<(&ListItem, String)> {
    let leaves = p.directive.leaves();
    // (leaf, variable) → the clause that named it first.
    let mut seen: Vec<(usize, &str, &'static str, usize)> = Vec::new();
    for (ci, c) in p.clauses.iter().enumerate() {
        if !names_attribute(&c.kind) {
            continue;
        }
        let k = c.kind.keyword();
        let on = leaves_of_clause(p.directive, &c.kind);
        for item in c.kind.items() {
            let name = item.base.name.as_str();
            for &leaf in &on {
                let clash = seen.iter().find(|&&(l, n, k2, c2)| {
                    l == leaf
                        && n == name
                        && c2 != ci
                        && !matches!(
                            (k2, k),
                            ("firstprivate", "lastprivate") | ("lastprivate", "firstprivate")
                        )
                });
                if let Some(&(_, _, k2, _)) = clash {
                    let on = if leaves.len() > 1 {
                        format!(
                            " (both apply to its `{}` construct, §17.2)",
                            leaves[leaf].name()
                        )
                    } else {
                        String::new()
                    };
                    return Some((
                        item,
                        format!(
                            "`{name}` is in a `{k2}` and a `{k}` clause of `omp {}`{on}; a list \
                             item may appear in one data-sharing attribute clause of a directive \
                             only, except both `firstprivate` and `lastprivate` (OpenMP 5.2 §5.4)",
                            p.directive.name()
                        ),
                    ));
                }
                seen.push((leaf, name, k, ci));
            }
        }
    }
    None
}

/// The list items of `c` whose originals the construct reads when it starts (§5.4.4, §5.4.6):
/// those of `firstprivate` clauses. (`linear` items are read by the code `omp::data_sharing::linear` writes.)
pub fn read_at_start(c: &Clause) -> &[ListItem] {
    match &c.kind {
        ClauseKind::Firstprivate(items) => items,
        _ => &[],
    }
}

/// The list items of `c` that must be shared in the `parallel` region a worksharing construct
/// with `c` binds to, and the section that says so: a thread's private variable has no
/// original the team's copies could start from or be combined into.
pub fn shared_in_binding_region(c: &Clause) -> Option<(&[ListItem], &'static str)> {
    match &c.kind {
        ClauseKind::Firstprivate(items) => Some((items, "§5.4.4")),
        ClauseKind::Lastprivate { items, .. } => Some((items, "§5.4.5")),
        ClauseKind::Reduction { items, .. } => Some((items, "§5.5.8")),
        _ => None,
    }
}

/// How the barrier at the end of a construct is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndBarrier {
    /// Always: the end of a `parallel` region (§10.1).
    Always,
    /// Unless the construct has `nowait` (worksharing constructs, §11).
    UnlessNowait,
    /// Never (`masked`, `simd`, `critical`, `task`, …).
    Never,
}

/// What a construct implies for the order of threads beyond its code.
#[derive(Clone, Copy, Debug)]
pub struct ConstructRule {
    pub directive: Directive,
    pub section: &'static str,
    pub end_barrier: EndBarrier,
    /// One line for the README.
    pub meaning: &'static str,
}

/// The constructs whose implicit synchronisation the proof and the replay model.
pub const CONSTRUCTS: &[ConstructRule] = &[
    ConstructRule {
        directive: Directive::Parallel,
        section: "§10.1",
        end_barrier: EndBarrier::Always,
        meaning: "a team; an implicit barrier (with its flush, §15.8.6) ends the region",
    },
    ConstructRule {
        directive: Directive::For,
        section: "§11.5",
        end_barrier: EndBarrier::UnlessNowait,
        meaning: "no barrier on entry; an implicit barrier at the end unless `nowait`",
    },
    ConstructRule {
        directive: Directive::Sections,
        section: "§11.3",
        end_barrier: EndBarrier::UnlessNowait,
        meaning: "no barrier on entry; an implicit barrier at the end unless `nowait`",
    },
    ConstructRule {
        directive: Directive::Single,
        section: "§11.1",
        end_barrier: EndBarrier::UnlessNowait,
        meaning: "no barrier on entry; an implicit barrier at the end unless `nowait`",
    },
    ConstructRule {
        directive: Directive::Scope,
        section: "§11.2",
        end_barrier: EndBarrier::UnlessNowait,
        meaning: "every thread runs the block; an implicit barrier at the end unless `nowait`",
    },
    ConstructRule {
        directive: Directive::Simd,
        section: "§10.4",
        end_barrier: EndBarrier::Never,
        meaning: "not a worksharing construct: no barrier",
    },
    ConstructRule {
        directive: Directive::Masked,
        section: "§10.5",
        end_barrier: EndBarrier::Never,
        meaning: "no barrier on entry or at the end",
    },
    ConstructRule {
        directive: Directive::Master,
        section: "§10.5",
        end_barrier: EndBarrier::Never,
        meaning: "no barrier on entry or at the end",
    },
    ConstructRule {
        directive: Directive::Critical,
        section: "§15.2",
        end_barrier: EndBarrier::Never,
        meaning: "mutual exclusion per name, with flushes on entry and exit; no barrier",
    },
    ConstructRule {
        directive: Directive::Task,
        section: "§12.5",
        end_barrier: EndBarrier::Never,
        meaning: "the generating code goes on at once; the task completes by the next \
                  `taskwait`, the end of its `taskgroup` or a barrier",
    },
    ConstructRule {
        directive: Directive::Taskloop,
        section: "§12.6",
        end_barrier: EndBarrier::Never,
        meaning: "an implicit `taskgroup` around the generated tasks unless `nogroup`",
    },
];

/// The rule of the construct `d` (for a compound directive, of its first leaf).
pub fn construct_rule(d: Directive) -> Option<&'static ConstructRule> {
    let first = d.leaves().first().copied().unwrap_or(d);
    CONSTRUCTS.iter().find(|r| r.directive == first)
}

/// Whether a barrier ends construct `d` (a directive or the remaining leaves of a compound
/// one) with the clauses of `p` (§10.1, §11): the one rule the encoding and the replay both
/// follow. A compound construct ends as its outermost leaf (a `parallel for` as a `parallel`).
pub fn ends_with_barrier(d: Directive, p: &Pragma) -> bool {
    match construct_rule(d).map(|r| r.end_barrier) {
        Some(EndBarrier::Always) => true,
        Some(EndBarrier::UnlessNowait) => !p.nowait(),
        Some(EndBarrier::Never) | None => false,
    }
}

/// The README's table of implicit accesses, one row per clause of [`CLAUSES`].
pub fn markdown() -> String {
    let mut out = String::from(
        "| Clause | What OpenMP does beyond the code | How ompv checks it | OpenMP 5.2 |\n\
         |---|---|---|---|\n",
    );
    for r in CLAUSES {
        let how = |x: Option<Realised>| match x {
            None => "—",
            Some(Realised::InTheBlocks) => "every block of the construct reads the original",
            Some(Realised::AtCreation) => "the generating code reads the original there",
            Some(Realised::BesideTheConstruct) => "a block beside the construct writes it",
            Some(Realised::Rewritten) => {
                "read before, written after the loop (`omp::data_sharing::linear`)"
            }
            Some(Realised::NothingRunsBeside) => "nothing runs beside it",
        };
        let checks = match (r.nested, r.on_task) {
            (None, None) => "no access to check".to_string(),
            (n, None) => how(n).to_string(),
            (n, t) => format!("{}; on a task: {}", how(n), how(t)),
        };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            r.keyword, r.meaning, checks, r.section
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use viper::{FileId, SourceFile};

    fn parse(directive: &str) -> Pragma {
        let src = format!("#pragma omp {directive}");
        let f = SourceFile::new("t.c", &src);
        let origin = crate::spec::Origin {
            file: FileId(0),
            source: &f,
            base: 0,
        };
        crate::pragma::parse_pragma(&src, origin, 1).expect("a pragma")
    }

    /// §5.4.3–§5.4.6, §5.5.8–§5.5.10: the clauses that privatise are attribute clauses; `shared`
    /// and `task_reduction` give an attribute and keep the original; `default` and the copying
    /// clauses name no attribute.
    #[test]
    fn which_clauses_privatise_and_which_give_an_attribute() {
        let on = |d: &str| {
            parse(d)
                .clauses
                .into_iter()
                .map(|c| c.kind)
                .collect::<Vec<_>>()
        };
        let mut kinds = on(
            "parallel for private(a) firstprivate(b) lastprivate(c) linear(d) \
                            reduction(+: e) shared(f) default(shared) copyin(g)",
        );
        kinds.extend(on("task in_reduction(+: h)"));
        kinds.extend(on("taskgroup task_reduction(+: i)"));
        kinds.extend(on("single copyprivate(j)"));
        let table: Vec<(&str, bool, bool)> = kinds
            .iter()
            .map(|k| (k.keyword(), privatises(k), names_attribute(k)))
            .collect();
        assert_eq!(
            table,
            [
                ("private", true, true),
                ("firstprivate", true, true),
                ("lastprivate", true, true),
                ("linear", true, true),
                ("reduction", true, true),
                ("shared", false, true),
                ("default", false, false),
                ("copyin", false, false),
                ("in_reduction", true, true),
                ("task_reduction", false, true),
                ("copyprivate", false, false),
            ]
        );
    }

    #[test]
    fn every_access_has_a_place_in_the_proof() {
        for r in CLAUSES {
            assert_eq!(
                r.accesses.is_empty(),
                r.nested.is_none(),
                "`{}`: an access without a place in the proof, or a place without an access",
                r.keyword
            );
            assert!(
                r.section.starts_with("§5."),
                "`{}`: {}",
                r.keyword,
                r.section
            );
        }
    }

    #[test]
    fn barriers_follow_the_table() {
        let ends = |src: &str| {
            let p = parse(src);
            ends_with_barrier(p.directive, &p)
        };
        assert!(ends("for"));
        assert!(!ends("for nowait"));
        assert!(ends("single"));
        assert!(!ends("single nowait"));
        assert!(ends("scope"));
        assert!(ends("parallel"));
        assert!(ends("parallel for"));
        assert!(!ends("master"));
        assert!(!ends("task"));
        assert!(!ends("simd"));
        assert!(ends("for simd"));
    }

    /// §17.2: where each data-sharing attribute clause of a compound directive goes.
    #[test]
    fn compound_clauses_split_among_the_leaves() {
        let leaves = |src: &str| {
            let p = parse(src);
            let d = p.directive;
            let l = d.leaves();
            leaves_of_clause(d, &p.clauses[0].kind)
                .into_iter()
                .map(|i| l[i].name())
                .collect::<Vec<_>>()
        };
        assert_eq!(leaves("parallel for shared(x)"), ["parallel"]);
        assert_eq!(leaves("parallel for private(x)"), ["for"]);
        assert_eq!(leaves("parallel for firstprivate(x)"), ["for"]);
        assert_eq!(leaves("parallel for lastprivate(x)"), ["for"]);
        assert_eq!(leaves("parallel for reduction(+: x)"), ["for"]);
        assert_eq!(leaves("parallel for simd private(x)"), ["simd"]);
        assert_eq!(leaves("parallel for simd lastprivate(x)"), ["for", "simd"]);
        assert_eq!(leaves("parallel for simd reduction(+: x)"), ["for", "simd"]);
        assert_eq!(leaves("for simd firstprivate(x)"), ["for"]);
        assert_eq!(leaves("parallel sections firstprivate(x)"), ["sections"]);
        assert_eq!(leaves("parallel firstprivate(x)"), ["parallel"]);
        assert_eq!(
            leaves("parallel masked taskloop shared(x)"),
            ["parallel", "taskloop"]
        );
        assert_eq!(
            leaves("parallel masked taskloop firstprivate(x)"),
            ["taskloop"]
        );
    }

    /// §5.4: one data-sharing attribute clause per list item and construct, except
    /// `firstprivate` with `lastprivate`; on a compound directive, per leaf after §17.2's split.
    #[test]
    fn a_list_item_in_two_data_sharing_clauses_is_nonconforming() {
        let clash = |src: &str| repeated_list_item(&parse(src)).map(|(i, _)| i.text.clone());
        assert_eq!(clash("for private(t) lastprivate(t)").as_deref(), Some("t"));
        assert_eq!(
            clash("task shared(x) firstprivate(x)").as_deref(),
            Some("x")
        );
        assert_eq!(
            clash("parallel private(x) reduction(+: x)").as_deref(),
            Some("x")
        );
        assert_eq!(clash("single private(x) private(x)").as_deref(), Some("x"));
        assert_eq!(clash("for linear(x) firstprivate(x)").as_deref(), Some("x"));
        assert_eq!(
            clash("parallel for reduction(+: s) private(s)").as_deref(),
            Some("s")
        );
        assert_eq!(
            clash("parallel masked taskloop shared(x) firstprivate(x)").as_deref(),
            Some("x")
        );
        assert_eq!(clash("for firstprivate(t) lastprivate(t)"), None);
        assert_eq!(clash("parallel for shared(x) firstprivate(x)"), None);
        assert_eq!(clash("parallel for shared(x) private(x)"), None);
        assert_eq!(
            clash("parallel for private(x) shared(y) reduction(+: z)"),
            None
        );
        assert_eq!(clash("for simd private(x) firstprivate(x)"), None);
    }

    #[test]
    fn clauses_without_a_rule_are_not_data_clauses_or_are_unsupported() {
        let p = parse("task in_reduction(+: x)");
        let c = &p.clauses[0];
        assert!(is_data_clause(&c.kind));
        assert!(clause_rule(&c.kind).is_none());
        assert!(crate::semantics::check_supported(&p).is_err());
    }
}
