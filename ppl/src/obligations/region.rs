//! All obligations of one outermost parallel region.
//!
//! - every basic block: its par-block method ([`super::par_block`]);
//! - disjointness checks ([`super::disjoint`]);
//! - the blocks run by their contracts in b-linearized order ([`super::sequentialize`]).
//!
//! A region with a contract gets a method for each of them, starting from the contract, and its
//! function only uses the contract (`label; exhale pre; inhale post`). A region without one is
//! checked in place: the disjointness checks become side branches of the function at the
//! region's entry and the block runs follow there.

use super::block::RegionInput;
use super::build::*;
use super::checks::{BlockInfo, BlockKey, Checks, Owner, Role};
use super::disjoint::{as_branch, as_method, checks_of};
use super::names::NameGen;
use super::obligation::{Obligation, ObligationKind, LOC_FUNCTION};
use super::par_block::{clauses, par_block_method};
use super::sequentialize::{method as seq_method, run_blocks};
use super::sides::block_tag;
use super::split::{atom, conjuncts, UnsupportedShape};
use super::stages::stage_method;
use super::subst::label_old;
use crate::tree::BlockKind;
use std::collections::HashSet;
use viper::ast::*;

/// The members a region adds to the program and the statements its function runs in its place.
#[derive(Clone, Debug)]
pub struct RegionObligations {
    pub members: Vec<Obligation>,
    /// What the function executes where the region stands.
    pub in_place: Vec<Stmt>,
}

/// Builds every obligation of region `r`.
pub fn region_obligations(
    r: &RegionInput,
    names: &mut NameGen,
    checks: &mut Checks,
) -> Result<RegionObligations, UnsupportedShape> {
    describe_atoms(r, checks)?;
    let mut members = Vec::new();
    let mut taken = HashSet::new();
    let mut member_name = |base: String| {
        let mut n = format!("{}__{}", r.prefix, base);
        let mut k = 1;
        while !taken.insert(n.clone()) {
            k += 1;
            n = format!("{}__{}_{}", r.prefix, base, k);
        }
        n
    };

    // ParBlock: one method per basic block.
    for b in r.ppl.blocks() {
        let block = in_words(checks.block(b.payload.key));
        let m = par_block_method(
            &member_name(block_tag(b)),
            &r.args,
            &r.facts,
            &b.payload,
            b.span,
            checks,
        );
        members.push(Obligation {
            method: m,
            kind: ObligationKind::ParBlock,
            what: format!("the contract of {block}"),
        });
        if let Some(m) = stage_method(
            &member_name(format!("{}_stages", block_tag(b))),
            &r.args,
            &r.facts,
            &b.payload,
            b.span,
            checks,
        ) {
            members.push(Obligation {
                method: m,
                kind: ObligationKind::ParBlock,
                what: format!("the contract of {block}, statement by statement"),
            });
        }
    }

    let mut rename = |v: &str| names.fresh(v);
    let disjoint = checks_of(r, &mut rename)?;
    let mut in_place = Vec::new();
    match &r.contract {
        Some(c) => {
            let owner = Owner::Region(r.key);
            for d in &disjoint {
                let pres = clauses(&c.pre, Role::Precondition(owner.clone()), checks);
                let m = as_method(d, &member_name(d.name.clone()), r, pres, checks);
                members.push(Obligation {
                    method: m,
                    kind: ObligationKind::Disjoint,
                    what: disjoint_words(&d.role, checks),
                });
            }
            let pres = clauses(&c.pre, Role::Precondition(owner.clone()), checks);
            let posts = clauses(&c.post, Role::Postcondition(owner), checks);
            let name = member_name("sequentialize".into());
            let m = seq_method(&name, r, pres, posts, names, checks)?;
            members.push(Obligation {
                method: m,
                kind: ObligationKind::Sequentialize,
                what: format!(
                    "the contract of the region at line {}",
                    checks.region(r.key).line
                ),
            });
            in_place = by_contract(r, names, checks);
        }
        None => {
            for d in &disjoint {
                in_place.extend(as_branch(d, names, checks));
            }
            in_place.extend(run_blocks(r, names, checks)?);
        }
    }
    Ok(RegionObligations { members, in_place })
}

