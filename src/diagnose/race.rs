//! Explaining a data race: which two blocks, and — when the solver gave a counterexample —
//! which iterations and which location, e.g. "iteration i = 3 of the loop at line 17 writes
//! mid[3] while iteration i = 2 of the loop at line 26 reads it", or "thread 0 of the code every
//! thread runs at line 5 writes `x` while thread 1 … writes it".

use super::block_name::describe;
use super::diagnostic::Diagnostic;
use super::model::{eval, int_values, show};
use crate::kind::Kind;
use crate::report::RaceAccess;
use num_bigint::BigInt;
use num_traits::Zero;
use openmp::lower::prelude::ROW;
use openmp::lower::Lowered;
use ppl::obligations::{BlockInfo, PermAtom, RegionInfo, Role};
use std::collections::HashMap;
use viper::ast::ExprKind;
use viper::VerificationError;

/// The diagnostic of a failed disjointness check (`role` is a [`Role::Race`]).
pub fn race_message(e: &VerificationError, role: &Role, lowered: &Lowered) -> Diagnostic {
    let Role::Race {
        region,
        first,
        second,
        first_vars,
        second_vars,
    } = role
    else {
        unreachable!("called for races only");
    };
    let checks = &lowered.checks;
    let (a, b) = (checks.block(*first), checks.block(*second));
    let r = checks.region(*region);
    let env = int_values(&e.model);
    let concrete = concrete(
        e,
        r,
        &checks.member_names,
        (a, b),
        (first_vars, second_vars),
        &env,
    );
    // A race is certain when the permissions in conflict say no more than what the code does:
    // written by the user, or inferred exactly.
    let exact = |t: &PermAtom| t.inferred != Some(false);
    let definite = match &concrete {
        Some(w) => exact(w.failing) && exact(w.conflicting),
        None => a.atoms.iter().chain(&b.atoms).all(exact),
    };
    // Inferred permissions stand at the accesses they come from: the witness's two accesses.
    let accesses = match &concrete {
        Some(w) if w.failing.inferred.is_some() && w.conflicting.inferred.is_some() => vec![
            RaceAccess {
                span: w.conflicting.span,
                write: w.conflicting.writes,
                by: w.first.clone(),
                thread: w.first_at.0,
                iteration: w.first_at.1.clone(),
            },
            RaceAccess {
                span: w.failing.span,
                write: w.failing.writes,
                by: w.second.clone(),
                thread: w.second_at.0,
                iteration: w.second_at.1.clone(),
            },
        ],
        _ => Vec::new(),
    };
    // Without a counterexample (Z3 gave up) a conflict of inferred permissions is a race only
    // if the candidate model's iterations give both the same element, which `concrete`
    // evaluates. (Permissions the user wrote that the proof cannot split are a failed proof.)
    let user_written = a.atoms.iter().chain(&b.atoms).all(|t| t.inferred.is_none());
    let unconfirmed = e.incomplete && concrete.is_none() && !user_written;
    let element = concrete.as_ref().map(|w| w.element.clone());
    let concrete = concrete.map(|w| w.message);
    let same = first == second;
    let message = concrete.unwrap_or_else(|| {
        if same {
            format!(
                "data race: two iterations of {} may access the same location at the same time, \
                 and at least one of them writes it",
                describe(b)
            )
        } else {
            format!(
                "data race: {} and {} may access the same location at the same time, and at \
                 least one of them writes it",
                describe(a),
                describe(b)
            )
        }
    });
    let mut d = Diagnostic::new(Kind::Race, b.pragma, message);
    // Two iterations the schedule may keep on one thread are a race only if it does not.
    let schedule = [a, b]
        .iter()
        .find_map(|x| x.schedule_uncertain.clone().map(|why| (x.pragma, why)));
    d.definite = definite && r.approximation.is_none() && schedule.is_none() && !unconfirmed;
    if unconfirmed && definite {
        d.notes.push(
            "the solver gave up on this check (quantifiers or non-linear arithmetic are beyond \
             its complete theories) and its candidate model names no two iterations that \
             access one element: the race may not be real (verdict `unknown`)"
                .into(),
        );
    }
    if let Some((at, why)) = &r.approximation {
        d.related.push((*at, why.clone()));
    }
    if let Some((at, why)) = schedule {
        d.related.push((at, why));
    }
    d.accesses = accesses;
    d.element = element;
    if !same {
        d.related
            .push((a.pragma, format!("{} runs at the same time", describe(a))));
    }
    if !e.reason_span.is_dummy() && !ppl::obligations::checks::is_check_span(e.reason_span) {
        let other = if same {
            "the other iteration's".to_string()
        } else {
            format!("the one {} holds", describe(a))
        };
        d.related.push((
            e.reason_span,
            format!("this permission conflicts with {other}"),
        ));
    }
    d
}

