//! OpenMP 5.2 clauses for C, typed. Section numbers are those of the OpenMP 5.2 specification.

use super::directive::Directive;
use super::list::{join, ListItem, RawExpr};
use crate::spec::Ident;
use std::fmt;
use viper::Span;

/// Declares a keyword enum with its spelling.
macro_rules! keywords {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vm])* $v),* }
        impl $name {
            /// Every value.
            pub const ALL: &'static [$name] = &[$($name::$v),*];
            /// The keyword as written.
            pub fn name(self) -> &'static str {
                match self { $($name::$v => $s),* }
            }
            /// The value spelt `s`.
            pub fn from_name(s: &str) -> Option<$name> {
                match s { $($s => Some($name::$v),)* _ => None }
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

keywords! {
    /// `schedule` kinds (§11.5.3).
    ScheduleKind { Static = "static", Dynamic = "dynamic", Guided = "guided", Auto = "auto", Runtime = "runtime" }
}
keywords! {
    /// `schedule` modifiers (§11.5.3).
    ScheduleModifier { Monotonic = "monotonic", Nonmonotonic = "nonmonotonic", Simd = "simd" }
}
keywords! {
    /// `default(...)` kinds (§5.4.1).
    DefaultKind { Shared = "shared", None = "none", Private = "private", Firstprivate = "firstprivate" }
}
keywords! {
    /// Reduction modifiers (§5.5.8).
    ReductionModifier { Inscan = "inscan", Task = "task", Default = "default" }
}
keywords! {
    /// `linear` modifiers (§5.4.6).
    LinearModifier { Val = "val", Ref = "ref", Uval = "uval" }
}
keywords! {
    /// `proc_bind` policies (§10.1.4); `master` is the deprecated spelling of `primary`.
    ProcBind { Primary = "primary", Master = "master", Close = "close", Spread = "spread" }
}
keywords! {
    /// `order` modifiers (§10.3).
    OrderModifier { Reproducible = "reproducible", Unconstrained = "unconstrained" }
}
keywords! {
    /// `bind` bindings of `loop` (§11.7.1).
    Binding { Teams = "teams", Parallel = "parallel", Thread = "thread" }
}
keywords! {
    /// Dependence types of `depend` (§15.9.5) and `update` on `depobj`.
    DependType {
        In = "in", Out = "out", Inout = "inout", Mutexinoutset = "mutexinoutset",
        Inoutset = "inoutset", Depobj = "depobj",
    }
}
keywords! {
    /// Memory orders (§15.8.1), as clauses of `atomic` and `flush`, arguments of `fail` and
    /// `atomic_default_mem_order`.
    MemoryOrder { SeqCst = "seq_cst", AcqRel = "acq_rel", Release = "release", Acquire = "acquire", Relaxed = "relaxed" }
}
keywords! {
    /// Map types (§5.8.3).
    MapType { Alloc = "alloc", To = "to", From = "from", Tofrom = "tofrom", Release = "release", Delete = "delete" }
}
keywords! {
    /// `defaultmap` behaviours (§5.8.7).
    DefaultmapBehavior {
        Alloc = "alloc", To = "to", From = "from", Tofrom = "tofrom", Firstprivate = "firstprivate",
        None = "none", Default = "default", Present = "present",
    }
}
keywords! {
    /// `defaultmap` variable categories (§5.8.7).
    DefaultmapCategory { Scalar = "scalar", Aggregate = "aggregate", Pointer = "pointer", All = "all" }
}
keywords! {
    /// `device_type` (§13.1).
    DeviceType { Host = "host", Nohost = "nohost", Any = "any" }
}
keywords! {
    /// `device` modifiers (§13.2).
    DeviceModifier { Ancestor = "ancestor", DeviceNum = "device_num" }
}
keywords! {
    /// `at` of `error` (§8.5).
    ErrorAt { Compilation = "compilation", Execution = "execution" }
}
keywords! {
    /// `severity` of `error` (§8.5).
    Severity { Fatal = "fatal", Warning = "warning" }
}

/// The built-in reduction operators (§5.5.5); `-` is deprecated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReductionOp {
    Add,
    Sub,
    Mul,
    BitAnd,
    BitOr,
    BitXor,
    And,
    Or,
    Min,
    Max,
}

