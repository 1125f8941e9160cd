//! Building the PPL program of a parallel region (thesis Fig. 4.6).
//!
//! `translate` maps every job of the region (a worksharing loop, `sections`, `single`) to a PPL
//! part tagged with its clauses; `ppl::compose` then inserts fusion, parallel and sequential
//! composition. A `section` or `single` whose body is sequential code becomes a sequential basic
//! block; one whose body is a parallel region becomes that region's program.

use super::ast::*;
use crate::c::ast::{Block, Stmt};
use crate::c::convert::Converter;
use crate::error::FrontError;
use crate::pragma::{Directive, Pragma, ScheduleKind};
use crate::source::AnnotationContent;
use crate::spec::{ClauseKind, Contract, Ident};
use lang_c::ast as lc;
use lang_c::span::Node;
use ppl::{BasicBlock, BlockId, BlockKind, Iteration, Part, Ppl};
use std::collections::HashMap;
use viper::Span;

/// The clauses of a translated job that the composition conditions look at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobInfo {
    pub directive: Directive,
    pub nowait: bool,
    /// `schedule(kind[, chunk])`, the chunk as written.
    pub schedule: Option<(ScheduleKind, Option<String>)>,
    /// The loop's range `[lower, upper)` as printed, for loop jobs.
    pub range: Option<(String, String)>,
}

impl JobInfo {
    fn of(p: &Pragma, range: Option<(String, String)>) -> JobInfo {
        JobInfo {
            directive: p.directive,
            nowait: p.nowait(),
            schedule: p.schedule().map(|(k, c)| (k, c.map(str::to_string))),
            range,
        }
    }
}

/// `fusiable` of Fig. 4.6: two plain `omp for` loops, both `schedule(static)` (with the same chunk),
/// the first with `nowait`. ompv also requires the two ranges to be written the same: OpenMP only
/// guarantees that the same iterations run on the same threads for equal iteration spaces. Loops
/// that fail this test (but have `nowait`) are composed in parallel instead, which is sound.
pub fn fusible(x: &JobInfo, y: &JobInfo) -> bool {
    let is_static = |j: &JobInfo| matches!(j.schedule, Some((ScheduleKind::Static, _)));
    let chunk = |j: &JobInfo| j.schedule.as_ref().and_then(|s| s.1.clone());
    x.directive == Directive::For
        && y.directive == Directive::For
        && x.nowait
        && is_static(x)
        && is_static(y)
        && chunk(x) == chunk(y)
        && x.range.is_some()
        && x.range == y.range
}

/// `par_able` of Fig. 4.6: the first part has `nowait`.
pub fn par_able(x: &JobInfo, _y: &JobInfo) -> bool {
    x.nowait
}

/// Composes translated jobs (Fig. 4.6, `compose`).
pub fn compose_jobs(jobs: Vec<Part<OmpBlock, JobInfo>>) -> Option<Part<OmpBlock, JobInfo>> {
    ppl::compose(
        jobs,
        |x, y| fusible(&x.clauses, &y.clauses),
        |x, y| par_able(&x.clauses, &y.clauses),
    )
}

type Tree = Ppl<OmpBlock>;
/// A translated job.
type Job = Part<OmpBlock, JobInfo>;

