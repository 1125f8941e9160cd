//! The data-sharing attributes of variables in OpenMP constructs (OpenMP 5.2 §5.1, "Data-Sharing
//! Attribute Rules"), in one place. Every rule cites the specification; the README's table is
//! this file in prose.
//!
//! For a reference to a variable in a basic block, the attribute is decided in this order:
//!
//! 1. *Predetermined* (§5.1.1): a variable with automatic storage declared in the block is
//!    private to one execution of it ([`Sharing::Local`]); the iteration variables of the loops
//!    associated with a loop construct are private ([`Sharing::LoopVar`]); `threadprivate`
//!    variables are per thread ([`Sharing::Threadprivate`]); variables with static storage are
//!    shared.
//! 2. *Explicit* (§5.1.1, §5.4): a data-sharing clause on the innermost construct that names the
//!    variable (`private`, `firstprivate`, `lastprivate`, `reduction`, `shared`), looking from
//!    the block's own construct outwards to the `parallel` construct.
//! 3. A variable with automatic storage declared in the parallel region outside the block is
//!    private to each thread of the team (§5.1.1: declared in a scope inside the construct), and
//!    keeps its value from one block to the next on the same thread ([`Sharing::ThreadLocal`]).
//! 4. *Implicit* (§5.1.1): with `default(none)` every other variable must be named in a clause
//!    (an error); with `default(private)`/`default(firstprivate)` it gets that attribute;
//!    otherwise (no `default`, or `default(shared)`) it is shared.
//!
//! How the lowering gives each attribute its meaning (per thread, not per iteration):
//! - a private copy (`private`, `lastprivate`, `reduction`, `ThreadLocal`) lives as long as its
//!   thread's part of the construct, and a thread runs many iterations of a loop: at the start of
//!   an iteration it holds whatever the thread left in it, so ompv starts every iteration (and
//!   every block) with an arbitrary value;
//! - a `firstprivate` copy is initialised from the original once per thread (§5.4.4): an
//!   iteration starts with the original value only if no code of the region ever writes the
//!   variable, and with an arbitrary value otherwise;
//! - the original of a variable the region privatises is not changed by the region, except
//!   `lastprivate` and `reduction` originals, which get new values (arbitrary, for ompv, unless a
//!   contract says more).

use crate::c::ast::{Storage, Var, VarId};
use crate::error::FrontError;
use crate::pragma::{ClauseKind, DefaultKind, Directive, Pragma, ReductionId};
use std::collections::{BTreeMap, BTreeSet};
use viper::Span;

/// The data-sharing attribute of a variable in a basic block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sharing {
    /// The original variable (implicitly or by `shared`).
    Shared,
    /// `private` (§5.4.3): a new, uninitialised copy per thread.
    Private { clause: Span },
    /// `firstprivate` (§5.4.4): a copy per thread, initialised from the original.
    Firstprivate { clause: Span },
    /// `lastprivate` (§5.4.5): private; the original gets the value of the sequentially last
    /// iteration.
    Lastprivate { clause: Span },
    /// `reduction` (§5.5.8): a private copy per thread initialised with the operator's identity;
    /// the original gets the combination of all copies.
    Reduction { op: ReductionId, clause: Span },
    /// An iteration variable of the block's loop construct (predetermined private).
    LoopVar,
    /// Declared inside the block.
    Local,
    /// Declared in the parallel region outside the block: private to each thread.
    ThreadLocal,
    /// A `threadprivate` variable (§5.2): one copy per thread for the whole program.
    Threadprivate,
}

impl Sharing {
    /// Whether the block works on a copy of its own (anything but the original).
    pub fn is_private(&self) -> bool {
        !matches!(self, Sharing::Shared)
    }

    /// Whether the original gets a new value at the end of the construct.
    pub fn updates_original(&self) -> bool {
        matches!(
            self,
            Sharing::Lastprivate { .. } | Sharing::Reduction { .. }
        )
    }

    /// A short name (`shared`, `private`, …).
    pub fn name(&self) -> &'static str {
        match self {
            Sharing::Shared => "shared",
            Sharing::Private { .. } => "private",
            Sharing::Firstprivate { .. } => "firstprivate",
            Sharing::Lastprivate { .. } => "lastprivate",
            Sharing::Reduction { .. } => "reduction",
            Sharing::LoopVar => "loop variable",
            Sharing::Local => "local",
            Sharing::ThreadLocal => "private to the thread",
            Sharing::Threadprivate => "threadprivate",
        }
    }
}

/// What the rules look at for one basic block.
pub struct BlockContext<'a> {
    /// The constructs from the outermost `parallel` to the block's own construct.
    pub constructs: &'a [Pragma],
    /// Variables declared inside the parallel region.
    pub region_decls: &'a BTreeSet<VarId>,
    /// Variables declared inside the block.
    pub block_decls: &'a BTreeSet<VarId>,
    /// The iteration variables of the block's loops.
    pub loop_vars: &'a [VarId],
}

/// The data-sharing attribute of every variable in `referenced`.
pub fn attributes<'v>(
    ctx: &BlockContext<'_>,
    referenced: &BTreeSet<VarId>,
    var: &dyn Fn(VarId) -> &'v Var,
) -> Result<BTreeMap<VarId, Sharing>, FrontError> {
    let mut out = BTreeMap::new();
    for &v in referenced {
        out.insert(v, attribute(ctx, v, var(v))?);
    }
    Ok(out)
}

