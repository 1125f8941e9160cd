//! Generic domains, by monomorphisation: every instance `D[T1, ..]` used gets its own sort,
//! function symbols and axioms (the axioms evaluated with the type parameters bound to the
//! instance's sorts). The type arguments of an application are recovered from the sorts of its
//! arguments, and where they do not determine them, from the sort the context expects.

use std::collections::HashMap;
use std::rc::Rc;

use z3::ast::{Ast, Dynamic};
use z3::{FuncDecl, Sort};

use crate::ast::*;
use crate::{ErrorKind, Span};

use super::context::{Mode, Site, Verifier, R};
use super::heap::state::State;
use super::smt::symbols::fresh_name;

impl Verifier<'_, '_> {
    /// Binds the type variables of `ty` so that it denotes `sort`; false if impossible.
    pub fn unify(&self, ty: &Type, sort: &Sort, env: &mut HashMap<String, Sort>) -> bool {
        match ty {
            Type::Var(v) => match env.get(v) {
                Some(s) => s == sort,
                None => {
                    env.insert(v.clone(), sort.clone());
                    true
                }
            },
            Type::Seq(t) => match self.sym.seq_elem(sort) {
                Some(e) => self.unify(t, &e, env),
                None => false,
            },
            Type::Set(t) => match self.sym.set_elem(sort) {
                Some(e) => self.unify(t, &e, env),
                None => false,
            },
            Type::Multiset(t) => match self.sym.multiset_elem(sort) {
                Some(e) => self.unify(t, &e, env),
                None => false,
            },
            Type::Domain { name, args } if self.sym.is_generic_domain(name) => {
                match self.sym.domain_instance(sort) {
                    Some((d, sorts)) if &d == name && sorts.len() == args.len() => args
                        .iter()
                        .zip(sorts.iter())
                        .all(|(a, s)| self.unify(a, s, env)),
                    _ => false,
                }
            }
            _ => self.sym.sort_of(ty).map(|s| &s == sort).unwrap_or(false),
        }
    }

    /// Applies a function of a generic domain.
    #[allow(clippy::too_many_arguments)]
    pub fn generic_app(
        &mut self,
        domain: &Domain,
        func: &DomainFunction,
        args: &[Dynamic],
        expected: Option<Sort>,
        span: Span,
    ) -> R<Dynamic> {
        let mut env: HashMap<String, Sort> = HashMap::new();
        for (a, t) in func.args.iter().zip(args.iter()) {
            if !self.unify(&a.ty, &t.get_sort(), &mut env) {
                return self.internal(format!("ill-sorted argument of `{}`", func.name.name));
            }
        }
        let unbound = domain
            .type_params
            .iter()
            .any(|p| !env.contains_key(&p.name));
        if unbound {
            if let Some(e) = &expected {
                let mut trial = env.clone();
                if self.unify(&func.ret, e, &mut trial) {
                    env = trial;
                }
            }
        }
        // In the axioms generated for an ADT (the only axioms with applications whose type
        // arguments the type checker lets go undetermined), those are the domain's type
        // parameters, bound while its axioms are evaluated.
        if crate::parser::is_adt_domain(domain) {
            for p in &domain.type_params {
                if !env.contains_key(&p.name) {
                    if let Some(s) = self.type_env.get(&p.name) {
                        env.insert(p.name.clone(), s.clone());
                    }
                }
            }
        }
        let mut inst = Vec::new();
        for p in &domain.type_params {
            match env.get(&p.name) {
                Some(s) => inst.push(s.clone()),
                None => {
                    return self.unsupported(
                        span,
                        format!(
                        "an application of `{}` whose type argument `{}` is not determined here",
                        func.name.name, p.name
                    ),
                    )
                }
            }
        }
        self.ensure_instance(domain, &inst)?;
        let decl = self.instance_function(domain, func, &inst)?;
        let refs: Vec<&dyn Ast> = args.iter().map(|a| a as &dyn Ast).collect();
        Ok(decl.apply(&refs))
    }

