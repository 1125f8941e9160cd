//! Object-like macros in the expressions of `#pragma omp` clauses.
//!
//! The pragma text is read as written (exact positions), but compilers expand macros in
//! `omp` pragmas: `num_threads(NT)`, `schedule(static, CHUNK)` and `reduction(+: hist[0:N])` mean
//! the values of `NT`, `CHUNK` and `N`. The clause expressions ompv evaluates get the macros
//! the file defines before the pragma put in: an integer constant as its number, any other
//! object-like macro as its replacement text in parentheses. Positions stay those of the
//! written text.

use super::clause::{ClauseKind, Dependence};
use super::list::{ListItem, RawExpr};
use super::Pragma;
use std::collections::HashMap;

/// Puts the object-like `macros` into the clause expressions of `p`.
pub fn expand(p: &mut Pragma, macros: &HashMap<String, String>) {
    if macros.is_empty() {
        return;
    }
    let raw = |e: &mut RawExpr| e.text = expand_text(&e.text, macros);
    let opt = |e: &mut Option<RawExpr>| {
        if let Some(e) = e {
            e.text = expand_text(&e.text, macros);
        }
    };
    let items = |xs: &mut Vec<ListItem>| {
        for x in xs {
            item(x, macros);
        }
    };
    for c in &mut p.clauses {
        match &mut c.kind {
            ClauseKind::NumThreads(e)
            | ClauseKind::Collapse(e)
            | ClauseKind::Safelen(e)
            | ClauseKind::Simdlen(e)
            | ClauseKind::Filter(e)
            | ClauseKind::Final(e)
            | ClauseKind::Priority(e)
            | ClauseKind::ThreadLimit(e) => raw(e),
            ClauseKind::Ordered(e) | ClauseKind::Partial(e) => opt(e),
            ClauseKind::If { cond, .. } => raw(cond),
            ClauseKind::Schedule { chunk, .. } => opt(chunk),
            ClauseKind::Grainsize { size, .. } => raw(size),
            ClauseKind::NumTasks { count, .. } => raw(count),
            ClauseKind::Sizes(es) => es.iter_mut().for_each(raw),
            ClauseKind::Shared(xs)
            | ClauseKind::Private(xs)
            | ClauseKind::Firstprivate(xs)
            | ClauseKind::Copyin(xs)
            | ClauseKind::Copyprivate(xs)
            | ClauseKind::Inclusive(xs)
            | ClauseKind::Exclusive(xs)
            | ClauseKind::Nontemporal(xs)
            | ClauseKind::Lastprivate { items: xs, .. }
            | ClauseKind::Reduction { items: xs, .. }
            | ClauseKind::TaskReduction { items: xs, .. }
            | ClauseKind::InReduction { items: xs, .. } => items(xs),
            ClauseKind::Linear(l) => {
                items(&mut l.items);
                opt(&mut l.step);
            }
            ClauseKind::Depend(Dependence::Locators { items: xs, .. }) => items(xs),
            _ => {}
        }
    }
}

/// The subscripts, section bounds and shape of a list item.
fn item(x: &mut ListItem, macros: &HashMap<String, String>) {
    for e in x.exprs_mut() {
        e.text = expand_text(&e.text, macros);
    }
}

/// `text` with every identifier that names an object-like macro replaced (not a member name
/// after `.` or `->`): an integer constant by its number, other macros by their replacement
/// text in parentheses, expanded again (a macro is not expanded inside itself, as in C11
/// 6.10.3.4).
pub fn expand_text(text: &str, macros: &HashMap<String, String>) -> String {
    expand_in(text, macros, &mut Vec::new())
}

fn expand_in(text: &str, macros: &HashMap<String, String>, active: &mut Vec<String>) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut k = 0;
    while k < bytes.len() {
        let c = bytes[k];
        if c.is_ascii_digit() {
            // A number (with its suffix): not an identifier.
            let start = k;
            while k < bytes.len() && (bytes[k].is_ascii_alphanumeric() || bytes[k] == b'.') {
                k += 1;
            }
            out.push_str(&text[start..k]);
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = k;
            while k < bytes.len() && (bytes[k].is_ascii_alphanumeric() || bytes[k] == b'_') {
                k += 1;
            }
            let name = &text[start..k];
            let before = text[..start].trim_end();
            let member = before.ends_with('.') || before.ends_with("->");
            match macros.get(name) {
                Some(_) if member || active.iter().any(|a| a == name) => out.push_str(name),
                Some(repl) => match crate::spec::macros::constant(name, macros) {
                    Some(v) if v >= 0 => out.push_str(&v.to_string()),
                    Some(v) => out.push_str(&format!("({v})")),
                    None => {
                        active.push(name.to_string());
                        let inner = expand_in(repl, macros, active);
                        active.pop();
                        out.push('(');
                        out.push_str(inner.trim());
                        out.push(')');
                    }
                },
                None => out.push_str(name),
            }
            continue;
        }
        out.push(c as char);
        k += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn macros_in_clause_expressions() {
        let macros: HashMap<String, String> = [
            ("N", "100"),
            ("NT", "N"),
            ("M", "(N * 2)"),
            ("NEG", "-3"),
            ("SELF", "SELF + 1"),
        ]
        .into_iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        assert_eq!(expand_text("NT", &macros), "100");
        assert_eq!(expand_text("M - 1", &macros), "((100 * 2)) - 1");
        assert_eq!(
            expand_text("s.N + p->N + N1 + 2N", &macros),
            "s.N + p->N + N1 + 2N"
        );
        assert_eq!(expand_text("NEG", &macros), "(-3)");
        assert_eq!(expand_text("SELF", &macros), "(SELF + 1)");
    }
}
