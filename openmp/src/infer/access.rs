//! What the footprints are made of: one access to an object, with the inner loops and conditions
//! it happens under, and the objects that pointer values and variables stand for.

use crate::c::ast::*;
use crate::c::visit;
use crate::spec::Expr as SExpr;
use viper::Span;

/// One access to an object.
#[derive(Clone, Debug)]
pub(super) struct Access {
    pub base: VarId,
    /// The indices (`None`: not expressible, the whole dimension).
    pub indices: Vec<Option<SExpr>>,
    /// Struct members on the way, each after that many indices (`a[i].f`: `(1, f)`; `s.v[j]`:
    /// `(0, v)`).
    pub members: Members,
    pub write: bool,
    /// The canonical inner loops around the access, outermost first.
    pub loops: Vec<Inner>,
    /// Conditions the access is under (translated ones only).
    pub guards: Vec<SExpr>,
    /// Whether the access happens exactly under `loops` and `guards` (nothing dropped).
    pub exact: bool,
    /// The access in the code (the clause of its permission points there).
    pub span: Span,
}

/// The struct members of a location, each with the number of indices before it.
pub(super) type Members = Vec<(usize, String)>;

/// A canonical inner loop: its variable's specification name and the condition on its values.
#[derive(Clone, Debug)]
pub(super) struct Inner {
    pub name: String,
    pub range: SExpr,
    /// `lo < hi`: the loop runs at least once.
    pub nonempty: SExpr,
}

/// The number of index dimensions of a variable's object: 0 for a scalar in memory, 1 for a
/// pointer or one-dimensional array, 2 for `T a[n][m]` or `T (*p)[m]`, ….
pub fn dims_of(t: &Type) -> usize {
    match t {
        Type::Array { elem, .. } => 1 + dims_of(elem),
        Type::Ptr(p) => {
            1 + match &**p {
                Type::Array { .. } => dims_of(p),
                _ => 0,
            }
        }
        _ => 0,
    }
}

/// The index `0` (the first row, `*p` as `p[0]`).
pub(super) static ZERO: Expr = Expr {
    kind: ExprKind::Int(0),
    ty: Type::INT,
    span: Span::DUMMY,
};

/// The variable a pointer value comes from, with the row indices taken on the way
/// (`a` for `a`, `(a, [i])` for the row `a[i]`).
pub fn pointer_base(p: &Expr) -> Option<(VarId, Vec<&Expr>)> {
    match &p.kind {
        ExprKind::Var(v) => Some((*v, Vec::new())),
        ExprKind::Cast(inner) => pointer_base(inner),
        ExprKind::Index { base, index } if matches!(p.ty, Type::Array { .. }) => {
            let (b, mut idx) = pointer_base(base)?;
            idx.push(index);
            Some((b, idx))
        }
        // `*p` of a pointer to arrays: its first row, `p[0]`.
        ExprKind::Deref(inner) if matches!(p.ty, Type::Array { .. }) => {
            let (b, mut idx) = pointer_base(inner)?;
            idx.push(&ZERO);
            Some((b, idx))
        }
        _ => None,
    }
}

/// The object a pointer value points into: the variable of [`pointer_base`], of the lvalue whose
/// address is taken (`&a[i]`, `&x`), or of the pointer an offset is added to (`a + i`).
pub fn object_of(p: &Expr) -> Option<VarId> {
    if let Some((v, _)) = pointer_base(p) {
        return Some(v);
    }
    match &p.kind {
        ExprKind::AddrOf(lv) => match &lv.kind {
            ExprKind::Index { base, .. } => object_of(base),
            ExprKind::Deref(q) => object_of(q),
            _ => visit::root_var(lv),
        },
        ExprKind::Binary {
            op: BinOp::Add | BinOp::Sub,
            lhs,
            rhs,
        } => {
            if lhs.ty.decay().is_pointer() {
                object_of(lhs)
            } else if rhs.ty.decay().is_pointer() {
                object_of(rhs)
            } else {
                None
            }
        }
        _ => None,
    }
}
