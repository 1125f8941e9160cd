//! `linear` (OpenMP 5.2 §5.4.6) on a combined `parallel for` / `parallel for simd` or on a `simd`
//! loop outside parallel regions, rewritten before regions are built. Each iteration has a private
//! copy of a linear variable that starts at the original's value at the construct plus the
//! iteration's logical number times the step; the original gets a value from the sequentially last
//! iteration at the end. So
//!
//! ```c
//! #pragma omp parallel for linear(j: s)
//! for (i = lb; i < ub; i += st) BODY
//! ```
//!
//! becomes a declaration `start = j;` before the construct, the clause `lastprivate(j)` in place of
//! `linear(j: s)` (a private copy; the original updated by the last iteration), and
//! `j = start + ((i - lb) / st) * s;` as the first statement of every iteration. (ompv takes the
//! original's value after the construct to be unknown, which holds for either reading of "the
//! value corresponding to the sequentially last iteration".)
//!
//! A given iteration contract gets `requires start == j;`, so that it can state the copy's values
//! through the original's name (`ensures a[i] == j + 2 * i;`).
//!
//! Only one-loop constructs with linear integer variables and a literal step are rewritten;
//! other `linear` clauses stay and are reported as unsupported, as is `linear` on a `for` inside
//! a region (the snapshot would be read by every thread while the last iteration may already
//! update the original: a race ompv's model would see and OpenMP rules out).

use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use crate::omp::walk::for_each_block_mut;
use crate::pragma::{ClauseKind, Directive, ListItem};

/// The suffix of the variables holding a linear variable's value at the construct (not names of
/// the user's program, so specifications that mention them cannot be written into the source).
const START_SUFFIX: &str = "_linear_start";

/// Whether `name` is that of a variable this rewriting introduced.
pub fn is_start(name: &str) -> bool {
    name.ends_with(START_SUFFIX)
}

