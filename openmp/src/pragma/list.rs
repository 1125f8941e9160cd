//! List items of clauses (§3.2.1): variables, array elements and sections (§3.2.5), structure
//! members, dereferences and array shaping (§3.2.4).

use crate::spec::Ident;
use viper::Span;

/// A clause argument kept as source text, with whitespace runs collapsed to one space and the
/// file's object-like macros put in ([`super::macros`]); the span is the written text's. The
/// front end parses it as C.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawExpr {
    pub text: String,
    pub span: Span,
}

/// One step from the base variable of a list item to the storage it designates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Designator {
    /// `[e]`: an array element.
    Index(RawExpr),
    /// `[lower : length : stride]`: an array section (§3.2.5); each part may be omitted
    /// (`a[:n]`, `a[lo:]`, `a[:]`).
    Section {
        lower: Option<RawExpr>,
        length: Option<RawExpr>,
        stride: Option<RawExpr>,
        span: Span,
    },
    /// `.f`: a structure member.
    Member(Ident),
    /// `->f`: a member through a pointer.
    Arrow(Ident),
}

/// A list item: its text (whitespace-normalised), span, and structure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListItem {
    pub text: String,
    pub span: Span,
    /// The variable the item starts from.
    pub base: Ident,
    /// Leading `*` dereferences (`*p`).
    pub derefs: usize,
    /// Array shaping `([d1][d2])p` (§3.2.4): the dimensions.
    pub shape: Vec<RawExpr>,
    /// Subscripts, sections and member accesses after the base, in order.
    pub designators: Vec<Designator>,
}

impl ListItem {
    /// The expressions of the item: its shape's dimensions, subscripts and section bounds.
    pub fn exprs_mut(&mut self) -> Vec<&mut RawExpr> {
        let mut out: Vec<&mut RawExpr> = self.shape.iter_mut().collect();
        for d in &mut self.designators {
            match d {
                Designator::Index(e) => out.push(e),
                Designator::Section {
                    lower,
                    length,
                    stride,
                    ..
                } => out.extend([lower, length, stride].into_iter().flatten()),
                Designator::Member(_) | Designator::Arrow(_) => {}
            }
        }
        out
    }

    /// Whether the item is a plain variable name.
    pub fn is_variable(&self) -> bool {
        self.derefs == 0 && self.shape.is_empty() && self.designators.is_empty()
    }

    /// Whether the item has an array section.
    pub fn has_section(&self) -> bool {
        self.designators
            .iter()
            .any(|d| matches!(d, Designator::Section { .. }))
    }
}

impl std::fmt::Display for ListItem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::fmt::Display for RawExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// `a, b, c`.
pub(crate) fn join<T: std::fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
