//! What the C library routines of ompv's headers do to the memory their pointer arguments
//! point to: the one table the lowering (the checks and updates at a call) and the footprint
//! inference (what a block needs for a call) both read.
//!
//! - Writes: `scanf`/`fscanf`/`sscanf` store through every pointer after the format (one
//!   object, or the characters from it on for a `char *`); `sprintf`/`snprintf`/`strcpy`/
//!   `strncpy` write the characters of their destination; `strtol`/`strtoul`/`strtod` store the
//!   end pointer through a non-null second argument; `rand_r` updates its seed.
//! - Reads: the string arguments of the output and conversion routines (`%s` arguments of the
//!   `printf` family, `puts`, `atoi`, `strlen`, `strcmp`, the source of `strcpy`, …) are read
//!   from the pointer to the end of its object — where the argument is a character array of
//!   the program (`buf`, `&buf[i]`, `buf + i`). Strings ompv does not model (literals, the
//!   strings of `argv`, `getenv`'s) are not checked, nor are pointers held in variables.
//!
//! `time` says what it writes in its contract (`time.h`); `memset`/`memcpy`, allocation and
//! the lock routines have meanings of their own; `FILE` streams are not modelled (the library
//! synchronises them).

use super::ast::{BinOp, Expr, ExprKind};
use super::types::{IntRank, Type};

/// How much of the object a pointer argument designates a routine accesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    /// The object it points to (one element).
    One,
    /// Every element from it to the end of its allocation (the characters of a string).
    Rest,
}

/// One access of a library routine through an argument.
#[derive(Clone, Copy, Debug)]
pub struct Effect<'a> {
    /// The pointer argument.
    pub arg: &'a Expr,
    pub write: bool,
    pub extent: Extent,
}

/// The accesses of a call of the library routine `name` with arguments `args` through them.
pub fn effects<'a>(name: &str, args: &'a [Expr]) -> Vec<Effect<'a>> {
    let mut out = Vec::new();
    let store = |arg: &'a Expr, out: &mut Vec<Effect<'a>>| {
        if designates_memory(arg) {
            let extent = if is_char_pointer(arg) {
                Extent::Rest
            } else {
                Extent::One
            };
            out.push(Effect {
                arg,
                write: true,
                extent,
            });
        }
    };
    let read_string = |arg: &'a Expr, out: &mut Vec<Effect<'a>>| {
        if is_char_pointer(arg) && names_char_array(arg) {
            out.push(Effect {
                arg,
                write: false,
                extent: Extent::Rest,
            });
        }
    };
    let write_string = |arg: &'a Expr, out: &mut Vec<Effect<'a>>| {
        if designates_memory(arg) {
            out.push(Effect {
                arg,
                write: true,
                extent: Extent::Rest,
            });
        }
    };
    let from = |k: usize| args.iter().skip(k);
    match name {
        "scanf" => from(1).for_each(|a| store(a, &mut out)),
        "fscanf" => from(2).for_each(|a| store(a, &mut out)),
        "sscanf" => {
            from(0).take(1).for_each(|a| read_string(a, &mut out));
            from(2).for_each(|a| store(a, &mut out));
        }
        "printf" => from(1).for_each(|a| read_string(a, &mut out)),
        "fprintf" => from(2).for_each(|a| read_string(a, &mut out)),
        "sprintf" => {
            from(0).take(1).for_each(|a| write_string(a, &mut out));
            from(2).for_each(|a| read_string(a, &mut out));
        }
        "snprintf" => {
            from(0).take(1).for_each(|a| write_string(a, &mut out));
            from(3).for_each(|a| read_string(a, &mut out));
        }
        "strcpy" | "strncpy" => {
            from(0).take(1).for_each(|a| write_string(a, &mut out));
            from(1).take(1).for_each(|a| read_string(a, &mut out));
        }
        "strtol" | "strtoul" | "strtod" => {
            from(0).take(1).for_each(|a| read_string(a, &mut out));
            if let Some(end) = args.get(1).filter(|a| designates_memory(a)) {
                out.push(Effect {
                    arg: end,
                    write: true,
                    extent: Extent::One,
                });
            }
        }
        "rand_r" => from(0).take(1).for_each(|a| store(a, &mut out)),
        "puts" | "fputs" | "perror" | "remove" | "atoi" | "atol" | "atoll" | "atof" | "getenv"
        | "system" | "strlen" => from(0).take(1).for_each(|a| read_string(a, &mut out)),
        "strcmp" | "strncmp" | "fopen" => from(0).take(2).for_each(|a| read_string(a, &mut out)),
        _ => {}
    }
    out
}

/// Whether `a` is a pointer that may designate memory (not a string literal, not null).
fn designates_memory(a: &Expr) -> bool {
    let mut e = a;
    while let ExprKind::Cast(inner) = &e.kind {
        e = inner;
    }
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

/// Whether `a` is a character array of the program or a place in one: `buf`, `&buf[i]`,
/// `buf + i`.
fn names_char_array(a: &Expr) -> bool {
    let array_var = |e: &Expr| matches!(e.kind, ExprKind::Var(_)) && e.ty.is_array();
    match &a.kind {
        ExprKind::Cast(inner) => names_char_array(inner),
        ExprKind::Var(_) => a.ty.is_array(),
        ExprKind::AddrOf(lv) => matches!(&lv.kind, ExprKind::Index { base, .. } if array_var(base)),
        ExprKind::Binary {
            op: BinOp::Add | BinOp::Sub,
            lhs,
            ..
        } => array_var(lhs),
        _ => false,
    }
}

#[cfg(test)]
mod tests;
