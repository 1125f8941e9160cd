//! Readable text and JSON views of the PPL programs of a program's parallel regions.

use crate::omp::{BlockBody, BlockOrigin, OmpBlock, Region};
use crate::spec::{print_contract, Contract};
use crate::Program;
use ppl::BasicBlock;
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::fmt::Write;

/// The text view of every region.
pub fn text(program: &Program) -> String {
    let mut out = String::new();
    if program.regions.is_empty() {
        out.push_str("no parallel regions\n");
    }
    for (k, r) in program.regions.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        region_text(r, program, &mut out);
    }
    out
}

fn region_text(r: &Region, program: &Program, out: &mut String) {
    let _ = writeln!(
        out,
        "region in `{}` at line {} ({}): {}",
        r.function,
        r.line(),
        r.pragma.display(),
        ppl::shape(&r.ppl)
    );
    contract_text(r.contract.as_ref(), "  ", out);
    out.push_str("  blocks:\n");
    for b in r.ppl.blocks() {
        let _ = writeln!(out, "    {}", block_header(b));
        contract_text(b.payload.contract.as_ref(), "      ", out);
        for c in contributions(b, program) {
            let _ = writeln!(out, "      {c}");
        }
    }
    if !r.pairs.is_empty() {
        out.push_str("  pairs:\n");
        for p in &r.pairs {
            let name = |id| r.ppl.block(id).map(|b| b.name()).unwrap_or_default();
            let _ = writeln!(
                out,
                "    {} {}: {}",
                name(p.a),
                name(p.b),
                p.relation.as_str()
            );
        }
    }
}

fn block_header(b: &BasicBlock<OmpBlock>) -> String {
    let mut s = format!("{}  {}", b.name(), b.payload.pragma.display());
    if b.payload.origin == BlockOrigin::Replicated {
        s.push_str("  code every thread runs");
    }
    for it in &b.iterations {
        let _ = write!(s, "  for {} in [{}, {})", it.var, it.lower, it.upper);
    }
    match (&b.payload.lock, b.payload.origin) {
        (Some(l), _) => {
            let stated = b
                .payload
                .contract
                .as_ref()
                .is_some_and(|k| k.clauses.iter().any(|c| c.inferred.is_none()));
            let whose = if stated {
                "its resource invariant"
            } else {
                "its resource"
            };
            let _ = write!(s, "  the lock of {}, holding {whose}", l.describe());
        }
        (None, BlockOrigin::Reduction) => s.push_str("  update of the originals"),
        _ => {
            if let (BlockBody::Code(_), true) = (&b.payload.body, b.iterations.is_empty()) {
                s.push_str("  sequential code");
            }
        }
    }
    s
}

/// What a loop block's iterations contribute to reductions and to variables updated under a
/// lock: `contributes to res (+): a[i]`.
fn contributions(b: &BasicBlock<OmpBlock>, program: &Program) -> Vec<String> {
    use crate::omp::{ContributionValue, Scope};
    b.payload
        .contributions
        .iter()
        .map(|c| {
            let (what, target) = match c.scope {
                Scope::Loop => ("the loop's reduction of", c.var),
                Scope::Region => ("the region's reduction of", c.var),
                Scope::Lock(t) => ("the updates under the lock of", t),
            };
            let value = match &c.value {
                Some(ContributionValue::Stated { expr, .. }) => {
                    format!("{} (stated)", crate::spec::print_expr(expr))
                }
                Some(ContributionValue::Read(e)) => format!(
                    "{} (read off the code)",
                    crate::c::print::print_expr(e, program)
                ),
                None => "not known".into(),
            };
            format!(
                "contributes to {what} `{}` ({}): {value}",
                program.var(target).name,
                c.op.symbol()
            )
        })
        .collect()
}

fn contract_text(c: Option<&Contract>, indent: &str, out: &mut String) {
    match c {
        None => {
            let _ = writeln!(out, "{indent}no contract");
        }
        Some(c) => {
            let _ = writeln!(out, "{indent}contract:");
            for line in print_contract(c) {
                let _ = writeln!(out, "{indent}  {line}");
            }
        }
    }
}

/// The JSON object of one region (fields in this order).
#[derive(Clone, Debug, Serialize)]
pub struct RegionJson {
    pub function: String,
    /// The line of the region's pragma.
    pub line: u32,
    /// The one-line shape, e.g. `(par@27 ⊕ par@36) || par@49`.
    pub ppl: String,
    pub tree: Value,
    pub pairs: Vec<PairJson>,
}

/// A pair of distinct basic blocks and their relation (`ordered`, `fused`, `parallel`).
#[derive(Clone, Debug, Serialize)]
pub struct PairJson {
    pub a: String,
    pub b: String,
    pub relation: &'static str,
}

/// `{"file": …, "regions": […]}`.
#[derive(Clone, Debug, Serialize)]
pub struct ProgramJson {
    pub file: String,
    pub regions: Vec<RegionJson>,
}

