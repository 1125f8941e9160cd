//! Guessed numbers of elements of the allocations pointer variables hold.
//!
//! A block that reads a `malloc`'d array at indices two iterations share (a stencil over a flat
//! 2-D array, `u[(i - 1) * n + j]`) asks for a fraction of the whole array. Said as
//! `0 <= k < alen(u)`, its body cannot show that an index is in bounds (nothing relates
//! `alen(u)` to `n * n` there); said as `0 <= k < n * n`, the length the allocation was made
//! with, it can. The length is only a guess: the block's precondition that carries it is
//! checked where the region starts, like every inferred clause, so a wrong guess costs a proof,
//! never soundness.

use super::footprint::same_expr;
use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use std::collections::HashMap;

/// For each pointer variable whose every assignment in the program is an allocation of `count`
/// elements (`p = malloc(count * sizeof *p)`, `calloc(count, …)`) or a copy of another such
/// variable with the same `count` (the pointers of a double buffer, swapped between time
/// steps), that `count`. Other pointer variables (parameters, results of calls, pointer
/// arithmetic, allocations of different sizes) are not in the map.
pub fn allocation_lengths(program: &Program) -> HashMap<VarId, Expr> {
    // Each pointer variable's sources: an allocation count, a copy of another variable, or
    // something else (`None`).
    let mut sources: HashMap<VarId, Vec<Option<Source>>> = HashMap::new();
    for f in &program.functions {
        let Body::Verified(body) = &f.body else {
            continue;
        };
        visit::each_stmt(&body.stmts, &mut |s| match &s.kind {
            StmtKind::Alloc { target, count, .. } => {
                if let Some(v) = visit::whole_var(target) {
                    sources
                        .entry(v)
                        .or_default()
                        .push(Some(Source::Alloc(count.clone())));
                }
            }
            StmtKind::Assign { target, value } => {
                if let Some(v) = visit::whole_var(target) {
                    sources.entry(v).or_default().push(copy_of(value));
                }
            }
            StmtKind::Decl {
                var,
                init: Some(Init::Expr(e)),
            } => {
                sources.entry(*var).or_default().push(copy_of(e));
            }
            StmtKind::Call {
                target: Some(t), ..
            } => {
                if let Some(v) = visit::whole_var(t) {
                    sources.entry(v).or_default().push(None);
                }
            }
            _ => {}
        });
    }
    // Parameters and globals get values from outside the function's statements.
    for f in &program.functions {
        for p in &f.params {
            sources.entry(p.var).or_default().push(None);
        }
    }
    for g in &program.globals {
        if g.init.is_some() {
            sources.entry(g.var).or_default().push(None);
        }
    }
    // The greatest fixed point over copies (a swap `t = a; a = b; b = t;` is a cycle of
    // copies): every pointer variable starts with any length (`Top`) and keeps a length while
    // all its sources agree on it.
    let mut state: HashMap<VarId, Len> = sources
        .keys()
        .filter(|v| program.var(**v).ty.is_pointer())
        .map(|v| (*v, Len::Top))
        .collect();
    loop {
        let mut changed = false;
        for (v, srcs) in &sources {
            let Some(old) = state.get(v).cloned() else {
                continue;
            };
            let mut new = Len::Top;
            for s in srcs {
                let l = match s {
                    Some(Source::Alloc(c)) => Len::Count(c.clone()),
                    Some(Source::Copy(w)) => state.get(w).cloned().unwrap_or(Len::Unknown),
                    None => Len::Unknown,
                };
                new = new.meet(l);
            }
            if new != old {
                state.insert(*v, new);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    state
        .into_iter()
        .filter_map(|(v, l)| match l {
            Len::Count(c) => Some((v, c)),
            _ => None,
        })
        .collect()
}

/// What is known of a variable's allocation length while the fixed point is computed.
#[derive(Clone, Debug)]
enum Len {
    /// No source seen yet to disagree.
    Top,
    Count(Expr),
    /// Sources disagree, or one is not an allocation.
    Unknown,
}

impl PartialEq for Len {
    fn eq(&self, other: &Len) -> bool {
        match (self, other) {
            (Len::Top, Len::Top) | (Len::Unknown, Len::Unknown) => true,
            (Len::Count(a), Len::Count(b)) => same_expr(a, b),
            _ => false,
        }
    }
}

impl Len {
    fn meet(self, other: Len) -> Len {
        match (self, other) {
            (Len::Top, x) | (x, Len::Top) => x,
            (Len::Count(a), Len::Count(b)) if same_expr(&a, &b) => Len::Count(a),
            _ => Len::Unknown,
        }
    }
}

/// Where a pointer variable's value comes from.
enum Source {
    Alloc(Expr),
    Copy(VarId),
}

/// `w` (under pointer conversions) as a copy of variable `w`; anything else is unknown.
fn copy_of(e: &Expr) -> Option<Source> {
    match &e.kind {
        ExprKind::Var(w) => Some(Source::Copy(*w)),
        ExprKind::Cast(inner) if inner.ty.is_pointer() => copy_of(inner),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use viper::SourceMap;

    /// The lengths found in `src`, by variable name, printed.
    fn lengths(src: &str) -> Vec<(String, String)> {
        let mut sm = SourceMap::new();
        let f = sm.add("t.c", src);
        let program =
            crate::parse_c(&mut sm, f, &Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
        let mut out: Vec<(String, String)> = allocation_lengths(&program)
            .into_iter()
            .map(|(v, c)| {
                let mut names = Vec::new();
                c.vars(&mut names);
                let names: Vec<String> =
                    names.iter().map(|n| program.var(*n).name.clone()).collect();
                (program.var(v).name.clone(), names.join(" * "))
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn buffers_swapped_through_a_temporary_keep_their_common_length() {
        let got = lengths(
            "#include <stdlib.h>\n\
             int main(int argc, char **argv) {\n\
               int n = argc;\n\
               double *u = malloc(n * n * sizeof(double));\n\
               double *v = malloc(n * n * sizeof(double));\n\
               for (int s = 0; s < 10; s++) { double *t = u; u = v; v = t; }\n\
               free(u); free(v); return 0; }\n",
        );
        let names: Vec<&str> = got.iter().map(|(v, _)| v.as_str()).collect();
        assert_eq!(names, vec!["t", "u", "v"]);
        assert!(got.iter().all(|(_, c)| c == "n * n"), "{got:?}");
    }

    #[test]
    fn different_sizes_parameters_and_results_of_calls_have_no_length() {
        let got = lengths(
            "#include <stdlib.h>\n\
             int *make(int n) { int *p = malloc(n * sizeof(int)); return p; }\n\
             void use(int *q) { q[0] = 1; }\n\
             int main(int argc, char **argv) {\n\
               int n = argc, m = 2 * argc;\n\
               int *a = malloc(n * sizeof(int));\n\
               int *b = malloc(n * sizeof(int));\n\
               int *c = make(n);\n\
               if (argc > 3) b = malloc(m * sizeof(int));\n\
               use(a); free(a); free(b); free(c); return 0; }\n",
        );
        // `a` and `p` keep theirs; `b` has two sizes, `c` a call's result, `q` a parameter.
        let names: Vec<&str> = got.iter().map(|(v, _)| v.as_str()).collect();
        assert_eq!(names, vec!["a", "p"]);
    }
}