fn attribute(ctx: &BlockContext<'_>, v: VarId, info: &Var) -> Result<Sharing, FrontError> {
    let is_static = matches!(info.storage, Storage::Global | Storage::StaticLocal);
    // 1. Predetermined. A loop variable declared in its `for` is the iteration's coordinate
    // first of all.
    if ctx.loop_vars.contains(&v) {
        return Ok(Sharing::LoopVar);
    }
    if ctx.block_decls.contains(&v) && !is_static {
        return Ok(Sharing::Local);
    }
    if info.threadprivate {
        return Ok(Sharing::Threadprivate);
    }
    if let Some(task) = ctx
        .constructs
        .last()
        .filter(|p| p.directive == Directive::Task)
    {
        return task_attribute(ctx, task, v, info);
    }
    // 2. Explicit, innermost construct first.
    for p in ctx.constructs.iter().rev() {
        if let Some(s) = explicit(p, &info.name) {
            return Ok(s);
        }
    }
    if is_static {
        return Ok(Sharing::Shared);
    }
    // 3. Declared in the region, outside the block.
    if ctx.region_decls.contains(&v) {
        return Ok(Sharing::ThreadLocal);
    }
    // 4. Implicit: the `default` clause of the innermost construct that has one.
    for p in ctx.constructs.iter().rev() {
        for c in &p.clauses {
            if let ClauseKind::Default(k) = &c.kind {
                return match k {
                    DefaultKind::Shared => Ok(Sharing::Shared),
                    DefaultKind::Private => Ok(Sharing::Private { clause: c.span }),
                    DefaultKind::Firstprivate => Ok(Sharing::Firstprivate { clause: c.span }),
                    DefaultKind::None => Err(FrontError::type_error(
                        c.span,
                        format!(
                            "`{}` is used in a construct with `default(none)` but is named in no \
                             data-sharing clause (OpenMP 5.2 §5.4.1)",
                            info.name
                        ),
                    )),
                };
            }
        }
    }
    Ok(Sharing::Shared)
}

/// The attribute of a variable in a `task` that does not declare it (§5.1.1): a clause of the task
/// decides; otherwise (no `default`) a variable shared in the enclosing context is shared, and any
/// other is `firstprivate`, copied when the task is generated.
fn task_attribute(
    ctx: &BlockContext<'_>,
    task: &Pragma,
    v: VarId,
    info: &Var,
) -> Result<Sharing, FrontError> {
    let outer = BlockContext {
        constructs: &ctx.constructs[..ctx.constructs.len() - 1],
        region_decls: ctx.region_decls,
        block_decls: &BTreeSet::new(),
        loop_vars: &[],
    };
    let enclosing = attribute(&outer, v, info)?;
    let default = task.clauses.iter().find_map(|c| match &c.kind {
        ClauseKind::Default(k) => Some((k, c.span)),
        _ => None,
    });
    let shared_here = |at: Span| {
        if enclosing == Sharing::Shared {
            Ok(Sharing::Shared)
        } else {
            // The generating thread's private copy, shared with the task: ompv keeps such copies
            // in the thread's own code only.
            Err(FrontError::unsupported(
                at,
                format!(
                    "`{}` shared between a task and the thread that generates it, whose copy is {}",
                    info.name,
                    enclosing.name()
                ),
            ))
        }
    };
    match explicit(task, &info.name) {
        Some(Sharing::Shared) => return shared_here(task.directive_span),
        Some(s) => return Ok(s),
        None => {}
    }
    match default {
        Some((DefaultKind::Shared, at)) => shared_here(at),
        Some((DefaultKind::None, at)) => Err(FrontError::type_error(
            at,
            format!(
                "`{}` is used in a task with `default(none)` but is named in no data-sharing \
                 clause (OpenMP 5.2 §5.4.1)",
                info.name
            ),
        )),
        Some((_, at)) => Err(FrontError::unsupported(at, "this `default` on a task")),
        None => Ok(match enclosing {
            Sharing::Shared => Sharing::Shared,
            Sharing::Threadprivate => Sharing::Threadprivate,
            _ => Sharing::Firstprivate {
                clause: task.directive_span,
            },
        }),
    }
}

/// The attribute a data-sharing clause of `p` gives to the variable `name`, if one names it.
fn explicit(p: &Pragma, name: &str) -> Option<Sharing> {
    for c in &p.clauses {
        let names = |vs: &[crate::pragma::ListItem]| {
            vs.iter().any(|i| i.is_variable() && i.base.name == name)
        };
        let hit = match &c.kind {
            ClauseKind::Private(vs) if names(vs) => Sharing::Private { clause: c.span },
            ClauseKind::Firstprivate(vs) if names(vs) => Sharing::Firstprivate { clause: c.span },
            ClauseKind::Lastprivate { items, .. } if names(items) => {
                Sharing::Lastprivate { clause: c.span }
            }
            ClauseKind::Shared(vs) if names(vs) => Sharing::Shared,
            ClauseKind::Reduction { op, items, .. } if names(items) => Sharing::Reduction {
                op: op.clone(),
                clause: c.span,
            },
            _ => continue,
        };
        return Some(hit);
    }
    None
}
