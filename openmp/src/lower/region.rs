//! A parallel region: its blocks lowered to [`ViperBlock`]s, its shared scalars checked, and its
//! obligations built by [`ppl::obligations::region_obligations`].
//!
//! Data of a block: the loop variable, variables declared in the body, and variables named in
//! `private` (uninitialised) or `firstprivate` (initialised from the function's value) are per
//! iteration — Viper locals of the block's method. Every other variable of the function is
//! shared and read-only in the region: a write to one in a parallel or vectorised block is a
//! data race — scalars carry no permission, so the write is found syntactically and becomes a
//! check that fails wherever the write can be reached (`assert false`, role `SharedWrite`); in a
//! sequential block (`single`, `section`) it is reported as unsupported, since nothing orders
//! such writes with the other blocks' reads in ompv's model.

use super::scope::VarKind;
use super::shared::{mentions_any, privatised, reads_memory, writes_to_outer};
use super::spec::SpecPos;
use super::{viper_type, Lowerer};
use crate::error::FrontError;
use crate::omp::{BlockBody, OmpBlock, RegionId};
use ppl::obligations::build::*;
use ppl::obligations::{
    region_obligations, BlockInfo, IterRange, RegionContract, RegionInfo, RegionInput, Role,
    ViperBlock,
};
use ppl::{BasicBlock, BlockKind};
use std::collections::HashSet;
use viper::ast::{LocalDecl, Stmt as VStmt};

