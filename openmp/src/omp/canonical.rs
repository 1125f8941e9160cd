//! The canonical form of loops under `omp for`/`simd`: `for (int i = lo; i < hi; i++)` and its
//! variants (`i = lo`, `<=`, `hi > i`, `++i`, `i += 1`, `i = i + 1`).

use super::ast::CanonicalLoop;
use crate::c::ast::*;
use crate::c::convert::Converter;
use crate::error::FrontError;
use crate::pragma::Pragma;
use crate::spec::{ClauseKind, Contract};
use lang_c::ast as lc;
use lang_c::span::Node;
use std::collections::HashMap;
use viper::Span;

const FORM: &str = "`for (int i = lower; i < upper; i++)`";

impl Converter<'_> {
    /// The canonical loop under pragma `p`, with its iteration contract (the specification between
    /// `for (…)` and the body). The body is converted as the code of a basic block.
    pub(crate) fn canonical_loop(
        &mut self,
        f: &Node<lc::ForStatement>,
        p: &Pragma,
    ) -> Result<(CanonicalLoop, Option<Contract>), FrontError> {
        self.scopes.push(HashMap::new());
        let r = self.canonical_in_scope(f, p);
        self.scopes.pop();
        r
    }

    fn canonical_in_scope(
        &mut self,
        f: &Node<lc::ForStatement>,
        p: &Pragma,
    ) -> Result<(CanonicalLoop, Option<Contract>), FrontError> {
        let fs = &f.node;
        let for_span = self.sp(f.span);
        let header_end = crate::c::convert::header_end(fs, f.span.start);
        let header = self.l.span(f.span.start, header_end + 1);
        let directive = p.directive.name();
        let bad = |span: Span, why: &str| {
            Err(FrontError::unsupported(
                span,
                format!("the loop of `omp {directive}` is not in the canonical form {FORM}: {why}"),
            ))
        };

        // Initialisation: `int i = lo` or `i = lo`.
        let (var, lower, declares_var) = match &fs.initializer.node {
            lc::ForInitializer::Declaration(d) => {
                let base = self.base_type(&d.node.specifiers, false)?;
                let [init] = d.node.declarators.as_slice() else {
                    return bad(self.sp(d.span), "it must declare exactly one variable");
                };
                let ty = self.declarator_type(base, &init.node.declarator, false)?;
                let Some(lc::Initializer::Expression(e)) =
                    init.node.initializer.as_ref().map(|i| &i.node)
                else {
                    return bad(self.sp(init.span), "the loop variable must be initialised");
                };
                if ty != Type::Int {
                    return bad(self.sp(init.span), "the loop variable must be an int");
                }
                let lower = self.rvalue(e)?;
                self.want_int(&lower, "a loop bound")?;
                let var = match &init.node.declarator.node.kind.node {
                    lc::DeclaratorKind::Identifier(i) => Ident {
                        name: i.node.name.clone(),
                        span: self.sp(i.span),
                    },
                    _ => return bad(self.sp(init.span), "the loop variable must be a plain name"),
                };
                self.declare(&var, Type::Int)?;
                (var, lower, true)
            }
            lc::ForInitializer::Expression(e) => match &e.node {
                lc::Expression::BinaryOperator(b)
                    if b.node.operator.node == lc::BinaryOperator::Assign =>
                {
                    let lc::Expression::Identifier(id) = &b.node.lhs.node else {
                        return bad(
                            self.sp(b.node.lhs.span),
                            "the initialisation must assign a variable",
                        );
                    };
                    let var = Ident {
                        name: id.node.name.clone(),
                        span: self.sp(b.node.lhs.span),
                    };
                    match self.lookup(&var.name) {
                        Some(Type::Int) => {}
                        Some(_) => return bad(var.span, "the loop variable must be an int"),
                        None => {
                            return Err(FrontError::type_error(
                                var.span,
                                format!("undeclared identifier `{}`", var.name),
                            ))
                        }
                    }
                    let lower = self.rvalue(&b.node.rhs)?;
                    self.want_int(&lower, "a loop bound")?;
                    (var, lower, false)
                }
                _ => {
                    return bad(
                        self.sp(e.span),
                        "the initialisation must be `int i = lower` or `i = lower`",
                    )
                }
            },
            _ => {
                return bad(
                    for_span,
                    "the initialisation must be `int i = lower` or `i = lower`",
                )
            }
        };

        // Condition: `i < hi`, `i <= hi`, `hi > i`, `hi >= i`.
        let Some(cond) = &fs.condition else {
            return bad(for_span, "the loop has no condition");
        };
        let cond_span = self.sp(cond.span);
        let lc::Expression::BinaryOperator(b) = &cond.node else {
            return bad(
                cond_span,
                &format!("the condition must compare `{}` with `<` or `<=`", var.name),
            );
        };
        let is_var = |e: &Node<lc::Expression>| matches!(&e.node, lc::Expression::Identifier(i) if i.node.name == var.name);
        use lc::BinaryOperator as B;
        let (bound, inclusive) = match b.node.operator.node {
            B::Less if is_var(&b.node.lhs) => (&b.node.rhs, false),
            B::LessOrEqual if is_var(&b.node.lhs) => (&b.node.rhs, true),
            B::Greater if is_var(&b.node.rhs) => (&b.node.lhs, false),
            B::GreaterOrEqual if is_var(&b.node.rhs) => (&b.node.lhs, true),
            B::Greater | B::GreaterOrEqual if is_var(&b.node.lhs) => {
                return bad(cond_span, "decreasing loops are not supported")
            }
            B::NotEquals => return bad(cond_span, "`!=` conditions are not supported"),
            _ => {
                return bad(
                    cond_span,
                    &format!(
                        "the condition must be `{0} < upper` or `{0} <= upper`",
                        var.name
                    ),
                )
            }
        };
        let bound = self.rvalue(bound)?;
        self.want_int(&bound, "a loop bound")?;
        if mentions(&bound, &var.name) {
            return bad(
                bound.span,
                &format!("the bound must not depend on `{}`", var.name),
            );
        }
        let upper = if inclusive {
            let span = bound.span;
            Expr {
                kind: ExprKind::Binary {
                    op: BinOp::Add,
                    lhs: Box::new(bound),
                    rhs: Box::new(Expr {
                        kind: ExprKind::Int(1),
                        ty: Type::Int,
                        span,
                    }),
                },
                ty: Type::Int,
                span,
            }
        } else {
            bound
        };

        // Step: `i++`, `++i`, `i += 1`, `i = i + 1`, `i = 1 + i`.
        let Some(step) = &fs.step else {
            return bad(for_span, "the loop has no increment");
        };
        if !is_unit_increment(step, &var.name) {
            return bad(
                self.sp(step.span),
                &format!(
                    "the increment must be `{0}++` (`++{0}`, `{0} += 1`, `{0} = {0} + 1`)",
                    var.name
                ),
            );
        }

        // Iteration contract between the header and the body.
        let between = self.take(header_end, fs.statement.span.start);
        for &i in &between {
            if !matches!(
                self.l.annotations[i].content,
                crate::source::AnnotationContent::Spec(_)
            ) {
                return Err(FrontError::omp_syntax(
                    self.l.annotations[i].span,
                    "a `#pragma omp` between a loop's header and its body applies to nothing",
                ));
            }
        }
        let contract = self.contract_of(
            &between,
            &[
                ClauseKind::Requires,
                ClauseKind::Ensures,
                ClauseKind::Context,
                ClauseKind::ContextEverywhere,
            ],
            "an iteration contract",
        );
        if let Some(c) = &contract {
            self.check_contract(c);
        }

        let was_in_block = std::mem::replace(&mut self.omp.in_block, true);
        let body = self.body(&fs.statement);
        self.omp.in_block = was_in_block;
        if let Some(span) = assigns_var(&body.stmts, &var.name) {
            return Err(FrontError::unsupported(
                span,
                format!(
                    "the loop variable `{}` of a parallel loop must not be modified in its body",
                    var.name
                ),
            ));
        }
        Ok((
            CanonicalLoop {
                var,
                declares_var,
                lower,
                upper,
                body,
                header,
            },
            contract,
        ))
    }
}

