//! The extended happens-before relation of §5.1.2 and the incomparable iteration pairs.
//!
//! `G(P, δ)` relates every block of the left operand of a `δ`-composition to every block of its
//! right operand. Block-level happens-before is `G(P, ;)`; fusion happens-before is `G(P, ⊕)`.
//! Iteration `i` of block `b` happens before iteration `j` of block `b'` when `b ≺ b'`, or when
//! `b ≺⊕ b'` and `i = j`. Two iterations of different blocks that are ordered in neither direction
//! are incomparable: they may run at the same time, so their accesses must not conflict.

use crate::tree::{BlockId, BlockKind, Op, Ppl};
use std::collections::BTreeSet;

/// `G(P, op)`: the pairs `(b, b')` of blocks such that `b` is in the left and `b'` in the right
/// operand of some `op`-composition in `p`. With flat n-ary compositions, every earlier part is a
/// left operand of every later part.
pub fn happens_before<B>(p: &Ppl<B>, op: Op) -> BTreeSet<(BlockId, BlockId)> {
    let mut out = BTreeSet::new();
    collect(p, op, &mut out);
    out
}

fn collect<B>(p: &Ppl<B>, op: Op, out: &mut BTreeSet<(BlockId, BlockId)>) {
    let Ppl::Comp { op: o, parts } = p else {
        return;
    };
    for part in parts {
        collect(part, op, out);
    }
    if *o == op {
        let ids: Vec<Vec<BlockId>> = parts
            .iter()
            .map(|q| q.blocks().iter().map(|b| b.id).collect())
            .collect();
        for (k, left) in ids.iter().enumerate() {
            for right in &ids[k + 1..] {
                for &a in left {
                    for &b in right {
                        out.insert((a, b));
                    }
                }
            }
        }
    }
}

/// How two distinct basic blocks are related.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// Every iteration of the first happens before every iteration of the second (`;`).
    Ordered,
    /// Only equal iterations are ordered (`⊕`): iteration i of the first before iteration i of the second.
    Fused,
    /// No iterations are ordered (`||`).
    Parallel,
}

impl Relation {
    /// `ordered`, `fused` or `parallel`.
    pub fn as_str(self) -> &'static str {
        match self {
            Relation::Ordered => "ordered",
            Relation::Fused => "fused",
            Relation::Parallel => "parallel",
        }
    }

    /// Which iteration pairs `(i, j)` of the two blocks are incomparable.
    pub fn incomparable(self) -> Incomparable {
        match self {
            Relation::Ordered => Incomparable::None,
            Relation::Fused => Incomparable::Unequal,
            Relation::Parallel => Incomparable::All,
        }
    }
}

/// The incomparable iteration pairs `(i, j)` of two distinct blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Incomparable {
    /// None: the blocks are ordered.
    None,
    /// All pairs with `i ≠ j`: the blocks are fused.
    Unequal,
    /// All pairs.
    All,
}

/// Two distinct basic blocks (`a` before `b` in the program text) and their relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockPair {
    pub a: BlockId,
    pub b: BlockId,
    pub relation: Relation,
}

/// Whether iteration `i` of block `b` happens before iteration `j` of block `b2` (the relation `≺e`).
pub fn iteration_before(
    seq: &BTreeSet<(BlockId, BlockId)>,
    fuse: &BTreeSet<(BlockId, BlockId)>,
    (b, i): (BlockId, u64),
    (b2, j): (BlockId, u64),
) -> bool {
    seq.contains(&(b, b2)) || (fuse.contains(&(b, b2)) && i == j)
}

