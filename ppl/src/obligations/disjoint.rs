//! Disjointness (rule b-linearize, thesis Fig. 5.2, and the iterations of one block): the
//! permissions of any two iterations that may run at the same time must fit together into the
//! region's resources RC. Before that, each single iteration's permissions must fit (otherwise
//! the region is short of permissions, which is not a race).

use super::block::{RegionInput, ViperBlock};
use super::build::*;
use super::checks::{Checks, Role};
use super::names::NameGen;
use super::sides::{block_tag, side_of, window, DisjointCheck, Side};
use super::split::UnsupportedShape;
use super::subst::subst;
use crate::order::Relation;
use crate::tree::{BasicBlock, BlockKind};
use viper::ast::*;
use viper::Span;

fn side(
    b: &BasicBlock<ViperBlock>,
    rename: &mut dyn FnMut(&str) -> String,
    span: Span,
) -> Result<Side, UnsupportedShape> {
    let mut s = side_of(&b.payload.pre, &b.payload.dims, rename, span)?;
    s.thread_dim = b.payload.thread_dim;
    if let Some(t) = &b.payload.thread {
        let x = rename(&t.var);
        let v = local(&x, span);
        s.assume = and(s.assume, t.contains(v.clone(), span), span);
        if let Some(runs) = &b.payload.schedule_thread {
            let mut runs = runs.clone();
            for (d, y) in b.payload.dims.iter().zip(&s.vars) {
                runs = subst(&runs, &d.var, &local(y, span));
            }
            s.assume = and(s.assume, bin(BinaryOp::Eq, v.clone(), runs, span), span);
        }
        s.rc = subst(&s.rc, &t.var, &v);
        s.thread = Some(x);
    }
    Ok(s)
}

/// Every disjointness check of a region. `rename` gives the variable that holds an iteration of
/// a block with the given iteration variable (called twice for a pair within one block).
pub fn checks_of(
    r: &RegionInput,
    rename: &mut dyn FnMut(&str) -> String,
) -> Result<Vec<DisjointCheck>, UnsupportedShape> {
    let blocks = r.ppl.blocks();
    let mut out = Vec::new();
    for b in &blocks {
        let s = side(b, rename, b.span)?;
        out.push(DisjointCheck {
            name: format!("fit_{}", block_tag(b)),
            vars: s.vars.iter().chain(&s.thread).cloned().collect(),
            assume: s.assume.clone(),
            exhale: s.rc.clone(),
            role: Role::Fit {
                region: r.key,
                block: b.payload.key,
                vars: s.vars.clone(),
            },
            span: b.span,
        });
        if b.payload.staged().is_some() {
            // Iterations that keep lexically forward dependences: statement by statement.
            out.extend(super::stages::stage_checks(r, b, rename)?);
        } else if !b.payload.dims.is_empty() {
            // Two different iterations of the block (fresh variables: in place, every check
            // declares its own).
            let s = side(b, rename, b.span)?;
            let t = side(b, rename, b.span)?;
            let window = window(b, &s.vars, &t.vars);
            let mut check = pair(
                r,
                b,
                b,
                s,
                t,
                Distinct::Tuple,
                format!("disjoint_{}", block_tag(b)),
            );
            if let Some(w) = window {
                check.assume = and(check.assume, w, b.span);
            }
            out.push(check);
        }
    }
    for p in &r.pairs {
        let (Some(a), Some(b)) = (r.ppl.block(p.a), r.ppl.block(p.b)) else {
            continue;
        };
        let distinct = match p.relation {
            Relation::Ordered => continue,
            Relation::Fused => Distinct::Prefix(a.payload.fused_dims.min(b.payload.fused_dims)),
            Relation::Parallel => Distinct::No,
        };
        let s = side(a, rename, a.span)?;
        let t = side(b, rename, b.span)?;
        let name = format!("disjoint_{}_{}", block_tag(a), block_tag(b));
        out.push(pair(r, a, b, s, t, distinct, name));
    }
    Ok(out)
}

/// The variable of the thread a side runs on, and whether it is the thread that runs an
/// iteration of a worksharing loop (rather than a thread dimension).
fn thread_of(s: &Side) -> Option<(String, bool)> {
    match (&s.thread, s.thread_dim) {
        (Some(t), _) => Some((t.clone(), true)),
        (None, true) => s.vars.first().map(|v| (v.clone(), false)),
        (None, false) => None,
    }
}

/// Which pairs of iterations of the two sides a check covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Distinct {
    /// All pairs.
    No,
    /// Pairs that differ in one of the first k coordinates (fusion: the same unit, see
    /// [`ViperBlock::fused_dims`], runs its part of the first block before the second's).
    Prefix(usize),
    /// Pairs of different iterations of one block (some coordinate differs).
    Tuple,
}

