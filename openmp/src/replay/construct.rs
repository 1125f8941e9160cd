//! Dispatching an OpenMP construct to its meaning. Compound constructs run leaf by leaf: a
//! `parallel` leaf makes the data environment of every leaf inside it (§17.2: the clauses of a
//! combined construct act as if on the leaf that accepts them, which for the data-sharing
//! clauses of `parallel for`/`parallel sections` is equivalent to privatising once per implicit
//! task and writing `lastprivate`/`reduction` results back to the original).
//!
//! Constructs outside the model — devices (`target`, `teams`, `distribute`), cancellation,
//! doacross loops, `loop`, `scan`, loop transformations, `depobj`, ... — stop the run as
//! inconclusive, naming the construct: nothing is skipped silently.

use super::exec::Flow;
use super::team::rest_of;
use super::thread::Thread;
use super::world::{inconclusive, R};
use crate::c::ast::*;
use crate::pragma::Directive;

impl<'p> Thread<'p, '_> {
    /// Runs an OpenMP construct.
    pub fn omp(&mut self, c: &'p OmpConstruct) -> R<Flow> {
        let d = c.pragma.directive;
        let span = c.pragma.directive_span;
        if d.is_device() {
            return inconclusive(
                span,
                format!(
                    "the device construct `omp {}` is outside the replay's model",
                    d.name()
                ),
            );
        }
        match d.leaves()[0] {
            Directive::Parallel => self.parallel(c, rest_of(d)),
            Directive::For
            | Directive::Sections
            | Directive::Single
            | Directive::Scope
            | Directive::Simd
            | Directive::Masked
            | Directive::Master
            | Directive::Taskloop => self.leaf(c, d, None).map(|(f, _)| f),
            Directive::Task => self.task(c),
            Directive::Taskwait => self.taskwait(c),
            Directive::Taskgroup => self.taskgroup(c),
            Directive::Taskyield => {
                self.yield_now()?;
                Ok(Flow::Normal)
            }
            Directive::Critical
            | Directive::Atomic
            | Directive::Flush
            | Directive::Barrier
            | Directive::Ordered => self.sync(c),
            // Informational and utility directives without run-time effect.
            Directive::Nothing | Directive::Assume | Directive::Assumes => match &c.body {
                OmpBody::Block { body, .. } => self.exec_block(body),
                _ => Ok(Flow::Normal),
            },
            _ => inconclusive(
                span,
                format!("`omp {}` is outside the replay's model", d.name()),
            ),
        }
    }
}
