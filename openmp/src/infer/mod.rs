//! Inferring the specifications a program lacks, so that unannotated OpenMP programs can be
//! verified (zero-annotation mode). A given specification is always used as written; only
//! missing ones are inferred:
//!
//! - the iteration contract of a parallel loop, `single`, `section` without one (and the
//!   contract of code every thread runs, which has no place to write one): its footprint
//!   ([`footprint`]) — write permission to what one run writes, half a permission to what it
//!   only reads;
//! - the loop invariants of a sequential loop without any: the range of a canonical loop's
//!   variable, and the permissions the loop needs — inside a block, the block's footprint; in a
//!   function, whole objects;
//! - the contract of a function without one (other than `main`, which starts from the program's
//!   initial state): whole permission to every object it may reach through its pointer
//!   parameters and every global it may use (directly or in functions it calls).
//!
//! The inferred specifications then go through the same obligations as written ones: an
//! inferred proof is a proof. Inferred clauses are marked (exact or over-approximating), so that
//! a failure can be told apart from one in the user's specification.

pub mod access;
pub mod block_footprint;
pub mod callee;
pub mod constants;
pub mod derefs;
pub mod footprint;
pub mod function_footprints;
pub mod lengths;
pub mod program;
pub mod stages;
pub mod summary;
pub mod taken;

use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program as CProgram;
use crate::omp::sharing::Sharing;
use crate::omp::BlockBody;
use crate::omp::Program as OmpProgram;
use crate::spec::build::{self as s, clause};
use crate::spec::{Clause, ClauseKind, Contract, Expr as SExpr};
use access::{dims_of, pointer_base};
use block_footprint::{footprint_of, ProgramCx};
use footprint::whole_object;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use viper::Span;

pub use program::{Inference, Insertion, Program};

/// Infers every missing specification of `program`.
pub fn infer(mut program: crate::omp::Program) -> Program {
    let inference = specify(&mut program);
    Program {
        omp: program,
        inference,
    }
}

/// Infers every missing specification of `program` (in place).
fn specify(program: &mut OmpProgram) -> Inference {
    let mut out = Inference::default();
    let names = taken::ProgramNames::new(program);
    let mut summaries = summary::summaries(program);
    function_footprints::callee_footprints(program, &names, &mut summaries);
    let summaries = summaries;
    let constants = constants::constant_globals(program);
    // Function contracts.
    let mut contracts: Vec<(usize, Contract)> = Vec::new();
    for (k, f) in program.functions.iter().enumerate() {
        if f.origin != Origin::Main
            || f.contract.is_some()
            || !f.is_verified()
            || f.name.name == "main"
        {
            continue;
        }
        let Some(bases) = summaries.get(&f.name.name) else {
            continue;
        };
        let c = function_contract(program, &names, f, bases, &constants);
        if !c.clauses.is_empty() {
            out.insertions.push(Insertion {
                offset: f.span.start as usize,
                text: format!("/*@ {} @*/\n", clauses_text(&c)),
            });
            contracts.push((k, c));
        }
    }
    for (k, c) in contracts {
        program.functions[k].contract = Some(c);
    }
    // Blocks of parallel regions.
    let mut regions = std::mem::take(&mut program.regions);
    let lengths = lengths::allocation_lengths(program);
    for r in &mut regions {
        let mut written = BTreeSet::new();
        for b in r.ppl.blocks() {
            written.extend(visit::assigned(&b.payload.body.block().stmts));
        }
        let region_boxed = r
            .ppl
            .blocks()
            .iter()
            .flat_map(|b| &b.payload.sharing)
            .filter(|(v, s)| **s == Sharing::Shared && written.contains(v))
            .map(|(v, _)| *v)
            .collect();
        let cx = ProgramCx {
            program,
            names: &names,
            summaries: &summaries,
            lengths: &lengths,
            region_boxed,
        };
        let mut blocks: Vec<&mut ppl::BasicBlock<crate::omp::OmpBlock>> = Vec::new();
        collect_blocks_mut(&mut r.ppl, &mut blocks);
        let (locks, blocks): (Vec<_>, Vec<_>) = blocks
            .into_iter()
            .partition(|b| b.payload.origin == crate::omp::BlockOrigin::Lock);
        // The objects a lock protects are those its code writes; what the code only reads
        // under a lock stays with the blocks (readers share it).
        let lock_bases = (!locks.is_empty()).then(|| {
            let mut m: HashMap<crate::omp::LockName, BTreeSet<VarId>> = HashMap::new();
            for b in &blocks {
                for l in block_footprint(&cx, b, &written, None).locked {
                    let e = m.entry(l.lock).or_default();
                    if l.write {
                        e.insert(l.base);
                    }
                }
            }
            m
        });
        let mut locked = Vec::new();
        for b in blocks {
            // Only for an inferred contract: a contract of the user's speaks of whole
            // iterations, whose sequentialized run needs their permissions all at once.
            if b.payload.contract.is_none() {
                b.payload.stages = stages::stages(&cx, b, &written);
            }
            locked.extend(infer_block(&cx, b, &written, lock_bases.clone(), &mut out));
        }
        for b in locks {
            lock_resource(program, &names, b, &locked);
        }
    }
    program.regions = regions;
    // Loop invariants in functions without a contract of the user's.
    let user_contract: BTreeSet<String> = program
        .functions
        .iter()
        .filter(|f| {
            f.contract
                .as_ref()
                .is_some_and(|c| c.clauses.iter().any(|c| c.inferred.is_none()))
        })
        .map(|f| f.name.name.clone())
        .collect();
    let mut functions = std::mem::take(&mut program.functions);
    for f in &mut functions {
        if f.origin != Origin::Main || user_contract.contains(&f.name.name) {
            continue;
        }
        let name = f.name.name.clone();
        let footprinted = summaries.get(&name).is_some_and(|s| s.footprint.is_some());
        if let (true, Some(c), Body::Verified(b)) = (footprinted, &f.contract, &mut f.body) {
            // The loops of a function whose contract is its footprint hold that footprint.
            let perms: Vec<Clause> = c
                .clauses
                .iter()
                .filter(|c| matches!(c.kind, ClauseKind::Context | ClauseKind::Requires))
                .cloned()
                .collect();
            loops_in(&mut b.stmts, &perms, program, &constants, &mut out, false);
            continue;
        }
        if let Body::Verified(b) = &mut f.body {
            let cx = LoopCx {
                program,
                names: &names,
                f: &name,
                summaries: &summaries,
                constants: &constants,
            };
            function_loops(&cx, &mut b.stmts, &mut out, false);
        }
    }
    program.functions = functions;
    // A function inlined into parallel regions (`omp::calls::orphan`) is verified at each call with
    // specifications for that call: none is written into its text (written ones would then bind
    // every call).
    for f in &program.functions {
        if f.origin != Origin::Main || !program.orphans.inlined.contains_key(&f.name.name) {
            continue;
        }
        let (lo, hi) = (f.span.start as usize, f.span.end as usize);
        let before = out.insertions.len();
        out.insertions.retain(|i| i.offset < lo || i.offset > hi);
        if out.insertions.len() < before {
            out.missing.push((
                f.name.span,
                format!(
                    "`{}` is verified where parallel regions call it (inlined), with \
                     specifications for each call",
                    f.name.name
                ),
            ));
        }
    }
    out.insertions.sort_by_key(|i| i.offset);
    out
}