impl Converter<'_> {
    /// Builds an outermost parallel region from its pragmas (the first is a `parallel` directive)
    /// and statement, and records it.
    pub(crate) fn region(
        &mut self,
        pragmas: Vec<Pragma>,
        stmt: &Node<lc::Statement>,
    ) -> Result<RegionId, FrontError> {
        let pragma = pragmas[0].clone();
        let mut next = 0;
        let (ppl, contract) = self.region_tree(pragmas, stmt, &mut next)?;
        let pairs = ppl::block_pairs(&ppl);
        let id = RegionId(self.regions.len());
        let span = pragma.span.join(self.sp(stmt.span));
        self.regions.push(Region {
            id,
            function: self.func_name.clone(),
            pragma,
            contract,
            ppl,
            pairs,
            span,
        });
        Ok(id)
    }

    /// The PPL program of a parallel region (outermost or nested) and its contract.
    fn region_tree(
        &mut self,
        pragmas: Vec<Pragma>,
        stmt: &Node<lc::Statement>,
        next: &mut usize,
    ) -> Result<(Tree, Option<Contract>), FrontError> {
        let p = pragmas[0].clone();
        let inner = pragmas[1..].to_vec();
        self.omp.enclosing.push(p.clone());
        let r = self.region_tree_inner(&p, inner, stmt, next);
        self.omp.enclosing.pop();
        r
    }

    fn region_tree_inner(
        &mut self,
        p: &Pragma,
        inner: Vec<Pragma>,
        stmt: &Node<lc::Statement>,
        next: &mut usize,
    ) -> Result<(Tree, Option<Contract>), FrontError> {
        let (jobs, contract) = match p.directive {
            Directive::Parallel if !inner.is_empty() => (vec![self.job(inner, stmt, next)?], None),
            Directive::Parallel => match &stmt.node {
                lc::Statement::Compound(items) => self.region_body(items, stmt.span, next)?,
                _ => return Err(replicated_code(self.sp(stmt.span))),
            },
            Directive::ParallelFor | Directive::ParallelForSimd | Directive::ParallelSections => {
                if let Some(q) = inner.first() {
                    return Err(misplaced_pragma(q, p));
                }
                (vec![self.job_of(p, Vec::new(), stmt, next)?], None)
            }
            _ => {
                return Err(FrontError::omp_syntax(
                    p.directive_span,
                    format!(
                        "`omp {}` does not start a parallel region",
                        p.directive.name()
                    ),
                ))
            }
        };
        let region_span = self.sp(stmt.span);
        let part = compose_jobs(jobs).ok_or_else(|| {
            FrontError::unsupported(
                p.directive_span.join(region_span),
                "an empty parallel region is not supported (it contains no worksharing construct)",
            )
        })?;
        Ok((part.ppl, contract))
    }

    /// The jobs of a `parallel { … }` body and the region contract at its start.
    fn region_body(
        &mut self,
        items: &[Node<lc::BlockItem>],
        span: lang_c::span::Span,
        next: &mut usize,
    ) -> Result<(Vec<Job>, Option<Contract>), FrontError> {
        let (contract, mut cursor) =
            self.body_contract(items, span, "a parallel region's contract");
        let mut jobs = Vec::new();
        for it in items {
            let pragmas = self.pragmas_before(cursor, it.span.start)?;
            cursor = it.span.end;
            let stmt = match &it.node {
                lc::BlockItem::Statement(s) => s,
                _ => return Err(replicated_code(self.sp(it.span))),
            };
            if pragmas.is_empty() {
                if matches!(stmt.node, lc::Statement::Expression(None)) {
                    continue;
                }
                return Err(replicated_code(self.sp(it.span)));
            }
            jobs.push(self.job(pragmas, stmt, next)?);
        }
        let rest = self.pragmas_before(cursor, span.end)?;
        if let Some(p) = rest.first() {
            return Err(FrontError::omp_syntax(
                p.span,
                "this `#pragma omp` is not followed by a statement it could apply to",
            ));
        }
        Ok((jobs, contract))
    }

    /// The contract at the start of a `{ … }` body: the specification groups before its first
    /// pragma or statement. Returns the output offset after it.
    fn body_contract(
        &mut self,
        items: &[Node<lc::BlockItem>],
        span: lang_c::span::Span,
        what: &str,
    ) -> (Option<Contract>, usize) {
        let start = span.start + 1;
        let limit = items.first().map_or(span.end, |i| i.span.start);
        let anns = &self.l.annotations;
        let mut end = start;
        let first = anns.partition_point(|a| a.out_start < start);
        for a in anns.iter().skip(first) {
            if a.out_start >= limit {
                break;
            }
            match a.content {
                AnnotationContent::Spec(_) => end = a.out_end,
                _ => break,
            }
        }
        let taken = self.take(start, end);
        let c = self.contract_of(
            &taken,
            &[
                ClauseKind::Requires,
                ClauseKind::Ensures,
                ClauseKind::Context,
                ClauseKind::ContextEverywhere,
            ],
            what,
        );
        if let Some(c) = &c {
            self.check_contract(c);
        }
        (c, end)
    }

    /// The pragmas between output offsets `lo` and `hi` (specifications there are errors).
    fn pragmas_before(&mut self, lo: usize, hi: usize) -> Result<Vec<Pragma>, FrontError> {
        let mut out = Vec::new();
        for i in self.take(lo, hi) {
            let a = &self.l.annotations[i];
            match &a.content {
                AnnotationContent::Pragma(p) => out.push(p.clone()),
                AnnotationContent::InvalidPragma(e) => return Err(e.clone()),
                AnnotationContent::Spec(_) => {
                    return Err(FrontError::spec_syntax(
                        a.span,
                        "a specification inside a parallel region must be the region's contract (at the \
                         start of its body) or belong to a loop, `single` or `section`",
                    ))
                }
            }
        }
        Ok(out)
    }

    /// Translates one job (`m` of Fig. 4.6): its first pragma decides.
    fn job(
        &mut self,
        pragmas: Vec<Pragma>,
        stmt: &Node<lc::Statement>,
        next: &mut usize,
    ) -> Result<Part<OmpBlock, JobInfo>, FrontError> {
        let p = pragmas[0].clone();
        match p.directive {
            Directive::Parallel
            | Directive::ParallelFor
            | Directive::ParallelForSimd
            | Directive::ParallelSections => Err(FrontError::unsupported(
                p.directive_span,
                format!(
                    "`omp {}` directly inside a parallel region is not supported (nest parallel regions \
                     in a `section` or `single`)",
                    p.directive.name()
                ),
            )),
            Directive::Section => Err(FrontError::omp_syntax(
                p.directive_span,
                "`omp section` outside `omp sections`",
            )),
            _ => self.job_of(&p, pragmas[1..].to_vec(), stmt, next),
        }
    }

    fn job_of(
        &mut self,
        p: &Pragma,
        inner: Vec<Pragma>,
        stmt: &Node<lc::Statement>,
        next: &mut usize,
    ) -> Result<Part<OmpBlock, JobInfo>, FrontError> {
        match p.directive {
            d if d.is_loop() => {
                if let Some(q) = inner.first() {
                    return Err(misplaced_pragma(q, p));
                }
                let lc::Statement::For(f) = &stmt.node else {
                    return Err(FrontError::omp_syntax(
                        self.sp(stmt.span),
                        format!("`omp {}` must be followed by a `for` loop", d.name()),
                    ));
                };
                // `collapse(n)` with n > 1 distributes the iterations of a loop nest; ompv's
                // blocks iterate over the outer loop only, so that would be unsound.
                if let Some(c) = p.clauses.iter().find(
                    |c| matches!(&c.kind, crate::pragma::ClauseKind::Collapse(e) if e.text != "1"),
                ) {
                    return Err(FrontError::unsupported(
                        c.span,
                        "`collapse` of more than one loop is not supported",
                    ));
                }
                let (lp, contract) = self.canonical_loop(f, p)?;
                let kind = if d == Directive::Simd {
                    BlockKind::Vec
                } else {
                    BlockKind::Par
                };
                let iteration = Iteration {
                    var: lp.var.name.clone(),
                    lower: crate::c::print::print_expr(&lp.lower),
                    upper: crate::c::print::print_expr(&lp.upper),
                };
                let range = Some((iteration.lower.clone(), iteration.upper.clone()));
                let span = p.span.join(self.sp(stmt.span));
                let block = self.basic_block(
                    p,
                    kind,
                    span,
                    Some(iteration),
                    contract,
                    BlockBody::Loop(lp),
                    next,
                );
                Ok(Part {
                    ppl: Ppl::Block(block),
                    clauses: JobInfo::of(p, range),
                })
            }
            Directive::Sections | Directive::ParallelSections => {
                if let Some(q) = inner.first() {
                    return Err(misplaced_pragma(q, p));
                }
                let lc::Statement::Compound(items) = &stmt.node else {
                    return Err(FrontError::omp_syntax(
                        self.sp(stmt.span),
                        "`omp sections` must be followed by a `{ … }` block of sections",
                    ));
                };
                // The sections' data-sharing clauses apply to every section.
                self.omp.enclosing.push(p.clone());
                let tree = self.sections(p, items, stmt.span, next);
                self.omp.enclosing.pop();
                Ok(Part {
                    ppl: tree?,
                    clauses: JobInfo::of(p, None),
                })
            }
            Directive::Single => {
                let tree = self.sec(p, inner, stmt, next)?;
                Ok(Part {
                    ppl: tree,
                    clauses: JobInfo::of(p, None),
                })
            }
            _ => Err(FrontError::omp_syntax(
                p.directive_span,
                "unexpected directive here",
            )),
        }
    }

    /// `sections`: the parallel composition of its sections.
    fn sections(
        &mut self,
        p: &Pragma,
        items: &[Node<lc::BlockItem>],
        span: lang_c::span::Span,
        next: &mut usize,
    ) -> Result<Tree, FrontError> {
        let mut cursor = span.start + 1;
        let mut parts = Vec::new();
        for (k, it) in items.iter().enumerate() {
            let mut pragmas = self.pragmas_before(cursor, it.span.start)?;
            cursor = it.span.end;
            let lc::BlockItem::Statement(stmt) = &it.node else {
                return Err(FrontError::unsupported(
                    self.sp(it.span),
                    "a declaration directly inside `omp sections`",
                ));
            };
            if matches!(stmt.node, lc::Statement::Expression(None)) && pragmas.is_empty() {
                continue;
            }
            // The first section may omit its `#pragma omp section`.
            let section = if pragmas
                .first()
                .is_some_and(|q| q.directive == Directive::Section)
            {
                pragmas.remove(0)
            } else if k == 0 || parts.is_empty() {
                p.clone()
            } else {
                return Err(FrontError::omp_syntax(
                    self.sp(it.span),
                    "every statement in `omp sections` after the first must be a `#pragma omp section`",
                ));
            };
            parts.push(self.sec(&section, pragmas, stmt, next)?);
        }
        let rest = self.pragmas_before(cursor, span.end)?;
        if let Some(q) = rest.first() {
            return Err(FrontError::omp_syntax(
                q.span,
                "this `#pragma omp` is not followed by a statement",
            ));
        }
        Ppl::fold(ppl::Op::Par, parts).ok_or_else(|| {
            FrontError::unsupported(
                self.sp(span),
                "`omp sections` without any section is not supported",
            )
        })
    }

    /// `sec` of Fig. 4.6: the body of a `section` or `single` (`p`): sequential code becomes a
    /// sequential basic block, a parallel region becomes its program.
    fn sec(
        &mut self,
        p: &Pragma,
        inner: Vec<Pragma>,
        stmt: &Node<lc::Statement>,
        next: &mut usize,
    ) -> Result<Tree, FrontError> {
        let span = p.span.join(self.sp(stmt.span));
        if let Some(q) = inner.first() {
            if !q.directive.is_parallel() {
                return Err(FrontError::unsupported(
                    q.directive_span,
                    format!(
                        "`omp {}` directly inside `omp {}` is not supported (only sequential code or a \
                         parallel region)",
                        q.directive.name(),
                        p.directive.name()
                    ),
                ));
            }
            return self.nested_region(inner, stmt, next);
        }
        let lc::Statement::Compound(items) = &stmt.node else {
            let code = self.block_code(|c| match c.statement(stmt, Vec::new()) {
                Ok(v) => v,
                Err(e) => {
                    c.errors.push(e);
                    c.skip(stmt.span.start, stmt.span.end);
                    Vec::new()
                }
            });
            let body = Block {
                stmts: code,
                span: self.sp(stmt.span),
            };
            return Ok(Ppl::Block(self.basic_block(
                p,
                BlockKind::Seq,
                span,
                None,
                None,
                BlockBody::Code(body),
                next,
            )));
        };
        // A body holding exactly one statement that starts a parallel region: that region.
        let real: Vec<&Node<lc::BlockItem>> = items
            .iter()
            .filter(|i| !matches!(&i.node, lc::BlockItem::Statement(s) if matches!(s.node, lc::Statement::Expression(None))))
            .collect();
        if let [only] = real.as_slice() {
            let first_parallel = self
                .peek_pragmas(stmt.span.start + 1, only.span.start)
                .first()
                .is_some_and(|q| q.directive.is_parallel());
            if first_parallel {
                let (contract, cursor) =
                    self.body_contract(items, stmt.span, "a section's contract");
                if let Some(c) = contract {
                    return Err(FrontError::unsupported(
                        c.span,
                        "a contract on a `section`/`single` whose body is a parallel region is not supported \
                         (only basic blocks and outermost regions carry contracts)",
                    ));
                }
                let pragmas = self.pragmas_before(cursor, only.span.start)?;
                let lc::BlockItem::Statement(s) = &only.node else {
                    unreachable!("checked above")
                };
                let tree = self.nested_region(pragmas, s, next)?;
                // Nothing may follow the region inside the body.
                let rest = self.pragmas_before(only.span.end, stmt.span.end)?;
                if let Some(q) = rest.first() {
                    return Err(FrontError::omp_syntax(
                        q.span,
                        "this `#pragma omp` is not followed by a statement",
                    ));
                }
                return Ok(tree);
            }
        }
        let (contract, cursor) =
            self.body_contract(items, stmt.span, "a section's or single's contract");
        let code = self.block_code(|c| {
            c.scopes.push(HashMap::new());
            let v = c.items(items, cursor, stmt.span.end.saturating_sub(1));
            c.scopes.pop();
            v
        });
        let body = Block {
            stmts: code,
            span: self.sp(stmt.span),
        };
        Ok(Ppl::Block(self.basic_block(
            p,
            BlockKind::Seq,
            span,
            None,
            contract,
            BlockBody::Code(body),
            next,
        )))
    }

    fn nested_region(
        &mut self,
        pragmas: Vec<Pragma>,
        stmt: &Node<lc::Statement>,
        next: &mut usize,
    ) -> Result<Tree, FrontError> {
        let (tree, contract) = self.region_tree(pragmas, stmt, next)?;
        if let Some(c) = contract {
            return Err(FrontError::unsupported(
                c.span,
                "a contract on a nested parallel region is not supported (only basic blocks and outermost \
                 regions carry contracts)",
            ));
        }
        Ok(tree)
    }

    /// Converts the code of a basic block (no OpenMP constructs inside).
    fn block_code(&mut self, f: impl FnOnce(&mut Self) -> Vec<Stmt>) -> Vec<Stmt> {
        let was = std::mem::replace(&mut self.omp.in_block, true);
        let v = f(self);
        self.omp.in_block = was;
        v
    }

    /// The pragmas starting in `lo..hi`, without taking them.
    fn peek_pragmas(&self, lo: usize, hi: usize) -> Vec<Pragma> {
        self.l
            .annotations
            .iter()
            .filter(|a| a.out_start >= lo && a.out_start < hi)
            .filter_map(|a| match &a.content {
                AnnotationContent::Pragma(p) => Some(p.clone()),
                _ => None,
            })
            .collect()
    }

    #[allow(clippy::too_many_arguments)]
    fn basic_block(
        &mut self,
        p: &Pragma,
        kind: BlockKind,
        span: Span,
        iteration: Option<Iteration>,
        contract: Option<Contract>,
        body: BlockBody,
        next: &mut usize,
    ) -> BasicBlock<OmpBlock> {
        let mut private: Vec<Ident> = Vec::new();
        let mut firstprivate: Vec<Ident> = Vec::new();
        for q in self.omp.enclosing.iter().chain(std::iter::once(p)) {
            private.extend(q.private_vars().cloned());
            firstprivate.extend(q.firstprivate_vars().cloned());
            // Reductions combine per-thread copies at the end: not modelled (yet).
            for c in &q.clauses {
                if matches!(c.kind, crate::pragma::ClauseKind::Reduction { .. }) {
                    self.errors.push(FrontError::unsupported(
                        c.span,
                        "the `reduction` clause is not supported",
                    ));
                }
            }
        }
        let id = BlockId(*next);
        *next += 1;
        BasicBlock {
            id,
            kind,
            line: p.line,
            span,
            iteration,
            payload: OmpBlock {
                pragma: p.clone(),
                contract,
                body,
                private,
                firstprivate,
            },
        }
    }
}