fn pair(
    r: &RegionInput,
    a: &BasicBlock<ViperBlock>,
    b: &BasicBlock<ViperBlock>,
    s: Side,
    t: Side,
    distinct: Distinct,
    name: String,
) -> DisjointCheck {
    let span = b.span;
    let threads = (thread_of(&s), thread_of(&t));
    let mut assume = and(s.assume, t.assume, span);
    let ne = |x: &String, y: &String| bin(BinaryOp::Ne, local(x, span), local(y, span), span);
    // The logical iteration of coordinate `m` of a side at variable `x` (`x` itself where
    // both loops start alike).
    let logical = |blk: &BasicBlock<ViperBlock>, m: usize, x: &String| -> Expr {
        match blk.payload.starts.get(m).cloned().flatten() {
            Some((lo, 1)) => bin(BinaryOp::Sub, local(x, span), lo, span),
            Some((lo, st)) => bin(
                BinaryOp::Div,
                bin(BinaryOp::Sub, local(x, span), lo, span),
                int(st, span),
                span,
            ),
            None => local(x, span),
        }
    };
    let start_text = |blk: &BasicBlock<ViperBlock>, m: usize| {
        blk.payload
            .starts
            .get(m)
            .cloned()
            .flatten()
            .map(|(lo, st)| (viper::printer::print_expr(&lo), st))
    };
    let starts_alike = |m: usize| start_text(a, m) == start_text(b, m);
    let differ = match distinct {
        Distinct::No => None,
        Distinct::Prefix(k) => s
            .vars
            .iter()
            .zip(&t.vars)
            .take(k)
            .enumerate()
            .map(|(m, (x, y))| {
                if starts_alike(m) {
                    ne(x, y)
                } else {
                    bin(BinaryOp::Ne, logical(a, m, x), logical(b, m, y), span)
                }
            })
            .reduce(|p, q| bin(BinaryOp::Or, p, q, span)),
        Distinct::Tuple => s
            .vars
            .iter()
            .zip(&t.vars)
            .map(|(x, y)| ne(x, y))
            .reduce(|p, q| bin(BinaryOp::Or, p, q, span)),
    };
    if let Some(d) = differ {
        assume = and(assume, d, span);
    }
    // On one thread, iterations of worksharing loops run one after another, and between the
    // code every thread runs (OpenMP 5.2 §11.5: the iterations run in the threads' implicit
    // tasks; §11.5.3): only those of two different threads may run at the same time. Two
    // blocks of code every thread runs are left as they were (their fusion orders them).
    if let (Some((x, runs_x)), Some((y, runs_y))) = threads {
        if runs_x || runs_y {
            assume = and(assume, ne(&x, &y), span);
        }
    }
    let _ = BlockKind::Par;
    DisjointCheck {
        name,
        vars: s
            .vars
            .iter()
            .chain(&s.thread)
            .chain(&t.vars)
            .chain(&t.thread)
            .cloned()
            .collect(),
        assume,
        exhale: and(s.rc, t.rc, span),
        role: Role::Race {
            region: r.key,
            first: a.payload.key,
            second: b.payload.key,
            first_vars: s.vars.into_iter().chain(s.thread).collect(),
            second_vars: t.vars.into_iter().chain(t.thread).collect(),
        },
        span,
    }
}

/// The check as a method that starts from the region's precondition.
pub fn as_method(
    c: &DisjointCheck,
    name: &str,
    r: &RegionInput,
    region_pres: Vec<Expr>,
    checks: &mut Checks,
) -> Method {
    let span = r.span;
    let mut args = r.args.clone();
    args.extend(c.vars.iter().map(|v| decl(v, Type::Int, span)));
    let mut pres: Vec<Expr> = r
        .facts
        .iter()
        .map(|f| {
            respan(
                f.clone(),
                checks.add(Role::Internal("region facts"), c.span),
            )
        })
        .collect();
    pres.extend(region_pres);
    if !is_true(&c.assume) {
        pres.push(respan(
            c.assume.clone(),
            checks.add(Role::Internal("iteration ranges"), c.span),
        ));
    }
    let at = checks.add(c.role.clone(), c.span);
    let body = vec![stmt(StmtKind::Exhale(respan(c.exhale.clone(), at)), at)];
    Method {
        name: Ident::new(name, span),
        args,
        returns: Vec::new(),
        pres,
        posts: Vec::new(),
        body: Some(block(body, span)),
        span,
    }
}

/// The check as a side branch of the function at the region's entry:
/// `if (nd) { var x: Int; inhale ranges; exhale rc; inhale false }` with a fresh, unassigned `nd`.
pub fn as_branch(c: &DisjointCheck, names: &mut NameGen, checks: &mut Checks) -> Vec<Stmt> {
    let span = c.span;
    let internal = |checks: &mut Checks, what| checks.add(Role::Internal(what), span);
    let nd = names.fresh("nondet");
    let mut inner: Vec<Stmt> = c
        .vars
        .iter()
        .map(|v| var_decl(v, Type::Int, None, internal(checks, "declaration")))
        .collect();
    if !is_true(&c.assume) {
        let at = internal(checks, "iteration ranges");
        inner.push(stmt(StmtKind::Inhale(respan(c.assume.clone(), at)), at));
    }
    let at = checks.add(c.role.clone(), c.span);
    inner.push(stmt(StmtKind::Exhale(respan(c.exhale.clone(), at)), at));
    let at = internal(checks, "end of a side branch");
    inner.push(stmt(StmtKind::Inhale(bool_lit(false, at)), at));
    let decl_at = internal(checks, "declaration");
    let if_at = internal(checks, "side branch");
    vec![
        var_decl(&nd, Type::Bool, None, decl_at),
        stmt(
            StmtKind::If {
                cond: local(&nd, if_at),
                then: block(inner, span),
                els: None,
            },
            if_at,
        ),
    ]
}
