//! Rewriting every span of a tree, e.g. to compare two trees modulo positions.

use crate::Span;

use super::*;

type SpanFn<'a> = dyn FnMut(&mut Span) + 'a;

impl Program {
    /// Calls `f` on every span in the program.
    pub fn for_each_span_mut(&mut self, f: &mut SpanFn<'_>) {
        for item in &mut self.items {
            item.for_each_span_mut(f);
        }
    }

    /// Replaces every span by [`Span::DUMMY`], so that trees can be compared structurally.
    pub fn clear_spans(&mut self) {
        self.for_each_span_mut(&mut |s| *s = Span::DUMMY);
    }
}

impl Item {
    pub fn for_each_span_mut(&mut self, f: &mut SpanFn<'_>) {
        match self {
            Item::Field(x) => {
                f(&mut x.span);
                f(&mut x.name.span);
            }
            Item::Method(m) => {
                f(&mut m.span);
                f(&mut m.name.span);
                m.args.iter_mut().for_each(|d| d.for_each_span_mut(f));
                m.returns.iter_mut().for_each(|d| d.for_each_span_mut(f));
                m.pres.iter_mut().for_each(|e| e.for_each_span_mut(f));
                m.posts.iter_mut().for_each(|e| e.for_each_span_mut(f));
                if let Some(b) = &mut m.body {
                    b.for_each_span_mut(f);
                }
            }
            Item::Function(x) => {
                f(&mut x.span);
                f(&mut x.name.span);
                x.args.iter_mut().for_each(|d| d.for_each_span_mut(f));
                x.pres.iter_mut().for_each(|e| e.for_each_span_mut(f));
                x.posts.iter_mut().for_each(|e| e.for_each_span_mut(f));
                if let Some(b) = &mut x.body {
                    b.for_each_span_mut(f);
                }
            }
            Item::Domain(d) => {
                f(&mut d.span);
                f(&mut d.name.span);
                d.type_params.iter_mut().for_each(|p| f(&mut p.span));
                for func in &mut d.functions {
                    f(&mut func.span);
                    f(&mut func.name.span);
                    for a in &mut func.args {
                        f(&mut a.span);
                        if let Some(n) = &mut a.name {
                            f(&mut n.span);
                        }
                    }
                }
                for ax in &mut d.axioms {
                    f(&mut ax.span);
                    if let Some(n) = &mut ax.name {
                        f(&mut n.span);
                    }
                    ax.expr.for_each_span_mut(f);
                }
            }
            Item::Predicate(p) => {
                f(&mut p.span);
                f(&mut p.name.span);
                p.args.iter_mut().for_each(|d| d.for_each_span_mut(f));
                if let Some(b) = &mut p.body {
                    b.for_each_span_mut(f);
                }
            }
        }
    }
}

impl LocalDecl {
    pub fn for_each_span_mut(&mut self, f: &mut SpanFn<'_>) {
        f(&mut self.span);
        f(&mut self.name.span);
    }
}

impl Block {
    pub fn for_each_span_mut(&mut self, f: &mut SpanFn<'_>) {
        f(&mut self.span);
        self.stmts.iter_mut().for_each(|s| s.for_each_span_mut(f));
    }
}

impl Stmt {
    pub fn for_each_span_mut(&mut self, f: &mut SpanFn<'_>) {
        f(&mut self.span);
        match &mut self.kind {
            StmtKind::Block(b) => b.for_each_span_mut(f),
            StmtKind::VarDecl { decl, init } => {
                decl.for_each_span_mut(f);
                if let Some(e) = init {
                    e.for_each_span_mut(f);
                }
            }
            StmtKind::Assign { target, value } => {
                f(&mut target.span);
                value.for_each_span_mut(f);
            }
            StmtKind::FieldAssign { target, value } => {
                target.for_each_span_mut(f);
                value.for_each_span_mut(f);
            }
            StmtKind::Call {
                targets,
                method,
                args,
            } => {
                targets.iter_mut().for_each(|t| f(&mut t.span));
                f(&mut method.span);
                args.iter_mut().for_each(|e| e.for_each_span_mut(f));
            }
            StmtKind::New { target, fields } => {
                f(&mut target.span);
                if let Some(fs) = fields {
                    fs.iter_mut().for_each(|x| f(&mut x.span));
                }
            }
            StmtKind::If { cond, then, els } => {
                cond.for_each_span_mut(f);
                then.for_each_span_mut(f);
                if let Some(b) = els {
                    b.for_each_span_mut(f);
                }
            }
            StmtKind::While {
                cond,
                invariants,
                body,
            } => {
                cond.for_each_span_mut(f);
                invariants.iter_mut().for_each(|e| e.for_each_span_mut(f));
                body.for_each_span_mut(f);
            }
            StmtKind::Inhale(e)
            | StmtKind::Exhale(e)
            | StmtKind::Assert(e)
            | StmtKind::Assume(e)
            | StmtKind::Fold(e)
            | StmtKind::Unfold(e) => e.for_each_span_mut(f),
            StmtKind::Label { name, invariants } => {
                f(&mut name.span);
                invariants.iter_mut().for_each(|e| e.for_each_span_mut(f));
            }
        }
    }
}