impl ReductionOp {
    /// Every operator.
    pub const ALL: &'static [ReductionOp] = &[
        ReductionOp::Add,
        ReductionOp::Sub,
        ReductionOp::Mul,
        ReductionOp::BitAnd,
        ReductionOp::BitOr,
        ReductionOp::BitXor,
        ReductionOp::And,
        ReductionOp::Or,
        ReductionOp::Min,
        ReductionOp::Max,
    ];

    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            ReductionOp::Add => "+",
            ReductionOp::Sub => "-",
            ReductionOp::Mul => "*",
            ReductionOp::BitAnd => "&",
            ReductionOp::BitOr => "|",
            ReductionOp::BitXor => "^",
            ReductionOp::And => "&&",
            ReductionOp::Or => "||",
            ReductionOp::Min => "min",
            ReductionOp::Max => "max",
        }
    }
}

/// A reduction identifier (§5.5.5): a built-in operator or a user identifier declared by
/// `declare reduction`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReductionId {
    Op(ReductionOp),
    User(Ident),
}

impl fmt::Display for ReductionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReductionId::Op(op) => f.write_str(op.symbol()),
            ReductionId::User(i) => f.write_str(&i.name),
        }
    }
}

/// `linear(list [: step | modifiers])` (§5.4.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Linear {
    pub items: Vec<ListItem>,
    pub modifier: Option<LinearModifier>,
    /// The step; 1 when absent.
    pub step: Option<RawExpr>,
    /// Written in the deprecated form `modifier(list)`.
    pub deprecated_syntax: bool,
}

/// One term of a `doacross(sink: …)` / `depend(sink: …)` iteration vector: `var [± offset]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SinkTerm {
    pub var: Ident,
    /// The offset with its sign: `- 1`, `+ k` (sign, space, value as written).
    pub offset: Option<RawExpr>,
    pub span: Span,
}

impl fmt::Display for SinkTerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.offset {
            Some(o) => write!(f, "{} {}", self.var.name, o.text),
            None => f.write_str(&self.var.name),
        }
    }
}

/// What a `depend` clause says (§15.9.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dependence {
    /// `depend([iterator(…),] type: locators)`.
    Locators {
        iterator: Option<RawExpr>,
        kind: DependType,
        items: Vec<ListItem>,
    },
    /// `depend(source)` (deprecated: `doacross(source:)`).
    Source,
    /// `depend(sink: vector)` (deprecated: `doacross(sink: vector)`).
    Sink(Vec<SinkTerm>),
}

/// What a `doacross` clause says (§15.9.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Doacross {
    /// `doacross(source:)` or `doacross(source: omp_cur_iteration)`.
    Source,
    /// `doacross(sink: vector)`; `omp_cur_iteration - 1` is a one-term vector.
    Sink(Vec<SinkTerm>),
}

/// Modifiers of `map`, `to` and `from` (§5.8.3, §5.9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapModifier {
    Always,
    Close,
    Present,
    Mapper(Ident),
    Iterator(RawExpr),
}

impl fmt::Display for MapModifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapModifier::Always => f.write_str("always"),
            MapModifier::Close => f.write_str("close"),
            MapModifier::Present => f.write_str("present"),
            MapModifier::Mapper(i) => write!(f, "mapper({})", i.name),
            MapModifier::Iterator(e) => write!(f, "iterator({})", e.text),
        }
    }
}