    fn instance_key(domain: &Domain, inst: &[Sort]) -> String {
        let names: Vec<String> = inst.iter().map(|s| s.to_string()).collect();
        format!("{}<{}>", domain.name.name, names.join(","))
    }

    fn instance_function(
        &mut self,
        domain: &Domain,
        func: &DomainFunction,
        inst: &[Sort],
    ) -> R<Rc<FuncDecl>> {
        let key = format!("{}.{}", Self::instance_key(domain, inst), func.name.name);
        if let Some(f) = self.instance_fns.get(&key) {
            return Ok(f.clone());
        }
        let env: HashMap<String, Sort> = domain
            .type_params
            .iter()
            .map(|p| p.name.clone())
            .zip(inst.iter().cloned())
            .collect();
        let mut sorts = Vec::new();
        for a in &func.args {
            match self.sym.sort_of_in(&a.ty, &env) {
                Ok(s) => sorts.push(s),
                Err(what) => return self.unsupported(a.span, what),
            }
        }
        let ret = match self.sym.sort_of_in(&func.ret, &env) {
            Ok(s) => s,
            Err(what) => return self.unsupported(func.span, what),
        };
        let refs: Vec<&Sort> = sorts.iter().collect();
        let decl = Rc::new(FuncDecl::new(
            fresh_name(&format!("d.{}", func.name.name)),
            &refs,
            &ret,
        ));
        self.instance_fns.insert(key, Rc::clone(&decl));
        Ok(decl)
    }

    /// How deeply generic domain types may nest in an instance whose axioms are asserted.
    /// Axioms of an instance can mention deeper instances (`D[D[T]]` in `D[T]`), so instantiating
    /// them all would not terminate; deeper instances get their symbols but no axioms (which
    /// only loses information), like Silicon's instantiation threshold.
    const MAX_INSTANCE_DEPTH: usize = 3;

    /// Collections count as a level too: axioms of `D[T]` may mention `D[Seq[T]]`.
    fn sort_depth(&self, s: &Sort) -> usize {
        match self.sym.domain_instance(s) {
            Some((_, args)) => 1 + args.iter().map(|a| self.sort_depth(a)).max().unwrap_or(0),
            None => [
                self.sym.seq_elem(s),
                self.sym.set_elem(s),
                self.sym.multiset_elem(s),
            ]
            .into_iter()
            .flatten()
            .map(|e| 1 + self.sort_depth(&e))
            .max()
            .unwrap_or(0),
        }
    }

