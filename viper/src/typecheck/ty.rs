//! The type checker's types: Viper types plus inference variables, `Impure` (assertions holding
//! permissions) and `Error` (an already reported problem, compatible with everything), and the
//! unification that resolves inference variables.

use crate::ast::Type;
use std::fmt;

/// An inference variable: an index into [`Unifier`]'s table.
pub(super) type VarId = usize;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Ty {
    Int,
    Bool,
    Perm,
    Ref,
    Seq(Box<Ty>),
    Set(Box<Ty>),
    Multiset(Box<Ty>),
    Domain(String, Vec<Ty>),
    /// A type parameter of the enclosing generic domain (rigid inside it).
    Param(String),
    /// An inference variable.
    Var(VarId),
    /// An assertion that holds permissions (`acc(..)`, predicate instances, and connectives
    /// over them); only allowed where assertions are.
    Impure,
    /// The type of an expression whose error has been reported already.
    Error,
}

impl Ty {
    pub(super) fn from_ast(t: &Type) -> Ty {
        match t {
            Type::Int => Ty::Int,
            Type::Bool => Ty::Bool,
            Type::Perm => Ty::Perm,
            Type::Ref => Ty::Ref,
            Type::Seq(e) => Ty::Seq(Box::new(Ty::from_ast(e))),
            Type::Set(e) => Ty::Set(Box::new(Ty::from_ast(e))),
            Type::Multiset(e) => Ty::Multiset(Box::new(Ty::from_ast(e))),
            Type::Domain { name, args } => {
                Ty::Domain(name.clone(), args.iter().map(Ty::from_ast).collect())
            }
            Type::Var(v) => Ty::Param(v.clone()),
        }
    }

    /// Replaces domain type parameters by the given types.
    pub(super) fn instantiate(&self, params: &[(String, Ty)]) -> Ty {
        match self {
            Ty::Param(p) => params
                .iter()
                .find(|(n, _)| n == p)
                .map_or_else(|| self.clone(), |(_, t)| t.clone()),
            Ty::Seq(e) => Ty::Seq(Box::new(e.instantiate(params))),
            Ty::Set(e) => Ty::Set(Box::new(e.instantiate(params))),
            Ty::Multiset(e) => Ty::Multiset(Box::new(e.instantiate(params))),
            Ty::Domain(n, args) => Ty::Domain(
                n.clone(),
                args.iter().map(|a| a.instantiate(params)).collect(),
            ),
            _ => self.clone(),
        }
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Int => write!(f, "Int"),
            Ty::Bool => write!(f, "Bool"),
            Ty::Perm => write!(f, "Perm"),
            Ty::Ref => write!(f, "Ref"),
            Ty::Seq(e) => write!(f, "Seq[{e}]"),
            Ty::Set(e) => write!(f, "Set[{e}]"),
            Ty::Multiset(e) => write!(f, "Multiset[{e}]"),
            Ty::Domain(n, args) => {
                write!(f, "{n}")?;
                if !args.is_empty() {
                    let a: Vec<String> = args.iter().map(|t| t.to_string()).collect();
                    write!(f, "[{}]", a.join(", "))?;
                }
                Ok(())
            }
            Ty::Param(p) => write!(f, "{p}"),
            Ty::Var(_) => write!(f, "_"),
            Ty::Impure => write!(f, "assertion"),
            Ty::Error => write!(f, "<error>"),
        }
    }
}

/// What an inference variable may still become.
#[derive(Clone, Debug)]
enum Slot {
    /// Anything (element type of `Seq()`, a domain function's type argument).
    Free,
    /// `Int` or `Perm`: the type of an `Int / Int` division, decided by its context.
    Numeric,
    Bound(Ty),
}

/// The inference variables of one top-level expression and their solutions.
#[derive(Default)]
pub(super) struct Unifier {
    slots: Vec<Slot>,
}

impl Unifier {
    pub(super) fn fresh(&mut self) -> Ty {
        self.slots.push(Slot::Free);
        Ty::Var(self.slots.len() - 1)
    }

    pub(super) fn fresh_numeric(&mut self) -> Ty {
        self.slots.push(Slot::Numeric);
        Ty::Var(self.slots.len() - 1)
    }

    /// Follows bound variables at the top of `t`.
    pub(super) fn shallow(&self, t: &Ty) -> Ty {
        let mut t = t.clone();
        while let Ty::Var(v) = t {
            match &self.slots[v] {
                Slot::Bound(b) => t = b.clone(),
                _ => return Ty::Var(v),
            }
        }
        t
    }