impl Expr {
    pub fn for_each_span_mut(&mut self, f: &mut SpanFn<'_>) {
        // Chains of operators make trees as deep as they are long.
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.for_each_span_mut_here(f))
    }

    fn for_each_span_mut_here(&mut self, f: &mut SpanFn<'_>) {
        f(&mut self.span);
        match &mut self.kind {
            ExprKind::IntLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::Null
            | ExprKind::Local(_)
            | ExprKind::Result
            | ExprKind::PermLit(_) => {}
            ExprKind::Field { receiver, field } => {
                receiver.for_each_span_mut(f);
                f(&mut field.span);
            }
            ExprKind::Unary { operand, .. } => operand.for_each_span_mut(f),
            ExprKind::Binary { left, right, .. } => {
                left.for_each_span_mut(f);
                right.for_each_span_mut(f);
            }
            ExprKind::Cond { cond, then, els } => {
                cond.for_each_span_mut(f);
                then.for_each_span_mut(f);
                els.for_each_span_mut(f);
            }
            ExprKind::Call { name, args } => {
                f(&mut name.span);
                args.iter_mut().for_each(|e| e.for_each_span_mut(f));
            }
            ExprKind::Old { label, expr } => {
                if let Some(l) = label {
                    f(&mut l.span);
                }
                expr.for_each_span_mut(f);
            }
            ExprKind::Acc { loc, perm } => {
                loc.for_each_span_mut(f);
                if let Some(p) = perm {
                    p.for_each_span_mut(f);
                }
            }
            ExprKind::PermOf(e) | ExprKind::Len(e) => e.for_each_span_mut(f),
            ExprKind::Quant {
                vars,
                triggers,
                body,
                ..
            } => {
                vars.iter_mut().for_each(|d| d.for_each_span_mut(f));
                for t in triggers {
                    f(&mut t.span);
                    t.exprs.iter_mut().for_each(|e| e.for_each_span_mut(f));
                }
                body.for_each_span_mut(f);
            }
            ExprKind::Let { var, value, body } => {
                f(&mut var.span);
                value.for_each_span_mut(f);
                body.for_each_span_mut(f);
            }
            ExprKind::Unfolding { acc, body } => {
                acc.for_each_span_mut(f);
                body.for_each_span_mut(f);
            }
            ExprKind::SeqLit { elems, .. } | ExprKind::SetLit { elems, .. } => {
                elems.iter_mut().for_each(|e| e.for_each_span_mut(f))
            }
            ExprKind::SeqRange { lo, hi } => {
                lo.for_each_span_mut(f);
                hi.for_each_span_mut(f);
            }
            ExprKind::Index { seq, index } => {
                seq.for_each_span_mut(f);
                index.for_each_span_mut(f);
            }
            ExprKind::Slice { seq, lo, hi } => {
                seq.for_each_span_mut(f);
                if let Some(e) = lo {
                    e.for_each_span_mut(f);
                }
                if let Some(e) = hi {
                    e.for_each_span_mut(f);
                }
            }
            ExprKind::Update { seq, index, value } => {
                seq.for_each_span_mut(f);
                index.for_each_span_mut(f);
                value.for_each_span_mut(f);
            }
        }
    }
}
