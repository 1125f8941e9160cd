//! What the verification of one member depends on: the functions it may apply (directly, through
//! the contracts of the methods it calls, through other functions' definitions and through domain
//! axioms) and the fields it accesses through quantified permissions.
//!
//! Each member is verified with exactly these declarations and axioms, in a solver of its own, so
//! that its verdict does not depend on which other members its file holds, on their order, or on
//! which worker thread verifies it. [`isolate`] builds the smallest program that holds a member
//! and everything it depends on (the member-isolation test verifies it and compares).

use std::collections::{BTreeSet, HashSet};

use crate::ast::*;

use super::program::ProgramIndex;
use super::rules::walk::visit;

/// The member whose dependencies are collected.
#[derive(Clone, Copy)]
pub enum MemberRef<'p> {
    Method(&'p Method),
    Function(&'p Function),
    /// A predicate: its body must be well-defined.
    Predicate(&'p Predicate),
}

impl MemberRef<'_> {
    /// The member's name.
    pub fn name(&self) -> &str {
        match self {
            MemberRef::Method(m) => &m.name.name,
            MemberRef::Function(f) => &f.name.name,
            MemberRef::Predicate(p) => &p.name.name,
        }
    }
}

/// The declarations one member's verification uses.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    /// Functions whose symbols and axioms are declared, in program order.
    pub functions: Vec<String>,
    /// Methods whose contracts the member uses (it calls them), in program order.
    pub callees: Vec<String>,
    /// Fields (indices into the program's fields) that occur in a quantified permission anywhere
    /// in the member's dependencies: all their chunks are quantified chunks.
    pub quantified_fields: HashSet<usize>,
    /// The domain axioms assumed (domain and axiom index): those that can matter to the member
    /// (see [`ProgramIndex::relevant_axioms`]).
    pub axioms: BTreeSet<(usize, usize)>,
    /// The function being verified, if the member is a function: its definitional axiom is left
    /// out (its body is what is checked, as Silicon does).
    pub own_function: Option<String>,
    /// The method being verified, if the member is a method.
    pub own_method: Option<String>,
    /// Functions of the scope whose definitional axiom is not assumed (not verified, or of the
    /// member's own recursion cycle).
    pub no_definition: HashSet<String>,
    /// Functions of the scope whose postcondition is not assumed (ill-formed specification).
    pub no_postcondition: HashSet<String>,
}

impl Scope {
    /// Whether `name` is a function of this scope.
    pub fn has_function(&self, name: &str) -> bool {
        self.functions.iter().any(|f| f == name)
    }
}

impl<'p> ProgramIndex<'p> {
    /// The dependencies of `member` (see the module documentation).
    pub fn scope_of(&self, member: MemberRef<'p>) -> Scope {
        let mut exprs: Vec<&'p Expr> = Vec::new();
        let mut callees: BTreeSet<&'p str> = BTreeSet::new();
        let (own_function, own_method) = match member {
            MemberRef::Method(m) => {
                exprs.extend(m.pres.iter().chain(m.posts.iter()));
                if let Some(b) = &m.body {
                    collect_block(b, &mut exprs, &mut callees);
                }
                (None, Some(m.name.name.clone()))
            }
            MemberRef::Function(f) => {
                exprs.extend(f.pres.iter().chain(f.posts.iter()).chain(f.body.iter()));
                (Some(f.name.name.clone()), None)
            }
            MemberRef::Predicate(p) => {
                exprs.extend(p.body.iter());
                (None, None)
            }
        };
        for c in &callees {
            if let Some(m) = self.methods.get(c) {
                exprs.extend(m.pres.iter().chain(m.posts.iter()));
            }
        }
        // Close over function definitions and contracts.
        let mut functions: BTreeSet<&'p str> = BTreeSet::new();
        let mut predicates: HashSet<&'p str> = HashSet::new();
        if let MemberRef::Function(f) = member {
            functions.insert(f.name.name.as_str());
        }
        // A kept domain axiom may apply program functions (Silver allows heap-independent ones),
        // whose definitions may make more axioms relevant: iterate to a fixed point.
        let mut pending: Vec<&'p Expr> = exprs.clone();
        let mut axioms = BTreeSet::new();
        loop {
            while let Some(e) = pending.pop() {
                visit(e, &mut |x| {
                    if let ExprKind::Call { name, .. } = &x.kind {
                        // A predicate's body is what folding and unfolding it produce and
                        // consume: its functions and quantified fields belong to the member.
                        if let Some(p) = self.predicates.get(name.name.as_str()) {
                            if predicates.insert(p.name.name.as_str()) {
                                exprs.extend(p.body.iter());
                                pending.extend(p.body.iter());
                            }
                        }
                        if let Some(f) = self.functions.get(name.name.as_str()) {
                            if functions.insert(f.name.name.as_str()) {
                                let more = f.pres.iter().chain(f.posts.iter()).chain(f.body.iter());
                                for m in more {
                                    exprs.push(m);
                                    pending.push(m);
                                }
                            }
                        }
                    }
                });
            }
            let relevant = self.relevant_axioms(&exprs);
            let new: Vec<(usize, usize)> = relevant.difference(&axioms).copied().collect();
            if new.is_empty() {
                break;
            }
            for (d, a) in new {
                let e = &self.domains[d].axioms[a].expr;
                exprs.push(e);
                pending.push(e);
                axioms.insert((d, a));
            }
        }
        let mut quantified_fields = HashSet::new();
        for e in &exprs {
            self.quantified_fields_in(e, &mut quantified_fields);
        }
        let in_order = |names: &BTreeSet<&str>, all: Vec<&'p str>| -> Vec<String> {
            all.into_iter()
                .filter(|n| names.contains(n))
                .map(str::to_string)
                .collect()
        };
        Scope {
            functions: in_order(
                &functions,
                self.program
                    .functions()
                    .map(|f| f.name.name.as_str())
                    .collect(),
            ),
            callees: in_order(
                &callees,
                self.program
                    .methods()
                    .map(|m| m.name.name.as_str())
                    .collect(),
            ),
            quantified_fields,
            axioms,
            own_function,
            own_method,
            no_definition: HashSet::new(),
            no_postcondition: HashSet::new(),
        }
    }
}