/// The values of a block's iteration variables in the counterexample, by the block's own
/// Viper names (for evaluating its atoms).
fn coordinates(
    b: &BlockInfo,
    vars: &[String],
    env: &HashMap<String, BigInt>,
) -> Option<Vec<(String, String, BigInt)>> {
    let mut out = Vec::new();
    for ((source, viper), v) in b.vars.iter().zip(vars) {
        out.push((source.clone(), viper.clone(), env.get(v)?.clone()));
    }
    Some(out)
}

/// `iteration i = 3 of the loop at line 17`, `thread 1 of …`, `iteration (i, j) = (1, 2) of …`,
/// `iteration i = 3 of … on thread 0`.
fn who(b: &BlockInfo, coords: &[(String, String, BigInt)]) -> String {
    let of = describe(b);
    match coords {
        [] => of,
        [(s, _, v)] if s == "thread" => format!("thread {} of {of}", show(v)),
        [(s, _, v)] => format!("iteration {s} = {} of {of}", show(v)),
        // An iteration of a worksharing loop and the thread that runs it.
        [rest @ .., (s, _, t)] if s == "thread" => {
            format!("{} on thread {}", who(b, rest), show(t))
        }
        many => {
            let names: Vec<&str> = many.iter().map(|c| c.0.as_str()).collect();
            let vals: Vec<String> = many.iter().map(|c| show(&c.2)).collect();
            format!(
                "iteration ({}) = ({}) of {of}",
                names.join(", "),
                vals.join(", ")
            )
        }
    }
}

/// The location an atom names for an iteration, if it can be evaluated (and its guard holds):
/// the allocation without its rows, the row indices (outermost first) and the element index.
fn element(
    atom: &PermAtom,
    coords: &[(String, String, BigInt)],
    env: &HashMap<String, BigInt>,
) -> Option<Location> {
    if !atom.bound.is_empty() {
        return None;
    }
    let mut local = env.clone();
    for (_, viper, v) in coords {
        local.insert(viper.clone(), v.clone());
    }
    if eval(&atom.guard, &local).is_some_and(|g| g.is_zero()) {
        return None;
    }
    let mut rows = Vec::new();
    let mut array = &atom.array_expr;
    // `row(row(a, i), j)` is row j of row i of `a` (openmp's 2-D model).
    while let ExprKind::Call { name, args } = &array.kind {
        match args.as_slice() {
            [inner, k] if name.name == ROW => {
                rows.push(eval(k, &local)?);
                array = inner;
            }
            _ => break,
        }
    }
    rows.reverse();
    Some(Location {
        base: viper::printer::print_expr(array),
        rows,
        index: eval(&atom.index, &local)?,
        field: atom.field.clone(),
    })
}

/// A memory location of a counterexample.
#[derive(PartialEq)]
struct Location {
    base: String,
    rows: Vec<BigInt>,
    index: BigInt,
    /// The field: an element's struct members are locations of their own.
    field: String,
}

fn verb(a: &PermAtom) -> &'static str {
    if a.writes {
        "writes"
    } else {
        "reads"
    }
}

