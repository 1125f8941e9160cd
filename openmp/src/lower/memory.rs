//! Objects in memory: the fields of element and member values, the permissions and facts of a
//! whole object, allocation, global variables, and which pointer variables always hold the start
//! of an allocation (their elements are `loc(p, i)`; other pointers' are
//! `loc(pbase(p), poff(p) + i)`).

use super::prelude::{self, array_type, ALEN, LOC, PBASE, POFF, ROW};
use super::{unique, viper_call, Lowerer};
use crate::c::ast::*;
use crate::c::visit;
use crate::c::Program;
use crate::error::FrontError;
use ppl::obligations::build::*;
use ppl::obligations::Role;
use std::collections::HashSet;
use viper::ast::{
    Axiom, BinaryOp, Domain, DomainFunction, Expr as VExpr, Field, Ident, Item, LocalDecl,
    Stmt as VStmt, StmtKind as VKind, Type as VType,
};
use viper::Span;

/// One location of an element (see [`Lowerer::elem_atoms`]).
#[derive(Clone, Debug)]
pub(crate) struct Atom {
    pub vars: Vec<LocalDecl>,
    pub guards: Vec<VExpr>,
    /// A field location `r.f`.
    pub loc: VExpr,
    /// The C type of its values.
    pub ty: Type,
}

