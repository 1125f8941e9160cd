//! Trigger inference for quantifiers written without triggers.
//!
//! With model-based quantifier instantiation off, a quantifier is only used when one of its
//! patterns matches; like Silicon, we choose patterns ourselves: the smallest applications of
//! uninterpreted functions (Viper and domain functions, heap lookups, sequence indexing) that
//! mention the bound variables and have no interpreted operation between them and a variable.

use std::collections::HashMap;

use z3::ast::{Ast, Dynamic};

use super::terms::is_pattern_app;

/// At most this many alternative patterns are inferred for one quantifier.
const MAX_PATTERNS: usize = 4;

/// Patterns for a quantifier over `vars` (constants standing for the bound variables) whose body
/// is `body`; empty if none is found (Z3 then chooses).
pub fn infer_patterns(body: &Dynamic, vars: &[Dynamic]) -> Vec<Vec<Dynamic>> {
    let mut walk = Walk {
        vars,
        info: HashMap::new(),
        candidates: Vec::new(),
        apps: Vec::new(),
    };
    walk.visit(body);
    // Candidates: valid pattern applications mentioning some bound variable, smallest first.
    let mut cands: Vec<(Dynamic, u64, usize)> = walk
        .candidates
        .iter()
        .filter_map(|t| {
            let (mask, valid, size) = *walk.info.get(&t.get_z3_ast_id())?;
            (valid && mask != 0).then(|| (t.clone(), mask, size))
        })
        .collect();
    // A pattern with an instance in the body at other arguments (`loc(a, i)` next to
    // `loc(a, i - 1)`) is a matching loop: each instantiation makes the next one's term. Such
    // patterns are left out while others remain (as Z3's own pattern inference does).
    let looping: Vec<bool> = cands
        .iter()
        .map(|(t, _, _)| walk.apps.iter().any(|u| instance_at_other_args(t, u, vars)))
        .collect();
    if looping.iter().any(|l| *l) && looping.iter().any(|l| !*l) {
        let mut keep = looping.iter().map(|l| !*l);
        cands.retain(|_| keep.next().unwrap_or(true));
    }
    cands.sort_by_key(|c| c.2);
    let all: u64 = if vars.len() >= 64 {
        u64::MAX
    } else {
        (1u64 << vars.len()) - 1
    };
    // Single terms covering every variable, keeping only minimal ones (no covering subterm).
    let mut single: Vec<Dynamic> = Vec::new();
    for (t, mask, _) in &cands {
        if *mask == all && !single.iter().any(|s| contains(t, s)) {
            single.push(t.clone());
        }
    }
    if !single.is_empty() {
        return single
            .into_iter()
            .take(MAX_PATTERNS)
            .map(|t| vec![t])
            .collect();
    }
    // Otherwise one multi-pattern, greedily covering the variables with small terms.
    let mut covered = 0u64;
    let mut multi = Vec::new();
    for (t, mask, _) in &cands {
        if mask & !covered != 0 {
            covered |= mask;
            multi.push(t.clone());
        }
        if covered == all {
            return vec![multi];
        }
    }
    Vec::new()
}

/// Whether `t` may be (part of) a pattern for `vars`: an application of an uninterpreted function
/// with no interpreted operation between it and a bound variable.
pub fn valid_pattern_term(t: &Dynamic, vars: &[Dynamic]) -> bool {
    let mut walk = Walk {
        vars,
        info: HashMap::new(),
        candidates: Vec::new(),
        apps: Vec::new(),
    };
    let (_, valid, _) = walk.visit(t);
    valid && is_pattern_app(t)
}

/// Whether `t` applies a snapshot projection or a sort wrapper (uninterpreted functions).
fn is_snapshot_app(t: &Dynamic) -> bool {
    t.safe_decl().is_ok_and(|d| {
        let n = d.name();
        n.starts_with("$Snap.") || n.starts_with("$SortWrappers.")
    })
}

/// Whether `t` may be an argument inside a pattern over `vars`: built from the variables and
/// constants by uninterpreted functions only.
pub fn valid_pattern_argument(t: &Dynamic, vars: &[Dynamic]) -> bool {
    let mut walk = Walk {
        vars,
        info: HashMap::new(),
        candidates: Vec::new(),
        apps: Vec::new(),
    };
    walk.visit(t).1
}

/// Whether `t` has `sub` as a subterm.
fn contains(t: &Dynamic, sub: &Dynamic) -> bool {
    if t.ast_eq(sub) {
        return true;
    }
    if t.kind() != z3::AstKind::App {
        return false;
    }
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        t.children().iter().any(|c| contains(c, sub))
    })
}

/// Whether `u` is `t` with some bound variable replaced by another term mentioning a bound
/// variable (`loc(a, i - 1)` for `t = loc(a, i)`).
fn instance_at_other_args(t: &Dynamic, u: &Dynamic, vars: &[Dynamic]) -> bool {
    let mut binding: Vec<Option<Dynamic>> = vec![None; vars.len()];
    matches(t, u, vars, &mut binding)
        && binding.iter().zip(vars).any(|(b, v)| {
            b.as_ref()
                .is_some_and(|b| !b.ast_eq(v) && vars.iter().any(|w| contains(b, w)))
        })
}

