//! Printing C expressions and statements of the subset (for loop ranges and readable output).

use super::ast::*;

/// `e` in C syntax with only the parentheses the precedences need.
pub fn print_expr(e: &Expr) -> String {
    let mut s = String::new();
    write(e, 0, &mut s);
    s
}

fn write(e: &Expr, ctx: u8, out: &mut String) {
    match &e.kind {
        ExprKind::Int(n) => out.push_str(&n.to_string()),
        ExprKind::Var(v) => out.push_str(v),
        ExprKind::Index { base, index } => {
            write(base, 10, out);
            out.push('[');
            write(index, 0, out);
            out.push(']');
        }
        ExprKind::Deref(a) => unary("*", a, ctx, out),
        ExprKind::Unary { op, arg } => unary(
            match op {
                UnOp::Neg => "-",
                UnOp::Not => "!",
            },
            arg,
            ctx,
            out,
        ),
        ExprKind::Binary { op, lhs, rhs } => {
            let p = op.precedence();
            let paren = p < ctx;
            if paren {
                out.push('(');
            }
            write(lhs, p, out);
            out.push(' ');
            out.push_str(op.symbol());
            out.push(' ');
            write(rhs, p + 1, out);
            if paren {
                out.push(')');
            }
        }
        ExprKind::Cond { cond, then, els } => {
            let paren = 1 < ctx;
            if paren {
                out.push('(');
            }
            write(cond, 2, out);
            out.push_str(" ? ");
            write(then, 0, out);
            out.push_str(" : ");
            write(els, 1, out);
            if paren {
                out.push(')');
            }
        }
    }
}

fn unary(sym: &str, arg: &Expr, ctx: u8, out: &mut String) {
    let paren = 9 < ctx;
    if paren {
        out.push('(');
    }
    out.push_str(sym);
    write(arg, 9, out);
    if paren {
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use viper::Span;

    fn e(kind: ExprKind) -> Expr {
        Expr {
            kind,
            ty: Type::Int,
            span: Span::DUMMY,
        }
    }

    fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
        e(ExprKind::Binary {
            op,
            lhs: Box::new(l),
            rhs: Box::new(r),
        })
    }

    #[test]
    fn minimal_parentheses() {
        let v = |n: &str| e(ExprKind::Var(n.into()));
        assert_eq!(
            print_expr(&bin(BinOp::Add, v("n"), e(ExprKind::Int(1)))),
            "n + 1"
        );
        let sum = bin(BinOp::Add, v("a"), v("b"));
        assert_eq!(
            print_expr(&bin(BinOp::Mul, sum.clone(), v("c"))),
            "(a + b) * c"
        );
        assert_eq!(print_expr(&bin(BinOp::Sub, v("c"), sum)), "c - (a + b)");
        let idx = e(ExprKind::Index {
            base: Box::new(v("a")),
            index: Box::new(bin(BinOp::Sub, v("i"), e(ExprKind::Int(1)))),
        });
        assert_eq!(print_expr(&idx), "a[i - 1]");
    }
}
