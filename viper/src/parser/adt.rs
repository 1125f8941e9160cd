//! Algebraic data types (`adt`), encoded as Silver's ADT plugin encodes them: a domain with the
//! constructors as domain functions, a destructor `get_<ADT>_<arg>` per argument name, a tag
//! function `<ADT>_tag`, and the axioms
//! - injectivity: `forall args :: {C(args)} arg_j == get_<ADT>_<arg_j>(C(args))`;
//! - tags: `forall args :: {C(args)} <ADT>_tag(C(args)) == i` for the i-th constructor;
//! - exclusivity: every value is built by some constructor from its destructors' values.
//!
//! A destructor application `e.arg` becomes `get_<ADT>_<arg>(e)` and a discriminator `e.isC`
//! becomes `<ADT>_tag(e) == i`. `derives` clauses are not supported.

use super::builder::{children, Builder, Result};
use super::grammar::Rule;
use crate::ast::*;
use crate::{InputError, Span};
use num_bigint::BigInt;
use pest::iterators::Pair;
use std::collections::{HashMap, HashSet};

/// What the parser needs to rewrite destructor and discriminator applications.
#[derive(Default)]
pub(crate) struct Adts {
    /// Argument name -> destructor functions (one per ADT that has the name).
    pub destructors: HashMap<String, Vec<String>>,
    /// `isC` -> (tag function, tag) per ADT with a constructor `C`.
    pub discriminators: HashMap<String, Vec<(String, i64)>>,
    /// `isC` with the position of constructor `C`.
    pub names: Vec<(String, Span)>,
}

impl Adts {
    pub(crate) fn extend(&mut self, other: Adts) {
        for (k, v) in other.destructors {
            self.destructors.entry(k).or_default().extend(v);
        }
        for (k, v) in other.discriminators {
            self.discriminators.entry(k).or_default().extend(v);
        }
        self.names.extend(other.names);
    }

    fn is_empty(&self) -> bool {
        self.destructors.is_empty() && self.discriminators.is_empty()
    }
}

fn e(kind: ExprKind, span: Span) -> Expr {
    Expr::new(kind, span)
}

fn call(name: &str, args: Vec<Expr>, span: Span) -> Expr {
    e(
        ExprKind::Call {
            name: Ident::new(name, span),
            args,
        },
        span,
    )
}

fn eq(l: Expr, r: Expr, span: Span) -> Expr {
    e(
        ExprKind::Binary {
            op: BinaryOp::Eq,
            left: Box::new(l),
            right: Box::new(r),
        },
        span,
    )
}

fn forall(vars: Vec<LocalDecl>, triggers: Vec<Vec<Expr>>, body: Expr, span: Span) -> Expr {
    if vars.is_empty() {
        return body;
    }
    e(
        ExprKind::Quant {
            kind: QuantKind::Forall,
            vars,
            triggers: triggers
                .into_iter()
                .map(|exprs| Trigger { exprs, span })
                .collect(),
            body: Box::new(body),
        },
        span,
    )
}

