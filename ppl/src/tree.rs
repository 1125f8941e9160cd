//! The PPL syntax tree (thesis Fig. 4.1): basic blocks joined by composition operators.
//!
//! A tree is generic over the payload `B` a basic block carries, so that the front end can attach
//! its C code and a later stage its Viper encoding to the same structure ([`Ppl::map_blocks`]).

use viper::Span;

/// Identifies a basic block within one PPL program; ids follow the blocks' left-to-right order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub usize);

/// The three kinds of basic blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockKind {
    /// `Par(N) S`: N iterations that may run in parallel.
    Par,
    /// `Vec(N) V`: iterations executed in lock-step chunks.
    Vec,
    /// Sequential code run once.
    Seq,
}

impl BlockKind {
    /// `par`, `vec` or `seq`, as written in block names.
    pub fn as_str(self) -> &'static str {
        match self {
            BlockKind::Par => "par",
            BlockKind::Vec => "vec",
            BlockKind::Seq => "seq",
        }
    }
}

/// The three composition operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// Sequential composition `;`: every block of the left part happens before every block of the right.
    Seq,
    /// Parallel composition `||`: no ordering between the parts.
    Par,
    /// Fusion `⊕`: iteration i of the left part happens before iteration i of the right part.
    Fuse,
}

impl Op {
    /// The operator symbol: `;`, `||` or `⊕`.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Seq => ";",
            Op::Par => "||",
            Op::Fuse => "⊕",
        }
    }

    /// A word naming the operator (`seq`, `par`, `fuse`), for JSON.
    pub fn name(self) -> &'static str {
        match self {
            Op::Seq => "seq",
            Op::Par => "par",
            Op::Fuse => "fuse",
        }
    }
}

/// The iteration space of a loop block: `var` ranges over `[lower, upper)`.
///
/// The bounds are kept as source text for display; the payload holds them as expressions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The iteration variable.
    pub var: String,
    /// Inclusive lower bound, as printed.
    pub lower: String,
    /// Exclusive upper bound, as printed (`N + 1` for a loop written `i <= N`).
    pub upper: String,
}

/// A basic block: its identity, kind, origin in the source and the payload of the stage that built it.
#[derive(Clone, Debug, PartialEq)]
pub struct BasicBlock<B> {
    pub id: BlockId,
    pub kind: BlockKind,
    /// Line of the pragma that creates the block (the block is named `kind@line`).
    pub line: u32,
    /// The construct in the source (pragma through the end of its statement).
    pub span: Span,
    /// The dimensions of the iteration space (outermost first): empty for a block run once.
    pub iterations: Vec<Iteration>,
    pub payload: B,
}

impl<B> BasicBlock<B> {
    /// The block's name, e.g. `par@27`.
    pub fn name(&self) -> String {
        format!("{}@{}", self.kind.as_str(), self.line)
    }

    /// The same block with its payload replaced.
    pub fn with_payload<C>(self, payload: C) -> BasicBlock<C> {
        BasicBlock {
            id: self.id,
            kind: self.kind,
            line: self.line,
            span: self.span,
            iterations: self.iterations,
            payload,
        }
    }
}

/// A PPL program: a basic block, or a composition of at least two parts with one operator.
///
/// Compositions built with [`Ppl::join`] are flat: no part of a composition is a composition with
/// the same operator (all three operators are associative, so this loses nothing).
#[derive(Clone, Debug, PartialEq)]
pub enum Ppl<B> {
    Block(BasicBlock<B>),
    Comp { op: Op, parts: Vec<Ppl<B>> },
}

impl<B> Ppl<B> {
    /// `a op b`, flattening chains of the same operator.
    pub fn join(op: Op, a: Ppl<B>, b: Ppl<B>) -> Ppl<B> {
        let mut parts = Vec::new();
        for p in [a, b] {
            match p {
                Ppl::Comp { op: o, parts: ps } if o == op => parts.extend(ps),
                other => parts.push(other),
            }
        }
        Ppl::Comp { op, parts }
    }

    /// Folds a non-empty list with one operator (`None` for an empty list).
    pub fn fold(op: Op, items: impl IntoIterator<Item = Ppl<B>>) -> Option<Ppl<B>> {
        items
            .into_iter()
            .reduce(|acc, next| Ppl::join(op, acc, next))
    }

    /// The basic blocks in left-to-right order.
    pub fn blocks(&self) -> Vec<&BasicBlock<B>> {
        let mut out = Vec::new();
        self.collect_blocks(&mut out);
        out
    }

