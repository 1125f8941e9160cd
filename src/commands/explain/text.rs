//! The teaching view as text: per region, the PPL tree, happens-before, the iteration pairs that
//! may run at the same time, the permission accounting of each pair, and the obligations.

use super::accounting::{self, Side};
use super::model::{ObligationView, RegionView};
use openmp::omp::OmpBlock;
use ppl::{BasicBlock, Incomparable, Op, Ppl};
use std::fmt::Write;

/// A block's line in the tree: `par@29  omp for nowait  for i in [0, len)`.
pub fn block_label(b: &BasicBlock<OmpBlock>) -> String {
    let mut s = format!("{}  {}", b.name(), b.payload.pragma.display());
    for it in &b.iterations {
        let _ = write!(s, "  for {} in [{}, {})", it.var, it.lower, it.upper);
    }
    if b.iterations.is_empty() {
        s.push_str("  runs once");
    }
    s
}

fn op_name(op: Op) -> &'static str {
    match op {
        Op::Seq => ";  sequential: a barrier between the parts",
        Op::Par => "||  parallel: the parts run at the same time",
        Op::Fuse => {
            "⊕  fused: iteration i of a part runs before iteration i of the next, on one thread"
        }
    }
}

fn tree(p: &Ppl<OmpBlock>, prefix: &str, last: bool, root: bool, out: &mut String) {
    let (branch, cont) = if root {
        ("", "")
    } else if last {
        ("└── ", "    ")
    } else {
        ("├── ", "│   ")
    };
    match p {
        Ppl::Block(b) => {
            let _ = writeln!(out, "{prefix}{branch}{}", block_label(b));
        }
        Ppl::Comp { op, parts } => {
            let _ = writeln!(out, "{prefix}{branch}{}", op_name(*op));
            let inner = format!("{prefix}{cont}");
            for (k, part) in parts.iter().enumerate() {
                tree(part, &inner, k + 1 == parts.len(), false, out);
            }
        }
    }
}

/// The names of the two iterations of a pair: the loops' variables, the second primed (or `j`
/// for `i`) when they are the same.
fn iteration_names(a: Option<&str>, b: Option<&str>) -> (Option<String>, Option<String>) {
    let first = a.map(str::to_string);
    let second = match (a, b) {
        (Some(x), Some(y)) if x == y => Some(if x == "i" {
            "j".to_string()
        } else {
            format!("{x}'")
        }),
        (_, y) => y.map(str::to_string),
    };
    (first, second)
}

/// Which iterations of a pair may run at the same time (`None`: a block that runs once);
/// `threads`: both are iterations of worksharing loops, which run at the same time only on
/// different threads.
fn pairs_text(
    inc: Incomparable,
    same: bool,
    threads: bool,
    i: Option<&str>,
    j: Option<&str>,
) -> String {
    let text = pairs_text_of(inc, same, i, j);
    if threads && inc != Incomparable::None {
        format!("{text}, on threads t ≠ t'")
    } else {
        text
    }
}

fn pairs_text_of(inc: Incomparable, same: bool, i: Option<&str>, j: Option<&str>) -> String {
    let (x, y) = (i.unwrap_or("i"), j.unwrap_or("j"));
    match inc {
        Incomparable::None => "none: every run of the first ends before the second starts".into(),
        Incomparable::Unequal if same => format!("{x} ≠ {y}: any two different iterations"),
        Incomparable::Unequal => format!("{x} ≠ {y}: fused, so iteration {x} = {y} runs in order"),
        Incomparable::All => match (i, j) {
            (Some(i), Some(j)) => format!("all ({i}, {j}): nothing orders them"),
            (None, Some(j)) => format!("its run and every iteration {j}: nothing orders them"),
            (Some(i), None) => format!("every iteration {i} and its run: nothing orders them"),
            (None, None) => "the two runs: nothing orders them".into(),
        },
    }
}

/// The pairs of a `simd` loop that keeps lexically forward dependences (OpenMP 5.2 §10.4).
fn staged_pairs_text(i: Option<&str>, j: Option<&str>) -> String {
    let (x, y) = (i.unwrap_or("i"), j.unwrap_or("j"));
    format!(
        "{x} < {y}: statement p of {x} and each statement q <= p of {y}; an access of {x} in an \
         earlier statement than {y}'s is ordered before it (OpenMP 5.2 §10.4 keeps lexically \
         forward dependences)"
    )
}

