//! A parsed `#pragma omp` line.

pub use super::clause::*;
pub use super::directive::{Association, Category, Directive, Placement};
pub use super::list::{Designator, ListItem, RawExpr};
use crate::spec::Ident;
use viper::Span;

/// The parenthesised argument some directives take after their name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectiveArg {
    /// `critical(name)` (§15.2).
    Name(Ident),
    /// `flush(list)` (§15.8.5), `threadprivate(list)` (§5.2), `allocate(list)` (§6.6),
    /// `declare target(list)` (§7.8.1).
    List(Vec<ListItem>),
    /// `depobj(object)` (§15.9.4).
    Object(ListItem),
    /// `declare reduction(identifier : types : combiner)` (§5.5.11).
    DeclareReduction {
        id: ReductionId,
        types: Vec<RawExpr>,
        combiner: RawExpr,
    },
    /// `declare mapper(…)` (§5.8.8), `declare variant(…)` (§7.5.4), kept as text.
    Raw(RawExpr),
}

impl std::fmt::Display for DirectiveArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DirectiveArg::Name(i) => write!(f, "({})", i.name),
            DirectiveArg::List(v) => write!(f, "({})", super::list::join(v)),
            DirectiveArg::Object(i) => write!(f, "({i})"),
            DirectiveArg::DeclareReduction {
                id,
                types,
                combiner,
            } => write!(f, "({id}: {}: {})", super::list::join(types), combiner.text),
            DirectiveArg::Raw(e) => write!(f, "({})", e.text),
        }
    }
}

/// A `#pragma omp` directive with its clauses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pragma {
    pub directive: Directive,
    /// The argument in parentheses after the directive name, if any.
    pub argument: Option<DirectiveArg>,
    pub clauses: Vec<Clause>,
    /// The whole pragma, from `#` to the end of its last line.
    pub span: Span,
    /// The directive name(s) after `omp`.
    pub directive_span: Span,
    /// Line of the `#`.
    pub line: u32,
}

impl Pragma {
    /// The clauses with keyword `keyword`.
    pub fn clauses_named<'a>(&'a self, keyword: &'a str) -> impl Iterator<Item = &'a Clause> {
        self.clauses
            .iter()
            .filter(move |c| c.kind.keyword() == keyword)
    }

    /// Whether the pragma has a clause with keyword `keyword`.
    pub fn has(&self, keyword: &str) -> bool {
        self.clauses_named(keyword).next().is_some()
    }

    /// Whether the pragma has a `nowait` clause.
    pub fn nowait(&self) -> bool {
        self.clauses.iter().any(|c| c.kind == ClauseKind::Nowait)
    }

    /// The `schedule` clause, if any: its kind and chunk text.
    pub fn schedule(&self) -> Option<(ScheduleKind, Option<&str>)> {
        self.clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::Schedule { kind, chunk, .. } => {
                Some((*kind, chunk.as_ref().map(|c| c.text.as_str())))
            }
            _ => None,
        })
    }

    /// The base variables of the items of `private` clauses.
    pub fn private_vars(&self) -> impl Iterator<Item = &Ident> {
        self.clauses
            .iter()
            .flat_map(|c| match &c.kind {
                ClauseKind::Private(v) => v.as_slice(),
                _ => &[],
            })
            .map(|i| &i.base)
    }

    /// The base variables of the items of `firstprivate` clauses.
    pub fn firstprivate_vars(&self) -> impl Iterator<Item = &Ident> {
        self.clauses
            .iter()
            .flat_map(|c| match &c.kind {
                ClauseKind::Firstprivate(v) => v.as_slice(),
                _ => &[],
            })
            .map(|i| &i.base)
    }

    /// The condition of the `if` clause that applies to constituent construct `leaf` (§3.4):
    /// one whose modifier names it, or one without modifier when `leaf` accepts `if`.
    pub fn if_for(&self, leaf: Directive) -> Option<&RawExpr> {
        self.clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::If {
                modifier: Some(m),
                cond,
            } if *m == leaf => Some(cond),
            ClauseKind::If {
                modifier: None,
                cond,
            } if super::rules::allowed(leaf, "if") && self.directive.has_leaf(leaf) => Some(cond),
            _ => None,
        })
    }

    /// The name of a `critical` construct.
    pub fn critical_name(&self) -> Option<&Ident> {
        match &self.argument {
            Some(DirectiveArg::Name(n)) => Some(n),
            _ => None,
        }
    }

    /// What the pragma applies to: that of its directive, except that `ordered` with a
    /// `doacross` or `depend` clause is stand-alone (§15.10.1).
    pub fn association(&self) -> Association {
        if self.directive == Directive::Ordered && (self.has("doacross") || self.has("depend")) {
            Association::None
        } else {
            self.directive.association()
        }
    }

    /// Whether the pragma is a stand-alone directive (no associated statement).
    pub fn is_stand_alone(&self) -> bool {
        self.directive.is_executable() && self.association() == Association::None
    }

    /// The value of `collapse(n)` when `n` is an integer literal; 1 without `collapse`.
    pub fn collapse(&self) -> Option<u64> {
        match self.clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::Collapse(e) => Some(e),
            _ => None,
        }) {
            Some(e) => int_literal(&e.text),
            None => Some(1),
        }
    }

    /// The value of `safelen(n)` when `n` is an integer literal (`Some(None)`: no such clause).
    pub fn safelen(&self) -> Option<Option<u64>> {
        match self.clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::Safelen(e) => Some(e),
            _ => None,
        }) {
            Some(e) => int_literal(&e.text).map(Some),
            None => Some(None),
        }
    }

    /// The number of loops of the nest the directive is associated with (§4.4.3, §4.4.4, §9):
    /// `collapse(n)`, `ordered(n)` (the larger), the number of `sizes` of `tile`, else 1; `None`
    /// when an argument is not an integer literal or the directive is not loop-associated.
    pub fn associated_loops(&self) -> Option<u64> {
        if !self.directive.is_loop() {
            return None;
        }
        let mut n = self.collapse()?;
        for c in &self.clauses {
            match &c.kind {
                ClauseKind::Ordered(Some(e)) => n = n.max(int_literal(&e.text)?),
                ClauseKind::Sizes(v) => n = n.max(v.len() as u64),
                _ => {}
            }
        }
        Some(n)
    }

    /// `omp <directive> <clauses>` as one line.
    pub fn display(&self) -> String {
        let mut s = format!("omp {}", self.directive.name());
        if let Some(a) = &self.argument {
            s.push_str(&a.to_string());
        }
        for c in &self.clauses {
            s.push(' ');
            s.push_str(&c.to_string());
        }
        s
    }
}

/// The value of a C integer literal (decimal, octal, hex, with `u`/`l` suffixes).
pub(crate) fn int_literal(text: &str) -> Option<u64> {
    let t = text.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else if t.len() > 1 && t.starts_with('0') {
        u64::from_str_radix(&t[1..], 8).ok()
    } else {
        t.parse().ok()
    }
}
