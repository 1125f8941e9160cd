//! The compose step of the OpenMP encoding (thesis Fig. 4.6): operators are inserted between adjacent
//! translated jobs in three passes, from the strongest binding to the weakest: fusion `⊕`, then
//! parallel `||`, then sequential `;` for whatever is left.

use crate::tree::{Op, Ppl};

/// A translated job: a PPL program and the clauses (annotation) it came with. The clauses of a
/// composite are those of its last part.
#[derive(Clone, Debug, PartialEq)]
pub struct Part<B, A> {
    pub ppl: Ppl<B>,
    pub clauses: A,
}

/// One `bundle` pass: wherever `cond(x, y)` holds for adjacent parts `x`, `y` of the input, `x` is
/// joined by `op` with what `y` has become (parts bind to the right, as in Fig. 4.6, so a run of
/// parts that pairwise satisfy `cond` becomes one chain).
///
/// The condition always looks at the two *input* parts, never at a composite built in this pass.
pub fn bundle<B, A>(
    op: Op,
    cond: impl Fn(&Part<B, A>, &Part<B, A>) -> bool,
    items: Vec<Part<B, A>>,
) -> Vec<Part<B, A>> {
    let joins: Vec<bool> = items.windows(2).map(|w| cond(&w[0], &w[1])).collect();
    // Built from the right: `out.last()` is `head r` of the recursive definition.
    let mut out: Vec<Part<B, A>> = Vec::with_capacity(items.len());
    for (i, x) in items.into_iter().enumerate().rev() {
        let join_next = joins.get(i).copied().unwrap_or(false);
        match out.pop() {
            Some(head) if join_next => out.push(Part {
                ppl: Ppl::join(op, x.ppl, head.ppl),
                clauses: head.clauses,
            }),
            head => {
                out.extend(head);
                out.push(x);
            }
        }
    }
    out.reverse();
    out
}

/// `compose`: fusion pass with `fusible`, parallel pass with `par_able`, then sequential composition
/// of the rest. `None` for an empty list.
pub fn compose<B, A>(
    items: Vec<Part<B, A>>,
    fusible: impl Fn(&Part<B, A>, &Part<B, A>) -> bool,
    par_able: impl Fn(&Part<B, A>, &Part<B, A>) -> bool,
) -> Option<Part<B, A>> {
    let fused = bundle(Op::Fuse, fusible, items);
    let parallel = bundle(Op::Par, par_able, fused);
    parallel.into_iter().reduce(|acc, next| Part {
        ppl: Ppl::join(Op::Seq, acc.ppl, next.ppl),
        clauses: next.clauses,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::shape;
    use crate::tree::tests::blk;
    use crate::tree::BlockKind;

    /// Clauses for tests: (plain `omp for`, schedule static, nowait).
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct C {
        for_: bool,
        stat: bool,
        nowait: bool,
    }

    fn part(id: usize, line: u32, for_: bool, stat: bool, nowait: bool) -> Part<(), C> {
        Part {
            ppl: blk(id, BlockKind::Par, line),
            clauses: C { for_, stat, nowait },
        }
    }

    fn fusible(x: &Part<(), C>, y: &Part<(), C>) -> bool {
        let (a, b) = (x.clauses, y.clauses);
        a.for_ && b.for_ && a.stat && b.stat && a.nowait
    }

    fn par_able(x: &Part<(), C>, _: &Part<(), C>) -> bool {
        x.clauses.nowait
    }

    fn encode(items: Vec<Part<(), C>>) -> String {
        shape(&compose(items, fusible, par_able).unwrap().ppl)
    }

    #[test]
    fn barrier_gives_sequential_composition() {
        let s = encode(vec![
            part(0, 1, true, true, false),
            part(1, 2, true, true, false),
        ]);
        assert_eq!(s, "par@1 ; par@2");
    }

    #[test]
    fn static_nowait_gives_fusion_and_three_loops_chain() {
        let two = encode(vec![
            part(0, 1, true, true, true),
            part(1, 2, true, true, false),
        ]);
        assert_eq!(two, "par@1 ⊕ par@2");
        let three = encode(vec![
            part(0, 1, true, true, true),
            part(1, 2, true, true, true),
            part(2, 3, true, true, false),
        ]);
        assert_eq!(three, "par@1 ⊕ par@2 ⊕ par@3");
    }

    #[test]
    fn nowait_without_static_gives_parallel_composition() {
        let s = encode(vec![
            part(0, 1, true, false, true),
            part(1, 2, true, true, true),
            part(2, 3, true, true, false),
        ]);
        assert_eq!(s, "par@1 || (par@2 ⊕ par@3)");
    }

    #[test]
    fn composite_takes_clauses_of_its_last_part() {
        // 1 ⊕ 2 ends with nowait (from 2), so the composite runs in parallel with 3.
        let s = encode(vec![
            part(0, 1, true, true, true),
            part(1, 2, true, true, true),
            part(2, 3, false, false, false),
        ]);
        assert_eq!(s, "(par@1 ⊕ par@2) || par@3");
        // Here 2 has no nowait: the composite 1 ⊕ 2 is followed by a barrier.
        let s = encode(vec![
            part(0, 1, true, true, true),
            part(1, 2, true, true, false),
            part(2, 3, false, false, false),
        ]);
        assert_eq!(s, "(par@1 ⊕ par@2) ; par@3");
    }

    #[test]
    fn conditions_see_input_parts_not_composites() {
        // 2 and 3 are fused first (right to left); 1 is fusible with 2 itself, so 1 joins the chain.
        let seen = std::cell::RefCell::new(Vec::new());
        let items = vec![
            part(0, 1, true, true, true),
            part(1, 2, true, true, true),
            part(2, 3, true, true, false),
        ];
        let out = bundle(
            Op::Fuse,
            |x, y| {
                seen.borrow_mut()
                    .push((x.ppl.blocks().len(), y.ppl.blocks().len()));
                fusible(x, y)
            },
            items,
        );
        assert_eq!(out.len(), 1);
        assert!(seen.borrow().iter().all(|&(a, b)| a == 1 && b == 1));
    }

    #[test]
    fn a_single_part_is_returned_unchanged_and_empty_is_none() {
        assert_eq!(encode(vec![part(0, 4, true, true, true)]), "par@4");
        assert!(compose(Vec::<Part<(), C>>::new(), fusible, par_able).is_none());
    }

    #[test]
    fn mixed_sequence() {
        // a ⊕ b (nowait) || c ; d
        let s = encode(vec![
            part(0, 1, true, true, true),
            part(1, 2, true, true, true),
            part(2, 3, true, false, false),
            part(3, 4, true, true, false),
        ]);
        assert_eq!(s, "((par@1 ⊕ par@2) || par@3) ; par@4");
    }
}
