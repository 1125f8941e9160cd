//! OpenMP directives in function bodies: each pragma applies to the statement after it (the
//! next pragma's construct, when several precede one statement); stand-alone directives are
//! statements of their own. Loop constructs take their loops in canonical form (OpenMP 5.2
//! §4.4.1), with the iteration contract between the innermost `for (…)` and its body.

use super::Converter;
use crate::c::ast::*;
use crate::error::FrontError;
use crate::pragma::{Directive, Pragma};
use crate::source::AnnotationContent;
use crate::spec::{ClauseKind, Contract};
use lang_c::ast as lc;
use lang_c::span::Node;
use std::collections::HashMap;
use viper::Span;

/// What a directive applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// A loop nest of this many loops.
    Loop(usize),
    /// `{ #pragma omp section … }`.
    Sections,
    /// A structured block.
    Block,
    /// Nothing: a stand-alone directive.
    Standalone,
}

/// The shape of a directive's construct (what OpenMP 5.2 associates it with, §3.1).
pub(crate) fn shape(p: &Pragma) -> Shape {
    use crate::pragma::Association;
    match p.association() {
        Association::Loop => Shape::Loop(p.associated_loops().unwrap_or(1).max(1) as usize),
        Association::None | Association::Declaration | Association::Delimited => Shape::Standalone,
        Association::Block | Association::Separating => match p.directive {
            Directive::Sections | Directive::ParallelSections => Shape::Sections,
            _ => Shape::Block,
        },
    }
}

