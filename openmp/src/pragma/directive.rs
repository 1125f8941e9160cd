//! OpenMP 5.2 directives for C: their names, leaf constructs, category, association and where
//! they may appear. Section numbers are those of the OpenMP 5.2 specification.

/// A directive name: a leaf construct, a compound (combined or composite) construct (§17), or
/// a declarative, informational, utility or meta directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Directive {
    // Parallelism generation and control (§10).
    /// `parallel` (§10.1).
    Parallel,
    /// `teams` (§10.2).
    Teams,
    /// `simd` (§10.4).
    Simd,
    /// `masked` (§10.5).
    Masked,
    /// `master`: `masked` without `filter`, deprecated since 5.1 (still part of 5.2).
    Master,
    // Work distribution (§11).
    /// `single` (§11.1).
    Single,
    /// `scope` (§11.2).
    Scope,
    /// `sections` (§11.3).
    Sections,
    /// `section`, subsidiary of `sections` (§11.3.1).
    Section,
    /// The worksharing-loop construct `for` (§11.5).
    For,
    /// `distribute` (§11.6).
    Distribute,
    /// `loop` (§11.7).
    Loop,
    /// `scan`, subsidiary of a loop with an `inscan` reduction (§5.6).
    Scan,
    // Loop transformations (§9).
    /// `tile` (§9.1).
    Tile,
    /// `unroll` (§9.2).
    Unroll,
    // Tasking (§12) and synchronization (§15).
    /// `task` (§12.5).
    Task,
    /// `taskloop` (§12.6).
    Taskloop,
    /// `taskyield` (§12.7).
    Taskyield,
    /// `critical` (§15.2).
    Critical,
    /// `barrier` (§15.3.1).
    Barrier,
    /// `taskgroup` (§15.4).
    Taskgroup,
    /// `taskwait` (§15.5).
    Taskwait,
    /// `atomic` (§15.8.4).
    Atomic,
    /// `flush` (§15.8.5).
    Flush,
    /// `depobj` (§15.9.4).
    Depobj,
    /// `ordered`: stand-alone with `doacross`/`depend` (§15.10.1), else block-associated
    /// (§15.10.2).
    Ordered,
    // Cancellation (§16).
    /// `cancel` (§16.1).
    Cancel,
    /// `cancellation point` (§16.2).
    CancellationPoint,
    // Devices (§13) and interoperability (§14).
    /// `target data` (§13.5).
    TargetData,
    /// `target enter data` (§13.6).
    TargetEnterData,
    /// `target exit data` (§13.7).
    TargetExitData,
    /// `target` (§13.8).
    Target,
    /// `target update` (§13.9).
    TargetUpdate,
    /// `interop` (§14.1).
    Interop,
    /// `dispatch` (§7.6).
    Dispatch,
    // Variant directives (§7).
    /// `metadirective` (§7.4.3).
    Metadirective,
    /// `begin metadirective` (§7.4.4).
    BeginMetadirective,
    /// `end metadirective`, closing `begin metadirective` (§7.4.4).
    EndMetadirective,
    /// `declare variant` (§7.5.4).
    DeclareVariant,
    /// `begin declare variant` (§7.5.5).
    BeginDeclareVariant,
    /// `end declare variant` (§7.5.5).
    EndDeclareVariant,
    /// `declare simd` (§7.7).
    DeclareSimd,
    /// `declare target` (§7.8.1).
    DeclareTarget,
    /// `begin declare target` (§7.8.2).
    BeginDeclareTarget,
    /// `end declare target` (§7.8.2).
    EndDeclareTarget,
    // Informational and utility directives (§8).
    /// `requires` (§8.2).
    Requires,
    /// `assumes` (§8.3.2).
    Assumes,
    /// `begin assumes` (§8.3.2).
    BeginAssumes,
    /// `end assumes` (§8.3.2).
    EndAssumes,
    /// `assume` (§8.3.3).
    Assume,
    /// `nothing` (§8.4).
    Nothing,
    /// `error` (§8.5).
    Error,
    // Data environment and memory management.
    /// `threadprivate(list)` (§5.2).
    Threadprivate,
    /// `declare reduction` (§5.5.11).
    DeclareReduction,
    /// `declare mapper` (§5.8.8).
    DeclareMapper,
    /// `allocate(list)`, the declarative directive (§6.6).
    Allocate,
    // Compound constructs (§17.3): leaf names joined by spaces.
    /// `for simd` (composite, §17.3).
    ForSimd,
    /// `taskloop simd` (composite, §17.3).
    TaskloopSimd,
    /// `masked taskloop` (§17.3).
    MaskedTaskloop,
    /// `masked taskloop simd` (§17.3).
    MaskedTaskloopSimd,
    /// `master taskloop` (deprecated since 5.1).
    MasterTaskloop,
    /// `master taskloop simd` (deprecated since 5.1).
    MasterTaskloopSimd,
    /// `parallel for` (§17.3).
    ParallelFor,
    /// `parallel for simd` (§17.3).
    ParallelForSimd,
    /// `parallel loop` (§17.3).
    ParallelLoop,
    /// `parallel sections` (§17.3).
    ParallelSections,
    /// `parallel masked` (§17.3).
    ParallelMasked,
    /// `parallel masked taskloop` (§17.3).
    ParallelMaskedTaskloop,
    /// `parallel masked taskloop simd` (§17.3).
    ParallelMaskedTaskloopSimd,
    /// `parallel master` (deprecated since 5.1).
    ParallelMaster,
    /// `parallel master taskloop` (deprecated since 5.1).
    ParallelMasterTaskloop,
    /// `parallel master taskloop simd` (deprecated since 5.1).
    ParallelMasterTaskloopSimd,
    /// `distribute simd` (composite, §17.3).
    DistributeSimd,
    /// `distribute parallel for` (composite, §17.3).
    DistributeParallelFor,
    /// `distribute parallel for simd` (composite, §17.3).
    DistributeParallelForSimd,
    /// `teams distribute` (§17.3).
    TeamsDistribute,
    /// `teams distribute simd` (§17.3).
    TeamsDistributeSimd,
    /// `teams distribute parallel for` (§17.3).
    TeamsDistributeParallelFor,
    /// `teams distribute parallel for simd` (§17.3).
    TeamsDistributeParallelForSimd,
    /// `teams loop` (§17.3).
    TeamsLoop,
    /// `target parallel` (§17.3).
    TargetParallel,
    /// `target parallel for` (§17.3).
    TargetParallelFor,
    /// `target parallel for simd` (§17.3).
    TargetParallelForSimd,
    /// `target parallel loop` (§17.3).
    TargetParallelLoop,
    /// `target parallel sections` (§17.3).
    TargetParallelSections,
    /// `target parallel masked` (§17.3).
    TargetParallelMasked,
    /// `target parallel masked taskloop` (§17.3).
    TargetParallelMaskedTaskloop,
    /// `target parallel masked taskloop simd` (§17.3).
    TargetParallelMaskedTaskloopSimd,
    /// `target parallel master` (deprecated since 5.1).
    TargetParallelMaster,
    /// `target parallel master taskloop` (deprecated since 5.1).
    TargetParallelMasterTaskloop,
    /// `target parallel master taskloop simd` (deprecated since 5.1).
    TargetParallelMasterTaskloopSimd,
    /// `target simd` (§17.3).
    TargetSimd,
    /// `target teams` (§17.3).
    TargetTeams,
    /// `target teams distribute` (§17.3).
    TargetTeamsDistribute,
    /// `target teams distribute simd` (§17.3).
    TargetTeamsDistributeSimd,
    /// `target teams distribute parallel for` (§17.3).
    TargetTeamsDistributeParallelFor,
    /// `target teams distribute parallel for simd` (§17.3).
    TargetTeamsDistributeParallelForSimd,
    /// `target teams loop` (§17.3).
    TargetTeamsLoop,
}

