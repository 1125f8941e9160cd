//! Printing statements and blocks.

use super::Printer;
use crate::ast::*;

impl Printer {
    /// Prints `{`, the statements one per line, and `}` (no line break after it).
    pub(super) fn block(&mut self, b: &Block) {
        self.push("{");
        self.newline();
        self.indent += 1;
        for s in &b.stmts {
            self.stmt(s);
        }
        self.indent -= 1;
        self.line_start();
        self.push("}");
    }

    /// Prints one statement on its own line(s), ending with a line break.
    pub(super) fn stmt(&mut self, s: &Stmt) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.stmt_inner(s));
    }

    fn stmt_inner(&mut self, s: &Stmt) {
        self.line_start();
        match &s.kind {
            StmtKind::Block(b) => self.block(b),
            StmtKind::VarDecl { decl, init } => {
                self.push(&format!("var {}: {}", decl.name.name, decl.ty));
                if let Some(e) = init {
                    self.push(" := ");
                    self.expr(e);
                }
            }
            StmtKind::Assign { target, value } => {
                self.push(&target.name);
                self.push(" := ");
                self.expr(value);
            }
            StmtKind::FieldAssign { target, value } => {
                self.expr(target);
                self.push(" := ");
                self.expr(value);
            }
            StmtKind::Call {
                targets,
                method,
                args,
            } => {
                if !targets.is_empty() {
                    let names: Vec<&str> = targets.iter().map(|t| t.name.as_str()).collect();
                    self.push(&names.join(", "));
                    self.push(" := ");
                }
                self.push(&method.name);
                self.args(args);
            }
            StmtKind::New { target, fields } => {
                self.push(&target.name);
                self.push(" := new(");
                match fields {
                    None => self.push("*"),
                    Some(fs) => {
                        let names: Vec<&str> = fs.iter().map(|f| f.name.as_str()).collect();
                        self.push(&names.join(", "));
                    }
                }
                self.push(")");
            }
            StmtKind::If { cond, then, els } => {
                self.push("if (");
                self.expr(cond);
                self.push(") ");
                self.block(then);
                let mut els = els.as_ref();
                while let Some(b) = els {
                    match b.stmts.as_slice() {
                        [Stmt {
                            kind:
                                StmtKind::If {
                                    cond,
                                    then,
                                    els: next,
                                },
                            ..
                        }] => {
                            self.push(" elseif (");
                            self.expr(cond);
                            self.push(") ");
                            self.block(then);
                            els = next.as_ref();
                        }
                        _ => {
                            self.push(" else ");
                            self.block(b);
                            els = None;
                        }
                    }
                }
            }
            StmtKind::While {
                cond,
                invariants,
                body,
            } => {
                self.push("while (");
                self.expr(cond);
                self.push(")");
                if invariants.is_empty() {
                    self.push(" ");
                } else {
                    self.newline();
                    self.indent += 1;
                    for inv in invariants {
                        self.line_start();
                        if !self.decreases(inv) {
                            self.push("invariant ");
                            self.expr(inv);
                        }
                        self.newline();
                    }
                    self.indent -= 1;
                    self.line_start();
                }
                self.block(body);
            }
            StmtKind::Inhale(e) => self.keyword_expr("inhale", e),
            StmtKind::Exhale(e) => self.keyword_expr("exhale", e),
            StmtKind::Assert(e) => self.keyword_expr("assert", e),
            StmtKind::Assume(e) => self.keyword_expr("assume", e),
            StmtKind::Fold(e) => self.keyword_expr("fold", e),
            StmtKind::Unfold(e) => self.keyword_expr("unfold", e),
            StmtKind::Label { name, invariants } => {
                self.push("label ");
                self.push(&name.name);
                for inv in invariants {
                    self.push(" invariant ");
                    self.expr(inv);
                }
            }
        }
        self.newline();
    }

    fn keyword_expr(&mut self, keyword: &str, e: &Expr) {
        self.push(keyword);
        self.push(" ");
        self.expr(e);
    }
}
