//! A C function as a Viper method: its parameters are arguments (assigned ones get local copies,
//! since Viper arguments are read-only; those whose address is taken live in memory), its
//! contract (with `context_everywhere`) the method's specification, a return value the result.
//! Pointer parameters point to the start of an allocation (a precondition every call checks).
//! `main` without a contract starts from the program's initial state: every global object with
//! its initial value and full permission, and `argv` readable. Functions that are not verified
//! (prototypes, `requires false`, `spec_ignore`) are abstract methods: calls use their contract.

use super::spec::SpecPos;
use super::{viper_call, Lowerer, Repr};
use crate::c::ast::*;
use crate::c::visit;
use crate::error::FrontError;
use ppl::obligations::build::*;
use ppl::obligations::{ObligationKind, Owner, Role};
use viper::ast::{BinaryOp, Expr as VExpr, Ident, Item, Method, PermLit, Type as VType};
use viper::Span;

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
        let owner = Owner::Function(f.name.name.clone());

        let assigned = match &f.body {
            Body::Verified(b) => visit::assigned(&b.stmts),
            _ => Default::default(),
        };

        // Arguments (contracts see the values at the call).
        self.cur.spec_scope.push(Vec::new());
        let mut args = Vec::new();
        let mut facts: Vec<(VExpr, Span)> = Vec::new();
        for (k, p) in f.params.iter().enumerate() {
            let interior = self.interior.contains(&(f.name.name.clone(), k));
            let info = self.program.var(p.var).clone();
            let ty = super::viper_type(&info.ty)
                .ok_or_else(|| FrontError::type_error(p.span, "a parameter of this type"))?;
            let v = self.fresh_var(p.var);
            args.push(decl(&v, ty, p.span));
            if info.ty.is_pointer() && f.origin == Origin::Main && self.needs_offsets && !interior {
                let a = local(&v, p.span);
                facts.push((super::prelude::starts_allocation(a, p.span), p.span));
            }
            self.cur.vars.insert(p.var, Repr::Local(v));
            self.spec_declare(p.var);
        }
        let mut returns = Vec::new();
        if let Some(ty) = super::viper_type(&f.ret) {
            let r = self.cur.names.fresh("ret");
            returns.push(decl(&r, ty, f.span));
            self.cur.result = Some((r, f.ret.clone()));
        }

        let mut pres: Vec<VExpr> = facts
            .into_iter()
            .map(|(e, s)| respan(e, self.checks.add(Role::Precondition(owner.clone()), s)))
            .collect();
        let mut posts = Vec::new();
        match &f.contract {
            Some(c) => {
                let pre: Vec<_> = c.requires().chain(everywhere.iter()).collect();
                let post: Vec<_> = c.ensures().chain(everywhere.iter()).collect();
                for c in self.spec_clauses(pre, SpecPos::Pre)? {
                    let at = self.checks.add_clause(
                        Role::Precondition(owner.clone()),
                        c.span,
                        c.inferred,
                    );
                    pres.push(respan(c.expr, at));
                }
                for c in self.spec_clauses(post, SpecPos::Post { result: true })? {
                    let at = self.checks.add_clause(
                        Role::Postcondition(owner.clone()),
                        c.span,
                        c.inferred,
                    );
                    posts.push(respan(c.expr, at));
                }
            }
            None if f.name.name == "main" && f.origin == Origin::Main => {
                let start = self.initial_state(f)?;
                let at = self
                    .checks
                    .add(Role::Internal("initial state"), f.name.span);
                pres.push(respan(start, at));
            }
            None => {}
        }

        let body = match &f.body {
            Body::Verified(b) => {
                let mut stmts = Vec::new();
                // Parameters that are assigned or whose address is taken get a local of their own.
                for p in &f.params {
                    let info = self.program.var(p.var).clone();
                    if !assigned.contains(&p.var) && !info.addr_taken {
                        continue;
                    }
                    let Some(Repr::Local(arg)) = self.repr(&p.var).cloned() else {
                        continue;
                    };
                    let copy = self.fresh_var(p.var);
                    if info.addr_taken {
                        self.allocate(&copy, &info.ty, false, p.span, &mut stmts)?;
                        self.cur
                            .vars
                            .insert(p.var, Repr::Memory(local(&copy, p.span)));
                        let target = Expr {
                            kind: ExprKind::Var(p.var),
                            ty: info.ty.clone(),
                            span: p.span,
                        };
                        self.store(&target, local(&arg, p.span), p.span, &mut stmts)?;
                    } else {
                        let at = self.checks.add(Role::Internal("parameter copy"), p.span);
                        let ty = super::viper_type(&info.ty).expect("a parameter type");
                        stmts.push(var_decl(&copy, ty, Some(local(&arg, p.span)), at));
                        self.cur.vars.insert(p.var, Repr::Local(copy));
                    }
                }
                self.cur.posts = posts.clone();
                // A `return` at the very end needs no early check of the postcondition.
                let (init, last) = match b.stmts.split_last() {
                    Some((
                        Stmt {
                            kind: StmtKind::Return(e),
                            span,
                        },
                        init,
                    )) => (init, Some((e, *span))),
                    _ => (b.stmts.as_slice(), None),
                };
                let r = self.scoped(|l| {
                    l.stmts(init, &mut stmts)?;
                    if let Some((Some(e), span)) = last {
                        let (res, ty) = l.cur.result.clone().ok_or_else(|| {
                            FrontError::type_error(
                                span,
                                "`return` with a value in a `void` function",
                            )
                        })?;
                        let v = l.c_value_as(e, &ty)?;
                        let at = l.checks.add(Role::Statement, span);
                        stmts.push(assign(&res, v, at));
                    }
                    Ok::<(), FrontError>(())
                });
                r?;
                Some(block(stmts, b.span))
            }
            Body::Prototype | Body::NotVerified(_) => None,
        };
        self.cur.spec_scope.pop();
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
        self.obligations.push((
            name,
            ObligationKind::Function,
            format!("function `{}`", f.name.name),
        ));
        for o in std::mem::take(&mut self.cur.pending) {
            self.obligations
                .push((o.method.name.name.clone(), o.kind, o.what.clone()));
            self.items.push(Item::Method(o.method));
        }
        Ok(())
    }

    /// The state `main` starts in: every global object with full permission and its initial
    /// value (zero unless initialised), and the strings of `argv` readable.
    fn initial_state(&mut self, f: &Function) -> Result<VExpr, FrontError> {
        let span = f.name.span;
        let mut parts = Vec::new();
        for g in &self.program.globals {
            let info = self.program.var(g.var).clone();
            let Some(Repr::Memory(obj)) = self.repr(&g.var).cloned() else {
                continue;
            };
            parts.push(self.object_perms(
                obj.clone(),
                &info.ty,
                perm_lit(PermLit::Write, span),
                span,
            )?);
            if !info.threadprivate {
                // Static storage starts as zero, except what the initialiser gives.
                parts.push(self.zero_values_except(
                    obj.clone(),
                    &info.ty,
                    g.init.as_ref(),
                    span,
                )?);
            }
            if let Some(init) = &g.init {
                parts.extend(self.initial_values(obj, &info.ty, init, span)?);
            }
        }
        // `int main(int argc, char *argv[])`.
        if let [argc, argv] = f.params.as_slice() {
            let (c, v) = (self.repr(&argc.var).cloned(), self.repr(&argv.var).cloned());
            if let (Some(Repr::Local(c)), Some(Repr::Local(v))) = (c, v) {
                let k = self.cur.names.fresh("k");
                let n = local(&c, span);
                parts.push(bin(BinaryOp::Ge, n.clone(), int(1, span), span));
                parts.push(bin(
                    BinaryOp::Ge,
                    viper_call(super::prelude::ALEN, vec![local(&v, span)], span),
                    n.clone(),
                    span,
                ));
                parts.push(forall(
                    vec![decl(&k, VType::Int, span)],
                    implies(
                        in_range(local(&k, span), int(0, span), n, span),
                        acc(
                            field(
                                viper_call(
                                    super::prelude::LOC,
                                    vec![local(&v, span), local(&k, span)],
                                    span,
                                ),
                                super::prelude::PVAL,
                                span,
                            ),
                            bin(BinaryOp::PermDiv, int(1, span), int(2, span), span),
                            span,
                        ),
                        span,
                    ),
                    span,
                ));
            }
        }
        Ok(and_all(parts, span))
    }

    /// The values an initialiser gives to (parts of) a global object: one equality per element.
    fn initial_values(
        &mut self,
        obj: VExpr,
        ty: &Type,
        init: &Init,
        span: Span,
    ) -> Result<Vec<VExpr>, FrontError> {
        let mut out = Vec::new();
        self.init_eqs(obj, ty, init, span, &mut out, &mut Vec::new())?;
        Ok(out)
    }

    fn init_eqs(
        &mut self,
        obj: VExpr,
        ty: &Type,
        init: &Init,
        span: Span,
        out: &mut Vec<VExpr>,
        path: &mut Vec<usize>,
    ) -> Result<(), FrontError> {
        match (init, ty) {
            (Init::Expr(e), t) => {
                let v = self.c_value_as(e, t)?;
                let f = self.elem_field(t, span)?.ok_or_else(|| {
                    FrontError::unsupported(span, "initialising a struct member this way")
                })?;
                // The location: rows for all but the last index.
                let mut cur = obj;
                let idx: Vec<usize> = if path.is_empty() {
                    vec![0]
                } else {
                    path.clone()
                };
                for (k, i) in idx.iter().enumerate() {
                    let name = if k + 1 == idx.len() {
                        super::prelude::LOC
                    } else {
                        super::prelude::ROW
                    };
                    cur = viper_call(name, vec![cur, int(*i as i64, span)], span);
                }
                out.push(bin(BinaryOp::Eq, field(cur, f, span), v, span));
                Ok(())
            }
            (Init::List(items), Type::Array { elem, .. }) => {
                for (k, it) in items.iter().enumerate() {
                    path.push(k);
                    self.init_eqs(obj.clone(), elem, it, span, out, path)?;
                    path.pop();
                }
                Ok(())
            }
            _ => Err(FrontError::unsupported(
                span,
                "this initialiser of a global (structs are initialised member by member in code)",
            )),
        }
    }
}
