//! The Viper type checker.
//!
//! It follows Silver's rules: one namespace for global names; locals, arguments and bound
//! variables of a member may not reuse a name of that member or a global one; `Int` and `Perm` do
//! not mix except in `Int * Perm`, `Perm * Int`, `Perm / Int` and the fraction `Int / Int`;
//! permission assertions (`acc`, predicate instances) only where assertions are allowed. Whether
//! an `Int / Int` is a fraction or an integer division follows Silver's ordered operator
//! signatures (`division`); types of empty collections and domain function type arguments are
//! inferred by unification within one top-level expression. Silver's consistency rules are
//! checked last (`consistency`).
//!
//! The only changes made to the program are resolving `/` (an `Int / Int` that Silver types as a
//! permission, and every `Perm / Int`, become [`BinaryOp::PermDiv`]) and removing the checked
//! `decreases` clauses (termination is not checked).
//!
//! The files of this folder are one unit: each holds the `Checker`'s methods for one part of the
//! language (items, statements, expressions, names), and they call each other's.

mod consistency;
mod division;
mod env;
mod exprs;
mod items;
mod names;
mod rewrite;
mod stmts;
mod triggers;
mod ty;

use crate::ast::Program;
use crate::{InputError, Span};
use std::collections::HashSet;

/// Checks a program (types, then Silver's consistency rules); resolves `/` to
/// [`crate::ast::BinaryOp::PermDiv`] where a permission is expected. Returns all errors, sorted by
/// position.
pub fn check_program(program: &mut Program) -> Result<(), Vec<InputError>> {
    let mut errors = Errors::default();
    let env = env::Env::collect(program, &mut errors);
    let mut perm_divs = HashSet::new();
    stacker::maybe_grow(256 * 1024, 16 * 1024 * 1024, || {
        for item in &program.items {
            let mut c = exprs::Checker::new(&env, &mut errors);
            c.item(item);
            perm_divs.extend(c.into_perm_divs());
        }
    });
    // As in Silver, consistency errors are reported for well-typed programs only (the checks the
    // type checker makes on the way are dropped when there are type errors).
    let kind = crate::InputErrorKind::Consistency;
    if errors.0.iter().any(|e| e.kind != kind) {
        errors.0.retain(|e| e.kind != kind);
    } else {
        consistency::check(program, &mut errors);
    }
    if !errors.0.is_empty() {
        let mut errs = errors.0;
        errs.sort_by_key(|e| (e.span.line, e.span.column, e.span.start));
        errs.dedup();
        return Err(errs);
    }
    if !perm_divs.is_empty() {
        rewrite::perm_divs(program, &perm_divs);
    }
    rewrite::remove_decreases(program);
    rewrite::predicate_instances(program);
    Ok(())
}

/// The errors found so far.
#[derive(Default)]
pub(crate) struct Errors(Vec<InputError>);

impl Errors {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn push(&mut self, span: Span, message: impl Into<String>) {
        self.0.push(InputError::typechecker(span, message));
    }

    fn consistency(&mut self, span: Span, message: impl Into<String>) {
        self.0.push(InputError::consistency(span, message));
    }

    fn unsupported(&mut self, span: Span, message: impl Into<String>) {
        self.0.push(InputError::unsupported(span, message));
    }
}

#[cfg(test)]
mod tests;