/// `context` permission to the objects of the pointer parameters and globals a function may
/// reach: whole to what it may write, half to what it only reads (so that parallel iterations
/// calling it can share that).
fn function_contract(
    program: &CProgram,
    names: &taken::ProgramNames,
    f: &Function,
    bases: &summary::Summary,
    constants: &BTreeMap<VarId, i128>,
) -> Contract {
    let span = f.name.span;
    if let Some(fp) = &bases.footprint {
        return footprint_contract(program, fp, constants, span);
    }
    let mut taken = names.all();
    let mut clauses = Vec::new();
    for k in &bases.params {
        let v = f.params[*k].var;
        let var = program.var(v);
        let e = whole_object(
            &s::var(&var.name, span),
            dims_of(&var.ty),
            bases.writes_param(*k),
            &mut taken,
            span,
        );
        clauses.push(clause(ClauseKind::Context, e, span, false));
        // A pointer to numbers that every call dereferences: the caller provides that element.
        let to_numbers = matches!(&var.ty, Type::Ptr(t) if t.is_arithmetic());
        if let (true, Body::Verified(body)) = (to_numbers, &f.body) {
            if let Some(c) = derefs::unconditional_index(body, v) {
                let has = s::bin(
                    crate::spec::BinOp::Lt,
                    s::int(c, span),
                    s::length(s::var(&var.name, span), span),
                    span,
                );
                clauses.push(clause(ClauseKind::Requires, has, span, false));
            }
            for l in derefs::unconditional_loops(body, v) {
                if let Some(has) = loop_extent(program, f, body, &var.name, &l, span) {
                    clauses.push(clause(ClauseKind::Requires, has, span, false));
                }
            }
        }
    }
    let written = match &f.body {
        Body::Verified(b) => crate::omp::effects::written(program, &b.stmts),
        _ => BTreeSet::new(),
    };
    for g in &bases.globals {
        let var = program.var(*g);
        if let Some(p) = pointer_itself(program, *g, written.contains(g) || bases.regions, span) {
            clauses.push(clause(ClauseKind::Context, p, span, false));
            if !written.contains(g) {
                // The function does not change the pointer: the caller's facts about the object
                // it points to (its length, say) still hold.
                clauses.push(unchanged(&var.name, span));
            }
        }
        let e = whole_object(
            &s::var(&var.name, span),
            dims_of(&var.ty),
            bases.written_globals.contains(g),
            &mut taken,
            span,
        );
        clauses.push(clause(ClauseKind::Context, e, span, false));
        if let Some(c) = constants.get(g) {
            clauses.push(value_is(ClauseKind::Context, &var.name, *c, span));
        }
    }
    Contract { clauses, span }
}