fn replicated_code(span: Span) -> FrontError {
    FrontError::unsupported(
        span,
        "code in a parallel region outside a worksharing construct (it would run on every thread) is not \
         supported; put it in an `omp single` or `omp section`",
    )
}

fn misplaced_pragma(q: &Pragma, p: &Pragma) -> FrontError {
    FrontError::omp_syntax(
        q.directive_span,
        format!(
            "`omp {}` cannot apply to the statement of `omp {}`",
            q.directive.name(),
            p.directive.name()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(d: Directive, nowait: bool, sched: Option<ScheduleKind>, range: &str) -> JobInfo {
        JobInfo {
            directive: d,
            nowait,
            schedule: sched.map(|k| (k, None)),
            range: Some(("0".into(), range.into())),
        }
    }

    #[test]
    fn fusion_needs_plain_for_static_nowait_and_equal_ranges() {
        let s = Some(ScheduleKind::Static);
        let a = info(Directive::For, true, s, "N");
        let b = info(Directive::For, false, s, "N");
        assert!(fusible(&a, &b));
        assert!(!fusible(&b, &a), "the first needs nowait");
        assert!(!fusible(
            &info(Directive::For, true, Some(ScheduleKind::Dynamic), "N"),
            &b
        ));
        assert!(
            !fusible(&a, &info(Directive::For, false, None, "N")),
            "both need schedule(static)"
        );
        assert!(!fusible(&info(Directive::ForSimd, true, s, "N"), &b));
        assert!(
            !fusible(&a, &info(Directive::For, false, s, "M")),
            "ranges must agree"
        );
        let mut chunked = a.clone();
        chunked.schedule = Some((ScheduleKind::Static, Some("4".into())));
        assert!(!fusible(&chunked, &b), "chunks must agree");
        assert!(par_able(&a, &b));
        assert!(!par_able(&b, &a));
    }
}
