//! Printing expressions with the minimal parentheses implied by Silver's precedence levels.

use super::Printer;
use crate::ast::*;

/// Precedence levels, lowest first, as in Silver's parser.
const COND: u8 = 1;
const IFF: u8 = 2;
const IMPLIES: u8 = 3;
const OR: u8 = 4;
const AND: u8 = 5;
const EQ: u8 = 6;
const CMP: u8 = 7;
const SUM: u8 = 8;
const MUL: u8 = 9;
const UNARY: u8 = 10;
const ATOM: u8 = 11;

fn binary_level(op: BinaryOp) -> u8 {
    use BinaryOp::*;
    match op {
        Iff => IFF,
        Implies => IMPLIES,
        Or => OR,
        And => AND,
        Eq | Ne => EQ,
        Lt | Le | Gt | Ge | In => CMP,
        Add | Sub | Append | Union | Intersection | Setminus | Subset => SUM,
        Mul | Div | PermDiv | Mod => MUL,
    }
}

/// The precedence level of an expression's outermost construct.
fn level(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Cond { .. } => COND,
        ExprKind::Binary { op, .. } => binary_level(*op),
        ExprKind::Unary { .. } => UNARY,
        ExprKind::IntLit(n) if n.sign() == num_bigint::Sign::Minus => UNARY,
        _ => ATOM,
    }
}

/// Binders whose body extends as far to the right as possible.
fn is_binder(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Quant { .. } | ExprKind::Let { .. } | ExprKind::Unfolding { .. }
    )
}

impl Printer {
    /// Prints an expression in a position where nothing follows it.
    pub(crate) fn expr(&mut self, e: &Expr) {
        self.expr_in(e, 0, true);
    }

