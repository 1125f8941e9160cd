//! Global scalars a parallel region only reads: the region reads their value at its start.
//!
//! ompv keeps globals in memory, and a block of a region knows nothing of a memory location's
//! value unless a contract says so: `for (i = 0; i < n; i++) a[i] = …` with a global `n` and
//! `a[100]` is not provably within bounds, even where `n` is 100 when the region starts. But
//! while the region runs, no code changes a global scalar that the region's code never assigns
//! and whose address is never taken, if the region calls no function of the program (library
//! routines do not write the program's globals): the code outside the region waits for it to
//! end (OpenMP 5.2 §10.1: the encountering thread becomes the primary thread of the region's
//! team, and only it continues after the region's implied barrier). Reading the global anywhere
//! in the region then reads the value it had at the start, so the region reads a local copy
//! made just before it instead: a local of the function declared before the region, shared by
//! the team (§5.1.1) and only read, whose value is known where the function knows the global's.
//!
//! Left alone: regions with a `default(none)` clause (the copy would need a clause of its own),
//! globals named in a clause or a specification inside the region (both name variables by
//! their spelling), `threadprivate` ones, and regions that call the program's functions.

use crate::c::ast::{
    Body, Expr, ExprKind, Init, OmpBody, OmpConstruct, Origin, Stmt, StmtKind, Storage, Var, VarId,
};
use crate::c::rewrite::{self, Rewriter};
use crate::c::visit;
use crate::c::Program;
use crate::pragma::{ClauseKind, DefaultKind};
use std::collections::{BTreeMap, BTreeSet};

/// Applies the rewrite to every parallel region of every verified function.
pub fn read_only_globals(program: &mut Program) {
    let user_functions: BTreeSet<String> = program
        .functions
        .iter()
        .filter(|f| f.origin == Origin::Main)
        .map(|f| f.name.name.clone())
        .collect();
    for k in 0..program.functions.len() {
        let f = &program.functions[k];
        if f.origin != Origin::Main || !f.is_verified() {
            continue;
        }
        let name = f.name.name.clone();
        let Body::Verified(mut body) =
            std::mem::replace(&mut program.functions[k].body, Body::Prototype)
        else {
            continue;
        };
        let mut cx = Cx {
            program,
            function: name,
            user_functions: &user_functions,
        };
        cx.stmts(&mut body.stmts);
        program.functions[k].body = Body::Verified(body);
    }
}

struct Cx<'a> {
    program: &'a mut Program,
    function: String,
    user_functions: &'a BTreeSet<String>,
}

impl Cx<'_> {
    /// Finds the outermost regions in `stmts` and gives each its copies.
    fn stmts(&mut self, stmts: &mut Vec<Stmt>) {
        let mut i = 0;
        while i < stmts.len() {
            let is_region = matches!(&stmts[i].kind, StmtKind::Omp(c) if c.region.is_some());
            if !is_region {
                crate::omp::walk::for_each_block_mut(&mut stmts[i], &mut |b| {
                    self.stmts(&mut b.stmts)
                });
                i += 1;
                continue;
            }
            let copies = self.region(&mut stmts[i]);
            let span = stmts[i].span;
            let n = copies.len();
            for (k, (global, copy)) in copies.into_iter().enumerate() {
                let ty = self.program.var(global).ty.clone();
                let init = Expr {
                    kind: ExprKind::Var(global),
                    ty,
                    span,
                };
                stmts.insert(
                    i + k,
                    Stmt {
                        kind: StmtKind::Decl {
                            var: copy,
                            init: Some(Init::Expr(init)),
                        },
                        span,
                    },
                );
            }
            i += n + 1;
        }
    }

    /// Rewrites the region `s` to read copies of the global scalars it only reads; returns
    /// (global, copy) pairs.
    fn region(&mut self, s: &mut Stmt) -> Vec<(VarId, VarId)> {
        let whole = std::slice::from_ref(&*s);
        let mut calls = false;
        let mut default_none = false;
        // Variables of worksharing loops are the constructs' own (predetermined private).
        let mut loop_vars = BTreeSet::new();
        visit::each_stmt(whole, &mut |t| match &t.kind {
            StmtKind::Call { callee, .. } => {
                calls |= self.user_functions.contains(&callee.name);
            }
            StmtKind::Omp(c) => {
                default_none |= has_default_none(c);
                if let OmpBody::Loop(n) = &c.body {
                    loop_vars.extend(n.loops.iter().map(|l| l.var));
                }
            }
            _ => {}
        });
        if calls || default_none {
            return Vec::new();
        }
        let assigned = visit::assigned(whole);
        let named: BTreeSet<String> = crate::omp::names::pragma_words(whole)
            .into_iter()
            .chain(crate::omp::names::spec_names(whole))
            .collect();
        let candidates: Vec<VarId> = visit::referenced(whole)
            .into_iter()
            .filter(|v| {
                let info = self.program.var(*v);
                info.storage == Storage::Global
                    && info.ty.is_arithmetic()
                    && !loop_vars.contains(v)
                    && !info.addr_taken
                    && !info.threadprivate
                    && !assigned.contains(v)
                    && !named.contains(&info.name)
            })
            .collect();
        if candidates.is_empty() {
            return Vec::new();
        }
        // Names the copies must not take: the function's, the globals', those used inside.
        let mut taken: BTreeSet<String> = self
            .program
            .vars
            .iter()
            .filter(|v| v.function.is_none() || v.function.as_deref() == Some(&self.function))
            .map(|v| v.name.clone())
            .chain(named.iter().cloned())
            .collect();
        let mut copies = BTreeMap::new();
        for g in candidates {
            let info = self.program.var(g).clone();
            let name = crate::c::names::fresh(&mut taken, &format!("{}_at_start", info.name));
            let copy = VarId(self.program.vars.len() as u32);
            self.program.vars.push(Var {
                name,
                storage: Storage::Local,
                function: Some(self.function.clone()),
                addr_taken: false,
                threadprivate: false,
                ..info
            });
            copies.insert(g, copy);
        }
        rewrite::stmt(s, &mut Reads { copies: &copies });
        copies.into_iter().collect()
    }
}

fn has_default_none(c: &OmpConstruct) -> bool {
    c.pragma
        .clauses
        .iter()
        .any(|k| matches!(k.kind, ClauseKind::Default(DefaultKind::None)))
}

/// Replaces each global by its copy.
struct Reads<'a> {
    copies: &'a BTreeMap<VarId, VarId>,
}

impl Rewriter for Reads<'_> {
    fn expr(&mut self, e: &mut Expr) {
        if let ExprKind::Var(v) = &mut e.kind {
            if let Some(c) = self.copies.get(v) {
                *v = *c;
            }
        }
    }
}
