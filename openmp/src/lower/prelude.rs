//! The Viper declarations every lowered program starts with: the memory model, C's integer
//! division, and floating-point values.
//!
//! Memory: every C object (a variable in memory, an array, a `malloc`'d block) is an allocation,
//! a value of the domain `Array`. `loc(a, i)` is the reference of element `i` of allocation `a`
//! (injective: `loc_array`/`loc_index` invert it), `alen(a) >= 0` its number of elements; the
//! value of an element is a field chosen by its type: `val` (integers), `fval` (floating point),
//! `pval` (pointers), or the members of a struct (one field per member). A row of a
//! multi-dimensional array is an allocation of its own, `row(a, i)` (injective too), so that
//! `a[i][j]` is `loc(row(a, i), j)`: no multiplication reaches the solver.
//!
//! Pointers are `Array` values. Pointer arithmetic `p + k` is `shift(p, k)`; `pbase(p)` and
//! `poff(p)` give the allocation a pointer points into and its offset, so an element of a
//! shifted pointer is `loc(pbase(p), poff(p) + i)`. Every allocation, every row and null is its
//! own base with offset 0.
//!
//! Numbers: integers are mathematical (no overflow); C's `/` and `%` truncate toward zero (Viper's
//! are Euclidean): `c_div`/`c_mod` give C's results and require a non-zero divisor. Floating-point
//! values are the uninterpreted domain `CFloat`: equal operations on equal operands give equal
//! results, nothing else is known (no rounding is modelled; one function per floating type for
//! what rounds, see [`super::float`]).

use num_bigint::BigInt;
use ppl::obligations::build::*;
use viper::ast::*;
use viper::Span;

/// The domain type of arrays and pointers.
pub const ARRAY: &str = "Array";
/// `loc(a, i): Ref`.
pub const LOC: &str = ppl::obligations::LOC_FUNCTION;
/// `alen(a): Int`.
pub const ALEN: &str = "alen";
/// `null_array(): Array`.
pub const NULL: &str = "null_array";
/// `shift(p, k): Array`.
pub const SHIFT: &str = "shift";
/// `pbase(p): Array`.
pub const PBASE: &str = "pbase";
/// `poff(p): Int`.
pub const POFF: &str = "poff";
/// `row(a, i): Array`.
pub const ROW: &str = "row";
/// The integer element field.
pub const VAL: &str = "val";
/// The floating-point element field.
pub const FVAL: &str = "fval";
/// The pointer element field.
pub const PVAL: &str = "pval";
/// C division (truncating).
pub const C_DIV: &str = "c_div";
/// C remainder (sign of the dividend).
pub const C_MOD: &str = "c_mod";
/// `c_wrap(x, lo, m)`: `x` brought into `[lo, lo + m)` modulo `m` (C's conversion to an integer
/// type that cannot represent the value, and unsigned arithmetic).
pub const C_WRAP: &str = "c_wrap";
/// `c_signed(x, lo, hi)`: `x`, which must be in `[lo, hi]` (the result of a signed operation,
/// checked for overflow).
pub const C_SIGNED: &str = "c_signed";
/// `c_unmodelled(p)`: `p`, with a precondition that never holds: wraps a value ompv cannot
/// model (a pointer converted to another layout), so that using it is a failed check.
pub const C_UNMODELLED: &str = "c_unmodelled";
/// The domain of floating-point values.
pub const FLOAT: &str = "CFloat";

/// The Viper type of arrays and pointers.
pub fn array_type() -> Type {
    Type::domain(ARRAY)
}

/// The Viper type of floating-point values.
pub fn float_type() -> Type {
    Type::domain(FLOAT)
}

/// Uninterpreted operations on floating-point values: (name, arity, result is Bool).
pub const FLOAT_OPS: &[(&str, usize, bool)] = &[
    ("f_add", 2, false),
    ("f_sub", 2, false),
    ("f_mul", 2, false),
    ("f_div", 2, false),
    ("f_neg", 1, false),
    ("f_lt", 2, true),
    ("f_le", 2, true),
    ("f_eq", 2, true),
];

