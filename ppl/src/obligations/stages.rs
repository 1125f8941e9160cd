//! Blocks whose iterations keep lexically forward dependences (a `simd` loop, OpenMP 5.2 §10.4:
//! within a SIMD chunk, an earlier iteration's access in a statement before the later
//! iteration's is ordered before it; chunks run one after another). For iterations `x < y` and
//! top-level statements `p`, `q`, the accesses of statement `p` of `x` and `q` of `y` may only
//! run at the same time when `q <= p` (a backward or same-statement dependence): those pairs
//! must have disjoint permissions; the pairs with `p < q` are ordered.
//!
//! Two obligations replace the disjointness of all pairs of iterations:
//! - [`stage_checks`]: for each such pair of statements, the two footprints fit together;
//! - [`stage_method`]: one iteration, statement by statement, each given only its own
//!   footprint (and giving it back), so that every statement stays within it.

use super::block::{RegionInput, ViperBlock};
use super::build::*;
use super::checks::{Checks, Owner, Role};
use super::par_block::{clauses, one_iteration};
use super::sides::{block_tag, side_of, window, DisjointCheck};
use super::split::UnsupportedShape;
use crate::tree::BasicBlock;
use viper::ast::*;
use viper::Span;

/// The disjointness checks of a block with stages: for iterations `x < y` (within the window),
/// statement `p` of `x` against each statement `q <= p` of `y`.
pub fn stage_checks(
    r: &RegionInput,
    b: &BasicBlock<ViperBlock>,
    rename: &mut dyn FnMut(&str) -> String,
) -> Result<Vec<DisjointCheck>, UnsupportedShape> {
    let Some(stages) = b.payload.staged() else {
        return Ok(Vec::new());
    };
    let span = b.span;
    let dims = &b.payload.dims;
    let mut out = Vec::new();
    for (q, later) in stages.parts.iter().enumerate() {
        for (p, earlier) in stages.parts.iter().enumerate().skip(q) {
            let s = side_of(&earlier.pre, dims, rename, span)?;
            let t = side_of(&later.pre, dims, rename, span)?;
            if is_true(&s.rc) || is_true(&t.rc) {
                continue;
            }
            let ([x], [y]) = (s.vars.as_slice(), t.vars.as_slice()) else {
                return Err(UnsupportedShape {
                    span,
                    what: "statement footprints of a block with more than one dimension",
                });
            };
            let mut assume = and(
                and(s.assume.clone(), t.assume.clone(), span),
                bin(BinaryOp::Lt, local(x, span), local(y, span), span),
                span,
            );
            if let Some(w) = window(b, &s.vars, &t.vars) {
                assume = and(assume, w, span);
            }
            out.push(DisjointCheck {
                name: format!("disjoint_{}_stmt{}_stmt{}", block_tag(b), p + 1, q + 1),
                vars: vec![x.clone(), y.clone()],
                assume,
                exhale: and(s.rc, t.rc, span),
                role: Role::Race {
                    region: r.key,
                    first: b.payload.key,
                    second: b.payload.key,
                    first_vars: s.vars,
                    second_vars: t.vars,
                },
                span,
            });
        }
    }
    Ok(out)
}

/// The method that runs one iteration of a block with stages statement by statement: `inhale`
/// the statement's footprint, run it, `exhale` the footprint again (so the next statement
/// starts from its own footprint only). `None` for a block without stages.
pub fn stage_method(
    name: &str,
    args: &[LocalDecl],
    facts: &[Expr],
    vb: &ViperBlock,
    span: Span,
    checks: &mut Checks,
) -> Option<Method> {
    let stages = vb.staged()?;
    let (all_args, pres) = one_iteration(args, facts, vb, span, checks);
    let owner = Owner::Block(vb.key);
    let mut body = stages.prelude.clone();
    for part in &stages.parts {
        let given = clauses(&part.pre, Role::Precondition(owner.clone()), checks);
        let given = and_all(given, part.span);
        if !is_true(&given) {
            let at = checks.add(Role::Internal("footprint of a statement"), part.span);
            body.push(stmt(StmtKind::Inhale(given), at));
        }
        body.extend(part.code.iter().cloned());
        let back = and_all(part.pre.iter().map(|c| c.expr.clone()), part.span);
        if !is_true(&back) {
            let at = checks.add(Role::Internal("footprint of a statement"), part.span);
            body.push(stmt(StmtKind::Exhale(respan(back, at)), at));
        }
    }
    Some(Method {
        name: Ident::new(name, span),
        args: all_args,
        returns: Vec::new(),
        pres,
        posts: Vec::new(),
        body: Some(block(body, span)),
        span,
    })
}