impl<'p> ProgramIndex<'p> {
    /// The domain axioms a member whose expressions are `exprs` assumes. Leaving an axiom out
    /// never proves more (fewer assumptions), so this only decides what the solver needs: an
    /// axiom is kept if it mentions no function at all, or some function the member (or a kept
    /// axiom) mentions — unless it mentions a constant (a function without arguments, not
    /// `unique`) that neither mentions: such axioms describe other data (the shape of another
    /// global array, say), and keeping them all made every member's work grow with the size of
    /// the program.
    /// Axioms of generic domains are all kept (they are instantiated per type).
    pub fn relevant_axioms(&self, exprs: &[&Expr]) -> BTreeSet<(usize, usize)> {
        fn calls(e: &Expr) -> BTreeSet<&str> {
            let mut out: BTreeSet<&str> = BTreeSet::new();
            visit(e, &mut |x| {
                if let ExprKind::Call { name, .. } = &x.kind {
                    out.insert(name.name.as_str());
                }
            });
            out
        }
        let constants: HashSet<&str> = self
            .domains
            .iter()
            .flat_map(|d| d.functions.iter())
            // Unique constants are the tags of a type (an enumeration, an ADT's constructors):
            // axioms about them describe the type, not other data.
            .filter(|f| f.args.is_empty() && !f.unique)
            .map(|f| f.name.name.as_str())
            .collect();
        let mut mentioned: BTreeSet<&str> = BTreeSet::new();
        for e in exprs {
            mentioned.extend(calls(e));
        }
        let candidates: Vec<((usize, usize), BTreeSet<&str>)> = self
            .domains
            .iter()
            .enumerate()
            .flat_map(|(d, dom)| {
                dom.axioms
                    .iter()
                    .enumerate()
                    .map(move |(a, ax)| ((d, a), ax))
            })
            .map(|(k, ax)| (k, calls(&ax.expr)))
            .collect();
        let mut kept = BTreeSet::new();
        loop {
            let mut grew = false;
            for (k, fs) in &candidates {
                if kept.contains(k) {
                    continue;
                }
                let generic = !self.domains[k.0].type_params.is_empty();
                let about = fs.is_empty() || fs.iter().any(|f| mentioned.contains(f));
                let other_data = fs
                    .iter()
                    .any(|f| constants.contains(f) && !mentioned.contains(f));
                if generic || (about && !other_data) {
                    kept.insert(*k);
                    mentioned.extend(fs.iter().copied());
                    grew = true;
                }
            }
            if !grew {
                return kept;
            }
        }
    }
}

/// Collects the expressions of a block (recursively) and the names of the methods it calls.
fn collect_block<'p>(b: &'p Block, exprs: &mut Vec<&'p Expr>, callees: &mut BTreeSet<&'p str>) {
    let mut blocks = vec![b];
    while let Some(b) = blocks.pop() {
        for s in &b.stmts {
            exprs.extend(super::rules::walk::stmt_exprs(s));
            match &s.kind {
                StmtKind::Block(inner) => blocks.push(inner),
                StmtKind::If { then, els, .. } => {
                    blocks.push(then);
                    blocks.extend(els.iter());
                }
                StmtKind::While { body, .. } => blocks.push(body),
                StmtKind::Call { method, .. } => {
                    callees.insert(method.name.as_str());
                }
                _ => {}
            }
        }
    }
}

/// The program holding only the member named `name` and what its verification needs: every
/// field, domain and predicate, the functions of its [`Scope`] and abstract copies (contracts
/// only) of the methods it calls. `None` if no method or function has that name.
pub fn isolate(program: &Program, name: &str) -> Option<Program> {
    let index = ProgramIndex::new(program);
    let member = match (index.methods.get(name), index.functions.get(name)) {
        (Some(m), _) => MemberRef::Method(m),
        (None, Some(f)) => MemberRef::Function(f),
        (None, None) => MemberRef::Predicate(index.predicates.get(name)?),
    };
    let scope = index.scope_of(member);
    let items = program
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Field(_) | Item::Domain(_) | Item::Predicate(_) => Some(item.clone()),
            Item::Function(f) if scope.has_function(&f.name.name) => Some(item.clone()),
            Item::Method(m) if m.name.name == name => Some(item.clone()),
            Item::Method(m) if scope.callees.contains(&m.name.name) => Some(Item::Method(Method {
                body: None,
                ..m.clone()
            })),
            _ => None,
        })
        .collect();
    Some(Program { items })
}
