//! Statements and blocks, with the annotations in front of them.

use super::{Converter, Leading};
use crate::c::ast::*;
use crate::error::FrontError;
use crate::pragma::Pragma;
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
            cursor = it.span.end;
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
        if let Some(p) = lead.pragmas.first() {
            self.errors.push(FrontError::omp_syntax(
                p.span,
                "this `#pragma omp` is not followed by a statement it could apply to",
            ));
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
    fn item(&mut self, it: &Node<lc::BlockItem>, lead: Leading) -> Result<Vec<Stmt>, FrontError> {
        if !lead.pragmas.is_empty() {
            if let Some(c) = lead.loop_spec.first() {
                return Err(FrontError::spec_syntax(
                    c.span,
                    "`loop_invariant` before an OpenMP construct (a parallel loop takes an iteration \
                     contract between `for (…)` and its body)",
                ));
            }
            return self.omp_statement(lead.pragmas, it);
        }
        match &it.node {
            lc::BlockItem::Declaration(d) => {
                if let Some(c) = lead.loop_spec.first() {
                    return Err(FrontError::spec_syntax(
                        c.span,
                        "`loop_invariant` not followed by a loop",
                    ));
                }
                self.local_declaration(d)
            }
            lc::BlockItem::Statement(s) => self.statement(s, lead.loop_spec),
            lc::BlockItem::StaticAssert(s) => Err(FrontError::unsupported(
                self.sp(s.span),
                "`_Static_assert` is not supported",
            )),
        }
    }

    /// A statement carrying OpenMP pragmas, in sequential code of a function.
    fn omp_statement(
        &mut self,
        pragmas: Vec<Pragma>,
        it: &Node<lc::BlockItem>,
    ) -> Result<Vec<Stmt>, FrontError> {
        let first = &pragmas[0];
        if self.omp.in_block {
            return Err(FrontError::unsupported(
                first.directive_span,
                format!(
                    "`omp {}` nested inside a parallel loop, `single` or `section` is not supported",
                    first.directive.name()
                ),
            ));
        }
        if !first.directive.is_parallel() {
            return Err(FrontError::unsupported(
                first.directive_span,
                format!(
                    "`omp {}` outside a parallel region (an orphaned construct) is not supported",
                    first.directive.name()
                ),
            ));
        }
        let lc::BlockItem::Statement(stmt) = &it.node else {
            return Err(FrontError::omp_syntax(
                first.span,
                "`#pragma omp parallel` must be followed by a statement, not a declaration",
            ));
        };
        let id = self.region(pragmas, stmt)?;
        let span = self.regions[id.0].span;
        Ok(vec![Stmt {
            kind: StmtKind::Parallel(id),
            span,
        }])
    }

    /// A statement; `loop_spec` are the `loop_invariant`s written before it.
    pub(crate) fn statement(
        &mut self,
        s: &Node<lc::Statement>,
        loop_spec: Vec<Clause>,
    ) -> Result<Vec<Stmt>, FrontError> {
        let span = self.sp(s.span);
        let is_loop = matches!(s.node, lc::Statement::While(_) | lc::Statement::For(_));
        if !is_loop {
            if let Some(c) = loop_spec.first() {
                return Err(FrontError::spec_syntax(
                    c.span,
                    "`loop_invariant` not followed by a loop",
                ));
            }
        }
        let unsupported = |what: &str| {
            Err(FrontError::unsupported(
                span,
                format!("{what} is not supported"),
            ))
        };
        let kind = match &s.node {
            lc::Statement::Compound(items) => StmtKind::Block(self.compound(items, s.span)),
            lc::Statement::Expression(None) => return Ok(Vec::new()),
            lc::Statement::Expression(Some(e)) => return self.expression_statement(e, span),
            lc::Statement::If(i) => {
                let cond = self.rvalue(&i.node.condition)?;
                self.want_scalar(&cond, "an `if` condition")?;
                let then = self.body(&i.node.then_statement);
                let els = i.node.else_statement.as_ref().map(|e| self.body(e));
                StmtKind::If { cond, then, els }
            }
            lc::Statement::While(w) => {
                let cond = self.rvalue(&w.node.expression)?;
                self.want_scalar(&cond, "a loop condition")?;
                let between = self.take(w.node.expression.span.end, w.node.statement.span.start);
                let spec = self.loop_spec(loop_spec, &between);
                let body = self.body(&w.node.statement);
                StmtKind::While { cond, spec, body }
            }
            lc::Statement::For(f) => return self.sequential_for(f, loop_spec, span),
            lc::Statement::Return(e) => {
                if self.omp.in_block || !self.omp.enclosing.is_empty() {
                    return unsupported("`return` inside an OpenMP construct");
                }
                let value = match e {
                    Some(e) => Some(self.rvalue(e)?),
                    None => None,
                };
                match (&value, self.ret) {
                    (None, Type::Void) => {}
                    (Some(v), Type::Int | Type::Bool) if v.ty.is_scalar() => {}
                    (None, _) => {
                        return Err(FrontError::type_error(
                            span,
                            format!("`{}` must return a value", self.func_name),
                        ))
                    }
                    (Some(v), Type::Void) => {
                        return Err(FrontError::type_error(
                            v.span,
                            format!("`{}` returns void", self.func_name),
                        ))
                    }
                    (Some(v), _) => {
                        return Err(FrontError::type_error(
                            v.span,
                            format!("cannot return a value of type {}", v.ty.name()),
                        ))
                    }
                }
                StmtKind::Return(value)
            }
            lc::Statement::Labeled(_) => return unsupported("a labelled statement (or `case`)"),
            lc::Statement::Switch(_) => return unsupported("`switch`"),
            lc::Statement::DoWhile(_) => return unsupported("a `do … while` loop"),
            lc::Statement::Goto(_) => return unsupported("`goto`"),
            lc::Statement::Continue => return unsupported("`continue`"),
            lc::Statement::Break => return unsupported("`break`"),
            lc::Statement::Asm(_) => return unsupported("inline assembly"),
        };
        Ok(vec![Stmt { kind, span }])
    }

    /// The body of a loop or branch as a block (a single statement becomes a one-statement block).
    pub(crate) fn body(&mut self, s: &Node<lc::Statement>) -> Block {
        match &s.node {
            lc::Statement::Compound(items) => self.compound(items, s.span),
            _ => {
                self.scopes.push(HashMap::new());
                let stmts = match self.statement(s, Vec::new()) {
                    Ok(v) => v,
                    Err(e) => {
                        self.errors.push(e);
                        self.skip(s.span.start, s.span.end);
                        Vec::new()
                    }
                };
                self.scopes.pop();
                Block {
                    stmts,
                    span: self.sp(s.span),
                }
            }
        }
    }

    /// The `loop_invariant`s of a sequential loop: written before it, or between its header and body.
    fn loop_spec(&mut self, before: Vec<Clause>, between: &[usize]) -> Option<Contract> {
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
                "an iteration contract on a loop without `#pragma omp` is not supported (write \
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
        for p in between.iter().filter(|&&i| {
            !matches!(
                self.l.annotations[i].content,
                crate::source::AnnotationContent::Spec(_)
            )
        }) {
            self.errors.push(FrontError::omp_syntax(
                self.l.annotations[*p].span,
                "a `#pragma omp` between a loop's header and its body applies to nothing",
            ));
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
                    self.expression_statement(e, self.sp(e.span))?
                }
                lc::ForInitializer::Declaration(d) => self.local_declaration(d)?,
                lc::ForInitializer::StaticAssert(s) => {
                    return Err(FrontError::unsupported(
                        self.sp(s.span),
                        "`_Static_assert` is not supported",
                    ))
                }
            };
            let cond = match &fs.condition {
                Some(c) => {
                    let c = self.rvalue(c)?;
                    self.want_scalar(&c, "a loop condition")?;
                    Some(c)
                }
                None => None,
            };
            let step = match &fs.step {
                Some(s) => self.expression_statement(s, self.sp(s.span))?,
                None => Vec::new(),
            };
            let header_end = header_end(fs, f.span.start);
            let between = self.take(header_end, fs.statement.span.start);
            let spec = self.loop_spec(loop_spec, &between);
            let body = self.body(&fs.statement);
            Ok(vec![Stmt {
                kind: StmtKind::For {
                    init,
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

    /// `x = e;`, `x op= e;`, `x++;`, `f(…);`, `x = f(…);`
    pub(crate) fn expression_statement(
        &mut self,
        e: &Node<lc::Expression>,
        span: Span,
    ) -> Result<Vec<Stmt>, FrontError> {
        use lc::BinaryOperator as B;
        match &e.node {
            lc::Expression::BinaryOperator(b) => {
                let op =
                    match b.node.operator.node {
                        B::Assign => AssignOp::Set,
                        B::AssignPlus => AssignOp::Add,
                        B::AssignMinus => AssignOp::Sub,
                        B::AssignMultiply => AssignOp::Mul,
                        B::AssignDivide => AssignOp::Div,
                        B::AssignModulo => AssignOp::Mod,
                        B::AssignShiftLeft
                        | B::AssignShiftRight
                        | B::AssignBitwiseAnd
                        | B::AssignBitwiseXor
                        | B::AssignBitwiseOr => {
                            return Err(FrontError::unsupported(
                                self.sp(b.node.operator.span),
                                "bitwise and shift assignments are not supported",
                            ))
                        }
                        _ => return Err(FrontError::unsupported(
                            span,
                            "an expression statement must be an assignment, `++`/`--` or a call",
                        )),
                    };
                let target = self.lvalue(&b.node.lhs)?;
                if let (AssignOp::Set, lc::Expression::Call(call)) = (op, &b.node.rhs.node) {
                    return self.call(call, Some(target), span);
                }
                let value = self.rvalue(&b.node.rhs)?;
                if op == AssignOp::Set {
                    self.want_scalar(&value, "an assignment")?;
                } else {
                    self.want_int(&target, &format!("`{}`", op.symbol()))?;
                    self.want_int(&value, &format!("`{}`", op.symbol()))?;
                }
                Ok(vec![Stmt {
                    kind: StmtKind::Assign { target, op, value },
                    span,
                }])
            }
            lc::Expression::UnaryOperator(u) => {
                let op =
                    match u.node.operator.node {
                        lc::UnaryOperator::PostIncrement | lc::UnaryOperator::PreIncrement => {
                            AssignOp::Add
                        }
                        lc::UnaryOperator::PostDecrement | lc::UnaryOperator::PreDecrement => {
                            AssignOp::Sub
                        }
                        _ => return Err(FrontError::unsupported(
                            span,
                            "an expression statement must be an assignment, `++`/`--` or a call",
                        )),
                    };
                let target = self.lvalue(&u.node.operand)?;
                self.want_int(&target, "`++`/`--`")?;
                let one = Expr {
                    kind: ExprKind::Int(1),
                    ty: Type::Int,
                    span: self.sp(u.node.operator.span),
                };
                Ok(vec![Stmt {
                    kind: StmtKind::Assign {
                        target,
                        op,
                        value: one,
                    },
                    span,
                }])
            }
            lc::Expression::Call(call) => self.call(call, None, span),
            _ => Err(FrontError::unsupported(
                span,
                "an expression statement must be an assignment, `++`/`--` or a call",
            )),
        }
    }

    /// A call of a function of the file (or an OpenMP runtime routine) as a statement.
    fn call(
        &mut self,
        call: &Node<lc::CallExpression>,
        target: Option<Expr>,
        span: Span,
    ) -> Result<Vec<Stmt>, FrontError> {
        let c = &call.node;
        let lc::Expression::Identifier(id) = &c.callee.node else {
            return Err(FrontError::unsupported(
                self.sp(c.callee.span),
                "calls through function pointers are not supported",
            ));
        };
        let name = id.node.name.clone();
        let callee = Ident {
            name: name.clone(),
            span: self.sp(c.callee.span),
        };
        let sig = match self.sigs.get(&name) {
            Some(Ok(s)) => s.clone(),
            Some(Err(e)) => {
                return Err(FrontError::unsupported(
                    callee.span,
                    format!("call to `{name}`, whose signature is not supported: {}", e.message),
                ))
            }
            None if self.foreign.contains(&name) => {
                return Err(FrontError::unsupported(
                    callee.span,
                    format!(
                        "call to `{name}`, which is not a function of this file (only functions of the file \
                         and OpenMP runtime routines can be called in verified code)"
                    ),
                ))
            }
            None => return Err(FrontError::type_error(callee.span, format!("call to undeclared function `{name}`"))),
        };
        if sig.params.len() != c.arguments.len() {
            return Err(FrontError::type_error(
                span,
                format!(
                    "`{name}` takes {} argument(s), {} given",
                    sig.params.len(),
                    c.arguments.len()
                ),
            ));
        }
        let mut args = Vec::new();
        for (a, &pty) in c.arguments.iter().zip(&sig.params) {
            let v = self.rvalue(a)?;
            let ok = if pty.is_pointer() {
                v.ty.is_pointer() && matches!(v.kind, ExprKind::Var(_))
            } else {
                v.ty.is_scalar()
            };
            if !ok {
                return Err(FrontError::type_error(
                    v.span,
                    format!(
                        "argument of type {} where `{name}` expects {}",
                        v.ty.name(),
                        pty.name()
                    ),
                ));
            }
            args.push(v);
        }
        if let Some(t) = &target {
            if !sig.ret.is_scalar() {
                return Err(FrontError::type_error(
                    t.span,
                    format!("`{name}` does not return a value"),
                ));
            }
        }
        Ok(vec![Stmt {
            kind: StmtKind::Call {
                target,
                callee,
                args,
            },
            span,
        }])
    }

    /// Local variable declarations (one statement per declarator).
    pub(crate) fn local_declaration(
        &mut self,
        d: &Node<lc::Declaration>,
    ) -> Result<Vec<Stmt>, FrontError> {
        let r = self.declare_locals(d);
        if r.is_err() {
            // Later uses of these names would only repeat the error as "undeclared".
            for init in &d.node.declarators {
                if let Some(name) = super::types::declarator_ident(&init.node.declarator, self) {
                    self.rejected.insert(name.name);
                }
            }
        }
        r
    }

    fn declare_locals(&mut self, d: &Node<lc::Declaration>) -> Result<Vec<Stmt>, FrontError> {
        let base = self.base_type(&d.node.specifiers, false)?;
        let mut out = Vec::new();
        for init in &d.node.declarators {
            let dr = &init.node.declarator;
            let span = self.sp(init.span);
            if super::types::is_function_declarator(dr) {
                return Err(FrontError::unsupported(
                    span,
                    "function declarations inside a function are not supported",
                ));
            }
            let ty = self.declarator_type(base, dr, false)?;
            if ty.is_pointer() {
                return Err(FrontError::unsupported(
                    span,
                    "local pointer variables are not supported (pass arrays as parameters)",
                ));
            }
            let name = super::types::declarator_ident(dr, self)
                .ok_or_else(|| FrontError::c_syntax(span, "a declaration without a name"))?;
            // Declared before its initialiser is checked, so that an error there does not cause
            // "undeclared" errors at every later use.
            self.declare(&name, ty)?;
            let mut call = None;
            let init_expr = match &init.node.initializer {
                None => None,
                Some(i) => match &i.node {
                    lc::Initializer::Expression(e) => match &e.node {
                        lc::Expression::Call(c) => {
                            call = Some((c, self.sp(e.span)));
                            None
                        }
                        _ => {
                            let v = self.rvalue(e)?;
                            self.want_scalar(&v, "an initialiser")?;
                            Some(v)
                        }
                    },
                    lc::Initializer::List(_) => {
                        return Err(FrontError::unsupported(
                            self.sp(i.span),
                            "initialiser lists are not supported",
                        ))
                    }
                },
            };
            let var = Expr {
                kind: ExprKind::Var(name.name.clone()),
                ty,
                span: name.span,
            };
            out.push(Stmt {
                kind: StmtKind::Decl {
                    name,
                    ty,
                    init: init_expr,
                },
                span,
            });
            if let Some((c, cspan)) = call {
                out.extend(self.call(c, Some(var), cspan)?);
            }
        }
        Ok(out)
    }
}

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