/// The contract of a function with a footprint: the footprint, and what stays the same of the
/// globals it uses (a pointer it reads, a constant).
fn footprint_contract(
    program: &CProgram,
    fp: &callee::CalleeFootprint,
    constants: &BTreeMap<VarId, i128>,
    span: Span,
) -> Contract {
    let mut clauses: Vec<Clause> = fp
        .clauses
        .iter()
        .map(|(e, exact)| clause(ClauseKind::Context, e.clone(), span, *exact))
        .collect();
    let globals: BTreeSet<VarId> = fp
        .accessed()
        .filter(|v| program.var(*v).storage == Storage::Global)
        .collect();
    for g in globals {
        let var = program.var(g);
        if var.ty.is_pointer() && fp.reads_pointer(g) {
            // The footprint needs the pointer unchanged: the caller's facts about the object it
            // points to (its length, say) still hold.
            clauses.push(unchanged(&var.name, span));
        }
        if let Some(c) = constants.get(&g) {
            clauses.push(value_is(ClauseKind::Context, &var.name, *c, span));
        }
    }
    Contract { clauses, span }
}

/// The permission to a pointer variable's own location, when it is in memory (a global, a
/// local whose address is taken): `whole_object` covers what it points to, and reading the
/// pointer to get there needs this first. Whole where the code may change the pointer, half
/// where it only reads it.
fn pointer_itself(program: &CProgram, v: VarId, write: bool, span: Span) -> Option<SExpr> {
    let var = program.var(v);
    if !(var.in_memory() && var.ty.is_pointer()) {
        return None;
    }
    let amount = if write { s::write(span) } else { s::half(span) };
    Some(s::perm(s::var(&var.name, span), amount, span))
}

/// `ensures name == \old(name)` (exact).
fn unchanged(name: &str, span: Span) -> Clause {
    let same = s::bin(
        crate::spec::BinOp::Eq,
        s::var(name, span),
        SExpr {
            kind: crate::spec::ExprKind::Old(Box::new(s::var(name, span))),
            span,
        },
        span,
    );
    clause(ClauseKind::Ensures, same, span, true)
}

/// The clause `name == c` (exact).
fn value_is(kind: ClauseKind, name: &str, c: i128, span: Span) -> Clause {
    let e = s::bin(
        crate::spec::BinOp::Eq,
        s::var(name, span),
        s::int(c, span),
        span,
    );
    clause(kind, e, span, true)
}

/// `k e; k e; …` as printed.
/// The clauses one a line each; `ompv infer` lines them up under the first one.
fn clauses_text(c: &Contract) -> String {
    crate::spec::print_contract(c).join("\n")
}

fn collect_blocks_mut<'a, B>(p: &'a mut ppl::Ppl<B>, out: &mut Vec<&'a mut ppl::BasicBlock<B>>) {
    match p {
        ppl::Ppl::Block(b) => out.push(b),
        ppl::Ppl::Comp { parts, .. } => {
            for q in parts {
                collect_blocks_mut(q, out);
            }
        }
    }
}

/// The resource of a lock block: whole permission to every object the region's code accesses
/// under the lock. Exact for a scalar; for an array the whole object may be more than the code
/// locks, so a conflict through it is not certain.
fn lock_resource(
    program: &CProgram,
    names: &taken::ProgramNames,
    b: &mut ppl::BasicBlock<crate::omp::OmpBlock>,
    locked: &[footprint::Locked],
) {
    let Some(lock) = b.payload.lock.clone() else {
        return;
    };
    // A resource invariant of the user's says what the lock holds.
    if b.payload.contract.is_some() {
        return;
    }
    let mut taken = names.all();
    let mut bases: Vec<(VarId, usize, bool, Span)> = Vec::new();
    for l in locked.iter().filter(|l| l.lock == lock) {
        match bases.iter_mut().find(|(v, ..)| *v == l.base) {
            // The clause stands at the first write (the access a race report names).
            Some(e) => {
                if l.write && !e.2 {
                    e.3 = l.span;
                }
                e.2 |= l.write;
            }
            None => bases.push((l.base, l.dims, l.write, l.span)),
        }
    }
    let clauses = bases
        .into_iter()
        .map(|(v, dims, _, at)| {
            let var = program.var(v);
            // The lock holds the whole location (its code may write it).
            let e = whole_object(&s::var(&var.name, at), dims, true, &mut taken, at);
            clause(ClauseKind::Context, e, at, dims == 0)
        })
        .collect();
    b.payload.contract = Some(Contract {
        clauses,
        span: b.span,
    });
}

/// The footprint of a block (for finding out what its locks protect).
fn block_footprint(
    cx: &ProgramCx<'_>,
    b: &ppl::BasicBlock<crate::omp::OmpBlock>,
    written: &BTreeSet<VarId>,
    lock_bases: Option<HashMap<crate::omp::LockName, BTreeSet<VarId>>>,
) -> footprint::Footprint {
    footprint_of(cx, b, written, lock_bases)
}