impl Lowerer<'_> {
    /// Lowers region `id` where the function reaches it: its obligations are added to the
    /// program, the statements the function runs in its place to `out`.
    pub(crate) fn region(&mut self, id: RegionId, out: &mut Vec<VStmt>) -> Result<(), FrontError> {
        let program = self.program;
        let r = &program.regions[id.0];
        let visible: Vec<_> = self
            .cur
            .scope
            .visible()
            .into_iter()
            .filter(|(_, v)| matches!(v.kind, VarKind::Param | VarKind::Local))
            .collect();
        let mut args: Vec<LocalDecl> = Vec::new();
        for (_, v) in &visible {
            if let Some(ty) = viper_type(v.ty) {
                args.push(decl(&v.viper, ty, r.span));
            }
        }
        let key = self.checks.add_region(RegionInfo {
            function: self.cur.name.clone(),
            line: r.line(),
            pragma: r.pragma.span,
            contract: r.contract.as_ref().map(|c| c.span),
            names: self.cur.renamed.clone(),
        });

        // Blocks first: their lowering may rename variables the region info should know.
        let ppl = {
            let mut lower = |b: BasicBlock<OmpBlock>| self.block(b);
            r.ppl.clone().try_map_blocks(&mut lower)?
        };
        self.checks.regions[key.0 as usize].names = self.cur.renamed.clone();

        let everywhere = self.cur.everywhere.clone();
        let contract = match &r.contract {
            None => None,
            Some(c) => {
                let pre: Vec<_> = c.requires().chain(everywhere.iter()).collect();
                let post: Vec<_> = c.ensures().chain(everywhere.iter()).collect();
                Some(RegionContract {
                    pre: self.spec_clauses(pre, SpecPos::Pre)?,
                    post: self.spec_clauses(post, SpecPos::Post { result: false })?,
                })
            }
        };
        let input = RegionInput {
            key,
            prefix: format!("{}__r{}", self.method_name(&self.cur.name), r.line()),
            args,
            contract,
            ppl,
            pairs: r.pairs.clone(),
            span: r.span,
        };
        let obligations = region_obligations(&input, &mut self.cur.names, &mut self.checks)
            .map_err(|e| {
                FrontError::unsupported(
                    e.span,
                    format!("{} in an iteration contract is not supported", e.what),
                )
            })?;
        self.cur.pending.extend(obligations.members);
        out.extend(obligations.in_place);

        // Variables the region privatises have unknown values afterwards.
        for name in privatised(r) {
            let Some(var) = self.cur.scope.lookup(&name).cloned() else {
                continue;
            };
            if !matches!(var.kind, VarKind::Param | VarKind::Local) {
                continue;
            }
            let Some(ty) = viper_type(var.ty) else {
                continue;
            };
            let fresh = self.cur.names.fresh(&format!("{name}_after"));
            let at = self.checks.add(Role::Internal("havoc"), r.span);
            out.push(var_decl(&fresh, ty, None, at));
            out.push(assign(&var.viper, local(&fresh, r.span), at));
        }
        Ok(())
    }

    /// Lowers one basic block.
    fn block(&mut self, b: BasicBlock<OmpBlock>) -> Result<ViperBlock, FrontError> {
        self.cur.scope.push();
        let was = std::mem::replace(&mut self.cur.in_block, true);
        let r = self.block_in_scope(&b);
        self.cur.in_block = was;
        self.cur.scope.pop();
        r
    }

    fn block_in_scope(&mut self, b: &BasicBlock<OmpBlock>) -> Result<ViperBlock, FrontError> {
        let ob = &b.payload;
        let private: HashSet<String> = ob.private.iter().map(|i| i.name.clone()).collect();
        let firstprivate: HashSet<String> =
            ob.firstprivate.iter().map(|i| i.name.clone()).collect();

        // The iteration space, evaluated in the function's scope.
        let (iteration, var_names, code) = match &ob.body {
            BlockBody::Loop(lp) => {
                for bound in [&lp.lower, &lp.upper] {
                    if reads_memory(bound) {
                        return Err(FrontError::unsupported(
                            bound.span,
                            "a bound of a parallel loop that reads memory (only variables and \
                             constants, which the region cannot change)",
                        ));
                    }
                    if let Some(n) = mentions_any(bound, &private) {
                        return Err(FrontError::unsupported(
                            bound.span,
                            format!(
                                "a bound of a parallel loop that uses the private variable `{n}`"
                            ),
                        ));
                    }
                }
                let lo = self.c_expr(&lp.lower, super::cexpr::Want::Int)?;
                let hi = self.c_expr(&lp.upper, super::cexpr::Want::Int)?;
                let v = self.fresh_var(&lp.var.name);
                self.cur.scope.declare(
                    &lp.var.name,
                    v.clone(),
                    crate::c::Type::Int,
                    VarKind::Iteration,
                );
                (
                    Some(IterRange {
                        var: v.clone(),
                        lo,
                        hi,
                    }),
                    Some((lp.var.name.clone(), v)),
                    &lp.body,
                )
            }
            BlockBody::Code(code) => (None, None, code),
        };

        // The iteration contract (it sees the function's variables and the iteration variable).
        let everywhere = self.cur.everywhere.clone();
        let (pre, post) = match &ob.contract {
            None => (
                self.spec_clauses(everywhere.iter(), SpecPos::Pre)?,
                self.spec_clauses(everywhere.iter(), SpecPos::Post { result: false })?,
            ),
            Some(c) => {
                let pre: Vec<_> = c.requires().chain(everywhere.iter()).collect();
                let post: Vec<_> = c.ensures().chain(everywhere.iter()).collect();
                (
                    self.spec_clauses(pre, SpecPos::Pre)?,
                    self.spec_clauses(post, SpecPos::Post { result: false })?,
                )
            }
        };

        // Private data: locals of the block's method.
        let mut body = Vec::new();
        let mut owned: HashSet<String> = private.union(&firstprivate).cloned().collect();
        if let Some((c, _)) = &var_names {
            owned.insert(c.clone());
        }
        let mut declared = HashSet::new();
        for ident in ob.private.iter().chain(ob.firstprivate.iter()) {
            if !declared.insert(ident.name.clone()) {
                continue;
            }
            let Some(outer) = self.cur.scope.lookup(&ident.name).cloned() else {
                return Err(FrontError::type_error(
                    ident.span,
                    format!(
                        "`{}` in a data-sharing clause is not a variable in scope",
                        ident.name
                    ),
                ));
            };
            let Some(ty) = viper_type(outer.ty) else {
                continue;
            };
            let v = self.fresh_var(&ident.name);
            let init = firstprivate
                .contains(&ident.name)
                .then(|| local(&outer.viper, ident.span));
            let at = self
                .checks
                .add(Role::Internal("private variable"), ident.span);
            body.push(var_decl(&v, ty, init, at));
            self.cur
                .scope
                .declare(&ident.name, v, outer.ty, VarKind::Private);
        }

        // The block's description (its permissions are filled in by the obligations).
        let construct = match (&ob.body, ob.pragma.directive) {
            (BlockBody::Loop(_), _) => "the loop".to_string(),
            (_, crate::pragma::Directive::Single) => "the `single`".to_string(),
            _ => "the section".to_string(),
        };
        let key = self.checks.add_block(BlockInfo {
            name: b.name(),
            construct,
            kind: b.kind,
            line: b.line,
            pragma: ob.pragma.span,
            var: var_names,
            atoms: Vec::new(),
        });

        // Writes to shared variables: races in parallel blocks, unsupported in sequential ones.
        let mut copied = HashSet::new();
        for (name, span) in writes_to_outer(code, &owned) {
            let Some(outer) = self.cur.scope.lookup(&name).cloned() else {
                continue;
            };
            if b.kind == BlockKind::Seq {
                return Err(FrontError::unsupported(
                    span,
                    format!(
                        "writing the shared variable `{name}` in `omp {}`: ompv cannot order writes \
                         to scalars with the other threads (make it private, or write the value to \
                         an array element)",
                        ob.pragma.directive.name()
                    ),
                ));
            }
            self.cur.shared_writes.insert(span, (key, name.clone()));
            // The block works on a copy, so that the rest of its verification can go on.
            if copied.insert(name.clone()) {
                if let Some(ty) = viper_type(outer.ty) {
                    let v = self.fresh_var(&name);
                    let at = self
                        .checks
                        .add(Role::Internal("copy of a shared variable"), span);
                    body.push(var_decl(&v, ty, Some(local(&outer.viper, span)), at));
                    self.cur.scope.declare(&name, v, outer.ty, VarKind::Private);
                }
            }
        }

        self.cur.scope.push();
        let r = self.stmts(&code.stmts, false, &mut body);
        self.cur.scope.pop();
        self.cur.shared_writes.clear();
        r?;

        Ok(ViperBlock {
            key,
            iteration,
            pre,
            post,
            body: block(body, b.span),
        })
    }
}
