//! The Viper declarations every lowered program starts with: the array model and C's integer
//! division.
//!
//! Arrays and pointers are values of the domain `Array`: `loc(a, i)` is the reference of element
//! `i` of `a` (injective: `loc_array`/`loc_index` invert it), `alen(a) >= 0` its length, and the
//! element's value is the field `val`. `null_array()` is C's `NULL`. Integers are mathematical
//! (no overflow). C's `/` and `%` truncate toward zero, Viper's are Euclidean: `c_div`/`c_mod`
//! give C's results and require a non-zero divisor.

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
/// The element field.
pub const VAL: &str = "val";
/// C division (truncating).
pub const C_DIV: &str = "c_div";
/// C remainder (sign of the dividend).
pub const C_MOD: &str = "c_mod";

/// The Viper type of arrays and pointers.
pub fn array_type() -> Type {
    Type::domain(ARRAY)
}

/// Names the prelude declares (generated names must avoid them).
pub const NAMES: &[&str] = &[
    ARRAY,
    LOC,
    ALEN,
    NULL,
    VAL,
    C_DIV,
    C_MOD,
    "loc_array",
    "loc_index",
    "loc_injective",
    "alen_nonnegative",
];

/// `loc(a, i).val`.
pub fn element(a: Expr, i: Expr, span: Span) -> Expr {
    field(call(LOC, vec![a, i], span), VAL, span)
}

/// The prelude's declarations.
pub fn items() -> Vec<Item> {
    let s = Span::DUMMY;
    let arr = array_type;
    let dfun = |name: &str, args: Vec<(&str, Type)>, ret: Type| DomainFunction {
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
    };
    let a = || local("a", s);
    let i = || local("i", s);
    let loc_ai = || call(LOC, vec![a(), i()], s);
    let injective = Expr::new(
        ExprKind::Quant {
            kind: QuantKind::Forall,
            vars: vec![decl("a", arr(), s), decl("i", Type::Int, s)],
            triggers: vec![Trigger {
                exprs: vec![loc_ai()],
                span: s,
            }],
            body: Box::new(and(
                bin(BinaryOp::Eq, call("loc_array", vec![loc_ai()], s), a(), s),
                bin(BinaryOp::Eq, call("loc_index", vec![loc_ai()], s), i(), s),
                s,
            )),
        },
        s,
    );
    let nonneg = Expr::new(
        ExprKind::Quant {
            kind: QuantKind::Forall,
            vars: vec![decl("a", arr(), s)],
            triggers: vec![Trigger {
                exprs: vec![call(ALEN, vec![a()], s)],
                span: s,
            }],
            body: Box::new(bin(BinaryOp::Ge, call(ALEN, vec![a()], s), int(0, s), s)),
        },
        s,
    );
    let domain = Domain {
        name: Ident::new(ARRAY, s),
        type_params: Vec::new(),
        functions: vec![
            dfun(LOC, vec![("a", arr()), ("i", Type::Int)], Type::Ref),
            dfun(ALEN, vec![("a", arr())], Type::Int),
            dfun("loc_array", vec![("r", Type::Ref)], arr()),
            dfun("loc_index", vec![("r", Type::Ref)], Type::Int),
            dfun(NULL, vec![], arr()),
        ],
        axioms: vec![
            Axiom {
                name: Some(Ident::new("loc_injective", s)),
                expr: injective,
                span: s,
            },
            Axiom {
                name: Some(Ident::new("alen_nonnegative", s)),
                expr: nonneg,
                span: s,
            },
        ],
        span: s,
    };
    let field_val = Field {
        name: Ident::new(VAL, s),
        ty: Type::Int,
        span: s,
    };
    vec![
        Item::Domain(domain),
        Item::Field(field_val),
        Item::Function(c_function(C_DIV, BinaryOp::Div)),
        Item::Function(c_function(C_MOD, BinaryOp::Mod)),
    ]
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
    Function {
        name: Ident::new(name, s),
        args: vec![decl("x", Type::Int, s), decl("y", Type::Int, s)],
        ret: Type::Int,
        pres: vec![bin(BinaryOp::Ne, y(), zero(), s)],
        posts: Vec::new(),
        body: Some(body),
        span: s,
    }
}