/// Infers the contract of a block (if it has none) and the invariants of its loops; returns
/// the accesses its code makes under locks.
fn infer_block(
    cx: &ProgramCx<'_>,
    b: &mut ppl::BasicBlock<crate::omp::OmpBlock>,
    written: &BTreeSet<VarId>,
    lock_bases: Option<HashMap<crate::omp::LockName, BTreeSet<VarId>>>,
    out: &mut Inference,
) -> Vec<footprint::Locked> {
    let program = cx.program;
    let fp = footprint_of(cx, b, written, lock_bases);
    let ob = &mut b.payload;
    let span = ob.pragma.span;
    let replicated = matches!(ob.origin, crate::omp::BlockOrigin::Replicated);
    let mut block_clauses: Vec<Clause> = Vec::new();
    if ob.contract.is_none() || replicated {
        match &fp.failure {
            Some((at, why)) => {
                out.missing.push((
                    *at,
                    format!("no iteration contract could be inferred: {why}"),
                ));
                out.uninferred.push(b.span);
            }
            None => {
                block_clauses = fp
                    .clauses
                    .iter()
                    .map(|(e, exact)| clause(ClauseKind::Context, e.clone(), span, *exact))
                    .collect();
                let c = Contract {
                    clauses: block_clauses.clone(),
                    span,
                };
                // Code every thread runs, pieces of generating code and the updates of
                // originals have no place in the source for a contract of their own.
                use crate::omp::BlockOrigin as O;
                let placed = !matches!(
                    ob.origin,
                    O::Replicated | O::Generating | O::Reduction | O::Lock
                );
                // A contract about a variable ompv introduced (`omp::data_sharing::linear`, the guards of
                // `omp::tasking::task_branches`) cannot be written
                // into the source: such loops get theirs inferred again.
                let body = clauses_text(&c);
                // A `simd` loop checked statement by statement (`stages`) keeps its inferred
                // contract unwritten: a written one would be the user's, checked for whole
                // iterations.
                if !ob.stages.is_empty() {
                    out.missing.push((
                        span,
                        "the `simd` loop's accesses are checked statement by statement (OpenMP \
                         5.2 §10.4 keeps lexically forward dependences), with footprints inferred \
                         at each run; a written iteration contract would be checked for whole \
                         iterations instead"
                            .into(),
                    ));
                } else if placed
                    && !c.clauses.is_empty()
                    && !crate::omp::data_sharing::linear::mentions_synthetic(&body)
                    && !crate::omp::tasking::task_branches::mentions_guard(&body)
                {
                    let text = format!(" /*@ {body} @*/");
                    match contract_place(ob) {
                        Some(Place::After(offset)) => {
                            out.insertions.push(Insertion { offset, text })
                        }
                        Some(Place::BeforeBraces(at, end)) => {
                            // The body's own specifications (a loop's invariants) stay apart
                            // from the iteration contract.
                            out.insertions.push(Insertion {
                                offset: at,
                                text: format!("{text} {{"),
                            });
                            out.insertions.push(Insertion {
                                offset: end,
                                text: "\n}".into(),
                            });
                        }
                        Some(Place::Braces(start, end)) => {
                            // A body without braces gets them: a contract belongs to a block.
                            out.insertions.push(Insertion {
                                offset: start,
                                text: format!("{{{text}\n"),
                            });
                            out.insertions.push(Insertion {
                                offset: end,
                                text: "\n}".into(),
                            });
                        }
                        None => {}
                    }
                }
                match &mut ob.contract {
                    // The footprint first: the given clauses (a `master` block's) may read
                    // what it grants.
                    Some(existing) if replicated => {
                        existing.clauses.splice(0..0, c.clauses);
                    }
                    _ => ob.contract = Some(c),
                }
            }
        }
    } else if let Some(c) = &ob.contract {
        block_clauses = c.clauses.clone();
    }
    // Invariants of the block's loops: its footprint (what an iteration holds) and the range
    // of a canonical loop's variable.
    let perms: Vec<Clause> = block_clauses
        .into_iter()
        .filter(|c| matches!(c.kind, ClauseKind::Context | ClauseKind::Requires))
        .collect();
    let none = BTreeMap::new();
    match &mut ob.body {
        BlockBody::Loop(n) => loops_in(&mut n.body.stmts, &perms, program, &none, out, false),
        BlockBody::Code(c) => loops_in(&mut c.stmts, &perms, program, &none, out, false),
    }
    fp.locked
}

/// Where the contract of a block goes in the source.
enum Place {
    /// At this offset: after the innermost loop header, or after the `{` of a body.
    After(usize),
    /// Around a body that is one statement without braces (from, to).
    Braces(usize, usize),
    /// After a loop header (the first offset), with braces from there to the end of its body
    /// (the second): a body that is a loop would otherwise have its invariants next to the
    /// contract.
    BeforeBraces(usize, usize),
}