/// Pure mathematical library functions on floating-point values: (C name, arity).
pub const MATH: &[(&str, usize)] = &[
    ("sqrt", 1),
    ("fabs", 1),
    ("sin", 1),
    ("cos", 1),
    ("tan", 1),
    ("exp", 1),
    ("log", 1),
    ("log10", 1),
    ("pow", 2),
    ("floor", 1),
    ("ceil", 1),
    ("round", 1),
    ("fmin", 2),
    ("fmax", 2),
    ("fmod", 2),
    ("atan", 1),
    ("atan2", 2),
    ("sqrtf", 1),
    ("fabsf", 1),
];

/// Uninterpreted bitwise operations on integers (name, arity).
pub const BIT_OPS: &[(&str, usize)] = &[
    ("c_band", 2),
    ("c_bor", 2),
    ("c_bxor", 2),
    ("c_bnot", 1),
    ("c_shr", 2),
    ("c_shl", 2),
];

/// The Viper name of a mathematical library function.
pub fn math_name(c: &str) -> String {
    format!("m_{c}")
}

/// Names the prelude declares (generated names must avoid them).
pub fn names() -> Vec<String> {
    let mut v: Vec<String> = [
        ARRAY,
        LOC,
        ALEN,
        NULL,
        SHIFT,
        PBASE,
        POFF,
        ROW,
        VAL,
        FVAL,
        PVAL,
        C_DIV,
        C_MOD,
        C_WRAP,
        C_SIGNED,
        C_UNMODELLED,
        FLOAT,
        "loc_array",
        "loc_index",
        "row_array",
        "row_index",
        "f_of_int",
        "f_to_int",
        "f_lit",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.extend(FLOAT_OPS.iter().map(|(n, _, _)| n.to_string()));
    v.extend(super::float::per_type_functions().into_iter().map(|f| f.0));
    v.extend(BIT_OPS.iter().map(|(n, _)| n.to_string()));
    v.extend(MATH.iter().map(|(n, _)| math_name(n)));
    v
}

/// `loc(a, i).f`.
pub fn element(a: Expr, i: Expr, f: &str, span: Span) -> Expr {
    field(call(LOC, vec![a, i], span), f, span)
}

/// `pbase(p) == p && poff(p) == 0`: `p` points to the start of an allocation (or is null).
pub fn starts_allocation(p: Expr, span: Span) -> Expr {
    and(
        bin(
            BinaryOp::Eq,
            call(PBASE, vec![p.clone()], span),
            p.clone(),
            span,
        ),
        bin(BinaryOp::Eq, call(POFF, vec![p], span), int(0, span), span),
        span,
    )
}

/// The prelude's declarations.
pub fn items() -> Vec<Item> {
    let s = Span::DUMMY;
    let arr = array_type;
    let a = || local("a", s);
    let i = || local("i", s);
    let k = || local("k", s);
    let q = |vars: Vec<LocalDecl>, trig: Vec<Expr>, body: Expr| {
        Expr::new(
            ExprKind::Quant {
                kind: QuantKind::Forall,
                vars,
                triggers: vec![Trigger {
                    exprs: trig,
                    span: s,
                }],
                body: Box::new(body),
            },
            s,
        )
    };
    let eq = |x: Expr, y: Expr| bin(BinaryOp::Eq, x, y, s);
    let ax = |name: &str, e: Expr| Axiom {
        name: Some(Ident::new(name, s)),
        expr: e,
        span: s,
    };
    let loc_ai = || call(LOC, vec![a(), i()], s);
    let row_ai = || call(ROW, vec![a(), i()], s);
    let shift_ak = || call(SHIFT, vec![a(), k()], s);
    let is_base = |x: Expr| {
        and(
            eq(call(PBASE, vec![x.clone()], s), x.clone()),
            eq(call(POFF, vec![x], s), int(0, s)),
            s,
        )
    };
    let domain = Domain {
        name: Ident::new(ARRAY, s),
        type_params: Vec::new(),
        functions: vec![
            dfun(LOC, vec![("a", arr()), ("i", Type::Int)], Type::Ref),
            dfun(ALEN, vec![("a", arr())], Type::Int),
            dfun("loc_array", vec![("r", Type::Ref)], arr()),
            dfun("loc_index", vec![("r", Type::Ref)], Type::Int),
            dfun(NULL, vec![], arr()),
            dfun(SHIFT, vec![("a", arr()), ("k", Type::Int)], arr()),
            dfun(PBASE, vec![("a", arr())], arr()),
            dfun(POFF, vec![("a", arr())], Type::Int),
            dfun(ROW, vec![("a", arr()), ("i", Type::Int)], arr()),
            dfun("row_array", vec![("a", arr())], arr()),
            dfun("row_index", vec![("a", arr())], Type::Int),
        ],
        axioms: vec![
            ax(
                "loc_injective",
                q(
                    vec![decl("a", arr(), s), decl("i", Type::Int, s)],
                    vec![loc_ai()],
                    and(
                        eq(call("loc_array", vec![loc_ai()], s), a()),
                        eq(call("loc_index", vec![loc_ai()], s), i()),
                        s,
                    ),
                ),
            ),
            ax(
                "alen_nonnegative",
                q(
                    vec![decl("a", arr(), s)],
                    vec![call(ALEN, vec![a()], s)],
                    bin(BinaryOp::Ge, call(ALEN, vec![a()], s), int(0, s), s),
                ),
            ),
            ax(
                "row_injective",
                q(
                    vec![decl("a", arr(), s), decl("i", Type::Int, s)],
                    vec![row_ai()],
                    and_all(
                        [
                            eq(call("row_array", vec![row_ai()], s), a()),
                            eq(call("row_index", vec![row_ai()], s), i()),
                            is_base(row_ai()),
                        ],
                        s,
                    ),
                ),
            ),
            ax(
                "shift_base",
                q(
                    vec![decl("a", arr(), s), decl("k", Type::Int, s)],
                    vec![shift_ak()],
                    and(
                        eq(call(PBASE, vec![shift_ak()], s), call(PBASE, vec![a()], s)),
                        eq(
                            call(POFF, vec![shift_ak()], s),
                            bin(BinaryOp::Add, call(POFF, vec![a()], s), k(), s),
                        ),
                        s,
                    ),
                ),
            ),
            ax("null_base", is_base(call(NULL, vec![], s))),
        ],
        span: s,
    };
    let mut float_fns = vec![
        dfun("f_of_int", vec![("x", Type::Int)], float_type()),
        dfun("f_to_int", vec![("x", float_type())], Type::Int),
        dfun(
            "f_lit",
            vec![("n", Type::Int), ("d", Type::Int)],
            float_type(),
        ),
    ];
    for (name, arity, boolean) in FLOAT_OPS {
        let args = (0..*arity).map(|k| (["x", "y"][k], float_type())).collect();
        let ret = if *boolean { Type::Bool } else { float_type() };
        float_fns.push(dfun(name, args, ret));
    }
    for (name, ints, arity) in super::float::per_type_functions() {
        let ty = if ints { Type::Int } else { float_type() };
        let args = (0..arity).map(|k| (["x", "y"][k], ty.clone())).collect();
        float_fns.push(dfun(&name, args, float_type()));
    }
    for (name, arity) in MATH {
        let args = (0..*arity).map(|k| (["x", "y"][k], float_type())).collect();
        float_fns.push(dfun(&math_name(name), args, float_type()));
    }
    for (name, arity) in BIT_OPS {
        let args = (0..*arity).map(|k| (["x", "y"][k], Type::Int)).collect();
        float_fns.push(dfun(name, args, Type::Int));
    }
    let numbers = Domain {
        name: Ident::new(FLOAT, s),
        type_params: Vec::new(),
        functions: float_fns,
        axioms: Vec::new(),
        span: s,
    };
    let fieldi = |name: &str, ty: Type| {
        Item::Field(Field {
            name: Ident::new(name, s),
            ty,
            span: s,
        })
    };
    vec![
        Item::Domain(domain),
        Item::Domain(numbers),
        fieldi(VAL, Type::Int),
        fieldi(FVAL, float_type()),
        fieldi(PVAL, arr()),
        Item::Function(c_function(C_DIV, BinaryOp::Div)),
        Item::Function(c_function(C_MOD, BinaryOp::Mod)),
        Item::Function(wrap_function()),
        Item::Function(signed_function()),
        Item::Function(unmodelled_function()),
    ]
}

/// `function c_unmodelled(p: Array): Array requires false { p }`.
fn unmodelled_function() -> Function {
    let s = Span::DUMMY;
    Function {
        name: Ident::new(C_UNMODELLED, s),
        args: vec![decl("p", array_type(), s)],
        ret: array_type(),
        pres: vec![Expr::new(ExprKind::BoolLit(false), s)],
        posts: Vec::new(),
        body: Some(local("p", s)),
        span: s,
    }
}

/// `c_signed(x, lo, hi)`: `x` itself, required to be in `[lo, hi]`.
fn signed_function() -> Function {
    let s = Span::DUMMY;
    let x = || local("x", s);
    let within = bin(
        BinaryOp::And,
        bin(BinaryOp::Le, local("lo", s), x(), s),
        bin(BinaryOp::Le, x(), local("hi", s), s),
        s,
    );
    int_function(C_SIGNED, &["x", "lo", "hi"], within, x())
}

/// `c_wrap(x, lo, m)`: `x` itself when it is in `[lo, lo + m)`, otherwise `lo + (x - lo) % m`
/// (Viper's `%` is Euclidean: the result is in range). Stated with the in-range case first, so
/// that the solver needs no modular arithmetic where the value fits.
fn wrap_function() -> Function {
    let s = Span::DUMMY;
    let x = || local("x", s);
    let lo = || local("lo", s);
    let m = || local("m", s);
    let zero = || Expr::new(ExprKind::IntLit(BigInt::from(0)), s);
    let fits = bin(
        BinaryOp::And,
        bin(BinaryOp::Le, lo(), x(), s),
        bin(BinaryOp::Lt, x(), bin(BinaryOp::Add, lo(), m(), s), s),
        s,
    );
    let body = cond(
        fits,
        x(),
        bin(
            BinaryOp::Add,
            lo(),
            bin(BinaryOp::Mod, bin(BinaryOp::Sub, x(), lo(), s), m(), s),
            s,
        ),
        s,
    );
    int_function(
        C_WRAP,
        &["x", "lo", "m"],
        bin(BinaryOp::Gt, m(), zero(), s),
        body,
    )
}

fn dfun(name: &str, args: Vec<(&str, Type)>, ret: Type) -> DomainFunction {
    let s = Span::DUMMY;
    DomainFunction {
        name: Ident::new(name, s),
        args: args
            .into_iter()
            .map(|(n, ty)| DomainFunctionArg {
                name: Some(Ident::new(n, s)),
                ty,
                span: s,
            })
            .collect(),
        ret,
        unique: false,
        span: s,
    }
}

/// `function name(args: Int…): Int requires pre { body }`: the prelude's integer functions.
fn int_function(name: &str, args: &[&str], pre: Expr, body: Expr) -> Function {
    let s = Span::DUMMY;
    Function {
        name: Ident::new(name, s),
        args: args.iter().map(|a| decl(a, Type::Int, s)).collect(),
        ret: Type::Int,
        pres: vec![pre],
        posts: Vec::new(),
        body: Some(body),
        span: s,
    }
}

/// `function name(x: Int, y: Int): Int requires y != 0 { x >= 0 ? x op y : -((-x) op y) }`:
/// for a non-negative dividend Euclidean and truncating division agree; C negates around it
/// for a negative one (`(-x) / y == -(x / y)` and `(-x) % y == -(x % y)` in C).
fn c_function(name: &str, op: BinaryOp) -> Function {
    let s = Span::DUMMY;
    let x = || local("x", s);
    let y = || local("y", s);
    let zero = || Expr::new(ExprKind::IntLit(BigInt::from(0)), s);
    let neg = |e: Expr| un(UnaryOp::Neg, e, s);
    let body = cond(
        bin(BinaryOp::Ge, x(), zero(), s),
        bin(op, x(), y(), s),
        neg(bin(op, neg(x()), y(), s)),
        s,
    );
    int_function(name, &["x", "y"], bin(BinaryOp::Ne, y(), zero(), s), body)
}

/// Removes from `items` the parts of the prelude (its first `count` items) the rest of the
/// program does not use: a smaller program to print, and fewer declarations and axioms for the
/// solver. A domain function is kept if the program uses it or a kept axiom mentions it; an
/// axiom is kept if the program uses the function it is about (its trigger's).
pub fn prune(items: &mut Vec<Item>, count: usize) {
    use std::collections::HashSet;
    let rest = Program {
        items: items[count..].to_vec(),
    };
    let mut used: HashSet<String> = identifiers(&viper::printer::print_program(&rest));
    // Functions the kept axioms mention are needed too, and so are the types of kept fields
    // and functions (a `double` field needs the float domain): iterate to a fixed point.
    loop {
        let before = used.len();
        for it in &items[..count] {
            let kept = match it {
                Item::Field(f) => used.contains(&f.name.name),
                Item::Function(f) => used.contains(&f.name.name),
                _ => false,
            };
            if kept {
                let one = Program {
                    items: vec![it.clone()],
                };
                used.extend(identifiers(&viper::printer::print_program(&one)));
            }
            if let Item::Domain(d) = it {
                for a in &d.axioms {
                    let text = viper::printer::print_expr(&a.expr);
                    let subject = axiom_subject(a);
                    if subject.is_some_and(|s| used.contains(&s)) {
                        used.extend(identifiers(&text));
                    }
                }
            }
        }
        if used.len() == before {
            break;
        }
    }
    let mut out = Vec::new();
    for it in items.drain(..count) {
        match it {
            Item::Domain(mut d) => {
                d.functions.retain(|f| used.contains(&f.name.name));
                d.axioms
                    .retain(|a| axiom_subject(a).is_some_and(|s| used.contains(&s)));
                if !d.functions.is_empty() || used.contains(&d.name.name) {
                    out.push(Item::Domain(d));
                }
            }
            Item::Field(f) if !used.contains(&f.name.name) => {}
            Item::Function(f) if !used.contains(&f.name.name) => {}
            other => out.push(other),
        }
    }
    out.append(items);
    *items = out;
}

/// The function an axiom is about: the first function of its trigger (or of its body).
fn axiom_subject(a: &Axiom) -> Option<String> {
    let text = match &a.expr.kind {
        ExprKind::Quant { triggers, .. } if !triggers.is_empty() => triggers[0]
            .exprs
            .iter()
            .map(viper::printer::print_expr)
            .collect::<Vec<_>>()
            .join(" "),
        _ => viper::printer::print_expr(&a.expr),
    };
    let end = text.find('(')?;
    let start = text[..end]
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |k| k + 1);
    Some(text[start..end].to_string())
}

/// The identifiers of a text.
fn identifiers(text: &str) -> std::collections::HashSet<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}