/// Whether specification text mentions a variable this rewriting introduced.
pub fn mentions_synthetic(text: &str) -> bool {
    text.match_indices(START_SUFFIX).any(|(at, _)| {
        !text[at + START_SUFFIX.len()..]
            .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Rewrites the `linear` clauses ompv handles in every function of `program`.
pub fn desugar(program: &mut Program) {
    for k in 0..program.functions.len() {
        let name = program.functions[k].name.name.clone();
        let mut body = match &mut program.functions[k].body {
            Body::Verified(b) => std::mem::take(&mut b.stmts),
            _ => continue,
        };
        rewrite(&mut body, program, &name);
        if let Body::Verified(b) = &mut program.functions[k].body {
            b.stmts = body;
        }
    }
}

fn rewrite(stmts: &mut Vec<Stmt>, program: &mut Program, function: &str) {
    let mut i = 0;
    while i < stmts.len() {
        let snapshots = match &mut stmts[i].kind {
            StmtKind::Omp(c) if applies(&c.pragma.directive) => linear_loop(c, program, function),
            _ => Vec::new(),
        };
        if let StmtKind::Omp(c) = &stmts[i].kind {
            // A region's code is not rewritten: `linear` there stays unsupported.
            if c.region.is_some() || c.pragma.directive.is_parallel() {
                let n = snapshots.len();
                for (k, s) in snapshots.into_iter().enumerate() {
                    stmts.insert(i + k, s);
                }
                i += n + 1;
                continue;
            }
        }
        let n = snapshots.len();
        for (k, s) in snapshots.into_iter().enumerate() {
            stmts.insert(i + k, s);
        }
        i += n;
        for_each_block_mut(&mut stmts[i], &mut |b| {
            rewrite(&mut b.stmts, program, function)
        });
        i += 1;
    }
}

/// The constructs whose `linear` clauses are rewritten.
fn applies(d: &Directive) -> bool {
    matches!(
        d,
        Directive::ParallelFor | Directive::ParallelForSimd | Directive::Simd
    )
}

/// Rewrites the linear clauses of `c` it can; returns the snapshot declarations to put before it.
fn linear_loop(c: &mut OmpConstruct, program: &mut Program, function: &str) -> Vec<Stmt> {
    let OmpBody::Loop(nest) = &mut c.body else {
        return Vec::new();
    };
    if nest.loops.len() != 1 || c.pragma.associated_loops() != Some(1) {
        return Vec::new();
    }
    let l = nest.loops[0].clone();
    let used = visit::referenced(&nest.body.stmts);
    let mut snapshots = Vec::new();
    let mut inits = Vec::new();
    let mut clauses = Vec::new();
    for clause in std::mem::take(&mut c.pragma.clauses) {
        let ClauseKind::Linear(lin) = &clause.kind else {
            clauses.push(clause);
            continue;
        };
        let step = match &lin.step {
            None => Some(1i128),
            Some(e) => e.text.trim().parse::<i128>().ok(),
        };
        let plain = lin.modifier.is_none() && lin.items.iter().all(ListItem::is_variable);
        // The variables, found among those the body uses (or any of the function's, if unused).
        let vars: Option<Vec<VarId>> = lin
            .items
            .iter()
            .map(|item| find_var(program, function, &item.base.name, &used))
            .collect();
        let (Some(step), true, Some(vars)) = (step, plain, vars) else {
            clauses.push(clause);
            continue;
        };
        if vars
            .iter()
            .any(|v| !program.var(*v).ty.is_integer() || *v == l.var)
        {
            clauses.push(clause);
            continue;
        }
        let span = clause.span;
        for (v, item) in vars.iter().zip(&lin.items) {
            let info = program.var(*v).clone();
            let start = VarId(program.vars.len() as u32);
            program.vars.push(Var {
                name: format!("{}{START_SUFFIX}", info.name),
                ty: info.ty.clone(),
                storage: Storage::Local,
                function: Some(function.to_string()),
                span: item.span,
                addr_taken: false,
                is_const: true,
                threadprivate: false,
            });
            let var = |v: VarId, ty: &Type| Expr {
                kind: ExprKind::Var(v),
                ty: ty.clone(),
                span,
            };
            snapshots.push(Stmt {
                kind: StmtKind::Decl {
                    var: start,
                    init: Some(Init::Expr(var(*v, &info.ty))),
                },
                span,
            });
            // j = start + ((i - lb) / st) * s
            let int = |k: i128| Expr {
                kind: ExprKind::Int(k),
                ty: Type::INT,
                span,
            };
            let bin = |op: BinOp, a: Expr, b: Expr| Expr {
                kind: ExprKind::Binary {
                    op,
                    lhs: Box::new(a),
                    rhs: Box::new(b),
                },
                ty: Type::INT,
                span,
            };
            // Written without `/` and `* 1` where the step allows: the index stays affine in `i`
            // (the proof needs that to see that iterations use different elements).
            let iv = var(l.var, &program.var(l.var).ty.clone());
            let from_lower = match l.lower.kind {
                ExprKind::Int(0) => iv.clone(),
                _ => bin(BinOp::Sub, iv.clone(), l.lower.clone()),
            };
            let logical = match l.step {
                1 => from_lower,
                -1 => bin(BinOp::Sub, l.lower.clone(), iv),
                st => bin(BinOp::Div, from_lower, int(st)),
            };
            let offset = match step {
                1 => logical,
                s => bin(BinOp::Mul, logical, int(s)),
            };
            // A given iteration contract learns that the snapshot is the original's value at
            // the construct (true where the loop starts; the original does not change while it
            // runs), so it can state the copy's values through the original's name.
            if let (Some(k), false) = (&mut nest.contract, info.in_memory()) {
                use crate::spec::build as s;
                let at = item.span;
                let same = s::bin(
                    crate::spec::BinOp::Eq,
                    s::var(&format!("{}{START_SUFFIX}", info.name), at),
                    s::var(&info.name, at),
                    at,
                );
                k.clauses.insert(
                    0,
                    crate::spec::Clause {
                        kind: crate::spec::ClauseKind::Requires,
                        expr: same,
                        span: at,
                        // Not an inference about the code: what the rewriting defines.
                        inferred: None,
                        lock: None,
                    },
                );
            }
            let value = bin(BinOp::Add, var(start, &info.ty), offset);
            inits.push(Stmt {
                kind: StmtKind::Assign {
                    target: var(*v, &info.ty),
                    value,
                },
                span,
            });
        }
        clauses.push(crate::pragma::Clause {
            kind: ClauseKind::Lastprivate {
                conditional: false,
                items: lin.items.clone(),
            },
            ..clause
        });
    }
    c.pragma.clauses = clauses;
    if !inits.is_empty() {
        inits.append(&mut nest.body.stmts);
        nest.body.stmts = inits;
    }
    snapshots
}

/// The variable named `name` that the loop body uses, else the one of `function` or the global
/// of that name, if exactly one.
fn find_var(
    program: &Program,
    function: &str,
    name: &str,
    used: &std::collections::BTreeSet<VarId>,
) -> Option<VarId> {
    let in_body: Vec<VarId> = used
        .iter()
        .copied()
        .filter(|v| program.var(*v).name == name)
        .collect();
    if let [v] = in_body.as_slice() {
        return Some(*v);
    }
    if !in_body.is_empty() {
        return None;
    }
    let candidates: Vec<VarId> = (0..program.vars.len())
        .map(|k| VarId(k as u32))
        .filter(|v| {
            let info = program.var(*v);
            info.name == name
                && (info.function.as_deref() == Some(function) || info.storage == Storage::Global)
        })
        .collect();
    match candidates.as_slice() {
        [v] => Some(*v),
        _ => None,
    }
}
