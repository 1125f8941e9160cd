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
    };
    let (_, valid, _) = walk.visit(t);
    valid && is_pattern_app(t)
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

struct Walk<'v> {
    vars: &'v [Dynamic],
    /// Per AST id: (mask of variables mentioned, valid as part of a pattern, size).
    info: HashMap<u32, (u64, bool, usize)>,
    candidates: Vec<Dynamic>,
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
            if app && mask != 0 && kids_valid {
                self.candidates.push(t.clone());
            }
            // Z3 accepts no interpreted operation in a pattern, not even on ground arguments
            // (constants are fine).
            let constant = t.num_children() == 0;
            (mask, constant || (app && kids_valid), size)
        };
        self.info.insert(id, res);
        res
    }
}
