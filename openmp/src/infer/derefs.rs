//! The elements of a pointer parameter that every call of a function accesses: `*p` (element
//! 0) or `p[c]` for a constant `c`, in code that runs on every call before anything that may end
//! it early, and `p[i + c]` in every iteration of a `parallel for` there (whose iterations all
//! run, §11.5, unless it can be cancelled). The inferred contract of the function then requires
//! the pointer to have them (`c < \pointer_length(p)`, `lo < hi ==> hi - 1 + c <
//! \pointer_length(p)`): a run that did not would access memory outside the object, so the
//! precondition excludes no run the function can make without such an access. A caller that
//! cannot show it gets a failed precondition, which an inferred contract makes `unknown`.

use crate::c::ast::{BinOp, Block, Expr, ExprKind, Init, OmpBody, Stmt, StmtKind, VarId};
use crate::c::canonical::strip;
use crate::c::constant::eval_const;
use crate::c::visit;
use crate::pragma::Directive;

/// The largest constant index at which `body` accesses the pointer variable `p` on every run
/// (`p` is never assigned in it); `None` if there is none.
pub fn unconditional_index(body: &Block, p: VarId) -> Option<i128> {
    unconditional(body, p).0
}

/// A `parallel for` that every run reaches, all of whose iterations access `p[var + offset]`:
/// the loop runs `var` from `lower` while `var test bound` (`<` or `<=`) in steps of 1.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopAccess {
    pub lower: Expr,
    pub test: BinOp,
    pub bound: Expr,
    pub offset: i128,
}

/// The loops of `body` that access `p` in every iteration on every run, as [`LoopAccess`]es.
pub fn unconditional_loops(body: &Block, p: VarId) -> Vec<LoopAccess> {
    unconditional(body, p).1
}

fn unconditional(body: &Block, p: VarId) -> (Option<i128>, Vec<LoopAccess>) {
    if visit::assigned(&body.stmts).contains(&p) {
        return (None, Vec::new());
    }
    let constant = |i: Option<&Expr>| match i {
        None => Some(0),
        Some(i) => eval_const(i).filter(|c| *c >= 0),
    };
    let (mut best, mut loops) = (None, Vec::new());
    stmts(&body.stmts, p, &constant, &mut best, Some(&mut loops));
    (best, loops)
}

/// How an access's index is read off (`None` for `*p`): the index to count, if any.
type IndexOf<'a> = &'a dyn Fn(Option<&Expr>) -> Option<i128>;