    /// Prints `e` where the context binds with level `min` (parenthesise if `e` binds less
    /// tightly); `open` tells whether nothing follows `e` up to a closing delimiter, which is what
    /// lets a binder (`forall`, `let`, `unfolding`) go without parentheses.
    fn expr_in(&mut self, e: &Expr, min: u8, open: bool) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            let paren = level(e) < min || (is_binder(e) && !open);
            if paren {
                self.push("(");
            }
            self.expr_kind(e, open || paren);
            if paren {
                self.push(")");
            }
        })
    }

    pub(super) fn args(&mut self, args: &[Expr]) {
        self.push("(");
        self.expr_list(args);
        self.push(")");
    }

    fn expr_list(&mut self, es: &[Expr]) {
        for (i, a) in es.iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.expr(a);
        }
    }

    fn expr_kind(&mut self, e: &Expr, open: bool) {
        match &e.kind {
            ExprKind::IntLit(n) => self.push(&n.to_string()),
            ExprKind::BoolLit(b) => self.push(if *b { "true" } else { "false" }),
            ExprKind::Null => self.push("null"),
            ExprKind::Local(x) => self.push(x),
            ExprKind::Result => self.push("result"),
            ExprKind::PermLit(p) => self.push(match p {
                PermLit::Write => "write",
                PermLit::None => "none",
                PermLit::Wildcard => "wildcard",
                PermLit::Epsilon => "epsilon",
            }),
            ExprKind::Field { receiver, field } => {
                self.expr_in(receiver, ATOM, false);
                self.push(".");
                self.push(&field.name);
            }
            ExprKind::Unary { op, operand } => {
                self.push(match op {
                    UnaryOp::Not => "!",
                    UnaryOp::Neg => "-",
                });
                // `-(-x)` rather than `--x`; a binder operand is parenthesised for readability.
                let min = if level(operand) == UNARY || is_binder(operand) {
                    ATOM + 1
                } else {
                    ATOM
                };
                self.expr_in(operand, min, open);
            }
            ExprKind::Binary { op, left, right } => {
                let lv = binary_level(*op);
                let (lmin, rmin) = match lv {
                    IFF | IMPLIES | OR | AND | EQ => (lv + 1, lv),
                    CMP => (lv + 1, lv + 1),
                    _ => (lv, lv + 1),
                };
                self.expr_in(left, lmin, false);
                self.push(" ");
                self.push(op.symbol());
                self.push(" ");
                self.expr_in(right, rmin, open);
            }
            ExprKind::Cond { cond, then, els } => {
                self.expr_in(cond, IFF, false);
                self.push(" ? ");
                self.expr_in(then, IFF, true);
                self.push(" : ");
                self.expr_in(els, COND, open);
            }
            ExprKind::Call { name, args } => {
                self.push(&name.name);
                self.args(args);
            }
            ExprKind::Old { label, expr } => {
                self.push("old");
                if let Some(l) = label {
                    self.push("[");
                    self.push(&l.name);
                    self.push("]");
                }
                self.push("(");
                self.expr(expr);
                self.push(")");
            }
            ExprKind::Acc { loc, perm } => {
                self.push("acc(");
                self.expr(loc);
                if let Some(p) = perm {
                    self.push(", ");
                    self.expr(p);
                }
                self.push(")");
            }
            ExprKind::PermOf(loc) => {
                self.push("perm(");
                self.expr(loc);
                self.push(")");
            }
            ExprKind::Quant {
                kind,
                vars,
                triggers,
                body,
            } => {
                self.push(match kind {
                    QuantKind::Forall => "forall ",
                    QuantKind::Exists => "exists ",
                });
                for (i, v) in vars.iter().enumerate() {
                    if i > 0 {
                        self.push(", ");
                    }
                    self.push(&format!("{}: {}", v.name.name, v.ty));
                }
                self.push(" ::");
                for t in triggers {
                    if t.exprs.is_empty() {
                        // Parsed (an empty trigger is a consistency error, not a syntax error).
                        self.push(" {}");
                        continue;
                    }
                    self.push(" { ");
                    self.expr_list(&t.exprs);
                    self.push(" }");
                }
                self.push(" ");
                self.expr_in(body, 0, true);
            }
            ExprKind::Let { var, value, body } => {
                self.push("let ");
                self.push(&var.name);
                self.push(" == (");
                self.expr(value);
                self.push(") in ");
                self.expr_in(body, 0, true);
            }
            ExprKind::Unfolding { acc, body } => {
                self.push("unfolding ");
                self.expr_in(acc, ATOM, false);
                self.push(" in ");
                self.expr_in(body, 0, true);
            }
            ExprKind::SeqLit { elem_ty, elems } => {
                self.push("Seq");
                self.collection(elem_ty, elems);
            }
            ExprKind::SetLit {
                multi,
                elem_ty,
                elems,
            } => {
                self.push(if *multi { "Multiset" } else { "Set" });
                self.collection(elem_ty, elems);
            }
            ExprKind::SeqRange { lo, hi } => {
                self.push("[");
                self.expr(lo);
                self.push("..");
                self.expr(hi);
                self.push(")");
            }
            ExprKind::Len(x) => {
                // `||s||` would read as `||`: parenthesise an operand that starts or ends with `|`.
                let inner = super::print_expr(x);
                if inner.starts_with('|') || inner.ends_with('|') {
                    self.push(&format!("|({inner})|"));
                } else {
                    self.push(&format!("|{inner}|"));
                }
            }
            ExprKind::Index { seq, index } => {
                self.expr_in(seq, ATOM, false);
                self.push("[");
                self.expr(index);
                self.push("]");
            }
            ExprKind::Slice { seq, lo, hi } => {
                self.expr_in(seq, ATOM, false);
                self.push("[");
                if let Some(lo) = lo {
                    self.expr(lo);
                }
                self.push("..");
                if let Some(hi) = hi {
                    self.expr(hi);
                }
                self.push("]");
            }
            ExprKind::Update { seq, index, value } => {
                self.expr_in(seq, ATOM, false);
                self.push("[");
                self.expr(index);
                self.push(" := ");
                self.expr(value);
                self.push("]");
            }
        }
    }

    fn collection(&mut self, elem_ty: &Option<Type>, elems: &[Expr]) {
        if let Some(t) = elem_ty {
            self.push(&format!("[{t}]"));
        }
        self.args(elems);
    }
}
