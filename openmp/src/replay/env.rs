//! The data environment of a function activation: which object each variable (and name) denotes,
//! scope by scope. A data-sharing clause gives a variable a new object for the extent of its
//! construct by binding it in a scope of its own; blocks free the objects they declared.

use super::hash_map::HashMap;
use super::value::ObjId;
use crate::c::ast::VarId;

/// The object a variable denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Binding {
    pub obj: ObjId,
    /// Whether the object is shared by all implicit tasks of the current team (OpenMP 5.2
    /// §5.1.1 uses this to decide the implicit attribute of a variable in a task).
    pub team_shared: bool,
}

#[derive(Clone, Debug)]
enum Undo<'p> {
    Var(VarId, Option<Binding>),
    Name(&'p str, Option<VarId>),
    Free(ObjId),
}

/// One function activation.
#[derive(Clone, Debug)]
pub(crate) struct Frame<'p> {
    pub func: &'p str,
    vars: HashMap<VarId, Binding>,
    names: HashMap<&'p str, VarId>,
    undo: Vec<Undo<'p>>,
    marks: Vec<usize>,
}

impl<'p> Frame<'p> {
    pub fn new(func: &'p str) -> Frame<'p> {
        Frame {
            func,
            vars: HashMap::default(),
            names: HashMap::default(),
            undo: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// A copy for another thread of the team: the same bindings, no scopes of its own yet.
    pub fn fork(&self) -> Frame<'p> {
        Frame {
            func: self.func,
            vars: self.vars.clone(),
            names: self.names.clone(),
            undo: Vec::new(),
            marks: Vec::new(),
        }
    }

    pub fn var(&self, v: VarId) -> Option<Binding> {
        self.vars.get(&v).copied()
    }

    pub fn name(&self, n: &str) -> Option<VarId> {
        self.names.get(n).copied()
    }

    /// Every binding (for marking them shared by a new team).
    pub fn bindings(&self) -> Vec<(VarId, Binding)> {
        self.vars.iter().map(|(v, b)| (*v, *b)).collect()
    }

    pub fn push_scope(&mut self) {
        self.marks.push(self.undo.len());
    }

    /// Binds `v` (named `name`) in the innermost scope; `owned`: the scope frees the object.
    pub fn bind(&mut self, v: VarId, name: &'p str, b: Binding, owned: bool) {
        let old = self.vars.insert(v, b);
        self.undo.push(Undo::Var(v, old));
        let old = self.names.insert(name, v);
        self.undo.push(Undo::Name(name, old));
        if owned {
            self.undo.push(Undo::Free(b.obj));
        }
    }

    /// Leaves the innermost scope; returns the objects it owned.
    pub fn pop_scope(&mut self) -> Vec<ObjId> {
        let mark = self.marks.pop().unwrap_or(0);
        let mut freed = Vec::new();
        while self.undo.len() > mark {
            match self.undo.pop().expect("above the mark") {
                Undo::Var(v, old) => match old {
                    Some(b) => {
                        self.vars.insert(v, b);
                    }
                    None => {
                        self.vars.remove(&v);
                    }
                },
                Undo::Name(n, old) => match old {
                    Some(v) => {
                        self.names.insert(n, v);
                    }
                    None => {
                        self.names.remove(n);
                    }
                },
                Undo::Free(o) => freed.push(o),
            }
        }
        freed
    }

    /// Leaves every scope (the end of the activation); returns the objects they owned.
    pub fn pop_all(&mut self) -> Vec<ObjId> {
        let mut freed = Vec::new();
        while !self.marks.is_empty() {
            freed.extend(self.pop_scope());
        }
        freed.extend(self.pop_scope());
        freed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(i: u32) -> Binding {
        Binding {
            obj: ObjId { index: i, gen: 0 },
            team_shared: false,
        }
    }

    #[test]
    fn scopes_shadow_and_restore() {
        let mut f = Frame::new("main");
        f.push_scope();
        f.bind(VarId(1), "x", obj(1), true);
        f.push_scope();
        f.bind(VarId(1), "x", obj(2), true);
        f.bind(VarId(2), "x", obj(3), true);
        assert_eq!(f.var(VarId(1)), Some(obj(2)));
        assert_eq!(f.name("x"), Some(VarId(2)));
        let freed = f.pop_scope();
        assert_eq!(freed.len(), 2);
        assert_eq!(f.var(VarId(1)), Some(obj(1)));
        assert_eq!(f.var(VarId(2)), None);
        assert_eq!(f.name("x"), Some(VarId(1)));
        assert_eq!(f.pop_all().len(), 1);
        assert_eq!(f.name("x"), None);
    }
}
