//! The reads a task's `firstprivate` clause makes when the task is generated (OpenMP 5.2
//! §5.4.4, §12.5: each copy is initialised from the original when the task's data environment
//! is built, by the thread that generates it; `semantics::openmp` realises them
//! [`AtCreation`](crate::semantics::openmp::Realised::AtCreation)). They become reads in the
//! generating code, where the task is generated, so that they race with what writes the
//! original at the same time — a `master` or `single nowait` elsewhere, say — and with nothing
//! the generating code does afterwards (the task has its copy by then).
//!
//! - A `task`: `T ompv_copy = x;` (a `memcpy` into a fresh array for an array) right before
//!   the construct.
//! - The tasks of a loop (`omp::tasking::task_loops` made them one construct over the loop, followed by
//!   the generating loop with an empty body): the reads go into that loop's body, which runs
//!   beside the tasks, since each task's copy is made after the tasks before it were generated.
//! - A `taskloop`: before the construct, which generates all its tasks when it is met. A task
//!   of the same `taskloop` could still write the original through a pointer while a later
//!   task is generated; an original whose address is taken, or an array, is `unsupported`
//!   there.
//!
//! Runs after `omp::tasking::task_loops` and before the regions are built.

use crate::c::ast::*;
use crate::c::Program;
use crate::error::FrontError;
use crate::pragma::{Directive, Pragma};
use crate::semantics::openmp::{clause_rule, read_at_start, Realised};
use viper::Span;

/// The name of the copies (made unique in their function).
const COPY: &str = "ompv_copy";

/// Inserts the creation reads of every task of every verified function of `program`.
pub fn insert(program: &mut Program) -> Result<(), FrontError> {
    let mut functions = std::mem::take(&mut program.functions);
    let mut result = Ok(());
    let globals: Vec<VarId> = program.globals.iter().map(|g| g.var).collect();
    for f in &mut functions {
        let Body::Verified(b) = &mut f.body else {
            continue;
        };
        let mut scope: Vec<VarId> = globals.clone();
        scope.extend(f.params.iter().map(|p| p.var));
        let mut cx = Cx {
            program,
            function: &f.name.name,
        };
        if let Err(e) = cx.stmts(&mut b.stmts, &mut scope) {
            result = result.and(Err(e));
        }
    }
    program.functions = functions;
    result
}

struct Cx<'a> {
    program: &'a mut Program,
    function: &'a str,
}

