//! The built-in theories of Viper's collections, axiomatised like Silicon's: sequences, sets and
//! multisets, each an uninterpreted sort per element sort with its functions and quantified
//! axioms. They build on the SMT layer only.

pub(super) mod multisets;
pub(super) mod seqs;
pub(super) mod sets;