impl Lowerer<'_> {
    /// The field holding an element of type `ty` (`None` for structs, whose members are fields of
    /// the element's reference, and for arrays).
    pub(crate) fn elem_field(
        &self,
        ty: &Type,
        span: Span,
    ) -> Result<Option<&'static str>, FrontError> {
        Ok(match ty {
            Type::Bool | Type::Int { .. } => Some(prelude::VAL),
            Type::Float(_) => Some(prelude::FVAL),
            Type::Ptr(_) => Some(prelude::PVAL),
            Type::Struct(_) | Type::Array { .. } => None,
            Type::Void | Type::Func => {
                return Err(FrontError::type_error(span, "an object of type void"))
            }
        })
    }

    /// The locations of one element of type `ty` whose reference is `r`: its field for a
    /// scalar, the field of every modelled member for a struct. Each comes with the index
    /// variables it ranges over and their bounds (none yet: members are scalars).
    pub(crate) fn elem_atoms(
        &mut self,
        r: VExpr,
        ty: &Type,
        span: Span,
    ) -> Result<Vec<Atom>, FrontError> {
        Ok(match ty {
            Type::Struct(id) => {
                let def = self.program.structs[id.0 as usize].clone();
                let mut out = Vec::new();
                for (k, m) in def.fields.iter().enumerate() {
                    if self.struct_fields.contains_key(&(*id, k)) {
                        out.push(Atom {
                            vars: Vec::new(),
                            guards: Vec::new(),
                            loc: field(r.clone(), &self.member_field(*id, k), span),
                            ty: m.ty.clone(),
                        });
                    } else if let Some(arr) = self.member_array(*id, k, r.clone(), span) {
                        out.extend(self.array_atoms(arr, &m.ty, span)?);
                    }
                }
                out
            }
            Type::Array { .. } => {
                return Err(FrontError::unsupported(
                    span,
                    "an element of array type here (name its elements)",
                ))
            }
            t => match self.elem_field(t, span)? {
                Some(f) => vec![Atom {
                    vars: Vec::new(),
                    guards: Vec::new(),
                    loc: field(r, f, span),
                    ty: t.clone(),
                }],
                None => Vec::new(),
            },
        })
    }

    /// The locations of every element of the array object `obj` of type `ty` (constant
    /// lengths), over one index variable per dimension.
    pub(crate) fn array_atoms(
        &mut self,
        obj: VExpr,
        ty: &Type,
        span: Span,
    ) -> Result<Vec<Atom>, FrontError> {
        let mut vars = Vec::new();
        let mut guards = Vec::new();
        let mut cur = obj;
        let mut t = ty.clone();
        while let Type::Array { elem, .. } = &t {
            let n = self.length(&t, span)?;
            let k = self.cur.names.fresh("k");
            guards.push(in_range(local(&k, span), int(0, span), n, span));
            vars.push(decl(&k, VType::Int, span));
            let elem = (**elem).clone();
            cur = if let Type::Array { .. } = elem {
                viper_call(ROW, vec![cur, local(&k, span)], span)
            } else {
                viper_call(LOC, vec![cur, local(&k, span)], span)
            };
            t = elem;
        }
        let mut out = self.elem_atoms(cur, &t, span)?;
        for a in &mut out {
            let mut v = vars.clone();
            v.append(&mut a.vars);
            a.vars = v;
            let mut g = guards.clone();
            g.append(&mut a.guards);
            a.guards = g;
        }
        Ok(out)
    }

    /// `acc(atom, perm)` for every atom, quantified over its index variables (and `outer`, with
    /// its guard, if given).
    pub(crate) fn atoms_perm(
        atoms: Vec<Atom>,
        outer: Option<(LocalDecl, VExpr)>,
        perm: VExpr,
        span: Span,
    ) -> VExpr {
        if atoms.is_empty() {
            return bool_lit(true, span);
        }
        and_all(
            atoms.into_iter().map(|a| {
                let mut vars = Vec::new();
                let mut guards = Vec::new();
                if let Some((k, g)) = &outer {
                    vars.push(k.clone());
                    guards.push(g.clone());
                }
                vars.extend(a.vars);
                guards.extend(a.guards);
                let body = acc(a.loc, perm.clone(), span);
                if vars.is_empty() {
                    body
                } else {
                    forall(vars, implies(and_all(guards, span), body, span), span)
                }
            }),
            span,
        )
    }

    /// The Viper field of member `k` of struct `id`.
    pub(crate) fn member_field(&self, id: StructId, k: usize) -> String {
        self.struct_fields
            .get(&(id, k))
            .cloned()
            .unwrap_or_else(|| format!("member{k}"))
    }

    /// Declares one Viper field per struct member of scalar type; a member of array type (of
    /// constant lengths, scalars or structs inside) is an allocation of its own, given by a
    /// domain function of the struct object's reference: injective (each struct has its own),
    /// its own base, of the member's lengths. Members of struct type are not modelled (using
    /// them is an error where it happens). The opaque types of ompv's own headers (`FILE`,
    /// `omp_lock_t`: names starting with `__ompv_`) have no members a program can name, so they
    /// get no fields.
    pub(crate) fn declare_structs(&mut self) {
        let s = Span::DUMMY;
        let mut functions = Vec::new();
        let mut arrays = Vec::new();
        for (i, st) in self.program.structs.iter().enumerate() {
            if st.name.starts_with("__ompv_") {
                continue;
            }
            for (k, f) in st.fields.iter().enumerate() {
                let id = (StructId(i as u32), k);
                if let Type::Array { .. } = f.ty {
                    if !constant_lengths(&f.ty) {
                        continue;
                    }
                    let name = unique(&format!("{}_{}", st.name, f.name), &mut self.globals);
                    let owner = unique(&format!("{name}_owner"), &mut self.globals);
                    functions.push(DomainFunction {
                        name: Ident::new(name.clone(), s),
                        args: vec![viper::ast::DomainFunctionArg {
                            name: Some(Ident::new("r", s)),
                            ty: VType::Ref,
                            span: s,
                        }],
                        ret: array_type(),
                        unique: false,
                        span: s,
                    });
                    functions.push(DomainFunction {
                        name: Ident::new(owner.clone(), s),
                        args: vec![viper::ast::DomainFunctionArg {
                            name: Some(Ident::new("a", s)),
                            ty: array_type(),
                            span: s,
                        }],
                        ret: VType::Ref,
                        unique: false,
                        span: s,
                    });
                    self.member_arrays.insert(id, name.clone());
                    arrays.push((name, owner, f.ty.clone()));
                    continue;
                }
                let Some(ty) = super::viper_type(&f.ty) else {
                    continue;
                };
                let name = unique(&format!("{}_{}", st.name, f.name), &mut self.globals);
                self.struct_fields.insert(id, name.clone());
                self.checks
                    .member_names
                    .insert(name.clone(), f.name.clone());
                self.items.push(Item::Field(Field {
                    name: Ident::new(name, s),
                    ty,
                    span: s,
                }));
            }
        }
        if functions.is_empty() {
            return;
        }
        let mut axioms = Vec::new();
        for (name, owner, ty) in arrays {
            let rn = self.cur.names.fresh("r");
            let r = || local(&rn, s);
            let arr = viper_call(&name, vec![r()], s);
            let Ok(shape) = self.shape_facts(arr.clone(), &ty, s) else {
                continue;
            };
            let back = and(
                bin(
                    BinaryOp::Eq,
                    viper_call(&owner, vec![arr.clone()], s),
                    r(),
                    s,
                ),
                bin(
                    BinaryOp::Ne,
                    arr.clone(),
                    viper_call(prelude::NULL, Vec::new(), s),
                    s,
                ),
                s,
            );
            axioms.push(Axiom {
                name: Some(Ident::new(format!("{name}_member"), s)),
                expr: forall_trig(
                    vec![decl(&rn, VType::Ref, s)],
                    vec![arr],
                    and(back, shape, s),
                    s,
                ),
                span: s,
            });
        }
        let dname = unique("Members", &mut self.globals);
        self.items.push(Item::Domain(Domain {
            name: Ident::new(dname, s),
            type_params: Vec::new(),
            functions,
            axioms,
            span: s,
        }));
    }

    /// The array of member `k` (of array type) of the struct object at reference `r`.
    pub(crate) fn member_array(
        &self,
        id: StructId,
        k: usize,
        r: VExpr,
        span: Span,
    ) -> Option<VExpr> {
        self.member_arrays
            .get(&(id, k))
            .map(|f| viper_call(f, vec![r], span))
    }

    /// Every global (and `static` local) object: a constant allocation of the domain `Globals`.
    pub(crate) fn declare_globals(&mut self) {
        let s = Span::DUMMY;
        let mut functions = Vec::new();
        let mut axioms = Vec::new();
        for g in &self.program.globals {
            let var = self.program.var(g.var);
            let name = unique(&format!("global_{}", var.name), &mut self.globals);
            functions.push(DomainFunction {
                name: Ident::new(name.clone(), s),
                args: Vec::new(),
                ret: array_type(),
                unique: false,
                span: s,
            });
            let obj = viper_call(&name, Vec::new(), s);
            if let Ok(facts) = self.static_facts(obj, &var.ty) {
                axioms.push(Axiom {
                    name: Some(Ident::new(format!("{name}_shape"), s)),
                    expr: facts,
                    span: s,
                });
            }
            self.global_objs.insert(g.var, name);
        }
        if functions.is_empty() {
            return;
        }
        let dname = unique("Globals", &mut self.globals);
        self.items.push(Item::Domain(Domain {
            name: Ident::new(dname, s),
            type_params: Vec::new(),
            functions,
            axioms,
            span: s,
        }));
    }

    /// The number of elements of an object of type `ty` along its first dimension (1 for a
    /// non-array).
    fn length(&mut self, ty: &Type, span: Span) -> Result<VExpr, FrontError> {
        match ty {
            Type::Array { len, .. } => match len {
                ArrayLen::Const(n) => Ok(uint(*n, span)),
                ArrayLen::Var(e) => self.c_value_as(e, &Type::INT),
                ArrayLen::Unknown => Err(FrontError::type_error(span, "an array without a length")),
            },
            _ => Ok(int(1, span)),
        }
    }

    /// Facts about a global object that hold in every state (its shape): it is its own base
    /// with offset 0 and has its length.
    fn static_facts(&mut self, obj: VExpr, ty: &Type) -> Result<VExpr, FrontError> {
        self.shape_facts(obj, ty, Span::DUMMY)
    }

    /// `pbase(o) == o && poff(o) == 0 && alen(o) == n`, and the same for the rows of a
    /// multi-dimensional array.
    pub(crate) fn shape_facts(
        &mut self,
        obj: VExpr,
        ty: &Type,
        span: Span,
    ) -> Result<VExpr, FrontError> {
        let n = self.length(ty, span)?;
        let mut parts = vec![
            bin(
                BinaryOp::Eq,
                viper_call(PBASE, vec![obj.clone()], span),
                obj.clone(),
                span,
            ),
            bin(
                BinaryOp::Eq,
                viper_call(POFF, vec![obj.clone()], span),
                int(0, span),
                span,
            ),
            bin(
                BinaryOp::Eq,
                viper_call(ALEN, vec![obj.clone()], span),
                n,
                span,
            ),
        ];
        if let Type::Array { elem, .. } = ty {
            if let Type::Array { .. } = &**elem {
                let k = self.cur.names.fresh("r");
                let row = viper_call(ROW, vec![obj, local(&k, span)], span);
                let inner = self.shape_facts(row.clone(), elem, span)?;
                parts.push(forall_trig(
                    vec![decl(&k, VType::Int, span)],
                    vec![row],
                    inner,
                    span,
                ));
            }
        }
        Ok(and_all(parts, span))
    }

    /// Permission `perm` to every element (member) location of an object of type `ty` at `obj`.
    pub(crate) fn object_perms(
        &mut self,
        obj: VExpr,
        ty: &Type,
        perm: VExpr,
        span: Span,
    ) -> Result<VExpr, FrontError> {
        let atoms = match ty {
            Type::Array { .. } => self.array_atoms(obj, ty, span)?,
            t => self.elem_atoms(viper_call(LOC, vec![obj, int(0, span)], span), t, span)?,
        };
        Ok(Self::atoms_perm(atoms, None, perm, span))
    }

    /// `true` exactly when some permission to every location of the object of type `ty` at
    /// `obj` is held: each location read (a read of the whole object).
    pub(crate) fn object_read(
        &mut self,
        obj: VExpr,
        ty: &Type,
        span: Span,
    ) -> Result<VExpr, FrontError> {
        let atoms = match ty {
            Type::Array { .. } => self.array_atoms(obj, ty, span)?,
            t => self.elem_atoms(viper_call(LOC, vec![obj, int(0, span)], span), t, span)?,
        };
        Ok(and_all(
            atoms.into_iter().map(|a| {
                let body = bin(BinaryOp::Eq, a.loc.clone(), a.loc, span);
                if a.vars.is_empty() {
                    body
                } else {
                    forall(a.vars, implies(and_all(a.guards, span), body, span), span)
                }
            }),
            span,
        ))
    }

    /// A fresh object of type `ty` in the Viper variable `name`: its shape and full permission,
    /// and all values zero if `zero`.
    pub(crate) fn allocate(
        &mut self,
        name: &str,
        ty: &Type,
        zero: bool,
        span: Span,
        out: &mut Vec<VStmt>,
    ) -> Result<(), FrontError> {
        let at = self.checks.add(Role::Internal("allocation"), span);
        out.push(var_decl(name, array_type(), None, at));
        let obj = local(name, span);
        let facts = self.shape_facts(obj.clone(), ty, span)?;
        let perms = self.object_perms(
            obj.clone(),
            ty,
            perm_lit(viper::ast::PermLit::Write, span),
            span,
        )?;
        let mut all = vec![facts, perms];
        if zero {
            all.push(self.zero_values(obj, ty, span)?);
        }
        out.push(stmt(VKind::Inhale(and_all(all, span)), at));
        Ok(())
    }

    /// Every element of the object is zero (null, `0.0`).
    pub(crate) fn zero_values(
        &mut self,
        obj: VExpr,
        ty: &Type,
        span: Span,
    ) -> Result<VExpr, FrontError> {
        self.zero_values_except(obj, ty, None, span)
    }

    /// Like [`Self::zero_values`], but only for the elements an initialiser `init` does not
    /// cover (C: the elements a brace list leaves out are zero; those it gives have its values).
    /// A part of `init` whose shape does not follow the type's counts as covering everything
    /// below it (no zero is claimed there).
    pub(crate) fn zero_values_except(
        &mut self,
        obj: VExpr,
        ty: &Type,
        init: Option<&Init>,
        span: Span,
    ) -> Result<VExpr, FrontError> {
        if matches!(init, Some(Init::Expr(_))) {
            return Ok(bool_lit(true, span));
        }
        let mut vars = Vec::new();
        let mut guards = Vec::new();
        let mut cur = obj;
        let mut t = ty.clone();
        let mut first = true;
        while let Type::Array { elem, .. } = &t {
            let n = self.length(&t, span)?;
            let k = self.cur.names.fresh("k");
            guards.push(in_range(local(&k, span), int(0, span), n, span));
            vars.push(decl(&k, VType::Int, span));
            let elem = (**elem).clone();
            cur = if let Type::Array { .. } = elem {
                viper_call(ROW, vec![cur, local(&k, span)], span)
            } else {
                viper_call(LOC, vec![cur, local(&k, span)], span)
            };
            t = elem;
            first = false;
        }
        if first {
            cur = viper_call(LOC, vec![cur, int(0, span)], span);
        }
        // Every location of the element (members, and elements of array members) is zero.
        let mut eqs = Vec::new();
        for a in self.elem_atoms(cur.clone(), &t, span)? {
            let z = self.zero_value(&a.ty, span)?;
            let eq = bin(BinaryOp::Eq, a.loc, z, span);
            eqs.push(if a.vars.is_empty() {
                eq
            } else {
                forall(a.vars, implies(and_all(a.guards, span), eq, span), span)
            });
        }
        let body = and_all(eqs, span);
        if let Some(i) = init {
            let ks: Vec<VExpr> = vars.iter().map(|d| local(&d.name.name, span)).collect();
            guards.push(not(covered(i, &ks, span), span));
        }
        Ok(if vars.is_empty() {
            body
        } else {
            forall(vars, implies(and_all(guards, span), body, span), span)
        })
    }

    /// The zero value of a scalar type as stored in memory.
    pub(crate) fn zero_value(&mut self, ty: &Type, span: Span) -> Result<VExpr, FrontError> {
        Ok(match ty {
            Type::Bool | Type::Int { .. } => int(0, span),
            Type::Float(_) => viper_call("f_of_int", vec![int(0, span)], span),
            Type::Ptr(_) => viper_call(prelude::NULL, Vec::new(), span),
            _ => {
                return Err(FrontError::unsupported(
                    span,
                    "zero-initialising this kind of member",
                ))
            }
        })
    }
}

