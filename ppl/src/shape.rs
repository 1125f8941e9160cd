//! The one-line shape of a PPL program: blocks written `kind@line`, operators ` ; `, ` || `, ` ⊕ `;
//! a chain of one operator is printed flat, a part with a different operator in parentheses.

use crate::tree::{Op, Ppl};

/// The shape of `p`, e.g. `(par@27 ⊕ par@36) || par@49`.
pub fn shape<B>(p: &Ppl<B>) -> String {
    let mut out = String::new();
    write_shape(p, None, &mut out);
    out
}

fn write_shape<B>(p: &Ppl<B>, parent: Option<Op>, out: &mut String) {
    match p {
        Ppl::Block(b) => out.push_str(&b.name()),
        Ppl::Comp { op, parts } => {
            // A part with the parent's operator continues the parent's chain (flat printing).
            let wrap = parent.is_some_and(|q| q != *op);
            if wrap {
                out.push('(');
            }
            for (i, part) in parts.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                    out.push_str(op.symbol());
                    out.push(' ');
                }
                write_shape(part, Some(*op), out);
            }
            if wrap {
                out.push(')');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::tests::blk;
    use crate::tree::BlockKind::{Par, Seq, Vec as V};

    #[test]
    fn single_block() {
        assert_eq!(shape(&blk(0, Par, 7)), "par@7");
        assert_eq!(shape(&blk(0, V, 8)), "vec@8");
        assert_eq!(shape(&blk(0, Seq, 9)), "seq@9");
    }

    #[test]
    fn nested_operators_are_parenthesised() {
        let fused = Ppl::join(Op::Fuse, blk(0, Par, 27), blk(1, Par, 36));
        let p = Ppl::join(Op::Par, fused, blk(2, Par, 49));
        assert_eq!(shape(&p), "(par@27 ⊕ par@36) || par@49");
        let s = Ppl::join(Op::Seq, p, blk(3, Seq, 60));
        assert_eq!(shape(&s), "((par@27 ⊕ par@36) || par@49) ; seq@60");
    }

    #[test]
    fn chains_are_flat_even_when_built_unflattened() {
        // Built by hand without `join`: a Seq inside a Seq still prints as one chain.
        let inner = Ppl::Comp {
            op: Op::Seq,
            parts: vec![blk(0, Par, 1), blk(1, Par, 2)],
        };
        let outer = Ppl::Comp {
            op: Op::Seq,
            parts: vec![inner, blk(2, Par, 3)],
        };
        assert_eq!(shape(&outer), "par@1 ; par@2 ; par@3");
    }
}
