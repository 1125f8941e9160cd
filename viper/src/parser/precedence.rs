//! Silver's precedence and associativity of binary operators, which the expression builder folds
//! by and the nesting check measures by.

use crate::ast::BinaryOp;

/// Which operand continues a chain of operators of one level.
pub(super) enum Side {
    Left,
    Right,
}

/// Precedence levels of binary operators, lowest first, as in Silver; `? :` is level 0.
pub(super) fn level(op: BinaryOp) -> u8 {
    use BinaryOp::*;
    match op {
        Iff => 1,
        Implies => 2,
        Or => 3,
        And => 4,
        Eq | Ne => 5,
        Lt | Le | Gt | Ge | In => 6,
        Add | Sub | Append | Union | Intersection | Setminus | Subset => 7,
        Mul | Div | PermDiv | Mod => 8,
    }
}

/// Levels whose operators group to the right (`a ==> b ==> c` is `a ==> (b ==> c)`).
pub(super) fn right_assoc(level: u8) -> bool {
    level <= 5
}

/// The operand of `op` that a chain of operators of its level continues in.
pub(super) fn chain_side(op: BinaryOp) -> Side {
    if right_assoc(level(op)) {
        Side::Right
    } else {
        Side::Left
    }
}
