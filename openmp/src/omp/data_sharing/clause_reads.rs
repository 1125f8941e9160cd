//! The variables a construct's clauses read when a thread meets the construct: a chunk size,
//! an `if`, `final` or `priority` condition, `grainsize`, `num_tasks`, `num_threads` and
//! `filter` values, the subscripts of `depend` and `affinity` list items. The proof does not
//! model these reads as accesses, so a region that may change such a variable is not
//! verified: another thread could write it while one reads it (a race the proof would not
//! see), and the value the proof assumes (the same chunk size in two loops it fuses, say)
//! could differ from the one the thread reads.

use crate::omp::names::words as identifiers;
use crate::pragma::{ClauseKind, ListItem, Pragma, RawExpr};
use viper::Span;

/// One clause expression evaluated when the construct is met: the clause's keyword, its span
/// and the identifiers it names.
pub struct ClauseRead {
    pub keyword: &'static str,
    pub span: Span,
    pub names: Vec<String>,
}

/// The clause expressions of `p` evaluated inside the region that contains the construct;
/// `region` says whether `p` is the region's own pragma (its `if` and `num_threads` are
/// evaluated before the team exists, by the thread that meets the region).
pub fn reads(p: &Pragma, region: bool) -> Vec<ClauseRead> {
    let mut out = Vec::new();
    for c in &p.clauses {
        let mut exprs: Vec<&RawExpr> = Vec::new();
        let mut items: &[ListItem] = &[];
        match &c.kind {
            ClauseKind::Schedule { chunk: Some(e), .. } => exprs.push(e),
            ClauseKind::If { cond, .. } if !region => exprs.push(cond),
            ClauseKind::NumThreads(e) if !region => exprs.push(e),
            ClauseKind::Final(e) | ClauseKind::Priority(e) | ClauseKind::Filter(e) => exprs.push(e),
            ClauseKind::Grainsize { size: e, .. } | ClauseKind::NumTasks { count: e, .. } => {
                exprs.push(e)
            }
            ClauseKind::Depend(crate::pragma::Dependence::Locators { items: xs, .. })
            | ClauseKind::Affinity { items: xs, .. } => items = xs,
            _ => {}
        }
        let mut names: Vec<String> = exprs.iter().flat_map(|e| identifiers(&e.text)).collect();
        for i in items {
            names.extend(item_reads(i));
        }
        if !names.is_empty() {
            out.push(ClauseRead {
                keyword: c.kind.keyword(),
                span: c.span,
                names,
            });
        }
    }
    out
}

/// What evaluating list item `i` reads: its subscripts and section bounds, and its base
/// variable when the item goes through its value (`*p`, `p[i]` of a pointer, `s.f` is
/// counted too, which only adds reads).
fn item_reads(i: &ListItem) -> Vec<String> {
    let mut out = Vec::new();
    if i.derefs > 0 || !i.designators.is_empty() || !i.shape.is_empty() {
        out.push(i.base.name.clone());
    }
    // (A copy: the item's expressions are listed in one place, for changing them.)
    let mut item = i.clone();
    for e in item.exprs_mut() {
        out.extend(identifiers(&e.text));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::identifiers;

    #[test]
    fn identifiers_skip_numbers_and_punctuation() {
        let ids = |t| identifiers(t).collect::<Vec<_>>();
        assert_eq!(ids("k + 2*n_1 - 0x1f"), vec!["k", "n_1"]);
        assert_eq!(ids("a[i] > 1e3"), vec!["a", "i"]);
    }
}