/// Whether the element at indices `ks` is given by the initialiser `init`.
fn covered(init: &Init, ks: &[VExpr], span: Span) -> VExpr {
    match (init, ks) {
        (Init::List(items), [k, rest @ ..]) => or_all(
            items.iter().enumerate().map(|(j, it)| {
                and(
                    bin(BinaryOp::Eq, k.clone(), int(j as i64, span), span),
                    covered(it, rest, span),
                    span,
                )
            }),
            span,
        ),
        // An element given by an expression, or a shape that does not follow the type.
        _ => bool_lit(true, span),
    }
}

/// `forall vars :: {trigger} body`.
pub(crate) fn forall_trig(
    vars: Vec<viper::ast::LocalDecl>,
    trig: Vec<VExpr>,
    body: VExpr,
    span: Span,
) -> VExpr {
    VExpr::new(
        viper::ast::ExprKind::Quant {
            kind: viper::ast::QuantKind::Forall,
            vars,
            triggers: vec![viper::ast::Trigger { exprs: trig, span }],
            body: Box::new(body),
        },
        span,
    )
}

/// Pointer parameters (function name, position) that some call may pass a pointer into the
/// middle of an allocation (`&a[i]`, `a + i`, a pointer that may be such): the greatest set of
/// base parameters consistent with every call of the file.
pub(crate) fn interior_params(program: &Program) -> HashSet<(String, usize)> {
    let mut interior: HashSet<(String, usize)> = HashSet::new();
    loop {
        let mut found = Vec::new();
        for f in &program.functions {
            let Body::Verified(body) = &f.body else {
                continue;
            };
            let base = base_pointers(program, f, &interior);
            visit::each_stmt(&body.stmts, &mut |s| {
                if let StmtKind::Call { callee, args, .. } = &s.kind {
                    let of_file = program
                        .function(&callee.name)
                        .is_some_and(|g| g.origin == Origin::Main);
                    for (k, a) in args.iter().enumerate() {
                        let key = (callee.name.clone(), k);
                        if of_file
                            && a.ty.decay().is_pointer()
                            && !matches!(a.kind, ExprKind::Str(_))
                            && !is_base_expr(a, &base)
                            && !interior.contains(&key)
                        {
                            found.push(key);
                        }
                    }
                }
            });
        }
        if found.is_empty() {
            return interior;
        }
        interior.extend(found);
    }
}

