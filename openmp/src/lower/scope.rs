//! Source variables in scope and their Viper names.

use crate::c::Type as CType;
use std::collections::HashMap;

/// What a source variable is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// A parameter of the function (a method argument, or its local copy).
    Param,
    /// A local variable of the function.
    Local,
    /// A quantified variable of a specification.
    Bound,
    /// The iteration variable of a parallel loop.
    Iteration,
    /// A variable private to one basic block (declared in it or named in `private`/`firstprivate`).
    Private,
}

/// A source variable: its Viper name and type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    pub viper: String,
    pub ty: CType,
    pub kind: VarKind,
    /// Declaration order (for listing variables as they were declared).
    pub order: usize,
}

/// Nested scopes mapping source names to variables.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    frames: Vec<HashMap<String, Var>>,
    declared: usize,
}

impl Scope {
    pub fn new() -> Scope {
        Scope {
            frames: vec![HashMap::new()],
            declared: 0,
        }
    }

    pub fn push(&mut self) {
        self.frames.push(HashMap::new());
    }

    pub fn pop(&mut self) {
        self.frames.pop();
    }

    /// Declares `name` in the innermost frame.
    pub fn declare(&mut self, name: &str, viper: String, ty: CType, kind: VarKind) {
        self.declared += 1;
        let order = self.declared;
        if let Some(f) = self.frames.last_mut() {
            f.insert(
                name.to_string(),
                Var {
                    viper,
                    ty,
                    kind,
                    order,
                },
            );
        }
    }

    /// The innermost variable called `name`.
    pub fn lookup(&self, name: &str) -> Option<&Var> {
        self.frames.iter().rev().find_map(|f| f.get(name))
    }

    /// Every visible variable (innermost binding of each name), in declaration order.
    pub fn visible(&self) -> Vec<(String, Var)> {
        let mut seen: HashMap<&str, &Var> = HashMap::new();
        for f in &self.frames {
            for (k, v) in f {
                seen.insert(k, v);
            }
        }
        let mut out: Vec<(String, Var)> = seen
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
        out.sort_by_key(|(_, v)| v.order);
        out
    }
}