impl Converter<'_> {
    /// Whether a pragma is a stand-alone directive (it applies to no statement).
    pub(crate) fn is_standalone(&self, p: &Pragma) -> bool {
        shape(p) == Shape::Standalone
    }

    /// A stand-alone directive as a statement.
    pub(crate) fn standalone(&mut self, p: Pragma) -> Result<Stmt, FrontError> {
        let span = p.span;
        self.check_nesting(&p)?;
        if !p.directive.is_executable() {
            // A declarative directive among statements (`threadprivate` of a static local).
            self.declarative_pragma(&p);
            return Ok(Stmt {
                kind: StmtKind::Block(Block {
                    stmts: Vec::new(),
                    span,
                }),
                span,
            });
        }
        Ok(Stmt {
            kind: StmtKind::Omp(Box::new(OmpConstruct {
                pragma: p,
                body: OmpBody::None,
                region: None,
                span,
            })),
            span,
        })
    }

    /// `master` / `masked [filter(t)]` (OpenMP 5.2 §10.5): the thread whose number is the filter
    /// (0 without `filter`) runs the block; no barrier before or after it. It is exactly
    /// `if (omp_get_thread_num() == t) { … }`, which is how ompv represents it.
    fn masked(&mut self, p: Pragma, body: OmpBody, span: Span) -> Result<Stmt, FrontError> {
        let OmpBody::Block { contract, body } = body else {
            unreachable!("`masked` is block-associated")
        };
        let mut filter = 0;
        for c in &p.clauses {
            if let crate::pragma::ClauseKind::Filter(e) = &c.kind {
                filter = e.text.trim().parse::<i128>().map_err(|_| {
                    FrontError::unsupported(e.span, "a `filter` that is not an integer constant")
                })?;
            }
        }
        let at = p.directive_span;
        let mut stmts = Vec::new();
        let t = self.temp(Type::INT, at, &mut stmts);
        if let Some(c) = contract {
            let ExprKind::Var(v) = t.kind else {
                unreachable!("a temporary is a variable")
            };
            let guarded = self.masked_contract(&p, c, filter)?;
            self.masked_contracts.insert(v, guarded);
        }
        stmts.push(Stmt {
            kind: StmtKind::Call {
                target: Some(t.clone()),
                callee: Ident {
                    name: "omp_get_thread_num".into(),
                    span: at,
                },
                args: Vec::new(),
            },
            span: at,
        });
        let cond = Expr {
            kind: ExprKind::Binary {
                op: BinOp::Eq,
                lhs: Box::new(t),
                rhs: Box::new(Expr {
                    kind: ExprKind::Int(filter),
                    ty: Type::INT,
                    span: at,
                }),
            },
            ty: Type::INT,
            span: at,
        };
        stmts.push(Stmt {
            kind: StmtKind::If {
                cond,
                then: body,
                els: None,
            },
            span,
        });
        Ok(Stmt {
            kind: StmtKind::Block(Block { stmts, span }),
            span,
        })
    }

    /// The contract at the start of a `master`/`masked` block as clauses of the code every
    /// thread runs around it: each guarded by `omp_get_thread_num() == filter`, since only that
    /// thread runs the block. Its pre- and postconditions hold where that code starts and ends
    /// (ompv checks them there: the block is code of the enclosing block, §10.5).
    fn masked_contract(
        &self,
        p: &Pragma,
        c: Contract,
        filter: i128,
    ) -> Result<Contract, FrontError> {
        if !self.omp.enclosing.iter().any(|q| q.directive.is_parallel()) {
            return Err(FrontError::unsupported(
                c.span,
                format!(
                    "a contract at the start of an orphaned `omp {}` (give it in a parallel \
                     region of the same function)",
                    p.directive.name()
                ),
            ));
        }
        let mut clauses = Vec::new();
        for cl in c.clauses {
            if !matches!(
                cl.kind,
                ClauseKind::Requires | ClauseKind::Ensures | ClauseKind::Context
            ) {
                return Err(FrontError::unsupported(
                    cl.span,
                    format!(
                        "a `{}` clause at the start of `omp {}` (only `requires`, `ensures` and \
                         `context`)",
                        cl.kind.keyword(),
                        p.directive.name()
                    ),
                ));
            }
            use crate::spec::build as s;
            use crate::spec::{BinOp as SBin, Expr as SExpr, ExprKind as SKind};
            let at = cl.expr.span;
            let thread = SExpr {
                kind: SKind::ThreadNum,
                span: at,
            };
            let guard = s::bin(SBin::Eq, thread, s::int(filter, at), at);
            clauses.push(crate::spec::Clause {
                expr: s::bin(SBin::Implies, guard, cl.expr, at),
                ..cl
            });
        }
        Ok(Contract {
            clauses,
            span: c.span,
        })
    }

    /// Directives that cannot appear where they stand.
    fn check_nesting(&self, p: &Pragma) -> Result<(), FrontError> {
        if p.directive == Directive::Section {
            return Err(FrontError::omp_syntax(
                p.directive_span,
                "`omp section` outside `omp sections`",
            ));
        }
        Ok(())
    }

    /// A statement with the pragmas in front of it: the first pragma's construct, applied to the
    /// statement with the remaining pragmas.
    pub(crate) fn omp_statement(
        &mut self,
        mut pragmas: Vec<Pragma>,
        stmt: &Node<lc::Statement>,
    ) -> Result<Stmt, FrontError> {
        let p = pragmas.remove(0);
        self.check_nesting(&p)?;
        if let Some((item, why)) = crate::semantics::openmp::repeated_list_item(&p) {
            return Err(FrontError::nonconforming(item.span, why));
        }
        let span = p.span.join(self.sp(stmt.span));
        // An outermost parallel region; a `simd` loop outside any region is one of its own
        // (one thread, whose SIMD lanes may run at the same time).
        let outside = !self.omp.enclosing.iter().any(|q| q.directive.is_parallel());
        // (A `simd` loop in a block's code is one too: `omp::worksharing::block_simd` numbers them.)
        let outermost_parallel =
            outside && (p.directive.is_parallel() || p.directive == Directive::Simd);
        self.omp.enclosing.push(p.clone());
        let body = self.construct_body(&p, pragmas, stmt);
        self.omp.enclosing.pop();
        let body = body?;
        if matches!(p.directive, Directive::Master | Directive::Masked) {
            return self.masked(p, body, span);
        }
        let region = outermost_parallel.then(|| {
            self.next_region += 1;
            RegionId(self.next_region - 1)
        });
        Ok(Stmt {
            kind: StmtKind::Omp(Box::new(OmpConstruct {
                pragma: p,
                body,
                region,
                span,
            })),
            span,
        })
    }

    fn construct_body(
        &mut self,
        p: &Pragma,
        inner: Vec<Pragma>,
        stmt: &Node<lc::Statement>,
    ) -> Result<OmpBody, FrontError> {
        match shape(p) {
            Shape::Loop(n) => {
                if let Some(q) = inner.first() {
                    return Err(misplaced(q, p));
                }
                self.scopes.push(HashMap::new());
                let r = self.loop_nest(p, stmt, n);
                self.scopes.pop();
                Ok(OmpBody::Loop(r?))
            }
            Shape::Sections => {
                if let Some(q) = inner.first() {
                    return Err(misplaced(q, p));
                }
                let lc::Statement::Compound(items) = &stmt.node else {
                    return Err(FrontError::omp_syntax(
                        self.sp(stmt.span),
                        format!(
                            "`omp {}` must be followed by a `{{ … }}` block of sections",
                            p.directive.name()
                        ),
                    ));
                };
                Ok(OmpBody::Sections(self.sections(p, items, stmt.span)?))
            }
            Shape::Block => {
                let (contract, body) = self.structured_block(inner, stmt)?;
                Ok(OmpBody::Block { contract, body })
            }
            Shape::Standalone => unreachable!("stand-alone directives have no statement"),
        }
    }

    /// The structured block of a construct: a `{ … }` body with the contract at its start, or
    /// one statement (itself a construct if `inner` pragmas precede it).
    fn structured_block(
        &mut self,
        inner: Vec<Pragma>,
        stmt: &Node<lc::Statement>,
    ) -> Result<(Option<Contract>, Block), FrontError> {
        let span = self.sp(stmt.span);
        if !inner.is_empty() {
            let s = self.omp_statement(inner, stmt)?;
            return Ok((
                None,
                Block {
                    stmts: vec![s],
                    span,
                },
            ));
        }
        match &stmt.node {
            lc::Statement::Compound(items) => {
                let (contract, cursor) = self.body_contract(items, stmt.span);
                self.scopes.push(HashMap::new());
                let stmts = self.items(items, cursor, stmt.span.end.saturating_sub(1));
                self.scopes.pop();
                Ok((contract, Block { stmts, span }))
            }
            _ => Ok((None, self.body(stmt, stmt.span.start))),
        }
    }

    /// The contract at the start of a `{ … }` body: the specification groups before its first
    /// pragma or statement. Returns the output offset after it.
    pub(crate) fn body_contract(
        &mut self,
        items: &[Node<lc::BlockItem>],
        span: lang_c::span::Span,
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
            match &a.content {
                AnnotationContent::Spec(s)
                    if s.items
                        .iter()
                        .all(|i| matches!(i, crate::spec::SpecItem::Clause(c) if c.kind != ClauseKind::LoopInvariant)) =>
                {
                    end = a.out_end
                }
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
                ClauseKind::ResourceInvariant,
            ],
            "the contract of an OpenMP construct",
        );
        if let Some(c) = &c {
            self.check_contract(c);
        }
        (c, end)
    }

    /// The sections of a `sections` construct.
    fn sections(
        &mut self,
        p: &Pragma,
        items: &[Node<lc::BlockItem>],
        span: lang_c::span::Span,
    ) -> Result<Vec<Section>, FrontError> {
        let mut cursor = span.start + 1;
        let mut out = Vec::new();
        for it in items {
            let anns = self.take(cursor, it.span.start);
            cursor = super::stmt::item_end(it);
            let mut lead = self.leading(anns);
            if let Some(c) = lead.loop_spec.first() {
                return Err(FrontError::spec_syntax(
                    c.span,
                    "`loop_invariant` not followed by a loop",
                ));
            }
            if let Some(a) = lead.asserts.first() {
                return Err(FrontError::spec_syntax(
                    a.span,
                    "an assertion directly inside `omp sections` (put it in a section)",
                ));
            }
            let lc::BlockItem::Statement(stmt) = &it.node else {
                return Err(FrontError::omp_syntax(
                    self.sp(it.span),
                    "a declaration directly inside `omp sections`",
                ));
            };
            if matches!(stmt.node, lc::Statement::Expression(None)) && lead.pragmas.is_empty() {
                continue;
            }
            let section = if lead
                .pragmas
                .first()
                .is_some_and(|q| q.directive == Directive::Section)
            {
                Some(lead.pragmas.remove(0))
            } else if out.is_empty() {
                None
            } else {
                return Err(FrontError::omp_syntax(
                    self.sp(it.span),
                    "every statement in `omp sections` after the first must be a `#pragma omp section`",
                ));
            };
            if let Some(sp) = &section {
                self.omp.enclosing.push(sp.clone());
            }
            let r = self.structured_block(lead.pragmas, stmt);
            if section.is_some() {
                self.omp.enclosing.pop();
            }
            let (contract, body) = r?;
            let sspan = section
                .as_ref()
                .map_or(self.sp(stmt.span), |q| q.span.join(self.sp(stmt.span)));
            out.push(Section {
                pragma: section,
                contract,
                body,
                span: sspan,
            });
        }
        let rest = self.take(cursor, span.end);
        let lead = self.leading(rest);
        if let Some(q) = lead.pragmas.first() {
            return Err(FrontError::omp_syntax(
                q.span,
                "this `#pragma omp` is not followed by a statement",
            ));
        }
        if out.is_empty() {
            return Err(FrontError::omp_syntax(
                p.directive_span,
                format!("`omp {}` without any section", p.directive.name()),
            ));
        }
        Ok(out)
    }

    /// The `n` loops of a loop construct and the body of the innermost.
    fn loop_nest(
        &mut self,
        p: &Pragma,
        stmt: &Node<lc::Statement>,
        n: usize,
    ) -> Result<LoopNest, FrontError> {
        let mut loops = Vec::new();
        let mut cur = stmt;
        loop {
            let lc::Statement::For(f) = &cur.node else {
                return Err(FrontError::omp_syntax(
                    self.sp(cur.span),
                    if loops.is_empty() {
                        format!(
                            "`omp {}` must be followed by a `for` loop",
                            p.directive.name()
                        )
                    } else {
                        format!(
                            "`collapse({n})` needs {n} perfectly nested `for` loops; this is not a loop"
                        )
                    },
                ));
            };
            let lp = self.canonical_loop(f, p)?;
            loops.push(lp);
            if loops.len() == n {
                break;
            }
            // The next loop must be the whole body (possibly inside braces).
            let body = &f.node.statement;
            cur = match &body.node {
                lc::Statement::Compound(items) => match items.as_slice() {
                    [one] => match &one.node {
                        lc::BlockItem::Statement(s) => s,
                        _ => {
                            return Err(FrontError::omp_syntax(
                                self.sp(body.span),
                                format!("`collapse({n})` needs perfectly nested loops"),
                            ))
                        }
                    },
                    _ => {
                        return Err(FrontError::omp_syntax(
                            self.sp(body.span),
                            format!("`collapse({n})` needs perfectly nested loops"),
                        ))
                    }
                },
                _ => body,
            };
            // Annotations between two collapsed loops apply to nothing.
            let lc::Statement::For(_) = &cur.node else {
                continue;
            };
        }
        let lc::Statement::For(f) = &cur.node else {
            unreachable!("the innermost is a for loop")
        };
        let fs = &f.node;
        let header_end = header_end_of(fs, f.span.start);
        // Specifications between the header and the body are the iteration contract; pragmas
        // there apply to the body.
        let between = self.take_specs(header_end, fs.statement.span.start);
        let contract = self.contract_of(
            &between,
            &[
                ClauseKind::Requires,
                ClauseKind::Ensures,
                ClauseKind::Context,
                ClauseKind::ContextEverywhere,
                ClauseKind::ResourceInvariant,
            ],
            "an iteration contract",
        );
        if let Some(c) = &contract {
            self.check_contract(c);
        }
        // §4.4.1 allows an inner loop's bounds to depend on an outer loop's variable (a
        // non-rectangular nest); the proof takes every collapsed dimension's range as fixed.
        for (k, inner) in loops.iter().enumerate().skip(1) {
            let mut read = Vec::new();
            inner.lower.vars(&mut read);
            inner.bound.vars(&mut read);
            if let Some(outer) = loops[..k].iter().find(|o| read.contains(&o.var)) {
                return Err(FrontError::unsupported(
                    inner.header,
                    format!(
                        "the bounds of this loop read `{}`, the variable of an enclosing loop of \
                         the `collapse` nest (a non-rectangular loop nest, OpenMP 5.2 §4.4.1)",
                        self.var(outer.var).name
                    ),
                ));
            }
        }
        let body = self.body(&fs.statement, header_end);
        for lp in &loops {
            if let Some(span) = assigns_var(&body.stmts, lp.var) {
                return Err(FrontError::omp_syntax(
                    span,
                    format!(
                        "the iteration variable `{}` of a loop construct must not be modified in \
                         its body (OpenMP 5.2 §4.4.1)",
                        self.var(lp.var).name
                    ),
                ));
            }
        }
        Ok(LoopNest {
            loops,
            contract,
            body,
        })
    }

    /// One loop in canonical form (OpenMP 5.2 §4.4.1): `init-expr` is `var = lb` or
    /// `integer-type var = lb`; `test-expr` compares `var` with `<`, `<=`, `>`, `>=` or `!=`
    /// against a bound that does not depend on it; `incr-expr` is `++var`, `var++`, `--var`,
    /// `var--`, `var += c`, `var -= c`, `var = var + c`, `var = c + var`, `var = var - c`.
    /// ompv needs the increment `c` to be an integer constant.
    fn canonical_loop(
        &mut self,
        f: &Node<lc::ForStatement>,
        p: &Pragma,
    ) -> Result<CanonicalLoop, FrontError> {
        let fs = &f.node;
        let for_span = self.sp(f.span);
        let header_end = header_end_of(fs, f.span.start);
        let header = self.l.span(f.span.start, header_end + 1);
        let directive = p.directive.name();
        let bad = |span: Span, why: &str| {
            Err(FrontError::omp_syntax(
                span,
                format!("the loop of `omp {directive}` is not in canonical form: {why}"),
            ))
        };
        // Initialisation.
        let mut pre = Vec::new();
        let (var, lower, declares_var) = match &fs.initializer.node {
            lc::ForInitializer::Declaration(d) => {
                let mut decls = self.local_declaration(d)?;
                let Some(Stmt {
                    kind:
                        StmtKind::Decl {
                            var,
                            init: Some(Init::Expr(lower)),
                        },
                    ..
                }) = decls.pop()
                else {
                    return bad(
                        self.sp(d.span),
                        "it must declare and initialise one variable",
                    );
                };
                if !decls.is_empty() {
                    return bad(self.sp(d.span), "it must declare exactly one variable");
                }
                (var, lower, true)
            }
            lc::ForInitializer::Expression(e) => match &e.node {
                lc::Expression::BinaryOperator(b)
                    if b.node.operator.node == lc::BinaryOperator::Assign =>
                {
                    let target = self.lvalue(&b.node.lhs, &mut pre)?;
                    let ExprKind::Var(var) = target.kind else {
                        return bad(target.span, "the initialisation must assign a variable");
                    };
                    let lower = self.rvalue(&b.node.rhs, &mut pre)?;
                    let ty = self.var(var).ty.clone();
                    let lower = self.assign_conv(lower, &ty, "a loop bound")?;
                    (var, lower, false)
                }
                _ => return bad(self.sp(e.span), "the initialisation must be `var = lower`"),
            },
            _ => return bad(for_span, "the initialisation must be `var = lower`"),
        };
        if !self.var(var).ty.is_integer() {
            return bad(for_span, "the loop variable must have an integer type");
        }
        // Test.
        let Some(cond) = &fs.condition else {
            return bad(for_span, "the loop has no test");
        };
        let cond = self.rvalue(cond, &mut pre)?;
        let is_var = |e: &Expr| matches!(e.kind, ExprKind::Var(v) if v == var);
        let strip = |e: &Expr| -> Expr {
            match &e.kind {
                ExprKind::Cast(inner) if inner.ty.is_integer() => (**inner).clone(),
                _ => e.clone(),
            }
        };
        let (test, bound) = match &cond.kind {
            ExprKind::Binary { op, lhs, rhs } if is_var(&strip(lhs)) => (*op, (**rhs).clone()),
            ExprKind::Binary { op, lhs, rhs } if is_var(&strip(rhs)) => {
                let flipped = match op {
                    BinOp::Lt => BinOp::Gt,
                    BinOp::Le => BinOp::Ge,
                    BinOp::Gt => BinOp::Lt,
                    BinOp::Ge => BinOp::Le,
                    o => *o,
                };
                (flipped, (**lhs).clone())
            }
            _ => {
                return bad(
                    cond.span,
                    "the test must compare the loop variable with `<`, `<=`, `>`, `>=` or `!=`",
                )
            }
        };
        if !matches!(
            test,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Ne
        ) {
            return bad(
                cond.span,
                "the test must compare the loop variable with `<`, `<=`, `>`, `>=` or `!=`",
            );
        }
        let mut mentioned = Vec::new();
        bound.vars(&mut mentioned);
        if mentioned.contains(&var) {
            return bad(bound.span, "the bound must not depend on the loop variable");
        }
        if !pre.is_empty() {
            return bad(for_span, "the loop's header must not have side effects");
        }
        // Increment.
        let Some(step) = &fs.step else {
            return bad(for_span, "the loop has no increment");
        };
        let Some(step) = self.increment_of(step, var)? else {
            return bad(
                self.sp(step.span),
                "the increment must be `var++`, `var--`, `var += c`, `var -= c` or `var = var + c` \
                 with an integer constant `c`",
            );
        };
        if step == 0 {
            return bad(
                self.sp(fs.step.as_ref().unwrap().span),
                "the increment is zero",
            );
        }
        let direction_ok = match test {
            BinOp::Lt | BinOp::Le => step > 0,
            BinOp::Gt | BinOp::Ge => step < 0,
            _ => step == 1 || step == -1,
        };
        if !direction_ok {
            return bad(
                for_span,
                "the increment does not move the variable toward the bound (OpenMP 5.2 §4.4.1)",
            );
        }
        Ok(CanonicalLoop {
            var,
            declares_var,
            lower,
            test,
            bound,
            step,
            header,
            span: for_span,
        })
    }

    /// The constant increment `var++`, `var += c`, … applies to `var`.
    fn increment_of(
        &mut self,
        step: &Node<lc::Expression>,
        var: VarId,
    ) -> Result<Option<i128>, FrontError> {
        let mut ignored = Vec::new();
        let name = self.var(var).name.clone();
        let is_var = |e: &Node<lc::Expression>| matches!(&e.node, lc::Expression::Identifier(i) if i.node.name == name);
        let mut konst = |c: &mut Self, e: &Node<lc::Expression>| -> Option<i128> {
            let v = c.rvalue(e, &mut ignored).ok()?;
            crate::c::constant::eval_const(&v)
        };
        Ok(match &step.node {
            lc::Expression::UnaryOperator(u) if is_var(&u.node.operand) => {
                match u.node.operator.node {
                    lc::UnaryOperator::PostIncrement | lc::UnaryOperator::PreIncrement => Some(1),
                    lc::UnaryOperator::PostDecrement | lc::UnaryOperator::PreDecrement => Some(-1),
                    _ => None,
                }
            }
            lc::Expression::BinaryOperator(b) if is_var(&b.node.lhs) => {
                match b.node.operator.node {
                    lc::BinaryOperator::AssignPlus => konst(self, &b.node.rhs),
                    lc::BinaryOperator::AssignMinus => konst(self, &b.node.rhs).map(|c| -c),
                    lc::BinaryOperator::Assign => match &b.node.rhs.node {
                        lc::Expression::BinaryOperator(r) => match r.node.operator.node {
                            lc::BinaryOperator::Plus if is_var(&r.node.lhs) => {
                                konst(self, &r.node.rhs)
                            }
                            lc::BinaryOperator::Plus if is_var(&r.node.rhs) => {
                                konst(self, &r.node.lhs)
                            }
                            lc::BinaryOperator::Minus if is_var(&r.node.lhs) => {
                                konst(self, &r.node.rhs).map(|c| -c)
                            }
                            _ => None,
                        },
                        _ => None,
                    },
                    _ => None,
                }
            }
            _ => None,
        })
    }
}