/// A clause (its keyword and arguments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClauseKind {
    // Data-sharing attribute clauses (§5.4).
    /// `default(shared | none | private | firstprivate)` (§5.4.1).
    Default(DefaultKind),
    /// `shared(list)` (§5.4.2).
    Shared(Vec<ListItem>),
    /// `private(list)` (§5.4.3).
    Private(Vec<ListItem>),
    /// `firstprivate(list)` (§5.4.4).
    Firstprivate(Vec<ListItem>),
    /// `lastprivate([conditional:] list)` (§5.4.5).
    Lastprivate {
        conditional: bool,
        items: Vec<ListItem>,
    },
    /// `linear` (§5.4.6).
    Linear(Linear),
    /// `is_device_ptr(list)` (§5.4.7).
    IsDevicePtr(Vec<ListItem>),
    /// `use_device_ptr(list)` (§5.4.8).
    UseDevicePtr(Vec<ListItem>),
    /// `has_device_addr(list)` (§5.4.9).
    HasDeviceAddr(Vec<ListItem>),
    /// `use_device_addr(list)` (§5.4.10).
    UseDeviceAddr(Vec<ListItem>),
    // Reductions (§5.5) and scans (§5.6).
    /// `reduction([modifier,] identifier: list)` (§5.5.8).
    Reduction {
        modifier: Option<ReductionModifier>,
        op: ReductionId,
        items: Vec<ListItem>,
    },
    /// `task_reduction(identifier: list)` (§5.5.9).
    TaskReduction {
        op: ReductionId,
        items: Vec<ListItem>,
    },
    /// `in_reduction(identifier: list)` (§5.5.10).
    InReduction {
        op: ReductionId,
        items: Vec<ListItem>,
    },
    /// `initializer(expr)` of `declare reduction` (§5.5.11).
    Initializer(RawExpr),
    /// `inclusive(list)` of `scan` (§5.6).
    Inclusive(Vec<ListItem>),
    /// `exclusive(list)` of `scan` (§5.6).
    Exclusive(Vec<ListItem>),
    // Data copying (§5.7).
    /// `copyin(list)` (§5.7.1).
    Copyin(Vec<ListItem>),
    /// `copyprivate(list)` (§5.7.2).
    Copyprivate(Vec<ListItem>),
    // Data mapping (§5.8) and motion (§5.9).
    /// `map([modifiers,] [type:] list)` (§5.8.3).
    Map {
        modifiers: Vec<MapModifier>,
        map_type: Option<MapType>,
        items: Vec<ListItem>,
    },
    /// `enter(list)` of `declare target` (§5.8.4).
    Enter(Vec<ListItem>),
    /// `link(list)` (§5.8.5).
    Link(Vec<ListItem>),
    /// `defaultmap(behaviour[: category])` (§5.8.7).
    Defaultmap {
        behavior: DefaultmapBehavior,
        category: Option<DefaultmapCategory>,
    },
    /// `to([modifiers:] list)` (§5.9.1; on `declare target`, deprecated for `enter`).
    To {
        modifiers: Vec<MapModifier>,
        items: Vec<ListItem>,
    },
    /// `from([modifiers:] list)` (§5.9.2).
    From {
        modifiers: Vec<MapModifier>,
        items: Vec<ListItem>,
    },
    /// `uniform(list)` of `declare simd` (§5.10).
    Uniform(Vec<ListItem>),
    /// `aligned(list[: alignment])` (§5.11).
    Aligned {
        items: Vec<ListItem>,
        alignment: Option<RawExpr>,
    },
    // Memory management (§6).
    /// `allocator(expr)` (§6.4).
    Allocator(RawExpr),
    /// `align(expr)` (§6.3).
    Align(RawExpr),
    /// `allocate([allocator:] list)` or `allocate(allocator(e), align(e): list)` (§6.6).
    Allocate {
        allocator: Option<RawExpr>,
        align: Option<RawExpr>,
        items: Vec<ListItem>,
    },
    /// `uses_allocators(…)` (§6.8), kept as text.
    UsesAllocators(RawExpr),
    // Variant directives (§7).
    /// `when(selector: [variant])` of a metadirective (§7.4.1), kept as text.
    When(RawExpr),
    /// `otherwise([variant])`, or `default([variant])` deprecated, of a metadirective (§7.4.2).
    Otherwise(Option<RawExpr>),
    /// `match(selector)` of `declare variant` (§7.5.4), kept as text.
    Match(RawExpr),
    /// `adjust_args(…)` of `declare variant` (§7.5.4), kept as text.
    AdjustArgs(RawExpr),
    /// `append_args(…)` of `declare variant` (§7.5.4), kept as text.
    AppendArgs(RawExpr),
    /// `novariants(expr)` of `dispatch` (§7.6.1).
    Novariants(RawExpr),
    /// `nocontext(expr)` of `dispatch` (§7.6.2).
    Nocontext(RawExpr),
    /// `simdlen(n)` (§7.7, §10.4).
    Simdlen(RawExpr),
    /// `inbranch` (§7.7).
    Inbranch,
    /// `notinbranch` (§7.7).
    Notinbranch,
    /// `indirect[(expr)]` of `declare target` (§7.8.3).
    Indirect(Option<RawExpr>),
    // Informational and utility directives (§8).
    /// `atomic_default_mem_order(order)` (§8.2.1).
    AtomicDefaultMemOrder(MemoryOrder),
    /// `dynamic_allocators` (§8.2.1).
    DynamicAllocators,
    /// `reverse_offload` (§8.2.1).
    ReverseOffload,
    /// `unified_address` (§8.2.1).
    UnifiedAddress,
    /// `unified_shared_memory` (§8.2.1).
    UnifiedSharedMemory,
    /// `absent(directive-names)` (§8.3.1), kept as text.
    Absent(RawExpr),
    /// `contains(directive-names)` (§8.3.1), kept as text.
    Contains(RawExpr),
    /// `holds(expr)` (§8.3.1).
    Holds(RawExpr),
    /// `no_openmp` (§8.3.1).
    NoOpenmp,
    /// `no_openmp_routines` (§8.3.1).
    NoOpenmpRoutines,
    /// `no_parallelism` (§8.3.1).
    NoParallelism,
    /// `at(compilation | execution)` of `error` (§8.5.1).
    At(ErrorAt),
    /// `message(string)` of `error` (§8.5.2).
    Message(RawExpr),
    /// `severity(fatal | warning)` of `error` (§8.5.3).
    Severity(Severity),
    // Loop transformations (§9) and loop concepts (§4.4).
    /// `sizes(list)` of `tile` (§9.1.1).
    Sizes(Vec<RawExpr>),
    /// `full` of `unroll` (§9.2.1).
    Full,
    /// `partial[(n)]` of `unroll` (§9.2.2).
    Partial(Option<RawExpr>),
    /// `collapse(n)` (§4.4.3).
    Collapse(RawExpr),
    /// `ordered[(n)]` (§4.4.4).
    Ordered(Option<RawExpr>),
    // Parallelism (§10).
    /// `num_threads(n)` (§10.1.2).
    NumThreads(RawExpr),
    /// `proc_bind(policy)` (§10.1.4).
    ProcBind(ProcBind),
    /// `num_teams([lower:] upper)` (§10.2.1).
    NumTeams {
        lower: Option<RawExpr>,
        upper: RawExpr,
    },
    /// `thread_limit(n)` (§10.2.2).
    ThreadLimit(RawExpr),
    /// `order([modifier:] concurrent)` (§10.3).
    Order(Option<OrderModifier>),
    /// `nontemporal(list)` (§10.4.1).
    Nontemporal(Vec<ListItem>),
    /// `safelen(n)` (§10.4.2).
    Safelen(RawExpr),
    /// `filter(thread-num)` of `masked` (§10.5.1).
    Filter(RawExpr),
    // Work distribution (§11).
    /// `schedule([modifier[, modifier]:] kind[, chunk])` (§11.5.3).
    Schedule {
        modifiers: Vec<ScheduleModifier>,
        kind: ScheduleKind,
        chunk: Option<RawExpr>,
    },
    /// `dist_schedule(static[, chunk])` (§11.6.1).
    DistSchedule(Option<RawExpr>),
    /// `bind(binding)` of `loop` (§11.7.1).
    Bind(Binding),
    // Tasking (§12).
    /// `untied` (§12.1).
    Untied,
    /// `mergeable` (§12.2).
    Mergeable,
    /// `final(expr)` (§12.3).
    Final(RawExpr),
    /// `priority(expr)` (§12.4).
    Priority(RawExpr),
    /// `affinity([iterator(…):] locators)` (§12.5.1).
    Affinity {
        iterator: Option<RawExpr>,
        items: Vec<ListItem>,
    },
    /// `detach(event-handle)` (§12.5.2).
    Detach(ListItem),
    /// `grainsize([strict:] n)` (§12.6.1).
    Grainsize { strict: bool, size: RawExpr },
    /// `num_tasks([strict:] n)` (§12.6.2).
    NumTasks { strict: bool, count: RawExpr },
    /// `nogroup` (§12.6).
    Nogroup,
    // Devices (§13) and interoperability (§14).
    /// `device_type(host | nohost | any)` (§13.1).
    DeviceType(DeviceType),
    /// `device([modifier:] n)` (§13.2).
    Device {
        modifier: Option<DeviceModifier>,
        device: RawExpr,
    },
    /// `init(…)` of `interop` and `depobj` (§14.1.2), kept as text.
    Init(RawExpr),
    /// `use(var)` of `interop` (§14.1.3).
    Use(ListItem),
    // Synchronization (§15).
    /// `hint(expr)` (§15.1).
    Hint(RawExpr),
    /// `nowait` (§15.6).
    Nowait,
    /// A memory-order clause: `seq_cst`, `acq_rel`, `release`, `acquire`, `relaxed` (§15.8.1).
    MemoryOrder(MemoryOrder),
    /// `read` of `atomic` (§15.8.2).
    Read,
    /// `write` of `atomic` (§15.8.2).
    Write,
    /// `update` of `atomic` (§15.8.2), or `update(type)` of `depobj` (§15.9.4).
    Update(Option<DependType>),
    /// `capture` of `atomic` (§15.8.3).
    Capture,
    /// `compare` of `atomic` (§15.8.3).
    Compare,
    /// `fail(order)` of `atomic` (§15.8.3).
    Fail(MemoryOrder),
    /// `weak` of `atomic` (§15.8.3).
    Weak,
    /// `depend` (§15.9.5).
    Depend(Dependence),
    /// `doacross` (§15.9.6).
    Doacross(Doacross),
    /// `destroy[(var)]` of `depobj` and `interop` (§3.5).
    Destroy(Option<ListItem>),
    /// `threads` of `ordered` (§15.10.2).
    Threads,
    /// `simd` of `ordered` (§15.10.2).
    Simd,
    /// `if([directive-name:] expr)` (§3.4).
    If {
        modifier: Option<Directive>,
        cond: RawExpr,
    },
    /// The construct type of `cancel` and `cancellation point`: `parallel`, `sections`, `for`,
    /// `taskgroup` (§16.1).
    ConstructType(Directive),
}