    /// Substitutes all bound variables in `t`.
    pub(super) fn resolve(&self, t: &Ty) -> Ty {
        match self.shallow(t) {
            Ty::Seq(e) => Ty::Seq(Box::new(self.resolve(&e))),
            Ty::Set(e) => Ty::Set(Box::new(self.resolve(&e))),
            Ty::Multiset(e) => Ty::Multiset(Box::new(self.resolve(&e))),
            Ty::Domain(n, args) => Ty::Domain(n, args.iter().map(|a| self.resolve(a)).collect()),
            other => other,
        }
    }

    /// Constrains an unsolved variable to `Int` or `Perm`; false if `t` is some other type.
    pub(super) fn make_numeric(&mut self, t: &Ty) -> bool {
        match self.shallow(t) {
            Ty::Var(v) => {
                if let Slot::Free = self.slots[v] {
                    self.slots[v] = Slot::Numeric;
                }
                true
            }
            Ty::Int | Ty::Perm | Ty::Error => true,
            _ => false,
        }
    }

    /// Whether `t` still contains an unsolved variable that is not numeric.
    pub(super) fn has_unsolved(&self, t: &Ty) -> bool {
        match self.shallow(t) {
            Ty::Var(v) => matches!(self.slots[v], Slot::Free),
            Ty::Seq(e) | Ty::Set(e) | Ty::Multiset(e) => self.has_unsolved(&e),
            Ty::Domain(_, args) => args.iter().any(|a| self.has_unsolved(a)),
            _ => false,
        }
    }

    fn occurs(&self, v: VarId, t: &Ty) -> bool {
        match self.shallow(t) {
            Ty::Var(w) => v == w,
            Ty::Seq(e) | Ty::Set(e) | Ty::Multiset(e) => self.occurs(v, &e),
            Ty::Domain(_, args) => args.iter().any(|a| self.occurs(v, a)),
            _ => false,
        }
    }

    /// Makes `a` and `b` equal, binding variables; false if they cannot be.
    pub(super) fn unify(&mut self, a: &Ty, b: &Ty) -> bool {
        let (a, b) = (self.shallow(a), self.shallow(b));
        match (&a, &b) {
            // An error is compatible with everything; variables meeting it are settled so that
            // no follow-up error is reported for them.
            (Ty::Error, other) | (other, Ty::Error) => {
                let other = other.clone();
                self.poison(&other);
                true
            }
            (Ty::Var(x), Ty::Var(y)) if x == y => true,
            (Ty::Var(x), _) => self.bind(*x, &b),
            (_, Ty::Var(y)) => self.bind(*y, &a),
            (Ty::Seq(x), Ty::Seq(y))
            | (Ty::Set(x), Ty::Set(y))
            | (Ty::Multiset(x), Ty::Multiset(y)) => self.unify(x, y),
            (Ty::Domain(n, xs), Ty::Domain(m, ys)) => {
                n == m && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| self.unify(x, y))
            }
            _ => a == b,
        }
    }

    fn poison(&mut self, t: &Ty) {
        match self.shallow(t) {
            Ty::Var(v) => self.slots[v] = Slot::Bound(Ty::Error),
            Ty::Seq(e) | Ty::Set(e) | Ty::Multiset(e) => self.poison(&e),
            Ty::Domain(_, args) => args.iter().for_each(|a| self.poison(a)),
            _ => {}
        }
    }

    fn bind(&mut self, v: VarId, t: &Ty) -> bool {
        if self.occurs(v, t) {
            return false;
        }
        if let Slot::Numeric = self.slots[v] {
            match t {
                Ty::Int | Ty::Perm => {}
                Ty::Var(w) => {
                    // A numeric variable meets another variable: the other becomes numeric too.
                    if let Slot::Free = self.slots[*w] {
                        self.slots[*w] = Slot::Numeric;
                    }
                }
                _ => return false,
            }
        }
        self.slots[v] = Slot::Bound(t.clone());
        true
    }

    /// Gives every unsolved variable its default: `Int` (as Silver does). Returns the variables
    /// that were free (not numeric), so that callers can report those that must be inferred.
    pub(super) fn default_unsolved(&mut self) -> Vec<VarId> {
        let mut free = Vec::new();
        for v in 0..self.slots.len() {
            match self.slots[v] {
                Slot::Free => {
                    free.push(v);
                    self.slots[v] = Slot::Bound(Ty::Int);
                }
                Slot::Numeric => self.slots[v] = Slot::Bound(Ty::Int),
                Slot::Bound(_) => {}
            }
        }
        free
    }
}
