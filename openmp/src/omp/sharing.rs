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

use crate::c::ast::{Storage, Type, Var, VarId};
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
        .filter(|p| matches!(p.directive, Directive::Task | Directive::Taskloop))
    {
        return task_attribute(ctx, task, v, info);
    }
    // 2. Explicit, innermost construct first.
    for p in ctx.constructs.iter().rev() {
        if let Some(s) = explicit(p, info)? {
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
    match explicit(task, info)? {
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
/// A variable both `firstprivate` and `lastprivate` (§5.4.5) is `lastprivate`: its original is
/// updated at the end. (Its copies then start with unknown values instead of the original's,
/// which only weakens what the proof knows.)
fn explicit(p: &Pragma, info: &Var) -> Result<Option<Sharing>, FrontError> {
    let name = info.name.as_str();
    let last = p.clauses.iter().find(|c| {
        matches!(&c.kind, ClauseKind::Lastprivate { items, .. }
            if items.iter().any(|i| i.is_variable() && i.base.name == name))
    });
    if let Some(c) = last {
        return Ok(Some(Sharing::Lastprivate { clause: c.span }));
    }
    let names =
        |vs: &[crate::pragma::ListItem]| vs.iter().any(|i| i.is_variable() && i.base.name == name);
    // `shared` last: on a compound directive it applies to the `parallel` leaf, and a clause
    // that privatises the item applies to the inner leaf whose code this is (§17.2; on one
    // construct the two together are an error, `semantics::openmp::repeated_list_item`).
    let shared = p
        .clauses
        .iter()
        .any(|c| matches!(&c.kind, ClauseKind::Shared(vs) if names(vs)));
    for c in &p.clauses {
        let hit = match &c.kind {
            ClauseKind::Private(vs) if names(vs) => Sharing::Private { clause: c.span },
            ClauseKind::Firstprivate(vs) if names(vs) => Sharing::Firstprivate { clause: c.span },
            ClauseKind::Lastprivate { items, .. } if names(items) => {
                Sharing::Lastprivate { clause: c.span }
            }
            ClauseKind::Reduction { op, items, .. } => {
                let Some(i) = items
                    .iter()
                    .find(|i| i.base.name == name && i.derefs == 0 && i.shape.is_empty())
                else {
                    continue;
                };
                if !i.designators.is_empty() {
                    whole_array_section(i, &info.ty)?;
                }
                Sharing::Reduction {
                    op: op.clone(),
                    clause: c.span,
                }
            }
            _ => continue,
        };
        return Ok(Some(hit));
    }
    Ok(shared.then_some(Sharing::Shared))
}

// ----------------------------------------------------------------------------------------------
// Construct-level rules (for executing a program, e.g. the race-witness replay): what one
// construct does with each variable referenced in it, when the construct is encountered.

/// Which implicit rule of §5.1.1 applies to a construct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstructKind {
    /// `parallel` (alone or as the first leaf of a compound construct): variables are shared
    /// unless a `default` clause says otherwise (§5.1.1, §5.4.1).
    Parallel,
    /// A task-generating construct (`task`, `taskloop`): without `default`, a variable that is
    /// shared by all implicit tasks of the current team in the enclosing context is shared,
    /// every other one firstprivate (§5.1.1).
    Task,
    /// Any other construct (worksharing, `simd`, `masked`, `critical`, ...): a variable no clause
    /// names keeps the attribute it has in the enclosing context.
    Other,
}

/// What a construct does with one variable referenced in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstructSharing {
    /// No clause and no rule of this construct changes it: the enclosing context's variable.
    Inherited,
    /// The original variable.
    Shared,
    /// A new, uninitialised copy (§5.4.3).
    Private,
    /// A new copy initialised from the original (§5.4.4); `clause` is `None` when implicit.
    Firstprivate { clause: Option<Span> },
    /// A new copy whose value from the sequentially last iteration (lexically last section) is
    /// assigned to the original at the end (§5.4.5); also firstprivate if named in both.
    Lastprivate {
        firstprivate: bool,
        conditional: bool,
        clause: Span,
    },
    /// A new copy initialised with the operator's identity, combined into the original at the
    /// end (§5.5.8).
    Reduction {
        op: ReductionId,
        modifier: Option<crate::pragma::ReductionModifier>,
        clause: Span,
    },
    /// A new copy whose value in each iteration is the original's plus the logical iteration
    /// number times `step` (1 when absent), and whose value from the sequentially last
    /// iteration goes to the original (§5.4.6).
    Linear {
        step: Option<crate::pragma::RawExpr>,
        clause: Span,
    },
    /// An iteration variable of the construct's associated loops: private (§5.1.1); `linear`
    /// for the single associated loop of a `simd` construct (its original gets the value after
    /// the last iteration).
    LoopVar { linear: bool },
    /// A `threadprivate` variable: the executing thread's copy (§5.2).
    Threadprivate,
}

/// A variable referenced in a construct, with what the rules need to know about it.
pub struct Referenced<'a> {
    pub var: &'a Var,
    /// It is an iteration variable of one of the construct's associated loops.
    pub loop_var: bool,
    /// In the enclosing context it is shared by all implicit tasks of the current team: the
    /// original of a variable with static storage, or one shared by the innermost enclosing
    /// `parallel`; not a copy that an enclosing construct made (a `single`'s `firstprivate`
    /// copy of a global is private to the thread that runs it, §5.1.1).
    pub team_shared: bool,
}