/// Collects from `stmts` in order the indices (by `index_of`) at which they access `p`, and into
/// `loops` the `parallel for`s that access it in every iteration; `false` once a statement may
/// end the run early (a `return`, a jump, or a call, which may not come back), after which
/// nothing is certain. In a loop's body (`loops` is `None`) a construct ends the walk too.
fn stmts(
    stmts: &[Stmt],
    p: VarId,
    index_of: IndexOf<'_>,
    best: &mut Option<i128>,
    mut loops: Option<&mut Vec<LoopAccess>>,
) -> bool {
    let expr = |e: &Expr, best: &mut Option<i128>| expr_with(e, p, index_of, best);
    for s in stmts {
        match &s.kind {
            StmtKind::Block(b) => {
                if !self::stmts(&b.stmts, p, index_of, best, loops.as_deref_mut()) {
                    return false;
                }
                continue;
            }
            StmtKind::Omp(c) => {
                if let (Some(loops), Some(l)) = (loops, parallel_loop(c, p)) {
                    loops.push(l);
                }
                // What runs after a construct is not followed (it may not be reached the same way).
                return false;
            }
            StmtKind::Decl { init, .. } => {
                if let Some(Init::Expr(e)) = init {
                    expr(e, best);
                }
            }
            StmtKind::Assign { target, value } => {
                expr(value, best);
                expr(target, best);
            }
            // The arguments are evaluated; the call may not come back to store its result.
            StmtKind::Call { args, .. } => {
                for a in args {
                    expr(a, best);
                }
                return false;
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    expr(e, best);
                }
                return false;
            }
            StmtKind::If { cond, .. } => {
                expr(cond, best);
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

/// The access of a `parallel for` (one loop, step 1, `<` or `<=`, no `cancel` in it) to
/// `p[var + c]` in code every iteration runs before anything that may end it early.
fn parallel_loop(c: &crate::c::ast::OmpConstruct, p: VarId) -> Option<LoopAccess> {
    if !matches!(
        c.pragma.directive,
        Directive::ParallelFor | Directive::ParallelForSimd
    ) {
        return None;
    }
    let OmpBody::Loop(nest) = &c.body else {
        return None;
    };
    let [l] = nest.loops.as_slice() else {
        return None;
    };
    if l.step != 1 || !matches!(l.test, BinOp::Lt | BinOp::Le) {
        return None;
    }
    let mut cancels = false;
    visit::each_stmt(&nest.body.stmts, &mut |x| {
        if let StmtKind::Omp(o) = &x.kind {
            cancels |= matches!(
                o.pragma.directive,
                Directive::Cancel | Directive::CancellationPoint
            );
        }
    });
    let assigned = visit::assigned(&nest.body.stmts);
    if cancels || assigned.contains(&l.var) || assigned.contains(&p) {
        return None;
    }
    let mut best = None;
    let offset = |e: Option<&Expr>| e.and_then(|e| offset_from(e, l.var));
    stmts(&nest.body.stmts, p, &offset, &mut best, None);
    Some(LoopAccess {
        lower: l.lower.clone(),
        test: l.test,
        bound: l.bound.clone(),
        offset: best?,
    })
}

/// `c` for an index `var`, `var + c` or `var - c` (`c` constant).
fn offset_from(e: &Expr, var: VarId) -> Option<i128> {
    let is_var = |x: &Expr| matches!(strip(x).kind, ExprKind::Var(v) if v == var);
    let e = strip(e);
    if is_var(e) {
        return Some(0);
    }
    match &e.kind {
        ExprKind::Binary {
            op: BinOp::Add,
            lhs,
            rhs,
        } => {
            if is_var(lhs) {
                eval_const(rhs)
            } else if is_var(rhs) {
                eval_const(lhs)
            } else {
                None
            }
        }
        ExprKind::Binary {
            op: BinOp::Sub,
            lhs,
            rhs,
        } if is_var(lhs) => eval_const(rhs).map(|c| -c),
        _ => None,
    }
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

/// Collects the accesses to `p` that evaluating `e` always makes, at the indices `index_of`
/// reads off: non-negative constants in a function's body, offsets from the loop variable in a
/// loop's.
fn expr_with(e: &Expr, p: VarId, index_of: IndexOf<'_>, best: &mut Option<i128>) {
    let is_p = |x: &Expr| matches!(strip(x).kind, ExprKind::Var(v) if v == p);
    let mut found = |c: i128| {
        if best.is_none_or(|b| c > b) {
            *best = Some(c);
        }
    };
    match &e.kind {
        // An address is computed, nothing is accessed.
        ExprKind::AddrOf(_) => return,
        ExprKind::Deref(x) if is_p(x) => {
            if let Some(c) = index_of(None) {
                found(c);
            }
        }
        ExprKind::Index { base, index } if is_p(base) => {
            if let Some(c) = index_of(Some(index)) {
                found(c);
            }
        }
        // Only the condition, or the left operand, is evaluated on every run.
        ExprKind::Cond { cond, .. } => return expr_with(cond, p, index_of, best),
        ExprKind::Binary {
            op: BinOp::And | BinOp::Or,
            lhs,
            ..
        } => return expr_with(lhs, p, index_of, best),
        _ => {}
    }
    e.for_each_child(&mut |x| expr_with(x, p, index_of, best));
}

#[cfg(test)]
mod tests {
    use super::*;
    use viper::SourceMap;

    /// `f` of the body of `g(int *q, int c)` with `body` in it, and of `q`.
    fn in_g<T>(body: &str, f: impl FnOnce(&Block, VarId) -> T) -> T {
        let src = format!(
            "void h(void);\nint k(int x);\nint g(int *q, int c)\n{{\n{body}\n  return 0;\n}}\n"
        );
        let mut sm = SourceMap::new();
        let file = sm.add("t.c", &src);
        let program = crate::parse_file(&mut sm, file, &Default::default())
            .unwrap_or_else(|e| panic!("{e:?}"));
        let g = program.function("g").expect("g");
        let crate::c::ast::Body::Verified(b) = &g.body else {
            panic!("g has a body")
        };
        f(b, g.params[0].var)
    }

    /// The index `g`'s body accesses `q` at on every call.
    fn index_in(body: &str) -> Option<i128> {
        in_g(body, unconditional_index)
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

    /// The offsets of the loops of `g`'s body that access `q` in every iteration on every call.
    fn loop_offsets(body: &str) -> Vec<i128> {
        in_g(body, |b, q| {
            unconditional_loops(b, q)
                .into_iter()
                .map(|l| l.offset)
                .collect()
        })
    }

    #[test]
    fn a_condition_and_arguments_count_in_every_iteration_a_stored_result_not() {
        let pf = "  #pragma omp parallel for\n";
        assert_eq!(
            loop_offsets(&format!(
                "{pf}  for (int i = 0; i < c; i++) if (q[i + 1] > 0) c = 1;"
            )),
            [1]
        );
        // Statements after an `if` that cannot leave run in every iteration.
        assert_eq!(
            loop_offsets(&format!(
                "{pf}  for (int i = 0; i < c; i++) {{ if (i > 2) c = 0; q[i + 3] = 0; }}"
            )),
            [3]
        );
        assert_eq!(
            loop_offsets(&format!(
                "{pf}  for (int i = 0; i < c; i++) c = k(q[i + 2]);"
            )),
            [2]
        );
        // A call's result is stored only if the call comes back; what follows a call may not run.
        let none: [i128; 0] = [];
        assert_eq!(
            loop_offsets(&format!("{pf}  for (int i = 0; i < c; i++) q[i] = k(i);")),
            none
        );
        assert_eq!(
            loop_offsets(&format!(
                "{pf}  for (int i = 0; i < c; i++) {{ h(); q[i] = 0; }}"
            )),
            none
        );
    }

    #[test]
    fn every_iteration_of_a_parallel_for_on_every_call_counts() {
        let pf = "  #pragma omp parallel for\n";
        assert_eq!(
            loop_offsets(&format!("{pf}  for (int i = 0; i < c; i++) q[i] = 0;")),
            [0]
        );
        assert_eq!(
            loop_offsets(&format!(
                "{pf}  for (int i = 1; i <= c; i++) q[i - 1] = q[i + 2];"
            )),
            [2]
        );
        assert_eq!(
            loop_offsets(&format!(
                "{pf}  for (int i = 0; i < c; i++) {{ int t = q[i]; q[i] = t + 1; }}"
            )),
            [0]
        );
    }

    #[test]
    fn loops_that_may_skip_an_access_do_not() {
        let pf = "  #pragma omp parallel for\n";
        let none: [i128; 0] = [];
        // A sequential loop, a loop after an early exit, a guarded or skipped access, a stride,
        // an index not of the loop variable, an orphaned `for` in a region (`cancel`, which the
        // code declines too, is not supported yet).
        assert_eq!(
            loop_offsets("  for (int i = 0; i < c; i++) q[i] = 0;"),
            none
        );
        assert_eq!(
            loop_offsets(&format!(
                "  if (c > 9) return 1;\n{pf}  for (int i = 0; i < c; i++) q[i] = 0;"
            )),
            none
        );
        assert_eq!(
            loop_offsets(&format!(
                "{pf}  for (int i = 0; i < c; i++) if (i > 2) q[i] = 0;"
            )),
            none
        );
        assert_eq!(
            loop_offsets(&format!(
                "{pf}  for (int i = 0; i < c; i++) {{ if (i == 2) continue; q[i] = 0; }}"
            )),
            none
        );
        assert_eq!(
            loop_offsets(&format!("{pf}  for (int i = 0; i < c; i += 2) q[i] = 0;")),
            none
        );
        assert_eq!(
            loop_offsets(&format!("{pf}  for (int i = 0; i < c; i++) q[2 * i] = 0;")),
            none
        );
        assert_eq!(
            loop_offsets("  #pragma omp parallel\n  {\n  #pragma omp for\n  for (int i = 0; i < c; i++) q[i] = 0;\n  }"),
            none
        );
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
