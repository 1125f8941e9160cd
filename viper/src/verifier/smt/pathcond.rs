//! Path conditions as a persistent list shared between the branches of a symbolic execution.
//!
//! Every state carries its own path conditions; forking a state shares the common prefix. The
//! [`Prover`](super::solver::Prover) brings Z3's assertion stack in line with the path conditions of
//! the state that asks a query (popping to the common prefix and asserting the rest), so the rules
//! never push or pop by hand.

use std::cell::Cell;
use std::rc::Rc;
use z3::ast::Bool;

use super::terms::is_true;

thread_local! {
    static NEXT_ID: Cell<u64> = const { Cell::new(1) };
}

/// Restarts the numbering of path-condition nodes (at the start of a member).
pub fn reset_ids() {
    NEXT_ID.with(|c| c.set(1));
}

fn next_id() -> u64 {
    NEXT_ID.with(|c| {
        let id = c.get();
        c.set(id + 1);
        id
    })
}

/// One assumption on a path, linked to the assumptions before it.
pub struct PcNode {
    pub(crate) id: u64,
    /// Number of nodes from the root to this one, inclusive.
    pub(crate) depth: usize,
    pub(crate) term: Bool,
    /// Whether this assumption is a branch condition (chosen at a fork).
    pub(crate) branch: bool,
    pub(crate) parent: Option<Rc<PcNode>>,
}

impl Drop for PcNode {
    // Dropping a long list recursively could exhaust the stack; unlink it iteratively.
    fn drop(&mut self) {
        let mut next = self.parent.take();
        while let Some(node) = next {
            match Rc::try_unwrap(node) {
                Ok(mut n) => next = n.parent.take(),
                Err(_) => break,
            }
        }
    }
}

/// The path conditions of one symbolic state.
#[derive(Clone, Default)]
pub struct PathConds {
    pub(crate) top: Option<Rc<PcNode>>,
}

impl PathConds {
    /// Adds an assumption (literal `true` is skipped).
    pub fn assume(&mut self, term: Bool) {
        self.push(term, false);
    }

    /// Adds a branch condition.
    pub fn assume_branch(&mut self, term: Bool) {
        self.push(term, true);
    }

    fn push(&mut self, term: Bool, branch: bool) {
        if is_true(&term) {
            return;
        }
        let depth = self.depth() + 1;
        self.top = Some(Rc::new(PcNode {
            id: next_id(),
            depth,
            term,
            branch,
            parent: self.top.take(),
        }));
    }

    /// The branch conditions added on top of `base` (a prefix of `self`), oldest first.
    pub fn branch_conds_since(&self, base: &PathConds) -> Vec<Bool> {
        let stop = base.top.as_ref().map(|n| n.id);
        let mut out = Vec::new();
        let mut cur = self.top.clone();
        while let Some(n) = cur {
            if Some(n.id) == stop {
                break;
            }
            if n.branch {
                out.push(n.term.clone());
            }
            cur = n.parent.clone();
        }
        out.reverse();
        out
    }

    pub fn depth(&self) -> usize {
        self.top.as_ref().map_or(0, |n| n.depth)
    }

    /// The assumptions added on top of `base` (which must be a prefix of `self`), oldest first.
    pub fn since(&self, base: &PathConds) -> Vec<Bool> {
        let stop = base.top.as_ref().map(|n| n.id);
        let mut out = Vec::new();
        let mut cur = self.top.clone();
        while let Some(n) = cur {
            if Some(n.id) == stop {
                break;
            }
            out.push(n.term.clone());
            cur = n.parent.clone();
        }
        out.reverse();
        out
    }
}