/// Checks that a reduction item with an array section (§5.5.8, §3.2.5) designates every element
/// of its array variable (`a[0:N]`, `a[:]`, `m[0:R][:]`), which makes it the same as naming the
/// variable. A partial section privatises only part of the array; ompv does not model that, so
/// it is `unsupported` rather than taken for the whole array (which would hide races on the rest).
fn whole_array_section(item: &crate::pragma::ListItem, ty: &Type) -> Result<(), FrontError> {
    use crate::pragma::Designator;
    let refuse = |why: &str| {
        Err(FrontError::unsupported(
            item.span,
            format!(
                "`{}` in `reduction`: {why} (only a section of every element of an array \
                 variable, like `a[0:N]` or `a[:]`, is supported)",
                item.text
            ),
        ))
    };
    let mut t = ty;
    for d in &item.designators {
        let Designator::Section {
            lower,
            length,
            stride,
            ..
        } = d
        else {
            return refuse("not an array section");
        };
        let Type::Array { elem, len } = t else {
            return refuse("a section of something that is not an array");
        };
        let literal = |e: &Option<crate::pragma::RawExpr>| {
            e.as_ref().map(|e| e.text.trim().parse::<u64>().ok())
        };
        if !matches!(literal(lower), None | Some(Some(0))) {
            return refuse("the section does not start at element 0");
        }
        if !matches!(literal(stride), None | Some(Some(1))) {
            return refuse("the section has a stride");
        }
        match (literal(length), len) {
            (None, _) => {}
            (Some(Some(n)), crate::c::types::ArrayLen::Const(m)) if n == *m => {}
            _ => return refuse("the section's length is not the array's (as a number)"),
        }
        t = elem;
    }
    Ok(())
}

/// The attribute construct `p` gives to a referenced variable (predetermined, explicit, then
/// implicit, §5.1.1). An error for `default(none)` without a clause naming the variable.
pub fn construct_sharing(
    p: &Pragma,
    kind: ConstructKind,
    r: &Referenced<'_>,
) -> Result<ConstructSharing, FrontError> {
    let name = r.var.name.as_str();
    // Predetermined: threadprivate variables (§5.1.1; they may appear in no data-sharing
    // clause).
    if r.var.threadprivate {
        return Ok(ConstructSharing::Threadprivate);
    }
    // Explicit clauses (§5.4). A variable may be both firstprivate and lastprivate (§5.4.5).
    let named = |vs: &[crate::pragma::ListItem]| {
        vs.iter()
            .any(|i| i.base.name == name && i.derefs == 0 && i.shape.is_empty())
    };
    let mut first = None;
    let mut last = None;
    // (`shared` last, as in `explicit`: on a compound directive a privatising clause applies to
    // the inner leaf.)
    let mut shared = false;
    for c in &p.clauses {
        match &c.kind {
            ClauseKind::Private(vs) if named(vs) => return Ok(ConstructSharing::Private),
            ClauseKind::Shared(vs) if named(vs) => shared = true,
            ClauseKind::Firstprivate(vs) if named(vs) => first = Some(c.span),
            ClauseKind::Lastprivate { conditional, items } if named(items) => {
                last = Some((*conditional, c.span))
            }
            ClauseKind::Reduction {
                modifier,
                op,
                items,
            } if named(items) => {
                if let Some(i) = items
                    .iter()
                    .find(|i| i.base.name == name && !i.designators.is_empty())
                {
                    whole_array_section(i, &r.var.ty)?;
                }
                return Ok(ConstructSharing::Reduction {
                    op: op.clone(),
                    modifier: *modifier,
                    clause: c.span,
                });
            }
            ClauseKind::Linear(l) if named(&l.items) => {
                return Ok(ConstructSharing::Linear {
                    step: l.step.clone(),
                    clause: c.span,
                })
            }
            _ => {}
        }
    }
    match (first, last) {
        (f, Some((conditional, clause))) => {
            return Ok(ConstructSharing::Lastprivate {
                firstprivate: f.is_some(),
                conditional,
                clause,
            })
        }
        (Some(clause), None) => {
            return Ok(ConstructSharing::Firstprivate {
                clause: Some(clause),
            })
        }
        (None, None) if shared => return Ok(ConstructSharing::Shared),
        (None, None) => {}
    }
    // Predetermined: the iteration variables of the associated loops are private; the one of a
    // `simd` construct with a single associated loop is linear (§5.1.1).
    if r.loop_var {
        let linear =
            p.directive == crate::pragma::Directive::Simd && p.associated_loops().unwrap_or(1) == 1;
        return Ok(ConstructSharing::LoopVar { linear });
    }
    // Implicit (§5.1.1): the `default` clause of a parallel or task-generating construct
    // (§5.4.1) decides for every variable whose attribute would otherwise be implicit,
    // variables with static storage included.
    if kind != ConstructKind::Other {
        for c in &p.clauses {
            if let ClauseKind::Default(k) = &c.kind {
                return match k {
                    DefaultKind::Shared => Ok(ConstructSharing::Shared),
                    DefaultKind::Private => Ok(ConstructSharing::Private),
                    DefaultKind::Firstprivate => Ok(ConstructSharing::Firstprivate {
                        clause: Some(c.span),
                    }),
                    DefaultKind::None => Err(FrontError::type_error(
                        c.span,
                        format!(
                            "`{name}` is used in a construct with `default(none)` but is named in \
                             no data-sharing clause (OpenMP 5.2 §5.4.1)"
                        ),
                    )),
                };
            }
        }
    }
    Ok(match kind {
        ConstructKind::Parallel => ConstructSharing::Shared,
        ConstructKind::Task if r.team_shared => ConstructSharing::Shared,
        ConstructKind::Task => ConstructSharing::Firstprivate { clause: None },
        ConstructKind::Other => ConstructSharing::Inherited,
    })
}