/// How diagnostics name a location: `a[3]`, `a[2][0]`, `a[3].x`, or `` `x` `` (`` `s.x` ``) for
/// a shared scalar (struct) (`members`: the member names of struct fields).
fn location(
    r: &RegionInfo,
    members: &HashMap<String, String>,
    atom: &PermAtom,
    at: &Location,
) -> String {
    if let Some(name) = r.scalars.get(&atom.array) {
        return match members.get(&at.field) {
            Some(m) => format!("`{name}.{m}`"),
            None => format!("`{name}`"),
        };
    }
    let array = at
        .base
        .strip_prefix("global_")
        .and_then(|g| g.strip_suffix("()"))
        .unwrap_or_else(|| r.source_name(&at.base));
    // The library's hidden state (`semantics::libc`) is one location of its own.
    if let Some(s) = openmp::semantics::libc::State::ALL
        .iter()
        .find(|s| s.global_name() == array)
    {
        return format!("the hidden state of {}", s.routines());
    }
    let mut s = array.to_string();
    for k in at.rows.iter().chain([&at.index]) {
        s.push_str(&format!("[{}]", show(k)));
    }
    if let Some(m) = members.get(&at.field) {
        s.push('.');
        s.push_str(m);
    }
    s
}

/// A race as found in a counterexample.
struct Witness<'a> {
    message: String,
    /// The permission that failed (the second iteration's) and the one it conflicts with.
    failing: &'a PermAtom,
    conflicting: &'a PermAtom,
    /// Who makes the conflicting and the failing access.
    first: String,
    second: String,
    /// The same as numbers: the thread (if the block names one) and the loop variables.
    first_at: Coordinates,
    second_at: Coordinates,
    /// The element both access.
    element: String,
}

/// A thread number and the values of loop variables.
type Coordinates = (Option<u32>, Vec<(String, i128)>);

/// The coordinates of a witness's iteration as numbers.
fn numbers(coords: &[(String, String, BigInt)]) -> Coordinates {
    use num_traits::ToPrimitive;
    let mut thread = None;
    let mut iteration = Vec::new();
    for (name, _, v) in coords {
        if name == "thread" {
            thread = v.to_u32();
        } else if let Some(v) = v.to_i128() {
            iteration.push((name.clone(), v));
        }
    }
    (thread, iteration)
}

/// The race as found in the counterexample.
/// `vars`: the Viper names of the two iterations' variables; `members`: the member names of
/// struct fields.
fn concrete<'a>(
    e: &VerificationError,
    r: &RegionInfo,
    members: &HashMap<String, String>,
    (a, b): (&'a BlockInfo, &'a BlockInfo),
    (first_vars, second_vars): (&[String], &[String]),
    env: &HashMap<String, BigInt>,
) -> Option<Witness<'a>> {
    // The exhale takes the first iteration's permissions, then fails on the second's.
    let inside = |t: &&PermAtom| {
        t.span.file == e.reason_span.file
            && t.span.start <= e.reason_span.start
            && e.reason_span.end <= t.span.end
    };
    let ca = coordinates(a, first_vars, env)?;
    let cb = coordinates(b, second_vars, env)?;
    let failing = b.atoms.iter().find(inside)?;
    let at = element(failing, &cb, env)?;
    let conflicting = a
        .atoms
        .iter()
        .filter(|t| element(t, &ca, env).as_ref() == Some(&at))
        .max_by_key(|t| t.writes)?;
    let (first, second) = (who(a, &ca), who(b, &cb));
    let element = location(r, members, failing, &at);
    let message = format!(
        "data race: {first} {} {element} while {second} {} it",
        verb(conflicting),
        verb(failing)
    );
    Some(Witness {
        message,
        failing,
        conflicting,
        first,
        second,
        first_at: numbers(&ca),
        second_at: numbers(&cb),
        // The message quotes a variable's name; the field holds it bare.
        element: element.trim_matches('`').to_string(),
    })
}