/// Pointer variables of `f` whose value is always the start of an allocation or null: pointer
/// parameters that every call passes such a pointer (not in `interior`; checked at every call),
/// and pointer locals every assignment of which gives such a value.
pub(crate) fn base_pointers(
    program: &Program,
    f: &Function,
    interior: &HashSet<(String, usize)>,
) -> HashSet<VarId> {
    let mut base: HashSet<VarId> = HashSet::new();
    for (k, p) in f.params.iter().enumerate() {
        if program.var(p.var).ty.is_pointer()
            && !program.var(p.var).addr_taken
            && !interior.contains(&(f.name.name.clone(), k))
        {
            base.insert(p.var);
        }
    }
    let Body::Verified(body) = &f.body else {
        return base;
    };
    let mut candidates: HashSet<VarId> = visit::declared(&body.stmts)
        .into_iter()
        .filter(|v| program.var(*v).ty.is_pointer() && !program.var(*v).addr_taken)
        .collect();
    // A parameter that is assigned must keep giving base values too.
    candidates.extend(base.iter().copied());
    // Greatest fixed point: drop variables assigned a value not known to be a base.
    loop {
        let mut changed = false;
        let current: HashSet<VarId> = candidates.clone();
        visit::each_stmt(&body.stmts, &mut |s| {
            // (the variable assigned, the value: `None` for a call's result)
            let (var, value): (Option<VarId>, Option<&Expr>) = match &s.kind {
                StmtKind::Assign { target, value } => (visit::whole_var(target), Some(value)),
                StmtKind::Decl {
                    var,
                    init: Some(Init::Expr(e)),
                } => (Some(*var), Some(e)),
                StmtKind::Call {
                    target: Some(t), ..
                } => (visit::whole_var(t), None),
                _ => (None, None),
            };
            let Some(v) = var else { return };
            if !current.contains(&v) {
                return;
            }
            let ok = match value {
                Some(e) => is_base_expr(e, &current),
                // A function's result may point anywhere.
                None => false,
            };
            if !ok && candidates.remove(&v) {
                changed = true;
            }
        });
        if !changed {
            break;
        }
    }
    candidates
}