/// The list items of `copyin` clauses (§5.7.1: on `parallel`, each thread's copy of a
/// threadprivate variable is initialised from the primary thread's copy).
pub fn copyin_items(p: &Pragma) -> Vec<&crate::pragma::ListItem> {
    p.clauses
        .iter()
        .flat_map(|c| match &c.kind {
            ClauseKind::Copyin(v) => v.as_slice(),
            _ => &[],
        })
        .collect()
}

/// The list items of `copyprivate` clauses (§5.7.2: on `single`, the executing thread's values
/// are broadcast to the corresponding private or threadprivate variables of the other threads
/// of the team before they leave the construct's barrier).
pub fn copyprivate_items(p: &Pragma) -> Vec<&crate::pragma::ListItem> {
    p.clauses
        .iter()
        .flat_map(|c| match &c.kind {
            ClauseKind::Copyprivate(v) => v.as_slice(),
            _ => &[],
        })
        .collect()
}

#[cfg(test)]
mod construct_tests {
    use super::*;
    use crate::c::ast::Type;
    use crate::pragma::Directive;

    fn pragma(text: &str) -> Pragma {
        let src = format!("#pragma omp {text}");
        let f = viper::SourceFile::new("t.c", src.clone());
        let origin = crate::spec::Origin {
            file: viper::FileId(0),
            source: &f,
            base: 0,
        };
        crate::pragma::parse_pragma(&src, origin, 1).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn var(name: &str, storage: Storage) -> Var {
        Var {
            name: name.into(),
            ty: Type::INT,
            storage,
            function: None,
            span: Span::DUMMY,
            addr_taken: false,
            is_const: false,
            threadprivate: false,
        }
    }

    fn attr(p: &str, kind: ConstructKind, v: &Var, loop_var: bool, team_shared: bool) -> String {
        let r = Referenced {
            var: v,
            loop_var,
            team_shared,
        };
        match construct_sharing(&pragma(p), kind, &r) {
            Ok(ConstructSharing::Firstprivate { clause: None }) => "firstprivate (implicit)".into(),
            Ok(ConstructSharing::Firstprivate { .. }) => "firstprivate".into(),
            Ok(ConstructSharing::Lastprivate { firstprivate, .. }) => {
                format!(
                    "lastprivate{}",
                    if firstprivate { "+firstprivate" } else { "" }
                )
            }
            Ok(ConstructSharing::Reduction { op, .. }) => format!("reduction({op})"),
            Ok(ConstructSharing::Linear { .. }) => "linear".into(),
            Ok(ConstructSharing::LoopVar { linear }) => format!("loop var (linear: {linear})"),
            Ok(s) => format!("{s:?}").to_lowercase(),
            Err(e) => format!("error: {}", e.message),
        }
    }

    #[test]
    fn explicit_clauses_win_and_first_and_lastprivate_combine() {
        // §5.4.3, §5.4.4, §5.4.5, §5.5.8, §5.4.6.
        let x = var("x", Storage::Local);
        let k = ConstructKind::Other;
        assert_eq!(attr("for private(x)", k, &x, false, true), "private");
        assert_eq!(
            attr("for firstprivate(x)", k, &x, false, true),
            "firstprivate"
        );
        assert_eq!(
            attr("for firstprivate(x) lastprivate(x)", k, &x, false, true),
            "lastprivate+firstprivate"
        );
        assert_eq!(
            attr("for reduction(+: x)", k, &x, false, true),
            "reduction(+)"
        );
        assert_eq!(attr("simd linear(x: 2)", k, &x, false, true), "linear");
        // An iteration variable named in lastprivate is lastprivate.
        assert_eq!(attr("for lastprivate(x)", k, &x, true, true), "lastprivate");
        // A clause naming an element does not name the variable.
        assert_eq!(
            attr("task depend(in: x)", ConstructKind::Task, &x, false, true),
            "shared"
        );
    }

    #[test]
    fn predetermined_loop_variables_and_threadprivate() {
        // §5.1.1: iteration variables of for/taskloop are private, of a one-loop simd linear.
        let i = var("i", Storage::Local);
        assert_eq!(
            attr("for", ConstructKind::Other, &i, true, true),
            "loop var (linear: false)"
        );
        assert_eq!(
            attr("simd", ConstructKind::Other, &i, true, true),
            "loop var (linear: true)"
        );
        assert_eq!(
            attr("simd collapse(2)", ConstructKind::Other, &i, true, true),
            "loop var (linear: false)"
        );
        let mut t = var("t", Storage::Global);
        t.threadprivate = true;
        assert_eq!(
            attr(
                "parallel default(private)",
                ConstructKind::Parallel,
                &t,
                false,
                true
            ),
            "threadprivate"
        );
    }

    #[test]
    fn implicit_rules_of_parallel_task_and_other_constructs() {
        let x = var("x", Storage::Local);
        let g = var("g", Storage::Global);
        // §5.1.1: in a parallel construct, shared unless `default` says otherwise.
        assert_eq!(
            attr("parallel", ConstructKind::Parallel, &x, false, false),
            "shared"
        );
        assert_eq!(
            attr(
                "parallel default(firstprivate)",
                ConstructKind::Parallel,
                &x,
                false,
                false
            ),
            "firstprivate"
        );
        assert_eq!(
            attr(
                "parallel default(private)",
                ConstructKind::Parallel,
                &g,
                false,
                true
            ),
            "private"
        );
        assert!(attr(
            "parallel default(none)",
            ConstructKind::Parallel,
            &x,
            false,
            false
        )
        .starts_with("error"));
        // §5.1.1: in a task, shared if shared by the whole team in the enclosing context, else
        // firstprivate. A global's original is shared; an enclosing construct's copy of it
        // (`single firstprivate(g)`) is not.
        assert_eq!(attr("task", ConstructKind::Task, &x, false, true), "shared");
        assert_eq!(
            attr("task", ConstructKind::Task, &x, false, false),
            "firstprivate (implicit)"
        );
        assert_eq!(attr("task", ConstructKind::Task, &g, false, true), "shared");
        assert_eq!(
            attr("task", ConstructKind::Task, &g, false, false),
            "firstprivate (implicit)"
        );
        assert_eq!(
            attr(
                "task default(shared)",
                ConstructKind::Task,
                &x,
                false,
                false
            ),
            "shared"
        );
        // Worksharing and other constructs keep the enclosing attribute.
        assert_eq!(
            attr("for", ConstructKind::Other, &x, false, false),
            "inherited"
        );
        assert_eq!(
            attr("single", ConstructKind::Other, &g, false, true),
            "inherited"
        );
        // The loop of `parallel for` is the construct's own.
        assert_eq!(
            attr("parallel for", ConstructKind::Parallel, &x, true, false),
            "loop var (linear: false)"
        );
        let _ = Directive::Parallel;
    }

    #[test]
    fn copyin_and_copyprivate_items() {
        // §5.7.1 and §5.7.2.
        let p = pragma("parallel copyin(a, b)");
        let names: Vec<&str> = copyin_items(&p).iter().map(|i| i.text.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        let p = pragma("single copyprivate(x)");
        assert_eq!(copyprivate_items(&p).len(), 1);
        assert!(copyin_items(&p).is_empty());
    }
}
