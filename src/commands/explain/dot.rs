//! The teaching view as a Graphviz graph: one cluster per region with its PPL tree and its
//! happens-before relation (`ompv explain FILE.c --emit dot | dot -Tsvg > proof.svg`).

use super::text::block_label;
use std::fmt::Write;

/// The DOT graph of every region of `program`.
pub fn render(name: &str, program: &openmp::Program) -> String {
    let mut out = String::new();
    out.push_str("digraph ompv {\n");
    let _ = writeln!(
        out,
        "  label=\"{}\";\n  labelloc=t;\n  node [fontname=\"monospace\", fontsize=10];\n  edge [fontname=\"monospace\", fontsize=9];",
        ppl::dot::escape(&format!("{name}: PPL programs and happens-before"))
    );
    for (k, r) in program.regions.iter().enumerate() {
        let title = format!(
            "region in `{}` at line {}: {}",
            r.function,
            r.line(),
            ppl::shape(&r.ppl)
        );
        let label = |b: &ppl::BasicBlock<openmp::omp::OmpBlock>| block_label(b).replace("  ", "\n");
        out.push_str(&ppl::dot::cluster(
            &r.ppl,
            &r.pairs,
            &format!("r{k}"),
            &title,
            &label,
        ));
    }
    out.push_str("}\n");
    out
}