use Directive as D;

/// Every directive with its name, in declaration order.
const NAMES: &[(Directive, &str)] = &[
    (D::Parallel, "parallel"),
    (D::Teams, "teams"),
    (D::Simd, "simd"),
    (D::Masked, "masked"),
    (D::Master, "master"),
    (D::Single, "single"),
    (D::Scope, "scope"),
    (D::Sections, "sections"),
    (D::Section, "section"),
    (D::For, "for"),
    (D::Distribute, "distribute"),
    (D::Loop, "loop"),
    (D::Scan, "scan"),
    (D::Tile, "tile"),
    (D::Unroll, "unroll"),
    (D::Task, "task"),
    (D::Taskloop, "taskloop"),
    (D::Taskyield, "taskyield"),
    (D::Critical, "critical"),
    (D::Barrier, "barrier"),
    (D::Taskgroup, "taskgroup"),
    (D::Taskwait, "taskwait"),
    (D::Atomic, "atomic"),
    (D::Flush, "flush"),
    (D::Depobj, "depobj"),
    (D::Ordered, "ordered"),
    (D::Cancel, "cancel"),
    (D::CancellationPoint, "cancellation point"),
    (D::TargetData, "target data"),
    (D::TargetEnterData, "target enter data"),
    (D::TargetExitData, "target exit data"),
    (D::Target, "target"),
    (D::TargetUpdate, "target update"),
    (D::Interop, "interop"),
    (D::Dispatch, "dispatch"),
    (D::Metadirective, "metadirective"),
    (D::BeginMetadirective, "begin metadirective"),
    (D::EndMetadirective, "end metadirective"),
    (D::DeclareVariant, "declare variant"),
    (D::BeginDeclareVariant, "begin declare variant"),
    (D::EndDeclareVariant, "end declare variant"),
    (D::DeclareSimd, "declare simd"),
    (D::DeclareTarget, "declare target"),
    (D::BeginDeclareTarget, "begin declare target"),
    (D::EndDeclareTarget, "end declare target"),
    (D::Requires, "requires"),
    (D::Assumes, "assumes"),
    (D::BeginAssumes, "begin assumes"),
    (D::EndAssumes, "end assumes"),
    (D::Assume, "assume"),
    (D::Nothing, "nothing"),
    (D::Error, "error"),
    (D::Threadprivate, "threadprivate"),
    (D::DeclareReduction, "declare reduction"),
    (D::DeclareMapper, "declare mapper"),
    (D::Allocate, "allocate"),
    (D::ForSimd, "for simd"),
    (D::TaskloopSimd, "taskloop simd"),
    (D::MaskedTaskloop, "masked taskloop"),
    (D::MaskedTaskloopSimd, "masked taskloop simd"),
    (D::MasterTaskloop, "master taskloop"),
    (D::MasterTaskloopSimd, "master taskloop simd"),
    (D::ParallelFor, "parallel for"),
    (D::ParallelForSimd, "parallel for simd"),
    (D::ParallelLoop, "parallel loop"),
    (D::ParallelSections, "parallel sections"),
    (D::ParallelMasked, "parallel masked"),
    (D::ParallelMaskedTaskloop, "parallel masked taskloop"),
    (
        D::ParallelMaskedTaskloopSimd,
        "parallel masked taskloop simd",
    ),
    (D::ParallelMaster, "parallel master"),
    (D::ParallelMasterTaskloop, "parallel master taskloop"),
    (
        D::ParallelMasterTaskloopSimd,
        "parallel master taskloop simd",
    ),
    (D::DistributeSimd, "distribute simd"),
    (D::DistributeParallelFor, "distribute parallel for"),
    (D::DistributeParallelForSimd, "distribute parallel for simd"),
    (D::TeamsDistribute, "teams distribute"),
    (D::TeamsDistributeSimd, "teams distribute simd"),
    (
        D::TeamsDistributeParallelFor,
        "teams distribute parallel for",
    ),
    (
        D::TeamsDistributeParallelForSimd,
        "teams distribute parallel for simd",
    ),
    (D::TeamsLoop, "teams loop"),
    (D::TargetParallel, "target parallel"),
    (D::TargetParallelFor, "target parallel for"),
    (D::TargetParallelForSimd, "target parallel for simd"),
    (D::TargetParallelLoop, "target parallel loop"),
    (D::TargetParallelSections, "target parallel sections"),
    (D::TargetParallelMasked, "target parallel masked"),
    (
        D::TargetParallelMaskedTaskloop,
        "target parallel masked taskloop",
    ),
    (
        D::TargetParallelMaskedTaskloopSimd,
        "target parallel masked taskloop simd",
    ),
    (D::TargetParallelMaster, "target parallel master"),
    (
        D::TargetParallelMasterTaskloop,
        "target parallel master taskloop",
    ),
    (
        D::TargetParallelMasterTaskloopSimd,
        "target parallel master taskloop simd",
    ),
    (D::TargetSimd, "target simd"),
    (D::TargetTeams, "target teams"),
    (D::TargetTeamsDistribute, "target teams distribute"),
    (D::TargetTeamsDistributeSimd, "target teams distribute simd"),
    (
        D::TargetTeamsDistributeParallelFor,
        "target teams distribute parallel for",
    ),
    (
        D::TargetTeamsDistributeParallelForSimd,
        "target teams distribute parallel for simd",
    ),
    (D::TargetTeamsLoop, "target teams loop"),
];