/// Where the contract of a block goes: after the innermost loop header, at the start of a
/// `{ … }` body of a `single`/`section`/task, or in braces put around a one-statement body.
fn contract_place(ob: &crate::omp::OmpBlock) -> Option<Place> {
    match &ob.body {
        // The tasks of a loop (`omp::tasking::task_loops`): the contract of each is the task's.
        BlockBody::Loop(n) if ob.origin == crate::omp::BlockOrigin::TaskPerIteration => {
            body_place(&n.body)
        }
        BlockBody::Loop(n) => n.loops.last().map(|l| {
            let at = l.header.end as usize;
            match n.body.stmts.as_slice() {
                [only] if bare(&n.body) && matches!(only.kind, StmtKind::Loop { .. }) => {
                    Place::BeforeBraces(at, n.body.span.end as usize)
                }
                _ => Place::After(at),
            }
        }),
        BlockBody::Code(b) => body_place(b),
    }
}

/// At the start of a `{ … }` body, or in braces put around a one-statement body.
fn body_place(b: &Block) -> Option<Place> {
    if bare(b) {
        return Some(Place::Braces(b.span.start as usize, b.span.end as usize));
    }
    Some(Place::After(b.span.start as usize + 1)).filter(|_| b.span.start > 0)
}

/// Whether `b` is one statement written without braces (a loop's or construct's body). The
/// front end may expand one statement into several (a call's result through a temporary), all
/// at the statement's place; a `{ … }` block's statements start after its brace.
fn bare(b: &Block) -> bool {
    let braced = |s: &Stmt| match &s.kind {
        StmtKind::Block(inner) => inner
            .stmts
            .first()
            .is_none_or(|f| f.span.start != s.span.start),
        _ => false,
    };
    !b.stmts.is_empty()
        && b.stmts
            .iter()
            .all(|s| s.span.start == b.span.start && !braced(s))
}

/// The loop invariants `clauses` of the loop at `span`, with their place in the source: before
/// the loop, which gets braces around it if it is the body of another loop written without
/// them (right after that loop's header, a comment would be that loop's iteration contract).
fn invariants(clauses: Vec<Clause>, span: Span, bare_body: bool, out: &mut Inference) -> Contract {
    let c = Contract { clauses, span };
    out.insertions.push(Insertion {
        offset: span.start as usize,
        text: format!(
            "{}/*@ {} @*/\n",
            if bare_body { "{ " } else { "" },
            clauses_text(&c)
        ),
    });
    if bare_body {
        out.insertions.push(Insertion {
            offset: span.end as usize,
            text: " }".into(),
        });
    }
    c
}

/// Adds invariants to the loops in `stmts` that have none: `perms` and the range of a canonical
/// loop's variable.
/// `bare_body`: `stmts` is a loop's body written without braces.
/// `constants`: the constant globals the loops' headers may use for their values (in a
/// function whose contract says so).
fn loops_in(
    stmts: &mut [Stmt],
    perms: &[Clause],
    program: &CProgram,
    constants: &BTreeMap<VarId, i128>,
    out: &mut Inference,
    bare_body: bool,
) {
    for st in stmts.iter_mut() {
        let span = st.span;
        if let StmtKind::Loop {
            init,
            cond,
            step,
            spec,
            body,
            ..
        } = &mut st.kind
        {
            if spec.is_none() {
                let mut clauses: Vec<Clause> = perms
                    .iter()
                    .map(|c| Clause {
                        kind: ClauseKind::LoopInvariant,
                        ..c.clone()
                    })
                    .collect();
                let range = range_inlined(
                    program,
                    constants,
                    init,
                    cond.as_ref(),
                    step,
                    &body.stmts,
                    span,
                );
                if let Some(r) = range {
                    // A loop variable in memory (shared in the region) is read only with its
                    // permission: the range comes after the permissions then.
                    let in_memory = clauses.iter().any(|c| {
                        matches!(&c.expr.kind, crate::spec::ExprKind::Perm { loc, .. }
                            if matches!(&loc.kind, crate::spec::ExprKind::Var(n) if s::mentions(&r, n)))
                    });
                    let range = clause(ClauseKind::LoopInvariant, r, span, true);
                    if in_memory {
                        clauses.push(range);
                    } else {
                        clauses.insert(0, range);
                    }
                }
                if !clauses.is_empty() {
                    *spec = Some(invariants(clauses, span, bare_body, out));
                }
            }
            let braceless = bare(body);
            loops_in(&mut body.stmts, perms, program, constants, out, braceless);
            continue;
        }
        let mut nested: Vec<&mut Block> = Vec::new();
        match &mut st.kind {
            StmtKind::If { then, els, .. } => {
                nested.push(then);
                if let Some(e) = els {
                    nested.push(e);
                }
            }
            StmtKind::Block(b) => nested.push(b),
            StmtKind::Omp(c) => match &mut c.body {
                OmpBody::Block { body, .. } => nested.push(body),
                OmpBody::Loop(n) => nested.push(&mut n.body),
                OmpBody::Sections(ss) => nested.extend(ss.iter_mut().map(|s| &mut s.body)),
                OmpBody::None => {}
            },
            _ => {}
        }
        for b in nested {
            loops_in(&mut b.stmts, perms, program, constants, out, false);
        }
    }
}