impl Builder<'_> {
    /// `adt Name[T] { C(args) ... }` as a domain.
    pub(super) fn adt(&mut self, decl: Pair<'_, Rule>) -> Result<Domain> {
        let span = self.span(&decl);
        let mut name = None;
        let mut type_params: Vec<Ident> = Vec::new();
        let mut ctors: Vec<Pair<'_, Rule>> = Vec::new();
        for p in children(decl) {
            match p.as_rule() {
                Rule::ident => name = Some(self.ident(&p)),
                Rule::type_params => {
                    type_params = children(p).map(|t| self.ident(&t)).collect();
                }
                Rule::adt_constructor => ctors.push(p),
                Rule::adt_derives => {
                    return Err(InputError::unsupported(
                        self.span(&p),
                        "`derives` clauses of ADTs are not supported",
                    ))
                }
                _ => {}
            }
        }
        let Some(name) = name else {
            return Err(InputError::parser(span, "expected the ADT's name"));
        };
        self.set_type_params(type_params.iter().map(|t| t.name.clone()).collect());
        let built: Result<Vec<(Ident, Vec<LocalDecl>)>> = ctors
            .into_iter()
            .map(|c| {
                let mut cname = None;
                let mut args = Vec::new();
                for q in children(c) {
                    match q.as_rule() {
                        Rule::ident => cname = Some(self.ident(&q)),
                        Rule::formal_args => {
                            for b in children(q) {
                                args.push(self.binding(b)?);
                            }
                        }
                        _ => {}
                    }
                }
                match cname {
                    Some(n) => Ok((n, args)),
                    None => Err(InputError::parser(span, "expected a constructor's name")),
                }
            })
            .collect();
        self.set_type_params(Vec::new());
        let ctors = built?;

        let adt = name.name.clone();
        let ty = Type::Domain {
            name: adt.clone(),
            args: type_params
                .iter()
                .map(|t| Type::Var(t.name.clone()))
                .collect(),
        };
        let tag = format!("{adt}_tag");
        let destructor = |arg: &str| format!("get_{adt}_{arg}");
        let mut functions = Vec::new();
        let mut axioms = Vec::new();
        // Constructors.
        for (c, args) in &ctors {
            functions.push(DomainFunction {
                name: c.clone(),
                args: args
                    .iter()
                    .map(|a| DomainFunctionArg {
                        name: Some(a.name.clone()),
                        ty: a.ty.clone(),
                        span: a.span,
                    })
                    .collect(),
                ret: ty.clone(),
                unique: false,
                span: c.span,
            });
        }
        // Destructors, one per argument name.
        let mut arg_types: HashMap<String, Type> = HashMap::new();
        for (_, args) in &ctors {
            for a in args {
                match arg_types.get(&a.name.name) {
                    // Argument names are unique in an ADT (each names a destructor): Silver
                    // reports a type error for every repetition, the parser stops at the first,
                    // so such a program gets no answer.
                    Some(_) => {
                        return Err(InputError::unsupported(
                            a.span,
                            format!(
                                "a repeated argument name `{}` in ADT `{}` (a type error)",
                                a.name.name, adt
                            ),
                        ))
                    }
                    None => {
                        arg_types.insert(a.name.name.clone(), a.ty.clone());
                        functions.push(DomainFunction {
                            name: Ident::new(destructor(&a.name.name), span),
                            args: vec![DomainFunctionArg {
                                name: Some(Ident::new("t", span)),
                                ty: ty.clone(),
                                span,
                            }],
                            ret: a.ty.clone(),
                            unique: false,
                            span,
                        });
                        self.adts
                            .destructors
                            .entry(a.name.name.clone())
                            .or_default()
                            .push(destructor(&a.name.name));
                    }
                }
            }
        }
        functions.push(DomainFunction {
            name: Ident::new(tag.clone(), span),
            args: vec![DomainFunctionArg {
                name: Some(Ident::new("t", span)),
                ty: ty.clone(),
                span,
            }],
            ret: Type::Int,
            unique: false,
            span,
        });
        // Injectivity and tags.
        for (i, (c, args)) in ctors.iter().enumerate() {
            let s = c.span;
            let vars: Vec<Expr> = args
                .iter()
                .map(|a| e(ExprKind::Local(a.name.name.clone()), s))
                .collect();
            let app = call(&c.name, vars.clone(), s);
            for (a, v) in args.iter().zip(&vars) {
                let body = eq(
                    v.clone(),
                    call(&destructor(&a.name.name), vec![app.clone()], s),
                    s,
                );
                axioms.push(Axiom {
                    name: None,
                    expr: forall(args.clone(), vec![vec![app.clone()]], body, s),
                    span: s,
                });
            }
            let body = eq(
                call(&tag, vec![app.clone()], s),
                e(ExprKind::IntLit(BigInt::from(i)), s),
                s,
            );
            axioms.push(Axiom {
                name: None,
                expr: forall(args.clone(), vec![vec![app.clone()]], body, s),
                span: s,
            });
            self.adts
                .discriminators
                .entry(format!("is{}", c.name))
                .or_default()
                .push((tag.clone(), i as i64));
            self.adts.names.push((format!("is{}", c.name), c.span));
        }
        // Exclusivity: triggers on the tag and (as Silver's encoder has them) on the destructors
        // of the last constructor.
        let t = || e(ExprKind::Local("t".into()), span);
        let mut body = e(ExprKind::BoolLit(false), span);
        for (c, args) in &ctors {
            let rebuilt = call(
                &c.name,
                args.iter()
                    .map(|a| call(&destructor(&a.name.name), vec![t()], span))
                    .collect(),
                span,
            );
            body = e(
                ExprKind::Binary {
                    op: BinaryOp::Or,
                    left: Box::new(body),
                    right: Box::new(eq(t(), rebuilt, span)),
                },
                span,
            );
        }
        let mut triggers = vec![vec![call(&tag, vec![t()], span)]];
        if let Some((_, args)) = ctors.last() {
            for a in args {
                triggers.push(vec![call(&destructor(&a.name.name), vec![t()], span)]);
            }
        }
        let var = LocalDecl {
            name: Ident::new("t", span),
            ty: ty.clone(),
            span,
        };
        axioms.push(Axiom {
            name: None,
            expr: forall(vec![var], triggers, body, span),
            span,
        });
        Ok(Domain {
            name,
            type_params,
            functions,
            axioms,
            span,
        })
    }
}