/// First-order matching of the pattern `p` (bound variables are its holes) against `u`.
fn matches(p: &Dynamic, u: &Dynamic, vars: &[Dynamic], binding: &mut [Option<Dynamic>]) -> bool {
    if let Some(k) = vars.iter().position(|v| v.ast_eq(p)) {
        return match &binding[k] {
            Some(b) => b.ast_eq(u),
            None => {
                binding[k] = Some(u.clone());
                true
            }
        };
    }
    if p.ast_eq(u) {
        return true;
    }
    if p.kind() != z3::AstKind::App
        || u.kind() != z3::AstKind::App
        || p.num_children() != u.num_children()
        || p.num_children() == 0
        || p.get_sort() != u.get_sort()
        || p.decl().name() != u.decl().name()
    {
        return false;
    }
    p.children()
        .iter()
        .zip(u.children().iter())
        .all(|(a, b)| matches(a, b, vars, binding))
}

struct Walk<'v> {
    vars: &'v [Dynamic],
    /// Per AST id: (mask of variables mentioned, valid as part of a pattern, size).
    info: HashMap<u32, (u64, bool, usize)>,
    candidates: Vec<Dynamic>,
    /// Every application of an uninterpreted function that mentions a bound variable.
    apps: Vec<Dynamic>,
}

trait AstId {
    fn get_z3_ast_id(&self) -> u32;
}

impl AstId for Dynamic {
    fn get_z3_ast_id(&self) -> u32 {
        // SAFETY: a live AST of its own context.
        unsafe { z3_sys::Z3_get_ast_id(self.get_ctx().get_z3_context(), self.get_z3_ast()) }
    }
}

impl Walk<'_> {
    fn visit(&mut self, t: &Dynamic) -> (u64, bool, usize) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.visit_here(t))
    }

    fn visit_here(&mut self, t: &Dynamic) -> (u64, bool, usize) {
        let id = t.get_z3_ast_id();
        if let Some(i) = self.info.get(&id) {
            return *i;
        }
        let res = if let Some(k) = self.vars.iter().position(|v| v.ast_eq(t)) {
            (1u64 << k.min(63), true, 1)
        } else if t.kind() != z3::AstKind::App {
            // Numerals are ground; nested quantifiers are not looked into.
            (0, t.kind() == z3::AstKind::Numeral, 1)
        } else {
            let mut mask = 0;
            let mut kids_valid = true;
            let mut size = 1;
            for c in t.children() {
                let (m, v, s) = self.visit(&c);
                mask |= m;
                size += s;
                kids_valid &= v;
            }
            let app = is_pattern_app(t);
            if app && mask != 0 {
                self.apps.push(t.clone());
                if kids_valid {
                    self.candidates.push(t.clone());
                }
            }
            // Z3 accepts no interpreted operation in a pattern, not even on ground arguments
            // (constants are fine); snapshot projections and sort wrappers are uninterpreted
            // (a function's snapshot argument `$Snap.second(s)`), though never patterns alone.
            let constant = t.num_children() == 0;
            let inner = app || is_snapshot_app(t);
            (mask, constant || (inner && kids_valid), size)
        };
        self.info.insert(id, res);
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::Int;
    use z3::{FuncDecl, Sort};

    /// `forall i :: b(i) == a(i - 1) + a(i) + a(i + 1)`: `a(i)` would be a matching loop (each
    /// instance makes `a(i - 1)`, which matches again), `b(i)` is not.
    #[test]
    fn looping_patterns_are_left_out_while_others_remain() {
        let a = FuncDecl::new("d.a", &[&Sort::int()], &Sort::int());
        let b = FuncDecl::new("d.b", &[&Sort::int()], &Sort::int());
        let i = Int::new_const("i");
        let at = |f: &FuncDecl, t: &Int| f.apply(&[t]).as_int().unwrap();
        let sum = at(&a, &(&i - 1)) + at(&a, &i) + at(&a, &(&i + 1));
        let body = Dynamic::from_ast(&at(&b, &i).eq(&sum));
        let pats = infer_patterns(&body, &[Dynamic::from_ast(&i)]);
        assert_eq!(pats.len(), 1, "{pats:?}");
        assert!(
            pats[0][0].ast_eq(Dynamic::from_ast(&at(&b, &i))),
            "{pats:?}"
        );
        // With no other candidate, the looping pattern is still used (better than none).
        let body = Dynamic::from_ast(&at(&a, &i).eq(at(&a, &(&i - 1))));
        let pats = infer_patterns(&body, &[Dynamic::from_ast(&i)]);
        assert_eq!(pats.len(), 1, "{pats:?}");
        assert!(pats[0][0].ast_eq(Dynamic::from_ast(&at(&a, &i))));
    }
}
