//! C types as ompv models them.
//!
//! Integers of every rank are mathematical integers (no overflow; unsigned values are known to be
//! non-negative where they are created, never wrapped), floating-point values are uninterpreted
//! (no rounding is modelled: only what follows from equal operations on equal operands), pointers
//! and arrays are values of the array model (an allocation and an offset), structs are objects in
//! memory whose members are Viper fields.

use super::ast::Expr;
use std::fmt;

/// The rank of an integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntRank {
    Char,
    Short,
    Int,
    Long,
    LongLong,
}

/// Floating-point types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    Float,
    Double,
    LongDouble,
}

/// Identifies a struct definition of [`super::ast::Program::structs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructId(pub u32);

/// The length of an array type.
#[derive(Clone, Debug, PartialEq)]
pub enum ArrayLen {
    /// `T a[N]` with `N` a constant expression.
    Const(u64),
    /// A variable-length array: the length is the value of this (side-effect free) expression,
    /// evaluated where the array is declared. The front end stores it in a variable first.
    Var(Box<Expr>),
    /// `T a[]` (a parameter, or an array whose size comes from its initialiser).
    Unknown,
}

/// A C type.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Void,
    /// `_Bool` / `bool`.
    Bool,
    Int {
        rank: IntRank,
        signed: bool,
    },
    Float(FloatKind),
    Ptr(Box<Type>),
    Array {
        elem: Box<Type>,
        len: ArrayLen,
    },
    Struct(StructId),
    /// A function type (only as the type of a declared function).
    Func,
}

impl Type {
    /// `int`.
    pub const INT: Type = Type::Int {
        rank: IntRank::Int,
        signed: true,
    };

    /// `size_t` (`unsigned long`).
    pub const SIZE_T: Type = Type::Int {
        rank: IntRank::Long,
        signed: false,
    };

    /// `double`.
    pub const DOUBLE: Type = Type::Float(FloatKind::Double);

    /// A pointer to `t`.
    pub fn ptr(t: Type) -> Type {
        Type::Ptr(Box::new(t))
    }

    pub fn is_void(&self) -> bool {
        matches!(self, Type::Void)
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, Type::Int { .. } | Type::Bool)
    }

    pub fn is_float(&self) -> bool {
        matches!(self, Type::Float(_))
    }

    /// Integer, `_Bool` or floating.
    pub fn is_arithmetic(&self) -> bool {
        self.is_integer() || self.is_float()
    }

    /// A pointer (arrays are not pointers, but decay to them as values).
    pub fn is_pointer(&self) -> bool {
        matches!(self, Type::Ptr(_))
    }

    pub fn is_array(&self) -> bool {
        matches!(self, Type::Array { .. })
    }

    /// Arithmetic or pointer: usable as a condition.
    pub fn is_scalar(&self) -> bool {
        self.is_arithmetic() || self.is_pointer()
    }

    /// Whether the integer type is unsigned.
    pub fn is_unsigned(&self) -> bool {
        matches!(self, Type::Int { signed: false, .. })
    }

    /// The type a value of this type has after array-to-pointer decay.
    pub fn decay(&self) -> Type {
        match self {
            Type::Array { elem, .. } => Type::Ptr(elem.clone()),
            t => t.clone(),
        }
    }

    /// The pointed-to type of a pointer, or the element type of an array.
    pub fn pointee(&self) -> Option<&Type> {
        match self {
            Type::Ptr(t) => Some(t),
            Type::Array { elem, .. } => Some(elem),
            _ => None,
        }
    }

    /// Whether converting a value of this pointer type to pointer type `to` views memory as
    /// objects of another layout than the one it has, which ompv's model of memory (objects of
    /// elements of their declared types, not bytes) cannot follow: between pointee types that
    /// differ but for the signedness of an integer type, or from `void *` to an object pointer
    /// (the value's true type is not known there). A conversion to `void *` is not one (nothing
    /// is accessed through it), nor is one between equal types.
    pub fn reinterprets_as(&self, to: &Type) -> bool {
        let (Some(a), Some(b)) = (self.decay().pointee().cloned(), to.pointee().cloned()) else {
            return false;
        };
        fn same_layout(a: &Type, b: &Type) -> bool {
            match (a, b) {
                (Type::Int { rank: x, .. }, Type::Int { rank: y, .. }) => x == y,
                (Type::Ptr(_), Type::Ptr(_)) => true,
                // A variable length is the other one at run time (C11 6.7.6.2p6).
                (Type::Array { elem: x, len: m }, Type::Array { elem: y, len: n }) => {
                    same_layout(x, y)
                        && (m == n
                            || !matches!(m, ArrayLen::Const(_))
                            || !matches!(n, ArrayLen::Const(_)))
                }
                _ => a == b,
            }
        }
        match (&a, &b) {
            (_, Type::Void) => false,
            (Type::Void, _) => true,
            _ => !same_layout(&a, &b),
        }
    }

    /// The element type under all array dimensions (`double` for `double a[n][m]`).
    pub fn innermost(&self) -> &Type {
        match self {
            Type::Array { elem, .. } => elem.innermost(),
            t => t,
        }
    }

    /// The type of the result of the usual arithmetic conversions of two operands (C11 6.3.1.8),
    /// as far as ompv distinguishes types: floating beats integer, a higher rank beats a lower one.
    pub fn common(a: &Type, b: &Type) -> Type {
        match (a, b) {
            (Type::Float(x), Type::Float(y)) => {
                Type::Float(if rank_f(*x) >= rank_f(*y) { *x } else { *y })
            }
            (Type::Float(x), _) | (_, Type::Float(x)) => Type::Float(*x),
            (
                Type::Int {
                    rank: r1,
                    signed: s1,
                },
                Type::Int {
                    rank: r2,
                    signed: s2,
                },
            ) => {
                let rank = (*r1).max(*r2).max(IntRank::Int);
                let signed = if r1 == r2 {
                    *s1 && *s2
                } else if r1 > r2 {
                    *s1
                } else {
                    *s2
                };
                Type::Int { rank, signed }
            }
            (Type::Int { .. }, _) => a.promoted(),
            (_, Type::Int { .. }) => b.promoted(),
            _ => Type::INT,
        }
    }

    /// The values of an integer type on ompv's target (LP64: `char` 8 bits, `short` 16, `int`
    /// 32, `long` and `long long` 64; `_Bool` 0 and 1); `None` for other types.
    pub fn int_range(&self) -> Option<(i128, i128)> {
        match self {
            Type::Bool => Some((0, 1)),
            Type::Int { rank, signed } => {
                let bits: u32 = match rank {
                    IntRank::Char => 8,
                    IntRank::Short => 16,
                    IntRank::Int => 32,
                    IntRank::Long | IntRank::LongLong => 64,
                };
                Some(if *signed {
                    (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
                } else {
                    (0, (1i128 << bits) - 1)
                })
            }
            _ => None,
        }
    }

    /// Integer promotion: `char`, `short` and `_Bool` become `int`.
    pub fn promoted(&self) -> Type {
        match self {
            Type::Bool => Type::INT,
            Type::Int { rank, signed } if *rank < IntRank::Int => {
                let _ = signed;
                Type::INT
            }
            t => t.clone(),
        }
    }
}

