//! Lowering a checked C/OpenMP program to Viper, with the proof obligations of its parallel
//! regions (thesis ch. 5).
//!
//! - [`prelude`]: the memory model, C division, floating-point values ([`float`]);
//! - [`memory`]: objects in memory (allocations, their permissions, element fields);
//! - [`value`]: C expressions as Viper values and locations;
//! - [`spec`]: specification expressions;
//! - [`stmt`], [`call`]: statements (sequential code of functions and blocks) and calls;
//!   [`loop_frame`]: what a loop's invariants say about the variables it does not compute;
//! - [`function`]: a C function as a Viper method with its contract;
//! - [`lanes`]: a `simd` loop in the code of a block, a region of its own;
//! - [`region`]: a parallel region's blocks as [`ppl::obligations::ViperBlock`]s and its
//!   obligations built by [`ppl::obligations`].
//!
//! Every node that may fail verification carries a check span of the side table
//! ([`ppl::obligations::Checks`]), so that errors map back to the C program exactly.
//!
//! The files of this folder are one unit: each holds the [`Lowerer`]'s methods for one part of the
//! program (statements, values, memory, calls, regions, specifications), and they call each
//! other's.

pub mod bigop;
pub mod call;
pub mod float;
pub mod function;
pub mod lanes;
pub mod library;
pub mod literal;
pub mod loop_frame;
pub mod memory;
pub mod prelude;
pub mod reduction;
pub mod region;
pub mod reserved;
pub mod spec;
pub mod stmt;
pub mod value;

use crate::c::ast::*;
use crate::error::{FrontError, FrontErrors};
use crate::Program;
use ppl::obligations::{Checks, NameGen, ObligationKind};
use std::collections::{BTreeSet, HashMap, HashSet};
use viper::ast::{Expr as VExpr, Item, Program as ViperProgram, Type as VType};
use viper::Span;

/// A program lowered to Viper with everything needed to explain its verification results.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub program: ViperProgram,
    /// The side table of every check in `program`.
    pub checks: Checks,
    /// Each generated method, what kind of obligation it is and what it proves in the terms of
    /// the source (prelude members are not listed).
    pub obligations: Vec<(String, ObligationKind, String)>,
    /// Methods that run a parallel region through block contracts ompv inferred: these say
    /// nothing about the values the region computes, so a failure after the region (an
    /// assertion, a postcondition) may not be real.
    pub approximate: BTreeSet<String>,
}

/// Choices of the lowering.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Check every arithmetic operation of a signed type of rank `int` or more for overflow
    /// (C11 6.5p5: undefined behaviour). Off, signed arithmetic is on unbounded integers: a
    /// program with a signed overflow has no defined meaning, and ompv assumes it has none.
    pub check_overflow: bool,
}

/// Lowers `program` to Viper.
pub fn lower(program: &Program) -> Result<Lowered, FrontErrors> {
    lower_with(program, Options::default())
}

/// Lowers `program` to Viper with the given choices.
pub fn lower_with(program: &Program, options: Options) -> Result<Lowered, FrontErrors> {
    let mut l = Lowerer::new(program);
    l.options = options;
    l.run();
    if !l.errors.is_empty() {
        return Err(FrontErrors::sorted(l.errors));
    }
    let mut items = l.items;
    prelude::prune(&mut items, l.prelude_len);
    Ok(Lowered {
        program: ViperProgram { items },
        checks: l.checks,
        obligations: l.obligations,
        approximate: l.approximate,
    })
}

/// How a C variable is represented in Viper.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Repr {
    /// A Viper local (or argument) holding its value.
    Local(String),
    /// An object in memory: the expression of its allocation (an `Array` value).
    Memory(VExpr),
}

/// The abrupt-completion flags of the code being lowered: `break`/`continue` of the enclosing
/// loops. Statements after one that may set a flag run only if none is set. (`return` needs no
/// flag: it checks the postcondition where it stands and ends the path.)
#[derive(Clone, Debug, Default)]
pub(crate) struct Flags {
    /// Per enclosing loop (innermost last): its `break` and `continue` flags (when the loop's
    /// body has such statements).
    pub loops: Vec<(Option<String>, Option<String>)>,
}