/// The JSON view of one region.
pub fn region_json(r: &Region, program: &Program) -> RegionJson {
    let tree = ppl::json::to_json(&r.ppl, &|b, m: &mut Map<String, Value>| {
        m.insert("pragma".into(), json!(b.payload.pragma.display()));
        m.insert(
            "contract".into(),
            match &b.payload.contract {
                Some(c) => json!(print_contract(c)),
                None => Value::Null,
            },
        );
        // Only where there is something to say (the views of other blocks stay as they were).
        if let Some(l) = &b.payload.lock {
            m.insert("lock".into(), json!(l.describe()));
        }
        if b.payload.origin == BlockOrigin::Reduction {
            m.insert("updates_originals".into(), json!(true));
        }
        let cs = contributions(b, program);
        if !cs.is_empty() {
            m.insert("contributions".into(), json!(cs));
        }
    });
    let name = |id| r.ppl.block(id).map(|b| b.name()).unwrap_or_default();
    RegionJson {
        function: r.function.clone(),
        line: r.line(),
        ppl: ppl::shape(&r.ppl),
        tree,
        pairs: r
            .pairs
            .iter()
            .map(|p| PairJson {
                a: name(p.a),
                b: name(p.b),
                relation: p.relation.as_str(),
            })
            .collect(),
    }
}

/// The JSON view of a program's regions.
pub fn json(file: &str, program: &Program) -> ProgramJson {
    ProgramJson {
        file: file.to_string(),
        regions: program
            .regions
            .iter()
            .map(|r| region_json(r, program))
            .collect(),
    }
}

/// The text view of the pragma at byte `offset` of `file`: for a region's own pragma, the
/// whole region; for a pragma that makes a block of one (`for`, `single`, `task`, ...), that
/// block, its contract (stated or inferred) and the region it is part of. `None` elsewhere.
pub fn at(program: &Program, file: viper::FileId, offset: usize) -> Option<String> {
    let covers = |s: viper::Span| {
        !s.is_dummy() && s.file == file && (s.start as usize..=s.end as usize).contains(&offset)
    };
    let mut out = String::new();
    if let Some(r) = program.regions.iter().find(|r| covers(r.pragma.span)) {
        region_text(r, program, &mut out);
        return Some(out);
    }
    for r in &program.regions {
        let blocks: Vec<_> = r
            .ppl
            .blocks()
            .into_iter()
            .filter(|b| {
                b.payload.origin != BlockOrigin::Replicated && covers(b.payload.pragma.span)
            })
            .collect();
        if blocks.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "in the region in `{}` at line {}: {}",
            r.function,
            r.line(),
            ppl::shape(&r.ppl)
        );
        for b in blocks {
            let _ = writeln!(out, "  {}", block_header(b));
            contract_text(b.payload.contract.as_ref(), "    ", &mut out);
            for c in contributions(b, program) {
                let _ = writeln!(out, "    {c}");
            }
        }
        return Some(out);
    }
    None
}

#[cfg(test)]
mod tests {
    use viper::SourceMap;

    /// The text `at` gives at the first occurrence of `needle` in `src`.
    fn at(src: &str, needle: &str) -> Option<String> {
        let mut sm = SourceMap::new();
        let file = sm.add("t.c", src);
        let program = crate::parse_file(&mut sm, file, &Default::default())
            .unwrap_or_else(|e| panic!("{e:?}"));
        super::at(&program, file, src.find(needle).expect("the needle"))
    }

    #[test]
    fn a_pragma_shows_its_region_or_its_block_and_other_code_nothing() {
        let src = "int main(void)\n{\n  int a[8];\n  int x = 0;\n  #pragma omp parallel\n  {\n    \
                   #pragma omp for\n    for (int i = 0; i < 8; i++)\n      a[i] = i;\n    \
                   #pragma omp single\n    x = a[0];\n  }\n  return x;\n}\n";
        // The region's pragma: every block of the region, and how each pair is ordered.
        let region = at(src, "parallel").expect("a view of the region");
        assert!(region.starts_with("region in `main` at line 5"), "{region}");
        assert!(region.contains("pairs:"), "{region}");
        // A block's pragma: that block alone (the `single`), with its inferred contract.
        let single = at(src, "single").expect("a view of the block");
        assert!(
            single.starts_with("in the region in `main` at line 5"),
            "{single}"
        );
        assert!(single.contains("omp single"), "{single}");
        assert!(!single.contains("omp for"), "{single}");
        assert!(single.contains("Perm(a[0]"), "{single}");
        let for_block = at(src, "omp for").expect("a view of the loop");
        assert!(for_block.contains("for i in [0, 8)"), "{for_block}");
        assert!(for_block.contains("Perm(a[i], write)"), "{for_block}");
        // Code that is no pragma.
        assert_eq!(at(src, "a[i] = i"), None);
        assert_eq!(at(src, "return x"), None);
    }
}
