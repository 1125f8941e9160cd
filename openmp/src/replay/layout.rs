//! How objects are laid out: every object is a flat sequence of cells, one per scalar (an
//! `int a[3][4]` has 12 cells, a `struct { int x; double y[2]; }` has 3), so that a pointer is an
//! object and a cell offset and `a[i][j]` is cell `4 * i + j`. `sizeof` follows LP64 with C's
//! alignment rules (it only matters where a program computes with byte counts).

use crate::c::ast::{ArrayLen, Type};
use crate::c::types::{FloatKind, IntRank};
use crate::c::Program;

/// Why a type has no layout here.
pub(crate) type LResult<T> = Result<T, String>;

/// The number of cells of an object of type `t` (array lengths must be known: variable lengths
/// are resolved where the object is created).
pub(crate) fn cells(p: &Program, t: &Type) -> LResult<u64> {
    Ok(match t {
        Type::Bool | Type::Int { .. } | Type::Float(_) | Type::Ptr(_) => 1,
        Type::Array { elem, len } => {
            let n = match len {
                ArrayLen::Const(n) => *n,
                ArrayLen::Var(_) | ArrayLen::Unknown => {
                    return Err("an array whose length is not known here".into())
                }
            };
            n.checked_mul(cells(p, elem)?)
                .ok_or_else(|| "an array too large to simulate".to_string())?
        }
        Type::Struct(id) => {
            let def = &p.structs[id.0 as usize];
            if def.opaque {
                return Err(format!("the incomplete type `struct {}`", def.name));
            }
            let mut n = 0u64;
            for f in &def.fields {
                n += cells(p, &f.ty)?;
            }
            n
        }
        Type::Void => return Err("an object of type void".into()),
        Type::Func => return Err("a function used as an object".into()),
    })
}

/// The cell offset of member `field` in a struct.
pub(crate) fn field_offset(p: &Program, t: &Type, field: usize) -> LResult<u64> {
    let Type::Struct(id) = t else {
        return Err("a member of a non-struct".into());
    };
    let mut n = 0;
    for f in p.structs[id.0 as usize].fields.iter().take(field) {
        n += cells(p, &f.ty)?;
    }
    Ok(n)
}

/// `sizeof` and `_Alignof` in bytes (LP64).
pub(crate) fn size_align(p: &Program, t: &Type) -> LResult<(u64, u64)> {
    Ok(match t {
        Type::Bool => (1, 1),
        Type::Int { rank, .. } => {
            let s = match rank {
                IntRank::Char => 1,
                IntRank::Short => 2,
                IntRank::Int => 4,
                IntRank::Long | IntRank::LongLong => 8,
            };
            (s, s)
        }
        Type::Float(k) => match k {
            FloatKind::Float => (4, 4),
            FloatKind::Double => (8, 8),
            FloatKind::LongDouble => (16, 16),
        },
        Type::Ptr(_) => (8, 8),
        Type::Array { elem, len } => {
            let (s, a) = size_align(p, elem)?;
            match len {
                ArrayLen::Const(n) => (s * n, a),
                _ => return Err("`sizeof` of an array whose length is not known here".into()),
            }
        }
        Type::Struct(id) => {
            let def = &p.structs[id.0 as usize];
            if def.opaque {
                return Err(format!("`sizeof` of the incomplete `struct {}`", def.name));
            }
            let (mut size, mut align) = (0u64, 1u64);
            for f in &def.fields {
                let (s, a) = size_align(p, &f.ty)?;
                size = size.div_ceil(a) * a + s;
                align = align.max(a);
            }
            (size.div_ceil(align).max(1) * align, align)
        }
        Type::Void => (1, 1),
        Type::Func => return Err("`sizeof` of a function".into()),
    })
}

/// The C designator of cell `off` in an object of type `t`: `[2][5]`, `.x`, `[3].y[1]`.
pub(crate) fn designator(p: &Program, t: &Type, mut off: u64) -> String {
    let mut out = String::new();
    let mut cur = t;
    loop {
        match cur {
            Type::Array { elem, .. } => {
                let Ok(n) = cells(p, elem) else { break };
                if n == 0 {
                    break;
                }
                out.push_str(&format!("[{}]", off / n));
                off %= n;
                cur = elem;
            }
            Type::Struct(id) => {
                let def = &p.structs[id.0 as usize];
                let mut found = false;
                for f in &def.fields {
                    let Ok(n) = cells(p, &f.ty) else { break };
                    if off < n {
                        out.push('.');
                        out.push_str(&f.name);
                        cur = &f.ty;
                        found = true;
                        break;
                    }
                    off -= n;
                }
                if !found {
                    break;
                }
            }
            _ => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::c::types::{FieldDef, StructDef, StructId};

    fn program() -> Program {
        Program {
            file: viper::FileId(0),
            vars: Vec::new(),
            structs: vec![StructDef {
                name: "s".into(),
                fields: vec![
                    FieldDef {
                        name: "c".into(),
                        ty: Type::Int {
                            rank: IntRank::Char,
                            signed: true,
                        },
                    },
                    FieldDef {
                        name: "y".into(),
                        ty: Type::Array {
                            elem: Box::new(Type::DOUBLE),
                            len: ArrayLen::Const(2),
                        },
                    },
                ],
                opaque: false,
            }],
            globals: Vec::new(),
            functions: Vec::new(),
            function_index: Default::default(),
            masked_contracts: Default::default(),
        }
    }

    #[test]
    fn objects_are_flat_cells_and_sizeof_is_lp64() {
        let p = program();
        let s = Type::Struct(StructId(0));
        let arr = Type::Array {
            elem: Box::new(Type::Array {
                elem: Box::new(Type::INT),
                len: ArrayLen::Const(4),
            }),
            len: ArrayLen::Const(3),
        };
        assert_eq!(cells(&p, &arr), Ok(12));
        assert_eq!(cells(&p, &s), Ok(3));
        assert_eq!(field_offset(&p, &s, 1), Ok(1));
        // char, padding to 8, two doubles.
        assert_eq!(size_align(&p, &s), Ok((24, 8)));
        assert_eq!(size_align(&p, &arr), Ok((48, 4)));
        assert_eq!(designator(&p, &arr, 9), "[2][1]");
        let sarr = Type::Array {
            elem: Box::new(s),
            len: ArrayLen::Const(5),
        };
        assert_eq!(designator(&p, &sarr, 7), "[2].y[0]");
    }
}