/// Rewrites destructor (`e.arg`) and discriminator (`e.isC`) applications.
pub(super) fn rewrite(program: &mut Program, adts: &Adts) -> std::result::Result<(), InputError> {
    if adts.is_empty() {
        return Ok(());
    }
    let fields: HashSet<String> = program.fields().map(|f| f.name.name.clone()).collect();
    // Discriminators are global names in Silver: another declaration of the same name is a type
    // error (reported at the constructor).
    let mut globals: HashSet<String> = HashSet::new();
    for item in &program.items {
        globals.insert(item.name().name.clone());
        if let Item::Domain(d) = item {
            if !super::is_adt_domain(d) {
                globals.extend(d.functions.iter().map(|f| f.name.name.clone()));
            }
        }
    }
    for (name, span) in &adts.names {
        if globals.contains(name) {
            return Err(InputError::typechecker(
                *span,
                format!("duplicate identifier `{name}` (a discriminator of an ADT)"),
            ));
        }
    }
    let mut result = Ok(());
    let mut f = |x: &mut Expr| {
        if result.is_err() {
            return;
        }
        let ExprKind::Field { field, .. } = &x.kind else {
            return;
        };
        let span = x.span;
        let name = field.name.clone();
        if let Some(ds) = adts.destructors.get(&name) {
            if ds.len() > 1 {
                result = Err(InputError::unsupported(
                    span,
                    format!("`.{name}`: a destructor name of several ADTs"),
                ));
                return;
            }
            let kind = std::mem::replace(&mut x.kind, ExprKind::Null);
            if let ExprKind::Field { receiver, .. } = kind {
                x.kind = ExprKind::Call {
                    name: Ident::new(ds[0].clone(), span),
                    args: vec![*receiver],
                };
            }
        } else if let Some(ds) = adts.discriminators.get(&name) {
            if fields.contains(&name) {
                return;
            }
            if ds.len() > 1 {
                result = Err(InputError::unsupported(
                    span,
                    format!("`.{name}`: a discriminator of several ADTs"),
                ));
                return;
            }
            let (tag, i) = ds[0].clone();
            let kind = std::mem::replace(&mut x.kind, ExprKind::Null);
            if let ExprKind::Field { receiver, .. } = kind {
                x.kind = ExprKind::Binary {
                    op: BinaryOp::Eq,
                    left: Box::new(call(&tag, vec![*receiver], span)),
                    right: Box::new(e(ExprKind::IntLit(BigInt::from(i)), span)),
                };
            }
        }
    };
    super::desugar::for_each_expr_mut(program, &mut f);
    result
}