/// What lowering the code of a basic block needs to know.
#[derive(Clone, Debug, Default)]
pub(crate) struct BlockCtx {
    /// The Viper variable of the thread number, in a block every thread runs or an iteration
    /// of a worksharing loop.
    pub thread: Option<String>,
}

/// State of one function's lowering.
#[derive(Debug, Default)]
pub(crate) struct FnState {
    /// The source function's name.
    pub name: String,
    pub names: NameGen,
    /// The current representation of the function's variables in scope (globals: see
    /// [`Lowerer::repr`]).
    pub vars: HashMap<VarId, Repr>,
    /// Names in scope for specifications, innermost frame last.
    pub spec_scope: Vec<Vec<(String, VarId)>>,
    /// Variables bound by specification quantifiers: (source name, Viper name, is integer).
    pub bound: Vec<(String, String, bool)>,
    /// The Viper return variable and the C return type.
    pub result: Option<(String, Type)>,
    /// The function's postconditions, as checked where the function returns.
    pub posts: Vec<VExpr>,
    /// Source variables whose Viper name differs (Viper name -> source name).
    pub renamed: HashMap<String, String>,
    /// The function's `context_everywhere` clauses (joined to every contract inside it).
    pub everywhere: Vec<crate::spec::Clause>,
    /// Obligations of the function's regions, added after the function's method.
    pub pending: Vec<ppl::obligations::Obligation>,
    /// Pointer variables whose value is always the start of an allocation (or null).
    pub base_ptrs: HashSet<VarId>,
    pub flags: Flags,
    /// The Viper variable of the team size inside a parallel region.
    pub team: Option<String>,
    /// Inside a parallel region: the resource of each of its locks (lent to a block between
    /// acquiring and releasing the lock).
    pub locks: std::collections::BTreeMap<crate::omp::LockName, VExpr>,
    /// Inside a parallel region: the user's resource invariant clause of each lock that has one.
    pub invariants: std::collections::BTreeMap<crate::omp::LockName, Span>,
    /// The locks the code being lowered holds.
    pub held: Vec<crate::omp::LockName>,
    /// Inside a basic block.
    pub block: Option<BlockCtx>,
    /// Loop bounds of the region being lowered that read memory, by span: the local holding
    /// their value at the region's entry.
    pub bounds: HashMap<Span, String>,
    /// Allocations holding one shared scalar of the region being lowered (printed Viper ->
    /// source name), for diagnostics.
    pub scalar_objects: HashMap<String, String>,
    /// The combinations of reduction contributions recorded by the blocks of the region being
    /// lowered ([`reduction`]).
    pub ghosts: Vec<reduction::Ghost>,
    /// Whether an update block of the region being lowered assigns an original whose value
    /// ompv does not know (the function's later checks are then not definite).
    pub missing_facts: bool,
    /// Whether a block of the region being lowered runs a `simd` loop of its own
    /// ([`lanes`]): the block's checks after it are then not definite.
    pub lanes: bool,
}

/// See [`Lowerer::shared`].
#[derive(Default)]
pub(crate) struct SharedScope {
    pub reprs: HashMap<VarId, Repr>,
    pub spec_names: HashMap<String, VarId>,
    pub reserved: std::sync::Arc<HashSet<String>>,
    pub fn_vars: HashMap<String, Vec<String>>,
}