/// Directives of OpenMP that exist only for Fortran: recognised to say so.
pub(crate) const FORTRAN_ONLY: &[&str] = &["do", "workshare", "allocators", "end"];

/// The first words of directive names (for "did you mean" suggestions and to recognise the end
/// of a multi-word name).
pub(crate) fn first_words() -> impl Iterator<Item = &'static str> {
    NAMES.iter().map(|(_, n)| n.split(' ').next().unwrap_or(n))
}

/// The category of a directive (§3.1 and each directive's "Category").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// An executable directive: it is, or precedes, a statement.
    Executable,
    /// A declarative directive: it appears where declarations do.
    Declarative,
    /// An informational directive (`requires`, `assume`, `assumes`).
    Informational,
    /// A subsidiary directive, part of an enclosing construct (`section`, `scan`).
    Subsidiary,
    /// A utility directive (`error`, `nothing`).
    Utility,
    /// A metadirective.
    Meta,
}

/// What a directive applies to (each directive's "Association" in 5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Association {
    /// Nothing: a stand-alone directive.
    None,
    /// The structured block that follows.
    Block,
    /// The canonical loop nest that follows (§4.4.1).
    Loop,
    /// Separates the structured block sequence of its enclosing construct (`section`, `scan`).
    Separating,
    /// The function declaration or definition that follows.
    Declaration,
    /// The code up to its paired `end` directive.
    Delimited,
}

