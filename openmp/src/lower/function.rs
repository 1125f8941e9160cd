//! A C function as a Viper method: its parameters are arguments (assigned ones get local copies,
//! since Viper arguments are read-only), its contract (with `context_everywhere`) the method's
//! specification, a return value the result `ret`. Functions that are not verified (prototypes,
//! `requires false`, `spec_ignore`) are abstract methods: calls use their contract.

use super::scope::VarKind;
use super::shared::assigned_names;
use super::spec::SpecPos;
use super::{viper_type, Lowerer};
use crate::c::{Body, Function};
use crate::error::FrontError;
use ppl::obligations::build::*;
use ppl::obligations::{ObligationKind, Owner, Role};
use std::collections::BTreeSet;
use viper::ast::{Ident, Item, Method};

impl<'p> Lowerer<'p> {
    /// Lowers `f` and appends its method (and its regions' obligations) to the program.
    pub(crate) fn function_method(&mut self, f: &'p Function) -> Result<(), FrontError> {
        self.begin_function(f);
        let span = f.span;
        let everywhere: Vec<crate::spec::Clause> = f
            .contract
            .as_ref()
            .map(|c| c.everywhere().cloned().collect())
            .unwrap_or_default();
        self.cur.everywhere = everywhere.clone();

        let mut assigned = BTreeSet::new();
        if let Body::Verified(b) = &f.body {
            assigned_names(&b.stmts, &self.program.regions, &mut assigned);
        }

        // Arguments, in a scope of their own (contracts see the values at the call).
        let mut args = Vec::new();
        for p in &f.params {
            let Some(ty) = viper_type(p.ty) else {
                return Err(FrontError::type_error(p.span, "a parameter of type `void`"));
            };
            let v = self.fresh_var(&p.name.name);
            self.cur
                .scope
                .declare(&p.name.name, v.clone(), p.ty, VarKind::Param);
            args.push(decl(&v, ty, p.span));
        }
        let mut returns = Vec::new();
        if let Some(ty) = viper_type(f.ret) {
            let r = self.cur.names.fresh("ret");
            returns.push(decl(&r, ty, f.span));
            self.cur.result = Some((r, f.ret));
        }

        let owner = Owner::Function(f.name.name.clone());
        let (pres, posts) = match &f.contract {
            None => (Vec::new(), Vec::new()),
            Some(c) => {
                let pre: Vec<_> = c.requires().chain(everywhere.iter()).collect();
                let post: Vec<_> = c.ensures().chain(everywhere.iter()).collect();
                let pres = self.spec_clauses(pre, SpecPos::Pre)?;
                let posts = self.spec_clauses(post, SpecPos::Post { result: true })?;
                (pres, posts)
            }
        };
        let pres = pres
            .into_iter()
            .map(|c| {
                respan(
                    c.expr,
                    self.checks.add(Role::Precondition(owner.clone()), c.span),
                )
            })
            .collect();
        let posts = posts
            .into_iter()
            .map(|c| {
                respan(
                    c.expr,
                    self.checks.add(Role::Postcondition(owner.clone()), c.span),
                )
            })
            .collect();

        let body = match &f.body {
            Body::Verified(b) => {
                let mut stmts = Vec::new();
                // Local copies of assigned parameters.
                self.cur.scope.push();
                for (p, a) in f.params.iter().zip(&args) {
                    if !assigned.contains(&p.name.name) {
                        continue;
                    }
                    let copy = self.fresh_var(&p.name.name);
                    let at = self.checks.add(Role::Internal("parameter copy"), p.span);
                    stmts.push(var_decl(
                        &copy,
                        a.ty.clone(),
                        Some(local(&a.name.name, p.span)),
                        at,
                    ));
                    self.cur
                        .scope
                        .declare(&p.name.name, copy, p.ty, VarKind::Param);
                }
                let r = self.stmts(&b.stmts, true, &mut stmts);
                self.cur.scope.pop();
                r?;
                Some(block(stmts, b.span))
            }
            Body::Prototype | Body::NotVerified(_) => None,
        };
        let name = self.method_name(&f.name.name);
        self.items.push(Item::Method(Method {
            name: Ident::new(name.clone(), f.name.span),
            args,
            returns,
            pres,
            posts,
            body,
            span,
        }));
        self.obligations.push((name, ObligationKind::Function));
        for o in std::mem::take(&mut self.cur.pending) {
            self.obligations.push((o.method.name.name.clone(), o.kind));
            self.items.push(Item::Method(o.method));
        }
        Ok(())
    }
}
