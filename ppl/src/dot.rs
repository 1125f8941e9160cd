//! A Graphviz (DOT) view of a PPL program: the composition tree (operators as small circles,
//! basic blocks as boxes) and, between blocks, the happens-before relation — `;` as solid blue
//! arrows, `⊕` as dashed green arrows (iteration i before iteration i) — and the pairs of blocks
//! that may run at the same time as dotted red lines. Happens-before arrows are transitively
//! reduced (an arrow implied by two others is left out).

use crate::order::{happens_before, BlockPair, Relation};
use crate::tree::{BasicBlock, BlockId, Op, Ppl};
use std::collections::BTreeSet;
use std::fmt::Write;

/// A DOT string literal's contents: quotes and backslashes escaped, line breaks as `\n`.
pub fn escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// The relation without the pairs implied by two others.
fn reduce(rel: &BTreeSet<(BlockId, BlockId)>) -> Vec<(BlockId, BlockId)> {
    rel.iter()
        .filter(|(a, b)| {
            !rel.iter()
                .any(|(x, c)| x == a && c != b && rel.contains(&(*c, *b)))
        })
        .copied()
        .collect()
}

/// The statements of a `subgraph cluster_<id>` for `p`, titled `title`; `label` gives each
/// block's box text; `pairs` say which blocks may run together (the tree's [`block_pairs`], or
/// the front end's, which may know more order). Node names start with `id`, so several
/// clusters fit in one graph.
pub fn cluster<B>(
    p: &Ppl<B>,
    pairs: &[BlockPair],
    id: &str,
    title: &str,
    label: &dyn Fn(&BasicBlock<B>) -> String,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "  subgraph cluster_{id} {{");
    let _ = writeln!(out, "    label=\"{}\";", escape(title));
    let mut counter = 0;
    tree(p, id, label, &mut counter, None, &mut out);
    let node = |b: BlockId| format!("{id}_b{}", b.0);
    for (a, b) in reduce(&happens_before(p, Op::Seq)) {
        let _ = writeln!(
            out,
            "    {} -> {} [color=blue, constraint=false, label=\";\"];",
            node(a),
            node(b)
        );
    }
    for (a, b) in reduce(&happens_before(p, Op::Fuse)) {
        let _ = writeln!(
            out,
            "    {} -> {} [color=darkgreen, style=dashed, constraint=false, label=\"⊕ i before i\"];",
            node(a),
            node(b)
        );
    }
    for q in pairs {
        if q.relation == Relation::Parallel {
            let _ = writeln!(
                out,
                "    {} -> {} [dir=none, color=red, style=dotted, constraint=false, label=\"may run together\"];",
                node(q.a),
                node(q.b)
            );
        }
    }
    out.push_str("  }\n");
    out
}

fn tree<B>(
    p: &Ppl<B>,
    id: &str,
    label: &dyn Fn(&BasicBlock<B>) -> String,
    counter: &mut usize,
    parent: Option<&str>,
    out: &mut String,
) {
    let name = match p {
        Ppl::Block(b) => {
            let name = format!("{id}_b{}", b.id.0);
            let _ = writeln!(
                out,
                "    {name} [shape=box, label=\"{}\"];",
                escape(&label(b))
            );
            name
        }
        Ppl::Comp { op, parts } => {
            *counter += 1;
            let name = format!("{id}_op{counter}");
            let _ = writeln!(
                out,
                "    {name} [shape=circle, label=\"{}\"];",
                escape(op.symbol())
            );
            for part in parts {
                tree(part, id, label, counter, Some(&name), out);
            }
            name
        }
    };
    if let Some(parent) = parent {
        let _ = writeln!(out, "    {parent} -> {name} [color=gray, arrowhead=none];");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::block_pairs;
    use crate::tree::tests::blk;
    use crate::tree::BlockKind::Par;

    #[test]
    fn listing7_tree_and_relations() {
        let fused = Ppl::join(Op::Fuse, blk(0, Par, 17), blk(1, Par, 20));
        let p = Ppl::join(Op::Par, fused, blk(2, Par, 25));
        let dot = cluster(&p, &block_pairs(&p), "r0", "region \"x\"", &|b| b.name());
        assert!(dot.starts_with("  subgraph cluster_r0 {\n"));
        assert!(dot.contains("label=\"region \\\"x\\\"\""));
        assert!(dot.contains("r0_b0 [shape=box, label=\"par@17\"]"));
        assert!(dot.contains("r0_op1 [shape=circle, label=\"||\"]"));
        assert!(dot.contains("r0_op2 [shape=circle, label=\"⊕\"]"));
        assert!(dot.contains("r0_op1 -> r0_op2"));
        assert!(dot.contains("r0_b0 -> r0_b1 [color=darkgreen"));
        assert!(dot.contains("r0_b0 -> r0_b2 [dir=none, color=red"));
        assert!(dot.contains("r0_b1 -> r0_b2 [dir=none, color=red"));
        assert!(!dot.contains("color=blue"));
    }

    #[test]
    fn sequential_chains_are_reduced() {
        let p = Ppl::fold(Op::Seq, [blk(0, Par, 1), blk(1, Par, 2), blk(2, Par, 3)]).unwrap();
        let dot = cluster(&p, &block_pairs(&p), "r", "t", &|b| b.name());
        assert!(dot.contains("r_b0 -> r_b1 [color=blue"));
        assert!(dot.contains("r_b1 -> r_b2 [color=blue"));
        assert!(!dot.contains("r_b0 -> r_b2"), "{dot}");
        assert_eq!(escape("a\\b\n\"c\""), "a\\\\b\\n\\\"c\\\"");
    }
}