impl ClauseKind {
    /// The clause keyword.
    pub fn keyword(&self) -> &'static str {
        use ClauseKind as C;
        match self {
            C::Default(_) => "default",
            C::Shared(_) => "shared",
            C::Private(_) => "private",
            C::Firstprivate(_) => "firstprivate",
            C::Lastprivate { .. } => "lastprivate",
            C::Linear(_) => "linear",
            C::IsDevicePtr(_) => "is_device_ptr",
            C::UseDevicePtr(_) => "use_device_ptr",
            C::HasDeviceAddr(_) => "has_device_addr",
            C::UseDeviceAddr(_) => "use_device_addr",
            C::Reduction { .. } => "reduction",
            C::TaskReduction { .. } => "task_reduction",
            C::InReduction { .. } => "in_reduction",
            C::Initializer(_) => "initializer",
            C::Inclusive(_) => "inclusive",
            C::Exclusive(_) => "exclusive",
            C::Copyin(_) => "copyin",
            C::Copyprivate(_) => "copyprivate",
            C::Map { .. } => "map",
            C::Enter(_) => "enter",
            C::Link(_) => "link",
            C::Defaultmap { .. } => "defaultmap",
            C::To { .. } => "to",
            C::From { .. } => "from",
            C::Uniform(_) => "uniform",
            C::Aligned { .. } => "aligned",
            C::Allocator(_) => "allocator",
            C::Align(_) => "align",
            C::Allocate { .. } => "allocate",
            C::UsesAllocators(_) => "uses_allocators",
            C::When(_) => "when",
            C::Otherwise(_) => "otherwise",
            C::Match(_) => "match",
            C::AdjustArgs(_) => "adjust_args",
            C::AppendArgs(_) => "append_args",
            C::Novariants(_) => "novariants",
            C::Nocontext(_) => "nocontext",
            C::Simdlen(_) => "simdlen",
            C::Inbranch => "inbranch",
            C::Notinbranch => "notinbranch",
            C::Indirect(_) => "indirect",
            C::AtomicDefaultMemOrder(_) => "atomic_default_mem_order",
            C::DynamicAllocators => "dynamic_allocators",
            C::ReverseOffload => "reverse_offload",
            C::UnifiedAddress => "unified_address",
            C::UnifiedSharedMemory => "unified_shared_memory",
            C::Absent(_) => "absent",
            C::Contains(_) => "contains",
            C::Holds(_) => "holds",
            C::NoOpenmp => "no_openmp",
            C::NoOpenmpRoutines => "no_openmp_routines",
            C::NoParallelism => "no_parallelism",
            C::At(_) => "at",
            C::Message(_) => "message",
            C::Severity(_) => "severity",
            C::Sizes(_) => "sizes",
            C::Full => "full",
            C::Partial(_) => "partial",
            C::Collapse(_) => "collapse",
            C::Ordered(_) => "ordered",
            C::NumThreads(_) => "num_threads",
            C::ProcBind(_) => "proc_bind",
            C::NumTeams { .. } => "num_teams",
            C::ThreadLimit(_) => "thread_limit",
            C::Order(_) => "order",
            C::Nontemporal(_) => "nontemporal",
            C::Safelen(_) => "safelen",
            C::Filter(_) => "filter",
            C::Schedule { .. } => "schedule",
            C::DistSchedule(_) => "dist_schedule",
            C::Bind(_) => "bind",
            C::Untied => "untied",
            C::Mergeable => "mergeable",
            C::Final(_) => "final",
            C::Priority(_) => "priority",
            C::Affinity { .. } => "affinity",
            C::Detach(_) => "detach",
            C::Grainsize { .. } => "grainsize",
            C::NumTasks { .. } => "num_tasks",
            C::Nogroup => "nogroup",
            C::DeviceType(_) => "device_type",
            C::Device { .. } => "device",
            C::Init(_) => "init",
            C::Use(_) => "use",
            C::Hint(_) => "hint",
            C::Nowait => "nowait",
            C::MemoryOrder(m) => m.name(),
            C::Read => "read",
            C::Write => "write",
            C::Update(_) => "update",
            C::Capture => "capture",
            C::Compare => "compare",
            C::Fail(_) => "fail",
            C::Weak => "weak",
            C::Depend(_) => "depend",
            C::Doacross(_) => "doacross",
            C::Destroy(_) => "destroy",
            C::Threads => "threads",
            C::Simd => "simd",
            C::If { .. } => "if",
            C::ConstructType(d) => d.name(),
        }
    }

    /// Whether one of the clause's list items is based on the variable named `name`.
    pub fn names(&self, name: &str) -> bool {
        self.items().iter().any(|i| i.base.name == name)
    }

    /// The list items the clause names (variables, sections, locators), if any.
    pub fn items(&self) -> &[ListItem] {
        use ClauseKind as C;
        match self {
            C::Shared(v)
            | C::Private(v)
            | C::Firstprivate(v)
            | C::IsDevicePtr(v)
            | C::UseDevicePtr(v)
            | C::HasDeviceAddr(v)
            | C::UseDeviceAddr(v)
            | C::Inclusive(v)
            | C::Exclusive(v)
            | C::Copyin(v)
            | C::Copyprivate(v)
            | C::Enter(v)
            | C::Link(v)
            | C::Uniform(v)
            | C::Nontemporal(v) => v,
            C::Lastprivate { items, .. }
            | C::Reduction { items, .. }
            | C::TaskReduction { items, .. }
            | C::InReduction { items, .. }
            | C::Map { items, .. }
            | C::To { items, .. }
            | C::From { items, .. }
            | C::Aligned { items, .. }
            | C::Allocate { items, .. }
            | C::Affinity { items, .. }
            | C::Depend(Dependence::Locators { items, .. }) => items,
            C::Linear(l) => &l.items,
            C::Detach(i) | C::Use(i) => std::slice::from_ref(i),
            C::Destroy(Some(i)) => std::slice::from_ref(i),
            _ => &[],
        }
    }

    /// The list items the clause names, mutably (see [`Self::items`]).
    pub fn items_mut(&mut self) -> &mut [ListItem] {
        use ClauseKind as C;
        match self {
            C::Shared(v)
            | C::Private(v)
            | C::Firstprivate(v)
            | C::IsDevicePtr(v)
            | C::UseDevicePtr(v)
            | C::HasDeviceAddr(v)
            | C::UseDeviceAddr(v)
            | C::Inclusive(v)
            | C::Exclusive(v)
            | C::Copyin(v)
            | C::Copyprivate(v)
            | C::Enter(v)
            | C::Link(v)
            | C::Uniform(v)
            | C::Nontemporal(v) => v,
            C::Lastprivate { items, .. }
            | C::Reduction { items, .. }
            | C::TaskReduction { items, .. }
            | C::InReduction { items, .. }
            | C::Map { items, .. }
            | C::To { items, .. }
            | C::From { items, .. }
            | C::Aligned { items, .. }
            | C::Allocate { items, .. }
            | C::Affinity { items, .. }
            | C::Depend(Dependence::Locators { items, .. }) => items,
            C::Linear(l) => &mut l.items,
            C::Detach(i) | C::Use(i) => std::slice::from_mut(i),
            C::Destroy(Some(i)) => std::slice::from_mut(i),
            _ => &mut [],
        }
    }
}

