//! Explaining a data race: which two blocks, and — when the solver gave a counterexample —
//! which iterations and which element, e.g. "iteration i = 3 of the loop at line 17 writes
//! mid[3] while iteration j = 2 of the loop at line 26 reads it".

use super::classify::describe;
use super::kind::Kind;
use super::model::{eval, int_values, show};
use super::Diagnostic;
use num_bigint::BigInt;
use num_traits::Zero;
use openmp::lower::Lowered;
use ppl::obligations::{BlockInfo, PermAtom, RegionInfo, Role};
use std::collections::HashMap;
use viper::VerificationError;

/// The diagnostic of a failed disjointness check (`role` is a [`Role::Race`]).
pub fn race_message(e: &VerificationError, role: &Role, lowered: &Lowered) -> Diagnostic {
    let Role::Race {
        region,
        first,
        second,
        first_var,
        second_var,
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
        a,
        b,
        first_var.as_deref(),
        second_var.as_deref(),
        &env,
    );
    let same = first == second;
    let message = concrete.unwrap_or_else(|| {
        if same {
            format!(
                "data race: two iterations of {} may access the same element at the same time, \
                 and at least one of them writes it",
                describe(b)
            )
        } else {
            format!(
                "data race: {} and {} may access the same element at the same time, and at least \
                 one of them writes it",
                describe(a),
                describe(b)
            )
        }
    });
    let mut d = Diagnostic::new(Kind::Race, b.pragma, message);
    if !same {
        d.related
            .push((a.pragma, format!("{} runs at the same time", describe(a))));
    }
    if !e.reason_span.is_dummy() && !ppl::obligations::checks::is_check_span(e.reason_span) {
        d.related.push((
            e.reason_span,
            "this permission conflicts with the other iteration's".into(),
        ));
    }
    d
}

/// One iteration: its block, the source name and value of its variable.
fn iteration(
    b: &BlockInfo,
    var: Option<&str>,
    env: &HashMap<String, BigInt>,
) -> Option<(String, BigInt)> {
    let (c, _) = b.var.as_ref()?;
    let v = env.get(var?)?;
    Some((c.clone(), v.clone()))
}

/// The element an atom names for an iteration, if it can be evaluated (and its guard holds).
fn element(
    atom: &PermAtom,
    b: &BlockInfo,
    var: Option<&str>,
    env: &HashMap<String, BigInt>,
) -> Option<BigInt> {
    if !atom.bound.is_empty() {
        return None;
    }
    let mut local = env.clone();
    if let (Some((_, viper)), Some(v)) = (&b.var, var.and_then(|v| env.get(v))) {
        local.insert(viper.clone(), v.clone());
    }
    if eval(&atom.guard, &local).is_some_and(|g| g.is_zero()) {
        return None;
    }
    eval(&atom.index, &local)
}

fn verb(a: &PermAtom) -> &'static str {
    if a.writes {
        "writes"
    } else {
        "reads"
    }
}

fn concrete(
    e: &VerificationError,
    r: &RegionInfo,
    a: &BlockInfo,
    b: &BlockInfo,
    first_var: Option<&str>,
    second_var: Option<&str>,
    env: &HashMap<String, BigInt>,
) -> Option<String> {
    // The exhale takes the first iteration's permissions, then fails on the second's.
    let inside = |t: &&PermAtom| {
        t.span.file == e.reason_span.file
            && t.span.start <= e.reason_span.start
            && e.reason_span.end <= t.span.end
    };
    let failing = b.atoms.iter().find(inside)?;
    let idx = element(failing, b, second_var, env)?;
    let conflicting = a
        .atoms
        .iter()
        .filter(|t| t.array == failing.array)
        .filter(|t| element(t, a, first_var, env).as_ref() == Some(&idx))
        .max_by_key(|t| t.writes)?;
    let array = r.source_name(&failing.array);
    let who = |blk: &BlockInfo, it: Option<(String, BigInt)>| match it {
        Some((c, v)) => format!("iteration {c} = {} of {}", show(&v), describe(blk)),
        None => describe(blk),
    };
    let first = who(a, iteration(a, first_var, env));
    let second = who(b, iteration(b, second_var, env));
    Some(format!(
        "data race: {first} {} {array}[{}] while {second} {} it",
        verb(conflicting),
        show(&idx),
        verb(failing)
    ))
}