/// The output offset just after a `for` header's last expression.
fn header_end_of(fs: &lc::ForStatement, fallback: usize) -> usize {
    super::stmt::header_end(fs, fallback)
}

fn misplaced(q: &Pragma, p: &Pragma) -> FrontError {
    FrontError::omp_syntax(
        q.directive_span,
        format!(
            "`omp {}` cannot apply to the loop of `omp {}`",
            q.directive.name(),
            p.directive.name()
        ),
    )
}

/// The span of the first statement in `stmts` that assigns variable `v`.
pub(crate) fn assigns_var(stmts: &[Stmt], v: VarId) -> Option<Span> {
    let is_v = |e: &Expr| matches!(e.kind, ExprKind::Var(x) if x == v);
    for s in stmts {
        let hit = match &s.kind {
            StmtKind::Assign { target, .. } => is_v(target),
            StmtKind::Call {
                target: Some(t), ..
            }
            | StmtKind::Alloc { target: t, .. } => is_v(t),
            _ => false,
        };
        if hit {
            return Some(s.span);
        }
        let mut found = None;
        if let StmtKind::Loop {
            init,
            cond_pre,
            step,
            ..
        } = &s.kind
        {
            found = assigns_var(init, v)
                .or_else(|| assigns_var(cond_pre, v))
                .or_else(|| assigns_var(step, v));
        }
        s.for_each_block(&mut |b| {
            if found.is_none() {
                found = assigns_var(&b.stmts, v);
            }
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
