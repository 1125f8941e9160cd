//! The global declarations of a program (one namespace, as in Silver) and type well-formedness.

use super::ty::Ty;
use super::Errors;
use crate::ast::*;
use crate::Span;
use std::collections::HashMap;

pub(super) struct FunctionSig {
    pub(super) args: Vec<Ty>,
    pub(super) ret: Ty,
    pub(super) has_pres: bool,
}

pub(super) struct MethodSig {
    pub(super) args: Vec<Ty>,
    pub(super) rets: Vec<Ty>,
}

pub(super) struct PredicateSig {
    pub(super) args: Vec<Ty>,
    pub(super) has_body: bool,
}

pub(super) struct DomainFunctionSig {
    /// The type parameters of the function's domain.
    pub(super) type_params: Vec<String>,
    pub(super) args: Vec<Ty>,
    pub(super) ret: Ty,
}

/// What a global name denotes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum GlobalKind {
    Field,
    Method,
    Function,
    Predicate,
    Domain,
    DomainFunction,
}

impl GlobalKind {
    pub(super) fn describe(self) -> &'static str {
        match self {
            GlobalKind::Field => "a field",
            GlobalKind::Method => "a method",
            GlobalKind::Function => "a function",
            GlobalKind::Predicate => "a predicate",
            GlobalKind::Domain => "a domain",
            GlobalKind::DomainFunction => "a domain function",
        }
    }
}

#[derive(Default)]
pub(super) struct Env {
    pub(super) globals: HashMap<String, (GlobalKind, Span)>,
    pub(super) fields: HashMap<String, Ty>,
    pub(super) functions: HashMap<String, FunctionSig>,
    pub(super) methods: HashMap<String, MethodSig>,
    pub(super) predicates: HashMap<String, PredicateSig>,
    /// Domain name to its number of type parameters.
    pub(super) domains: HashMap<String, usize>,
    pub(super) domain_functions: HashMap<String, DomainFunctionSig>,
}

impl Env {
    /// Collects the declarations of `program`, reporting duplicate names.
    pub(super) fn collect(program: &Program, errors: &mut Errors) -> Env {
        let mut env = Env::default();
        // Domains first, so that types in signatures can be checked against them.
        for d in program.domains() {
            env.declare(&d.name, GlobalKind::Domain, errors);
            env.domains.insert(d.name.name.clone(), d.type_params.len());
        }
        for item in &program.items {
            match item {
                Item::Field(f) => {
                    env.declare(&f.name, GlobalKind::Field, errors);
                    env.fields.insert(f.name.name.clone(), Ty::from_ast(&f.ty));
                }
                Item::Method(m) => {
                    env.declare(&m.name, GlobalKind::Method, errors);
                    env.methods.insert(
                        m.name.name.clone(),
                        MethodSig {
                            args: m.args.iter().map(|a| Ty::from_ast(&a.ty)).collect(),
                            rets: m.returns.iter().map(|a| Ty::from_ast(&a.ty)).collect(),
                        },
                    );
                }
                Item::Function(f) => {
                    env.declare(&f.name, GlobalKind::Function, errors);
                    env.functions.insert(
                        f.name.name.clone(),
                        FunctionSig {
                            args: f.args.iter().map(|a| Ty::from_ast(&a.ty)).collect(),
                            ret: Ty::from_ast(&f.ret),
                            has_pres: !f.pres.iter().all(super::rewrite::is_decreases),
                        },
                    );
                }
                Item::Predicate(p) => {
                    env.declare(&p.name, GlobalKind::Predicate, errors);
                    env.predicates.insert(
                        p.name.name.clone(),
                        PredicateSig {
                            args: p.args.iter().map(|a| Ty::from_ast(&a.ty)).collect(),
                            has_body: p.body.is_some(),
                        },
                    );
                }
                Item::Domain(d) => {
                    for f in &d.functions {
                        env.declare(&f.name, GlobalKind::DomainFunction, errors);
                        env.domain_functions.insert(
                            f.name.name.clone(),
                            DomainFunctionSig {
                                type_params: d.type_params.iter().map(|t| t.name.clone()).collect(),
                                args: f.args.iter().map(|a| Ty::from_ast(&a.ty)).collect(),
                                ret: Ty::from_ast(&f.ret),
                            },
                        );
                    }
                }
            }
        }
        env
    }

    /// Registers a global name; the second declaration of a name is reported.
    fn declare(&mut self, name: &Ident, kind: GlobalKind, errors: &mut Errors) {
        if let Some((_, first)) = self.globals.get(&name.name) {
            super::names::report_duplicate(errors, &name.name, *first, name.span);
        } else {
            self.globals.insert(name.name.clone(), (kind, name.span));
        }
    }

    pub(super) fn global_kind(&self, name: &str) -> Option<GlobalKind> {
        self.globals.get(name).map(|(k, _)| *k)
    }

    /// Reports a type that names an unknown domain or gives a domain the wrong number of type
    /// arguments. `params` are the type parameters in scope (inside a generic domain).
    pub(super) fn check_type(&self, t: &Type, span: Span, params: &[String], errors: &mut Errors) {
        match t {
            Type::Int | Type::Bool | Type::Perm | Type::Ref => {}
            Type::Seq(e) | Type::Set(e) | Type::Multiset(e) => {
                self.check_type(e, span, params, errors)
            }
            Type::Var(v) => {
                if !params.contains(v) {
                    errors.push(span, format!("undeclared type `{v}`"));
                }
            }
            Type::Domain { name, args } => {
                match self.domains.get(name) {
                    None => errors.push(span, format!("undeclared type `{name}`")),
                    Some(&n) if n != args.len() => errors.push(
                        span,
                        format!(
                            "domain type `{name}` expects {n} type argument{}, found {}",
                            if n == 1 { "" } else { "s" },
                            args.len()
                        ),
                    ),
                    Some(_) => {}
                }
                for a in args {
                    self.check_type(a, span, params, errors);
                }
            }
        }
    }
}
