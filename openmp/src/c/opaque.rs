//! The accesses of a call of a function of the program that has neither a body ompv verifies
//! nor a contract (a prototype whose definition is in another file, or a `spec_ignore`d
//! definition). Nothing bounds what such a function does, so a call is taken to read and write
//! everything it can reach without undefined behaviour:
//!
//! - every object a pointer argument points into, from its first element to its last (C11
//!   6.5.6p8 lets the callee move the pointer anywhere in its array object);
//! - every global of the user's file that is not `const` (writing a `const` object is undefined,
//!   C11 6.7.3p6), the library's hidden state (the callee may call `rand`), and what only other
//!   files can name ([`State::Unseen`]: a `static` counter of the callee's own file), so that two
//!   calls that may run at the same time always conflict.
//!
//! Its result is any value of its type. What it reaches through pointers held in that memory
//! (a pointer argument to pointers or to structs, a global pointer, a pointer result) is not
//! bounded: the call is then a check that fails, so the verdict is `unknown`, naming the callee.
//! Each access is a bound of what the function may do, never exact, so a problem found with it
//! is `unknown` too, never a certain race.

use super::ast::{Expr, Function, Global, Origin, VarId};
use super::library::{designates_memory, strip_casts, Accesses, Effect, Extent, Target};
use super::program::Program;
use super::types::Type;
use super::visit;
use crate::semantics::libc::State;
use viper::Span;

/// Adds the global that stands for [`State::Unseen`] to `program` if some code it verifies
/// calls a function without a body or contract.
pub fn add_unseen_state(program: &mut Program) {
    let mut first = None;
    for f in &program.functions {
        let super::ast::Body::Verified(b) = &f.body else {
            continue;
        };
        visit::each_stmt(&b.stmts, &mut |s| {
            if let super::ast::StmtKind::Call { callee, .. } = &s.kind {
                if program
                    .function(&callee.name)
                    .is_some_and(Function::is_opaque)
                {
                    first.get_or_insert(s.span);
                }
            }
        });
    }
    let Some(at) = first else { return };
    if program.hidden_state(State::Unseen).is_some() {
        return;
    }
    program.vars.push(super::ast::Var {
        name: State::Unseen.global_name().to_string(),
        ty: Type::INT,
        storage: super::ast::Storage::Global,
        function: None,
        span: at,
        addr_taken: false,
        is_const: false,
        threadprivate: false,
    });
    let var = VarId(program.vars.len() as u32 - 1);
    program.globals.push(Global { var, init: None });
}

/// The accesses of a call of `f` (a function without a verified body or a contract) with
/// arguments `args`, at `span`.
pub fn accesses<'a>(program: &Program, f: &Function, args: &'a [Expr], span: Span) -> Accesses<'a> {
    let mut out = Accesses {
        opaque: true,
        ..Accesses::default()
    };
    let unbounded = |why: String, out: &mut Accesses<'a>| {
        if out.unbounded.is_none() {
            out.unbounded = Some(why);
        }
    };
    if f.ret.is_pointer() {
        unbounded("returns a pointer ompv cannot trace".to_string(), &mut out);
    }
    for arg in args {
        let e = strip_casts(arg);
        if !designates_memory(arg) {
            continue;
        }
        match e.ty.decay().pointee() {
            Some(t)
                if t.is_arithmetic()
                    || matches!(t, Type::Struct(_)) && !holds_pointers(program, t) =>
            {
                out.effects.push(Effect {
                    // The object as the caller has it, whatever the parameter's type.
                    target: Target::Arg(e),
                    write: true,
                    extent: Extent::Whole,
                    exact: false,
                    span: arg.span,
                })
            }
            _ => unbounded(
                format!(
                    "may write what it reaches through `{}`",
                    super::print::print_expr(arg, program)
                ),
                &mut out,
            ),
        }
    }
    for g in reachable_globals(program, f) {
        let var = program.var(g);
        if var.is_const && !holds_pointers(program, &var.ty) {
            continue;
        }
        if var.threadprivate || holds_pointers(program, &var.ty) {
            unbounded(
                format!(
                    "may write what it reaches through the global `{}`",
                    var.name
                ),
                &mut out,
            );
            continue;
        }
        out.effects.push(Effect {
            target: Target::Global(g),
            write: true,
            extent: Extent::Whole,
            exact: false,
            span,
        });
    }
    out
}

/// The globals the function `f` without a body may name: those of the user's file, and the
/// library's hidden state (which ompv creates at a call in the user's file). The streams of
/// ompv's `stdio.h` are the library's, synchronised by it (C11 7.21.2p7) and not modelled. A
/// routine of a system header names only the state no file of the user's can.
pub fn reachable_globals<'p>(
    program: &'p Program,
    f: &Function,
) -> impl Iterator<Item = VarId> + 'p {
    let system = f.origin == Origin::System;
    let unseen = program.hidden_state(State::Unseen);
    program.globals.iter().map(|g| g.var).filter(move |&v| {
        program.var(v).span.file == program.file && (!system || Some(v) == unseen)
    })
}

/// Whether an object of type `ty` holds a pointer (itself, an element or a member), or has
/// members ompv does not know.
fn holds_pointers(program: &Program, ty: &Type) -> bool {
    match ty {
        Type::Ptr(_) | Type::Func | Type::Void => true,
        Type::Array { elem, .. } => holds_pointers(program, elem),
        Type::Struct(id) => program
            .structs
            .get(id.0 as usize)
            .is_none_or(|s| s.opaque || s.fields.iter().any(|f| holds_pointers(program, &f.ty))),
        _ => false,
    }
}

#[cfg(test)]
mod tests;