/// The lowering of one program.
pub(crate) struct Lowerer<'p> {
    pub program: &'p Program,
    pub checks: Checks,
    pub items: Vec<Item>,
    pub obligations: Vec<(String, ObligationKind, String)>,
    pub errors: Vec<FrontError>,
    /// Source function name -> Viper method name.
    pub methods: HashMap<String, String>,
    /// Functions called from verified code.
    pub called: BTreeSet<String>,
    /// Names of global Viper declarations.
    pub globals: BTreeSet<String>,
    /// Global variable -> the Viper domain function of its allocation.
    pub global_objs: HashMap<VarId, String>,
    /// What every function starts with, built once (per function it made lowering quadratic in
    /// the size of the program): the representation of each global variable, the names of the
    /// globals for specifications, the names no generated name may take, and each function's
    /// source variable names.
    pub shared: SharedScope,
    /// (struct, member) -> Viper field.
    pub struct_fields: HashMap<(StructId, usize), String>,
    /// (struct, member of array type) -> the Viper domain function giving the member's array
    /// (an allocation of its own) from the struct object's reference.
    pub member_arrays: HashMap<(StructId, usize), String>,
    pub cur: FnState,
    /// The number of prelude items at the start of `items`.
    pub prelude_len: usize,
    /// Whether some pointer of the program may point into the middle of an allocation (pointer
    /// arithmetic, pointers read from memory or returned by functions): then pointer parameters
    /// are checked to point to the start of one.
    pub needs_offsets: bool,
    /// Pointer parameters (function, position) that may be passed a pointer into the middle of
    /// an allocation ([`memory::interior_params`]).
    pub interior: HashSet<(String, usize)>,
    /// The name prefixes of the regions' methods so far (a function called twice from `main`
    /// and inlined there has two regions on one line).
    pub region_prefixes: BTreeSet<String>,
    /// See [`Lowered::approximate`].
    pub approximate: BTreeSet<String>,
    /// The functions of generalised quantifiers and reductions generated so far, by their
    /// normalised body ([`bigop`]).
    pub bigops: HashMap<String, String>,
    /// Their names.
    pub bigop_functions: BTreeSet<String>,
    /// See [`Options`].
    pub options: Options,
}

