//! Building the AST from pest's parse tree: the shared context, declarations and types.
//! Statements are in `stmts.rs`, expressions in `exprs.rs`.

use super::grammar::Rule;
use super::macros::{Macro, MacroBody, Macros};
use crate::ast::*;
use crate::{FileId, InputError, SourceFile, Span};
use pest::iterators::Pair;
use std::collections::HashSet;

pub(super) type Result<T> = std::result::Result<T, InputError>;

/// Builder state: the source (for line/column), the names of all methods of the program (to tell
/// `x := m(..)` calls from function applications), and the enclosing domain's type parameters.
pub(super) struct Builder<'s> {
    source: &'s SourceFile,
    file: FileId,
    pub(super) methods: HashSet<String>,
    type_params: Vec<String>,
    /// Current recursion depth of the builder, bounded by [`super::MAX_NESTING`].
    pub(super) depth: usize,
    /// Macros, by scope, and the statements that are a name alone.
    pub(super) macros: Macros,
    /// Macros defined in the body of the method being built.
    pub(super) method_macros: Vec<Macro>,
    /// Inside a macro's body (where macros cannot be defined).
    in_macro: bool,
    /// `import` declarations: (position, path, local (`"..."`) rather than standard (`<...>`)).
    pub(super) imports: Vec<(Span, String, bool)>,
    /// `quasihavoc` statements so far (for the names of their variables).
    pub(super) quasihavocs: usize,
    /// Destructors and discriminators of the ADTs declared.
    pub(super) adts: super::adt::Adts,
}

/// Whether a rule is pure punctuation that carries no information for the AST.
fn is_punct(r: Rule) -> bool {
    use Rule::*;
    matches!(
        r,
        lparen
            | rparen
            | lbracket
            | index_open
            | rbracket
            | lbrace
            | rbrace
            | comma
            | semi
            | colon
            | coloncolon
            | assign_op
            | dotdot
            | dot
            | bar
            | question
            | eqeq_let
            | annotation
    )
}

/// The children of a pair without punctuation.
pub(super) fn children<'i>(pair: Pair<'i, Rule>) -> impl Iterator<Item = Pair<'i, Rule>> {
    pair.into_inner().filter(|p| !is_punct(p.as_rule()))
}

impl<'s> Builder<'s> {
    pub(super) fn new(source: &'s SourceFile, file: FileId) -> Builder<'s> {
        Builder {
            source,
            file,
            methods: HashSet::new(),
            type_params: Vec::new(),
            depth: 0,
            macros: Macros::default(),
            method_macros: Vec::new(),
            in_macro: false,
            imports: Vec::new(),
            adts: super::adt::Adts::default(),
            quasihavocs: 0,
        }
    }

    /// The type parameters of the enclosing domain (names that are type variables).
    pub(super) fn set_type_params(&mut self, params: Vec<String>) {
        self.type_params = params;
    }

    pub(super) fn source(&self) -> &SourceFile {
        self.source
    }

    pub(super) fn file(&self) -> FileId {
        self.file
    }

    pub(super) fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let s = pair.as_span();
        self.source.span(self.file, s.start(), s.end())
    }

    pub(super) fn error(&self, pair: &Pair<'_, Rule>, message: impl Into<String>) -> InputError {
        InputError::parser(self.span(pair), message)
    }

    pub(super) fn ident(&self, pair: &Pair<'_, Rule>) -> Ident {
        Ident::new(pair.as_str(), self.span(pair))
    }