fn mentions(e: &Expr, v: &str) -> bool {
    if let ExprKind::Var(n) = &e.kind {
        return n == v;
    }
    let mut found = false;
    e.for_each_child(&mut |c| found = found || mentions(c, v));
    found
}

fn is_unit_increment(step: &Node<lc::Expression>, v: &str) -> bool {
    let is_var = |e: &Node<lc::Expression>| matches!(&e.node, lc::Expression::Identifier(i) if i.node.name == v);
    let is_one = |e: &Node<lc::Expression>| {
        matches!(&e.node, lc::Expression::Constant(c)
            if matches!(&c.node, lc::Constant::Integer(i) if &*i.number == "1" && i.suffix.size == lc::IntegerSize::Int && !i.suffix.unsigned))
    };
    match &step.node {
        lc::Expression::UnaryOperator(u) => {
            matches!(
                u.node.operator.node,
                lc::UnaryOperator::PostIncrement | lc::UnaryOperator::PreIncrement
            ) && is_var(&u.node.operand)
        }
        lc::Expression::BinaryOperator(b) => match b.node.operator.node {
            lc::BinaryOperator::AssignPlus => is_var(&b.node.lhs) && is_one(&b.node.rhs),
            lc::BinaryOperator::Assign if is_var(&b.node.lhs) => match &b.node.rhs.node {
                lc::Expression::BinaryOperator(r)
                    if r.node.operator.node == lc::BinaryOperator::Plus =>
                {
                    (is_var(&r.node.lhs) && is_one(&r.node.rhs))
                        || (is_one(&r.node.lhs) && is_var(&r.node.rhs))
                }
                _ => false,
            },
            _ => false,
        },
        _ => false,
    }
}

/// The span of the first statement that assigns variable `v` (directly or as a call's result).
fn assigns_var(stmts: &[Stmt], v: &str) -> Option<Span> {
    let is_v = |e: &Expr| matches!(&e.kind, ExprKind::Var(n) if n == v);
    for s in stmts {
        let hit = match &s.kind {
            StmtKind::Assign { target, .. } => is_v(target),
            StmtKind::Call {
                target: Some(t), ..
            } => is_v(t),
            _ => false,
        };
        if hit {
            return Some(s.span);
        }
        let nested = match &s.kind {
            StmtKind::If { then, els, .. } => assigns_var(&then.stmts, v)
                .or_else(|| els.as_ref().and_then(|b| assigns_var(&b.stmts, v))),
            StmtKind::While { body, .. } | StmtKind::Block(body) => assigns_var(&body.stmts, v),
            StmtKind::For {
                init, step, body, ..
            } => assigns_var(init, v)
                .or_else(|| assigns_var(step, v))
                .or_else(|| assigns_var(&body.stmts, v)),
            _ => None,
        };
        if nested.is_some() {
            return nested;
        }
    }
    None
}