/// Every pair of distinct basic blocks of `p`, in left-to-right order, with its relation.
pub fn block_pairs<B>(p: &Ppl<B>) -> Vec<BlockPair> {
    let seq = happens_before(p, Op::Seq);
    let fuse = happens_before(p, Op::Fuse);
    let ids: Vec<BlockId> = p.blocks().iter().map(|b| b.id).collect();
    let mut out = Vec::new();
    for (k, &a) in ids.iter().enumerate() {
        for &b in &ids[k + 1..] {
            let relation = if seq.contains(&(a, b)) || seq.contains(&(b, a)) {
                Relation::Ordered
            } else if fuse.contains(&(a, b)) || fuse.contains(&(b, a)) {
                Relation::Fused
            } else {
                Relation::Parallel
            };
            out.push(BlockPair { a, b, relation });
        }
    }
    out
}

/// The iteration pairs of two blocks (or of one loop block with itself) that may run at the same
/// time: what the disjointness obligations quantify over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IterationPairs {
    /// The first block (in program order; `a == b` for two iterations of one block).
    pub a: BlockId,
    pub b: BlockId,
    /// How the blocks are related (`Fused` for two iterations of one loop block: only
    /// different iterations are distinct runs).
    pub relation: Relation,
    /// Which pairs `(i, j)` may run at the same time.
    pub incomparable: Incomparable,
}

/// For every loop block (with itself: its iterations `i ≠ j`) and every pair of distinct
/// blocks, the iteration pairs that may run at the same time, in program order (each block's
/// own pair before its pairs with later blocks). Ordered pairs are listed too, with
/// [`Incomparable::None`], so that a reader sees every pair.
pub fn incomparable_pairs<B>(p: &Ppl<B>) -> Vec<IterationPairs> {
    incomparable_pairs_of(p, &block_pairs(p))
}