    fn collect_blocks<'a>(&'a self, out: &mut Vec<&'a BasicBlock<B>>) {
        match self {
            Ppl::Block(b) => out.push(b),
            Ppl::Comp { parts, .. } => parts.iter().for_each(|p| p.collect_blocks(out)),
        }
    }

    /// The block with the given id.
    pub fn block(&self, id: BlockId) -> Option<&BasicBlock<B>> {
        self.blocks().into_iter().find(|b| b.id == id)
    }

    /// The same tree with every block's payload transformed (ids, kinds and spans are kept).
    pub fn map_blocks<C>(self, f: &mut impl FnMut(BasicBlock<B>) -> C) -> Ppl<C> {
        match self {
            Ppl::Block(b) => {
                let payload_free = BasicBlock {
                    id: b.id,
                    kind: b.kind,
                    line: b.line,
                    span: b.span,
                    iterations: b.iterations.clone(),
                    payload: (),
                };
                let c = f(b);
                Ppl::Block(payload_free.with_payload(c))
            }
            Ppl::Comp { op, parts } => Ppl::Comp {
                op,
                parts: parts.into_iter().map(|p| p.map_blocks(f)).collect(),
            },
        }
    }

    /// Like [`Ppl::map_blocks`] but the transformation may fail; the first error is returned.
    pub fn try_map_blocks<C, E>(
        self,
        f: &mut impl FnMut(BasicBlock<B>) -> Result<C, E>,
    ) -> Result<Ppl<C>, E> {
        Ok(match self {
            Ppl::Block(b) => {
                let shell = BasicBlock {
                    id: b.id,
                    kind: b.kind,
                    line: b.line,
                    span: b.span,
                    iterations: b.iterations.clone(),
                    payload: (),
                };
                Ppl::Block(shell.with_payload(f(b)?))
            }
            Ppl::Comp { op, parts } => Ppl::Comp {
                op,
                parts: parts
                    .into_iter()
                    .map(|p| p.try_map_blocks(f))
                    .collect::<Result<_, _>>()?,
            },
        })
    }

    /// The b-linearisation of §5.1.2: the blocks in left-to-right order, to be run one after the
    /// other (every composition replaced by `;`).
    pub fn linearize(&self) -> Vec<&BasicBlock<B>> {
        self.blocks()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A block for tests: payload `()`, id and line as given.
    pub fn blk(id: usize, kind: BlockKind, line: u32) -> Ppl<()> {
        Ppl::Block(BasicBlock {
            id: BlockId(id),
            kind,
            line,
            span: Span::DUMMY,
            iterations: Vec::new(),
            payload: (),
        })
    }

    #[test]
    fn join_flattens_same_operator_only() {
        let a = blk(0, BlockKind::Par, 1);
        let b = blk(1, BlockKind::Par, 2);
        let c = blk(2, BlockKind::Par, 3);
        let ab = Ppl::join(Op::Fuse, a.clone(), b.clone());
        let abc = Ppl::join(Op::Fuse, ab.clone(), c.clone());
        match &abc {
            Ppl::Comp { op, parts } => {
                assert_eq!(*op, Op::Fuse);
                assert_eq!(parts.len(), 3);
            }
            _ => panic!("expected a composition"),
        }
        let mixed = Ppl::join(Op::Par, ab, c);
        match &mixed {
            Ppl::Comp { op, parts } => {
                assert_eq!(*op, Op::Par);
                assert_eq!(parts.len(), 2);
            }
            _ => panic!("expected a composition"),
        }
    }

    #[test]
    fn blocks_are_listed_left_to_right_and_payloads_map() {
        let t = Ppl::fold(
            Op::Seq,
            [
                blk(0, BlockKind::Par, 1),
                blk(1, BlockKind::Seq, 2),
                blk(2, BlockKind::Vec, 3),
            ],
        )
        .unwrap();
        let ids: Vec<_> = t.blocks().iter().map(|b| b.id.0).collect();
        assert_eq!(ids, vec![0, 1, 2]);
        let mapped = t.map_blocks(&mut |b| b.line * 10);
        let payloads: Vec<_> = mapped.blocks().iter().map(|b| b.payload).collect();
        assert_eq!(payloads, vec![10, 20, 30]);
        let failed: Result<Ppl<u32>, String> =
            mapped.try_map_blocks(&mut |b| if b.line == 2 { Err("no".into()) } else { Ok(1) });
        assert_eq!(failed.unwrap_err(), "no");
    }

    #[test]
    fn fold_of_nothing_is_none() {
        assert!(Ppl::<()>::fold(Op::Seq, Vec::new()).is_none());
    }
}
