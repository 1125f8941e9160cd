//! The C program ompv verifies: the first stage's result ([`Program`]), which the OpenMP
//! passes then rewrite.

use super::ast::*;
use std::collections::{BTreeMap, HashMap};
use viper::FileId;

/// The converted program: the first stage's result. Its functions are the C program as written;
/// the OpenMP stage rewrites them and adds the regions (`omp::Program`).
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The user's file.
    pub file: FileId,
    /// Every variable (globals, parameters, locals of every function).
    pub vars: Vec<Var>,
    pub structs: Vec<StructDef>,
    /// Global variables of the user's file and ompv's headers, in declaration order.
    pub globals: Vec<Global>,
    /// Functions of the file (definitions and prototypes, in source order), then the library
    /// routines ompv's headers declare.
    pub functions: Vec<Function>,
    /// Contracts at the start of `master`/`masked` blocks, their clauses guarded by the filter
    /// thread, keyed by the temporary that holds the thread number in the block's test
    /// ([`crate::omp`] adds them to the contract of the code every thread runs around them).
    pub masked_contracts: BTreeMap<VarId, crate::spec::Contract>,
    /// Where [`Program::function`] finds each function (built on first use).
    pub function_index: FunctionIndex,
}

/// Function name -> index in [`Program::functions`] of its definition (else its first
/// declaration). Built on first use, once the functions are final; looking a name up by scanning
/// made every call site cost the size of the program.
#[derive(Clone, Debug, Default)]
pub struct FunctionIndex(std::sync::OnceLock<HashMap<String, usize>>);

/// A cache: equal whatever it holds.
impl PartialEq for FunctionIndex {
    fn eq(&self, _: &FunctionIndex) -> bool {
        true
    }
}

impl Program {
    /// Registers a variable (one a rewriting introduces).
    pub fn new_var(&mut self, v: Var) -> VarId {
        self.vars.push(v);
        VarId(self.vars.len() as u32 - 1)
    }

    /// The function with the given name (the definition if there is one).
    pub fn function(&self, name: &str) -> Option<&Function> {
        let index = self.function_index.0.get_or_init(|| {
            let mut m = HashMap::new();
            for (k, f) in self.functions.iter().enumerate() {
                let defined = !matches!(f.body, Body::Prototype);
                match m.entry(f.name.name.clone()) {
                    std::collections::hash_map::Entry::Vacant(e) => {
                        e.insert(k);
                    }
                    std::collections::hash_map::Entry::Occupied(mut e) => {
                        if defined && matches!(self.functions[*e.get()].body, Body::Prototype) {
                            e.insert(k);
                        }
                    }
                }
            }
            m
        });
        // (Checked, in case the functions changed after the index was built.)
        if let Some(f) = index.get(name).and_then(|k| self.functions.get(*k)) {
            if f.name.name == name {
                return Some(f);
            }
        }
        let mut found = None;
        for f in self.functions.iter().filter(|f| f.name.name == name) {
            if !matches!(f.body, Body::Prototype) {
                return Some(f);
            }
            found.get_or_insert(f);
        }
        found
    }

    /// A variable.
    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v.0 as usize]
    }

    /// The global that holds the library's hidden state `s`, if the program calls a routine
    /// that touches it (`semantics::libc`).
    pub fn hidden_state(&self, s: crate::semantics::libc::State) -> Option<VarId> {
        self.globals
            .iter()
            .map(|g| g.var)
            .find(|v| self.var(*v).name == s.global_name())
    }

    /// The keys of [`Program::masked_contracts`] of the `master`/`masked` blocks in `stmts`
    /// (nested ones included), in order.
    pub fn masked_in(&self, stmts: &[Stmt]) -> Vec<VarId> {
        let mut out = Vec::new();
        super::visit::each_stmt(stmts, &mut |s| {
            if let StmtKind::Call {
                target:
                    Some(Expr {
                        kind: ExprKind::Var(v),
                        ..
                    }),
                ..
            } = &s.kind
            {
                if self.masked_contracts.contains_key(v) {
                    out.push(*v);
                }
            }
        });
        out
    }

    /// A type as C writes it.
    pub fn type_name<'a>(&'a self, ty: &'a Type) -> TypeName<'a> {
        TypeName {
            ty,
            structs: &self.structs,
        }
    }
}
