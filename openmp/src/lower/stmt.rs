//! C statements to Viper statements.
//!
//! Locals are Viper locals (fresh names: Viper wants every name of a member to differ); objects
//! in memory are allocated where they are declared. Loops are `while` loops with their
//! `loop_invariant`s (and the function's `context_everywhere`); the statements that compute a
//! loop's condition run before each test. `break` and `continue` set flags: the statements after
//! one that may complete abruptly run only while no flag is set, and a loop stops when its
//! `break` flag is set. `return` checks the function's postcondition where it stands and ends
//! the path (as if it jumped to the end). Calls are method calls (modular, by the callee's
//! contract).

use super::value::Place;
use super::{Lowerer, Repr};
use crate::c::ast::*;
use crate::error::FrontError;
use crate::spec::Contract;
use ppl::obligations::build::*;
use ppl::obligations::Role;
use viper::ast::{Block as VBlock, Expr as VExpr, Stmt as VStmt, StmtKind as VKind, Type as VType};
use viper::Span;

impl Lowerer<'_> {
    /// Lowers a statement list in the current scope.
    pub(crate) fn stmts(&mut self, ss: &[Stmt], out: &mut Vec<VStmt>) -> Result<(), FrontError> {
        for (k, s) in ss.iter().enumerate() {
            self.stmt(s, out)?;
            if k + 1 < ss.len() && self.may_exit(s) {
                // The rest runs only if `s` did not break, continue or return.
                let guard = self.no_exit(s.span);
                let mut rest = Vec::new();
                self.stmts(&ss[k + 1..], &mut rest)?;
                if let Some(g) = guard {
                    let at = self
                        .checks
                        .add(Role::Internal("after an early exit"), s.span);
                    out.push(stmt(
                        VKind::If {
                            cond: respan(g, at),
                            then: block(rest, s.span),
                            els: None,
                        },
                        at,
                    ));
                } else {
                    out.extend(rest);
                }
                return Ok(());
            }
        }
        Ok(())
    }

    /// A block in a scope of its own.
    pub(crate) fn scoped_block(&mut self, ss: &[Stmt], span: Span) -> Result<VBlock, FrontError> {
        let mut v = Vec::new();
        self.scoped(|l| l.stmts(ss, &mut v))?;
        Ok(block(v, span))
    }

    /// Whether `s` may break/continue the current loop.
    fn may_exit(&self, s: &Stmt) -> bool {
        fn walk(s: &Stmt, in_inner_loop: bool) -> bool {
            match &s.kind {
                StmtKind::Break | StmtKind::Continue => !in_inner_loop,
                StmtKind::Loop { body, .. } => body.stmts.iter().any(|x| walk(x, true)),
                _ => {
                    let mut any = false;
                    s.for_each_block(&mut |b| {
                        any |= b.stmts.iter().any(|x| walk(x, in_inner_loop))
                    });
                    any
                }
            }
        }
        walk(s, false)
    }

    /// `!brk && !cnt` for the flags in force (`None` if there are none).
    fn no_exit(&self, span: Span) -> Option<VExpr> {
        let mut parts = Vec::new();
        if let Some((b, c)) = self.cur.flags.loops.last() {
            for f in [b, c].into_iter().flatten() {
                parts.push(not(local(f, span), span));
            }
        }
        if parts.is_empty() {
            None
        } else {
            Some(and_all(parts, span))
        }
    }

    fn stmt(&mut self, s: &Stmt, out: &mut Vec<VStmt>) -> Result<(), FrontError> {
        let span = s.span;
        match &s.kind {
            StmtKind::Decl { var, init } => self.decl(*var, init.as_ref(), span, out)?,
            StmtKind::Assign { target, value } => {
                let v = self.c_value_as(value, &target.ty)?;
                self.store(target, v, span, out)?;
            }
            StmtKind::Call {
                target,
                callee,
                args,
            } => self.call_stmt(target.as_ref(), callee, args, span, out)?,
            StmtKind::Alloc {
                target,
                elem,
                count,
                zeroed,
            } => {
                let name = self.cur.names.fresh("alloc");
                let n = self.c_value_as(count, &Type::SIZE_T)?;
                let ty = Type::Array {
                    elem: Box::new(elem.clone()),
                    len: crate::c::types::ArrayLen::Var(Box::new(count.clone())),
                };
                let _ = n;
                self.allocate(&name, &ty, *zeroed, span, out)?;
                self.store(target, local(&name, span), span, out)?;
            }
            StmtKind::Free(p) => self.free(p, span, out)?,
            StmtKind::MemSet {
                target,
                count,
                zero,
            } => self.memset(target, count.as_ref(), *zero, span, out)?,
            StmtKind::MemCpy { dst, src, count } => {
                self.memcpy(dst, src, count.as_ref(), span, out)?
            }
            StmtKind::CAssert(e) => {
                let c = self.c_truth(e)?;
                let at = self.checks.add(Role::Assert, span);
                out.push(stmt(VKind::Assert(respan(c, at)), at));
            }
            StmtKind::If { cond: c, then, els } => {
                let c = self.condition(c)?;
                let then = self.scoped_block(&then.stmts, then.span)?;
                let els = match els {
                    Some(b) => Some(self.scoped_block(&b.stmts, b.span)?),
                    None => None,
                };
                let at = self.checks.add(Role::Statement, span);
                out.push(stmt(VKind::If { cond: c, then, els }, at));
            }
            StmtKind::Loop {
                kind,
                init,
                cond_pre,
                cond: c,
                step,
                spec,
                body,
            } => {
                self.scoped(|l| {
                    l.loop_stmt(
                        *kind,
                        init,
                        cond_pre,
                        c.as_ref(),
                        step,
                        spec.as_ref(),
                        body,
                        span,
                        out,
                    )
                })?;
            }
            StmtKind::Break | StmtKind::Continue => {
                let Some((b, c)) = self.cur.flags.loops.last().cloned() else {
                    return Err(FrontError::type_error(
                        span,
                        "`break`/`continue` outside a loop",
                    ));
                };
                let flag = if s.kind == StmtKind::Break { b } else { c };
                let flag = flag.expect("a flag for every break/continue of the loop");
                let at = self.checks.add(Role::Statement, span);
                out.push(assign(&flag, bool_lit(true, at), at));
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    let Some((res, ty)) = self.cur.result.clone() else {
                        return Err(FrontError::type_error(
                            span,
                            "`return` with a value in a `void` function",
                        ));
                    };
                    let v = self.c_value_as(e, &ty)?;
                    let at = self.checks.add(Role::Statement, span);
                    out.push(assign(&res, v, at));
                }
                // The postcondition holds here (one exhale: its clauses read the state before any
                // permission leaves), and the function ends.
                let posts = self.cur.posts.clone();
                if !posts.is_empty() {
                    let owner = ppl::obligations::Owner::Function(self.cur.name.clone());
                    let at = self.checks.add(Role::Postcondition(owner), span);
                    out.push(stmt(VKind::Exhale(respan(and_all(posts, at), at)), at));
                }
                let at = self.checks.add(Role::Internal("end of the function"), span);
                out.push(stmt(VKind::Inhale(bool_lit(false, at)), at));
            }
            StmtKind::Block(b) => {
                self.scoped(|l| l.stmts(&b.stmts, out))?;
            }
            StmtKind::Assert(e) => {
                let a = self.assertion(e, super::spec::SpecPos::Code)?;
                let at = self.checks.add(Role::Assert, span);
                out.push(stmt(VKind::Assert(respan(a, at)), at));
            }
            // Code between `spec_ignore {` and `spec_ignore }` is excluded from verification
            // at the user's request.
            StmtKind::SpecIgnored => {}
            StmtKind::Omp(c) => self.omp_stmt(c, span, out)?,
        }
        Ok(())
    }

    /// A declaration: a Viper local, or an allocation for an object in memory.
    fn decl(
        &mut self,
        var: VarId,
        init: Option<&Init>,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let info = self.program.var(var).clone();
        let name = self.fresh_var(var);
        if info.in_memory() {
            let zero = matches!(init, Some(Init::List(_)));
            self.allocate(&name, &info.ty, zero, span, out)?;
            self.cur.vars.insert(var, Repr::Memory(local(&name, span)));
            self.spec_declare(var);
            if let Some(i) = init {
                let obj = Expr {
                    kind: ExprKind::Var(var),
                    ty: info.ty.clone(),
                    span,
                };
                self.initialise(&obj, i, span, out)?;
            }
            return Ok(());
        }
        let Some(vty) = super::viper_type(&info.ty) else {
            return Err(FrontError::type_error(span, "a variable of this type"));
        };
        let init_v = match init {
            Some(Init::Expr(e)) => Some(self.c_value_as(e, &info.ty)?),
            Some(Init::List(items)) => match items.as_slice() {
                [Init::Expr(e)] => Some(self.c_value_as(e, &info.ty)?),
                _ => return Err(FrontError::type_error(span, "a list initialising a scalar")),
            },
            None => None,
        };
        let at = self.checks.add(Role::Statement, span);
        out.push(var_decl(&name, vty, init_v, at));
        if init.is_none() && info.ty.is_unsigned() {
            // An unsigned variable never holds a negative value.
            let at = self.checks.add(Role::Internal("unsigned"), span);
            out.push(stmt(
                VKind::Inhale(bin(
                    viper::ast::BinaryOp::Ge,
                    local(&name, span),
                    int(0, span),
                    at,
                )),
                at,
            ));
        }
        self.cur.vars.insert(var, Repr::Local(name));
        self.spec_declare(var);
        Ok(())
    }

    /// Stores the values of an initialiser list into the object `obj` (already zeroed).
    pub(crate) fn initialise(
        &mut self,
        obj: &Expr,
        init: &Init,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        match init {
            Init::Expr(e) => {
                let v = self.c_value_as(e, &obj.ty)?;
                self.store(obj, v, span, out)
            }
            Init::List(items) => {
                let elem_ty = match &obj.ty {
                    Type::Array { elem, .. } => Some((**elem).clone()),
                    _ => None,
                };
                for (k, it) in items.iter().enumerate() {
                    // Zeros are there already.
                    if let Init::Expr(e) = it {
                        if crate::c::constant::eval_const(e) == Some(0) {
                            continue;
                        }
                    }
                    let target = match (&elem_ty, &obj.ty) {
                        (Some(t), _) => Expr {
                            kind: ExprKind::Index {
                                base: Box::new(obj.clone()),
                                index: Box::new(Expr {
                                    kind: ExprKind::Int(k as i128),
                                    ty: Type::INT,
                                    span,
                                }),
                            },
                            ty: t.clone(),
                            span,
                        },
                        (None, Type::Struct(id)) => {
                            let def = &self.program.structs[id.0 as usize];
                            Expr {
                                kind: ExprKind::Member {
                                    base: Box::new(obj.clone()),
                                    field: k,
                                },
                                ty: def.fields[k].ty.clone(),
                                span,
                            }
                        }
                        _ => return Err(FrontError::type_error(span, "a list initialiser here")),
                    };
                    self.initialise(&target, it, span, out)?;
                }
                Ok(())
            }
        }
    }

    /// `target := v`.
    pub(crate) fn store(
        &mut self,
        target: &Expr,
        v: VExpr,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let at = self.checks.add(Role::Statement, span);
        match self.place(target)? {
            Place::Local(n) => out.push(assign(&n, v, at)),
            Place::Field(f) => out.push(stmt(
                VKind::FieldAssign {
                    target: f,
                    value: v,
                },
                at,
            )),
        }
        Ok(())
    }

    /// A condition (`if`/`while`), checked where it is evaluated.
    fn condition(&mut self, c: &Expr) -> Result<VExpr, FrontError> {
        let v = self.c_truth(c)?;
        Ok(respan(v, self.checks.add(Role::Condition, c.span)))
    }

    #[allow(clippy::too_many_arguments)]
    fn loop_stmt(
        &mut self,
        kind: LoopKind,
        init: &[Stmt],
        cond_pre: &[Stmt],
        c: Option<&Expr>,
        step: &[Stmt],
        spec: Option<&Contract>,
        body: &Block,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        self.stmts(init, out)?;
        let internal = |l: &mut Self, what| l.checks.add(Role::Internal(what), span);
        // Flags of this loop, if its body breaks or continues it.
        let (has_brk, has_cnt) = exits(&body.stmts);
        let brk = has_brk.then(|| self.cur.names.fresh("break"));
        let cnt = has_cnt.then(|| self.cur.names.fresh("continue"));
        for f in [&brk, &cnt].into_iter().flatten() {
            let at = internal(self, "loop flag");
            out.push(var_decl(f, VType::Bool, Some(bool_lit(false, at)), at));
        }
        // The condition: evaluated in Viper's loop guard, or (if computing it takes statements)
        // kept in a variable updated before every test.
        let keep = !cond_pre.is_empty() || kind == LoopKind::DoWhile;
        let cvar = self.cur.names.fresh("cond");
        let test = |l: &mut Self, out: &mut Vec<VStmt>| -> Result<VExpr, FrontError> {
            l.stmts(cond_pre, out)?;
            Ok(match c {
                Some(c) => l.condition(c)?,
                None => bool_lit(true, span),
            })
        };
        if keep {
            let at = internal(self, "loop condition");
            let first = if kind == LoopKind::DoWhile {
                bool_lit(true, at)
            } else {
                test(self, out)?
            };
            out.push(var_decl(&cvar, VType::Bool, Some(first), at));
        }
        let saved = std::mem::take(&mut self.cur.flags.loops);
        self.cur.flags.loops = saved.clone();
        self.cur.flags.loops.push((brk.clone(), cnt.clone()));
        let mut invariants = self.invariants(spec)?;
        self.frame_unchanged(init, cond_pre, c, step, body, &mut invariants, span, out)?;
        let mut code = body.stmts.clone();
        code.extend(cond_pre.iter().cloned());
        code.extend(step.iter().cloned());
        self.frame_permuted(&code, &mut invariants, span, out)?;
        let mut b = Vec::new();
        if let Some(cnt) = &cnt {
            let at = internal(self, "loop flag");
            b.push(assign(cnt, bool_lit(false, at), at));
        }
        let r = self.scoped(|l| l.stmts(&body.stmts, &mut b));
        self.cur.flags.loops = saved;
        r?;
        // After the body (also after `continue`): the step and the next test, unless the loop
        // was left.
        let mut tail = Vec::new();
        self.stmts(step, &mut tail)?;
        if keep {
            let t = test(self, &mut tail)?;
            let at = internal(self, "loop condition");
            tail.push(assign(&cvar, t, at));
        }
        let mut left = Vec::new();
        if let Some(brk) = &brk {
            left.push(not(local(brk, span), span));
        }
        let stay = and_all(left.clone(), span);
        if !tail.is_empty() {
            if left.is_empty() {
                b.extend(tail);
            } else {
                let at = internal(self, "loop step");
                b.push(stmt(
                    VKind::If {
                        cond: stay.clone(),
                        then: block(tail, span),
                        els: None,
                    },
                    at,
                ));
            }
        }
        let c = if keep {
            local(&cvar, span)
        } else {
            match c {
                Some(c) => self.condition(c)?,
                None => bool_lit(true, span),
            }
        };
        let guard = if left.is_empty() {
            c
        } else {
            and(stay, c, span)
        };
        let at = self.checks.add(Role::Statement, span);
        out.push(stmt(
            VKind::While {
                cond: guard,
                invariants,
                body: block(b, body.span),
            },
            at,
        ));
        Ok(())
    }

    /// The invariants of a loop: its `loop_invariant`s and the function's `context_everywhere`.
    fn invariants(&mut self, spec: Option<&Contract>) -> Result<Vec<VExpr>, FrontError> {
        let everywhere = self.cur.everywhere.clone();
        let mut clauses: Vec<&crate::spec::Clause> =
            spec.map(|c| c.invariants().collect()).unwrap_or_default();
        clauses.extend(everywhere.iter());
        let lowered = self.spec_clauses(clauses, super::spec::SpecPos::Code)?;
        Ok(lowered
            .into_iter()
            .map(|c| {
                respan(
                    c.expr,
                    self.checks
                        .add_clause(Role::LoopInvariant, c.span, c.inferred),
                )
            })
            .collect())
    }
}

/// Whether a loop body breaks or continues its loop (not an inner one).
fn exits(ss: &[Stmt]) -> (bool, bool) {
    let (mut b, mut c) = (false, false);
    fn walk(ss: &[Stmt], b: &mut bool, c: &mut bool) {
        for s in ss {
            match &s.kind {
                StmtKind::Break => *b = true,
                StmtKind::Continue => *c = true,
                StmtKind::Loop { .. } => {}
                _ => s.for_each_block(&mut |blk| walk(&blk.stmts, b, c)),
            }
        }
    }
    walk(ss, &mut b, &mut c);
    (b, c)
}