impl Cx<'_> {
    /// `scope`: the variables visible where `stmts` start, innermost last.
    fn stmts(&mut self, stmts: &mut Vec<Stmt>, scope: &mut Vec<VarId>) -> Result<(), FrontError> {
        let mark = scope.len();
        let mut i = 0;
        while i < stmts.len() {
            let mut before: Vec<Stmt> = Vec::new();
            match &mut stmts[i].kind {
                StmtKind::Decl { var, .. } => scope.push(*var),
                StmtKind::Omp(c) if c.pragma.directive == Directive::Task => {
                    before = self.reads(&c.pragma, scope, false)?;
                }
                StmtKind::Omp(c) if c.pragma.directive == Directive::Taskloop => {
                    before = self.reads(&c.pragma, scope, true)?;
                }
                StmtKind::Block(b) if tasks_of_loop(&b.stmts) => {
                    let reads = match &b.stmts[0].kind {
                        StmtKind::Omp(c) => {
                            // (In the generating loop's body, where its variable is in scope.)
                            let mut inner = scope.clone();
                            if let OmpBody::Loop(n) = &c.body {
                                inner.extend(n.loops.iter().map(|l| l.var));
                            }
                            self.reads(&c.pragma, &inner, false)?
                        }
                        _ => unreachable!("checked by tasks_of_loop"),
                    };
                    if let StmtKind::Loop { body, .. } = &mut b.stmts[1].kind {
                        body.stmts.extend(reads);
                    }
                    // The tasks' own code (the task construct itself is done).
                    self.nested(&mut b.stmts[0], scope)?;
                    i += 1;
                    continue;
                }
                _ => {}
            }
            self.nested(&mut stmts[i], scope)?;
            let n = before.len();
            for (k, s) in before.into_iter().enumerate() {
                stmts.insert(i + k, s);
            }
            i += n + 1;
        }
        scope.truncate(mark);
        Ok(())
    }

    /// The statements nested in `s`, with what `s` declares for them in scope.
    fn nested(&mut self, s: &mut Stmt, scope: &mut Vec<VarId>) -> Result<(), FrontError> {
        let mark = scope.len();
        let result = match &mut s.kind {
            StmtKind::If { then, els, .. } => {
                self.stmts(&mut then.stmts, scope)?;
                match els {
                    Some(e) => self.stmts(&mut e.stmts, scope),
                    None => Ok(()),
                }
            }
            StmtKind::Loop { init, body, .. } => {
                for x in init.iter() {
                    if let StmtKind::Decl { var, .. } = x.kind {
                        scope.push(var);
                    }
                }
                self.stmts(&mut body.stmts, scope)
            }
            StmtKind::Block(b) => self.stmts(&mut b.stmts, scope),
            StmtKind::Omp(c) => match &mut c.body {
                OmpBody::Block { body, .. } => self.stmts(&mut body.stmts, scope),
                OmpBody::Loop(n) => {
                    scope.extend(n.loops.iter().filter(|l| l.declares_var).map(|l| l.var));
                    self.stmts(&mut n.body.stmts, scope)
                }
                OmpBody::Sections(ss) => {
                    for sec in ss.iter_mut() {
                        self.stmts(&mut sec.body.stmts, scope)?;
                    }
                    Ok(())
                }
                OmpBody::None => Ok(()),
            },
            _ => Ok(()),
        };
        scope.truncate(mark);
        result
    }

    /// The reads of the originals of the items task construct `p` copies when it generates
    /// a task (`taskloop`: all of them, when it is met).
    fn reads(
        &mut self,
        p: &Pragma,
        scope: &[VarId],
        taskloop: bool,
    ) -> Result<Vec<Stmt>, FrontError> {
        let mut out = Vec::new();
        for c in &p.clauses {
            if clause_rule(&c.kind).and_then(|r| r.on_task) != Some(Realised::AtCreation) {
                continue;
            }
            for item in read_at_start(c) {
                let Some(v) = scope
                    .iter()
                    .rev()
                    .copied()
                    .find(|v| self.program.var(*v).name == item.base.name)
                else {
                    return Err(FrontError::unsupported(
                        item.span,
                        format!(
                            "`{}` in `firstprivate`: no variable of that name is in scope here",
                            item.base.name
                        ),
                    ));
                };
                let var = self.program.var(v).clone();
                if taskloop && var.in_memory() && !matches!(var.storage, Storage::Global) {
                    return Err(FrontError::unsupported(
                        item.span,
                        format!(
                            "`{}` in `firstprivate` on `taskloop`: a task of the construct could \
                             write the original through its address while a later task copies it",
                            var.name
                        ),
                    ));
                }
                out.push(self.read(v, &var, c.span));
            }
        }
        Ok(out)
    }

    /// A statement reading the whole object of `v` into a fresh local.
    fn read(&mut self, v: VarId, var: &Var, at: Span) -> Stmt {
        let name =
            crate::omp::tasking::task_branches::fresh_name(self.program, self.function, COPY);
        let copy = self
            .program
            .new_var(Var::local(name, var.ty.clone(), self.function, at));
        let of = |v: VarId| Expr {
            kind: ExprKind::Var(v),
            ty: var.ty.clone(),
            span: at,
        };
        let kind = if matches!(var.ty, Type::Array { .. }) {
            StmtKind::MemCpy {
                dst: of(copy),
                src: of(v),
                count: None,
            }
        } else {
            StmtKind::Decl {
                var: copy,
                init: Some(Init::Expr(of(v))),
            }
        };
        let mut out = vec![Stmt { kind, span: at }];
        if matches!(var.ty, Type::Array { .. }) {
            out.insert(
                0,
                Stmt {
                    kind: StmtKind::Decl {
                        var: copy,
                        init: None,
                    },
                    span: at,
                },
            );
        }
        Stmt {
            kind: StmtKind::Block(Block {
                stmts: out,
                span: at,
            }),
            span: at,
        }
    }
}

/// Whether `stmts` are what `omp::tasking::task_loops` makes of a loop of tasks: a task construct over
/// the loop nest, then the generating loop with an empty body.
fn tasks_of_loop(stmts: &[Stmt]) -> bool {
    match stmts {
        [first, second] => {
            matches!(&first.kind, StmtKind::Omp(c)
                if c.pragma.directive == Directive::Task && matches!(c.body, OmpBody::Loop(_)))
                && matches!(&second.kind, StmtKind::Loop { body, .. } if body.stmts.is_empty())
        }
        _ => false,
    }
}
