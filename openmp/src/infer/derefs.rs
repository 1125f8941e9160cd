//! The elements of a pointer parameter that every call of a function accesses: `*p` (element
//! 0) or `p[c]` for a constant `c`, in code that runs on every call before anything that may end
//! it early. The inferred contract of the function then requires the pointer to have them
//! (`c < \pointer_length(p)`): a run that did not would access memory outside the object,
//! so the precondition excludes no run the function can make without such an access. A caller
//! that cannot show it gets a failed precondition, which an inferred contract makes `unknown`.

use crate::c::ast::{BinOp, Block, Expr, ExprKind, Init, Stmt, StmtKind, VarId};
use crate::c::canonical::strip;
use crate::c::convert::eval_const;
use crate::c::visit;

/// The largest constant index at which `body` accesses the pointer variable `p` on every run
/// (`p` is never assigned in it); `None` if there is none.
pub fn unconditional_index(body: &Block, p: VarId) -> Option<i128> {
    if visit::assigned(&body.stmts).contains(&p) {
        return None;
    }
    let mut best = None;
    stmts(&body.stmts, p, &mut best);
    best
}

/// Collects from `stmts` in order; `false` once a statement may end the run early (a `return`,
/// a jump, or a call, which may not come back), after which nothing is certain.
fn stmts(stmts: &[Stmt], p: VarId, best: &mut Option<i128>) -> bool {
    for s in stmts {
        match &s.kind {
            StmtKind::Block(b) => {
                if !self::stmts(&b.stmts, p, best) {
                    return false;
                }
                continue;
            }
            StmtKind::Decl { init, .. } => {
                if let Some(Init::Expr(e)) = init {
                    expr(e, p, best);
                }
            }
            StmtKind::Assign { target, value } => {
                expr(value, p, best);
                expr(target, p, best);
            }
            StmtKind::Call { args, .. } => {
                for a in args {
                    expr(a, p, best);
                }
                return false;
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    expr(e, p, best);
                }
                return false;
            }
            StmtKind::If { cond, .. } => {
                expr(cond, p, best);
                if may_leave(s) {
                    return false;
                }
            }
            _ => {
                if may_leave(s) {
                    return false;
                }
            }
        }
    }
    true
}

/// Whether running `s` may end the run before the statement after it (a `return`, a `break` or
/// `continue` of an enclosing loop, a call that may not come back, an OpenMP construct).
fn may_leave(s: &Stmt) -> bool {
    let mut leaves = false;
    visit::each_stmt(std::slice::from_ref(s), &mut |x| {
        leaves |= matches!(
            x.kind,
            StmtKind::Return(_)
                | StmtKind::Break
                | StmtKind::Continue
                | StmtKind::Call { .. }
                | StmtKind::Omp(_)
        );
    });
    leaves
}

/// Collects the accesses to `p` that evaluating `e` always makes.
fn expr(e: &Expr, p: VarId, best: &mut Option<i128>) {
    let is_p = |x: &Expr| matches!(strip(x).kind, ExprKind::Var(v) if v == p);
    let mut found = |c: i128| {
        if c >= 0 && best.is_none_or(|b| c > b) {
            *best = Some(c);
        }
    };
    match &e.kind {
        // An address is computed, nothing is accessed.
        ExprKind::AddrOf(_) => return,
        ExprKind::Deref(x) if is_p(x) => found(0),
        ExprKind::Index { base, index } if is_p(base) => {
            if let Some(c) = eval_const(index) {
                found(c);
            }
        }
        // Only the condition, or the left operand, is evaluated on every run.
        ExprKind::Cond { cond, .. } => return expr(cond, p, best),
        ExprKind::Binary {
            op: BinOp::And | BinOp::Or,
            lhs,
            ..
        } => return expr(lhs, p, best),
        _ => {}
    }
    e.for_each_child(&mut |x| expr(x, p, best));
}

#[cfg(test)]
mod tests {
    use super::*;
    use viper::SourceMap;

    /// The index `g`'s body accesses `q` at on every call.
    fn index_in(body: &str) -> Option<i128> {
        let src = format!("void h(void);\nint g(int *q, int c)\n{{\n{body}\n  return 0;\n}}\n");
        let mut sm = SourceMap::new();
        let f = sm.add("t.c", &src);
        let program = crate::parse_c(&mut sm, f, None).unwrap_or_else(|e| panic!("{e:?}"));
        let g = program.function("g").expect("g");
        let crate::c::ast::Body::Verified(b) = &g.body else {
            panic!("g has a body")
        };
        unconditional_index(b, g.params[0].var)
    }

    #[test]
    fn accesses_on_every_call_count() {
        assert_eq!(index_in("  *q = 1;"), Some(0));
        assert_eq!(index_in("  q[3] = q[1];"), Some(3));
        assert_eq!(
            index_in("  int x = q[2] + 1;\n  if (c) return x;\n  q[7] = 0;"),
            Some(2)
        );
        assert_eq!(index_in("  { c = *q; }"), Some(0));
    }

    #[test]
    fn conditional_accesses_and_accesses_after_an_exit_do_not() {
        assert_eq!(index_in("  if (c) *q = 1;"), None);
        assert_eq!(index_in("  if (c) return 1;\n  *q = 1;"), None);
        assert_eq!(index_in("  h();\n  *q = 1;"), None);
        assert_eq!(index_in("  c = c && q[1];"), None);
        assert_eq!(index_in("  c = c ? q[1] : 0;"), None);
        assert_eq!(index_in("  for (int i = 0; i < c; i++) q[i] = 0;"), None);
        // An address computes nothing; a moved pointer is another element.
        assert_eq!(index_in("  int *r = &q[5];"), None);
        assert_eq!(index_in("  q = q + 1;\n  *q = 1;"), None);
    }
}