fn obligation_lines(obs: &[ObligationView], indent: &str, out: &mut String) {
    let width = obs.iter().map(|o| o.name.len()).max().unwrap_or(0);
    for o in obs {
        let _ = writeln!(
            out,
            "{indent}{:<width$}  {:<13}  {}",
            o.name,
            o.kind.as_str(),
            o.proves
        );
    }
}

/// The view of one region; `inside`: the line of the region whose block runs it (a `simd`
/// loop in a block's code), if any.
pub fn region(v: &RegionView, inside: Option<u32>, out: &mut String) {
    let r = v.region;
    let place = match inside {
        Some(line) => format!(
            ", without a contract (checked in place, inside the obligation of the block of the \
             region at line {line} that runs it)"
        ),
        None => ", without a contract (checked in place, inside the function's obligation)".into(),
    };
    let _ = writeln!(
        out,
        "region in `{}` at line {} ({}){}",
        r.function,
        r.line(),
        r.pragma.display(),
        if r.contract.is_some() {
            ", with a contract"
        } else {
            place.as_str()
        }
    );
    let _ = writeln!(out, "\n  PPL program: {}", ppl::shape(&r.ppl));
    tree(&r.ppl, "    ", true, true, out);

    out.push_str("\n  happens-before:\n");
    let seq = ppl::happens_before(&r.ppl, Op::Seq);
    let fuse = ppl::happens_before(&r.ppl, Op::Fuse);
    let name = |id| r.ppl.block(id).map(|b| b.name()).unwrap_or_default();
    for (a, b) in &seq {
        let _ = writeln!(
            out,
            "    {} ≺ {}    every iteration of the first before every iteration of the second (;)",
            name(*a),
            name(*b)
        );
    }
    for (a, b) in &fuse {
        let _ = writeln!(
            out,
            "    {} ≺⊕ {}   iteration i of the first before iteration i of the second (⊕)",
            name(*a),
            name(*b)
        );
    }
    // Orders the front end knows beyond the tree (see `Region::pairs`).
    let beyond: Vec<_> = r
        .pairs
        .iter()
        .filter(|p| {
            p.relation == ppl::Relation::Ordered
                && !seq.contains(&(p.a, p.b))
                && !seq.contains(&(p.b, p.a))
        })
        .collect();
    for p in &beyond {
        let _ = writeln!(
            out,
            "    {} ≁ {}    never at the same time, beyond the tree (tasks' dependences, or a \
             lock's users and code ordered around all of them)",
            name(p.a),
            name(p.b)
        );
    }
    if seq.is_empty() && fuse.is_empty() && beyond.is_empty() {
        out.push_str("    no two blocks are ordered\n");
    }

    out.push_str("\n  iteration pairs that may run at the same time:\n");
    let label = |a: &str, b: &str| format!("{a} × {b}");
    let width = v
        .pairs
        .iter()
        .map(|p| label(&name(p.a), &name(p.b)).chars().count())
        .max()
        .unwrap_or(0);
    let vars = |id| {
        r.ppl
            .block(id)
            .and_then(|b| b.iterations.first())
            .map(|it| it.var.clone())
    };
    let mut any_threads = false;
    for p in &v.pairs {
        let (va, vb) = (vars(p.a), vars(p.b));
        let (i, j) = iteration_names(va.as_deref(), vb.as_deref());
        let staged = p.a == p.b && v.block(p.a).is_some_and(|b| b.staged);
        let text = if staged {
            staged_pairs_text(i.as_deref(), j.as_deref())
        } else {
            let threads = v.block(p.a).is_some_and(|b| b.thread.is_some())
                && v.block(p.b).is_some_and(|b| b.thread.is_some());
            any_threads |= threads && p.incomparable != Incomparable::None;
            pairs_text(
                p.incomparable,
                p.a == p.b,
                threads,
                i.as_deref(),
                j.as_deref(),
            )
        };
        let l = label(&name(p.a), &name(p.b));
        let pad = width - l.chars().count();
        let _ = writeln!(out, "    {l}{}   {text}", " ".repeat(pad));
    }
    if any_threads {
        out.push_str(
            "    (t, t': the threads that run two iterations of worksharing loops; a thread runs \
             its iterations in turn, OpenMP 5.2 §11.5.3)\n",
        );
    }

    out.push_str(
        "\n  permission accounting (per array, for two iterations that may run together):\n",
    );
    let mut any = false;
    for p in v
        .pairs
        .iter()
        .filter(|p| p.incomparable != Incomparable::None)
    {
        let (Some(a), Some(b)) = (v.block(p.a), v.block(p.b)) else {
            continue;
        };
        if p.a == p.b && a.staged {
            let _ = writeln!(
                out,
                "    {} × {}: per pair of statements, in the disjointness checks \
                 `disjoint_{}{}_stmtP_stmtQ` (statement P of the earlier iteration, Q of the \
                 later one)",
                name(p.a),
                name(p.b),
                a.block.kind.as_str(),
                a.block.line
            );
            any = true;
            continue;
        }
        let (va, vb) = (vars(p.a), vars(p.b));
        let (i, j) = iteration_names(va.as_deref(), vb.as_deref());
        let (sa, sb) = (
            Side {
                atoms: &a.atoms,
                var: a.var.as_deref(),
                name: i.as_deref(),
                thread: a.thread.as_deref().zip(b.thread.is_some().then_some("t")),
            },
            Side {
                atoms: &b.atoms,
                var: b.var.as_deref(),
                name: j.as_deref(),
                thread: b.thread.as_deref().zip(a.thread.is_some().then_some("t'")),
            },
        );
        let lines = accounting::lines(&sa, &sb, p.incomparable, &|x| v.source_name(x));
        let on_threads = if a.thread.is_some() && b.thread.is_some() {
            ", t ≠ t'"
        } else {
            ""
        };
        let which = match p.incomparable {
            Incomparable::Unequal => format!(
                "{} ≠ {}{on_threads}",
                i.as_deref().unwrap_or("i"),
                j.as_deref().unwrap_or("j")
            ),
            _ if i.is_none() || j.is_none() => "while they run".into(),
            _ => format!("all pairs{on_threads}"),
        };
        let _ = writeln!(out, "    {} × {} ({which}):", name(p.a), name(p.b));
        if lines.is_empty() {
            out.push_str("      no array in common: nothing can conflict ✓\n");
        }
        for l in lines {
            let _ = writeln!(out, "      {l}");
        }
        any = true;
    }
    if !any {
        out.push_str("    no two iterations may run at the same time\n");
    }
    if r.contract.is_some() {
        out.push_str(
            "    (the disjointness obligations also check that both fit in what the region's \
             contract holds)\n",
        );
    }

    let _ = writeln!(
        out,
        "\n  obligations of this region ({}):",
        v.obligations.len()
    );
    obligation_lines(&v.obligations, "    ", out);
    if r.contract.is_none() {
        let owner = match inside {
            Some(line) => format!("the block of the region at line {line} that runs it"),
            None => format!("`{}`", r.function),
        };
        let _ = writeln!(
            out,
            "    and in the obligation of {owner}: one iteration's fit and every disjointness \
             check above, as side branches at the region's start, then the blocks run by their \
             contracts",
        );
    }
}

