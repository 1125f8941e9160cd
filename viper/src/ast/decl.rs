use crate::Span;

use super::{Block, Expr, Ident, LocalDecl, Type};

/// A Viper program: its top-level declarations in source order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Program {
    pub items: Vec<Item>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    Field(Field),
    Method(Method),
    Function(Function),
    Domain(Domain),
    Predicate(Predicate),
}

impl Item {
    pub fn name(&self) -> &Ident {
        match self {
            Item::Field(f) => &f.name,
            Item::Method(m) => &m.name,
            Item::Function(f) => &f.name,
            Item::Domain(d) => &d.name,
            Item::Predicate(p) => &p.name,
        }
    }

    pub fn span(&self) -> Span {
        match self {
            Item::Field(f) => f.span,
            Item::Method(m) => m.span,
            Item::Function(f) => f.span,
            Item::Domain(d) => d.span,
            Item::Predicate(p) => p.span,
        }
    }
}

/// `field f: T`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    pub name: Ident,
    pub ty: Type,
    pub span: Span,
}

/// `method m(args) returns (rets) requires .. ensures .. { body }`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Method {
    pub name: Ident,
    pub args: Vec<LocalDecl>,
    pub returns: Vec<LocalDecl>,
    pub pres: Vec<Expr>,
    pub posts: Vec<Expr>,
    /// `None` for an abstract method.
    pub body: Option<Block>,
    pub span: Span,
}

/// `function f(args): T requires .. ensures .. { body }`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Function {
    pub name: Ident,
    pub args: Vec<LocalDecl>,
    pub ret: Type,
    pub pres: Vec<Expr>,
    pub posts: Vec<Expr>,
    /// `None` for an abstract function.
    pub body: Option<Expr>,
    pub span: Span,
}

/// `predicate P(args) { body }` (parsed and printed; verification reports it as unsupported).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Predicate {
    pub name: Ident,
    pub args: Vec<LocalDecl>,
    pub body: Option<Expr>,
    pub span: Span,
}

/// `domain D[T, ...] { functions and axioms }`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Domain {
    pub name: Ident,
    pub type_params: Vec<Ident>,
    pub functions: Vec<DomainFunction>,
    pub axioms: Vec<Axiom>,
    pub span: Span,
}

/// `[unique] function f(x: T, U): R` inside a domain; argument names are optional.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DomainFunction {
    pub name: Ident,
    pub args: Vec<DomainFunctionArg>,
    pub ret: Type,
    pub unique: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DomainFunctionArg {
    pub name: Option<Ident>,
    pub ty: Type,
    pub span: Span,
}

/// `axiom name { e }` or `axiom { e }`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Axiom {
    pub name: Option<Ident>,
    pub expr: Expr,
    pub span: Span,
}

impl Program {
    pub fn fields(&self) -> impl Iterator<Item = &Field> {
        self.items.iter().filter_map(|i| match i {
            Item::Field(f) => Some(f),
            _ => None,
        })
    }

    pub fn methods(&self) -> impl Iterator<Item = &Method> {
        self.items.iter().filter_map(|i| match i {
            Item::Method(m) => Some(m),
            _ => None,
        })
    }

    pub fn functions(&self) -> impl Iterator<Item = &Function> {
        self.items.iter().filter_map(|i| match i {
            Item::Function(f) => Some(f),
            _ => None,
        })
    }

    pub fn domains(&self) -> impl Iterator<Item = &Domain> {
        self.items.iter().filter_map(|i| match i {
            Item::Domain(d) => Some(d),
            _ => None,
        })
    }

    pub fn predicates(&self) -> impl Iterator<Item = &Predicate> {
        self.items.iter().filter_map(|i| match i {
            Item::Predicate(p) => Some(p),
            _ => None,
        })
    }

    pub fn method(&self, name: &str) -> Option<&Method> {
        self.methods().find(|m| m.name.name == name)
    }

    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions().find(|f| f.name.name == name)
    }

    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields().find(|f| f.name.name == name)
    }
}
