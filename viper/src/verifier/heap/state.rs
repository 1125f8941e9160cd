//! The symbolic state of one execution path.

use std::collections::HashMap;
use z3::ast::{Bool, Dynamic};

use super::chunks::Heap;
use crate::verifier::smt::pathcond::PathConds;

/// Store, heap, saved heaps and path conditions. Cloning a state forks a path.
#[derive(Clone, Default)]
pub struct State {
    /// Local variables (and bound variables while a quantifier or `let` body is evaluated).
    pub store: HashMap<String, Dynamic>,
    pub heap: Heap,
    /// While an assertion is consumed: the heap before the consumption, in which its expressions
    /// are evaluated (permissions are removed from `heap`).
    pub eval_heap: Option<Heap>,
    /// The heap `old(..)` refers to: the method's pre-state (or the caller's heap at a call).
    pub old: Heap,
    /// Heaps saved by `label l`, for `old[l](..)`.
    pub labels: HashMap<String, Heap>,
    pub pc: PathConds,
    /// Snapshot maps already defined on this path: (field, chunk version) → map.
    pub sm_cache: HashMap<(usize, u64), Dynamic>,
}

impl State {
    pub fn new() -> State {
        State::default()
    }

    /// The heap that field reads see.
    pub fn reading(&self) -> &Heap {
        self.eval_heap.as_ref().unwrap_or(&self.heap)
    }

    pub fn assume(&mut self, t: Bool) {
        self.pc.assume(t);
    }

    /// Binds `name` to `value`, returning the previous binding (to restore scoped bindings).
    pub fn bind(&mut self, name: &str, value: Dynamic) -> Option<Dynamic> {
        self.store.insert(name.to_string(), value)
    }

    /// Restores a binding saved by [`State::bind`].
    pub fn unbind(&mut self, name: &str, previous: Option<Dynamic>) {
        match previous {
            Some(v) => {
                self.store.insert(name.to_string(), v);
            }
            None => {
                self.store.remove(name);
            }
        }
    }
}