/// The whole view.
pub fn render(name: &str, functions: &[ObligationView], regions: &[RegionView]) -> String {
    let mut out = String::new();
    let total = functions.len() + regions.iter().map(|r| r.obligations.len()).sum::<usize>();
    let _ = writeln!(
        out,
        "{name}: {} parallel region(s), {total} obligation(s)",
        regions.len()
    );
    if !functions.is_empty() {
        out.push_str("\nfunctions:\n");
        obligation_lines(functions, "  ", &mut out);
    }
    for v in regions {
        out.push('\n');
        // A region inside another one's span is a `simd` loop in the code of one of its blocks.
        let (r, span) = (v.region, v.region.span);
        let inside = regions
            .iter()
            .map(|o| o.region)
            .filter(|o| o.id != r.id && o.function == r.function && o.span.file == span.file)
            .filter(|o| o.span.start <= span.start && span.end <= o.span.end)
            .max_by_key(|o| o.span.start)
            .map(|o| o.line());
        region(v, inside, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_iteration_gets_its_own_name() {
        assert_eq!(
            iteration_names(Some("i"), Some("i")),
            (Some("i".into()), Some("j".into()))
        );
        assert_eq!(
            iteration_names(Some("k"), Some("k")),
            (Some("k".into()), Some("k'".into()))
        );
        assert_eq!(iteration_names(Some("i"), None), (Some("i".into()), None));
    }
}
