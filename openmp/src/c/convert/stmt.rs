//! Statements and blocks, with the annotations in front of them.

use super::expr::assign_stmt;
use super::{Converter, Leading};
use crate::c::ast::*;
use crate::error::FrontError;
use crate::source::AnnotationContent;
use crate::spec::{Clause, ClauseKind, Contract};
use lang_c::ast as lc;
use lang_c::span::Node;
use std::collections::HashMap;
use viper::Span;

impl Converter<'_> {
    /// A `{ … }` block in a new scope.
    pub(crate) fn compound(
        &mut self,
        items: &[Node<lc::BlockItem>],
        span: lang_c::span::Span,
    ) -> Block {
        self.scopes.push(HashMap::new());
        let stmts = self.items(items, span.start + 1, span.end.saturating_sub(1));
        self.scopes.pop();
        Block {
            stmts,
            span: self.sp(span),
        }
    }

    /// The items of a block, between output offsets `lo` and `hi`.
    pub(crate) fn items(
        &mut self,
        items: &[Node<lc::BlockItem>],
        lo: usize,
        hi: usize,
    ) -> Vec<Stmt> {
        let mut out = Vec::new();
        let mut cursor = lo;
        let outer_ignore = self.ignoring();
        for it in items {
            let anns = self.take(cursor, it.span.start);
            let was_ignoring = self.ignoring();
            let lead = self.leading(anns);
            out.extend(lead.asserts.iter().cloned());
            cursor = item_end(it);
            if self.ignoring() {
                // Inside `spec_ignore { … }`: the item is not verified (and may contain anything).
                self.skip(it.span.start, it.span.end);
                if !was_ignoring
                    || out
                        .last()
                        .is_none_or(|s: &Stmt| s.kind != StmtKind::SpecIgnored)
                {
                    out.push(Stmt {
                        kind: StmtKind::SpecIgnored,
                        span: self.sp(it.span),
                    });
                } else if let Some(last) = out.last_mut() {
                    last.span = last.span.join(self.sp(it.span));
                }
                continue;
            }
            match self.item(it, lead) {
                Ok(stmts) => out.extend(stmts),
                Err(e) => {
                    // Annotations inside a statement that failed would only add follow-up errors.
                    self.errors.push(e);
                    self.skip(it.span.start, it.span.end);
                }
            }
        }
        let anns = self.take(cursor, hi);
        let lead = self.leading(anns);
        out.extend(lead.asserts);
        // Stand-alone directives may end a block; others need a statement.
        for p in lead.pragmas {
            if self.is_standalone(&p) {
                match self.standalone(p) {
                    Ok(s) => out.push(s),
                    Err(e) => self.errors.push(e),
                }
            } else {
                self.errors.push(FrontError::omp_syntax(
                    p.span,
                    "this `#pragma omp` is not followed by a statement it could apply to",
                ));
            }
        }
        if let Some(c) = lead.loop_spec.first() {
            self.errors.push(FrontError::spec_syntax(
                c.span,
                "`loop_invariant` not followed by a loop",
            ));
        }
        if !outer_ignore {
            self.close_ignore_at_end();
        }
        out
    }

    /// One block item with the annotations in front of it.
    fn item(
        &mut self,
        it: &Node<lc::BlockItem>,
        mut lead: Leading,
    ) -> Result<Vec<Stmt>, FrontError> {
        // Stand-alone directives (`barrier`, `taskwait`, …) are statements of their own.
        let mut out = Vec::new();
        while let Some(p) = lead.pragmas.first() {
            if !self.is_standalone(p) {
                break;
            }
            let p = lead.pragmas.remove(0);
            out.push(self.standalone(p)?);
        }
        if !lead.pragmas.is_empty() {
            if let Some(c) = lead.loop_spec.first() {
                return Err(FrontError::spec_syntax(
                    c.span,
                    "`loop_invariant` before an OpenMP construct (a parallel loop takes an iteration \
                     contract between `for (…)` and its body)",
                ));
            }
            let lc::BlockItem::Statement(s) = &it.node else {
                return Err(FrontError::omp_syntax(
                    lead.pragmas[0].span,
                    "an OpenMP directive must be followed by a statement, not a declaration",
                ));
            };
            out.push(self.omp_statement(lead.pragmas, s)?);
            return Ok(out);
        }
        match &it.node {
            lc::BlockItem::Declaration(d) => {
                if let Some(c) = lead.loop_spec.first() {
                    return Err(FrontError::spec_syntax(
                        c.span,
                        "`loop_invariant` not followed by a loop",
                    ));
                }
                out.extend(self.local_declaration(d)?);
            }
            lc::BlockItem::Statement(s) => out.extend(self.statement(s, lead.loop_spec)?),
            lc::BlockItem::StaticAssert(s) => {
                return Err(FrontError::unsupported(self.sp(s.span), "`_Static_assert`"))
            }
        }
        Ok(out)
    }

    /// A statement; `loop_spec` are the `loop_invariant`s written before it.
    pub(crate) fn statement(
        &mut self,
        s: &Node<lc::Statement>,
        loop_spec: Vec<Clause>,
    ) -> Result<Vec<Stmt>, FrontError> {
        let span = self.sp(s.span);
        let is_loop = matches!(
            s.node,
            lc::Statement::While(_) | lc::Statement::For(_) | lc::Statement::DoWhile(_)
        );
        if !is_loop {
            if let Some(c) = loop_spec.first() {
                return Err(FrontError::spec_syntax(
                    c.span,
                    "`loop_invariant` not followed by a loop",
                ));
            }
        }
        let unsupported = |what: &str| Err(FrontError::unsupported(span, what.to_string()));
        let mut pre = Vec::new();
        let kind = match &s.node {
            lc::Statement::Compound(items) => StmtKind::Block(self.compound(items, s.span)),
            lc::Statement::Expression(None) => return Ok(Vec::new()),
            lc::Statement::Expression(Some(e)) => {
                self.effect(e, &mut pre)?;
                return Ok(pre);
            }
            lc::Statement::If(i) => {
                let cond = self.rvalue(&i.node.condition, &mut pre)?;
                self.want_scalar(&cond, "an `if` condition")?;
                let then = self.body(&i.node.then_statement, i.node.condition.span.end);
                let then_end = statement_end(&i.node.then_statement);
                let els = i
                    .node
                    .else_statement
                    .as_ref()
                    .map(|e| self.body(e, then_end));
                StmtKind::If { cond, then, els }
            }
            lc::Statement::While(w) => {
                let mut cond_pre = Vec::new();
                let cond = self.rvalue(&w.node.expression, &mut cond_pre)?;
                self.want_scalar(&cond, "a loop condition")?;
                let between =
                    self.take_specs(w.node.expression.span.end, w.node.statement.span.start);
                let spec = self.loop_spec(loop_spec, &between);
                let body = self.body(&w.node.statement, w.node.expression.span.end);
                StmtKind::Loop {
                    kind: LoopKind::While,
                    init: Vec::new(),
                    cond_pre,
                    cond: Some(cond),
                    step: Vec::new(),
                    spec,
                    body,
                }
            }
            lc::Statement::DoWhile(w) => {
                let spec = self.loop_spec(loop_spec, &[]);
                let body = self.body(&w.node.statement, s.span.start);
                let mut cond_pre = Vec::new();
                let cond = self.rvalue(&w.node.expression, &mut cond_pre)?;
                self.want_scalar(&cond, "a loop condition")?;
                StmtKind::Loop {
                    kind: LoopKind::DoWhile,
                    init: Vec::new(),
                    cond_pre,
                    cond: Some(cond),
                    step: Vec::new(),
                    spec,
                    body,
                }
            }
            lc::Statement::For(f) => return self.sequential_for(f, loop_spec, span),
            lc::Statement::Return(e) => {
                if !self.omp.enclosing.is_empty() {
                    return unsupported(
                        "`return` inside an OpenMP construct (a structured block has one exit)",
                    );
                }
                let value = match e {
                    Some(e) => {
                        let v = self.rvalue(e, &mut pre)?;
                        if self.ret == Type::Void {
                            return Err(FrontError::type_error(
                                v.span,
                                format!("`{}` returns void", self.func_name),
                            ));
                        }
                        let ret = self.ret.clone();
                        Some(self.assign_conv(v, &ret, "a returned value")?)
                    }
                    None => {
                        if self.ret != Type::Void {
                            return Err(FrontError::type_error(
                                span,
                                format!("`{}` must return a value", self.func_name),
                            ));
                        }
                        None
                    }
                };
                StmtKind::Return(value)
            }
            lc::Statement::Break => StmtKind::Break,
            lc::Statement::Continue => StmtKind::Continue,
            lc::Statement::Switch(sw) => return self.switch(sw, span),
            lc::Statement::Labeled(_) => return unsupported("a labelled statement"),
            lc::Statement::Goto(_) => return unsupported("`goto`"),
            lc::Statement::Asm(_) => return unsupported("inline assembly"),
        };
        pre.push(Stmt { kind, span });
        Ok(pre)
    }

    /// The body of a loop or branch as a block (a single statement becomes a one-statement
    /// block). Pragmas from output offset `from` (the end of the header) on apply to it.
    pub(crate) fn body(&mut self, s: &Node<lc::Statement>, from: usize) -> Block {
        let pragmas_before = self.l.annotations.iter().enumerate().any(|(i, a)| {
            !self.used[i]
                && a.out_start >= from
                && a.out_start < s.span.start
                && !matches!(a.content, AnnotationContent::Spec(_))
        });
        match &s.node {
            lc::Statement::Compound(items) if !pragmas_before => self.compound(items, s.span),
            _ => {
                self.scopes.push(HashMap::new());
                // Annotations in front of a brace-less body (e.g. a pragma) belong to it.
                let anns = self.take(from, s.span.start + 1);
                let lead = self.leading(anns);
                let mut stmts = lead.asserts.clone();
                let r = if lead.pragmas.is_empty() {
                    self.statement(s, lead.loop_spec)
                } else {
                    let mut out = Vec::new();
                    let mut lead = lead;
                    while let Some(p) = lead.pragmas.first() {
                        if !self.is_standalone(p) {
                            break;
                        }
                        let p = lead.pragmas.remove(0);
                        match self.standalone(p) {
                            Ok(x) => out.push(x),
                            Err(e) => self.errors.push(e),
                        }
                    }
                    if lead.pragmas.is_empty() {
                        self.statement(s, lead.loop_spec).map(|v| {
                            out.extend(v);
                            out
                        })
                    } else {
                        self.omp_statement(lead.pragmas, s).map(|x| {
                            out.push(x);
                            out
                        })
                    }
                };
                match r {
                    Ok(v) => stmts.extend(v),
                    Err(e) => {
                        self.errors.push(e);
                        self.skip(s.span.start, s.span.end);
                    }
                }
                self.scopes.pop();
                Block {
                    stmts,
                    span: self.sp(s.span),
                }
            }
        }
    }

    /// The `loop_invariant`s of a sequential loop: written before it, or between its header and body.
    pub(crate) fn loop_spec(&mut self, before: Vec<Clause>, between: &[usize]) -> Option<Contract> {
        // VerCors reads a contract between `for (…)` and the body of a loop without pragma as an
        // iteration contract of a parallel loop; ompv only knows parallel loops from OpenMP.
        let iteration_clause = between
            .iter()
            .find_map(|&i| match &self.l.annotations[i].content {
                crate::source::AnnotationContent::Spec(spec) => {
                    spec.items.iter().find_map(|it| match it {
                        crate::spec::SpecItem::Clause(c) if c.kind != ClauseKind::LoopInvariant => {
                            Some(c.span)
                        }
                        _ => None,
                    })
                }
                _ => None,
            });
        if let Some(span) = iteration_clause {
            self.errors.push(FrontError::unsupported(
                span,
                "an iteration contract on a loop without `#pragma omp` (write \
                 `#pragma omp parallel for` to verify it as a parallel loop, or use `loop_invariant`)",
            ));
            return None;
        }
        let inner = self.contract_of(
            between,
            &[ClauseKind::LoopInvariant],
            "a sequential loop's specification",
        );
        let mut clauses = before;
        let mut span = clauses.iter().map(|c| c.span).reduce(Span::join);
        if let Some(c) = inner {
            span = Some(span.map_or(c.span, |s| s.join(c.span)));
            clauses.extend(c.clauses);
        }
        let c = span.map(|span| Contract { clauses, span })?;
        self.check_contract(&c);
        Some(c)
    }

    fn sequential_for(
        &mut self,
        f: &Node<lc::ForStatement>,
        loop_spec: Vec<Clause>,
        span: Span,
    ) -> Result<Vec<Stmt>, FrontError> {
        let fs = &f.node;
        self.scopes.push(HashMap::new());
        let result = (|| {
            let init = match &fs.initializer.node {
                lc::ForInitializer::Empty => Vec::new(),
                lc::ForInitializer::Expression(e) => {
                    let mut v = Vec::new();
                    self.effect(e, &mut v)?;
                    v
                }
                lc::ForInitializer::Declaration(d) => self.local_declaration(d)?,
                lc::ForInitializer::StaticAssert(s) => {
                    return Err(FrontError::unsupported(self.sp(s.span), "`_Static_assert`"))
                }
            };
            let mut cond_pre = Vec::new();
            let cond = match &fs.condition {
                Some(c) => {
                    let c = self.rvalue(c, &mut cond_pre)?;
                    self.want_scalar(&c, "a loop condition")?;
                    Some(c)
                }
                None => None,
            };
            let mut step = Vec::new();
            if let Some(s) = &fs.step {
                self.effect(s, &mut step)?;
            }
            let header_end = header_end(fs, f.span.start);
            let between = self.take_specs(header_end, fs.statement.span.start);
            let spec = self.loop_spec(loop_spec, &between);
            let body = self.body(&fs.statement, header_end);
            Ok(vec![Stmt {
                kind: StmtKind::Loop {
                    kind: LoopKind::For,
                    init,
                    cond_pre,
                    cond,
                    step,
                    spec,
                    body,
                },
                span,
            }])
        })();
        self.scopes.pop();
        result
    }

    /// `switch` whose cases each end with `break` (or `return`, or a call of `exit` or `abort`,
    /// which do not return: C11 7.22.4.1p2, 7.22.4.4p6): a chain of `if`s. Fall-through from
    /// one case into the next is not supported.
    fn switch(
        &mut self,
        sw: &Node<lc::SwitchStatement>,
        span: Span,
    ) -> Result<Vec<Stmt>, FrontError> {
        let mut pre = Vec::new();
        let scrutinee = self.rvalue(&sw.node.expression, &mut pre)?;
        if !scrutinee.ty.is_integer() {
            return Err(FrontError::type_error(
                scrutinee.span,
                "a `switch` needs an integer",
            ));
        }
        let lc::Statement::Compound(items) = &sw.node.statement.node else {
            return Err(FrontError::unsupported(
                span,
                "a `switch` without a `{ … }` body",
            ));
        };
        let tmp = self.temp(scrutinee.ty.clone(), scrutinee.span, &mut pre);
        pre.push(assign_stmt(tmp.clone(), scrutinee, span));
        // Groups: the labels of a case and the statements up to its `break`.
        let mut groups: Vec<CaseGroup> = Vec::new();
        for it in items {
            let mut stmt_item = it.clone();
            let mut labels = Vec::new();
            // Peel `case a: case b: stmt`.
            while let lc::BlockItem::Statement(Node {
                node: lc::Statement::Labeled(l),
                span: lspan,
            }) = &stmt_item.node
            {
                let s_span = *lspan;
                match &l.node.label.node {
                    lc::Label::Case(e) => {
                        let mut p = Vec::new();
                        let v = self.rvalue(e, &mut p)?;
                        labels.push(Some(v));
                    }
                    lc::Label::Default => labels.push(None),
                    _ => return Err(FrontError::unsupported(self.sp(s_span), "this label")),
                }
                stmt_item = Node::new(
                    lc::BlockItem::Statement((*l.node.statement).clone()),
                    l.node.statement.span,
                );
            }
            if !labels.is_empty() {
                if let Some(last) = groups.last() {
                    if !last.2 && !last.1.is_empty() {
                        return Err(FrontError::unsupported(
                            self.sp(it.span),
                            "falling through from one `case` into the next",
                        ));
                    }
                }
                if groups.last().is_some_and(|g| g.1.is_empty() && !g.2) {
                    // `case 1: case 2:` written as separate items.
                    if let Some(g) = groups.last_mut() {
                        g.0.extend(labels);
                    }
                } else {
                    groups.push((labels, Vec::new(), false));
                }
            } else if groups.is_empty() {
                return Err(FrontError::unsupported(
                    self.sp(it.span),
                    "a statement before the first `case`",
                ));
            }
            let g = groups.last_mut().expect("a group");
            if g.2 {
                // Unreachable code after `break`: ignored by C, kept out here.
                continue;
            }
            match &stmt_item.node {
                lc::BlockItem::Statement(s) if matches!(s.node, lc::Statement::Break) => g.2 = true,
                lc::BlockItem::Statement(s)
                    if matches!(s.node, lc::Statement::Return(_)) || ends_the_program(s) =>
                {
                    g.1.push(stmt_item.clone());
                    g.2 = true;
                }
                _ => g.1.push(stmt_item.clone()),
            }
        }
        if let Some(g) = groups.iter().rev().skip(1).find(|g| !g.2) {
            let _ = g;
            return Err(FrontError::unsupported(
                span,
                "falling through from one `case` into the next",
            ));
        }
        // Convert the groups in source order (their annotations are taken in order), then build
        // the chain from the last group; `default` is the final `else`.
        let mut converted = Vec::new();
        for (labels, body, _) in groups {
            let lo = body.first().map_or(0, |i| i.span.start);
            let hi = body.last().map_or(0, |i| i.span.end);
            self.scopes.push(HashMap::new());
            let stmts = self.items(&body, lo, hi);
            self.scopes.pop();
            converted.push((labels, Block { stmts, span }));
        }
        let default = converted
            .iter()
            .position(|g| g.0.iter().any(Option::is_none));
        let default_block = default.map(|k| converted[k].1.clone());
        let mut chain: Option<Block> = None;
        for (labels, blk) in converted.into_iter().rev() {
            let mut cond: Option<Expr> = None;
            for l in labels.into_iter().flatten() {
                let eq = self.arith(BinOp::Eq, tmp.clone(), l, span)?;
                cond = Some(match cond {
                    None => eq,
                    Some(c) => self.arith(BinOp::Or, c, eq, span)?,
                });
            }
            let Some(cond) = cond else { continue };
            let els = chain.take().or_else(|| default_block.clone());
            chain = Some(Block {
                stmts: vec![Stmt {
                    kind: StmtKind::If {
                        cond,
                        then: blk,
                        els,
                    },
                    span,
                }],
                span,
            });
        }
        if let Some(b) = chain.or(default_block) {
            pre.push(Stmt {
                kind: StmtKind::Block(b),
                span,
            });
        }
        Ok(pre)
    }
}

