//! Printing expressions of the C program (for loop ranges and messages), with only the
//! parentheses the precedences need.

use super::ast::*;

/// Names of variables, for printing.
pub trait Names {
    fn name(&self, v: VarId) -> String;
}

impl Names for super::program::Program {
    fn name(&self, v: VarId) -> String {
        self.var(v).name.clone()
    }
}

impl Names for [Var] {
    fn name(&self, v: VarId) -> String {
        self.get(v.0 as usize)
            .map_or_else(|| format!("v{}", v.0), |x| x.name.clone())
    }
}

/// `e` in C syntax.
pub fn print_expr(e: &Expr, names: &(impl Names + ?Sized)) -> String {
    let mut s = String::new();
    write(e, 0, names, &mut s);
    s
}

fn write(e: &Expr, ctx: u8, n: &(impl Names + ?Sized), out: &mut String) {
    match &e.kind {
        ExprKind::Int(v) => out.push_str(&v.to_string()),
        ExprKind::Float(f) => out.push_str(f),
        ExprKind::Str(s) => {
            out.push('"');
            out.push_str(s);
            out.push('"');
        }
        ExprKind::Null => out.push_str("NULL"),
        ExprKind::Var(v) => out.push_str(&n.name(*v)),
        ExprKind::Index { base, index } => {
            write(base, 20, n, out);
            out.push('[');
            write(index, 0, n, out);
            out.push(']');
        }
        ExprKind::Member { base, field } => {
            write(base, 20, n, out);
            out.push_str(&format!(".#{field}"));
        }
        ExprKind::Deref(a) => unary("*", a, ctx, n, out),
        ExprKind::AddrOf(a) => unary("&", a, ctx, n, out),
        ExprKind::Unary { op, arg } => unary(
            match op {
                UnOp::Neg => "-",
                UnOp::Not => "!",
                UnOp::BitNot => "~",
            },
            arg,
            ctx,
            n,
            out,
        ),
        ExprKind::Binary { op, lhs, rhs } => {
            let p = op.precedence();
            let paren = p < ctx;
            if paren {
                out.push('(');
            }
            write(lhs, p, n, out);
            out.push(' ');
            out.push_str(op.symbol());
            out.push(' ');
            write(rhs, p + 1, n, out);
            if paren {
                out.push(')');
            }
        }
        ExprKind::Cond { cond, then, els } => {
            let paren = 1 < ctx;
            if paren {
                out.push('(');
            }
            write(cond, 2, n, out);
            out.push_str(" ? ");
            write(then, 2, n, out);
            out.push_str(" : ");
            write(els, 1, n, out);
            if paren {
                out.push(')');
            }
        }
        // Implicit conversions are not shown.
        ExprKind::Cast(inner) => write(inner, ctx, n, out),
        ExprKind::SizeOf(_) => out.push_str("sizeof(…)"),
        ExprKind::PureCall { name, args } => {
            out.push_str(name);
            out.push('(');
            for (k, a) in args.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write(a, 0, n, out);
            }
            out.push(')');
        }
    }
}

fn unary(sym: &str, arg: &Expr, ctx: u8, n: &(impl Names + ?Sized), out: &mut String) {
    let paren = 14 < ctx;
    if paren {
        out.push('(');
    }
    out.push_str(sym);
    write(arg, 14, n, out);
    if paren {
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use viper::Span;

    struct N;
    impl Names for N {
        fn name(&self, v: VarId) -> String {
            ["n", "a", "b", "c", "i"][v.0 as usize].to_string()
        }
    }

    fn e(kind: ExprKind) -> Expr {
        Expr {
            kind,
            ty: Type::INT,
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
        let v = |k: u32| e(ExprKind::Var(VarId(k)));
        assert_eq!(
            print_expr(&bin(BinOp::Add, v(0), e(ExprKind::Int(1))), &N),
            "n + 1"
        );
        let sum = bin(BinOp::Add, v(1), v(2));
        assert_eq!(
            print_expr(&bin(BinOp::Mul, sum.clone(), v(3)), &N),
            "(a + b) * c"
        );
        assert_eq!(print_expr(&bin(BinOp::Sub, v(3), sum), &N), "c - (a + b)");
        let idx = e(ExprKind::Index {
            base: Box::new(v(1)),
            index: Box::new(bin(BinOp::Sub, v(4), e(ExprKind::Int(1)))),
        });
        assert_eq!(print_expr(&idx, &N), "a[i - 1]");
    }
}