/// [`loop_range`] with the constant globals of the header replaced by their values (a
/// contract or invariant must say so for the range to be provable).
fn range_inlined(
    program: &CProgram,
    constants: &BTreeMap<VarId, i128>,
    init: &[Stmt],
    cond: Option<&Expr>,
    step: &[Stmt],
    body: &[Stmt],
    span: Span,
) -> Option<SExpr> {
    let mut inline = constants::Inline(constants);
    let (mut init_c, mut step_c, mut cond_c) = (init.to_vec(), step.to_vec(), cond.cloned());
    crate::c::rewrite::stmts(&mut init_c, &mut inline);
    crate::c::rewrite::stmts(&mut step_c, &mut inline);
    if let Some(c) = &mut cond_c {
        crate::c::rewrite::expr(c, &mut inline);
    }
    loop_range(program, &init_c, cond_c.as_ref(), &step_c, body, span)
}

/// The invariant range of a canonical loop's variable: `lo <= v && (v <= hi || v == lo)` for
/// `for (v = lo; v < hi; v++)` (and the mirror image for a decreasing loop).
fn loop_range(
    program: &CProgram,
    init: &[Stmt],
    cond: Option<&Expr>,
    step: &[Stmt],
    body: &[Stmt],
    span: Span,
) -> Option<SExpr> {
    let (v, lo) = match init {
        [Stmt {
            kind: StmtKind::Assign { target, value },
            ..
        }] => (visit::whole_var(target)?, value),
        [Stmt {
            kind:
                StmtKind::Decl {
                    var,
                    init: Some(Init::Expr(value)),
                },
            ..
        }] => (*var, value),
        _ => return None,
    };
    let changed = visit::assigned(body);
    if changed.contains(&v) || program.var(v).in_memory() {
        return None;
    }
    let fixed = |e: &Expr| {
        let mut vs = Vec::new();
        e.vars(&mut vs);
        vs.iter()
            .all(|x| !changed.contains(x) && *x != v && !program.var(*x).in_memory())
            && !e.reads_memory(&|x| program.var(x).in_memory())
    };
    if !fixed(lo) {
        return None;
    }
    // Whatever the test (`d * d <= n`, `i < n && !found`), a variable that only the constant
    // step changes never goes back past its first value.
    let monotone = || {
        let c = crate::c::canonical::increment(step, v)?;
        let x = s::var(&program.var(v).name, span);
        let lo_s = spec_of(program, lo, span)?;
        use crate::spec::BinOp as SO;
        match c {
            c if c > 0 => Some(s::bin(SO::Le, lo_s, x, span)),
            c if c < 0 => Some(s::bin(SO::Le, x, lo_s, span)),
            _ => None,
        }
    };
    let Some(ExprKind::Binary { op, lhs, rhs }) = cond.map(|c| &c.kind) else {
        return monotone();
    };
    let is_v = |e: &Expr| match &e.kind {
        ExprKind::Var(x) => *x == v,
        ExprKind::Cast(inner) => matches!(inner.kind, ExprKind::Var(x) if x == v),
        _ => false,
    };
    let (op, hi) = if is_v(lhs) {
        (*op, &**rhs)
    } else if is_v(rhs) {
        let f = match op {
            BinOp::Lt => BinOp::Gt,
            BinOp::Le => BinOp::Ge,
            BinOp::Gt => BinOp::Lt,
            BinOp::Ge => BinOp::Le,
            o => *o,
        };
        (f, &**lhs)
    } else {
        return monotone();
    };
    if !fixed(hi) {
        return monotone();
    }
    let stepv = match step {
        [Stmt {
            kind: StmtKind::Assign { target, value },
            ..
        }] if visit::whole_var(target) == Some(v) => {
            let inner = match &value.kind {
                ExprKind::Cast(i) => &**i,
                _ => value,
            };
            match &inner.kind {
                ExprKind::Binary {
                    op: BinOp::Add,
                    lhs,
                    rhs,
                } if is_v(lhs) => crate::c::constant::eval_const(rhs)?,
                ExprKind::Binary {
                    op: BinOp::Sub,
                    lhs,
                    rhs,
                } if is_v(lhs) => -crate::c::constant::eval_const(rhs)?,
                _ => return None,
            }
        }
        _ => return None,
    };
    let names = |e: &Expr| spec_of(program, e, span);
    let x = s::var(&program.var(v).name, span);
    let lo_s = names(lo)?;
    let hi_s = names(hi)?;
    let at_start = s::bin(crate::spec::BinOp::Eq, x.clone(), lo_s.clone(), span);
    use crate::spec::BinOp as SO;
    let e = match (op, stepv) {
        (BinOp::Lt, 1) | (BinOp::Le, 1) => {
            let limit = if op == BinOp::Lt {
                hi_s
            } else {
                s::add(hi_s, s::int(1, span), span)
            };
            s::and(
                s::bin(SO::Le, lo_s, x.clone(), span),
                s::bin(SO::Or, s::bin(SO::Le, x, limit, span), at_start, span),
                span,
            )
        }
        (BinOp::Gt, -1) | (BinOp::Ge, -1) => {
            let limit = if op == BinOp::Gt {
                hi_s
            } else {
                s::sub(hi_s, s::int(1, span), span)
            };
            s::and(
                s::bin(SO::Le, x.clone(), lo_s, span),
                s::bin(SO::Or, s::bin(SO::Ge, x, limit, span), at_start, span),
                span,
            )
        }
        (BinOp::Lt | BinOp::Le, c) if c > 0 => s::bin(SO::Le, lo_s, x, span),
        (BinOp::Gt | BinOp::Ge, c) if c < 0 => s::bin(SO::Le, x, lo_s, span),
        _ => return None,
    };
    Some(e)
}

