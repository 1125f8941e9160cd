//! Printing specification expressions and contracts in the input syntax, with only the
//! parentheses the operator precedences need (quantifiers are always parenthesised).

use super::ast::*;

/// Precedence of `?:`, the weakest operator.
const COND: u8 = 1;
/// Precedence of prefix operators.
const PREFIX: u8 = 9;
/// Precedence of indexing.
const POSTFIX: u8 = 10;

/// `e` in the specification syntax.
pub fn print_expr(e: &Expr) -> String {
    let mut s = String::new();
    write(e, 0, &mut s);
    s
}

/// One line per clause: `requires e;`.
pub fn print_contract(c: &Contract) -> Vec<String> {
    c.clauses
        .iter()
        .map(|cl| match &cl.lock {
            Some(l) => format!("{} {l}: {};", cl.kind.keyword(), print_expr(&cl.expr)),
            None => format!("{} {};", cl.kind.keyword(), print_expr(&cl.expr)),
        })
        .collect()
}

fn write(e: &Expr, ctx: u8, out: &mut String) {
    match &e.kind {
        ExprKind::Int(n) => out.push_str(&n.to_string()),
        ExprKind::Real(t) => out.push_str(t),
        ExprKind::Member { base, field } => match &base.kind {
            ExprKind::Deref(p) => {
                write(p, POSTFIX, out);
                out.push_str("->");
                out.push_str(&field.name);
            }
            _ => {
                write(base, POSTFIX, out);
                out.push('.');
                out.push_str(&field.name);
            }
        },
        ExprKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        ExprKind::Null => out.push_str("NULL"),
        ExprKind::Result => out.push_str("\\result"),
        ExprKind::Write => out.push_str("write"),
        ExprKind::Read => out.push_str("read"),
        ExprKind::NoPerm => out.push_str("none"),
        ExprKind::Var(v) => out.push_str(v),
        ExprKind::ThreadNum => out.push_str("omp_get_thread_num()"),
        ExprKind::Contribution(x) => {
            out.push_str("\\contribution(");
            out.push_str(&x.name);
            out.push(')');
        }
        ExprKind::Index { base, index } => {
            write(base, POSTFIX, out);
            out.push('[');
            write(index, 0, out);
            out.push(']');
        }
        ExprKind::Deref(a) => prefix("*", a, ctx, out),
        ExprKind::AddrOf(a) => prefix("&", a, ctx, out),
        ExprKind::Unary { op, arg } => {
            let sym = match op {
                UnOp::Not => "!",
                UnOp::Neg => "-",
            };
            prefix(sym, arg, ctx, out)
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let p = op.precedence();
            let paren = p < ctx;
            if paren {
                out.push('(');
            }
            let (l, r) = if op.right_assoc() {
                (p + 1, p)
            } else {
                (p, p + 1)
            };
            write(lhs, l, out);
            // Fractions are written tight, as VerCors users do (`1\2`, `1/2`).
            if matches!(op, BinOp::Frac | BinOp::Div) {
                out.push_str(op.symbol());
            } else {
                out.push(' ');
                out.push_str(op.symbol());
                out.push(' ');
            }
            write(rhs, r, out);
            if paren {
                out.push(')');
            }
        }
        ExprKind::Cond { cond, then, els } => {
            let paren = COND < ctx;
            if paren {
                out.push('(');
            }
            write(cond, COND + 1, out);
            out.push_str(" ? ");
            write(then, 0, out);
            out.push_str(" : ");
            write(els, COND + 1, out);
            if paren {
                out.push(')');
            }
        }
        ExprKind::Old(a) => call("\\old", &[a], out),
        ExprKind::Perm { loc, perm } => call("Perm", &[loc, perm], out),
        ExprKind::Pointer { ptr, len, perm } => call("\\pointer", &[ptr, len, perm], out),
        ExprKind::PointerIndex { ptr, index, perm } => {
            call("\\pointer_index", &[ptr, index, perm], out)
        }
        ExprKind::PointerLength(a) => call("\\pointer_length", &[a], out),
        ExprKind::Array { arr, len } => call("\\array", &[arr, len], out),
        ExprKind::Quant {
            quantifier,
            ty,
            var,
            range,
            body,
        } => {
            out.push('(');
            out.push_str(quantifier.keyword());
            out.push_str(match ty {
                SpecType::Int => " int ",
                SpecType::Bool => " bool ",
            });
            out.push_str(&var.name);
            match range {
                QuantRange::Filter(c) => {
                    out.push_str("; ");
                    write(c, 0, out);
                }
                QuantRange::Span { lo, hi } => {
                    out.push_str(" = ");
                    write(lo, 0, out);
                    out.push_str(" .. ");
                    write(hi, 0, out);
                }
            }
            out.push_str("; ");
            write(body, 0, out);
            out.push(')');
        }
    }
}

fn prefix(sym: &str, arg: &Expr, ctx: u8, out: &mut String) {
    let paren = PREFIX < ctx;
    if paren {
        out.push('(');
    }
    out.push_str(sym);
    write(arg, PREFIX, out);
    if paren {
        out.push(')');
    }
}

fn call(name: &str, args: &[&Expr], out: &mut String) {
    out.push_str(name);
    out.push('(');
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write(a, 0, out);
    }
    out.push(')');
}