    pub(super) fn program(&mut self, program: Pair<'_, Rule>) -> Result<Program> {
        let items: Vec<Pair<'_, Rule>> = program
            .into_inner()
            .filter(|p| !matches!(p.as_rule(), Rule::EOI | Rule::annotation))
            .collect();
        for item in &items {
            if item.as_rule() == Rule::method_decl {
                if let Some(name) = item
                    .clone()
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::ident)
                {
                    self.methods.insert(name.as_str().to_string());
                }
            }
        }
        let mut out = Vec::new();
        for item in items {
            match item.as_rule() {
                Rule::field_decl => self.fields(item, &mut out)?,
                Rule::method_decl => out.push(Item::Method(self.method(item)?)),
                Rule::function_decl => out.push(Item::Function(self.function(item)?)),
                Rule::predicate_decl => out.push(Item::Predicate(self.predicate(item)?)),
                Rule::domain_decl => out.push(Item::Domain(self.domain(item)?)),
                Rule::adt_decl => out.push(Item::Domain(self.adt(item)?)),
                Rule::define_decl => {
                    let m = self.define(item)?;
                    self.macros.globals.push(m);
                }
                Rule::import_decl => {
                    let span = self.span(&item);
                    if let Some(p) = children(item).find(|p| p.as_rule() != Rule::kw_import) {
                        let text = p.as_str();
                        let path = text[1..text.len() - 1].trim().to_string();
                        self.imports
                            .push((span, path, p.as_rule() == Rule::import_local));
                    }
                }
                _ => return Err(self.error(&item, "unexpected declaration")),
            }
        }
        Ok(Program { items: out })
    }

    fn fields(&mut self, decl: Pair<'_, Rule>, out: &mut Vec<Item>) -> Result<()> {
        let decl_span = self.span(&decl);
        let bindings: Vec<_> = children(decl)
            .filter(|p| p.as_rule() == Rule::binding)
            .collect();
        let single = bindings.len() == 1;
        for b in bindings {
            let d = self.binding(b)?;
            out.push(Item::Field(Field {
                name: d.name,
                ty: d.ty,
                span: if single { decl_span } else { d.span },
            }));
        }
        Ok(())
    }

    /// `name: Type`
    pub(super) fn binding(&mut self, pair: Pair<'_, Rule>) -> Result<LocalDecl> {
        let span = self.span(&pair);
        let mut it = children(pair);
        let (Some(name), Some(ty)) = (it.next(), it.next()) else {
            return Err(InputError::parser(span, "malformed declaration"));
        };
        Ok(LocalDecl {
            name: self.ident(&name),
            ty: self.typ(ty)?,
            span,
        })
    }

    fn formal_args(&mut self, pair: Pair<'_, Rule>) -> Result<Vec<LocalDecl>> {
        children(pair).map(|b| self.binding(b)).collect()
    }

    fn method(&mut self, decl: Pair<'_, Rule>) -> Result<Method> {
        let span = self.span(&decl);
        let mut m = Method {
            name: Ident::new("", span),
            args: Vec::new(),
            returns: Vec::new(),
            pres: Vec::new(),
            posts: Vec::new(),
            body: None,
            span,
        };
        for p in children(decl) {
            match p.as_rule() {
                Rule::ident => m.name = self.ident(&p),
                Rule::formal_args => m.args = self.formal_args(p)?,
                Rule::returns_clause => {
                    if let Some(args) = children(p).find(|q| q.as_rule() == Rule::formal_args) {
                        m.returns = self.formal_args(args)?;
                    }
                }
                Rule::precondition => m.pres.push(self.spec(p)?),
                Rule::postcondition => m.posts.push(self.spec(p)?),
                Rule::decreases_clause => m.pres.push(self.decreases(p)?),
                Rule::block => {
                    self.method_macros.clear();
                    let body = self.block(p);
                    let local = std::mem::take(&mut self.method_macros);
                    m.body = Some(body?);
                    if !local.is_empty() {
                        self.macros
                            .locals
                            .entry(m.name.name.clone())
                            .or_default()
                            .extend(local);
                    }
                }
                _ => {}
            }
        }
        self.one_decreases(&m.pres, m.span)?;
        Ok(m)
    }

    /// The expression of `requires e`, `ensures e`, `invariant e`.
    pub(super) fn spec(&mut self, pair: Pair<'_, Rule>) -> Result<Expr> {
        let span = self.span(&pair);
        match children(pair).find(|p| p.as_rule() == Rule::expr) {
            Some(e) => self.expr(e),
            None => Err(InputError::parser(span, "expected an expression")),
        }
    }

    /// `decreases *` / `decreases _`: kept until type checking as an application of
    /// [`super::DECREASES`] to the condition (`true` without one) and the measures (none); the
    /// type checker removes it. A clause with a measure or a condition asks for a termination
    /// check, which is not supported.
    pub(super) fn decreases(&mut self, pair: Pair<'_, Rule>) -> Result<Expr> {
        let span = self.span(&pair);
        let mut cond = Expr::new(ExprKind::BoolLit(true), span);
        let mut measures = Vec::new();
        let mut unchecked = false;
        for p in children(pair) {
            match p.as_rule() {
                Rule::expr => measures.push(self.expr(p)?),
                Rule::decreases_cond => cond = self.spec(p)?,
                Rule::star | Rule::decreases_wild => unchecked = true,
                _ => {}
            }
        }
        // Silver checks termination (its termination plugin is on by default) against measures
        // and conditions; only `decreases *` and `decreases _` ask for no check.
        if !unchecked || !matches!(cond.kind, ExprKind::BoolLit(true)) {
            return Err(InputError::unsupported(
                span,
                "termination checks (`decreases` with a measure or a condition) are not supported",
            ));
        }
        let mut args = vec![cond];
        args.extend(measures);
        Ok(Expr::new(
            ExprKind::Call {
                name: Ident::new(super::DECREASES, span),
                args,
            },
            span,
        ))
    }

    /// At most one `decreases` clause per member or loop (Silver reports more as a consistency
    /// error; ompv does not answer such a program).
    pub(super) fn one_decreases(&self, specs: &[Expr], span: Span) -> Result<()> {
        let n = specs
            .iter()
            .filter(
                |e| matches!(&e.kind, ExprKind::Call { name, .. } if name.name == super::DECREASES),
            )
            .count();
        if n > 1 {
            return Err(InputError::unsupported(
                span,
                "several `decreases` clauses for one member or loop",
            ));
        }
        Ok(())
    }

    /// `define name(params) body`
    pub(super) fn define(&mut self, pair: Pair<'_, Rule>) -> Result<Macro> {
        let span = self.span(&pair);
        if self.in_macro {
            return Err(InputError::parser(
                span,
                "macros cannot be defined inside macros",
            ));
        }
        let mut name = None;
        let mut params = None;
        let mut body = None;
        for p in children(pair) {
            match p.as_rule() {
                Rule::ident => name = Some(self.ident(&p)),
                Rule::macro_params => {
                    params = Some(children(p).map(|q| self.ident(&q)).collect::<Vec<_>>());
                }
                Rule::block => {
                    self.in_macro = true;
                    let b = self.block(p);
                    self.in_macro = false;
                    body = Some(MacroBody::Stmts(b?));
                }
                Rule::expr => body = Some(MacroBody::Expr(self.expr(p)?)),
                _ => {}
            }
        }
        let (Some(name), Some(body)) = (name, body) else {
            return Err(InputError::parser(span, "malformed macro definition"));
        };
        Ok(Macro {
            name,
            params,
            body,
            span,
        })
    }

    fn function(&mut self, decl: Pair<'_, Rule>) -> Result<Function> {
        let span = self.span(&decl);
        let mut f = Function {
            name: Ident::new("", span),
            args: Vec::new(),
            ret: Type::Int,
            pres: Vec::new(),
            posts: Vec::new(),
            body: None,
            span,
        };
        for p in children(decl) {
            match p.as_rule() {
                Rule::ident => f.name = self.ident(&p),
                Rule::formal_args => f.args = self.formal_args(p)?,
                Rule::typ => f.ret = self.typ(p)?,
                Rule::precondition => f.pres.push(self.spec(p)?),
                Rule::postcondition => f.posts.push(self.spec(p)?),
                Rule::decreases_clause => f.pres.push(self.decreases(p)?),
                Rule::body_expr => f.body = Some(self.spec(p)?),
                _ => {}
            }
        }
        self.one_decreases(&f.pres, f.span)?;
        Ok(f)
    }

    fn predicate(&mut self, decl: Pair<'_, Rule>) -> Result<Predicate> {
        let span = self.span(&decl);
        let mut pr = Predicate {
            name: Ident::new("", span),
            args: Vec::new(),
            body: None,
            span,
        };
        for p in children(decl) {
            match p.as_rule() {
                Rule::ident => pr.name = self.ident(&p),
                Rule::formal_args => pr.args = self.formal_args(p)?,
                Rule::body_expr => pr.body = Some(self.spec(p)?),
                _ => {}
            }
        }
        Ok(pr)
    }

    fn domain(&mut self, decl: Pair<'_, Rule>) -> Result<Domain> {
        let span = self.span(&decl);
        let mut d = Domain {
            name: Ident::new("", span),
            type_params: Vec::new(),
            functions: Vec::new(),
            axioms: Vec::new(),
            span,
        };
        let parts: Vec<_> = children(decl).collect();
        for p in &parts {
            match p.as_rule() {
                Rule::ident => d.name = self.ident(p),
                Rule::type_params => {
                    d.type_params = children(p.clone()).map(|t| self.ident(&t)).collect();
                }
                _ => {}
            }
        }
        self.type_params = d.type_params.iter().map(|t| t.name.clone()).collect();
        let result = self.domain_members(parts, &mut d);
        self.type_params.clear();
        result.map(|()| d)
    }

    fn domain_members(&mut self, parts: Vec<Pair<'_, Rule>>, d: &mut Domain) -> Result<()> {
        for p in parts {
            match p.as_rule() {
                Rule::domain_function => d.functions.push(self.domain_function(p)?),
                Rule::axiom_decl => {
                    let span = self.span(&p);
                    let mut name = None;
                    let mut expr = None;
                    for q in children(p) {
                        match q.as_rule() {
                            Rule::ident => name = Some(self.ident(&q)),
                            Rule::body_expr => expr = Some(self.spec(q)?),
                            _ => {}
                        }
                    }
                    let Some(expr) = expr else {
                        return Err(InputError::parser(span, "expected the axiom's body"));
                    };
                    d.axioms.push(Axiom { name, expr, span });
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn domain_function(&mut self, pair: Pair<'_, Rule>) -> Result<DomainFunction> {
        let span = self.span(&pair);
        let mut f = DomainFunction {
            name: Ident::new("", span),
            args: Vec::new(),
            ret: Type::Int,
            unique: false,
            span,
        };
        for p in children(pair) {
            match p.as_rule() {
                Rule::kw_unique => f.unique = true,
                Rule::ident => f.name = self.ident(&p),
                Rule::domain_arg => {
                    let arg_span = self.span(&p);
                    let Some(inner) = children(p).next() else {
                        continue;
                    };
                    f.args.push(if inner.as_rule() == Rule::binding {
                        let b = self.binding(inner)?;
                        DomainFunctionArg {
                            name: Some(b.name),
                            ty: b.ty,
                            span: arg_span,
                        }
                    } else {
                        DomainFunctionArg {
                            name: None,
                            ty: self.typ(inner)?,
                            span: arg_span,
                        }
                    });
                }
                Rule::typ => f.ret = self.typ(p)?,
                _ => {}
            }
        }
        Ok(f)
    }

    /// A type; inside a domain, the names of its type parameters are type variables.
    pub(super) fn typ(&mut self, pair: Pair<'_, Rule>) -> Result<Type> {
        let pair = if pair.as_rule() == Rule::typ {
            match pair.clone().into_inner().next() {
                Some(p) => p,
                None => return Err(self.error(&pair, "expected a type")),
            }
        } else {
            pair
        };
        Ok(match pair.as_rule() {
            Rule::kw_int => Type::Int,
            Rule::kw_bool => Type::Bool,
            Rule::kw_perm_type => Type::Perm,
            Rule::kw_ref => Type::Ref,
            Rule::seq_type => Type::Seq(Box::new(self.inner_type(pair)?)),
            Rule::set_type => Type::Set(Box::new(self.inner_type(pair)?)),
            Rule::multiset_type => Type::Multiset(Box::new(self.inner_type(pair)?)),
            Rule::domain_type => {
                let mut it = children(pair);
                let name = it
                    .next()
                    .map(|n| n.as_str().to_string())
                    .unwrap_or_default();
                let args = it.map(|t| self.typ(t)).collect::<Result<Vec<_>>>()?;
                if args.is_empty() && self.type_params.contains(&name) {
                    Type::Var(name)
                } else {
                    Type::Domain { name, args }
                }
            }
            _ => return Err(self.error(&pair, "expected a type")),
        })
    }

    /// The element type of `Seq[T]`, `Set[T]`, `Multiset[T]` or of an `elem_type` `[T]`.
    pub(super) fn inner_type(&mut self, pair: Pair<'_, Rule>) -> Result<Type> {
        let span = self.span(&pair);
        match children(pair).find(|p| p.as_rule() == Rule::typ) {
            Some(t) => self.typ(t),
            None => Err(InputError::parser(span, "expected a type")),
        }
    }
}