/// [`incomparable_pairs`] with the block relation `pairs` instead of the tree's (a front end may
/// know more order than its tree shows).
pub fn incomparable_pairs_of<B>(p: &Ppl<B>, pairs: &[BlockPair]) -> Vec<IterationPairs> {
    let mut out = Vec::new();
    for blk in p.blocks() {
        if blk.kind != BlockKind::Seq {
            out.push(IterationPairs {
                a: blk.id,
                b: blk.id,
                relation: Relation::Fused,
                incomparable: Incomparable::Unequal,
            });
        }
        out.extend(
            pairs
                .iter()
                .filter(|q| q.a == blk.id)
                .map(|q| IterationPairs {
                    a: q.a,
                    b: q.b,
                    relation: q.relation,
                    incomparable: q.relation.incomparable(),
                }),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::tests::blk;
    use crate::tree::BlockKind::{Par, Seq};

    fn rel(pairs: &[BlockPair], a: usize, b: usize) -> Relation {
        pairs
            .iter()
            .find(|p| p.a == BlockId(a) && p.b == BlockId(b))
            .expect("pair present")
            .relation
    }

    /// The PPL program of Listing 7: (B0 ⊕ B1) || B2.
    fn listing7() -> Ppl<()> {
        let fused = Ppl::join(Op::Fuse, blk(0, Par, 17), blk(1, Par, 20));
        Ppl::join(Op::Par, fused, blk(2, Par, 25))
    }

    #[test]
    fn listing7_relations() {
        let p = listing7();
        let pairs = block_pairs(&p);
        assert_eq!(pairs.len(), 3);
        assert_eq!(rel(&pairs, 0, 1), Relation::Fused);
        assert_eq!(rel(&pairs, 0, 2), Relation::Parallel);
        assert_eq!(rel(&pairs, 1, 2), Relation::Parallel);
        assert!(happens_before(&p, Op::Seq).is_empty());
        assert_eq!(
            happens_before(&p, Op::Fuse).into_iter().collect::<Vec<_>>(),
            vec![(BlockId(0), BlockId(1))]
        );
    }

    #[test]
    fn sequential_composition_orders_all_blocks_of_both_sides() {
        // (B0 || B1) ; (B2 ⊕ B3)
        let left = Ppl::join(Op::Par, blk(0, Par, 1), blk(1, Seq, 2));
        let right = Ppl::join(Op::Fuse, blk(2, Par, 3), blk(3, Par, 4));
        let p = Ppl::join(Op::Seq, left, right);
        let pairs = block_pairs(&p);
        assert_eq!(pairs.len(), 6);
        assert_eq!(rel(&pairs, 0, 1), Relation::Parallel);
        assert_eq!(rel(&pairs, 0, 2), Relation::Ordered);
        assert_eq!(rel(&pairs, 0, 3), Relation::Ordered);
        assert_eq!(rel(&pairs, 1, 2), Relation::Ordered);
        assert_eq!(rel(&pairs, 1, 3), Relation::Ordered);
        assert_eq!(rel(&pairs, 2, 3), Relation::Fused);
        let seq = happens_before(&p, Op::Seq);
        assert!(seq.contains(&(BlockId(1), BlockId(3))));
        assert!(
            !seq.contains(&(BlockId(3), BlockId(1))),
            "happens-before is not symmetric"
        );
    }

    #[test]
    fn fused_chain_relates_every_pair() {
        let p = Ppl::fold(Op::Fuse, [blk(0, Par, 1), blk(1, Par, 2), blk(2, Par, 3)]).unwrap();
        let pairs = block_pairs(&p);
        assert!(pairs.iter().all(|q| q.relation == Relation::Fused));
        assert_eq!(pairs.len(), 3);
    }

    #[test]
    fn extended_order_on_iterations() {
        let p = listing7();
        let seq = happens_before(&p, Op::Seq);
        let fuse = happens_before(&p, Op::Fuse);
        let (b0, b1, b2) = (BlockId(0), BlockId(1), BlockId(2));
        assert!(iteration_before(&seq, &fuse, (b0, 3), (b1, 3)));
        assert!(!iteration_before(&seq, &fuse, (b0, 3), (b1, 4)));
        assert!(!iteration_before(&seq, &fuse, (b1, 3), (b0, 3)));
        assert!(!iteration_before(&seq, &fuse, (b0, 0), (b2, 0)));
        assert_eq!(Relation::Fused.incomparable(), Incomparable::Unequal);
        assert_eq!(Relation::Parallel.incomparable(), Incomparable::All);
        assert_eq!(Relation::Ordered.incomparable(), Incomparable::None);
    }

    #[test]
    fn nested_region_inside_parallel_composition() {
        // s0 || ((B1 ⊕ B2) ; B3): a section next to a nested region with a barrier inside.
        let inner = Ppl::join(
            Op::Seq,
            Ppl::join(Op::Fuse, blk(1, Par, 10), blk(2, Par, 11)),
            blk(3, Par, 12),
        );
        let p = Ppl::join(Op::Par, blk(0, Seq, 5), inner);
        let pairs = block_pairs(&p);
        assert_eq!(rel(&pairs, 0, 1), Relation::Parallel);
        assert_eq!(rel(&pairs, 0, 3), Relation::Parallel);
        assert_eq!(rel(&pairs, 1, 2), Relation::Fused);
        assert_eq!(rel(&pairs, 1, 3), Relation::Ordered);
        assert_eq!(rel(&pairs, 2, 3), Relation::Ordered);
    }

    #[test]
    fn incomparable_pairs_include_each_loop_with_itself() {
        // (par0 ⊕ par1) || par2, plus a sequential block ordered after everything.
        let p = Ppl::join(Op::Seq, listing7(), blk(3, Seq, 30));
        let got: Vec<(usize, usize, Incomparable)> = incomparable_pairs(&p)
            .iter()
            .map(|q| (q.a.0, q.b.0, q.incomparable))
            .collect();
        use Incomparable::*;
        assert_eq!(
            got,
            vec![
                (0, 0, Unequal),
                (0, 1, Unequal),
                (0, 2, All),
                (0, 3, None),
                (1, 1, Unequal),
                (1, 2, All),
                (1, 3, None),
                (2, 2, Unequal),
                (2, 3, None),
            ]
        );
    }

    #[test]
    fn a_single_block_has_no_pairs() {
        assert!(block_pairs(&blk(0, Par, 1)).is_empty());
    }
}