    /// Declares an instance of a generic domain: its unique constants and axioms.
    pub fn ensure_instance(&mut self, domain: &Domain, inst: &[Sort]) -> R<()> {
        let key = Self::instance_key(domain, inst);
        if !self.instances_done.insert(key) {
            return Ok(());
        }
        let depth = 1 + inst.iter().map(|s| self.sort_depth(s)).max().unwrap_or(0);
        if depth > Self::MAX_INSTANCE_DEPTH {
            return Ok(());
        }
        let env: HashMap<String, Sort> = domain
            .type_params
            .iter()
            .map(|p| p.name.clone())
            .zip(inst.iter().cloned())
            .collect();
        // Unique constants of the same sort are distinct.
        let mut uniques: std::collections::BTreeMap<String, Vec<Dynamic>> =
            std::collections::BTreeMap::new();
        for f in domain
            .functions
            .iter()
            .filter(|f| f.unique && f.args.is_empty())
        {
            let decl = self.instance_function(domain, f, inst)?;
            let c = decl.apply(&[]);
            uniques.entry(c.get_sort().to_string()).or_default().push(c);
        }
        for consts in uniques.values().filter(|c| c.len() > 1) {
            self.prover.add_global(Dynamic::distinct(consts));
        }
        let saved_env = std::mem::replace(&mut self.type_env, env);
        let saved_mode = std::mem::replace(
            &mut self.mode,
            Mode {
                unchecked: true,
                ..Mode::default()
            },
        );
        let mut res = Ok(());
        for ax in &domain.axioms {
            let mut st = State::new();
            let site = Site::new(ErrorKind::NotWellformed, ax.span);
            match self.eval_bool(&mut st, &ax.expr, site) {
                Ok(t) => self.prover.add_global(t),
                Err(e) => {
                    res = Err(e);
                    break;
                }
            }
        }
        self.mode = saved_mode;
        self.type_env = saved_env;
        res?;
        // Other generic domains whose axioms quantify over this instance's type get the
        // matching instance too (e.g. `forall x: D1[T]` in `D2[T]` for `D1[Int]`).
        let this = self.sym.domain_instance_sort(&domain.name.name, inst);
        let domains = self.index.domains.clone();
        for other in domains.iter().filter(|d| !d.type_params.is_empty()) {
            for ax in &other.axioms {
                for ty in bound_types(&ax.expr) {
                    let mut env = HashMap::new();
                    if !self.unify(&ty, &this, &mut env) {
                        continue;
                    }
                    let args: Option<Vec<Sort>> = other
                        .type_params
                        .iter()
                        .map(|p| env.get(&p.name).cloned())
                        .collect();
                    if let Some(args) = args {
                        self.ensure_instance(other, &args)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Declares the instances of generic domains that the types of the member's scope mention
    /// (fields, the member, the methods it calls and the functions it may apply).
    pub fn instantiate_declared_domains(&mut self) {
        let mut types: Vec<Type> = Vec::new();
        let program = self.index.program;
        for item in &program.items {
            match item {
                Item::Field(f) => types.push(f.ty.clone()),
                Item::Method(m) if self.scope.own_method.as_ref() == Some(&m.name.name) => {
                    types.extend(m.args.iter().chain(m.returns.iter()).map(|d| d.ty.clone()));
                    if let Some(b) = &m.body {
                        collect_local_types(b, &mut types);
                    }
                }
                Item::Method(m) if self.scope.callees.contains(&m.name.name) => {
                    types.extend(m.args.iter().chain(m.returns.iter()).map(|d| d.ty.clone()));
                }
                Item::Function(f) if self.scope.has_function(&f.name.name) => {
                    types.extend(f.args.iter().map(|d| d.ty.clone()));
                    types.push(f.ret.clone());
                }
                _ => {}
            }
        }
        let mut seen = std::collections::HashSet::new();
        while let Some(ty) = types.pop() {
            match &ty {
                Type::Seq(t) | Type::Set(t) | Type::Multiset(t) => types.push((**t).clone()),
                Type::Domain { name, args } if !args.is_empty() => {
                    types.extend(args.iter().cloned());
                    if !seen.insert(ty.to_string()) {
                        continue;
                    }
                    let Some(domain) = self
                        .index
                        .domains
                        .iter()
                        .find(|d| &d.name.name == name)
                        .copied()
                    else {
                        continue;
                    };
                    let inst: Result<Vec<Sort>, String> =
                        args.iter().map(|a| self.sym.sort_of(a)).collect();
                    if let Ok(inst) = inst {
                        if self.ensure_instance(domain, &inst).is_err() {
                            return;
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// The types of the variables bound by quantifiers in an expression.
fn bound_types(e: &Expr) -> Vec<Type> {
    let mut out = Vec::new();
    super::rules::walk::visit(e, &mut |x| {
        if let ExprKind::Quant { vars, .. } = &x.kind {
            out.extend(vars.iter().map(|v| v.ty.clone()));
        }
    });
    out
}

fn collect_local_types(b: &Block, out: &mut Vec<Type>) {
    for s in &b.stmts {
        match &s.kind {
            StmtKind::VarDecl { decl, .. } => out.push(decl.ty.clone()),
            StmtKind::Block(inner) => collect_local_types(inner, out),
            StmtKind::If { then, els, .. } => {
                collect_local_types(then, out);
                if let Some(e) = els {
                    collect_local_types(e, out);
                }
            }
            StmtKind::While { body, .. } => collect_local_types(body, out),
            _ => {}
        }
    }
}
