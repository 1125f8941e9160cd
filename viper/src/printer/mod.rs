//! The canonical Viper pretty printer: 2-space indentation, declarations separated by blank lines
//! (consecutive fields stay together), and only the parentheses that precedence and associativity
//! require. Its output parses back to an equal tree (modulo spans).

mod exprs;
mod stmts;

use crate::ast::*;

/// Prints a whole program.
pub fn print_program(program: &Program) -> String {
    let mut p = Printer::default();
    let mut prev: Option<&Item> = None;
    for item in &program.items {
        if let Some(prev) = prev {
            let both_fields = matches!((prev, item), (Item::Field(_), Item::Field(_)));
            if !both_fields {
                p.out.push('\n');
            }
        }
        p.item(item);
        prev = Some(item);
    }
    p.out
}

/// Prints one declaration (a method with its body, a function, a domain, ...).
pub fn print_item(item: &Item) -> String {
    let mut p = Printer::default();
    p.item(item);
    p.out
}

/// Prints one expression on one line.
pub fn print_expr(e: &Expr) -> String {
    let mut p = Printer::default();
    p.expr(e);
    p.out
}

/// Prints one statement (with its nested blocks), without a trailing line break.
pub fn print_stmt(s: &Stmt) -> String {
    let mut p = Printer::default();
    p.stmt(s);
    p.out.trim_end().to_string()
}

#[derive(Default)]
pub(crate) struct Printer {
    pub(crate) out: String,
    indent: usize,
}

impl Printer {
    /// Starts a new line at the current indentation.
    fn line_start(&mut self) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn newline(&mut self) {
        self.out.push('\n');
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Field(f) => {
                self.push(&format!("field {}: {}", f.name.name, f.ty));
                self.newline();
            }
            Item::Method(m) => {
                self.push(&format!("method {}(", m.name.name));
                self.decls(&m.args);
                self.push(")");
                if !m.returns.is_empty() {
                    self.push(" returns (");
                    self.decls(&m.returns);
                    self.push(")");
                }
                self.newline();
                self.specs("requires", &m.pres);
                self.specs("ensures", &m.posts);
                if let Some(b) = &m.body {
                    self.block(b);
                    self.newline();
                }
            }
            Item::Function(f) => {
                self.push(&format!("function {}(", f.name.name));
                self.decls(&f.args);
                self.push(&format!("): {}", f.ret));
                self.newline();
                self.specs("requires", &f.pres);
                self.specs("ensures", &f.posts);
                if let Some(b) = &f.body {
                    self.braced_expr(b);
                }
            }
            Item::Predicate(pr) => {
                self.push(&format!("predicate {}(", pr.name.name));
                self.decls(&pr.args);
                self.push(")");
                match &pr.body {
                    Some(b) => {
                        self.push(" ");
                        self.braced_expr(b);
                    }
                    None => self.newline(),
                }
            }
            Item::Domain(d) => self.domain(d),
        }
    }

    fn domain(&mut self, d: &Domain) {
        self.push(&format!("domain {}", d.name.name));
        if !d.type_params.is_empty() {
            let params: Vec<&str> = d.type_params.iter().map(|t| t.name.as_str()).collect();
            self.push(&format!("[{}]", params.join(", ")));
        }
        self.push(" {");
        self.newline();
        self.indent += 1;
        for f in &d.functions {
            self.line_start();
            if f.unique {
                self.push("unique ");
            }
            let args: Vec<String> = f
                .args
                .iter()
                .map(|a| match &a.name {
                    Some(n) => format!("{}: {}", n.name, a.ty),
                    None => a.ty.to_string(),
                })
                .collect();
            self.push(&format!(
                "function {}({}): {}",
                f.name.name,
                args.join(", "),
                f.ret
            ));
            self.newline();
        }
        for (i, a) in d.axioms.iter().enumerate() {
            if i > 0 || !d.functions.is_empty() {
                self.newline();
            }
            self.line_start();
            self.push("axiom ");
            if let Some(n) = &a.name {
                self.push(&n.name);
                self.push(" ");
            }
            self.braced_expr(&a.expr);
        }
        self.indent -= 1;
        self.push("}");
        self.newline();
    }

    /// `{` newline, the expression indented, newline, `}` newline.
    fn braced_expr(&mut self, e: &Expr) {
        self.push("{");
        self.newline();
        self.indent += 1;
        self.line_start();
        self.expr(e);
        self.newline();
        self.indent -= 1;
        self.line_start();
        self.push("}");
        self.newline();
    }

    fn decls(&mut self, decls: &[LocalDecl]) {
        for (i, d) in decls.iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.push(&format!("{}: {}", d.name.name, d.ty));
        }
    }

    fn specs(&mut self, keyword: &str, specs: &[Expr]) {
        self.indent += 1;
        for e in specs {
            self.line_start();
            if !self.decreases(e) {
                self.push(keyword);
                self.push(" ");
                self.expr(e);
            }
            self.newline();
        }
        self.indent -= 1;
    }

    /// Prints a `decreases` clause kept for the type checker (see [`crate::parser::DECREASES`]);
    /// false for any other specification.
    fn decreases(&mut self, e: &Expr) -> bool {
        let ExprKind::Call { name, args } = &e.kind else {
            return false;
        };
        if name.name != crate::parser::DECREASES {
            return false;
        }
        let Some((cond, measures)) = args.split_first() else {
            return false;
        };
        self.push("decreases");
        for (i, m) in measures.iter().enumerate() {
            self.push(if i == 0 { " " } else { ", " });
            self.expr(m);
        }
        if !matches!(cond.kind, ExprKind::BoolLit(true)) {
            self.push(if measures.is_empty() {
                " _ if "
            } else {
                " if "
            });
            self.expr(cond);
        } else if measures.is_empty() {
            // `decreases *` and `decreases _` (no check) are kept alike.
            self.push(" *");
        }
        true
    }
}

#[cfg(test)]
mod tests;