impl<'p> Lowerer<'p> {
    fn new(program: &'p Program) -> Lowerer<'p> {
        let mut globals: BTreeSet<String> = prelude::names().into_iter().collect();
        let mut methods = HashMap::new();
        for f in &program.functions {
            let c = &f.name.name;
            if methods.contains_key(c) {
                continue;
            }
            let v = unique(c, &mut globals);
            methods.insert(c.clone(), v);
        }
        let items = prelude::items();
        let interior = memory::interior_params(program);
        let needs_offsets = memory::needs_offsets(program, &interior);
        Lowerer {
            program,
            needs_offsets,
            interior,
            approximate: BTreeSet::new(),
            options: Options::default(),
            bigops: HashMap::new(),
            bigop_functions: BTreeSet::new(),
            checks: Checks::new(),
            prelude_len: items.len(),
            items,
            obligations: Vec::new(),
            errors: Vec::new(),
            methods,
            called: BTreeSet::new(),
            globals,
            global_objs: HashMap::new(),
            shared: SharedScope::default(),
            struct_fields: HashMap::new(),
            member_arrays: HashMap::new(),
            cur: FnState::default(),
            region_prefixes: BTreeSet::new(),
        }
    }

    fn run(&mut self) {
        self.declare_structs();
        self.declare_globals();
        self.shared = self.shared_scope();
        let program = self.program;
        let mut done = BTreeSet::new();
        // Verified functions and the user's other functions, in source order.
        for f in &program.functions {
            if f.origin != Origin::Main || !done.insert(f.name.name.clone()) {
                continue;
            }
            let Some(def) = program.function(&f.name.name) else {
                continue;
            };
            self.function(def);
        }
        // Library routines the program calls (declared in ompv's headers).
        loop {
            let called: Vec<String> = self
                .called
                .iter()
                .filter(|n| !done.contains(*n))
                .cloned()
                .collect();
            if called.is_empty() {
                break;
            }
            for name in called {
                done.insert(name.clone());
                if let Some(def) = program.function(&name) {
                    self.function(def);
                }
            }
        }
    }

    /// Lowers one function (a method with a body if it is verified, an abstract one otherwise).
    fn function(&mut self, f: &'p Function) {
        if let Err(e) = self.function_method(f) {
            self.errors.push(e);
        }
    }

    /// See [`Lowerer::shared`]; built once the globals are declared.
    fn shared_scope(&self) -> SharedScope {
        let mut reserved: HashSet<String> = self.globals.iter().cloned().collect();
        reserved.extend(reserved::VIPER_RESERVED.iter().map(|r| r.to_string()));
        let mut shared = SharedScope {
            reserved: std::sync::Arc::new(reserved),
            ..SharedScope::default()
        };
        for g in &self.program.globals {
            if let Some(obj) = self.global_objs.get(&g.var) {
                shared.reprs.insert(
                    g.var,
                    Repr::Memory(viper_call(obj, Vec::new(), Span::DUMMY)),
                );
                shared
                    .spec_names
                    .insert(self.program.var(g.var).name.clone(), g.var);
            }
        }
        for v in &self.program.vars {
            if let Some(f) = &v.function {
                shared
                    .fn_vars
                    .entry(f.clone())
                    .or_default()
                    .push(v.name.clone());
            }
        }
        shared
    }

    /// Starts lowering a new function: fresh names, empty scope, globals visible.
    pub(crate) fn begin_function(&mut self, f: &Function) {
        let mut names = NameGen::with_reserved(self.shared.reserved.clone());
        // Source names keep their spelling where they can.
        for v in self.shared.fn_vars.get(&f.name.name).into_iter().flatten() {
            names.keep_for_source(v);
        }
        self.cur = FnState {
            name: f.name.name.clone(),
            names,
            spec_scope: vec![Vec::new()],
            base_ptrs: memory::base_pointers(self.program, f, &self.interior),
            ..FnState::default()
        };
    }

    /// How variable `v` is represented where lowering stands: a local of the function (or a
    /// region's copy of a global), else a global object.
    pub(crate) fn repr(&self, v: &VarId) -> Option<&Repr> {
        self.cur.vars.get(v).or_else(|| self.shared.reprs.get(v))
    }

    /// A fresh Viper name for the source variable `v`, recorded for diagnostics.
    pub(crate) fn fresh_var(&mut self, v: VarId) -> String {
        let name = self.program.var(v).name.clone();
        let n = self.cur.names.fresh_source(&name);
        if n != name {
            self.cur.renamed.insert(n.clone(), name);
        }
        n
    }

    /// The Viper method implementing a source function.
    pub(crate) fn method_name(&self, c: &str) -> String {
        self.methods
            .get(c)
            .cloned()
            .unwrap_or_else(|| c.to_string())
    }

    /// Makes `name` visible to specifications in the innermost frame.
    pub(crate) fn spec_declare(&mut self, v: VarId) {
        let name = self.program.var(v).name.clone();
        if let Some(f) = self.cur.spec_scope.last_mut() {
            f.push((name, v));
        }
    }

    /// The variable a specification name denotes.
    pub(crate) fn spec_lookup(&self, name: &str) -> Option<VarId> {
        self.cur
            .spec_scope
            .iter()
            .rev()
            .find_map(|f| f.iter().rev().find(|(n, _)| n == name).map(|(_, v)| *v))
            .or_else(|| self.shared.spec_names.get(name).copied())
    }

    /// Runs `f` in a new scope (variables and specification names declared in it vanish after).
    pub(crate) fn scoped<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.cur.spec_scope.push(Vec::new());
        let r = f(self);
        self.cur.spec_scope.pop();
        r
    }
}

/// `name` made unique among `taken` (and Viper's reserved words), then taken.
pub(crate) fn unique(name: &str, taken: &mut BTreeSet<String>) -> String {
    let mut v = name.to_string();
    while reserved::is_reserved(&v) || taken.contains(&v) {
        v.push('_');
    }
    taken.insert(v.clone());
    v
}

/// A call of a heap-independent function (`name(args)`).
pub(crate) fn viper_call(name: &str, args: Vec<VExpr>, span: Span) -> VExpr {
    ppl::obligations::build::call(name, args, span)
}

/// The Viper type of a C value type (`None` for `void`, structs and arrays, which are objects).
/// `_Bool` values are the integers 0 and 1, as C computes with them.
pub fn viper_type(t: &Type) -> Option<VType> {
    match t {
        Type::Void | Type::Func | Type::Struct(_) => None,
        Type::Bool | Type::Int { .. } => Some(VType::Int),
        Type::Float(_) => Some(prelude::float_type()),
        Type::Ptr(_) | Type::Array { .. } => Some(prelude::array_type()),
    }
}

#[cfg(test)]
mod tests;
