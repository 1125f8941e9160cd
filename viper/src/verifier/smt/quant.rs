//! Building Z3 quantifiers without panicking: Z3 refuses some patterns (and then returns no
//! quantifier, which the `z3` crate turns into a panic). Here a refused pattern is dropped and
//! the quantifier built with the others, or with none (Z3 then chooses its own).

use z3::ast::{Ast, Bool, Dynamic};

/// `forall vars :: body` (or `exists`) with alternative multi-patterns; `None` if Z3 refuses even
/// the quantifier without patterns.
pub fn quantifier(
    forall: bool,
    vars: &[Dynamic],
    patterns: &[Vec<Dynamic>],
    body: &Bool,
) -> Option<Bool> {
    if vars.is_empty() {
        return Some(body.clone());
    }
    let ctx = body.get_ctx().clone();
    let raw = ctx.get_z3_context();
    // SAFETY: all ASTs are live ASTs of `ctx`; every pattern and the result are reference-counted
    // while in use (the result is taken over by `Bool::wrap`, which increments its count).
    unsafe {
        let mut pats = Vec::new();
        // A pattern must mention every bound variable (else Z3 drops it with a warning on
        // stderr).
        for p in patterns.iter().filter(|p| !p.is_empty() && covers(p, vars)) {
            let terms: Vec<z3_sys::Z3_ast> = p.iter().map(|t| t.get_z3_ast()).collect();
            if let Some(pat) = z3_sys::Z3_mk_pattern(raw, terms.len() as u32, terms.as_ptr()) {
                if let Some(a) = z3_sys::Z3_pattern_to_ast(raw, pat) {
                    z3_sys::Z3_inc_ref(raw, a);
                    pats.push((pat, a));
                }
            }
        }
        let mut bounds = Vec::new();
        for v in vars {
            match z3_sys::Z3_to_app(raw, v.get_z3_ast()) {
                Some(app) => bounds.push(app),
                None => return None,
            }
        }
        let make = |ps: &[z3_sys::Z3_pattern]| {
            z3_sys::Z3_mk_quantifier_const(
                raw,
                forall,
                0,
                bounds.len() as u32,
                bounds.as_ptr(),
                ps.len() as u32,
                ps.as_ptr(),
                body.get_z3_ast(),
            )
        };
        // All patterns, then each usable pattern alone, then none.
        let all: Vec<z3_sys::Z3_pattern> = pats.iter().map(|p| p.0).collect();
        let mut result = make(&all);
        if result.is_none() {
            let usable: Vec<z3_sys::Z3_pattern> = all
                .iter()
                .copied()
                .filter(|p| make(&[*p]).is_some())
                .collect();
            result = make(&usable);
        }
        if result.is_none() {
            result = make(&[]);
        }
        for (_, a) in &pats {
            z3_sys::Z3_dec_ref(raw, *a);
        }
        result.map(|q| Bool::wrap(&ctx, q))
    }
}

/// `forall vars :: body` with alternative multi-patterns (Z3 chooses patterns if none is given),
/// for facts that are assumed: should Z3 refuse the quantifier, nothing (`true`) is assumed.
pub fn quantify(vars: &[Dynamic], patterns: &[Vec<Dynamic>], body: &Bool) -> Bool {
    quantifier(true, vars, patterns, body).unwrap_or_else(|| Bool::from_bool(true))
}

/// Whether a multi-pattern mentions every variable.
pub fn covers(pattern: &[Dynamic], vars: &[Dynamic]) -> bool {
    vars.iter()
        .all(|v| pattern.iter().any(|t| super::terms::mentions(t, v)))
}