/// `lower < bound ==> bound - 1 + c < \pointer_length(p)` (`<=` and `bound + c` for a `<=`
/// test): the object holds the last element a `parallel for` that runs on every call accesses.
/// Only for bounds over parameters the body never assigns, so that they mean at the call what
/// they mean at the loop.
fn loop_extent(
    program: &CProgram,
    f: &Function,
    body: &Block,
    p: &str,
    l: &derefs::LoopAccess,
    span: Span,
) -> Option<SExpr> {
    use crate::spec::BinOp as SO;
    let assigned = visit::assigned(&body.stmts);
    let mut vars = Vec::new();
    l.lower.vars(&mut vars);
    l.bound.vars(&mut vars);
    let fixed_param = |v: &VarId| f.params.iter().any(|q| q.var == *v) && !assigned.contains(v);
    if !vars.iter().all(fixed_param) {
        return None;
    }
    let (lower, bound) = (
        spec_of(program, &l.lower, span)?,
        spec_of(program, &l.bound, span)?,
    );
    let (runs, last) = match l.test {
        BinOp::Lt => (SO::Lt, l.offset - 1),
        BinOp::Le => (SO::Le, l.offset),
        _ => return None,
    };
    let last = match last {
        0 => bound.clone(),
        c if c > 0 => s::add(bound.clone(), s::int(c, span), span),
        c => s::sub(bound.clone(), s::int(-c, span), span),
    };
    Some(s::bin(
        SO::Implies,
        s::bin(runs, lower, bound, span),
        s::bin(SO::Lt, last, s::length(s::var(p, span), span), span),
        span,
    ))
}

/// A side-effect-free integer expression over variables as a specification expression.
fn spec_of(program: &CProgram, e: &Expr, span: Span) -> Option<SExpr> {
    use crate::spec::BinOp as SO;
    Some(match &e.kind {
        ExprKind::Int(v) => s::int(*v, span),
        ExprKind::Var(v) if !program.var(*v).in_memory() => s::var(&program.var(*v).name, span),
        ExprKind::Cast(inner) if inner.ty.is_integer() => return spec_of(program, inner, span),
        ExprKind::Unary { op: UnOp::Neg, arg } => s::neg(spec_of(program, arg, span)?, span),
        ExprKind::Binary { op, lhs, rhs } => {
            let sop = match op {
                BinOp::Add => SO::Add,
                BinOp::Sub => SO::Sub,
                BinOp::Mul => SO::Mul,
                BinOp::Div => SO::Div,
                BinOp::Mod => SO::Mod,
                _ => return None,
            };
            s::bin(
                sop,
                spec_of(program, lhs, span)?,
                spec_of(program, rhs, span)?,
                span,
            )
        }
        _ => return None,
    })
}

/// What [`function_loops`] needs of the program and the function.
#[derive(Clone, Copy)]
struct LoopCx<'a> {
    program: &'a OmpProgram,
    names: &'a taken::ProgramNames,
    f: &'a str,
    summaries: &'a summary::Summaries,
    constants: &'a BTreeMap<VarId, i128>,
}