/// A block in words: `each iteration of the loop at line 12`, `the \`single\` at line 30`.
fn in_words(b: &BlockInfo) -> String {
    let at = format!("{} at line {}", b.construct, b.line);
    match b.kind {
        BlockKind::Seq => at,
        _ => format!("each iteration of {at}"),
    }
}

/// What a disjointness check proves, in words.
fn disjoint_words(role: &Role, checks: &Checks) -> String {
    let at = |k: BlockKey| {
        let b = checks.block(k);
        format!("{} at line {}", b.construct, b.line)
    };
    match role {
        Role::Fit { block, .. } => format!(
            "the permissions of {} within the region's",
            in_words(checks.block(*block))
        ),
        Role::Race { first, second, .. } if first == second => {
            format!("no race between iterations of {}", at(*first))
        }
        Role::Race { first, second, .. } => {
            format!("no race between {} and {}", at(*first), at(*second))
        }
        _ => "no race between the blocks of the region".into(),
    }
}

/// `label l; exhale pre_R; inhale post_R` (`old` in post_R: the state at `l`).
fn by_contract(r: &RegionInput, names: &mut NameGen, checks: &mut Checks) -> Vec<Stmt> {
    let Some(c) = &r.contract else {
        return Vec::new();
    };
    let span = r.span;
    let l = names.fresh("region_entry");
    let mut out = vec![label(&l, checks.add(Role::Internal("label"), span))];
    let pre = and_all(c.pre.iter().map(|x| x.expr.clone()), span);
    if !is_true(&pre) {
        let at = checks.add(Role::RegionPre(r.key), span);
        out.push(stmt(StmtKind::Exhale(respan(pre, at)), at));
    }
    let post = and_all(c.post.iter().map(|x| label_old(&x.expr, &l)), span);
    if !is_true(&post) {
        let at = checks.add(Role::RegionPost(r.key), span);
        out.push(stmt(StmtKind::Inhale(respan(post, at)), at));
    }
    out
}