/// The output offset where a block item ends. The parser's span of an `if` without `else`
/// reaches over the blanks after it (it looked for an `else`), where the next statement's
/// pragmas may stand: the item ends with its last statement.
pub(crate) fn item_end(it: &Node<lc::BlockItem>) -> usize {
    match &it.node {
        lc::BlockItem::Statement(s) => statement_end(s),
        _ => it.span.end,
    }
}

fn statement_end(s: &Node<lc::Statement>) -> usize {
    match &s.node {
        lc::Statement::If(i) if i.node.else_statement.is_none() => {
            statement_end(&i.node.then_statement)
        }
        lc::Statement::If(i) => i
            .node
            .else_statement
            .as_ref()
            .map_or(s.span.end, |e| statement_end(e)),
        lc::Statement::While(w) => statement_end(&w.node.statement),
        lc::Statement::For(f) => statement_end(&f.node.statement),
        lc::Statement::Labeled(l) => statement_end(&l.node.statement),
        _ => s.span.end,
    }
}

/// The labels of a `case` group (`None` for `default`), its statements, and whether it ends with
/// `break` (or `return`).
type CaseGroup = (Vec<Option<Expr>>, Vec<Node<lc::BlockItem>>, bool);

/// The output offset just after a `for` header's last expression (the `)` follows).
pub(crate) fn header_end(fs: &lc::ForStatement, fallback: usize) -> usize {
    let spans = [
        Some(fs.initializer.span),
        fs.condition.as_ref().map(|c| c.span),
        fs.step.as_ref().map(|s| s.span),
    ];
    spans
        .into_iter()
        .flatten()
        .filter(|s| !s.is_none())
        .map(|s| s.end)
        .max()
        .unwrap_or(fallback)
}

/// Whether `s` is a call of `exit` or `abort`, which never return (C11 7.22.4.1p2, 7.22.4.4p6).
fn ends_the_program(s: &Node<lc::Statement>) -> bool {
    let lc::Statement::Expression(Some(e)) = &s.node else {
        return false;
    };
    let lc::Expression::Call(c) = &e.node else {
        return false;
    };
    matches!(&c.node.callee.node, lc::Expression::Identifier(id)
        if matches!(id.node.name.as_str(), "exit" | "abort"))
}