/// Invariants of the loops of a function without a contract of the user's (outside regions):
/// the loop variable's range, whole permission to the objects the loop uses.
/// `bare_body`: `stmts` is a loop's body written without braces.
fn function_loops(cx: &LoopCx<'_>, stmts: &mut [Stmt], out: &mut Inference, bare_body: bool) {
    let LoopCx {
        program,
        names,
        f,
        summaries,
        constants,
    } = *cx;
    for st in stmts.iter_mut() {
        let span = st.span;
        // What the region code inside this statement uses (its blocks are separate copies).
        if let StmtKind::Loop {
            init,
            cond_pre,
            cond,
            step,
            spec,
            body,
            ..
        } = &mut st.kind
        {
            if spec.is_none() {
                let mut taken = names.all();
                let mut clauses = Vec::new();
                // Constant globals in the header stand for their values (the invariant below
                // says so), so a bound such as a global `n` still gives the variable's range.
                if let Some(r) = range_inlined(
                    program,
                    constants,
                    init,
                    cond.as_ref(),
                    step,
                    &body.stmts,
                    span,
                ) {
                    clauses.push(clause(ClauseKind::LoopInvariant, r, span, true));
                }
                let mut all = body.stmts.clone();
                all.extend(init.iter().cloned());
                all.extend(step.iter().cloned());
                // The test runs before every iteration and once more at the end: what it reads
                // (a global bound, say) must stay held too.
                all.extend(cond_pre.iter().cloned());
                if let Some(c) = cond {
                    all.push(Stmt {
                        kind: StmtKind::If {
                            cond: c.clone(),
                            then: Block {
                                stmts: Vec::new(),
                                span,
                            },
                            els: None,
                        },
                        span,
                    });
                }
                let (mut used, mut regions) = objects_used(program, summaries, f, &all);
                // Globals the functions called in the loop use (their contracts ask for them).
                visit::each_stmt(&all, &mut |x| {
                    if let StmtKind::Call { callee, .. } = &x.kind {
                        if let Some(b) = summaries.get(&callee.name) {
                            regions |= b.regions;
                            for g in &b.globals {
                                let w = b.written_globals.contains(g);
                                *used.entry(*g).or_insert(w) |= w;
                            }
                        }
                    }
                });
                // Pointers the loop changes (not what they point to).
                let moved = crate::omp::effects::written(program, &all);
                for (base, write) in used {
                    let var = program.var(base);
                    // A region's disjointness checks take two iterations' shares of a shared
                    // read from what the loop holds: whole permissions where one runs.
                    let write = write || regions;
                    let moved = moved.contains(&base) || regions;
                    if let Some(p) = pointer_itself(program, base, moved, span) {
                        clauses.push(clause(ClauseKind::LoopInvariant, p, span, false));
                    }
                    // Half of what the loop only reads: the rest stays outside, and with it
                    // what is known of the values.
                    let e = whole_object(
                        &s::var(&var.name, span),
                        dims_of(&var.ty),
                        write,
                        &mut taken,
                        span,
                    );
                    clauses.push(clause(ClauseKind::LoopInvariant, e, span, false));
                    if let Some(c) = constants.get(&base) {
                        clauses.push(value_is(ClauseKind::LoopInvariant, &var.name, *c, span));
                    }
                }
                if !clauses.is_empty() {
                    *spec = Some(invariants(clauses, span, bare_body, out));
                }
            }
            let braceless = bare(body);
            function_loops(cx, &mut body.stmts, out, braceless);
            continue;
        }
        let mut nested: Vec<&mut Block> = Vec::new();
        match &mut st.kind {
            StmtKind::If { then, els, .. } => {
                nested.push(then);
                if let Some(e) = els {
                    nested.push(e);
                }
            }
            StmtKind::Block(b) => nested.push(b),
            _ => {}
        }
        for b in nested {
            function_loops(cx, &mut b.stmts, out, false);
        }
    }
}

/// The objects (arrays, globals, pointers' allocations, scalars in memory) code uses, with
/// whether it may write them: a variable is used if it appears where memory is reached through
/// it, or in a region inside the code. Also: whether the code contains a region.
fn objects_used(
    program: &OmpProgram,
    summaries: &summary::Summaries,
    f: &str,
    stmts: &[Stmt],
) -> (BTreeMap<VarId, bool>, bool) {
    let mut out: BTreeMap<VarId, bool> = BTreeMap::new();
    let mut regions = false;
    let declared = visit::declared(stmts);
    let mut all = stmts.to_vec();
    // Regions inside: their blocks' code.
    visit::each_stmt(stmts, &mut |st| {
        if let StmtKind::Omp(c) = &st.kind {
            if let Some(id) = c.region {
                if let Some(r) = program
                    .regions
                    .iter()
                    .find(|r| r.id == id && r.function == f)
                {
                    regions = true;
                    for b in r.ppl.blocks() {
                        all.extend(b.payload.body.block().stmts.iter().cloned());
                    }
                }
            }
        }
    });
    let written = summary::writes(program, summaries, &all);
    visit::each_stmt(&all, &mut |st| {
        if let StmtKind::Call { args, .. } = &st.kind {
            for a in args {
                if a.ty.decay().is_pointer() {
                    if let Some(v) = access::object_of(a) {
                        out.insert(v, false);
                    }
                }
            }
        }
        visit::stmt_exprs(st, &mut |e| used_in(program, e, &mut out));
    });
    for (v, w) in out.iter_mut() {
        *w = written.contains(v);
    }
    // The hidden state of the library routines called (`rand`'s sequence), read or updated.
    visit::each_stmt(&all, &mut |st| {
        if let StmtKind::Call { callee, args, .. } = &st.kind {
            let effects = crate::c::library::accesses(program, &callee.name, args, st.span)
                .map(|a| a.effects)
                .unwrap_or_default();
            for e in effects {
                if let crate::c::library::Target::State(state) = e.target {
                    if let Some(v) = program.hidden_state(state) {
                        *out.entry(v).or_insert(false) |= e.write;
                    }
                }
            }
        }
    });
    // Objects declared inside the code are allocated there.
    out.retain(|v, _| !declared.contains(v));
    (out, regions)
}

fn used_in(program: &CProgram, e: &Expr, out: &mut BTreeMap<VarId, bool>) {
    match &e.kind {
        ExprKind::Index { base, .. } | ExprKind::Deref(base) => {
            if let Some((v, _)) = pointer_base(base) {
                out.entry(v).or_insert(false);
            }
        }
        ExprKind::Var(v) if program.var(*v).in_memory() => {
            out.entry(*v).or_insert(false);
        }
        _ => {}
    }
    e.for_each_child(&mut |c| used_in(program, c, out));
}