/// Records the permissions of every block's precondition in the side table (for explaining races).
fn describe_atoms(r: &RegionInput, checks: &mut Checks) -> Result<(), UnsupportedShape> {
    for b in r.ppl.blocks() {
        let mut atoms = Vec::new();
        // A statement's permissions first: a race between statements is explained by them.
        let stage_pre = b
            .payload
            .staged()
            .into_iter()
            .flat_map(|s| &s.parts)
            .flat_map(|p| &p.pre);
        for clause in stage_pre.chain(&b.payload.pre) {
            for c in conjuncts(&clause.expr)? {
                if let Some(mut a) = atom(&c, LOC_FUNCTION) {
                    a.inferred = clause.inferred;
                    atoms.push(a);
                }
            }
        }
        checks.block_mut(b.payload.key).atoms = atoms;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::obligations::block::{IterRange, RegionContract, SpecClause, ViperBlock};
    use crate::obligations::checks::{BlockInfo, RegionInfo};
    use crate::tree::{BasicBlock, BlockId, BlockKind, Op, Ppl};
    use viper::printer::print_stmt;
    use viper::Span;

    const S: Span = Span::DUMMY;

    fn elem(a: &str, i: &str, p: PermLit) -> Expr {
        acc(
            field(call("loc", vec![local(a, S), local(i, S)], S), "val", S),
            perm_lit(p, S),
            S,
        )
    }

    fn block(id: usize, line: u32, var: &str, checks: &mut Checks) -> Ppl<ViperBlock> {
        let key = checks.add_block(BlockInfo {
            name: format!("par@{line}"),
            construct: "the loop".into(),
            kind: BlockKind::Par,
            line,
            pragma: S,
            vars: vec![(var.into(), var.into())],
            atoms: Vec::new(),
            invariant: None,
            schedule_uncertain: None,
        });
        let pre = vec![SpecClause {
            expr: elem("a", var, PermLit::Write),
            span: S,
            inferred: None,
        }];
        Ppl::Block(BasicBlock {
            id: BlockId(id),
            kind: BlockKind::Par,
            line,
            span: S,
            iterations: Vec::new(),
            payload: ViperBlock {
                key,
                dims: vec![IterRange {
                    var: var.into(),
                    lo: int(0, S),
                    hi: local("n", S),
                    filter: None,
                }],
                pre: pre.clone(),
                post: pre,
                body: block_of(vec![]),
                window: None,
                snapshots: Vec::new(),
                assumed: Vec::new(),
                stages: None,
                fused_dims: 1,
                thread: None,
                schedule_thread: None,
                starts: Vec::new(),
                thread_dim: false,
            },
        })
    }

    fn block_of(stmts: Vec<Stmt>) -> Block {
        super::block(stmts, S)
    }

    fn region(contract: bool, checks: &mut Checks) -> RegionInput {
        let key = checks.add_region(RegionInfo {
            function: "f".into(),
            line: 3,
            pragma: S,
            contract: None,
            names: Default::default(),
            scalars: Default::default(),
            approximation: None,
        });
        let ppl = Ppl::join(Op::Fuse, block(0, 4, "i", checks), block(1, 7, "j", checks));
        let pairs = crate::block_pairs(&ppl);
        RegionInput {
            key,
            prefix: "f__r3".into(),
            args: vec![decl("n", Type::Int, S), decl("a", Type::domain("Array"), S)],
            facts: Vec::new(),
            contract: contract.then(|| RegionContract {
                pre: vec![],
                post: vec![],
            }),
            ppl,
            pairs,
            span: S,
        }
    }

    #[test]
    fn with_contract_every_check_is_a_method() {
        let mut checks = Checks::new();
        let r = region(true, &mut checks);
        let out = region_obligations(&r, &mut NameGen::new(), &mut checks).unwrap();
        let names: Vec<(&str, ObligationKind)> = out
            .members
            .iter()
            .map(|o| (o.method.name.name.as_str(), o.kind))
            .collect();
        use ObligationKind::*;
        assert_eq!(
            names,
            vec![
                ("f__r3__par4", ParBlock),
                ("f__r3__par7", ParBlock),
                ("f__r3__fit_par4", Disjoint),
                ("f__r3__disjoint_par4", Disjoint),
                ("f__r3__fit_par7", Disjoint),
                ("f__r3__disjoint_par7", Disjoint),
                ("f__r3__disjoint_par4_par7", Disjoint),
                ("f__r3__sequentialize", Sequentialize),
            ]
        );
        // Fused blocks: only different iterations are incomparable.
        let pair = &out.members[6].method;
        let assume = viper::printer::print_expr(pair.pres.last().unwrap());
        assert_eq!(
            assume,
            "0 <= i_3 && i_3 < n && 0 <= j_3 && j_3 < n && i_3 != j_3"
        );
        // The function runs the region by its (empty) contract: just the label.
        assert_eq!(out.in_place.len(), 1);
        // Every block's permissions are described for race messages.
        assert_eq!(checks.blocks[0].atoms.len(), 1);
        assert_eq!(checks.blocks[0].atoms[0].array, "a");
    }

    #[test]
    fn without_contract_the_checks_are_side_branches() {
        let mut checks = Checks::new();
        let r = region(false, &mut checks);
        let out = region_obligations(&r, &mut NameGen::new(), &mut checks).unwrap();
        assert_eq!(out.members.len(), 2, "only the par-block methods");
        let text: Vec<String> = out.in_place.iter().map(print_stmt).collect();
        // 5 checks (two fits, two self-disjointness, one pair), each `var nondet; if (nondet) {…}`.
        let branches = text.iter().filter(|s| s.starts_with("if (nondet")).count();
        assert_eq!(branches, 5, "{text:#?}");
        // Then each block: label, exhale all iterations' pre, inhale all iterations' post.
        let tail = &text[text.len() - 6..];
        assert!(tail[0].starts_with("label before_par4"));
        assert!(tail[1].starts_with("exhale forall i: Int :: 0 <= i && i < n ==> acc("));
        assert!(tail[2].starts_with("inhale forall i: Int"));
        assert!(tail[3].starts_with("label before_par7"));
        let roles: Vec<&Role> = out
            .in_place
            .iter()
            .filter_map(|s| checks.get(s.span).map(|c| &c.role))
            .collect();
        assert!(roles.iter().any(|r| matches!(r, Role::BlockPre { .. })));
    }

    #[test]
    fn an_empty_split_changes_nothing() {
        let print = |o: &RegionObligations| {
            let mut t: Vec<String> = o.in_place.iter().map(print_stmt).collect();
            t.extend(o.members.iter().map(|m| m.method.name.name.clone()));
            t
        };
        let mut checks = Checks::new();
        let plain = region(false, &mut checks);
        let mut split = plain.clone();
        if let Ppl::Comp { parts, .. } = &mut split.ppl {
            for p in parts {
                if let Ppl::Block(b) = p {
                    b.payload.stages = Some(crate::obligations::Stages {
                        prelude: Vec::new(),
                        parts: Vec::new(),
                    });
                }
            }
        }
        let a = region_obligations(&plain, &mut NameGen::new(), &mut checks).unwrap();
        let b = region_obligations(&split, &mut NameGen::new(), &mut checks).unwrap();
        assert_eq!(print(&a), print(&b));
    }

    /// A block with two statements `a[i] = …; … = a[i - 1]` whose iterations keep lexically
    /// forward dependences (OpenMP 5.2 §10.4).
    fn staged_region(checks: &mut Checks) -> RegionInput {
        let mut r = region(true, checks);
        let Ppl::Comp { parts, .. } = &r.ppl else {
            unreachable!("two fused blocks")
        };
        let Ppl::Block(mut b) = parts[0].clone() else {
            unreachable!("a block")
        };
        let stage = |e: Expr| crate::obligations::Stage {
            pre: vec![SpecClause {
                expr: e,
                span: S,
                inferred: Some(true),
            }],
            code: Vec::new(),
            span: S,
        };
        let prev = bin(BinaryOp::Sub, local("i", S), int(1, S), S);
        let read = acc(
            field(call("loc", vec![local("a", S), prev], S), "val", S),
            bin(BinaryOp::PermDiv, int(1, S), int(2, S), S),
            S,
        );
        b.kind = BlockKind::Vec;
        b.payload.stages = Some(crate::obligations::Stages {
            prelude: Vec::new(),
            parts: vec![stage(elem("a", "i", PermLit::Write)), stage(read)],
        });
        r.ppl = Ppl::Block(b);
        r.pairs = crate::block_pairs(&r.ppl);
        r
    }

    #[test]
    fn staged_blocks_check_only_pairs_forward_dependences_do_not_order() {
        let mut checks = Checks::new();
        let r = staged_region(&mut checks);
        let out = region_obligations(&r, &mut NameGen::new(), &mut checks).unwrap();
        let names: Vec<&str> = out
            .members
            .iter()
            .map(|o| o.method.name.name.as_str())
            .collect();
        // Statement p of the earlier iteration against statement q <= p of the later one: (1, 1),
        // (2, 1), (2, 2); not (1, 2), the forward pair. No check of whole iterations.
        assert_eq!(
            names,
            vec![
                "f__r3__vec4",
                "f__r3__vec4_stages",
                "f__r3__fit_vec4",
                "f__r3__disjoint_vec4_stmt1_stmt1",
                "f__r3__disjoint_vec4_stmt2_stmt1",
                "f__r3__disjoint_vec4_stmt2_stmt2",
                "f__r3__sequentialize",
            ]
        );
        let pair = &out.members[4].method;
        let assume = viper::printer::print_expr(pair.pres.last().unwrap());
        assert_eq!(
            assume,
            "0 <= i_3 && i_3 < n && 0 <= i_4 && i_4 < n && i_3 < i_4"
        );
        // The statements run one after another, each given and giving back its footprint.
        let body = out.members[1].method.body.as_ref().expect("a body");
        let stages: Vec<String> = body.stmts.iter().map(print_stmt).collect();
        let steps: Vec<&String> = stages
            .iter()
            .filter(|l| l.starts_with("inhale") || l.starts_with("exhale"))
            .collect();
        assert_eq!(steps.len(), 4, "{stages:#?}");
        assert!(steps[0].starts_with("inhale acc(loc(a, i).val, write)"));
        assert!(steps[3].starts_with("exhale acc(loc(a, i - 1).val, 1 / 2)"));
        // The sequentialized run distributes the loop: each statement over all iterations.
        let body = out.members[6].method.body.as_ref().expect("a body");
        let seq: Vec<String> = body.stmts.iter().map(print_stmt).collect();
        let runs = seq
            .iter()
            .filter(|l| l.starts_with("exhale forall i"))
            .count();
        assert_eq!(runs, 2, "{seq:#?}");
    }
}
