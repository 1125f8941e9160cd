//! One generated Viper member and what it proves.

/// The array model's location function `loc(a, i): Ref` (see the C lowering's prelude).
pub const LOC_FUNCTION: &str = "loc";

/// What a generated member proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObligationKind {
    /// One iteration of a basic block against its iteration contract.
    ParBlock,
    /// Permissions of iterations that may run at the same time do not conflict.
    Disjoint,
    /// The blocks of a region with a contract, run by their contracts, establish the region's contract.
    Sequentialize,
    /// A source function's body against its contract (with regions in place or by contract).
    Function,
}

impl ObligationKind {
    /// `par-block`, `disjoint`, `sequentialize` or `function`.
    pub fn as_str(self) -> &'static str {
        match self {
            ObligationKind::ParBlock => "par-block",
            ObligationKind::Disjoint => "disjoint",
            ObligationKind::Sequentialize => "sequentialize",
            ObligationKind::Function => "function",
        }
    }
}

/// A generated method and what it proves.
#[derive(Clone, Debug)]
pub struct Obligation {
    pub method: viper::ast::Method,
    pub kind: ObligationKind,
    /// What it proves, in the terms of the source: `the contract of each iteration of the loop
    /// at line 12`, `no race between the loop at line 12 and the \`single\` at line 20`.
    pub what: String,
}
