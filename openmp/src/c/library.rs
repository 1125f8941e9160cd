//! The accesses of a call of a C library routine, as the table of `semantics::libc` gives
//! them: the one place the lowering (the checks and updates at a call) and the footprint
//! inference (what a block needs for a call) both read.
//!
//! - Strings a routine reads or writes through a pointer argument (a character array, a place
//!   in one, or any `char *` value) are taken to extend from the pointer to the end of its
//!   object: more than the routine touches, so such an access is not exact, and a problem found
//!   with it is `unknown`, never a certain race. String literals (read-only) and null pointers
//!   are not accessed, nor are the strings of `main`'s `argv` read as `argv[k]`: ompv grants no
//!   code a permission to their characters (`main` starts holding only the pointers), so no
//!   program it verifies writes them, and reading them cannot race.
//! - Objects a routine stores one value into (`scanf`'s `%d` target, `rand_r`'s seed,
//!   `strtol`'s end pointer) are exact.
//! - Hidden state (`rand`'s sequence, `strtok`'s position) is a global of ompv's own that the
//!   call reads or updates, exactly.
//!
//! `time` says what it writes in its contract (`time.h`); `memset`/`memcpy`, allocation and
//! `assert` have meanings of their own; streams are synchronised by the library (C11 7.21.2p7)
//! and not modelled; the OpenMP runtime routines have the meaning `omp` gives them.

use super::ast::{Expr, ExprKind};
use super::program::Program;
use super::types::{IntRank, Type};
use crate::semantics::libc::{self, Arg, State, Use, VarArgs};
use viper::Span;

/// How much of the object a pointer argument designates a routine accesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    /// The object it points to (one element).
    One,
    /// Every element from it to the end of its allocation (the characters of a string).
    Rest,
    /// Every element of its allocation, before it too (what a function ompv knows nothing of
    /// may access: [`super::opaque`]).
    Whole,
}

/// What a call accesses.
#[derive(Clone, Copy, Debug)]
pub enum Target<'a> {
    /// What a pointer argument points to.
    Arg(&'a Expr),
    /// Hidden state of the library (the global `Program::hidden_state` gives).
    State(State),
    /// A global variable of the user's file, all of it.
    Global(super::ast::VarId),
}

/// One access of a library routine.
#[derive(Clone, Copy, Debug)]
pub struct Effect<'a> {
    pub target: Target<'a>,
    pub write: bool,
    pub extent: Extent,
    /// Whether the access is exactly what the routine does (not a bound of it).
    pub exact: bool,
    /// Where to report it: the argument, or the call.
    pub span: Span,
}

/// The accesses of a call.
#[derive(Clone, Debug, Default)]
pub struct Accesses<'a> {
    pub effects: Vec<Effect<'a>>,
    /// What the routine may access that ompv cannot bound (the verdict can then be no better
    /// than `unknown`), in words.
    pub unbounded: Option<String>,
    /// The callee is a function of the program without body or contract ([`super::opaque`]),
    /// not a library routine.
    pub opaque: bool,
}

/// The accesses of a call of the library routine `name` (at `span`) with arguments `args`;
/// `None` when ompv's table has no entry for it (an OpenMP runtime routine, whose meaning is
/// elsewhere, or a routine ompv knows nothing of, which must not be taken as pure).
pub fn accesses<'a>(
    program: &Program,
    name: &str,
    args: &'a [Expr],
    span: Span,
) -> Option<Accesses<'a>> {
    let r = libc::routine(name)?;
    let argv = program
        .function("main")
        .and_then(|f| f.params.get(1))
        .map(|p| p.var);
    let mut out = Accesses::default();
    if r.own_meaning {
        return Some(out);
    }
    let string = |arg: &'a Expr, write: bool, out: &mut Accesses<'a>| {
        let of_argv = matches!(&strip_casts(arg).kind, ExprKind::Index { base, .. }
            if matches!(base.kind, ExprKind::Var(v) if Some(v) == argv));
        if of_argv && !write {
            return;
        }
        if is_char_pointer(arg) && designates_memory(arg) {
            out.effects.push(Effect {
                target: Target::Arg(arg),
                write,
                extent: Extent::Rest,
                exact: false,
                span: arg.span,
            });
        }
    };
    let one = |arg: &'a Expr, out: &mut Accesses<'a>| {
        if designates_memory(arg) {
            out.effects.push(Effect {
                target: Target::Arg(arg),
                write: true,
                extent: Extent::One,
                exact: true,
                span: arg.span,
            });
        }
    };
    for (arg, kind) in args.iter().zip(r.args) {
        match kind {
            Arg::Value | Arg::Stream => {}
            Arg::ReadString => string(arg, false, &mut out),
            Arg::WriteString => string(arg, true, &mut out),
            Arg::ReadWriteString => {
                if matches!(strip_casts(arg).kind, ExprKind::Null) {
                    // `strtok(NULL, …)` goes on in the string of an earlier call, which it
                    // writes: ompv does not know which.
                    out.unbounded = Some(format!(
                        "`{name}` with a null pointer writes the string of an earlier call, \
                         which ompv does not track"
                    ));
                } else {
                    string(arg, true, &mut out);
                }
            }
            Arg::WriteObject | Arg::EndPointer => one(arg, &mut out),
        }
    }
    for arg in args.iter().skip(r.args.len()) {
        match r.varargs {
            VarArgs::None => {}
            VarArgs::Print => string(arg, false, &mut out),
            VarArgs::Scan if is_char_pointer(arg) => string(arg, true, &mut out),
            VarArgs::Scan => one(arg, &mut out),
        }
    }
    for (state, used) in r.state {
        out.effects.push(Effect {
            target: Target::State(*state),
            write: *used == Use::Update,
            extent: Extent::One,
            exact: true,
            span,
        });
    }
    Some(out)
}

pub(crate) fn strip_casts(a: &Expr) -> &Expr {
    let mut e = a;
    while let ExprKind::Cast(inner) = &e.kind {
        e = inner;
    }
    e
}

/// Whether `a` is a pointer that may designate memory (not a string literal, not null).
pub(crate) fn designates_memory(a: &Expr) -> bool {
    let e = strip_casts(a);
    e.ty.decay().is_pointer() && !matches!(e.kind, ExprKind::Str(_) | ExprKind::Null)
}

fn is_char_pointer(a: &Expr) -> bool {
    matches!(
        a.ty.decay().pointee(),
        Some(Type::Int {
            rank: IntRank::Char,
            ..
        })
    )
}

#[cfg(test)]
mod tests;