/// Whether a pointer-valued expression is the start of an allocation given the base variables.
pub(crate) fn is_base_expr(e: &Expr, base: &HashSet<VarId>) -> bool {
    match &e.kind {
        ExprKind::Null => true,
        ExprKind::Var(v) => base.contains(v) || matches!(e.ty, Type::Array { .. }),
        ExprKind::Cast(inner) => is_base_expr(inner, base),
        // A row of a multi-dimensional array, an array member of a struct: an allocation of
        // its own.
        ExprKind::Index { .. } | ExprKind::Member { .. } => matches!(e.ty, Type::Array { .. }),
        ExprKind::AddrOf(inner) => matches!(inner.kind, ExprKind::Var(_)),
        ExprKind::Cond { then, els, .. } => is_base_expr(then, base) && is_base_expr(els, base),
        _ => false,
    }
}

/// Whether some pointer of a verified function may point into the middle of an allocation: a
/// pointer that is not known to start one is indexed, dereferenced, or passed to a function.
pub(crate) fn needs_offsets(program: &Program, interior: &HashSet<(String, usize)>) -> bool {
    if !interior.is_empty() {
        return true;
    }
    for f in &program.functions {
        let Body::Verified(body) = &f.body else {
            continue;
        };
        let base = base_pointers(program, f, interior);
        let mut found = false;
        visit::each_stmt(&body.stmts, &mut |s| {
            if let StmtKind::Call { args, .. } = &s.kind {
                found |= args
                    .iter()
                    .any(|a| a.ty.decay().is_pointer() && !is_base_expr(a, &base));
            }
            visit::stmt_exprs(s, &mut |e| found |= shifted_use(e, &base));
        });
        if found {
            return true;
        }
    }
    false
}

/// Whether `e` indexes or dereferences a pointer not known to start an allocation, or does
/// arithmetic on pointers.
fn shifted_use(e: &Expr, base: &HashSet<VarId>) -> bool {
    let here = match &e.kind {
        ExprKind::Index { base: p, .. } | ExprKind::Deref(p) => {
            p.ty.decay().is_pointer() && !is_base_expr(p, base)
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            lhs.ty.decay().is_pointer() || rhs.ty.decay().is_pointer()
        }
        ExprKind::AddrOf(inner) => !matches!(inner.kind, ExprKind::Var(_)),
        _ => false,
    };
    let mut any = here;
    e.for_each_child(&mut |c| any |= shifted_use(c, base));
    any
}

/// Whether every dimension of an array type has a constant length.
fn constant_lengths(t: &Type) -> bool {
    match t {
        Type::Array { elem, len } => matches!(len, ArrayLen::Const(_)) && constant_lengths(elem),
        _ => true,
    }
}
