//! Lowering a checked C/OpenMP program to Viper, with the proof obligations of its parallel
//! regions (thesis ch. 5).
//!
//! - [`prelude`]: the array model and C division;
//! - [`cexpr`], [`spec`]: C and specification expressions;
//! - [`stmt`]: statements (sequential code of functions and blocks);
//! - [`function`]: a C function as a Viper method with its contract;
//! - [`region`]: a parallel region's blocks as [`ppl::obligations::ViperBlock`]s, its shared
//!   scalars checked syntactically, and its obligations built by [`ppl::obligations`].
//!
//! Every node that may fail verification carries a check span of the side table
//! ([`ppl::obligations::Checks`]), so that errors map back to the C program exactly.

pub mod cexpr;
pub mod function;
pub mod prelude;
pub mod region;
pub mod reserved;
pub mod scope;
pub mod shared;
pub mod spec;
pub mod stmt;

use crate::c::{Function, Origin, Type as CType};
use crate::error::{FrontError, FrontErrors};
use crate::Program;
use ppl::obligations::{Checks, NameGen, ObligationKind};
use scope::Scope;
use std::collections::{BTreeSet, HashMap};
use viper::ast::{Item, Program as ViperProgram, Type};
use viper::Span;

/// A program lowered to Viper with everything needed to explain its verification results.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub program: ViperProgram,
    /// The side table of every check in `program`.
    pub checks: Checks,
    /// What each generated method proves (prelude members are not listed).
    pub obligations: Vec<(String, ObligationKind)>,
}

/// Lowers `program` to Viper.
pub fn lower(program: &Program) -> Result<Lowered, FrontErrors> {
    let mut l = Lowerer::new(program);
    l.run();
    if !l.errors.is_empty() {
        l.errors.sort_by_key(|e| (e.span.file, e.span.start));
        l.errors.dedup();
        return Err(FrontErrors(l.errors));
    }
    Ok(Lowered {
        program: ViperProgram { items: l.items },
        checks: l.checks,
        obligations: l.obligations,
    })
}

/// State of one function's lowering.
#[derive(Debug, Default)]
pub(crate) struct FnState {
    /// The source function's name.
    pub name: String,
    pub names: NameGen,
    pub scope: Scope,
    /// The Viper return variable.
    pub result: Option<(String, CType)>,
    /// Source variables whose Viper name differs (Viper name -> source name).
    pub renamed: HashMap<String, String>,
    /// The function's `context_everywhere` clauses (joined to every contract inside it).
    pub everywhere: Vec<crate::spec::Clause>,
    /// Lowering the code of a basic block (its declarations are private to it).
    pub in_block: bool,
    /// Obligations of the function's regions, added after the function's method.
    pub pending: Vec<ppl::obligations::Obligation>,
    /// Statements (by span) of the block being lowered that write a shared variable, with the
    /// block and the variable: each gets a failing check (a data race).
    pub shared_writes: HashMap<Span, (ppl::obligations::BlockKey, String)>,
}

/// The lowering of one program.
pub(crate) struct Lowerer<'p> {
    pub program: &'p Program,
    pub checks: Checks,
    pub items: Vec<Item>,
    pub obligations: Vec<(String, ObligationKind)>,
    pub errors: Vec<FrontError>,
    /// Source function name -> Viper method name.
    pub methods: HashMap<String, String>,
    /// Functions called from verified code.
    pub called: BTreeSet<String>,
    /// Names of global Viper declarations.
    pub globals: BTreeSet<String>,
    pub cur: FnState,
}

impl<'p> Lowerer<'p> {
    fn new(program: &'p Program) -> Lowerer<'p> {
        let mut globals: BTreeSet<String> = prelude::NAMES.iter().map(|s| s.to_string()).collect();
        let mut methods = HashMap::new();
        for f in &program.functions {
            let c = &f.name.name;
            if methods.contains_key(c) {
                continue;
            }
            let mut v = c.clone();
            while reserved::is_reserved(&v) || globals.contains(&v) {
                v.push('_');
            }
            globals.insert(v.clone());
            methods.insert(c.clone(), v);
        }
        Lowerer {
            program,
            checks: Checks::new(),
            items: prelude::items(),
            obligations: Vec::new(),
            errors: Vec::new(),
            methods,
            called: BTreeSet::new(),
            globals,
            cur: FnState::default(),
        }
    }

    fn run(&mut self) {
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
        // Runtime routines the program calls (declared in ompv's omp.h).
        let called: Vec<String> = self.called.iter().cloned().collect();
        for name in called {
            if done.contains(&name) {
                continue;
            }
            if let Some(def) = program.function(&name) {
                done.insert(name);
                self.function(def);
            }
        }
    }

    /// Lowers one function (a method with a body if it is verified, an abstract one otherwise).
    fn function(&mut self, f: &'p Function) {
        if let Err(e) = self.function_method(f) {
            self.errors.push(e);
        }
    }

    /// Starts lowering a new function: fresh names, empty scope.
    pub(crate) fn begin_function(&mut self, f: &Function) {
        let mut names = NameGen::new();
        for g in &self.globals {
            names.reserve(g);
        }
        for r in reserved::VIPER_RESERVED {
            names.reserve(r);
        }
        for n in shared::source_names(f, &self.program.regions) {
            names.keep_for_source(&n);
        }
        self.cur = FnState {
            name: f.name.name.clone(),
            names,
            scope: Scope::new(),
            result: None,
            renamed: HashMap::new(),
            everywhere: Vec::new(),
            in_block: false,
            pending: Vec::new(),
            shared_writes: HashMap::new(),
        };
    }

    /// A fresh Viper name for the source variable `name`.
    pub(crate) fn fresh_var(&mut self, name: &str) -> String {
        let v = self.cur.names.fresh_source(name);
        if v != name {
            self.cur.renamed.insert(v.clone(), name.to_string());
        }
        v
    }

    /// The Viper method implementing a source function.
    pub(crate) fn method_name(&self, c: &str) -> String {
        self.methods
            .get(c)
            .cloned()
            .unwrap_or_else(|| c.to_string())
    }
}

/// The Viper type of a C type (`None` for `void`).
pub fn viper_type(t: CType) -> Option<Type> {
    match t {
        CType::Void => None,
        CType::Int => Some(Type::Int),
        CType::Bool => Some(Type::Bool),
        CType::IntPtr | CType::IntArray => Some(prelude::array_type()),
    }
}

#[cfg(test)]
mod tests;
