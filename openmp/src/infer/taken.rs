//! The names that variables bound in inferred specifications must avoid (the program's variable
//! names, and those handed out before). The program's names are collected once and shared:
//! copying them for every contract made inference quadratic in the size of the program.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use crate::c::names::NameSet;
use crate::c::Program;

/// The variable names of a program: all of them, the globals', and each function's.
#[derive(Debug, Default)]
pub struct ProgramNames {
    all: Arc<BTreeSet<String>>,
    globals: Arc<BTreeSet<String>>,
    by_function: HashMap<String, Arc<BTreeSet<String>>>,
}

impl ProgramNames {
    pub fn new(program: &Program) -> ProgramNames {
        let mut globals = BTreeSet::new();
        let mut by_function: HashMap<String, BTreeSet<String>> = HashMap::new();
        for v in &program.vars {
            match &v.function {
                Some(f) => by_function
                    .entry(f.clone())
                    .or_default()
                    .insert(v.name.clone()),
                None => globals.insert(v.name.clone()),
            };
        }
        ProgramNames {
            all: Arc::new(program.vars.iter().map(|v| v.name.clone()).collect()),
            globals: Arc::new(globals),
            by_function: by_function
                .into_iter()
                .map(|(f, names)| (f, Arc::new(names)))
                .collect(),
        }
    }

    /// Every variable name of the program taken.
    pub fn all(&self) -> Taken {
        Taken {
            bases: vec![self.all.clone()],
            own: BTreeSet::new(),
        }
    }

    /// The globals' names and those of `function`'s variables taken.
    pub fn of_function(&self, function: Option<&str>) -> Taken {
        let mut bases = vec![self.globals.clone()];
        bases.extend(function.and_then(|f| self.by_function.get(f)).cloned());
        Taken {
            bases,
            own: BTreeSet::new(),
        }
    }
}

impl NameSet for Taken {
    fn take(&mut self, name: String) -> bool {
        self.insert(name)
    }
}

/// A set of taken names: shared ones and those taken since.
#[derive(Clone, Debug, Default)]
pub struct Taken {
    bases: Vec<Arc<BTreeSet<String>>>,
    own: BTreeSet<String>,
}

impl Taken {
    /// Takes `name`; false if it was taken already.
    pub fn insert(&mut self, name: String) -> bool {
        !self.bases.iter().any(|b| b.contains(&name)) && self.own.insert(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_names_stay_taken() {
        let base = Arc::new(BTreeSet::from(["k0".to_string()]));
        let mut t = Taken {
            bases: vec![base],
            own: BTreeSet::new(),
        };
        assert!(!t.insert("k0".into()));
        assert!(t.insert("k0_1".into()));
        assert!(!t.insert("k0_1".into()));
    }
}