fn rank_f(k: FloatKind) -> u8 {
    match k {
        FloatKind::Float => 0,
        FloatKind::Double => 1,
        FloatKind::LongDouble => 2,
    }
}

/// A member of a struct.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDef {
    pub name: String,
    pub ty: Type,
}

/// A struct definition.
#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    /// The tag (`struct tag`), or a generated name for an anonymous struct.
    pub name: String,
    pub fields: Vec<FieldDef>,
    /// Declared but not defined (`struct s;`): objects of it have no members ompv knows.
    pub opaque: bool,
}

impl StructDef {
    /// The index of a member.
    pub fn field(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == name)
    }
}

/// Displays a type as C writes it (struct names need the program; they print as `struct #k`).
pub struct TypeName<'a> {
    pub ty: &'a Type,
    pub structs: &'a [StructDef],
}

impl fmt::Display for TypeName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_type(self.ty, self.structs, f)
    }
}

fn write_type(t: &Type, structs: &[StructDef], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match t {
        Type::Void => write!(f, "void"),
        Type::Bool => write!(f, "_Bool"),
        Type::Int { rank, signed } => {
            if !signed {
                write!(f, "unsigned ")?;
            }
            write!(
                f,
                "{}",
                match rank {
                    IntRank::Char => "char",
                    IntRank::Short => "short",
                    IntRank::Int => "int",
                    IntRank::Long => "long",
                    IntRank::LongLong => "long long",
                }
            )
        }
        Type::Float(k) => write!(
            f,
            "{}",
            match k {
                FloatKind::Float => "float",
                FloatKind::Double => "double",
                FloatKind::LongDouble => "long double",
            }
        ),
        Type::Ptr(t) => {
            write_type(t, structs, f)?;
            write!(f, " *")
        }
        Type::Array { .. } => {
            write_type(t.innermost(), structs, f)?;
            let mut cur = t;
            while let Type::Array { elem, len } = cur {
                match len {
                    ArrayLen::Const(n) => write!(f, "[{n}]")?,
                    ArrayLen::Var(_) => write!(f, "[*]")?,
                    ArrayLen::Unknown => write!(f, "[]")?,
                }
                cur = elem;
            }
            Ok(())
        }
        Type::Struct(id) => match structs.get(id.0 as usize) {
            Some(s) => write!(f, "struct {}", s.name),
            None => write!(f, "struct #{}", id.0),
        },
        Type::Func => write!(f, "function"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(rank: IntRank, signed: bool) -> Type {
        Type::Int { rank, signed }
    }

    #[test]
    fn usual_arithmetic_conversions() {
        let d = Type::DOUBLE;
        assert_eq!(Type::common(&Type::INT, &d), d);
        assert_eq!(
            Type::common(&int(IntRank::Char, true), &int(IntRank::Short, true)),
            Type::INT
        );
        assert_eq!(
            Type::common(&Type::INT, &int(IntRank::Long, false)),
            int(IntRank::Long, false)
        );
        assert_eq!(
            Type::common(&int(IntRank::Int, false), &Type::INT),
            int(IntRank::Int, false)
        );
    }

    #[test]
    fn arrays_decay_to_pointers() {
        let a = Type::Array {
            elem: Box::new(Type::Array {
                elem: Box::new(Type::DOUBLE),
                len: ArrayLen::Const(4),
            }),
            len: ArrayLen::Const(3),
        };
        assert!(a.decay().is_pointer());
        assert_eq!(a.innermost(), &Type::DOUBLE);
        let names = TypeName {
            ty: &a,
            structs: &[],
        }
        .to_string();
        assert_eq!(names, "double[3][4]");
    }
}
