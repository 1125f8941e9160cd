//! Names declared inside one member (method, function, predicate): Silver requires all of them to
//! differ from each other and from global names, even across disjoint blocks.

use super::env::Env;
use super::Errors;
use crate::ast::*;
use crate::Span;
use std::collections::{HashMap, HashSet};

/// Reports the later of two clashing declarations.
pub(super) fn report_duplicate(errors: &mut Errors, name: &str, a: Span, b: Span) {
    let (first, second) = if (a.line, a.column) <= (b.line, b.column) {
        (a, b)
    } else {
        (b, a)
    };
    errors.push(
        second,
        format!(
            "duplicate identifier `{name}` (also declared at line {})",
            first.line
        ),
    );
}

/// Collects the arguments, results and local variables of a member, reporting duplicates among
/// them and clashes with global names; returns each name with its declaration's span.
pub(super) fn member_locals<'a>(
    env: &Env,
    decls: impl Iterator<Item = &'a LocalDecl>,
    body: Option<&'a Block>,
    errors: &mut Errors,
) -> HashMap<String, Span> {
    let mut all: Vec<&LocalDecl> = decls.collect();
    if let Some(b) = body {
        collect_vars(b, &mut all);
    }
    let mut seen: HashMap<String, Span> = HashMap::new();
    for d in all {
        let name = &d.name.name;
        if let Some((_, gspan)) = env.globals.get(name) {
            report_duplicate(errors, name, *gspan, d.name.span);
            continue;
        }
        match seen.get(name) {
            Some(first) => report_duplicate(errors, name, *first, d.name.span),
            None => {
                seen.insert(name.clone(), d.name.span);
            }
        }
    }
    seen
}

fn collect_vars<'a>(b: &'a Block, out: &mut Vec<&'a LocalDecl>) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::VarDecl { decl, .. } => out.push(decl),
            StmtKind::Block(inner) => collect_vars(inner, out),
            StmtKind::If { then, els, .. } => {
                collect_vars(then, out);
                if let Some(e) = els {
                    collect_vars(e, out);
                }
            }
            StmtKind::While { body, .. } => collect_vars(body, out),
            _ => {}
        }
    }
}

/// The labels of a method body; a label declared twice is reported.
pub(super) fn labels(body: &Block, errors: &mut Errors) -> HashSet<String> {
    let mut found: HashMap<String, Span> = HashMap::new();
    collect_labels(body, &mut found, errors);
    found.into_keys().collect()
}

fn collect_labels(b: &Block, found: &mut HashMap<String, Span>, errors: &mut Errors) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Label { name, .. } => match found.get(&name.name) {
                Some(first) => errors.consistency(
                    name.span,
                    format!(
                        "duplicate label `{}` (also declared at line {})",
                        name.name, first.line
                    ),
                ),
                None => {
                    found.insert(name.name.clone(), name.span);
                }
            },
            StmtKind::Block(inner) => collect_labels(inner, found, errors),
            StmtKind::If { then, els, .. } => {
                collect_labels(then, found, errors);
                if let Some(e) = els {
                    collect_labels(e, found, errors);
                }
            }
            StmtKind::While { body, .. } => collect_labels(body, found, errors),
            _ => {}
        }
    }
}