/// Where a directive may appear in a C program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    /// Where a statement may appear; the directive applies to the statement that follows.
    Statement,
    /// Where a statement may appear, but not as the only statement of an `if`, `while`, `do`,
    /// `switch` or label (a stand-alone directive, §3.1).
    StandAlone,
    /// Inside the structured block of the named enclosing construct only.
    Within(&'static str),
    /// Where a declaration may appear, at file or block scope.
    Declaration,
    /// At file scope only.
    FileScope,
    /// Anywhere a statement or a declaration may appear.
    Anywhere,
}

impl Directive {
    /// Every directive.
    pub fn all() -> impl Iterator<Item = Directive> {
        NAMES.iter().map(|(d, _)| *d)
    }

    /// The directive as written after `omp`.
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(d, _)| *d == self)
            .map_or("?", |(_, n)| n)
    }

    /// The directive with this name (words separated by single spaces).
    pub fn from_name(name: &str) -> Option<Directive> {
        NAMES.iter().find(|(_, n)| *n == name).map(|(d, _)| *d)
    }

    /// Whether the directive is a compound (combined or composite) construct (§17).
    pub fn is_compound(self) -> bool {
        self >= D::ForSimd
    }

    /// The leaf constructs of a compound construct, outermost first; a leaf directive is its own
    /// only leaf.
    pub fn leaves(self) -> Vec<Directive> {
        if !self.is_compound() {
            return vec![self];
        }
        self.name()
            .split(' ')
            .filter_map(Directive::from_name)
            .collect()
    }

    /// Whether `leaf` is one of the directive's leaf constructs.
    pub fn has_leaf(self, leaf: Directive) -> bool {
        self.leaves().contains(&leaf)
    }

    /// Whether the compound construct is composite (§17.3: its first two leaves are both
    /// loop-associated) rather than combined.
    pub fn is_composite(self) -> bool {
        let l = self.leaves();
        l.len() > 1 && l[0].association() == Association::Loop && {
            let rest = Directive::from_name(&self.name()[l[0].name().len() + 1..]);
            rest.is_some_and(|r| r.association() == Association::Loop)
        }
    }

    /// Whether the directive is deprecated in 5.2 (`master` and its compounds).
    pub fn is_deprecated(self) -> bool {
        self.has_leaf(D::Master)
    }

    /// The directive's category.
    pub fn category(self) -> Category {
        match self {
            D::Section | D::Scan => Category::Subsidiary,
            D::Threadprivate
            | D::DeclareReduction
            | D::DeclareMapper
            | D::DeclareSimd
            | D::DeclareVariant
            | D::BeginDeclareVariant
            | D::EndDeclareVariant
            | D::DeclareTarget
            | D::BeginDeclareTarget
            | D::EndDeclareTarget
            | D::Allocate => Category::Declarative,
            D::Requires | D::Assumes | D::BeginAssumes | D::EndAssumes | D::Assume => {
                Category::Informational
            }
            D::Error | D::Nothing => Category::Utility,
            D::Metadirective | D::BeginMetadirective | D::EndMetadirective => Category::Meta,
            _ => Category::Executable,
        }
    }

    /// What the directive applies to. `ordered` is block-associated unless it has a `doacross`
    /// or `depend` clause: see [`super::Pragma::association`].
    pub fn association(self) -> Association {
        if self.is_compound() {
            return if self
                .leaves()
                .iter()
                .any(|l| l.association() == Association::Loop)
            {
                Association::Loop
            } else {
                Association::Block
            };
        }
        match self {
            D::Parallel
            | D::Teams
            | D::Masked
            | D::Master
            | D::Single
            | D::Scope
            | D::Sections
            | D::Task
            | D::Critical
            | D::Taskgroup
            | D::Atomic
            | D::Ordered
            | D::Target
            | D::TargetData
            | D::Dispatch
            | D::Assume => Association::Block,
            D::Simd | D::For | D::Distribute | D::Loop | D::Tile | D::Unroll | D::Taskloop => {
                Association::Loop
            }
            D::Section | D::Scan => Association::Separating,
            D::DeclareSimd | D::DeclareVariant => Association::Declaration,
            D::BeginMetadirective
            | D::EndMetadirective
            | D::BeginDeclareVariant
            | D::EndDeclareVariant
            | D::BeginDeclareTarget
            | D::EndDeclareTarget
            | D::BeginAssumes
            | D::EndAssumes => Association::Delimited,
            _ => Association::None,
        }
    }

    /// Where the directive may appear.
    pub fn placement(self) -> Placement {
        match self {
            D::Section => Placement::Within("sections"),
            D::Scan => Placement::Within("a loop construct with an `inscan` reduction"),
            D::Requires | D::Assumes | D::BeginAssumes | D::EndAssumes => Placement::FileScope,
            D::Error
            | D::Nothing
            | D::Metadirective
            | D::BeginMetadirective
            | D::EndMetadirective => Placement::Anywhere,
            _ => match (self.category(), self.association()) {
                (Category::Declarative, _) => Placement::Declaration,
                (_, Association::None) => Placement::StandAlone,
                _ => Placement::Statement,
            },
        }
    }

    /// Whether the directive is executable (a statement or a stand-alone directive among
    /// statements), as opposed to declarative, informational, subsidiary or utility.
    pub fn is_executable(self) -> bool {
        self.category() == Category::Executable
    }

    /// Whether the directive starts a parallel region (`parallel` is one of its leaves).
    pub fn is_parallel(self) -> bool {
        self.has_leaf(D::Parallel)
    }

    /// Whether the directive is a worksharing construct (§11: `single`, `scope`, `sections`,
    /// the worksharing-loop `for`, alone or as the outermost leaf, e.g. `for simd`).
    pub fn is_worksharing(self) -> bool {
        matches!(
            self.leaves()[0],
            D::Single | D::Scope | D::Sections | D::For
        )
    }

    /// Whether the directive contains a worksharing construct (a parallel worksharing construct
    /// such as `parallel for` does too).
    pub fn contains_worksharing(self) -> bool {
        self.leaves()
            .iter()
            .any(|l| matches!(l, D::Single | D::Scope | D::Sections | D::For))
    }

    /// Whether the directive applies to a loop nest (`for`, `simd`, `taskloop`, `distribute`,
    /// `loop`, `tile`, `unroll` and their compounds).
    pub fn is_loop(self) -> bool {
        self.association() == Association::Loop
    }

    /// Whether the directive has a `simd` leaf.
    pub fn is_simd(self) -> bool {
        self.has_leaf(D::Simd)
    }

    /// Whether the directive generates explicit tasks (`task`, `taskloop` and its compounds).
    pub fn generates_tasks(self) -> bool {
        self.has_leaf(D::Task) || self.has_leaf(D::Taskloop)
    }

    /// Whether the directive is a device construct (`target` and its forms, `teams`).
    pub fn is_device(self) -> bool {
        matches!(
            self,
            D::Target | D::TargetData | D::TargetEnterData | D::TargetExitData | D::TargetUpdate
        ) || self.has_leaf(D::Target)
            || self.has_leaf(D::Teams)
    }

    /// Whether the directive is a synchronization construct (§15).
    pub fn is_synchronization(self) -> bool {
        matches!(
            self,
            D::Critical
                | D::Barrier
                | D::Taskgroup
                | D::Taskwait
                | D::Atomic
                | D::Flush
                | D::Depobj
                | D::Ordered
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compound names §17.3 allows for C, generated from its rules: `A B` where B is a leaf
    /// or compound allowed after A.
    fn generated() -> Vec<String> {
        fn after(a: &str) -> Vec<String> {
            let leaves: &[&str] = match a {
                "for" | "taskloop" => &["simd"],
                "masked" | "master" => &["taskloop"],
                "parallel" => &["loop", "sections", "masked", "master", "for"],
                "distribute" => &["simd"],
                "teams" => &["loop", "distribute"],
                "target" => &["simd", "parallel", "teams"],
                _ => &[],
            };
            let compound_of: &[&str] = match a {
                "masked" | "master" => &["taskloop"],
                "parallel" => &["masked", "master", "for"],
                "distribute" => &["parallel"],
                "teams" => &["distribute"],
                "target" => &["teams", "parallel"],
                _ => &[],
            };
            let mut out: Vec<String> = leaves.iter().map(|s| s.to_string()).collect();
            for b in compound_of {
                for c in after(b) {
                    let name = format!("{b} {c}");
                    // `distribute` combines only with compounds that have a `for` leaf.
                    if a == "distribute" && !name.split(' ').any(|w| w == "for") {
                        continue;
                    }
                    out.push(name);
                }
            }
            out
        }
        let mut all = Vec::new();
        for a in [
            "for",
            "taskloop",
            "masked",
            "master",
            "parallel",
            "distribute",
            "teams",
            "target",
        ] {
            for b in after(a) {
                all.push(format!("{a} {b}"));
            }
        }
        all.sort();
        all.dedup();
        all
    }

    #[test]
    fn compounds_are_those_of_section_17_3() {
        let mut ours: Vec<String> = Directive::all()
            .filter(|d| d.is_compound())
            .map(|d| d.name().to_string())
            .collect();
        ours.sort();
        assert_eq!(ours, generated());
    }

    #[test]
    fn names_round_trip_and_leaves() {
        for d in Directive::all() {
            assert_eq!(Directive::from_name(d.name()), Some(d));
            let leaves = d.leaves();
            assert!(leaves.iter().all(|l| !l.is_compound()), "{d:?}");
            if d.is_compound() {
                let joined: Vec<&str> = leaves.iter().map(|l| l.name()).collect();
                assert_eq!(joined.join(" "), d.name());
            }
        }
        assert_eq!(
            D::TargetTeamsDistributeParallelForSimd.leaves(),
            [
                D::Target,
                D::Teams,
                D::Distribute,
                D::Parallel,
                D::For,
                D::Simd
            ]
        );
    }

    #[test]
    fn properties() {
        assert!(D::ParallelFor.is_parallel() && D::ParallelFor.is_loop());
        assert!(!D::ParallelFor.is_worksharing() && D::ParallelFor.contains_worksharing());
        assert!(D::ForSimd.is_worksharing() && D::ForSimd.is_simd());
        assert!(D::Single.is_worksharing() && !D::Single.is_loop());
        assert!(D::TaskloopSimd.generates_tasks() && D::TaskloopSimd.is_composite());
        assert!(D::ForSimd.is_composite() && D::DistributeParallelFor.is_composite());
        assert!(!D::ParallelFor.is_composite() && !D::TargetTeams.is_composite());
        assert!(D::ParallelMaster.is_deprecated() && !D::ParallelMasked.is_deprecated());
        assert_eq!(D::ParallelSections.association(), Association::Block);
        assert_eq!(D::Barrier.placement(), Placement::StandAlone);
        assert_eq!(D::Threadprivate.placement(), Placement::Declaration);
        assert_eq!(D::DeclareReduction.category(), Category::Declarative);
        assert_eq!(D::Requires.placement(), Placement::FileScope);
        assert_eq!(D::Section.placement(), Placement::Within("sections"));
        assert_eq!(D::Critical.placement(), Placement::Statement);
        assert_eq!(D::DeclareSimd.association(), Association::Declaration);
        assert!(D::Flush.is_synchronization() && D::TargetUpdate.is_device());
        assert!(D::TeamsDistribute.is_device() && !D::Parallel.is_device());
    }
}
