//! Heap chunks and heaps.
//!
//! A basic chunk holds a permission amount to one field location with its value. A quantified chunk
//! holds, for every reference `r`, the amount `perm(r)` (a term over the placeholder receiver
//! [`Symbols::qp_r`](crate::verifier::smt::symbols::Symbols)) to `r.f`, and the values through a field-value
//! function `fvf` (`lookup_f(fvf, r)`). Fields accessed by quantified permissions anywhere in the
//! program have only quantified chunks; all others have only basic chunks.

use std::cell::Cell;
use z3::ast::{Ast, Dynamic, Real};

thread_local! {
    static NEXT_VERSION: Cell<u64> = const { Cell::new(1) };
}

fn next_version() -> u64 {
    NEXT_VERSION.with(|c| {
        let v = c.get();
        c.set(v + 1);
        v
    })
}

/// Permission `perm` to `rcv.field`, whose value is `val`.
#[derive(Clone, Debug)]
pub struct BasicChunk {
    pub field: usize,
    pub rcv: Dynamic,
    pub perm: Real,
    pub val: Dynamic,
}

/// Permission `perm(r)` to `r.field` for every `r`, values `lookup_field(fvf, r)`.
#[derive(Clone, Debug)]
pub struct QuantChunk {
    pub field: usize,
    /// A term over the placeholder receiver.
    pub perm: Real,
    pub fvf: Dynamic,
    /// For a chunk of one location: its receiver and permission (enables syntactic fast paths).
    pub singleton: Option<(Dynamic, Real)>,
    /// The inverse-function applications `inv(r)` of the region (triggers for facts about it).
    pub inverses: Vec<Dynamic>,
    /// The shape of the receivers the chunk was made for, to try likely chunks first.
    pub hint: Option<ReceiverHint>,
    /// Quotients by symbolic widths in the chunk's region, at the placeholder receiver (see
    /// `qp_lemmas`).
    pub divisions: Vec<super::qp_lemmas::Division>,
}

/// The shape of receivers such as `loc(row(a, i), j)`: the tree of function applications, with
/// the subterms that depend on the bound variables left open. Only an ordering heuristic: which
/// chunks hold a location is always decided by the solver.
#[derive(Clone, Debug)]
pub enum ReceiverHint {
    /// A subterm free of bound variables: the term itself.
    Fixed(Dynamic),
    /// An application whose arguments mention bound variables.
    App(String, Vec<ReceiverHint>),
    /// Anything else that depends on the bound variables.
    Open,
}

impl ReceiverHint {
    /// The hint of receiver `rcv` whose bound variables are `bound`; `None` unless `rcv` is a
    /// function application.
    pub fn of(rcv: &Dynamic, bound: &[Dynamic]) -> Option<ReceiverHint> {
        if !rcv.is_app() || rcv.num_children() == 0 {
            return None;
        }
        Some(Self::shape(rcv, bound))
    }

    fn shape(t: &Dynamic, bound: &[Dynamic]) -> ReceiverHint {
        if !bound.iter().any(|v| mentions(t, v)) {
            return ReceiverHint::Fixed(t.clone());
        }
        if t.is_app() && t.num_children() > 0 {
            let args = t.children().iter().map(|a| Self::shape(a, bound)).collect();
            return ReceiverHint::App(t.decl().name(), args);
        }
        ReceiverHint::Open
    }

    /// How well two hints agree: 0 when their outermost functions differ, else 1 plus the
    /// agreement of the arguments (an identical fixed term counts 2, the same function 1 plus
    /// its arguments'), so `loc(row(a, i), j)` prefers `loc(row(a, k), l)` to `loc(x, 0)`.
    pub fn score(&self, other: &ReceiverHint) -> usize {
        let (Some((f, xs)), Some((g, ys))) = (self.parts(), other.parts()) else {
            return 0;
        };
        if f != g || xs.len() != ys.len() {
            return 0;
        }
        1 + xs.iter().zip(&ys).map(|(x, y)| x.agree(y)).sum::<usize>()
    }

    /// The function and arguments of an application, fixed or not.
    fn parts(&self) -> Option<(String, Vec<ReceiverHint>)> {
        match self {
            ReceiverHint::App(f, args) => Some((f.clone(), args.clone())),
            ReceiverHint::Fixed(t) if t.is_app() && t.num_children() > 0 => Some((
                t.decl().name(),
                t.children().into_iter().map(ReceiverHint::Fixed).collect(),
            )),
            _ => None,
        }
    }

    fn agree(&self, other: &ReceiverHint) -> usize {
        match (self, other) {
            (ReceiverHint::Fixed(a), ReceiverHint::Fixed(b)) if a.ast_eq(b) => 2,
            _ => self.score(other),
        }
    }
}

/// Whether `term` contains `var`.
fn mentions(term: &Dynamic, var: &Dynamic) -> bool {
    term.ast_eq(var) || term.children().iter().any(|c| mentions(c, var))
}

/// A symbolic heap: a multiset of chunks. Each field's chunks carry a version that changes
/// whenever they change, so values derived from them (snapshot maps) can be cached per version.
#[derive(Clone, Debug)]
pub struct Heap {
    pub basic: Vec<BasicChunk>,
    pub quant: Vec<QuantChunk>,
    /// Per-field versions; fields beyond the end have `base`.
    versions: Vec<u64>,
    base: u64,
}

impl Default for Heap {
    fn default() -> Self {
        Heap {
            basic: Vec::new(),
            quant: Vec::new(),
            versions: Vec::new(),
            base: next_version(),
        }
    }
}

impl Heap {
    pub fn new() -> Heap {
        Heap::default()
    }

    /// Marks the chunks of `field` as changed.
    pub fn touch(&mut self, field: usize) {
        if self.versions.len() <= field {
            self.versions.resize(field + 1, self.base);
        }
        self.versions[field] = next_version();
    }

    /// The current version of the chunks of `field`.
    pub fn version(&self, field: usize) -> u64 {
        self.versions.get(field).copied().unwrap_or(self.base)
    }

    pub fn basic_of(&self, field: usize) -> impl Iterator<Item = (usize, &BasicChunk)> {
        self.basic
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.field == field)
    }

    pub fn quant_of(&self, field: usize) -> impl Iterator<Item = (usize, &QuantChunk)> {
        self.quant
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.field == field)
    }
}
