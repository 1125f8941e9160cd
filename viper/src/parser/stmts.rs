//! Building statements.

use super::builder::{children, Builder, Result};
use super::grammar::Rule;
use super::MAX_NESTING;
use crate::ast::*;
use crate::InputError;
use pest::iterators::Pair;

impl Builder<'_> {
    pub(super) fn block(&mut self, pair: Pair<'_, Rule>) -> Result<Block> {
        let span = self.span(&pair);
        if self.depth >= MAX_NESTING {
            return Err(InputError::parser(
                span,
                format!("blocks nested more than {MAX_NESTING} levels deep are not supported"),
            ));
        }
        self.depth += 1;
        let mut stmts = Vec::new();
        let mut result = Ok(());
        for s in children(pair) {
            result = self.stmt(s, &mut stmts);
            if result.is_err() {
                break;
            }
        }
        self.depth -= 1;
        result.map(|()| Block { stmts, span })
    }

    /// Builds one statement; some forms (`var a: T, b: U`) become several.
    fn stmt(&mut self, pair: Pair<'_, Rule>, out: &mut Vec<Stmt>) -> Result<()> {
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let kind = match rule {
            Rule::block => StmtKind::Block(self.block(pair)?),
            Rule::var_stmt => return self.var_stmt(pair, out),
            Rule::assign_stmt => return self.assign_stmt(pair, out),
            Rule::call_stmt => {
                let mut it = children(pair);
                let (Some(name), Some(args)) = (it.next(), it.next()) else {
                    return Err(InputError::parser(span, "malformed call"));
                };
                StmtKind::Call {
                    targets: Vec::new(),
                    method: self.ident(&name),
                    args: self.args(args)?,
                }
            }
            Rule::if_stmt => self.if_stmt(pair)?,
            Rule::define_decl => {
                let m = self.define(pair)?;
                self.method_macros.push(m);
                return Ok(());
            }
            Rule::annotation => return Ok(()),
            Rule::quasihavoc_stmt => return self.quasihavoc(pair, out),
            Rule::goto_stmt => {
                return Err(InputError::unsupported(span, "`goto` is not supported"));
            }
            Rule::bare_stmt => {
                let Some(name) = children(pair).next() else {
                    return Err(InputError::parser(span, "expected a statement"));
                };
                self.macros.bare.insert((span.file, span.start));
                StmtKind::Call {
                    targets: Vec::new(),
                    method: self.ident(&name),
                    args: Vec::new(),
                }
            }
            Rule::while_stmt => {
                let mut cond = None;
                let mut invariants = Vec::new();
                let mut body = None;
                for p in children(pair) {
                    match p.as_rule() {
                        Rule::condition => cond = Some(self.spec(p)?),
                        Rule::invariant => invariants.push(self.spec(p)?),
                        Rule::decreases_clause => invariants.push(self.decreases(p)?),
                        Rule::block => body = Some(self.block(p)?),
                        _ => {}
                    }
                }
                let (Some(cond), Some(body)) = (cond, body) else {
                    return Err(InputError::parser(span, "malformed loop"));
                };
                self.one_decreases(&invariants, span)?;
                StmtKind::While {
                    cond,
                    invariants,
                    body,
                }
            }
            Rule::inhale_stmt
            | Rule::exhale_stmt
            | Rule::assert_stmt
            | Rule::assume_stmt
            | Rule::fold_stmt
            | Rule::unfold_stmt => {
                let Some(e) = children(pair)
                    .find(|p| matches!(p.as_rule(), Rule::expr | Rule::acc_expr | Rule::call))
                else {
                    return Err(InputError::parser(span, "expected an expression"));
                };
                let e = self.any_expr(e)?;
                match rule {
                    Rule::inhale_stmt => StmtKind::Inhale(e),
                    Rule::exhale_stmt => StmtKind::Exhale(e),
                    Rule::assert_stmt => StmtKind::Assert(e),
                    Rule::assume_stmt => StmtKind::Assume(e),
                    Rule::fold_stmt => StmtKind::Fold(e),
                    _ => StmtKind::Unfold(e),
                }
            }
            Rule::label_stmt => {
                let mut name = None;
                let mut invariants = Vec::new();
                for p in children(pair) {
                    match p.as_rule() {
                        Rule::ident => name = Some(self.ident(&p)),
                        Rule::invariant => invariants.push(self.spec(p)?),
                        _ => {}
                    }
                }
                let Some(name) = name else {
                    return Err(InputError::parser(span, "expected the label's name"));
                };
                StmtKind::Label { name, invariants }
            }
            _ => return Err(InputError::parser(span, "unexpected statement")),
        };
        out.push(Stmt::new(kind, span));
        Ok(())
    }

    /// `quasihavoc [c ==>] e.f` as
    /// `if (c) { var p: Perm := perm(e.f); exhale acc(e.f, p); inhale acc(e.f, p) }`: giving
    /// back exactly the permission held havocs the value, and nothing else, where some is held.
    /// `quasihavocall` and other resources are not supported.
    fn quasihavoc(&mut self, pair: Pair<'_, Rule>, out: &mut Vec<Stmt>) -> Result<()> {
        let span = self.span(&pair);
        let mut all = false;
        let mut e = None;
        for p in children(pair) {
            match p.as_rule() {
                Rule::kw_quasihavocall => all = true,
                Rule::expr => e = Some(self.expr(p)?),
                _ => {}
            }
        }
        if all {
            return Err(InputError::unsupported(
                span,
                "`quasihavocall` is not supported",
            ));
        }
        let Some(e) = e else {
            return Err(InputError::parser(span, "expected a resource"));
        };
        let (cond, res) = match e.into_parts() {
            (
                ExprKind::Binary {
                    op: BinaryOp::Implies,
                    left,
                    right,
                },
                _,
            ) => (Some(*left), *right),
            (kind, s) => (None, Expr::new(kind, s)),
        };
        if !matches!(res.kind, ExprKind::Field { .. }) {
            return Err(InputError::unsupported(
                res.span,
                "`quasihavoc` of a resource other than a field location",
            ));
        }
        self.quasihavocs += 1;
        let var = format!("quasihavoc$perm{}", self.quasihavocs);
        let local = || Expr::new(ExprKind::Local(var.clone()), span);
        let acc = || {
            Expr::new(
                ExprKind::Acc {
                    loc: Box::new(res.clone()),
                    perm: Some(Box::new(local())),
                },
                span,
            )
        };
        let stmts = vec![
            Stmt::new(
                StmtKind::VarDecl {
                    decl: LocalDecl {
                        name: Ident::new(var.clone(), span),
                        ty: Type::Perm,
                        span,
                    },
                    init: Some(Expr::new(ExprKind::PermOf(Box::new(res.clone())), span)),
                },
                span,
            ),
            Stmt::new(StmtKind::Exhale(acc()), span),
            Stmt::new(StmtKind::Inhale(acc()), span),
        ];
        let block = Block { stmts, span };
        let kind = match cond {
            None => StmtKind::Block(block),
            Some(cond) => StmtKind::If {
                cond,
                then: block,
                els: None,
            },
        };
        out.push(Stmt::new(kind, span));
        Ok(())
    }

    /// `if c {..} elseif c2 {..} else {..}`: each `elseif` becomes an `If` alone in an else block.
    fn if_stmt(&mut self, pair: Pair<'_, Rule>) -> Result<StmtKind> {
        let span = self.span(&pair);
        let mut cond = None;
        let mut then = None;
        // (span from the keyword to the end of the statement, condition, block)
        let mut elseifs = Vec::new();
        let mut els = None;
        let end = pair.as_span().end();
        for p in children(pair) {
            match p.as_rule() {
                Rule::condition => cond = Some(self.spec(p)?),
                Rule::block => then = Some(self.block(p)?),
                Rule::elseif_part => {
                    let start = p.as_span().start();
                    let mut c = None;
                    let mut b = None;
                    for q in children(p) {
                        match q.as_rule() {
                            Rule::condition => c = Some(self.spec(q)?),
                            Rule::block => b = Some(self.block(q)?),
                            _ => {}
                        }
                    }
                    let (Some(c), Some(b)) = (c, b) else {
                        return Err(InputError::parser(span, "malformed `elseif`"));
                    };
                    elseifs.push((self.span_of(start, end), c, b));
                }
                Rule::else_part => {
                    els = children(p)
                        .find(|q| q.as_rule() == Rule::block)
                        .map(|b| self.block(b))
                        .transpose()?;
                }
                _ => {}
            }
        }
        let (Some(cond), Some(then)) = (cond, then) else {
            return Err(InputError::parser(span, "malformed `if`"));
        };
        // Fold the `elseif`s from the last one outwards.
        for (s, c, b) in elseifs.into_iter().rev() {
            let inner = Stmt::new(
                StmtKind::If {
                    cond: c,
                    then: b,
                    els,
                },
                s,
            );
            els = Some(Block {
                stmts: vec![inner],
                span: s,
            });
        }
        Ok(StmtKind::If { cond, then, els })
    }

    /// `var a: T [, b: U] [:= rhs]`
    fn var_stmt(&mut self, pair: Pair<'_, Rule>, out: &mut Vec<Stmt>) -> Result<()> {
        let span = self.span(&pair);
        let mut decls = Vec::new();
        let mut rhs = None;
        for p in children(pair) {
            match p.as_rule() {
                Rule::binding => decls.push(self.binding(p)?),
                Rule::kw_var => {}
                _ => rhs = Some(p),
            }
        }
        let single = decls.len() == 1;
        let Some(rhs) = rhs else {
            for d in decls {
                let s = if single { span } else { d.span };
                out.push(Stmt::new(
                    StmtKind::VarDecl {
                        decl: d,
                        init: None,
                    },
                    s,
                ));
            }
            return Ok(());
        };
        let targets: Vec<Ident> = decls.iter().map(|d| d.name.clone()).collect();
        let assignment = self.assignment(targets, rhs)?;
        match assignment {
            // `var x: T := e` keeps its initialiser.
            StmtKind::Assign { value, .. } if single => {
                let decl = decls.remove(0);
                out.push(Stmt::new(
                    StmtKind::VarDecl {
                        decl,
                        init: Some(value),
                    },
                    span,
                ));
            }
            // A `new` or a method call: declare, then assign.
            other => {
                for d in decls {
                    let s = d.span;
                    out.push(Stmt::new(
                        StmtKind::VarDecl {
                            decl: d,
                            init: None,
                        },
                        s,
                    ));
                }
                out.push(Stmt::new(other, span));
            }
        }
        Ok(())
    }

    /// `lhs, .. := rhs`
    fn assign_stmt(&mut self, pair: Pair<'_, Rule>, out: &mut Vec<Stmt>) -> Result<()> {
        let span = self.span(&pair);
        let parts: Vec<_> = children(pair).collect();
        let Some((rhs, lhss)) = parts.split_last() else {
            return Err(InputError::parser(span, "malformed assignment"));
        };
        let mut lhs = Vec::new();
        for l in lhss {
            lhs.push(self.suffix_expr(l.clone())?);
        }
        if lhs.len() == 1 && matches!(lhs[0].kind, ExprKind::Field { .. }) {
            if rhs.as_rule() == Rule::new_expr {
                return Err(self.error(rhs, "`new` can only be assigned to a local variable"));
            }
            let value = self.expr(rhs.clone())?;
            let target = lhs.remove(0);
            out.push(Stmt::new(StmtKind::FieldAssign { target, value }, span));
            return Ok(());
        }
        let mut targets = Vec::new();
        for t in lhs {
            match &t.kind {
                ExprKind::Local(name) => targets.push(Ident::new(name.clone(), t.span)),
                _ => {
                    let message = if targets.is_empty() && lhss.len() == 1 {
                        "only a local variable or a field location can be assigned to"
                    } else {
                        "the targets of a method call must be local variables"
                    };
                    return Err(InputError::parser(t.span, message));
                }
            }
        }
        let kind = self.assignment(targets, rhs.clone())?;
        out.push(Stmt::new(kind, span));
        Ok(())
    }

    /// The statement assigning `rhs` to the local variables `targets`: `new`, a method call, or a
    /// plain assignment.
    fn assignment(&mut self, mut targets: Vec<Ident>, rhs: Pair<'_, Rule>) -> Result<StmtKind> {
        if rhs.as_rule() == Rule::new_expr {
            if targets.len() != 1 {
                return Err(self.error(&rhs, "`new` creates one object; assign it to one variable"));
            }
            let mut fields = Some(Vec::new());
            for p in children(rhs) {
                match p.as_rule() {
                    Rule::star => fields = None,
                    Rule::ident => {
                        if let Some(fs) = &mut fields {
                            fs.push(self.ident(&p));
                        }
                    }
                    _ => {}
                }
            }
            return Ok(StmtKind::New {
                target: targets.remove(0),
                fields,
            });
        }
        let rhs_span = self.span(&rhs);
        let value = self.expr(rhs)?;
        if let ExprKind::Call { name, args } = &value.kind {
            if targets.len() != 1 || self.methods.contains(&name.name) {
                return Ok(StmtKind::Call {
                    targets,
                    method: name.clone(),
                    args: args.clone(),
                });
            }
        }
        if targets.len() != 1 {
            return Err(InputError::parser(
                rhs_span,
                "several variables can only be assigned the results of a method call",
            ));
        }
        Ok(StmtKind::Assign {
            target: targets.remove(0),
            value,
        })
    }
}