/// A clause with its span and the span of its keyword.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    pub kind: ClauseKind,
    /// From the keyword to the closing parenthesis.
    pub span: Span,
    /// The keyword alone.
    pub keyword_span: Span,
}

fn opt(e: &Option<RawExpr>) -> String {
    e.as_ref()
        .map(|e| format!("({})", e.text))
        .unwrap_or_default()
}

fn sink(v: &[SinkTerm]) -> String {
    join(v)
}

fn modifiers_prefix(m: &[MapModifier]) -> String {
    if m.is_empty() {
        String::new()
    } else {
        format!("{}: ", join(m))
    }
}

impl fmt::Display for Clause {
    /// The clause in a canonical spelling: `keyword(arguments)`, list items as written with
    /// whitespace normalised, `: ` after modifiers and `, ` between items.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ClauseKind as C;
        let k = self.kind.keyword();
        match &self.kind {
            C::Shared(v)
            | C::Private(v)
            | C::Firstprivate(v)
            | C::IsDevicePtr(v)
            | C::UseDevicePtr(v)
            | C::HasDeviceAddr(v)
            | C::UseDeviceAddr(v)
            | C::Inclusive(v)
            | C::Exclusive(v)
            | C::Copyin(v)
            | C::Copyprivate(v)
            | C::Enter(v)
            | C::Link(v)
            | C::Uniform(v)
            | C::Nontemporal(v) => write!(f, "{k}({})", join(v)),
            C::Default(d) => write!(f, "default({d})"),
            C::Lastprivate { conditional, items } => {
                let m = if *conditional { "conditional: " } else { "" };
                write!(f, "lastprivate({m}{})", join(items))
            }
            C::Linear(l) => {
                write!(f, "linear({}", join(&l.items))?;
                match (&l.modifier, &l.step) {
                    (None, None) => {}
                    (None, Some(s)) => write!(f, ": {}", s.text)?,
                    (Some(m), None) => write!(f, ": {m}")?,
                    (Some(m), Some(s)) => write!(f, ": {m}, step({})", s.text)?,
                }
                f.write_str(")")
            }
            C::Reduction {
                modifier,
                op,
                items,
            } => {
                let m = modifier.map(|m| format!("{m}, ")).unwrap_or_default();
                write!(f, "reduction({m}{op}: {})", join(items))
            }
            C::TaskReduction { op, items } | C::InReduction { op, items } => {
                write!(f, "{k}({op}: {})", join(items))
            }
            C::Map {
                modifiers,
                map_type,
                items,
            } => {
                f.write_str("map(")?;
                for m in modifiers {
                    write!(f, "{m}, ")?;
                }
                if let Some(t) = map_type {
                    write!(f, "{t}: ")?;
                }
                write!(f, "{})", join(items))
            }
            C::Defaultmap { behavior, category } => match category {
                Some(c) => write!(f, "defaultmap({behavior}: {c})"),
                None => write!(f, "defaultmap({behavior})"),
            },
            C::To { modifiers, items } | C::From { modifiers, items } => {
                write!(f, "{k}({}{})", modifiers_prefix(modifiers), join(items))
            }
            C::Aligned { items, alignment } => match alignment {
                Some(a) => write!(f, "aligned({}: {})", join(items), a.text),
                None => write!(f, "aligned({})", join(items)),
            },
            C::Allocate {
                allocator,
                align,
                items,
            } => {
                f.write_str("allocate(")?;
                match (allocator, align) {
                    (None, None) => {}
                    (Some(a), None) => write!(f, "{}: ", a.text)?,
                    (a, b) => {
                        let mut m = Vec::new();
                        if let Some(a) = a {
                            m.push(format!("allocator({})", a.text));
                        }
                        if let Some(b) = b {
                            m.push(format!("align({})", b.text));
                        }
                        write!(f, "{}: ", m.join(", "))?;
                    }
                }
                write!(f, "{})", join(items))
            }
            C::Initializer(e)
            | C::Allocator(e)
            | C::Align(e)
            | C::UsesAllocators(e)
            | C::When(e)
            | C::Match(e)
            | C::AdjustArgs(e)
            | C::AppendArgs(e)
            | C::Novariants(e)
            | C::Nocontext(e)
            | C::Simdlen(e)
            | C::Absent(e)
            | C::Contains(e)
            | C::Holds(e)
            | C::Message(e)
            | C::Collapse(e)
            | C::NumThreads(e)
            | C::ThreadLimit(e)
            | C::Safelen(e)
            | C::Filter(e)
            | C::Final(e)
            | C::Priority(e)
            | C::Init(e)
            | C::Hint(e) => write!(f, "{k}({})", e.text),
            C::Otherwise(e) | C::Indirect(e) | C::Partial(e) | C::Ordered(e) => {
                write!(f, "{k}{}", opt(e))
            }
            C::AtomicDefaultMemOrder(m) | C::Fail(m) => write!(f, "{k}({m})"),
            C::At(a) => write!(f, "at({a})"),
            C::Severity(s) => write!(f, "severity({s})"),
            C::Sizes(v) => write!(f, "sizes({})", join(v)),
            C::ProcBind(p) => write!(f, "proc_bind({p})"),
            C::NumTeams { lower, upper } => match lower {
                Some(l) => write!(f, "num_teams({}: {})", l.text, upper.text),
                None => write!(f, "num_teams({})", upper.text),
            },
            C::Order(m) => match m {
                Some(m) => write!(f, "order({m}: concurrent)"),
                None => write!(f, "order(concurrent)"),
            },
            C::Schedule {
                modifiers,
                kind,
                chunk,
            } => {
                f.write_str("schedule(")?;
                if !modifiers.is_empty() {
                    write!(f, "{}: ", join(modifiers))?;
                }
                match chunk {
                    Some(c) => write!(f, "{kind}, {})", c.text),
                    None => write!(f, "{kind})"),
                }
            }
            C::DistSchedule(c) => match c {
                Some(c) => write!(f, "dist_schedule(static, {})", c.text),
                None => write!(f, "dist_schedule(static)"),
            },
            C::Bind(b) => write!(f, "bind({b})"),
            C::Affinity { iterator, items } => match iterator {
                Some(i) => write!(f, "affinity(iterator({}): {})", i.text, join(items)),
                None => write!(f, "affinity({})", join(items)),
            },
            C::Detach(i) | C::Use(i) => write!(f, "{k}({i})"),
            C::Grainsize { strict, size: e } | C::NumTasks { strict, count: e } => {
                let s = if *strict { "strict: " } else { "" };
                write!(f, "{k}({s}{})", e.text)
            }
            C::DeviceType(d) => write!(f, "device_type({d})"),
            C::Device { modifier, device } => match modifier {
                Some(m) => write!(f, "device({m}: {})", device.text),
                None => write!(f, "device({})", device.text),
            },
            C::Update(Some(t)) => write!(f, "update({t})"),
            C::Depend(d) => match d {
                Dependence::Locators {
                    iterator,
                    kind,
                    items,
                } => {
                    let it = iterator
                        .as_ref()
                        .map(|i| format!("iterator({}), ", i.text))
                        .unwrap_or_default();
                    write!(f, "depend({it}{kind}: {})", join(items))
                }
                Dependence::Source => write!(f, "depend(source)"),
                Dependence::Sink(v) => write!(f, "depend(sink: {})", sink(v)),
            },
            C::Doacross(d) => match d {
                Doacross::Source => write!(f, "doacross(source:)"),
                Doacross::Sink(v) => write!(f, "doacross(sink: {})", sink(v)),
            },
            C::Destroy(Some(i)) => write!(f, "destroy({i})"),
            C::If { modifier, cond } => match modifier {
                Some(d) => write!(f, "if({}: {})", d.name(), cond.text),
                None => write!(f, "if({})", cond.text),
            },
            C::Inbranch
            | C::Notinbranch
            | C::DynamicAllocators
            | C::ReverseOffload
            | C::UnifiedAddress
            | C::UnifiedSharedMemory
            | C::NoOpenmp
            | C::NoOpenmpRoutines
            | C::NoParallelism
            | C::Full
            | C::Untied
            | C::Mergeable
            | C::Nogroup
            | C::Nowait
            | C::MemoryOrder(_)
            | C::Read
            | C::Write
            | C::Update(None)
            | C::Capture
            | C::Compare
            | C::Weak
            | C::Destroy(None)
            | C::Threads
            | C::Simd
            | C::ConstructType(_) => f.write_str(k),
        }
    }
}
