//! The Viper program `ompv verify` checks, with a comment at the end of every line that holds a
//! check naming the C line and what the check proves (`// C line 9: no race between ...`).
//!
//! The program is printed, parsed back (the printer's output parses to an equal tree), and the
//! spans of the two trees are paired in traversal order: a check span of the generated program
//! then has a line in the printed text.

use ppl::obligations::checks::is_check_span;
use ppl::obligations::{Checks, Owner, Role};
use std::collections::BTreeMap;
use viper::ast::Item;
use viper::{FileId, Span};

/// What a check proves, briefly (`None` for generated glue that cannot fail).
fn what(role: &Role, checks: &Checks) -> Option<String> {
    let block = |k| checks.block(k).name.clone();
    let owner = |o: &Owner| match o {
        Owner::Function(f) => format!("`{f}`"),
        Owner::Block(b) => block(*b),
        Owner::Region(r) => format!("the region at line {}", checks.region(*r).line),
    };
    Some(match role {
        Role::Statement => "statement".into(),
        Role::Assert => "assertion".into(),
        Role::Call { callee } => format!("precondition of `{callee}`"),
        Role::Division => "divisor is not 0".into(),
        Role::Overflow { ty } => format!("no overflow of `{ty}`"),
        Role::Condition => "condition".into(),
        Role::Precondition(o) => format!("precondition of {}", owner(o)),
        Role::Postcondition(o) => format!("postcondition of {}", owner(o)),
        Role::LoopInvariant => "loop invariant".into(),
        Role::Fit { block: b, .. } => format!("one run of {} fits in the region", block(*b)),
        Role::Race { first, second, .. } if first == second => {
            format!("no race between two iterations of {}", block(*first))
        }
        Role::Race { first, second, .. } => {
            format!("no race between {} and {}", block(*first), block(*second))
        }
        Role::BlockPre { block: b, .. } => format!("all iterations of {} can start", block(*b)),
        Role::BlockPost { block: b, .. } => format!("all iterations of {} have ended", block(*b)),
        Role::RegionPre(r) => format!(
            "precondition of the region at line {}",
            checks.region(*r).line
        ),
        Role::RegionPost(r) => format!(
            "postcondition of the region at line {}",
            checks.region(*r).line
        ),
        Role::LockRelease { lock, .. } => format!("{lock} ends with its resource invariant"),
        Role::Contribution { block: b, var } => {
            format!("one iteration of {} contributes this to `{var}`", block(*b))
        }
        Role::Library { callee, access, .. } => format!("`{callee}` {access}"),
        Role::Opaque { callee, access } => format!("`{callee}` {access}"),
        Role::Unmodelled { .. } => "a construct ompv does not model".into(),
        Role::ClauseRead { clause, var } => {
            format!("`{clause}` reads the original `{var}` when the construct starts")
        }
        Role::Internal(_) => return None,
    })
}

fn spans(item: &Item) -> Vec<Span> {
    let mut out = Vec::new();
    item.clone().for_each_span_mut(&mut |s| out.push(*s));
    out
}

/// The annotated program.
pub fn render(program: &viper::ast::Program, checks: &Checks) -> String {
    let printed = viper::print(program);
    let Ok(mut reparsed) = viper::parse(&printed, FileId(0)) else {
        return printed;
    };
    let _ = viper::typecheck(&mut reparsed);
    let mut notes: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for (orig, back) in program.items.iter().zip(&reparsed.items) {
        let (a, b) = (spans(orig), spans(back));
        if a.len() != b.len() {
            continue;
        }
        for (s, t) in a.iter().zip(&b) {
            if !is_check_span(*s) || t.is_dummy() {
                continue;
            }
            let Some(check) = checks.get(*s) else {
                continue;
            };
            let Some(w) = what(&check.role, checks) else {
                continue;
            };
            let note = if check.span.is_dummy() {
                w
            } else {
                format!("C line {}: {w}", check.span.line)
            };
            let list = notes.entry(t.line).or_default();
            if !list.contains(&note) {
                list.push(note);
            }
        }
    }
    let mut out = String::from(
        "// The Viper program `ompv verify` checks; a comment `C line N: …` ends every line that\n\
         // holds a check, naming the C line it comes from and what it proves.\n",
    );
    for (k, line) in printed.lines().enumerate() {
        out.push_str(line);
        if let Some(ns) = notes.get(&(k as u32 + 1)) {
            out.push_str("  // ");
            out.push_str(&ns.join("; "));
        }
        out.push('\n');
    }
    out
}
