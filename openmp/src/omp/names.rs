//! The names code already uses in its specifications and pragma clauses (which ompv keeps as
//! text): what a variable a rewriting introduces or renames must not be called.

use crate::c::ast::*;
use crate::pragma::DirectiveArg;
use crate::spec;
use std::collections::BTreeSet;

/// Every name the specifications in `stmts` use (free or bound).
pub fn spec_names(stmts: &[Stmt]) -> BTreeSet<String> {
    fn walk(e: &spec::Expr, out: &mut BTreeSet<String>) {
        match &e.kind {
            spec::ExprKind::Var(n) => {
                out.insert(n.clone());
            }
            spec::ExprKind::Quant { var, .. } => {
                out.insert(var.name.clone());
            }
            _ => {}
        }
        crate::spec::parse::for_each_child(e, &mut |c| walk(c, out));
    }
    let mut out = BTreeSet::new();
    let contract = |c: &Option<spec::Contract>, out: &mut BTreeSet<String>| {
        for cl in c.iter().flat_map(|c| &c.clauses) {
            walk(&cl.expr, out);
        }
    };
    crate::c::visit::each_stmt(stmts, &mut |s| match &s.kind {
        StmtKind::Assert(e) => walk(e, &mut out),
        StmtKind::Loop { spec, .. } => contract(spec, &mut out),
        StmtKind::Omp(c) => match &c.body {
            OmpBody::Block { contract: k, .. } => contract(k, &mut out),
            OmpBody::Loop(n) => contract(&n.contract, &mut out),
            OmpBody::Sections(ss) => ss.iter().for_each(|x| contract(&x.contract, &mut out)),
            OmpBody::None => {}
        },
        _ => {}
    });
    out
}

/// Every identifier-like word in the clauses of the pragmas in `stmts`.
pub fn pragma_words(stmts: &[Stmt]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    crate::c::visit::each_stmt(stmts, &mut |s| {
        if let StmtKind::Omp(c) = &s.kind {
            let mut text = String::new();
            for cl in &c.pragma.clauses {
                text.push_str(&cl.to_string());
                text.push(' ');
            }
            if let Some(DirectiveArg::List(items)) = &c.pragma.argument {
                for i in items {
                    text.push_str(&i.text);
                    text.push(' ');
                }
            }
            if let OmpBody::Sections(ss) = &c.body {
                for p in ss.iter().filter_map(|x| x.pragma.as_ref()) {
                    for cl in &p.clauses {
                        text.push_str(&cl.to_string());
                        text.push(' ');
                    }
                }
            }
            out.extend(words(&text));
        }
    });
    out
}

/// The C identifiers in a text kept from a pragma (words not starting with a digit).
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
        .map(str::to_string)
}
