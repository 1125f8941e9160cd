//! The third stage's result, the front end's: the program with every specification it lacked
//! inferred, and what `ompv infer` shows of them.

use std::ops::{Deref, DerefMut};
use viper::Span;

/// The program with its inferred specifications written into its functions and regions. It
/// reads through to the OpenMP stage's program it extends.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub omp: crate::omp::Program,
    /// Where the inferred specifications go in the source text, and what could not be inferred.
    pub inference: Inference,
}

impl Deref for Program {
    type Target = crate::omp::Program;
    fn deref(&self) -> &crate::omp::Program {
        &self.omp
    }
}

impl DerefMut for Program {
    fn deref_mut(&mut self) -> &mut crate::omp::Program {
        &mut self.omp
    }
}

impl crate::c::print::Names for Program {
    fn name(&self, v: crate::c::VarId) -> String {
        self.var(v).name.clone()
    }
}

/// Where `ompv infer` inserts an inferred specification into the source text.
#[derive(Clone, Debug, PartialEq)]
pub struct Insertion {
    /// Byte offset in the user's file.
    pub offset: usize,
    pub text: String,
}

/// What inference did: where its specifications go, and what it could not infer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Inference {
    pub insertions: Vec<Insertion>,
    /// Constructs left without a specification, with the reason.
    pub missing: Vec<(Span, String)>,
    /// The blocks (by span) whose contract could not be inferred: they are checked holding no
    /// permission, so what fails there says nothing certain about the program.
    pub uninferred: Vec<Span>,
}
